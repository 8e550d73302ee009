//! The platform's rules on the manifest's identity, references and names: `E_VERSION_SEMVER`,
//! `E_RUNTIME_REF`, `E_CAP_CYCLE`, `E_SCHEMA_HOST`, `E_EXPORT_FORM`, `E_ENGINE_DEPRECATED`,
//! `E_ID_PATTERN`, `E_TOOL_NAMING` and (with `--publish`) `E_SHA256_ZERO`.

use gtdx_contract::codes;
use std::collections::{BTreeSet, HashSet};

use gtdx_contract::names::{is_snake_case, to_snake_case as to_snake};
use gtdx_contract::{SCHEMA_URL, TOOLS_INVOKE_EXPORT};
use serde_json::Value;

use super::{array, esc, quoted, string};
use crate::explain::nearest;
use crate::validate::Sink;

const TOOLS: &str = "/contributions/tools";
const NODE_TYPES: &str = "/contributions/nodeTypes";

/// The namespace every tool export lives in.
pub(crate) const EXPORT_NAMESPACE: &str = "greentic:extension-design/";

pub(super) fn run(sink: &mut Sink<'_, '_>, d: &Value, publish: bool) {
    version_semver(sink, d);
    runtime_refs(sink, d);
    capability_cycle(sink, d);
    schema_host(sink, d);
    export_form(sink, d);
    engine_deprecated(sink, d);
    id_pattern(sink, d);
    tool_naming(sink, d);
    if publish {
        sha256_zero(sink, d);
    }
}

/// `E_VERSION_SEMVER`: `metadata.version`, when a string, parses as a semver version.
fn version_semver(sink: &mut Sink<'_, '_>, d: &Value) {
    let Some(version) = string(d, "/metadata/version") else {
        return;
    };
    if let Err(e) = semver::Version::parse(version) {
        sink.at(
            codes::E_VERSION_SEMVER,
            "/metadata/version",
            format!("metadata.version \"{version}\" is not a semver version: {e}"),
            Some(
                "use MAJOR.MINOR.PATCH with an optional -pre-release, e.g. 1.2.0 or 1.3.0-rc.1"
                    .into(),
            ),
        );
    }
}

/// `E_RUNTIME_REF`: a string `runtime_ref` of a node type or a tool names a key of
/// `runtime.components`.
fn runtime_refs(sink: &mut Sink<'_, '_>, d: &Value) {
    let declared: BTreeSet<&str> = d
        .pointer("/runtime/components")
        .and_then(Value::as_object)
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let keys: Vec<&str> = declared.iter().copied().collect();
    for (base, what, id_key) in [
        (NODE_TYPES, "node type", "type_id"),
        (TOOLS, "tool", "name"),
    ] {
        for (i, item) in array(d, base).iter().enumerate() {
            let Some(r) = item.get("runtime_ref").and_then(Value::as_str) else {
                continue;
            };
            if declared.contains(r) {
                continue;
            }
            let label = item
                .get(id_key)
                .and_then(Value::as_str)
                .map_or_else(|| format!("{base}/{i}"), |s| format!("\"{s}\""));
            let mut help = if keys.is_empty() {
                "runtime.components declares no component".to_string()
            } else {
                format!("runtime.components declares: {}", quoted(&keys))
            };
            if let Some(n) = nearest(r, &keys) {
                help = format!("did you mean \"{n}\"? {help}");
            }
            sink.at(
                codes::E_RUNTIME_REF,
                &format!("{base}/{i}/runtime_ref"),
                format!("{what} {label}: runtime_ref \"{r}\" names no key of runtime.components"),
                Some(help),
            );
        }
    }
}

/// `E_CAP_CYCLE`: an id of `capabilities.required[]` is also in `capabilities.offered[]`.
fn capability_cycle(sink: &mut Sink<'_, '_>, d: &Value) {
    let offered: BTreeSet<&str> = array(d, "/capabilities/offered")
        .iter()
        .filter_map(|c| c.get("id").and_then(Value::as_str))
        .collect();
    for (i, c) in array(d, "/capabilities/required").iter().enumerate() {
        let Some(id) = c.get("id").and_then(Value::as_str) else {
            continue;
        };
        if offered.contains(id) {
            sink.at(
                codes::E_CAP_CYCLE,
                &format!("/capabilities/required/{i}/id"),
                format!("capability \"{id}\" is both offered and required (a self-cycle)"),
                Some("remove it from capabilities.required".into()),
            );
        }
    }
}

