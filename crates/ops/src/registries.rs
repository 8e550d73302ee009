//! `gtdx registries list|add|remove|set-default`, `gtdx login` and `gtdx logout`: the home's
//! config.toml and credentials.toml, in the files the platform's `gtdx` reads and writes.
//!
//! Nothing here prints, and no outcome or error carries a token: tokens travel as
//! [`Token`], whose `Display` and `Debug` show `***`.

use std::path::PathBuf;

use gtdx_contract::codes::{self, Code};
use gtdx_registry::config::{self, Configured, UrlProblem};
use gtdx_registry::credentials;
use gtdx_registry::{Home, RegistryError};
use serde::Serialize;

pub use gtdx_registry::config::{Added, STORE_NAME, STORE_URL};
pub use gtdx_registry::credentials::{LooseMode, TOKEN_ENV, Token, TokenSource};

/// Why a registries, login or logout operation failed.
#[derive(Debug, thiserror::Error)]
pub enum RegistriesError {
    #[error(transparent)]
    Registry(#[from] RegistryError),
    #[error(transparent)]
    NoHome(#[from] gtdx_contract::home::NoHome),
    #[error(
        "refusing {url}: plain http:// to a host that is not this machine would send your token and packs unencrypted; use the https:// address, or pass --insecure to record it anyway"
    )]
    Cleartext { url: String },
    #[error(
        "{url:?} is not a registry address: use https://HOST (a Greentic Store; http:// only to localhost), file:///DIR or oci://HOST/NAMESPACE"
    )]
    BadUrl { url: String },
    #[error(
        "{url} carries a user name or password, which would sit in config.toml in clear and be refused by --registry; add the URL without it, and give the token with `gtdx login` or --token-env VAR"
    )]
    CredentialsInUrl { url: String },
    #[error("{name:?} cannot name a configured registry: {why}")]
    BadName { name: String, why: &'static str },
    #[error(
        "no token to store for {registry}: pass --token TOKEN, set GTDX_TOKEN, or pipe it to `gtdx login --paste` (standard input is not a terminal, so there is nothing to ask; gtdx has no browser login)"
    )]
    NoToken { registry: String },
    #[error("the token for {registry} is empty; nothing was stored")]
    EmptyToken { registry: String },
    #[error("cannot read the token from standard input: {0}")]
    Stdin(std::io::Error),
}

impl RegistriesError {
    /// The code `gtdx explain` documents this failure under, when it has one.
    pub fn code(&self) -> Option<Code> {
        Some(match self {
            RegistriesError::Registry(RegistryError::NotConfigured { .. }) => {
                codes::E_REGISTRY_NOT_CONFIGURED
            }
            RegistriesError::Registry(
                RegistryError::Corrupt { .. } | RegistryError::CorruptAt { .. },
            ) => codes::E_HOME_FILE_MALFORMED,
            RegistriesError::Cleartext { .. } => codes::E_REGISTRY_CLEARTEXT,
            RegistriesError::BadUrl { .. } | RegistriesError::CredentialsInUrl { .. } => {
                codes::E_REGISTRY_URL
            }
            RegistriesError::BadName { .. } => codes::E_REGISTRY_NAME,
            RegistriesError::NoToken { .. } | RegistriesError::EmptyToken { .. } => {
                codes::E_LOGIN_NO_TOKEN
            }
            _ => return None,
        })
    }
}

/// The home to use: `--home`, `$GREENTIC_HOME`, else `~/.greentic`.
pub fn home() -> Result<Home, RegistriesError> {
    Ok(Home::from_env()?)
}

/// One row of `gtdx registries list`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    pub name: String,
    /// Without any user name or password the URL carries.
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_env: Option<String>,
    pub default: bool,
    /// `greentic-store` when no entry overrides it.
    pub built_in: bool,
    /// credentials.toml holds a token for it (the token itself is never listed).
    pub logged_in: bool,
}

/// `gtdx registries list`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub config: PathBuf,
    pub default: String,
    pub trust_policy: String,
    pub registries: Vec<Row>,
    /// `extensions` pins: id → version requirement.
    pub pins: std::collections::BTreeMap<String, String>,
    /// The warning for a credentials.toml others can read (rendered by the caller).
    #[serde(skip)]
    pub loose: Option<LooseMode>,
}

