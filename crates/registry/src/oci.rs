//! OCI registries: one layer holding the pack bytes with the platform's media types, tag =
//! version, OCI annotations; pulls stream the layer to a staging file, its digest checked and
//! its size capped.
//!
//! gtdx speaks the distribution protocol itself ([`wire`], on a small blocking HTTP client), so
//! that it decides what a hostile registry could otherwise decide for it: where credentials go
//! ([`auth`]: only to the host they are for, never to a token service or redirect elsewhere,
//! never over plain http to another machine), how much of each answer is read (manifests, tag
//! lists, tokens, error bodies: each capped, the limits in docs/security.md), and how long one
//! operation may take in all ([`Deadline`]).
//!
//! Unlike the platform's client (which pulls with a layer media type it never pushes), gtdx
//! pulls exactly the media type it pushes, so what it publishes it can install.

mod auth;
mod wire;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use gtdx_fsx::Limit;
use serde::{Deserialize, Serialize};

use crate::install::StagedPack;
use crate::reference::OciArtifact;
use crate::{Home, RegistryError};
use wire::{Payload, Session};

/// The layer media type (the platform's `GTXPACK_LAYER_MEDIA_TYPE`).
pub const LAYER_MEDIA_TYPE: &str = "application/vnd.greentic.gtxpack.v1";
/// The config media type (the platform's `GTXPACK_CONFIG_MEDIA_TYPE`); the config blob is `{}`.
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.greentic.gtxpack.config.v1+json";
/// The annotation carrying the extension id.
pub const ANNOTATION_ID: &str = "ai.greentic.extension.id";
/// The OCI image manifest's media type (what gtdx pushes).
const MANIFEST_MEDIA_TYPE: &str = "application/vnd.oci.image.manifest.v1+json";
/// What a manifest request accepts: OCI and Docker manifests and indexes (an index is refused
/// by name rather than as a 404).
const MANIFEST_ACCEPT: &str = "application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json, application/vnd.oci.image.index.v1+json, application/vnd.docker.distribution.manifest.list.v2+json";

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;

/// A manifest a registry answers: 4 MiB, the size the OCI distribution specification asks
/// registries to accept at least (a gtdx pack's manifest is under 2 KiB).
pub const REGISTRY_MANIFEST: Limit = Limit {
    what: "manifest",
    max: 4 * MIB,
};
/// A repository's tag list (`/tags/list`): 4 MiB, some hundred thousand tags.
pub const REGISTRY_TAGS: Limit = Limit {
    what: "tag list",
    max: 4 * MIB,
};
/// A token service's answer (`{"token": …}`): 64 KiB, ten times a large JSON web token.
pub const REGISTRY_TOKEN: Limit = Limit {
    what: "token answer",
    max: 64 * KIB,
};
/// Of an error answer, only this much is read (for its message); the rest is never read.
pub const REGISTRY_ERROR: Limit = Limit {
    what: "error answer",
    max: 64 * KIB,
};
/// One registry operation (install's pull, publish's push, search's listing, info), from its
/// first request to its last byte, pack included, unless `--registry-timeout` says otherwise.
pub const REGISTRY_DEADLINE: Duration = Duration::from_secs(300);
/// The most `--registry-timeout` accepts.
pub const REGISTRY_TIMEOUT_MAX: Duration = Duration::from_secs(24 * 3600);
/// `gtdx doctor`'s check that one configured registry answers.
pub const DOCTOR_REGISTRY_DEADLINE: Duration = Duration::from_secs(10);

/// How long one registry operation may take in all, and how a user allows more (for the
/// message when it runs out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    pub limit: Duration,
    /// Said after the limit is hit: how to allow more.
    pub raise: &'static str,
}

impl Deadline {
    /// [`REGISTRY_DEADLINE`], raised with `--registry-timeout`.
    pub const DEFAULT: Deadline = Deadline {
        limit: REGISTRY_DEADLINE,
        raise: "--registry-timeout DURATION allows more (a large pack on a slow link)",
    };
    /// [`DOCTOR_REGISTRY_DEADLINE`].
    pub const DOCTOR: Deadline = Deadline {
        limit: DOCTOR_REGISTRY_DEADLINE,
        raise: "doctor waits this long for each registry; `gtdx search --registry NAME` waits longer",
    };

