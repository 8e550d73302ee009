//! `gtdx build`, `gtdx pack` and `gtdx inspect` on real components built for wasm32-wasip2.
//!
//! Fixtures: `tests/fixtures/build/minimal` (a component written against wit-bindgen directly,
//! with a hand-written describe.json and assets) and the SDK fixture
//! `tests/fixtures/extensions/hello` (built end to end by `gtdx build`). Every cargo build uses
//! the shared target directory, so each fixture compiles once per run.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gtdx_pack::sha256_hex;
use serde_json::Value;

use crate::support::{Cmd, Env, Run, cargo, copy_dir, entry, fixture, shared_target_dir, unzip};

// ---------------------------------------------------------------------------------------------
// helpers

/// Builds a fixture crate for wasm32-wasip2 (release) with plain cargo into the shared target
/// dir and returns the component cargo reports.
fn cargo_build_component(manifest: &Path, lib_name: &str) -> PathBuf {
    cargo([
        "build",
        "--release",
        "--target",
        "wasm32-wasip2",
        "--quiet",
        "--manifest-path",
    ])
    .arg(manifest)
    .run()
    .success();
    let wasm = shared_target_dir().join(format!("wasm32-wasip2/release/{lib_name}.wasm"));
    assert!(wasm.is_file(), "{} was not produced", wasm.display());
    wasm
}

/// The minimal fixture's component, built once per run.
fn minimal_wasm() -> &'static Path {
    static WASM: OnceLock<PathBuf> = OnceLock::new();
    WASM.get_or_init(|| {
        cargo_build_component(
            &fixture("build/minimal/Cargo.toml"),
            "gtdx_fixture_build_minimal",
        )
    })
}

/// A copy of the minimal fixture's describe.json and assets (no sources) in `env`'s `ext/`.
fn minimal_describe_dir(env: &Env) -> PathBuf {
    let dir = env.mkdir("ext");
    let src = fixture("build/minimal");
    std::fs::copy(src.join("describe.json"), dir.join("describe.json")).unwrap();
    for sub in ["prompts", "schemas", "assets"] {
        copy_dir(&src.join(sub), &dir.join(sub));
    }
    dir
}

fn edit_describe(dir: &Path, edit: impl FnOnce(&mut Value)) {
    let path = dir.join("describe.json");
    let mut v: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap() + "\n").unwrap();
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// `gtdx pack --wasm WASM --describe DIR/describe.json --out OUT`, not yet run.
fn pack_cmd(env: &Env, wasm: &Path, dir: &Path, out: &Path) -> Cmd {
    env.gtdx_cmd(["pack", "--wasm"])
        .arg(wasm)
        .arg("--describe")
        .arg(dir.join("describe.json"))
        .arg("--out")
        .arg(out)
}

/// Runs `gtdx pack` of `wasm` with the describe in `dir`, output into `out`.
fn pack(env: &Env, wasm: &Path, dir: &Path, out: &Path) -> Run {
    pack_cmd(env, wasm, dir, out).run()
}

/// `gtdx inspect PATH --format json`, which must succeed.
fn inspect_json(env: &Env, path: &Path) -> Value {
    env.gtdx_cmd(["inspect"])
        .arg(path)
        .args(["--format", "json"])
        .run()
        .success()
        .json()
}

/// The checks every good pack passes: layout, manifest.json, manifestSha256, digests.
fn assert_pack_layout(pack: &Path, component_path: &str, wasm: &[u8], extra_files: &[&str]) {
    let entries = unzip(pack);
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    let mut content: Vec<&str> = extra_files.to_vec();
    content.push(component_path);
    content.sort();
    let mut expected = content.clone();
    expected.extend(["manifest.json", "describe.json"]);
    assert_eq!(
        names, expected,
        "entries: sorted content, then manifest.json, describe.json"
    );

    assert_eq!(
        entry(&entries, component_path),
        wasm,
        "the component is packed byte for byte"
    );
    let manifest_bytes = entry(&entries, "manifest.json");
    let manifest: Value = serde_json::from_slice(manifest_bytes).unwrap();
    assert_eq!(manifest["schema"], "greentic.gtxpack.manifest/v1");
    let listed: Vec<&str> = manifest["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed, content,
        "manifest.json lists every other file, sorted"
    );
    for e in manifest["entries"].as_array().unwrap() {
        let bytes = entry(&entries, e["path"].as_str().unwrap());
        assert_eq!(e["sha256"], sha256_hex(bytes));
        assert_eq!(e["size"], bytes.len() as u64);
    }
    let describe: Value = serde_json::from_slice(entry(&entries, "describe.json")).unwrap();
    assert_eq!(describe["manifestSha256"], sha256_hex(manifest_bytes));
    let digest = sha256_hex(wasm);
    let components = describe["runtime"]["components"].as_object().unwrap();
    let (_, c) = components.iter().next().unwrap();
    assert_eq!(
        c["sha256"], digest,
        "runtime.components.<id>.sha256 is the component's"
    );
    assert_eq!(c["gtpack"]["sha256"], digest);
    assert_eq!(c["gtpack"]["file"], component_path);
    // The packed describe loads in the platform's model, in its normalised form.
    crate::support::assert_platform_form(
        "packed describe.json",
        std::str::from_utf8(entry(&entries, "describe.json")).unwrap(),
    );
}

