//! Whose credentials go where. A registry's address can come from the user (the command line,
//! their config.toml) or from untrusted input (a worker spec, a registry's own answer: a token
//! realm, a redirect, an upload location), so a credential is chosen per host and then only
//! ever sent to that host:
//!
//! * `--oci-token` and `$OCI_TOKEN` go to a registry the command line names (`--registry`, an
//!   `oci://` argument, or `--registry NAME` of config.toml);
//! * a config.toml entry's `token-env = "VAR"` goes to that entry's host;
//! * `$GHCR_TOKEN` and `$GITHUB_TOKEN` go to `ghcr.io`;
//! * `auths.<host>` of the docker config goes to that host;
//! * and whichever was chosen is sent only over https to the registry's own host name (plain
//!   http only on this machine): never to a token service or redirect target on another host.

use std::fmt;

use url::Url;

use super::OciOptions;
use crate::reference::{RegistryRef, is_loopback, parse_oci_artifact};

/// A user name and secret for one registry host, and where they came from (for messages).
#[derive(Clone)]
pub(crate) struct Credential {
    pub user: String,
    pub secret: String,
    /// `--oci-token`, `$OCI_TOKEN`, `~/.docker/config.json`…: never the secret itself.
    pub source: String,
}

impl fmt::Debug for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credential")
            .field("user", &self.user)
            .field("secret", &"[redacted]")
            .field("source", &self.source)
            .finish()
    }
}

impl Credential {
    /// The `Authorization` header value.
    pub fn basic(&self) -> String {
        use base64::Engine as _;
        let pair = format!("{}:{}", self.user, self.secret);
        format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(pair)
        )
    }
}

/// The credential chosen for a host, and what was held back with the reason (named in an
/// authentication failure, so a user learns why a token they set was not used).
#[derive(Debug, Default)]
pub(crate) struct Choice {
    pub credential: Option<Credential>,
    pub withheld: Vec<String>,
}

/// `host[:port]`'s name alone, lowercase, without brackets: `[::1]:5000` → `::1`.
pub(crate) fn host_name(host: &str) -> String {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host.rsplit_once(':').map_or(host, |(h, _)| h)
    };
    name.to_ascii_lowercase()
}

/// Whether `host[:port]` is GitHub's container registry (exactly `ghcr.io`, port 443 or none).
pub(crate) fn is_ghcr(host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    host == "ghcr.io" || host == "ghcr.io:443"
}

/// Two `host[:port]` spellings of one registry (a missing port and the https port are one).
fn same_registry(a: &str, b: &str) -> bool {
    let norm = |h: &str| {
        let h = h.to_ascii_lowercase();
        h.strip_suffix(":443").map(str::to_string).unwrap_or(h)
    };
    norm(a) == norm(b)
}

/// Why a URL may not receive the credentials of a registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Its host name is not the registry's.
    OtherHost(String),
    /// Plain http to a host that is not this machine.
    PlainHttp(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OtherHost(h) => write!(
                f,
                "{h} is not the registry's host, and credentials go only to the host they are for"
            ),
            Refusal::PlainHttp(h) => write!(
                f,
                "{h} is reached over plain http, and credentials never cross the network unencrypted (only this machine may be reached over plain http with them)"
            ),
        }
    }
}

/// Whether `url` may receive the credentials (or a token obtained with them) of the registry
/// at `registry_host`: its host name must be the registry's, over https, or over plain http
/// only when that host is this machine. The one decision for the registry's own requests, the
/// token realm its challenge names, its redirects and its upload locations.
pub(crate) fn may_receive(registry_host: &str, url: &Url) -> Result<(), Refusal> {
    let target = url
        .host_str()
        .unwrap_or("")
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_ascii_lowercase();
    let shown = match url.port() {
        Some(p) => format!("{}:{p}", url.host_str().unwrap_or("")),
        None => url.host_str().unwrap_or("").to_string(),
    };
    if target.is_empty() || target != host_name(registry_host) {
        return Err(Refusal::OtherHost(shown));
    }
    match url.scheme() {
        "https" => Ok(()),
        "http" if is_loopback(&target) || is_loopback(&format!("[{target}]")) => Ok(()),
        _ => Err(Refusal::PlainHttp(format!("{}://{shown}", url.scheme()))),
    }
}

