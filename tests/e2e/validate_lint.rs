//! `gtdx validate` and `gtdx lint`: the real binary on real manifests.
//!
//! Fixtures live in `tests/fixtures/manifests/`: `rules/<CODE>.fires.json` must report CODE and
//! `rules/<CODE>.passes.json` (a near miss) must report nothing at all, for every rule in the
//! table. Commands run inside the fixture directory so file names in the output are stable.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{fixture, run_in, workspace_root};

fn manifests() -> PathBuf {
    fixture("manifests")
}

/// `gtdx lint --format json --verbose` (info notes included) on a fixture: (exit code, the
/// JSON document).
fn lint_json(dir: &Path, file: &str, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["lint", "--format", "json", "--verbose", file];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = run_in(dir, &args);
    let doc: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{file}: stdout is not JSON ({e}):\n{stdout}\n{stderr}"));
    (code, doc)
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
    match gtdx_lint::rules::rule(code).map(|r| r.phase) {
        Some(gtdx_lint::Phase::Publish) => vec!["--publish"],
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
    let dir = manifests().join("rules");
    let mut failures = Vec::new();
    for rule in gtdx_lint::rules() {
        if rule.phase == gtdx_lint::Phase::Sources || ELSEWHERE.contains(&rule.code) {
            // Rules about Rust sources have crate fixtures (tests/e2e/describe.rs); the others
            // need a baseline or a wit/world.wit and have their own tests below.
            continue;
        }
        let flags = publish_flag(rule.code);
        let fires = format!("{}.fires.json", rule.code);
        let passes = format!("{}.passes.json", rule.code);
        for f in [&fires, &passes] {
            assert!(
                dir.join(f).is_file(),
                "missing fixture rules/{f} for rule {}",
                rule.code
            );
        }
        let (code, doc) = lint_json(&dir, &fires, &flags);
        let found = codes(&doc);
        if !found.iter().any(|c| c == rule.code) {
            failures.push(format!("{fires}: expected {}, got {found:?}", rule.code));
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
        let (code, doc) = lint_json(&dir, &passes, &flags);
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
            gtdx_lint::rules::rule(code).is_some(),
            "rules/{name} names unknown code {code}"
        );
    }
}

#[test]
fn warnings_fail_only_with_deny_warnings_and_infos_never() {
    let dir = manifests().join("rules");
    let (code, _) = lint_json(&dir, "W_CAPABILITIES_ABSENT.fires.json", &[]);
    assert_eq!(code, 0);
    let (code, _) = lint_json(
        &dir,
        "W_CAPABILITIES_ABSENT.fires.json",
        &["--deny-warnings"],
    );
    assert_eq!(code, 1);
    let (code, doc) = lint_json(&dir, "I_METADATA_DEFAULTS.fires.json", &["--deny-warnings"]);
    assert_eq!(code, 0, "{doc}");
}

#[test]
fn publish_rules_run_only_with_publish() {
    let dir = manifests().join("rules");
    let (code, doc) = lint_json(&dir, "E_SHA256_ZERO.fires.json", &[]);
    assert_eq!((code, codes(&doc)), (0, vec![]));
    let (code, doc) = lint_json(&dir, "E_SHA256_ZERO.fires.json", &["--publish"]);
    assert_eq!((code, codes(&doc)), (1, vec!["E_SHA256_ZERO".to_string()]));
}

#[test]
fn the_specs_example_tool_in_a_complete_manifest_passes() {
    // The fixture carries the spec's example tool verbatim.
    let spec = std::fs::read_to_string(crate::support::reference(
        "spec/extension-tools-and-node-types.md",
    ))
    .expect("the spec is pinned");
    let start =
        spec.find("describe.json\n\n{").expect("the spec's example") + "describe.json\n\n".len();
    let end = start + spec[start..].find("\n}\n").expect("end of the example") + 2;
    let example: Value =
        serde_json::from_str(&spec[start..end]).expect("the spec's example is JSON");
    let ours: Value = serde_json::from_str(
        &std::fs::read_to_string(manifests().join("spec-example.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        ours["contributions"]["tools"][0],
        example["contributions"]["tools"][0]
    );
    assert_eq!(ours["apiVersion"], example["apiVersion"]);

    // By default it lints with zero findings.
    let (code, stdout, _) = run_in(
        &manifests(),
        &["lint", "--deny-warnings", "--publish", "spec-example.json"],
    );
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(
        stdout,
        "spec-example.json: no problems found (1 info note hidden; --verbose shows it)\n"
    );
    // That tool declares the agentic_worker capability but no metadata: with --verbose the one
    // finding is the (true) note that the conservative defaults apply.
    let (code, doc) = lint_json(
        &manifests(),
        "spec-example.json",
        &["--deny-warnings", "--publish"],
    );
    assert_eq!(code, 0, "{doc}");
    assert_eq!(codes(&doc), vec!["I_METADATA_DEFAULTS"]);
    let (code, stdout, _) = run_in(&manifests(), &["validate", "spec-example.json"]);
    assert_eq!(code, 0);
    assert_eq!(stdout, "spec-example.json: no problems found\n");
}

#[test]
fn the_bundled_example_lints_with_zero_findings() {
    let dir = workspace_root().join("examples/hello");
    let (code, doc) = lint_json(&dir, "describe.json", &["--deny-warnings", "--publish"]);
    assert_eq!((code, codes(&doc)), (0, vec![]), "{doc}");
}

#[test]
fn validate_defaults_to_describe_json_in_the_current_directory() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy(
        manifests().join("spec-example.json"),
        tmp.path().join("describe.json"),
    )
    .unwrap();
    let (code, stdout, _) = run_in(tmp.path(), &["validate"]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "describe.json: no problems found\n")
    );
    let (code, _, _) = run_in(tmp.path(), &["lint"]);
    assert_eq!(code, 0);
}

#[test]
fn unknown_field_names_the_nearest_known_key_at_the_key() {
    let dir = manifests().join("rules");
    let (_, doc) = lint_json(&dir, "E_UNKNOWN_FIELD.fires.json", &[]);
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
    let dir = manifests().join("rules");
    let (_, doc) = lint_json(&dir, "E_SCHEMA_STRING_JSON.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    assert_eq!(d["code"], "E_SCHEMA_STRING_JSON");
    assert_eq!(d["pointer"], "/contributions/tools/0/input_schema");
    // The trailing comma: serde_json stops at the brace after it.
    let at = text_at(&dir.join("E_SCHEMA_STRING_JSON.fires.json"), d);
    assert!(at.starts_with("}}\""), "position points at {at:?}");

    let (_, doc) = lint_json(&dir, "E_SCHEMA_STRING_INVALID.fires.json", &[]);
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
    let (_, doc) = lint_json(&dir, "E_METADATA_CONTRACT.fires.json", &[]);
    let d = &doc["diagnostics"][0];
    let at = text_at(&dir.join("E_METADATA_CONTRACT.fires.json"), d);
    assert!(
        at.starts_with("\\\"sometimes\\\""),
        "position points at {at:?}"
    );
}

/// The file's text from a diagnostic's line:column (columns count characters).
fn text_at(path: &Path, d: &Value) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = d["line"].as_u64().expect("line") as usize;
    let column = d["column"].as_u64().expect("column") as usize;
    let l = text.lines().nth(line - 1).expect("line exists");
    l.chars().skip(column - 1).collect()
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let (code, doc) = lint_json(&manifests(), "structural-errors.json", &[]);
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
    let (_, doc) = lint_json(&manifests(), "several-problems.json", &[]);
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
    let (code, stdout, stderr) = run_in(
        &manifests(),
        &["lint", "--verbose", "several-problems.json"],
    );
    assert_eq!((code, stderr.as_str()), (1, ""));
    insta::assert_snapshot!("lint_human", stdout);
}

#[test]
fn snapshot_lint_json() {
    let (code, stdout, _) = run_in(
        &manifests(),
        &[
            "lint",
            "--format",
            "json",
            "--verbose",
            "several-problems.json",
        ],
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("lint_json", stdout);
}

#[test]
fn info_notes_are_hidden_unless_verbose() {
    let dir = manifests().join("rules");
    let (code, stdout, _) = run_in(&dir, &["lint", "I_METADATA_DEFAULTS.fires.json"]);
    assert_eq!(code, 0);
    assert!(!stdout.contains("info[I_METADATA_DEFAULTS]"), "{stdout}");
    assert!(
        stdout.contains("1 info note hidden; --verbose shows it"),
        "{stdout}"
    );
    let (_, stdout, _) = run_in(&dir, &["lint", "-v", "I_METADATA_DEFAULTS.fires.json"]);
    assert!(stdout.contains("info[I_METADATA_DEFAULTS]"), "{stdout}");
    let (_, stdout, _) = run_in(
        &dir,
        &["lint", "--format", "json", "I_METADATA_DEFAULTS.fires.json"],
    );
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(codes(&doc), Vec::<String>::new());
    assert_eq!(doc["summary"]["hidden_infos"], 1);
}

#[test]
fn snapshot_validate_human() {
    let (code, stdout, _) = run_in(&manifests(), &["validate", "structural-errors.json"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("validate_human", stdout);
}

#[test]
fn snapshot_v1_manifest() {
    let (code, stdout, _) = run_in(
        &manifests().join("rules"),
        &["lint", "E_API_VERSION.fires.json"],
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("lint_v1", stdout);
}

#[test]
fn explain_prints_a_rule_and_suggests_on_a_typo() {
    let (code, stdout, _) = run_in(&manifests(), &["lint", "--explain", "E_EXPORT_FORM"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("E_EXPORT_FORM (error, lint (platform rule)):"),
        "{stdout}"
    );
    assert!(stdout.contains("greentic:extension-design/<interface>.<member>"));
    let (code, stdout, stderr) = run_in(&manifests(), &["lint", "--explain", "E_EXPORT_FROM"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("did you mean E_EXPORT_FORM?"), "{stderr}");
}

// ----- bad input: exit 2, one line naming the file and the cause, nothing on stdout -----

/// Runs validate and lint on `file` in `dir`; both must exit 2 with one stderr line that
/// contains every needle.
fn assert_bad_input(dir: &Path, file: &str, needles: &[&str]) {
    for cmd in ["validate", "lint"] {
        let (code, stdout, stderr) = run_in(dir, &[cmd, file]);
        assert_eq!(code, 2, "gtdx {cmd} {file}: stderr {stderr}");
        assert_eq!(stdout, "", "gtdx {cmd} {file}");
        assert_eq!(stderr.lines().count(), 1, "one line expected:\n{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        for n in needles {
            assert!(
                stderr.contains(n),
                "gtdx {cmd} {file}: {n:?} not in {stderr:?}"
            );
        }
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn bad_input_missing_file() {
    let tmp = tempfile::tempdir().unwrap();
    assert_bad_input(tmp.path(), "nope.json", &["nope.json: no such file"]);
    // The default path too.
    let (code, _, stderr) = run_in(tmp.path(), &["lint"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("describe.json: no such file"), "{stderr}");
}

#[test]
fn bad_input_directory() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("ext")).unwrap();
    assert_bad_input(
        tmp.path(),
        "ext",
        &["ext: is a directory", "ext/describe.json"],
    );
}

#[test]
fn bad_input_empty_and_blank() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("empty.json"), "").unwrap();
    std::fs::write(tmp.path().join("blank.json"), " \n\t\n").unwrap();
    assert_bad_input(tmp.path(), "empty.json", &["empty.json: is empty"]);
    assert_bad_input(tmp.path(), "blank.json", &["blank.json: is empty"]);
}

#[test]
fn bad_input_not_json() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("d.json"),
        "{\n  \"apiVersion\": \"greentic.ai/v2\",\n  kind: 1\n}\n",
    )
    .unwrap();
    assert_bad_input(
        tmp.path(),
        "d.json",
        &["d.json:3:3: not valid JSON: key must be a string"],
    );
    std::fs::write(tmp.path().join("arr.json"), "[1, 2]").unwrap();
    assert_bad_input(
        tmp.path(),
        "arr.json",
        &["arr.json: the top level is an array"],
    );
    std::fs::write(tmp.path().join("cut.json"), "{\"apiVersion\": \"greentic").unwrap();
    assert_bad_input(tmp.path(), "cut.json", &["cut.json:1:", "EOF"]);
}

#[test]
fn bad_input_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend((0..=255u8).cycle().take(4096));
    std::fs::write(tmp.path().join("ext.wasm"), wasm).unwrap();
    assert_bad_input(tmp.path(), "ext.wasm", &["ext.wasm: is a binary file"]);
}

#[test]
fn bad_input_invalid_utf8_utf16_and_bom() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("latin1.json"),
        b"{\n  \"name\": \"caf\xe9\"\n}\n",
    )
    .unwrap();
    assert_bad_input(
        tmp.path(),
        "latin1.json",
        &["latin1.json:2:15: invalid UTF-8"],
    );
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("{}".encode_utf16().flat_map(|u| u.to_le_bytes()))
        .collect();
    std::fs::write(tmp.path().join("utf16.json"), utf16).unwrap();
    assert_bad_input(tmp.path(), "utf16.json", &["utf16.json: is UTF-16 encoded"]);
    std::fs::write(tmp.path().join("bom.json"), "\u{feff}{}").unwrap();
    assert_bad_input(
        tmp.path(),
        "bom.json",
        &["bom.json:1:1: starts with a UTF-8 byte-order mark"],
    );
}

#[test]
fn bad_input_50_mb() {
    let tmp = tempfile::tempdir().unwrap();
    // A syntactically valid JSON document of 50 MB: refused for its size, before parsing.
    let mut text = String::with_capacity(50 * 1024 * 1024 + 16);
    text.push_str("{\"a\":\"");
    text.push_str(&"x".repeat(50 * 1024 * 1024));
    text.push_str("\"}");
    std::fs::write(tmp.path().join("big.json"), text).unwrap();
    assert_bad_input(
        tmp.path(),
        "big.json",
        &["big.json: is 52428808 bytes", "at most 16777216"],
    );
}

#[test]
fn bad_input_100000_levels_deep() {
    let tmp = tempfile::tempdir().unwrap();
    let deep = format!(
        "{{\"contributions\": {}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    std::fs::write(tmp.path().join("deep.json"), deep).unwrap();
    assert_bad_input(
        tmp.path(),
        "deep.json",
        &["deep.json:1:", "nested deeper than 128 levels"],
    );
    let objects = format!("{}{}", "{\"a\":".repeat(100_000), "}".repeat(100_000));
    std::fs::write(tmp.path().join("objects.json"), objects).unwrap();
    assert_bad_input(
        tmp.path(),
        "objects.json",
        &["nested deeper than 128 levels"],
    );
}

#[test]
fn bad_input_in_json_format_is_a_json_document_too() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("d.json"), "{oops}").unwrap();
    let (code, stdout, _) = run_in(tmp.path(), &["lint", "--format", "json", "d.json"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["diagnostics"][0]["code"], "E_NOT_JSON");
    assert_eq!(doc["diagnostics"][0]["line"], 1);
}

#[test]
fn lint_manifest_path_warns_about_tools_built_by_hand() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"trap-demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/lib.rs"),
        "pub struct ToolDefinition { pub name: String }\n\n\
         pub fn list_tools() -> Vec<ToolDefinition> {\n    \
         vec![ToolDefinition { name: \"ghost_tool\".into() }]\n}\n",
    )
    .unwrap();
    std::fs::copy(
        workspace_root().join("examples/hello/describe.json"),
        dir.join("describe.json"),
    )
    .unwrap();

    // Without --manifest-path the manifest alone is clean.
    let (code, stdout, _) = run_in(dir, &["lint", "--deny-warnings"]);
    assert_eq!(code, 0, "{stdout}");

    // With it, the hand-built tool list is found, with its file and line, and the tool name
    // describe.json does not contain.
    let (code, stdout, stderr) = run_in(
        dir,
        &["lint", "--deny-warnings", "--manifest-path", "Cargo.toml"],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("W_HANDWRITTEN_TOOLS"), "{stdout}");
    assert!(stdout.contains("src/lib.rs:"), "{stdout}");
    assert!(stdout.contains("ghost_tool"), "{stdout}");

    // A missing Cargo.toml is bad input, not a finding.
    let (code, _, stderr) = run_in(dir, &["lint", "--manifest-path", "nope/Cargo.toml"]);
    assert_eq!(code, 2, "{stderr}");
}