// ---------------------------------------------------------------------------------------------
// gtdx pack

#[test]
fn pack_writes_a_checked_pack_with_assets() {
    let env = Env::new();
    let wasm = minimal_wasm();
    let dir = minimal_describe_dir(&env);
    let out = env.mkdir("out");
    let before = std::fs::read(dir.join("describe.json")).unwrap();
    let run = pack(&env, wasm, &dir, &out);
    let pack_path = out.join("gtdx.fixture-minimal-0.1.0.gtxpack");
    run.success()
        .check(
            run.stdout().trim() == pack_path.display().to_string(),
            "stdout is the pack's path",
        )
        .stderr_has("Packed");
    assert_pack_layout(
        &pack_path,
        "components/minimal.wasm",
        &std::fs::read(wasm).unwrap(),
        &["assets/icon.svg", "prompts/echo.md", "schemas/echo.json"],
    );
    assert_eq!(
        std::fs::read(dir.join("describe.json")).unwrap(),
        before,
        "gtdx pack leaves the input describe.json alone"
    );
    assert_eq!(
        files_in(&out),
        ["gtdx.fixture-minimal-0.1.0.gtxpack"],
        "no temp files left"
    );
}

#[test]
fn pack_is_reproducible() {
    let env = Env::new();
    let wasm = minimal_wasm();
    let dir = minimal_describe_dir(&env);
    let (a, b) = (env.mkdir("a"), env.mkdir("b"));
    pack(&env, wasm, &dir, &a).success();
    // Touch every input: modification times must not leak into the pack.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    for f in ["describe.json", "prompts/echo.md", "assets/icon.svg"] {
        let p = dir.join(f);
        let bytes = std::fs::read(&p).unwrap();
        std::fs::write(&p, bytes).unwrap();
    }
    pack(&env, wasm, &dir, &b).success();
    let name = "gtdx.fixture-minimal-0.1.0.gtxpack";
    assert_eq!(
        std::fs::read(a.join(name)).unwrap(),
        std::fs::read(b.join(name)).unwrap()
    );
}

#[test]
fn pack_json_events() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    let out = env.mkdir("out");
    let events = pack_cmd(&env, minimal_wasm(), &dir, &out)
        .args(["--message-format", "json"]) // cargo's spelling, a hidden alias of --format
        .run()
        .success()
        .json_lines();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["artifact", "checked", "packed"]);
    assert_eq!(events[1]["tools"], serde_json::json!(["echo"]));
    let packed = &events[2];
    let bytes = std::fs::read(packed["path"].as_str().unwrap()).unwrap();
    assert_eq!(packed["sha256"], sha256_hex(&bytes));
    assert_eq!(packed["size"], bytes.len() as u64);
    assert_eq!(packed["entries"], 6);
}

#[test]
fn pack_names_the_tool_whose_export_the_component_lacks() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["contributions"]["tools"][0]["export"] = "greentic:extension-design/tools.nope".into()
    });
    let out = env.mkdir("out");
    pack(&env, minimal_wasm(), &dir, &out)
        .code(2)
        .stderr_has_all(&[
            // rustc's form: the code in the heading, the source line with a caret under it
            "error[E_BUILD_EXPORT_MISSING]",
            "^",
            "tool `echo`",
            "`greentic:extension-design/tools.nope`",
            "without a function `nope`",
            "The component exports: greentic:extension-design/tools@0.3.0 (list-tools, invoke-tool)",
            "describe.json:",
            "/contributions/tools/0/export",
            "no pack was written",
        ]);
    assert!(files_in(&out).is_empty(), "nothing written");
}