/// `E_SCHEMA_HOST`: `$schema` is exactly the canonical URL (absent counts).
fn schema_host(sink: &mut Sink<'_, '_>, d: &Value) {
    match d.get("$schema") {
        Some(Value::String(s)) if s == SCHEMA_URL => {}
        Some(Value::String(s)) => sink.at(
            codes::E_SCHEMA_HOST,
            "/$schema",
            format!("\"$schema\" is \"{s}\"; the platform requires \"{SCHEMA_URL}\""),
            Some(format!("set \"$schema\": \"{SCHEMA_URL}\"")),
        ),
        Some(_) => sink.at(
            codes::E_SCHEMA_HOST,
            "/$schema",
            "\"$schema\" is not a string",
            Some(format!("set \"$schema\": \"{SCHEMA_URL}\"")),
        ),
        None => sink.at(
            codes::E_SCHEMA_HOST,
            "",
            "\"$schema\" is missing",
            Some(format!(
                "add \"$schema\": \"{SCHEMA_URL}\" as the first key"
            )),
        ),
    }
}

/// Whether `export` is `greentic:extension-design/` followed by something holding a `.`, the
/// platform's test for a fully qualified export.
pub(crate) fn qualified_export(export: &str) -> bool {
    export
        .strip_prefix(EXPORT_NAMESPACE)
        .is_some_and(|rest| rest.contains('.'))
}

/// `E_EXPORT_FORM`: every tool's `export` is `greentic:extension-design/<interface>.<member>`.
fn export_form(sink: &mut Sink<'_, '_>, d: &Value) {
    for (i, t) in array(d, TOOLS).iter().enumerate() {
        let Some(export) = t.get("export").and_then(Value::as_str) else {
            continue;
        };
        if qualified_export(export) {
            continue;
        }
        let help = if !export.contains('/') && !export.contains(':') && !export.is_empty() {
            format!(
                "a bare member name is not enough: write \"{EXPORT_NAMESPACE}<interface>.{export}\", e.g. \"{TOOLS_INVOKE_EXPORT}\""
            )
        } else {
            format!("e.g. \"{TOOLS_INVOKE_EXPORT}\"")
        };
        sink.at(
            codes::E_EXPORT_FORM,
            &format!("{TOOLS}/{i}/export"),
            format!(
                "export \"{export}\" is not of the form {EXPORT_NAMESPACE}<interface>.<member>"
            ),
            Some(help),
        );
    }
}

/// `E_ENGINE_DEPRECATED`: the top-level `engine` key is present, whatever its value.
fn engine_deprecated(sink: &mut Sink<'_, '_>, d: &Value) {
    if d.get("engine").is_some() {
        sink.at_key(
            codes::E_ENGINE_DEPRECATED,
            "/engine",
            "the \"engine\" block is deprecated and rejected by the platform linter",
            Some("move its bounds to compat.min_designer_version / compat.min_runner_version and delete \"engine\"".into()),
        );
    }
}

/// `E_ID_PATTERN`: `metadata.id` is at least two dot-separated WIT kebab names.
fn id_pattern(sink: &mut Sink<'_, '_>, d: &Value) {
    let Some(id) = string(d, "/metadata/id") else {
        return;
    };
    if let Some(problem) = gtdx_contract::names::extension_id_problem(id) {
        sink.at(
            codes::E_ID_PATTERN,
            "/metadata/id",
            format!(
                "metadata.id \"{id}\" is not a valid extension id: {problem}; it becomes the WIT package name"
            ),
            Some(format!(
                "use two or more dot-separated lowercase kebab names, e.g. {}",
                suggest_id(id)
            )),
        );
    }
}

fn suggest_id(id: &str) -> String {
    let segments: Vec<String> = id
        .to_ascii_lowercase()
        .split('.')
        .map(|seg| {
            let words: Vec<String> = seg
                .split(|c: char| !c.is_ascii_alphanumeric())
                .map(|w| {
                    w.trim_start_matches(|c: char| c.is_ascii_digit())
                        .to_string()
                })
                .filter(|w| !w.is_empty())
                .collect();
            words.join("-")
        })
        .filter(|s| !s.is_empty())
        .collect();
    match segments.len() {
        0 => "com.acme.my-extension".into(),
        1 => format!("com.acme.{}", segments[0]),
        _ => segments.join("."),
    }
}

