//! `gtdx dynamic admit` and `gtdx dynamic catalog show|diff`: the platform's admission of a
//! discovery tool's descriptors, run locally, and the per-connection catalog it keeps.
//!
//! The pipeline itself is `gtdx-dynamic`; this module reads the inputs (descriptors, manifest
//! or pack, grant) and syncs the catalog.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use gtdx_contract::Describe;
use gtdx_dynamic::{Catalog, Context, Grant, Report};
use gtdx_fsx::limits;

pub use gtdx_dynamic::DEFAULT_SERVER_CAP;
pub use gtdx_dynamic::catalog::Availability;
pub use gtdx_dynamic::{CatalogError, ContextError, DiscoveryError};

/// Where the descriptors come from.
#[derive(Debug, Clone)]
pub enum Descriptors {
    File(PathBuf),
    Stdin,
    /// What a discovery tool just returned (`gtdx test --discovery`): the descriptors, or why
    /// the call failed (a failed discovery, which leaves a catalog as it was).
    Returned {
        tool: String,
        output: Result<serde_json::Value, String>,
    },
}

/// The extension the descriptors are admitted for.
#[derive(Debug, Clone)]
pub enum Extension {
    /// A describe.json (its component digests stand for the code artifact).
    Manifest(PathBuf),
    /// A .gtxpack (the code artifact hash is that of the component bytes in the pack).
    Pack(PathBuf),
    /// Already loaded (`gtdx test --discovery`): describe.json, where it came from, and the
    /// SHA-256 of the component bytes by component key.
    Loaded {
        path: PathBuf,
        describe: Box<Describe>,
        artifacts: BTreeMap<String, String>,
    },
}

/// A per-connection catalog to sync.
#[derive(Debug, Clone)]
pub struct CatalogTarget {
    pub dir: PathBuf,
    pub connection: String,
}

/// `gtdx dynamic admit`.
#[derive(Debug, Clone)]
pub struct AdmitOptions {
    pub descriptors: Descriptors,
    pub extension: Extension,
    pub org: String,
    /// A grant file; `None`: the installed-extension grant.
    pub grant: Option<PathBuf>,
    pub max_derived_tools: u32,
    pub catalog: Option<CatalogTarget>,
}

/// What `gtdx dynamic admit` produced.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdmitOutcome {
    #[serde(flatten)]
    pub report: Report,
    /// The synced catalog, with `--catalog`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalog: Option<SyncedCatalog>,
}

/// The catalog after a sync.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SyncedCatalog {
    pub connection: String,
    pub path: PathBuf,
    pub sync: u64,
    pub last_sync: gtdx_dynamic::SyncDiff,
}

