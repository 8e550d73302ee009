//! `gtdx describe`: the real binary on the fixture crates of `tests/fixtures/describe/`.
//!
//! * `types/`: one tool per supported type and serde attribute. Its schemas are snapshotted, and
//!   its `samples` example (real serde, real values of those types) prints values each schema
//!   must accept and reject; inputs are checked against serde there, so schema and serde agree.
//! * `modules/`: tools in every kind of module; its own unit tests dispatch through the tool
//!   table the build script generates.
//! * `manifest/`, `dynamic/`: every non-tool field from `[package.metadata.gtdx]`.
//! * `errors/<case>/`: one crate per error; each must exit 2 naming file:line:column and a fix.
//! * `trap/`: hand-written tool definitions; `build_error/`: a build script failing the build.
//!
//! Commands run inside a copy of the fixture (or the fixture itself when nothing is written)
//! so that file names in the output are stable.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::{Map, Value, json};

use crate::support::{copy_dir, fixture, reference, run_in, shared_target_dir, workspace_root};

fn describe_fixture(name: &str) -> PathBuf {
    fixture("describe").join(name)
}

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.env("CARGO_TARGET_DIR", shared_target_dir());
    cmd
}

fn show(out: &Output) -> String {
    format!(
        "status: {}\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `gtdx describe --stdout` in `dir`, which must succeed; the manifest as JSON.
fn describe_json(dir: &Path) -> Value {
    let (code, stdout, stderr) = run_in(dir, &["describe", "--stdout"]);
    assert_eq!(
        code,
        0,
        "gtdx describe failed in {}:\n{stderr}",
        dir.display()
    );
    crate::support::assert_platform_form(&dir.display().to_string(), &stdout);
    serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("--stdout is not JSON ({e}):\n{stdout}"))
}

fn tools(d: &Value) -> &Vec<Value> {
    d["contributions"]["tools"]
        .as_array()
        .expect("contributions.tools")
}

/// `{tool: {"input": schema, "output": schema}}`, schemas parsed from their strings.
fn schemas_by_tool(d: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    for t in tools(d) {
        let mut entry = Map::new();
        for (key, label) in [("input_schema", "input"), ("output_schema", "output")] {
            if let Some(s) = t[key].as_str() {
                let v: Value = serde_json::from_str(s).expect("schema string is JSON");
                entry.insert(label.into(), v);
            }
        }
        out.insert(
            t["name"].as_str().unwrap().to_string(),
            Value::Object(entry),
        );
    }
    out
}

/// A fresh copy of a fixture crate in a temp dir (without `target/`), its path dependencies
/// on this workspace's crates made absolute so that Cargo still finds them.
fn copy_fixture(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&describe_fixture(name), tmp.path());
    let manifest = tmp.path().join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let crates = workspace_root().join("crates");
    let text = text.replace(
        "path = \"../../../../crates/",
        &format!("path = \"{}/", crates.display()),
    );
    std::fs::write(&manifest, text).unwrap();
    tmp
}

#[test]
fn every_type_and_serde_attribute_maps_to_its_schema() {
    let d = describe_json(&describe_fixture("types"));
    let schemas = schemas_by_tool(&d);
    insta::assert_snapshot!(
        "types_schemas",
        serde_json::to_string_pretty(&schemas).unwrap()
    );
}

/// Runs the `types` fixture's `samples` example once per test run.
fn samples() -> &'static Vec<Value> {
    static SAMPLES: OnceLock<Vec<Value>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let out = cargo()
            .args(["run", "--quiet", "--example", "samples", "--manifest-path"])
            .arg(describe_fixture("types/Cargo.toml"))
            .output()
            .expect("cargo runs");
        assert!(
            out.status.success(),
            "the samples example failed (serde disagrees with a sample?)\n{}",
            show(&out)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect()
    })
}