    /// `--registry-timeout`'s deadline.
    pub fn with_limit(limit: Duration) -> Deadline {
        Deadline {
            limit,
            ..Deadline::DEFAULT
        }
    }

    /// At most [`REGISTRY_TIMEOUT_MAX`] (the command line refuses more; a library caller
    /// cannot overflow a clock with it either).
    fn clamped(self) -> Deadline {
        Deadline {
            limit: self.limit.min(REGISTRY_TIMEOUT_MAX),
            ..self
        }
    }
}

/// `--registry-timeout`: `90s`, `500ms`, `10m`, `1h` or a number of seconds, more than zero
/// and at most [`REGISTRY_TIMEOUT_MAX`].
pub fn parse_registry_timeout(given: &str) -> Result<Duration, String> {
    let s = given.trim();
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let syntax = || format!("`{s}` is not a duration; write 90s, 10m or 1h");
    let n: u64 = num.parse().map_err(|_| syntax())?;
    let d = match unit {
        "" | "s" => Duration::from_secs(n),
        "ms" => Duration::from_millis(n),
        "m" => Duration::from_secs(n.saturating_mul(60)),
        "h" => Duration::from_secs(n.saturating_mul(3600)),
        _ => return Err(syntax()),
    };
    if d.is_zero() {
        return Err(format!(
            "`{s}`: a registry operation needs more than no time; the default is {} s",
            REGISTRY_DEADLINE.as_secs()
        ));
    }
    if d > REGISTRY_TIMEOUT_MAX {
        return Err(format!(
            "`{s}` is past the longest registry deadline gtdx accepts, {} s (24h; REGISTRY_TIMEOUT_MAX in docs/security.md)",
            REGISTRY_TIMEOUT_MAX.as_secs()
        ));
    }
    Ok(d)
}

/// How to reach a registry, and whose credentials go where (see [`auth`]).
#[derive(Clone, Default)]
pub struct OciOptions {
    /// Allow plain HTTP to a registry that is not on this machine (never with credentials).
    pub insecure: bool,
    /// `--oci-user` (with the token as the password).
    pub user: Option<String>,
    /// `--oci-token`: sent only to a registry the command line names.
    pub token: Option<String>,
    /// The user's home, for `~/.docker/config.json`.
    pub user_home: Option<PathBuf>,
    /// The registries and artifacts the command line names, as given (`--registry` values,
    /// an `oci://` argument): `--oci-token` and `$OCI_TOKEN` go to their hosts only, never to
    /// one read from a worker spec or a registry's answer.
    pub named: Vec<String>,
    /// The Greentic home: `--registry NAME` resolves in its config.toml, whose entries may
    /// name a token variable (`token-env`) for their host.
    pub home: Option<Home>,
    /// How long one operation may take ([`Deadline::DEFAULT`] when `None`).
    pub deadline: Option<Deadline>,
}

impl std::fmt::Debug for OciOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OciOptions")
            .field("insecure", &self.insecure)
            .field("user", &self.user)
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field("user_home", &self.user_home)
            .field("named", &self.named)
            .field("home", &self.home)
            .field("deadline", &self.deadline)
            .finish()
    }
}

/// What a push did.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pushed {
    /// `oci://host/repo:tag`.
    pub tagged: String,
    /// `oci://host/repo@sha256:…`, the digest-pinned reference.
    pub pinned: String,
    pub digest: String,
    pub replaced: bool,
}

/// A descriptor of a manifest (config or layer), as pushed and as read back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    media_type: String,
    digest: String,
    size: i64,
}

/// The image manifest gtdx pushes.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ManifestOut<'a> {
    schema_version: u8,
    media_type: &'static str,
    config: Descriptor,
    layers: Vec<Descriptor>,
    annotations: &'a BTreeMap<String, String>,
}

