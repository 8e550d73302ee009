//! The platform's scaffold of every kind (`tests/fixtures/kinds/`, what its `gtdx new` writes)
//! validates and lints without an error, and the members whose place depends on `kind` are
//! reported where they are, under the structural codes, with where they belong instead. The e2e
//! test `kinds_compat` holds the same documents against the platform's own binary.

use gtdx_lint::{Options, Report};
use serde_json::{Value, json};

const KINDS: &[&str] = &[
    "design",
    "bundle",
    "deploy",
    "provider",
    "wasm-component",
    "mcp",
    "llm",
    "addon",
];

fn pinned(kind: &str) -> Value {
    gtdx_test_support::read_json(&gtdx_test_support::fixture(&format!(
        "kinds/{kind}.describe.json"
    )))
}

fn lint(name: &str, doc: &Value) -> Report {
    let text = serde_json::to_string_pretty(doc).unwrap();
    gtdx_lint::check_str(name, &text, &Options::lint()).expect("a JSON object")
}

/// The one error of a report: (code, pointer, help).
fn only_error(report: &Report) -> (String, String, String) {
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == gtdx_contract::Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{:#?}", report.diagnostics);
    let d = errors[0];
    (
        d.code.clone(),
        d.pointer.clone().unwrap_or_default(),
        d.help.clone().unwrap_or_default(),
    )
}

#[test]
fn every_kind_the_platform_scaffolds_lints_without_an_error() {
    for kind in KINDS {
        let report = lint(kind, &pinned(kind));
        assert_eq!(report.errors(), 0, "{kind}: {:#?}", report.diagnostics);
    }
}

#[test]
fn an_mcp_router_may_carry_contributions_and_secret_requirements() {
    let mut doc = pinned("mcp");
    doc["contributions"] = json!({});
    doc["secret_requirements"] = json!([{ "key": "EXAMPLE_KEY", "required": true }]);
    let report = lint("mcp", &doc);
    assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
}

#[test]
fn a_member_on_the_wrong_kind_is_an_unknown_field_at_its_key() {
    for (kind, member, value, belongs) in [
        (
            "design",
            "secret_requirements",
            json!([]),
            "in `requiredSecrets`",
        ),
        (
            "mcp",
            "requiredSecrets",
            json!([{ "key": "acme/api_key" }]),
            "in the top-level `secret_requirements`",
        ),
        ("mcp", "configSchema", json!("{}"), "remove it"),
    ] {
        let mut doc = pinned(kind);
        doc[member] = value;
        let (code, pointer, help) = only_error(&lint(kind, &doc));
        assert_eq!(code, "E_UNKNOWN_FIELD", "{kind} + {member}");
        assert_eq!(pointer, format!("/{member}"), "{kind} + {member}");
        assert!(help.contains(belongs), "{kind} + {member}: {help}");
    }
}

#[test]
fn contributions_are_required_of_every_kind_but_an_mcp_router() {
    for kind in KINDS.iter().filter(|k| **k != "mcp") {
        let mut doc = pinned(kind);
        doc.as_object_mut().unwrap().remove("contributions");
        let (code, pointer, help) = only_error(&lint(kind, &doc));
        assert_eq!((code.as_str(), pointer.as_str()), ("E_MISSING_FIELD", ""));
        assert!(help.contains("wasix:mcp/router"), "{help}");
    }
}
