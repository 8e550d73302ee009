//! What is inside a `.gtxpack` or a bare component: identity, tools as an agent sees them, node
//! types, each component's WIT exports and imports, sizes and digests.
//!
//! A pack is read with `gtdx-pack`'s strict reader, so a truncated or non-zip file is an error,
//! and its integrity (manifest.json against the entries, `manifestSha256`) is reported.

use std::path::Path;

use gtdx_contract::Tool;
use gtdx_contract::metadata::{MetadataSource, ResolvedMetadata, resolve};
use gtdx_pack::{ReadOptions, read_pack_with, verify_integrity};
use serde::Serialize;
use serde_json::Value;

use crate::BuildError;
use crate::component::{WitItem, analyze, looks_like_wasm, sha256_file};

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Inspection {
    /// `pack` or `component`.
    pub kind: &'static str,
    pub file: String,
    pub size: u64,
    pub sha256: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<Identity>,
    #[serde(rename = "manifestSha256", skip_serializing_if = "Option::is_none")]
    pub manifest_sha256: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<SignatureView>,
    /// Integrity failures of a pack (empty when intact).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integrity: Option<Vec<String>>,
    /// The pack's files.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<EntryView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolView>,
    #[serde(rename = "nodeTypes", skip_serializing_if = "Vec::is_empty")]
    pub node_types: Vec<NodeTypeView>,
    pub components: Vec<ComponentView>,
    /// Why describe.json could not be read as a v2 manifest, if it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub describe_error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Identity {
    pub id: String,
    pub name: String,
    pub version: String,
    pub kind: String,
    #[serde(rename = "apiVersion")]
    pub api_version: String,
    pub summary: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SignatureView {
    pub algorithm: String,
    #[serde(rename = "publicKey")]
    pub public_key: String,
    #[serde(rename = "keyId", skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EntryView {
    pub path: String,
    pub size: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// A tool, and what an agentic worker makes of it.
#[derive(Debug, Clone, Serialize)]
pub struct ToolView {
    pub name: String,
    pub export: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime_ref: Option<String>,
    /// The capabilities consumers act on (declared, or the `["flow"]` default).
    pub capabilities: Vec<String>,
    /// Whether `capabilities` was declared (false: the default applies).
    pub capabilities_declared: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The arguments the model is offered, from `input_schema`.
    pub input: SchemaSummary,
    /// Whether an agentic worker offers the tool at all.
    pub agentic: bool,
    /// The planning metadata the worker acts on (defaults filled in); only for agentic tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<ResolvedMetadata>,
    /// `declared`, `defaults (absent)` or `defaults (invalid: ...)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata_source: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
}

/// The top level of a JSON Schema, as a list of parameters.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SchemaSummary {
    /// `absent`, `invalid` or `object` (or the root's type).
    pub status: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<Parameter>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Parameter {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub required: bool,
    /// The values an enum parameter allows (`enum`, or the `const`s of its `oneOf`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct NodeTypeView {
    pub type_id: String,
    pub label: String,
    pub category: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime_ref: Option<String>,
}

/// One component: where it is, whether describe's digest matches, its WIT.
#[derive(Debug, Clone, Serialize)]
pub struct ComponentView {
    /// Key of `runtime.components` (absent for a bare component file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub world: Option<String>,
    /// Path inside the pack, or the file inspected.
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// Whether describe.json's `sha256` for this component equals the file's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256_matches_describe: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exports: Vec<WitItem>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imports: Vec<WitItem>,
    /// Why the component could not be read (not in the pack, a core module, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Inspection {
    /// Whether anything is wrong with what was inspected (integrity failures, an unreadable
    /// describe or component).
    pub fn has_problems(&self) -> bool {
        self.integrity.as_ref().is_some_and(|i| !i.is_empty())
            || self.describe_error.is_some()
            || self.components.iter().any(|c| c.error.is_some())
    }
}

/// Inspects a `.gtxpack` or a `.wasm` component (told apart by their first bytes).
pub fn inspect(path: &Path) -> Result<Inspection, BuildError> {
    let head = read_head(path)?;
    if looks_like_wasm(&head) {
        inspect_wasm(path)
    } else {
        inspect_pack(path)
    }
}

fn read_head(path: &Path) -> Result<Vec<u8>, BuildError> {
    use std::io::Read;
    let (mut f, _) = gtdx_fsx::open_regular(path)?;
    let mut head = [0u8; 8];
    let mut n = 0;
    while n < head.len() {
        match f.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(gtdx_fsx::FsError::new("cannot read", path, e).into()),
        }
    }
    Ok(head[..n].to_vec())
}

fn inspect_wasm(path: &Path) -> Result<Inspection, BuildError> {
    let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::COMPONENT)?;
    let info = analyze(&bytes).map_err(|reason| BuildError::Wasm {
        path: path.to_path_buf(),
        reason,
    })?;
    Ok(Inspection {
        kind: "component",
        file: path.display().to_string(),
        size: info.size,
        sha256: info.sha256.clone(),
        identity: None,
        manifest_sha256: None,
        signature: None,
        integrity: None,
        entries: vec![],
        tools: vec![],
        node_types: vec![],
        components: vec![ComponentView {
            id: None,
            world: None,
            path: path.display().to_string(),
            size: Some(info.size),
            sha256: Some(info.sha256),
            sha256_matches_describe: None,
            exports: info.exports,
            imports: info.imports,
            error: None,
        }],
        describe_error: None,
    })
}