/// A manifest as a registry answers it (an index has `manifests` instead of `layers`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ManifestIn {
    #[serde(default)]
    media_type: Option<String>,
    #[serde(default)]
    manifests: Option<serde_json::Value>,
    #[serde(default)]
    layers: Vec<Descriptor>,
    #[serde(default)]
    annotations: Option<BTreeMap<String, String>>,
}

/// The tags of a repository (empty when the repository does not exist).
pub fn list_tags(art: &OciArtifact, opts: &OciOptions) -> Result<Vec<String>, RegistryError> {
    let mut s = Session::new(art, opts, false);
    tags(&mut s)
}

fn tags(s: &mut Session) -> Result<Vec<String>, RegistryError> {
    s.action = "listing tags";
    let url = s.url("tags/list")?;
    let answer = s.send("GET", url, &[("accept", "application/json")], Payload::None)?;
    match answer.status {
        200 => {
            let bytes = s.read_capped(answer, REGISTRY_TAGS)?;
            #[derive(Deserialize)]
            struct TagList {
                #[serde(default)]
                tags: Option<Vec<String>>,
            }
            let list: TagList = serde_json::from_slice(&bytes).map_err(|e| {
                RegistryError::Oci(format!(
                    "the registry at {} answered a tag list that is not JSON ({e})",
                    s.host
                ))
            })?;
            Ok(list.tags.unwrap_or_default())
        }
        404 => {
            // No repository yet: the registry's own code says so (a 404 without one is a
            // server that is not a registry).
            let (codes, detail) = s.error_detail(answer);
            if codes
                .iter()
                .any(|c| matches!(c.as_str(), "NAME_UNKNOWN" | "MANIFEST_UNKNOWN"))
            {
                Ok(Vec::new())
            } else {
                Err(s.failure(404, &codes, &detail))
            }
        }
        _ => Err(s.unexpected(answer)),
    }
}

/// What to push.
pub struct PushRequest<'a> {
    /// `tag` is the version; `digest` is ignored.
    pub artifact: &'a OciArtifact,
    pub bytes: Vec<u8>,
    /// The lowercase-hex SHA-256 of `bytes`: the caller has hashed them already (a pack's
    /// digest is checked before it is published), and a second pass is not free at 100 MB.
    pub sha256: &'a str,
    pub annotations: BTreeMap<String, String>,
    pub force: bool,
    pub dry_run: bool,
}

/// Pushes a pack as a one-layer artifact; refuses an existing tag unless `force`.
pub fn push(req: PushRequest<'_>, opts: &OciOptions) -> Result<Pushed, RegistryError> {
    let art = req.artifact;
    let tag = art.tag.clone().unwrap_or_default();
    let mut s = Session::new(art, opts, true);
    let existing = tags(&mut s)?;
    let replaced = existing.contains(&tag);
    if replaced && !req.force {
        return Err(RegistryError::VersionExists {
            id: req
                .annotations
                .get(ANNOTATION_ID)
                .cloned()
                .unwrap_or_default(),
            version: tag.clone(),
            registry: format!("oci://{}/{}", art.host, art.repository),
            place: format!("tag {tag}"),
        });
    }
    // The manifest is built here with the digest the caller has: no second pass over a pack
    // that can be hundreds of megabytes. Its bytes are the ones pushed, so its digest is exact.
    let config = b"{}".to_vec();
    let layer_digest = format!("sha256:{}", req.sha256);
    let config_digest = format!("sha256:{}", crate::sha256_hex(&config));
    let manifest = ManifestOut {
        schema_version: 2,
        media_type: MANIFEST_MEDIA_TYPE,
        config: Descriptor {
            media_type: CONFIG_MEDIA_TYPE.to_string(),
            digest: config_digest.clone(),
            size: config.len() as i64,
        },
        layers: vec![Descriptor {
            media_type: LAYER_MEDIA_TYPE.to_string(),
            digest: layer_digest.clone(),
            size: req.bytes.len() as i64,
        }],
        annotations: &req.annotations,
    };
    let manifest_bytes = serde_json::to_vec(&manifest)
        .map_err(|e| RegistryError::Other(format!("cannot write the manifest: {e}")))?;
    let digest = format!("sha256:{}", crate::sha256_hex(&manifest_bytes));
    let tagged = format!("oci://{}/{}:{tag}", art.host, art.repository);
    let pinned = format!("oci://{}/{}@{digest}", art.host, art.repository);
    if req.dry_run {
        return Ok(Pushed {
            tagged,
            pinned,
            digest,
            replaced,
        });
    }
    s.action = "pushing";
    upload_blob(&mut s, &layer_digest, &req.bytes)?;
    upload_blob(&mut s, &config_digest, &config)?;
    let url = s.url(&format!("manifests/{tag}"))?;
    let answer = s.send(
        "PUT",
        url,
        &[],
        Payload::Bytes(&manifest_bytes, MANIFEST_MEDIA_TYPE),
    )?;
    if !(200..300).contains(&answer.status) {
        return Err(s.unexpected(answer));
    }
    Ok(Pushed {
        tagged,
        pinned,
        digest,
        replaced,
    })
}

