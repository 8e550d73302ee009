//! `greentic.ai/v1` → `greentic.ai/v2`: the transformation behind `gtdx migrate`.
//!
//! The platform can read v1 extensions' describe.json no longer (its loader refuses any
//! `apiVersion` but v2) and ships a migration function but no command. This crate is gtdx's
//! migration: a pure function from the v1 JSON value to the v2 one ([`migrate`]), which also
//! returns every change it made and every point a human has to decide (an invented value, a
//! dropped field, a signature to redo). It never reads or writes files; `gtdx-ops` does that and
//! validates the result with the same checks as `gtdx validate`.
//!
//! What it converts, from the v1 schema and every shape the platform's own v1 fixtures use:
//! `apiVersion` and `$schema`; `engine` → `compat` (the designer floor kept when it is at least
//! the first v2 designer, 1.2.0); `runtime.component` / `runtime.gtpack` → the
//! `runtime.components` map; node types' `config_schema` objects, `configSchema` keys and `null`s
//! → one string; recipes' camelCase keys; bare-string `knowledge`/`prompts`/`schemas` paths →
//! `{ "path": … }`; v1-only keys (`targets`, `i18n`, `assets`, the signature) dropped with a
//! note. Tool metadata v1 never had (description, schemas) comes from the component's
//! `list-tools` or a JSON file ([`ToolDefinition`]); tool `capabilities` are set only when the
//! caller passes them, never guessed. A v2 document comes back unchanged ([`Outcome::AlreadyV2`]),
//! so running the migration twice is harmless.

use gtdx_contract::{
    API_VERSION_V1, API_VERSION_V2, CONTRACT_VERSION, MIN_DESIGNER_VERSION, MIN_RUNNER_VERSION,
    SCHEMA_URL, TOOLS_INVOKE_EXPORT,
};
use serde_json::{Map, Value, json};

mod contributions;
mod rust_stubs;
mod tools;

pub use rust_stubs::tool_annotations;
pub use tools::{ToolDefinition, ToolsError};

/// The component id the single v1 component gets in `runtime.components` (the platform's
/// migration uses the same, so the two agree).
pub const COMPONENT_ID: &str = "main";
/// The placeholder `world` of that component: v1 never named it, and `gtdx pack` checks it
/// against the component's WIT, so a wrong guess is caught there with the real name.
pub const PLACEHOLDER_WORLD: &str = "main";
/// An all-zero digest: `gtdx build` and `gtdx pack` fill the real ones.
pub const ZERO_SHA256: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What the caller knows that the v1 document does not say.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Tool definitions (from the component's `list-tools`, or a JSON file) merged into the
    /// tools by name.
    pub tools: Option<Vec<ToolDefinition>>,
    /// The `capabilities` every tool gets (`agentic_worker`, `flow`). Only ever set from here.
    pub capabilities: Option<Vec<String>>,
}

/// What [`migrate`] made of a document.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The document already is `greentic.ai/v2`: nothing to do.
    AlreadyV2,
    /// The v2 document and how it was made.
    Migrated(Migration),
}

/// A migrated document with its report.
#[derive(Debug, Clone)]
pub struct Migration {
    /// The `greentic.ai/v2` document.
    pub document: Value,
    /// Every change, located by the JSON pointer of the v1 document it concerns.
    pub changes: Vec<Change>,
    /// What a human must check or decide before the extension is published.
    pub attention: Vec<Attention>,
}

/// One change the migration made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// JSON pointer into the v1 document.
    pub pointer: String,
    pub what: String,
}

/// One point that needs a human: an invented value, a dropped field, a step to redo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attention {
    /// JSON pointer into the v1 document (or into the v2 one, for a value that is new).
    pub pointer: String,
    pub what: String,
    /// What to do about it.
    pub fix: String,
}