// ----- the platform's rules on documents gtdx's checklist cannot read, baselines, grants -----

/// `gtdx lint --format json --verbose FILE ARGS` in `dir` with `GREENTIC_HOME` set.
fn lint_with_home(dir: &Path, home: &Path, file: &str, extra: &[&str]) -> (i32, Value, String) {
    let mut args = vec!["lint", "--format", "json", "--verbose", file];
    args.extend_from_slice(extra);
    let out = crate::support::gtdx()
        .current_dir(dir)
        .env("GREENTIC_HOME", home)
        .args(&args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let doc = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap(), doc, stderr)
}

fn base_manifest() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(manifests().join("rules/E_API_VERSION.passes.json")).unwrap(),
    )
    .unwrap()
}

#[test]
fn platform_rules_run_even_when_validation_fails() {
    let tmp = tempfile::tempdir().unwrap();
    // Not a loadable describe at all, but the platform's linter still reports these.
    std::fs::write(
        tmp.path().join("describe.json"),
        r#"{"engine": {}, "metadata": {"id": "greentic.3aigent", "version": "1.2"}, "contributions": {"tools": [{"name": "doIt", "export": "invoke-tool"}]}}"#,
    )
    .unwrap();
    let (code, doc) = lint_json(tmp.path(), "describe.json", &[]);
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
    let tmp = tempfile::tempdir().unwrap();
    let mut m = base_manifest();
    m["runtime"]["permissions"]["secrets"] = serde_json::json!([
        "secret://hello/api_key",
        "secret://other",
        "secret://third/"
    ]);
    m["contributions"]["tools"][1]["secret_requirements"] = serde_json::json!([
        {"key": "hello/api_key"}, {"key": "other/token"}, {"key": "third/key"}
    ]);
    m["contributions"]["tools"][1]["capabilities"] =
        serde_json::json!(["agentic_worker", "studio"]);
    std::fs::write(tmp.path().join("describe.json"), m.to_string()).unwrap();
    let (code, doc) = lint_json(tmp.path(), "describe.json", &[]);
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
    std::fs::write(tmp.path().join("describe.json"), m.to_string()).unwrap();
    let (code, doc) = lint_json(tmp.path(), "describe.json", &[]);
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
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    std::fs::write(tmp.path().join("old.json"), release("1.4.2", 2).to_string()).unwrap();
    std::fs::write(
        tmp.path().join("describe.json"),
        release("1.5.0", 1).to_string(),
    )
    .unwrap();
    let (code, doc, _) = lint_with_home(
        tmp.path(),
        &home,
        "describe.json",
        &["--baseline", "old.json"],
    );
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
    std::fs::write(
        tmp.path().join("describe.json"),
        release("2.0.0", 1).to_string(),
    )
    .unwrap();
    let (_, doc, _) = lint_with_home(
        tmp.path(),
        &home,
        "describe.json",
        &["--baseline", "old.json"],
    );
    assert!(!codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()));
    std::fs::write(
        tmp.path().join("describe.json"),
        release("1.5.0", 1).to_string(),
    )
    .unwrap();
    let (_, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", &["--baseline", "none"]);
    assert!(!codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()));
}

