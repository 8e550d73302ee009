//! `gtdx-oracle`: reads a table of cases on stdin and prints the platform runtime's verdict on
//! each, calling `greentic-ext-runtime`'s own host functions (no wasm involved).
//!
//! Input: the record, `tests/fixtures/oracle/cases.json` (each section a list of cases; the
//! `verdict` fields are ignored). Output: one JSON object with, per section, the list of
//! verdicts in case order. What each section asks is in its module: [`secrets`], [`urls`],
//! [`fetch`] (headers, redirects, the body cap), [`logs`] (truncation), [`checks`] (the
//! broker's kind and depth checks, the llm role rule).

mod checks;
mod fetch;
mod logs;
mod secrets;
mod text;
mod urls;

use std::io::Read;

use serde_json::{Map, Value};

/// The extension id every case runs as (the e2e fixture's, so texts that name it compare).
pub const EXTENSION_ID: &str = "greentic.hostcalls";

/// A section of the record and the function that answers one of its cases.
type Section = (&'static str, fn(&Value) -> Value);

const SECTIONS: [Section; 6] = [
    ("secrets", secrets::verdict),
    ("urls", urls::verdict),
    ("http", fetch::verdict),
    ("logs", logs::verdict),
    ("broker", checks::broker_verdict),
    ("llm", checks::llm_verdict),
];

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        fail("cannot read standard input");
    }
    let record: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| fail(&format!("the cases are not JSON: {e}")));
    logs::install_capture();
    let mut answers = Map::new();
    for (name, verdict) in SECTIONS {
        let cases = record[name].as_array().map(Vec::as_slice).unwrap_or(&[]);
        answers.insert(name.into(), cases.iter().map(verdict).collect());
    }
    println!("{}", Value::Object(answers));
}

fn fail(message: &str) -> ! {
    eprintln!("gtdx-oracle: {message}");
    std::process::exit(2);
}

/// The permissions of a case's extension, from a describe-shaped JSON object.
pub fn permissions(value: Value) -> greentic_extension_sdk_contract::describe::Permissions {
    serde_json::from_value(value)
        .unwrap_or_else(|e| fail(&format!("a case's permissions do not parse: {e}")))
}