#[test]
fn pack_json_error_event_carries_the_check_diagnostics() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["contributions"]["tools"][0]["export"] = "greentic:extension-design/tools.nope".into()
    });
    let out = env.mkdir("out");
    let events = pack_cmd(&env, minimal_wasm(), &dir, &out)
        .args(["--format", "json"])
        .run()
        .code(2)
        .json_lines();
    let error = events.last().expect("an error event");
    assert_eq!(error["event"], "error", "{events:?}");
    let diagnostics = error["diagnostics"]
        .as_array()
        .unwrap_or_else(|| panic!("a diagnostics array in {error}"));
    let missing = diagnostics
        .iter()
        .find(|d| d["code"] == "E_BUILD_EXPORT_MISSING")
        .unwrap_or_else(|| panic!("E_BUILD_EXPORT_MISSING in {diagnostics:?}"));
    // Each is a diagnostic object as `gtdx lint --format json` prints them.
    assert_eq!(missing["severity"], "error");
    assert_eq!(missing["pointer"], "/contributions/tools/0/export");
    assert!(
        missing["file"].as_str().unwrap().ends_with("describe.json"),
        "{missing}"
    );
    assert!(missing["line"].as_u64().unwrap() > 0, "{missing}");
    assert!(
        missing["message"].as_str().unwrap().contains("tool `echo`"),
        "{missing}"
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("no pack was written")
    );
    assert!(files_in(&out).is_empty(), "nothing written");
}

#[test]
fn pack_names_an_interface_the_component_does_not_export() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["contributions"]["tools"][0]["export"] =
            "greentic:extension-design/validation.validate-content".into()
    });
    let out = env.mkdir("out");
    pack(&env, minimal_wasm(), &dir, &out)
        .code(2)
        .stderr_has("does not export interface `greentic:extension-design/validation@<version>`")
        .stderr_has("greentic:extension-design/tools@0.3.0 (list-tools, invoke-tool)");
}

#[test]
fn pack_rejects_a_world_the_component_does_not_match() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["runtime"]["components"]["minimal"]["world"] =
            "greentic:extension-design/tool-extension@0.2.0".into()
    });
    let out = env.mkdir("out");
    pack(&env, minimal_wasm(), &dir, &out)
        .code(2)
        .stderr_has("E_BUILD_WORLD_MISMATCH")
        .stderr_has("at version 0.3.0, not 0.2.0");
}

#[test]
fn pack_checks_a_world_against_its_wit_definition() {
    let env = Env::new();
    let wasm = minimal_wasm();
    let dir = minimal_describe_dir(&env);
    // The fixture's own world, checked against its WIT: matches.
    edit_describe(&dir, |v| {
        v["runtime"]["components"]["minimal"]["world"] = "gtdx-fixture:minimal/minimal@0.1.0".into()
    });
    let out = env.mkdir("out");
    pack_cmd(&env, wasm, &dir, &out)
        .arg("--wit")
        .arg(fixture("build/minimal/wit"))
        .run()
        .success();
    // Without the definition, a world outside the platform's namespace cannot be checked: a
    // warning, not an error.
    pack(&env, wasm, &dir, &out)
        .success()
        .stderr_has("warning[W_BUILD_WORLD_UNKNOWN]")
        .stderr_has("`gtdx-fixture:minimal/minimal@0.1.0`");

    // A known world the component does not fully export: the SDK's world also exports
    // manifest and lifecycle.
    edit_describe(&dir, |v| {
        v["runtime"]["components"]["minimal"]["world"] =
            "greentic:extension-design/tool-extension@0.3.0".into()
    });
    let sdk_wit = crate::support::workspace_root().join("crates/sdk/wit");
    assert!(sdk_wit.is_dir(), "{} is missing", sdk_wit.display());
    pack_cmd(&env, wasm, &dir, &out)
        .arg("--wit")
        .arg(&sdk_wit)
        .run()
        .code(2)
        .stderr_has("E_BUILD_WORLD_MISMATCH")
        .stderr_has("greentic:extension-base/manifest@0.2.0");
}

#[test]
fn pack_rejects_a_core_module() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    // The smallest core module: magic and version 1.
    let core = env.write("ext/core.wasm", b"\0asm\x01\0\0\0");
    let out = env.mkdir("out");
    pack(&env, &core, &dir, &out)
        .code(2)
        .stderr_has("core.wasm")
        .stderr_has("is a core WebAssembly module, not a component")
        .stderr_has("wasm32-wasip2");
    assert!(files_in(&out).is_empty());
}

#[test]
fn pack_rejects_a_file_that_is_not_wasm() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    let out = env.mkdir("out");
    pack(&env, &dir.join("prompts/echo.md"), &dir, &out)
        .code(2)
        .stderr_has("is not a WebAssembly file");
}

#[test]
fn pack_names_a_missing_declared_asset() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    std::fs::remove_file(dir.join("prompts/echo.md")).unwrap();
    let out = env.mkdir("out");
    pack(&env, minimal_wasm(), &dir, &out)
        .code(2)
        .stderr_has("E_BUILD_ASSET_MISSING")
        .stderr_has("`prompts/echo.md`")
        .stderr_has("/contributions/prompts/0/path");
}