/// Why a document cannot be migrated at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MigrateError {
    #[error("the document is not a JSON object; a describe.json is one object")]
    NotObject,
    #[error(
        "/apiVersion is missing (or not a string); a v1 describe.json has \"apiVersion\": \"greentic.ai/v1\""
    )]
    NoApiVersion,
    #[error(
        "/apiVersion is {0:?}: gtdx migrate converts \"greentic.ai/v1\" documents to \"greentic.ai/v2\" and knows no other version"
    )]
    UnsupportedApiVersion(String),
    #[error(
        "/kind is \"wasix:mcp/router\": MCP router describes keep their own v1 schema (describe-mcp-v1.json), which the platform still loads; there is nothing to migrate"
    )]
    McpRouter,
}

/// Collects the report while the document is rebuilt.
#[derive(Debug, Default)]
pub(crate) struct Report {
    pub changes: Vec<Change>,
    pub attention: Vec<Attention>,
}

impl Report {
    pub fn change(&mut self, pointer: impl Into<String>, what: impl Into<String>) {
        self.changes.push(Change {
            pointer: pointer.into(),
            what: what.into(),
        });
    }

    pub fn attend(
        &mut self,
        pointer: impl Into<String>,
        what: impl Into<String>,
        fix: impl Into<String>,
    ) {
        self.attention.push(Attention {
            pointer: pointer.into(),
            what: what.into(),
            fix: fix.into(),
        });
    }
}

/// The top-level keys of a v1 document this migration reads (the v1 schema's properties).
const V1_TOP_LEVEL: &[&str] = &[
    "$schema",
    "apiVersion",
    "kind",
    "metadata",
    "engine",
    "capabilities",
    "runtime",
    "contributions",
    "execution",
    "signature",
];

/// Whether `doc` already declares `apiVersion: greentic.ai/v2` (and [`migrate`] has nothing
/// to do): a caller can tell before it gathers tool definitions for a migration.
pub fn is_v2(doc: &Value) -> bool {
    doc.get("apiVersion").and_then(Value::as_str) == Some(API_VERSION_V2)
}

/// Migrates a v1 describe.json value to v2. See the crate documentation for what changes.
pub fn migrate(doc: &Value, options: &Options) -> Result<Outcome, MigrateError> {
    let obj = doc.as_object().ok_or(MigrateError::NotObject)?;
    if obj.get("kind").and_then(Value::as_str) == Some("wasix:mcp/router") {
        return Err(MigrateError::McpRouter);
    }
    match obj.get("apiVersion").and_then(Value::as_str) {
        Some(API_VERSION_V2) => return Ok(Outcome::AlreadyV2),
        Some(API_VERSION_V1) => {}
        Some(other) => return Err(MigrateError::UnsupportedApiVersion(other.to_string())),
        None => return Err(MigrateError::NoApiVersion),
    }

    let mut report = Report::default();
    let mut out = Map::new();

    match obj.get("$schema").and_then(Value::as_str) {
        Some(old) => report.change("/$schema", format!("{old} → {SCHEMA_URL}")),
        None => report.change("/$schema", format!("added {SCHEMA_URL}")),
    }
    out.insert("$schema".into(), json!(SCHEMA_URL));
    out.insert("apiVersion".into(), json!(API_VERSION_V2));
    report.change(
        "/apiVersion",
        format!("{API_VERSION_V1} → {API_VERSION_V2}"),
    );
    if let Some(kind) = obj.get("kind") {
        out.insert("kind".into(), kind.clone());
    }
    out.insert("compat".into(), compat(obj.get("engine"), &mut report));
    if let Some(metadata) = obj.get("metadata") {
        out.insert("metadata".into(), metadata.clone());
    }
    out.insert(
        "capabilities".into(),
        obj.get("capabilities")
            .cloned()
            .unwrap_or_else(|| json!({})),
    );
    let metadata = obj.get("metadata");
    out.insert(
        "runtime".into(),
        runtime(obj.get("runtime"), metadata, &mut report),
    );
    if let Some(execution) = obj.get("execution") {
        if obj.get("kind").and_then(Value::as_str) == Some("BundleExtension") {
            out.insert("execution".into(), execution.clone());
        } else {
            report.attend(
                "/execution",
                "dropped: v2 allows `execution` only on a BundleExtension",
                "if this extension runs flows, make it a BundleExtension; otherwise nothing to do",
            );
        }
    }
    out.insert(
        "contributions".into(),
        contributions::migrate(obj.get("contributions"), options, &mut report),
    );

    if obj.contains_key("signature") {
        report.attend(
            "/signature",
            "dropped: it signed the v1 bytes, and the v2 document differs",
            "sign the migrated extension again: `gtdx pack` (or `gtdx build`), then `gtdx sign`",
        );
    }
    for key in obj.keys().filter(|k| !V1_TOP_LEVEL.contains(&k.as_str())) {
        report.attend(
            format!("/{}", escape(key)),
            format!("dropped: `{key}` is not a v1 key and v2 refuses unknown keys"),
            "move what it holds where v2 expects it, if anywhere (docs/manifest.md)",
        );
    }

    Ok(Outcome::Migrated(Migration {
        document: Value::Object(out),
        changes: report.changes,
        attention: report.attention,
    }))
}

