//! What users name: a registry (`--registry`) and a thing to install.

use std::path::PathBuf;

use gtdx_contract::urls::without_credentials;

use crate::{Home, RegistryError};

/// A registry, as `--registry` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegistryRef {
    /// A directory registry in the platform's layout (`local` is `<home>/registries/local`).
    Dir { root: PathBuf, label: String },
    /// An OCI registry: repositories `NAMESPACE/NAME`, or `NAMESPACE/<extension id>`.
    Oci(OciRepo),
    /// A Greentic Store (`https://…`, plain `http://` to this machine only, or a name whose
    /// entry has such a URL, `greentic-store` built in).
    Store(StoreRef),
}

/// A Greentic Store: the name its token is kept under (`gtdx login --registry NAME`; the URL
/// itself when given as one) and its base URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreRef {
    pub name: String,
    pub url: String,
    /// Plain http to another machine was allowed (`--insecure`): no token is sent to it.
    pub insecure: bool,
}

impl StoreRef {
    /// Whether requests to it cross the network unencrypted (plain http, not to this machine),
    /// so a token must not go with them.
    pub fn cleartext(&self) -> bool {
        crate::config::check_url(&self.url, false) == Err(crate::config::UrlProblem::Cleartext)
    }
}

/// `oci://HOST/NAMESPACE[/NAME]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OciRepo {
    /// `host[:port]`.
    pub host: String,
    pub namespace: String,
    /// The repository's last segment when given; otherwise the extension id is used.
    pub name: Option<String>,
}

impl OciRepo {
    /// The repository path for extension `id`.
    pub fn repository(&self, id: &str) -> String {
        let name = self.name.as_deref().unwrap_or(id);
        format!("{}/{name}", self.namespace)
    }
}

/// An OCI artifact: `oci://HOST/REPOSITORY[:TAG|@DIGEST]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OciArtifact {
    pub host: String,
    pub repository: String,
    pub tag: Option<String>,
    pub digest: Option<String>,
}

impl OciArtifact {
    /// `oci://host/repo@digest` (or `:tag` when no digest is known).
    pub fn display(&self) -> String {
        match (&self.digest, &self.tag) {
            (Some(d), _) => format!("oci://{}/{}@{d}", self.host, self.repository),
            (None, Some(t)) => format!("oci://{}/{}:{t}", self.host, self.repository),
            (None, None) => format!("oci://{}/{}", self.host, self.repository),
        }
    }
}

impl RegistryRef {
    /// [`RegistryRef::parse_with`] without `--insecure`: a Store only over https or on loopback.
    pub fn parse(given: &str, home: &Home) -> Result<RegistryRef, RegistryError> {
        RegistryRef::parse_with(given, home, false)
    }

