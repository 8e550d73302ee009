//! The lint reads a manifest's text once, into a value, and derives the typed model from that
//! value instead of parsing the text a second time (`typed_model` in the crate root). That is
//! only sound if both readings agree: on every manifest fixture of the repository (accepted and
//! refused ones, the platform corpus included), the model read from the value must equal the
//! model read from the text, and one must refuse exactly when the other does, unless a key
//! repeats (then the lint reads the text, as serde refuses a repeated field).

use std::path::{Path, PathBuf};

use gtdx_contract::Describe;
use serde::Deserialize;
use serde_json::Value;

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("fixture directory") {
        let p = entry.expect("directory entry").path();
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}

#[test]
fn the_model_read_from_the_value_is_the_model_read_from_the_text() {
    let fixtures = gtdx_test_support::fixture("");
    let mut files = Vec::new();
    json_files(&fixtures, &mut files);
    let mut compared = 0;
    let mut refused = 0;
    let mut repeated = 0;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if !value.get("apiVersion").is_some_and(Value::is_string) {
            continue; // not a describe.json (worker specs, expectations)
        }
        let from_text = serde_json::from_str::<Describe>(&text);
        let from_value = Describe::deserialize(&value);
        match (&from_text, &from_value) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{}", file.display()),
            // A value keeps the last of two equal keys; the lint reads such a text again
            // (`rules/E_CONTRACT.fires.json` checks the finding it then reports).
            (Err(e), Ok(_)) if e.to_string().starts_with("duplicate field") => repeated += 1,
            (Err(_), Err(_)) => refused += 1,
            _ => panic!(
                "{}: from the text {:?}, from the value {:?}",
                file.display(),
                from_text.as_ref().err().map(ToString::to_string),
                from_value.as_ref().err().map(ToString::to_string),
            ),
        }
        compared += 1;
    }
    assert!(
        compared > 100,
        "only {compared} manifests found under {}",
        fixtures.display()
    );
    assert!(
        refused > 10,
        "only {refused} refused manifests: the corpus should hold many"
    );
    assert!(repeated > 0, "no fixture repeats a key any more");
}
