//! OpenAPI schemas → the self-contained JSON Schema a tool declares.
//!
//! A tool's `input_schema`/`output_schema` must stand alone (gtdx resolves no `$ref` outside the
//! document, and a describe.json has no `components`), so every `#/components/schemas/...`
//! reference is inlined. A schema that refers to itself (a tree, a linked list) is cut where it
//! recurs: there it accepts any object, and the cut is counted so the caller can say so. The
//! OpenAPI 3.0 dialect is rewritten into JSON Schema (`nullable: true` → a `"null"` type,
//! boolean `exclusiveMinimum`/`exclusiveMaximum` → numbers) and the keywords JSON Schema does not
//! have (`discriminator`, `xml`, `externalDocs`, `example`, `x-...`) are left out, while every
//! constraint the document states (`enum`, `pattern`, `minimum`, `maxLength`, `format`, ...)
//! is kept as written.

use serde_json::{Map, Value, json};

/// How deep nested schemas are inlined before the rest is cut to `{}`; also bounds the work on
/// a document whose references fan out.
const MAX_DEPTH: usize = 24;

/// Which side of the call a schema describes: inputs lose `readOnly` properties (the server
/// sets them), outputs lose `writeOnly` ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Input,
    Output,
}

/// What resolving a schema ran into.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Notes {
    /// Named schemas cut where they refer to themselves.
    pub recursive: Vec<String>,
    /// References gtdx could not follow (other files, other parts of the document).
    pub unresolved: Vec<String>,
    /// Schema objects produced so far; past [`MAX_NODES`] the rest is cut to `{}`, so a
    /// document whose references fan out cannot make one tool's schema explode.
    pub(crate) nodes: usize,
    /// Whether that cut happened.
    pub truncated: bool,
}

/// The most schema objects one tool's schema may inline.
const MAX_NODES: usize = 5_000;

/// Resolves and normalises `schema` against `components.schemas`.
pub fn resolve(
    schema: &Value,
    schemas: &Map<String, Value>,
    side: Side,
    notes: &mut Notes,
) -> Value {
    let mut stack = Vec::new();
    walk(schema, schemas, side, notes, &mut stack)
}

fn walk(
    schema: &Value,
    schemas: &Map<String, Value>,
    side: Side,
    notes: &mut Notes,
    stack: &mut Vec<String>,
) -> Value {
    let Value::Object(obj) = schema else {
        // `true`/`false` schemas (3.1) stay as they are.
        return schema.clone();
    };
    notes.nodes += 1;
    if stack.len() > MAX_DEPTH || notes.nodes > MAX_NODES {
        notes.truncated = true;
        return json!({});
    }
    if let Some(Value::String(r)) = obj.get("$ref") {
        let Some(name) = r.strip_prefix("#/components/schemas/") else {
            push_unique(&mut notes.unresolved, r);
            return json!({});
        };
        let name = name.replace("~1", "/").replace("~0", "~");
        if stack.contains(&name) {
            push_unique(&mut notes.recursive, &name);
            return json!({ "type": "object", "description": format!("A {name} (recursive).") });
        }
        let Some(target) = schemas.get(&name) else {
            push_unique(&mut notes.unresolved, r);
            return json!({});
        };
        stack.push(name);
        let mut out = walk(target, schemas, side, notes, stack);
        stack.pop();
        // 3.1 lets `$ref` sit beside other keywords (a description, say): those override.
        if let Value::Object(o) = &mut out {
            for (k, v) in obj {
                if k != "$ref" && !dropped(k) {
                    o.insert(k.clone(), walk_keyword(k, v, schemas, side, notes, stack));
                }
            }
        }
        return out;
    }
    let mut out = Map::new();
    for (k, v) in obj {
        if dropped(k) {
            continue;
        }
        out.insert(k.clone(), walk_keyword(k, v, schemas, side, notes, stack));
    }
    normalise_30(&mut out, obj);
    drop_one_sided(&mut out, side);
    Value::Object(out)
}

/// Keywords whose value holds schemas are walked; the rest are copied.
fn walk_keyword(
    key: &str,
    value: &Value,
    schemas: &Map<String, Value>,
    side: Side,
    notes: &mut Notes,
    stack: &mut Vec<String>,
) -> Value {
    match key {
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
            match value {
                Value::Object(m) => Value::Object(
                    m.iter()
                        .map(|(k, v)| (k.clone(), walk(v, schemas, side, notes, stack)))
                        .collect(),
                ),
                other => other.clone(),
            }
        }
        "items"
        | "additionalProperties"
        | "not"
        | "contains"
        | "propertyNames"
        | "if"
        | "then"
        | "else"
        | "unevaluatedProperties"
        | "unevaluatedItems" => match value {
            Value::Array(a) => Value::Array(
                a.iter()
                    .map(|v| walk(v, schemas, side, notes, stack))
                    .collect(),
            ),
            v => walk(v, schemas, side, notes, stack),
        },
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => match value {
            Value::Array(a) => Value::Array(
                a.iter()
                    .map(|v| walk(v, schemas, side, notes, stack))
                    .collect(),
            ),
            other => other.clone(),
        },
        _ => value.clone(),
    }
}

