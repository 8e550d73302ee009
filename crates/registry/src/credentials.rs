//! Registry tokens: `<home>/credentials.toml` (`[tokens] NAME = "TOKEN"`, the platform's
//! format, 0600 in a 0700 home), a `[[registries]]` entry's `token-env`, and `GTDX_TOKEN`.
//!
//! A token is a [`Token`]: its `Debug` and `Display` show `***`, so it cannot reach a message,
//! a log line or `--verbose` output by accident; only [`Token::expose`] gives the value, for
//! the request header. Errors about credentials.toml name the file and the line, never its
//! text (which is a token).

use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Item, Table, value};

use crate::{Home, RegistryError, config};

/// The variable a CI job sets instead of logging in (as the platform's `gtdx login` reads it).
pub const TOKEN_ENV: &str = "GTDX_TOKEN";

/// Where a token came from, for messages ("the token from GTDX_TOKEN was refused").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenSource {
    /// An environment variable: the entry's `token-env`, or [`TOKEN_ENV`].
    Env(String),
    /// `credentials.toml`, written by `gtdx login`.
    File(PathBuf),
    /// Given on the command line or pasted (before `gtdx login` stores it).
    Given,
}

impl std::fmt::Display for TokenSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TokenSource::Env(var) => write!(f, "${var}"),
            TokenSource::File(p) => write!(f, "{}", p.display()),
            TokenSource::Given => f.write_str("the command line"),
        }
    }
}

/// A registry token. Never printed: `{}` and `{:?}` show `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Token {
    value: String,
    source: TokenSource,
}

impl Token {
    /// A token from `raw` (surrounding whitespace trimmed, as a pasted line has); `None` when
    /// nothing is left.
    pub fn new(raw: &str, source: TokenSource) -> Option<Token> {
        let value = raw.trim();
        (!value.is_empty()).then(|| Token {
            value: value.to_string(),
            source,
        })
    }

    /// The value, for the `Authorization` header and nothing else.
    pub fn expose(&self) -> &str {
        &self.value
    }

    pub fn source(&self) -> &TokenSource {
        &self.source
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Token(***, from {})", self.source)
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

/// `<home>/credentials.toml`.
pub fn path(home: &Home) -> PathBuf {
    home.root.join("credentials.toml")
}

/// The token for registry `name`, in this order: the variable its `[[registries]]` entry names
/// in `token-env` (when set and not empty), `GTDX_TOKEN`, then credentials.toml.
pub fn token_for(home: &Home, name: &str) -> Result<Option<Token>, RegistryError> {
    let config = config::load(home)?;
    let entry_var = config.entry(name).and_then(|e| e.token_env.clone());
    for var in entry_var.into_iter().chain([TOKEN_ENV.to_string()]) {
        if let Some(t) = std::env::var(&var)
            .ok()
            .and_then(|v| Token::new(&v, TokenSource::Env(var.clone())))
        {
            return Ok(Some(t));
        }
    }
    stored(home, name)
}

/// The token `gtdx login` stored for `name`. Reading a credentials.toml others can read is
/// noted for [`take_loose_read`].
pub fn stored(home: &Home, name: &str) -> Result<Option<Token>, RegistryError> {
    let path = path(home);
    let doc = read(&path)?;
    if let (Some(loose), Ok(mut seen)) = (loose_mode(home), LOOSE_READ.lock()) {
        *seen = Some(loose);
    }
    Ok(doc
        .get("tokens")
        .and_then(|t| t.get(name))
        .and_then(Item::as_str)
        .and_then(|v| Token::new(v, TokenSource::File(path.clone()))))
}

/// The registries credentials.toml holds a token for (names only).
pub fn names(home: &Home) -> Result<Vec<String>, RegistryError> {
    let doc = read(&path(home))?;
    Ok(doc
        .get("tokens")
        .and_then(Item::as_table_like)
        .map(|t| t.iter().map(|(k, _)| k.to_string()).collect())
        .unwrap_or_default())
}

/// Stores `token` for `name`, replacing any token it had; other entries and keys stay.
pub fn store(home: &Home, name: &str, token: &Token) -> Result<(), RegistryError> {
    let path = path(home);
    let mut doc = read(&path)?;
    let tokens = doc
        .entry("tokens")
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_like_mut()
        .ok_or_else(|| RegistryError::corrupt(&path, SHAPE))?;
    tokens.insert(name, value(token.expose()));
    config::write_private(home, &path, doc.to_string().as_bytes())
}

/// Removes the token of `name`; `false` when there was none (nothing is written then).
pub fn forget(home: &Home, name: &str) -> Result<bool, RegistryError> {
    let path = path(home);
    let mut doc = read(&path)?;
    let removed = doc
        .get_mut("tokens")
        .and_then(Item::as_table_like_mut)
        .and_then(|t| t.remove(name))
        .is_some();
    if removed {
        config::write_private(home, &path, doc.to_string().as_bytes())?;
    }
    Ok(removed)
}

const SHAPE: &str = "not the platform's credentials.toml, which is `[tokens]` with one `REGISTRY = \"TOKEN\"` line per registry; fix that line, or delete the file and run `gtdx login` again";

/// The file as a document; empty when it does not exist. A parse error names the line only:
/// the parser's own message may quote the text, which is a token.
fn read(path: &Path) -> Result<DocumentMut, RegistryError> {
    if !path.exists() {
        return Ok(DocumentMut::new());
    }
    let text = gtdx_fsx::read_text(path, gtdx_fsx::limits::REGISTRY_FILE)?;
    let doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| config::at(path, &text, e.span(), SHAPE.into()))?;
    if doc
        .get("tokens")
        .is_some_and(|t| t.as_table_like().is_none())
    {
        return Err(RegistryError::corrupt(path, SHAPE));
    }
    Ok(doc)
}

/// credentials.toml readable or writable by group or others: the value a caller renders as a
/// warning (gtdx still uses the file, as the platform's tool does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LooseMode {
    pub path: PathBuf,
    /// The permission bits, e.g. `0o644`.
    pub mode: u32,
}

impl std::fmt::Display for LooseMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} holds registry tokens and is open to other users (mode {:04o}); `chmod 600 {}` makes it readable by you only, as `gtdx login` writes it (`gtdx explain W_CREDENTIALS_MODE`)",
            self.path.display(),
            self.mode,
            self.path.display()
        )
    }
}

/// The warning for a credentials.toml whose mode lets group or others in; `None` when it is
/// private or absent (and always on systems without Unix modes).
pub fn loose_mode(home: &Home) -> Option<LooseMode> {
    let path = path(home);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).ok()?.permissions().mode() & 0o777;
        (mode & 0o077 != 0).then_some(LooseMode { path, mode })
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The loose credentials.toml a token was last looked up in by this process. Tokens are read
/// deep inside an operation (each Store request), by every command that talks to a Store:
/// noting the read here lets the command line warn once for all of them, without each
/// operation carrying the warning back through its outcome.
static LOOSE_READ: std::sync::Mutex<Option<LooseMode>> = std::sync::Mutex::new(None);

/// The warning for a credentials.toml others can read that a token was looked up in since the
/// last call (`None` when none was, or the file is private); reported once.
pub fn take_loose_read() -> Option<LooseMode> {
    LOOSE_READ.lock().ok().and_then(|mut seen| seen.take())
}

#[cfg(test)]
mod tests;
