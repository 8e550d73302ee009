//! Hardening, round two (issue #30): authoring mistakes found porting a real extension
//! (items 16–18), on the fixture crates of `tests/fixtures/harden/authoring/`:
//!
//! * `mistakes/`: one tool per mistake gtdx used to accept without a word; `gtdx describe`
//!   (and `gtdx build`, which describes first) refuses them all at once. Only read, never built.
//! * `either_or/`: the either-or rule (`#[schema(one_of)]`) in its plain and exclusive forms and
//!   as a hand-written exclusive schema, and a serde default kept out of the schema. Built once
//!   into a real component (in the suite's shared target directory) that `gtdx run` and
//!   `gtdx test` call.
//!
//! The compile-time side of item 16 (the `#[schema]` keys the derive refuses with a span) is
//! `crates/macros/tests/ui/schema_mistakes.rs`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::support::{Env, Run, copy_dir, fixture, read, read_json, shared_target_dir};

/// A copy of `tests/fixtures/harden/authoring/<name>` at `dir`, its path dependencies on this
/// workspace's crates made absolute so that Cargo still finds them.
fn copy_crate(name: &str, dir: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    copy_dir(&fixture("harden/authoring").join(name), dir);
    let manifest = dir.join("Cargo.toml");
    let crates = crate::support::workspace_root().join("crates");
    let text = read(&manifest).replace(
        "\"../../../../../crates/",
        &format!("\"{}/", crates.display()),
    );
    std::fs::write(&manifest, text).unwrap();
    dir.to_path_buf()
}

/// The input schemas of a describe.json, by tool, parsed from their strings.
fn input_schemas(d: &Value) -> serde_json::Map<String, Value> {
    d["contributions"]["tools"]
        .as_array()
        .expect("contributions.tools")
        .iter()
        .map(|t| {
            let s: Value = serde_json::from_str(t["input_schema"].as_str().unwrap()).unwrap();
            (t["name"].as_str().unwrap().to_string(), s)
        })
        .collect()
}

/// The built describe.json, written in `env` as `describe.json`.
fn write_describe(env: &Env, describe: &Value) -> PathBuf {
    env.write(
        "describe.json",
        serde_json::to_string_pretty(describe).unwrap(),
    )
}

/// The built describe.json with the keys `rules` taken out of every tool's input schema,
/// written in `env` as `loose.json`: with it, `gtdx run` leaves the checking to the dispatch.
fn write_loose(env: &Env, describe: &Value, rules: &[&str]) -> PathBuf {
    let mut loose = describe.clone();
    for t in loose["contributions"]["tools"].as_array_mut().unwrap() {
        let mut s: Value = serde_json::from_str(t["input_schema"].as_str().unwrap()).unwrap();
        for rule in rules {
            s.as_object_mut().unwrap().remove(*rule);
        }
        t["input_schema"] = Value::String(s.to_string());
    }
    env.write("loose.json", serde_json::to_string_pretty(&loose).unwrap())
}

/// `gtdx run TOOL --wasm WASM --describe DESCRIBE --input INPUT`.
fn run_tool(env: &Env, wasm: &Path, describe: &Path, tool: &str, input: &Value) -> Run {
    env.gtdx_cmd(["run", tool, "--wasm"])
        .arg(wasm)
        .arg("--describe")
        .arg(describe)
        .arg("--input")
        .arg(input.to_string())
        .run()
}

