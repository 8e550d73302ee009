//! Long texts in cases, written compactly, and long answers, recorded compactly. The e2e replay
//! (`tests/e2e/oracle.rs`) reads and writes the same two shapes.

use serde_json::{Value, json};

/// A text in a case: a string, or a list of parts, each a string or
/// `{"repeat": "é", "times": 5000}`.
pub fn expand(spec: &Value) -> String {
    match spec {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().map(expand_part).collect(),
        _ => String::new(),
    }
}

fn expand_part(part: &Value) -> String {
    match part {
        Value::String(s) => s.clone(),
        _ => {
            let unit = part["repeat"].as_str().unwrap_or_default();
            let times = usize::try_from(part["times"].as_u64().unwrap_or(0)).unwrap_or(0);
            unit.repeat(times)
        }
    }
}

/// Texts up to this many bytes are recorded whole.
const WHOLE_UP_TO: usize = 160;
/// A longer text is recorded as its length and this many last characters.
const END_CHARS: usize = 48;

/// An answer as recorded: whole when short, else `{"bytes": N, "end": "…last characters"}`.
pub fn summary(s: &str) -> Value {
    if s.len() <= WHOLE_UP_TO {
        return json!(s);
    }
    let end_at = s
        .char_indices()
        .rev()
        .nth(END_CHARS - 1)
        .map_or(0, |(i, _)| i);
    json!({"bytes": s.len(), "end": &s[end_at..]})
}
