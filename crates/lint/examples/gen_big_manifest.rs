//! Prints a valid describe.json with N tools (default 1,000) to stdout, each with an input
//! schema, an output schema and agentic metadata with an example, for timing
//! `gtdx validate` / `gtdx lint`:
//!
//! ```text
//! cargo run --release -p gtdx-lint --example gen_big_manifest > /tmp/big.json
//! gtdx lint /tmp/big.json
//! ```

use serde_json::{Value, json};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let text = serde_json::to_string_pretty(&manifest(n)).unwrap_or_default();
    println!("{text}");
}

fn manifest(n: usize) -> Value {
    let tools: Vec<Value> = (0..n).map(tool).collect();
    json!({
        "$schema": gtdx_contract::SCHEMA_URL,
        "apiVersion": gtdx_contract::API_VERSION_V2,
        "kind": "DesignExtension",
        "compat": {
            "min_designer_version": ">=1.2.0",
            "min_runner_version": "^1.2.0",
            "contract_version": "0.3.0"
        },
        "metadata": {
            "id": "greentic.bench",
            "name": "Bench",
            "version": "1.0.0",
            "summary": "A large manifest for timing gtdx validate and gtdx lint.",
            "author": { "name": "gtdx" },
            "license": "Apache-2.0"
        },
        "capabilities": {},
        "runtime": {
            "permissions": { "network": ["https://api.bench.example/*"], "secrets": ["secret://bench"] },
            "components": {
                "bench-tools": {
                    "oci_ref": "ghcr.io/greentic/bench-tools:1.0.0",
                    "sha256": "3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b",
                    "world": "greentic:extension-design/design-extension@0.3.0"
                }
            }
        },
        "contributions": {
            "tools": tools,
            "nodeTypes": [{
                "type_id": "bench.node",
                "label": "Bench",
                "category": "Bench",
                "icon": "bolt",
                "color": "#888888",
                "complexity": "simple",
                "config_schema": "{\"type\":\"object\"}",
                "output_ports": [{ "name": "done", "label": "Done" }]
            }]
        }
    })
}

fn tool(i: usize) -> Value {
    let input = json!({
        "type": "object",
        "required": ["query"],
        "properties": {
            "query": { "type": "string", "minLength": 1, "description": "What to look up" },
            "limit": { "type": "integer", "minimum": 1, "maximum": 100 },
            "mode": { "type": "string", "enum": ["fast", "exact"] }
        },
        "additionalProperties": false
    });
    let output = json!({
        "type": "object",
        "properties": { "items": { "type": "array", "items": { "type": "string" } } }
    });
    let metadata = json!({
        "usage_hint": format!("Use for lookups of kind {i}."),
        "examples": [{ "when": "Look up ten things fast", "input": { "query": "x", "limit": 10, "mode": "fast" } }],
        "side_effects": "read",
        "cost": "low",
        "confirmation_required": false
    });
    json!({
        "name": format!("lookup_{i}"),
        "export": gtdx_contract::TOOLS_INVOKE_EXPORT,
        "capabilities": ["agentic_worker", "flow"],
        "description": format!("Look up things of kind {i} in the bench service."),
        "input_schema": input.to_string(),
        "output_schema": output.to_string(),
        "secret_requirements": [{ "key": "bench/api_key" }],
        "agentic_worker_metadata": metadata.to_string()
    })
}
