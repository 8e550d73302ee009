//! The model reads and writes describe.json the way the platform's loader does: what it
//! fills in, what it drops, what it rewrites, and every load-time invariant, each at its
//! JSON pointer. (The e2e suite checks the same documents against the platform's own binary.)

use gtdx_contract::{Describe, invariants};
use serde_json::{Value, json};

/// The smallest document the platform loads (platform-contract.md §16), not normalised.
fn minimal() -> Value {
    json!({
        "apiVersion": "greentic.ai/v2",
        "kind": "DesignExtension",
        "compat": {
            "min_designer_version": ">= 1.2.0",
            "min_runner_version": "^1.2",
            "contract_version": "1.2.0"
        },
        "metadata": {
            "id": "com.acme.demo",
            "name": "Demo",
            "version": "0.1.0",
            "summary": { "default": "A demo", "locales": {} },
            "author": { "name": "Acme" },
            "license": "MIT",
            "keywords": []
        },
        "capabilities": {},
        "runtime": {
            "permissions": {},
            "components": {
                "demo": {
                    "gtpack": {
                        "file": "components/demo.wasm",
                        "sha256": "ab".repeat(32),
                        "pack_id": "com.acme.demo",
                        "component_version": "0.1.0"
                    },
                    "sha256": "ab".repeat(32),
                    "world": "greentic:extension-design/tool-extension@0.3.0"
                }
            }
        },
        "contributions": {
            "tools": [{
                "name": "hello",
                "export": "greentic:extension-design/tools.invoke-tool",
                "secret_requirements": [{ "key": "acme/token", "unknown_key": 1 }]
            }],
            "nodeTypes": [{
                "type_id": "demo.hello",
                "label": "Hello",
                "category": "demo",
                "icon": "puzzle",
                "color": "#000000",
                "complexity": "simple",
                "config_schema": "{}"
            }],
            "views": [],
            "connection_test": { "tool": "hello" }
        }
    })
}

fn normalise(v: Value) -> Value {
    Describe::from_value(v).expect("loads").to_value()
}

#[test]
fn normalisation_fills_what_the_platform_always_writes() {
    let n = normalise(minimal());
    assert_eq!(n["runtime"]["memoryLimitMB"], 64);
    for list in ["network", "secrets", "callExtensionKinds"] {
        assert_eq!(n["runtime"]["permissions"][list], json!([]), "{list}");
    }
    assert_eq!(n["capabilities"], json!({ "offered": [], "required": [] }));
    assert_eq!(
        n["contributions"]["nodeTypes"][0]["output_ports"],
        json!([])
    );
    let secret = &n["contributions"]["tools"][0]["secret_requirements"][0];
    assert_eq!(secret, &json!({ "key": "acme/token", "required": true }));
}

#[test]
fn normalisation_drops_and_rewrites_what_the_platform_drops_and_rewrites() {
    let n = normalise(minimal());
    // empty lists and absent options are not written
    assert!(n["metadata"].get("keywords").is_none());
    assert!(n["contributions"].get("views").is_none());
    assert!(n["runtime"]["permissions"].get("llmRoles").is_none());
    assert!(n["contributions"]["connection_test"].get("args").is_none());
    // a localized string without locales is a plain string
    assert_eq!(n["metadata"]["summary"], "A demo");
    // semver requirements as `semver` prints them
    assert_eq!(n["compat"]["min_designer_version"], ">=1.2.0");
    assert_eq!(n["compat"]["min_runner_version"], "^1.2");
    // `capabilities` absent stays absent; `[]` stays `[]`
    assert!(n["contributions"]["tools"][0].get("capabilities").is_none());
    let mut with_empty = minimal();
    with_empty["contributions"]["tools"][0]["capabilities"] = json!([]);
    assert_eq!(
        normalise(with_empty)["contributions"]["tools"][0]["capabilities"],
        json!([])
    );
}

#[test]
fn normalisation_is_idempotent() {
    let once = normalise(minimal());
    assert_eq!(normalise(once.clone()), once);
}

fn violations(v: Value) -> Vec<(String, String)> {
    let d: Describe = serde_json::from_value(v).expect("parses");
    invariants::violations(&d)
        .into_iter()
        .map(|v| (v.pointer, v.message))
        .collect()
}

