//! The library's errors.

use std::path::PathBuf;

/// Why an admission context cannot be built from a manifest and a grant.
#[derive(Debug, thiserror::Error)]
pub enum ContextError {
    #[error(
        "the organisation id `{0}` is not usable: expected 1 to 64 lowercase letters, digits, `-` or `_`"
    )]
    Org(String),
    #[error(
        "the manifest declares no `contributions.dynamicTools`: mark one tool #[tool(discovery)] and its executors #[tool(executor = \"read|write|delete\")], then run `gtdx describe`"
    )]
    NoDynamicTools,
    #[error("the executor `{0}` names no tool of the manifest (run `gtdx lint`)")]
    UnknownExecutor(String),
    #[error("the executor `{0}` names more than one tool of the manifest (run `gtdx lint`)")]
    AmbiguousExecutor(String),
    #[error("the input_schema of executor `{tool}` is not JSON: {message}")]
    ExecutorSchema { tool: String, message: String },
    #[error("the grant's `id` is empty or holds control characters")]
    GrantId,
}

/// Why the descriptors could not be admitted at all (a failed discovery).
#[derive(Debug, Clone, thiserror::Error, serde::Serialize)]
pub enum DiscoveryError {
    /// The discovery tool returned an error result.
    #[error("the discovery result is an error, not descriptors: {0}")]
    ErrorResult(String),
    /// The discovery result is not a JSON array.
    #[error("the discovery result at {pointer} is {found}, not an array of descriptors")]
    NotAnArray { pointer: String, found: String },
    /// More descriptors than [`crate::limits::MAX_DESCRIPTORS`].
    #[error(
        "the discovery result holds more than {max} descriptors, the most one result may hold (`DESCRIPTOR_COUNT` in docs/security.md); nothing was admitted. A connection admits at most its capacity (the least of the grant's maxTools, the declared maxTools and the server cap) anyway: return at most {max} descriptors, the ones worth admitting"
    )]
    TooManyDescriptors { max: String },
    /// More JSON values than [`crate::limits::MAX_VALUES`].
    #[error(
        "the discovery result holds more than {max} JSON values (objects, arrays, strings, numbers, booleans and nulls, at any depth), the most one result may hold (`DESCRIPTOR_VALUES` in docs/security.md); nothing was admitted. A descriptor is a key, a name, a description, an input schema and a dispatch: return smaller descriptors, or fewer"
    )]
    TooManyValues { max: String },
}

/// A catalog store failure.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(
        "the connection name `{0}` is not usable: expected 1 to 64 of letters, digits, `.`, `-` or `_`, not starting with `.`"
    )]
    Connection(String),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    #[error("cannot lock {}: {source}", path.display())]
    Lock {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{} is not a gtdx dynamic-tools catalog: {message}; delete it to start the connection's catalog over",
        path.display()
    )]
    Corrupt { path: PathBuf, message: String },
    /// The catalog a sync would write is larger than gtdx reads back
    /// (`gtdx_fsx::limits::CATALOG`): it is not written, and the last one stays.
    #[error(
        "the catalog of connection `{connection}` would be {size}, more than the {max} gtdx reads back (`CATALOG` in docs/security.md); nothing was written, {} stays as it was. Admit fewer tools (a lower --max-derived-tools or grant maxTools) or return smaller descriptors",
        path.display()
    )]
    TooLarge {
        path: PathBuf,
        connection: String,
        size: String,
        max: String,
    },
    #[error("there is no catalog for connection `{connection}` in {}; run `gtdx dynamic admit --catalog DIR --connection {connection}` first", dir.display())]
    Missing { dir: PathBuf, connection: String },
}