/// OpenAPI-only keywords and extensions, which JSON Schema validators do not know.
fn dropped(key: &str) -> bool {
    key.starts_with("x-")
        || matches!(
            key,
            "discriminator" | "xml" | "externalDocs" | "example" | "nullable" | "$schema" | "$id"
        )
}

/// The 3.0 dialect in JSON Schema terms (a no-op on 3.1 schemas).
fn normalise_30(out: &mut Map<String, Value>, original: &Map<String, Value>) {
    if original.get("nullable") == Some(&Value::Bool(true)) {
        match out.get_mut("type") {
            Some(Value::String(t)) => {
                let t = t.clone();
                out.insert("type".into(), json!([t, "null"]));
            }
            Some(Value::Array(ts)) if !ts.contains(&json!("null")) => ts.push(json!("null")),
            _ => {}
        }
        if let Some(Value::Array(e)) = out.get_mut("enum")
            && !e.contains(&Value::Null)
        {
            e.push(Value::Null);
        }
    }
    for (flag, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        match out.get(flag) {
            Some(Value::Bool(true)) => match out.remove(bound) {
                Some(n) => {
                    out.insert(flag.into(), n);
                }
                None => {
                    out.remove(flag);
                }
            },
            Some(Value::Bool(false)) => {
                out.remove(flag);
            }
            _ => {}
        }
    }
}

/// Removes the properties the other side of the call owns.
fn drop_one_sided(out: &mut Map<String, Value>, side: Side) {
    let flag = match side {
        Side::Input => "readOnly",
        Side::Output => "writeOnly",
    };
    let Some(Value::Object(props)) = out.get_mut("properties") else {
        return;
    };
    let gone: Vec<String> = props
        .iter()
        .filter(|(_, v)| v.get(flag) == Some(&Value::Bool(true)))
        .map(|(k, _)| k.clone())
        .collect();
    if gone.is_empty() {
        return;
    }
    for k in &gone {
        props.remove(k);
    }
    if let Some(Value::Array(req)) = out.get_mut("required") {
        req.retain(|r| !gone.iter().any(|g| r == g));
    }
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|i| i == item) {
        list.push(item.to_string());
    }
}

/// The JSON type a schema names first (`"string"`, `"integer"`, ...), if any.
pub fn primary_type(schema: &Value) -> Option<&str> {
    match schema.get("type")? {
        Value::String(t) => Some(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schemas() -> Map<String, Value> {
        let v = json!({
            "Pet": {"type": "object", "required": ["id", "name"], "properties": {
                "id": {"type": "integer", "readOnly": true},
                "name": {"type": "string", "maxLength": 40, "example": "Rex"},
                "tag": {"type": "string", "nullable": true},
                "owner": {"$ref": "#/components/schemas/Owner"}
            }},
            "Owner": {"type": "object", "properties": {
                "pets": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}
            }}
        });
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn refs_are_inlined_and_recursion_is_cut() {
        let mut notes = Notes::default();
        let out = resolve(
            &json!({"$ref": "#/components/schemas/Pet"}),
            &schemas(),
            Side::Output,
            &mut notes,
        );
        assert_eq!(
            out["properties"]["name"],
            json!({"type": "string", "maxLength": 40})
        );
        assert_eq!(out["properties"]["tag"]["type"], json!(["string", "null"]));
        let inner = &out["properties"]["owner"]["properties"]["pets"]["items"];
        assert_eq!(inner["type"], "object");
        assert_eq!(notes.recursive, vec!["Pet".to_string()]);
    }

    #[test]
    fn inputs_lose_read_only_properties() {
        let mut notes = Notes::default();
        let out = resolve(
            &json!({"$ref": "#/components/schemas/Pet"}),
            &schemas(),
            Side::Input,
            &mut notes,
        );
        assert!(out["properties"].get("id").is_none());
        assert_eq!(out["required"], json!(["name"]));
    }

    #[test]
    fn boolean_exclusive_bounds_become_numbers() {
        let mut notes = Notes::default();
        let out = resolve(
            &json!({"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": false}),
            &Map::new(),
            Side::Input,
            &mut notes,
        );
        assert_eq!(
            out,
            json!({"type": "number", "exclusiveMinimum": 0, "maximum": 5})
        );
    }

    #[test]
    fn unknown_references_accept_anything_and_are_noted() {
        let mut notes = Notes::default();
        let out = resolve(
            &json!({"$ref": "other.yaml#/Pet"}),
            &Map::new(),
            Side::Input,
            &mut notes,
        );
        assert_eq!(out, json!({}));
        assert_eq!(notes.unresolved, vec!["other.yaml#/Pet".to_string()]);
    }
}