/// Why admission could not run.
#[derive(Debug, thiserror::Error)]
pub enum DynamicError {
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    #[error("cannot read the descriptors from stdin: {0}")]
    Stdin(std::io::Error),
    #[error(
        "no --descriptors FILE was given and stdin is a terminal; pass the discovery result with --descriptors FILE or pipe it in"
    )]
    StdinTerminal,
    #[error(
        "{} is not JSON: {message} (line {line}, column {column}); a discovery result is a JSON array of descriptors",
        path.display()
    )]
    DescriptorsJson {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{}: {message}", path.display())]
    Manifest { path: PathBuf, message: String },
    /// describe.json does not load (`file:line:column`, as every command says it).
    #[error(transparent)]
    Describe(#[from] gtdx_contract::json::ManifestError),
    #[error("{}: {message}", path.display())]
    Grant { path: PathBuf, message: String },
    #[error("{}: {source}", path.display())]
    Context { path: PathBuf, source: ContextError },
    #[error(transparent)]
    Pack(#[from] gtdx_pack::read::ReadError),
    /// A failed discovery: nothing admitted; a catalog keeps its last successful state.
    #[error("{}: discovery failed: {message}{kept}", path.display())]
    Discovery {
        path: PathBuf,
        message: String,
        /// What happened to the catalog, as a sentence (empty without `--catalog`).
        kept: String,
    },
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

fn describe_name(d: &Descriptors) -> PathBuf {
    match d {
        Descriptors::File(p) => p.clone(),
        Descriptors::Stdin => PathBuf::from("<stdin>"),
        Descriptors::Returned { tool, .. } => PathBuf::from(format!("the discovery tool `{tool}`")),
    }
}

/// Runs the six controls, and syncs the catalog when asked (only after a successful discovery).
pub fn admit(options: &AdmitOptions) -> Result<AdmitOutcome, DynamicError> {
    let (manifest_path, describe, artifacts) = load_extension(&options.extension)?;
    let grant = match &options.grant {
        None => None,
        Some(p) => Some(load_grant(p)?),
    };
    let ctx = Context::from_manifest(
        &describe,
        &options.org,
        grant,
        options.max_derived_tools,
        &artifacts,
    )
    .map_err(|source| DynamicError::Context {
        path: manifest_path.clone(),
        source,
    })?;
    let source = describe_name(&options.descriptors);
    let failed = |message: String| -> DynamicError {
        DynamicError::Discovery {
            path: source.clone(),
            kept: kept_sentence(options.catalog.as_ref(), &ctx),
            message,
        }
    };
    let value: serde_json::Value = match &options.descriptors {
        Descriptors::Returned { output, .. } => output.clone().map_err(failed)?,
        Descriptors::File(p) => {
            let bytes =
                gtdx_fsx::read(p, limits::DESCRIPTORS).map_err(|e| failed(e.to_string()))?;
            parse_descriptors(&bytes).map_err(failed)?
        }
        Descriptors::Stdin => {
            use std::io::IsTerminal as _;
            if std::io::stdin().is_terminal() {
                return Err(DynamicError::StdinTerminal);
            }
            let mut buf = Vec::new();
            std::io::stdin()
                .lock()
                .take(limits::DESCRIPTORS.max + 1)
                .read_to_end(&mut buf)
                .map_err(DynamicError::Stdin)?;
            if buf.len() as u64 > limits::DESCRIPTORS.max {
                return Err(failed(format!(
                    "stdin holds more than {}, the cap on {}",
                    gtdx_fsx::read::human_bytes(limits::DESCRIPTORS.max),
                    limits::DESCRIPTORS.what
                )));
            }
            parse_descriptors(&buf).map_err(failed)?
        }
    };
    let report = gtdx_dynamic::admit(&value, &ctx).map_err(|e| failed(e.to_string()));
    // Ten thousand descriptors are a few hundred thousand allocations: freed beside the report.
    gtdx_contract::par::drop_in_background(value);
    let report = report?;
    let catalog = match &options.catalog {
        None => None,
        Some(t) => {
            let store = gtdx_dynamic::Store::new(&t.dir);
            let c = store.sync(&t.connection, &report)?;
            Some(SyncedCatalog {
                connection: t.connection.clone(),
                path: store.path(&t.connection)?,
                sync: c.sync,
                last_sync: c.last_sync,
            })
        }
    };
    Ok(AdmitOutcome { report, catalog })
}

fn parse_descriptors(bytes: &[u8]) -> Result<serde_json::Value, String> {
    // The descriptors and values are counted first, without building any: a result over the
    // caps is refused before it costs memory.
    gtdx_dynamic::limits::check_bytes(bytes).map_err(|e| e.to_string())?;
    let not_json = |e: serde_json::Error| {
        format!("not JSON: {e}; a discovery result is a JSON array of descriptors")
    };
    // An array is checked and cut into its elements first, which are then parsed on every core;
    // anything else (an error result, bad JSON) takes the one-thread parse and its message.
    let Ok(elements) = serde_json::from_slice::<Vec<&serde_json::value::RawValue>>(bytes) else {
        return serde_json::from_slice(bytes).map_err(not_json);
    };
    let parsed = gtdx_contract::par::map(&elements, 512, |raw| {
        serde_json::from_str::<serde_json::Value>(raw.get())
    });
    match parsed.into_iter().collect::<Result<Vec<_>, _>>() {
        Ok(list) => Ok(serde_json::Value::Array(list)),
        // Say where in the file (a number out of range, say), not where in the element.
        Err(_) => serde_json::from_slice(bytes).map_err(not_json),
    }
}

/// " The catalog of connection `x` is unchanged: ..." for a failed discovery.
fn kept_sentence(target: Option<&CatalogTarget>, ctx: &Context) -> String {
    let Some(t) = target else {
        return String::new();
    };
    let store = gtdx_dynamic::Store::new(&t.dir);
    match store.load(&t.connection) {
        Ok(Some(c)) => {
            let a = c.availability(&ctx.artifact_sha256, &ctx.grant.id);
            let mut s = format!(
                ". The catalog of connection `{}` is unchanged: the last successful sync (#{}) with {} stays",
                t.connection,
                c.sync,
                crate::count(c.tools.len(), "tool", "tools")
            );
            match a.reason {
                Some(r) if !a.available => s.push_str(&format!(" (but {r})")),
                _ => s.push_str(" visible"),
            }
            s
        }
        Ok(None) => format!(
            ". Connection `{}` has no catalog yet; none was written",
            t.connection
        ),
        Err(e) => format!(
            ". The catalog of connection `{}` was not touched ({e})",
            t.connection
        ),
    }
}

/// Reads a describe.json or a pack's, and the real component digests of a pack.
fn load_extension(
    ext: &Extension,
) -> Result<(PathBuf, Describe, BTreeMap<String, String>), DynamicError> {
    match ext {
        Extension::Loaded {
            path,
            describe,
            artifacts,
        } => Ok((path.clone(), (**describe).clone(), artifacts.clone())),
        Extension::Manifest(path) => {
            let describe = gtdx_contract::json::load_manifest(path)?.describe;
            Ok((path.clone(), describe, BTreeMap::new()))
        }
        Extension::Pack(path) => {
            let pack = gtdx_pack::read_pack(path)?;
            let Some(bytes) = &pack.describe else {
                return Err(DynamicError::Manifest {
                    path: path.clone(),
                    message: "the pack has no readable describe.json; rebuild it with `gtdx build`"
                        .into(),
                });
            };
            let file = format!("{}!describe.json", path.display());
            let describe = gtdx_contract::json::manifest_from_bytes(file, bytes.clone())?.describe;
            let mut artifacts = BTreeMap::new();
            for (key, c) in &describe.runtime.components {
                if let Some(g) = &c.gtpack
                    && let Some(sha) = pack.entry(&g.file).and_then(|e| e.sha256_hex())
                {
                    artifacts.insert(key.clone(), sha);
                }
            }
            Ok((path.clone(), describe, artifacts))
        }
    }
}

/// A grant file: `{"id": "...", "executors": ["org:<org>:<extension>:<slug>", ...], "maxTools": N}`.
fn load_grant(path: &Path) -> Result<Grant, DynamicError> {
    let bytes = gtdx_fsx::read(path, limits::CATALOG)?;
    serde_json::from_slice(&bytes).map_err(|e| DynamicError::Grant {
        path: path.to_path_buf(),
        message: format!(
            "not a grant: {e} (line {}, column {}); a grant is {{\"id\": \"...\", \"executors\": [\"org:<org>:<extension>:<slug>\", ...], \"maxTools\": N}}",
            e.line(),
            e.column()
        ),
    })
}

/// `gtdx dynamic catalog show|diff`.
#[derive(Debug, Clone)]
pub struct CatalogOptions {
    pub dir: PathBuf,
    pub connection: String,
    /// With an extension (and optionally a grant): say whether the tools are still available
    /// under its code artifact and grant.
    pub against: Option<(Extension, Option<PathBuf>, String)>,
}

/// A catalog as shown.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShownCatalog {
    pub path: PathBuf,
    #[serde(flatten)]
    pub catalog: Catalog,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub availability: Option<Availability>,
}

/// Reads a connection's catalog.
pub fn show_catalog(options: &CatalogOptions) -> Result<ShownCatalog, DynamicError> {
    let store = gtdx_dynamic::Store::new(&options.dir);
    let path = store.path(&options.connection)?;
    let catalog = store
        .load(&options.connection)?
        .ok_or_else(|| CatalogError::Missing {
            dir: options.dir.clone(),
            connection: options.connection.clone(),
        })?;
    let availability = match &options.against {
        None => None,
        Some((ext, grant, org)) => {
            let (manifest_path, describe, artifacts) = load_extension(ext)?;
            let grant = match grant {
                None => None,
                Some(p) => Some(load_grant(p)?),
            };
            let ctx = Context::from_manifest(
                &describe,
                org,
                grant,
                gtdx_dynamic::DEFAULT_SERVER_CAP,
                &artifacts,
            )
            .map_err(|source| DynamicError::Context {
                path: manifest_path,
                source,
            })?;
            Some(catalog.availability(&ctx.artifact_sha256, &ctx.grant.id))
        }
    };
    Ok(ShownCatalog {
        path,
        catalog,
        availability,
    })
}
