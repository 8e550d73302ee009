//! Each tool: unique name, a name LLM providers accept, its surfaces, its description and input
//! schema, its secrets granted, its metadata; and the note when flow tools make no block.

use gtdx_contract::codes;
use std::collections::HashMap;

use gtdx_contract::names::{MAX_TOOL_NAME_LEN, ToolNameProblem, to_snake_case, tool_name_problems};
use gtdx_contract::secrets::{granting, secret_uri};
use gtdx_contract::{CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW, Describe, Tool};
use serde_json::Value;

use super::metadata::metadata;
use super::{TOOLS, export_name, runtime_ref};
use crate::explain::{nearest, short};
use crate::validate::{Sink, Validated};

pub(super) fn tools(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated) {
    let tools = d.contributions.tools();
    let components = &d.runtime.components;
    let mut first_by_name: HashMap<&str, usize> = HashMap::new();
    let mut flow_tools = Vec::new();

    for (i, t) in tools.iter().enumerate() {
        let p = format!("{TOOLS}/{i}");
        if let Some(first) = first_by_name.get(t.name.as_str()) {
            sink.at(
                codes::E_DUPLICATE_TOOL,
                &format!("{p}/name"),
                format!("tool name \"{}\" is already used by tools[{first}]", t.name),
                Some("give every tool its own name".into()),
            );
        } else {
            first_by_name.insert(&t.name, i);
        }
        tool_name(sink, || format!("{p}/name"), &t.name);
        export_name(sink, || format!("{p}/export"), &t.export, false);
        runtime_ref(sink, &p, "tool", t.runtime_ref.as_deref(), components);

        match &t.capabilities {
            None => sink.at(
                codes::W_CAPABILITIES_ABSENT,
                &p,
                format!(
                    "tool \"{}\" declares no capabilities, so it defaults to [\"flow\"] and no agentic worker will see it",
                    t.name
                ),
                Some("declare the surfaces explicitly: \"capabilities\": [\"agentic_worker\", \"flow\"]".into()),
            ),
            Some(caps) => capabilities(sink, &p, &t.name, caps),
        }
        if t.offers(CAPABILITY_FLOW) {
            flow_tools.push(i);
        }
        described(sink, t, i, &p, v);
        secrets(sink, d, t, &p);
        metadata(sink, t, i, &p, v);
    }

    if !flow_tools.is_empty() && d.contributions.node_types().is_empty() {
        no_node_types(sink, tools, &flow_tools);
    }
}

/// A tool's description, and an input schema whose root is an object (what LLM function
/// parameters must be).
fn described(sink: &mut Sink<'_, '_>, t: &Tool, i: usize, p: &str, v: &Validated) {
    if t.description.as_deref().is_none_or(|s| s.trim().is_empty()) {
        sink.at(
            codes::W_DESCRIPTION_MISSING,
            p,
            format!("tool \"{}\" has no description; the model sees a tool it cannot reason about", t.name),
            Some("add \"description\": one or two sentences on what the tool does and when to use it".into()),
        );
    }
    match &t.input_schema {
        None => sink.at(
            codes::W_INPUT_SCHEMA_MISSING,
            p,
            format!(
                "tool \"{}\" has no input_schema; the model can pass it no arguments",
                t.name
            ),
            Some(
                "add \"input_schema\": \"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{...}}\""
                    .into(),
            ),
        ),
        Some(_) => {
            if let Some(schema) = v.input_schema(i)
                && schema.root_type.as_ref().and_then(Value::as_str) != Some("object")
            {
                let found = match &schema.root_type {
                    None => "no \"type\"".to_string(),
                    Some(t) => format!("\"type\": {}", short(t)),
                };
                sink.at(
                    codes::E_INPUT_SCHEMA_NOT_OBJECT,
                    &format!("{p}/input_schema"),
                    format!("input_schema's root has {found}; LLM function parameters must be \"type\": \"object\""),
                    Some("wrap the arguments: {\"type\":\"object\",\"properties\":{...},\"required\":[...]}".into()),
                );
            }
        }
    }
}