fn inspect_pack(path: &Path) -> Result<Inspection, BuildError> {
    // Only components are kept (each at most MAX_KEPT_BYTES; every other entry is streamed
    // through its hashes in bounded memory, as `gtdx verify` does).
    let keep = |name: &str| name.ends_with(".wasm");
    let pack = read_pack_with(
        path,
        &ReadOptions {
            keep: Some(&keep),
            ..Default::default()
        },
    )
    .map_err(|e| BuildError::PackRead {
        path: path.to_path_buf(),
        message: pack_read_message(&e),
    })?;
    let integrity: Vec<String> = verify_integrity(&pack)
        .iter()
        .map(|f| f.to_string())
        .collect();
    let sha256 = sha256_file(path)?;

    let mut out = Inspection {
        kind: "pack",
        file: path.display().to_string(),
        size: pack.file_size,
        sha256,
        identity: None,
        manifest_sha256: None,
        signature: None,
        integrity: Some(integrity),
        entries: pack
            .entries
            .iter()
            .map(|e| EntryView {
                path: e.name.clone(),
                size: e.size.unwrap_or(e.declared_size),
                sha256: e.sha256_hex(),
            })
            .collect(),
        tools: vec![],
        node_types: vec![],
        components: vec![],
        describe_error: None,
    };

    let describe = match pack.describe.as_deref() {
        None => {
            out.describe_error = Some("the pack has no describe.json".into());
            return Ok(out);
        }
        Some(bytes) => {
            let file = format!("{}!describe.json", path.display());
            match gtdx_contract::json::manifest_from_bytes(file, bytes.to_vec()) {
                Ok(m) => m.describe,
                Err(e) => {
                    out.describe_error = Some(e.to_string());
                    return Ok(out);
                }
            }
        }
    };

    out.identity = Some(Identity {
        id: describe.metadata.id.clone(),
        name: describe.metadata.name.clone(),
        version: describe.metadata.version.clone(),
        kind: describe.kind.as_str().to_string(),
        api_version: describe.api_version.clone(),
        summary: describe.metadata.summary.default_text().to_string(),
    });
    out.manifest_sha256 = describe.manifest_sha256.clone();
    out.signature = describe.signature.as_ref().map(|s| SignatureView {
        algorithm: "ed25519".to_string(),
        public_key: s.public_key.clone(),
        key_id: s.key_id.clone(),
    });
    out.tools = describe
        .contributions
        .tools()
        .iter()
        .map(tool_view)
        .collect();
    out.node_types = describe
        .contributions
        .node_types()
        .iter()
        .map(|n| NodeTypeView {
            type_id: n.type_id.clone(),
            label: n.label.default_text().to_string(),
            category: n.category.clone(),
            runtime_ref: n.runtime_ref.clone(),
        })
        .collect();
    for (id, rc) in &describe.runtime.components {
        let mut view = ComponentView {
            id: Some(id.clone()),
            world: Some(rc.world.clone()),
            path: String::new(),
            size: None,
            sha256: None,
            sha256_matches_describe: None,
            exports: vec![],
            imports: vec![],
            error: None,
        };
        let Some(g) = &rc.gtpack else {
            view.error = Some(match &rc.oci_ref {
                Some(oci) => format!("not in the pack (distributed as {oci})"),
                None => "not in the pack: runtime.components declares no gtpack.file".into(),
            });
            out.components.push(view);
            continue;
        };
        view.path = g.file.clone();
        match pack.entry(&g.file) {
            None => view.error = Some(format!("`{}` is not in the pack", g.file)),
            Some(e) => {
                view.size = e.size;
                view.sha256 = e.sha256_hex();
                view.sha256_matches_describe = view.sha256.as_ref().map(|s| *s == rc.sha256);
                match e.bytes.as_deref().map(analyze) {
                    Some(Ok(info)) => {
                        view.exports = info.exports;
                        view.imports = info.imports;
                    }
                    Some(Err(err)) => view.error = Some(format!("`{}` {err}", g.file)),
                    None if e.too_large_to_keep => {
                        view.error = Some(format!(
                            "`{}` is larger than {}, the most gtdx inspect analyses in memory \
                             (its size and digest above are complete)",
                            g.file,
                            gtdx_fsx::read::human_bytes(gtdx_pack::read::MAX_KEPT_BYTES)
                        ))
                    }
                    None => view.error = Some(format!("`{}` could not be read", g.file)),
                }
            }
        }
        out.components.push(view);
    }
    Ok(out)
}

