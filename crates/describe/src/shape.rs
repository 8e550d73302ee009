//! JSON Schema values and the operations on them that know nothing of Rust: the schema type,
//! which side of serde a schema describes, `null`-able schemas, alias groups and the key order
//! of the output. The bottom of the describe engine: every module may use it, it uses none.

use serde_json::{Map, Value, json};

/// A JSON Schema object.
pub type Schema = Map<String, Value>;

/// Which side of serde a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// What `Deserialize` accepts (a tool's input).
    Input,
    /// What `Serialize` produces (a tool's output).
    Output,
}

/// The largest integer every JSON implementation represents exactly (2^53 − 1, RFC 7493).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

pub(crate) fn obj(v: Value) -> Schema {
    match v {
        Value::Object(m) => m,
        _ => Schema::new(),
    }
}

pub(crate) fn array(items: Schema) -> Schema {
    let mut s = obj(json!({"type": "array"}));
    s.insert("items".into(), Value::Object(items));
    s
}

/// A schema that also accepts `null` (what serde writes for `None`).
pub fn nullable(mut s: Schema) -> Schema {
    if s.is_empty() || (s.len() == 1 && s.contains_key("description")) {
        return s;
    }
    // `null` passes every `required` branch, so it would break a `oneOf` (also one inside an
    // `allOf`): such a schema is offered beside `null`, not widened to it.
    let one_of_inside = s
        .get("allOf")
        .and_then(Value::as_array)
        .is_some_and(|a| a.iter().any(|x| x.get("oneOf").is_some()));
    if s.contains_key("oneOf")
        || s.contains_key("anyOf")
        || one_of_inside
        || !s.contains_key("type")
    {
        let desc = s.remove("description");
        let mut out = Schema::new();
        out.insert("anyOf".into(), json!([Value::Object(s), {"type": "null"}]));
        if let Some(d) = desc {
            out.insert("description".into(), d);
        }
        return out;
    }
    match s.get_mut("type") {
        Some(Value::String(t)) if t == "null" => return s,
        Some(t @ Value::String(_)) => {
            let old = t.take();
            *t = json!([old, "null"]);
        }
        Some(Value::Array(a)) if !a.iter().any(|x| x == "null") => a.push("null".into()),
        _ => {}
    }
    if let Some(Value::Array(e)) = s.get_mut("enum")
        && !e.iter().any(Value::is_null)
    {
        e.push(Value::Null);
    }
    s
}

/// Whether `v` is an alias group: `[{"required": [name]}, {"required": [alias]}, ...]`.
pub(crate) fn is_alias_group(v: &Value) -> bool {
    v.as_array().is_some_and(|a| {
        !a.is_empty()
            && a.iter().all(|x| {
                x.as_object()
                    .is_some_and(|o| o.len() == 1 && o.get("required").is_some_and(Value::is_array))
            })
    })
}

/// Whether `v` is the `oneOf` of `#[schema(one_of)]` in its exclusive form: each branch
/// `{"required": [..], "not": {...}}`.
pub(crate) fn is_exclusive_groups(v: &Value) -> bool {
    v.as_array().is_some_and(|a| {
        !a.is_empty()
            && a.iter().all(|x| {
                x.as_object().is_some_and(|o| {
                    o.len() == 2
                        && o.get("required").is_some_and(Value::is_array)
                        && o.get("not").is_some_and(Value::is_object)
                })
            })
    })
}

/// Whether a schema is a choice between shapes (an enum), as opposed to one object whose
/// `anyOf`/`allOf` only lists alternative names of required fields, or whose `oneOf` is an
/// either-or rule on its fields (`#[schema(one_of)]`, in either form).
pub(crate) fn is_choice(s: &Schema) -> bool {
    s.get("oneOf")
        .is_some_and(|a| !is_alias_group(a) && !is_exclusive_groups(a))
        || s.get("anyOf").is_some_and(|a| !is_alias_group(a))
}

/// Whether a schema accepts `null`: it does not constrain the value at all (`{}`, or only
/// annotations), or its `type`, `enum`, `const` or one of its `anyOf`/`oneOf` branches allows
/// `null`. (An approximation for the shapes describe writes; `allOf`/`not` count as not null.)
pub(crate) fn accepts_null(s: &Schema) -> bool {
    const CONSTRAINTS: &[&str] = &["type", "enum", "const", "anyOf", "oneOf", "allOf", "not"];
    if !CONSTRAINTS.iter().any(|k| s.contains_key(*k)) {
        return true;
    }
    let type_ok = match s.get("type") {
        None => true,
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(a)) => a.iter().any(|t| t == "null"),
        Some(_) => false,
    };
    let enum_ok = match s.get("enum") {
        None => true,
        Some(Value::Array(a)) => a.iter().any(Value::is_null),
        Some(_) => false,
    };
    let const_ok = s.get("const").is_none_or(Value::is_null);
    let branch_ok = |key: &str| match s.get(key) {
        None => true,
        Some(Value::Array(a)) => a.iter().any(|b| b.as_object().is_some_and(accepts_null)),
        Some(_) => false,
    };
    type_ok
        && enum_ok
        && const_ok
        && branch_ok("anyOf")
        && branch_ok("oneOf")
        && !s.contains_key("allOf")
        && !s.contains_key("not")
}

