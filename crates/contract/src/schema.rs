//! Our JSON Schema for `describe.json`, generated from the types in [`crate::manifest`].
//!
//! `cargo xtask schema` writes it to `schemas/describe-v2.json`; a test fails when that committed
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
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("$id".into(), Value::String(SCHEMA_ID.into()));
    }
    schema
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
