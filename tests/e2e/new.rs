//! `gtdx new` / `gtdx init`: every variant of the generated project builds for the host and for
//! wasm32-wasip2, passes its own tests, has a fresh describe.json and lints clean; bad input is
//! refused with exit code 2; user files are never overwritten; nothing waits for input without a
//! terminal.
//!
//! The variant tests build with real cargo into the one shared target directory, and give every
//! project the workspace's Cargo.lock, so all variants resolve to the same dependency versions
//! (the ones the workspace is tested with) and compile them once.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::support::{gtdx, shared_target_dir, workspace_root};

/// Runs `gtdx new <parent>/<name> --vcs none <args>` with stdin closed and asserts success.
fn generate(parent: &Path, name: &str, args: &[&str]) -> PathBuf {
    let dir = parent.join(name);
    let out = gtdx_new(&dir)
        .args(["--vcs", "none"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gtdx new {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

/// `gtdx new PATH`, without any `GTDX_NEW_*` variable the test process might have inherited.
fn gtdx_new(path: impl AsRef<std::ffi::OsStr>) -> assert_cmd::Command {
    let mut cmd = gtdx();
    cmd.arg("new").arg(path).env_remove_gtdx_new();
    cmd
}

/// `gtdx init` run in `dir`, without inherited `GTDX_NEW_*` variables.
fn gtdx_init(dir: &Path) -> assert_cmd::Command {
    let mut cmd = gtdx();
    cmd.arg("init").current_dir(dir).env_remove_gtdx_new();
    cmd
}

/// Removes every `GTDX_NEW_*` variable the test process might have inherited.
trait EnvRemoveGtdxNew {
    fn env_remove_gtdx_new(&mut self) -> &mut Self;
}

impl EnvRemoveGtdxNew for assert_cmd::Command {
    fn env_remove_gtdx_new(&mut self) -> &mut Self {
        for (k, _) in std::env::vars_os() {
            if k.to_string_lossy().starts_with("GTDX_NEW_") {
                self.env_remove(&k);
            }
        }
        self
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Runs cargo in `project` with the shared target directory; panics with its output on failure.
fn cargo(project: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(project)
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo {args:?} failed in {}:\n{}\n{}",
        project.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `gtdx lint --format json` in `project`: (exit code, [(code, severity)]).
fn lint(project: &Path) -> (i32, Vec<(String, String)>) {
    let out = gtdx()
        .args(["lint", "--format", "json"])
        .current_dir(project)
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "lint output is not JSON ({e}):\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let diags = doc["diagnostics"]
        .as_array()
        .unwrap_or_else(|| panic!("no diagnostics array: {doc}"))
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (out.status.code().unwrap_or(-1), diags)
}

/// Generates one variant and proves it: host tests, wasm32-wasip2 build, describe.json fresh,
/// lint clean. `allowed` lists the only diagnostics tolerated (informational ones).
fn prove_variant(name: &str, args: &[&str], allowed: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let project = generate(tmp.path(), name, args);
    std::fs::copy(
        workspace_root().join("Cargo.lock"),
        project.join("Cargo.lock"),
    )
    .unwrap();

    cargo(&project, &["test", "--quiet"]);
    cargo(&project, &["build", "--quiet", "--target", "wasm32-wasip2"]);
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

    let check = gtdx()
        .args(["describe", "--check"])
        .current_dir(&project)
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "describe.json is stale:\n{}{}",
        String::from_utf8_lossy(&check.stdout),
        stderr(&check)
    );

    crate::support::assert_platform_form(
        &format!("{name}/describe.json"),
        &std::fs::read_to_string(project.join("describe.json")).unwrap(),
    );
    let (code, diags) = lint(&project);
    assert_eq!(code, 0, "lint failed: {diags:?}");
    let unexpected: Vec<_> = diags
        .iter()
        .filter(|(c, _)| !allowed.contains(&c.as_str()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "the generated project must lint clean, got {unexpected:?}"
    );
    (tmp, project)
}

/// Without a node type, tools offered on `flow` get the informational I_FLOW_NO_NODE_TYPES (no
/// block on the canvas); nothing else is tolerated.
const FLOW_INFO: &[&str] = &["I_FLOW_NO_NODE_TYPES"];

#[test]
fn variant_basic_builds_tests_and_lints_clean() {
    let (_tmp, p) = prove_variant("gtdx-new-basic", &[], FLOW_INFO);
    let d: Value = serde_json::from_str(&read(&p.join("describe.json"))).unwrap();
    let tools = d["contributions"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["name"], "hello");
    assert_eq!(
        tools[0]["capabilities"],
        serde_json::json!(["agentic_worker", "flow"])
    );
    assert!(tools[0]["agentic_worker_metadata"].is_string());
    assert!(!p.join(".github").exists());
}

#[test]
fn variant_node_type_builds_tests_and_lints_clean() {
    let (_tmp, p) = prove_variant("gtdx-new-node-type", &["--node-type"], &[]);
    let d: Value = serde_json::from_str(&read(&p.join("describe.json"))).unwrap();
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
    let (_tmp, p) = prove_variant(
        "gtdx-new-dynamic",
        &["--dynamic-tools"],
        &["I_FLOW_NO_NODE_TYPES", "W_PLATFORM_UNKNOWN_FIELD"],
    );
    let d: Value = serde_json::from_str(&read(&p.join("describe.json"))).unwrap();
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
            ("update_record", "write"),
            ("get_record", "read")
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
}

#[test]
fn variant_ci_github_builds_tests_and_lints_clean() {
    let (_tmp, p) = prove_variant("gtdx-new-ci", &["--ci", "github"], FLOW_INFO);
    let wf = read(&p.join(".github/workflows/gtdx.yml"));
    for step in [
        "rustup target add wasm32-wasip2",
        "gtdx describe --check",
        "gtdx lint --deny-warnings",
        "cargo test",
        "gtdx build",
        "--key-env GTDX_SIGNING_KEY",
        "${{ secrets.GTDX_SIGNING_KEY }}",
        "gtdx verify",
        "actions/upload-artifact",
        ".gtxpack",
    ] {
        assert!(wf.contains(step), "workflow lacks `{step}`:\n{wf}");
    }
}

#[test]
fn generated_files_and_sdk_line() {
    let tmp = tempfile::tempdir().unwrap();
    let p = generate(tmp.path(), "files-check", &[]);
    for f in [
        ".gitignore",
        "Cargo.toml",
        "README.md",
        "build.rs",
        "describe.json",
        "src/lib.rs",
    ] {
        assert!(p.join(f).is_file(), "{f} missing");
    }
    let cargo_toml = read(&p.join("Cargo.toml"));
    assert!(cargo_toml.contains(r#"crate-type = ["cdylib", "rlib"]"#));
    assert!(cargo_toml.contains("[package.metadata.gtdx]"));
    let sdk = workspace_root().join("crates/sdk");
    assert!(
        cargo_toml.contains(&format!("gtdx-sdk = {{ path = \"{}\" }}", sdk.display())),
        "{cargo_toml}"
    );
    let readme = read(&p.join("README.md"));
    for must in [
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
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, ["files-check"]);
}

#[test]
fn new_reports_which_sdk_it_uses() {
    let tmp = tempfile::tempdir().unwrap();
    let out = gtdx_new(tmp.path().join("x"))
        .args(["--vcs", "none"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = stderr(&out);
    assert!(err.contains("source checkout"), "{err}");
    assert!(
        err.contains(&workspace_root().join("crates/sdk").display().to_string()),
        "{err}"
    );
}

#[test]
fn sdk_version_and_git_render_the_dependency_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let p = generate(tmp.path(), "by-version", &["--sdk", "0.3"]);
    let t = read(&p.join("Cargo.toml"));
    assert!(t.contains("gtdx-sdk = \"0.3\""), "{t}");
    assert!(t.contains("gtdx-describe = \"0.3\""), "{t}");

    let out = gtdx_new(tmp.path().join("by-git"))
        .args([
            "--vcs",
            "none",
            "--sdk",
            "https://github.com/example/gtdx#abc123",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("git https://github.com/example/gtdx at abc123"),
        "{}",
        stderr(&out)
    );
    let t = read(&tmp.path().join("by-git/Cargo.toml"));
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

    let p = generate(
        tmp.path(),
        "by-path",
        &["--sdk", workspace_root().to_str().unwrap()],
    );
    let t = read(&p.join("Cargo.toml"));
    assert!(
        t.contains(&format!(
            "gtdx-describe = {{ path = \"{}\" }}",
            workspace_root().join("crates/describe").display()
        )),
        "{t}"
    );
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
        (&["--kind", "bundle"], "not supported by gtdx new yet"),
        (&["--capability", "agents"], "agents"),
        (&["--sdk", "0.1.2.3"], "not a valid requirement"),
        (&["--sdk", "/no/such/gtdx"], "neither a gtdx checkout"),
    ];
    let tmp = tempfile::tempdir().unwrap();
    for (args, needle) in cases {
        let target = tmp.path().join("proj");
        let out = gtdx_new(&target).args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(needle),
            "{args:?}: expected `{needle}` in:\n{}",
            stderr(&out)
        );
        assert!(!target.exists(), "{args:?} created {}", target.display());
        assert_eq!(
            std::fs::read_dir(tmp.path()).unwrap().count(),
            0,
            "{args:?} left files behind"
        );
    }
    // A directory name that is not a crate name needs --name.
    let out = gtdx_new(tmp.path().join("9lives")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--name"), "{}", stderr(&out));
}

#[test]
fn non_empty_directory_is_refused_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("busy");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out = gtdx_new(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not empty") && stderr(&out).contains("--force"),
        "{}",
        stderr(&out)
    );
    let entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["notes.txt"]);

    // An empty directory is fine.
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = gtdx_new(&empty).args(["--vcs", "none"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(empty.join("Cargo.toml").is_file());
}

#[test]
fn force_keeps_user_files_and_reports_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("kept");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("README.md"), "my readme").unwrap();
    std::fs::write(dir.join(".gitignore"), "my ignores").unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out = gtdx_new(&dir)
        .args(["--force", "--vcs", "none"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read(&dir.join("README.md")), "my readme");
    assert_eq!(read(&dir.join(".gitignore")), "my ignores");
    assert_eq!(read(&dir.join("notes.txt")), "mine");
    assert!(
        stderr(&out).contains("Skipped README.md"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("Skipped .gitignore"),
        "{}",
        stderr(&out)
    );
    for f in ["Cargo.toml", "build.rs", "src/lib.rs", "describe.json"] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
}

#[test]
fn init_fills_an_existing_directory_and_refuses_to_overwrite() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("existing_ext");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out = gtdx_init(&dir).args(["--vcs", "none"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(read(&dir.join("Cargo.toml")).contains("name = \"existing_ext\""));
    assert!(read(&dir.join("Cargo.toml")).contains("id = \"greentic.existing-ext\""));
    assert!(dir.join("describe.json").is_file());
    assert_eq!(read(&dir.join("notes.txt")), "mine");

    // A second init would overwrite: refused, and nothing changes.
    std::fs::write(dir.join("src/lib.rs"), "// my code").unwrap();
    let out = gtdx_init(&dir).args(["--vcs", "none"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(read(&dir.join("src/lib.rs")), "// my code");
}

#[test]
fn without_a_terminal_nothing_is_asked_and_nothing_waits() {
    let tmp = tempfile::tempdir().unwrap();
    // stdin is a pipe holding an answer: it must not be read.
    let out = gtdx_new(tmp.path().join("quiet"))
        .args(["--vcs", "none"])
        .write_stdin("not-the-name\n")
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        !stderr(&out).contains("Package name"),
        "prompted without a terminal: {}",
        stderr(&out)
    );
    assert!(read(&tmp.path().join("quiet/Cargo.toml")).contains("name = \"quiet\""));

    // stdin closed.
    let out = Command::new(assert_cmd::cargo::cargo_bin("gtdx"))
        .arg("new")
        .arg(tmp.path().join("closed"))
        .args(["--vcs", "none"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

/// On a terminal (a pty from `script`), every value that no flag or variable gave is asked for;
/// an invalid answer is explained and asked again; an empty answer takes the default.
#[cfg(target_os = "linux")]
#[test]
fn on_a_terminal_missing_values_are_prompted() {
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("asked");
    let gtdx_bin = assert_cmd::cargo::cargo_bin("gtdx");
    let cmd = format!(
        "{} new {} --vcs none --ci none",
        gtdx_bin.display(),
        target.display()
    );
    // name: invalid then default; id: custom; tools; capabilities: default; node type: yes;
    // dynamic tools: no. (--ci was given: not asked.)
    let answers = "1bad\n\ngreentic.asked-custom\nalpha,beta\n\ny\nn\n";
    let mut child = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .env_remove("GTDX_NEW_YES")
        .spawn()
        .expect("`script` (util-linux) runs the prompt test on a pty");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(answers.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Package name [asked]"), "{text}");
    assert!(
        text.contains("starts with a digit"),
        "the bad answer is explained: {text}"
    );
    assert!(
        !text.contains("CI workflow"),
        "--ci was given, so it is not asked: {text}"
    );
    let cargo_toml = read(&target.join("Cargo.toml"));
    assert!(cargo_toml.contains("name = \"asked\""), "{cargo_toml}");
    assert!(
        cargo_toml.contains("id = \"greentic.asked-custom\""),
        "{cargo_toml}"
    );
    assert!(cargo_toml.contains("nodeTypes"), "{cargo_toml}");
    let lib = read(&target.join("src/lib.rs"));
    assert!(
        lib.contains("pub fn alpha(") && lib.contains("pub fn beta("),
        "{lib}"
    );

    // --yes on a terminal: nothing is asked.
    let cmd = format!(
        "{} new {} --vcs none --yes",
        gtdx_bin.display(),
        tmp.path().join("yes").display()
    );
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Package name"));
}

#[test]
fn environment_variables_supply_values_and_flags_win() {
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp.path().join("from-env");
    let out = gtdx_new(&target)
        .env("GTDX_NEW_NAME", "env-name")
        .env("GTDX_NEW_ID", "greentic.from-env")
        .env("GTDX_NEW_TOOL", "first_tool,second_tool")
        .env("GTDX_NEW_CAPABILITY", "flow")
        .env("GTDX_NEW_NODE_TYPE", "true")
        .env("GTDX_NEW_CI", "github")
        .env("GTDX_NEW_VCS", "none")
        .env("GTDX_NEW_SDK", "0.7")
        .args(["--name", "flag-name"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let cargo_toml = read(&target.join("Cargo.toml"));
    assert!(
        cargo_toml.contains("name = \"flag-name\""),
        "the flag wins over GTDX_NEW_NAME: {cargo_toml}"
    );
    assert!(cargo_toml.contains("id = \"greentic.from-env\""));
    assert!(cargo_toml.contains("gtdx-sdk = \"0.7\""));
    assert!(cargo_toml.contains("nodeTypes"));
    assert!(target.join(".github/workflows/gtdx.yml").is_file());
    assert!(!target.join(".git").exists(), "GTDX_NEW_VCS=none");
    let lib = read(&target.join("src/lib.rs"));
    assert!(lib.contains("pub fn first_tool(") && lib.contains("pub fn second_tool("));
    assert!(lib.contains("capabilities = [\"flow\"]"), "{lib}");
}

#[test]
fn git_init_unless_inside_a_work_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let out = gtdx_new(tmp.path().join("repo")).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(tmp.path().join("repo/.git").is_dir());

    let out = gtdx_new(tmp.path().join("repo/inner")).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(tmp.path().join("repo/inner/Cargo.toml").is_file());
    assert!(
        !tmp.path().join("repo/inner/.git").exists(),
        "no nested repository inside a work tree"
    );
}

/// A failure after files were staged (here: `git init` cannot run) leaves nothing behind: no
/// project, no staging directory, no parent directory created for it.
#[test]
fn failure_part_way_leaves_no_half_written_project() {
    let tmp = tempfile::tempdir().unwrap();
    let empty_path = tmp.path().join("no-tools-here");
    std::fs::create_dir(&empty_path).unwrap();
    let target = tmp.path().join("a/b/proj");
    let out = gtdx_new(&target)
        .args(["--vcs", "git"])
        .env("PATH", &empty_path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--vcs none"), "{}", stderr(&out));
    let entries: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["no-tools-here"], "left behind: {entries:?}");
}

#[test]
fn a_project_created_inside_a_workspace_joins_it_as_cargo_new_does() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path();
    let root_manifest =
        "# our extensions\n[workspace]\nresolver = \"3\"\nmembers = [\n    \"tools/*\",\n]\n";
    std::fs::write(ws.join("Cargo.toml"), root_manifest).unwrap();
    let out = gtdx_new("exts/weather")
        .args(["--yes", "--vcs", "none"])
        .current_dir(ws)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("`exts/weather` as a member of the workspace at"),
        "{err}"
    );
    let edited = std::fs::read_to_string(ws.join("Cargo.toml")).unwrap();
    assert_eq!(
        edited,
        root_manifest.replace("\"tools/*\",\n", "\"tools/*\",\n    \"exts/weather\",\n"),
        "comments and layout are kept"
    );
    // A second project under a glob that already matches leaves the manifest alone.
    let out = gtdx_new("tools/fetch")
        .args(["--yes", "--vcs", "none"])
        .current_dir(ws)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("as a member"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(ws.join("Cargo.toml")).unwrap(),
        edited
    );

    // Real cargo agrees: both packages are members of the workspace.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let md = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(ws.join("exts/weather"))
        .output()
        .unwrap();
    assert!(md.status.success(), "{}", stderr(&md));
    let md: serde_json::Value = serde_json::from_slice(&md.stdout).unwrap();
    let mut members: Vec<&str> = md["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    members.sort_unstable();
    assert_eq!(members, ["fetch", "weather"]);
}
