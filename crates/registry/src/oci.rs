//! OCI registries through `oci-client`: one layer holding the pack bytes with the platform's
//! media types, tag = version, OCI annotations; pulls stream the layer to a staging file, its
//! digest checked and its size capped. Each call runs on its own current-thread tokio runtime:
//! gtdx is synchronous everywhere else.
//!
//! Unlike the platform's client (which pulls with a layer media type it never pushes), gtdx
//! pulls exactly the media type it pushes, so what it publishes it can install.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::pin::Pin;
use std::task::{Context, Poll};

use base64::Engine as _;
use oci_client::client::{ClientConfig, ClientProtocol};
use oci_client::errors::OciDistributionError;
use oci_client::manifest::{OciDescriptor, OciImageManifest, OciManifest};
use oci_client::secrets::RegistryAuth;
use oci_client::{Client, Reference};
use serde_json::Value;

use crate::install::StagedPack;
use crate::reference::{OciArtifact, is_loopback};
use crate::{Home, RegistryError};

/// The layer media type (the platform's `GTXPACK_LAYER_MEDIA_TYPE`).
pub const LAYER_MEDIA_TYPE: &str = "application/vnd.greentic.gtxpack.v1";
/// The config media type (the platform's `GTXPACK_CONFIG_MEDIA_TYPE`); the config blob is `{}`.
pub const CONFIG_MEDIA_TYPE: &str = "application/vnd.greentic.gtxpack.config.v1+json";
/// The annotation carrying the extension id.
pub const ANNOTATION_ID: &str = "ai.greentic.extension.id";

/// How to reach a registry.
#[derive(Debug, Clone, Default)]
pub struct OciOptions {
    /// Allow plain HTTP to a registry that is not on this machine.
    pub insecure: bool,
    /// `--oci-user` (with `--oci-token` as the password).
    pub user: Option<String>,
    /// `--oci-token`.
    pub token: Option<String>,
    /// The user's home, for `~/.docker/config.json`.
    pub user_home: Option<PathBuf>,
}

/// Where the credentials came from (never the credentials themselves).
fn auth_for(host: &str, opts: &OciOptions) -> (RegistryAuth, &'static str) {
    let user_for = |host: &str| {
        if host.ends_with("ghcr.io") {
            "oauth2".to_string()
        } else {
            "token".to_string()
        }
    };
    if let Some(token) = opts.token.clone().filter(|t| !t.is_empty()) {
        let user = opts.user.clone().unwrap_or_else(|| user_for(host));
        return (RegistryAuth::Basic(user, token), "--oci-token");
    }
    for var in ["OCI_TOKEN", "GITHUB_TOKEN"] {
        if let Some(token) = std::env::var(var).ok().filter(|t| !t.is_empty()) {
            let user = opts.user.clone().unwrap_or_else(|| user_for(host));
            return (
                RegistryAuth::Basic(user, token),
                if var == "OCI_TOKEN" {
                    "$OCI_TOKEN"
                } else {
                    "$GITHUB_TOKEN"
                },
            );
        }
    }
    if let Some((u, p)) = docker_config_auth(host, opts) {
        return (RegistryAuth::Basic(u, p), "~/.docker/config.json");
    }
    (RegistryAuth::Anonymous, "no credentials")
}

/// `auths.<host>.auth` (base64 `user:password`) of `$DOCKER_CONFIG/config.json` or
/// `~/.docker/config.json`, as docker, oras and helm read it. Credential helpers are not run.
fn docker_config_auth(host: &str, opts: &OciOptions) -> Option<(String, String)> {
    let path = match std::env::var_os("DOCKER_CONFIG") {
        Some(d) => PathBuf::from(d).join("config.json"),
        None => opts.user_home.as_ref()?.join(".docker").join("config.json"),
    };
    let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::REGISTRY_FILE).ok()?;
    let doc: Value = serde_json::from_slice(&bytes).ok()?;
    let auths = doc.get("auths")?.as_object()?;
    let entry = auths.iter().find_map(|(k, v)| {
        let k = k
            .trim_start_matches("https://")
            .trim_start_matches("http://")
            .trim_end_matches('/');
        (k == host).then_some(v)
    })?;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(entry.get("auth")?.as_str()?)
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (u, p) = text.split_once(':')?;
    Some((u.to_string(), p.to_string()))
}