/// Uploads one blob unless the registry has it: `HEAD`, then a monolithic upload (`POST` for a
/// location, `PUT` with the bytes and the digest).
fn upload_blob(s: &mut Session, digest: &str, bytes: &[u8]) -> Result<(), RegistryError> {
    let url = s.url(&format!("blobs/{digest}"))?;
    let head = s.send("HEAD", url, &[], Payload::None)?;
    if head.status == 200 {
        return Ok(());
    }
    drop(head);
    let url = s.url("blobs/uploads/")?;
    let started = s.send(
        "POST",
        url,
        &[],
        Payload::Bytes(&[], "application/octet-stream"),
    )?;
    if started.status != 202 {
        return Err(s.unexpected(started));
    }
    let mut location = s.location(&started)?;
    location.query_pairs_mut().append_pair("digest", digest);
    drop(started);
    let done = s.send(
        "PUT",
        location,
        &[],
        Payload::Bytes(bytes, "application/octet-stream"),
    )?;
    if !(200..300).contains(&done.status) {
        return Err(s.unexpected(done));
    }
    Ok(())
}

/// What a pull found.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pulled {
    /// The manifest digest (`sha256:…`).
    pub digest: String,
    pub pinned: String,
    pub annotations: BTreeMap<String, String>,
    pub size: u64,
}

/// The manifest of an artifact: its digest, annotations and layer, checked to be a pack.
pub fn inspect(art: &OciArtifact, opts: &OciOptions) -> Result<Pulled, RegistryError> {
    let mut s = Session::new(art, opts, false);
    let (m, digest) = manifest(&mut s, art)?;
    Ok(Pulled {
        pinned: format!("oci://{}/{}@{digest}", art.host, art.repository),
        digest,
        annotations: m.annotations.clone().unwrap_or_default(),
        size: u64::try_from(m.layers[0].size).unwrap_or(0),
    })
}

