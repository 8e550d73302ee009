//! `gtdx run` and `gtdx test` on a real component (`tests/fixtures/extensions/hostcalls`, one
//! crate whose tools exercise every part of the host: echo, errors, an endless loop, memory
//! growth, secrets, HTTP, logs, the broker, the LLM, i18n), built once per run by `gtdx build`.
//! Each test writes the describe.json it needs (permissions, limits) beside the shared component
//! and runs `gtdx run --wasm … --describe …`; HTTP goes to real servers on loopback.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::support::{Cmd, Env, HttpServer, Reply, Run, fixture, read_json, shared_target_dir};

/// The fixture built by `gtdx build` once per run: (describe.json, component, pack).
pub(crate) fn built() -> &'static (Value, PathBuf, PathBuf) {
    static BUILT: OnceLock<(Value, PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = shared_target_dir().join("gtdx-e2e/run/hostcalls");
        let _ = std::fs::remove_dir_all(&dir);
        crate::support::copy_dir(&fixture("extensions/hostcalls"), &dir);
        let manifest = dir.join("Cargo.toml");
        let crates = crate::support::workspace_root().join("crates");
        let text = std::fs::read_to_string(&manifest)
            .unwrap()
            .replace("\"../../../../crates/", &format!("\"{}/", crates.display()));
        std::fs::write(&manifest, text).unwrap();
        let out = dir.join("out");
        let env = Env::new();
        env.gtdx_cmd(["build", "--manifest-path"])
            .arg(&manifest)
            .arg("--out")
            .arg(&out)
            .env("CARGO_TARGET_DIR", shared_target_dir())
            .run()
            .success();
        let describe = read_json(&dir.join("describe.json"));
        let wasm = shared_target_dir().join("wasm32-wasip2/release/hostcalls_extension.wasm");
        assert!(wasm.is_file(), "{} was not built", wasm.display());
        let pack = out.join("greentic.hostcalls-0.1.0.gtxpack");
        assert!(pack.is_file(), "{} was not packed", pack.display());
        (describe, wasm, pack)
    })
}

/// A describe.json for the fixture in `env`, edited by `edit`; returns its path.
pub(crate) fn describe(env: &Env, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut d = built().0.clone();
    edit(&mut d);
    env.write("describe.json", serde_json::to_string_pretty(&d).unwrap())
}

pub(crate) fn permissions(d: &mut Value) -> &mut Value {
    &mut d["runtime"]["permissions"]
}

/// `gtdx run TOOL --wasm W --describe D --input INPUT ARGS`, with the suite's shared
/// compiled-component cache (support::Env).
fn run(env: &Env, d: &Path, tool: &str, input: Value, args: &[&str]) -> Run {
    run_cmd(env, d, tool, input, args).run()
}

