//! Every kind the platform's own `gtdx new` scaffolds (design, bundle, deploy, provider,
//! wasm-component, mcp, llm, addon): what its `validate` accepts, ours accepts, and both lints
//! report the same platform findings; what it refuses, ours refuses.
//!
//! * `platform_scaffolds_are_the_fixtures`: the platform's `gtdx new` (no build) writes exactly
//!   `tests/fixtures/kinds/<kind>.describe.json`, and its `validate` and `lint` accept each.
//! * `every_kind_validates_and_lints_as_on_the_platform`: ours on each fixture: accepted, no
//!   error, and the platform's lint codes (none) among ours; checklist warnings of our own
//!   (`Area::Lint`) are allowed, as everywhere.
//! * `kind_dependent_members_are_refused_as_on_the_platform`: each fixture with a member on the
//!   wrong kind (`secret_requirements` outside an MCP router, `requiredSecrets`/`configSchema`
//!   on one, no `contributions` outside one): both refuse; ours says why, where.
//!
//! Without the platform's binary only our half runs (under `CI=true` the tests fail). Warm, the
//! three take 13 to 16 s together on two busy cores, nearly all of it the platform's
//! unoptimised binary (about 0.4 s a run, some 40 runs, two at a time); our half alone takes
//! under a second.

use std::path::{Path, PathBuf};

use gtdx_contract::codes::{self, Area};
use serde_json::{Value, json};

use crate::platform::platform_codes;
use crate::support::{Env, PLATFORM_GTDX, Tool, fixture, quote, read_json, require_tool};

/// The kinds, with the flags `gtdx new` needs for each beyond the defaults.
const KINDS: &[(&str, &[&str])] = &[
    ("design", &[]),
    ("bundle", &[]),
    ("deploy", &[]),
    ("provider", &[]),
    (
        "wasm-component",
        &[
            "--component-ref",
            "oci://ghcr.io/acme/comp@sha256:1111111111111111111111111111111111111111111111111111111111111111",
        ],
    ),
    ("mcp", &[]),
    ("llm", &[]),
    ("addon", &[]),
];

fn pinned(kind: &str) -> PathBuf {
    fixture("kinds").join(format!("{kind}.describe.json"))
}

/// The platform's `validate DIR` (accepts or not, with what it printed) and the codes of its
/// `lint --dir DIR`.
fn platform_verdict(env: &Env, platform: &Tool, dir: &Path) -> (bool, String, Vec<String>) {
    let run = env.tool(platform, ["validate"]).arg(dir).run();
    let accepted = run.exit_code() == 0;
    let printed = format!("{}{}", quote(run.stdout(), 2), quote(run.stderr(), 2));
    let lint = env.tool(platform, ["lint", "--dir"]).arg(dir).run();
    let mut problems = Vec::new();
    let codes = platform_codes(lint.stderr(), &mut problems);
    assert!(problems.is_empty(), "{problems:?}");
    (accepted, printed, codes)
}

/// Our `validate` verdict and `lint --format json` diagnostics on a describe.json.
fn our_verdict(env: &Env, describe: &Path) -> (bool, Vec<Value>) {
    let validate = env
        .gtdx_cmd(["validate", "--format", "json"])
        .arg(describe)
        .run();
    let lint = env
        .gtdx_cmd(["lint", "--format", "json"])
        .arg(describe)
        .run();
    let doc = lint.json();
    let diagnostics = doc["diagnostics"].as_array().cloned().unwrap_or_default();
    (validate.exit_code() == 0, diagnostics)
}

/// Our codes (with severities) that stand for a platform lint rule.
fn platform_rule_codes(diagnostics: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .filter(|c| codes::find(c).is_some_and(|c| c.area == Area::Platform))
        .map(str::to_string)
        .collect();
    out.sort();
    out
}

