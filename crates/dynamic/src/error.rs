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
    #[error("there is no catalog for connection `{connection}` in {}; run `gtdx dynamic admit --catalog DIR --connection {connection}` first", dir.display())]
    Missing { dir: PathBuf, connection: String },
}