/// A private key holding the meaning of each value of a unit enum (`- `a`: ...` lines) while
/// schemas are built; [`normalize`] appends it to the schema's `description`, so a field's doc
/// comment, which replaces the type's, still comes with the list.
pub(crate) const VALUES_KEY: &str = "x-gtdx-values";

/// The alias groups of an object schema.
pub(crate) fn take_alias_groups(s: &Schema) -> Vec<Value> {
    if let Some(a) = s.get("anyOf").filter(|a| is_alias_group(a)) {
        return vec![a.clone()];
    }
    match s.get("allOf") {
        Some(Value::Array(all)) => all
            .iter()
            .filter_map(|x| x.get("anyOf").filter(|a| is_alias_group(a)).cloned())
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `v` is the `oneOf` of an either-or rule (`#[schema(one_of)]`, either form).
pub(crate) fn is_one_of_rule(v: &Value) -> bool {
    is_alias_group(v) || is_exclusive_groups(v)
}

/// The either-or rules of an object schema: its `oneOf` when that is one, and the `oneOf` of
/// each `allOf` entry (where [`set_rules`] writes several).
pub(crate) fn take_one_of_rules(s: &Schema) -> Vec<Value> {
    let mut out: Vec<Value> = s
        .get("oneOf")
        .filter(|a| is_one_of_rule(a))
        .cloned()
        .into_iter()
        .collect();
    if let Some(Value::Array(all)) = s.get("allOf") {
        out.extend(
            all.iter()
                .filter_map(|x| x.get("oneOf").filter(|a| is_one_of_rule(a)).cloned()),
        );
    }
    out
}

/// Writes an object's rules on its fields: alias groups (`anyOf`) and either-or rules
/// (`oneOf`, e.g. one of its own and one a flattened struct brought). One of a kind goes at
/// the root, where readers look first (the SDK's dispatch reads the root `oneOf`); several of a
/// kind go as entries of `allOf` (`{"anyOf": ..}`, then `{"oneOf": ..}`), every one of which
/// must hold.
pub(crate) fn set_rules(s: &mut Schema, mut groups: Vec<Value>, mut rules: Vec<Value>) {
    s.remove("allOf");
    if s.get("anyOf").is_some_and(is_alias_group) {
        s.remove("anyOf");
    }
    if s.get("oneOf").is_some_and(is_one_of_rule) {
        s.remove("oneOf");
    }
    let mut all: Vec<Value> = Vec::new();
    match groups.len() {
        0 => {}
        1 => {
            s.insert("anyOf".into(), groups.remove(0));
        }
        _ => all.extend(groups.into_iter().map(|g| json!({ "anyOf": g }))),
    }
    match rules.len() {
        0 => {}
        1 => {
            s.insert("oneOf".into(), rules.remove(0));
        }
        _ => all.extend(rules.into_iter().map(|r| json!({ "oneOf": r }))),
    }
    if !all.is_empty() {
        s.insert("allOf".into(), Value::Array(all));
    }
}

/// The order keys are written in, so that output is stable and readable.
pub(crate) const KEY_ORDER: &[&str] = &[
    "type",
    "title",
    "description",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "enum",
    "const",
    "default",
    "examples",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
    "propertyNames",
    "oneOf",
    "anyOf",
    "allOf",
];

/// Puts every schema object's keys in [`KEY_ORDER`] (unknown keys after, alphabetically);
/// property names keep their declaration order.
pub fn normalize(mut s: Schema) -> Schema {
    if let Some(Value::String(values)) = s.remove(VALUES_KEY) {
        let text = match s.get("description").and_then(Value::as_str) {
            Some(d) => format!("{d}\n\n{values}"),
            None => values,
        };
        s.insert("description".into(), text.into());
    }
    let mut entries: Vec<(String, Value)> = s.into_iter().collect();
    entries.sort_by(|(a, _), (b, _)| {
        let ra = KEY_ORDER
            .iter()
            .position(|k| k == a)
            .unwrap_or(KEY_ORDER.len());
        let rb = KEY_ORDER
            .iter()
            .position(|k| k == b)
            .unwrap_or(KEY_ORDER.len());
        ra.cmp(&rb).then_with(|| {
            if ra == KEY_ORDER.len() {
                a.cmp(b)
            } else {
                std::cmp::Ordering::Equal
            }
        })
    });
    let mut out = Schema::new();
    for (k, v) in entries {
        let v = match (k.as_str(), v) {
            ("items" | "additionalProperties" | "propertyNames", Value::Object(m)) => {
                Value::Object(normalize(m))
            }
            ("properties", Value::Object(props)) => Value::Object(
                props
                    .into_iter()
                    .map(|(name, p)| match p {
                        Value::Object(m) => (name, Value::Object(normalize(m))),
                        other => (name, other),
                    })
                    .collect(),
            ),
            ("prefixItems" | "oneOf" | "anyOf" | "allOf", Value::Array(a)) => Value::Array(
                a.into_iter()
                    .map(|x| match x {
                        Value::Object(m) => Value::Object(normalize(m)),
                        other => other,
                    })
                    .collect(),
            ),
            (_, v) => v,
        };
        out.insert(k, v);
    }
    out
}
