//! `gtdx search [QUERY] [--registry REG]` and `gtdx info ID[@VERSION] [--registry REG]`: what a
//! directory registry holds (its index.json), the tags of an OCI repository, or what a Greentic
//! Store lists.

use gtdx_registry::local::{IndexEntry, LocalRegistry};
use gtdx_registry::oci::{OciOptions, Pulled};
use gtdx_registry::reference::OciArtifact;
use gtdx_registry::store::Store;
use gtdx_registry::{Home, PackInfo, RegistryRef};
use serde::Serialize;

pub use gtdx_registry::RegistryError;

/// `gtdx search`'s result.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub registry: String,
    pub query: Option<String>,
    pub extensions: Vec<IndexEntry>,
}

/// Lists the extensions of a directory registry whose id or name contains `query`; for an OCI
/// registry `oci://HOST/NAMESPACE/NAME`, the version tags of that repository (with `query`, of
/// `NAMESPACE/QUERY`).
pub fn search(
    home: &Home,
    registry: &str,
    query: Option<&str>,
    oci: &OciOptions,
) -> Result<SearchResult, RegistryError> {
    let reg = RegistryRef::parse_with(registry, home, oci.insecure)?;
    let extensions = match &reg {
        RegistryRef::Dir { root, .. } => {
            let q = query.map(str::to_lowercase);
            LocalRegistry::new(root)
                .index()?
                .extensions
                .into_iter()
                .filter(|e| {
                    q.as_ref().is_none_or(|q| {
                        e.id.to_lowercase().contains(q) || e.name.to_lowercase().contains(q)
                    })
                })
                .collect()
        }
        RegistryRef::Oci(repo) => {
            let name = match (&repo.name, query) {
                (_, Some(q)) => q.to_string(),
                (Some(n), None) => n.clone(),
                (None, None) => {
                    return Err(RegistryError::BadRegistry {
                        given: registry.to_string(),
                        why: "OCI registries cannot be listed; name the repository (oci://HOST/NAMESPACE/NAME) or give the extension id as the query".into(),
                    });
                }
            };
            let art = OciArtifact {
                host: repo.host.clone(),
                repository: format!("{}/{name}", repo.namespace),
                tag: None,
                digest: None,
            };
            let mut versions: Vec<String> = gtdx_registry::oci::list_tags(&art, oci)?
                .into_iter()
                .filter(|t| semver::Version::parse(t).is_ok())
                .collect();
            versions.sort_by_key(|t| semver::Version::parse(t).ok());
            if versions.is_empty() {
                Vec::new()
            } else {
                vec![IndexEntry {
                    id: name.clone(),
                    name,
                    kind: String::new(),
                    latest: versions.last().cloned().unwrap_or_default(),
                    versions,
                }]
            }
        }
        RegistryRef::Store(r) => Store::open(r, home, oci.deadline)?
            .search(query)?
            .into_iter()
            .map(|s| IndexEntry {
                id: s.name.clone(),
                name: s.name,
                kind: s.kind.as_str().unwrap_or_default().to_string(),
                latest: s.latest_version.clone(),
                versions: vec![s.latest_version],
            })
            .collect(),
    };
    Ok(SearchResult {
        registry: reg.label(),
        query: query.map(str::to_string),
        extensions,
    })
}

/// `gtdx info`'s result.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Info {
    pub registry: String,
    #[serde(flatten)]
    pub pack: PackInfo,
    pub versions: Vec<String>,
    /// The pack's SHA-256 (directory registries) or the manifest digest (OCI).
    pub digest: Option<String>,
    /// Where to install it from.
    pub reference: String,
    /// OCI annotations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oci: Option<Pulled>,
}

/// Details of `ID[@VERSION]` in a registry.
pub fn info(
    home: &Home,
    registry: &str,
    target: &str,
    oci: &OciOptions,
) -> Result<Info, RegistryError> {
    let (id, version) = crate::installed::split_target(target);
    let reg = RegistryRef::parse_with(registry, home, oci.insecure)?;
    match &reg {
        RegistryRef::Dir { root, .. } => {
            let local = LocalRegistry::new(root);
            let (version, pack) = local.find(id, version)?;
            let describe = local.describe(id, &version)?;
            let shown = root.join(id).join(&version).join("manifest.json");
            Ok(Info {
                registry: reg.label(),
                pack: PackInfo::from_value(&describe, &shown.display().to_string())?,
                versions: local.listed_versions(id),
                digest: local.recorded_sha256(id, &version),
                reference: pack.display().to_string(),
                oci: None,
            })
        }
        RegistryRef::Oci(repo) => {
            let mut art = OciArtifact {
                host: repo.host.clone(),
                repository: repo.repository(id),
                tag: version.map(str::to_string),
                digest: None,
            };
            let mut versions: Vec<String> = gtdx_registry::oci::list_tags(&art, oci)?
                .into_iter()
                .filter(|t| semver::Version::parse(t).is_ok())
                .collect();
            versions.sort_by_key(|t| semver::Version::parse(t).ok());
            if art.tag.is_none() {
                art.tag = versions.last().cloned();
            }
            if art.tag.is_none() {
                return Err(RegistryError::NotFound {
                    what: id.to_string(),
                    registry: format!("oci://{}/{}", art.host, art.repository),
                    hint: " (no version tag)".into(),
                });
            }
            // The describe lives in the pack: pull it into staging (digest-checked), read it.
            let (staged, pulled) = gtdx_registry::oci::pull(&art, home, oci)?;
            let bytes = gtdx_pack::read_pack(&staged.path)
                .ok()
                .and_then(|p| p.describe)
                .ok_or_else(|| {
                    RegistryError::Refused(format!(
                        "{} has no readable describe.json",
                        pulled.pinned
                    ))
                })?;
            Ok(Info {
                registry: reg.label(),
                pack: PackInfo::from_describe(&bytes, &pulled.pinned)?,
                versions,
                digest: Some(pulled.digest.clone()),
                reference: pulled.pinned.clone(),
                oci: Some(pulled),
            })
        }
        RegistryRef::Store(r) => {
            let store = Store::open(r, home, oci.deadline)?;
            let mut versions = store.versions(id)?;
            versions.sort_by_key(|t| semver::Version::parse(t).ok());
            let version = match version {
                Some(v) => v.to_string(),
                None => crate::install::newest_version(&versions).ok_or_else(|| {
                    RegistryError::NotFound {
                        what: id.to_string(),
                        registry: reg.label(),
                        hint: " (no version that is not yanked)".into(),
                    }
                })?,
            };
            let meta = store.metadata(id, &version)?;
            let reference = format!("{id}@{version}");
            Ok(Info {
                registry: reg.label(),
                pack: PackInfo::from_value(&meta.describe, &reference)?,
                versions,
                digest: Some(meta.artifact_sha256),
                reference,
                oci: None,
            })
        }
    }
}
