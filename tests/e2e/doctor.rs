//! `gtdx doctor`: the environment checkup (this machine's real toolchain, keys, a Greentic
//! home), and the visibility chain of `--tool`, each way a tool can be invisible on its own.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::support::{Env, fixture, read_json};

/// The spec's example extension (`greentic.telco-x` 0.1.0, one agentic tool, one node type),
/// with three more tools: flow only, no capabilities, no description.
fn manifest() -> Value {
    let mut doc = read_json(&fixture("manifests/spec-example.json"));
    let tools = doc["contributions"]["tools"].as_array_mut().unwrap();
    let base = tools[0].clone();
    for (name, caps, description) in [
        ("tx_flow_only", Some(json!(["flow"])), Some("Flow only.")),
        ("tx_default", None, Some("No capabilities.")),
        ("tx_bare", Some(json!(["agentic_worker"])), None),
    ] {
        let mut t = base.clone();
        t["name"] = json!(name);
        match caps {
            Some(c) => t["capabilities"] = c,
            None => {
                t.as_object_mut().unwrap().remove("capabilities");
            }
        }
        match description {
            Some(d) => t["description"] = json!(d),
            None => {
                t.as_object_mut().unwrap().remove("description");
            }
        }
        tools.push(t);
    }
    doc
}

/// The project directory holding the manifest.
fn project(env: &Env, doc: &Value) -> PathBuf {
    env.write("ext/describe.json", serde_json::to_vec_pretty(doc).unwrap());
    env.path("ext")
}

/// Packs the manifest and installs it with `gtdx install` (the platform's layout and state
/// file); returns the install directory.
fn install(env: &Env, doc: &Value) -> PathBuf {
    let id = doc["metadata"]["id"].as_str().unwrap();
    let version = doc["metadata"]["version"].as_str().unwrap();
    let pack = env.pack(&format!("installs/{id}-{version}.gtxpack"), doc, vec![]);
    env.gtdx([
        "install".as_ref(),
        pack.as_os_str(),
        "--trust".as_ref(),
        "loose".as_ref(),
        "--yes".as_ref(),
        "--force".as_ref(),
    ])
    .code(0);
    let dir = env
        .greentic_home()
        .join("extensions/design")
        .join(format!("{id}-{version}"));
    assert!(dir.join("describe.json").is_file(), "{}", dir.display());
    dir
}

fn state(env: &Env, state: Value) {
    std::fs::create_dir_all(env.greentic_home()).unwrap();
    std::fs::write(
        env.greentic_home().join("extensions-state.json"),
        state.to_string(),
    )
    .unwrap();
}

/// `gtdx doctor DIR --tool TOOL ARGS --format json`, and the status of `check`.
fn check(env: &Env, dir: &Path, tool: &str, args: &[&str], check: &str) -> (String, Value) {
    let mut argv: Vec<String> = vec![
        "doctor".into(),
        dir.display().to_string(),
        "--tool".into(),
        tool.into(),
        "--format".into(),
        "json".into(),
    ];
    argv.extend(args.iter().map(|a| a.to_string()));
    let run = env.gtdx(&argv);
    let report = run.json();
    let finding = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["check"] == check)
        .unwrap_or_else(|| panic!("no `{check}` check in {report:#}"))
        .clone();
    let code = run.exit_code();
    let failed = finding["status"] == "fail";
    assert_eq!(
        code,
        if report["ok"] == true { 0 } else { 1 },
        "exit code follows `ok`"
    );
    assert!(!failed || code == 1, "a failed check exits 1");
    (finding["status"].as_str().unwrap().to_string(), finding)
}

