//! gtdx-registry: where packs go after `gtdx build` and `gtdx sign`, in the platform's formats.
//!
//! * [`reference`]: the registry a user names (`local`, `file://DIR`, `oci://HOST/NS[/NAME]`)
//!   and what `gtdx install` is given (a pack file, `ID[@VERSION]`, `oci://…[:TAG|@DIGEST]`).
//! * [`local`]: the platform's directory registry (`<root>/<id>/<version>/…`,
//!   `<root>/<id>/metadata.json`, `<root>/index.json`), written under `.publish.lock` through
//!   temp file + fsync + rename.
//! * [`oci`]: any OCI distribution registry (GHCR, Harbor, ECR, `registry:2`), spoken by gtdx
//!   itself on a small blocking HTTP client, with the platform's media types; credentials go
//!   only to the host they are for, every answer is capped and every operation has a deadline.
//! * [`config`] and [`credentials`]: the platform's `config.toml` (default registry, trust
//!   policy, `[[registries]]`, pins) and `credentials.toml` (tokens), read and edited in place.
//! * [`store`]: the Greentic Store's HTTP API (`https://…`, the built-in `greentic-store`).
//! * [`home`]: `$GREENTIC_HOME` (default `~/.greentic`): installed extensions under
//!   `extensions/<kind>/<id>-<version>/`, `extensions-state.json` ([`state`]), the publisher pins
//!   of `trust/publishers.json` ([`trust`]); [`install`] unpacks into staging and renames.
//!
//! The platform's registry crate (`greentic-extension-sdk-registry`) is the authority on these
//! layouts too, but it brings an OCI client with tokio's multi-thread runtime, reqwest's
//! multipart and a terminal prompt library (dialoguer) into every build; the layouts are small,
//! so they are written here and the e2e tests prove them against the platform's own CLI (what
//! gtdx publishes, the platform installs, and the reverse). The state file's types come from the
//! platform's light state crate (`greentic-extension-sdk-state`); its reads and writes go
//! through gtdx-fsx (bounded reads, atomic writes) under the platform's lock file.
//!
//! One crate for registries and installs: an install pulls from a registry, and both share the
//! pack checks and the lock discipline; the HTTP client stays here.

pub mod config;
pub mod credentials;
pub mod home;
mod http;
pub mod install;
pub mod local;
pub mod lock;
pub mod oci;
pub mod packinfo;
pub mod reference;
pub mod state;
pub mod store;
pub mod trust;

use std::path::PathBuf;

pub use home::Home;
pub use packinfo::PackInfo;
pub use reference::{InstallSource, RegistryRef};

