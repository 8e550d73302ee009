//! `gtdx worker`: assembles a Digital Worker manifest from a worker spec and signed `.gtxpack`
//! extensions, keeping exactly the tools an agent may call.
//!
//! * [`spec`] parses `worker.toml` (or YAML, or JSON) strictly.
//! * [`packs`] reads each pack once (through `gtdx-pack`) and verifies it as `gtdx verify`
//!   does (through `gtdx-sign`), keeping its describe.json.
//! * [`assemble`] keeps the tools that declare `agentic_worker`, applies the allow-list, resolves
//!   planning metadata with the contract's conservative defaults, merges secret requirements,
//!   and accounts for every dropped tool. It performs no I/O.
//! * [`manifest`] is the manifest's typed model; [`inspect`] summarizes one.
//!
//! [`build`] ties these together and writes the manifest atomically, optionally signed the way a
//! describe.json is (JCS + ed25519, the `signature` block).

pub mod assemble;
pub mod error;
pub mod inspect;
pub mod manifest;
pub mod packs;
pub mod spec;

use std::path::{Path, PathBuf};

pub use assemble::{Assembly, DropReason, DroppedTool, LoadedExtension, PackTrust};
pub use error::{BuildError, FailureClass, Place, Problem, Refusal, RefusedPack, SpecError};
pub use inspect::{InspectError, Inspection, ManifestSignature};
pub use manifest::{MANIFEST_SCHEMA, WorkerManifest};
pub use spec::{LoadedSpec, WorkerSpec};

/// Where the signing key comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    File(PathBuf),
    Env(String),
}

/// The keys a pack's signer must be among.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustInputs {
    /// `--trusted-key`: public keys as given on the command line.
    pub keys: Vec<String>,
    /// `--trusted-keys`: files of public keys.
    pub key_files: Vec<PathBuf>,
}

/// A spec entry that names a pack in a registry (`oci://…`, `ID@VERSION`), fetched to a local
/// file. The worker crate does not reach registries itself: the caller's [`Resolver`] does.
pub struct ResolvedPack {
    /// The fetched pack, read and verified like any other.
    pub path: PathBuf,
    /// What the manifest records as the pack: a digest-pinned reference
    /// (`oci://HOST/REPO@sha256:…`) or `ID@VERSION` (its `sha256` pins the bytes).
    pub pinned: String,
    /// Kept alive until the pack has been read (e.g. a staging file removed on drop).
    pub guard: Option<Box<dyn std::any::Any>>,
}

/// Fetches a spec entry that names a registry pack; `None` for an entry that is a file path.
pub type Resolver =
    std::sync::Arc<dyn Fn(&str) -> Option<Result<ResolvedPack, String>> + Send + Sync>;

/// Everything `gtdx worker build` takes.
#[derive(Clone)]
pub struct BuildOptions {
    pub spec: PathBuf,
    /// Defaults to [`default_out`].
    pub out: Option<PathBuf>,
    pub trust: TrustInputs,
    pub allow_unsigned: bool,
    pub sign: Option<KeySource>,
    /// Fetches entries that name registry packs; without one every entry is a path.
    pub resolve: Option<Resolver>,
}

impl std::fmt::Debug for BuildOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuildOptions")
            .field("spec", &self.spec)
            .field("out", &self.out)
            .field("allow_unsigned", &self.allow_unsigned)
            .field("resolve", &self.resolve.is_some())
            .finish_non_exhaustive()
    }
}

/// A written manifest and the account of how it was assembled.
#[derive(Debug, Clone)]
pub struct BuildOutcome {
    pub out: PathBuf,
    pub assembly: Assembly,
    /// Key id of the manifest signature, with `--sign`.
    pub signed_by: Option<String>,
}

/// `<spec stem>.worker.json` next to the spec.
pub fn default_out(spec: &Path) -> PathBuf {
    let stem = spec
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "worker".into());
    let name = format!("{stem}.worker.json");
    match spec.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(name),
        _ => PathBuf::from(name),
    }
}

/// Reads the spec, verifies and reads every pack, assembles the manifest, signs it when asked,
/// and writes it atomically. Nothing is written when anything fails.
pub fn build(opts: &BuildOptions) -> Result<BuildOutcome, BuildError> {
    let spec = LoadedSpec::load(&opts.spec)?;
    let base = spec.base_dir();
    let trust = packs::trust_policy(&opts.trust).map_err(|e| BuildError::Usage {
        message: format!("cannot read the trusted keys: {e}"),
    })?;
    let signer = match &opts.sign {
        Some(src) => Some(packs::load_signing_key(src)?),
        None => None,
    };
    let out = opts.out.clone().unwrap_or_else(|| default_out(&opts.spec));
    check_out_is_no_input(opts, &spec, &base, &out)?;
    let loaded = packs::load_all(
        &spec,
        &base,
        &trust,
        opts.allow_unsigned,
        opts.resolve.as_ref(),
        &packs::open_pack,
    )?;
    let mut assembly = assemble::assemble(&spec, &loaded, &base)?;
    let signed_by = match &signer {
        Some(key) => Some(packs::sign_manifest(&mut assembly.manifest, key)?),
        None => None,
    };
    gtdx_fsx::write_atomic(&out, assembly.manifest.to_pretty_json().as_bytes())?;
    Ok(BuildOutcome {
        out,
        assembly,
        signed_by,
    })
}

/// Refuses an output path that is one of the build's inputs: the spec, a pack, a key file.
fn check_out_is_no_input(
    opts: &BuildOptions,
    spec: &LoadedSpec,
    base: &Path,
    out: &Path,
) -> Result<(), BuildError> {
    let mut inputs: Vec<(&str, PathBuf)> = vec![("the spec", opts.spec.clone())];
    inputs.extend(
        spec.spec
            .extensions
            .iter()
            .map(|rel| ("the pack", base.join(rel))),
    );
    inputs.extend(
        opts.trust
            .key_files
            .iter()
            .map(|f| ("the trusted key file", f.clone())),
    );
    // A --trusted-key may name a .pub file.
    inputs.extend(
        opts.trust
            .keys
            .iter()
            .map(|k| ("the trusted key file", PathBuf::from(k))),
    );
    if let Some(KeySource::File(p)) = &opts.sign {
        inputs.push(("the signing key", p.clone()));
    }
    gtdx_fsx::check_not_an_input(out, inputs.iter().map(|(w, p)| (*w, p.as_path())))?;
    Ok(())
}

/// Reads a manifest and checks its own signature, if any, against `trust` (when given).
pub fn inspect(path: &Path, trust: Option<&TrustInputs>) -> Result<Inspection, InspectError> {
    let (manifest, value) = inspect::read_manifest(path)?;
    let signature = packs::verify_manifest_signature(&value, trust)?;
    Ok(Inspection::new(path, &manifest, signature))
}