/// Item 16: each mistake is refused, all at once, each in one paragraph naming
/// `file:line:column`, the rule and the fix; exit 2, nothing written. `gtdx build` says the
/// same before compiling anything.
#[test]
fn authoring_mistakes_are_refused_with_a_clear_error() {
    let env = Env::new();
    let dir = copy_crate("mistakes", &env.path("mistakes"));
    let run = env.gtdx_in(&dir, ["describe"]);
    run.code(2)
        .stdout_is("")
        .check(
            run.stderr().starts_with("error: src/lib.rs:"),
            "the first line names the file",
        )
        .stderr_has_all(&[
            // A declared default that is not the one serde fills in.
            "src/lib.rs:17:24: `#[schema(default = 7)]` says `DefaultDiffers.limit` defaults to 7, but its `#[serde(default = \"default_limit\")]` gives 10",
            "make the two agree, or remove `default` from `#[schema(...)]`",
            // `nullable = false` where the type itself is null-able, spelled out or imported.
            "src/lib.rs:31:25: `nullable = false` changes nothing here: `gtdx_sdk::serde_json::Value` itself accepts `null`",
            "src/lib.rs:45:25: `nullable = false` changes nothing here: `Value` itself accepts `null`",
            // `nullable` and `nullable = true`: what an Option is anyway.
            "src/lib.rs:59:14: `nullable` changes nothing: an `Option<T>` field accepts `null` already",
            "src/lib.rs:72:25: `nullable = true` changes nothing",
            // `one_of` on a type without `#[derive(Schema)]`.
            "src/lib.rs:85:1: `#[schema(one_of = ..)]` is written in `NotDerived`, which does not derive `Schema`",
            "help: add `gtdx_sdk::Schema` to the `#[derive(...)]` of `NotDerived`",
            // `one_of` naming a field that may still be `null`.
            "src/lib.rs:100:21: `one_of` names `doc_id`, whose schema accepts `null`",
            "the schema would accept `{\"doc_id\": null}`, which the tool refuses, and refuse `{\"doc_id\": null, \"ids\": ...}`, which the tool accepts",
            "add `#[schema(nullable = false)]` to the field `doc_id`",
            // `no_default` with nothing to leave out.
            "src/lib.rs:118:14: `no_default` leaves the value of a serde default out of the schema, but this field has none (no `#[serde(default)]` or `#[serde(default = \"...\")]` on it or its struct)",
            // A declared default beside a plain `#[serde(default)]` (on the field, or on a
            // struct deriving `Default`) that gives another value.
            "src/lib.rs:134:55: `#[schema(default = 1000)]` says `PlainDefaultDiffers.passage_length` defaults to 1000, but its `#[serde(default)]` gives 0",
            "src/lib.rs:150:24: `#[schema(default = true)]` says `StructDefaultDiffers.archive` defaults to true, but the struct's `#[serde(default)]` gives false",
            "10 problems found",
        ])
        .check(
            !dir.join("describe.json").exists(),
            "describe.json is not written",
        );
    env.gtdx_cmd(["build", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .run()
        .code(2)
        .stderr_has("`nullable = true` changes nothing")
        .stderr_has("10 problems found")
        .stderr_lacks("Compiling");
}

/// Item 17: an example giving none (or several) of the either-or groups says so, naming the
/// groups, in both forms of the rule; not "missing required field" for the first group.
#[test]
fn an_example_giving_no_one_of_group_says_so() {
    let env = Env::new();
    let dir = copy_crate("either_or", &env.path("either_or"));
    let lib = dir.join("src/lib.rs");
    let src = read(&lib)
        .replace(
            r##"example(when = "Several documents are named", input = r#"{"ids": ["d-1", "d-2"], "limit": 5}"#),"##,
            r##"example(when = "Several documents are named", input = r#"{"ids": ["d-1", "d-2"], "limit": 5}"#),
    example(when = "Only a limit", input = r#"{"limit": 5}"#),"##,
        )
        .replace(
            r##"    example(when = "One document is named", input = r#"{"doc_id": "d-1"}"#),
)]
pub fn find_exclusive"##,
            r##"    example(when = "Nothing named", input = r#"{}"#),
    example(when = "Both", input = r#"{"doc_id": "d-1", "ids": ["d-2"]}"#),
)]
pub fn find_exclusive"##,
        );
    std::fs::write(&lib, src).unwrap();
    env.gtdx_in(&dir, ["describe", "--stdout"])
        .code(1)
        .stderr_has_all(&[
            "error[E_EXAMPLE_INPUT]: example 3 of tool \"find_plain\" does not match its input_schema: give exactly one of \"doc_id\", or \"ids\"; it gives none of them",
            "error[E_EXAMPLE_INPUT]: example 1 of tool \"find_exclusive\" does not match its input_schema: give exactly one of \"doc_id\", or \"ids\"; it gives none of them",
            "error[E_EXAMPLE_INPUT]: example 2 of tool \"find_exclusive\" does not match its input_schema: give exactly one of \"doc_id\", or \"ids\"; it gives \"doc_id\" together with \"ids\"",
            "help: add the fields of one group",
        ])
        .stderr_lacks("missing required field");
}