#[test]
fn every_load_time_invariant_is_reported_at_its_pointer() {
    let mut v = minimal();
    v["compat"]["min_runner_version"] = json!("not a range");
    v["compat"]["contract_version"] = json!("1.2");
    v["runtime"]["memoryLimitMB"] = json!(0);
    v["runtime"]["components"]["Demo"] = v["runtime"]["components"]["demo"].clone();
    v["runtime"]["components"]["demo"]["sha256"] = json!("AB".repeat(32));
    v["runtime"]["components"]["bare"] = json!({ "sha256": "ab".repeat(32), "world": "w" });
    v["execution"] = json!({});
    v["contributions"]["tools"][0]["runtime_ref"] = json!("missing");
    v["contributions"]["tools"][0]["secret_requirements"][0]["key"] = json!("/abs");
    v["contributions"]["views"] = json!([
        { "id": "v", "surface": "designer", "title_key": "k", "title_fallback": "V",
          "entry": "index.html", "placement": { "slot": "designer.sidebar" }, "tools": ["nope"] },
        { "id": "v", "surface": "designer", "title_key": "k", "title_fallback": "V",
          "entry": "index.html", "placement": { "slot": "designer.sidebar" } }
    ]);
    v["capabilities"]["offered"] = json!([{ "id": "no-colon", "version": "1.0.0" }]);
    v["configSchema"] = json!("[]");
    v["metadata"]["summary"] = json!({ "default": "x", "locales": { "en_US": "x" } });
    let found = violations(v);
    let pointers: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    for expected in [
        "/compat/min_runner_version",
        "/compat/contract_version",
        "/runtime/memoryLimitMB",
        "/runtime/components/Demo",
        "/runtime/components/demo/sha256",
        "/runtime/components/bare",
        "/execution",
        "/contributions/tools/0/runtime_ref",
        "/contributions/tools/0/secret_requirements/0/key",
        "/contributions/views/0/tools/0",
        "/contributions/views/1/id",
        "/capabilities/offered/0/id",
        "/configSchema",
        "/metadata/summary/locales/en_US",
    ] {
        assert!(pointers.contains(&expected), "{expected} not in {found:#?}");
    }
    assert!(violations(minimal()).is_empty());
}

#[test]
fn addon_kind_and_addon_invariants() {
    let mut v = minimal();
    v["kind"] = json!("AddonExtension");
    assert_eq!(violations(v.clone())[0].0, "/contributions");
    let addon = json!({
        "id": "qdrant", "family": "vector-db", "display_name": "Qdrant", "description": "d",
        "config_schema": "{}", "desired_state_schema": "{}",
        "outputs": [{ "name": "URL", "type": "text" }, { "name": "URL", "type": "text" }],
        "schema_version": 0
    });
    v["contributions"]["addons"] = json!([addon.clone(), addon]);
    let pointers: Vec<String> = violations(v.clone()).into_iter().map(|(p, _)| p).collect();
    for expected in [
        "/contributions/addons/1/id",
        "/contributions/addons/0/schema_version",
        "/contributions/addons/0/outputs/1/name",
    ] {
        assert!(
            pointers.iter().any(|p| p == expected),
            "{expected} not in {pointers:?}"
        );
    }
    // an addon is written with its defaults, like the platform writes it
    v["contributions"]["addons"] = json!([{
        "id": "qdrant", "family": "vector-db", "display_name": "Qdrant", "description": "d",
        "config_schema": "{}", "desired_state_schema": "{}",
        "outputs": [{ "name": "URL", "type": "text" }]
    }]);
    let n = normalise(v);
    assert_eq!(n["contributions"]["addons"][0]["supports_backup"], false);
    assert_eq!(n["contributions"]["addons"][0]["schema_version"], 1);
    assert_eq!(
        n["contributions"]["addons"][0]["outputs"][0]["sensitive"],
        false
    );
}

#[test]
fn the_loader_refuses_what_the_platform_refuses_at_parse_time() {
    for (what, edit) in [
        (
            "gtpack without pack_id",
            "/runtime/components/demo/gtpack/pack_id",
        ),
        ("node type without icon", "/contributions/nodeTypes/0/icon"),
        (
            "node type without config_schema",
            "/contributions/nodeTypes/0/config_schema",
        ),
    ] {
        let mut v = minimal();
        let (parent, key) = edit.rsplit_once('/').unwrap();
        v.pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .remove(key);
        assert!(Describe::from_value(v).is_err(), "{what} loaded");
    }
    let mut v = minimal();
    v["contributions"]["nodeTypes"][0]["output_ports"] =
        json!([{ "name": "ok", "label": "OK", "description": "no such key" }]);
    assert!(
        Describe::from_value(v).is_err(),
        "output port description loaded"
    );
    let mut v = minimal();
    v["requiredSecrets"] = json!([{ "key": "acme/token", "descripton": "the schema closes this" }]);
    assert!(
        Describe::from_value(v).is_err(),
        "requiredSecrets unknown key loaded"
    );
}

