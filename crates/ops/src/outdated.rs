//! `gtdx outdated` and the plan behind `gtdx update`: the installed extensions for which the
//! registry holds a newer version that config.toml's `[extensions]` pins permit and that is not
//! yanked. The update itself goes through [`crate::install::install`], the one trust and consent
//! path; only the old version's removal, once the new one is in place, is added here.

use std::collections::BTreeMap;

use gtdx_registry::install::Installed;
use gtdx_registry::local::LocalRegistry;
use gtdx_registry::oci::OciOptions;
use gtdx_registry::packinfo::Permissions;
use gtdx_registry::store::Store;
use gtdx_registry::{Home, RegistryError, RegistryRef};
use serde::Serialize;

/// One installed extension with a newer permitted version.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outdated {
    pub id: String,
    /// The newest version installed.
    pub installed: String,
    /// The newest version the registry offers that the pin permits.
    pub latest: String,
    /// config.toml's `[extensions]` requirement for the id, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pin: Option<String>,
    #[serde(skip)]
    pub permissions: Permissions,
}

/// `gtdx outdated`'s result.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutdatedReport {
    pub registry: String,
    pub extensions: Vec<Outdated>,
}

/// The installed extensions `registry` (default `local`, as for `gtdx install`) has newer
/// permitted versions of; `only` restricts the check to one id. Of `reach`, a Store takes
/// `insecure` and the deadline, one for the whole check (`--registry-timeout`, 300 s by
/// default): a Store that stalls ends it then, however many extensions are installed.
pub fn outdated(
    home: &Home,
    registry: Option<&str>,
    only: Option<&str>,
    reach: &OciOptions,
) -> Result<OutdatedReport, RegistryError> {
    let name = registry.unwrap_or("local");
    let reg = RegistryRef::parse_with(name, home, reach.insecure)?;
    let offers = Offers::open(&reg, name, home, reach)?;
    let pins = gtdx_registry::config::load(home)?.pins;
    let mut out = Vec::new();
    for (id, newest) in newest_installed(home) {
        if only.is_some_and(|o| o != id) {
            continue;
        }
        let pin = pins.get(&id).cloned();
        let req = pin
            .as_deref()
            .map(|p| requirement(home, &id, p))
            .transpose()?;
        let offered = offers.versions(&id)?;
        let Some(latest) = newest_permitted(&offered, req.as_ref()) else {
            continue;
        };
        if version_gt(&latest, &newest.info.version) {
            out.push(Outdated {
                id,
                installed: newest.info.version.clone(),
                latest,
                pin,
                permissions: newest.info.permissions.clone(),
            });
        }
    }
    Ok(OutdatedReport {
        registry: reg.label(),
        extensions: out,
    })
}

/// The newest installed version of each id.
fn newest_installed(home: &Home) -> BTreeMap<String, Installed> {
    let mut by_id: BTreeMap<String, Installed> = BTreeMap::new();
    for i in gtdx_registry::install::list(home).0 {
        match by_id.get(&i.info.id) {
            Some(have) if !version_gt(&i.info.version, &have.info.version) => {}
            _ => {
                by_id.insert(i.info.id.clone(), i);
            }
        }
    }
    by_id
}

fn requirement(home: &Home, id: &str, pin: &str) -> Result<semver::VersionReq, RegistryError> {
    semver::VersionReq::parse(pin).map_err(|e| RegistryError::Corrupt {
        path: gtdx_registry::config::path(home),
        message: format!(
            "[extensions] \"{id}\" = \"{pin}\" is not a version requirement ({e}); write one such as \"^1.2\" or \"=1.2.3\""
        ),
    })
}

/// Where the versions come from: a directory registry, or a Store opened once for the check.
enum Offers {
    Dir(LocalRegistry),
    Store(Store),
}

impl Offers {
    fn open(
        reg: &RegistryRef,
        given: &str,
        home: &Home,
        reach: &OciOptions,
    ) -> Result<Offers, RegistryError> {
        match reg {
            RegistryRef::Dir { root, .. } => Ok(Offers::Dir(LocalRegistry::new(root))),
            RegistryRef::Store(r) => Ok(Offers::Store(
                Store::open(r, home, reach.deadline)?.one_deadline(),
            )),
            RegistryRef::Oci(_) => Err(RegistryError::Oci(format!(
                "{given} is an OCI registry, which cannot list an extension's versions by id; check for updates against a directory registry or a Greentic Store"
            ))),
        }
    }

