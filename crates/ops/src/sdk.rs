//! `gtdx sdk`: where a project's gtdx-sdk comes from (as cargo resolves it), and moving the
//! project between crates.io and the copy of the SDK this gtdx carries.

use std::path::{Path, PathBuf};

use gtdx_build::registry::{self, Availability, Lock, Resolved, Source};
use gtdx_scaffold::bundle;

/// Where the SDK comes from, as cargo resolved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// crates.io.
    CratesIo,
    /// The copy a gtdx wrote into the project (`.gtdx/sdk/`).
    Bundled,
    /// Another directory (a checkout, a `[patch]` of the user's): its manifest.
    Path(PathBuf),
    /// Another registry (its URL).
    Registry(String),
    /// A git repository.
    Git(String),
}

impl Origin {
    /// The JSON name: `crates-io`, `bundled`, `path`, `registry`, `git`.
    pub fn kind(&self) -> &'static str {
        match self {
            Origin::CratesIo => "crates-io",
            Origin::Bundled => "bundled",
            Origin::Path(_) => "path",
            Origin::Registry(_) => "registry",
            Origin::Git(_) => "git",
        }
    }
}

/// The project's SDK.
#[derive(Debug, Clone)]
pub struct SdkStatus {
    pub manifest: PathBuf,
    /// `Ok(None)`: the project does not depend on gtdx-sdk. `Err`: cargo cannot resolve it.
    pub resolved: Result<Option<(String, Origin)>, String>,
}

/// Which SDK `gtdx sdk use` moves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    CratesIo,
    Bundled,
}

#[derive(Debug, thiserror::Error)]
pub enum SdkError {
    #[error("{}: no Cargo.toml here; run gtdx sdk in an extension project or pass --manifest-path", .0.display())]
    NoManifest(PathBuf),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    #[error(transparent)]
    Scaffold(#[from] gtdx_scaffold::ScaffoldError),
    #[error("{}: {why}; fix the TOML and run the command again", path.display())]
    Manifest { path: PathBuf, why: String },
    #[error(
        "crates.io does not have gtdx-sdk {0} yet, so the project keeps the bundled copy; run this again once it is published"
    )]
    NotPublished(String),
    #[error(
        "cargo could not check crates.io for gtdx-sdk {0} ({1}); the project keeps the bundled copy"
    )]
    Unchecked(String, String),
    #[error("{}: the manifest changed, but cargo cannot resolve the project: {why}", path.display())]
    Relock { path: PathBuf, why: String },
}

/// The manifest `gtdx sdk` works on: `--manifest-path`, else `./Cargo.toml`.
pub fn manifest(path: &Path) -> Result<PathBuf, SdkError> {
    if path.is_file() {
        Ok(path.to_path_buf())
    } else {
        Err(SdkError::NoManifest(path.to_path_buf()))
    }
}

/// Where the project's gtdx-sdk comes from, without changing Cargo.lock.
pub fn status(manifest: &Path) -> SdkStatus {
    SdkStatus {
        manifest: manifest.to_path_buf(),
        resolved: resolved(manifest, Lock::Keep),
    }
}

/// Moves the project to crates.io or to this gtdx's copy, relocks, and reports the result.
/// Moving to crates.io first asks cargo whether crates.io has the version, so a project never
/// loses a copy it still needs.
pub fn switch(manifest: &Path, target: Target) -> Result<SdkStatus, SdkError> {
    let text = String::from_utf8_lossy(&gtdx_fsx::read(manifest, gtdx_fsx::limits::PROJECT_FILE)?)
        .into_owned();
    let bad = |why: String| SdkError::Manifest {
        path: manifest.to_path_buf(),
        why,
    };
    let project = manifest.parent().unwrap_or(Path::new("."));
    let edited = match target {
        Target::Bundled => {
            bundle::write_copy(project)?;
            bundle::manifest_with_copy(&text).map_err(bad)?
        }
        Target::CratesIo => {
            let version = requested_version(&text);
            match registry::availability(project_dir(project), "gtdx-sdk", &version) {
                Availability::Published => {}
                Availability::Missing => return Err(SdkError::NotPublished(version)),
                Availability::Unknown(why) => return Err(SdkError::Unchecked(version, why)),
            }
            bundle::manifest_without_copy(&text).map_err(bad)?.0
        }
    };
    if edited != text {
        gtdx_fsx::write_atomic(manifest, edited.as_bytes())?;
    }
    if target == Target::CratesIo {
        bundle::remove_copy(project)?;
    }
    let resolved = resolved(manifest, Lock::Update).map_err(|why| SdkError::Relock {
        path: manifest.to_path_buf(),
        why,
    })?;
    Ok(SdkStatus {
        manifest: manifest.to_path_buf(),
        resolved: Ok(resolved),
    })
}

/// An empty parent (`Cargo.toml` given bare) is the working directory.
fn project_dir(project: &Path) -> &Path {
    if project.as_os_str().is_empty() {
        Path::new(".")
    } else {
        project
    }
}

/// The version the manifest asks for (`gtdx-sdk = "X"`), else this gtdx's.
fn requested_version(manifest: &str) -> String {
    let doc: Result<toml::Table, _> = manifest.parse();
    doc.ok()
        .and_then(|d| {
            let dep = d.get("dependencies")?.get("gtdx-sdk")?;
            let v = dep.as_str().or_else(|| dep.get("version")?.as_str())?;
            Some(v.trim_start_matches(['=', '^']).to_string())
        })
        .unwrap_or_else(|| bundle::VERSION.to_string())
}

fn resolved(manifest: &Path, lock: Lock) -> Result<Option<(String, Origin)>, String> {
    let project = std::fs::canonicalize(project_dir(manifest.parent().unwrap_or(Path::new("."))))
        .map_err(|e| format!("{}: {e}", manifest.display()))?;
    let found = registry::resolve(manifest, "gtdx-sdk", lock)?;
    Ok(found.map(|Resolved { version, source }| (version, origin(&project, source))))
}

fn origin(project: &Path, source: Source) -> Origin {
    match source {
        Source::Registry(url) if url == registry::CRATES_IO => Origin::CratesIo,
        Source::Registry(url) => Origin::Registry(url),
        Source::Git(url) => Origin::Git(url),
        Source::Path(p) if p.starts_with(project.join(bundle::DIR)) => Origin::Bundled,
        Source::Path(p) => Origin::Path(p),
    }
}