fn client(host: &str, opts: &OciOptions) -> Client {
    let protocol = if is_loopback(host) || opts.insecure {
        ClientProtocol::Http
    } else {
        ClientProtocol::Https
    };
    Client::new(ClientConfig {
        protocol,
        use_monolithic_push: true,
        connect_timeout: Some(std::time::Duration::from_secs(10)),
        read_timeout: Some(std::time::Duration::from_secs(120)),
        ..ClientConfig::default()
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, RegistryError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| RegistryError::Other(format!("cannot start the network runtime: {e}")))
}

fn reference(art: &OciArtifact) -> Reference {
    match (&art.digest, &art.tag) {
        (Some(d), _) => Reference::with_digest(art.host.clone(), art.repository.clone(), d.clone()),
        (None, Some(t)) => Reference::with_tag(art.host.clone(), art.repository.clone(), t.clone()),
        (None, None) => {
            Reference::with_tag(art.host.clone(), art.repository.clone(), "latest".into())
        }
    }
}

/// One paragraph for a failed registry call: the address, what went wrong, how to fix it.
fn explain(
    e: &OciDistributionError,
    art: &OciArtifact,
    action: &str,
    auth_source: &str,
) -> RegistryError {
    let place = art.display();
    let text = e.to_string();
    let lower = text.to_lowercase();
    let msg = match e {
        OciDistributionError::UnauthorizedError { .. }
        | OciDistributionError::AuthenticationFailure(_) => format!(
            "{place}: the registry refused the credentials ({auth_source}) while {action}: {text}. Check the user and token (--oci-user, --oci-token, $OCI_TOKEN, $GITHUB_TOKEN or ~/.docker/config.json) and that the token may {}",
            if action.starts_with("push") {
                "push (write:packages on GHCR)"
            } else {
                "pull"
            }
        ),
        OciDistributionError::RequestError(re) if re.is_connect() || re.is_timeout() => format!(
            "cannot reach the registry at {} while {action}: {}. Is it running, and is the address right? (plain HTTP is used only for this machine or with --insecure)",
            art.host,
            crate_error_chain(re)
        ),
        OciDistributionError::DigestError(_) => format!(
            "{place}: the pulled bytes do not match their digest ({text}); the registry's copy is corrupt or was tampered with. Nothing was installed"
        ),
        // The registry's own error codes first; the text is only a fallback (an address may
        // hold "401" or "403", as the port 44037 does).
        OciDistributionError::RegistryError { envelope, .. }
            if envelope.errors.iter().any(|x| {
                matches!(
                    x.code,
                    oci_client::errors::OciErrorCode::NameUnknown
                        | oci_client::errors::OciErrorCode::ManifestUnknown
                        | oci_client::errors::OciErrorCode::BlobUnknown
                )
            }) =>
        {
            format!(
                "{place} is not in the registry ({text}). `gtdx search --registry oci://HOST/REPOSITORY` lists its tags"
            )
        }
        _ if lower.contains("manifest unknown")
            || lower.contains("not found")
            || lower.contains("name unknown") =>
        {
            format!(
                "{place} is not in the registry ({text}). `gtdx search --registry oci://HOST/REPOSITORY` lists its tags"
            )
        }
        _ if lower.contains("unauthorized")
            || lower.contains("denied")
            || lower.contains("401")
            || lower.contains("403") =>
        {
            format!(
                "{place}: the registry refused the credentials ({auth_source}) while {action}: {text}. Check the user and token (--oci-user, --oci-token, $OCI_TOKEN, $GITHUB_TOKEN or ~/.docker/config.json)"
            )
        }
        OciDistributionError::RequestError(re) => format!(
            "the registry at {} failed while {action}: {}",
            art.host,
            crate_error_chain(re)
        ),
        _ => format!("{place}: {action} failed: {text}"),
    };
    RegistryError::Oci(msg)
}

fn crate_error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(c) = src {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        src = c.source();
    }
    s
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

/// The tags of a repository (empty when the repository does not exist).
pub fn list_tags(art: &OciArtifact, opts: &OciOptions) -> Result<Vec<String>, RegistryError> {
    let rt = runtime()?;
    let c = client(&art.host, opts);
    let (auth, source) = auth_for(&art.host, opts);
    rt.block_on(tags(&c, art, &auth, source))
}

async fn tags(
    c: &Client,
    art: &OciArtifact,
    auth: &RegistryAuth,
    source: &str,
) -> Result<Vec<String>, RegistryError> {
    let r = reference(art);
    match c.list_tags(&r, auth, None, None).await {
        Ok(t) => Ok(t.tags),
        Err(OciDistributionError::RegistryError { envelope, .. })
            if envelope.errors.iter().any(|e| {
                matches!(
                    e.code,
                    oci_client::errors::OciErrorCode::NameUnknown
                        | oci_client::errors::OciErrorCode::ManifestUnknown
                )
            }) =>
        {
            Ok(Vec::new())
        }
        Err(e) => Err(explain(&e, art, "listing tags", source)),
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
    let rt = runtime()?;
    let c = client(&art.host, opts);
    let (auth, source) = auth_for(&art.host, opts);
    rt.block_on(async {
        let existing = tags(&c, art, &auth, source).await?;
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
        // The manifest is built here, not by `OciImageManifest::build` and `Client::push`: each
        // of those hashes every layer again, two SHA-256 passes over a pack that can be hundreds
        // of megabytes, and the caller has its digest. The pushes are the ones `push` makes.
        let config = b"{}".to_vec();
        let manifest = OciImageManifest {
            config: OciDescriptor {
                media_type: CONFIG_MEDIA_TYPE.to_string(),
                digest: format!("sha256:{}", crate::sha256_hex(&config)),
                size: config.len() as i64,
                ..Default::default()
            },
            layers: vec![OciDescriptor {
                media_type: LAYER_MEDIA_TYPE.to_string(),
                digest: format!("sha256:{}", req.sha256),
                size: req.bytes.len() as i64,
                ..Default::default()
            }],
            annotations: Some(req.annotations),
            ..Default::default()
        };
        let digest = manifest_digest(&manifest);
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
        let r = reference(art);
        let pushing = |e| explain(&e, art, "pushing", source);
        c.store_auth_if_needed(r.resolve_registry(), &auth).await;
        c.push_blob(&r, &req.bytes, &manifest.layers[0].digest)
            .await
            .map_err(pushing)?;
        c.push_blob(&r, &config, &manifest.config.digest)
            .await
            .map_err(pushing)?;
        c.push_manifest(&r, &OciManifest::Image(manifest))
            .await
            .map_err(pushing)?;
        // The registry's word on the digest (the manifest bytes it stored).
        let digest = c.fetch_manifest_digest(&r, &auth).await.unwrap_or(digest);
        Ok(Pushed {
            pinned: format!("oci://{}/{}@{digest}", art.host, art.repository),
            tagged,
            digest,
            replaced,
        })
    })
}

/// The digest of a manifest as oci-client serialises it for the push.
fn manifest_digest(m: &OciImageManifest) -> String {
    let bytes = serde_json::to_vec(m).unwrap_or_default();
    format!("sha256:{}", crate::sha256_hex(&bytes))
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
    let rt = runtime()?;
    let c = client(&art.host, opts);
    let (auth, source) = auth_for(&art.host, opts);
    rt.block_on(async {
        let (m, digest) = manifest(&c, art, &auth, source).await?;
        Ok(Pulled {
            pinned: format!("oci://{}/{}@{digest}", art.host, art.repository),
            digest,
            annotations: m.annotations.clone().unwrap_or_default(),
            size: u64::try_from(m.layers[0].size).unwrap_or(0),
        })
    })
}

async fn manifest(
    c: &Client,
    art: &OciArtifact,
    auth: &RegistryAuth,
    source: &str,
) -> Result<(OciImageManifest, String), RegistryError> {
    let r = reference(art);
    let (m, digest) = c
        .pull_manifest(&r, auth)
        .await
        .map_err(|e| explain(&e, art, "fetching the manifest", source))?;
    let place = art.display();
    let OciManifest::Image(m) = m else {
        return Err(RegistryError::Oci(format!(
            "{place} is an image index, not a gtdx pack artifact"
        )));
    };
    if let Some(want) = &art.digest
        && *want != digest
    {
        return Err(RegistryError::Oci(format!(
            "{place}: the registry answered with manifest {digest}, not the digest asked for; refusing it"
        )));
    }
    if m.layers.len() != 1 || m.layers[0].media_type != LAYER_MEDIA_TYPE {
        return Err(RegistryError::Oci(format!(
            "{place} is not a gtdx pack artifact: expected one layer of media type {LAYER_MEDIA_TYPE}, found {}",
            m.layers
                .iter()
                .map(|l| l.media_type.as_str())
                .collect::<Vec<_>>()
                .join(", ")
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

/// Pulls an artifact's pack into a staging file; the layer's digest is checked by oci-client
/// as it streams, its size against what the manifest declared.
pub fn pull(
    art: &OciArtifact,
    home: &Home,
    opts: &OciOptions,
) -> Result<(StagedPack, Pulled), RegistryError> {
    let rt = runtime()?;
    let c = client(&art.host, opts);
    let (auth, source) = auth_for(&art.host, opts);
    rt.block_on(async {
        let (m, digest) = manifest(&c, art, &auth, source).await?;
        let layer = &m.layers[0];
        let declared = u64::try_from(layer.size).unwrap_or(0);
        let (mut staged, file) = StagedPack::create(home, "pull")?;
        let mut sink = Sink {
            file,
            written: 0,
            cap: declared,
            hasher: sha2::Digest::new(),
        };
        let r = reference(art);
        c.pull_blob(&r, layer, &mut sink)
            .await
            .map_err(|e| explain(&e, art, "pulling the pack", source))?;
        if sink.written != declared {
            return Err(RegistryError::Oci(format!(
                "{}: the layer is {}, its manifest says {declared}; refusing it",
                art.display(),
                gtdx_contract::text::count(sink.written as usize, "byte", "bytes")
            )));
        }
        sink.file
            .flush()
            .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
        staged.sha256 = gtdx_pack::hex(&sha2::Digest::finalize(sink.hasher));
        staged.size = sink.written;
        Ok((
            staged,
            Pulled {
                pinned: format!("oci://{}/{}@{digest}", art.host, art.repository),
                digest,
                annotations: m.annotations.clone().unwrap_or_default(),
                size: declared,
            },
        ))
    })
}

/// Writes the pulled bytes to the staging file (synchronously: the runtime runs one task),
/// hashing them and refusing more than the manifest declared.
struct Sink {
    file: std::fs::File,
    written: u64,
    cap: u64,
    hasher: sha2::Sha256,
}

impl tokio::io::AsyncWrite for Sink {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        if this.written + buf.len() as u64 > this.cap {
            return Poll::Ready(Err(std::io::Error::other(
                "the registry sent more bytes than the manifest declares",
            )));
        }
        sha2::Digest::update(&mut this.hasher, buf);
        this.file.write_all(buf)?;
        this.written += buf.len() as u64;
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(self.file.flush())
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.poll_flush(cx)
    }
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
    #[test]
    fn dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_454), (2026, 1, 1));
    }
}