fn run_cmd(env: &Env, d: &Path, tool: &str, input: Value, args: &[&str]) -> Cmd {
    env.gtdx_cmd(["run", tool, "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(d)
        .arg("--input")
        .arg(input.to_string())
        .args(args)
}

pub(crate) fn run_json(
    env: &Env,
    d: &Path,
    tool: &str,
    input: Value,
    args: &[&str],
) -> (i32, Value) {
    let mut a = vec!["--format", "json"];
    a.extend_from_slice(args);
    let r = run(env, d, tool, input, &a);
    (r.exit_code(), r.json())
}

#[test]
fn echo_prints_the_result_and_caches_the_compiled_component() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    // A cache of this test's own: it counts and damages entries.
    let run = |env: &Env, d: &Path, tool: &str, input: Value, args: &[&str]| {
        run_cmd(env, d, tool, input, args)
            .env("GTDX_CACHE_DIR", env.path("cache"))
            .run()
    };
    let run_json = |env: &Env, d: &Path, tool: &str, input: Value, args: &[&str]| {
        let mut a = vec!["--format", "json"];
        a.extend_from_slice(args);
        let r = run(env, d, tool, input, &a);
        (r.exit_code(), r.json())
    };
    run(&env, &d, "echo", json!({"text": "héllo"}), &[])
        .code(0)
        .stdout_has("\"text\": \"héllo\"")
        .stdout_has("\"length\": 5");
    let (code, doc) = run_json(&env, &d, "echo", json!({"text": "a"}), &[]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["result"], "ok", "{doc}");
    assert_eq!(doc["output"], json!({"text": "a", "length": 1}));
    assert_eq!(doc["cache"], "hit", "the second run compiles again: {doc}");
    let entries: Vec<_> = std::fs::read_dir(env.path("cache")).unwrap().collect();
    assert_eq!(entries.len(), 1, "one compiled component in the cache");
    // --no-cache compiles, and a damaged entry is compiled again and replaced.
    let (_, doc) = run_json(&env, &d, "echo", json!({"text": "a"}), &["--no-cache"]);
    assert_eq!(doc["cache"], "off", "{doc}");
    let entry = entries[0].as_ref().unwrap().path();
    std::fs::write(&entry, b"not a compiled component").unwrap();
    let (code, doc) = run_json(&env, &d, "echo", json!({"text": "a"}), &[]);
    assert_eq!((code, doc["cache"].as_str()), (0, Some("miss")), "{doc}");
    let (_, doc) = run_json(&env, &d, "echo", json!({"text": "a"}), &[]);
    assert_eq!(doc["cache"], "hit", "{doc}");
}

#[test]
fn a_tool_error_is_printed_with_its_variant_and_exits_1() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    run(
        &env,
        &d,
        "fail",
        json!({"variant": "not-found", "message": "no such city"}),
        &[],
    )
    .code(1)
    .stderr_has("tool `fail` returned not-found: no such city");
    let (code, doc) = run_json(
        &env,
        &d,
        "fail",
        json!({"variant": "internal", "message": "boom"}),
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(doc["result"], "tool-error");
    assert_eq!(
        doc["error"],
        json!({"variant": "internal", "message": "boom"})
    );
}

#[test]
fn input_is_checked_against_the_schema_and_undeclared_tools_are_refused() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    run(&env, &d, "echo", json!({"text": 5}), &[])
        .code(2)
        .stderr_has("does not match its input_schema at `/text`");
    run(&env, &d, "eco", json!({}), &[])
        .code(2)
        .stderr_has("tool `eco` is not declared in")
        .stderr_has("Did you mean `echo`?");
    // Declared by the component, not by describe.json: the platform would not dispatch it.
    let d = describe(&env, |d| {
        let tools = d["contributions"]["tools"].as_array_mut().unwrap();
        tools.retain(|t| t["name"] != "spin");
    });
    run(&env, &d, "spin", json!({}), &[])
        .code(2)
        .stderr_has("tool `spin` is not declared");
    env.gtdx_cmd(["run", "echo", "--input-file", "missing.json", "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(&d)
        .run()
        .code(2)
        .stderr_has("missing.json");
    // Input from standard input.
    env.gtdx_cmd(["run", "echo", "-", "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(&d)
        .stdin(r#"{"text": "piped"}"#)
        .run()
        .code(0)
        .stdout_has("piped");
}

#[test]
fn list_tools_compares_the_component_with_describe() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    env.gtdx_cmd(["run", "--list-tools", "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(&d)
        .run()
        .code(0)
        .stdout_has("echo")
        .stdout_has("both");
    let d = describe(&env, |d| {
        let tools = d["contributions"]["tools"].as_array_mut().unwrap();
        tools.retain(|t| t["name"] != "spin");
        let mut extra = tools[0].clone();
        extra["name"] = "ghost".into();
        tools.push(extra);
    });
    let r = env
        .gtdx_cmd(["run", "--list-tools", "--format", "json", "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(&d)
        .run();
    r.code(1);
    let doc = r.json();
    assert_eq!(doc["describeOnly"], json!(["ghost"]), "{doc}");
    assert_eq!(doc["componentOnly"], json!(["spin"]), "{doc}");
}

#[test]
fn an_endless_loop_ends_at_the_deadline() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    run(&env, &d, "spin", json!({}), &["--timeout", "1s"])
        .code(1)
        .stderr_has("tool `spin` ran past its 1 s deadline and was stopped");
}

#[test]
fn memory_growth_past_the_cap_fails_clearly() {
    let env = Env::new();
    let d = describe(&env, |d| d["runtime"]["memoryLimitMB"] = json!(16));
    run(&env, &d, "grow", json!({"mib": 4}), &[]).code(0);
    run(&env, &d, "grow", json!({"mib": 32}), &[])
        .code(1)
        .stderr_has("tried to grow its memory past the 16 MiB cap");
}

#[test]
fn secrets_follow_the_platform_grant_rule() {
    let env = Env::new();
    let d = describe(&env, |d| {
        permissions(d)["secrets"] = json!(["secret://team/acme"]);
    });
    let secret = ["--secret", "team/acme/openai=abc"];
    // granted by a `/`-boundary prefix
    run(
        &env,
        &d,
        "secret",
        json!({"uri": "secret://team/acme/openai"}),
        &secret,
    )
    .code(0)
    .stdout_has("\"length\": 3")
    .output_lacks("abc");
    // a neighbouring prefix is not a grant
    run(
        &env,
        &d,
        "secret",
        json!({"uri": "secret://team/acme-evil/openai"}),
        &secret,
    )
    .code(1)
    .stderr_has("permission denied for secret: secret://team/acme-evil/openai");
    // traversal is refused before matching
    run(
        &env,
        &d,
        "secret",
        json!({"uri": "secret://team/acme/../ops/db"}),
        &secret,
    )
    .code(1)
    .stderr_has("malformed secret uri: secret://team/acme/../ops/db");
    // granted but not given
    run(
        &env,
        &d,
        "secret",
        json!({"uri": "secret://team/acme/other"}),
        &secret,
    )
    .code(1)
    .stderr_has("secret not found: secret://team/acme/other");
    // from the environment
    env.gtdx_cmd(["run", "secret", "--wasm"])
        .arg(&built().1)
        .arg("--describe")
        .arg(&d)
        .args(["--input", r#"{"uri": "secret://team/acme/other"}"#])
        .env("GTDX_SECRET_TEAM_ACME_OTHER", "12345")
        .run()
        .code(0)
        .stdout_has("\"length\": 5");
    // a secrets file must be private
    let file = env.write("secrets.env", "# test\nteam/acme/openai=abcdef\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        run(
            &env,
            &d,
            "secret",
            json!({"uri": "secret://team/acme/openai"}),
            &["--secrets-file", "secrets.env"],
        )
        .code(2)
        .stderr_has("chmod 600");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    run(
        &env,
        &d,
        "secret",
        json!({"uri": "secret://team/acme/openai"}),
        &["--secrets-file", "secrets.env"],
    )
    .code(0)
    .stdout_has("\"length\": 6");
    // a declaration naming no segment grants nothing; `*` grants nothing on the platform
    for grant in ["secret://", "*"] {
        let d = describe(&env, |d| permissions(d)["secrets"] = json!([grant]));
        run(
            &env,
            &d,
            "secret",
            json!({"uri": "secret://team/acme/openai"}),
            &secret,
        )
        .code(1)
        .stderr_has("permission denied for secret");
    }
}

#[test]
fn http_is_allowed_only_by_the_four_facet_rule() {
    let server = HttpServer::start(vec![
        ("/api/ok", Reply::ok("fine")),
        ("/api/hop", Reply::redirect("/api/ok")),
        ("/api/away", Reply::redirect("/private")),
        ("/private", Reply::ok("secret stuff")),
        ("/api/big", Reply::bytes(32 * 1024 * 1024 + 1)),
    ]);
    let env = Env::new();
    let pattern = format!("http://127.0.0.1:{}/api/*", server.port);
    let d = describe(&env, |d| permissions(d)["network"] = json!([pattern]));
    let fetch = |url: String| run(&env, &d, "fetch", json!({"url": url}), &[]);
    fetch(server.url("/api/ok"))
        .code(0)
        .stdout_has("\"status\": 200")
        .stdout_has("\"body\": \"fine\"");
    // host, port and path each refuse
    fetch(format!("http://localhost:{}/api/ok", server.port))
        .code(1)
        .stderr_has("network not allowed for url");
    fetch(format!("http://127.0.0.1:{}/api/ok", server.port + 1))
        .code(1)
        .stderr_has("network not allowed for url");
    fetch(server.url("/apix"))
        .code(1)
        .stderr_has("network not allowed for url");
    fetch(server.url("/api/..%2fprivate")).code(1);
    // a redirect on the list is followed; one off the list is refused before it is sent
    fetch(server.url("/api/hop"))
        .code(0)
        .stdout_has("\"body\": \"fine\"");
    fetch(server.url("/api/away"))
        .code(1)
        .stderr_has("network not allowed for redirect target");
    assert!(
        !server.seen().iter().any(|s| s.path == "/private"),
        "the refused redirect target was requested"
    );
    // the 32 MiB cap
    fetch(server.url("/api/big"))
        .code(1)
        .stderr_has("http response body exceeds the 33554432 byte cap");
    // the operator's list is a ceiling
    run(
        &env,
        &d,
        "fetch",
        json!({"url": server.url("/api/ok")}),
        &["--net-allow", "https://example.com/*"],
    )
    .code(1)
    .stderr_has("network not allowed for url");
    run(
        &env,
        &d,
        "fetch",
        json!({"url": server.url("/api/ok")}),
        &["--net-allow", &pattern],
    )
    .code(0);
}

#[test]
fn credentials_are_dropped_when_a_redirect_changes_origin() {
    let other = HttpServer::start(vec![("/landing", Reply::ok("landed"))]);
    let server = HttpServer::start(vec![("/api/go", Reply::redirect(&other.url("/landing")))]);
    let env = Env::new();
    let d = describe(&env, |d| {
        permissions(d)["network"] = json!([
            format!("http://127.0.0.1:{}/*", server.port),
            format!("http://127.0.0.1:{}/*", other.port)
        ])
    });
    run(&env, &d, "fetch", json!({"url": server.url("/api/go"), "headers": [{"name": "authorization", "value": "Bearer t"}, {"name": "x-trace", "value": "1"}]}), &[])
        .code(0)
        .stdout_has("landed");
    let first = &server.seen()[0];
    assert!(first.headers.iter().any(|(k, _)| k == "authorization"));
    let hop = &other.seen()[0];
    assert!(
        !hop.headers.iter().any(|(k, _)| k == "authorization"),
        "{hop:?}"
    );
    assert!(hop.headers.iter().any(|(k, _)| k == "x-trace"), "{hop:?}");
}

#[test]
fn logs_go_to_stderr_truncated_as_the_platform_truncates() {
    let env = Env::new();
    let d = describe(&env, |_| {});
    let r = run(&env, &d, "flood", json!({"bytes": 10000}), &[]);
    r.code(0)
        .stderr_has("[info flood] ")
        .stderr_has("…[truncated]");
    let line = r
        .stderr()
        .lines()
        .find(|l| l.starts_with("[info flood]"))
        .unwrap();
    assert_eq!(
        line.len(),
        "[info flood] ".len() + 8 * 1024 + "…[truncated]".len()
    );
    run(&env, &d, "flood", json!({"bytes": 3, "fields": 70}), &[])
        .code(0)
        .stderr_has("[warn flood] xxx {k0=v, ")
        .stderr_has("k63=v, …+6 more}");
    let (_, doc) = run_json(&env, &d, "flood", json!({"bytes": 3}), &[]);
    assert_eq!(doc["logs"][0]["message"], "xxx", "{doc}");
}

#[test]
fn the_broker_calls_an_extension_given_with_with() {
    let env = Env::new();
    let d = describe(&env, |d| {
        permissions(d)["callExtensionKinds"] = json!(["design"])
    });
    let args = json!({"kind": "design", "target": "greentic.hostcalls", "function": "echo", "args": "{\"text\": \"via broker\"}"});
    run(&env, &d, "call", args.clone(), &[])
        .code(1)
        .stderr_has("--with");
    let pack = built().2.to_str().unwrap();
    run(&env, &d, "call", args, &["--with", pack])
        .code(0)
        .stdout_has("via broker");
    let other_kind = json!({"kind": "deploy", "target": "x", "function": "f", "args": "{}"});
    run(&env, &d, "call", other_kind, &["--with", pack])
        .code(1)
        .stderr_has("greentic.hostcalls may not call deploy extensions");
}

#[test]
fn llm_answers_come_from_a_fixture() {
    let env = Env::new();
    let d = describe(&env, |d| permissions(d)["llmRoles"] = json!(["default"]));
    run(
        &env,
        &d,
        "ask",
        json!({"question": "capital of Norway?"}),
        &[],
    )
    .code(1)
    .stderr_has("llm not configured for this runtime");
    env.write("llm.json", r#"[{"when": "Norway", "content": "Oslo"}]"#);
    run(
        &env,
        &d,
        "ask",
        json!({"question": "capital of Norway?"}),
        &["--llm-fixture", "llm.json"],
    )
    .code(0)
    .stdout_has("\"answer\": \"Oslo\"");
}

#[test]
fn a_pack_runs_after_its_integrity_check() {
    let env = Env::new();
    let pack = built().2.clone();
    env.gtdx([
        "run",
        "echo",
        "--input",
        r#"{"text": "packed"}"#,
        "--pack",
        pack.to_str().unwrap(),
    ])
    .code(0)
    .stdout_has("packed");
    // A pack whose bytes were changed is refused.
    let mut bytes = std::fs::read(&pack).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 0xff;
    let bad = env.write("bad.gtxpack", bytes);
    env.gtdx(["run", "echo", "--pack", bad.to_str().unwrap()])
        .code(2)
        .stderr_has("bad.gtxpack");
    // With a trusted key, an unsigned pack is refused; a signed one runs.
    let key = env.keygen("ci");
    let copy = env.path("signed.gtxpack");
    std::fs::copy(&pack, &copy).unwrap();
    let pub_key = key.public.to_str().unwrap();
    env.gtdx([
        "run",
        "echo",
        "--pack",
        copy.to_str().unwrap(),
        "--trusted-key",
        pub_key,
    ])
    .code(2);
    env.sign(&copy, &key);
    env.gtdx([
        "run",
        "echo",
        "--input",
        r#"{"text": "signed"}"#,
        "--pack",
        copy.to_str().unwrap(),
        "--trusted-key",
        pub_key,
    ])
    .code(0)
    .stdout_has("signed");
}

#[test]
fn gtdx_test_runs_the_table_with_canned_http() {
    let env = Env::new();
    let d = describe(&env, |d| {
        permissions(d)["network"] = json!(["https://api.weather.example/v1/*"]);
        permissions(d)["secrets"] = json!(["secret://team/acme"]);
    });
    env.write(
        "tests/tools/echo.json",
        json!({"tool": "echo", "cases": [
            {"name": "echoes", "input": {"text": "hi"}, "expect": {"output": {"text": "hi", "length": 2}}},
            {"name": "subset", "input": {"text": "hey"}, "expect": {"outputContains": {"length": 3}}},
            {"name": "schema refuses", "input": {"text": 1}, "expect": {"error": {"variant": "invalid-input", "message": "/text"}}},
            {"name": "wrong on purpose", "input": {"text": "x"}, "expect": {"output": {"text": "y"}}}
        ]})
        .to_string(),
    );
    env.write(
        "tests/tools/net.yaml",
        "tool: fetch\ncases:\n  - name: canned\n    input: {url: \"https://api.weather.example/v1/oslo\"}\n    http:\n      - url: \"https://api.weather.example/v1/oslo\"\n        json: {temp: 3}\n    expect: {outputContains: {status: 200, body: '{\"temp\":3}'}}\n  - name: not on the list\n    input: {url: \"https://evil.example/v1/oslo\"}\n    http:\n      - url: \"https://evil.example/v1/oslo\"\n        body: stolen\n    expect: {error: {variant: permission-denied, message: \"network not allowed for url\"}}\n",
    );
    env.write(
        "tests/tools/fail.toml",
        "tool = \"fail\"\nname = \"not found\"\ninput = { variant = \"not-found\", message = \"gone\" }\n[expect.error]\nvariant = \"not-found\"\nmessage = \"gone\"\n",
    );
    env.write(
        "tests/tools/secret.json",
        json!({"tool": "secret", "name": "granted", "input": {"uri": "secret://team/acme/k"}, "secrets": {"team/acme/k": "abcd"}, "expect": {"output": {"length": 4}}}).to_string(),
    );
    let test = |args: &[&str]| {
        env.gtdx_cmd(["test", "--wasm"])
            .arg(&built().1)
            .arg("--describe")
            .arg(&d)
            .args(args)
            .run()
    };
    test(&["--junit", "junit.xml"])
        .code(1)
        .stdout_has("test echo.json::echoes ... ok")
        .stdout_has("test echo.json::wrong on purpose ... FAILED")
        .stdout_has("test net.yaml::canned ... ok")
        .stdout_has("test net.yaml::not on the list ... ok")
        .stdout_has("test fail.toml::not found ... ok")
        .stdout_has("test secret.json::granted ... ok")
        .stdout_has("7 passed, 1 failed");
    let xml = std::fs::read_to_string(env.path("junit.xml")).unwrap();
    assert!(
        xml.contains("<testsuite name=\"greentic.hostcalls\" tests=\"8\" failures=\"1\">"),
        "{xml}"
    );
    assert!(xml.contains("<failure message=\"expected output"), "{xml}");
    test(&["--filter", "echo.json::e", "--format", "json"]).code(0);
    let r = test(&["--tool", "fetch", "--format", "json"]);
    r.code(0);
    let doc = r.json();
    assert_eq!(
        (doc["passed"].as_u64(), doc["failed"].as_u64()),
        (Some(2), Some(0)),
        "{doc}"
    );
    // A malformed test file names the file and the place.
    env.write(
        "tests/tools/zbad.json",
        r#"{"tool": "echo", "cases": [{"name": "x", "expect": {"outptu": 1}}]}"#,
    );
    test(&[])
        .code(2)
        .stderr_has("zbad.json")
        .stderr_has("cases[0].expect");
}