    /// The versions of `id` the registry lists (yanked ones are not listed by either kind).
    fn versions(&self, id: &str) -> Result<Vec<String>, RegistryError> {
        match self {
            Offers::Dir(local) => Ok(local.listed_versions(id)),
            Offers::Store(store) => match store.versions(id) {
                Ok(v) => Ok(v),
                Err(RegistryError::NotFound { .. }) => Ok(Vec::new()),
                Err(e) => Err(e),
            },
        }
    }
}

/// The highest semantic version in `versions` that `req` permits (pre-releases only when the
/// requirement names one, as semver's matching rules say).
pub fn newest_permitted(versions: &[String], req: Option<&semver::VersionReq>) -> Option<String> {
    versions
        .iter()
        .filter_map(|t| semver::Version::parse(t).ok().map(|v| (v, t)))
        .filter(|(v, _)| req.is_none_or(|r| r.matches(v)))
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, t)| t.clone())
}

fn version_gt(a: &str, b: &str) -> bool {
    match (semver::Version::parse(a), semver::Version::parse(b)) {
        (Ok(x), Ok(y)) => x > y,
        _ => false,
    }
}

/// One line of a permission diff: what the new version asks for that the old did not (`+`), and
/// what it no longer asks for (`-`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PermissionChange {
    pub kind: &'static str,
    pub added: Vec<String>,
    pub removed: Vec<String>,
}

/// The permissions that differ between `old` and `new`, kind by kind.
pub fn permission_diff(old: &Permissions, new: &Permissions) -> Vec<PermissionChange> {
    let rows = |p: &Permissions| -> BTreeMap<&'static str, Vec<String>> {
        p.rows().into_iter().map(|(k, v)| (k, v.to_vec())).collect()
    };
    let (old, new) = (rows(old), rows(new));
    let kinds: std::collections::BTreeSet<_> = old.keys().chain(new.keys()).copied().collect();
    let empty = Vec::new();
    kinds
        .into_iter()
        .filter_map(|k| {
            let (o, n) = (old.get(k).unwrap_or(&empty), new.get(k).unwrap_or(&empty));
            let added: Vec<_> = n.iter().filter(|x| !o.contains(x)).cloned().collect();
            let removed: Vec<_> = o.iter().filter(|x| !n.contains(x)).cloned().collect();
            (!added.is_empty() || !removed.is_empty()).then_some(PermissionChange {
                kind: k,
                added,
                removed,
            })
        })
        .collect()
}

/// Removes `id@old` once its newer version is installed beside it, so the update never leaves
/// the home without a working version of the extension.
pub fn retire(home: &Home, id: &str, old: &str) -> Result<(), RegistryError> {
    crate::installed::uninstall(home, &format!("{id}@{old}")).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_permitted_version_respects_the_pin() {
        let v: Vec<String> = ["1.0.0", "1.2.0", "2.0.0", "2.1.0-rc.1"]
            .map(String::from)
            .to_vec();
        assert_eq!(newest_permitted(&v, None).unwrap(), "2.1.0-rc.1");
        let req = semver::VersionReq::parse("^1").unwrap();
        assert_eq!(newest_permitted(&v, Some(&req)).unwrap(), "1.2.0");
        let none = semver::VersionReq::parse(">=3").unwrap();
        assert_eq!(newest_permitted(&v, Some(&none)), None);
    }

    #[test]
    fn the_permission_diff_names_what_was_added_and_removed() {
        let old = Permissions {
            network: vec!["https://a/*".into()],
            secrets: vec!["secret://x".into()],
            ..Default::default()
        };
        let new = Permissions {
            network: vec!["https://a/*".into(), "https://b/*".into()],
            ..Default::default()
        };
        let d = permission_diff(&old, &new);
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].kind, "network");
        assert_eq!(d[0].added, ["https://b/*"]);
        assert_eq!(d[1].kind, "secrets");
        assert_eq!(d[1].removed, ["secret://x"]);
        assert!(permission_diff(&new, &new).is_empty());
    }
}
