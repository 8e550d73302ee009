//! Reading text into a [`serde_json::Value`] while noting whether any object repeats a key.
//!
//! `Value` keeps the last of two equal keys without a word, while the platform reads a manifest
//! into its typed model straight from the text, where serde refuses a repeated struct field. The
//! lint reads the text once, into a value, and derives the typed model from that value (about a
//! third of the cost of a second parse); that is only equivalent when no key repeats, so this
//! reader says whether one did, and the caller falls back to reading the typed model from the
//! text. serde_json's own visitor is private, hence this copy of it (same results, same order:
//! a repeated key keeps its first position and its last value).

use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// A parsed document, whether some object in it repeats a key, and whether it holds a `null`
/// (the typed model reads one as absent where our schema refuses it, so validation must look).
pub(crate) struct Parsed {
    pub value: Value,
    pub repeated_key: bool,
    pub null: bool,
}

/// Parses `text` as serde_json's `from_str::<Value>` does (same nesting limit, same errors).
pub(crate) fn parse(text: &str) -> Result<Parsed, serde_json::Error> {
    let seen = Seen::default();
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Seed(&seen).deserialize(&mut de)?;
    de.end()?;
    Ok(Parsed {
        value,
        repeated_key: seen.repeated_key.get(),
        null: seen.null.get(),
    })
}

/// What the reader noted on the way.
#[derive(Default)]
struct Seen {
    repeated_key: Cell<bool>,
    null: Cell<bool>,
}

#[derive(Clone, Copy)]
struct Seed<'a>(&'a Seen);

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or_else(
            || {
                self.0.null.set(true);
                Value::Null
            },
            Value::Number,
        ))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        self.0.null.set(true);
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        self.0.null.set(true);
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            let value = access.next_value_seed(self)?;
            if map.insert(key, value).is_some() {
                self.0.repeated_key.set(true);
            }
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_value_as_serde_json() {
        let text = r#"{"b": [1, -2, 3.5, 1e400, "x\u00e9", null, true, {}], "a": {"c": 18446744073709551615}}"#;
        let ours = parse(text).map(|p| p.value).ok();
        assert_eq!(ours, serde_json::from_str::<Value>(text).ok());
        assert!(!parse(text).is_ok_and(|p| p.repeated_key));
    }

    #[test]
    fn a_null_value_is_noted() {
        assert!(parse(r#"{"a": [1, {"b": null}]}"#).is_ok_and(|p| p.null));
        assert!(!parse(r#"{"a": [1, {"b": 2}]}"#).is_ok_and(|p| p.null));
    }

    #[test]
    fn a_null_inside_a_string_is_no_null() {
        let parsed = parse(r#"{"a": "null", "b": "{\"x\": null}"}"#).expect("valid JSON");
        assert!(!parsed.null);
    }

    #[test]
    fn a_repeated_key_is_noted_and_keeps_serde_json_order() {
        let text = r#"{"a": 1, "b": {"x": 1, "y": 2, "x": 3}}"#;
        let parsed = parse(text).expect("valid JSON");
        assert!(parsed.repeated_key);
        assert_eq!(
            parsed.value,
            serde_json::from_str::<Value>(text).expect("valid JSON")
        );
        let keys: Vec<&String> = parsed.value["b"]
            .as_object()
            .into_iter()
            .flat_map(|o| o.keys())
            .collect();
        assert_eq!(keys, ["x", "y"]);
    }

    #[test]
    fn errors_and_nesting_limit_as_serde_json() {
        for text in ["{\"a\": }", "{} x", &"[".repeat(200)] {
            let ours = parse(text).err().map(|e| e.to_string());
            let theirs = serde_json::from_str::<Value>(text)
                .err()
                .map(|e| e.to_string());
            assert_eq!(ours, theirs, "{text}");
        }
    }
}
