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
    Ok(read(&home.state_file())?.unwrap_or_default())
}

/// Reads the state file under `home` as it is: `None` when there is none (the platform's
/// default, every installed extension enabled). The one reader of the file: install, enable,
/// list and doctor all go through it, with one size cap.
pub fn read_file(home: &Home) -> Result<Option<ExtensionState>, RegistryError> {
    read(&home.state_file())
}

fn read(path: &Path) -> Result<Option<ExtensionState>, RegistryError> {
    let bytes = match gtdx_fsx::read(path, gtdx_fsx::limits::REGISTRY_FILE) {
        Ok(bytes) => bytes,
        Err(e) if e.source.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| RegistryError::CorruptAt {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: format!(
                "not an extensions state file ({}); fix it by hand or move it aside (every installed extension is then enabled)",
                gtdx_contract::json::message(&e)
            ),
        })
}

/// Loads, applies `mutate` and saves, all under the lock.
pub fn update<T>(
    home: &Home,
    mutate: impl FnOnce(&mut ExtensionState) -> T,
) -> Result<T, RegistryError> {
    let path = home.state_file();
    let _lock = Lock::exclusive(&path.with_extension("lock"))?;
    let mut state = read(&path)?.unwrap_or_default();
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

/// Which entry of the state file decided whether an extension is enabled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecidedBy {
    /// The tenant's own entry (it overrides the default scope, either way).
    Tenant,
    /// The default scope's entry.
    Default,
    /// No entry: enabled, the platform's default.
    Nothing,
}

/// Whether an extension is enabled for a scope, and which entry said so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub enabled: bool,
    pub by: DecidedBy,
}

/// The one rule for "is `id@version` enabled for `tenant`": the tenant's entry, else the
/// default scope's, else enabled. `gtdx list`, `enable`/`disable` and `gtdx doctor --tool`
/// all decide through it.
pub fn decide(state: &ExtensionState, id: &str, version: &str, tenant: Option<&str>) -> Decision {
    let k = key(id, version);
    let tenant_entry = tenant.and_then(|t| state.tenants.get(t)?.enabled.get(&k));
    match (tenant_entry, state.default.enabled.get(&k)) {
        (Some(v), _) => Decision {
            enabled: *v,
            by: DecidedBy::Tenant,
        },
        (None, Some(v)) => Decision {
            enabled: *v,
            by: DecidedBy::Default,
        },
        (None, None) => Decision {
            enabled: true,
            by: DecidedBy::Nothing,
        },
    }
}

/// Whether `id@version` is enabled for `tenant` ([`decide`]).
pub fn is_enabled(state: &ExtensionState, id: &str, version: &str, tenant: Option<&str>) -> bool {
    decide(state, id, version, tenant).enabled
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
        assert_eq!(decide(&s, "x", "1.0.0", Some("acme")).by, DecidedBy::Tenant);
        assert_eq!(
            decide(&s, "x", "1.0.0", Some("other")).by,
            DecidedBy::Default
        );
        assert_eq!(
            decide(&s, "y", "1.0.0", Some("acme")).by,
            DecidedBy::Nothing
        );
        assert!(
            read_file(&Home::new(dir.path().join("none")))
                .unwrap()
                .is_none()
        );
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
