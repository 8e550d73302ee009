//! The Greentic Store (`https://store.greentic.cloud`, or any server with its API): an HTTP
//! API under `/api/v1/extensions` that lists, describes, serves and accepts packs, and yanks
//! versions. Spoken as the platform's client speaks it (paths, JSON shapes, the multipart
//! publish form, the yank body), on gtdx's own blocking client ([`wire`]): https only, plain
//! http only to this machine; the bearer token from `gtdx login` (or `token-env`,
//! `GTDX_TOKEN`) only to the Store's own address; redirects elsewhere refused; every answer
//! capped; artifacts streamed to a staging file, size-capped and digest-checked before anything
//! is installed.

mod upload;
pub use upload::FileStamp;
mod wire;

use std::io::{Read, Write};

use gtdx_fsx::Limit;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use url::Url;

use crate::install::StagedPack;
use crate::install::streamed::{Prefetched, Unpacking};
use crate::oci::Deadline;
use crate::reference::StoreRef;
use crate::{Home, PackInfo, RegistryError};
use wire::{Payload, Wire};

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;

/// A Store's JSON answer (a search page, a version list, a version's metadata with its
/// describe.json): 8 MiB, far above a real describe.json.
pub const STORE_JSON: Limit = Limit {
    what: "answer",
    max: 8 * MIB,
};
/// Of an error answer, only this much is read (for its first line).
pub const STORE_ERROR: Limit = Limit {
    what: "error answer",
    max: 64 * KIB,
};

/// One extension in a search: its id and latest version that is not yanked.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub name: String,
    pub latest_version: String,
    #[serde(default)]
    pub kind: Value,
    #[serde(default)]
    pub summary: String,
}

/// One version's metadata: its describe.json and the digest its artifact must have.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Metadata {
    pub describe: Value,
    pub artifact_sha256: String,
    #[serde(default)]
    pub yanked: bool,
}

/// What a publish sends.
pub struct StorePublish<'a> {
    /// The verified pack: read again as it is sent (its last bytes are sent only when it is
    /// still the file stamped `stamp` before its checks; see `upload`).
    pub pack: &'a std::path::Path,
    pub stamp: Option<FileStamp>,
    pub sha256: &'a str,
    pub describe: &'a Value,
    pub info: &'a PackInfo,
    pub force: bool,
    pub dry_run: bool,
}

/// What a publish did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StorePublished {
    /// The version's address in the Store.
    pub url: String,
    pub sha256: String,
}

/// A Store, its token (if any) looked up for its name.
pub struct Store {
    name: String,
    label: String,
    base: Url,
    home: Home,
    deadline: Deadline,
    /// Plain http to another machine (`--insecure`): no token goes with any request.
    cleartext: bool,
    /// Set by [`Store::one_deadline`]: when the shared deadline started.
    since: Option<std::time::Instant>,
}

impl Store {
    /// The Store `r` names; refuses plain http to another machine before any request unless
    /// `r.insecure` (`--insecure`), and then sends it no token.
    pub fn open(
        r: &StoreRef,
        home: &Home,
        deadline: Option<Deadline>,
    ) -> Result<Store, RegistryError> {
        let label = crate::RegistryRef::Store(r.clone()).label();
        match crate::config::check_url(&r.url, r.insecure) {
            Ok(()) => {}
            Err(crate::config::UrlProblem::Cleartext) => {
                return Err(RegistryError::Cleartext { registry: label });
            }
            Err(crate::config::UrlProblem::Scheme) => {
                return Err(RegistryError::BadRegistry {
                    given: r.name.clone(),
                    why: "a Store's URL is https://HOST".into(),
                });
            }
        }
        let base = Url::parse(&r.url).map_err(|e| RegistryError::BadRegistry {
            given: r.name.clone(),
            why: format!("its URL is not one ({e})"),
        })?;
        Ok(Store {
            name: r.name.clone(),
            label,
            base,
            home: home.clone(),
            deadline: deadline.unwrap_or(Deadline::DEFAULT),
            cleartext: r.cleartext(),
            since: None,
        })
    }

    /// One deadline for every request made through this Store from now on, instead of one per
    /// operation: a check of many extensions (`gtdx outdated`) ends by it however many there are.
    pub fn one_deadline(mut self) -> Store {
        self.since = Some(std::time::Instant::now());
        self
    }

