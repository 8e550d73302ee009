//! `gtdx publish` in a project, as the platform's CI scripts call it: build (or pack a prebuilt
//! component with `--wasm`), sign, then publish what was made. Each step is the one
//! implementation its own command uses ([`crate::build`], [`crate::pack`], [`crate::sign`],
//! [`crate::describe`]); the publish itself verifies the signed pack before any upload.

use std::path::{Path, PathBuf};

use gtdx_contract::{Diagnostic, Severity};

use super::edit;
use crate::build::{BuildError, BuildOptions, Profile};
use crate::describe::{DescribeError, DescribeMode, DescribeOptions};
use crate::keys::{KeyError, KeySource};
use crate::pack::{PackError, PackOptions};
use crate::progress::Progress;
use crate::sign::{SignError, SignMode, SignOptions, SignOutcome};

/// describe.json, beside Cargo.toml.
const DESCRIBE_FILE: &str = "describe.json";

/// The environment variable the platform's publish reads a PKCS#8 PEM signing key from.
pub const DEFAULT_KEY_ENV: &str = "GREENTIC_EXT_SIGNING_KEY_PEM";

/// What `gtdx publish` does to a project before publishing it.
#[derive(Debug, Clone)]
pub struct ProjectOptions {
    /// The project's Cargo.toml; describe.json sits beside it.
    pub manifest_path: PathBuf,
    pub profile: Profile,
    /// A prebuilt wasm32-wasip2 component to pack instead of building.
    pub wasm: Option<PathBuf>,
    /// An icon to copy into `assets/` and name in the manifest.
    pub icon: Option<PathBuf>,
    /// The version to build (written into Cargo.toml, or describe.json when it is hand-written).
    pub version: Option<String>,
    /// Sign the pack with this key; `None`: leave it unsigned.
    pub sign: Option<SignWith>,
    /// Whether an unsigned pack may be published (checked before anything is built).
    pub allow_unsigned: bool,
}

/// A signing key and the label its signature carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignWith {
    pub key: KeySource,
    /// `keyId` in the signature (`--key-id`); `None`: the key's own id.
    pub label: Option<String>,
}

impl SignWith {
    /// The platform's order: `--key FILE`, else `--key-id ID` (`$GREENTIC_HOME/keys/ID.key`,
    /// labelled ID), else the variable `--key-env` names ([`DEFAULT_KEY_ENV`] by default).
    pub fn choose(
        key: Option<PathBuf>,
        key_id: Option<String>,
        key_env: Option<String>,
        home: &gtdx_registry::Home,
    ) -> SignWith {
        match (key, key_id) {
            (Some(path), _) => SignWith {
                key: KeySource::File(path),
                label: None,
            },
            (None, Some(id)) => SignWith {
                key: KeySource::File(home.root.join("keys").join(format!("{id}.key"))),
                label: Some(id),
            },
            (None, None) => SignWith {
                key: KeySource::Env(key_env.unwrap_or_else(|| DEFAULT_KEY_ENV.into())),
                label: None,
            },
        }
    }
}

/// What was made, ready to publish.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Prepared {
    pub pack: PathBuf,
    /// Built with cargo (false: `--wasm` was packed).
    pub built: bool,
    /// The `keyId` the signature carries, when signed.
    pub key_id: Option<String>,
    /// The icon's path as describe.json names it.
    pub icon: Option<String>,
    /// The file `--icon`/`--version` were written into, when it changed.
    pub edited: Option<PathBuf>,
    /// Findings that did not stop the build or pack.
    #[serde(skip)]
    pub diagnostics: Vec<Diagnostic>,
}

/// Why nothing was published from the project.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    #[error("--icon {}: {reason}", path.display())]
    Icon { path: PathBuf, reason: String },
    #[error("--version {version} is not a version (X.Y.Z, semver): {reason}")]
    Version { version: String, reason: String },
    #[error("--wasm {}: {reason}", path.display())]
    Wasm {
        path: PathBuf,
        reason: gtdx_build::WasmError,
    },
    #[error("--wasm {}: cannot be read: {reason}", path.display())]
    WasmRead { path: PathBuf, reason: String },
    #[error("{}: {reason}", path.display())]
    Manifest { path: PathBuf, reason: String },
    #[error("cannot write {}: {reason}", path.display())]
    Write { path: PathBuf, reason: String },
    #[error(
        "the pack would not be signed, and an unsigned pack is not published: add --sign with \
         --key FILE, --key-id ID or --key-env VAR (default {DEFAULT_KEY_ENV}), or accept an \
         unsigned pack with --trust loose (or --allow-unsigned). Nothing was built"
    )]
    Unsigned,
    #[error(transparent)]
    Describe(#[from] DescribeError),
    #[error(
        "the manifest generated for {file} has lint errors (above); fix them in the sources or \
         Cargo.toml. Nothing was packed"
    )]
    Findings {
        file: String,
        diagnostics: Vec<Diagnostic>,
    },
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Pack(#[from] PackError),
    #[error(transparent)]
    Sign(#[from] SignError),
    #[error(transparent)]
    Key(#[from] KeyError),
}

impl ProjectError {
    /// Whether compiling failed (the platform's publish exits 70 then), rather than the input.
    pub fn is_build_failure(&self) -> bool {
        use gtdx_build::BuildError as B;
        matches!(
            self,
            ProjectError::Build(BuildError::Build(
                B::CargoFailed { .. } | B::Spawn(_) | B::MissingTarget | B::NoArtifact { .. }
            ))
        )
    }

    /// The findings behind the failure, when it is about findings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            ProjectError::Findings { diagnostics, .. } => diagnostics,
            ProjectError::Build(e) => e.diagnostics(),
            ProjectError::Pack(e) => e.diagnostics(),
            _ => &[],
        }
    }
}

