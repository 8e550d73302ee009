//! Conformance with the platform's published JSON Schema: every manifest `gtdx validate`
//! accepts also passes the published describe-v2 schema (`../shared/reference/
//! describe-v2.schema.json`, pinned in `tests/fixtures/reference/`; an older copy than the
//! contract gtdx follows), once the members
//! that copy does not know are removed:
//!
//! * `contributions.dynamicTools` and top-level `configFields` (the dynamic-tools spec; gtdx
//!   warns `W_PLATFORM_UNKNOWN_FIELD`);
//! * top-level `configSchema`, `contributions.addons` and `contributions.messaging_channel`,
//!   which the platform's contract 1.2.25 (loader and embedded schema) added after that copy;
//!   an `AddonExtension` document is skipped for the same reason.
//!
//! The e2e suite checks the same manifests, and a corpus of accepted and rejected ones, against
//! the platform's own binary (`tests/e2e/platform.rs`).

use std::path::{Path, PathBuf};

use gtdx_lint::Options;
use gtdx_test_support::{read_json, reference, workspace_root as repo};
use serde_json::Value;

fn published_schema() -> Value {
    // The copy pinned from ../shared (gtdx-test-support checks that it equals the original).
    read_json(&reference("reference/describe-v2.schema.json"))
}

/// Every `.json` under a directory, recursively.
fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}

fn candidates() -> Vec<PathBuf> {
    let mut files = Vec::new();
    json_files(&repo().join("tests/fixtures/manifests"), &mut files);
    files.push(repo().join("examples/hello/describe.json"));
    files.sort();
    files
}

#[test]
fn every_accepted_manifest_passes_the_published_schema() {
    let published = jsonschema::options()
        .build(&published_schema())
        .expect("published schema compiles");
    let mut accepted = 0;
    let mut failures = Vec::new();
    for path in candidates() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let Ok(report) = gtdx_lint::check_str(&name, &text, &Options::validate()) else {
            continue;
        };
        if report.errors() > 0 {
            continue;
        }
        accepted += 1;
        let mut value: Value = serde_json::from_str(&text).unwrap();
        if let Some(c) = value
            .get_mut("contributions")
            .and_then(Value::as_object_mut)
        {
            c.remove("dynamicTools");
        }
        if value["kind"] == "AddonExtension" {
            continue;
        }
        if let Some(c) = value
            .get_mut("contributions")
            .and_then(Value::as_object_mut)
        {
            c.remove("addons");
            c.remove("messaging_channel");
        }
        let top = value.as_object_mut().unwrap();
        top.remove("configFields");
        top.remove("configSchema");
        for e in published.iter_errors(&value) {
            failures.push(format!("{name}: {} at {}", e, e.instance_path()));
        }
    }
    assert!(
        accepted >= 40,
        "only {accepted} accepted manifests: the fixtures went missing"
    );
    assert!(
        failures.is_empty(),
        "accepted by gtdx, rejected by the platform:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_published_schema_does_reject_what_we_strip() {
    // Guards the exceptions above: if the platform learns these fields, drop the stripping.
    let published = jsonschema::options().build(&published_schema()).unwrap();
    let text = std::fs::read_to_string(
        repo().join("tests/fixtures/manifests/rules/W_DISCOVERY_REQUIRED_PARAMS.passes.json"),
    )
    .unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    assert!(
        !published.is_valid(&value),
        "dynamicTools/configFields now accepted by the platform"
    );
    value["configSchema"] = Value::String("{}".into());
    value.as_object_mut().unwrap().remove("configFields");
    value["contributions"]
        .as_object_mut()
        .unwrap()
        .remove("dynamicTools");
    assert!(
        !published.is_valid(&value),
        "configSchema now accepted by the platform"
    );
}