    /// Parses `local`, `file://DIR`, `oci://HOST/NAMESPACE[/NAME]`, a Store's URL or a
    /// configured name. `insecure` (`--insecure`) lets a Store be reached over plain http on
    /// another machine; refused without it, naming the Store and the flag.
    pub fn parse_with(
        given: &str,
        home: &Home,
        insecure: bool,
    ) -> Result<RegistryRef, RegistryError> {
        let bad = |why: &str| RegistryError::BadRegistry {
            given: without_credentials(given).into_owned(),
            why: why.to_string(),
        };
        if gtdx_contract::urls::has_credentials(given) {
            return Err(bad(CREDENTIALS_IN_URL));
        }
        if given == "local" {
            let root = home.local_registry();
            return Ok(RegistryRef::Dir {
                label: format!("the local registry ({})", root.display()),
                root,
            });
        }
        if let Some(rest) = given.strip_prefix("file://") {
            if rest.is_empty() {
                return Err(bad("the directory is missing after file://"));
            }
            let root = PathBuf::from(rest);
            return Ok(RegistryRef::Dir {
                label: format!("the registry {}", root.display()),
                root,
            });
        }
        if let Some(rest) = given.strip_prefix("oci://") {
            let (host, path) = rest
                .split_once('/')
                .ok_or_else(|| bad("an OCI registry needs a namespace: oci://HOST/NAMESPACE"))?;
            check_host(host).map_err(|w| bad(&w))?;
            let path = path.trim_end_matches('/');
            if path.is_empty() {
                return Err(bad(
                    "an OCI registry needs a namespace: oci://HOST/NAMESPACE",
                ));
            }
            if path.contains(['@', ':']) {
                return Err(bad(
                    "a registry names no tag or digest (those go with `gtdx install oci://…`)",
                ));
            }
            check_repository(path).map_err(|w| bad(&w))?;
            let (namespace, name) = match path.rsplit_once('/') {
                Some((ns, name)) => (ns.to_string(), Some(name.to_string())),
                None => (path.to_string(), None),
            };
            return Ok(RegistryRef::Oci(OciRepo {
                host: host.to_string(),
                namespace,
                name,
            }));
        }
        if given.starts_with("https://") || given.starts_with("http://") {
            // The URL of a configured Store is that Store: its name finds its token.
            let trimmed = given.trim_end_matches('/');
            let name = crate::config::load(home)
                .ok()
                .and_then(|c| {
                    c.registries
                        .into_iter()
                        .find(|e| e.url.trim_end_matches('/') == trimmed)
                })
                .map_or_else(|| given.to_string(), |e| e.name);
            return store_ref(&name, given, insecure, bad);
        }
        if given.contains("://") || given.is_empty() {
            return Err(bad("unknown scheme"));
        }
        // A name: `[[registries]]` of the platform's config.toml (`gtdx registries add`).
        let config = crate::config::load(home)?;
        match config.url_of(given) {
            Some(url) if url.starts_with("file://") || url.starts_with("oci://") => {
                RegistryRef::parse_with(&url, home, insecure).map_err(|e| match e {
                    RegistryError::BadRegistry { why, .. } => RegistryError::BadRegistry {
                        given: given.to_string(),
                        why: format!(
                            "{} names it {}, and {why}",
                            crate::config::path(home).display(),
                            without_credentials(&url)
                        ),
                    },
                    other => other,
                })
            }
            Some(url) if gtdx_contract::urls::has_credentials(&url) => Err(bad(&format!(
                "{} names it {}, and {CREDENTIALS_IN_URL}",
                crate::config::path(home).display(),
                without_credentials(&url)
            ))),
            Some(url) if url.starts_with("https://") || url.starts_with("http://") => {
                store_ref(given, &url, insecure, |w| {
                    bad(&format!(
                        "{} names it {}, and {w}",
                        crate::config::path(home).display(),
                        without_credentials(&url)
                    ))
                })
            }
            Some(url) => Err(bad(&format!(
                "{} names it {}, which is not `file://`, `oci://`, `https://` or `http://` to this machine",
                crate::config::path(home).display(),
                without_credentials(&url)
            ))),
            None => Err(bad(&format!(
                "no registry of that name in {} (configured: {}; `gtdx registries add NAME URL` adds one)",
                crate::config::path(home).display(),
                config.names().join(", ")
            ))),
        }
    }

    /// How messages name this registry.
    pub fn label(&self) -> String {
        match self {
            RegistryRef::Dir { label, .. } => label.clone(),
            RegistryRef::Oci(r) => match &r.name {
                Some(n) => format!("oci://{}/{}/{n}", r.host, r.namespace),
                None => format!("oci://{}/{}", r.host, r.namespace),
            },
            RegistryRef::Store(s) => {
                let url = without_credentials(&s.url)
                    .trim_end_matches('/')
                    .to_string();
                match s.name == s.url {
                    true => format!("the Greentic Store {url}"),
                    false => format!("the Greentic Store {} ({url})", s.name),
                }
            }
        }
    }
}

/// A Store at `url` under `name`: https, or plain http to this machine (the bearer token and
/// the packs would otherwise cross the network in clear), as `gtdx registries add` checks;
/// plain http to another machine only with `insecure`, else refused naming the Store and the
/// flag. `bad` words why the URL is no Store's at all.
fn store_ref(
    name: &str,
    url: &str,
    insecure: bool,
    bad: impl FnOnce(&str) -> RegistryError,
) -> Result<RegistryRef, RegistryError> {
    let store = StoreRef {
        name: name.to_string(),
        url: url.to_string(),
        insecure,
    };
    match crate::config::check_url(url, insecure) {
        Ok(()) => Ok(RegistryRef::Store(store)),
        Err(crate::config::UrlProblem::Cleartext) => Err(RegistryError::Cleartext {
            registry: RegistryRef::Store(store).label(),
        }),
        Err(crate::config::UrlProblem::Scheme) => Err(bad("it has no host")),
    }
}

/// Why a URL carrying a user name or password is refused (the URL itself is shown without them).
const CREDENTIALS_IN_URL: &str = "its URL carries a user name or password (left out above), which gtdx neither uses nor prints. \
     Remove them from the URL and give the token another way: --oci-token on the command line, \
     `token-env = \"VAR\"` beside the entry in config.toml, or `docker login HOST`";

/// What `gtdx install` is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallSource {
    /// A `.gtxpack` on disk.
    File(PathBuf),
    /// `ID[@VERSION]` from a registry (the latest version when none is given).
    Id { id: String, version: Option<String> },
    /// `oci://HOST/REPOSITORY[:TAG|@DIGEST]`.
    Oci(OciArtifact),
}