/// The `either_or` fixture built by `gtdx build` once per run: (describe.json, component).
fn built() -> &'static (Value, PathBuf) {
    static BUILT: OnceLock<(Value, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = copy_crate(
            "either_or",
            &shared_target_dir().join("gtdx-e2e/harden_authoring/either_or"),
        );
        let env = Env::new();
        env.gtdx_cmd(["build", "--manifest-path"])
            .arg(dir.join("Cargo.toml"))
            .arg("--out")
            .arg(dir.join("out"))
            .env("CARGO_TARGET_DIR", shared_target_dir())
            .run()
            .success();
        let wasm = shared_target_dir().join("wasm32-wasip2/release/either_or_extension.wasm");
        assert!(wasm.is_file(), "{} was not built", wasm.display());
        (read_json(&dir.join("describe.json")), wasm)
    })
}

/// Item 18: `one_of_form = "exclusive"` writes the form shipped manifests use, and the SDK's
/// dispatch, inside the real component, checks the plain form, the exclusive form and a
/// hand-written exclusive schema alike: one group runs the tool, none or both are refused with
/// `invalid-input` before it runs. To reach the dispatch, the describe.json given to `gtdx run`
/// has the rule taken out (gtdx's host checks the schema first, and refuses the same calls).
#[test]
fn one_of_has_an_exclusive_form_and_the_dispatch_checks_both() {
    let (describe, wasm) = built();
    let schemas = input_schemas(describe);
    assert_eq!(
        schemas["find_plain"]["oneOf"],
        json!([{"required": ["doc_id"]}, {"required": ["ids"]}])
    );
    let exclusive = json!([
        {"required": ["doc_id"], "not": {"required": ["ids"]}},
        {"required": ["ids"], "not": {"required": ["doc_id"]}}
    ]);
    assert_eq!(schemas["find_exclusive"]["oneOf"], exclusive);
    assert_eq!(schemas["find_by_hand"]["oneOf"], exclusive);
    // The fields of the rule are never null, so schema and dispatch agree on `null`.
    for tool in ["find_plain", "find_exclusive"] {
        assert_eq!(schemas[tool]["properties"]["doc_id"]["type"], "string");
        assert_eq!(schemas[tool]["properties"]["ids"]["type"], "array");
    }

    let env = Env::new();
    let full = write_describe(&env, describe);
    // Several rules (`find_flattened`) sit in `allOf`.
    let loose = write_loose(&env, describe, &["oneOf", "allOf"]);
    let run = |d: &Path, tool: &str, input: &Value| run_tool(&env, wasm, d, tool, input);
    for tool in ["find_plain", "find_exclusive", "find_by_hand"] {
        run(&loose, tool, &json!({"doc_id": "d-1"}))
            .code(0)
            .stdout_has("\"by\": \"doc_id\"");
        run(&loose, tool, &json!({"ids": ["d-1", "d-2"]}))
            .code(0)
            .stdout_has("\"by\": \"ids\"")
            .stdout_has("\"count\": 2");
        run(&loose, tool, &json!({})).code(1).stderr_has(&format!(
            "tool `{tool}` returned invalid-input: invalid arguments: give exactly one of `doc_id`, or `ids`; got none of them"
        ));
        run(&loose, tool, &json!({"doc_id": "d-1", "ids": ["d-2"]}))
            .code(1)
            .stderr_has("got `doc_id` together with `ids`");
        // With the rule in describe.json, the host refuses the same calls first.
        run(&full, tool, &json!({}))
            .code(2)
            .stderr_has("does not match its input_schema");
        run(&full, tool, &json!({"ids": ["d-1"]})).code(0);
    }

    // `gtdx test`: a table per form, valid and invalid cases, against the component.
    for tool in ["find_plain", "find_exclusive", "find_by_hand"] {
        env.write(
            &format!("tests/tools/{tool}.json"),
            json!({"tool": tool, "cases": [
                {"name": "one id", "input": {"doc_id": "d-1"}, "expect": {"output": {"by": "doc_id", "count": 1}}},
                {"name": "ids", "input": {"ids": ["a", "b", "c"]}, "expect": {"output": {"by": "ids", "count": 3}}},
                {"name": "neither", "input": {}, "expect": {"error": {"variant": "invalid-input", "message": "give exactly one of `doc_id`, or `ids`; got none of them"}}},
                {"name": "both", "input": {"doc_id": "a", "ids": ["b"]}, "expect": {"error": {"variant": "invalid-input", "message": "got `doc_id` together with `ids`"}}}
            ]})
            .to_string(),
        );
    }
    env.gtdx_cmd(["test", "--wasm"])
        .arg(wasm)
        .arg("--describe")
        .arg(&loose)
        .run()
        .code(0)
        .stdout_has("test find_exclusive.json::neither ... ok")
        .stdout_has("test find_by_hand.json::both ... ok")
        .stdout_has("12 passed, 0 failed");
}

