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
use std::sync::OnceLock;

use serde_json::{Map, Value, json};

use crate::support::{
    Env, Run, cargo, copy_dir, fixture, read, read_json, reference, workspace_root,
};

fn describe_fixture(name: &str) -> PathBuf {
    fixture("describe").join(name)
}

/// `gtdx describe --stdout` in `dir`, which must succeed; the manifest as JSON.
fn describe_json(env: &Env, dir: &Path) -> Value {
    let run = env.gtdx_in(dir, ["describe", "--stdout"]);
    run.success();
    crate::support::assert_platform_form(&dir.display().to_string(), run.stdout());
    run.json()
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

/// A fresh copy of a fixture crate in `env` (without `target/`), its path dependencies on this
/// workspace's crates made absolute so that Cargo still finds them.
fn copy_fixture(env: &Env, name: &str) -> PathBuf {
    let dir = env.path(name);
    copy_dir(&describe_fixture(name), &dir);
    let manifest = dir.join("Cargo.toml");
    let text = read(&manifest);
    let crates = workspace_root().join("crates");
    let text = text.replace(
        "path = \"../../../../crates/",
        &format!("path = \"{}/", crates.display()),
    );
    std::fs::write(&manifest, text).unwrap();
    dir
}

#[test]
fn every_type_and_serde_attribute_maps_to_its_schema() {
    let env = Env::new();
    let d = describe_json(&env, &describe_fixture("types"));
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
        let run = cargo(["run", "--quiet", "--example", "samples", "--manifest-path"])
            .arg(describe_fixture("types/Cargo.toml"))
            .run();
        run.check(
            run.exit_code() == 0,
            "the samples example succeeds (else serde disagrees with a sample?)",
        );
        run.json_lines()
    })
}