fn pack_read_message(e: &gtdx_pack::read::ReadError) -> String {
    match e {
        gtdx_pack::read::ReadError::Malformed { message, .. } => format!(
            "not a readable .gtxpack (a zip archive as gtdx build writes it): {message}. Rebuild \
             it with `gtdx build`, or fetch it again if it was downloaded"
        ),
        gtdx_pack::read::ReadError::Io { source, .. } => format!("cannot read: {source}"),
    }
}

fn tool_view(t: &Tool) -> ToolView {
    let agentic = t.is_agentic();
    let (metadata, metadata_source) = if agentic {
        let m = resolve(t.agentic_worker_metadata.as_ref());
        let src = match &m.source {
            MetadataSource::Declared => "declared".to_string(),
            MetadataSource::DefaultsAbsent => "defaults (absent)".to_string(),
            MetadataSource::DefaultsInvalid(e) => format!("defaults (invalid: {})", e.message),
        };
        (Some(m), Some(src))
    } else {
        (None, None)
    };
    ToolView {
        name: t.name.clone(),
        export: t.export.clone(),
        runtime_ref: t.runtime_ref.clone(),
        capabilities: t.effective_capabilities(),
        capabilities_declared: t.capabilities.is_some(),
        description: t.description.clone(),
        input: summarize_schema(t.input_schema.as_deref()),
        agentic,
        metadata,
        metadata_source,
        secrets: t
            .secret_requirements
            .iter()
            .map(|s| s.key.clone())
            .collect(),
    }
}

/// The top-level parameters of a stringified JSON Schema.
pub fn summarize_schema(schema: Option<&str>) -> SchemaSummary {
    let Some(text) = schema else {
        return SchemaSummary {
            status: "absent".into(),
            ..Default::default()
        };
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return SchemaSummary {
                status: "invalid".into(),
                error: Some(e.to_string()),
                ..Default::default()
            };
        }
    };
    let required: Vec<&str> = value
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let parameters = value
        .get("properties")
        .and_then(Value::as_object)
        .map(|props| {
            props
                .iter()
                .map(|(name, p)| Parameter {
                    name: name.clone(),
                    ty: type_of(p),
                    required: required.contains(&name.as_str()),
                    values: enum_values(p),
                    description: p
                        .get("description")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                })
                .collect()
        })
        .unwrap_or_default();
    SchemaSummary {
        status: type_of(&value),
        parameters,
        error: None,
    }
}

/// The allowed values of an enum schema (also inside `items` of an array of enums).
fn enum_values(schema: &Value) -> Vec<Value> {
    if let Some(Value::Array(e)) = schema.get("enum") {
        return e.iter().filter(|v| !v.is_null()).cloned().collect();
    }
    if let Some(Value::Array(branches)) = schema.get("oneOf").or_else(|| schema.get("anyOf")) {
        let consts: Vec<Value> = branches
            .iter()
            .filter_map(|b| {
                b.get("const").cloned().or_else(|| match b.get("enum") {
                    Some(Value::Array(e)) if e.len() == 1 => Some(e[0].clone()),
                    _ => None,
                })
            })
            .filter(|v| !v.is_null())
            .collect();
        if !consts.is_empty() {
            return consts;
        }
    }
    match schema.get("items") {
        Some(items) => enum_values(items),
        None => Vec::new(),
    }
}

fn type_of(schema: &Value) -> String {
    match schema.get("type") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("|"),
        _ if schema.get("enum").is_some() => "enum".into(),
        _ if schema.get("oneOf").is_some() || schema.get("anyOf").is_some() => "oneOf".into(),
        _ => "any".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parameters_show_the_values_of_enums() {
        let s = summarize_schema(Some(
            r#"{"type":"object","properties":{
                "mode":{"type":["string","null"],"enum":["fast","slow",null]},
                "kind":{"oneOf":[{"const":"a","description":"A."},{"type":"string","enum":["b"]}]},
                "tags":{"type":"array","items":{"type":"string","enum":["x","y"]}},
                "query":{"type":"string"}
            }}"#,
        ));
        let values: Vec<Vec<Value>> = s.parameters.iter().map(|p| p.values.clone()).collect();
        assert_eq!(
            values,
            vec![
                vec![json!("fast"), json!("slow")],
                vec![json!("a"), json!("b")],
                vec![json!("x"), json!("y")],
                vec![],
            ]
        );
    }
}
