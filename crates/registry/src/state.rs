//! `<home>/extensions-state.json` (schema 1.1): which installed extensions are enabled, by
//! default and per tenant. A missing entry means enabled.
//!
//! The types are the platform's (`greentic-extension-sdk-state`, the authority on the format).
//! Reads are bounded and writes atomic (gtdx-fsx); every read-modify-write holds the platform's
//! lock file `<home>/extensions-state.lock`, so gtdx and the platform's tools serialise.

use std::path::Path;

pub use greentic_extension_sdk_state::ExtensionState;

use crate::lock::Lock;
use crate::{Home, RegistryError};

/// The schema gtdx writes.
pub const SCHEMA: &str = "1.1";

/// Reads the state file; a missing file is the default state (everything enabled).
pub fn load(home: &Home) -> Result<ExtensionState, RegistryError> {
    read(&home.state_file())
}

fn read(path: &Path) -> Result<ExtensionState, RegistryError> {
    if !path.exists() {
        return Ok(ExtensionState::default());
    }
    let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::REGISTRY_FILE)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        RegistryError::corrupt(
            path,
            format!(
                "not an extensions state file ({e}); fix it by hand or move it aside (every installed extension is then enabled)"
            ),
        )
    })
}

/// Loads, applies `mutate` and saves, all under the lock.
pub fn update<T>(
    home: &Home,
    mutate: impl FnOnce(&mut ExtensionState) -> T,
) -> Result<T, RegistryError> {
    let path = home.state_file();
    let _lock = Lock::exclusive(&path.with_extension("lock"))?;
    let mut state = read(&path)?;
    let out = mutate(&mut state);
    state.schema = SCHEMA.to_string();
    let bytes = serde_json::to_vec_pretty(&state).unwrap_or_default();
    gtdx_fsx::write_atomic(&path, &bytes)?;
    Ok(out)
}

/// `<id>@<version>`, the state file's key.
pub fn key(id: &str, version: &str) -> String {
    format!("{id}@{version}")
}

/// Whether `id@version` is enabled for `tenant` (its override, else the default scope, else
/// enabled).
pub fn is_enabled(state: &ExtensionState, id: &str, version: &str, tenant: Option<&str>) -> bool {
    let k = key(id, version);
    if let Some(t) = tenant
        && let Some(v) = state.tenants.get(t).and_then(|s| s.enabled.get(&k))
    {
        return *v;
    }
    state.default.enabled.get(&k).copied().unwrap_or(true)
}

/// Sets `id@version` enabled or disabled, in the default scope or for `tenant`.
pub fn set_enabled(
    state: &mut ExtensionState,
    id: &str,
    version: &str,
    tenant: Option<&str>,
    enabled: bool,
) {
    let k = key(id, version);
    match tenant {
        Some(t) => {
            state
                .tenants
                .entry(t.to_string())
                .or_default()
                .enabled
                .insert(k, enabled);
        }
        None => {
            state.default.enabled.insert(k, enabled);
        }
    }
}

/// Forgets `id@version` in every scope (uninstall).
pub fn forget(state: &mut ExtensionState, id: &str, version: &str) {
    let k = key(id, version);
    state.default.enabled.remove(&k);
    for scope in state.tenants.values_mut() {
        scope.enabled.remove(&k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenants_override_the_default_and_the_file_keeps_the_platform_shape() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        update(&home, |s| {
            set_enabled(s, "x", "1.0.0", None, false);
            set_enabled(s, "x", "1.0.0", Some("acme"), true);
        })
        .unwrap();
        let s = load(&home).unwrap();
        assert!(!is_enabled(&s, "x", "1.0.0", None));
        assert!(is_enabled(&s, "x", "1.0.0", Some("acme")));
        assert!(!is_enabled(&s, "x", "1.0.0", Some("other")));
        assert!(is_enabled(&s, "y", "1.0.0", None));
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(home.state_file()).unwrap()).unwrap();
        assert_eq!(v["schema"], "1.1");
        assert_eq!(v["default"]["enabled"]["x@1.0.0"], false);
        assert_eq!(v["tenants"]["acme"]["enabled"]["x@1.0.0"], true);
        // the platform's own reader agrees
        let theirs = ExtensionState::load(dir.path()).unwrap();
        assert!(!theirs.is_enabled("x", "1.0.0"));
    }

    #[test]
    fn a_corrupt_state_file_is_named_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        std::fs::write(home.state_file(), b"{not json").unwrap();
        let e = update(&home, |_| ()).unwrap_err().to_string();
        assert!(e.contains("extensions-state.json"), "{e}");
        assert_eq!(std::fs::read(home.state_file()).unwrap(), b"{not json");
    }
}