impl InstallSource {
    /// Tells a pack file, an OCI reference and `ID[@VERSION]` apart.
    pub fn parse(given: &str) -> Result<InstallSource, RegistryError> {
        if given.starts_with("oci://") {
            return parse_oci_artifact(given).map(InstallSource::Oci);
        }
        let path = PathBuf::from(given);
        if given.ends_with(".gtxpack") || given.contains(std::path::MAIN_SEPARATOR) || path.exists()
        {
            return Ok(InstallSource::File(path));
        }
        let (id, version) = match given.split_once('@') {
            Some((id, v)) => (id, Some(v.to_string())),
            None => (given, None),
        };
        let bad = |why: String| RegistryError::BadSource {
            given: without_credentials(given).into_owned(),
            why,
        };
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
        {
            return Err(bad(
                "expected a .gtxpack file, an extension id (`ID` or `ID@VERSION`), or oci://HOST/REPOSITORY[:TAG|@DIGEST]".into(),
            ));
        }
        if let Some(v) = &version
            && semver::Version::parse(v).is_err()
        {
            return Err(bad(format!("`{v}` is not a semantic version (like 1.2.3)")));
        }
        Ok(InstallSource::Id {
            id: id.to_string(),
            version,
        })
    }
}

/// Parses `oci://HOST/REPOSITORY[:TAG|@DIGEST]`.
pub fn parse_oci_artifact(given: &str) -> Result<OciArtifact, RegistryError> {
    let bad = |why: &str| RegistryError::BadSource {
        given: without_credentials(given).into_owned(),
        why: why.to_string(),
    };
    if gtdx_contract::urls::has_credentials(given) {
        return Err(bad(CREDENTIALS_IN_URL));
    }
    let rest = given
        .strip_prefix("oci://")
        .ok_or_else(|| bad("an OCI reference starts with oci://"))?;
    let (host, path) = rest
        .split_once('/')
        .ok_or_else(|| bad("expected oci://HOST/REPOSITORY[:TAG|@DIGEST]"))?;
    check_host(host).map_err(|w| bad(&w))?;
    let (path, digest) = match path.split_once('@') {
        Some((p, d)) => {
            let hex = d
                .strip_prefix("sha256:")
                .ok_or_else(|| bad("a digest is sha256:<64 hex digits>"))?;
            if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(bad("a digest is sha256:<64 hex digits>"));
            }
            (p, Some(d.to_ascii_lowercase()))
        }
        None => (path, None),
    };
    let (repository, tag) = match path.rsplit_once('/') {
        Some((head, last)) => match last.split_once(':') {
            Some((name, tag)) => (format!("{head}/{name}"), Some(tag.to_string())),
            None => (path.to_string(), None),
        },
        None => match path.split_once(':') {
            Some((name, tag)) => (name.to_string(), Some(tag.to_string())),
            None => (path.to_string(), None),
        },
    };
    check_repository(&repository).map_err(|w| bad(&w))?;
    if let Some(t) = &tag
        && (t.is_empty()
            || t.len() > 128
            || !t
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)))
    {
        return Err(bad("a tag is 1 to 128 letters, digits, `.`, `_` or `-`"));
    }
    Ok(OciArtifact {
        host: host.to_string(),
        repository,
        tag,
        digest,
    })
}

fn check_host(host: &str) -> Result<(), String> {
    if host.is_empty()
        || !host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
    {
        return Err(format!(
            "`{host}` is not a registry host (HOST or HOST:PORT)"
        ));
    }
    Ok(())
}

