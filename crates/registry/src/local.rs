//! The platform's directory registry (`local` = `<home>/registries/local`, or `file://DIR`):
//!
//! ```text
//! <root>/index.json                      { "extensions": [ { id, name, kind, versions, latest } ] }
//! <root>/<id>/metadata.json              the latest published describe.json
//! <root>/<id>/<version>/<name>-<version>.gtxpack
//! <root>/<id>/<version>/manifest.json    the describe.json
//! <root>/<id>/<version>/signature.json   { algorithm, public_key, value, key_id } (signed packs)
//! <root>/<id>/<version>/artifact.sha256  hex SHA-256 of the pack
//! <root>/<id>/<version>/yanked.json      { reason } when the version is yanked (ours only)
//! ```
//!
//! A yanked version (`gtdx yank --registry local|file://DIR`, going further than the platform,
//! which yanks on the Store only) keeps its files, so an exact pin still installs it, but it
//! leaves index.json's `versions` and is never `latest`: readers of the index, ours and the
//! platform's, stop offering it.
//!
//! Every publish holds `<root>/.publish.lock` (the platform's lock file) for its whole
//! read-modify-write. A version directory is filled in a staging directory and renamed into
//! place, so a reader (or a `kill -9`) never sees half a version; index.json and metadata.json
//! are replaced by temp file + fsync + rename. The index's version list is recomputed from the
//! version directories on every publish, so an interrupted publish heals on the next one.
//!
//! Differences from the platform's writer, on purpose: versions are ordered (and `latest`
//! chosen) by semantic version, not as strings (`1.10.0` is newer than `1.9.0`); a forced
//! republish swaps the version directory instead of deleting it first.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use gtdx_fsx::stage::{swap_into_place, sweep_dead, sync_dir, unique_dir, write_synced};

use crate::lock::Lock;
use crate::{PackInfo, RegistryError};

pub const LOCK_FILE: &str = ".publish.lock";
pub const INDEX_FILE: &str = "index.json";
/// The marker of a yanked version, inside its version directory.
pub const YANKED_FILE: &str = "yanked.json";
const STAGING: &str = ".gtdx-staging";

/// The registry's own entries at its root, beside the `<id>/` directories, and what each is: an
/// extension id cannot be one of them (compared ignoring ASCII case, as a case-insensitive file
/// system would). Only `index.json` is a valid id today (the others start with `.`), but the
/// rule names them all.
const ROOT_ENTRIES: &[(&str, &str)] = &[
    (INDEX_FILE, "index file"),
    (LOCK_FILE, "lock file"),
    (STAGING, "staging directory"),
];

/// `index.json`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Index {
    pub extensions: Vec<IndexEntry>,
}

/// One extension of `index.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub versions: Vec<String>,
    pub latest: String,
}

/// `signature.json` (the platform's `SignatureBlob`, snake_case).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SignatureFile {
    pub algorithm: String,
    pub public_key: String,
    pub value: String,
    pub key_id: String,
}

/// `yanked.json`: why the version was withdrawn.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct YankedFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A directory registry.
#[derive(Debug, Clone)]
pub struct LocalRegistry {
    pub root: PathBuf,
}

/// What a publish wrote (or, dry, would write).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalPublished {
    /// The pack's path in the registry.
    pub pack: PathBuf,
    /// Every file written, in order.
    pub files: Vec<PathBuf>,
    /// Whether an existing version was replaced (`--force`).
    pub replaced: bool,
}

/// What to publish.
pub struct PublishRequest<'a> {
    /// The verified pack file.
    pub pack: &'a Path,
    /// Its SHA-256 as verified: the copy must hash to it.
    pub sha256: &'a str,
    /// Its describe.json.
    pub describe: &'a Value,
    pub info: &'a PackInfo,
    pub force: bool,
    pub dry_run: bool,
}

/// The file name the platform gives a pack: `<name>-<version>.gtxpack`, the name made one
/// safe path component (the platform's `safe_pack_filename`).
pub fn pack_file_name(name: &str, version: &str) -> String {
    let mut safe: String = name
        .chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    if safe.is_empty() || safe == "." || safe == ".." {
        safe = "unnamed-extension".into();
    }
    format!("{safe}-{version}.gtxpack")
}

fn semver_sort(versions: &mut [String]) {
    versions.sort_by(
        |a, b| match (semver::Version::parse(a), semver::Version::parse(b)) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => a.cmp(b),
        },
    );
}

