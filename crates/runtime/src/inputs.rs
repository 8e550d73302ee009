//! What `gtdx run` and `gtdx test` hand the host besides the call: the secrets file, canned
//! LLM responses, the extension's messages in its default locale, and the check of a tool's
//! input against its `input_schema` before the call. `gtdx_ops::run` only orchestrates.

use std::collections::BTreeMap;
use std::path::Path;

use gtdx_contract::Describe;
use gtdx_fsx::limits;
use serde_json::Value;

use crate::LlmFixture;

/// Why an input file cannot be used. The messages name the file and the fix.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{file}: {message}")]
    BadFile { file: String, message: String },
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
}

/// Where an input breaks a tool's `input_schema`, in the words `gtdx run` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaViolation {
    /// `` `/pointer` ``, or `the top level (/)`.
    pub pointer: String,
    pub message: String,
}

/// The first place `input` breaks `schema_text` (a stringified JSON Schema). A schema that
/// is not JSON or not a schema checks nothing: the lint reports it, the call goes on. An input
/// that breaks an either-or rule (a `oneOf` of required groups, `#[schema(one_of)]`) is told
/// which groups there are and what it gives, in the words `gtdx lint` uses for examples.
pub fn schema_violation(schema_text: &str, input: &Value) -> Option<SchemaViolation> {
    let schema = serde_json::from_str::<Value>(schema_text).ok()?;
    let validator = jsonschema::validator_for(&schema).ok()?;
    let e = validator.iter_errors(input).next()?;
    let pointer = e.instance_path().as_str().to_string();
    let either_or = match e.kind() {
        jsonschema::error::ValidationErrorKind::OneOfNotValid { .. }
        | jsonschema::error::ValidationErrorKind::OneOfMultipleValid { .. } => {
            // The schema holding the `oneOf`: its path without the last step.
            let path = e.schema_path().as_str();
            path.rfind('/')
                .and_then(|i| schema.pointer(&path[..i]))
                .and_then(gtdx_contract::either_or::EitherOr::of_schema)
                .and_then(|rule| rule.explain(e.instance()))
                .map(|x| x.message)
        }
        _ => None,
    };
    Some(SchemaViolation {
        pointer: if pointer.is_empty() {
            "the top level (/)".into()
        } else {
            format!("`{pointer}`")
        },
        message: either_or.unwrap_or_else(|| e.to_string()),
    })
}

/// Canned LLM responses (`--llm-fixture`): `[{"when": "...", "content": "..."}]`.
pub fn read_llm_fixtures(path: &Path) -> Result<Vec<LlmFixture>, FileError> {
    let bytes = gtdx_fsx::read(path, limits::TOOL_TESTS)?;
    serde_json::from_slice(&bytes).map_err(|e| FileError::BadFile {
        file: path.display().to_string(),
        message: format!(
            "not a list of canned LLM responses ({e}); write \
             [{{\"when\": \"text in the request\", \"content\": \"the answer\"}}]"
        ),
    })
}

/// `KEY=VALUE` lines (`#` comments, blank lines); the file must be private (mode 0600).
pub fn read_secrets_file(path: &Path) -> Result<BTreeMap<String, String>, FileError> {
    let bad = |message: String| FileError::BadFile {
        file: path.display().to_string(),
        message,
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(bad(format!(
                "a secrets file must be readable by its owner only (mode {mode:o}); run \
                 `chmod 600 {}`",
                path.display()
            )));
        }
    }
    let bytes = gtdx_fsx::read(path, limits::SECRETS_FILE)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        bad(format!(
            "not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            // The line may hold a secret: name its number only.
            return Err(bad(format!(
                "line {} is not KEY=VALUE; write one secret per line, e.g. tavily/api_key=...",
                i + 1
            )));
        };
        out.insert(k.trim().to_string(), v.trim().to_string());
    }
    Ok(out)
}

/// The default locale of describe.json's localization (`en` without one).
pub fn default_locale(d: &Describe) -> String {
    d.localization
        .as_ref()
        .map_or_else(|| "en".to_string(), |l| l.default_locale.clone())
}

/// describe.json's own strings in its default locale, by key.
pub fn localization(d: &Describe) -> BTreeMap<String, String> {
    let Some(l) = &d.localization else {
        return BTreeMap::new();
    };
    l.strings
        .iter()
        .filter_map(|(k, by_locale)| {
            by_locale
                .get(&l.default_locale)
                .map(|t| (k.clone(), t.clone()))
        })
        .collect()
}

/// An `i18n/<locale>.json` bundle's string messages (a bundle that is not a JSON object: none).
pub fn flat_messages(bytes: &[u8]) -> BTreeMap<String, String> {
    serde_json::from_slice::<BTreeMap<String, Value>>(bytes)
        .map(|m| {
            m.into_iter()
                .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_either_or_rule_names_its_groups() {
        let plain = json!({
            "type": "object",
            "properties": {"doc_id": {"type": "string"}, "ids": {"type": "array"}},
            "oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]
        });
        let mut exclusive = plain.clone();
        exclusive["oneOf"] = json!([
            {"required": ["doc_id"], "not": {"required": ["ids"]}},
            {"required": ["ids"], "not": {"required": ["doc_id"]}}
        ]);
        // Two rules (an outer one and one a flattened struct brought), each in an `allOf`.
        let both = json!({
            "type": "object",
            "allOf": [
                {"oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]},
                {"oneOf": [{"required": ["query"]}, {"required": ["vector"]}]}
            ]
        });
        for schema in [&plain, &exclusive, &both] {
            let text = schema.to_string();
            let v = schema_violation(&text, &json!({"query": "q"})).unwrap();
            assert_eq!(v.pointer, "the top level (/)");
            assert_eq!(
                v.message,
                r#"give exactly one of "doc_id", or "ids"; it gives none of them"#
            );
            let v =
                schema_violation(&text, &json!({"doc_id": "a", "ids": [], "query": "q"})).unwrap();
            assert_eq!(
                v.message,
                r#"give exactly one of "doc_id", or "ids"; it gives "doc_id" together with "ids""#
            );
        }
        assert_eq!(
            schema_violation(&both.to_string(), &json!({"ids": [], "vector": []})),
            None
        );
        assert_eq!(
            schema_violation(&both.to_string(), &json!({"ids": []}))
                .unwrap()
                .message,
            r#"give exactly one of "query", or "vector"; it gives none of them"#
        );
        // Any other error keeps the validator's words.
        let v = schema_violation(&plain.to_string(), &json!({"doc_id": 5})).unwrap();
        assert_eq!(v.pointer, "`/doc_id`");
        assert!(v.message.contains("is not of type"), "{}", v.message);
    }
}