/// `E_TOOL_NAMING`: every tool name is snake_case, and no name extends another at a `_`
/// boundary (`foo` and `foo_bar`). Identical names are not this rule's business.
fn tool_naming(sink: &mut Sink<'_, '_>, d: &Value) {
    let names: Vec<(usize, &str)> = array(d, TOOLS)
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.get("name").and_then(Value::as_str).map(|n| (i, n)))
        .collect();
    for (i, name) in &names {
        if !is_snake_case(name) {
            sink.at(
                codes::E_TOOL_NAMING,
                &format!("{TOOLS}/{i}/name"),
                format!("tool name \"{name}\" is not snake_case"),
                Some(format!(
                    "start with a letter a-z and use only a-z, 0-9 and '_', e.g. \"{}\"",
                    to_snake(name)
                )),
            );
        }
    }
    // The platform compares every pair; looking each name's `_`-bounded prefixes up finds the
    // same pairs in linear time (a thousand tools are half a million pairs).
    let known: HashSet<&str> = names.iter().map(|(_, n)| *n).collect();
    for (long_at, long) in &names {
        for (k, _) in long.match_indices('_') {
            let short = &long[..k];
            if known.contains(short) {
                sink.at(
                    codes::E_TOOL_NAMING,
                    &format!("{TOOLS}/{long_at}/name"),
                    format!(
                        "tool names \"{short}\" and \"{long}\" are near-duplicates: one extends the other at a '_'"
                    ),
                    Some("give the tools names that do not extend one another, so a model cannot confuse them (e.g. \"list_items\" and \"list_items_by_tag\" → \"list_items\" and \"search_items_by_tag\")".into()),
                );
            }
        }
    }
}

