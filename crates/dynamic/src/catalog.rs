//! The per-connection catalog: an embedded file store, one JSON file per connection
//! (`<dir>/<connection>.json`), written atomically (gtdx-fsx) under an exclusive lock file
//! (`<dir>/<connection>.lock`), so concurrent syncs of one connection serialise and never
//! interleave.
//!
//! A sync replaces the catalog with the admitted tools of a successful admission and records
//! what changed ([`SyncDiff`]). A failed discovery never reaches the store: the last successful
//! catalog stays as it was.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::admit::{Admitted, Rejected, Report, Withheld};
use crate::error::CatalogError;

/// The `format` of a catalog file.
pub const FORMAT: &str = "gtdx-dynamic-catalog/v1";

/// One connection's catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalog {
    pub format: String,
    pub connection: String,
    pub org: String,
    pub extension: String,
    /// The code artifact the tools were admitted under.
    pub artifact_sha256: String,
    /// The grant the tools were admitted under.
    pub grant_id: String,
    /// How many successful syncs wrote this catalog.
    pub sync: u64,
    /// The admitted tools, by key.
    pub tools: Vec<Admitted>,
    pub withheld: Vec<Withheld>,
    pub rejected: Vec<Rejected>,
    /// What the last sync changed.
    pub last_sync: SyncDiff,
}

/// What one sync changed, by descriptor key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncDiff {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// Same key, different digest (descriptor, executor, artifact or grant changed).
    pub changed: Vec<String>,
    pub unchanged: usize,
}

/// Whether a catalog's tools may be offered under the current artifact and grant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub available: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Catalog {
    /// Tools admitted under another code artifact or grant are unavailable until discovery
    /// admits them again.
    pub fn availability(&self, artifact_sha256: &str, grant_id: &str) -> Availability {
        let mut why = Vec::new();
        if self.artifact_sha256 != artifact_sha256 {
            why.push(format!(
                "the code artifact changed ({} → {})",
                short(&self.artifact_sha256),
                short(artifact_sha256)
            ));
        }
        if self.grant_id != grant_id {
            why.push(format!(
                "the grant changed (`{}` → `{grant_id}`)",
                self.grant_id
            ));
        }
        if why.is_empty() {
            Availability {
                available: true,
                reason: None,
            }
        } else {
            Availability {
                available: false,
                reason: Some(format!(
                    "{}; its tools are unavailable until discovery admits them again",
                    why.join(" and ")
                )),
            }
        }
    }
}

fn short(h: &str) -> &str {
    h.get(..12).unwrap_or(h)
}

/// Whether `name` is a usable connection name: 1 to 64 of ASCII letters, digits, `.`, `-`,
/// `_`, not starting with `.` (it becomes a file name).
pub fn valid_connection(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// A directory of catalogs.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// The exclusive lock on one connection's catalog, released on drop.
#[derive(Debug)]
pub struct Lock {
    _file: std::fs::File,
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `<dir>/<connection>.json`.
    pub fn path(&self, connection: &str) -> Result<PathBuf, CatalogError> {
        if !valid_connection(connection) {
            return Err(CatalogError::Connection(connection.to_string()));
        }
        Ok(self.dir.join(format!("{connection}.json")))
    }

    /// Takes the connection's exclusive lock (blocking until a concurrent sync finishes).
    pub fn lock(&self, connection: &str) -> Result<Lock, CatalogError> {
        self.path(connection)?;
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| gtdx_fsx::FsError::new("create", &self.dir, e))?;
        let path = self.dir.join(format!("{connection}.lock"));
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|source| CatalogError::Lock {
                path: path.clone(),
                source,
            })?;
        file.lock()
            .map_err(|source| CatalogError::Lock { path, source })?;
        Ok(Lock { _file: file })
    }

    /// The connection's catalog, if it has one.
    pub fn load(&self, connection: &str) -> Result<Option<Catalog>, CatalogError> {
        let path = self.path(connection)?;
        if !path.exists() {
            return Ok(None);
        }
        let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::CATALOG)?;
        let catalog: Catalog =
            serde_json::from_slice(&bytes).map_err(|e| CatalogError::Corrupt {
                path: path.clone(),
                message: e.to_string(),
            })?;
        if catalog.format != FORMAT || catalog.connection != connection {
            return Err(CatalogError::Corrupt {
                path,
                message: format!(
                    "its format is `{}` for connection `{}`, expected `{FORMAT}` for `{connection}`",
                    catalog.format, catalog.connection
                ),
            });
        }
        Ok(Some(catalog))
    }

    /// Replaces the connection's catalog with a successful admission, under the lock, and
    /// returns the new catalog (its `last_sync` says what changed).
    pub fn sync(&self, connection: &str, report: &Report) -> Result<Catalog, CatalogError> {
        let _lock = self.lock(connection)?;
        let previous = self.load(connection)?;
        let last_sync = diff(
            previous.as_ref().map_or(&[][..], |c| &c.tools),
            &report.admitted,
        );
        let catalog = Catalog {
            format: FORMAT.into(),
            connection: connection.to_string(),
            org: report.org.clone(),
            extension: report.extension.clone(),
            artifact_sha256: report.artifact_sha256.clone(),
            grant_id: report.grant_id.clone(),
            sync: previous.as_ref().map_or(0, |c| c.sync) + 1,
            tools: report.admitted.clone(),
            withheld: report.withheld.clone(),
            rejected: report.rejected.clone(),
            last_sync,
        };
        let mut bytes = serde_json::to_vec_pretty(&catalog).map_err(|e| CatalogError::Corrupt {
            path: self.path(connection).unwrap_or_default(),
            message: e.to_string(),
        })?;
        bytes.push(b'\n');
        let path = self.path(connection)?;
        // Never write what `load` would refuse: every later show and sync would fail on it.
        if bytes.len() as u64 > gtdx_fsx::limits::CATALOG.max {
            return Err(CatalogError::TooLarge {
                path,
                connection: connection.to_string(),
                size: mib(bytes.len() as u64),
                max: gtdx_fsx::read::human_bytes(gtdx_fsx::limits::CATALOG.max),
            });
        }
        gtdx_fsx::write_atomic(&path, &bytes)?;
        Ok(catalog)
    }
}

/// `n` bytes in MiB with one decimal (`70.2 MiB`).
fn mib(n: u64) -> String {
    format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64)
}

/// What changed between two admitted sets, by key.
pub fn diff(old: &[Admitted], new: &[Admitted]) -> SyncDiff {
    use std::collections::BTreeMap;
    let old: BTreeMap<&str, &str> = old
        .iter()
        .map(|t| (t.key.as_str(), t.digest.as_str()))
        .collect();
    let new_map: BTreeMap<&str, &str> = new
        .iter()
        .map(|t| (t.key.as_str(), t.digest.as_str()))
        .collect();
    let mut d = SyncDiff::default();
    for (k, digest) in &new_map {
        match old.get(k) {
            None => d.added.push((*k).to_string()),
            Some(o) if o != digest => d.changed.push((*k).to_string()),
            Some(_) => d.unchanged += 1,
        }
    }
    for k in old.keys() {
        if !new_map.contains_key(k) {
            d.removed.push((*k).to_string());
        }
    }
    d
}