fn pretty(v: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec_pretty(v).unwrap_or_default()
}

impl LocalRegistry {
    pub fn new(root: impl Into<PathBuf>) -> LocalRegistry {
        LocalRegistry { root: root.into() }
    }

    fn version_dir(&self, id: &str, version: &str) -> PathBuf {
        self.root.join(id).join(version)
    }

    /// Refuses an id that names one of the registry's own files: its `<root>/<id>/` directory
    /// would take that file's place.
    pub fn check_id(&self, id: &str) -> Result<(), RegistryError> {
        match ROOT_ENTRIES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(id))
        {
            Some((_, what)) => Err(RegistryError::ReservedId {
                id: id.to_string(),
                root: self.root.clone(),
                what,
            }),
            None => Ok(()),
        }
    }

    /// Publishes a verified pack.
    pub fn publish(&self, req: &PublishRequest<'_>) -> Result<LocalPublished, RegistryError> {
        let info = req.info;
        self.check_id(&info.id)?;
        let ver_dir = self.version_dir(&info.id, &info.version);
        let pack_name = pack_file_name(&info.name, &info.version);
        let mut files = vec![ver_dir.join(&pack_name), ver_dir.join("manifest.json")];
        if info.signer.is_some() {
            files.push(ver_dir.join("signature.json"));
        }
        files.push(ver_dir.join("artifact.sha256"));
        files.push(self.root.join(&info.id).join("metadata.json"));
        files.push(self.root.join(INDEX_FILE));
        let label = self.root.display().to_string();
        if req.dry_run {
            let exists = ver_dir.exists();
            if exists && !req.force {
                return Err(self.exists_error(info, &ver_dir, &label));
            }
            return Ok(LocalPublished {
                pack: files[0].clone(),
                files,
                replaced: exists,
            });
        }
        gtdx_fsx::check_within(&self.root, Path::new(&info.id))?;
        let _lock = Lock::exclusive(&self.root.join(LOCK_FILE))?;
        let exists = ver_dir.exists();
        if exists && !req.force {
            return Err(self.exists_error(info, &ver_dir, &label));
        }

        // Fill a staging copy of the version directory, then rename it into place.
        let staging_root = self.root.join(STAGING);
        sweep_dead(&staging_root);
        let stage = unique_dir(&staging_root, &format!("{}-{}", info.id, info.version))?;
        let _registered = gtdx_fsx::temp::register_dir(&stage);
        let staged = stage.join(&info.version);
        let result = (|| {
            mkdir(&staged)?;
            copy_verified(req.pack, &staged.join(&pack_name), req.sha256)?;
            write_synced(&staged.join("manifest.json"), &pretty(req.describe))?;
            if let Some(sig) = signature_file(req.describe) {
                write_synced(&staged.join("signature.json"), &pretty(&sig))?;
            }
            write_synced(&staged.join("artifact.sha256"), req.sha256.as_bytes())?;
            sync_dir(&staged);
            let ext_dir = self.root.join(&info.id);
            mkdir(&ext_dir)?;
            swap_into_place(&staged, &ver_dir)?;
            gtdx_fsx::write_atomic(&ext_dir.join("metadata.json"), &pretty(req.describe))?;
            self.update_index(&info.id, Some(info))
        })();
        let _ = std::fs::remove_dir_all(&stage);
        result?;
        Ok(LocalPublished {
            pack: files[0].clone(),
            files,
            replaced: exists,
        })
    }

    fn exists_error(&self, info: &PackInfo, ver_dir: &Path, label: &str) -> RegistryError {
        RegistryError::VersionExists {
            id: info.id.clone(),
            version: info.version.clone(),
            registry: label.to_string(),
            place: ver_dir.display().to_string(),
        }
    }

    /// Reads index.json (an empty index when there is none).
    pub fn index(&self) -> Result<Index, RegistryError> {
        let path = self.root.join(INDEX_FILE);
        if !path.exists() {
            return Ok(Index::default());
        }
        let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::REGISTRY_FILE)?;
        serde_json::from_slice(&bytes).map_err(|e| {
            RegistryError::corrupt(
                &path,
                format!(
                    "not a registry index ({e}). It is rebuilt on the next publish only if removed: move it aside and publish again"
                ),
            )
        })
    }

    /// The versions of `id` that have a pack in the registry, oldest first.
    pub fn versions(&self, id: &str) -> Vec<String> {
        let mut out = Vec::new();
        let Ok(rd) = std::fs::read_dir(self.root.join(id)) else {
            return out;
        };
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !e.path().is_dir() {
                continue;
            }
            if self.pack_in(&e.path()).is_ok() {
                out.push(name);
            }
        }
        semver_sort(&mut out);
        out
    }

    /// The versions of `id` offered to whoever asks for a list or the latest: those with a
    /// pack that are not yanked, oldest first.
    pub fn listed_versions(&self, id: &str) -> Vec<String> {
        let mut all = self.versions(id);
        all.retain(|v| self.yanked(id, v).is_none());
        all
    }

    /// Why `id@version` was yanked (`Some(None)` with no reason given), `None` if it is not.
    pub fn yanked(&self, id: &str, version: &str) -> Option<Option<String>> {
        let path = self.version_dir(id, version).join(YANKED_FILE);
        if !path.is_file() {
            return None;
        }
        let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::REGISTRY_FILE).unwrap_or_default();
        let file: YankedFile = serde_json::from_slice(&bytes).unwrap_or_default();
        Some(file.reason)
    }

    /// Yanks `id@version` (`Some(reason)`) or puts it back (`None`), under the publish lock,
    /// and rewrites the index so lists and `latest` follow. The version's files stay.
    pub fn set_yanked(
        &self,
        id: &str,
        version: &str,
        yank: Option<Option<&str>>,
    ) -> Result<(), RegistryError> {
        self.check_id(id)?;
        crate::packinfo::check_id(id).map_err(|why| RegistryError::BadSource {
            given: id.to_string(),
            why,
        })?;
        gtdx_fsx::check_within(&self.root, Path::new(id))?;
        gtdx_fsx::check_within(&self.root, &Path::new(id).join(version))?;
        let _lock = Lock::exclusive(&self.root.join(LOCK_FILE))?;
        if !self.versions(id).iter().any(|v| v == version) {
            return Err(RegistryError::NotFound {
                what: format!("{id}@{version}"),
                registry: self.root.display().to_string(),
                hint: ". `gtdx info ID --registry …` lists its versions".into(),
            });
        }
        let marker = self.version_dir(id, version).join(YANKED_FILE);
        match yank {
            Some(reason) => {
                let file = YankedFile {
                    reason: reason.map(str::to_string),
                };
                gtdx_fsx::write_atomic(&marker, &pretty(&file))?;
            }
            None => match std::fs::remove_file(&marker) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(gtdx_fsx::FsError::new("cannot remove", &marker, e).into()),
            },
        }
        self.update_index(id, None)
    }

    fn pack_in(&self, dir: &Path) -> Result<PathBuf, RegistryError> {
        let mut packs: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| gtdx_fsx::FsError::new("cannot read directory", dir, e))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "gtxpack") && p.is_file())
            .collect();
        match packs.len() {
            1 => Ok(packs.remove(0)),
            0 => Err(RegistryError::corrupt(dir, "holds no .gtxpack")),
            n => Err(RegistryError::corrupt(
                dir,
                format!("holds {n} .gtxpack files; a version directory holds one"),
            )),
        }
    }

    /// The pack of `id` at `version` (the newest when `None`).
    pub fn find(
        &self,
        id: &str,
        version: Option<&str>,
    ) -> Result<(String, PathBuf), RegistryError> {
        crate::packinfo::check_id(id).map_err(|why| RegistryError::BadSource {
            given: id.to_string(),
            why,
        })?;
        let versions = self.versions(id);
        let version =
            match version {
                Some(v) => v.to_string(),
                None => self.listed_versions(id).last().cloned().ok_or_else(|| {
                    RegistryError::NotFound {
                        what: id.to_string(),
                        registry: self.root.display().to_string(),
                        hint: ". `gtdx search --registry …` lists what it holds".into(),
                    }
                })?,
            };
        if !versions.contains(&version) {
            return Err(RegistryError::NotFound {
                what: format!("{id}@{version}"),
                registry: self.root.display().to_string(),
                hint: if versions.is_empty() {
                    ". `gtdx search --registry …` lists what it holds".into()
                } else {
                    format!(" (it has {})", versions.join(", "))
                },
            });
        }
        let pack = self.pack_in(&self.version_dir(id, &version))?;
        Ok((version, pack))
    }

    /// The describe.json published for `id@version` (`manifest.json` of the version directory).
    pub fn describe(&self, id: &str, version: &str) -> Result<Value, RegistryError> {
        let path = self.version_dir(id, version).join("manifest.json");
        // The bounded reader's own message for a file the registry lacks (the loader's would
        // tell the user to pass a manifest's path); the bytes then load as every describe.json.
        let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::MANIFEST)?;
        Ok(gtdx_contract::json::load_bytes(path.display().to_string(), bytes)?.value)
    }

    /// The recorded SHA-256 of `id@version`'s pack.
    pub fn recorded_sha256(&self, id: &str, version: &str) -> Option<String> {
        let path = self.version_dir(id, version).join("artifact.sha256");
        gtdx_fsx::read(&path, gtdx_fsx::limits::KEY)
            .ok()
            .map(|b| String::from_utf8_lossy(&b).trim().to_string())
    }

    /// Recomputes `id`'s entry of index.json from its version directories (yanked ones left
    /// out). `info` is the pack just published (its name and kind); a yank passes `None` and
    /// keeps the entry's.
    fn update_index(&self, id: &str, info: Option<&PackInfo>) -> Result<(), RegistryError> {
        let mut index = self.index()?;
        let versions = self.listed_versions(id);
        // Every version yanked: an empty `latest`, so nothing is offered as the newest.
        let latest = versions.last().cloned().unwrap_or_default();
        match (index.extensions.iter_mut().find(|e| e.id == id), info) {
            (Some(e), info) => {
                if let Some(info) = info {
                    e.name.clone_from(&info.name);
                    e.kind.clone_from(&info.kind);
                }
                e.versions = versions;
                e.latest = latest;
            }
            (None, Some(info)) => index.extensions.push(IndexEntry {
                id: info.id.clone(),
                name: info.name.clone(),
                kind: info.kind.clone(),
                versions,
                latest,
            }),
            (None, None) => return Ok(()),
        }
        index.extensions.sort_by(|a, b| a.id.cmp(&b.id));
        gtdx_fsx::write_atomic(&self.root.join(INDEX_FILE), &pretty(&index))?;
        Ok(())
    }
}