/// The configured registries, then the built-in store unless an entry overrides it.
pub fn list(home: &Home) -> Result<Listing, RegistriesError> {
    let cfg = config::load(home)?;
    let tokens = credentials::names(home)?;
    let row = |c: &Configured, built_in: bool| Row {
        name: c.name.clone(),
        url: c.shown_url(),
        token_env: c.token_env.clone(),
        default: c.name == cfg.default_registry,
        built_in,
        logged_in: tokens.contains(&c.name),
    };
    let mut rows: Vec<Row> = Vec::new();
    for c in &cfg.registries {
        if !rows.iter().any(|r| r.name == c.name) {
            rows.push(row(c, false));
        }
    }
    if cfg.entry(STORE_NAME).is_none() {
        let store = Configured {
            name: STORE_NAME.into(),
            url: STORE_URL.into(),
            token_env: None,
        };
        rows.push(row(&store, true));
    }
    Ok(Listing {
        config: config::path(home),
        default: cfg.default_registry,
        trust_policy: cfg.trust_policy,
        registries: rows,
        pins: cfg.pins,
        loose: credentials::loose_mode(home),
    })
}

/// What `gtdx registries add` asks for.
#[derive(Debug, Clone)]
pub struct AddOptions {
    pub name: String,
    pub url: String,
    pub token_env: Option<String>,
    /// Accept `http://` to a host that is not loopback.
    pub insecure: bool,
}

/// `gtdx registries add`: checks the name and the URL, then adds or replaces the entry.
pub fn add(home: &Home, o: &AddOptions) -> Result<Added, RegistriesError> {
    check_name(&o.name)?;
    if gtdx_contract::urls::has_credentials(&o.url) {
        return Err(RegistriesError::CredentialsInUrl {
            url: gtdx_contract::urls::without_credentials(&o.url).into_owned(),
        });
    }
    config::check_url(&o.url, o.insecure).map_err(|p| {
        let url = gtdx_contract::urls::without_credentials(&o.url).into_owned();
        match p {
            UrlProblem::Cleartext => RegistriesError::Cleartext { url },
            UrlProblem::Scheme => RegistriesError::BadUrl { url },
        }
    })?;
    let entry = Configured {
        name: o.name.clone(),
        url: o.url.clone(),
        token_env: o.token_env.clone().filter(|v| !v.is_empty()),
    };
    Ok(config::add(home, &entry)?)
}

fn check_name(name: &str) -> Result<(), RegistriesError> {
    let why = if name.trim().is_empty() {
        "it is empty"
    } else if name == "local" {
        "`local` always means the home's directory registry"
    } else if name.contains("://") {
        "a name with `://` would be read as an address"
    } else {
        return Ok(());
    };
    Err(RegistriesError::BadName {
        name: name.to_string(),
        why,
    })
}

/// `gtdx registries remove NAME`.
pub fn remove(home: &Home, name: &str) -> Result<(), RegistriesError> {
    Ok(config::remove(home, name)?)
}

/// `gtdx registries set-default NAME`.
pub fn set_default(home: &Home, name: &str) -> Result<(), RegistriesError> {
    Ok(config::set_default(home, name)?)
}

/// The registry `login`/`logout` act on: `given`, else config.toml's default, with its URL.
pub fn target(home: &Home, given: Option<&str>) -> Result<(String, String), RegistriesError> {
    let cfg = config::load(home)?;
    let name = given.map_or_else(|| cfg.default_registry.clone(), str::to_string);
    match cfg.url_of(&name) {
        Some(url) => Ok((
            name,
            gtdx_contract::urls::without_credentials(&url).into_owned(),
        )),
        None => Err(config::not_configured(home, &name).into()),
    }
}

/// What `gtdx login` did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoggedIn {
    pub registry: String,
    pub url: String,
    pub credentials: PathBuf,
}

/// `gtdx login`: stores `token` for the registry (which must be configured or built in).
pub fn login(
    home: &Home,
    registry: Option<&str>,
    token: &Token,
) -> Result<LoggedIn, RegistriesError> {
    let (name, url) = target(home, registry)?;
    credentials::store(home, &name, token)?;
    Ok(LoggedIn {
        registry: name,
        url,
        credentials: credentials::path(home),
    })
}

