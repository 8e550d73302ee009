//! The library entry point `gtdx test --discovery` calls: a describe.json, descriptors as a
//! `serde_json::Value`, a typed report; and the catalog store.

use std::collections::BTreeMap;

use gtdx_contract::Describe;
use gtdx_dynamic::{Context, DiscoveryError, Store, admit};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    gtdx_test_support::read(&gtdx_test_support::fixture(&format!("dynamic/{name}")))
}

fn context() -> Context {
    let d = Describe::from_json_str(&fixture("crm.describe.json")).unwrap();
    Context::from_manifest(&d, "acme", None, 50, &BTreeMap::new()).unwrap()
}

#[test]
fn admits_a_discovery_result_given_as_a_value() {
    let ctx = context();
    assert_eq!(
        ctx.grant.executors.len(),
        4,
        "the installed grant has every executor"
    );
    let v: Value = serde_json::from_str(&fixture("passes.json")).unwrap();
    let r = admit(&v, &ctx).unwrap();
    assert_eq!(r.counts.admitted, 4);
    let ids: Vec<&str> = r.admitted.iter().map(|t| t.agent.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "org:acme:greentic.crm:create_record",
            "org:acme:greentic.crm:delete_record",
            "org:acme:greentic.crm:get_record",
            "org:acme:greentic.crm:update_record"
        ]
    );
}

#[test]
fn a_failed_discovery_is_an_error_not_a_report() {
    let ctx = context();
    assert!(matches!(
        admit(&json!({"error": "503"}), &ctx),
        Err(DiscoveryError::ErrorResult(m)) if m == "503"
    ));
    assert!(matches!(
        admit(&json!("x"), &ctx),
        Err(DiscoveryError::NotAnArray { .. })
    ));
}

#[test]
fn the_store_syncs_and_diffs() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let ctx = context();
    let a: Value = serde_json::from_str(&fixture("connection-a.json")).unwrap();
    let b: Value = serde_json::from_str(&fixture("connection-a-synced.json")).unwrap();
    let first = store.sync("crm", &admit(&a, &ctx).unwrap()).unwrap();
    assert_eq!((first.sync, first.last_sync.added.len()), (1, 8));
    let second = store.sync("crm", &admit(&b, &ctx).unwrap()).unwrap();
    assert_eq!(second.sync, 2);
    assert_eq!(second.last_sync.added.len(), 4);
    assert_eq!(second.last_sync.removed.len(), 4);
    assert_eq!(store.load("crm").unwrap().unwrap(), second);
    assert!(store.load("other").unwrap().is_none());
    assert!(store.path("../x").is_err());
}
