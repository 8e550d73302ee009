use serde_json::json;

use super::*;

fn v1() -> Value {
    json!({
        "$schema": "https://store.greentic.ai/schemas/describe-v1.json",
        "apiVersion": "greentic.ai/v1",
        "kind": "DesignExtension",
        "metadata": {"id": "acme.demo", "name": "Demo", "version": "1.2.0", "summary": "s",
                     "author": {"name": "A"}, "license": "MIT"},
        "engine": {"greenticDesigner": ">=0.6.0", "extRuntime": "^0.1.0"},
        "capabilities": {"offered": [], "required": []},
        "runtime": {"component": "extension.wasm", "memoryLimitMB": 32,
                    "permissions": {"network": [], "secrets": []}},
        "contributions": {
            "nodeTypes": [
                {"type_id": "a", "config_schema": {"type": "object"}},
                {"type_id": "b", "configSchema": "{}"},
                {"type_id": "c", "config_schema": null}
            ],
            "prompts": ["prompts/a.md"],
            "recipes": [{"id": "r", "displayName": "R", "configSchema": "schemas/r.json",
                         "supportedCapabilities": ["x"]}],
            "tools": [{"name": "do_it", "export": "greentic:extension-design/tools.invoke-tool"}],
            "targets": [{"id": "t"}]
        },
        "signature": {"algorithm": "ed25519", "publicKey": "k", "value": "v"}
    })
}

fn migrated(doc: &Value, options: &Options) -> Migration {
    match migrate(doc, options) {
        Ok(Outcome::Migrated(m)) => m,
        other => panic!("expected a migration, got {other:?}"),
    }
}

fn attends(m: &Migration, pointer: &str) -> bool {
    m.attention.iter().any(|a| a.pointer == pointer)
}

#[test]
fn v2_is_left_alone_and_others_are_refused() {
    let v2 = json!({"apiVersion": "greentic.ai/v2"});
    assert!(matches!(
        migrate(&v2, &Options::default()),
        Ok(Outcome::AlreadyV2)
    ));
    assert_eq!(
        migrate(
            &json!({"apiVersion": "greentic.ai/v3"}),
            &Options::default()
        )
        .unwrap_err(),
        MigrateError::UnsupportedApiVersion("greentic.ai/v3".into())
    );
    assert_eq!(
        migrate(&json!({}), &Options::default()).unwrap_err(),
        MigrateError::NoApiVersion
    );
    assert_eq!(
        migrate(&json!([]), &Options::default()).unwrap_err(),
        MigrateError::NotObject
    );
    assert_eq!(
        migrate(
            &json!({"apiVersion": "greentic.ai/v1", "kind": "wasix:mcp/router"}),
            &Options::default()
        )
        .unwrap_err(),
        MigrateError::McpRouter
    );
}

#[test]
fn the_top_level_becomes_v2() {
    let m = migrated(&v1(), &Options::default());
    let d = &m.document;
    assert_eq!(d["apiVersion"], "greentic.ai/v2");
    assert_eq!(d["$schema"], SCHEMA_URL);
    assert!(d.get("engine").is_none());
    assert!(d.get("signature").is_none());
    assert_eq!(d["compat"]["min_designer_version"], ">=1.2.0");
    assert!(attends(&m, "/signature"));
    let main = &d["runtime"]["components"]["main"];
    assert_eq!(main["gtpack"]["file"], "extension.wasm");
    assert_eq!(main["gtpack"]["pack_id"], "acme.demo");
    assert_eq!(main["gtpack"]["component_version"], "1.2.0");
    assert_eq!(main["sha256"], ZERO_SHA256);
    assert_eq!(d["runtime"]["memoryLimitMB"], 32);
    assert!(d["runtime"].get("component").is_none());
}

#[test]
fn a_designer_floor_at_or_above_1_2_survives() {
    for (req, expect) in [
        (">=1.3.0", ">=1.3.0"),
        ("^1.2", "^1.2"),
        (">=0.6.0", ">=1.2.0"),
        ("*", ">=1.2.0"),
        ("<2.0.0", ">=1.2.0"),
        ("not a req", ">=1.2.0"),
    ] {
        let mut doc = v1();
        doc["engine"]["greenticDesigner"] = json!(req);
        let m = migrated(&doc, &Options::default());
        assert_eq!(
            m.document["compat"]["min_designer_version"], expect,
            "{req}"
        );
    }
}

