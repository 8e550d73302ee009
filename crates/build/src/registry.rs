//! Whether the registry cargo uses for crates.io has a crate at an exact version, asked of cargo
//! itself (`cargo info`), so that source replacement, mirrors and offline settings in the user's
//! cargo configuration apply exactly as they will to the project's build.

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

/// Asks cargo, run in `dir` (so the configuration files that will apply to a project there
/// apply), whether crates.io has `name` at exactly `version`.
pub fn availability(dir: &Path, name: &str, version: &str) -> Availability {
    let out = Command::new(super::cargo::cargo_program())
        .args(["info", "--quiet", &format!("{name}@{version}")])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => return Availability::Unknown(format!("cannot run cargo: {e}")),
    };
    if out.status.success() {
        return Availability::Published;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("could not find `") {
        return Availability::Missing;
    }
    let first = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("error"))
        .unwrap_or(stderr.trim());
    Availability::Unknown(first.trim().to_string())
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
    if lock == Lock::Keep && manifest.with_file_name("Cargo.lock").is_file() {
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