/// Why a registry or install operation failed. Each message names the file or address and says
/// how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    /// A describe.json that does not read as a JSON object (the one loader's message).
    #[error(transparent)]
    Load(#[from] gtdx_contract::json::LoadError),
    #[error("{}: {message}", path.display())]
    Corrupt { path: PathBuf, message: String },
    /// As `Corrupt`, at a place in the file (a JSON syntax error).
    #[error("{}:{line}:{column}: {message}", path.display())]
    CorruptAt {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{given:?} is not a registry: {why}. Use `local`, `file:///DIR`, `oci://HOST/NAMESPACE[/NAME]` or a name from config.toml's [[registries]]"
    )]
    BadRegistry { given: String, why: String },
    #[error(
        "{registry} is reached over plain http, which would carry its token and packs unencrypted to another machine: use its https:// address, or pass --insecure to allow it (gtdx then sends it no token; `gtdx explain E_REGISTRY_CLEARTEXT`)"
    )]
    Cleartext { registry: String },
    #[error("{given:?} is not something to install: {why}")]
    BadSource { given: String, why: String },
    #[error(
        "{id}@{version} is already in {registry} ({place}). Publish a new version (bump `version` in Cargo.toml and rebuild), or pass --force to replace it"
    )]
    VersionExists {
        id: String,
        version: String,
        registry: String,
        place: String,
    },
    #[error("{what} is not in {registry}{hint}")]
    NotFound {
        what: String,
        registry: String,
        hint: String,
    },
    #[error("{0}")]
    Oci(String),
    /// An OCI registry refused the credentials (or asked for some and got none).
    #[error("{0}")]
    OciAuth(String),
    /// A Greentic Store's failure; the message names the Store.
    #[error("{0}")]
    Store(String),
    /// A Greentic Store refused (or needs) a token: one sentence naming `gtdx login`.
    #[error("{0}")]
    StoreAuth(String),
    #[error(
        "{id}@{version} is not installed in {}. `gtdx list` shows what is",
        home.display()
    )]
    NotInstalled {
        id: String,
        version: String,
        home: PathBuf,
    },
    #[error("{id} has {count} versions installed ({versions}); name one: `{id}@VERSION`")]
    Ambiguous {
        id: String,
        count: usize,
        versions: String,
    },
    #[error("the pack is refused: {0}")]
    Refused(String),
    /// Two extensions whose `<id>-<version>` directory names are equal (`a-1.0.0-rc@1.0.0` and
    /// `a@1.0.0-rc-1.0.0`): the platform's layout cannot hold both.
    #[error(
        "{id}@{version} cannot be installed: its directory {} already holds {other}. The platform names install directories `<id>-<version>`, so these two extensions would share one; nothing was written. Uninstall the other first (`gtdx uninstall {other}`), or install a version whose directory name is free",
        dir.display()
    )]
    SlotTaken {
        id: String,
        version: String,
        dir: PathBuf,
        other: String,
    },
    /// A pack that unpacks to more than an install accepts.
    #[error(
        "{}: the pack is refused: {why}; nothing was written. A real extension unpacks to far less: if the pack is yours, list what it holds (`unzip -l PACK`) and rebuild it with `gtdx build`; otherwise do not install it",
        pack.display()
    )]
    TooLarge { pack: PathBuf, why: String },
    /// An extension id a directory registry cannot hold: it names one of the registry's own
    /// files.
    #[error(
        "the id `{id}` cannot be published to the directory registry {}: {} is the registry's own {what}, and each extension lives in `<registry>/<id>/`; nothing was written. Publish it under another id, or to an OCI registry",
        root.display(), root.join(id).display()
    )]
    ReservedId {
        id: String,
        root: PathBuf,
        what: &'static str,
    },
    /// A registry's answer larger than gtdx reads of its kind (`REGISTRY_MANIFEST` and the
    /// other caps of docs/security.md), refused without reading the rest.
    #[error(
        "{place}: the registry's {what} is more than {}, the most gtdx reads of one (docs/security.md); refusing it, nothing was written. A registry that answers this is misconfigured or hostile: check the address, or ask its operator",
        gtdx_fsx::read::human_bytes(*limit)
    )]
    AnswerTooLarge {
        place: String,
        what: &'static str,
        limit: u64,
    },
    /// A registry operation that did not finish within its deadline.
    #[error(
        "{place}: no complete answer from the registry within {} s while {action}, the deadline of one registry operation (docs/security.md); nothing was written. {raise}",
        limit.as_secs()
    )]
    Deadline {
        place: String,
        action: String,
        limit: std::time::Duration,
        raise: &'static str,
    },
    /// A registry name that is neither configured nor built in.
    #[error(
        "no registry named {name:?} in {}; configured: {configured}. `gtdx registries add {name} URL` adds it (`gtdx registries list` shows them)",
        file.display()
    )]
    NotConfigured {
        name: String,
        file: PathBuf,
        configured: String,
    },
    #[error("{0}")]
    Other(String),
}

impl RegistryError {
    pub(crate) fn corrupt(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        RegistryError::Corrupt {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Lowercase-hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    gtdx_pack::sha256_hex(bytes)
}
