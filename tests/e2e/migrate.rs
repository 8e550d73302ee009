//! `gtdx migrate`: v1 describe.json files of every kind (tests/fixtures/migrate) migrated,
//! validated by gtdx and loaded by the platform's `gtdx validate`; idempotence; the report; bad
//! input.

use serde_json::{Value, json};

use crate::support::{Env, PLATFORM_GTDX, fixture, read_json, require_tool};

/// One v1 manifest of each kind, and the two that exercise `runtime.gtpack` with a node config
/// schema already in text, and a `null` one.
const V1: &[&str] = &[
    "acme.weather-1.4.0",
    "acme.provider.pager-2.0.1",
    "acme.deploy-nomad-0.9.0",
    "acme.bundle-zip-3.0.2",
    "acme.summarizer-0.5.0",
    "acme.flow-basics-1.0.3",
];

/// `<name>/describe.json` in the environment, a copy of the v1 fixture.
fn v1_project(env: &Env, name: &str) -> std::path::PathBuf {
    let text = std::fs::read(fixture(&format!("migrate/v1/{name}.json"))).unwrap();
    env.write(&format!("{name}/describe.json"), text);
    env.path(name)
}

#[test]
fn every_kind_migrates_validates_and_loads_in_the_platform() {
    let platform = require_tool(PLATFORM_GTDX);
    let env = Env::new();
    let mut kinds = Vec::new();
    for name in V1 {
        let dir = v1_project(&env, name);
        let manifest = dir.join("describe.json");
        let v1: Value = read_json(&manifest);
        env.gtdx(["migrate".as_ref(), dir.as_os_str(), "--write".as_ref()])
            .code(0)
            .stdout_has("greentic.ai/v1 → greentic.ai/v2")
            .stdout_has("result: valid greentic.ai/v2")
            .stderr_has("Migrated");
        let v2: Value = read_json(&manifest);
        assert_eq!(v2["apiVersion"], "greentic.ai/v2", "{name}");
        assert_eq!(v2["kind"], v1["kind"], "{name}: the kind is kept");
        assert_eq!(v2["metadata"]["id"], v1["metadata"]["id"], "{name}");
        assert!(v2.get("engine").is_none(), "{name}: engine removed");
        assert!(
            v2.get("signature").is_none(),
            "{name}: v1 signature dropped"
        );
        assert!(v2["runtime"]["components"]["main"].is_object(), "{name}");
        kinds.push(v2["kind"].as_str().unwrap().to_string());

        env.gtdx(["validate".as_ref(), manifest.as_os_str()])
            .code(0);
        if let Some(platform) = &platform {
            let run = env
                .tool(platform, ["validate".as_ref(), dir.as_os_str()])
                .run();
            run.check(
                run.exit_code() == 0,
                format!("the platform loads the migrated {name}"),
            );
        }

        // Idempotent: v2 input is left alone, byte for byte.
        let before = std::fs::read(&manifest).unwrap();
        env.gtdx(["migrate".as_ref(), dir.as_os_str(), "--write".as_ref()])
            .code(0)
            .stdout_has("already greentic.ai/v2; nothing to migrate");
        // Also when told where the tools come from: nothing is read for a v2 document.
        env.gtdx([
            "migrate".as_ref(),
            dir.as_os_str(),
            "--tools-from-component".as_ref(),
        ])
        .code(0)
        .stdout_has("already greentic.ai/v2; nothing to migrate");
        assert_eq!(before, std::fs::read(&manifest).unwrap(), "{name}");
    }
    kinds.sort();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "BundleExtension",
            "DeployExtension",
            "DesignExtension",
            "ProviderExtension"
        ]
    );
}

#[test]
fn without_write_it_reports_and_writes_nothing() {
    let env = Env::new();
    let dir = v1_project(&env, "acme.weather-1.4.0");
    let manifest = dir.join("describe.json");
    let before = std::fs::read(&manifest).unwrap();
    env.gtdx(["migrate".as_ref(), manifest.as_os_str()])
        .code(0)
        .stdout_has_all(&[
            "/apiVersion",
            "/engine/greenticDesigner",
            "admits Designers older than 1.2.0",
            "/runtime/component",
            "→ /runtime/components/main/gtpack/file",
            "/contributions/nodeTypes/0/config_schema  object → string",
            "/contributions/prompts",
            "needs a human:",
            "/signature: dropped",
            "/runtime/components/main/world: invented",
            "no tool declares `capabilities`",
            "no description or input_schema for draft_forecast_node",
            "fix: rerun with --tools-from-component (the component's own list-tools",
        ])
        .stderr_has("nothing written: rerun with --write");
    assert_eq!(before, std::fs::read(&manifest).unwrap());

    let report = env
        .gtdx([
            "migrate".as_ref(),
            dir.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
        ])
        .code(0)
        .json();
    assert_eq!(report["valid"], true);
    assert_eq!(report["written"], false);
    assert_eq!(report["document"]["apiVersion"], "greentic.ai/v2");
    assert_eq!(
        report["document"]["compat"]["min_designer_version"],
        ">=1.2.0"
    );
    let pointers: Vec<&str> = report["needsHuman"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["pointer"].as_str().unwrap())
        .collect();
    assert!(pointers.contains(&"/signature"), "{pointers:?}");
    assert!(report["changes"].as_array().unwrap().len() >= 5);
    assert_eq!(before, std::fs::read(&manifest).unwrap());
}

