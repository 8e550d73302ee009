//! Tool definitions from outside the v1 document: a v1 runtime read tools from the component's
//! `list-tools` export, so describe.json carried only names and exports. A v2 runtime reads
//! descriptions and schemas from describe.json alone, so the migration merges them in.

use serde_json::Value;

/// One tool as the component's `list-tools` returns it (`tool-definition` in the WIT), or as a
/// JSON file lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: Option<String>,
    /// JSON Schema of the arguments, serialized (v2 keeps schemas as strings).
    pub input_schema: Option<String>,
    /// JSON Schema of the result, serialized.
    pub output_schema: Option<String>,
}

/// Why a tools list could not be read. Each names the JSON pointer of the offending value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToolsError {
    #[error(
        "the tools list is not a JSON array (or an object with a `tools` array); write [{{\"name\": …, \"description\": …, \"input_schema\": {{…}}}}, …]"
    )]
    NotAList,
    #[error("{pointer}: {problem}")]
    Entry { pointer: String, problem: String },
}

/// Spellings a field may have: the WIT's kebab-case, snake_case and camelCase.
const INPUT_KEYS: &[&str] = &[
    "input_schema",
    "inputSchema",
    "input-schema",
    "input-schema-json",
    "input_schema_json",
];
const OUTPUT_KEYS: &[&str] = &[
    "output_schema",
    "outputSchema",
    "output-schema",
    "output-schema-json",
    "output_schema_json",
];

impl ToolDefinition {
    /// Reads a list of tool definitions: a JSON array, or an object whose `tools` member is one.
    /// Schemas may be JSON objects or strings holding JSON.
    pub fn parse_list(value: &Value) -> Result<Vec<ToolDefinition>, ToolsError> {
        let (items, base) = match value {
            Value::Array(items) => (items, String::new()),
            Value::Object(map) => match map.get("tools") {
                Some(Value::Array(items)) => (items, "/tools".to_string()),
                _ => return Err(ToolsError::NotAList),
            },
            _ => return Err(ToolsError::NotAList),
        };
        let mut out: Vec<ToolDefinition> = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let pointer = format!("{base}/{i}");
            let bad = |problem: String| ToolsError::Entry {
                pointer: pointer.clone(),
                problem,
            };
            let map = item
                .as_object()
                .ok_or_else(|| bad("not an object; each tool is {\"name\": …, …}".into()))?;
            let name = map
                .get("name")
                .and_then(Value::as_str)
                .filter(|n| !n.trim().is_empty())
                .ok_or_else(|| bad("has no `name` (a non-empty string)".into()))?;
            if out.iter().any(|t| t.name == name) {
                return Err(bad(format!("`{name}` is listed twice")));
            }
            let description = match map.get("description") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => return Err(bad("`description` is not a string".into())),
            };
            let input_schema = schema(map, INPUT_KEYS).map_err(bad)?;
            let output_schema = schema(map, OUTPUT_KEYS).map_err(bad)?;
            out.push(ToolDefinition {
                name: name.to_string(),
                description,
                input_schema,
                output_schema,
            });
        }
        Ok(out)
    }
}

/// A schema under any of `keys`, as a compact JSON string. A string must hold a JSON object.
fn schema(map: &serde_json::Map<String, Value>, keys: &[&str]) -> Result<Option<String>, String> {
    let Some((key, value)) = keys.iter().find_map(|k| map.get(*k).map(|v| (*k, v))) else {
        return Ok(None);
    };
    match value {
        Value::Null => Ok(None),
        Value::Object(_) => Ok(Some(value.to_string())),
        Value::String(text) => match serde_json::from_str::<Value>(text) {
            Ok(parsed @ Value::Object(_)) => Ok(Some(parsed.to_string())),
            Ok(_) => Err(format!("`{key}` holds JSON that is not an object schema")),
            Err(e) => Err(format!("`{key}` is not valid JSON: {e}")),
        },
        _ => Err(format!(
            "`{key}` is neither a JSON Schema object nor a string holding one"
        )),
    }
}