    /// A wire for one operation, with the Store's token when there is one (never over plain
    /// http to another machine).
    fn wire(&self, action: &'static str) -> Result<Wire, RegistryError> {
        let token = match self.cleartext {
            true => None,
            false => crate::credentials::token_for(&self.home, &self.name)?,
        };
        let mut w = Wire::new(
            &self.name,
            &self.label,
            self.base.clone(),
            token,
            self.deadline,
        );
        w.action = action;
        w.withheld = self.cleartext;
        if let Some(since) = self.since {
            w.started = since;
        }
        Ok(w)
    }

    /// Extensions whose id, name or summary contain `query` (all when `None`).
    pub fn search(&self, query: Option<&str>) -> Result<Vec<Summary>, RegistryError> {
        let w = self.wire("searching")?;
        let mut params = vec![("page", "1"), ("limit", "100")];
        if let Some(q) = query {
            params.insert(0, ("q", q));
        }
        let answer = w.send("GET", w.url(&[], &params), Payload::None)?;
        match answer.status {
            200 => w.json(answer, STORE_JSON),
            _ => Err(w.unexpected(answer)),
        }
    }

    /// The versions of `id` that are not yanked (none when the Store does not know it).
    pub fn versions(&self, id: &str) -> Result<Vec<String>, RegistryError> {
        #[derive(Deserialize)]
        struct Versions {
            versions: Vec<String>,
        }
        let w = self.wire("listing versions")?;
        let answer = w.send("GET", w.url(&[id], &[]), Payload::None)?;
        match answer.status {
            200 => Ok(w.json::<Versions>(answer, STORE_JSON)?.versions),
            404 => Ok(Vec::new()),
            _ => Err(w.unexpected(answer)),
        }
    }

    /// One version's metadata (a yanked version's too: an exact pin still resolves).
    pub fn metadata(&self, id: &str, version: &str) -> Result<Metadata, RegistryError> {
        let w = self.wire("reading the version's metadata")?;
        self.metadata_on(&w, id, version)
    }

    fn metadata_on(&self, w: &Wire, id: &str, version: &str) -> Result<Metadata, RegistryError> {
        let answer = w.send("GET", w.url(&[id, version], &[]), Payload::None)?;
        match answer.status {
            200 => w.json(answer, STORE_JSON),
            404 => Err(RegistryError::NotFound {
                what: format!("{id}@{version}"),
                registry: w.label.clone(),
                hint: format!(
                    ". `gtdx search --registry {}` lists what it holds",
                    self.name
                ),
            }),
            _ => Err(w.unexpected(answer)),
        }
    }

    /// Streams `id@version`'s artifact into a staging file: at most the pack size limit, its
    /// SHA-256 the one the metadata advertises, or nothing is kept.
    pub fn fetch(&self, id: &str, version: &str) -> Result<(StagedPack, Metadata), RegistryError> {
        self.fetch_unpacking(id, version, None)
            .map(|(staged, meta, _)| (staged, meta))
    }

