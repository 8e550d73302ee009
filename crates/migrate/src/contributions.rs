//! `contributions`: the v1 shapes the platform's own fixtures use, made v2.

use serde_json::{Map, Value, json};

use crate::{ADDED_TOOL_EXPORT, Options, Report, escape};

/// v2 contribution keys that need no conversion.
const PASS_THROUGH: &[&str] = &[
    "dwProviders",
    "guardrails",
    "views",
    "addons",
    "connection_test",
    "messaging_channel",
];

pub(crate) fn migrate(
    contributions: Option<&Value>,
    options: &Options,
    report: &mut Report,
) -> Value {
    let empty = Map::new();
    let input = contributions.and_then(Value::as_object).unwrap_or(&empty);
    let mut out = Map::new();
    for (key, value) in input {
        let at = format!("/contributions/{}", escape(key));
        match key.as_str() {
            "nodeTypes" => {
                out.insert(key.clone(), node_types(value, &at, report));
            }
            "tools" => {} // below, with the definitions
            "recipes" => {
                out.insert(key.clone(), recipes(value, &at, report));
            }
            "knowledge" | "prompts" | "schemas" => {
                out.insert(key.clone(), paths(value, &at, report));
            }
            "targets" => report.attend(
                at,
                "dropped: deploy `targets` have no v2 equivalent",
                "if the deployer still needs them, keep them in the extension's own configuration",
            ),
            "i18n" => report.attend(
                at,
                "dropped: v1 `contributions.i18n` is not a v2 key",
                "move the strings to the top-level `localization` block (docs/manifest.md)",
            ),
            "assets" => report.attend(
                at,
                "dropped: v1 `contributions.assets` is not a v2 key",
                "files the extension ships go into the pack with `gtdx pack`; nothing to declare",
            ),
            k if PASS_THROUGH.contains(&k) => {
                out.insert(key.clone(), value.clone());
            }
            _ => report.attend(
                at,
                format!("dropped: `{key}` is not a contribution v2 knows"),
                "move what it holds where v2 expects it, if anywhere (docs/manifest.md)",
            ),
        }
    }
    let tools = tools(input.get("tools"), options, report);
    if !tools.is_empty() {
        out.insert("tools".into(), Value::Array(tools));
    }
    Value::Object(out)
}

/// Node types: `config_schema` must be one string. v1 wrote it as an object, as `null`, under
/// the camelCase key `configSchema`, or not at all.
fn node_types(value: &Value, at: &str, report: &mut Report) -> Value {
    let Some(items) = value.as_array() else {
        return value.clone();
    };
    let converted = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let Some(map) = item.as_object() else {
                return item.clone();
            };
            let at = format!("{at}/{i}");
            let mut map = map.clone();
            if let Some(schema) = map.remove("configSchema") {
                if map.contains_key("config_schema") {
                    report.attend(
                        format!("{at}/configSchema"),
                        "dropped: the node type also has `config_schema`, which is kept",
                        "check that the kept schema is the right one",
                    );
                } else {
                    report.change(format!("{at}/configSchema"), "→ config_schema");
                    map.insert("config_schema".into(), schema);
                }
            }
            let schema = match map.get("config_schema") {
                Some(Value::String(s)) => Value::String(s.clone()),
                Some(object @ Value::Object(_)) => {
                    report.change(
                        format!("{at}/config_schema"),
                        "object → string (v2 keeps a node's config schema as JSON text)",
                    );
                    Value::String(object.to_string())
                }
                other => {
                    let was = if other.is_some() { "null" } else { "absent" };
                    report.attend(
                        format!("{at}/config_schema"),
                        format!("was {was}: \"{{}}\" written (a node with no configuration)"),
                        "write the node's configuration schema if it has settings",
                    );
                    Value::String("{}".into())
                }
            };
            map.insert("config_schema".into(), schema);
            Value::Object(map)
        })
        .collect();
    Value::Array(converted)
}

/// Recipes: v1 wrote camelCase keys and carried fields v2 has no slot for.
fn recipes(value: &Value, at: &str, report: &mut Report) -> Value {
    const KNOWN: &[&str] = &["id", "display_name", "description", "config_schema"];
    let Some(items) = value.as_array() else {
        return value.clone();
    };
    let converted = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let Some(map) = item.as_object() else {
                return item.clone();
            };
            let at = format!("{at}/{i}");
            let mut out = Map::new();
            for (key, value) in map {
                let snake = camel_to_snake(key);
                if KNOWN.contains(&snake.as_str()) {
                    if snake != *key {
                        report.change(format!("{at}/{}", escape(key)), format!("→ {snake}"));
                    }
                    out.insert(snake, value.clone());
                } else {
                    report.attend(
                        format!("{at}/{}", escape(key)),
                        format!("dropped: a v2 recipe has no `{key}`"),
                        "nothing to do unless a consumer relied on it",
                    );
                }
            }
            match out.get("config_schema") {
                Some(Value::String(_)) => {}
                Some(object @ Value::Object(_)) => {
                    let text = object.to_string();
                    report.change(format!("{at}/config_schema"), "object → string");
                    out.insert("config_schema".into(), Value::String(text));
                }
                _ => {
                    report.attend(
                        format!("{at}/config_schema"),
                        "missing: \"{}\" written",
                        "set it to the path of the recipe's configuration schema in the pack",
                    );
                    out.insert("config_schema".into(), json!("{}"));
                }
            }
            Value::Object(out)
        })
        .collect();
    Value::Array(converted)
}

