//! Turns `jsonschema` errors into findings a person can act on: what was expected, what was
//! found, the nearest known key for a typo, and, for untagged `anyOf` shapes, only the branch
//! the author evidently meant (not one error per alternative).

use jsonschema::ValidationError;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

use gtdx_contract::diagnostic::escape_pointer_token;

use crate::load::json_kind;

/// What kind of structural problem a finding is; the caller maps it to a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    UnknownField,
    MissingField,
    Type,
    Value,
}

/// One explained schema error, located by a pointer relative to the validated value.
#[derive(Debug, Clone)]
pub struct Finding {
    pub kind: Kind,
    /// RFC 6901 pointer of the offending value (for an unknown field: of that member).
    pub pointer: String,
    /// Whether the position to report is the member's key rather than its value.
    pub at_key: bool,
    pub message: String,
    pub help: Option<String>,
}

/// Explains every error. `schema_root` is the schema that was validated against (used to find
/// the known keys and field descriptions); `None` skips those extras.
pub fn explain_all<'a>(
    errors: impl IntoIterator<Item = ValidationError<'a>>,
    schema_root: Option<&Value>,
    instance_root: &Value,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for e in errors {
        explain_one(&e, schema_root, instance_root, &mut out);
    }
    // One finding per (pointer, message).
    let mut seen = std::collections::HashSet::new();
    out.retain(|f| seen.insert((f.pointer.clone(), f.message.clone())));
    out
}

fn explain_one(
    e: &ValidationError<'_>,
    schema_root: Option<&Value>,
    instance_root: &Value,
    out: &mut Vec<Finding>,
) {
    let path = e.instance_path().as_str().to_string();
    let instance: &Value = e.instance();
    let schema_parent = schema_root.and_then(|root| parent_schema(root, e.schema_path().as_str()));
    let finding = |kind, message: String, help: Option<String>| Finding {
        kind,
        pointer: path.clone(),
        at_key: false,
        message,
        help,
    };
    if let ValidationErrorKind::OneOfNotValid { .. }
    | ValidationErrorKind::OneOfMultipleValid { .. } = e.kind()
        && let Some(f) = either_or(&path, instance, schema_parent)
    {
        out.push(f);
        return;
    }
    match e.kind() {
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            unknown_fields(&path, instance, schema_parent, unexpected, out);
        }
        ValidationErrorKind::Required { property } => {
            out.push(missing_field(&path, property, schema_parent));
        }
        ValidationErrorKind::Type { kind } => {
            let expected = match kind {
                TypeKind::Single(t) => vec![t.to_string()],
                TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).collect(),
            };
            out.push(type_finding(&path, &expected, instance));
        }
        ValidationErrorKind::Constant { expected_value } => {
            out.push(finding(
                Kind::Value,
                format!(
                    "expected {}, found {}",
                    short(expected_value),
                    short(instance)
                ),
                None,
            ));
        }
        ValidationErrorKind::Enum { options } => {
            out.push(finding(Kind::Value, not_one_of(instance, options), None));
        }
        ValidationErrorKind::Pattern { pattern } => {
            let help = pattern_help(&path);
            out.push(finding(
                Kind::Value,
                format!("{} does not match the pattern {pattern}", short(instance)),
                help,
            ));
        }
        ValidationErrorKind::MinProperties { limit }
            if instance.as_object().is_some_and(|o| o.is_empty()) =>
        {
            out.push(finding(
                Kind::Value,
                format!(
                    "is empty; at least {limit} entr{} required",
                    if *limit == 1 { "y is" } else { "ies are" }
                ),
                None,
            ));
        }
        ValidationErrorKind::MinLength { limit: 1 } if instance.as_str() == Some("") => {
            out.push(finding(Kind::Value, "must not be empty".to_string(), None));
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            explain_alternatives(&path, instance, context, schema_root, instance_root, out);
        }
        // `{"description": why, "not": {}}` under `properties.NAME`: a member this document may
        // not carry (the kind-dependent members of gtdx's schema), explained by its description.
        ValidationErrorKind::Not { schema } if schema.as_object().is_some_and(|o| o.is_empty()) => {
            out.push(forbidden_member(e, schema_root));
        }
        ValidationErrorKind::PropertyNames { error } => {
            let name = error.instance();
            out.push(finding(
                Kind::Value,
                format!("key {} is not allowed here: {error}", short(name)),
                None,
            ));
        }
        _ => {
            out.push(finding(Kind::Value, e.to_string(), None));
        }
    }
}