    /// [`Store::fetch`], the artifact's bytes also handed, as they arrive, to `unpacking` on a
    /// thread of its own (it hashes and writes the pack's entries into a staging directory
    /// while the rest downloads; see [`crate::install::streamed`]). What it did is returned
    /// only with a pack whose digest matched, and is still only staged.
    pub fn fetch_unpacking(
        &self,
        id: &str,
        version: &str,
        unpacking: Option<Unpacking>,
    ) -> Result<(StagedPack, Metadata, Option<Prefetched>), RegistryError> {
        let mut w = self.wire("reading the version's metadata")?;
        let meta = self.metadata_on(&w, id, version)?;
        let expected = meta.artifact_sha256.to_ascii_lowercase();
        w.action = "downloading the pack";
        let answer = w.send("GET", w.url(&[id, version, "artifact"], &[]), Payload::None)?;
        if answer.status != 200 {
            return Err(w.unexpected(answer));
        }
        let limit = gtdx_fsx::limits::PACK;
        if Wire::declared_length(&answer).is_some_and(|n| n > limit.max) {
            return Err(too_large(&w, limit));
        }
        let (mut staged, mut file) = StagedPack::create(&self.home, "store")?;
        let mut reader = Wire::into_reader(answer);
        let (got, written, prefetched) = std::thread::scope(|scope| {
            // Full chunks go to the follower; it hands each buffer back for the next read.
            let (to_follower, chunks) = std::sync::mpsc::sync_channel::<Vec<u8>>(8);
            let (give_back, returned) = std::sync::mpsc::channel::<Vec<u8>>();
            let follower = unpacking.map(|mut u| {
                scope.spawn(move || {
                    for chunk in chunks {
                        u.feed(&chunk);
                        let _ = give_back.send(chunk);
                    }
                    u.finish()
                })
            });
            let mut to_follower = follower.as_ref().map(|_| to_follower);
            let mut hasher = <sha2::Sha256 as sha2::Digest>::new();
            let mut written: u64 = 0;
            let mut spare = vec![0u8; CHUNK];
            loop {
                let mut buf = match to_follower {
                    Some(_) => returned.try_recv().unwrap_or_else(|_| vec![0u8; CHUNK]),
                    None => std::mem::take(&mut spare),
                };
                buf.resize(CHUNK, 0);
                let n = fill(&mut reader, &mut buf).map_err(|e| w.reading(&e))?;
                if n == 0 {
                    break;
                }
                written += n as u64;
                if written > limit.max {
                    return Err(too_large(&w, limit));
                }
                buf.truncate(n);
                sha2::Digest::update(&mut hasher, &buf);
                file.write_all(&buf)
                    .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
                match to_follower.as_ref() {
                    // A follower that stopped early (it panicked) only loses its chunks.
                    Some(tx) => {
                        if tx.send(buf).is_err() {
                            to_follower = None;
                        }
                    }
                    None => spare = buf,
                }
            }
            drop(to_follower);
            let prefetched = match follower.map(|f| f.join()) {
                Some(Ok(p)) => Some(p),
                Some(Err(panic)) => std::panic::resume_unwind(panic),
                None => None,
            };
            Ok((
                gtdx_pack::hex(&sha2::Digest::finalize(hasher)),
                written,
                prefetched,
            ))
        })?;
        if got != expected {
            return Err(w.error(gtdx_contract::codes::E_STORE_DIGEST, format!(
                "the pack of {id}@{version} does not match its digest (it is sha256 {got}, the Store's metadata says {}); the copy is corrupt or was tampered with",
                gtdx_contract::text::escape(&meta.artifact_sha256)
            )));
        }
        file.flush()
            .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
        staged.sha256 = got;
        staged.size = written;
        Ok((staged, meta, prefetched))
    }

    /// Publishes a pack as the platform's client does: a multipart form with a `metadata` JSON
    /// part and an `artifact` part. A dry run only checks that the version is free.
    pub fn publish(&self, req: &StorePublish<'_>) -> Result<StorePublished, RegistryError> {
        let mut w = self.wire("checking the version is free")?;
        let (id, version) = (&req.info.id, &req.info.version);
        let url = w.url(&[id, version], &[]).to_string();
        if req.dry_run {
            return match self.metadata_on(&w, id, version) {
                Ok(m) if !req.force => Err(exists(&w, id, version, &m.artifact_sha256)),
                Ok(_) | Err(RegistryError::NotFound { .. }) => Ok(StorePublished {
                    url,
                    sha256: req.sha256.to_string(),
                }),
                Err(e) => Err(e),
            };
        }
        w.action = "publishing";
        if !w.has_token() {
            return Err(w.refused(401));
        }
        let boundary = format!("gtdx-{}", &req.sha256[..req.sha256.len().min(32)]);
        let (head, tail) = multipart(&boundary, &publish_metadata(req), req)?;
        let kind = format!("multipart/form-data; boundary={boundary}");
        let (file, size) = gtdx_fsx::open_regular(req.pack)?;
        let mut pack = upload::CheckedPack::new(file, size, req.stamp.clone());
        let length = head.len() as u64 + size + tail.len() as u64;
        let sent = {
            let body = std::cell::RefCell::new((&head[..]).chain(&mut pack).chain(&tail[..]));
            w.send(
                "POST",
                w.url(&[], &[]),
                Payload::Stream(&body, length, &kind),
            )
        };
        let answer = match sent {
            Err(_) if pack.changed => {
                return Err(RegistryError::Store(format!(
                    "{}: {} changed after it was verified; the upload was broken off before its end, so nothing was published. Run the command again",
                    w.label,
                    req.pack.display(),
                )));
            }
            other => other?,
        };
        match answer.status {
            200 | 201 => {
                let receipt: Value = w.json(answer, STORE_JSON)?;
                Ok(StorePublished {
                    url: receipt["url"].as_str().map_or(url, str::to_string),
                    sha256: req.sha256.to_string(),
                })
            }
            409 => {
                let detail: Value = w.json(answer, STORE_ERROR).unwrap_or_default();
                let sha = detail["existing_sha"]
                    .as_str()
                    .or(detail["artifactSha256"].as_str())
                    .unwrap_or("unknown");
                Err(exists(&w, id, version, sha))
            }
            _ => Err(w.unexpected(answer)),
        }
    }

