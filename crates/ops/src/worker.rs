//! `gtdx worker build` and `gtdx worker inspect`: Digital Worker manifests from signed packs.
//!
//! Both are single calls into `gtdx-worker`, which verifies, assembles and writes; this module
//! takes the shared key inputs ([`crate::keys`]) and re-exports the outcome types.

use std::path::PathBuf;

use crate::keys::{KeySource, TrustInputs};

pub use gtdx_worker::{
    Assembly, BuildError, BuildOutcome, DroppedTool, FailureClass, InspectError, Inspection,
    ManifestSignature,
};

/// `gtdx worker build <SPEC> [--out FILE] [--trusted-key KEY]... [--allow-unsigned] [--sign]`
#[derive(Debug, Clone)]
pub struct WorkerBuildOptions {
    /// worker.toml, or a .yaml/.yml/.json file with the same keys.
    pub spec: PathBuf,
    /// Default: `<spec stem>.worker.json` next to the spec.
    pub out: Option<PathBuf>,
    pub trust: TrustInputs,
    /// Include unsigned and untrusted packs, each marked and warned about.
    pub allow_unsigned: bool,
    /// Sign the manifest with this key.
    pub sign: Option<KeySource>,
    /// Where `ID@VERSION` entries are looked up (`--registry`; default `local`).
    pub registry: Option<String>,
    /// How OCI registries are reached (`oci://` entries, an OCI `--registry`).
    pub oci: crate::publish::OciOptions,
}

/// Whether a spec entry names a registry pack rather than a file: `oci://…`, or `ID@VERSION`
/// (no path separator, not a `.gtxpack`).
pub fn is_registry_entry(entry: &str) -> bool {
    entry.starts_with("oci://")
        || (!entry.ends_with(".gtxpack") && !entry.contains(['/', '\\']) && entry.contains('@'))
}

/// Verifies the packs, assembles the manifest and writes it (nothing is written on failure).
/// Entries that name registry packs are fetched first, as `gtdx install` fetches them, and the
/// manifest pins each by digest.
pub fn build(options: &WorkerBuildOptions) -> Result<BuildOutcome, BuildError> {
    let registry = options.registry.clone();
    let oci = options.oci.clone();
    let resolve: gtdx_worker::Resolver = std::sync::Arc::new(move |entry: &str| {
        if !is_registry_entry(entry) {
            return None;
        }
        let fetched = crate::install::default_home()
            .map_err(|e| crate::error_text(&e))
            .and_then(|home| {
                crate::install::fetch(entry, registry.as_deref(), &home, &oci)
                    .and_then(|f| f.check_identity_in_pack().map(|()| f))
                    .map_err(|e| crate::error_text(&e))
            });
        Some(fetched.map(|f| gtdx_worker::ResolvedPack {
            path: f.staged.path.clone(),
            pinned: f.pinned,
            guard: Some(Box::new(f.staged)),
        }))
    });
    gtdx_worker::build(&gtdx_worker::BuildOptions {
        resolve: Some(resolve),
        spec: options.spec.clone(),
        out: options.out.clone(),
        trust: options.trust.to_worker(),
        allow_unsigned: options.allow_unsigned,
        sign: options.sign.as_ref().map(|k| match k {
            KeySource::File(f) => gtdx_worker::KeySource::File(f.clone()),
            KeySource::Env(v) => gtdx_worker::KeySource::Env(v.clone()),
        }),
    })
}

/// `gtdx worker inspect <MANIFEST> [--trusted-key KEY]...`
#[derive(Debug, Clone)]
pub struct WorkerInspectOptions {
    /// A manifest written by `gtdx worker build`.
    pub manifest: PathBuf,
    /// Keys to check the manifest's signer against; none: the signature is checked, trust not.
    pub trust: TrustInputs,
}

/// Reads the manifest and checks its own signature.
pub fn inspect(options: &WorkerInspectOptions) -> Result<Inspection, InspectError> {
    let trust = options.trust.to_worker();
    gtdx_worker::inspect(
        &options.manifest,
        (!options.trust.is_empty()).then_some(&trust),
    )
}
