//! Every rule still fires in a manifest of many heavy tools. At that size the lint takes its
//! fast paths: each distinct schema text screened once on every core, a tool's examples tried
//! against the strict form of its input schema in that screen, the document-wide schema pass
//! skipped when the typed model accepts a document without `null`. These tests plant one fault
//! per rule among 300 heavy tools (as the benches' `gen_big_manifest --heavy` writes them) and
//! expect each finding, at its tool, and nothing else.

#[path = "support/manifest.rs"]
mod manifest;

use serde_json::{Value, json};

const TOOLS: usize = 300;

fn heavy_manifest() -> Value {
    manifest::manifest((0..TOOLS).map(manifest::heavy_tool).collect())
}

/// The (code, pointer) of every finding of `gtdx lint` on `doc`, sorted.
fn findings(doc: &Value) -> Vec<(String, String)> {
    let text = serde_json::to_string_pretty(doc).expect("serialisable");
    let report = gtdx_lint::check_str("describe.json", &text, &gtdx_lint::Options::lint())
        .expect("a JSON object");
    let mut out: Vec<(String, String)> = report
        .diagnostics
        .into_iter()
        .map(|d| (d.code, d.pointer.unwrap_or_default()))
        .collect();
    out.sort();
    out
}

fn tool(doc: &mut Value, i: usize) -> &mut Value {
    &mut doc["contributions"]["tools"][i]
}

/// Rewrites a stringified member of tool `i` (its input schema, metadata...) as JSON.
fn edit_string(doc: &mut Value, i: usize, field: &str, edit: impl FnOnce(&mut Value)) {
    let member = &mut tool(doc, i)[field];
    let mut inner: Value = serde_json::from_str(member.as_str().expect("a string")).expect("JSON");
    edit(&mut inner);
    *member = Value::String(inner.to_string());
}

fn expect(code: &str, i: usize, rest: &str) -> (String, String) {
    (code.to_string(), format!("/contributions/tools/{i}{rest}"))
}

#[test]
fn a_clean_heavy_manifest_has_no_findings() {
    assert_eq!(findings(&heavy_manifest()), Vec::new());
}

#[test]
fn each_planted_fault_is_found_at_its_tool() {
    let mut doc = heavy_manifest();
    let mut expected = Vec::new();

    // An example key the schema does not list (only the strict form refuses it).
    edit_string(&mut doc, 3, "agentic_worker_metadata", |m| {
        m["examples"][0]["input"]["querry"] = json!("typo");
    });
    expected.push(expect("E_EXAMPLE_INPUT", 3, "/agentic_worker_metadata"));
    // An example of the wrong type, deep in the nested filters.
    edit_string(&mut doc, 41, "agentic_worker_metadata", |m| {
        m["examples"][0]["input"]["filters"]["status"] = json!(["lost"]);
    });
    expected.push(expect("E_EXAMPLE_INPUT", 41, "/agentic_worker_metadata"));
    // Metadata outside its contract: the examples are not tried.
    edit_string(&mut doc, 77, "agentic_worker_metadata", |m| {
        m["cost"] = json!("free");
    });
    expected.push(expect(
        "E_METADATA_CONTRACT",
        77,
        "/agentic_worker_metadata",
    ));
    // A pattern that is no regular expression, and a reference that does not resolve.
    edit_string(&mut doc, 100, "input_schema", |s| {
        s["properties"]["ids"]["items"]["pattern"] = json!("^[A-Z");
    });
    expected.push(expect("E_SCHEMA_STRING_INVALID", 100, "/input_schema"));
    edit_string(&mut doc, 101, "input_schema", |s| {
        s["properties"]["sort"] = json!({"$ref": "#/$defs/Sort"});
    });
    expected.push(expect("E_SCHEMA_STRING_INVALID", 101, "/input_schema"));
    // A schema its meta-schema refuses, in the default dialect and in a declared one.
    edit_string(&mut doc, 150, "input_schema", |s| {
        s["properties"]["query"]["type"] = json!("strin");
    });
    expected.push(expect("E_SCHEMA_STRING_INVALID", 150, "/input_schema"));
    edit_string(&mut doc, 151, "input_schema", |s| {
        s["$schema"] = json!("http://json-schema.org/draft-07/schema#");
        s["properties"]["query"]["minLength"] = json!(-1);
    });
    expected.push(expect("E_SCHEMA_STRING_INVALID", 151, "/input_schema"));
    // An input schema whose root is no object, and an output schema that is not JSON.
    // (The tool's two examples, objects, no longer fit it either.)
    edit_string(&mut doc, 200, "input_schema", |s| {
        s["type"] = json!("array")
    });
    expected.push(expect("E_INPUT_SCHEMA_NOT_OBJECT", 200, "/input_schema"));
    expected.push(expect("E_EXAMPLE_INPUT", 200, "/agentic_worker_metadata"));
    expected.push(expect("E_EXAMPLE_INPUT", 200, "/agentic_worker_metadata"));
    tool(&mut doc, 201)["output_schema"] = json!("{\"type\": ");
    expected.push(expect("E_SCHEMA_STRING_JSON", 201, "/output_schema"));
    // A name used twice.
    let name = tool(&mut doc, 298)["name"].clone();
    tool(&mut doc, 299)["name"] = name;
    expected.push(expect("E_DUPLICATE_TOOL", 299, "/name"));

    expected.sort();
    assert_eq!(findings(&doc), expected);
}

#[test]
fn a_null_among_heavy_tools_takes_the_schema_pass() {
    // The typed model reads a null as absent; only the document-wide schema pass refuses it
    // (and a manifest that does not load gets no checklist).
    let mut doc = heavy_manifest();
    tool(&mut doc, 250)["description"] = Value::Null;
    assert_eq!(findings(&doc), vec![expect("E_TYPE", 250, "/description")]);
}

#[test]
fn a_fault_in_a_schema_many_tools_share_is_found_at_each() {
    // Generated manifests repeat one input schema: it is screened once, reported for each tool.
    let mut doc = heavy_manifest();
    let shared = tool(&mut doc, 0)["input_schema"].clone();
    let mut expected = Vec::new();
    for i in [0, 90, 180, 270] {
        tool(&mut doc, i)["input_schema"] = shared.clone();
        edit_string(&mut doc, i, "agentic_worker_metadata", |m| {
            m["examples"][1]["input"]["limit"] = json!(0);
        });
        expected.push(expect("E_EXAMPLE_INPUT", i, "/agentic_worker_metadata"));
    }
    expected.sort();
    assert_eq!(findings(&doc), expected);
}