fn errors(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            format!(
                "{} at {}: {}",
                d["code"].as_str().unwrap_or("?"),
                d["pointer"].as_str().unwrap_or(""),
                d["message"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// `check` on every item, two at a time (the platform's debug binary takes most of a second per
/// run): the failures, in item order.
fn check_each<T: Sync>(
    items: &[T],
    check: impl Fn(usize, &T) -> Vec<String> + Sync,
) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let found = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let problems = check(i, item);
                    found.lock().unwrap().push((i, problems));
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_by_key(|(i, _)| *i);
    found.into_iter().flat_map(|(_, p)| p).collect()
}

#[test]
fn platform_scaffolds_are_the_fixtures() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let failures = check_each(KINDS, |_, (kind, flags)| {
        let mut failures = Vec::new();
        let name = format!("{kind}-ext");
        env.tool(&platform, ["new", name.as_str(), "--kind", kind])
            .args(["--yes", "--no-git", "--author", "Acme"])
            .args(*flags)
            .run()
            .success();
        let dir = env.path(&name);
        let written = read_json(&dir.join("describe.json"));
        if written != read_json(&pinned(kind)) {
            failures.push(format!(
                "{kind}: the platform's `gtdx new` no longer writes tests/fixtures/kinds/{kind}.describe.json (see its README to refresh it):\n{}",
                serde_json::to_string_pretty(&written).unwrap_or_default()
            ));
        }
        let (accepted, printed, lint) = platform_verdict(&env, &platform, &dir);
        if !accepted || !lint.is_empty() {
            failures.push(format!(
                "{kind}: the platform's validate accepted: {accepted}, its lint reported {lint:?}{printed}"
            ));
        }
        failures
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_kind_validates_and_lints_as_on_the_platform() {
    let env = Env::new();
    let mut failures = Vec::new();
    for (kind, _) in KINDS {
        let (accepted, diagnostics) = our_verdict(&env, &pinned(kind));
        let errors = errors(&diagnostics);
        let platform_rules = platform_rule_codes(&diagnostics);
        if !accepted || !errors.is_empty() || !platform_rules.is_empty() {
            failures.push(format!(
                "{kind}: the platform accepts it and its lint is clean; gtdx validate accepted: {accepted}, lint errors {errors:?}, platform-rule codes {platform_rules:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A fixture with one member added (or removed, for `null`), the pointer our report must name
/// and the code it must carry there.
struct Variant {
    name: &'static str,
    kind: &'static str,
    member: &'static str,
    value: Value,
    code: &'static str,
}

fn variants() -> Vec<Variant> {
    let v = |name, kind, member, value, code| Variant {
        name,
        kind,
        member,
        value,
        code,
    };
    vec![
        v(
            "design with a top-level secret_requirements",
            "design",
            "secret_requirements",
            json!([]),
            "E_UNKNOWN_FIELD",
        ),
        v(
            "llm with a top-level secret_requirements",
            "llm",
            "secret_requirements",
            json!([{ "key": "acme/api_key" }]),
            "E_UNKNOWN_FIELD",
        ),
        v(
            "design without contributions",
            "design",
            "contributions",
            Value::Null,
            "E_MISSING_FIELD",
        ),
        v(
            "addon without contributions",
            "addon",
            "contributions",
            Value::Null,
            "E_MISSING_FIELD",
        ),
        v(
            "mcp with requiredSecrets",
            "mcp",
            "requiredSecrets",
            json!([{ "key": "acme/api_key" }]),
            "E_UNKNOWN_FIELD",
        ),
        v(
            "mcp with configSchema",
            "mcp",
            "configSchema",
            json!("{\"type\":\"object\"}"),
            "E_UNKNOWN_FIELD",
        ),
        v(
            "mcp with a secret requirement that is not an object",
            "mcp",
            "secret_requirements",
            json!(["acme/api_key"]),
            "E_TYPE",
        ),
    ]
}

#[test]
fn kind_dependent_members_are_refused_as_on_the_platform() {
    let platform = require_tool(PLATFORM_GTDX);
    let env = Env::new();
    let mut failures = Vec::new();
    // The accepted side of the same members: an MCP router with a credential and contributions.
    let mut router = read_json(&pinned("mcp"));
    router["secret_requirements"] = json!([{ "key": "EXAMPLE_KEY", "required": true }]);
    router["contributions"] = json!({});
    let dir = env.mkdir("mcp-with-members");
    std::fs::write(dir.join("describe.json"), router.to_string()).unwrap();
    let (accepted, diagnostics) = our_verdict(&env, &dir.join("describe.json"));
    if !accepted || !errors(&diagnostics).is_empty() {
        failures.push(format!(
            "an MCP router with secret_requirements and contributions: gtdx refuses it: {:?}",
            errors(&diagnostics)
        ));
    }
    if let Some(platform) = &platform {
        let (accepted, printed, lint) = platform_verdict(&env, platform, &dir);
        if !accepted || !lint.is_empty() {
            failures.push(format!(
                "an MCP router with secret_requirements and contributions: the platform accepted: {accepted}, lint {lint:?}{printed}"
            ));
        }
    }
    failures.extend(check_each(&variants(), |i, variant| {
        let mut failures = Vec::new();
        let mut doc = read_json(&pinned(variant.kind));
        let top = doc.as_object_mut().expect("a describe.json is an object");
        if variant.value.is_null() {
            top.remove(variant.member);
        } else {
            top.insert(variant.member.to_string(), variant.value.clone());
        }
        let dir = env.mkdir(&format!("variant-{i}"));
        let describe = dir.join("describe.json");
        std::fs::write(&describe, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        let (accepted, diagnostics) = our_verdict(&env, &describe);
        // Missing members are reported on their parent (the document), present ones on
        // themselves (or an entry of theirs).
        let at = if variant.value.is_null() {
            String::new()
        } else {
            format!("/{}", variant.member)
        };
        let found = diagnostics.iter().any(|d| {
            d["code"] == variant.code
                && d["severity"] == "error"
                && d["pointer"]
                    .as_str()
                    .is_some_and(|p| p == at || p.starts_with(&format!("{at}/")))
        });
        if accepted || !found {
            failures.push(format!(
                "{}: gtdx validate accepted: {accepted}; expected {} at `{at}`, lint reported {:?}",
                variant.name,
                variant.code,
                errors(&diagnostics)
            ));
        }
        if let Some(platform) = &platform {
            let (accepted, printed, lint) = platform_verdict(&env, platform, &dir);
            let ours = platform_rule_codes(&diagnostics);
            if accepted || lint != ours {
                failures.push(format!(
                    "{}: the platform's validate accepted: {accepted} (gtdx refuses); its lint {lint:?}, gtdx's platform rules {ours:?}{printed}",
                    variant.name
                ));
            }
        }
        failures
    }));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