#[test]
fn spec_members_are_known_and_named() {
    let mut v = minimal();
    v["configFields"] =
        json!([{ "key": "base_url", "label": "Base URL", "type": "url", "purpose": "endpoint" }]);
    v["contributions"]["dynamicTools"] =
        json!({ "discoveryTool": "hello", "executors": [{ "tool": "hello", "effect": "read" }] });
    let d = Describe::from_value(v).expect("gtdx loads the spec's members");
    assert_eq!(
        d.spec_only_members(),
        vec!["/contributions/dynamicTools", "/configFields"]
    );
}

/// `minimal()` as the platform's `gtdx new --kind mcp` writes it: a `wasix:mcp/router` with a
/// top-level world, no `contributions` and an (empty) top-level `secret_requirements`.
fn mcp_router() -> Value {
    let mut v = minimal();
    let top = v.as_object_mut().unwrap();
    top.remove("contributions");
    top.insert("kind".into(), json!("wasix:mcp/router"));
    top.insert("secret_requirements".into(), json!([]));
    v["runtime"]["world"] = json!("greentic:demo/mcp-router@1.0.0");
    v
}

#[test]
fn an_mcp_router_loads_without_contributions_and_writes_them_as_the_platform_does() {
    let d = Describe::from_value(mcp_router()).expect("the platform's mcp scaffold loads");
    assert_eq!(d.kind.as_str(), "wasix:mcp/router");
    assert_eq!(d.kind.short(), "mcp");
    let n = d.to_value();
    // The platform re-serialises `contributions` always and drops an empty list.
    assert_eq!(n["contributions"], json!({}));
    assert!(n.get("secret_requirements").is_none(), "{n}");
    assert_eq!(n["runtime"]["world"], "greentic:demo/mcp-router@1.0.0");
}

#[test]
fn top_level_secret_requirements_are_kept_exactly() {
    let mut v = mcp_router();
    // The platform's openapi scaffold writes keys like this one; it carries them untyped.
    let entry = json!({ "key": "EXAMPLE_KEY", "required": true, "extra": { "a": [1, 2] } });
    v["secret_requirements"] = json!([entry.clone()]);
    let n = normalise(v);
    assert_eq!(n["secret_requirements"], json!([entry]));
    // Entries are objects (the platform's MCP schema asks for nothing more).
    let mut v = mcp_router();
    v["secret_requirements"] = json!([1]);
    assert!(Describe::from_value(v).is_err(), "a number entry loaded");
}

#[test]
fn kind_dependent_members_are_refused_on_the_wrong_kind() {
    // Every other kind needs `contributions` (describe-v2.json requires it).
    let mut v = minimal();
    v.as_object_mut().unwrap().remove("contributions");
    let e = Describe::from_value(v).unwrap_err().to_string();
    assert!(e.contains("missing field `contributions`"), "{e}");
    // Only a router carries a top-level `secret_requirements`, even an empty one.
    let mut v = minimal();
    v["secret_requirements"] = json!([]);
    let e = Describe::from_value(v).unwrap_err().to_string();
    assert!(
        e.contains("`secret_requirements` is not allowed on a DesignExtension"),
        "{e}"
    );
    // A router carries neither `requiredSecrets` nor `configSchema` (describe-mcp-v1.json).
    for (member, value) in [
        ("requiredSecrets", json!([])),
        ("configSchema", json!("{}")),
    ] {
        let mut v = mcp_router();
        v[member] = value;
        let e = Describe::from_value(v).unwrap_err().to_string();
        assert!(
            e.contains(&format!("`{member}` is not allowed on a wasix:mcp/router")),
            "{e}"
        );
    }
    // `null` stays a type error where the model refused it before.
    let mut v = mcp_router();
    v["contributions"] = Value::Null;
    assert!(
        Describe::from_value(v).is_err(),
        "null contributions loaded"
    );
}

#[test]
fn every_kind_parses_from_its_wire_and_short_names() {
    for kind in gtdx_contract::ExtensionKind::ALL {
        assert_eq!(
            gtdx_contract::ExtensionKind::parse(kind.as_str()),
            Some(kind)
        );
        assert_eq!(
            gtdx_contract::ExtensionKind::parse(kind.short()),
            Some(kind)
        );
        let wire: gtdx_contract::ExtensionKind =
            serde_json::from_value(json!(kind.as_str())).unwrap();
        assert_eq!(wire, kind);
    }
    assert_eq!(
        gtdx_contract::home::kind_dir("wasix:mcp/router"),
        Some("mcp")
    );
}