#[test]
fn pack_rejects_an_asset_path_escaping_the_pack() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["contributions"]["schemas"][0]["path"] = "../secrets.json".into()
    });
    let out = env.mkdir("out");
    pack(&env, minimal_wasm(), &dir, &out)
        .code(2)
        .stderr_has("E_BUILD_ASSET_PATH")
        .stderr_has("`..`");
}

// ---------------------------------------------------------------------------------------------
// gtdx inspect

/// The minimal fixture packed into its own directory: (that directory, the pack).
fn minimal_pack(env: &Env) -> (PathBuf, PathBuf) {
    let dir = minimal_describe_dir(env);
    pack(env, minimal_wasm(), &dir, &dir).success();
    let p = dir.join("gtdx.fixture-minimal-0.1.0.gtxpack");
    (dir, p)
}

#[test]
fn inspect_a_pack() {
    let env = Env::new();
    let (_dir, p) = minimal_pack(&env);
    env.gtdx_cmd(["inspect"])
        .arg(&p)
        .run()
        .success()
        .stdout_has_all(&[
            "gtdx.fixture-minimal 0.1.0 — Minimal fixture (DesignExtension, greentic.ai/v2)",
            "integrity: ok",
            "signature: none",
            "echo  [agentic_worker, flow]  → greentic:extension-design/tools.invoke-tool",
            "text: string (required) — What to repeat.",
            "agent plans with: side_effects none, cost low, no confirmation [declared]",
            "(matches describe.json)",
            "greentic:extension-design/tools@0.3.0 (list-tools, invoke-tool)",
            "wasi:cli/environment@0.2.6",
            "components/minimal.wasm",
            "prompts/echo.md",
        ]);

    let json = inspect_json(&env, &p);
    assert_eq!(json["kind"], "pack");
    assert_eq!(json["identity"]["id"], "gtdx.fixture-minimal");
    assert_eq!(json["sha256"], sha256_hex(&std::fs::read(&p).unwrap()));
    assert_eq!(json["integrity"], serde_json::json!([]));
    let tool = &json["tools"][0];
    assert_eq!(tool["name"], "echo");
    assert_eq!(tool["agentic"], true);
    assert_eq!(tool["metadata"]["side_effects"], "none");
    assert_eq!(tool["input"]["parameters"][0]["name"], "text");
    let c = &json["components"][0];
    assert_eq!(c["id"], "minimal");
    assert_eq!(
        c["sha256"],
        sha256_hex(&std::fs::read(minimal_wasm()).unwrap())
    );
    assert_eq!(c["sha256_matches_describe"], true);
    assert_eq!(
        c["exports"][0]["name"],
        "greentic:extension-design/tools@0.3.0"
    );
    assert_eq!(
        c["exports"][0]["functions"],
        serde_json::json!(["list-tools", "invoke-tool"])
    );
    assert!(
        c["imports"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["name"] == "wasi:io/streams@0.2.6")
    );
    assert_eq!(json["entries"].as_array().unwrap().len(), 6);
}

#[test]
fn inspect_shows_node_types_and_the_defaults_of_a_tool_without_metadata() {
    let env = Env::new();
    let dir = minimal_describe_dir(&env);
    edit_describe(&dir, |v| {
        v["contributions"]["tools"][0]
            .as_object_mut()
            .unwrap()
            .remove("agentic_worker_metadata");
        v["contributions"]["nodeTypes"] = serde_json::json!([
            {"type_id": "echo-node", "label": "Echo", "category": "Utilities",
             "icon": "echo", "color": "#123456", "complexity": "simple", "config_schema": "{}"}
        ]);
    });
    pack(&env, minimal_wasm(), &dir, &dir).success();
    let p = dir.join("gtdx.fixture-minimal-0.1.0.gtxpack");
    env.gtdx_cmd(["inspect"])
        .arg(&p)
        .run()
        .success()
        .stdout_has("node types (1):")
        .stdout_has("echo-node  \"Echo\" in Utilities")
        .stdout_has(
            "side_effects external, cost medium, confirmation required [defaults (absent)]",
        );
}

#[test]
fn inspect_a_component() {
    let env = Env::new();
    let json = inspect_json(&env, minimal_wasm());
    assert_eq!(json["kind"], "component");
    assert_eq!(
        json["components"][0]["exports"][0]["name"],
        "greentic:extension-design/tools@0.3.0"
    );
}

