//! Whether the registry cargo uses for crates.io has a crate at an exact version, asked of cargo
//! itself (`cargo info`, or a resolve where that cannot answer), so that source replacement,
//! mirrors and offline settings in the user's cargo configuration apply exactly as they will to
//! the project's build; and where a project's packages resolve from.

use std::path::Path;
use std::process::{Command, Stdio};

/// What cargo said about `name@=version`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    /// The registry has the version.
    Published,
    /// The registry answered and has no such version (or no such crate).
    Missing,
    /// cargo could not ask (offline, no network, a broken configuration): its first error line.
    Unknown(String),
}

/// Asks cargo whether crates.io (as the configuration that applies in `dir` defines it:
/// mirrors, source replacement, offline) has `name` at exactly `version`. cargo is run in an
/// empty probe package made in `dir` (or, when `dir` is not writable, in the system's temp
/// directory), because in a project that patches the crate `cargo info` answers with the patch.
pub fn availability(dir: &Path, name: &str, version: &str) -> Availability {
    let probe = match Probe::new(dir) {
        Ok(p) => p,
        Err(e) => return Availability::Unknown(format!("cannot make a probe directory: {e}")),
    };
    let spec = format!("{name}@{version}");
    match cargo_in(probe.dir(), &["info", "--quiet", &spec]) {
        Ok(()) => Availability::Published,
        Err(e) if e.contains("could not find `") => Availability::Missing,
        // A directory source (vendored crates) cannot answer `cargo info`: resolve instead.
        Err(e) if e.contains("non-remote-registry source") => {
            if let Err(e) = probe.depend_on(name, version) {
                return Availability::Unknown(format!("cannot write the probe: {e}"));
            }
            match cargo_in(probe.dir(), &["generate-lockfile", "--quiet"]) {
                Ok(()) => Availability::Published,
                Err(e)
                    if e.contains("no matching package named")
                        || e.contains("failed to select a version") =>
                {
                    Availability::Missing
                }
                Err(e) => Availability::Unknown(first_error(&e)),
            }
        }
        Err(e) => Availability::Unknown(first_error(&e)),
    }
}

/// An empty package of its own workspace: no project's `[patch]` or lock reaches it.
struct Probe(tempfile::TempDir);

impl Probe {
    const MANIFEST: &str = "[package]\nname = \"gtdx-probe\"\nversion = \"0.0.0\"\n\
                            edition = \"2021\"\n\n[lib]\npath = \"lib.rs\"\n\n[workspace]\n";

    fn new(dir: &Path) -> std::io::Result<Probe> {
        let tmp = tempfile::Builder::new()
            .prefix(".gtdx-probe-")
            .tempdir_in(dir)
            .or_else(|_| tempfile::tempdir())?;
        std::fs::write(tmp.path().join("Cargo.toml"), Self::MANIFEST)?;
        std::fs::write(tmp.path().join("lib.rs"), "")?;
        Ok(Probe(tmp))
    }

    fn dir(&self) -> &Path {
        self.0.path()
    }

    fn depend_on(&self, name: &str, version: &str) -> std::io::Result<()> {
        let manifest = format!(
            "{}\n[dependencies]\n{name} = \"={version}\"\n",
            Self::MANIFEST
        );
        std::fs::write(self.dir().join("Cargo.toml"), manifest)
    }
}

/// Runs cargo in `dir`; `Err` holds its stderr.
fn cargo_in(dir: &Path, args: &[&str]) -> Result<(), String> {
    let out = Command::new(super::cargo::cargo_program())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("error: cannot run cargo: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// cargo's first error line.
fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.trim_start().starts_with("error"))
        .unwrap_or(stderr.trim())
        .trim()
        .to_string()
}

/// Where cargo takes a package from in a project's dependency graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A registry (its URL; crates.io's is [`CRATES_IO`]).
    Registry(String),
    /// A directory: the package's manifest.
    Path(std::path::PathBuf),
    /// A git repository (cargo's source id, with the commit).
    Git(String),
}

/// The source id cargo gives crates.io.
pub const CRATES_IO: &str = "https://github.com/rust-lang/crates.io-index";

/// A package as cargo resolved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub version: String,
    pub source: Source,
}

/// What resolving may do to Cargo.lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    /// Nothing: `--locked` when the project has a Cargo.lock (a check must not rewrite it).
    Keep,
    /// Bring it up to date with the manifest, changing only what the manifest's change needs.
    Update,
}

/// Resolves the project of `manifest` as cargo would build it for wasm32-wasip2 and says where
/// `name` comes from: `Ok(None)` when the graph does not hold it, `Err` with cargo's first error
/// line when the project does not resolve.
pub fn resolve(manifest: &Path, name: &str, lock: Lock) -> Result<Option<Resolved>, String> {
    let mut cmd = Command::new(super::cargo::cargo_program());
    cmd.args(["metadata", "--quiet", "--format-version", "1"])
        .args(["--filter-platform", "wasm32-wasip2", "--manifest-path"])
        .arg(manifest)
        .stdin(Stdio::null());
    let locked = manifest
        .ancestors()
        .skip(1)
        .any(|d| d.join("Cargo.lock").is_file());
    if lock == Lock::Keep && locked {
        cmd.arg("--locked");
    }
    let out = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let why = stderr
            .lines()
            .find(|l| l.trim_start().starts_with("error"))
            .unwrap_or(stderr.trim());
        return Err(why.trim().to_string());
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = meta["packages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let Some(package) = packages.iter().find(|p| p["name"] == name) else {
        return Ok(None);
    };
    let version = package["version"].as_str().unwrap_or_default().to_string();
    let source = match package["source"].as_str() {
        None => Source::Path(package["manifest_path"].as_str().unwrap_or_default().into()),
        Some(s) => match s.split_once('+') {
            Some(("git", rest)) => Source::Git(rest.to_string()),
            Some((_, url)) => Source::Registry(url.to_string()),
            None => Source::Registry(s.to_string()),
        },
    };
    Ok(Some(Resolved { version, source }))
}

/// The root manifest of the workspace `manifest` belongs to (its own path when it is the root
/// or stands alone), as `cargo locate-project --workspace` says; `None` when cargo cannot tell.
pub fn workspace_manifest(manifest: &Path) -> Option<std::path::PathBuf> {
    let out = Command::new(super::cargo::cargo_program())
        .args(["locate-project", "--workspace", "--message-format", "plain"])
        .arg("--manifest-path")
        .arg(manifest)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let path = String::from_utf8(out.stdout).ok()?;
    Some(std::path::PathBuf::from(path.trim_end()))
}
