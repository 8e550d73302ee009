//! `gtdx migrate`: a `greentic.ai/v1` describe.json made v2, checked with `gtdx validate`'s
//! checks, and written only when asked (`--write`) and only when it validates.

use std::path::{Path, PathBuf};

use gtdx_contract::Diagnostic;
pub use gtdx_migrate::{Attention, Change, ToolDefinition, ToolsError};
use gtdx_migrate::{MigrateError as Refusal, Options, Outcome};

/// What to migrate and how.
#[derive(Debug, Clone)]
pub struct MigrateOptions {
    /// A describe.json, or the directory holding one.
    pub path: PathBuf,
    /// Write the result over the manifest (when it validates).
    pub write: bool,
    /// A JSON file of tool definitions (`list-tools`' shape) to merge into the tools.
    pub tools_json: Option<PathBuf>,
    /// The capabilities every tool gets; only set when given.
    pub capabilities: Option<Vec<String>>,
}

/// What `migrate` did.
#[derive(Debug)]
pub struct MigrateOutcome {
    /// The manifest read (and written, with `--write`).
    pub manifest: PathBuf,
    pub result: Migrated,
}

#[derive(Debug)]
pub enum Migrated {
    /// Already `greentic.ai/v2`: nothing changed, nothing written.
    AlreadyV2,
    Done(Box<Done>),
}

/// A v1 document migrated.
#[derive(Debug)]
pub struct Done {
    pub changes: Vec<Change>,
    pub attention: Vec<Attention>,
    /// What `gtdx validate` says of the result (empty when it is valid).
    pub diagnostics: Vec<Diagnostic>,
    /// The v2 text: the typed model's own serialization when it validated (what the platform
    /// re-serializes and signs), else the migrated JSON as is.
    pub text: String,
    /// Whether the result validated.
    pub valid: bool,
    /// Whether it was written over the manifest.
    pub written: bool,
    /// For a crate whose tools are built by hand (no `#[tool]` in `src/lib.rs`): the annotated
    /// functions that replace them.
    pub tool_annotations: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error(transparent)]
    Load(#[from] gtdx_lint::LoadError),
    #[error("{}: {source}", path.display())]
    Refused { path: PathBuf, source: Refusal },
    #[error("{}:{line}:{column}: not JSON ({message}); --tools-json takes a JSON array of tool definitions", path.display())]
    ToolsJson {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{}: {source}; --tools-json takes a JSON array of {{\"name\", \"description\", \"input_schema\"}} objects (the shape list-tools returns)",
        path.display()
    )]
    Tools { path: PathBuf, source: ToolsError },
    #[error(transparent)]
    Write(#[from] gtdx_fsx::FsError),
}

/// Migrates the manifest at `options.path`.
pub fn migrate(options: &MigrateOptions) -> Result<MigrateOutcome, MigrateError> {
    let manifest = if options.path.is_dir() {
        options.path.join("describe.json")
    } else {
        options.path.clone()
    };
    let file = manifest.display().to_string();
    let text = gtdx_lint::load::read_text(&manifest)?;
    let doc = gtdx_lint::load::parse_json(&file, &text)?;
    let tools = match &options.tools_json {
        Some(path) => Some(read_tools(path)?),
        None => None,
    };
    let migrate_options = Options {
        tools,
        capabilities: options.capabilities.clone(),
    };
    let migration = match gtdx_migrate::migrate(&doc, &migrate_options) {
        Ok(Outcome::AlreadyV2) => {
            return Ok(MigrateOutcome {
                manifest,
                result: Migrated::AlreadyV2,
            });
        }
        Ok(Outcome::Migrated(m)) => m,
        Err(source) => {
            return Err(MigrateError::Refused {
                path: manifest,
                source,
            });
        }
    };

    let mut text = serde_json::to_string_pretty(&migration.document)
        .unwrap_or_else(|e| unreachable!("a JSON value always serializes: {e}"));
    text.push('\n');
    let dir = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
    // The findings are about the migrated text, which is not on disk: their file says so (and
    // no source line of the v1 file is shown under them).
    let migrated = format!("{file} (as migrated)");
    let check = gtdx_lint::check_str(
        &migrated,
        &text,
        &gtdx_lint::Options::validate().in_dir(dir),
    )?;
    let valid = check.errors() == 0;
    if let Some(describe) = &check.describe {
        text = describe.to_pretty_json();
    }
    let written = options.write && valid;
    if written {
        gtdx_fsx::write_atomic(&manifest, text.as_bytes())?;
    }
    let tool_annotations = hand_built_tools(&manifest)
        .then(|| gtdx_migrate::tool_annotations(&migration.document))
        .flatten();
    Ok(MigrateOutcome {
        manifest,
        result: Migrated::Done(Box::new(Done {
            changes: migration.changes,
            attention: migration.attention,
            diagnostics: check.diagnostics,
            text,
            valid,
            written,
            tool_annotations,
        })),
    })
}

fn read_tools(path: &Path) -> Result<Vec<ToolDefinition>, MigrateError> {
    let text = gtdx_fsx::read_text(path, gtdx_fsx::limits::MANIFEST)?;
    // serde_json refuses nesting deeper than 128, so a hostile file cannot recurse us away.
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| MigrateError::ToolsJson {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
    ToolDefinition::parse_list(&value).map_err(|source| MigrateError::Tools {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether the manifest sits in a crate whose `src/lib.rs` builds its tools by hand (no
/// `#[tool` anywhere in it).
fn hand_built_tools(manifest: &Path) -> bool {
    let Some(dir) = manifest.parent() else {
        return false;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if !dir.join("Cargo.toml").is_file() {
        return false;
    }
    match gtdx_fsx::read(&dir.join("src/lib.rs"), gtdx_fsx::limits::RUST_SOURCE) {
        Ok(bytes) => !String::from_utf8_lossy(&bytes).contains("#[tool"),
        Err(_) => false,
    }
}