#[test]
fn schemas_accept_serde_serializations_and_reject_wrong_values() {
    let d = describe_json(&describe_fixture("types"));
    let schemas = schemas_by_tool(&d);
    let mut failures = Vec::new();
    let mut covered: Vec<(String, String)> = Vec::new();
    for line in samples() {
        let tool = line["tool"].as_str().unwrap();
        let direction = line["direction"].as_str().unwrap();
        let Some(schema) = schemas.get(tool).and_then(|s| s.get(direction)) else {
            failures.push(format!("{tool}: no {direction} schema in describe.json"));
            continue;
        };
        let validator = jsonschema::validator_for(schema).expect("the schema compiles");
        for good in line["good"].as_array().unwrap() {
            let errors: Vec<String> = validator.iter_errors(good).map(|e| e.to_string()).collect();
            if !errors.is_empty() {
                failures.push(format!("{tool} {direction}: rejects {good}: {errors:?}"));
            }
        }
        for bad in line["bad"].as_array().unwrap() {
            if validator.is_valid(bad) {
                failures.push(format!("{tool} {direction}: accepts the wrong value {bad}"));
            }
        }
        covered.push((tool.to_string(), direction.to_string()));
    }
    // Every schema in the manifest has samples.
    for (tool, s) in &schemas {
        for direction in s.as_object().unwrap().keys() {
            if !covered.iter().any(|(t, dr)| t == tool && dr == direction) {
                failures.push(format!("{tool}: the {direction} schema has no samples"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// No `$ref`/`$defs`/`$schema` anywhere; every input is an object at the root.
#[test]
fn schemas_are_portable() {
    fn walk(v: &Value, path: &str, bad: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    if matches!(k.as_str(), "$ref" | "$defs" | "definitions" | "$schema")
                        && !path.ends_with("/properties")
                    {
                        bad.push(format!("{path}/{k}"));
                    }
                    walk(x, &format!("{path}/{k}"), bad);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, &format!("{path}/{i}"), bad);
                }
            }
            _ => {}
        }
    }
    for name in ["types", "modules", "manifest", "dynamic"] {
        let d = describe_json(&describe_fixture(name));
        let mut bad = Vec::new();
        for (tool, s) in schemas_by_tool(&d) {
            walk(&s, &tool, &mut bad);
            assert_eq!(
                s["input"]["type"],
                json!("object"),
                "{name}/{tool}: input root is not an object"
            );
        }
        assert!(bad.is_empty(), "{name}: non-portable keys at {bad:?}");
    }
}

#[test]
fn tools_in_every_kind_of_module_are_found() {
    let d = describe_json(&describe_fixture("modules"));
    let names: Vec<&str> = tools(&d)
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "child_tool",
            "custom_sub_tool",
            "custom_tool",
            "deep_tool",
            "dir_tool",
            "file_tool",
            "inline_tool",
            "keyword_tool",
            "leaf_tool",
            "root_tool"
        ]
    );
    insta::assert_snapshot!(
        "modules_schemas",
        serde_json::to_string_pretty(&schemas_by_tool(&d)).unwrap()
    );
}

#[test]
fn the_generated_tool_table_compiles_and_dispatches_in_every_kind_of_module() {
    let out = cargo()
        .args(["test", "--quiet", "--manifest-path"])
        .arg(describe_fixture("modules/Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "the modules fixture's tests failed\n{}",
        show(&out)
    );
}

#[test]
fn a_build_script_fails_the_build_with_the_describe_message() {
    let out = cargo()
        .args(["build", "--quiet", "--manifest-path"])
        .arg(describe_fixture("build_error/Cargo.toml"))
        .output()
        .expect("cargo runs");
    let text = show(&out);
    assert!(!out.status.success(), "the build should fail\n{text}");
    assert!(
        text.contains("src/lib.rs:7:15"),
        "the message names file:line:column\n{text}"
    );
    assert!(
        text.contains("`std::time::SystemTime` has no JSON shape describe knows"),
        "{text}"
    );
    assert!(
        text.contains("input_schema = \\\"schemas/wait.input.json\\\"")
            || text.contains("input_schema = \"schemas/wait.input.json\""),
        "{text}"
    );
}

/// Every error case exits 2 with one paragraph naming file:line:column and a fix; nothing is
/// written. The messages are snapshotted together.
#[test]
fn each_error_names_the_place_and_the_fix() {
    let root = describe_fixture("errors");
    let mut cases: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    cases.sort();
    let mut report = String::new();
    for case in &cases {
        let tmp = tempfile::tempdir().unwrap();
        copy_dir(&root.join(case), tmp.path());
        if !tmp.path().join("Cargo.toml").exists() {
            std::fs::write(
                tmp.path().join("Cargo.toml"),
                format!(
                    "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2024\"\ndescription = \"x\"\nlicense = \"MIT\"\nauthors = [\"A\"]\n\n[package.metadata.gtdx]\nid = \"greentic.case\"\n\n[workspace]\n",
                    case.replace('_', "-")
                ),
            )
            .unwrap();
        }
        let (code, stdout, stderr) = run_in(tmp.path(), &["describe"]);
        assert_eq!(code, 2, "{case}: expected exit 2\n{stderr}");
        assert!(stdout.is_empty(), "{case}: nothing on stdout\n{stdout}");
        assert!(stderr.starts_with("error: "), "{case}: {stderr}");
        let located =
            stderr.contains(".rs:") || stderr.contains(".json:") || stderr.contains("Cargo.toml");
        assert!(located, "{case}: the message names no file\n{stderr}");
        assert!(
            stderr.contains("help: "),
            "{case}: the message offers no fix\n{stderr}"
        );
        assert!(
            !tmp.path().join("describe.json").exists(),
            "{case}: describe.json was written"
        );
        report.push_str(&format!("=== {case}\n{stderr}\n"));
    }
    insta::assert_snapshot!("error_messages", report);
}

#[test]
fn check_is_fresh_for_the_committed_fixture_manifest() {
    let (code, stdout, stderr) = run_in(&describe_fixture("types"), &["describe", "--check"]);
    assert_eq!(
        code, 0,
        "types/describe.json is stale; run `gtdx describe` in the fixture\n{stdout}\n{stderr}"
    );
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("describe.json is up to date (18 tools)"),
        "{stderr}"
    );
}