/// The hosts the command line names (`OciOptions::named`): an `oci://` registry or artifact,
/// or a config.toml name whose URL is an OCI registry.
fn named_hosts(opts: &OciOptions) -> Vec<String> {
    let mut hosts = Vec::new();
    for given in &opts.named {
        if given.starts_with("oci://")
            && let Ok(art) = parse_oci_artifact(given)
        {
            hosts.push(art.host);
            continue;
        }
        // `oci://HOST/NAMESPACE`, or a config.toml name (which needs the home to resolve).
        let home = match &opts.home {
            Some(h) => h.clone(),
            None if given.starts_with("oci://") => crate::Home::new(""),
            None => continue,
        };
        if let Ok(RegistryRef::Oci(repo)) = RegistryRef::parse(given, &home) {
            hosts.push(repo.host);
        }
    }
    hosts
}

/// The config.toml entries that name a token variable for `host`: (entry name, variable).
fn configured_tokens(host: &str, opts: &OciOptions) -> Vec<(String, String)> {
    let Some(home) = &opts.home else {
        return Vec::new();
    };
    let Ok(entries) = crate::config::registries(home) else {
        return Vec::new();
    };
    entries
        .into_iter()
        .filter_map(|e| {
            let var = e.token_env.clone().filter(|v| !v.is_empty())?;
            match RegistryRef::parse(&e.url, home) {
                Ok(RegistryRef::Oci(repo)) if same_registry(&repo.host, host) => {
                    Some((e.name, var))
                }
                _ => None,
            }
        })
        .collect()
}

/// Chooses the credential for the registry at `host` (reached over plain http when
/// `plain_http`), reading the environment through `env`.
pub(crate) fn choose(
    host: &str,
    plain_http: bool,
    opts: &OciOptions,
    env: &dyn Fn(&str) -> Option<String>,
) -> Choice {
    let env = |var: &str| env(var).filter(|v| !v.is_empty());
    let named = named_hosts(opts).iter().any(|h| same_registry(h, host));
    let default_user = || {
        opts.user.clone().unwrap_or_else(|| {
            if is_ghcr(host) {
                "oauth2".to_string()
            } else {
                "token".to_string()
            }
        })
    };
    let mut withheld = Vec::new();
    let not_named = |what: &str| {
        format!(
            "{what} was not sent: it goes only to a registry named on the command line (--registry or an oci:// argument), and {host} was not"
        )
    };
    let mut found: Option<Credential> = None;
    let flag = opts.token.clone().filter(|t| !t.is_empty());
    if let Some(token) = flag {
        if named {
            found = Some(Credential {
                user: default_user(),
                secret: token,
                source: "--oci-token".into(),
            });
        } else {
            withheld.push(not_named("--oci-token"));
        }
    }
    if found.is_none() {
        for (name, var) in configured_tokens(host, opts) {
            if let Some(token) = env(&var) {
                found = Some(Credential {
                    user: default_user(),
                    secret: token,
                    source: format!("${var}, the token-env of `{name}` in config.toml"),
                });
                break;
            }
        }
    }
    if found.is_none()
        && let Some(token) = env("OCI_TOKEN")
    {
        if named {
            found = Some(Credential {
                user: default_user(),
                secret: token,
                source: "$OCI_TOKEN".into(),
            });
        } else {
            withheld.push(not_named("$OCI_TOKEN"));
        }
    }
    for var in ["GHCR_TOKEN", "GITHUB_TOKEN"] {
        if let Some(token) = env(var) {
            if !is_ghcr(host) {
                withheld.push(format!("${var} was not sent: it goes only to ghcr.io"));
            } else if found.is_none() {
                found = Some(Credential {
                    user: default_user(),
                    secret: token,
                    source: format!("${var}"),
                });
            }
        }
    }
    if found.is_none()
        && let Some((user, secret)) = docker_config_auth(host, opts)
    {
        found = Some(Credential {
            user,
            secret,
            source: "~/.docker/config.json".into(),
        });
    }
    if plain_http
        && !is_loopback(host)
        && let Some(c) = found.take()
    {
        withheld.push(format!(
            "{} was not sent: {host} is reached over plain http (--insecure), and credentials never cross the network unencrypted",
            c.source
        ));
    }
    Choice {
        credential: found,
        withheld,
    }
}