#[test]
fn contributions_take_their_v2_shapes() {
    let m = migrated(&v1(), &Options::default());
    let c = &m.document["contributions"];
    assert_eq!(c["nodeTypes"][0]["config_schema"], r#"{"type":"object"}"#);
    assert_eq!(c["nodeTypes"][1]["config_schema"], "{}");
    assert!(c["nodeTypes"][1].get("configSchema").is_none());
    assert_eq!(c["nodeTypes"][2]["config_schema"], "{}");
    assert!(attends(&m, "/contributions/nodeTypes/2/config_schema"));
    assert_eq!(c["prompts"], json!([{"path": "prompts/a.md"}]));
    assert_eq!(
        c["recipes"],
        json!([{"id": "r", "display_name": "R", "config_schema": "schemas/r.json"}])
    );
    assert!(attends(
        &m,
        "/contributions/recipes/0/supportedCapabilities"
    ));
    assert!(c.get("targets").is_none());
    assert!(attends(&m, "/contributions/targets"));
    // No definitions and no capabilities: both need a human.
    assert!(attends(&m, "/contributions/tools"));
    assert!(c["tools"][0].get("capabilities").is_none());
}

#[test]
fn tool_definitions_and_capabilities_are_merged() {
    let defs = ToolDefinition::parse_list(&json!([
        {"name": "do_it", "description": "Does it.", "input-schema-json": "{\"type\":\"object\"}"},
        {"name": "new_one", "description": "New.", "input_schema": {"type": "object"}}
    ]))
    .unwrap();
    let options = Options {
        tools: Some(defs),
        capabilities: Some(vec!["agentic_worker".into(), "flow".into()]),
    };
    let m = migrated(&v1(), &options);
    let tools = &m.document["contributions"]["tools"];
    assert_eq!(tools[0]["description"], "Does it.");
    assert_eq!(tools[0]["input_schema"], r#"{"type":"object"}"#);
    assert_eq!(tools[0]["capabilities"], json!(["agentic_worker", "flow"]));
    assert_eq!(tools[1]["name"], "new_one");
    assert_eq!(tools[1]["export"], TOOLS_INVOKE_EXPORT);
    assert!(attends(&m, "/contributions/tools/1"));
    assert!(
        !m.attention
            .iter()
            .any(|a| a.pointer == "/contributions/tools")
    );
}

#[test]
fn bad_tool_lists_name_the_entry() {
    let e = ToolDefinition::parse_list(&json!([{"name": "a"}, {"description": "x"}])).unwrap_err();
    assert_eq!(e.to_string(), "/1: has no `name` (a non-empty string)");
    let e = ToolDefinition::parse_list(&json!({"tools": [{"name": "a", "input_schema": "[1]"}]}))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/tools/0: `input_schema` holds JSON"),
        "{e}"
    );
    assert_eq!(
        ToolDefinition::parse_list(&json!("x")).unwrap_err(),
        ToolsError::NotAList
    );
}

#[test]
fn stubs_derive_inputs_from_the_schema() {
    let doc = json!({"contributions": {"tools": [{
        "name": "generate_http_node", "description": "Makes a node.",
        "capabilities": ["flow"],
        "input_schema": "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\"},\"maxRetries\":{\"type\":\"integer\"},\"type\":{\"type\":\"string\"}},\"required\":[\"url\"]}"
    }]}});
    let rust = tool_annotations(&doc).unwrap();
    assert!(
        rust.contains("pub struct GenerateHttpNodeInput {"),
        "{rust}"
    );
    assert!(rust.contains("pub url: String,"), "{rust}");
    assert!(
        rust.contains("#[serde(rename = \"maxRetries\")]\n    pub max_retries: Option<i64>,"),
        "{rust}"
    );
    assert!(rust.contains("pub r#type: Option<String>,"), "{rust}");
    assert!(
        rust.contains(
            "/// Makes a node.\n#[tool(capabilities = [\"flow\"])]\npub fn generate_http_node("
        ),
        "{rust}"
    );
    assert!(tool_annotations(&json!({})).is_none());
}