#[test]
fn inspect_fails_cleanly_on_truncated_and_non_zip_files() {
    let env = Env::new();
    let (dir, p) = minimal_pack(&env);
    let bytes = std::fs::read(&p).unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated.gtxpack", bytes[..bytes.len() / 2].to_vec()),
        ("tail-cut.gtxpack", bytes[..bytes.len() - 5].to_vec()),
        ("text.gtxpack", b"this is not a zip archive\n".to_vec()),
        ("empty.gtxpack", Vec::new()),
    ];
    for (name, content) in cases {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        let run = env.gtdx_cmd(["inspect"]).arg(&path).run();
        let err = run.stderr();
        run.code(2)
            .check(err.starts_with("error: "), "stderr starts with `error: `")
            // the message names the file
            .stderr_has(name)
            .stderr_has("not a readable .gtxpack")
            .stderr_lacks("panicked")
            .check(
                err.trim_end().lines().count() == 1,
                "one paragraph on stderr",
            );
    }
    env.gtdx_cmd(["inspect"])
        .arg(dir.join("absent.gtxpack"))
        .run()
        .code(2)
        .stderr_has("absent.gtxpack");
}

#[test]
fn inspect_reports_a_tampered_pack() {
    let env = Env::new();
    let (dir, p) = minimal_pack(&env);
    let mut bytes = std::fs::read(&p).unwrap();
    // Flip one byte inside the stored prompt (an uncompressed entry): its digest no longer
    // matches manifest.json. The zip CRC catches it too.
    let needle = b"Use `echo`";
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap();
    bytes[at] ^= 0x20;
    let tampered = dir.join("tampered.gtxpack");
    std::fs::write(&tampered, bytes).unwrap();
    env.gtdx_cmd(["inspect"])
        .arg(&tampered)
        .run()
        .code(1)
        .stdout_has("integrity:")
        .stdout_has("prompts/echo.md")
        .stdout_lacks("integrity: ok");
}

// ---------------------------------------------------------------------------------------------
// gtdx build, on the SDK's hello fixture

/// The hello fixture, copied (path dependencies made absolute) to a fixed place in the shared
/// target dir so cargo's fingerprints stay warm between runs. Build tests take turns on it: they
/// build the same package into the same target dir.
pub(crate) struct Hello {
    pub(crate) dir: PathBuf,
}

pub(crate) fn hello() -> std::sync::MutexGuard<'static, Hello> {
    static HELLO: OnceLock<std::sync::Mutex<Hello>> = OnceLock::new();
    let guard = HELLO
        .get_or_init(|| {
            let dir = shared_target_dir().join("gtdx-e2e/build/hello");
            std::sync::Mutex::new(Hello { dir })
        })
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    guard.reset();
    guard
}

impl Hello {
    /// Makes the copy equal to the fixture again, rewriting only files whose bytes differ (so
    /// unchanged sources keep their modification times), and drops describe.json.
    fn reset(&self) {
        let src = fixture("extensions/hello");
        sync_dir(&src, &self.dir);
        let manifest = self.dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let crates = crate::support::workspace_root().join("crates");
        let text = text.replace("\"../../../../crates/", &format!("\"{}/", crates.display()));
        write_if_changed(&manifest, text.as_bytes());
        let _ = std::fs::remove_file(self.dir.join("describe.json"));
    }

    fn manifest(&self) -> PathBuf {
        self.dir.join("Cargo.toml")
    }

    /// `gtdx build --manifest-path HELLO --out OUT` in `env`, into the shared target dir; not
    /// yet run.
    pub(crate) fn build(&self, env: &Env, out: &Path) -> Cmd {
        env.gtdx_cmd(["build", "--manifest-path"])
            .arg(self.manifest())
            .arg("--out")
            .arg(out)
            .env("CARGO_TARGET_DIR", shared_target_dir())
    }
}

fn write_if_changed(path: &Path, bytes: &[u8]) {
    if std::fs::read(path).ok().as_deref() != Some(bytes) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

fn sync_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == "describe.json" {
            continue;
        }
        let dest = to.join(&name);
        if entry.file_type().unwrap().is_dir() {
            sync_dir(&entry.path(), &dest);
        } else {
            write_if_changed(&dest, &std::fs::read(entry.path()).unwrap());
        }
    }
}

pub(crate) const HELLO_PACK: &str = "greentic.hello-0.1.0.gtxpack";
const HELLO_COMPONENT: &str = "components/hello-extension.wasm";