#[test]
fn each_way_a_tool_is_invisible_is_reported_on_its_own() {
    let env = Env::new();
    let doc = manifest();
    let dir = project(&env, &doc);
    let designer = ["--designer-version", "1.2.5"];

    // Not installed yet: everything about the manifest passes, the install fails.
    let (s, f) = check(&env, &dir, "tx_resolve_prefix", &designer, "installed");
    assert_eq!(s, "fail", "{f}");
    assert!(f["fix"].as_str().unwrap().contains("gtdx install"));
    let (s, _) = check(&env, &dir, "tx_resolve_prefix", &designer, "capability");
    assert_eq!(s, "pass");

    install(&env, &doc);
    env.gtdx([
        "doctor".as_ref(),
        dir.as_os_str(),
        "--tool".as_ref(),
        "tx_resolve_prefix".as_ref(),
        "--designer-version".as_ref(),
        "1.2.5".as_ref(),
    ])
    .code(0)
    .stdout_has("ok   installed")
    .stdout_has("fails open")
    .stdout_has("no problems found");

    // Declared?
    let (s, f) = check(&env, &dir, "tx_resolve_prefx", &designer, "declared");
    assert_eq!(s, "fail");
    assert!(
        f["fix"]
            .as_str()
            .unwrap()
            .contains("did you mean `tx_resolve_prefix`"),
        "{f}"
    );
    let (s, f) = check(&env, &dir, "telco-x.resolve-prefix", &designer, "declared");
    assert_eq!(s, "fail");
    assert!(
        f["summary"].as_str().unwrap().contains("is a node type"),
        "{f}"
    );

    // Offered on the surface: explicitly, by the ["flow"] default, or not at all.
    let (s, f) = check(&env, &dir, "tx_flow_only", &designer, "capability");
    assert_eq!(s, "fail");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("without agentic_worker"),
        "{f}"
    );
    let (s, _) = check(
        &env,
        &dir,
        "tx_flow_only",
        &["--surface", "flow", "--designer-version", "1.2.5"],
        "capability",
    );
    assert_eq!(s, "pass");
    let (s, f) = check(&env, &dir, "tx_default", &designer, "capability");
    assert_eq!(s, "fail");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("defaults to [\"flow\"]"),
        "{f}"
    );
    let (s, _) = check(
        &env,
        &dir,
        "tx_default",
        &["--surface", "flow"],
        "capability",
    );
    assert_eq!(s, "pass");

    // Described?
    let (s, f) = check(&env, &dir, "tx_bare", &designer, "described");
    assert_eq!(s, "fail");
    assert!(
        f["summary"].as_str().unwrap().contains("no description"),
        "{f}"
    );

    // Enabled, and not turned off for the tenant.
    state(
        &env,
        json!({"schema": "1.1", "default": {"enabled": {"greentic.telco-x@0.1.0": false}}}),
    );
    let (s, f) = check(&env, &dir, "tx_resolve_prefix", &designer, "enabled");
    assert_eq!(s, "fail");
    assert_eq!(f["fix"], "gtdx enable greentic.telco-x@0.1.0");
    state(
        &env,
        json!({"schema": "1.1", "default": {"enabled": {"greentic.telco-x@0.1.0": true}},
                       "tenants": {"acme": {"enabled": {"greentic.telco-x@0.1.0": false}}}}),
    );
    let (s, _) = check(&env, &dir, "tx_resolve_prefix", &designer, "enabled");
    assert_eq!(s, "pass");
    let (s, f) = check(
        &env,
        &dir,
        "tx_resolve_prefix",
        &["--tenant", "acme", "--designer-version", "1.2.5"],
        "tenant",
    );
    assert_eq!(s, "fail");
    assert_eq!(f["fix"], "gtdx enable greentic.telco-x@0.1.0 --tenant acme");
    let (s, _) = check(
        &env,
        &dir,
        "tx_resolve_prefix",
        &["--tenant", "other"],
        "tenant",
    );
    assert_eq!(s, "pass");
    let (s, _) = check(&env, &dir, "tx_resolve_prefix", &designer, "tenant");
    assert_eq!(s, "skip");
    // The tenant's entry wins either way (registry's rule, which `gtdx enable --tenant` and
    // `gtdx list` use): disabled by default but on for acme is visible to acme.
    state(
        &env,
        json!({"schema": "1.1", "default": {"enabled": {"greentic.telco-x@0.1.0": false}},
                       "tenants": {"acme": {"enabled": {"greentic.telco-x@0.1.0": true}}}}),
    );
    let acme = ["--tenant", "acme", "--designer-version", "1.2.5"];
    let (s, f) = check(&env, &dir, "tx_resolve_prefix", &acme, "enabled");
    assert_eq!(s, "pass", "{f}");
    let (s, f) = check(&env, &dir, "tx_resolve_prefix", &acme, "tenant");
    assert_eq!(s, "pass", "{f}");
    assert!(f["summary"].as_str().unwrap().contains("turns"), "{f}");
    let (s, _) = check(&env, &dir, "tx_resolve_prefix", &designer, "enabled");
    assert_eq!(s, "fail");

    // The tenant's allow-set.
    let denied = env.write("allow-denied.json", r#"["greentic.other"]"#);
    let allowed = env.write(
        "allow.json",
        r#"{"extensions": ["greentic.telco-x@0.1.0"]}"#,
    );
    let (s, _) = check(
        &env,
        &dir,
        "tx_resolve_prefix",
        &["--allow-set", denied.to_str().unwrap()],
        "allow-set",
    );
    assert_eq!(s, "fail");
    let (s, _) = check(
        &env,
        &dir,
        "tx_resolve_prefix",
        &["--allow-set", allowed.to_str().unwrap()],
        "allow-set",
    );
    assert_eq!(s, "pass");

    // The Designer: older than v2, or below the extension's floor.
    let (s, f) = check(
        &env,
        &dir,
        "tx_resolve_prefix",
        &["--designer-version", "1.1.9"],
        "designer",
    );
    assert_eq!(s, "fail");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("predates greentic.ai/v2"),
        "{f}"
    );
    let mut raised = doc.clone();
    raised["compat"]["min_designer_version"] = json!(">=1.3.0");
    let raised_dir = project(&env, &raised);
    let (s, f) = check(
        &env,
        &raised_dir,
        "tx_resolve_prefix",
        &designer,
        "designer",
    );
    assert_eq!(s, "fail");
    assert!(f["summary"].as_str().unwrap().contains(">=1.3.0"), "{f}");
    let (s, _) = check(&env, &dir, "tx_resolve_prefix", &[], "designer");
    assert_eq!(s, "skip");

    // A block on the canvas is a node type, not a tool.
    let (s, f) = check(&env, &dir, "tx_resolve_prefix", &designer, "node-type");
    assert_eq!(s, "info");
    assert!(
        f["summary"]
            .as_str()
            .unwrap()
            .contains("telco-x.resolve-prefix")
    );
}

