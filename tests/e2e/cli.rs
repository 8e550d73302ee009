//! Cargo's habits and machine-readable output: `cargo gtdx …` as a cargo subcommand, shell
//! completions, SARIF for code scanning.

use crate::support::{Env, cargo, fixture, path_with};

#[test]
fn cargo_gtdx_runs_gtdx_as_a_cargo_subcommand() {
    let bin = assert_cmd::cargo::cargo_bin("cargo-gtdx");
    let dir = bin.parent().expect("binary directory");
    let run = cargo(["gtdx", "explain", "e_api_version"])
        .env("PATH", path_with(dir))
        .run();
    run.code(0);
    run.check(
        run.stdout().starts_with("E_API_VERSION (error, validate):"),
        "the registry entry on stdout",
    );
}

#[test]
fn completions_are_printed_for_every_shell() {
    let env = Env::new();
    for (shell, marker) in [
        ("bash", "_gtdx()"),
        ("zsh", "#compdef gtdx"),
        ("fish", "complete -c gtdx"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[gtdx]"),
    ] {
        env.gtdx(["completions", shell])
            .code(0)
            .stdout_has(marker)
            // Subcommands are completed too.
            .stdout_has("worker");
    }
    env.gtdx(["completions", "tcsh"]).code(2);
}

#[test]
fn lint_writes_sarif_for_code_scanning() {
    let env = Env::new();
    let fixtures = fixture("manifests");
    let run = env.gtdx_in(
        &fixtures,
        [
            "lint",
            "several-problems.json",
            "--format",
            "sarif",
            "--baseline",
            "none",
        ],
    );
    // Findings fail the lint as in every format.
    let log = run.code(1).json();
    assert_eq!(log["version"], "2.1.0");
    let sarif_run = &log["runs"][0];
    assert_eq!(sarif_run["tool"]["driver"]["name"], "gtdx");
    let rules = sarif_run["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let results = sarif_run["results"].as_array().expect("results");
    assert!(!results.is_empty(), "{run}");
    for r in results {
        let id = r["ruleId"].as_str().expect("ruleId");
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], id, "ruleIndex points at the rule");
        assert!(
            rules[index]["help"]["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty()),
            "{id}"
        );
        assert!(matches!(
            r["level"].as_str(),
            Some("error" | "warning" | "note")
        ));
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "several-problems.json");
        assert!(
            loc["region"]["startLine"].as_u64().is_some_and(|l| l >= 1),
            "{r}"
        );
    }

    // A file that cannot be read at all is still a SARIF log, with its one finding.
    let log = env
        .gtdx_in(&fixtures, ["validate", "missing.json", "--format", "sarif"])
        .code(2)
        .json();
    assert_eq!(log["runs"][0]["results"][0]["ruleId"], "E_FILE_NOT_FOUND");
}

#[test]
fn findings_show_their_source_line_and_colour_only_when_asked() {
    let env = Env::new();
    let fixtures = fixture("manifests");
    let args = ["lint", "several-problems.json", "--baseline", "none"];
    // Piped (not a terminal): plain text, the source line with a caret as rustc shows it.
    env.gtdx_in(&fixtures, args)
        .code(1)
        .stdout_has("error[E_TOOL_NAMING]: tool name \"greetPerson\" is not snake_case")
        .stdout_has("--> several-problems.json:62:17")
        .stdout_has("62 |         \"name\": \"greetPerson\",")
        .stdout_has("= help: start with a letter a-z")
        .stdout_lacks("\u{1b}[");
    env.gtdx_in(&fixtures, args.iter().chain(&["--color", "always"]))
        .code(1)
        .stdout_has("\u{1b}[");
    env.gtdx_in(&fixtures, args.iter().chain(&["--color", "never"]))
        .code(1)
        .stdout_lacks("\u{1b}[");
}