/// Unknown members of an object, each with the nearest allowed key not already present.
fn unknown_fields(
    path: &str,
    instance: &Value,
    schema_parent: Option<&Value>,
    unexpected: &[String],
    out: &mut Vec<Finding>,
) {
    let known: Vec<String> = schema_parent
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    let present: Vec<&str> = instance
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let candidates: Vec<&str> = known
        .iter()
        .map(String::as_str)
        .filter(|k| !present.contains(k))
        .collect();
    let where_ = if path.is_empty() {
        "/".to_string()
    } else {
        path.to_string()
    };
    for key in unexpected {
        let mut message = format!("unknown field \"{key}\" at {where_}");
        if let Some(s) = nearest(key, &candidates) {
            message.push_str(&format!("; did you mean \"{s}\"?"));
        }
        let help = (!known.is_empty()).then(|| {
            format!(
                "the fields allowed here are: {}",
                known
                    .iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
        out.push(Finding {
            kind: Kind::UnknownField,
            pointer: format!("{path}/{}", escape_pointer_token(key)),
            at_key: true,
            message,
            help,
        });
    }
}

/// A member a `not: {}` rule refuses at `.../properties/NAME/not`: an unknown field here, whose
/// rule's description says where the value belongs instead.
fn forbidden_member(e: &ValidationError<'_>, schema_root: Option<&Value>) -> Finding {
    let path = e.instance_path().as_str().to_string();
    let (parent, name) = path.rsplit_once('/').unwrap_or(("", path.as_str()));
    let name = name.replace("~1", "/").replace("~0", "~");
    let schema_path = e.schema_path().as_str();
    let rule = schema_root.and_then(|root| parent_schema(root, schema_path));
    let help = rule
        .and_then(|r| r.get("description"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let where_ = if parent.is_empty() { "/" } else { parent };
    Finding {
        kind: Kind::UnknownField,
        pointer: path.clone(),
        at_key: true,
        message: format!("field \"{name}\" is not allowed at {where_}"),
        help,
    }
}

/// A missing required member, with the schema's description of it as the help.
fn missing_field(path: &str, property: &Value, schema_parent: Option<&Value>) -> Finding {
    let name = property
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| property.to_string());
    let description = schema_parent
        .and_then(|s| s.pointer(&format!("/properties/{}", escape_pointer_token(&name))))
        .and_then(|p| p.get("description"))
        .and_then(Value::as_str)
        .map(|d| d.replace('\n', " "));
    let help = match description {
        Some(d) => format!("add \"{name}\": {d}"),
        None => format!("add \"{name}\""),
    };
    Finding {
        kind: Kind::MissingField,
        pointer: path.to_string(),
        at_key: false,
        message: format!("missing required field \"{name}\""),
        help: Some(help),
    }
}

/// A `oneOf` that is an either-or rule on an object's fields (`#[schema(one_of)]`, or written
/// by hand the same way; read and explained by [`gtdx_contract::either_or`], the rule `gtdx run`
/// uses too): the finding names the groups and what the value gives, rather than the first
/// field of the first group as missing. `None` for any other `oneOf`.
fn either_or(path: &str, instance: &Value, schema_parent: Option<&Value>) -> Option<Finding> {
    let rule = gtdx_contract::either_or::EitherOr::of_schema(schema_parent?)?;
    let e = rule.explain(instance)?;
    Some(Finding {
        kind: if e.none_given {
            Kind::MissingField
        } else {
            Kind::Value
        },
        pointer: path.to_string(),
        at_key: false,
        message: e.message,
        help: Some(e.help.to_string()),
    })
}

/// A value outside an `enum`, with the nearest allowed string for a typo.
fn not_one_of(instance: &Value, options: &Value) -> String {
    let opts: Vec<String> = options
        .as_array()
        .map(|a| a.iter().map(short).collect())
        .unwrap_or_default();
    let mut message = format!("{} is not one of {}", short(instance), opts.join(", "));
    if let Some(s) = instance.as_str() {
        let names: Vec<&str> = options
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if let Some(n) = nearest(s, &names) {
            message.push_str(&format!("; did you mean \"{n}\"?"));
        }
    }
    message
}

/// What a value that fails a `pattern` should look like, for the fields whose pattern says
/// little to a person.
fn pattern_help(path: &str) -> Option<String> {
    let last = path.rsplit('/').next().unwrap_or_default();
    match last {
        "sha256" | "manifestSha256" => {
            Some("64 lowercase hexadecimal digits (uppercase hex is rejected)".to_string())
        }
        "version" | "contract_version" => {
            Some("an exact semver version such as 1.2.0 or 1.3.0-rc.1".to_string())
        }
        "id" if path == "/metadata/id" => {
            Some("a reverse-DNS id such as greentic.telco-x".to_string())
        }
        _ => None,
    }
}

/// `anyOf` / `oneOf`: report the branch the author evidently meant, or the type choice.
fn explain_alternatives(
    path: &str,
    instance: &Value,
    context: &[Vec<ValidationError<'static>>],
    schema_root: Option<&Value>,
    instance_root: &Value,
    out: &mut Vec<Finding>,
) {
    let mut expected_types: Vec<String> = Vec::new();
    let mut candidates: Vec<&Vec<ValidationError<'static>>> = Vec::new();
    for branch in context {
        let mut mismatched = false;
        for err in branch {
            if err.instance_path().as_str() == path
                && let ValidationErrorKind::Type { kind } = err.kind()
            {
                mismatched = true;
                match kind {
                    TypeKind::Single(t) => expected_types.push(t.to_string()),
                    TypeKind::Multiple(set) => {
                        expected_types.extend(set.iter().map(|t| t.to_string()))
                    }
                }
            }
        }
        if !mismatched {
            candidates.push(branch);
        }
    }
    match candidates.into_iter().min_by_key(|b| b.len()) {
        Some(branch) if !branch.is_empty() => {
            for err in branch {
                explain_one(err, schema_root, instance_root, out);
            }
        }
        _ => {
            expected_types.dedup();
            out.push(type_finding(path, &expected_types, instance));
        }
    }
}

fn type_finding(path: &str, expected: &[String], instance: &Value) -> Finding {
    // `null` is what serde accepts for an absent optional value; never suggest writing it.
    let names: Vec<String> = expected
        .iter()
        .filter(|t| *t != "null" || expected.len() == 1)
        .map(|t| article(t))
        .collect();
    let expected_text = match names.len() {
        0 => "another type".to_string(),
        1 => names[0].clone(),
        _ => format!(
            "{} or {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    };
    let last = path.rsplit('/').next().unwrap_or_default();
    let help = if matches!(
        last,
        "input_schema" | "output_schema" | "config_schema" | "configSchema"
    ) && !instance.is_string()
    {
        Some(
            "this field holds a JSON Schema serialized as a string, e.g. \"{\\\"type\\\":\\\"object\\\"}\"; \
             encode the schema with serde_json::to_string or JSON.stringify"
                .to_string(),
        )
    } else if instance.is_null() {
        Some("optional fields are omitted, never null; delete the key".to_string())
    } else {
        None
    };
    Finding {
        kind: Kind::Type,
        pointer: path.to_string(),
        at_key: false,
        message: format!("expected {expected_text}, found {}", found(instance)),
        help,
    }
}

fn article(t: &str) -> String {
    match t {
        "null" => "null".into(),
        "array" | "object" | "integer" => format!("an {t}"),
        _ => format!("a {t}"),
    }
}

fn found(v: &Value) -> String {
    match v {
        Value::Null | Value::Object(_) | Value::Array(_) => json_kind(v).to_string(),
        _ => format!("{} {}", json_kind(v), short(v)),
    }
}

/// A value, compactly, for a message (long values are cut).
pub fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        let cut: String = s.chars().take(57).collect();
        format!("{cut}...")
    } else {
        s
    }
}

/// The schema object holding the keyword at `schema_path` (its parent), if it resolves.
fn parent_schema<'s>(root: &'s Value, schema_path: &str) -> Option<&'s Value> {
    let idx = schema_path.rfind('/')?;
    root.pointer(&schema_path[..idx])
}

/// The candidate nearest to `word` (the rule every gtdx suggestion uses).
pub fn nearest<'c>(word: &str, candidates: &[&'c str]) -> Option<&'c str> {
    gtdx_contract::suggest::nearest(word, candidates.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(schema: &Value, instance: &Value) -> Vec<Finding> {
        let v = jsonschema::validator_for(schema).unwrap();
        explain_all(v.iter_errors(instance), Some(schema), instance)
    }

    #[test]
    fn either_or_groups_are_named_in_both_forms() {
        let plain = serde_json::json!({
            "type": "object",
            "properties": {"query": {}, "doc_id": {}, "ids": {}},
            "oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]
        });
        let mut exclusive = plain.clone();
        exclusive["oneOf"] = serde_json::json!([
            {"required": ["doc_id"], "not": {"required": ["ids"]}},
            {"required": ["ids"], "not": {"required": ["doc_id"]}}
        ]);
        for schema in [&plain, &exclusive] {
            let f = explain(schema, &serde_json::json!({"query": "x"}));
            assert_eq!(f.len(), 1, "{f:?}");
            assert_eq!(f[0].kind, Kind::MissingField);
            assert_eq!(
                f[0].message,
                r#"give exactly one of "doc_id", or "ids"; it gives none of them"#
            );
            let f = explain(schema, &serde_json::json!({"doc_id": "a", "ids": []}));
            assert_eq!(
                f[0].message,
                r#"give exactly one of "doc_id", or "ids"; it gives "doc_id" together with "ids""#
            );
            assert!(explain(schema, &serde_json::json!({"ids": []})).is_empty());
        }
        // A rule a flattened struct brought, beside the struct's own, in `allOf`.
        let both = serde_json::json!({
            "type": "object",
            "allOf": [
                {"oneOf": [{"required": ["query"]}, {"required": ["vector"]}]},
                {"oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]}
            ]
        });
        let f = explain(&both, &serde_json::json!({"query": "x"}));
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message,
            r#"give exactly one of "doc_id", or "ids"; it gives none of them"#
        );
        // Without the schema, or for a choice of shapes, the branch explanation stays.
        let v = jsonschema::validator_for(&plain).unwrap();
        let f = explain_all(
            v.iter_errors(&serde_json::json!({})),
            None,
            &serde_json::json!({}),
        );
        assert!(f[0].message.starts_with("missing required field"), "{f:?}");
    }

    #[test]
    fn nearest_handles_typos_and_case_styles() {
        let keys = ["name", "capabilities", "input_schema", "runtime_ref"];
        assert_eq!(nearest("capabilites", &keys), Some("capabilities"));
        assert_eq!(nearest("inputSchema", &keys), Some("input_schema"));
        assert_eq!(nearest("runtimeRef", &keys), Some("runtime_ref"));
        assert_eq!(nearest("zzzzzz", &keys), None);
    }
}
