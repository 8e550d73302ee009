//! Generated describe.json manifests of many tools, shared by the `gen_big_manifest` example
//! (the benches' inputs) and the tests that check every rule still fires at that size.
//!
//! [`tool`] is small, and every one shares one input and one output schema. [`heavy_tool`] is
//! as heavy as a real tool and unlike the others (so nothing a checker caches per distinct
//! text helps): a description of several sentences, a nested input schema of its own (an
//! object of filters, an either-or, an array with a pattern, nullable fields), an output schema
//! and two examples that the input schema accepts. A heavy tool is about 1.6 KB written
//! compactly, so 10,000 of them stay under gtdx's 16 MiB cap on a describe.json.

#![allow(dead_code)] // each includer uses its own part

use serde_json::{Value, json};

pub fn manifest(tools: Vec<Value>) -> Value {
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

pub fn tool(i: usize) -> Value {
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

/// What the heavy tools search: the tool's index picks one, so neighbouring tools differ in
/// words as well as in numbers.
const RECORDS: [&str; 5] = ["orders", "tickets", "invoices", "contacts", "shipments"];

/// A tool as heavy as a real one, unlike every other tool (see the module doc).
pub fn heavy_tool(i: usize) -> Value {
    let record = RECORDS[i % RECORDS.len()];
    let input = json!({
        "type": "object",
        "properties": {
            "query": { "type": "string", "description": "Words to find.", "minLength": 1 },
            "filters": {
                "type": "object",
                "properties": {
                    "status": { "type": "array", "items": { "type": "string", "enum": ["open", "closed"] } },
                    "owner": { "type": ["string", "null"], "format": "email" }
                },
                "additionalProperties": false
            },
            "sort": {
                "oneOf": [
                    { "type": "string", "enum": ["newest", "relevance"] },
                    { "type": "object", "properties": { "field": { "type": "string" } }, "required": ["field"] }
                ]
            },
            "ids": { "type": "array", "items": { "type": "string", "pattern": "^[A-Z]{2}-[0-9]+$" } },
            "limit": { "type": "integer", "minimum": 1, "maximum": 100 + i }
        },
        "required": ["query"]
    });
    let output = json!({
        "type": "object",
        "properties": {
            "items": { "type": "array", "items": {
                "type": "object", "properties": { "id": { "type": "string" } }, "required": ["id"]
            } }
        }
    });
    let metadata = json!({
        "examples": [
            { "when": "Open ones", "input": { "query": "late", "filters": { "status": ["open"], "owner": null } } },
            { "when": "By id", "input": { "query": "x", "ids": [format!("AB-{i}")], "sort": { "field": "id" }, "limit": 5 } }
        ],
        "side_effects": "read",
        "cost": "low",
        "confirmation_required": false
    });
    json!({
        "name": format!("search_{record}_{i}"),
        "export": gtdx_contract::TOOLS_INVOKE_EXPORT,
        "capabilities": ["agentic_worker", "flow"],
        "description": format!(
            "Search the {record} of region {i}, best match first. Use it when the user asks about {record} by words, status or owner; filters narrow the list. It changes nothing."
        ),
        "input_schema": input.to_string(),
        "output_schema": output.to_string(),
        "secret_requirements": [{ "key": "bench/api_key" }],
        "agentic_worker_metadata": metadata.to_string()
    })
}