/// One output layer: with `--format json` every command's stdout is JSON only, and a failure is
/// one `{"event":"error", ...}` object (the shape `build` and `pack` stream), with the
/// `error:` paragraph on stderr for the person reading the log.
#[test]
fn every_command_fails_as_one_json_error_event_in_json_mode() {
    let env = Env::new();
    let missing = env.path("missing.gtxpack");
    let missing = missing.to_str().expect("utf-8 path");
    let key = env.keygen("ci");
    let key = key.secret.to_str().expect("utf-8 path");
    let cargo_toml = env.path("no-project/Cargo.toml");
    let cargo_toml = cargo_toml.to_str().expect("utf-8 path");
    let cases: Vec<Vec<&str>> = vec![
        vec!["verify", missing],
        vec!["inspect", missing],
        vec!["sign", missing, "--key", key],
        vec!["worker", "inspect", missing],
        vec!["worker", "build", missing],
        vec!["describe", "--manifest-path", cargo_toml],
        vec!["key", "export", "--key", missing],
        vec!["explain", "E_NO_SUCH_CODE"],
        vec!["pack", "--wasm", missing, "--describe", missing],
    ];
    for args in cases {
        let run = env.gtdx(args.iter().chain(&["--format", "json"]));
        run.code(2);
        let error = run.json();
        assert_eq!(error["event"], "error", "{args:?}: {error}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{args:?}: {error}");
        run.check(
            run.stderr().starts_with("error: ") && run.stderr().contains(message),
            "the same message as an error paragraph on stderr",
        );
    }
}

#[test]
fn describe_sign_new_and_explain_speak_json_too() {
    let env = Env::new();
    // new: the project and the resolved choices.
    let dir = env.path("acme");
    let run = env.gtdx([
        "new",
        dir.to_str().unwrap(),
        "--vcs",
        "none",
        "--format",
        "json",
    ]);
    run.code(0).stderr_is("");
    let created = run.json();
    assert_eq!(created["created"], true, "{created}");
    assert_eq!(created["name"], "acme");
    assert_eq!(created["tools"][0], "hello");
    assert_eq!(created["describe"], "generated");

    // describe --check: fresh, one tool, its findings as objects.
    let manifest = dir.join("Cargo.toml");
    let run = env.gtdx([
        "describe",
        "--check",
        "--manifest-path",
        manifest.to_str().unwrap(),
        "--format",
        "json",
    ]);
    run.code(0);
    let described = run.json();
    assert_eq!(described["result"], "fresh", "{described}");
    assert_eq!(described["tools"], 1);
    assert!(described["diagnostics"].is_array(), "{described}");
    // The human form says `1 tool`, not `1 tools`.
    env.gtdx([
        "describe",
        "--check",
        "--manifest-path",
        manifest.to_str().unwrap(),
    ])
    .code(0)
    .stderr_has("is up to date (1 tool)");

    // sign: what was signed, with which key.
    let key = env.keygen("release");
    let describe = dir.join("describe.json");
    let run = env.gtdx([
        "sign",
        describe.to_str().unwrap(),
        "--key",
        key.secret.to_str().unwrap(),
        "--format",
        "json",
    ]);
    run.code(0);
    let signed = run.json();
    assert_eq!(signed["kind"], "describe.json", "{signed}");
    assert_eq!(signed["keyId"], key.key_id.as_str());
    assert_eq!(signed["publicKey"], key.public_b64.as_str());

    // sign without a key: one clear sentence, bad input.
    env.gtdx(["sign", describe.to_str().unwrap()])
        .code(2)
        .stderr_has("no signing key: pass --key FILE")
        .stdout_is("");

    // explain: the registry entry as fields.
    let run = env.gtdx(["explain", "e_api_version", "--format", "json"]);
    run.code(0);
    let entry = run.json();
    assert_eq!(entry["code"], "E_API_VERSION");
    assert_eq!(entry["severity"], "error");
    assert!(!entry["explanation"].as_str().unwrap().is_empty());
}
