//! The fast, silent pass over a manifest's stringified schemas, spread over the cores: each
//! distinct text parsed, meta-validated and, where only compiling finds a problem, compiled; and
//! the examples of the tools that take it as their input schema tried against its strict form
//! ([`crate::strict`]), so that the checklist compiles nothing for a tool whose examples fit.
//!
//! The screen only decides what needs no further look. A text it does not pass takes the
//! reporting path (`validate::check_schema_string`), which finds and locates every problem;
//! a tool whose examples it does not accept is checked by the checklist (`E_EXAMPLE_INPUT`),
//! which reports each misfit. So a screen that gives up (or panics) costs time, never a finding.

use std::collections::HashMap;
use std::sync::Arc;

use gtdx_contract::AgenticWorkerMetadata;
use serde_json::Value;

use crate::validate::{InputSchema, PATTERN, REFERENCES, compile};

/// A tool that takes a text as its input schema and whose `agentic_worker_metadata` (its text)
/// may hold examples.
#[derive(Clone, Copy)]
pub(crate) struct Examples<'t> {
    pub tool: usize,
    pub metadata: &'t str,
}

/// What the screen passed.
#[derive(Default)]
pub(crate) struct Screen<'t> {
    /// The texts that are valid schemas, with what the rules read of them.
    pub valid: HashMap<&'t str, Arc<InputSchema>>,
    /// The tools whose every example the strict form of their input schema accepts.
    pub examples_fit: Vec<usize>,
}

/// Screens `texts`, each with the tools that give examples for it (several when tools share
/// an input schema). Each distinct text is looked at once, however often it repeats.
pub(crate) fn screen<'t>(
    texts: impl Iterator<Item = (&'t str, Option<Examples<'t>>)>,
) -> Screen<'t> {
    // Hashed, not sorted: equal texts would be compared byte by byte at every step of a sort.
    let mut uses: HashMap<&str, Vec<Examples<'t>>> = HashMap::new();
    for (text, examples) in texts {
        let entry = uses.entry(text).or_default();
        entry.extend(examples);
    }
    let distinct: Vec<(&str, Vec<Examples<'t>>)> = uses.into_iter().collect();
    // Threads pay off only with enough texts to share out. A text whose thread panicked is left
    // out: it takes the reporting path, and its tools' examples the checklist.
    let results = gtdx_contract::par::map_pulled(&distinct, 64, |(text, examples)| {
        screen_text(text, examples)
    });
    let mut out = Screen {
        valid: HashMap::with_capacity(distinct.len()),
        examples_fit: Vec::new(),
    };
    for ((text, _), passed) in distinct.iter().zip(results) {
        if let Some((schema, fit)) = passed.flatten() {
            out.valid.insert(*text, Arc::new(schema));
            out.examples_fit.extend(fit);
        }
    }
    out
}

/// What the rules read of the schema when `text` passes every check of the reporting path,
/// with the tools of `examples` whose examples its strict form accepts.
///
/// With examples to try, the strict form is compiled instead of the schema: when it compiles,
/// so does the schema (it holds the same patterns), unless a reference points at what the strict
/// form adds, so a schema with a reference is compiled as well. When the strict form does not
/// compile, the text takes the reporting path, which decides.
fn screen_text(text: &str, examples: &[Examples<'_>]) -> Option<(InputSchema, Vec<usize>)> {
    let schema: Value = serde_json::from_str(text).ok()?;
    if !(schema.is_object() || schema.is_boolean()) {
        return None;
    }
    let references = REFERENCES.iter().any(|k| text.contains(k));
    let patterns = text.contains(PATTERN);
    if examples.is_empty() {
        if !meta_valid(&schema) || ((references || patterns) && compile(&schema).is_err()) {
            return None;
        }
        return Some((InputSchema::of(&schema), Vec::new()));
    }
    // Compiling the strict form checks it against the meta-schema. With one dialect throughout
    // (no `$schema` anywhere) the meta-schema accepting the strict form means it accepts the
    // schema: the strict form only adds `"additionalProperties": false` members, and no
    // meta-schema requires such a member absent. With a `$schema`, dialects may differ.
    if text.contains("$schema") && !meta_valid(&schema) {
        return None;
    }
    if references && compile(&schema).is_err() {
        return None;
    }
    let read = InputSchema::of(&schema);
    let strict = compile(&crate::strict::strict(schema)).ok()?;
    let fit = examples
        .iter()
        .filter(|e| examples_fit(&strict, e.metadata))
        .map(|e| e.tool)
        .collect();
    Some((read, fit))
}

/// Whether the schema is valid against its meta-schema (a `$schema` gtdx does not know fails).
fn meta_valid(schema: &Value) -> bool {
    jsonschema::meta::validator_for(schema).is_ok_and(|meta| meta.is_valid(schema))
}

/// Whether the metadata decodes as the checklist decodes it, and each of its examples is valid.
fn examples_fit(strict: &jsonschema::Validator, metadata: &str) -> bool {
    serde_json::from_str::<AgenticWorkerMetadata>(metadata).is_ok_and(|m| {
        m.examples
            .as_deref()
            .unwrap_or_default()
            .iter()
            .all(|e| strict.is_valid(&e.input))
    })
}