/// `engine` → `compat`. The designer floor survives when it excludes every Designer older than
/// 1.2.0 (the first that reads v2); anything lower would promise a Designer that skips the
/// document, so the floor becomes `>=1.2.0`.
fn compat(engine: Option<&Value>, report: &mut Report) -> Value {
    let designer = engine
        .and_then(|e| e.get("greenticDesigner"))
        .and_then(Value::as_str);
    let min_designer = match designer {
        Some(req) => match req.parse::<semver::VersionReq>() {
            Ok(parsed) if lowest_admitted(&parsed) >= semver::Version::new(1, 2, 0) => {
                report.change(
                    "/engine/greenticDesigner",
                    format!("{req} → /compat/min_designer_version"),
                );
                req.to_string()
            }
            Ok(_) => {
                report.change(
                    "/engine/greenticDesigner",
                    format!(
                        "{req} admits Designers older than 1.2.0, which skip a v2 describe: /compat/min_designer_version is {MIN_DESIGNER_VERSION}"
                    ),
                );
                MIN_DESIGNER_VERSION.to_string()
            }
            Err(e) => {
                report.attend(
                    "/engine/greenticDesigner",
                    format!("{req:?} is not a semver requirement ({e}); /compat/min_designer_version is {MIN_DESIGNER_VERSION}"),
                    "set compat.min_designer_version to the Designer floor you support",
                );
                MIN_DESIGNER_VERSION.to_string()
            }
        },
        None => {
            report.attend(
                "/compat/min_designer_version",
                format!("invented: the v1 document names no Designer version; {MIN_DESIGNER_VERSION} written"),
                "keep it, or raise it to the Designer floor you support",
            );
            MIN_DESIGNER_VERSION.to_string()
        }
    };
    if let Some(engine) = engine {
        let runtime = engine
            .get("extRuntime")
            .and_then(Value::as_str)
            .map(|r| format!(" (extRuntime {r} has no v2 equivalent)"))
            .unwrap_or_default();
        report.change(
            "/engine",
            format!("removed: deprecated in v2 (lint E_ENGINE_DEPRECATED){runtime}"),
        );
    }
    report.attend(
        "/compat",
        format!(
            "invented: min_runner_version {MIN_RUNNER_VERSION} and contract_version {CONTRACT_VERSION} are gtdx's defaults (v1 has neither)"
        ),
        "check them against the runner you deploy to",
    );
    json!({
        "min_designer_version": min_designer,
        "min_runner_version": MIN_RUNNER_VERSION,
        "contract_version": CONTRACT_VERSION,
    })
}

/// The lowest version a requirement admits, from its lower bounds (`>=`, `>`, `=`, `^`, `~`,
/// wildcards); a requirement with none admits 0.0.0.
fn lowest_admitted(req: &semver::VersionReq) -> semver::Version {
    use semver::Op;
    req.comparators
        .iter()
        .filter(|c| !matches!(c.op, Op::Less | Op::LessEq))
        .map(|c| semver::Version::new(c.major, c.minor.unwrap_or(0), c.patch.unwrap_or(0)))
        .max()
        .unwrap_or_else(|| semver::Version::new(0, 0, 0))
}

