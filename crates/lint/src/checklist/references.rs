//! References to the extension's own tools (`E_TOOL_REF`) and the dynamic-tools discovery tool's
//! parameters (`W_DISCOVERY_REQUIRED_PARAMS`).

use gtdx_contract::Describe;
use gtdx_contract::codes;
use serde_json::Value;

use super::TOOLS;
use crate::explain::{nearest, short};
use crate::validate::{Sink, Validated};

pub(super) fn references(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated) {
    let tools = d.contributions.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    let check = |sink: &mut Sink<'_, '_>, pointer: &str, what: &str, name: &str| {
        if !names.contains(&name) {
            let mut help = if names.is_empty() {
                "this extension declares no tools".to_string()
            } else {
                "it must match a contributions.tools[].name".to_string()
            };
            if let Some(n) = nearest(name, &names) {
                help = format!("did you mean \"{n}\"? {help}");
            }
            sink.at(
                codes::E_TOOL_REF,
                pointer,
                format!("{what} \"{name}\" names no tool of this extension"),
                Some(help),
            );
        }
    };
    if let Some(dt) = &d.contributions.dynamic_tools {
        let base = "/contributions/dynamicTools";
        check(
            sink,
            &format!("{base}/discoveryTool"),
            "dynamicTools.discoveryTool",
            &dt.discovery_tool,
        );
        for (i, e) in dt.executors.iter().enumerate() {
            check(
                sink,
                &format!("{base}/executors/{i}/tool"),
                "dynamicTools executor",
                &e.tool,
            );
        }
        if let Some(i) = tools.iter().position(|t| t.name == dt.discovery_tool) {
            let ip = format!("{TOOLS}/{i}/input_schema");
            // The platform supplies parameters named like the connection's profile config.
            let supplied: Vec<&str> = d
                .config_fields
                .iter()
                .flatten()
                .map(|f| f.key.as_str())
                .collect();
            let required: Vec<String> = v
                .input_schema(i)
                .and_then(|s| s.required.as_ref())
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter(|r| r.as_str().is_none_or(|r| !supplied.contains(&r)))
                        .map(short)
                        .collect()
                })
                .unwrap_or_default();
            if !required.is_empty() {
                sink.at(
                    codes::W_DISCOVERY_REQUIRED_PARAMS,
                    &ip,
                    format!(
                        "discovery tool \"{}\" has required parameters ({}); the platform calls it without arguments",
                        dt.discovery_tool,
                        required.join(", ")
                    ),
                    Some("make them optional, unless the platform supplies them from the connection's configuration".into()),
                );
            }
        }
    }
    if let Some(ct) = &d.contributions.connection_test {
        check(
            sink,
            "/contributions/connection_test/tool",
            "connection_test.tool",
            &ct.tool,
        );
    }
    for (i, view) in d.contributions.views.as_slice().iter().enumerate() {
        for (j, name) in view.tools.as_slice().iter().enumerate() {
            check(
                sink,
                &format!("/contributions/views/{i}/tools/{j}"),
                &format!("view \"{}\" tool", view.id),
                name,
            );
        }
    }
}
