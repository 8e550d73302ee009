//! `gtdx list`, `gtdx uninstall`, `gtdx enable`, `gtdx disable`: the extensions installed in
//! `$GREENTIC_HOME` and their state in `extensions-state.json` (default scope and tenants).

use gtdx_registry::install::Installed;
use gtdx_registry::{Home, state};
use serde::Serialize;

pub use gtdx_registry::RegistryError;

/// One installed extension as `gtdx list` shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    #[serde(flatten)]
    pub installed: Installed,
    /// Enabled in the default scope.
    pub enabled: bool,
    /// Per-tenant overrides: tenant → enabled.
    pub tenants: std::collections::BTreeMap<String, bool>,
}

/// `gtdx list`'s result.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub home: std::path::PathBuf,
    pub extensions: Vec<Listed>,
    /// Install directories that could not be read.
    pub problems: Vec<String>,
}

/// Everything installed, with its state.
pub fn list(home: &Home) -> Result<Listing, RegistryError> {
    let st = state::load(home)?;
    let (installed, problems) = gtdx_registry::install::list(home);
    let extensions = installed
        .into_iter()
        .map(|i| {
            let k = state::key(&i.info.id, &i.info.version);
            let tenants = st
                .tenants
                .iter()
                .filter_map(|(t, s)| s.enabled.get(&k).map(|v| (t.clone(), *v)))
                .collect();
            Listed {
                enabled: state::is_enabled(&st, &i.info.id, &i.info.version, None),
                tenants,
                installed: i,
            }
        })
        .collect();
    Ok(Listing {
        home: home.root.clone(),
        extensions,
        problems,
    })
}

/// Splits `ID[@VERSION]`.
pub fn split_target(target: &str) -> (&str, Option<&str>) {
    match target.split_once('@') {
        Some((id, v)) => (id, Some(v)),
        None => (target, None),
    }
}

/// Removes `ID[@VERSION]`.
pub fn uninstall(home: &Home, target: &str) -> Result<Installed, RegistryError> {
    let (id, version) = split_target(target);
    let ext = gtdx_registry::install::find(home, id, version)?;
    gtdx_registry::install::uninstall(home, &ext)?;
    Ok(ext)
}

/// What `enable`/`disable` changed.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Toggled {
    pub id: String,
    pub version: String,
    pub tenant: Option<String>,
    pub enabled: bool,
    /// The value before.
    pub was: bool,
}

/// Enables or disables `ID[@VERSION]`, by default or for a tenant.
pub fn set_enabled(
    home: &Home,
    target: &str,
    tenant: Option<&str>,
    enabled: bool,
) -> Result<Toggled, RegistryError> {
    let (id, version) = split_target(target);
    let ext = gtdx_registry::install::find(home, id, version)?;
    let (id, version) = (ext.info.id.clone(), ext.info.version.clone());
    let was = state::update(home, |s| {
        let was = state::is_enabled(s, &id, &version, tenant);
        state::set_enabled(s, &id, &version, tenant, enabled);
        was
    })?;
    Ok(Toggled {
        id,
        version,
        tenant: tenant.map(str::to_string),
        enabled,
        was,
    })
}
