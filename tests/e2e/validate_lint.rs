//! `gtdx validate` and `gtdx lint`: the real binary on real manifests.
//!
//! Fixtures live in `tests/fixtures/manifests/`: `rules/<CODE>.fires.json` must report CODE and
//! `rules/<CODE>.passes.json` (a near miss) must report nothing at all, for every rule in the
//! table. Commands run inside the fixture directory so file names in the output are stable.

use gtdx_contract::codes::Area;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Env, read, read_json, reference, workspace_root};

fn manifests() -> PathBuf {
    crate::support::fixture("manifests")
}

/// `gtdx lint --format json --verbose` (info notes included) on a fixture: (exit code, the
/// JSON document).
#[track_caller]
fn lint_json(env: &Env, dir: &Path, file: &str, extra: &[&str]) -> (i32, Value) {
    let run = env.gtdx_in(
        dir,
        ["lint", "--format", "json", "--verbose", file]
            .iter()
            .chain(extra),
    );
    (run.exit_code(), run.json())
}

fn codes(doc: &Value) -> Vec<String> {
    doc["diagnostics"]
        .as_array()
        .expect("diagnostics array")
        .iter()
        .map(|d| d["code"].as_str().expect("code").to_string())
        .collect()
}

fn publish_flag(code: &str) -> Vec<&'static str> {
    match gtdx_contract::codes::find(code).map(|c| c.area) {
        Some(Area::Publish) => vec!["--publish"],
        _ => vec![],
    }
}

/// Rules tested outside the fixture loop: they need a baseline or a `wit/world.wit`.
const ELSEWHERE: &[&str] = &[
    "W_DESCRIBE_DIFF_BREAKING",
    "E_ADDON_BACKUP_NOT_EXPORTED",
    "W_ADDON_BACKUP_UNDECLARED",
];