#[test]
fn an_unreadable_baseline_file_is_bad_input() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    std::fs::write(
        tmp.path().join("describe.json"),
        release("1.0.0", 2).to_string(),
    )
    .unwrap();
    std::fs::write(tmp.path().join("broken.json"), "{oops").unwrap();
    for (file, needle) in [
        ("missing.json", "missing.json: no such file"),
        ("broken.json", "broken.json:1:"),
    ] {
        let (code, _, stderr) =
            lint_with_home(tmp.path(), &home, "describe.json", &["--baseline", file]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
}

#[test]
fn baseline_installed_reads_the_highest_installed_version() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let design = home.join("extensions/design");
    for (v, keep) in [("1.2.0", 1), ("1.3.0", 2)] {
        let d = design.join(format!("greentic.hello-{v}"));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("describe.json"), release(v, keep).to_string()).unwrap();
    }
    std::fs::write(
        tmp.path().join("describe.json"),
        release("1.3.1", 1).to_string(),
    )
    .unwrap();
    // the default is --baseline installed
    for extra in [&[][..], &["--baseline", "installed"][..]] {
        let (code, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", extra);
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
    std::fs::write(tmp.path().join("describe.json"), bundle.to_string()).unwrap();
    let (_, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", &[]);
    assert!(
        !codes(&doc).contains(&"W_DESCRIBE_DIFF_BREAKING".to_string()),
        "{doc}"
    );
}

#[test]
fn addon_backup_claims_are_read_against_wit_world() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let mut m = base_manifest();
    m["contributions"]["addons"] =
        serde_json::json!([{"id": "db", "family": "sql", "supports_backup": true}]);
    std::fs::write(tmp.path().join("describe.json"), m.to_string()).unwrap();
    // no wit/world.wit: silent
    let (_, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", &[]);
    assert!(!codes(&doc).iter().any(|c| c.contains("BACKUP")), "{doc}");
    std::fs::create_dir_all(tmp.path().join("wit")).unwrap();
    std::fs::write(tmp.path().join("wit/world.wit"), "package acme:db;\nworld addon {\n  import x;\n  export greentic:extension-addon/lifecycle@0.1.0;\n}\n").unwrap();
    let (_, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", &[]);
    assert!(
        codes(&doc).contains(&"E_ADDON_BACKUP_NOT_EXPORTED".to_string()),
        "{doc}"
    );
    m["contributions"]["addons"][0]["supports_backup"] = Value::from(false);
    std::fs::write(tmp.path().join("describe.json"), m.to_string()).unwrap();
    std::fs::write(tmp.path().join("wit/world.wit"), "package acme:db;\nworld addon {\n  import x;\n  export greentic:extension-addon/backup@0.1.0;\n}\n").unwrap();
    let (_, doc, _) = lint_with_home(tmp.path(), &home, "describe.json", &[]);
    assert!(
        codes(&doc).contains(&"W_ADDON_BACKUP_UNDECLARED".to_string()),
        "{doc}"
    );
}
