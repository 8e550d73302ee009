//! Support code for what `#[tool]` and `export_extension!` generate. Not a public API.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::ToolError;

#[cfg(target_arch = "wasm32")]
pub use wit_bindgen;

/// Parses a tool's JSON arguments. Blank arguments count as `{}`. Errors name the argument
/// that failed (`invalid argument `a.b[2]`: ...`), or the missing one.
pub fn parse_args<T: DeserializeOwned>(args_json: &str) -> Result<T, ToolError> {
    let text = if args_json.trim().is_empty() {
        "{}"
    } else {
        args_json
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ToolError::invalid_input(format!("the arguments are not valid JSON: {inner}"))
        } else if path == "." {
            ToolError::invalid_input(format!("invalid arguments: {inner}"))
        } else {
            ToolError::invalid_input(format!("invalid argument `{path}`: {inner}"))
        }
    })?;
    de.end()
        .map_err(|e| ToolError::invalid_input(format!("the arguments are not valid JSON: {e}")))?;
    Ok(value)
}

/// Accepts the arguments of a tool without input: blank, `null` or `{}`.
pub fn parse_no_args(args_json: &str) -> Result<(), ToolError> {
    let text = args_json.trim();
    if text.is_empty() {
        return Ok(());
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ToolError::invalid_input(format!("the arguments are not valid JSON: {e}")))?;
    match value {
        serde_json::Value::Null => Ok(()),
        serde_json::Value::Object(map) if map.is_empty() => Ok(()),
        serde_json::Value::Object(map) => {
            let keys: Vec<String> = map.keys().map(|k| format!("`{k}`")).collect();
            Err(ToolError::invalid_input(format!(
                "this tool takes no arguments; got {}",
                keys.join(", ")
            )))
        }
        other => Err(ToolError::invalid_input(format!(
            "this tool takes no arguments (expected {{}} or null); got {other}"
        ))),
    }
}

/// Serializes a tool's result.
pub fn serialize_output<U: Serialize>(output: &U) -> Result<String, ToolError> {
    serde_json::to_string(output)
        .map_err(|e| ToolError::internal(format!("the tool's result could not be serialized: {e}")))
}

/// The default `init`: accepts any configuration.
pub fn default_init(_config_json: &str) -> Result<(), ToolError> {
    Ok(())
}

/// The default `shutdown`: nothing to release.
pub fn default_shutdown() {}

#[cfg(target_arch = "wasm32")]
mod wit {
    use crate::__bindings::exports::greentic::extension_design::tools as wit_tools;
    use crate::__bindings::greentic::extension_base::types;
    use crate::{Identity, Kind, ToolEntry, ToolError};

    pub fn wit_error(e: ToolError) -> types::ExtensionError {
        match e {
            ToolError::InvalidInput(m) => types::ExtensionError::InvalidInput(m),
            ToolError::MissingCapability(m) => types::ExtensionError::MissingCapability(m),
            ToolError::PermissionDenied(m) => types::ExtensionError::PermissionDenied(m),
            ToolError::NotFound(m) => types::ExtensionError::NotFound(m),
            ToolError::SchemaInvalid(m) => types::ExtensionError::SchemaInvalid(m),
            ToolError::Internal(m) => types::ExtensionError::Internal(m),
        }
    }

    pub fn wit_list_tools(tools: &[ToolEntry]) -> Vec<wit_tools::ToolDefinition> {
        crate::tool_definitions(tools)
            .into_iter()
            .map(|d| wit_tools::ToolDefinition {
                name: d.name,
                description: d.description,
                input_schema_json: d.input_schema_json,
                output_schema_json: d.output_schema_json,
                capabilities: d.capabilities,
                agentic_worker_metadata: d.agentic_worker_metadata,
            })
            .collect()
    }

    pub fn wit_invoke_tool(
        tools: &[ToolEntry],
        name: &str,
        args_json: &str,
    ) -> Result<String, types::ExtensionError> {
        crate::dispatch(tools, name, args_json).map_err(wit_error)
    }

    pub fn wit_identity(id: &Identity) -> types::ExtensionIdentity {
        types::ExtensionIdentity {
            id: id.id.to_string(),
            version: id.version.to_string(),
            kind: match id.kind {
                Kind::Design => types::Kind::Design,
                Kind::Bundle => types::Kind::Bundle,
                Kind::Deploy => types::Kind::Deploy,
                Kind::Provider => types::Kind::Provider,
            },
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use wit::{wit_error, wit_identity, wit_invoke_tool, wit_list_tools};

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Input {
        city: String,
        days: Option<u8>,
        filters: Option<Filters>,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Filters {
        tags: Vec<String>,
    }

    fn msg(r: Result<Input, ToolError>) -> String {
        match r.unwrap_err() {
            ToolError::InvalidInput(m) => m,
            other => panic!("not invalid-input: {other}"),
        }
    }

    #[test]
    fn errors_name_the_argument() {
        assert!(
            msg(parse_args(r#"{"city": 5}"#))
                .starts_with("invalid argument `city`: invalid type: integer `5`")
        );
        assert!(msg(parse_args(r#"{}"#)).starts_with("invalid arguments: missing field `city`"));
        assert!(
            msg(parse_args(r#"{"city":"x","days":300}"#)).starts_with("invalid argument `days`")
        );
        assert!(
            msg(parse_args(r#"{"city":"x","filters":{"tags":["a",1]}}"#))
                .starts_with("invalid argument `filters.tags[1]`"),
        );
        assert!(msg(parse_args(r#"{"city":"#)).starts_with("the arguments are not valid JSON"));
        assert!(
            msg(parse_args(r#"{"city":"x"} trailing"#))
                .starts_with("the arguments are not valid JSON")
        );
        assert!(
            msg(parse_args("")).contains("missing field `city`"),
            "blank counts as {{}}"
        );
    }

    #[test]
    fn no_args() {
        for ok in ["", "  ", "null", "{}", " { } "] {
            parse_no_args(ok).unwrap();
        }
        assert!(
            parse_no_args(r#"{"x":1}"#)
                .unwrap_err()
                .message()
                .contains("got `x`")
        );
        assert!(parse_no_args("[1]").is_err());
        assert!(parse_no_args("{").is_err());
    }

    #[test]
    fn output() {
        assert_eq!(serialize_output(&vec![1, 2]).unwrap(), "[1,2]");
    }
}
