//! The tool table and dispatch by name.

use serde::Deserialize;

use crate::ToolError;

/// One tool of the extension, as the generated `gtdx_tools.rs` lists it.
#[derive(Debug, Clone, Copy)]
pub struct ToolEntry {
    /// The tool's name (`contributions.tools[].name`).
    pub name: &'static str,
    /// The `__gtdx_invoke_<fn>` glue `#[tool]` generated: JSON arguments in, JSON result out.
    pub invoke: fn(&str) -> Result<String, ToolError>,
    /// The tool's element of `contributions.tools` in describe.json, as compact JSON.
    pub definition_json: &'static str,
}

/// The extension family, as in describe.json `kind` (and the WIT `kind` enum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Design,
    Bundle,
    Deploy,
    Provider,
}

/// Who the extension is: describe.json `metadata.id`, `metadata.version` and `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    pub id: &'static str,
    pub version: &'static str,
    pub kind: Kind,
}

/// Runs tool `name` with `args_json`, as the component's `invoke-tool` export does.
///
/// Unknown names give [`ToolError::NotFound`] listing the tools there are; arguments that do
/// not fit the tool's input type give [`ToolError::InvalidInput`] naming the argument.
///
/// ```ignore
/// let out = gtdx_sdk::dispatch(crate::__GTDX_TOOLS, "greet", r#"{"name":"Ada"}"#)?;
/// ```
pub fn dispatch(tools: &[ToolEntry], name: &str, args_json: &str) -> Result<String, ToolError> {
    match tools.iter().find(|t| t.name == name) {
        Some(tool) => {
            if let Some(problem) = either_or_problem(tool.definition_json, args_json) {
                return Err(ToolError::invalid_input(problem));
            }
            (tool.invoke)(args_json)
        }
        None if tools.is_empty() => Err(ToolError::not_found(format!(
            "unknown tool `{name}`: this extension has no tools"
        ))),
        None => {
            let known: Vec<String> = tools.iter().map(|t| format!("`{}`", t.name)).collect();
            Err(ToolError::not_found(format!(
                "unknown tool `{name}`; this extension has: {}",
                known.join(", ")
            )))
        }
    }
}

/// The either-or rules of an input declared with `#[schema(one_of = [[..], [..]])]`, or written
/// by hand in the same shapes: the root of the tool's input schema holds `"oneOf"` (or, for
/// several rules, such as a struct's own and one a flattened struct brought, `"allOf"` entries
/// each holding one) whose branches each require a group of fields, either plainly
/// (`{"required": [..]}`) or also excluding others (`{"required": [..], "not": {"required":
/// [..]}}`, or `"not": {"anyOf": [{"required": [..]}, ..]}`). A call must satisfy exactly one
/// branch of each rule. serde cannot say "exactly one of", so the dispatch checks it before the
/// tool runs. A field sent as `null` counts as not given (serde reads it as `None`). `None` when
/// the call is fine or the tool has no such rule (a `oneOf` of any other shape is left to the
/// input type).
fn either_or_problem(definition_json: &str, args_json: &str) -> Option<String> {
    if !definition_json.contains("oneOf") {
        return None;
    }
    let t: ManifestTool = serde_json::from_str(definition_json).ok()?;
    let schema: serde_json::Value = serde_json::from_str(t.input_schema.as_deref()?).ok()?;
    let text = if args_json.trim().is_empty() {
        "{}"
    } else {
        args_json
    };
    // Arguments that are not an object are refused by the input type with a better message.
    let args: serde_json::Value = serde_json::from_str(text).ok()?;
    let args = args.as_object()?;
    let mut rules: Vec<&serde_json::Value> = schema.get("oneOf").into_iter().collect();
    if let Some(all) = schema.get("allOf").and_then(serde_json::Value::as_array) {
        rules.extend(all.iter().filter_map(|x| x.get("oneOf")));
    }
    rules.into_iter().find_map(|rule| {
        let branches: Vec<Branch<'_>> = rule
            .as_array()?
            .iter()
            .map(Branch::read)
            .collect::<Option<Vec<_>>>()?;
        rule_problem(&branches, args)
    })
}

