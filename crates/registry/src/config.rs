//! `<home>/config.toml`, the file the platform's `gtdx registries …` commands read and write:
//! `[default] registry` and `trust-policy`, the `[[registries]]` entries (`name`, `url`,
//! `token-env`) that `--registry NAME` resolves through, and the `[extensions]` pins.
//!
//! Reads take the whole file; writes edit it in place (toml_edit), so keys this version does
//! not know, comments and order survive a `gtdx registries add`. Files are written as the
//! platform writes them: the home directory 0700, the file 0600, replaced atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, value};

use crate::{Home, RegistryError};

/// The platform's public store: the default registry, known without any configuration.
pub const STORE_NAME: &str = "greentic-store";
/// Where [`STORE_NAME`] points unless a `[[registries]]` entry of that name says otherwise.
pub const STORE_URL: &str = "https://store.greentic.cloud";
/// The platform's default `trust-policy`.
pub const DEFAULT_TRUST_POLICY: &str = "normal";

/// One `[[registries]]` entry.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Configured {
    pub name: String,
    /// As written: it may carry a user name or password, so it is shown only through
    /// [`Configured::shown_url`].
    pub url: String,
    /// The environment variable holding this registry's token (`token-env = "VAR"`, as the
    /// platform's `gtdx registries add` writes it): sent to this entry's host only.
    #[serde(rename = "token-env", default)]
    pub token_env: Option<String>,
}

impl Configured {
    /// The URL as messages show it: without any user name or password.
    pub fn shown_url(&self) -> String {
        gtdx_contract::urls::without_credentials(&self.url).into_owned()
    }
}

/// All of config.toml, with the platform's defaults filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `[default] registry`: where `publish`, `login` and `search` go without `--registry`.
    pub default_registry: String,
    /// `[default] trust-policy`.
    pub trust_policy: String,
    pub registries: Vec<Configured>,
    /// `[extensions]`: `ID = "VERSION REQUIREMENT"` pins.
    pub pins: BTreeMap<String, String>,
}

impl Config {
    /// The configured entry `name`, the first winning as in the platform's tool.
    pub fn entry(&self, name: &str) -> Option<&Configured> {
        self.registries.iter().find(|r| r.name == name)
    }

    /// The URL `name` resolves to: its entry, else the built-in store for [`STORE_NAME`].
    pub fn url_of(&self, name: &str) -> Option<String> {
        match self.entry(name) {
            Some(e) => Some(e.url.clone()),
            None => (name == STORE_NAME).then(|| STORE_URL.to_string()),
        }
    }

    /// The names a user may give, for "not configured" messages: the entries, then the
    /// built-in store when no entry overrides it.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for r in &self.registries {
            if !names.contains(&r.name) {
                names.push(r.name.clone());
            }
        }
        if !names.iter().any(|n| n == STORE_NAME) {
            names.push(format!("{STORE_NAME} (built in)"));
        }
        names
    }
}

#[derive(Debug, Default, Deserialize)]
struct RawFile {
    #[serde(default)]
    default: RawDefault,
    #[serde(default)]
    registries: Vec<Configured>,
    #[serde(default)]
    extensions: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
struct RawDefault {
    registry: Option<String>,
    #[serde(rename = "trust-policy")]
    trust_policy: Option<String>,
}

/// `<home>/config.toml`.
pub fn path(home: &Home) -> PathBuf {
    home.root.join("config.toml")
}

/// The whole file (the platform's defaults when it does not exist).
pub fn load(home: &Home) -> Result<Config, RegistryError> {
    let path = path(home);
    let text = read_if_exists(&path)?;
    parse(&path, &text)
}

/// The configured registries, in file order (none when the file does not exist).
pub fn registries(home: &Home) -> Result<Vec<Configured>, RegistryError> {
    Ok(load(home)?.registries)
}

/// The URL configured under `name` (entries only; [`Config::url_of`] adds the built-in store).
pub fn lookup(home: &Home, name: &str) -> Result<Option<String>, RegistryError> {
    Ok(load(home)?.entry(name).map(|r| r.url.clone()))
}

/// The error for a registry name that is neither configured nor built in.
pub fn not_configured(home: &Home, name: &str) -> RegistryError {
    let configured = load(home).map(|c| c.names()).unwrap_or_default();
    RegistryError::NotConfigured {
        name: name.to_string(),
        file: path(home),
        configured: configured.join(", "),
    }
}

fn read_if_exists(path: &Path) -> Result<String, RegistryError> {
    if !path.exists() {
        return Ok(String::new());
    }
    Ok(gtdx_fsx::read_text(path, gtdx_fsx::limits::REGISTRY_FILE)?)
}

fn parse(path: &Path, text: &str) -> Result<Config, RegistryError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        at(
            path,
            text,
            e.span(),
            format!(
                "not the platform's config.toml: {}. It holds `[default]` (registry, trust-policy), `[[registries]]` entries with name = \"…\" and url = \"…\", and `[extensions]` pins; fix the line or move the file away",
                e.message().trim_end_matches('.')
            ),
        )
    })?;
    Ok(Config {
        default_registry: raw.default.registry.unwrap_or_else(|| STORE_NAME.into()),
        trust_policy: raw
            .default
            .trust_policy
            .unwrap_or_else(|| DEFAULT_TRUST_POLICY.into()),
        registries: raw.registries,
        pins: raw.extensions,
    })
}