#[test]
fn build_compiles_checks_and_packs_the_sdk_fixture() {
    let env = Env::new();
    let hello = hello();
    let out = env.mkdir("out");
    let pack_path = out.join(HELLO_PACK);
    let run = hello.build(&env, &out).run();
    run.success()
        .check(
            run.stdout().trim() == pack_path.display().to_string(),
            "stdout is the pack's path",
        )
        .stderr_has("Checked component `hello-extension`")
        .stderr_has("3 tools");

    // The component cargo built is the one packed, and its digest is in describe.json on disk.
    let wasm =
        std::fs::read(shared_target_dir().join("wasm32-wasip2/release/hello_extension.wasm"))
            .unwrap();
    assert_pack_layout(&pack_path, HELLO_COMPONENT, &wasm, &[]);
    let on_disk: Value =
        serde_json::from_slice(&std::fs::read(hello.dir.join("describe.json")).unwrap()).unwrap();
    let component = &on_disk["runtime"]["components"]["hello-extension"];
    assert_eq!(component["sha256"], sha256_hex(&wasm));
    assert_eq!(component["gtpack"]["sha256"], sha256_hex(&wasm));
    assert_eq!(
        component["world"],
        "greentic:extension-design/tool-extension@0.3.0"
    );

    // The packed describe is the one on disk plus manifestSha256.
    let entries = unzip(&pack_path);
    let mut packed: Value = serde_json::from_slice(entry(&entries, "describe.json")).unwrap();
    assert!(
        packed
            .as_object_mut()
            .unwrap()
            .remove("manifestSha256")
            .is_some()
    );
    assert_eq!(packed, on_disk);

    // A built describe.json is not stale.
    env.gtdx_cmd(["describe", "--check", "--manifest-path"])
        .arg(hello.manifest())
        .run()
        .success();

    // What inspect makes of it.
    let json = inspect_json(&env, &pack_path);
    let names: Vec<&str> = json["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["about_hello", "greet", "word_count"]);
    let exports: Vec<&str> = json["components"][0]["exports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(
        exports.contains(&"greentic:extension-design/tools@0.3.0"),
        "{exports:?}"
    );
}

#[test]
fn build_twice_gives_identical_bytes() {
    let env = Env::new();
    let hello = hello();
    let (a, b) = (env.mkdir("a"), env.mkdir("b"));
    hello.build(&env, &a).run().success();
    // Force a real recompilation of the extension crate: same sources, new modification time.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let lib = hello.dir.join("src/lib.rs");
    std::fs::write(&lib, std::fs::read(&lib).unwrap()).unwrap();
    let second = hello.build(&env, &b).args(["--format", "json"]).run();
    let recompiled = second.success().json_lines().iter().any(|e| {
        e["event"] == "compiled"
            && e["crate"] == "hello-extension"
            && e["kind"] == "cdylib"
            && e["fresh"] == false
    });
    second.check(recompiled, "the second build recompiled the crate");
    assert_eq!(
        std::fs::read(a.join(HELLO_PACK)).unwrap(),
        std::fs::read(b.join(HELLO_PACK)).unwrap(),
        "two builds of the same sources give the same pack"
    );
}

/// Without a terminal the progress is one `Compiled` line per package cargo compiled, as
/// cargo shows one `Compiling` line: the extension's build script and its library are two
/// artifacts of one package, shown once.
#[test]
fn each_compiled_package_is_shown_once() {
    let env = Env::new();
    let hello = hello();
    hello.build(&env, &env.mkdir("a")).run().success();
    // A new build script: cargo compiles it and the library again.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let script = hello.dir.join("build.rs");
    std::fs::write(&script, std::fs::read(&script).unwrap()).unwrap();
    let run = hello.build(&env, &env.mkdir("b")).run();
    let stderr = run.success().stderr();
    let compiled: Vec<&str> = stderr
        .lines()
        .filter(|l| l.trim_start().starts_with("Compiled "))
        .map(str::trim)
        .collect();
    let ours = compiled
        .iter()
        .filter(|l| **l == "Compiled hello-extension v0.1.0")
        .count();
    run.check(ours == 1, "`Compiled hello-extension v0.1.0` once");
    let mut unique = compiled.clone();
    unique.sort_unstable();
    unique.dedup();
    run.check(unique.len() == compiled.len(), "no package shown twice");
}

#[test]
fn build_json_events_for_ci() {
    let env = Env::new();
    let hello = hello();
    let out = env.mkdir("out");
    let events = hello
        .build(&env, &out)
        .args(["--format", "json"])
        .run()
        .success()
        .json_lines();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.first(), Some(&"described"), "{kinds:?}");
    assert_eq!(kinds.get(1), Some(&"started"), "{kinds:?}");
    assert_eq!(
        &kinds[kinds.len() - 3..],
        ["artifact", "checked", "packed"],
        "{kinds:?}"
    );
    let compiled: Vec<&Value> = events.iter().filter(|e| e["event"] == "compiled").collect();
    assert!(!compiled.is_empty());
    for (i, e) in compiled.iter().enumerate() {
        assert_eq!(e["done"], i as u64 + 1, "units are counted one by one");
    }
    assert_eq!(events[1]["target"], "wasm32-wasip2");
    assert_eq!(events[1]["profile"], "release");
    let packed = events.last().unwrap();
    assert_eq!(packed["path"], out.join(HELLO_PACK).display().to_string());
}