#[test]
fn every_rule_fires_on_its_fixture_and_not_on_its_near_miss() {
    let env = Env::new();
    let dir = manifests().join("rules");
    let mut failures = Vec::new();
    for rule in gtdx_contract::codes::all() {
        let manifest_rule = matches!(
            rule.area,
            Area::Validate | Area::Platform | Area::Lint | Area::Publish
        );
        if !manifest_rule || ELSEWHERE.contains(&rule.id) {
            // Rules about Rust sources have crate fixtures (tests/e2e/describe.rs), the load,
            // build and worker codes their own tests; the others here need a baseline or a
            // wit/world.wit and have their own tests below.
            continue;
        }
        let flags = publish_flag(rule.id);
        let fires = format!("{}.fires.json", rule.id);
        let passes = format!("{}.passes.json", rule.id);
        for f in [&fires, &passes] {
            assert!(
                dir.join(f).is_file(),
                "missing fixture rules/{f} for rule {}",
                rule.id
            );
        }
        let (code, doc) = lint_json(&env, &dir, &fires, &flags);
        let found = codes(&doc);
        if !found.iter().any(|c| c == rule.id) {
            failures.push(format!("{fires}: expected {}, got {found:?}", rule.id));
        }
        let expected_exit = if rule.severity == gtdx_contract::Severity::Error {
            1
        } else {
            0
        };
        if code != expected_exit {
            failures.push(format!(
                "{fires}: exit code {code}, expected {expected_exit}"
            ));
        }
        let (code, doc) = lint_json(&env, &dir, &passes, &flags);
        // A near miss that needs a spec-only member (dynamicTools) carries that member's
        // warning and nothing else.
        let found: Vec<String> = codes(&doc)
            .into_iter()
            .filter(|c| c != "W_PLATFORM_UNKNOWN_FIELD")
            .collect();
        if !found.is_empty() || code != 0 {
            failures.push(format!(
                "{passes}: expected no findings and exit 0, got {code} {found:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_fixture_directory_holds_no_stray_rule_fixtures() {
    // A fixture for a code that is not in the table would test nothing.
    for entry in std::fs::read_dir(manifests().join("rules")).unwrap() {
        let entry = entry.unwrap();
        if entry.path().is_dir() {
            // assets/: the files the view rules' fixtures point at.
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let code = name.split('.').next().unwrap_or_default();
        assert!(
            gtdx_contract::codes::find(code).is_some(),
            "rules/{name} names unknown code {code}"
        );
    }
}

#[test]
fn warnings_fail_only_with_deny_warnings_and_infos_never() {
    let env = Env::new();
    let dir = manifests().join("rules");
    let (code, _) = lint_json(&env, &dir, "W_CAPABILITIES_ABSENT.fires.json", &[]);
    assert_eq!(code, 0);
    let (code, _) = lint_json(
        &env,
        &dir,
        "W_CAPABILITIES_ABSENT.fires.json",
        &["--deny-warnings"],
    );
    assert_eq!(code, 1);
    let (code, doc) = lint_json(
        &env,
        &dir,
        "I_METADATA_DEFAULTS.fires.json",
        &["--deny-warnings"],
    );
    assert_eq!(code, 0, "{doc}");
}

#[test]
fn publish_rules_run_only_with_publish() {
    let env = Env::new();
    let dir = manifests().join("rules");
    let (code, doc) = lint_json(&env, &dir, "E_SHA256_ZERO.fires.json", &[]);
    assert_eq!((code, codes(&doc)), (0, vec![]));
    let (code, doc) = lint_json(&env, &dir, "E_SHA256_ZERO.fires.json", &["--publish"]);
    assert_eq!((code, codes(&doc)), (1, vec!["E_SHA256_ZERO".to_string()]));
}

#[test]
fn the_specs_example_tool_in_a_complete_manifest_passes() {
    let env = Env::new();
    // The fixture carries the spec's example tool verbatim.
    let spec = read(&reference("spec/extension-tools-and-node-types.md"));
    let start =
        spec.find("describe.json\n\n{").expect("the spec's example") + "describe.json\n\n".len();
    let end = start + spec[start..].find("\n}\n").expect("end of the example") + 2;
    let example: Value =
        serde_json::from_str(&spec[start..end]).expect("the spec's example is JSON");
    let ours = read_json(&manifests().join("spec-example.json"));
    assert_eq!(
        ours["contributions"]["tools"][0],
        example["contributions"]["tools"][0]
    );
    assert_eq!(ours["apiVersion"], example["apiVersion"]);

    // By default it lints with zero findings.
    env.gtdx_in(
        &manifests(),
        ["lint", "--deny-warnings", "--publish", "spec-example.json"],
    )
    .code(0)
    .stdout_is("spec-example.json: no problems found (1 info note hidden; --verbose shows it)\n");
    // That tool declares the agentic_worker capability but no metadata: with --verbose the one
    // finding is the (true) note that the conservative defaults apply.
    let (code, doc) = lint_json(
        &env,
        &manifests(),
        "spec-example.json",
        &["--deny-warnings", "--publish"],
    );
    assert_eq!(code, 0, "{doc}");
    assert_eq!(codes(&doc), vec!["I_METADATA_DEFAULTS"]);
    env.gtdx_in(&manifests(), ["validate", "spec-example.json"])
        .code(0)
        .stdout_is("spec-example.json: no problems found\n");
}

#[test]
fn the_bundled_example_lints_with_zero_findings() {
    let env = Env::new();
    let dir = workspace_root().join("examples/hello");
    let (code, doc) = lint_json(
        &env,
        &dir,
        "describe.json",
        &["--deny-warnings", "--publish"],
    );
    assert_eq!((code, codes(&doc)), (0, vec![]), "{doc}");
}

#[test]
fn validate_defaults_to_describe_json_in_the_current_directory() {
    let env = Env::new();
    std::fs::copy(
        manifests().join("spec-example.json"),
        env.path("describe.json"),
    )
    .unwrap();
    env.gtdx(["validate"])
        .code(0)
        .stdout_is("describe.json: no problems found\n");
    env.gtdx(["lint"]).code(0);
}

#[test]
fn unknown_field_names_the_nearest_known_key_at_the_key() {
    let env = Env::new();
    let dir = manifests().join("rules");
    let (_, doc) = lint_json(&env, &dir, "E_UNKNOWN_FIELD.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    assert_eq!(
        d["message"],
        "unknown field \"capabilites\" at /contributions/tools/0; did you mean \"capabilities\"?"
    );
    assert_eq!(d["pointer"], "/contributions/tools/0/capabilites");
    let at = text_at(&dir.join("E_UNKNOWN_FIELD.fires.json"), d);
    assert!(
        at.starts_with("\"capabilites\""),
        "position points at {at:?}"
    );
}

#[test]
fn errors_inside_stringified_schemas_point_inside_the_string() {
    let env = Env::new();
    let dir = manifests().join("rules");
    let (_, doc) = lint_json(&env, &dir, "E_SCHEMA_STRING_JSON.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    assert_eq!(d["code"], "E_SCHEMA_STRING_JSON");
    assert_eq!(d["pointer"], "/contributions/tools/0/input_schema");
    // The trailing comma: serde_json stops at the brace after it.
    let at = text_at(&dir.join("E_SCHEMA_STRING_JSON.fires.json"), d);
    assert!(at.starts_with("}}\""), "position points at {at:?}");

    let (_, doc) = lint_json(&env, &dir, "E_SCHEMA_STRING_INVALID.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    let at = text_at(&dir.join("E_SCHEMA_STRING_INVALID.fires.json"), d);
    assert!(at.starts_with("\\\"strin\\\""), "position points at {at:?}");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("/properties/greeting/type"),
        "{d}"
    );

    // Inside an encoded metadata blob, past escapes.
    let (_, doc) = lint_json(&env, &dir, "E_METADATA_CONTRACT.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    let at = text_at(&dir.join("E_METADATA_CONTRACT.fires.json"), d);
    assert!(
        at.starts_with("\\\"sometimes\\\""),
        "position points at {at:?}"
    );
}

/// The file's text from a diagnostic's line:column (columns count characters).
fn text_at(path: &Path, d: &Value) -> String {
    let text = read(path);
    let line = d["line"].as_u64().expect("line") as usize;
    let column = d["column"].as_u64().expect("column") as usize;
    let l = text.lines().nth(line - 1).expect("line exists");
    l.chars().skip(column - 1).collect()
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let env = Env::new();
    let (code, doc) = lint_json(&env, &manifests(), "structural-errors.json", &[]);
    assert_eq!(code, 1);
    assert_eq!(doc["linted"], false);
    let found = codes(&doc);
    assert!(found.len() >= 12, "{found:?}");
    for c in [
        "E_UNKNOWN_FIELD",
        "E_MISSING_FIELD",
        "E_TYPE",
        "E_INVALID_VALUE",
        "E_SCHEMA_STRING_JSON",
        "E_SCHEMA_STRING_INVALID",
    ] {
        assert!(found.iter().any(|f| f == c), "{c} missing from {found:?}");
    }
}

#[test]
fn json_output_carries_every_field() {
    let env = Env::new();
    let (_, doc) = lint_json(&env, &manifests(), "several-problems.json", &[]);
    let diags = doc["diagnostics"].as_array().unwrap();
    assert!(diags.len() > 5);
    for d in diags {
        for key in [
            "code", "severity", "message", "file", "line", "column", "pointer", "help",
        ] {
            assert!(d.get(key).is_some(), "{key} missing in {d}");
        }
        assert!(d["line"].as_u64().unwrap() >= 1 && d["column"].as_u64().unwrap() >= 1);
        assert_eq!(d["file"], "several-problems.json");
    }
    // Sorted by position.
    let pos: Vec<(u64, u64)> = diags
        .iter()
        .map(|d| (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()))
        .collect();
    let mut sorted = pos.clone();
    sorted.sort();
    assert_eq!(pos, sorted);
}

#[test]
fn snapshot_lint_human() {
    let env = Env::new();
    let run = env.gtdx_in(&manifests(), ["lint", "--verbose", "several-problems.json"]);
    run.code(1).stderr_is("");
    insta::assert_snapshot!("lint_human", run.stdout());
}

#[test]
fn snapshot_lint_json() {
    let env = Env::new();
    let run = env.gtdx_in(
        &manifests(),
        [
            "lint",
            "--format",
            "json",
            "--verbose",
            "several-problems.json",
        ],
    );
    run.code(1);
    insta::assert_snapshot!("lint_json", run.stdout());
}

#[test]
fn info_notes_are_hidden_unless_verbose() {
    let env = Env::new();
    let dir = manifests().join("rules");
    env.gtdx_in(&dir, ["lint", "I_METADATA_DEFAULTS.fires.json"])
        .code(0)
        .stdout_lacks("info[I_METADATA_DEFAULTS]")
        .stdout_has("1 info note hidden; --verbose shows it");
    env.gtdx_in(&dir, ["lint", "-v", "I_METADATA_DEFAULTS.fires.json"])
        .stdout_has("info[I_METADATA_DEFAULTS]");
    let doc = env
        .gtdx_in(
            &dir,
            ["lint", "--format", "json", "I_METADATA_DEFAULTS.fires.json"],
        )
        .json();
    assert_eq!(codes(&doc), Vec::<String>::new());
    assert_eq!(doc["summary"]["hidden_infos"], 1);
}

#[test]
fn snapshot_validate_human() {
    let env = Env::new();
    let run = env.gtdx_in(&manifests(), ["validate", "structural-errors.json"]);
    run.code(1);
    insta::assert_snapshot!("validate_human", run.stdout());
}

#[test]
fn snapshot_v1_manifest() {
    let env = Env::new();
    let run = env.gtdx_in(
        &manifests().join("rules"),
        ["lint", "E_API_VERSION.fires.json"],
    );
    run.code(1);
    insta::assert_snapshot!("lint_v1", run.stdout());
}

#[test]
fn explain_prints_a_rule_and_suggests_on_a_typo() {
    let env = Env::new();
    let run = env.gtdx_in(&manifests(), ["lint", "--explain", "E_EXPORT_FORM"]);
    run.code(0)
        .check(
            run.stdout()
                .starts_with("E_EXPORT_FORM (error, lint (platform rule)):"),
            "stdout starts with the rule's code, severity and phase",
        )
        .stdout_has("greentic:extension-design/<interface>.<member>");
    env.gtdx_in(&manifests(), ["lint", "--explain", "E_EXPORT_FROM"])
        .code(2)
        .stdout_is("")
        .stderr_has("did you mean E_EXPORT_FORM?");
}

#[test]
fn explain_knows_every_code_gtdx_prints() {
    // Not only the lint's: load, build, pack and worker codes too, under `gtdx explain`.
    let env = Env::new();
    for (id, head) in [
        (
            "E_BUILD_WORLD_MISMATCH",
            "E_BUILD_WORLD_MISMATCH (error, build, pack):",
        ),
        (
            "w_worker_no_tools",
            "W_WORKER_NO_TOOLS (warning, worker build):",
        ),
        (
            "E_FILE_ENCODING",
            "E_FILE_ENCODING (error, reading the file):",
        ),
        (
            "W_HANDWRITTEN_TOOLS",
            "W_HANDWRITTEN_TOOLS (warning, describe, lint --manifest-path):",
        ),
    ] {
        let run = env.gtdx(["explain", id]);
        run.code(0).check(run.stdout().starts_with(head), head);
    }
    env.gtdx(["explain", "E_BUILD_WORLD_MISMACH"])
        .code(2)
        .stderr_has("did you mean E_BUILD_WORLD_MISMATCH?")
        .stderr_has("docs/diagnostics.md");
}

// ----- bad input: exit 2, one line naming the file and the cause, nothing on stdout -----

/// Runs validate and lint on `file` in the env; both must exit 2 with one stderr line that
/// contains every needle.
#[track_caller]
fn assert_bad_input(env: &Env, file: &str, needles: &[&str]) {
    for cmd in ["validate", "lint"] {
        let run = env.gtdx([cmd, file]);
        run.code(2)
            .stdout_is("")
            .check(run.stderr().lines().count() == 1, "one line on stderr")
            .check(
                run.stderr().starts_with("error: "),
                "stderr starts with `error: `",
            )
            .stderr_has_all(needles)
            .stderr_lacks("panicked");
    }
}

#[test]
fn bad_input_missing_file() {
    let env = Env::new();
    assert_bad_input(&env, "nope.json", &["nope.json: no such file"]);
    // The default path too.
    env.gtdx(["lint"])
        .code(2)
        .stderr_has("describe.json: no such file");
}

#[test]
fn bad_input_directory() {
    let env = Env::new();
    env.mkdir("ext");
    assert_bad_input(&env, "ext", &["ext: is a directory", "ext/describe.json"]);
}

#[test]
fn bad_input_empty_and_blank() {
    let env = Env::new();
    env.write("empty.json", "");
    env.write("blank.json", " \n\t\n");
    assert_bad_input(&env, "empty.json", &["empty.json: is empty"]);
    assert_bad_input(&env, "blank.json", &["blank.json: is empty"]);
}

#[test]
fn bad_input_not_json() {
    let env = Env::new();
    env.write(
        "d.json",
        "{\n  \"apiVersion\": \"greentic.ai/v2\",\n  kind: 1\n}\n",
    );
    assert_bad_input(
        &env,
        "d.json",
        &["d.json:3:3: not valid JSON: key must be a string"],
    );
    env.write("arr.json", "[1, 2]");
    assert_bad_input(&env, "arr.json", &["arr.json: the top level is an array"]);
    env.write("cut.json", "{\"apiVersion\": \"greentic");
    assert_bad_input(&env, "cut.json", &["cut.json:1:", "EOF"]);
}

#[test]
fn bad_input_binary() {
    let env = Env::new();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend((0..=255u8).cycle().take(4096));
    env.write("ext.wasm", wasm);
    assert_bad_input(&env, "ext.wasm", &["ext.wasm: is a binary file"]);
}

#[test]
fn bad_input_invalid_utf8_utf16_and_bom() {
    let env = Env::new();
    env.write("latin1.json", b"{\n  \"name\": \"caf\xe9\"\n}\n");
    assert_bad_input(&env, "latin1.json", &["latin1.json:2:15: invalid UTF-8"]);
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("{}".encode_utf16().flat_map(|u| u.to_le_bytes()))
        .collect();
    env.write("utf16.json", utf16);
    assert_bad_input(&env, "utf16.json", &["utf16.json: is UTF-16 encoded"]);
    env.write("bom.json", "\u{feff}{}");
    assert_bad_input(
        &env,
        "bom.json",
        &["bom.json:1:1: starts with a UTF-8 byte-order mark"],
    );
}

#[test]
fn bad_input_50_mb() {
    let env = Env::new();
    // A syntactically valid JSON document of 50 MB: refused for its size, before parsing.
    let mut text = String::with_capacity(50 * 1024 * 1024 + 16);
    text.push_str("{\"a\":\"");
    text.push_str(&"x".repeat(50 * 1024 * 1024));
    text.push_str("\"}");
    env.write("big.json", text);
    assert_bad_input(
        &env,
        "big.json",
        &["big.json: is 52428808 bytes", "at most 16777216"],
    );
}

#[test]
fn bad_input_100000_levels_deep() {
    let env = Env::new();
    let deep = format!(
        "{{\"contributions\": {}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    env.write("deep.json", deep);
    assert_bad_input(
        &env,
        "deep.json",
        &["deep.json:1:", "nested deeper than 128 levels"],
    );
    let objects = format!("{}{}", "{\"a\":".repeat(100_000), "}".repeat(100_000));
    env.write("objects.json", objects);
    assert_bad_input(&env, "objects.json", &["nested deeper than 128 levels"]);
}

#[test]
fn bad_input_in_json_format_is_a_json_document_too() {
    let env = Env::new();
    env.write("d.json", "{oops}");
    let doc = env
        .gtdx(["lint", "--format", "json", "d.json"])
        .code(2)
        .json();
    assert_eq!(doc["diagnostics"][0]["code"], "E_NOT_JSON");
    assert_eq!(doc["diagnostics"][0]["line"], 1);
}

#[test]
fn lint_manifest_path_warns_about_tools_built_by_hand() {
    let env = Env::new();
    env.write(
        "Cargo.toml",
        "[package]\nname = \"trap-demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    env.write(
        "src/lib.rs",
        "pub struct ToolDefinition { pub name: String }\n\n\
         pub fn list_tools() -> Vec<ToolDefinition> {\n    \
         vec![ToolDefinition { name: \"ghost_tool\".into() }]\n}\n",
    );
    std::fs::copy(
        workspace_root().join("examples/hello/describe.json"),
        env.path("describe.json"),
    )
    .unwrap();

    // Without --manifest-path the manifest alone is clean.
    env.gtdx(["lint", "--deny-warnings"]).code(0);

    // With it, the hand-built tool list is found, with its file and line, and the tool name
    // describe.json does not contain.
    env.gtdx(["lint", "--deny-warnings", "--manifest-path", "Cargo.toml"])
        .code(1)
        .stdout_has("W_HANDWRITTEN_TOOLS")
        .stdout_has("src/lib.rs:")
        .stdout_has("ghost_tool");

    // A missing Cargo.toml is bad input, not a finding.
    env.gtdx(["lint", "--manifest-path", "nope/Cargo.toml"])
        .code(2);
}

// ----- the platform's rules on documents gtdx's checklist cannot read, baselines, grants -----

/// `gtdx lint --format json --verbose FILE ARGS` in the env with `GREENTIC_HOME=home`:
/// (exit code, the JSON document or null, stderr).
fn lint_with_home(env: &Env, home: &Path, file: &str, extra: &[&str]) -> (i32, Value, String) {
    let run = env
        .gtdx_cmd(["lint", "--format", "json", "--verbose", file])
        .args(extra)
        .env("GREENTIC_HOME", home)
        .run();
    let doc = serde_json::from_str(run.stdout()).unwrap_or(Value::Null);
    (run.exit_code(), doc, run.stderr().to_string())
}

fn base_manifest() -> Value {
    read_json(&manifests().join("rules/E_API_VERSION.passes.json"))
}

#[test]
fn platform_rules_run_even_when_validation_fails() {
    let env = Env::new();
    // Not a loadable describe at all, but the platform's linter still reports these.
    env.write(
        "describe.json",
        r#"{"engine": {}, "metadata": {"id": "greentic.3aigent", "version": "1.2"}, "contributions": {"tools": [{"name": "doIt", "export": "invoke-tool"}]}}"#,
    );
    let (code, doc) = lint_json(&env, env.root(), "describe.json", &[]);
    assert_eq!(code, 1);
    assert_eq!(doc["linted"], false);
    let found = codes(&doc);
    for c in [
        "E_SCHEMA_HOST",
        "E_ENGINE_DEPRECATED",
        "E_ID_PATTERN",
        "E_VERSION_SEMVER",
        "E_TOOL_NAMING",
        "E_EXPORT_FORM",
    ] {
        assert!(found.iter().any(|f| f == c), "{c} missing from {found:?}");
    }
}

#[test]
fn secret_uri_grants_and_an_open_capability_lint_without_errors() {
    let env = Env::new();
    let mut m = base_manifest();
    m["runtime"]["permissions"]["secrets"] =
        serde_json::json!(["secret://hello/api_key", "secret://other", "secret://third"]);
    m["contributions"]["tools"][1]["secret_requirements"] = serde_json::json!([
        {"key": "hello/api_key"}, {"key": "other/token"}, {"key": "third/key"}
    ]);
    m["contributions"]["tools"][1]["capabilities"] =
        serde_json::json!(["agentic_worker", "studio"]);
    env.write("describe.json", m.to_string());
    let (code, doc) = lint_json(&env, env.root(), "describe.json", &[]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["summary"]["errors"], 0, "{doc}");
    // `studio` serves neither runtime surface: a warning naming the tool and the surface.
    let d = &doc["diagnostics"][0];
    assert_eq!(d["code"], "W_CAPABILITY_UNKNOWN", "{doc}");
    let msg = d["message"].as_str().unwrap();
    assert!(
        msg.contains("send_greeting_card") && msg.contains("\"flow\""),
        "{msg}"
    );
    assert_eq!(codes(&doc), vec!["W_CAPABILITY_UNKNOWN"]);

    // A plain key grants nothing: the platform's error, and the tool's secret is not granted.
    m["runtime"]["permissions"]["secrets"] = serde_json::json!(["hello/api_key"]);
    env.write("describe.json", m.to_string());
    let (code, doc) = lint_json(&env, env.root(), "describe.json", &[]);
    assert_eq!(code, 1);
    let found = codes(&doc);
    assert!(
        found.contains(&"E_PERMS_SECRETS_PLAIN_KEY".to_string()),
        "{found:?}"
    );
    assert!(
        found.contains(&"E_SECRET_NOT_GRANTED".to_string()),
        "{found:?}"
    );
}

/// The base manifest at `version` with the given tool names kept.
fn release(version: &str, keep: usize) -> Value {
    let mut m = base_manifest();
    m["metadata"]["version"] = Value::from(version);
    let tools = m["contributions"]["tools"].as_array_mut().unwrap();
    tools.truncate(keep);
    m
}

#[test]
fn baseline_file_reports_removed_tools_without_a_major_bump() {
    let env = Env::new();
    let home = env.path("home");
    env.write("old.json", release("1.4.2", 2).to_string());
    env.write("describe.json", release("1.5.0", 1).to_string());
    let (code, doc, _) = lint_with_home(&env, &home, "describe.json", &["--baseline", "old.json"]);
    assert_eq!(code, 0, "a warning");
    let d = doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "W_DESCRIBE_DIFF_BREAKING")
        .unwrap_or_else(|| panic!("{doc}"));
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("\"send_greeting_card\""),
        "{d}"
    );
    assert_eq!(d["pointer"], "/metadata/version");
    // A major bump excuses it; so does turning the comparison off.
    env.write("describe.json", release("2.0.0", 1).to_string());
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &["--baseline", "old.json"]);
    assert!(!codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()));
    env.write("describe.json", release("1.5.0", 1).to_string());
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &["--baseline", "none"]);
    assert!(!codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()));
}

#[test]
fn an_unreadable_baseline_file_is_bad_input() {
    let env = Env::new();
    let home = env.path("home");
    env.write("describe.json", release("1.0.0", 2).to_string());
    env.write("broken.json", "{oops");
    for (file, needle) in [
        ("missing.json", "missing.json: no such file"),
        ("broken.json", "broken.json:1:"),
    ] {
        let (code, _, stderr) = lint_with_home(&env, &home, "describe.json", &["--baseline", file]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
}

#[test]
fn baseline_installed_reads_the_highest_installed_version() {
    let env = Env::new();
    let home = env.path("home");
    for (v, keep) in [("1.2.0", 1), ("1.3.0", 2)] {
        env.write(
            &format!("home/extensions/design/greentic.hello-{v}/describe.json"),
            release(v, keep).to_string(),
        );
    }
    env.write("describe.json", release("1.3.1", 1).to_string());
    // the default is --baseline installed
    for extra in [&[][..], &["--baseline", "installed"][..]] {
        let (code, doc, _) = lint_with_home(&env, &home, "describe.json", extra);
        assert_eq!(code, 0);
        let found = codes(&doc);
        assert_eq!(found, vec!["W_DESCRIBE_DIFF_BREAKING"], "{doc}");
        assert!(
            doc["diagnostics"][0]["message"]
                .as_str()
                .unwrap()
                .contains("greentic.hello-1.3.0")
        );
    }
    // another kind has another directory: nothing installed there
    let mut bundle = release("1.3.1", 1);
    bundle["kind"] = Value::from("BundleExtension");
    env.write("describe.json", bundle.to_string());
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &[]);
    assert!(
        !codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()),
        "{doc}"
    );
}

#[test]
fn addon_backup_claims_are_read_against_wit_world() {
    let env = Env::new();
    let home = env.path("home");
    let mut m = base_manifest();
    m["contributions"]["addons"] =
        serde_json::json!([{"id": "db", "family": "sql", "supports_backup": true}]);
    env.write("describe.json", m.to_string());
    // no wit/world.wit: silent
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &[]);
    assert!(!codes(&doc).iter().any(|c| c.contains("BACKUP")), "{doc}");
    env.write("wit/world.wit", "package acme:db;\nworld addon {\n  import x;\n  export greentic:extension-addon/lifecycle@0.1.0;\n}\n");
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &[]);
    assert!(
        codes(&doc).contains(&"E_ADDON_BACKUP_NOT_EXPORTED".to_string()),
        "{doc}"
    );
    m["contributions"]["addons"][0]["supports_backup"] = Value::from(false);
    env.write("describe.json", m.to_string());
    env.write("wit/world.wit", "package acme:db;\nworld addon {\n  import x;\n  export greentic:extension-addon/backup@0.1.0;\n}\n");
    let (_, doc, _) = lint_with_home(&env, &home, "describe.json", &[]);
    assert!(
        codes(&doc).contains(&"W_ADDON_BACKUP_UNDECLARED".to_string()),
        "{doc}"
    );
}