#[test]
fn schemas_accept_serde_serializations_and_reject_wrong_values() {
    let env = Env::new();
    let d = describe_json(&env, &describe_fixture("types"));
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
    let env = Env::new();
    for name in ["types", "modules", "manifest", "dynamic"] {
        let d = describe_json(&env, &describe_fixture(name));
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
    let env = Env::new();
    let d = describe_json(&env, &describe_fixture("modules"));
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
    // The modules fixture's own tests pass.
    cargo(["test", "--quiet", "--manifest-path"])
        .arg(describe_fixture("modules/Cargo.toml"))
        .run()
        .success();
}

#[test]
fn a_build_script_fails_the_build_with_the_describe_message() {
    let run = cargo(["build", "--quiet", "--manifest-path"])
        .arg(describe_fixture("build_error/Cargo.toml"))
        .run();
    let text = format!("{}{}", run.stdout(), run.stderr());
    run.failure()
        .check(
            text.contains("src/lib.rs:7:15"),
            "the message names file:line:column",
        )
        .check(
            text.contains("`std::time::SystemTime` has no JSON shape describe knows"),
            "the message names the type",
        )
        .check(
            text.contains("input_schema = \\\"schemas/wait.input.json\\\"")
                || text.contains("input_schema = \"schemas/wait.input.json\""),
            "the message names the fix",
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
    let env = Env::new();
    let mut report = String::new();
    for case in &cases {
        let dir = env.path(case);
        copy_dir(&root.join(case), &dir);
        if !dir.join("Cargo.toml").exists() {
            std::fs::write(
                dir.join("Cargo.toml"),
                format!(
                    "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2024\"\ndescription = \"x\"\nlicense = \"MIT\"\nauthors = [\"A\"]\n\n[package.metadata.gtdx]\nid = \"greentic.case\"\n\n[workspace]\n",
                    case.replace('_', "-")
                ),
            )
            .unwrap();
        }
        let run = env.gtdx_in(&dir, ["describe"]);
        let stderr = run.stderr();
        let located =
            stderr.contains(".rs:") || stderr.contains(".json:") || stderr.contains("Cargo.toml");
        run.code(2)
            .stdout_is("")
            .check(
                stderr.starts_with("error: "),
                "stderr starts with `error: `",
            )
            .check(located, "the message names a file")
            .stderr_has("help: ")
            .check(
                !dir.join("describe.json").exists(),
                format_args!("{case}: describe.json is not written"),
            );
        report.push_str(&format!("=== {case}\n{stderr}\n"));
    }
    insta::assert_snapshot!("error_messages", report);
}

#[test]
fn check_is_fresh_for_the_committed_fixture_manifest() {
    let env = Env::new();
    // Else types/describe.json is stale: run `gtdx describe` in the fixture.
    env.gtdx_in(&describe_fixture("types"), ["describe", "--check"])
        .code(0)
        .stdout_is("")
        .stderr_has("describe.json is up to date (18 tools)");
}

#[test]
fn check_reports_a_stale_file_with_a_diff_and_writes_nothing() {
    let env = Env::new();
    let dir = &copy_fixture(&env, "modules");
    // No describe.json yet is stale.
    env.gtdx_in(dir, ["describe", "--check"])
        .code(1)
        .stderr_has("describe.json does not exist");

    env.gtdx_in(dir, ["describe"])
        .code(0)
        .stderr_has("wrote describe.json (10 tools)");
    let written = read(&dir.join("describe.json"));
    assert!(
        written.ends_with("}\n"),
        "pretty-printed with a trailing newline"
    );
    env.gtdx_in(dir, ["describe", "--check"]).code(0);

    // Change a doc comment: the description of `leaf_tool` changes.
    let leaf = dir.join("src/dir_mod/leaf.rs");
    let src = read(&leaf);
    std::fs::write(
        &leaf,
        src.replace(
            "/// A tool in `dir_mod/leaf.rs`.",
            "/// Returns its input unchanged.",
        ),
    )
    .unwrap();
    env.gtdx_in(dir, ["describe", "--check"])
        .code(1)
        .stdout_has("--- describe.json (on disk)")
        .stdout_has("+++ describe.json (from the sources)")
        .stdout_has("-        \"description\": \"A tool in `dir_mod/leaf.rs`.\",")
        .stdout_has("+        \"description\": \"Returns its input unchanged.\",")
        .stderr_has("describe.json is stale");
    assert_eq!(
        read(&dir.join("describe.json")),
        written,
        "--check writes nothing"
    );

    env.gtdx_in(dir, ["describe"]).code(0);
    env.gtdx_in(dir, ["describe", "--check"]).code(0);
}

#[test]
fn check_ignores_the_digests_and_signature_a_build_adds() {
    let env = Env::new();
    let dir = &copy_fixture(&env, "modules");
    env.gtdx_in(dir, ["describe"]).code(0);
    // What `gtdx build` / `gtdx sign` do: fill digests, add manifestSha256 and a signature.
    let path = dir.join("describe.json");
    let mut d = read_json(&path);
    let digest = "ab".repeat(32);
    let comp = &mut d["runtime"]["components"]["describe-modules"];
    comp["sha256"] = json!(digest);
    comp["gtpack"]["sha256"] = json!(digest);
    d["manifestSha256"] = json!("cd".repeat(32));
    d["signature"] = json!({"algorithm": "ed25519", "publicKey": "AAAA", "value": "BBBB"});
    let built = format!("{}\n", serde_json::to_string_pretty(&d).unwrap());
    std::fs::write(&path, &built).unwrap();

    // Digests are not source-derived.
    env.gtdx_in(dir, ["describe", "--check"]).code(0);
    env.gtdx_in(dir, ["describe"])
        .code(0)
        .stderr_has("is up to date");
    assert_eq!(read(&path), built, "a fresh file keeps its digests");

    // Once the sources change, the rewrite drops what described the old content.
    let lib = dir.join("src/lib.rs");
    let src = read(&lib);
    std::fs::write(
        &lib,
        src.replace(
            "/// A tool at the crate root",
            "/// The tool at the crate root",
        ),
    )
    .unwrap();
    env.gtdx_in(dir, ["describe", "--check"]).code(1);
    env.gtdx_in(dir, ["describe"]).code(0);
    let d = read_json(&path);
    assert_eq!(
        d["runtime"]["components"]["describe-modules"]["sha256"],
        json!("0".repeat(64))
    );
    assert!(d.get("manifestSha256").is_none() && d.get("signature").is_none());
}

#[test]
fn output_is_deterministic_and_independent_of_location() {
    let env = Env::new();
    let stdout_of = |run: Run| run.success().stdout().to_string();
    let first = stdout_of(env.gtdx_in(&describe_fixture("types"), ["describe", "--stdout"]));
    let second = stdout_of(env.gtdx_in(&describe_fixture("types"), ["describe", "--stdout"]));
    assert_eq!(first, second, "two runs differ");
    let moved = copy_fixture(&env, "types");
    let moved = stdout_of(env.gtdx_in(&moved, ["describe", "--stdout"]));
    assert_eq!(first, moved, "the output depends on where the crate is");
    // --manifest-path from elsewhere gives the same bytes too.
    let manifest = describe_fixture("types/Cargo.toml");
    let elsewhere = stdout_of(
        env.gtdx_cmd(["describe", "--stdout", "--manifest-path"])
            .arg(&manifest)
            .current_dir(std::env::temp_dir())
            .run(),
    );
    assert_eq!(first, elsewhere);
}

#[test]
fn stdout_prints_and_writes_nothing() {
    let env = Env::new();
    let dir = copy_fixture(&env, "modules");
    let run = env.gtdx_in(&dir, ["describe", "--stdout"]);
    run.code(0).check(
        run.stdout().starts_with(
            "{\n  \"$schema\": \"https://store.greentic.cloud/schemas/describe-v2.json\"",
        ),
        "stdout starts with the manifest's $schema",
    );
    assert!(!dir.join("describe.json").exists());
}

fn published_validator() -> jsonschema::Validator {
    let schema = read_json(&reference("reference/describe-v2.schema.json"));
    jsonschema::validator_for(&schema).expect("the published schema compiles")
}

#[test]
fn generated_manifests_pass_validate_lint_and_the_published_schema() {
    let published = published_validator();
    let env = Env::new();
    for name in ["types", "modules", "manifest"] {
        let dir = copy_fixture(&env, name);
        env.gtdx_in(&dir, ["describe"]).code(0);
        env.gtdx_in(&dir, ["validate", "describe.json"]).code(0);
        env.gtdx_in(&dir, ["lint", "describe.json"]).code(0);
        let d = read_json(&dir.join("describe.json"));
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
    let env = Env::new();
    let d = describe_json(&env, &describe_fixture("manifest"));
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
    let env = Env::new();
    let dir = copy_fixture(&env, "dynamic");
    let cargo_toml = dir.join("Cargo.toml");
    let mut text = read(&cargo_toml);
    text.push_str(
        "\n[[package.metadata.gtdx.contributions.views]]\n\
         id = \"records\"\nsurface = \"admin\"\ntitle_key = \"views.records\"\n\
         title_fallback = \"Records\"\nentry = \"index.html\"\n\
         placement = { slot = \"admin.sidebar\" }\n",
    );
    std::fs::write(&cargo_toml, text).unwrap();
    env.gtdx_in(&dir, ["describe"])
        .code(1)
        .stderr_has("error[E_VIEW_ENTRY_MISSING]")
        .stderr_has("assets/views/records/index.html does not exist");
    env.write("dynamic/assets/views/records/index.html", "<!doctype html>");
    env.gtdx_in(&dir, ["describe"]).code(0).stderr_lacks("VIEW");
}

#[test]
fn dynamic_tools_and_config_fields_come_from_the_metadata_and_validate() {
    let env = Env::new();
    let dir = copy_fixture(&env, "dynamic");
    env.gtdx_in(&dir, ["describe"]).code(0);
    let d = read_json(&dir.join("describe.json"));
    assert_eq!(
        d["contributions"]["dynamicTools"]["discoveryTool"],
        json!("list_record_types")
    );
    assert_eq!(d["configFields"][0]["purpose"], json!("endpoint"));
    env.gtdx_in(&dir, ["validate", "describe.json"]).code(0);
    env.gtdx_in(&dir, ["lint", "describe.json"]).code(0);
}

#[test]
fn dynamic_tools_declared_in_cargo_toml_the_old_way_name_the_annotations() {
    let env = Env::new();
    let dir = copy_fixture(&env, "dynamic");
    let cargo_toml = dir.join("Cargo.toml");
    let text = read(&cargo_toml).replace(
        "[package.metadata.gtdx.dynamicTools]\n",
        "[package.metadata.gtdx.dynamicTools]\ndiscoveryTool = \"list_record_types\"\nexecutors = [{ tool = \"create_record\", effect = \"write\" }]\n",
    );
    std::fs::write(&cargo_toml, text).unwrap();
    env.gtdx_in(&dir, ["describe"])
        .code(2)
        .stderr_has(
            "[package.metadata.gtdx.dynamicTools] declares the discovery tool and executors",
        )
        .stderr_has("#[tool(discovery, ...)] on `fn list_record_types`")
        .stderr_has("#[tool(executor = \"write\", ...)] on `fn create_record`");
    assert!(!dir.join("describe.json").exists());
}

#[test]
fn dynamic_tools_roles_are_checked_on_the_functions() {
    let env = Env::new();
    let dir = copy_fixture(&env, "dynamic");
    let lib = dir.join("src/lib.rs");
    let original = read(&lib);
    // Executors without a discovery tool.
    std::fs::write(&lib, original.replace("#[tool(discovery, ", "#[tool(")).unwrap();
    env.gtdx_in(&dir, ["describe", "--stdout"])
        .code(2)
        .stderr_has("is a dynamic-tools executor, but no tool is marked #[tool(discovery)]");
    // A discovery tool that is also an executor.
    std::fs::write(
        &lib,
        original.replace(
            "#[tool(discovery, ",
            "#[tool(discovery, executor = \"read\", ",
        ),
    )
    .unwrap();
    env.gtdx_in(&dir, ["describe", "--stdout"])
        .code(2)
        .stderr_has("either the discovery tool or an executor");
    // The discovery tool's output schema is the SDK descriptor's.
    std::fs::write(&lib, &original).unwrap();
    let d = describe_json(&env, &dir);
    let t = tools(&d)
        .iter()
        .find(|t| t["name"] == "list_record_types")
        .cloned()
        .unwrap();
    let out: Value = serde_json::from_str(t["output_schema"].as_str().unwrap()).unwrap();
    assert_eq!(
        out["items"]["properties"]["dispatch"]["required"],
        json!(["tool"])
    );
}

#[test]
fn hand_written_tool_definitions_are_reported() {
    let env = Env::new();
    // A warning, not a failure.
    let run = env.gtdx_in(&describe_fixture("trap"), ["describe", "--stdout"]);
    let d = run.code(0).json();
    assert_eq!(tools(&d).len(), 1);
    // Shown as rustc shows a warning: the heading, then the place and the source line.
    let line = run
        .stderr()
        .lines()
        .find(|l| l.starts_with("warning[W_HANDWRITTEN_TOOLS]: "))
        .unwrap_or_else(|| run.fail("a W_HANDWRITTEN_TOOLS warning on stderr"));
    run.stderr_has("--> src/lib.rs:13:1");
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
    let env = Env::new();
    let dir = describe_fixture("rules");
    let mut failures = Vec::new();
    let source_rules =
        gtdx_contract::codes::all().filter(|r| r.area == gtdx_contract::codes::Area::Sources);
    for rule in source_rules {
        let tag = format!("warning[{}]", rule.id);
        for (case, fires) in [("fires", true), ("passes", false)] {
            let krate = dir.join(format!("{}.{case}", rule.id));
            assert!(krate.join("Cargo.toml").is_file(), "missing {krate:?}");
            let run = env
                .gtdx_cmd(["describe", "--stdout", "--manifest-path"])
                .arg(krate.join("Cargo.toml"))
                .current_dir(&krate)
                .run();
            let stderr = run.stderr();
            if run.exit_code() != 0 {
                failures.push(format!(
                    "{}.{case}: exit {}\n{run}",
                    rule.id,
                    run.exit_code()
                ));
            }
            if stderr.contains(&tag) != fires {
                failures.push(format!(
                    "{}.{case}: expected {tag}: {fires}\n{stderr}",
                    rule.id
                ));
            }
            if !fires && (stderr.contains("warning[") || stderr.contains("error[")) {
                failures.push(format!(
                    "{}.{case}: expected no findings\n{stderr}",
                    rule.id
                ));
            }
        }
        let run = env.gtdx_in(&dir, ["lint", "--explain", rule.id]);
        if run.exit_code() != 0
            || !run.stdout().starts_with(rule.id)
            || !run.stdout().contains("describe, lint --manifest-path")
        {
            failures.push(format!("--explain {}:\n{run}", rule.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A crate without description, authors and license hears about all three in one run (one
/// paragraph naming Cargo.toml, each field and the lines to add); adding those lines is enough.
#[test]
fn every_missing_package_field_is_reported_at_once() {
    let env = Env::new();
    let dir = env.path("no_package_fields");
    copy_dir(&describe_fixture("errors").join("no_package_fields"), &dir);
    let run = env.gtdx_in(&dir, ["describe"]);
    run.code(2)
        .stdout_is("")
        .stderr_has("Cargo.toml: the extension lacks 3 fields:")
        .stderr_has("no summary: neither package.description")
        .stderr_has("no author: neither package.authors")
        .stderr_has("no license: neither package.license")
        .stderr_has("help: add to [package]:")
        .stderr_has("description = \"One line about what it does\"")
        .stderr_has("authors = [\"Your Name <you@example.com>\"]")
        .stderr_has("license = \"Apache-2.0\"")
        .check(
            run.stderr().matches("error:").count() == 1,
            "one error paragraph",
        );

    // The help's lines, added under [package], are all it takes.
    let manifest = dir.join("Cargo.toml");
    let text = read(&manifest).replace(
        "edition = \"2024\"\n",
        "edition = \"2024\"\ndescription = \"One line about what it does\"\nauthors = [\"Your Name <you@example.com>\"]\nlicense = \"Apache-2.0\"\n",
    );
    std::fs::write(&manifest, text).unwrap();
    env.gtdx_in(&dir, ["describe"]).success();
    assert!(dir.join("describe.json").is_file());
}

#[test]
fn missing_manifest_path_is_bad_input() {
    let env = Env::new();
    env.gtdx(["describe"])
        .code(2)
        .stderr_has("Cargo.toml: no such file");
}

// ---------------------------------------------------------------------------------------------
// a whole extension (issue 18): `rag/` is a six-tool team notebook written as `#[tool]`
// functions, with either-or inputs, documented enums, defaults and detailed secrets, and no
// hand-written schema file.

/// Its schemas are the ones written down in `rag/expected/schemas.json`, and the tools' secret
/// requirements carry their details.
#[test]
fn a_multi_tool_extension_generates_the_expected_schemas() {
    let env = Env::new();
    let dir = describe_fixture("rag");
    let run = env.gtdx_in(&dir, ["describe", "--stdout"]);
    run.success().stderr_lacks("W_SECRET_DETAILS_DIFFER");
    crate::support::assert_platform_form("rag", run.stdout());
    let d = run.json();
    let expected = read_json(&dir.join("expected/schemas.json"));
    let got = Value::Object(schemas_by_tool(&d));
    assert!(
        got == expected,
        "the rag schemas differ from rag/expected/schemas.json; got:\n{}",
        serde_json::to_string_pretty(&got).unwrap()
    );
    let secrets: Map<String, Value> = tools(&d)
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["secret_requirements"].clone(),
            )
        })
        .collect();
    assert_eq!(
        secrets["add_note"],
        json!([
            {"key": "notebook/token", "required": true, "description": "Access token of the notebook service.", "format": "text"},
            {"key": "embedder/api_key", "required": false, "description": "Embeds the passages; when absent, the notebook service embeds them itself.", "format": "text"}
        ])
    );
    assert_eq!(
        secrets["forget_note"],
        json!([{"key": "notebook/token", "required": true}])
    );
    // `description = ".."` replaces the doc comment; rustdoc's `# Errors` is not for the model.
    let desc =
        |name: &str| tools(&d).iter().find(|t| t["name"] == name).unwrap()["description"].clone();
    assert_eq!(
        desc("read_note"),
        json!("Read one note in full, found by its id or by its link, with its labels.")
    );
    assert_eq!(
        desc("recall"),
        json!(
            "Look up the notebook's passages that answer a question, asked in words or as an embedding."
        )
    );
    // The committed rag/describe.json is fresh.
    env.gtdx_in(&dir, ["describe", "--check"]).code(0);
}

/// The either-or rule holds at run time: the fixture's unit tests call the tools through the
/// generated dispatch with neither, one and both of the alternatives.
#[test]
fn either_or_arguments_are_checked_by_the_dispatch() {
    cargo(["test", "--quiet", "--manifest-path"])
        .arg(describe_fixture("rag/Cargo.toml"))
        .run()
        .success();
}

/// An example with a key the input type does not have fails `gtdx describe` (lint,
/// `E_EXAMPLE_INPUT`, example 1) and the generated example test `__gtdx_example_search_1`.
#[test]
fn an_example_with_an_unknown_key_fails_describe_and_the_example_test() {
    let env = Env::new();
    let dir = copy_fixture(&env, "rag");
    let lib = dir.join("src/lib.rs");
    let src = read(&lib);
    std::fs::write(
        &lib,
        src.replace(
            r##"input = r#"{"question": "release date decision", "top": 5}"#"##,
            r##"input = r#"{"question": "release date decision", "tpo": 5}"#"##,
        ),
    )
    .unwrap();
    env.gtdx_in(&dir, ["describe", "--stdout"])
        .code(1)
        .stderr_has("E_EXAMPLE_INPUT")
        .stderr_has("example 1 of tool \"recall\" does not match its input_schema")
        .stderr_has("tpo");
    let run = cargo(["test", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--")
        .arg("__gtdx_example_recall_")
        .run();
    let text = format!("{}{}", run.stdout(), run.stderr());
    run.failure()
        .check(
            text.contains("__gtdx_example_recall_1"),
            "the failing test is example 1",
        )
        .check(
            text.contains("example 1 of tool `recall`")
                && text.contains("`tpo` is not a field of the input type"),
            "the test names the example and the unknown key",
        );
}

/// A hand-written `input_schema` for a type describe cannot read (here a `Duration`, from std)
/// is still compared with the type by the generated test `__gtdx_schema_<fn>`: a property the
/// type does not have, and a field the file does not list, fail `cargo test` by name.
#[test]
fn a_hand_written_schema_is_compared_with_the_type_by_the_generated_test() {
    let env = Env::new();
    let dir = copy_fixture(&env, "rag");
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    std::fs::write(
        dir.join("schemas/wait.input.json"),
        r#"{"type":"object","properties":{"query":{"type":"string"},"timout":{"type":"object"}}}"#,
    )
    .unwrap();
    let lib = dir.join("src/lib.rs");
    let mut src = read(&lib);
    src.push_str(
        r#"
#[derive(serde::Deserialize)]
pub struct WaitInput {
    pub query: String,
    pub timeout: std::time::Duration,
}

/// Waits for a query to be indexed.
#[tool(capabilities = ["flow"], input_schema = "schemas/wait.input.json")]
pub fn wait_indexed(input: WaitInput) -> Result<(), ToolError> {
    let _ = (input.query, input.timeout);
    Ok(())
}
"#,
    );
    std::fs::write(&lib, src).unwrap();
    // describe cannot read `Duration`, so it takes the file as written.
    env.gtdx_in(&dir, ["describe", "--stdout"]).success();
    let run = cargo(["test", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--")
        .arg("__gtdx_schema_")
        .run();
    let text = format!("{}{}", run.stdout(), run.stderr());
    run.failure()
        .check(
            text.contains("__gtdx_schema_wait_indexed"),
            "the failing test is the schema test of `wait_indexed`",
        )
        .check(
            text.contains("has the field `timeout`, which `schemas/wait.input.json` does not list")
                && text.contains("lists the property `timout`, which is not a field"),
            "the message names both fields",
        );
}