/// Each secret a tool requires: said the same way as in requiredSecrets, in a namespace, and
/// granted by runtime.permissions.secrets.
fn secrets(sink: &mut Sink<'_, '_>, d: &Describe, t: &Tool, p: &str) {
    let grants: &[String] = d.runtime.permissions.secrets.as_slice();
    for (j, s) in t.secret_requirements.as_slice().iter().enumerate() {
        let sp = || format!("{p}/secret_requirements/{j}/key");
        if let Some(top) = d.required_secrets.iter().find(|r| r.key == s.key) {
            let fmt = |f: Option<gtdx_contract::SecretFormat>| {
                f.map_or("unset".to_string(), |f| {
                    serde_json::to_value(f)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default()
                })
            };
            let mut differ = Vec::new();
            if top.required != s.required {
                differ.push(format!(
                    "required: {} here, {} in requiredSecrets",
                    s.required, top.required
                ));
            }
            if s.format.is_some() && top.format.is_some() && top.format != s.format {
                differ.push(format!(
                    "format: {} here, {} in requiredSecrets",
                    fmt(s.format),
                    fmt(top.format)
                ));
            }
            if !differ.is_empty() {
                sink.at(
                    codes::W_SECRET_DETAILS_DIFFER,
                    &format!("{p}/secret_requirements/{j}"),
                    format!(
                        "tool \"{}\" and requiredSecrets describe secret \"{}\" differently ({})",
                        t.name,
                        s.key,
                        differ.join("; ")
                    ),
                    Some(
                        "make the tool's secret requirement and the requiredSecrets entry agree"
                            .into(),
                    ),
                );
            }
        }
        super::manifest::key_namespace(sink, sp, &s.key);
        if granting(grants, &s.key).is_none() {
            let uri = secret_uri(&s.key);
            let mut help = match s.key.split_once('/') {
                Some((vendor, _)) => format!(
                    "add \"{uri}\" to runtime.permissions.secrets (or \"{}\" for all of {vendor}'s keys)",
                    secret_uri(vendor)
                ),
                None => format!("add \"{uri}\" to runtime.permissions.secrets"),
            };
            if grants.iter().any(|g| g == &s.key) {
                help = format!(
                    "the plain key \"{}\" in runtime.permissions.secrets grants nothing: the host matches the URI \"{uri}\"; {help}",
                    s.key
                );
            }
            sink.at(
                codes::E_SECRET_NOT_GRANTED,
                &sp(),
                format!(
                    "tool \"{}\" requires secret \"{}\", but no entry of runtime.permissions.secrets grants \"{uri}\", so the host denies the read",
                    t.name, s.key
                ),
                Some(help),
            );
        }
    }
}

/// Flow tools without any node type: the flow capability makes no block on the canvas.
fn no_node_types(sink: &mut Sink<'_, '_>, tools: &[Tool], flow_tools: &[usize]) {
    let first = flow_tools[0];
    let names: Vec<String> = flow_tools
        .iter()
        .take(3)
        .map(|i| format!("\"{}\"", tools[*i].name))
        .collect();
    let more = if flow_tools.len() > 3 {
        format!(" and {} more", flow_tools.len() - 3)
    } else {
        String::new()
    };
    sink.at(
        codes::I_FLOW_NO_NODE_TYPES,
        &format!("{TOOLS}/{first}"),
        format!(
            "{} offered on the flow surface ({}{more}), but the extension declares no nodeTypes: the flow capability does not make a draggable block",
            gtdx_contract::text::count(flow_tools.len(), "tool is", "tools are"),
            names.join(", ")
        ),
        Some("to get a block on the flow canvas, declare contributions.nodeTypes[]".into()),
    );
}

/// Beyond the platform's snake_case (`E_TOOL_NAMING`): at most 64 characters
/// (`E_TOOL_NAME_LENGTH`, providers refuse longer function names) and words joined by single
/// underscores (`W_TOOL_NAME_FORM`).
fn tool_name(sink: &mut Sink<'_, '_>, pointer: impl Fn() -> String, name: &str) {
    let problems = tool_name_problems(name);
    if problems.contains(&ToolNameProblem::TooLong) {
        sink.at(
            codes::E_TOOL_NAME_LENGTH,
            &pointer(),
            format!(
                "tool name \"{name}\" is {} characters long; LLM providers refuse function names over {MAX_TOOL_NAME_LEN}, so the model never sees this tool",
                name.len()
            ),
            Some(format!("shorten it, e.g. \"{}\"", to_snake_case(name))),
        );
    }
    if problems.contains(&ToolNameProblem::UnderscoreForm) {
        let fixed: String = name
            .split('_')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        sink.at(
            codes::W_TOOL_NAME_FORM,
            &pointer(),
            format!("tool name \"{name}\" has a doubled or trailing '_'"),
            Some(format!(
                "join its words with single underscores: \"{fixed}\""
            )),
        );
    }
}

/// `W_CAPABILITY_UNKNOWN`: a capability string no runtime surface knows. The platform keeps
/// capabilities open, so this is a warning: the tool is simply absent from the two surfaces.
fn capabilities(sink: &mut Sink<'_, '_>, p: &str, tool: &str, caps: &[String]) {
    let known = [CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW];
    if caps.iter().all(|c| known.contains(&c.as_str())) {
        return;
    }
    let missing: Vec<&str> = known
        .iter()
        .copied()
        .filter(|k| !caps.iter().any(|c| c == k))
        .collect();
    for (j, c) in caps.iter().enumerate() {
        if known.contains(&c.as_str()) {
            continue;
        }
        let absent = if missing.is_empty() {
            String::new()
        } else {
            format!(
                "; unless listed too, the tool does not appear on {}",
                missing
                    .iter()
                    .map(|m| format!("\"{m}\""))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )
        };
        let mut help = "the runtime's surfaces are \"agentic_worker\" and \"flow\"; another value is kept for other consumers but serves neither".to_string();
        if let Some(n) = nearest(c, &known) {
            help = format!("did you mean \"{n}\"? {help}");
        }
        sink.at(
            codes::W_CAPABILITY_UNKNOWN,
            &format!("{p}/capabilities/{j}"),
            format!("tool \"{tool}\": capability \"{c}\" is not a runtime surface (\"agentic_worker\", \"flow\"){absent}"),
            Some(help),
        );
    }
}