/// A TOML error at a place in `text`: `file:line:column: message`.
pub(crate) fn at(
    path: &Path,
    text: &str,
    span: Option<std::ops::Range<usize>>,
    message: String,
) -> RegistryError {
    let Some(start) = span.map(|s| s.start.min(text.len())) else {
        return RegistryError::corrupt(path, message);
    };
    let before = text.get(..start).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    RegistryError::CorruptAt {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// Whether `add` created an entry or replaced one of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    New,
    Replaced,
}

/// Adds `entry`, replacing the first entry of the same name (as the platform's tool does: a
/// second entry would never be found). Keys of a replaced entry other than these three stay.
pub fn add(home: &Home, entry: &Configured) -> Result<Added, RegistryError> {
    edit(home, |doc, path| {
        let tables = registries_mut(doc, path)?;
        let found = tables
            .iter_mut()
            .find(|t| t.get("name").and_then(Item::as_str) == Some(entry.name.as_str()));
        let (table, added) = match found {
            Some(t) => (t, Added::Replaced),
            None => {
                tables.push(Table::new());
                let last = tables.len() - 1;
                let t = tables
                    .get_mut(last)
                    .ok_or_else(|| RegistryError::Other("a pushed table is missing".into()))?;
                (t, Added::New)
            }
        };
        table["name"] = value(entry.name.as_str());
        table["url"] = value(entry.url.as_str());
        match &entry.token_env {
            Some(var) => table["token-env"] = value(var.as_str()),
            None => {
                table.remove("token-env");
            }
        }
        Ok(added)
    })
}

/// Removes every entry named `name`; an error listing the configured ones when there is none.
pub fn remove(home: &Home, name: &str) -> Result<(), RegistryError> {
    edit(home, |doc, path| {
        let tables = registries_mut(doc, path)?;
        let before = tables.len();
        tables.retain(|t| t.get("name").and_then(Item::as_str) != Some(name));
        if tables.len() == before {
            return Err(not_configured(home, name));
        }
        Ok(())
    })
}

/// Makes `name` the default registry. It must be configured, or be the built-in store (the
/// platform's tool accepts configured names only; going back to the store is allowed here).
/// `trust-policy` is written too when missing: the platform's reader needs both keys.
pub fn set_default(home: &Home, name: &str) -> Result<(), RegistryError> {
    let config = load(home)?;
    if config.entry(name).is_none() && name != STORE_NAME {
        return Err(not_configured(home, name));
    }
    edit(home, |doc, path| {
        let default = doc
            .entry("default")
            .or_insert_with(|| Item::Table(Table::new()))
            .as_table_like_mut()
            .ok_or_else(|| RegistryError::corrupt(path, "`default` is not a table"))?;
        default.insert("registry", value(name));
        if default.get("trust-policy").is_none() {
            default.insert("trust-policy", value(DEFAULT_TRUST_POLICY));
        }
        Ok(())
    })
}

/// The `[[registries]]` array, created when absent (an empty inline `registries = []` too).
fn registries_mut<'d>(
    doc: &'d mut DocumentMut,
    path: &Path,
) -> Result<&'d mut ArrayOfTables, RegistryError> {
    let item = doc
        .entry("registries")
        .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()));
    if item.as_array().is_some_and(|a| a.is_empty()) {
        *item = Item::ArrayOfTables(ArrayOfTables::new());
    }
    item.as_array_of_tables_mut().ok_or_else(|| {
        RegistryError::corrupt(path, "`registries` is not a list of [[registries]] tables")
    })
}

/// Reads, checks, edits and writes back config.toml. The file is read as a whole first, so a
/// file gtdx could not read is never rewritten.
fn edit<T>(
    home: &Home,
    change: impl FnOnce(&mut DocumentMut, &Path) -> Result<T, RegistryError>,
) -> Result<T, RegistryError> {
    let path = path(home);
    let text = read_if_exists(&path)?;
    parse(&path, &text)?;
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| at(&path, &text, e.span(), "not TOML".into()))?;
    let out = change(&mut doc, &path)?;
    write_private(home, &path, doc.to_string().as_bytes())?;
    Ok(out)
}

/// Writes a file of the home as the platform does: the home 0700, the file 0600 (set on the
/// temporary file before any content is in it), replaced atomically.
pub(crate) fn write_private(home: &Home, path: &Path, bytes: &[u8]) -> Result<(), RegistryError> {
    std::fs::create_dir_all(&home.root)
        .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", &home.root, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&home.root, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| gtdx_fsx::FsError::new("cannot set the mode of", &home.root, e))?;
    }
    gtdx_fsx::write_atomic_with(path, |f| {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        std::io::Write::write_all(f, bytes)
    })?;
    Ok(())
}

/// Why a URL cannot be a registry's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlProblem {
    /// `http://` to a host that is not loopback, without `--insecure`.
    Cleartext,
    /// Not `https://`, `http://`, `file://` or `oci://`, or no host.
    Scheme,
}

/// The rule `gtdx registries add` applies before writing: `https://HOST`; `http://` only to a
/// loopback host unless `insecure` (tokens and packs would cross the network in clear);
/// `file://` and `oci://` as `--registry` takes them.
pub fn check_url(url: &str, insecure: bool) -> Result<(), UrlProblem> {
    if let Some(rest) = url.strip_prefix("https://") {
        return host_of(rest).map(|_| ()).ok_or(UrlProblem::Scheme);
    }
    if let Some(rest) = url.strip_prefix("http://") {
        let host = host_of(rest).ok_or(UrlProblem::Scheme)?;
        return match insecure || crate::reference::is_loopback(host) {
            true => Ok(()),
            false => Err(UrlProblem::Cleartext),
        };
    }
    if url.starts_with("file://") || url.starts_with("oci://") {
        return Ok(());
    }
    Err(UrlProblem::Scheme)
}

/// The `host[:port]` of what follows `scheme://`, without any user part.
fn host_of(rest: &str) -> Option<&str> {
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit('@').next()?;
    (!host.is_empty()).then_some(host)
}

#[cfg(test)]
mod tests;
