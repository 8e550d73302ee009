//! The strict form of an input schema, which a tool's examples are held to: unknown properties
//! refused wherever the schema lists properties, whatever it lets callers add, because a
//! misspelt key in an example teaches the model the misspelling (`E_EXAMPLE_INPUT`).
//!
//! The strict form only adds `"additionalProperties": false` members (or turns `true` into
//! `false`), which hold no pattern and no reference. So when the strict form compiles, the
//! schema does too, unless a `$ref` points at a member the strict form added; the schema
//! screen relies on this to compile the strict form alone, for the examples, and compiles the
//! schema itself as well only when it has a reference. (The converse does not hold: where a
//! map of names has a key `properties`, the added member may be refused by the meta-schema;
//! then the screen gives the text to the reporting path, which compiles the schema itself.)

use serde_json::Value;

/// `schema` with `"additionalProperties": false` on every object that lists `properties` and
/// does not constrain further properties itself (a map's `additionalProperties` schema stays).
pub(crate) fn strict(mut schema: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(m) => {
                let open = match m.get("additionalProperties") {
                    None | Some(Value::Bool(true)) => true,
                    Some(_) => false,
                };
                if m.contains_key("properties") && open && !m.contains_key("unevaluatedProperties")
                {
                    m.insert("additionalProperties".into(), Value::Bool(false));
                }
                for (k, x) in m.iter_mut() {
                    // Inside `properties`, `enum` and `const`, keys are names and values data.
                    if k == "enum" || k == "const" || k == "default" || k == "examples" {
                        continue;
                    }
                    if k == "properties" {
                        if let Value::Object(props) = x {
                            props.values_mut().for_each(walk);
                        }
                        continue;
                    }
                    walk(x);
                }
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut schema);
    schema
}

#[cfg(test)]
mod tests {
    use super::strict;
    use serde_json::json;

    #[test]
    fn strict_closes_objects_with_properties_only() {
        let s = json!({
            "type": "object",
            "properties": {
                "limit": {"type": "integer"},
                "filter": {"type": "object", "properties": {"tag": {}}},
                "meta": {"type": "object", "additionalProperties": {"type": "string"}},
                "properties": {"type": "object", "properties": {"x": {}}, "additionalProperties": true}
            },
            "oneOf": [{"required": ["limit"]}, {"required": ["filter"]}]
        });
        let v = jsonschema::validator_for(&strict(s.clone())).unwrap();
        assert!(v.is_valid(&json!({"limit": 1})));
        assert!(
            !v.is_valid(&json!({"limt": 10, "limit": 1})),
            "a misspelled key is refused"
        );
        assert!(
            !v.is_valid(&json!({"filter": {"tga": 1}})),
            "also in nested objects"
        );
        assert!(
            v.is_valid(&json!({"limit": 1, "meta": {"any": "x"}})),
            "maps stay open"
        );
        assert!(!v.is_valid(&json!({"limit": 1, "properties": {"y": 1}})));
        // The schema itself is unchanged.
        assert!(
            jsonschema::validator_for(&s)
                .unwrap()
                .is_valid(&json!({"limt": 10, "limit": 1}))
        );
    }
}
