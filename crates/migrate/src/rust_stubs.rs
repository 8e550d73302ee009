//! The `#[tool]` functions that replace tools built by hand: a v1 crate listed its tools in a
//! hand-written `list-tools` and matched names in `invoke-tool`. With the gtdx SDK each tool is
//! one annotated function, and describe.json and the dispatch are generated from it. This
//! prints those functions for the migrated tools, their input types derived from each tool's
//! `input_schema`, so the author moves each match arm's body into its function.

use std::fmt::Write as _;

use serde_json::Value;

/// Rust source with one `#[tool]` function (and its input struct) per tool of a migrated
/// document, or `None` when it has no tools.
pub fn tool_annotations(document: &Value) -> Option<String> {
    let tools = document
        .pointer("/contributions/tools")
        .and_then(Value::as_array)?;
    if tools.is_empty() {
        return None;
    }
    let mut out = String::new();
    out.push_str("use gtdx_sdk::{ToolError, tool};\nuse gtdx_sdk::serde_json::Value;\nuse serde::Deserialize;\n");
    for tool in tools {
        let Some(name) = tool.get("name").and_then(Value::as_str) else {
            continue;
        };
        let fn_name = rust_ident(name);
        let pascal = pascal(&fn_name);
        let schema: Option<Value> = tool
            .get("input_schema")
            .and_then(Value::as_str)
            .and_then(|s| serde_json::from_str(s).ok());
        let _ = writeln!(out);
        let _ = writeln!(out, "/// The arguments of `{name}`.");
        let _ = writeln!(out, "#[derive(Debug, Clone, Deserialize)]");
        let _ = writeln!(out, "pub struct {pascal}Input {{");
        fields(&mut out, schema.as_ref());
        let _ = writeln!(out, "}}");
        let _ = writeln!(out);
        match tool.get("description").and_then(Value::as_str) {
            Some(d) if !d.trim().is_empty() => {
                for line in d.lines() {
                    let _ = writeln!(out, "/// {}", line.trim_end());
                }
            }
            _ => {
                let _ = writeln!(
                    out,
                    "/// TODO: say what `{name}` does and when to use it (the model reads this)."
                );
            }
        }
        let caps: Vec<String> = tool
            .get("capabilities")
            .and_then(Value::as_array)
            .map(|c| {
                c.iter()
                    .filter_map(Value::as_str)
                    .map(|s| format!("{s:?}"))
                    .collect()
            })
            .unwrap_or_default();
        if caps.is_empty() {
            let _ = writeln!(out, "#[tool]");
        } else {
            let _ = writeln!(out, "#[tool(capabilities = [{}])]", caps.join(", "));
        }
        let _ = writeln!(
            out,
            "pub fn {fn_name}(input: {pascal}Input) -> Result<Value, ToolError> {{"
        );
        let _ = writeln!(
            out,
            "    todo!(\"move the body of the hand-written `{name}` arm of invoke-tool here\")"
        );
        let _ = writeln!(out, "}}");
    }
    let _ = writeln!(out);
    out.push_str("// Replaces the hand-written exports (list-tools, invoke-tool):\ngtdx_sdk::export_extension!();\n");
    Some(out)
}

/// The struct fields for an object schema's properties; a field the schema does not require is
/// an `Option`.
fn fields(out: &mut String, schema: Option<&Value>) {
    let Some(properties) = schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
    else {
        let _ = writeln!(
            out,
            "    // TODO: the tool has no input_schema properties; add its arguments here."
        );
        return;
    };
    let required: Vec<&str> = schema
        .and_then(|s| s.get("required"))
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (key, prop) in properties {
        if let Some(d) = prop.get("description").and_then(Value::as_str) {
            let _ = writeln!(out, "    /// {}", d.lines().next().unwrap_or("").trim());
        }
        let field = rust_ident(key);
        if field != *key {
            let _ = writeln!(out, "    #[serde(rename = {key:?})]");
        }
        let ty = rust_type(prop);
        if required.contains(&key.as_str()) {
            let _ = writeln!(out, "    pub {field}: {ty},");
        } else {
            let _ = writeln!(out, "    pub {field}: Option<{ty}>,");
        }
    }
}

/// The Rust type for a property schema's `type`.
fn rust_type(prop: &Value) -> String {
    match prop.get("type").and_then(Value::as_str) {
        Some("string") => "String".into(),
        Some("integer") => "i64".into(),
        Some("number") => "f64".into(),
        Some("boolean") => "bool".into(),
        Some("array") => match prop.get("items") {
            Some(items) => format!("Vec<{}>", rust_type(items)),
            None => "Vec<Value>".into(),
        },
        _ => "Value".into(),
    }
}

/// A snake_case Rust identifier for a tool or property name (raw when it is a keyword).
fn rust_ident(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
        "mut", "pub", "ref", "return", "static", "struct", "super", "trait", "true", "type",
        "unsafe", "use", "where", "while", "gen",
    ];
    let mut s = String::with_capacity(name.len() + 4);
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            s.push('_');
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        s.push(if c.is_ascii_alphanumeric() {
            c.to_ascii_lowercase()
        } else {
            '_'
        });
    }
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if KEYWORDS.contains(&s.as_str()) {
        s.insert_str(0, "r#");
    }
    s
}

/// `generate_http_node` → `GenerateHttpNode`.
fn pascal(ident: &str) -> String {
    ident
        .trim_start_matches("r#")
        .split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}