/// Whether `d` is `sha256:` and 64 lowercase hex digits (a digest a registry names is checked
/// before it goes into a URL).
fn is_sha256_digest(d: &str) -> bool {
    d.strip_prefix("sha256:").is_some_and(|h| {
        h.len() == 64
            && h.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

fn manifest(s: &mut Session, art: &OciArtifact) -> Result<(ManifestIn, String), RegistryError> {
    s.action = "fetching the manifest";
    let reference = match (&art.digest, &art.tag) {
        (Some(d), _) => d.clone(),
        (None, Some(t)) => t.clone(),
        (None, None) => "latest".to_string(),
    };
    let url = s.url(&format!("manifests/{reference}"))?;
    let answer = s.send("GET", url, &[("accept", MANIFEST_ACCEPT)], Payload::None)?;
    if answer.status != 200 {
        return Err(s.unexpected(answer));
    }
    let bytes = s.read_capped(answer, REGISTRY_MANIFEST)?;
    let digest = format!("sha256:{}", crate::sha256_hex(&bytes));
    let place = art.display();
    if let Some(want) = &art.digest
        && *want != digest
    {
        return Err(RegistryError::Oci(format!(
            "{place}: the registry answered with manifest {digest}, not the digest asked for; refusing it"
        )));
    }
    let m: ManifestIn = serde_json::from_slice(&bytes).map_err(|e| {
        RegistryError::Oci(format!(
            "{place}: the registry's manifest is not an OCI manifest ({e}); refusing it"
        ))
    })?;
    let media = m.media_type.as_deref().unwrap_or("");
    if m.manifests.is_some() || media.contains("index") || media.contains("manifest.list") {
        return Err(RegistryError::Oci(format!(
            "{place} is an image index, not a gtdx pack artifact"
        )));
    }
    if m.layers.len() != 1 || m.layers[0].media_type != LAYER_MEDIA_TYPE {
        return Err(RegistryError::Oci(format!(
            "{place} is not a gtdx pack artifact: expected one layer of media type {LAYER_MEDIA_TYPE}, found {}",
            gtdx_contract::text::join_untrusted(
                &m.layers
                    .iter()
                    .map(|l| l.media_type.as_str())
                    .collect::<Vec<_>>(),
                ", "
            )
        )));
    }
    if !is_sha256_digest(&m.layers[0].digest) {
        return Err(RegistryError::Oci(format!(
            "{place} is not a gtdx pack artifact: its layer's digest is not sha256:<64 hex digits>"
        )));
    }
    let size = m.layers[0].size;
    let cap = gtdx_fsx::limits::PACK.max;
    if size < 0 || size as u64 > cap {
        return Err(RegistryError::Oci(format!(
            "{place}: its layer declares {size} bytes, more than the {} gtdx pulls of a pack",
            gtdx_fsx::read::human_bytes(cap)
        )));
    }
    Ok((m, digest))
}

/// Pulls an artifact's pack into a staging file, its size held to what the manifest declares
/// and its SHA-256 checked against the layer's digest.
pub fn pull(
    art: &OciArtifact,
    home: &Home,
    opts: &OciOptions,
) -> Result<(StagedPack, Pulled), RegistryError> {
    let mut s = Session::new(art, opts, false);
    let (m, digest) = manifest(&mut s, art)?;
    let layer = &m.layers[0];
    let declared = u64::try_from(layer.size).unwrap_or(0);
    s.action = "pulling the pack";
    let url = s.url(&format!("blobs/{}", layer.digest))?;
    let answer = s.send("GET", url, &[], Payload::None)?;
    if answer.status != 200 {
        return Err(s.unexpected(answer));
    }
    let (mut staged, mut file) = StagedPack::create(home, "pull")?;
    let mut reader = Session::into_reader(answer);
    let mut hasher = <sha2::Sha256 as sha2::Digest>::new();
    let mut written: u64 = 0;
    let mut buf = vec![0u8; 256 * 1024];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(s.reading(&e)),
        };
        if written + n as u64 > declared {
            return Err(RegistryError::Oci(format!(
                "{}: the registry sent more bytes than the manifest declares ({declared}); refusing it",
                art.display()
            )));
        }
        sha2::Digest::update(&mut hasher, &buf[..n]);
        file.write_all(&buf[..n])
            .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
        written += n as u64;
    }
    if written != declared {
        return Err(RegistryError::Oci(format!(
            "{}: the layer is {}, its manifest says {declared}; refusing it",
            art.display(),
            gtdx_contract::text::count(written as usize, "byte", "bytes")
        )));
    }
    let hex = gtdx_pack::hex(&sha2::Digest::finalize(hasher));
    if format!("sha256:{hex}") != layer.digest {
        return Err(RegistryError::Oci(format!(
            "{}: the pulled bytes do not match their digest (the layer is sha256:{hex}, the manifest names {}); the registry's copy is corrupt or was tampered with. Nothing was installed",
            art.display(),
            layer.digest
        )));
    }
    file.flush()
        .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
    staged.sha256 = hex;
    staged.size = written;
    Ok((
        staged,
        Pulled {
            pinned: format!("oci://{}/{}@{digest}", art.host, art.repository),
            digest,
            annotations: m.annotations.clone().unwrap_or_default(),
            size: declared,
        },
    ))
}

/// The annotations gtdx writes on a pushed pack.
pub fn annotations(
    id: &str,
    version: &str,
    source: Option<&str>,
    revision: Option<&str>,
) -> BTreeMap<String, String> {
    let mut a = BTreeMap::new();
    a.insert(
        "org.opencontainers.image.version".into(),
        version.to_string(),
    );
    a.insert("org.opencontainers.image.created".into(), now_rfc3339());
    a.insert("org.opencontainers.image.title".into(), id.to_string());
    if let Some(s) = source {
        a.insert("org.opencontainers.image.source".into(), s.to_string());
    }
    if let Some(r) = revision {
        a.insert("org.opencontainers.image.revision".into(), r.to_string());
    }
    a.insert(ANNOTATION_ID.into(), id.to_string());
    a
}

/// UTC now as RFC 3339 (`2026-01-02T03:04:05Z`), or `SOURCE_DATE_EPOCH` when set (reproducible
/// builds).
fn now_rfc3339() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gtdx_test_support::assert_documented_limit;

    #[test]
    fn dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_454), (2026, 1, 1));
    }

    /// Every body cap and deadline is the value docs/security.md states.
    #[test]
    fn every_registry_body_is_capped_as_documented() {
        let bytes = |l: Limit| gtdx_fsx::read::human_bytes(l.max);
        assert_documented_limit("REGISTRY_MANIFEST", &bytes(REGISTRY_MANIFEST));
        assert_documented_limit("REGISTRY_TAGS", &bytes(REGISTRY_TAGS));
        assert_documented_limit("REGISTRY_TOKEN", &bytes(REGISTRY_TOKEN));
        assert_documented_limit("REGISTRY_ERROR", &bytes(REGISTRY_ERROR));
        let secs = |d: Duration| format!("{} s", d.as_secs());
        assert_documented_limit("REGISTRY_DEADLINE", &secs(REGISTRY_DEADLINE));
        assert_documented_limit("DOCTOR_REGISTRY_DEADLINE", &secs(DOCTOR_REGISTRY_DEADLINE));
        assert_eq!(REGISTRY_TIMEOUT_MAX.as_secs(), 86_400);
        assert_documented_limit(
            "REGISTRY_TIMEOUT_MAX",
            &format!("1 day ({} s)", REGISTRY_TIMEOUT_MAX.as_secs()),
        );
        assert_eq!(Deadline::DEFAULT.limit, REGISTRY_DEADLINE);
        assert_eq!(Deadline::DOCTOR.limit, DOCTOR_REGISTRY_DEADLINE);
    }

    #[test]
    fn every_registry_body_is_capped_the_deadline_option() {
        assert_eq!(parse_registry_timeout("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_registry_timeout("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_registry_timeout("24h"), Ok(REGISTRY_TIMEOUT_MAX));
        assert_eq!(
            parse_registry_timeout("1500ms"),
            Ok(Duration::from_millis(1500))
        );
        assert_eq!(parse_registry_timeout("45"), Ok(Duration::from_secs(45)));
        for bad in [
            "0",
            "0s",
            "25h",
            "86401",
            "soon",
            "",
            "-1",
            "99999999999999999999h",
        ] {
            assert!(parse_registry_timeout(bad).is_err(), "{bad}");
        }
        // A library caller passing more is held to the maximum (no clock overflows).
        let huge = Deadline::with_limit(Duration::MAX).clamped();
        assert_eq!(huge.limit, REGISTRY_TIMEOUT_MAX);
    }

    #[test]
    fn credentials_go_only_where_they_belong_options_never_print_the_token() {
        let opts = OciOptions {
            token: Some("flag-secret".into()),
            ..Default::default()
        };
        assert!(!format!("{opts:?}").contains("flag-secret"));
    }
}
