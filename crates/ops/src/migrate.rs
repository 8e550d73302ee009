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
    /// With `write`: replace a read-only manifest too.
    pub force: bool,
    /// Where tool definitions to merge into the tools come from.
    pub tools: ToolsFrom,
    /// The capabilities every tool gets; only set when given.
    pub capabilities: Option<Vec<String>>,
}

/// Where the tools' descriptions and schemas (kept in the component under v1) come from.
#[derive(Debug, Clone, Default)]
pub enum ToolsFrom {
    /// Nowhere: tools keep what the v1 document has.
    #[default]
    Nothing,
    /// `--tools-json FILE`: a JSON array in `list-tools`' shape.
    Json(PathBuf),
    /// `--tools-from-component [WASM]`: the component's own `list-tools`, called under gtdx's
    /// host; `None` is the component the v1 document names (`runtime.component`, beside it).
    Component(Option<PathBuf>),
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
    /// The file written: the manifest, or the file it is a symbolic link to (written through,
    /// so the link stays a link).
    pub written_to: Option<PathBuf>,
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
    #[error(
        "{}: is read-only, so `--write` leaves it as it is (nothing written). Make it writable \
         (`chmod u+w {}`), or pass --force to replace it anyway (it keeps its mode)",
        path.display(),
        path.display()
    )]
    ReadOnly { path: PathBuf },
    #[error("{}: cannot follow the symbolic link to write through it: {source}", path.display())]
    Link {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{}: cannot list the component's tools: {message}; give the tools with --tools-json FILE instead",
        path.display()
    )]
    Component { path: PathBuf, message: String },
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
    // A v2 document is left alone, so its tools are not read: its component may not be built.
    let tools = match &options.tools {
        _ if gtdx_migrate::is_v2(&doc) => None,
        ToolsFrom::Nothing => None,
        ToolsFrom::Json(path) => Some(read_tools(path)?),
        ToolsFrom::Component(wasm) => Some(component_tools(&manifest, &doc, wasm.as_deref())?),
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
    let written_to = if written {
        let target = write_target(&manifest, options.force)?;
        gtdx_fsx::write_atomic(&target, text.as_bytes())?;
        Some(target)
    } else {
        None
    };
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
            written_to,
            tool_annotations,
        })),
    })
}

/// Where `--write` writes: the manifest itself, or, when it is a symbolic link, the file the
/// link leads to (a rename over the link would replace it with a regular file and leave its
/// target as it was). A read-only file is refused unless `force`.
fn write_target(manifest: &Path, force: bool) -> Result<PathBuf, MigrateError> {
    let is_link = std::fs::symlink_metadata(manifest).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(manifest).map_err(|source| MigrateError::Link {
            path: manifest.to_path_buf(),
            source,
        })?
    } else {
        manifest.to_path_buf()
    };
    let read_only = std::fs::metadata(&target).is_ok_and(|m| m.permissions().readonly());
    if read_only && !force {
        return Err(MigrateError::ReadOnly { path: target });
    }
    Ok(target)
}

/// The `--tools-json` file: a JSON array, not a describe.json, so not the manifest loader's
/// (which wants an object); its position is placed as the loader places one (in characters,
/// stated once).
fn read_tools(path: &Path) -> Result<Vec<ToolDefinition>, MigrateError> {
    let text = gtdx_fsx::read_text(path, gtdx_fsx::limits::MANIFEST)?;
    // serde_json refuses nesting deeper than 128, so a hostile file cannot recurse us away.
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        let (line, column) =
            gtdx_contract::lines::LineIndex::new(&text).char_column(&text, e.line(), e.column());
        MigrateError::ToolsJson {
            path: path.to_path_buf(),
            line,
            column,
            message: gtdx_contract::json::message(&e),
        }
    })?;
    ToolDefinition::parse_list(&value).map_err(|source| MigrateError::Tools {
        path: path.to_path_buf(),
        source,
    })
}

/// The tools as the v1 component's own `list-tools` reports them. The component runs under
/// gtdx's host with the sandbox the v1 document declares (its permissions and memory limit);
/// `list-tools` takes no input and needs no grant.
fn component_tools(
    manifest: &Path,
    v1: &serde_json::Value,
    wasm: Option<&Path>,
) -> Result<Vec<ToolDefinition>, MigrateError> {
    let dir = manifest.parent().unwrap_or(Path::new(""));
    let path = match wasm {
        Some(p) => p.to_path_buf(),
        None => dir.join(
            v1.pointer("/runtime/component")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("extension.wasm"),
        ),
    };
    let failed = |message: String| MigrateError::Component {
        path: path.clone(),
        message,
    };
    let component = gtdx_fsx::read(&path, gtdx_fsx::limits::COMPONENT).map_err(|e| {
        failed(format!(
            "{e}; pass the component's path: --tools-from-component PATH.wasm"
        ))
    })?;
    // The host reads only the sandbox of the document: migrate it once without tools and load
    // that, with the contributions left out (a v1 tool without a description is not yet valid).
    let sandbox = match gtdx_migrate::migrate(v1, &Options::default()) {
        Ok(Outcome::Migrated(m)) => {
            let mut d = m.document;
            d["contributions"] = serde_json::json!({});
            d
        }
        Ok(Outcome::AlreadyV2) => v1.clone(),
        Err(e) => return Err(failed(e.to_string())),
    };
    let describe: gtdx_contract::Describe = serde_json::from_value(sandbox)
        .map_err(|e| failed(format!("its sandbox does not load ({e})")))?;
    let runtime = gtdx_runtime::Runtime::new(gtdx_runtime::RuntimeOptions {
        cache_dir: gtdx_runtime::cache::default_dir(),
        ..Default::default()
    })
    .map_err(|e| failed(e.to_string()))?;
    let loaded = runtime
        .load(gtdx_runtime::Extension {
            source: path.display().to_string(),
            describe,
            component,
            messages: Default::default(),
        })
        .map_err(|e| failed(e.to_string()))?;
    let listed = runtime.list_tools(&loaded).map_err(failed)?;
    Ok(listed
        .into_iter()
        .map(|t| ToolDefinition {
            name: t.name,
            description: Some(t.description).filter(|d| !d.is_empty()),
            input_schema: t.input_schema,
            output_schema: t.output_schema,
        })
        .collect())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tools_json_syntax_error_is_placed_once_in_characters() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tools.json");
        // The `}` is the 11th character of line 2 and its 12th byte.
        std::fs::write(&path, "[\n  {\"é\": 1,}\n]").unwrap();
        let err = read_tools(&path).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "{}:2:11: not JSON (trailing comma); --tools-json takes a JSON array of tool definitions",
                path.display()
            )
        );
    }
}