#[test]
fn build_says_rustup_target_add_when_the_target_is_missing() {
    let env = Env::new();
    // A crate with no dependencies: its first unit needs wasm32-wasip2's standard library.
    let krate = env.path("no-deps");
    copy_dir(&fixture("build/no-deps"), &krate);
    // A toolchain whose sysroot has the host's standard library but not wasm32-wasip2's.
    let rustc = |what: &str| {
        Cmd::new("rustc", "rustc")
            .args(["--print", what])
            .run()
            .success()
            .stdout()
            .trim()
            .to_string()
    };
    let real = PathBuf::from(rustc("sysroot"));
    let host = rustc("host-tuple");
    let fake = env.path("sysroot");
    std::fs::create_dir_all(fake.join("lib/rustlib")).unwrap();
    std::os::unix::fs::symlink(
        real.join("lib/rustlib").join(&host),
        fake.join("lib/rustlib").join(&host),
    )
    .unwrap();
    let wrapper = env.write(
        "rustc-without-wasm",
        format!(
            "#!/bin/sh\nexec rustc --sysroot '{}' \"$@\"\n",
            fake.display()
        ),
    );
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    let out = env.path("out");
    let build = || {
        env.gtdx_cmd(["build", "--manifest-path"])
            .arg(krate.join("Cargo.toml"))
            .arg("--out")
            .arg(&out)
            .env("CARGO_TARGET_DIR", env.path("target"))
    };
    build()
        .env("RUSTC", &wrapper)
        .run()
        .code(2)
        .stderr_has("`rustup target add wasm32-wasip2`")
        // cargo's own errors about `core` are not shown
        .stderr_lacks("E0463");
    assert!(!out.exists(), "no pack");

    // With the real toolchain the same crate builds (the check then fails on its world, since
    // it exports nothing: proof that the error above was about the target only).
    build()
        .run()
        .code(2)
        .stderr_has("E_BUILD_WORLD_MISMATCH")
        .stderr_has("The component exports: nothing");
}

#[test]
fn build_passes_compiler_errors_through_and_stops() {
    let env = Env::new();
    let hello = hello();
    let lib = hello.dir.join("src/lib.rs");
    let mut text = std::fs::read_to_string(&lib).unwrap();
    text.push_str("\npub fn broken() -> u32 {\n    \"not a number\"\n}\n");
    std::fs::write(&lib, text).unwrap();
    let out = env.mkdir("out");
    hello
        .build(&env, &out)
        .run()
        .code(2)
        // rustc's diagnostic, as cargo renders it
        .stderr_has("error[E0308]: mismatched types")
        .stderr_has("src/lib.rs:")
        .stderr_has("cargo build failed for package `hello-extension`");
    assert!(files_in(&out).is_empty(), "no pack");
}

#[test]
fn build_names_a_tool_whose_export_the_component_lacks() {
    let env = Env::new();
    let hello = hello();
    point_about_tool_at_a_missing_export(&hello.dir);
    let out = env.mkdir("out");
    hello.build(&env, &out).run().code(2).stderr_has_all(&[
        "E_BUILD_EXPORT_MISSING",
        "tool `about_hello`",
        "`greentic:extension-design/tools.nope`",
        "greentic:extension-design/tools@0.3.0 (list-tools, invoke-tool)",
    ]);
    assert!(files_in(&out).is_empty(), "no pack");
}

#[test]
fn build_json_error_event_carries_the_check_diagnostics() {
    let env = Env::new();
    let hello = hello();
    point_about_tool_at_a_missing_export(&hello.dir);
    let out = env.mkdir("out");
    let events = hello
        .build(&env, &out)
        .args(["--format", "json"])
        .run()
        .code(2)
        .json_lines();
    let error = events.last().expect("an error event");
    assert_eq!(error["event"], "error", "{events:?}");
    let codes: Vec<&str> = error["diagnostics"]
        .as_array()
        .unwrap_or_else(|| panic!("a diagnostics array in {error}"))
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["E_BUILD_EXPORT_MISSING"], "{error}");
    assert!(files_in(&out).is_empty(), "no pack");
}