    /// Yanks `id@version`: hidden from version lists and "latest", still fetchable by exact pin.
    pub fn yank(&self, id: &str, version: &str, reason: Option<&str>) -> Result<(), RegistryError> {
        let body = serde_json::to_vec(&match reason {
            Some(r) => serde_json::json!({ "reason": r }),
            None => serde_json::json!({}),
        })
        .unwrap_or_default();
        self.set_yank(
            id,
            version,
            "POST",
            Payload::Bytes(&body, "application/json"),
        )
    }

    /// Undoes [`Store::yank`].
    pub fn unyank(&self, id: &str, version: &str) -> Result<(), RegistryError> {
        self.set_yank(id, version, "DELETE", Payload::None)
    }

    fn set_yank(
        &self,
        id: &str,
        version: &str,
        method: &str,
        body: Payload<'_>,
    ) -> Result<(), RegistryError> {
        let action = if method == "POST" {
            "yanking"
        } else {
            "unyanking"
        };
        let w = self.wire(action)?;
        if !w.has_token() {
            return Err(w.refused(401));
        }
        let answer = w.send(method, w.url(&[id, version, "yank"], &[]), body)?;
        match answer.status {
            200..=299 => Ok(()),
            404 => Err(RegistryError::NotFound {
                what: format!("{id}@{version}"),
                registry: w.label.clone(),
                hint: format!(
                    " as a version you may {} (unknown, not yours, or already {})",
                    &action[..action.len() - 3],
                    if method == "POST" {
                        "yanked"
                    } else {
                        "not yanked"
                    }
                ),
            }),
            _ => Err(w.unexpected(answer)),
        }
    }
}

/// The bytes a download reads (and hands on) at a time.
const CHUNK: usize = 256 * 1024;

