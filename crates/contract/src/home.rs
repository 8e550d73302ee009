//! The Greentic home and the platform's layout inside it, as its installer writes it and its
//! Designer reads it: `$GREENTIC_HOME` (else `~/.greentic`), installed extensions under
//! `extensions/<kind dir>/<id>-<version>/`, and the enable/disable state in
//! `extensions-state.json`. Every command that looks into the home (lint's installed baseline,
//! doctor, install) finds things here, one way.

use std::path::{Path, PathBuf};

/// The state file (schema 1.1) at the root of the home: which `<id>@<version>` are enabled,
/// per scope (`default`, `tenants.<tenant>`).
pub const STATE_FILE: &str = "extensions-state.json";

/// Neither `GREENTIC_HOME` nor a home directory to put `~/.greentic` in is set. Falling back to a
/// relative `.greentic` would install into whatever directory a command runs in, where the
/// next command (run elsewhere) would not find it, so every command that needs the home
/// refuses instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "there is no Greentic home: GREENTIC_HOME is not set and neither is HOME, so there is no ~/.greentic to use; set GREENTIC_HOME to a directory (e.g. `export GREENTIC_HOME=\"$PWD/greentic-home\"`) or HOME, and run the command again"
)]
pub struct NoHome;

/// The home `--home DIR` names, set once by the command line before any command runs.
static GIVEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Makes `dir` the home of this process (`gtdx --home DIR`), over `GREENTIC_HOME`. Kept here
/// rather than in the environment, so the one rule below sees it and no thread races a
/// `set_var`. The first call wins.
pub fn use_home(dir: PathBuf) {
    let _ = GIVEN.set(dir);
}

/// The Greentic home: `--home DIR`, else `$GREENTIC_HOME`, else `~/.greentic` (`$HOME`, or
/// `%USERPROFILE%` on Windows). The one constructor every command that reads or writes the home
/// goes through.
pub fn greentic_home() -> Result<PathBuf, NoHome> {
    if let Some(dir) = GIVEN.get() {
        return Ok(dir.clone());
    }
    let var = |v: &str| std::env::var_os(v).filter(|h| !h.is_empty());
    if let Some(h) = var("GREENTIC_HOME") {
        return Ok(PathBuf::from(h));
    }
    var("HOME")
        .or_else(|| var("USERPROFILE"))
        .map(|h| PathBuf::from(h).join(".greentic"))
        .ok_or(NoHome)
}

/// The installer's directory name for a `kind` wire value, as the platform's
/// `ExtensionKind::dir_name` maps it (MCP routers included).
pub fn kind_dir(kind: &str) -> Option<&'static str> {
    crate::ExtensionKind::parse(kind).map(crate::ExtensionKind::short)
}

/// Every installed version of extension `id` of a kind, lowest first: the directories
/// `extensions/<kind dir>/<id>-<semver>/` under `home`.
pub fn installed_versions(
    home: &Path,
    kind_dir: &str,
    id: &str,
) -> Vec<(semver::Version, PathBuf)> {
    let dir = home.join("extensions").join(kind_dir);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut found: Vec<(semver::Version, PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let name = e.file_name();
            let version = name
                .to_str()?
                .strip_prefix(id)?
                .strip_prefix('-')
                .and_then(|v| semver::Version::parse(v).ok())?;
            Some((version, e.path()))
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// Every installed version of extension `id`, whatever its kind, lowest first.
pub fn find_installed(home: &Path, id: &str) -> Vec<(semver::Version, PathBuf)> {
    let Ok(kinds) = std::fs::read_dir(home.join("extensions")) else {
        return Vec::new();
    };
    let mut found: Vec<(semver::Version, PathBuf)> = kinds
        .flatten()
        .filter_map(|k| k.file_name().to_str().map(str::to_string))
        .flat_map(|k| installed_versions(home, &k, id))
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}