fn check_repository(repo: &str) -> Result<(), String> {
    let ok = !repo.is_empty()
        && repo.split('/').all(|seg| {
            !seg.is_empty()
                && seg
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c))
        });
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{repo}` is not an OCI repository path (lowercase letters, digits, `.`, `_`, `-`, segments separated by `/`)"
        ))
    }
}

/// Whether `host[:port]` is this machine (plain HTTP is allowed there without `--insecure`).
pub fn is_loopback(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host.rsplit_once(':').map_or(host, |(h, _)| h)
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registries() {
        let home = Home::new("/h");
        assert!(matches!(
            RegistryRef::parse("local", &home).unwrap(),
            RegistryRef::Dir { root, .. } if root == std::path::Path::new("/h/registries/local")
        ));
        assert_eq!(
            RegistryRef::parse("oci://127.0.0.1:5000/team/ext", &home).unwrap(),
            RegistryRef::Oci(OciRepo {
                host: "127.0.0.1:5000".into(),
                namespace: "team".into(),
                name: Some("ext".into())
            })
        );
        assert!(RegistryRef::parse("oci://ghcr.io", &home).is_err());
        // a Store: https, or plain http to this machine; to another only with --insecure
        let cleartext = RegistryRef::parse("http://x", &home)
            .unwrap_err()
            .to_string();
        assert!(
            cleartext.starts_with("the Greentic Store http://x is reached over plain http")
                && cleartext.contains("pass --insecure"),
            "{cleartext}"
        );
        match RegistryRef::parse_with("http://x", &home, true) {
            Ok(RegistryRef::Store(s)) => assert!(s.insecure && s.cleartext()),
            other => panic!("{other:?}"),
        }
        for ok in [
            "https://store.example",
            "http://127.0.0.1:8080",
            "http://localhost",
        ] {
            assert!(
                matches!(RegistryRef::parse(ok, &home), Ok(RegistryRef::Store(_))),
                "{ok}"
            );
        }
    }

    #[test]
    fn names_resolve_through_config_toml() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        let unknown = RegistryRef::parse("team", &home).unwrap_err().to_string();
        assert!(unknown.contains("no registry of that name"), "{unknown}");
        assert!(
            unknown.contains("configured: greentic-store (built in)"),
            "{unknown}"
        );
        assert_eq!(
            RegistryRef::parse("greentic-store", &home).unwrap(),
            RegistryRef::Store(StoreRef {
                name: "greentic-store".into(),
                url: "https://store.greentic.cloud".into(),
                insecure: false,
            })
        );
        std::fs::write(
            dir.path().join("config.toml"),
            "[default]\nregistry = \"greentic-store\"\ntrust-policy = \"normal\"\n\n\
             [[registries]]\nname = \"team\"\nurl = \"oci://127.0.0.1:5000/acme\"\n\n\
             [[registries]]\nname = \"store\"\nurl = \"https://store.example\"\n",
        )
        .unwrap();
        assert_eq!(
            RegistryRef::parse("team", &home).unwrap(),
            RegistryRef::Oci(OciRepo {
                host: "127.0.0.1:5000".into(),
                namespace: "acme".into(),
                name: None
            })
        );
        assert_eq!(
            RegistryRef::parse("store", &home).unwrap().label(),
            "the Greentic Store store (https://store.example)"
        );
        // its URL given directly is the same Store, under its name (for its token)
        assert_eq!(
            RegistryRef::parse("https://store.example/", &home)
                .unwrap()
                .label(),
            "the Greentic Store store (https://store.example)"
        );
        std::fs::write(dir.path().join("config.toml"), "registries = 3").unwrap();
        let broken = RegistryRef::parse("team", &home).unwrap_err().to_string();
        assert!(broken.contains("config.toml"), "{broken}");
    }

    #[test]
    fn artifacts() {
        let a = parse_oci_artifact("oci://localhost:5000/team/ext:1.0.0").unwrap();
        assert_eq!(a.repository, "team/ext");
        assert_eq!(a.tag.as_deref(), Some("1.0.0"));
        let d = format!("oci://h/r@sha256:{}", "a".repeat(64));
        assert!(parse_oci_artifact(&d).unwrap().digest.is_some());
        assert!(parse_oci_artifact("oci://h/R:1").is_err());
        assert!(matches!(
            InstallSource::parse("gtdx.demo@1.2.3").unwrap(),
            InstallSource::Id { .. }
        ));
        assert!(InstallSource::parse("gtdx.demo@latest").is_err());
    }

    #[test]
    fn credentials_inside_registry_urls_are_never_printed() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        std::fs::write(
            dir.path().join("config.toml"),
            "[[registries]]\nname = \"team\"\nurl = \"oci://bob:PASS@127.0.0.1:5000/acme\"\n\n\
             [[registries]]\nname = \"store\"\nurl = \"https://alice:S3CRET@store.example\"\n",
        )
        .unwrap();
        for given in [
            "team",
            "store",
            "oci://bob:PASS@127.0.0.1:5000/acme",
            "oci://bob:pa/ss@127.0.0.1:5000/acme",
        ] {
            let e = RegistryRef::parse(given, &home).unwrap_err().to_string();
            for secret in ["bob", "PASS", "pa/ss", "alice", "S3CRET"] {
                assert!(!e.contains(secret), "{given}: {e}");
            }
        }
        for given in [
            "oci://bob:PASS@127.0.0.1:5000/team/x:1.0.0",
            "https://alice:S3CRET@store.example/x",
        ] {
            let e = InstallSource::parse(given)
                .and_then(|s| match s {
                    InstallSource::Oci(_) => Ok(()),
                    _ => Err(RegistryError::Other(String::new())),
                })
                .unwrap_err()
                .to_string();
            for secret in ["bob", "PASS", "alice", "S3CRET"] {
                assert!(!e.contains(secret), "{given}: {e}");
            }
        }
    }

    #[test]
    fn loopback() {
        assert!(is_loopback("127.0.0.1:5000"));
        assert!(is_loopback("localhost"));
        assert!(is_loopback("[::1]:80"));
        assert!(!is_loopback("ghcr.io"));
        assert!(!is_loopback("10.0.0.1:5000"));
    }
}
