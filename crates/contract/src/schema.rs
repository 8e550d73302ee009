//! Our JSON Schema for `describe.json`, generated from the types in [`crate::manifest`].
//!
//! `cargo xtask codegen` writes it to `schemas/describe-v2.json`; a test fails when that committed
//! file is stale. Validators use [`describe_schema`] directly, so the checked shape and the typed
//! model cannot disagree.

use serde_json::Value;

use crate::manifest::Describe;
use crate::metadata::AgenticWorkerMetadata;

/// The schema's `$id`.
pub const SCHEMA_ID: &str = "https://gtdx.dev/schemas/describe-v2.json";

/// The JSON Schema (draft 2020-12) of a v2 manifest as gtdx accepts it.
pub fn describe_schema() -> Value {
    let mut schema = serde_json::to_value(schemars::schema_for!(Describe))
        .unwrap_or_else(|e| unreachable!("schema serialization failed: {e}"));
    strip_null(&mut schema);
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("$id".into(), Value::String(SCHEMA_ID.into()));
    }
    schema
}

/// Removes the `null` that schemars adds to every `Option<T>`.
///
/// An optional field is omitted, never `null`: the platform's published schema rejects `null`
/// for every typed field, so accepting it here would let `gtdx validate` pass manifests the
/// platform refuses.
fn strip_null(schema: &mut Value) {
    match schema {
        Value::Object(obj) => {
            if let Some(Value::Array(types)) = obj.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    obj.insert("type".into(), only);
                }
            }
            for key in ["anyOf", "oneOf"] {
                let Some(Value::Array(branches)) = obj.get_mut(key) else {
                    continue;
                };
                let is_null = |b: &Value| b.get("type").is_some_and(|t| t == "null");
                if !branches.iter().any(is_null) {
                    continue;
                }
                branches.retain(|b| !is_null(b));
                if branches.len() == 1 {
                    let only = branches.remove(0);
                    obj.remove(key);
                    if let Value::Object(branch) = only {
                        for (k, v) in branch {
                            obj.entry(k).or_insert(v);
                        }
                    }
                }
            }
            for v in obj.values_mut() {
                strip_null(v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(strip_null),
        _ => {}
    }
}

/// The JSON Schema of the decoded `agentic_worker_metadata` blob.
pub fn metadata_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(AgenticWorkerMetadata))
        .unwrap_or_else(|e| unreachable!("schema serialization failed: {e}"))
}

/// The committed, pretty-printed form (trailing newline included).
pub fn describe_schema_pretty() -> String {
    let mut s = serde_json::to_string_pretty(&describe_schema())
        .unwrap_or_else(|e| unreachable!("schema serialization failed: {e}"));
    s.push('\n');
    s
}