#[test]
fn tool_definitions_and_capabilities_complete_the_tools() {
    let env = Env::new();
    let dir = v1_project(&env, "acme.weather-1.4.0");
    let names = [
        "draft_forecast_node",
        "check_forecast_settings",
        "node_from_station",
        "pick_units",
        "node_from_form",
    ];
    // The shape the component's list-tools returns (kebab-case, schemas as strings).
    let defs: Vec<Value> = names
        .iter()
        .map(|n| {
            json!({
                "name": n,
                "description": format!("Does {n}."),
                "input-schema-json": r#"{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}"#,
                "output-schema-json": null
            })
        })
        .collect();
    let tools = env.write("tools.json", serde_json::to_vec(&defs).unwrap());
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--write".as_ref(),
        "--tools-json".as_ref(),
        tools.as_os_str(),
        "--capabilities".as_ref(),
        "agentic_worker,flow".as_ref(),
    ])
    .code(0)
    .stdout_lacks("no description or input_schema")
    .stdout_lacks("no tool declares `capabilities`");
    let v2: Value = read_json(&dir.join("describe.json"));
    let written = v2["contributions"]["tools"].as_array().unwrap();
    assert_eq!(written.len(), names.len());
    for tool in written {
        let name = tool["name"].as_str().unwrap();
        assert_eq!(tool["description"], format!("Does {name}."));
        assert!(
            tool["input_schema"]
                .as_str()
                .unwrap()
                .contains("\"location\"")
        );
        assert_eq!(tool["capabilities"], json!(["agentic_worker", "flow"]));
    }
    // The linter now sees described tools offered to agentic workers.
    env.gtdx(["validate".as_ref(), dir.join("describe.json").as_os_str()])
        .code(0);
}

#[test]
fn a_crate_with_hand_built_tools_gets_the_annotations_that_replace_them() {
    let env = Env::new();
    let dir = v1_project(&env, "acme.weather-1.4.0");
    env.write(
        "acme.weather-1.4.0/Cargo.toml",
        "[package]\nname = \"weather\"\nversion = \"1.4.0\"\n",
    );
    env.write(
        "acme.weather-1.4.0/src/lib.rs",
        "// list-tools and invoke-tool written by hand\nfn list_tools() {}\n",
    );
    let defs = json!([{
        "name": "node_from_station",
        "description": "Writes a forecast node for the weather station with this code.",
        "input_schema": {"type": "object", "properties": {"stationCode": {"type": "string"}},
                         "required": ["stationCode"]}
    }]);
    let tools = env.write("tools.json", defs.to_string());
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--tools-json".as_ref(),
        tools.as_os_str(),
        "--capabilities".as_ref(),
        "agentic_worker".as_ref(),
    ])
    .code(0)
    .stdout_has_all(&[
        "This crate builds its tools by hand",
        "pub struct NodeFromStationInput {",
        "#[serde(rename = \"stationCode\")]",
        "pub station_code: String,",
        "/// Writes a forecast node for the weather station with this code.",
        "#[tool(capabilities = [\"agentic_worker\"])]",
        "pub fn node_from_station(input: NodeFromStationInput) -> Result<Value, ToolError> {",
        "gtdx_sdk::export_extension!();",
    ]);
}