/// Checks every input, writes `--icon`/`--version` into the project, builds (or packs
/// `--wasm`), and signs. Nothing in the project is touched until every input checks out.
pub fn prepare(
    options: &ProjectOptions,
    progress: &mut dyn Progress,
) -> Result<Prepared, ProjectError> {
    if options.sign.is_none() && !options.allow_unsigned {
        return Err(ProjectError::Unsigned);
    }
    if let Some(icon) = &options.icon {
        edit::check_icon(icon)?;
    }
    if let Some(v) = &options.version {
        edit::check_version(v)?;
    }
    if let Some(wasm) = &options.wasm {
        check_component(wasm)?;
    }
    if let Some(sign) = &options.sign {
        // A key that cannot be read fails now, not after a build.
        sign.key.load()?;
    }
    let manifest = &options.manifest_path;
    let root = project_root(manifest);
    let generated = generates_describe(manifest);
    let icon = match &options.icon {
        Some(path) => Some(edit::install_icon(path, &root)?),
        None => None,
    };
    let (icon_ref, version) = (icon.as_deref(), options.version.as_deref());
    let edited_file = if generated {
        manifest.clone()
    } else {
        root.join(DESCRIBE_FILE)
    };
    let edited = match (icon_ref, version, generated) {
        (None, None, _) => false,
        (_, _, true) => edit::edit_manifest(manifest, icon_ref, version)?,
        (_, _, false) => edit::edit_describe(&edited_file, icon_ref, version)?,
    };
    let (pack, diagnostics) = match &options.wasm {
        None => build(options, progress)?,
        Some(wasm) => pack_prebuilt(wasm, manifest, &root, generated, progress)?,
    };
    let key_id = match &options.sign {
        Some(sign) => Some(sign_pack(&pack, sign)?),
        None => None,
    };
    Ok(Prepared {
        pack,
        built: options.wasm.is_none(),
        key_id,
        icon,
        edited: edited.then_some(edited_file),
        diagnostics,
    })
}

/// `gtdx build`'s whole path, into its usual output directory.
fn build(
    options: &ProjectOptions,
    progress: &mut dyn Progress,
) -> Result<(PathBuf, Vec<Diagnostic>), ProjectError> {
    let outcome = crate::build::build(
        &BuildOptions {
            manifest_path: options.manifest_path.clone(),
            profile: options.profile,
            out_dir: None,
            color: false,
            estimate_total: false,
            locked: false,
        },
        progress,
    )?;
    Ok((outcome.packed.path, outcome.diagnostics))
}

/// `gtdx pack` of the prebuilt component with the project's describe.json (regenerated first
/// when the project generates it, so `--icon`/`--version` are in it), into `target/gtdx/`.
fn pack_prebuilt(
    wasm: &Path,
    manifest: &Path,
    root: &Path,
    generated: bool,
    progress: &mut dyn Progress,
) -> Result<(PathBuf, Vec<Diagnostic>), ProjectError> {
    let mut diagnostics = Vec::new();
    if generated {
        let described = crate::describe::describe(&DescribeOptions {
            manifest_path: manifest.to_path_buf(),
            mode: DescribeMode::Write,
        })?;
        if described.has_errors() {
            return Err(ProjectError::Findings {
                file: described.file.clone(),
                diagnostics: described.diagnostics.clone(),
            });
        }
        diagnostics.extend(
            described
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .cloned(),
        );
    }
    let wit = root.join("wit");
    let outcome = crate::pack::pack(
        &PackOptions {
            wasm: wasm.to_path_buf(),
            describe: root.join(DESCRIBE_FILE),
            out_dir: Some(root.join("target").join("gtdx")),
            wit_dirs: if wit.is_dir() { vec![wit] } else { Vec::new() },
        },
        progress,
    )?;
    diagnostics.extend(outcome.diagnostics);
    Ok((outcome.packed.path, diagnostics))
}

/// Signs the pack in place (the signature goes into its describe.json); returns its `keyId`.
pub fn sign_pack(pack: &Path, sign: &SignWith) -> Result<String, ProjectError> {
    let outcome = crate::sign::sign(&SignOptions {
        target: pack.to_path_buf(),
        key: sign.key.clone(),
        mode: SignMode::Embedded {
            key_id: sign.label.clone(),
        },
    })?;
    Ok(match outcome {
        SignOutcome::Embedded(signed) => signed.key_id,
        SignOutcome::Detached { key_id, .. } => key_id.to_string(),
    })
}

/// Refuses a `--wasm` that is not a component before anything is written.
fn check_component(wasm: &Path) -> Result<(), ProjectError> {
    let bytes =
        gtdx_fsx::read(wasm, gtdx_fsx::limits::COMPONENT).map_err(|e| ProjectError::WasmRead {
            path: wasm.to_path_buf(),
            reason: e.to_string(),
        })?;
    gtdx_build::analyze(&bytes)
        .map(|_| ())
        .map_err(|reason| ProjectError::Wasm {
            path: wasm.to_path_buf(),
            reason,
        })
}

/// The directory of the project's Cargo.toml.
fn project_root(manifest: &Path) -> PathBuf {
    match manifest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Whether describe.json is generated from Cargo.toml's `[package.metadata.gtdx]` (ours), or
/// written by hand (the platform's projects, or no Cargo.toml at all).
fn generates_describe(manifest: &Path) -> bool {
    let Ok(text) = gtdx_fsx::read(manifest, gtdx_fsx::limits::PROJECT_FILE) else {
        return false;
    };
    let Ok(doc) = toml::from_str::<toml::Table>(&String::from_utf8_lossy(&text)) else {
        return false;
    };
    doc.get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("gtdx"))
        .is_some()
}
