//! `gtdx yank ID VERSION --reason R` and `gtdx unyank ID VERSION`: withdraw a version from a
//! Greentic Store or a directory registry (`local`, `file://DIR`: a `yanked.json` marker, going
//! further than the platform's tool), hidden from version lists and never chosen as the latest,
//! still installable by exact pin; or put it back.

use gtdx_registry::local::LocalRegistry;
use gtdx_registry::oci::Deadline;
use gtdx_registry::store::Store;
use gtdx_registry::{Home, RegistryError, RegistryRef};
use serde::Serialize;

/// What `gtdx yank` / `unyank` did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct YankOutcome {
    pub id: String,
    pub version: String,
    pub registry: String,
    pub yanked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Yanks (`yank`) or unyanks `id@version` in `registry` (config.toml's default registry when
/// `None`, the platform's `greentic-store` unless configured otherwise). `insecure` lets a
/// Store be named over plain http to another machine, which then gets no token (so the Store
/// refuses the yank, in one sentence saying why).
pub fn set_yanked(
    home: &Home,
    registry: Option<&str>,
    id: &str,
    version: &str,
    yank: Option<Option<&str>>,
    deadline: Option<Deadline>,
    insecure: bool,
) -> Result<YankOutcome, RegistryError> {
    let name = match registry {
        Some(r) => r.to_string(),
        None => gtdx_registry::config::load(home)?.default_registry,
    };
    let reg = RegistryRef::parse_with(&name, home, insecure)?;
    match &reg {
        RegistryRef::Store(r) => {
            let store = Store::open(r, home, deadline)?;
            match yank {
                Some(reason) => store.yank(id, version, reason)?,
                None => store.unyank(id, version)?,
            }
        }
        RegistryRef::Dir { root, .. } => LocalRegistry::new(root).set_yanked(id, version, yank)?,
        RegistryRef::Oci(_) => {
            return Err(RegistryError::BadRegistry {
                given: name,
                why: format!(
                    "{} is an OCI registry, which has no yank; yank on a Greentic Store or a directory registry (`local`, `file://DIR`)",
                    reg.label()
                ),
            });
        }
    }
    Ok(YankOutcome {
        id: id.to_string(),
        version: version.to_string(),
        registry: reg.label(),
        yanked: yank.is_some(),
        reason: yank.flatten().map(str::to_string),
    })
}