/// `knowledge`, `prompts`, `schemas`: a bare path string becomes `{ "path": … }`.
fn paths(value: &Value, at: &str, report: &mut Report) -> Value {
    let Some(items) = value.as_array() else {
        return value.clone();
    };
    let mut wrapped = 0;
    let converted: Vec<Value> = items
        .iter()
        .map(|item| match item {
            Value::String(_) => {
                wrapped += 1;
                json!({ "path": item })
            }
            other => other.clone(),
        })
        .collect();
    if wrapped > 0 {
        let noun = if wrapped == 1 { "path" } else { "paths" };
        report.change(at, format!("{wrapped} bare {noun} → {{\"path\": …}}"));
    }
    Value::Array(converted)
}

/// Tools: v1 kept only names and exports; the definitions add descriptions and schemas, and the
/// caller's capabilities are set on each. Never guessed.
fn tools(value: Option<&Value>, options: &Options, report: &mut Report) -> Vec<Value> {
    let at = "/contributions/tools";
    let mut out: Vec<Value> = value.and_then(Value::as_array).cloned().unwrap_or_default();
    if let Some(defs) = &options.tools {
        for def in defs {
            let existing = out
                .iter()
                .position(|t| t.get("name").and_then(Value::as_str) == Some(def.name.as_str()));
            let (index, tool) = match existing {
                Some(i) => (i, &mut out[i]),
                None => {
                    report.attend(
                        format!("{at}/{}", out.len()),
                        format!(
                            "added `{}`: the component lists it and the v1 document did not; export {ADDED_TOOL_EXPORT} written",
                            def.name
                        ),
                        "check the export the component dispatches it through",
                    );
                    out.push(json!({ "name": def.name, "export": ADDED_TOOL_EXPORT }));
                    let i = out.len() - 1;
                    (i, &mut out[i])
                }
            };
            let Some(map) = tool.as_object_mut() else {
                continue;
            };
            for (key, given) in [
                ("description", &def.description),
                ("input_schema", &def.input_schema),
                ("output_schema", &def.output_schema),
            ] {
                if let Some(given) = given
                    && !map.contains_key(key)
                {
                    map.insert(key.into(), json!(given));
                    report.change(format!("{at}/{index}/{key}"), "from the tool definitions");
                }
            }
        }
        for (i, tool) in out.iter().enumerate() {
            let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
            if !defs.iter().any(|d| d.name == name) {
                report.attend(
                    format!("{at}/{i}"),
                    format!("`{name}` is not among the tool definitions given"),
                    "check that the component still has this tool; remove it from describe.json if not",
                );
            }
        }
    }
    let bare: Vec<&str> = out
        .iter()
        .filter(|t| {
            let blank = |k| {
                t.get(k)
                    .and_then(Value::as_str)
                    .is_none_or(|s| s.trim().is_empty())
            };
            blank("description") || blank("input_schema")
        })
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    if !bare.is_empty() {
        report.attend(
            at,
            format!(
                "no description or input_schema for {}: a v2 runtime reads tools only from describe.json, so the model cannot choose or call them well",
                bare.join(", ")
            ),
            "rerun with --tools-from-component (the component's own list-tools, run by gtdx) or --tools-json FILE (the same, as JSON)",
        );
    }
    match &options.capabilities {
        Some(caps) => {
            for (i, tool) in out.iter_mut().enumerate() {
                if let Some(map) = tool.as_object_mut() {
                    map.insert("capabilities".into(), json!(caps));
                    report.change(
                        format!("{at}/{i}/capabilities"),
                        format!("set to [{}] (--capabilities)", caps.join(", ")),
                    );
                }
            }
        }
        None if !out.is_empty() => report.attend(
            at,
            "no tool declares `capabilities`, so each defaults to [\"flow\"] and stays invisible to agentic workers",
            "rerun with --capabilities agentic_worker,flow (or flow) to say where the tools are offered",
        ),
        None => {}
    }
    out
}

/// `displayName` → `display_name`.
fn camel_to_snake(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 2);
    for ch in key.chars() {
        if ch.is_ascii_uppercase() {
            out.push('_');
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}