/// Item 18: `#[schema(no_default)]` keeps a readable `#[serde(default = "f")]` out of the
/// schema, with the function where it is; a readable default without it is still written.
#[test]
fn a_readable_serde_default_can_be_kept_out_of_the_schema() {
    let env = Env::new();
    let dir = copy_crate("either_or", &env.path("either_or"));
    let run = env.gtdx_in(&dir, ["describe", "--stdout"]);
    run.success();
    let props = &input_schemas(&run.json())["find_plain"]["properties"];
    assert_eq!(
        props["limit"],
        json!({
            "type": "integer",
            "description": "At most this many documents (the service's own default applies when left out).",
            "minimum": 0,
            "maximum": 100
        }),
        "no `default` for `limit`, whose `default_limit` describe can read"
    );
    assert_eq!(props["order"]["default"], "newest");
}

/// Item 16 follow-up: a plain `#[serde(default)]` gives `Default::default()` of the field's
/// type (0, false, "", [], {}), which describe reads for std types, on the field or through a
/// struct deriving `Default`; a `#[schema(default = ...)]` saying another value is refused
/// (file:line:column, the two values, the fix; exit 2, nothing written). A readable plain
/// default is written as `default` like a `#[serde(default = "f")]`, and `no_default` keeps it
/// out.
#[test]
fn a_plain_serde_default_that_disagrees_is_refused() {
    let env = Env::new();
    let dir = copy_crate("mistakes", &env.path("mistakes"));
    let run = env.gtdx_in(&dir, ["describe"]);
    run.code(2)
        .stdout_is("")
        .stderr_has_all(&[
            "src/lib.rs:134:55: `#[schema(default = 1000)]` says `PlainDefaultDiffers.passage_length` defaults to 1000, but its `#[serde(default)]` gives 0 (`Default::default()` of `u16`): the model would be told one value while the tool uses another",
            "help: to default to 1000, write `#[serde(default = \"default_passage_length\")]` on the field and `fn default_passage_length() -> u16 { 1000 }` beside the struct (describe then reads it); or, if 0 is what the tool should default to, remove `default` from `#[schema(...)]`",
            "src/lib.rs:150:24: `#[schema(default = true)]` says `StructDefaultDiffers.archive` defaults to true, but the struct's `#[serde(default)]` gives false (`Default::default()` of `bool`)",
        ])
        .check(
            !dir.join("describe.json").exists(),
            "describe.json is not written",
        );

    // The fix the message offers: a function returning 1000, whose value is then written.
    let lib = dir.join("src/lib.rs");
    let src = read(&lib).replace(
        "    #[serde(default)]\n    #[schema(minimum = 100, maximum = 8000, default = 1000)]",
        "    #[serde(default = \"default_passage_length\")]\n    #[schema(minimum = 100, maximum = 8000)]",
    ) + "\nfn default_passage_length() -> u16 {\n    1000\n}\n";
    std::fs::write(&lib, src).unwrap();
    env.gtdx_in(&dir, ["describe"])
        .code(2)
        .stderr_lacks("PlainDefaultDiffers")
        .stderr_has("9 problems found");

    // Agreeing, a plain default is written as `default`; `no_default` leaves it out.
    let dir = copy_crate("either_or", &env.path("either_or"));
    let run = env.gtdx_in(&dir, ["describe", "--stdout"]);
    run.success();
    let props = &input_schemas(&run.json())["find_flattened"]["properties"];
    assert_eq!(props["with_text"]["default"], false);
    assert_eq!(props["page"].get("default"), None, "{}", props["page"]);
}

