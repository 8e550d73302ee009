//! The platform's credential-name detector, shared by `E_ADDON_SECRET_IN_DESIRED_STATE` and
//! `E_CONFIG_SCHEMA_SECRET`: which property names of a JSON Schema look like a credential.

use serde_json::Value;

/// Substrings that make a name a credential (matched lowercased, without `-` and `_`).
const MARKERS: [&str; 5] = ["password", "secret", "apikey", "credential", "passwd"];

/// A name whose last word is one of these is *about* a credential, not one (`secret_ref`,
/// `password_policy`, `token_limit`).
const BENIGN_LAST_WORDS: [&str; 14] = [
    "ref",
    "name",
    "id",
    "policy",
    "length",
    "days",
    "iterations",
    "encryption",
    "backend",
    "limit",
    "rotation",
    "count",
    "enabled",
    "required",
];

/// A name whose first word is one of these is a switch (`require_password`, `allowApiKey`).
const PREDICATE_FIRST_WORDS: [&str; 2] = ["require", "allow"];

/// The words of a property name: split on `-`, `_` and a lowercase-to-uppercase change.
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '-' || c == '_' {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        current.push(c);
        prev_lower = c.is_ascii_lowercase();
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Whether a property name looks like a credential (`api_key`, `auth_token`, `adminPassword`;
/// not `secret_ref`, `password_policy`, `max_tokens`, `token_limit`).
pub(super) fn looks_like_credential(name: &str) -> bool {
    let words = words(name);
    let is = |w: Option<&String>, set: &[&str]| {
        w.is_some_and(|w| set.iter().any(|s| w.eq_ignore_ascii_case(s)))
    };
    if is(words.last(), &BENIGN_LAST_WORDS) || is(words.first(), &PREDICATE_FIRST_WORDS) {
        return false;
    }
    let flat: String = name
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    MARKERS.iter().any(|m| flat.contains(m))
        || words
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("token"))
}

/// Calls `visit(name, path)` for every property name declared anywhere in `schema`: under
/// `properties` at any depth, through `items`/`prefixItems`/`contains`, `$defs`/`definitions`,
/// `patternProperties`, `dependentSchemas`, object-valued `additionalProperties` and
/// `unevaluatedProperties`, `allOf`/`anyOf`/`oneOf` and `if`/`then`/`else`. `$ref` is not
/// followed, and `not`, `propertyNames`, `enum` and `const` are not entered.
pub(super) fn walk_properties(schema: &Value, path: &str, visit: &mut impl FnMut(&str, &str)) {
    let Some(obj) = schema.as_object() else {
        return;
    };
    let join = |name: &str| {
        if path.is_empty() {
            name.to_string()
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(props) = obj.get("properties").and_then(Value::as_object) {
        for (name, sub) in props {
            let p = join(name);
            visit(name, &p);
            walk_properties(sub, &p, visit);
        }
    }
    let items_path = format!("{path}[]");
    match obj.get("items") {
        Some(Value::Array(tuple)) => tuple
            .iter()
            .for_each(|s| walk_properties(s, &items_path, visit)),
        Some(items) => walk_properties(items, &items_path, visit),
        None => {}
    }
    if let Some(Value::Array(tuple)) = obj.get("prefixItems") {
        tuple
            .iter()
            .for_each(|s| walk_properties(s, &items_path, visit));
    }
    if let Some(contains) = obj.get("contains") {
        walk_properties(contains, &items_path, visit);
    }
    for key in ["$defs", "definitions"] {
        if let Some(map) = obj.get(key).and_then(Value::as_object) {
            for (name, sub) in map {
                walk_properties(sub, &join(&format!("{key}/{name}")), visit);
            }
        }
    }
    for key in ["patternProperties", "dependentSchemas"] {
        if let Some(map) = obj.get(key).and_then(Value::as_object) {
            map.values().for_each(|s| walk_properties(s, path, visit));
        }
    }
    for key in ["additionalProperties", "unevaluatedProperties"] {
        if let Some(sub) = obj.get(key) {
            walk_properties(sub, path, visit);
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(branches) = obj.get(key).and_then(Value::as_array) {
            branches
                .iter()
                .for_each(|s| walk_properties(s, path, visit));
        }
    }
    for key in ["if", "then", "else"] {
        if let Some(sub) = obj.get(key) {
            walk_properties(sub, path, visit);
        }
    }
}

/// Every credential-like property of `schema`, as (name, dotted path).
pub(super) fn credential_properties(schema: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    walk_properties(schema, "", &mut |name, path| {
        if looks_like_credential(name) {
            out.push((name.to_string(), path.to_string()));
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names() {
        for yes in [
            "api_key",
            "auth_token",
            "adminPassword",
            "apiKey",
            "client-secret",
            "db_passwd",
            "Credentials",
            "token",
        ] {
            assert!(looks_like_credential(yes), "{yes}");
        }
        for no in [
            "secret_ref",
            "password_policy",
            "max_tokens",
            "token_limit",
            "require_password",
            "allowApiKey",
            "region",
            "secretName",
            "tokens",
        ] {
            assert!(!looks_like_credential(no), "{no}");
        }
    }

    #[test]
    fn walk_goes_everywhere_but_not_into_not_ref_or_enum() {
        let schema = json!({
            "properties": {"a": {"properties": {"api_key": {}}}},
            "items": [{"properties": {"password": {}}}],
            "$defs": {"d": {"properties": {"auth_token": {}}}},
            "patternProperties": {"^x": {"properties": {"secret": {}}}},
            "additionalProperties": {"properties": {"passwd": {}}},
            "anyOf": [{"properties": {"apiKey": {}}}],
            "if": {"properties": {"credential": {}}},
            "not": {"properties": {"password": {}}},
            "propertyNames": {"properties": {"password": {}}},
            "enum": [{"properties": {"password": {}}}],
            "$ref": "#/$defs/d"
        });
        let found: Vec<String> = credential_properties(&schema)
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        assert_eq!(
            found,
            [
                "a.api_key",
                "[].password",
                "$defs/d.auth_token",
                "secret",
                "passwd",
                "apiKey",
                "credential"
            ]
        );
    }
}
