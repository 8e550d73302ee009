//! Strict JSON parsing for documents that get signed (describe.json, in a pack or not, and
//! worker manifests): a duplicate object key, or a number RFC 8785 cannot represent exactly, is
//! an error, found before any signature is checked.
//!
//! `serde_json` keeps the last of two equal keys; another reader may keep the first. A signed
//! document two readers see differently is a forgery waiting to happen, so gtdx refuses it.
//! Likewise an integer beyond what a u64/i64 holds reaches serde_json as a double: signing it
//! would silently rewrite `18446744073709551616` as `18446744073709552000`, so it is refused
//! unless the double prints as the same digits.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Why a signed document was refused, with its place (1-based line and column; 0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at line {line} column {column}")]
pub struct JsonError {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

impl JsonError {
    pub fn line(&self) -> usize {
        self.line
    }
    pub fn column(&self) -> usize {
        self.column
    }
    /// The message without its place.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<serde_json::Error> for JsonError {
    fn from(e: serde_json::Error) -> Self {
        let full = e.to_string();
        let message = match full.rfind(" at line ") {
            Some(i) => full[..i].to_string(),
            None => full,
        };
        JsonError {
            message,
            line: e.line(),
            column: e.column(),
        }
    }
}

impl From<JsonError> for gtdx_contract::json::SyntaxError {
    fn from(e: JsonError) -> Self {
        gtdx_contract::json::SyntaxError {
            line: e.line,
            column: e.column,
            message: e.message,
        }
    }
}

/// [`parse_strict`] as the parser of the describe.json loader (`gtdx_contract::json`'s
/// `load_with`, `load_bytes_with`): the loader reads, decodes and places the error; this
/// refuses what a signature must not cover.
pub fn strict(text: &str) -> Result<Value, JsonError> {
    parse_strict(text.as_bytes())
}

/// Parses `bytes` as JSON, rejecting duplicate keys anywhere in the document and integers that
/// RFC 8785 would change.
pub fn parse_strict(bytes: &[u8]) -> Result<Value, JsonError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let v = StrictValue::deserialize(&mut de)?.0;
    de.end()?;
    check_big_integers(bytes)?;
    Ok(v)
}

/// Finds integer literals too large for a u64/i64 (serde_json turns them into doubles without
/// a word) whose double would print as other digits. Runs on text that already parsed as JSON.
fn check_big_integers(bytes: &[u8]) -> Result<(), JsonError> {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' => i += 2,
                        b'"' => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                }
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                let token = &bytes[start..i];
                let integer = token.iter().all(|b| b.is_ascii_digit() || *b == b'-');
                if !integer {
                    continue;
                }
                // Valid JSON: the token is ASCII.
                let text = std::str::from_utf8(token).unwrap_or_default();
                if text.parse::<i64>().is_ok() || text.parse::<u64>().is_ok() {
                    continue; // canonicalisation checks these (beyond 2^53) itself
                }
                let as_double: f64 = text.parse().unwrap_or(f64::INFINITY);
                if !as_double.is_finite() || crate::jcs::es_number(as_double) != text {
                    let (line, column) = line_col(bytes, start);
                    return Err(JsonError {
                        message: format!(
                            "the integer {text} is beyond what an IEEE-754 double holds exactly; \
                             RFC 8785 canonicalization would change it (write it as a string)"
                        ),
                        line,
                        column,
                    });
                }
            }
            _ => i += 1,
        }
    }
    Ok(())
}

fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |p| p + 1);
    (line, offset - start + 1)
}

struct StrictValue(Value);

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(StrictValue)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("non-finite number"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(StrictValue(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
            }
            let StrictValue(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_refused_with_their_place() {
        let err = parse_strict(
            br#"{"a": {"b": 1,
  "b": 2}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("duplicate key `b`"), "{err}");
        assert_eq!(err.line(), 2);
        let v = parse_strict(br#"{"a": [1, 2.5, "x", null, true, {"b": -3}]}"#).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"a": [1, 2.5, "x", null, true, {"b": -3}]})
        );
        assert!(parse_strict(b"{} x").is_err());
    }

    #[test]
    fn integers_canonicalisation_would_change_are_refused() {
        let err = parse_strict(b"{\"a\": \"18446744073709551616\",\n \"b\": 18446744073709551616}")
            .unwrap_err();
        assert!(err.message().contains("18446744073709551616"), "{err}");
        assert_eq!((err.line(), err.column()), (2, 7));
        assert!(parse_strict(b"[-99999999999999999999999]").is_err());
        // Fixed points (the double prints as the same digits) and plain numbers pass.
        parse_strict(b"[18446744073709552000, 1e3, 2.5, -7, 18446744073709551615]").unwrap();
        // Inside strings nothing is a number.
        parse_strict(br#"{"n": "123456789012345678901234567890 \" 99999999999999999999999"}"#)
            .unwrap();
    }
}