#[test]
fn a_pack_or_an_installed_extension_can_be_checked() {
    let env = Env::new();
    let doc = manifest();
    let pack = env.pack("dist/telco.gtxpack", &doc, vec![]);
    env.gtdx([
        "doctor".as_ref(),
        pack.as_os_str(),
        "--tool".as_ref(),
        "tx_default".as_ref(),
    ])
    .code(1)
    .stdout_has("gtdx doctor: pack ")
    .stdout_has("FAIL capability");
    install(&env, &doc);
    env.gtdx([
        "doctor",
        "greentic.telco-x@0.1.0",
        "--tool",
        "tx_resolve_prefix",
        "--designer-version",
        "1.2.0",
    ])
    .code(0)
    .stdout_has("gtdx doctor: installed greentic.telco-x 0.1.0");
    env.gtdx(["doctor", "greentic.telco-x", "--tool", "tx_resolve_prefix"])
        .code(0);

    // Bad input: one paragraph, exit 2.
    env.gtdx(["doctor", "greentic.nothing", "--tool", "x"])
        .code(2)
        .stderr_has("neither a file nor a directory, nor an installed extension");
    let empty = env.mkdir("empty");
    env.gtdx([
        "doctor".as_ref(),
        empty.as_os_str(),
        "--tool".as_ref(),
        "x".as_ref(),
    ])
    .code(2)
    .stderr_has("no describe.json here; run `gtdx describe` first");
    let bad = env.write("allow.json", r#"[1]"#);
    env.gtdx([
        "doctor".as_ref(),
        pack.as_os_str(),
        "--tool".as_ref(),
        "x".as_ref(),
        "--allow-set".as_ref(),
        bad.as_os_str(),
    ])
    .code(2)
    .stderr_has("allow.json: /0 is not a string");
    // A missing allow-set is named as one, not as a manifest.
    env.gtdx([
        "doctor".as_ref(),
        pack.as_os_str(),
        "--tool".as_ref(),
        "x".as_ref(),
        "--allow-set".as_ref(),
        env.path("absent.json").as_os_str(),
    ])
    .code(2)
    .stderr_has("absent.json: cannot read the allow-set")
    .stderr_lacks("manifest");
    env.gtdx(["doctor", "--tenant", "acme"])
        .code(2)
        .stderr_has("--tool");
}

#[test]
fn the_environment_checkup_finds_keys_home_and_sdk_problems() {
    let env = Env::new();
    let dir = env.mkdir("proj");
    // This machine's real toolchain passes.
    env.gtdx(["doctor".as_ref(), dir.as_os_str()])
        .code(0)
        .stdout_has("ok   toolchain")
        .stdout_has("ok   wasm-target")
        .stdout_has("skip sdk");

    // The SDK a project resolved, against this gtdx.
    env.write(
        "proj/Cargo.toml",
        "[package]\nname = \"p\"\nversion = \"0.1.0\"\n[dependencies]\ngtdx-sdk = \"0.9\"\n",
    );
    env.write(
        "proj/Cargo.lock",
        "version = 4\n[[package]]\nname = \"gtdx-sdk\"\nversion = \"0.9.2\"\n",
    );
    // This Cargo.toml names no sources and crates.io has no gtdx-sdk 0.9: cargo cannot
    // resolve it, and the sdk-source check says so and how to build from the bundled copy.
    env.gtdx(["doctor".as_ref(), dir.as_os_str()])
        .code(1)
        .stdout_has("warn sdk")
        .stdout_has("gtdx-sdk 0.9.2 (Cargo.lock)")
        .stdout_has("FAIL sdk-source    cargo cannot resolve the project's dependencies")
        .stdout_has("gtdx sdk use bundled");
    env.write(
        "proj/Cargo.lock",
        format!(
            "version = 4\n[[package]]\nname = \"gtdx-sdk\"\nversion = \"{}\"\n",
            env!("CARGO_PKG_VERSION")
        ),
    );
    env.gtdx(["doctor".as_ref(), dir.as_os_str()])
        .code(1)
        .stdout_has("ok   sdk ");
    // The rest needs no Rust project.
    std::fs::remove_file(dir.join("Cargo.toml")).unwrap();
    std::fs::remove_file(dir.join("Cargo.lock")).unwrap();

    // A secret key others can read, then one git tracks.
    let key = env.write("proj/keys/dev.key", "not really a key");
    set_mode(&key, 0o644);
    env.gtdx(["doctor".as_ref(), dir.as_os_str()])
        .code(1)
        .stdout_has("FAIL signing-key   keys/dev.key is readable by others (mode 644)")
        .stdout_has("fix: chmod 600 keys/dev.key")
        .output_lacks("not really a key");
    set_mode(&key, 0o600);
    env.gtdx(["doctor".as_ref(), dir.as_os_str()]).code(0);
    if crate::support::require_tool("git").is_some() {
        let git = |args: &[&str]| {
            let ok = std::process::Command::new("git")
                .args(args)
                .current_dir(&dir)
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .output()
                .unwrap()
                .status
                .success();
            assert!(ok, "git {args:?}");
        };
        git(&["init", "-q"]);
        git(&["add", "keys/dev.key"]);
        env.gtdx(["doctor".as_ref(), dir.as_os_str()])
            .code(1)
            .stdout_has("keys/dev.key is tracked by git");
        std::fs::remove_dir_all(dir.join(".git")).unwrap();
    }

    // The Greentic home: an installed extension that does not load, a broken state file.
    let broken = env
        .greentic_home()
        .join("extensions/design/acme-broken-0.1.0");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(
        broken.join("describe.json"),
        r#"{"apiVersion": "greentic.ai/v2"}"#,
    )
    .unwrap();
    std::fs::write(
        env.greentic_home().join("extensions-state.json"),
        "{\n  \"schema\": \"1.1\",\n  oops\n}",
    )
    .unwrap();
    let report = env
        .gtdx([
            "doctor".as_ref(),
            dir.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
        ])
        .code(1)
        .json();
    let failed: Vec<&str> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] == "fail")
        .map(|c| c["check"].as_str().unwrap())
        .collect();
    assert_eq!(failed, ["greentic-home", "state-file"], "{report:#}");
    assert_eq!(report["ok"], false);
    let state = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["check"] == "state-file")
        .unwrap();
    assert!(
        state["summary"]
            .as_str()
            .unwrap()
            .contains("extensions-state.json:3:3"),
        "{state}"
    );
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) {}