/// `runtime.component` / `runtime.gtpack` → `runtime.components.main`.
fn runtime(runtime: Option<&Value>, metadata: Option<&Value>, report: &mut Report) -> Value {
    let empty = Map::new();
    let rt = runtime.and_then(Value::as_object).unwrap_or(&empty);
    let mut out = Map::new();
    if let Some(limit) = rt.get("memoryLimitMB") {
        out.insert("memoryLimitMB".into(), limit.clone());
    }
    out.insert(
        "permissions".into(),
        rt.get("permissions").cloned().unwrap_or_else(|| json!({})),
    );

    let id = metadata
        .and_then(|m| m.get("id"))
        .and_then(Value::as_str)
        .unwrap_or("extension");
    let version = metadata
        .and_then(|m| m.get("version"))
        .and_then(Value::as_str)
        .unwrap_or("0.0.0");
    let component = rt.get("component").and_then(Value::as_str);
    let target = format!("/runtime/components/{COMPONENT_ID}");
    let mut gtpack = Map::new();
    match rt.get("gtpack").and_then(Value::as_object) {
        Some(v1) => {
            gtpack = v1.clone();
            report.change("/runtime/gtpack", format!("→ {target}/gtpack"));
            let defaults = [
                ("file", component.unwrap_or("extension.wasm")),
                ("sha256", ZERO_SHA256),
                ("pack_id", id),
                ("component_version", version),
            ];
            for (key, value) in defaults {
                if !gtpack.contains_key(key) {
                    gtpack.insert(key.into(), json!(value));
                    report.attend(
                        format!("{target}/gtpack/{key}"),
                        format!("invented: v1 runtime.gtpack has no `{key}`; {value:?} written"),
                        "check it against the pack the extension ships",
                    );
                }
            }
            if component.is_some() {
                report.change(
                    "/runtime/component",
                    format!("removed: the component is {target}/gtpack/file"),
                );
            }
        }
        None => {
            let file = match component {
                Some(path) => {
                    report.change("/runtime/component", format!("→ {target}/gtpack/file"));
                    path
                }
                None => {
                    report.attend(
                        format!("{target}/gtpack/file"),
                        "invented: the v1 runtime names no component; \"extension.wasm\" written",
                        "set it to the component's path inside the pack",
                    );
                    "extension.wasm"
                }
            };
            gtpack.insert("file".into(), json!(file));
            gtpack.insert("sha256".into(), json!(ZERO_SHA256));
            gtpack.insert("pack_id".into(), json!(id));
            gtpack.insert("component_version".into(), json!(version));
        }
    }
    let sha = gtpack
        .get("sha256")
        .and_then(Value::as_str)
        .unwrap_or(ZERO_SHA256)
        .to_string();
    report.attend(
        format!("{target}/sha256"),
        "the component's digests are carried from v1 or zero",
        "`gtdx pack` (or `gtdx build`) writes the real digests of the component it packs",
    );
    report.attend(
        format!("{target}/world"),
        format!("invented: v1 never names the component's WIT world; {PLACEHOLDER_WORLD:?} written"),
        "set it to the world the component exports (`gtdx inspect extension.wasm` shows it; `gtdx pack` refuses a mismatch)",
    );
    let mut entry = Map::new();
    entry.insert("gtpack".into(), Value::Object(gtpack));
    entry.insert("sha256".into(), json!(sha));
    entry.insert("world".into(), json!(PLACEHOLDER_WORLD));
    let mut components = Map::new();
    components.insert(COMPONENT_ID.into(), Value::Object(entry));
    out.insert("components".into(), Value::Object(components));

    for key in rt
        .keys()
        .filter(|k| !["component", "gtpack", "memoryLimitMB", "permissions"].contains(&k.as_str()))
    {
        report.attend(
            format!("/runtime/{}", escape(key)),
            format!("dropped: `{key}` is not a v1 runtime key and v2 refuses unknown keys"),
            "move what it holds where v2 expects it, if anywhere",
        );
    }
    Value::Object(out)
}

/// A key as one JSON-pointer segment (RFC 6901).
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The export a tool added from a definition gets: the one the gtdx SDK dispatches through.
pub(crate) const ADDED_TOOL_EXPORT: &str = TOOLS_INVOKE_EXPORT;

#[cfg(test)]
mod tests;