/// Reads into `buf` until it is full or the body ends; returns how many bytes it holds.
fn fill(reader: &mut impl std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

fn too_large(w: &Wire, limit: Limit) -> RegistryError {
    RegistryError::AnswerTooLarge {
        place: w.label.clone(),
        what: "pack",
        limit: limit.max,
    }
}

fn exists(w: &Wire, id: &str, version: &str, sha: &str) -> RegistryError {
    RegistryError::VersionExists {
        id: id.to_string(),
        version: version.to_string(),
        registry: w.label.clone(),
        place: format!("its pack has sha256 {}", gtdx_contract::text::escape(sha)),
    }
}

/// The `metadata` part, in the platform's shape (camelCase; the signature block beside the
/// describe when it is signed).
fn publish_metadata(req: &StorePublish<'_>) -> Value {
    let sig = &req.describe["signature"];
    let mut meta = serde_json::json!({
        "extId": req.info.id,
        "extName": req.info.name,
        "version": req.info.version,
        "kind": req.info.kind,
        "artifactSha256": req.sha256,
        "describe": req.describe,
        "force": req.force,
    });
    if let (Some(key), Some(value)) = (sig["publicKey"].as_str(), sig["value"].as_str()) {
        meta["signature"] = serde_json::json!({
            "algorithm": sig["algorithm"].as_str().unwrap_or("ed25519").to_ascii_lowercase(),
            "public_key": key,
            "value": value,
            "key_id": req.info.key_id.clone().unwrap_or_default(),
        });
    }
    meta
}

/// The multipart body around the pack: `metadata` (JSON text) then `artifact` (the pack,
/// application/zip). Returns what goes before the pack's bytes and what after, so the pack is
/// sent from where it is, not copied into one body (a 100 MB copy, and as much fresh memory).
fn multipart(
    boundary: &str,
    meta: &Value,
    req: &StorePublish<'_>,
) -> Result<(Vec<u8>, Vec<u8>), RegistryError> {
    let meta = serde_json::to_vec(meta).map_err(|e| RegistryError::Other(e.to_string()))?;
    let file =
        format!("{}-{}.gtxpack", req.info.name, req.info.version).replace(['"', '\r', '\n'], "_");
    let mut head = Vec::with_capacity(meta.len() + 512);
    head.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n")
            .as_bytes(),
    );
    head.extend_from_slice(&meta);
    head.extend_from_slice(
        format!(
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"artifact\"; filename=\"{file}\"\r\nContent-Type: application/zip\r\n\r\n"
        )
        .as_bytes(),
    );
    let tail = format!("\r\n--{boundary}--\r\n").into_bytes();
    Ok((head, tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> PackInfo {
        let d = serde_json::json!({
            "kind": "DesignExtension",
            "metadata": {"id": "gtdx.x", "name": "X", "version": "1.0.0", "summary": "s"},
            "signature": {"algorithm": "Ed25519", "publicKey": "PK", "value": "SIG", "keyId": "k1"}
        });
        PackInfo::from_value(&d, "x").unwrap()
    }

    /// The metadata part carries the platform's camelCase keys, and the signature block in the
    /// platform's snake_case `SignatureBlob` when the describe is signed.
    #[test]
    fn the_metadata_part_is_the_platforms_shape() {
        let describe = serde_json::json!({
            "signature": {"algorithm": "Ed25519", "publicKey": "PK", "value": "SIG"}
        });
        let info = info();
        let req = StorePublish {
            pack: std::path::Path::new("X-1.0.0.gtxpack"),
            stamp: None,
            sha256: "ab",
            describe: &describe,
            info: &info,
            force: false,
            dry_run: false,
        };
        let meta = publish_metadata(&req);
        for key in [
            "extId",
            "extName",
            "version",
            "kind",
            "artifactSha256",
            "describe",
            "force",
        ] {
            assert!(meta.get(key).is_some(), "{key}: {meta}");
        }
        assert_eq!(meta["kind"], "DesignExtension");
        assert_eq!(meta["signature"]["algorithm"], "ed25519");
        assert_eq!(meta["signature"]["public_key"], "PK");
        let (head, tail) = multipart("B", &meta, &req).unwrap();
        let body = [&head[..], b"PK\x03\x04", &tail[..]].concat();
        let text = String::from_utf8_lossy(&body);
        assert!(
            text.starts_with("--B\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n{")
        );
        assert!(text.contains("name=\"artifact\"; filename=\"X-1.0.0.gtxpack\"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04\r\n--B--\r\n"));
    }

    /// Ids and versions are path segments, percent-encoded: nothing a registry answer or a user
    /// types can add a segment or a query.
    #[test]
    fn addresses_are_built_from_segments() {
        let base = Url::parse("https://store.example/prefix/").unwrap();
        let w = Wire::new("s", "the Store s", base, None, Deadline::DEFAULT);
        assert_eq!(
            w.url(&["a/b?c", "1.0.0", "artifact"], &[]).as_str(),
            "https://store.example/prefix/api/v1/extensions/a%2Fb%3Fc/1.0.0/artifact"
        );
        assert_eq!(
            w.url(&[], &[("q", "a b&c")]).as_str(),
            "https://store.example/prefix/api/v1/extensions?q=a+b%26c"
        );
    }

    /// A Store named in a library call is checked as `--registry` checks it: plain http only
    /// to this machine, so a token never crosses the network in clear.
    #[test]
    fn plain_http_to_another_machine_is_refused_before_any_request() {
        let home = Home::new("/nonexistent-home");
        let mut remote = StoreRef {
            name: "s".into(),
            url: "http://store.example".into(),
            insecure: false,
        };
        let e = Store::open(&remote, &home, None).err().unwrap().to_string();
        assert!(e.contains("pass --insecure"), "{e}");
        remote.insecure = true;
        assert!(Store::open(&remote, &home, None).is_ok_and(|s| s.cleartext));
        let local = StoreRef {
            name: "s".into(),
            url: "http://127.0.0.1:9".into(),
            insecure: false,
        };
        assert!(Store::open(&local, &home, None).is_ok_and(|s| !s.cleartext));
    }
}