#[test]
fn check_reports_a_stale_file_with_a_diff_and_writes_nothing() {
    let tmp = copy_fixture("modules");
    let dir = tmp.path();
    let (code, _, stderr) = run_in(dir, &["describe", "--check"]);
    assert_eq!(code, 1, "no describe.json yet is stale\n{stderr}");
    assert!(stderr.contains("describe.json does not exist"), "{stderr}");

    let (code, _, stderr) = run_in(dir, &["describe"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("wrote describe.json (10 tools)"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(dir.join("describe.json")).unwrap();
    assert!(
        written.ends_with("}\n"),
        "pretty-printed with a trailing newline"
    );
    assert_eq!(run_in(dir, &["describe", "--check"]).0, 0);

    // Change a doc comment: the description of `leaf_tool` changes.
    let leaf = dir.join("src/dir_mod/leaf.rs");
    let src = std::fs::read_to_string(&leaf).unwrap();
    std::fs::write(
        &leaf,
        src.replace(
            "/// A tool in `dir_mod/leaf.rs`.",
            "/// Returns its input unchanged.",
        ),
    )
    .unwrap();
    let (code, stdout, stderr) = run_in(dir, &["describe", "--check"]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stdout.contains("--- describe.json (on disk)"), "{stdout}");
    assert!(
        stdout.contains("+++ describe.json (from the sources)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("-        \"description\": \"A tool in `dir_mod/leaf.rs`.\","),
        "{stdout}"
    );
    assert!(
        stdout.contains("+        \"description\": \"Returns its input unchanged.\","),
        "{stdout}"
    );
    assert!(stderr.contains("describe.json is stale"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.join("describe.json")).unwrap(),
        written,
        "--check writes nothing"
    );

    assert_eq!(run_in(dir, &["describe"]).0, 0);
    assert_eq!(run_in(dir, &["describe", "--check"]).0, 0);
}

#[test]
fn check_ignores_the_digests_and_signature_a_build_adds() {
    let tmp = copy_fixture("modules");
    let dir = tmp.path();
    assert_eq!(run_in(dir, &["describe"]).0, 0);
    // What `gtdx build` / `gtdx sign` do: fill digests, add manifestSha256 and a signature.
    let path = dir.join("describe.json");
    let mut d: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let digest = "ab".repeat(32);
    let comp = &mut d["runtime"]["components"]["describe-modules"];
    comp["sha256"] = json!(digest);
    comp["gtpack"]["sha256"] = json!(digest);
    d["manifestSha256"] = json!("cd".repeat(32));
    d["signature"] = json!({"algorithm": "ed25519", "publicKey": "AAAA", "value": "BBBB"});
    let built = format!("{}\n", serde_json::to_string_pretty(&d).unwrap());
    std::fs::write(&path, &built).unwrap();

    let (code, stdout, stderr) = run_in(dir, &["describe", "--check"]);
    assert_eq!(
        code, 0,
        "digests are not source-derived\n{stdout}\n{stderr}"
    );
    let (code, _, stderr) = run_in(dir, &["describe"]);
    assert_eq!(code, 0);
    assert!(stderr.contains("is up to date"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        built,
        "a fresh file keeps its digests"
    );

    // Once the sources change, the rewrite drops what described the old content.
    let lib = dir.join("src/lib.rs");
    let src = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(
        &lib,
        src.replace(
            "/// A tool at the crate root",
            "/// The tool at the crate root",
        ),
    )
    .unwrap();
    assert_eq!(run_in(dir, &["describe", "--check"]).0, 1);
    assert_eq!(run_in(dir, &["describe"]).0, 0);
    let d: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        d["runtime"]["components"]["describe-modules"]["sha256"],
        json!("0".repeat(64))
    );
    assert!(d.get("manifestSha256").is_none() && d.get("signature").is_none());
}

#[test]
fn output_is_deterministic_and_independent_of_location() {
    let first = run_in(&describe_fixture("types"), &["describe", "--stdout"]);
    let second = run_in(&describe_fixture("types"), &["describe", "--stdout"]);
    assert_eq!(first.0, 0);
    assert_eq!(first.1, second.1, "two runs differ");
    let tmp = copy_fixture("types");
    let moved = run_in(tmp.path(), &["describe", "--stdout"]);
    assert_eq!(first.1, moved.1, "the output depends on where the crate is");
    // --manifest-path from elsewhere gives the same bytes too.
    let manifest = describe_fixture("types/Cargo.toml");
    let elsewhere = run_in(
        &std::env::temp_dir(),
        &[
            "describe",
            "--stdout",
            "--manifest-path",
            manifest.to_str().unwrap(),
        ],
    );
    assert_eq!(first.1, elsewhere.1);
}

#[test]
fn stdout_prints_and_writes_nothing() {
    let tmp = copy_fixture("modules");
    let (code, stdout, _) = run_in(tmp.path(), &["describe", "--stdout"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with(
        "{\n  \"$schema\": \"https://store.greentic.cloud/schemas/describe-v2.json\""
    ));
    assert!(!tmp.path().join("describe.json").exists());
}

fn published_validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(reference("reference/describe-v2.schema.json"))
        .expect("published schema");
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).expect("the published schema compiles")
}

#[test]
fn generated_manifests_pass_validate_lint_and_the_published_schema() {
    let published = published_validator();
    for name in ["types", "modules", "manifest"] {
        let tmp = copy_fixture(name);
        let (code, _, stderr) = run_in(tmp.path(), &["describe"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let (code, stdout, stderr) = run_in(tmp.path(), &["validate", "describe.json"]);
        assert_eq!(code, 0, "{name}: gtdx validate\n{stdout}\n{stderr}");
        let (code, stdout, stderr) = run_in(tmp.path(), &["lint", "describe.json"]);
        assert_eq!(code, 0, "{name}: gtdx lint\n{stdout}\n{stderr}");
        let d: Value = serde_json::from_str(
            &std::fs::read_to_string(tmp.path().join("describe.json")).unwrap(),
        )
        .unwrap();
        let errors: Vec<String> = published
            .iter_errors(&d)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{name}: the published schema rejects it: {errors:?}"
        );
    }
}

#[test]
fn package_metadata_fills_every_other_field() {
    let d = describe_json(&describe_fixture("manifest"));
    insta::assert_snapshot!(
        "manifest_describe",
        serde_json::to_string_pretty(&d).unwrap()
    );
    // Tool secrets are granted by the permissions automatically (E_SECRET_NOT_GRANTED), in
    // the URI form the host matches.
    assert_eq!(
        d["runtime"]["permissions"]["secrets"],
        json!(["secret://weather/station_key", "secret://weather/api_key"])
    );
    // Two components: each tool names this crate's.
    for t in tools(&d) {
        assert_eq!(t["runtime_ref"], json!("weather-ext"));
    }
}

#[test]
fn a_view_declared_in_the_metadata_needs_its_entry_file() {
    // The describe-time lint looks for the view's files in the package, where `gtdx build`
    // packs them from.
    let tmp = copy_fixture("dynamic");
    let cargo_toml = tmp.path().join("Cargo.toml");
    let mut text = std::fs::read_to_string(&cargo_toml).unwrap();
    text.push_str(
        "\n[[package.metadata.gtdx.contributions.views]]\n\
         id = \"records\"\nsurface = \"admin\"\ntitle_key = \"views.records\"\n\
         title_fallback = \"Records\"\nentry = \"index.html\"\n\
         placement = { slot = \"admin.sidebar\" }\n",
    );
    std::fs::write(&cargo_toml, text).unwrap();
    let (code, _, stderr) = run_in(tmp.path(), &["describe"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error[E_VIEW_ENTRY_MISSING]"), "{stderr}");
    assert!(
        stderr.contains("assets/views/records/index.html does not exist"),
        "{stderr}"
    );
    let view_dir = tmp.path().join("assets/views/records");
    std::fs::create_dir_all(&view_dir).unwrap();
    std::fs::write(view_dir.join("index.html"), "<!doctype html>").unwrap();
    let (code, _, stderr) = run_in(tmp.path(), &["describe"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("VIEW"), "{stderr}");
}

#[test]
fn dynamic_tools_and_config_fields_come_from_the_metadata_and_validate() {
    let tmp = copy_fixture("dynamic");
    assert_eq!(run_in(tmp.path(), &["describe"]).0, 0);
    let d: Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("describe.json")).unwrap())
            .unwrap();
    assert_eq!(
        d["contributions"]["dynamicTools"]["discoveryTool"],
        json!("list_record_types")
    );
    assert_eq!(d["configFields"][0]["purpose"], json!("endpoint"));
    let (code, stdout, stderr) = run_in(tmp.path(), &["validate", "describe.json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let (code, stdout, stderr) = run_in(tmp.path(), &["lint", "describe.json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
}

#[test]
fn hand_written_tool_definitions_are_reported() {
    let (code, stdout, stderr) = run_in(&describe_fixture("trap"), &["describe", "--stdout"]);
    assert_eq!(code, 0, "a warning, not a failure\n{stderr}");
    let d: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(tools(&d).len(), 1);
    let line = stderr
        .lines()
        .find(|l| l.contains("W_HANDWRITTEN_TOOLS"))
        .unwrap_or_else(|| panic!("no trap warning:\n{stderr}"));
    assert!(
        line.starts_with("src/lib.rs:13:1: warning[W_HANDWRITTEN_TOOLS]"),
        "{line}"
    );
    assert!(line.contains("(`search`, `lookup`)"), "{line}");
    assert!(
        !line.contains("`greet`"),
        "greet is in describe.json: {line}"
    );
    assert!(line.contains("never calls list-tools"), "{line}");
}

#[test]
fn every_source_rule_fires_on_its_crate_and_not_on_its_near_miss() {
    // The rules about Rust sources, like the manifest rules, each have a crate that triggers
    // them and a near miss that does not, and an entry `--explain` prints.
    let dir = describe_fixture("rules");
    let mut failures = Vec::new();
    let source_rules = gtdx_lint::rules()
        .iter()
        .filter(|r| r.phase == gtdx_lint::Phase::Sources);
    for rule in source_rules {
        let tag = format!("warning[{}]", rule.code);
        for (case, fires) in [("fires", true), ("passes", false)] {
            let krate = dir.join(format!("{}.{case}", rule.code));
            assert!(krate.join("Cargo.toml").is_file(), "missing {krate:?}");
            let manifest = krate.join("Cargo.toml");
            let (code, _, stderr) = run_in(
                &krate,
                &[
                    "describe",
                    "--stdout",
                    "--manifest-path",
                    manifest.to_str().unwrap(),
                ],
            );
            if code != 0 {
                failures.push(format!("{}.{case}: exit {code}\n{stderr}", rule.code));
            }
            if stderr.contains(&tag) != fires {
                failures.push(format!(
                    "{}.{case}: expected {tag}: {fires}\n{stderr}",
                    rule.code
                ));
            }
            if !fires && (stderr.contains("warning[") || stderr.contains("error[")) {
                failures.push(format!(
                    "{}.{case}: expected no findings\n{stderr}",
                    rule.code
                ));
            }
        }
        let (code, stdout, _) = run_in(&dir, &["lint", "--explain", rule.code]);
        if code != 0
            || !stdout.starts_with(rule.code)
            || !stdout.contains("describe, lint --manifest-path")
        {
            failures.push(format!("--explain {}: exit {code}\n{stdout}", rule.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn missing_manifest_path_is_bad_input() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, stderr) = run_in(tmp.path(), &["describe"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("Cargo.toml: no such file"), "{stderr}");
}