/// What a call breaks of one either-or rule, if anything.
fn rule_problem(
    branches: &[Branch<'_>],
    args: &serde_json::Map<String, serde_json::Value>,
) -> Option<String> {
    let given = |g: &[&str]| g.iter().all(|f| args.get(*f).is_some_and(|v| !v.is_null()));
    let valid = branches
        .iter()
        .filter(|b| given(&b.required) && !b.not.iter().any(|n| given(n)))
        .count();
    if valid == 1 {
        return None;
    }
    let show = |g: &[&str]| {
        g.iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let options = branches
        .iter()
        .map(|b| show(&b.required))
        .collect::<Vec<_>>()
        .join(", or ");
    let chosen: Vec<&Branch<'_>> = branches.iter().filter(|b| given(&b.required)).collect();
    let got = match chosen.as_slice() {
        [] => "got none of them".to_string(),
        // One group given, yet its branch excludes something else the call gives.
        [one] => {
            let mut parts = vec![show(&one.required)];
            parts.extend(one.not.iter().filter(|n| given(n)).map(|n| show(n)));
            format!("got {}", parts.join(" together with "))
        }
        several => format!(
            "got {}",
            several
                .iter()
                .map(|b| show(&b.required))
                .collect::<Vec<_>>()
                .join(" together with ")
        ),
    };
    Some(format!(
        "invalid arguments: give exactly one of {options}; {got}"
    ))
}

/// One branch of an either-or `oneOf`: the fields it requires, and the groups of fields whose
/// presence it excludes (its `not`).
struct Branch<'s> {
    required: Vec<&'s str>,
    not: Vec<Vec<&'s str>>,
}

impl<'s> Branch<'s> {
    /// `{"required": [..]}` or `{"required": [..], "not": ...}`, with annotations (`description`,
    /// `title`, `$comment`) allowed beside; anything else is not an either-or branch.
    fn read(v: &'s serde_json::Value) -> Option<Branch<'s>> {
        let o = v.as_object()?;
        let names = |v: &'s serde_json::Value| -> Option<Vec<&'s str>> {
            let a = v.as_array()?;
            if a.is_empty() {
                return None;
            }
            a.iter().map(serde_json::Value::as_str).collect()
        };
        let mut required = None;
        let mut not = Vec::new();
        for (k, v) in o {
            match k.as_str() {
                "required" => required = Some(names(v)?),
                "not" => {
                    let n = v.as_object()?;
                    match (n.len(), n.get("required"), n.get("anyOf")) {
                        (1, Some(r), None) => not.push(names(r)?),
                        (1, None, Some(any)) => {
                            for g in any.as_array()? {
                                let g = g.as_object().filter(|g| g.len() == 1)?;
                                not.push(names(g.get("required")?)?);
                            }
                        }
                        _ => return None,
                    }
                }
                "description" | "title" | "$comment" => {}
                _ => return None,
            }
        }
        Some(Branch {
            required: required?,
            not,
        })
    }
}

/// A tool as the WIT `tool-definition` record describes it (what `list-tools` returns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    pub input_schema_json: String,
    pub output_schema_json: Option<String>,
    pub capabilities: Option<Vec<String>>,
    /// JSON-encoded planning hints.
    pub agentic_worker_metadata: Option<String>,
}

/// The fields of a describe.json tool entry that `list-tools` reports (others are ignored).
#[derive(Deserialize)]
struct ManifestTool {
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    input_schema: Option<String>,
    #[serde(default)]
    output_schema: Option<String>,
    #[serde(default)]
    capabilities: Option<Vec<String>>,
    #[serde(default)]
    agentic_worker_metadata: Option<serde_json::Value>,
}

/// The schema `list-tools` reports for a tool whose entry has none.
const EMPTY_OBJECT_SCHEMA: &str = r#"{"type":"object","properties":{}}"#;

impl ToolEntry {
    /// This tool's `tool-definition`, read from its describe.json entry.
    pub fn definition(&self) -> Result<ToolDefinition, ToolError> {
        let t: ManifestTool = serde_json::from_str(self.definition_json).map_err(|e| {
            ToolError::internal(format!(
                "the generated definition of tool `{}` is not a tool entry: {e}",
                self.name
            ))
        })?;
        Ok(ToolDefinition {
            name: t.name,
            description: t.description.unwrap_or_default(),
            input_schema_json: t
                .input_schema
                .unwrap_or_else(|| EMPTY_OBJECT_SCHEMA.to_string()),
            output_schema_json: t.output_schema,
            capabilities: t.capabilities,
            agentic_worker_metadata: t.agentic_worker_metadata.map(|m| match m {
                serde_json::Value::String(s) => s,
                other => other.to_string(),
            }),
        })
    }
}

/// Every tool's `tool-definition`, in table order. A tool whose generated entry cannot be read
/// (only possible with a hand-edited table) is listed with its name and an explanation.
pub fn tool_definitions(tools: &[ToolEntry]) -> Vec<ToolDefinition> {
    tools
        .iter()
        .map(|t| {
            t.definition().unwrap_or_else(|e| ToolDefinition {
                name: t.name.to_string(),
                description: e.message().to_string(),
                input_schema_json: EMPTY_OBJECT_SCHEMA.to_string(),
                output_schema_json: None,
                capabilities: None,
                agentic_worker_metadata: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn echo(args: &str) -> Result<String, ToolError> {
        Ok(args.to_string())
    }

    const TOOLS: &[ToolEntry] = &[
        ToolEntry {
            name: "echo",
            invoke: echo,
            definition_json: r#"{"name":"echo","export":"greentic:extension-design/tools.invoke-tool","capabilities":["agentic_worker","flow"],"description":"Echo.","input_schema":"{\"type\":\"object\"}","agentic_worker_metadata":"{\"cost\":\"low\"}"}"#,
        },
        ToolEntry {
            name: "broken",
            invoke: echo,
            definition_json: "{",
        },
    ];

    #[test]
    fn either_or_arguments_are_checked_before_the_tool_runs() {
        let def = r#"{"name":"search","export":"x:y/z.w","input_schema":"{\"type\":\"object\",\"properties\":{\"query\":{},\"vector\":{},\"k\":{}},\"oneOf\":[{\"required\":[\"query\"]},{\"required\":[\"vector\",\"k\"]}]}"}"#;
        let tools = [ToolEntry {
            name: "search",
            invoke: echo,
            definition_json: def,
        }];
        assert_eq!(
            dispatch(&tools, "search", r#"{"query":"x"}"#).unwrap(),
            r#"{"query":"x"}"#
        );
        assert!(dispatch(&tools, "search", r#"{"vector":[1],"k":3,"query":null}"#).is_ok());
        assert_eq!(
            dispatch(&tools, "search", "{}").unwrap_err(),
            ToolError::invalid_input(
                "invalid arguments: give exactly one of `query`, or `vector` and `k`; got none of them"
            )
        );
        assert_eq!(
            dispatch(&tools, "search", r#"{"query":"x","vector":[1],"k":2}"#)
                .unwrap_err()
                .message(),
            "invalid arguments: give exactly one of `query`, or `vector` and `k`; got `query` together with `vector` and `k`"
        );
        // A partial group is not a group.
        assert!(dispatch(&tools, "search", r#"{"vector":[1]}"#).is_err());
        // Tools without the rule are untouched.
        assert_eq!(either_or_problem(TOOLS[0].definition_json, "{}"), None);
    }

    fn tool_with(schema: serde_json::Value) -> String {
        serde_json::json!({"name": "t", "export": "x:y/z.w", "input_schema": schema.to_string()})
            .to_string()
    }

    #[test]
    fn the_exclusive_form_is_checked_as_the_plain_one() {
        let exclusive = tool_with(serde_json::json!({
            "type": "object",
            "properties": {"doc_id": {}, "ids": {}},
            "oneOf": [
                {"required": ["doc_id"], "not": {"required": ["ids"]}},
                {"required": ["ids"], "not": {"required": ["doc_id"]}}
            ]
        }));
        let plain = tool_with(serde_json::json!({
            "type": "object",
            "properties": {"doc_id": {}, "ids": {}},
            "oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]
        }));
        for def in [&exclusive, &plain] {
            assert_eq!(either_or_problem(def, r#"{"doc_id": "a"}"#), None);
            assert_eq!(
                either_or_problem(def, r#"{"ids": ["a"], "doc_id": null}"#),
                None
            );
            assert_eq!(
                either_or_problem(def, "{}").as_deref(),
                Some("invalid arguments: give exactly one of `doc_id`, or `ids`; got none of them")
            );
            assert_eq!(
                either_or_problem(def, r#"{"doc_id": "a", "ids": ["b"]}"#).as_deref(),
                Some(
                    "invalid arguments: give exactly one of `doc_id`, or `ids`; got `doc_id` together with `ids`"
                )
            );
        }
        // Three groups: `not` holds the others in an `anyOf`.
        let three = tool_with(serde_json::json!({
            "type": "object",
            "oneOf": [
                {"required": ["a"], "not": {"anyOf": [{"required": ["b", "c"]}, {"required": ["d"]}]}},
                {"required": ["b", "c"], "not": {"anyOf": [{"required": ["a"]}, {"required": ["d"]}]}},
                {"required": ["d"], "not": {"anyOf": [{"required": ["a"]}, {"required": ["b", "c"]}]}}
            ]
        }));
        assert_eq!(either_or_problem(&three, r#"{"b": 1, "c": 2}"#), None);
        assert_eq!(either_or_problem(&three, r#"{"a": 1, "b": 2}"#), None);
        assert!(
            either_or_problem(&three, r#"{"d": 1, "b": 2, "c": 3}"#)
                .unwrap()
                .ends_with("got `b` and `c` together with `d`")
        );
        // A branch excluding a field that is no group of its own.
        let odd = tool_with(serde_json::json!({
            "type": "object",
            "oneOf": [{"required": ["a"], "not": {"required": ["c"]}}, {"required": ["b"]}]
        }));
        assert_eq!(
            either_or_problem(&odd, r#"{"a": 1, "c": 2}"#).as_deref(),
            Some("invalid arguments: give exactly one of `a`, or `b`; got `a` together with `c`")
        );
        // Any other `oneOf` (a choice of shapes) is the input type's business.
        let shapes = tool_with(serde_json::json!({
            "type": "object",
            "oneOf": [{"required": ["a"], "properties": {"a": {"type": "string"}}}, {"required": ["b"]}]
        }));
        assert_eq!(either_or_problem(&shapes, "{}"), None);
    }

    #[test]
    fn several_rules_in_all_of_are_each_checked() {
        // A struct's own `one_of` and the one of a struct it flattens, as describe writes them.
        let def = tool_with(serde_json::json!({
            "type": "object",
            "allOf": [
                {"oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]},
                {"oneOf": [
                    {"required": ["query"], "not": {"required": ["vector"]}},
                    {"required": ["vector"], "not": {"required": ["query"]}}
                ]}
            ]
        }));
        assert_eq!(
            either_or_problem(&def, r#"{"doc_id": "a", "vector": [1]}"#),
            None
        );
        assert_eq!(
            either_or_problem(&def, r#"{"ids": ["a"]}"#).as_deref(),
            Some("invalid arguments: give exactly one of `query`, or `vector`; got none of them")
        );
        assert_eq!(
            either_or_problem(&def, r#"{"query": "q", "vector": null}"#).as_deref(),
            Some("invalid arguments: give exactly one of `doc_id`, or `ids`; got none of them")
        );
        // One rule from a flattened struct alone sits at the root, as a struct's own does; an
        // `allOf` of other shapes (alias groups) is left to the input type.
        let aliases = tool_with(serde_json::json!({
            "type": "object",
            "allOf": [{"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}]
        }));
        assert_eq!(either_or_problem(&aliases, "{}"), None);
    }

    #[test]
    fn dispatches_by_name() {
        assert_eq!(dispatch(TOOLS, "echo", "{}").unwrap(), "{}");
    }

    #[test]
    fn unknown_tool_names_the_known_ones() {
        let e = dispatch(TOOLS, "ech", "{}").unwrap_err();
        assert_eq!(
            e,
            ToolError::not_found("unknown tool `ech`; this extension has: `echo`, `broken`")
        );
        assert!(
            dispatch(&[], "x", "")
                .unwrap_err()
                .message()
                .contains("no tools")
        );
    }

    #[test]
    fn definitions_come_from_the_manifest_entries() {
        let defs = tool_definitions(TOOLS);
        assert_eq!(
            defs[0],
            ToolDefinition {
                name: "echo".into(),
                description: "Echo.".into(),
                input_schema_json: "{\"type\":\"object\"}".into(),
                output_schema_json: None,
                capabilities: Some(vec!["agentic_worker".into(), "flow".into()]),
                agentic_worker_metadata: Some("{\"cost\":\"low\"}".into()),
            }
        );
        assert_eq!(defs[1].name, "broken");
        assert!(defs[1].description.contains("not a tool entry"));
    }
}