/// `E_SHA256_ZERO` (`--publish`): a component's `sha256` or `gtpack.sha256` is a non-empty run
/// of `0`.
fn sha256_zero(sink: &mut Sink<'_, '_>, d: &Value) {
    let Some(components) = d.pointer("/runtime/components").and_then(Value::as_object) else {
        return;
    };
    let zero = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b == b'0'))
    };
    for (key, c) in components {
        let p = format!("/runtime/components/{}", esc(key));
        if zero(c.get("sha256")) {
            sink.at(
                codes::E_SHA256_ZERO,
                &format!("{p}/sha256"),
                format!("component \"{key}\" still has the all-zeros placeholder digest"),
                Some("build the component (`gtdx build`) so the real digest is written".into()),
            );
        }
        if zero(c.pointer("/gtpack/sha256")) {
            sink.at(
                codes::E_SHA256_ZERO,
                &format!("{p}/gtpack/sha256"),
                format!("component \"{key}\" gtpack.sha256 is the all-zeros placeholder"),
                Some("build and pack the extension so the real digest is written".into()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::Options;
    use crate::platform::testing::{codes, findings};

    fn tools(names: &[&str]) -> Value {
        let tools: Vec<Value> = names
            .iter()
            .map(|n| json!({"name": n, "export": TOOLS_INVOKE_EXPORT}))
            .collect();
        json!({"$schema": SCHEMA_URL, "contributions": {"tools": tools}})
    }

    fn base() -> Value {
        json!({"$schema": SCHEMA_URL})
    }

    #[test]
    fn an_empty_object_reports_only_the_missing_schema_url() {
        assert_eq!(codes(&json!({})), vec!["E_SCHEMA_HOST"]);
        assert!(codes(&base()).is_empty());
        assert_eq!(
            codes(&json!({"$schema": "https://store.greentic.ai/schemas/describe-v2.json"})),
            vec!["E_SCHEMA_HOST"]
        );
        assert_eq!(codes(&json!({"$schema": 1})), vec!["E_SCHEMA_HOST"]);
    }

    #[test]
    fn version_semver_reads_metadata_version_only() {
        let mut d = base();
        d["metadata"] = json!({"version": "1.2"});
        assert_eq!(codes(&d), vec!["E_VERSION_SEMVER"]);
        d["metadata"] = json!({"version": "1.2.0-rc.1"});
        assert!(codes(&d).is_empty());
        // mistyped or elsewhere: not this rule
        d["metadata"] = json!({"version": 1});
        d["compat"] = json!({"min_runner_version": "latest", "contract_version": "x"});
        assert!(codes(&d).is_empty());
    }

    #[test]
    fn runtime_ref_checks_string_refs_of_tools_and_node_types() {
        let mut d = tools(&["a"]);
        d["runtime"] = json!({"components": {"main": {}, "other": {}}});
        d["contributions"]["tools"][0]["runtime_ref"] = json!("mian");
        d["contributions"]["nodeTypes"] = json!([{"type_id": "x.y", "runtime_ref": "gone"}]);
        let f = findings(&d, &Options::lint());
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().all(|f| f.0 == "E_RUNTIME_REF"));
        d["contributions"]["tools"][0]["runtime_ref"] = json!("main");
        d["contributions"]["nodeTypes"] =
            json!([{"type_id": "x.y"}, {"type_id": "x.z", "runtime_ref": 3}]);
        // a missing ref, a non-string ref and guardrails are not the platform's concern
        d["contributions"]["guardrails"] = json!([{"runtime_ref": "gone"}]);
        assert!(codes(&d).is_empty());
    }

    #[test]
    fn capability_cycle() {
        let mut d = base();
        d["capabilities"] =
            json!({"offered": [{"id": "a:b"}], "required": [{"id": "c:d"}, {"id": "a:b"}]});
        let f = findings(&d, &Options::lint());
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].1, "/capabilities/required/1/id");
        d["capabilities"]["required"] = json!([{"id": "c:d"}]);
        assert!(codes(&d).is_empty());
    }

    #[test]
    fn export_form_is_checked_on_tools_only() {
        let mut d = tools(&["a", "b", "c"]);
        d["contributions"]["tools"][0]["export"] = json!("invoke-tool");
        d["contributions"]["tools"][1]["export"] = json!("greentic:extension-design/tools");
        // the platform accepts any text with a '.' after the namespace
        d["contributions"]["tools"][2]["export"] = json!("greentic:extension-design/Tools.X");
        d["contributions"]["guardrails"] = json!([{"export": "nope"}]);
        assert_eq!(codes(&d), vec!["E_EXPORT_FORM", "E_EXPORT_FORM"]);
    }

    #[test]
    fn engine_is_rejected_whatever_its_value() {
        let mut d = base();
        d["engine"] = Value::Null;
        assert_eq!(codes(&d), vec!["E_ENGINE_DEPRECATED"]);
    }

    #[test]
    fn extension_ids() {
        for ok in [
            "greentic.hello",
            "com.acme.my-ext",
            "greentic.aigent3",
            "a.b.c-d2",
        ] {
            assert_eq!(gtdx_contract::names::extension_id_problem(ok), None, "{ok}");
        }
        for bad in [
            "",
            "hello",
            "greentic.3aigent",
            "greentic.provider-3aigent",
            "greentic.Hello",
            "greentic..x",
            "greentic.x-",
            "greentic.my_ext",
            ".greentic.x",
        ] {
            assert!(
                gtdx_contract::names::extension_id_problem(bad).is_some(),
                "{bad}"
            );
        }
        let mut d = base();
        d["metadata"] = json!({"id": "greentic.3aigent"});
        assert_eq!(codes(&d), vec!["E_ID_PATTERN"]);
        d["metadata"] = json!({"id": "com.acme.my-ext"});
        assert!(codes(&d).is_empty());
        assert_eq!(suggest_id("Greentic.My_Ext"), "greentic.my-ext");
        assert_eq!(suggest_id("hello"), "com.acme.hello");
    }

    #[test]
    fn tool_naming() {
        assert_eq!(codes(&tools(&["greetPerson"])), vec!["E_TOOL_NAMING"]);
        assert_eq!(codes(&tools(&["foo", "foo_bar"])), vec!["E_TOOL_NAMING"]);
        assert_eq!(codes(&tools(&["foo_bar", "foo"])), vec!["E_TOOL_NAMING"]);
        // near misses: exact duplicates, a prefix not at '_', double and trailing underscores,
        // and a long name are all accepted by the platform
        assert!(codes(&tools(&["foo", "foo"])).is_empty());
        assert!(codes(&tools(&["foo", "foobar"])).is_empty());
        assert!(codes(&tools(&["a__b", "c_", &"x".repeat(80)])).is_empty());
    }

    #[test]
    fn sha256_zero_only_with_publish() {
        let mut d = base();
        d["runtime"] = json!({"components": {"c": {"sha256": "000", "gtpack": {"sha256": "0".repeat(64)}}, "d": {"sha256": ""}}});
        assert!(codes(&d).is_empty());
        let publish = Options {
            publish: true,
            ..Options::lint()
        };
        let f = findings(&d, &publish);
        assert_eq!(f.len(), 2);
        assert_eq!(f[0].1, "/runtime/components/c/sha256");
        assert_eq!(f[1].1, "/runtime/components/c/gtpack/sha256");
    }
}