#[test]
fn bad_input_is_refused_with_the_place_and_nothing_is_written() {
    let env = Env::new();

    // A template left with a placeholder where a node's config schema belongs.
    let text = std::fs::read(fixture("migrate/v1/placeholder-config-schema.json")).unwrap();
    let manifest = env.write("placeholder/describe.json", &text);
    env.gtdx(["migrate".as_ref(), manifest.as_os_str(), "--write".as_ref()])
        .code(1)
        .stderr_has("(as migrated)")
        .stderr_has("/contributions/nodeTypes/0/config_schema")
        .stderr_has("the migrated document does not validate (1 error); nothing written");
    assert_eq!(text, std::fs::read(&manifest).unwrap(), "nothing written");

    let cases: &[(&str, &str)] = &[
        (
            r#"{"apiVersion": "greentic.ai/v3"}"#,
            "/apiVersion is \"greentic.ai/v3\"",
        ),
        (r#"{"kind": "DesignExtension"}"#, "/apiVersion is missing"),
        (
            r#"{"apiVersion": "greentic.ai/v1", "kind": "wasix:mcp/router"}"#,
            "MCP router describes keep their own v1 schema",
        ),
        (
            "{\n  \"apiVersion\": \"greentic.ai/v1\",\n  oops\n}",
            "bad.json:3:3",
        ),
        ("[1]", "a describe.json is a JSON object"),
    ];
    for (text, expect) in cases {
        let file = env.write("bad.json", text);
        env.gtdx(["migrate".as_ref(), file.as_os_str(), "--write".as_ref()])
            .code(2)
            .stderr_has(expect);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), *text);
    }
    env.gtdx(["migrate", "missing/describe.json"])
        .code(2)
        .stderr_has("missing/describe.json: no such file");

    let dir = v1_project(&env, "acme.weather-1.4.0");
    let tools = env.write("tools.json", r#"[{"name": "a"}, {"description": "x"}]"#);
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--tools-json".as_ref(),
        tools.as_os_str(),
    ])
    .code(2)
    .stderr_has("tools.json: /1: has no `name`");
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--capabilities".as_ref(),
        "agentic".as_ref(),
    ])
    .code(2)
    .stderr_has("invalid value 'agentic'");

    // JSON mode: a refusal is the shell's one error event.
    let event = env
        .gtdx(["migrate", "missing/describe.json", "--format", "json"])
        .code(2)
        .json();
    assert_eq!(event["event"], "error");
}

/// `--tools-from-component` calls the component's own `list-tools` under gtdx's host: the
/// descriptions and schemas v1 kept in the component land in describe.json.
#[test]
fn tools_come_from_the_components_own_list_tools() {
    let (built, wasm, _) = crate::run::built();
    let declared = built["contributions"]["tools"].as_array().unwrap();
    let env = Env::new();
    let dir = v1_project(&env, "acme.weather-1.4.0");
    // A v1 document naming the component's tools (names and exports only, as v1 wrote them).
    let manifest = dir.join("describe.json");
    let mut v1 = read_json(&manifest);
    v1["contributions"]["tools"] = declared
        .iter()
        .map(
            |t| json!({"name": t["name"], "export": "greentic:extension-design/tools.invoke-tool"}),
        )
        .collect();
    std::fs::write(&manifest, serde_json::to_vec_pretty(&v1).unwrap()).unwrap();
    let v1_text = std::fs::read(&manifest).unwrap();

    // The component is where v1 said (`runtime.component`, beside describe.json)...
    let missing = env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--write".as_ref(),
        "--tools-from-component".as_ref(),
    ]);
    missing
        .code(2)
        .stderr_has("extension.wasm")
        .stderr_has("--tools-from-component PATH.wasm");
    assert_eq!(
        std::fs::read(&manifest).unwrap(),
        v1_text,
        "nothing written"
    );
    // ... or named on the command line.
    std::fs::copy(wasm, dir.join("extension.wasm")).unwrap();
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--write".as_ref(),
        "--tools-from-component".as_ref(),
        "--capabilities".as_ref(),
        "agentic_worker,flow".as_ref(),
    ])
    .code(0)
    .stdout_lacks("no description or input_schema");
    let v2 = read_json(&manifest);
    let written = v2["contributions"]["tools"].as_array().unwrap();
    assert_eq!(written.len(), declared.len());
    for tool in written {
        let name = tool["name"].as_str().unwrap();
        let want = declared.iter().find(|t| t["name"] == name).unwrap();
        assert_eq!(tool["description"], want["description"], "{name}");
        let schema = |t: &Value| -> Value {
            serde_json::from_str(t["input_schema"].as_str().unwrap()).unwrap()
        };
        assert_eq!(schema(tool), schema(want), "{name}");
    }
    env.gtdx(["validate".as_ref(), manifest.as_os_str()])
        .code(0);

    // A file that is not a component is refused with the fix.
    let dir = v1_project(&env, "acme.deploy-nomad-0.9.0");
    let junk = env.write("junk.wasm", b"not wasm");
    env.gtdx([
        "migrate".as_ref(),
        dir.as_os_str(),
        "--tools-from-component".as_ref(),
        junk.as_os_str(),
    ])
    .code(2)
    .stderr_has("cannot list the component's tools")
    .stderr_has("--tools-json");
}
