//! `agentic_worker_metadata`: a JSON-encoded string the runtime decodes, whose examples must be
//! calls the tool's input schema accepts (`E_METADATA_CONTRACT`,
//! `E_EXAMPLE_INPUT`, `I_METADATA_DEFAULTS`).

use gtdx_contract::MetadataBlob;
use gtdx_contract::codes;
use gtdx_contract::metadata::{DEFAULT_CONFIRMATION_REQUIRED, DEFAULT_COST, DEFAULT_SIDE_EFFECTS};
use serde_json::Value;

use crate::explain::explain_all;
use crate::validate::{Loc, Sink, Validated};

pub(super) fn metadata(
    sink: &mut Sink<'_, '_>,
    t: &gtdx_contract::Tool,
    i: usize,
    p: &str,
    v: &Validated,
) {
    let Some(blob) = &t.agentic_worker_metadata else {
        if t.is_agentic() {
            sink.at(
                codes::I_METADATA_DEFAULTS,
                p,
                format!(
                    "agentic tool \"{}\" has no agentic_worker_metadata, so the runtime applies the conservative defaults: side_effects: {DEFAULT_SIDE_EFFECTS}, confirmation_required: {DEFAULT_CONFIRMATION_REQUIRED}, cost: {DEFAULT_COST}",
                    t.name
                ),
                Some("declare what the tool really does, e.g. \"agentic_worker_metadata\": \"{\\\"side_effects\\\":\\\"read\\\",\\\"confirmation_required\\\":false,\\\"cost\\\":\\\"low\\\"}\"".into()),
            );
        }
        return;
    };
    // An object here never loads (E_METADATA_NOT_STRING at validation), and the checklist runs
    // only on a manifest that loads.
    let MetadataBlob::Encoded(text) = blob else {
        return;
    };
    // The screen decoded this blob as below and found every example valid: nothing to report.
    if v.examples_fit(i) {
        return;
    }
    // Where the blob's JSON lives: findings point inside the string.
    let mp = || format!("{p}/agentic_worker_metadata");
    // The typed decode is the check; the blob is read as a value only to locate what failed.
    let decoded = match blob.decode() {
        Ok(m) => m,
        Err(err) => {
            let mp = mp();
            let loc = Loc::string(&mp, text);
            let blob_value = match serde_json::from_str::<Value>(text) {
                Ok(val) => val,
                Err(e) => {
                    let inner = crate::text::LineIndex::new(text);
                    let raw =
                        loc.raw_of_decoded(sink.doc, inner.offset_of(text, e.line(), e.column()));
                    sink.at_offset(
                        codes::E_METADATA_CONTRACT,
                        &mp,
                        raw,
                        format!(
                            "agentic_worker_metadata is not valid JSON: {} (inside the string); the runtime drops the entire blob",
                            crate::load::strip_serde_position(&e.to_string())
                        ),
                        Some("the string must hold a JSON object such as {\"side_effects\":\"read\",\"cost\":\"low\"}".into()),
                    );
                    return;
                }
            };
            let findings = explain_all(
                metadata_validator().iter_errors(&blob_value),
                Some(metadata_schema()),
                &blob_value,
            );
            let tail = "; the runtime drops the entire blob, not just this field";
            if findings.is_empty() {
                sink.at(
                    codes::E_METADATA_CONTRACT,
                    &mp,
                    format!("{err}{tail}"),
                    None,
                );
            }
            for mut f in findings {
                if f.help.is_none() {
                    f.help = Some(
                        "valid: side_effects none|read|write|external, cost low|medium|high, confirmation_required true|false, examples [{\"when\", \"input\"}]".into(),
                    );
                }
                sink.finding(
                    codes::E_METADATA_CONTRACT,
                    &loc,
                    f,
                    "agentic_worker_metadata is outside the contract: ",
                    tail,
                );
            }
            return;
        }
    };
    // Examples must be calls the input schema accepts.
    let examples = decoded.examples.as_deref().unwrap_or_default();
    if examples.is_empty() {
        return;
    }
    // An input schema that is not valid is reported by validation (E_SCHEMA_STRING_INVALID).
    if v.input_schema(i).is_none() {
        return;
    }
    let Some(schema_text) = t.input_schema.as_deref() else {
        return;
    };
    // An example is held to the schema with unknown properties refused, whatever the schema
    // lets callers add: a misspelled key in an example teaches the model the misspelling. A
    // schema that does not compile is reported by validation (E_SCHEMA_STRING_INVALID).
    let Some(strict) = v.strict_schema(schema_text) else {
        return;
    };
    for (j, ex) in examples.iter().enumerate() {
        if strict.validator.is_valid(&ex.input) {
            continue;
        }
        // With the schema, a call giving none (or several) of a `oneOf` either-or rule's groups
        // says so, and a missing or unknown field comes with the fields there are.
        let findings = explain_all(
            strict.validator.iter_errors(&ex.input),
            Some(&strict.schema),
            &ex.input,
        );
        if findings.is_empty() {
            continue;
        }
        let mp = mp();
        let loc = Loc::string(&mp, text);
        for mut f in findings {
            f.pointer = format!("/examples/{j}/input{}", f.pointer);
            sink.finding(
                codes::E_EXAMPLE_INPUT,
                &loc,
                f,
                &format!(
                    "example {} of tool \"{}\" does not match its input_schema: ",
                    j + 1,
                    t.name
                ),
                "",
            );
        }
    }
}

fn metadata_schema() -> &'static Value {
    static S: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    S.get_or_init(gtdx_contract::schema::metadata_schema)
}

fn metadata_validator() -> &'static jsonschema::Validator {
    static V: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        jsonschema::options()
            .build(metadata_schema())
            .unwrap_or_else(|e| unreachable!("the contract's metadata schema compiles: {e}"))
    })
}
