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

/// How the source reads after "gtdx-sdk X.Y.Z from": one wording for `gtdx sdk` and doctor.
impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::CratesIo => f.write_str("crates.io"),
            Origin::Bundled => write!(f, "the copy bundled with gtdx, in {}/", bundle::DIR),
            Origin::Path(p) => write!(f, "the directory {}", p.display()),
            Origin::Registry(url) => write!(f, "the registry {url}"),
            Origin::Git(url) => write!(f, "git {url}"),
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
    let project = project_dir(manifest.parent().unwrap_or(Path::new(".")));
    // Cargo reads `[patch]` only at a workspace's root: a member's copy and patch live there.
    let root = member_of(manifest);
    let root_manifest = root.as_deref().unwrap_or(manifest);
    let root_dir = project_dir(root_manifest.parent().unwrap_or(Path::new(".")));
    if target == Target::CratesIo {
        check_published(manifest)?;
    }
    let saved = Saved::take(&[manifest, root_manifest, &root_dir.join("Cargo.lock")])?;
    let had_copy = root_dir.join(bundle::DIR).exists();
    let result = edit(manifest, root.as_deref(), target).and_then(|()| relocked(manifest));
    match result {
        Ok(status) => {
            if target == Target::CratesIo {
                bundle::remove_copy(root_dir)?;
                bundle::remove_copy(project)?;
            }
            Ok(status)
        }
        Err(e) => {
            // Nothing half-done: the files as they were, and no copy that was not there.
            saved.restore();
            if target == Target::Bundled && !had_copy {
                let _ = bundle::remove_copy(root_dir);
            }
            Err(e)
        }
    }
}

/// The manifest edits of a switch (the bundled copy written where its patch points).
fn edit(manifest: &Path, root: Option<&Path>, target: Target) -> Result<(), SdkError> {
    let project = project_dir(manifest.parent().unwrap_or(Path::new(".")));
    match (target, root) {
        (Target::Bundled, Some(root)) => Ok(bundle::move_to_workspace_root(project, root)?),
        (Target::Bundled, None) => {
            bundle::write_copy(project)?;
            rewrite(manifest, bundle::manifest_with_copy)
        }
        (Target::CratesIo, root) => {
            for file in std::iter::once(manifest).chain(root) {
                rewrite(file, |text| {
                    bundle::manifest_without_copy(text).map(|(t, _)| t)
                })?;
            }
            Ok(())
        }
    }
}

/// `file` rewritten by `change` (written only when it changed).
fn rewrite(file: &Path, change: impl Fn(&str) -> Result<String, String>) -> Result<(), SdkError> {
    let text = String::from_utf8_lossy(&gtdx_fsx::read(file, gtdx_fsx::limits::PROJECT_FILE)?)
        .into_owned();
    let edited = change(&text).map_err(|why| SdkError::Manifest {
        path: file.to_path_buf(),
        why,
    })?;
    if edited != text {
        gtdx_fsx::write_atomic(file, edited.as_bytes())?;
    }
    Ok(())
}

/// Files as they were before a switch, to put back when it fails.
struct Saved(Vec<(PathBuf, Option<Vec<u8>>)>);

impl Saved {
    fn take(files: &[&Path]) -> Result<Saved, SdkError> {
        let mut saved = Vec::new();
        for file in files {
            let bytes = match file.is_file() {
                true => Some(gtdx_fsx::read(file, gtdx_fsx::limits::PROJECT_FILE)?),
                false => None,
            };
            saved.push((file.to_path_buf(), bytes));
        }
        Ok(Saved(saved))
    }

    /// Best effort: the switch's own error is the one to report.
    fn restore(&self) {
        for (file, bytes) in &self.0 {
            let _ = match bytes {
                Some(bytes) => gtdx_fsx::write_atomic(file, bytes).map_err(|_| ()),
                None => std::fs::remove_file(file).map_err(|_| ()),
            };
        }
    }
}

/// crates.io has the version the manifest asks for, or the error that says it does not.
fn check_published(manifest: &Path) -> Result<(), SdkError> {
    let text = String::from_utf8_lossy(&gtdx_fsx::read(manifest, gtdx_fsx::limits::PROJECT_FILE)?)
        .into_owned();
    let version = requested_version(&text);
    let project = manifest.parent().unwrap_or(Path::new("."));
    match registry::availability(project_dir(project), "gtdx-sdk", &version) {
        Availability::Published => Ok(()),
        Availability::Missing => Err(SdkError::NotPublished(version)),
        Availability::Unknown(why) => Err(SdkError::Unchecked(version, why)),
    }
}

/// Cargo.lock brought up to date with the edited manifests, and where gtdx-sdk now comes from.
fn relocked(manifest: &Path) -> Result<SdkStatus, SdkError> {
    let resolved = resolved(manifest, Lock::Update).map_err(|why| SdkError::Relock {
        path: manifest.to_path_buf(),
        why,
    })?;
    Ok(SdkStatus {
        manifest: manifest.to_path_buf(),
        resolved: Ok(resolved),
    })
}

/// The workspace root manifest, when `manifest` is a member of a workspace rooted elsewhere.
fn member_of(manifest: &Path) -> Option<PathBuf> {
    let root = registry::workspace_manifest(manifest)?;
    let own = std::fs::canonicalize(manifest).ok()?;
    (std::fs::canonicalize(&root).ok()? != own).then_some(root)
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
        // The project's own copy, or its workspace root's (a member's patch lives there).
        Source::Path(p)
            if project
                .ancestors()
                .any(|dir| p.starts_with(dir.join(bundle::DIR))) =>
        {
            Origin::Bundled
        }
        Source::Path(p) => Origin::Path(p),
    }
}