/// The platform's `signature.json` for a signed describe.json.
fn signature_file(describe: &Value) -> Option<SignatureFile> {
    let sig = describe.get("signature")?;
    let s = |k: &str| {
        sig.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Some(SignatureFile {
        algorithm: s("algorithm"),
        public_key: s("publicKey"),
        value: s("value"),
        key_id: s("keyId"),
    })
}

fn mkdir(dir: &Path) -> Result<(), RegistryError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", dir, e).into())
}

/// Copies `from` to a new file `to`, hashing as it goes; fails if the bytes are not the ones
/// verified (the source changed after it was checked).
pub(crate) fn copy_verified(from: &Path, to: &Path, sha256: &str) -> Result<u64, RegistryError> {
    use sha2::Digest;
    let (mut src, _) = gtdx_fsx::open_regular(from)?;
    let err = |e| gtdx_fsx::FsError::new("cannot write", to, e);
    let mut out = std::fs::File::create(to).map_err(err)?;
    let mut hasher = sha2::Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut total = 0u64;
    loop {
        let n = src
            .read(&mut buf)
            .map_err(|e| gtdx_fsx::FsError::new("cannot read", from, e))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        out.write_all(&buf[..n]).map_err(err)?;
        total += n as u64;
    }
    out.sync_all().map_err(err)?;
    let got = gtdx_pack::hex(&hasher.finalize());
    if got != sha256 {
        return Err(RegistryError::Refused(format!(
            "{} changed while it was being copied (SHA-256 {got}, verified {sha256}); run the command again",
            from.display()
        )));
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(version: &str) -> PackInfo {
        PackInfo {
            id: "a.b".into(),
            name: "A / B".into(),
            version: version.into(),
            kind: "DesignExtension".into(),
            summary: String::new(),
            signer: None,
            key_id: None,
            permissions: Default::default(),
        }
    }

    #[test]
    fn registry_names_cannot_collide_with_registry_files() {
        let dir = tempfile::tempdir().unwrap();
        let pack = dir.path().join("p.gtxpack");
        std::fs::write(&pack, b"PK pack bytes").unwrap();
        let sha = crate::sha256_hex(b"PK pack bytes");
        let reg = LocalRegistry::new(dir.path().join("reg"));
        let describe = serde_json::json!({"metadata": {"id": "index.json"}});
        for id in ["index.json", "Index.Json"] {
            let mut i = info("1.0.0");
            i.id = id.into();
            for dry_run in [true, false] {
                let e = reg
                    .publish(&PublishRequest {
                        pack: &pack,
                        sha256: &sha,
                        describe: &describe,
                        info: &i,
                        force: false,
                        dry_run,
                    })
                    .unwrap_err();
                assert!(matches!(e, RegistryError::ReservedId { .. }), "{e}");
                assert!(e.to_string().contains("own index file"), "{e}");
            }
        }
        assert!(!reg.root.exists(), "nothing written");
        assert!(reg.check_id("index.json.x").is_ok());
        assert!(reg.check_id("com.acme.index.json").is_ok());
    }

    #[test]
    fn publishes_in_the_platform_layout_and_orders_versions_by_semver() {
        let dir = tempfile::tempdir().unwrap();
        let pack = dir.path().join("p.gtxpack");
        std::fs::write(&pack, b"PK pack bytes").unwrap();
        let sha = crate::sha256_hex(b"PK pack bytes");
        let reg = LocalRegistry::new(dir.path().join("reg"));
        let describe = serde_json::json!({"metadata": {"id": "a.b"}});
        for v in ["1.9.0", "1.10.0", "1.2.0"] {
            let i = info(v);
            reg.publish(&PublishRequest {
                pack: &pack,
                sha256: &sha,
                describe: &describe,
                info: &i,
                force: false,
                dry_run: false,
            })
            .unwrap();
        }
        let idx = reg.index().unwrap();
        assert_eq!(idx.extensions[0].versions, ["1.2.0", "1.9.0", "1.10.0"]);
        assert_eq!(idx.extensions[0].latest, "1.10.0");
        let (v, p) = reg.find("a.b", None).unwrap();
        assert_eq!(v, "1.10.0");
        assert_eq!(p.file_name().unwrap(), "A _ B-1.10.0.gtxpack");
        assert_eq!(reg.recorded_sha256("a.b", "1.2.0").unwrap(), sha);
        let i = info("1.2.0");
        let again = reg.publish(&PublishRequest {
            pack: &pack,
            sha256: &sha,
            describe: &describe,
            info: &i,
            force: false,
            dry_run: false,
        });
        assert!(matches!(again, Err(RegistryError::VersionExists { .. })));
        // a copy that is not what was verified is refused, and nothing half-written remains
        let wrong = reg.publish(&PublishRequest {
            pack: &pack,
            sha256: "00",
            describe: &describe,
            info: &info("2.0.0"),
            force: false,
            dry_run: false,
        });
        assert!(wrong.is_err());
        assert!(!dir.path().join("reg/a.b/2.0.0").exists());
        assert_eq!(
            std::fs::read_dir(dir.path().join("reg/.gtdx-staging"))
                .unwrap()
                .count(),
            0
        );
    }

    #[test]
    fn a_yanked_version_leaves_lists_and_latest_but_installs_by_pin() {
        let dir = tempfile::tempdir().unwrap();
        let pack = dir.path().join("p.gtxpack");
        std::fs::write(&pack, b"PK pack bytes").unwrap();
        let sha = crate::sha256_hex(b"PK pack bytes");
        let reg = LocalRegistry::new(dir.path().join("reg"));
        let describe = serde_json::json!({"metadata": {"id": "a.b"}});
        for v in ["1.0.0", "1.1.0"] {
            reg.publish(&PublishRequest {
                pack: &pack,
                sha256: &sha,
                describe: &describe,
                info: &info(v),
                force: false,
                dry_run: false,
            })
            .unwrap();
        }
        reg.set_yanked("a.b", "1.1.0", Some(Some("broken")))
            .unwrap();
        assert_eq!(reg.yanked("a.b", "1.1.0"), Some(Some("broken".into())));
        assert_eq!(reg.listed_versions("a.b"), ["1.0.0"]);
        assert_eq!(reg.index().unwrap().extensions[0].latest, "1.0.0");
        assert_eq!(reg.index().unwrap().extensions[0].versions, ["1.0.0"]);
        assert_eq!(reg.find("a.b", None).unwrap().0, "1.0.0");
        assert_eq!(reg.find("a.b", Some("1.1.0")).unwrap().0, "1.1.0");
        assert!(matches!(
            reg.set_yanked("a.b", "9.9.9", Some(None)),
            Err(RegistryError::NotFound { .. })
        ));
        reg.set_yanked("a.b", "1.1.0", None).unwrap();
        assert_eq!(reg.yanked("a.b", "1.1.0"), None);
        assert_eq!(reg.index().unwrap().extensions[0].latest, "1.1.0");
        assert_eq!(reg.find("a.b", None).unwrap().0, "1.1.0");
    }
}