/// What `gtdx logout` did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoggedOut {
    pub registry: String,
    pub credentials: PathBuf,
    /// Whether a token was stored (and is now removed).
    pub removed: bool,
    /// A variable that still gives this registry a token (`token-env`, `GTDX_TOKEN`).
    pub still_from: Option<String>,
}

/// `gtdx logout`: removes the stored token of the registry (`given`, else the default). Any
/// name with a stored token can be logged out of, configured or not.
pub fn logout(home: &Home, given: Option<&str>) -> Result<LoggedOut, RegistriesError> {
    let name = match given {
        Some(n) => n.to_string(),
        None => config::load(home)?.default_registry,
    };
    let removed = credentials::forget(home, &name)?;
    let still_from = match credentials::token_for(home, &name)? {
        Some(t) => match t.source() {
            TokenSource::Env(var) => Some(var.clone()),
            _ => None,
        },
        None => None,
    };
    Ok(LoggedOut {
        registry: name,
        credentials: credentials::path(home),
        removed,
        still_from,
    })
}

/// The warning for a credentials.toml others can read, if it is.
pub fn loose_mode(home: &Home) -> Option<LooseMode> {
    credentials::loose_mode(home)
}

/// The warning for a credentials.toml others can read that this process looked a token up in
/// (any command that talks to a Store); once.
pub fn take_loose_read() -> Option<LooseMode> {
    credentials::take_loose_read()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home() -> (tempfile::TempDir, Home) {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path().join("h"));
        (dir, home)
    }

    fn add_opts(name: &str, url: &str, insecure: bool) -> AddOptions {
        AddOptions {
            name: name.into(),
            url: url.into(),
            token_env: None,
            insecure,
        }
    }

    #[test]
    fn names_that_could_never_be_reached_are_refused() {
        let (_d, home) = home();
        for name in ["", " ", "local", "oci://x/y"] {
            let err = add(&home, &add_opts(name, "https://x.test", false)).unwrap_err();
            assert_eq!(err.code(), Some(codes::E_REGISTRY_NAME), "{name:?}: {err}");
        }
    }

    #[test]
    fn urls_are_checked_before_anything_is_written() {
        let (_d, home) = home();
        let err = add(&home, &add_opts("a", "http://store.test", false)).unwrap_err();
        assert_eq!(err.code(), Some(codes::E_REGISTRY_CLEARTEXT));
        let err = add(&home, &add_opts("a", "https://u:pw@store.test", false)).unwrap_err();
        assert!(
            matches!(err, RegistriesError::CredentialsInUrl { .. }),
            "{err}"
        );
        assert!(!err.to_string().contains("pw"), "{err}");
        let err = add(&home, &add_opts("a", "store.test", false)).unwrap_err();
        assert_eq!(err.code(), Some(codes::E_REGISTRY_URL));
        assert!(!config::path(&home).exists());
    }

    #[test]
    fn the_listing_ends_with_the_built_in_store_and_marks_the_default() {
        let (_d, home) = home();
        add(&home, &add_opts("a", "https://a.test", false)).unwrap();
        let l = list(&home).unwrap();
        let names: Vec<&str> = l.registries.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", STORE_NAME]);
        assert!(l.registries[1].built_in && l.registries[1].default);
        set_default(&home, "a").unwrap();
        assert!(list(&home).unwrap().registries[0].default);
    }

    #[test]
    fn login_needs_a_known_registry_and_logout_of_nothing_is_fine() {
        let (_d, home) = home();
        let t = Token::new("t0k3n", TokenSource::Given).unwrap();
        let err = login(&home, Some("nope"), &t).unwrap_err();
        assert_eq!(err.code(), Some(codes::E_REGISTRY_NOT_CONFIGURED));
        let done = login(&home, None, &t).unwrap();
        assert_eq!(
            (done.registry.as_str(), done.url.as_str()),
            (STORE_NAME, STORE_URL)
        );
        assert!(logout(&home, None).unwrap().removed);
        assert!(!logout(&home, None).unwrap().removed);
    }
}