/// Gives the hello fixture's `about_hello` tool an export its component does not have.
fn point_about_tool_at_a_missing_export(dir: &Path) {
    let lib = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap().replace(
        "#[tool(capabilities = [\"flow\"], name = \"about_hello\")]",
        "#[tool(capabilities = [\"flow\"], name = \"about_hello\", export = \"greentic:extension-design/tools.nope\")]",
    );
    assert!(
        text.contains("tools.nope"),
        "the fixture still has the about tool"
    );
    std::fs::write(&lib, text).unwrap();
}

/// The first line of `text` that holds `needle`, from `needle` on.
fn paragraph_from(text: &str, needle: &str) -> String {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("no `{needle}` in:\n{text}"));
    text[at..].lines().next().unwrap_or_default().to_string()
}

/// describe.json has one loader (`gtdx_contract::json`): a malformed one gets the same
/// `file:line:column: ...` paragraph from pack, run, dynamic and validate, and a pack holding
/// a describe.json the platform's model refuses the same from inspect, run and dynamic.
#[test]
fn a_malformed_describe_json_gets_one_paragraph_from_every_command() {
    let env = Env::new();
    let bad = env.write("bad.json", "{\n  \"apiVersion\": \"greentic.ai/v2\",\n}\n");
    let descriptors = env.write("descriptors.json", "[]");
    let wasm = env.write("x.wasm", b"\0asm\x0d\0\x01\0");
    let expected = "bad.json:3:1: not valid JSON: trailing comma";
    let runs = [
        env.gtdx_cmd(["pack", "--wasm"])
            .arg(&wasm)
            .arg("--describe")
            .arg(&bad)
            .args(["--out", "out"])
            .run(),
        env.gtdx_cmd(["run", "echo", "--wasm"])
            .arg(&wasm)
            .arg("--describe")
            .arg(&bad)
            .run(),
        env.gtdx_cmd(["dynamic", "admit", "--descriptors"])
            .arg(&descriptors)
            .arg("--manifest")
            .arg(&bad)
            .run(),
        env.gtdx_cmd(["validate"]).arg(&bad).run(),
    ];
    for run in &runs {
        run.code(2);
        let line = paragraph_from(run.stderr(), "bad.json:");
        run.check(line.ends_with(expected), format!("`{expected}`"));
    }

    // The platform's model refuses a version that is a number: the same paragraph, placed at
    // the value, from every command that reads the pack.
    let mut describe: Value =
        serde_json::from_slice(&std::fs::read(fixture("build/minimal/describe.json")).unwrap())
            .unwrap();
    describe["metadata"]["version"] = serde_json::json!(7);
    let pack = env.pack("p.gtxpack", &describe, vec![]);
    let needle = "p.gtxpack!describe.json:";
    let inspect = env.gtdx_cmd(["inspect"]).arg(&pack).run();
    let from_inspect = paragraph_from(inspect.stdout(), needle);
    assert!(
        from_inspect.contains("not a describe.json v2 manifest gtdx can use: invalid type"),
        "{from_inspect}"
    );
    let run = env.gtdx_cmd(["run", "echo", "--pack"]).arg(&pack).run();
    run.code(2);
    assert_eq!(paragraph_from(run.stderr(), needle), from_inspect);
    let dynamic = env
        .gtdx_cmd(["dynamic", "admit", "--descriptors"])
        .arg(&descriptors)
        .arg("--pack")
        .arg(&pack)
        .run();
    dynamic.code(2);
    assert_eq!(paragraph_from(dynamic.stderr(), needle), from_inspect);
}

/// The target probe (`rustc --print sysroot`, started once cargo compiles something) is waited
/// for: gtdx build (and `gtdx run` in a project, which builds first) once returned while it ran,
/// and the probe later died of SIGPIPE. A slow rustc shows it: its mark is there when gtdx is
/// done.
#[cfg(unix)]
#[test]
fn the_target_probe_finishes_before_gtdx_returns() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let hello = hello();
    // A save, so cargo compiles the package again and the probe starts.
    let lib = hello.dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, format!("{text}\n// a save\n")).unwrap();
    let marker = env.path("probe-done");
    let rustc = env.write(
        "slow-rustc",
        "#!/bin/sh\nif [ \"$1\" = --print ] && [ \"$2\" = sysroot ]; then\n  sleep 5\n  \
         out=$(rustc --print sysroot) || exit 1\n  echo \"$out\"\n  touch \"$PROBE_MARKER\"\n  \
         exit 0\nfi\nexec rustc \"$@\"\n",
    );
    std::fs::set_permissions(&rustc, std::fs::Permissions::from_mode(0o755)).unwrap();
    hello
        .build(&env, &env.path("out"))
        .env("RUSTC", &rustc)
        .env("PROBE_MARKER", &marker)
        .run()
        .success();
    assert!(
        marker.exists(),
        "gtdx returned before `rustc --print sysroot` finished"
    );
}