/// The registries doctor checks: the local one, and each `[[registries]]` of the platform's
/// `config.toml` (which `--registry NAME` also resolves through): a real OCI registry on
/// loopback answers, one that is down fails with the fix, an HTTP store is only listed.
#[test]
fn configured_registries_are_checked_for_an_answer() {
    let env = Env::new();
    let Some(oci) = crate::registry::OciRegistry::start(&env, "doctor", None) else {
        return;
    };
    let dir = env.mkdir("proj");
    let report = |code: i32| -> Vec<Value> {
        env.gtdx([
            "doctor".as_ref(),
            dir.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
        ])
        .code(code)
        .json()["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["check"] == "registry")
            .cloned()
            .collect()
    };
    // Nothing configured: the local registry does not exist yet.
    let found = report(0);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["status"], "info");

    let shared = env.mkdir("shared-registry");
    std::fs::write(
        env.greentic_home().join("config.toml"),
        format!(
            "[default]\nregistry = \"greentic-store\"\ntrust-policy = \"normal\"\n\n\
             [[registries]]\nname = \"team\"\nurl = \"oci://{}/acme\"\n\n\
             [[registries]]\nname = \"shared\"\nurl = \"file://{}\"\n\n\
             [[registries]]\nname = \"store\"\nurl = \"https://store.greentic.cloud\"\n",
            oci.host,
            shared.display()
        ),
    )
    .unwrap();
    let found = report(0);
    let status: Vec<(&str, &str)> = found
        .iter()
        .map(|c| {
            (
                c["status"].as_str().unwrap(),
                c["summary"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(status.len(), 4, "{found:#?}");
    assert_eq!(status[1].0, "pass", "{found:#?}");
    assert!(status[1].1.contains("`team`") && status[1].1.contains("answers"));
    assert_eq!(status[2].0, "pass", "{found:#?}");
    assert_eq!(status[3].0, "info", "{found:#?}");
    assert!(status[3].1.contains("HTTP store"));

    // A name from config.toml is a registry for publish and search too.
    let pack = env.pack("dist/telco.gtxpack", &manifest(), vec![]);
    env.gtdx([
        "publish".as_ref(),
        pack.as_os_str(),
        "--registry".as_ref(),
        "team".as_ref(),
        "--allow-unsigned".as_ref(),
    ])
    .code(0);

    // The registry goes down: doctor fails, naming it and the fix.
    drop(oci);
    let conf = env.greentic_home().join("config.toml");
    let text = std::fs::read_to_string(&conf).unwrap();
    let run = env.gtdx([
        "doctor".as_ref(),
        dir.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    run.code(1);
    let failed = run.failed_checks("registry");
    assert_eq!(failed.len(), 1, "{failed:#?}");
    assert!(
        failed[0]["summary"].as_str().unwrap().contains("`team`"),
        "{failed:#?}"
    );
    assert!(
        failed[0]["summary"]
            .as_str()
            .unwrap()
            .contains("cannot reach"),
        "{failed:#?}"
    );
    assert!(
        failed[0]["fix"].as_str().unwrap().contains("config.toml"),
        "{failed:#?}"
    );

    // A config.toml that is not one fails with its place.
    std::fs::write(&conf, format!("{text}\n[[registries]]\nname = 3\n")).unwrap();
    let run = env.gtdx(["doctor".as_ref(), dir.as_os_str()]);
    run.code(1).stdout_has("config.toml");
}