/// `auths.<host>.auth` (base64 `user:password`) of `$DOCKER_CONFIG/config.json` or
/// `~/.docker/config.json`, as docker, oras and helm read it: the entry for exactly this host.
/// Credential helpers are not run.
fn docker_config_auth(host: &str, opts: &OciOptions) -> Option<(String, String)> {
    use base64::Engine as _;
    let path = match std::env::var_os("DOCKER_CONFIG") {
        Some(d) => std::path::PathBuf::from(d).join("config.json"),
        None => opts.user_home.as_ref()?.join(".docker").join("config.json"),
    };
    let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::REGISTRY_FILE).ok()?;
    let doc: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    let auths = doc.get("auths")?.as_object()?;
    let entry = auths.iter().find_map(|(k, v)| {
        let k = k
            .trim_start_matches("https://")
            .trim_start_matches("http://")
            .trim_end_matches('/');
        same_registry(k, host).then_some(v)
    })?;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(entry.get("auth")?.as_str()?)
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (u, p) = text.split_once(':')?;
    Some((u.to_string(), p.to_string()))
}

/// One challenge of a `WWW-Authenticate` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Challenge {
    /// The token flow: ask `realm` for a token (with `service` and `scope`).
    Bearer {
        realm: String,
        service: Option<String>,
        scope: Option<String>,
    },
    /// Send the user and password with each request.
    Basic,
    /// A scheme gtdx does not speak.
    Other(String),
}

