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

/// The check of one `example(...)` (the generated example tests call it): the input must
/// deserialize into `T`, and every key of it must be one `T` reads. serde ignores unknown keys
/// unless the type denies them, so without the second check a misspelled key (`"limt"`) would
/// pass here while the tool silently ran without it.
pub fn check_example<T: DeserializeOwned>(input_json: &str) -> Result<(), String> {
    parse_args::<T>(input_json).map_err(|e| e.message().to_string())?;
    let text = if input_json.trim().is_empty() {
        "{}"
    } else {
        input_json
    };
    let mut ignored = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let _: T = serde_ignored::deserialize(&mut de, |path| {
        // serde_ignored writes `?` for the inside of an Option: not part of the JSON path.
        let p = path.to_string();
        let segs: Vec<&str> = p.split('.').filter(|s| *s != "?").collect();
        ignored.push(segs.join("."));
    })
    .map_err(|e| e.to_string())?;
    if ignored.is_empty() {
        return Ok(());
    }
    let keys: Vec<String> = ignored.iter().map(|k| format!("`{k}`")).collect();
    Err(format!(
        "{} {} not a field of the input type (serde would ignore {}); fix the spelling or remove {}",
        keys.join(", "),
        if keys.len() == 1 { "is" } else { "are" },
        if keys.len() == 1 { "it" } else { "them" },
        if keys.len() == 1 { "it" } else { "them" },
    ))
}

/// The field names `T` deserializes from, as serde's derive lists them (`None` when `T` is not
/// a struct serde deserializes by field names, e.g. a flattened or transparent one).
pub fn field_names<T: DeserializeOwned>() -> Option<&'static [&'static str]> {
    use serde::de::{self, Visitor};
    struct Probe(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("probe")
        }
    }
    impl std::error::Error for Stop {}
    impl de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> de::Deserializer<'de> for &mut Probe {
        type Error = Stop;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }
    let mut probe = Probe(None);
    let _ = T::deserialize(&mut probe);
    probe.0
}

/// The check of a hand-written `input_schema` file against the input type `T` (the generated
/// schema test calls it): the schema's top-level properties and `T`'s fields are the same
/// names. `gtdx describe` checks requiredness and types too, where it can read `T`.
pub fn check_schema_fields<T: DeserializeOwned>(
    file: &str,
    schema_json: &str,
) -> Result<(), String> {
    let schema: serde_json::Value = serde_json::from_str(schema_json)
        .map_err(|e| format!("`{file}` is not valid JSON: {e}"))?;
    let Some(fields) = field_names::<T>() else {
        return Ok(());
    };
    let props: Vec<&str> = schema
        .get("properties")
        .and_then(serde_json::Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let mut problems = Vec::new();
    for f in fields {
        if !props.contains(f) {
            problems.push(format!(
                "the input type has the field `{f}`, which `{file}` does not list in `properties`"
            ));
        }
    }
    for p in &props {
        if !fields.contains(p) {
            problems.push(format!("`{file}` lists the property `{p}`, which is not a field of the input type (serde would ignore it)"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}; make the schema file and the type say the same",
            problems.join("; ")
        ))
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
    fn examples_refuse_unknown_keys() {
        check_example::<Input>(r#"{"city":"x","days":3}"#).unwrap();
        let e = check_example::<Input>(r#"{"city":"x","dasy":3}"#).unwrap_err();
        assert_eq!(
            e,
            "`dasy` is not a field of the input type (serde would ignore it); fix the spelling or remove it"
        );
        let e =
            check_example::<Input>(r#"{"city":"x","filters":{"tags":[],"tgs":1}}"#).unwrap_err();
        assert!(e.starts_with("`filters.tgs` is not"), "{e}");
        assert!(
            check_example::<Input>(r#"{"city":5}"#)
                .unwrap_err()
                .contains("invalid argument `city`")
        );
    }

    #[test]
    fn schema_files_are_compared_with_the_fields() {
        assert_eq!(
            field_names::<Input>(),
            Some(&["city", "days", "filters"][..])
        );
        check_schema_fields::<Input>(
            "s.json",
            r#"{"properties":{"city":{},"days":{},"filters":{}}}"#,
        )
        .unwrap();
        let e = check_schema_fields::<Input>(
            "s.json",
            r#"{"properties":{"town":{},"days":{},"filters":{}}}"#,
        )
        .unwrap_err();
        assert!(
            e.contains("has the field `city`, which `s.json` does not list"),
            "{e}"
        );
        assert!(
            e.contains("lists the property `town`, which is not a field"),
            "{e}"
        );
        assert_eq!(field_names::<u32>(), None);
    }

    #[test]
    fn output() {
        assert_eq!(serialize_output(&vec![1, 2]).unwrap(), "[1,2]");
    }
}