/// Item 18 follow-up: a struct with a `one_of` flattened into one with its own keeps its rule:
/// both go into the schema (in `allOf`), the host's check refuses a call breaking either, and
/// the SDK's dispatch, inside the real component, checks each.
#[test]
fn a_flattened_one_of_is_kept() {
    let (describe, wasm) = built();
    let schema = &input_schemas(describe)["find_flattened"];
    assert_eq!(schema.get("oneOf"), None);
    assert_eq!(
        schema["allOf"],
        json!([
            {"oneOf": [{"required": ["query"]}, {"required": ["vector"]}]},
            {"oneOf": [{"required": ["doc_id"]}, {"required": ["ids"]}]}
        ])
    );
    let env = Env::new();
    let full = write_describe(&env, describe);
    let loose = write_loose(&env, describe, &["allOf"]);
    let run = |d: &Path, input: &Value| run_tool(&env, wasm, d, "find_flattened", input);
    for d in [&full, &loose] {
        run(d, &json!({"query": "who?", "ids": ["d-1", "d-2"]}))
            .code(0)
            .stdout_has("\"by\": \"ids\"")
            .stdout_has("\"count\": 2");
    }
    // The dispatch, reached with the rules taken out of describe.json, checks both.
    run(&loose, &json!({"query": "who?"}))
        .code(1)
        .stderr_has("returned invalid-input: invalid arguments: give exactly one of `doc_id`, or `ids`; got none of them");
    run(&loose, &json!({"doc_id": "d-1"}))
        .code(1)
        .stderr_has("returned invalid-input: invalid arguments: give exactly one of `query`, or `vector`; got none of them");
    run(
        &loose,
        &json!({"query": "who?", "vector": [0.5], "doc_id": "d-1"}),
    )
    .code(1)
    .stderr_has("got `query` together with `vector`");
    // With them, the host refuses first, naming the groups of the rule broken.
    run(&full, &json!({"query": "who?"}))
        .code(2)
        .stderr_has("give exactly one of \"doc_id\", or \"ids\"; it gives none of them");
    run(
        &full,
        &json!({"doc_id": "d-1", "ids": ["d-2"], "vector": [0.5]}),
    )
    .code(2)
    .stderr_has(
        "give exactly one of \"doc_id\", or \"ids\"; it gives \"doc_id\" together with \"ids\"",
    );
}

/// Item 17 follow-up: `gtdx run` refuses an input breaking an either-or rule (before the call,
/// exit 2) in the words the lint uses for examples, naming the groups and what it gives, in
/// every form; not the validator's "not valid under any of the schemas listed in the 'oneOf'
/// keyword".
#[test]
fn run_names_the_one_of_groups() {
    let (describe, wasm) = built();
    let env = Env::new();
    let full = write_describe(&env, describe);
    let run = |tool: &str, input: &Value| run_tool(&env, wasm, &full, tool, input);
    for tool in ["find_plain", "find_exclusive", "find_by_hand"] {
        run(tool, &json!({}))
            .code(2)
            .stdout_is("")
            .stderr_has(&format!(
                "the input of tool `{tool}` does not match its input_schema at the top level (/): give exactly one of \"doc_id\", or \"ids\"; it gives none of them"
            ))
            .stderr_lacks("oneOf");
        run(tool, &json!({"doc_id": "d-1", "ids": ["d-2"]}))
            .code(2)
            .stderr_has("give exactly one of \"doc_id\", or \"ids\"; it gives \"doc_id\" together with \"ids\"")
            .stderr_lacks("oneOf");
    }
    // Any other mistake keeps the validator's words.
    run("find_plain", &json!({"doc_id": 5}))
        .code(2)
        .stderr_has("at `/doc_id`");
}