/// The challenges of a `WWW-Authenticate` header value (RFC 9110: `scheme param=value, …`,
/// several challenges separated by commas, values as tokens or quoted strings).
pub(crate) fn parse_challenges(header: &str) -> Vec<Challenge> {
    let b = header.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && (b[*i] == b' ' || b[*i] == b'\t') {
            *i += 1;
        }
    };
    let token = |i: &mut usize| -> String {
        let start = *i;
        while *i < b.len() && !matches!(b[*i], b' ' | b'\t' | b',' | b'=' | b'"') {
            *i += 1;
        }
        header[start..*i].to_string()
    };
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b',') {
            i += 1;
        }
        let scheme = token(&mut i);
        if scheme.is_empty() {
            break;
        }
        let mut params: Vec<(String, String)> = Vec::new();
        loop {
            let save = i;
            skip_ws(&mut i);
            let name = token(&mut i);
            skip_ws(&mut i);
            if name.is_empty() || i >= b.len() || b[i] != b'=' {
                i = save;
                break;
            }
            i += 1;
            skip_ws(&mut i);
            let value = if i < b.len() && b[i] == b'"' {
                i += 1;
                let mut v = String::new();
                let mut chars = header[i..].char_indices();
                let mut end = header.len() - i;
                while let Some((k, c)) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some((_, n)) = chars.next() {
                                v.push(n);
                            }
                        }
                        '"' => {
                            end = k + 1;
                            break;
                        }
                        _ => v.push(c),
                    }
                }
                i += end;
                v
            } else {
                let start = i;
                while i < b.len() && !matches!(b[i], b' ' | b'\t' | b',') {
                    i += 1;
                }
                header[start..i].to_string()
            };
            params.push((name.to_ascii_lowercase(), value));
            skip_ws(&mut i);
            if i < b.len() && b[i] == b',' {
                i += 1;
            } else {
                break;
            }
        }
        let get = |k: &str| params.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        out.push(if scheme.eq_ignore_ascii_case("bearer") {
            match get("realm") {
                Some(realm) => Challenge::Bearer {
                    realm,
                    service: get("service"),
                    scope: get("scope"),
                },
                None => Challenge::Other(scheme),
            }
        } else if scheme.eq_ignore_ascii_case("basic") {
            Challenge::Basic
        } else {
            Challenge::Other(scheme)
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(u: &str) -> Url {
        Url::parse(u).unwrap()
    }

    #[test]
    fn credentials_go_only_where_they_belong_the_decision() {
        // the registry's own host, over https
        assert!(may_receive("registry.example", &url("https://registry.example/token")).is_ok());
        assert!(may_receive("ghcr.io", &url("https://ghcr.io/token?scope=x")).is_ok());
        assert!(
            may_receive(
                "Registry.Example:5000",
                &url("https://registry.example:9/t")
            )
            .is_ok()
        );
        // another host: never
        assert!(matches!(
            may_receive("registry.example", &url("https://auth.example/token")),
            Err(Refusal::OtherHost(_))
        ));
        assert!(matches!(
            may_receive("127.0.0.1:5000", &url("http://localhost:5001/token")),
            Err(Refusal::OtherHost(_))
        ));
        assert!(matches!(
            may_receive("127.0.0.1:5000", &url("http://127.0.0.2:5000/token")),
            Err(Refusal::OtherHost(_))
        ));
        // plain http other than loopback: never, even to the registry's own host
        assert!(matches!(
            may_receive("registry.example", &url("http://registry.example/token")),
            Err(Refusal::PlainHttp(_))
        ));
        assert!(matches!(
            may_receive("10.0.0.5:5000", &url("http://10.0.0.5:5000/v2/")),
            Err(Refusal::PlainHttp(_))
        ));
        // plain http on this machine: the registry's own host may
        assert!(may_receive("127.0.0.1:5000", &url("http://127.0.0.1:5000/token")).is_ok());
        assert!(may_receive("localhost:5000", &url("http://localhost:5000/token")).is_ok());
        assert!(may_receive("[::1]:5000", &url("http://[::1]:5000/token")).is_ok());
        // other schemes
        assert!(may_receive("registry.example", &url("ftp://registry.example/t")).is_err());
    }

    fn opts() -> OciOptions {
        OciOptions::default()
    }

    fn env_with(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |k: &str| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    const ALL: &[(&str, &str)] = &[
        ("OCI_TOKEN", "oci-secret"),
        ("GITHUB_TOKEN", "gh-secret"),
        ("GHCR_TOKEN", "ghcr-secret"),
    ];

    #[test]
    fn credentials_go_only_where_they_belong_environment_tokens() {
        let env = env_with(ALL);
        // a host from a worker spec: none of the variables
        let c = choose("127.0.0.1:5000", true, &opts(), &env);
        assert!(c.credential.is_none(), "{c:?}");
        assert!(c.withheld.iter().any(|w| w.contains("$OCI_TOKEN")));
        assert!(c.withheld.iter().any(|w| w.contains("$GITHUB_TOKEN")));
        assert!(c.withheld.iter().all(|w| !w.contains("secret")));
        // named on the command line: $OCI_TOKEN
        let mut named = opts();
        named.named = vec!["oci://127.0.0.1:5000/team".into()];
        let c = choose("127.0.0.1:5000", true, &named, &env);
        assert_eq!(c.credential.as_ref().unwrap().secret, "oci-secret");
        assert_eq!(c.credential.as_ref().unwrap().user, "token");
        // another host than the one named: nothing
        assert!(
            choose("127.0.0.1:5001", true, &named, &env)
                .credential
                .is_none()
        );
        // ghcr.io: $GHCR_TOKEN first, from anywhere (a worker spec too)
        let c = choose("ghcr.io", false, &opts(), &env);
        assert_eq!(c.credential.as_ref().unwrap().secret, "ghcr-secret");
        assert_eq!(c.credential.as_ref().unwrap().user, "oauth2");
        let only_gh = env_with(&[("GITHUB_TOKEN", "gh-secret")]);
        let c = choose("ghcr.io", false, &opts(), &only_gh);
        assert_eq!(c.credential.unwrap().secret, "gh-secret");
        // a look-alike is not ghcr.io
        assert!(
            choose("evilghcr.io", false, &opts(), &only_gh)
                .credential
                .is_none()
        );
        assert!(
            choose("ghcr.io.evil.example", false, &opts(), &only_gh)
                .credential
                .is_none()
        );
    }

    #[test]
    fn credentials_go_only_where_they_belong_the_flag_is_scoped_by_host() {
        let env = env_with(&[]);
        let mut o = opts();
        o.token = Some("flag-secret".into());
        assert!(
            choose("registry.example", false, &o, &env)
                .credential
                .is_none()
        );
        o.named = vec!["oci://registry.example/team/x:1.0.0".into()];
        assert_eq!(
            choose("registry.example", false, &o, &env)
                .credential
                .unwrap()
                .source,
            "--oci-token"
        );
        assert!(
            choose("other.example", false, &o, &env)
                .credential
                .is_none()
        );
        // plain http to another machine (--insecure): withheld, and said so
        let mut o = o.clone();
        o.named = vec!["oci://10.0.0.5:5000/team".into()];
        let c = choose("10.0.0.5:5000", true, &o, &env);
        assert!(c.credential.is_none());
        assert!(c.withheld.iter().any(|w| w.contains("plain http")), "{c:?}");
    }

    #[test]
    fn credentials_go_only_where_they_belong_config_token_env() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("config.toml"),
            "[[registries]]\nname = \"team\"\nurl = \"oci://registry.example/acme\"\ntoken-env = \"TEAM_TOKEN\"\n\n\
             [[registries]]\nname = \"other\"\nurl = \"oci://other.example/acme\"\n",
        )
        .unwrap();
        let mut o = opts();
        o.home = Some(crate::Home::new(dir.path()));
        let env = env_with(&[("TEAM_TOKEN", "team-secret"), ("OCI_TOKEN", "oci-secret")]);
        // the entry's host gets its variable, wherever the host was named
        let c = choose("registry.example", false, &o, &env);
        assert_eq!(c.credential.unwrap().secret, "team-secret");
        // an entry without token-env, not named on the command line: nothing
        assert!(
            choose("other.example", false, &o, &env)
                .credential
                .is_none()
        );
        // `--registry other` names it: $OCI_TOKEN
        o.named = vec!["other".into()];
        assert_eq!(
            choose("other.example", false, &o, &env)
                .credential
                .unwrap()
                .secret,
            "oci-secret"
        );
    }

    #[test]
    fn challenges() {
        assert_eq!(
            parse_challenges(
                r#"Bearer realm="https://ghcr.io/token",service="ghcr.io",scope="repository:a/b:pull""#
            ),
            vec![Challenge::Bearer {
                realm: "https://ghcr.io/token".into(),
                service: Some("ghcr.io".into()),
                scope: Some("repository:a/b:pull".into()),
            }]
        );
        assert_eq!(
            parse_challenges(r#"Basic realm="gtdx-tests""#),
            vec![Challenge::Basic]
        );
        assert_eq!(
            parse_challenges(r#"Basic realm="a, b", Bearer realm="http://x/t", Negotiate abc=="#),
            vec![
                Challenge::Basic,
                Challenge::Bearer {
                    realm: "http://x/t".into(),
                    service: None,
                    scope: None
                },
                Challenge::Other("Negotiate".into())
            ]
        );
        assert_eq!(
            parse_challenges(r#"bearer realm="a\"b""#),
            vec![Challenge::Bearer {
                realm: "a\"b".into(),
                service: None,
                scope: None
            }]
        );
        assert!(parse_challenges("").is_empty());
        assert_eq!(
            parse_challenges("Bearer"),
            vec![Challenge::Other("Bearer".into())]
        );
    }
}
