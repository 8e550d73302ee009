//! The platform's own lint rules (`gtdx lint` of greentic-extension-sdk-cli 1.2.25), re-implemented
//! over the raw JSON value: same codes, same triggers, same severities, our own messages.
//!
//! Like the platform's linter, these rules read the document as it is written, not the typed
//! model: each rule skips silently when the field it reads is absent or of another JSON type,
//! and they run whether or not the document would load. So `gtdx lint` reports the platform's
//! codes for exactly the inputs the platform's linter reports them for, even on a manifest with
//! structural errors. gtdx's own, typed checklist ([`crate::checklist`]) runs after them on a
//! manifest that validated.

use std::path::Path;

use serde_json::Value;

use crate::Options;
use crate::validate::Sink;

mod addons;
mod config_schema;
mod credentials;
pub(crate) mod diff;
mod general;
mod secrets;
mod views;

pub(crate) use general::{EXPORT_NAMESPACE, qualified_export};
pub(crate) use views::entry_path_escapes;

/// Runs every platform rule on `doc` (a JSON object). `baseline` is the describe the diff rule
/// compares with, when there is one.
pub(crate) fn run(
    sink: &mut Sink<'_, '_>,
    doc: &Value,
    opts: &Options,
    baseline: Option<&diff::Baseline>,
) {
    let dir = opts.package_dir.as_deref();
    general::run(sink, doc, opts.publish);
    if let Some(b) = baseline {
        diff::run(sink, doc, b);
    }
    secrets::run(sink, doc);
    views::run(sink, doc, dir);
    addons::run(sink, doc, dir);
    config_schema::run(sink, doc);
}

/// The array at `pointer`, or nothing when it is absent or not an array.
fn array<'v>(doc: &'v Value, pointer: &str) -> &'v [Value] {
    doc.pointer(pointer)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// The string at `pointer` under `v`, when it is one.
fn string<'v>(v: &'v Value, pointer: &str) -> Option<&'v str> {
    v.pointer(pointer).and_then(Value::as_str)
}

/// A JSON pointer token for a map key.
fn esc(token: &str) -> String {
    gtdx_contract::diagnostic::escape_pointer_token(token)
}

/// `"a", "b", "c"`.
fn quoted<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    items
        .into_iter()
        .map(|s| format!("\"{}\"", s.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The project file at `rel` under `dir`, if the rules have a directory to look in.
fn project_file(dir: Option<&Path>, rel: &str) -> Option<std::path::PathBuf> {
    dir.map(|d| d.join(rel))
}

#[cfg(test)]
pub(crate) mod testing {
    //! Runs the platform rules on a JSON value and returns the codes they report.

    use serde_json::Value;

    use crate::Options;
    use crate::validate::{Doc, Sink};

    pub fn findings(doc: &Value, opts: &Options) -> Vec<(String, String, String)> {
        let text = serde_json::to_string_pretty(doc).unwrap();
        let d = Doc::new("describe.json", &text);
        let mut sink = Sink::new(&d);
        super::run(&mut sink, doc, opts, None);
        sink.out
            .into_iter()
            .map(|d| {
                (
                    d.code.clone(),
                    d.pointer.clone().unwrap_or_default(),
                    d.message.clone(),
                )
            })
            .collect()
    }

    /// The codes reported on `doc` with default options (no directory, no --publish).
    pub fn codes(doc: &Value) -> Vec<String> {
        findings(doc, &Options::lint())
            .into_iter()
            .map(|f| f.0)
            .collect()
    }
}
