//! `gtdx validate` skips the document-wide JSON Schema pass when the typed model and the
//! loader's invariants accept a document. That is sound only if the invariants hold every
//! constraint the schema adds to the model: these tests check each hand-written matcher in
//! `gtdx_contract::invariants` against the schema's own pattern, on the same samples.

use gtdx_contract::invariants::{
    is_addon_id, is_env_name, is_schema_capability_id, is_schema_extension_id, is_semver_text,
    is_view_id,
};
use serde_json::json;

fn agree(pattern: &str, matcher: fn(&str) -> bool, samples: &[&str]) {
    let schema = json!({ "type": "string", "pattern": pattern });
    let validator = jsonschema::validator_for(&schema).unwrap();
    for s in samples {
        assert_eq!(
            validator.is_valid(&json!(s)),
            matcher(s),
            "pattern {pattern} and the matcher disagree on {s:?}"
        );
    }
}

#[test]
fn invariant_matchers_agree_with_the_schema_patterns() {
    agree(
        r"^[a-z][a-z0-9.-]*\.[a-z0-9.-]+$",
        is_schema_extension_id,
        &[
            "greentic.x",
            "com.acme.my-ext",
            "a.b",
            "a.",
            ".a",
            "ab",
            "A.b",
            "a..b",
            "a.b.",
            "1a.b",
            "a-.b",
            "a.b-",
            "a._b",
            "",
            "a.B",
        ],
    );
    agree(
        gtdx_contract::SEMVER_PATTERN,
        is_semver_text,
        &[
            "1.2.3",
            "01.2.3",
            "1.2",
            "1.2.3.4",
            "1.2.3-rc.1",
            "1.2.3-",
            "1.2.3+b.1",
            "1.2.3-a+b",
            "1.2.3+",
            "1.2.3-a..b",
            "a.b.c",
            "1.2.3-Ab-9",
            "1.2.3 ",
            "",
            "1.2.3+-",
            "1.2.3-+",
        ],
    );
    agree(
        "^[a-z][a-z0-9-]*:[a-z][a-z0-9/._-]*$",
        is_schema_capability_id,
        &[
            "greentic:guardrail/topic",
            "a:b",
            "A:b",
            "a:B",
            "a:",
            ":a",
            "a-1:b.c_d/e-f",
            "1a:b",
            "a:1b",
            "a:b:c",
            "ab",
            "a_b:c",
        ],
    );
    agree(
        "^[a-z0-9][a-z0-9._-]*$",
        is_view_id,
        &["v", "0v", "v.x_y-z", ".v", "V", "", "v/x", "-v"],
    );
    agree(
        "^[a-z0-9][a-z0-9-]*$",
        is_addon_id,
        &["qdrant", "0a", "a-b", "-a", "a_b", "A", "", "a.b"],
    );
    agree(
        "^[A-Za-z_][A-Za-z0-9_]*$",
        is_env_name,
        &["URL", "_x", "a1", "1a", "A-B", "", "a b", "ÄB"],
    );
}

#[test]
fn a_document_the_schema_refuses_is_refused_without_the_schema_too() {
    // One document per schema-only constraint, each otherwise valid: the fast path must not
    // accept any of them (the report then comes from the full schema pass).
    let base: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/sign/describe.json")).unwrap();
    let report = |v: &serde_json::Value| {
        gtdx_lint::check_str("d.json", &v.to_string(), &gtdx_lint::Options::validate()).unwrap()
    };
    assert_eq!(report(&base).errors(), 0, "{:?}", report(&base).diagnostics);
    let edits: &[(&str, serde_json::Value)] = &[
        ("/metadata/id", json!("Bad.Id")),
        ("/metadata/name", json!("")),
        ("/metadata/version", json!("1.0")),
        ("/apiVersion", json!("greentic.ai/v3")),
        ("/manifestSha256", json!("ABC")),
        ("/metadata/homepage", serde_json::Value::Null),
    ];
    for (pointer, value) in edits {
        let mut v = base.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        v.pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .insert(key.to_string(), value.clone());
        let r = report(&v);
        assert!(r.errors() > 0, "{pointer} = {value}: accepted");
    }
}
