//! `gtdx publish`, `install`, `list`, `uninstall`, `enable`, `disable`, `search`, `info`: real
//! packs signed by gtdx, the platform's directory registry layout, a real OCI registry (Debian's
//! `docker-registry`, CNCF distribution, on a loopback port, with and without htpasswd), and the
//! platform's own CLI as the oracle both ways.

use std::io::Read as _;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{Env, KeyPair, PLATFORM_GTDX, fixture, read_json, require_tool};

// ---------------------------------------------------------------------------------------------
// packs

fn describe(id: &str, version: &str) -> Value {
    let mut d = read_json(&fixture("sign/describe.json"));
    d["metadata"]["id"] = json!(id);
    d["metadata"]["version"] = json!(version);
    d["runtime"]["permissions"] = json!({
        "network": ["https://api.example.com/v1/*"],
        "secrets": ["secret://team/acme/openai"],
    });
    d
}

fn files(extra: usize) -> Vec<gtdx_pack::PackFile> {
    let mut component = b"\0asm\x0d\0\x01\0component bytes".to_vec();
    // Incompressible filler, for the tests that need a pack big enough to interrupt.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    component.extend((0..extra).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u8
    }));
    vec![
        gtdx_pack::PackFile::bytes("components/demo.wasm", component),
        gtdx_pack::PackFile::bytes("prompts/echo.md", b"# Echo\nRepeat the text.\n".to_vec()),
        gtdx_pack::PackFile::bytes("schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        gtdx_pack::PackFile::bytes(
            "assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ]
}

/// A pack of `id@version` signed with `key`.
fn signed(env: &Env, key: &KeyPair, id: &str, version: &str) -> PathBuf {
    let p = env.pack(
        &format!("packs/{id}-{version}.gtxpack"),
        &describe(id, version),
        files(0),
    );
    env.sign(&p, key);
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn state(env: &Env) -> Value {
    read_json(&env.greentic_home().join("extensions-state.json"))
}

fn installed_dir(env: &Env, id: &str, version: &str) -> PathBuf {
    env.greentic_home()
        .join("extensions/design")
        .join(format!("{id}-{version}"))
}

// ---------------------------------------------------------------------------------------------
// the local registry and the install lifecycle

#[test]
fn publish_local_then_install_list_disable_enable_uninstall() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.reg-demo", "0.1.0");

    // publish: the platform's layout
    let out = env
        .gtdx(["publish", s(&pack), "--format", "json"])
        .code(0)
        .json();
    let root = env.greentic_home().join("registries/local");
    let ver = root.join("gtdx.reg-demo/0.1.0");
    for f in [
        "Signing fixture-0.1.0.gtxpack",
        "manifest.json",
        "signature.json",
        "artifact.sha256",
    ] {
        assert!(ver.join(f).is_file(), "{f} missing from {}", ver.display());
    }
    assert_eq!(
        std::fs::read(ver.join("Signing fixture-0.1.0.gtxpack")).unwrap(),
        std::fs::read(&pack).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(ver.join("artifact.sha256")).unwrap(),
        out["sha256"].as_str().unwrap()
    );
    let sig = read_json(&ver.join("signature.json"));
    assert_eq!(sig["algorithm"], "ed25519");
    assert_eq!(sig["public_key"].as_str().unwrap(), key.public_b64);
    assert!(root.join("gtdx.reg-demo/metadata.json").is_file());
    let index = read_json(&root.join("index.json"));
    assert_eq!(
        index["extensions"][0],
        json!({"id": "gtdx.reg-demo", "name": "Signing fixture", "kind": "DesignExtension",
               "versions": ["0.1.0"], "latest": "0.1.0"})
    );
    assert_eq!(out["references"][0], "gtdx.reg-demo@0.1.0");

    // the same version again: refused, naming the fix; --force replaces it
    env.gtdx(["publish", s(&pack)])
        .code(10) // the platform's publish code: the version exists
        .stderr_has("gtdx.reg-demo@0.1.0 is already in")
        .stderr_has("--force");
    env.gtdx(["publish", s(&pack), "--force"])
        .code(0)
        .stdout_has("install with: gtdx install gtdx.reg-demo@0.1.0");

    // versions order by semver
    let p2 = signed(&env, &key, "gtdx.reg-demo", "0.10.0");
    let p3 = signed(&env, &key, "gtdx.reg-demo", "0.9.0");
    env.gtdx(["publish", s(&p2)]).code(0);
    env.gtdx(["publish", s(&p3)]).code(0);
    let index = read_json(&root.join("index.json"));
    assert_eq!(
        index["extensions"][0]["versions"],
        json!(["0.1.0", "0.9.0", "0.10.0"])
    );
    assert_eq!(index["extensions"][0]["latest"], "0.10.0");

    // search and info
    env.gtdx(["search", "reg-demo"])
        .code(0)
        .stdout_has("gtdx.reg-demo@0.10.0");
    env.gtdx(["search", "nothing-like-it"])
        .code(0)
        .stderr_has("nothing found");
    let info = env
        .gtdx(["info", "gtdx.reg-demo@0.1.0", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(info["version"], "0.1.0");
    assert_eq!(info["signer"].as_str().unwrap(), key.public_b64);
    assert_eq!(
        info["permissions"]["secrets"],
        json!(["secret://team/acme/openai"])
    );
    env.gtdx(["info", "gtdx.reg-demo"])
        .code(0)
        .stdout_has("gtdx.reg-demo@0.10.0")
        .stdout_has("network: https://api.example.com/v1/*");

    // install by id from the local registry
    let inst = env
        .gtdx([
            "install",
            "gtdx.reg-demo@0.1.0",
            "--yes",
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(inst["action"], "installed");
    assert_eq!(inst["authenticity"], "pinned-now");
    let dir = installed_dir(&env, "gtdx.reg-demo", "0.1.0");
    for f in [
        "describe.json",
        "manifest.json",
        "components/demo.wasm",
        "prompts/echo.md",
    ] {
        assert!(dir.join(f).is_file(), "{f} not installed");
    }
    assert_eq!(state(&env)["schema"], "1.1");
    assert_eq!(
        state(&env)["default"]["enabled"]["gtdx.reg-demo@0.1.0"],
        true
    );
    let pins = read_json(&env.greentic_home().join("trust/publishers.json"));
    assert_eq!(
        pins["publishers"]["gtdx.reg-demo"].as_str().unwrap(),
        key.public_b64
    );
    // nothing left in staging
    let staging = env.greentic_home().join("extensions/.gtdx-staging");
    assert_eq!(
        std::fs::read_dir(&staging).map(|d| d.count()).unwrap_or(0),
        0
    );

    // reinstalling is a no-op; --force reinstalls
    env.gtdx(["install", "gtdx.reg-demo@0.1.0", "--yes"])
        .code(0)
        .stderr_has("already installed");
    env.gtdx(["install", "gtdx.reg-demo@0.1.0", "--yes", "--force"])
        .code(0)
        .stderr_has("Reinstalled");
    // the newest when no version is given
    env.gtdx(["install", "gtdx.reg-demo", "--yes"])
        .code(0)
        .stderr_has("gtdx.reg-demo@0.10.0");

    // list, disable (default and per tenant), enable
    env.gtdx(["list"])
        .code(0)
        .stdout_has("gtdx.reg-demo")
        .stdout_has("0.10.0")
        .stdout_has(&key.key_id);
    env.gtdx(["disable", "gtdx.reg-demo"])
        .code(2)
        .stderr_has("2 versions installed");
    env.gtdx(["disable", "gtdx.reg-demo@0.1.0"])
        .code(0)
        .stderr_has("Disabled");
    env.gtdx(["enable", "gtdx.reg-demo@0.1.0", "--tenant", "acme"])
        .code(0);
    let st = state(&env);
    assert_eq!(st["default"]["enabled"]["gtdx.reg-demo@0.1.0"], false);
    assert_eq!(
        st["tenants"]["acme"]["enabled"]["gtdx.reg-demo@0.1.0"],
        true
    );
    let list = env.gtdx(["list", "--format", "json"]).code(0).json();
    let e = list["extensions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["version"] == "0.1.0")
        .unwrap()
        .clone();
    assert_eq!(e["enabled"], false);
    assert_eq!(e["tenants"]["acme"], true);
    env.gtdx(["list", "--tenant", "acme"])
        .code(0)
        .stdout_has("enabled (acme)");

    // uninstall
    env.gtdx(["uninstall", "gtdx.reg-demo@0.1.0"])
        .code(0)
        .stderr_has("Removed");
    assert!(!dir.exists());
    assert!(
        state(&env)["default"]["enabled"]
            .get("gtdx.reg-demo@0.1.0")
            .is_none()
    );
    env.gtdx(["uninstall", "gtdx.reg-demo@0.1.0"])
        .code(2)
        .stderr_has("is not installed");
}

#[test]
fn install_asks_for_consent_and_never_waits_without_a_terminal() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.consent", "1.0.0");
    // stdin is /dev/null, not a terminal: refused at once, nothing written
    env.gtdx_cmd(["install", s(&pack)])
        .timeout(Duration::from_secs(60))
        .run()
        .code(2)
        .stderr_has("pass --yes")
        .stderr_has("network: https://api.example.com/v1/*");
    assert!(!env.greentic_home().join("extensions/design").exists());
    assert!(!env.greentic_home().join("extensions-state.json").exists());
    assert!(!env.greentic_home().join("trust/publishers.json").exists());
}

#[test]
fn unsigned_packs_need_an_explicit_choice() {
    let env = Env::new();
    let pack = env.pack(
        "packs/u.gtxpack",
        &describe("gtdx.unsigned", "1.0.0"),
        files(0),
    );
    env.gtdx(["publish", s(&pack)])
        .code(2)
        .stderr_has("is not signed")
        .stderr_has("--allow-unsigned");
    assert!(!env.greentic_home().join("registries").exists());
    env.gtdx(["publish", s(&pack), "--allow-unsigned"])
        .code(0)
        .stderr_has("not signed");
    env.gtdx(["install", "gtdx.unsigned", "--yes"])
        .code(2)
        .stderr_has("is not signed")
        .stderr_has("--trust loose");
    env.gtdx(["install", "gtdx.unsigned", "--yes", "--trust", "loose"])
        .code(0)
        .stderr_has("Installed");
}

#[test]
fn trust_levels_pin_and_require_the_publisher_key() {
    let env = Env::new();
    let a = env.keygen("a");
    let b = env.keygen("b");
    let pa = signed(&env, &a, "gtdx.trusty", "1.0.0");
    let pb = signed(&env, &b, "gtdx.trusty", "1.1.0");
    // strict with nothing pinned: refused; with --trusted-key: accepted (and pinned)
    env.gtdx(["install", s(&pa), "--yes", "--trust", "strict"])
        .code(2)
        .stderr_has("--trust strict needs the signer's key pinned");
    env.gtdx([
        "install",
        s(&pa),
        "--yes",
        "--trust",
        "strict",
        "--trusted-key",
        s(&a.public),
    ])
    .code(0);
    // a pack of the same id by another key: refused under normal, naming the pinned key
    env.gtdx(["install", s(&pb), "--yes"])
        .code(2)
        .stderr_has("the publisher's key changed")
        .stderr_has(&format!("pins key {}", a.key_id))
        .stderr_has(&format!("signed by key {}", b.key_id));
    // --trusted-key names a key that did not sign: refused
    env.gtdx(["install", s(&pb), "--yes", "--trusted-key", s(&a.public)])
        .code(2)
        .stderr_has("not among the trusted keys");
    // a tampered signature: refused under every policy but loose
    let pc = signed(&env, &a, "gtdx.trusty", "1.2.0");
    let tampered = env.path("packs/tampered.gtxpack");
    tamper_describe(&pc, &tampered);
    env.gtdx(["install", s(&tampered), "--yes"])
        .code(2)
        .stderr_has("integrity");
}

/// Copies a pack, changing one byte of its component (integrity must catch it).
fn tamper_describe(from: &Path, to: &Path) {
    let mut bytes = std::fs::read(from).unwrap();
    let needle = b"component bytes";
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle)
        .expect("the component is stored uncompressed");
    bytes[at] ^= 0x20;
    std::fs::write(to, bytes).unwrap();
}

#[test]
fn a_pack_with_an_escaping_entry_is_refused_before_anything_is_written() {
    let env = Env::new();
    let key = env.keygen("pub");
    let good = signed(&env, &key, "gtdx.escape", "1.0.0");
    // Rewrite the archive with one more entry, `../escaped.txt`.
    let evil = env.path("packs/evil.gtxpack");
    {
        let mut src = zip::ZipArchive::new(std::fs::File::open(&good).unwrap()).unwrap();
        let mut w = zip::ZipWriter::new(std::fs::File::create(&evil).unwrap());
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for i in 0..src.len() {
            let mut e = src.by_index(i).unwrap();
            let name = e.name().unwrap().into_owned();
            let mut b = Vec::new();
            e.read_to_end(&mut b).unwrap();
            w.start_file(name, opts).unwrap();
            std::io::Write::write_all(&mut w, &b).unwrap();
        }
        w.start_file("../escaped.txt", opts).unwrap();
        std::io::Write::write_all(&mut w, b"out").unwrap();
        w.finish().unwrap();
    }
    for trust in ["loose", "normal"] {
        env.gtdx(["install", s(&evil), "--yes", "--trust", trust])
            .code(2)
            .stderr_has("integrity")
            .stderr_has("../escaped.txt");
    }
    env.gtdx(["publish", s(&evil), "--allow-unsigned"])
        .code(2)
        .stderr_has("../escaped.txt");
    let home = env.greentic_home();
    assert!(!home.join("extensions/design").exists());
    assert!(!home.join("extensions/escaped.txt").exists());
    assert!(!home.join("extensions/.gtdx-staging/escaped.txt").exists());
    assert!(!home.join("extensions-state.json").exists());
    assert!(!home.join("registries").exists());
}

#[test]
fn a_registry_copy_changed_after_publishing_is_refused() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.changed", "1.0.0");
    env.gtdx(["publish", s(&pack)]).code(0);
    let in_reg = env
        .greentic_home()
        .join("registries/local/gtdx.changed/1.0.0/Signing fixture-1.0.0.gtxpack");
    tamper_describe(&pack, &in_reg);
    env.gtdx(["install", "gtdx.changed@1.0.0", "--yes"])
        .code(2)
        .stderr_has("the registry's copy was changed");
    assert!(!installed_dir(&env, "gtdx.changed", "1.0.0").exists());
}

#[test]
fn dry_run_writes_nothing() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.dry", "1.0.0");
    env.gtdx(["publish", s(&pack), "--dry-run"])
        .code(0)
        .stderr_has("Would publish")
        .stdout_has("gtdx.dry/1.0.0/Signing fixture-1.0.0.gtxpack")
        .stdout_has("index.json");
    assert!(!env.greentic_home().join("registries").exists());
    let reg = env.path("reg");
    env.gtdx([
        "publish",
        s(&pack),
        "--registry",
        &format!("file://{}", reg.display()),
    ])
    .code(0);
    assert!(reg.join("gtdx.dry/1.0.0/manifest.json").is_file());
    env.gtdx([
        "install",
        "gtdx.dry",
        "--registry",
        &format!("file://{}", reg.display()),
        "--yes",
    ])
    .code(0);
}

// ---------------------------------------------------------------------------------------------
// failures: kill -9, concurrency

/// A `gtdx` process in `env`, not waited for.
fn spawn(env: &Env, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gtdx"))
        .args(args)
        .env("GREENTIC_HOME", env.greentic_home())
        .env("HOME", env.home())
        .env("NO_COLOR", "1")
        .current_dir(env.root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gtdx starts")
}

/// Everything under `dir` that is a partial extension: a directory in a kind directory without
/// the files of a complete install.
fn assert_no_partial_install(home: &Path, files: &[&str]) {
    let design = home.join("extensions/design");
    if let Ok(rd) = std::fs::read_dir(&design) {
        for e in rd.flatten() {
            for f in files {
                assert!(
                    e.path().join(f).is_file(),
                    "{} is a partial install: {f} is missing",
                    e.path().display()
                );
            }
        }
    }
    for f in ["extensions-state.json", "trust/publishers.json"] {
        let p = home.join(f);
        if p.exists() {
            serde_json::from_slice::<Value>(&std::fs::read(&p).unwrap())
                .unwrap_or_else(|e| panic!("{} does not parse: {e}", p.display()));
        }
    }
}

#[test]
fn kill_9_during_install_and_publish_leaves_no_partial_state() {
    let env = Env::new();
    let key = env.keygen("pub");
    // Big enough (24 MB) to take a while to copy, hash, verify and unpack.
    let pack = env.pack(
        "packs/big.gtxpack",
        &describe("gtdx.big", "1.0.0"),
        files(24 << 20),
    );
    env.sign(&pack, &key);
    let complete = ["describe.json", "manifest.json", "components/demo.wasm"];
    for delay_ms in [5u64, 40, 120, 300, 700] {
        let mut child = spawn(&env, &["install", s(&pack), "--yes", "--force"]);
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        assert_no_partial_install(&env.greentic_home(), &complete);

        let mut child = spawn(&env, &["publish", s(&pack), "--force"]);
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        let root = env.greentic_home().join("registries/local");
        if root.join("index.json").exists() {
            read_json(&root.join("index.json"));
        }
        if let Ok(rd) = std::fs::read_dir(root.join("gtdx.big")) {
            for v in rd.flatten().filter(|v| v.path().is_dir()) {
                let pack_in = v.path().join("Signing fixture-1.0.0.gtxpack");
                assert!(
                    pack_in.is_file() && v.path().join("artifact.sha256").is_file(),
                    "{} is a partial version",
                    v.path().display()
                );
                assert_eq!(
                    std::fs::metadata(&pack_in).unwrap().len(),
                    std::fs::metadata(&pack).unwrap().len()
                );
            }
        }
    }
    // Afterwards everything still works, and the staging area is swept.
    env.gtdx(["install", s(&pack), "--yes", "--force"]).code(0);
    env.gtdx(["publish", s(&pack), "--force"]).code(0);
    env.gtdx(["install", "gtdx.big@1.0.0", "--yes", "--force"])
        .code(0);
    env.assert_nothing_left_in_staging();
}

#[test]
fn eight_concurrent_publishes_and_installs_lose_nothing() {
    let env = Env::new();
    let key = env.keygen("pub");
    let packs: Vec<PathBuf> = (0..8)
        .map(|i| signed(&env, &key, &format!("gtdx.conc-{i}"), &format!("1.{i}.0")))
        .collect();
    std::thread::scope(|sc| {
        for p in &packs {
            let env = &env;
            sc.spawn(move || {
                env.gtdx(["publish", s(p)]).code(0);
            });
        }
    });
    let index = read_json(&env.greentic_home().join("registries/local/index.json"));
    assert_eq!(index["extensions"].as_array().unwrap().len(), 8, "{index}");
    std::thread::scope(|sc| {
        for i in 0..8 {
            let env = &env;
            sc.spawn(move || {
                env.gtdx(["install", &format!("gtdx.conc-{i}"), "--yes"])
                    .code(0);
            });
        }
    });
    let st = state(&env);
    assert_eq!(
        st["default"]["enabled"].as_object().unwrap().len(),
        8,
        "{st}"
    );
    let pins = read_json(&env.greentic_home().join("trust/publishers.json"));
    assert_eq!(pins["publishers"].as_object().unwrap().len(), 8, "{pins}");
    // and eight concurrent disables of one state file
    std::thread::scope(|sc| {
        for i in 0..8 {
            let env = &env;
            sc.spawn(move || {
                env.gtdx(["disable", &format!("gtdx.conc-{i}")]).code(0);
            });
        }
    });
    let st = state(&env);
    assert!(
        st["default"]["enabled"]
            .as_object()
            .unwrap()
            .values()
            .all(|v| v == false),
        "{st}"
    );
}

// ---------------------------------------------------------------------------------------------
// the platform's CLI, both ways

#[test]
fn what_gtdx_publishes_the_platform_installs_and_the_reverse() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.interop", "0.3.0");
    env.gtdx(["publish", s(&pack)]).code(0);
    let in_reg = env
        .greentic_home()
        .join("registries/local/gtdx.interop/0.3.0/Signing fixture-0.3.0.gtxpack");

    // the platform installs what gtdx published, into the same home
    let home = env.greentic_home();
    env.tool(&platform, ["install", s(&in_reg), "--yes"])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0);
    assert!(
        installed_dir(&env, "gtdx.interop", "0.3.0")
            .join("describe.json")
            .is_file()
    );
    // gtdx lists what the platform installed, and its state changes show in the platform's list
    env.gtdx(["list"]).code(0).stdout_has("gtdx.interop");
    env.gtdx(["disable", "gtdx.interop"]).code(0);
    env.tool(&platform, ["list", "--status"])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0)
        .stdout_has("disabled");
    // the platform's enable is seen by gtdx
    env.tool(&platform, ["enable", "gtdx.interop@0.3.0"])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0);
    let list = env.gtdx(["list", "--format", "json"]).code(0).json();
    assert_eq!(list["extensions"][0]["enabled"], true, "{list}");
    // gtdx installs over the platform's install (--force), and uninstalls it
    env.gtdx(["install", "gtdx.interop@0.3.0", "--yes", "--force"])
        .code(0);
    env.gtdx(["uninstall", "gtdx.interop"]).code(0);
    env.tool(&platform, ["list"])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0)
        .stdout_lacks("gtdx.interop");

    // what gtdx installs, the platform lists
    env.gtdx(["install", s(&pack), "--yes"]).code(0);
    env.tool(&platform, ["list", "--status"])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0)
        .stdout_has("gtdx.interop")
        .stdout_has("enabled");
}

#[test]
fn what_the_platform_publishes_gtdx_installs_and_the_layouts_agree() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    // A project the platform's publish packs (--wasm: no cargo build).
    let proj = env.mkdir("proj");
    let mut d = describe("gtdx.from-platform", "2.0.0");
    let wasm = b"\0asm\x0d\0\x01\0component bytes".to_vec();
    let sha = gtdx_pack::sha256_hex(&wasm);
    d["runtime"]["components"]["demo"]["gtpack"]["sha256"] = json!(sha);
    d["runtime"]["components"]["demo"]["sha256"] = json!(sha);
    for (rel, bytes) in [
        ("proj/describe.json", serde_json::to_vec_pretty(&d).unwrap()),
        (
            "proj/Cargo.toml",
            b"[package]\nname = \"x\"\nversion = \"0.1.0\"\n".to_vec(),
        ),
        ("proj/components/demo.wasm", wasm),
        ("proj/prompts/echo.md", b"# Echo\n".to_vec()),
        ("proj/schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        (
            "proj/assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ] {
        env.write(rel, bytes);
    }
    let home = env.greentic_home();
    let key = env.path("platform.pem");
    env.tool(&platform, ["keygen", "--out", s(&key)])
        .env("GREENTIC_HOME", &home)
        .run()
        .code(0);
    let reg = env.path("platform-reg");
    let reg_uri = format!("file://{}", reg.display());
    env.tool(
        &platform,
        [
            "publish",
            "--wasm",
            "components/demo.wasm",
            "--registry",
            &reg_uri,
            "--sign",
            "--key",
            s(&key),
            "--trust",
            "normal",
        ],
    )
    .env("GREENTIC_HOME", &home)
    .current_dir(&proj)
    .run()
    .code(0);

    // gtdx reads the platform's registry: search, info, install (signed, pinned on first use)
    env.gtdx(["search", "--registry", &reg_uri])
        .code(0)
        .stdout_has("gtdx.from-platform@2.0.0");
    env.gtdx(["info", "gtdx.from-platform", "--registry", &reg_uri])
        .code(0)
        .stdout_has("secrets: secret://team/acme/openai");
    env.gtdx([
        "install",
        "gtdx.from-platform@2.0.0",
        "--registry",
        &reg_uri,
        "--yes",
    ])
    .code(0)
    .stderr_has("Installed");
    assert!(
        installed_dir(&env, "gtdx.from-platform", "2.0.0")
            .join("extension.wasm")
            .is_file()
    );

    // gtdx publishes the very pack the platform made into a registry of its own: the same
    // files, the same index, the same signature record.
    let platform_pack = reg.join("gtdx.from-platform/2.0.0/Signing fixture-2.0.0.gtxpack");
    let ours = env.path("our-reg");
    env.gtdx([
        "publish",
        s(&platform_pack),
        "--registry",
        &format!("file://{}", ours.display()),
    ])
    .code(0);
    let names = |root: &Path| -> Vec<String> {
        let mut v: Vec<String> = walk(root)
            .into_iter()
            .map(|p| p.strip_prefix(root).unwrap().display().to_string())
            .filter(|p| !p.ends_with(".lock"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&reg), names(&ours));
    assert_eq!(
        read_json(&reg.join("index.json")),
        read_json(&ours.join("index.json"))
    );
    for f in ["Signing fixture-2.0.0.gtxpack", "artifact.sha256"] {
        assert_eq!(
            std::fs::read(reg.join("gtdx.from-platform/2.0.0").join(f)).unwrap(),
            std::fs::read(ours.join("gtdx.from-platform/2.0.0").join(f)).unwrap(),
            "{f} differs"
        );
    }
    let (a, b) = (
        read_json(&reg.join("gtdx.from-platform/2.0.0/signature.json")),
        read_json(&ours.join("gtdx.from-platform/2.0.0/signature.json")),
    );
    for k in ["algorithm", "public_key", "value"] {
        assert_eq!(a[k], b[k], "signature.json `{k}` differs");
    }
    let (a, b) = (
        read_json(&reg.join("gtdx.from-platform/2.0.0/manifest.json")),
        read_json(&ours.join("gtdx.from-platform/2.0.0/manifest.json")),
    );
    assert_eq!(a["metadata"], b["metadata"]);
    assert_eq!(a["signature"], b["signature"]);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// a real OCI registry

/// Debian's `docker-registry` (CNCF distribution) on a random loopback port with its own
/// storage directory; killed when dropped.
pub(crate) struct OciRegistry {
    child: Child,
    pub host: String,
    pub storage: PathBuf,
}

impl Drop for OciRegistry {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl OciRegistry {
    /// Starts a registry; with `auth`, behind htpasswd (bcrypt) basic authentication.
    pub(crate) fn start(env: &Env, name: &str, auth: Option<(&str, &str)>) -> Option<OciRegistry> {
        let registry = require_tool("docker-registry")?;
        let dir = env.mkdir(&format!("oci-{name}"));
        let storage = dir.join("storage");
        let port = free_port();
        let mut config = format!(
            "version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: {}\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:{port}\n",
            storage.display()
        );
        if let Some((user, pass)) = auth {
            let htpasswd = require_tool("htpasswd")?;
            let line = env
                .tool(&htpasswd, ["-Bbn", user, pass])
                .run()
                .code(0)
                .stdout()
                .trim()
                .to_string();
            let file = dir.join("htpasswd");
            std::fs::write(&file, format!("{line}\n")).unwrap();
            config.push_str(&format!(
                "auth:\n  htpasswd:\n    realm: gtdx-tests\n    path: {}\n",
                file.display()
            ));
        }
        let config_path = dir.join("config.yml");
        std::fs::write(&config_path, config).unwrap();
        let child = Command::new(registry.path())
            .arg("serve")
            .arg(&config_path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("docker-registry starts");
        let reg = OciRegistry {
            child,
            host: format!("127.0.0.1:{port}"),
            storage,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "docker-registry did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(reg)
    }

    /// The blob files of the registry's storage.
    fn blobs(&self) -> Vec<PathBuf> {
        walk(&self.storage.join("docker/registry/v2/blobs"))
    }
}

#[test]
fn oci_publish_search_info_install_and_pull_back_byte_equal() {
    let env = Env::new();
    let Some(reg) = OciRegistry::start(&env, "open", None) else {
        return;
    };
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.oci-demo", "1.0.0");
    let ns = format!("oci://{}/team", reg.host);
    let out = env
        .gtdx(["publish", s(&pack), "--registry", &ns, "--format", "json"])
        .code(0)
        .json();
    let pinned = out["references"][0].as_str().unwrap().to_string();
    assert!(
        pinned.starts_with(&format!("oci://{}/team/gtdx.oci-demo@sha256:", reg.host)),
        "{pinned}"
    );
    assert_eq!(
        out["references"][1],
        format!("oci://{}/team/gtdx.oci-demo:1.0.0", reg.host)
    );
    // the layer in the registry's storage is the pack, byte for byte
    let bytes = std::fs::read(&pack).unwrap();
    assert!(
        reg.blobs()
            .iter()
            .any(|b| std::fs::read(b).unwrap() == bytes),
        "no blob holds the pack's bytes"
    );
    // a tag that exists is refused; --force replaces it
    env.gtdx(["publish", s(&pack), "--registry", &ns])
        .code(10) // the platform's publish code: the version exists
        .stderr_has("already in")
        .stderr_has("--force");
    env.gtdx(["publish", s(&pack), "--registry", &ns, "--force"])
        .code(0);
    let p2 = signed(&env, &key, "gtdx.oci-demo", "1.2.0");
    env.gtdx(["publish", s(&p2), "--registry", &ns]).code(0);

    // search: the repository's version tags; info: the pack's identity and annotations
    env.gtdx(["search", "gtdx.oci-demo", "--registry", &ns])
        .code(0)
        .stdout_has("gtdx.oci-demo@1.2.0")
        .stdout_has("versions: 1.0.0, 1.2.0");
    let info = env
        .gtdx([
            "info",
            "gtdx.oci-demo@1.0.0",
            "--registry",
            &ns,
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(info["id"], "gtdx.oci-demo");
    let ann = &info["oci"]["annotations"];
    assert_eq!(ann["org.opencontainers.image.version"], "1.0.0");
    assert_eq!(ann["ai.greentic.extension.id"], "gtdx.oci-demo");
    assert!(ann["org.opencontainers.image.created"].is_string());

    // install by digest: pulled, digest-checked, verified, unpacked
    env.gtdx(["install", &pinned, "--yes"])
        .code(0)
        .stderr_has("Installed");
    let dir = installed_dir(&env, "gtdx.oci-demo", "1.0.0");
    assert_eq!(
        std::fs::read(dir.join("prompts/echo.md")).unwrap(),
        b"# Echo\nRepeat the text.\n"
    );
    // the installed describe passes the lint
    env.gtdx(["lint", s(&dir.join("describe.json"))]).code(0);
    // by id from the namespace: the newest tag
    env.gtdx(["install", "gtdx.oci-demo", "--registry", &ns, "--yes"])
        .code(0)
        .stderr_has("gtdx.oci-demo@1.2.0");
    // a digest that is not there
    let missing = format!(
        "oci://{}/team/gtdx.oci-demo@sha256:{}",
        reg.host,
        "0".repeat(64)
    );
    env.gtdx(["install", &missing, "--yes"])
        .code(2)
        .stderr_has("is not in the registry");
}

/// `gtdx worker build` takes packs from registries: `oci://…` and `ID@VERSION` entries are
/// fetched as `gtdx install` fetches them, verified like files, and pinned in the manifest by
/// digest, so a release names exactly the bytes that were reviewed.
#[test]
fn worker_build_pins_registry_packs_by_digest() {
    let env = Env::new();
    let Some(reg) = OciRegistry::start(&env, "worker", None) else {
        return;
    };
    let key = env.keygen("rel");
    let alpha = signed(&env, &key, "gtdx.walpha", "1.0.0");
    let beta = signed(&env, &key, "gtdx.wbeta", "2.0.0");
    let ns = format!("oci://{}/team", reg.host);
    env.gtdx(["publish", s(&alpha), "--registry", &ns]).code(0);
    let shared = env.mkdir("shared");
    let file_reg = format!("file://{}", shared.display());
    env.gtdx(["publish", s(&beta), "--registry", &file_reg])
        .code(0);

    let spec = env.write(
        "release/worker.toml",
        format!(
            "name = \"rel\"\ntenant = \"acme\"\nkind = \"single_turn\"\n\
             extensions = [\"{ns}/gtdx.walpha:1.0.0\", \"gtdx.wbeta@2.0.0\"]\n\n\
             [llm]\nprovider = \"openai\"\nmodel = \"gpt-4o\"\n\n\
             [[tools]]\nextension_id = \"gtdx.walpha\"\ntool_name = \"echo\"\n"
        ),
    );
    let build = |extra: &[&str]| {
        let mut args = vec![
            "worker",
            "build",
            s(&spec),
            "--registry",
            &file_reg,
            "--trusted-key",
            &key.public_b64,
        ];
        args.extend_from_slice(extra);
        env.gtdx(&args)
    };
    build(&[]).code(0);
    let manifest = read_json(&spec.with_file_name("worker.worker.json"));
    let exts = manifest["extensions"].as_array().unwrap();
    let pinned = exts[0]["pack"].as_str().unwrap();
    assert!(
        pinned.starts_with(&format!("{ns}/gtdx.walpha@sha256:")),
        "{manifest:#}"
    );
    assert_eq!(exts[0]["sha256"], gtdx_pack::sha256_file(&alpha).unwrap());
    assert_eq!(exts[1]["pack"], "gtdx.wbeta@2.0.0");
    assert_eq!(exts[1]["sha256"], gtdx_pack::sha256_file(&beta).unwrap());
    assert_eq!(exts[0]["trusted"], true);
    // Nothing was left in the staging directory.
    let staging: Vec<_> = walk(&env.greentic_home())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gtxpack"))
        .filter(|p| !p.starts_with(env.greentic_home().join("registries")))
        .collect();
    assert!(staging.is_empty(), "{staging:?}");

    // The pinned reference builds the same manifest.
    let text = std::fs::read_to_string(&spec)
        .unwrap()
        .replace(&format!("{ns}/gtdx.walpha:1.0.0"), pinned);
    std::fs::write(&spec, text).unwrap();
    let first = std::fs::read(spec.with_file_name("worker.worker.json")).unwrap();
    build(&[]).code(0);
    assert_eq!(
        std::fs::read(spec.with_file_name("worker.worker.json")).unwrap(),
        first
    );

    // A version that is not there is refused at its place in the spec, nothing written.
    std::fs::remove_file(spec.with_file_name("worker.worker.json")).unwrap();
    let text = std::fs::read_to_string(&spec)
        .unwrap()
        .replace("gtdx.wbeta@2.0.0", "gtdx.wbeta@9.9.9");
    std::fs::write(&spec, text).unwrap();
    build(&[])
        .code(2)
        .stderr_has("worker.toml:4:")
        .stderr_has("gtdx.wbeta@9.9.9");
    assert!(!spec.with_file_name("worker.worker.json").exists());
}

#[test]
fn oci_with_htpasswd_needs_the_right_password() {
    let env = Env::new();
    let Some(reg) = OciRegistry::start(&env, "auth", Some(("ci", "s3cret-pass"))) else {
        return;
    };
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.oci-auth", "1.0.0");
    let ns = format!("oci://{}/team", reg.host);
    env.gtdx(["publish", s(&pack), "--registry", &ns])
        .code(20) // the platform's publish code: authentication
        .stderr_has("refused the credentials");
    env.gtdx([
        "publish",
        s(&pack),
        "--registry",
        &ns,
        "--oci-user",
        "ci",
        "--oci-token",
        "wrong-pass",
    ])
    .code(20)
    .stderr_has("refused the credentials")
    .output_lacks("wrong-pass");
    env.gtdx_cmd(["publish", s(&pack), "--registry", &ns, "--oci-user", "ci"])
        .env("OCI_TOKEN", "s3cret-pass")
        .run()
        .code(0)
        .output_lacks("s3cret-pass");
    // credentials from ~/.docker/config.json, as docker login writes them
    use base64::Engine as _;
    let auth = base64::engine::general_purpose::STANDARD.encode("ci:s3cret-pass");
    std::fs::create_dir_all(env.home().join(".docker")).unwrap();
    std::fs::write(
        env.home().join(".docker/config.json"),
        json!({"auths": {reg.host.clone(): {"auth": auth}}}).to_string(),
    )
    .unwrap();
    env.gtdx([
        "install",
        &format!("oci://{}/team/gtdx.oci-auth:1.0.0", reg.host),
        "--yes",
    ])
    .code(0)
    .stderr_has("Installed");
}

#[test]
fn oci_failures_a_registry_that_is_down_and_a_tampered_blob() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.oci-bad", "1.0.0");
    // down: fails fast, naming the address
    let port = free_port();
    let started = Instant::now();
    env.gtdx_cmd([
        "publish",
        s(&pack),
        "--registry",
        &format!("oci://127.0.0.1:{port}/team"),
    ])
    .timeout(Duration::from_secs(60))
    .run()
    .code(30) // the platform's publish code for a registry it cannot use
    .stderr_has(&format!("cannot reach the registry at 127.0.0.1:{port}"));
    assert!(started.elapsed() < Duration::from_secs(30));
    // plain HTTP to a remote host needs --insecure: https is used, and fails to connect here
    let Some(reg) = OciRegistry::start(&env, "tamper", None) else {
        return;
    };
    let ns = format!("oci://{}/team", reg.host);
    env.gtdx(["publish", s(&pack), "--registry", &ns]).code(0);
    // tamper with the stored layer: the pull is refused, nothing is installed
    let bytes = std::fs::read(&pack).unwrap();
    let blob = reg
        .blobs()
        .into_iter()
        .find(|b| std::fs::read(b).unwrap() == bytes)
        .expect("the pack's blob");
    let mut evil = bytes.clone();
    let at = evil.len() / 2;
    evil[at] ^= 0xff;
    std::fs::write(&blob, evil).unwrap();
    env.gtdx([
        "install",
        &format!("oci://{}/team/gtdx.oci-bad:1.0.0", reg.host),
        "--yes",
    ])
    .code(2)
    .stderr_has("do not match their digest");
    assert!(!installed_dir(&env, "gtdx.oci-bad", "1.0.0").exists());
    let staging = env.greentic_home().join("extensions/.gtdx-staging");
    assert_eq!(
        std::fs::read_dir(&staging).map(|d| d.count()).unwrap_or(0),
        0
    );
}

// ---------------------------------------------------------------------------------------------
// yank on directory registries (the platform's tool yanks on the Store only)

#[test]
fn yank_on_a_directory_registry_hides_the_version_but_an_exact_pin_installs_it() {
    let env = Env::new();
    let key = env.keygen("pub");
    let reg = env.root().join("shared-reg");
    let uri = format!("file://{}", reg.display());
    for v in ["1.0.0", "1.1.0"] {
        let p = signed(&env, &key, "gtdx.yank-demo", v);
        env.gtdx(["publish", s(&p), "--registry", &uri]).code(0);
    }
    let out = env
        .gtdx([
            "yank",
            "gtdx.yank-demo",
            "1.1.0",
            "--reason",
            "leaks a token",
            "--registry",
            &uri,
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(out["yanked"], true);
    assert_eq!(out["reason"], "leaks a token");
    assert_eq!(
        read_json(&reg.join("gtdx.yank-demo/1.1.0/yanked.json"))["reason"],
        "leaks a token"
    );
    let entry = &read_json(&reg.join("index.json"))["extensions"][0];
    assert_eq!(entry["versions"], json!(["1.0.0"]));
    assert_eq!(entry["latest"], "1.0.0");
    // hidden from the version list and from "latest"
    let info = env
        .gtdx([
            "info",
            "gtdx.yank-demo",
            "--registry",
            &uri,
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(info["version"], "1.0.0");
    env.gtdx(["search", "yank-demo", "--registry", &uri])
        .code(0)
        .stdout_has("gtdx.yank-demo@1.0.0");
    let plain = env
        .gtdx([
            "install",
            "gtdx.yank-demo",
            "--registry",
            &uri,
            "--yes",
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(plain["action"], "installed");
    assert!(installed_dir(&env, "gtdx.yank-demo", "1.0.0").is_dir());
    assert!(!installed_dir(&env, "gtdx.yank-demo", "1.1.0").exists());
    // still installable by exact pin
    env.gtdx([
        "install",
        "gtdx.yank-demo@1.1.0",
        "--registry",
        &uri,
        "--yes",
    ])
    .code(0);
    assert!(installed_dir(&env, "gtdx.yank-demo", "1.1.0").is_dir());
    // a version the registry does not hold: refused, nothing written
    env.gtdx(["yank", "gtdx.yank-demo", "9.0.0", "--registry", &uri])
        .code(2)
        .stderr_has("gtdx.yank-demo@9.0.0");
    // the local registry by name too; unyank puts the version back as the latest
    env.gtdx(["unyank", "gtdx.yank-demo", "1.1.0", "--registry", &uri])
        .code(0)
        .stderr_has("Unyanked");
    assert!(!reg.join("gtdx.yank-demo/1.1.0/yanked.json").exists());
    let entry = &read_json(&reg.join("index.json"))["extensions"][0];
    assert_eq!(entry["versions"], json!(["1.0.0", "1.1.0"]));
    assert_eq!(entry["latest"], "1.1.0");
    let p = signed(&env, &key, "gtdx.yank-local", "0.1.0");
    env.gtdx(["publish", s(&p)]).code(0);
    env.gtdx(["yank", "gtdx.yank-local", "0.1.0", "--registry", "local"])
        .code(0);
    env.gtdx(["install", "gtdx.yank-local", "--yes"])
        .code(2)
        .stderr_has("gtdx.yank-local");
}

// ---------------------------------------------------------------------------------------------
// outdated and update against a directory registry

#[test]
fn outdated_and_update_respect_pins_yanks_and_consent_on_a_directory_registry() {
    let env = Env::new();
    let key = env.keygen("pub");
    let reg = env.root().join("upd-reg");
    let uri = format!("file://{}", reg.display());
    let publish = |id: &str, v: &str| {
        let p = signed(&env, &key, id, v);
        env.gtdx(["publish", s(&p), "--registry", &uri]).code(0);
    };
    publish("gtdx.upd-a", "1.0.0");
    publish("gtdx.upd-b", "1.0.0");
    for id in ["gtdx.upd-a", "gtdx.upd-b"] {
        env.gtdx(["install", id, "--registry", &uri, "--yes"])
            .code(0);
    }
    publish("gtdx.upd-a", "1.1.0");
    publish("gtdx.upd-a", "2.0.0");
    publish("gtdx.upd-b", "1.0.1");
    // a pin keeps gtdx.upd-a on 1.x; 2.0.0 is never offered
    std::fs::write(
        env.greentic_home().join("config.toml"),
        "[extensions]\n\"gtdx.upd-a\" = \"^1\"\n",
    )
    .unwrap();
    let out = env
        .gtdx(["outdated", "--registry", &uri, "--format", "json"])
        .code(0)
        .json();
    assert_eq!(
        out["extensions"],
        json!([
            {"id": "gtdx.upd-a", "installed": "1.0.0", "latest": "1.1.0", "pin": "^1"},
            {"id": "gtdx.upd-b", "installed": "1.0.0", "latest": "1.0.1"},
        ])
    );
    // a yanked newer version is not offered
    env.gtdx(["yank", "gtdx.upd-b", "1.0.1", "--registry", &uri])
        .code(0);
    let out = env
        .gtdx(["outdated", "--registry", &uri, "--format", "json"])
        .code(0)
        .json();
    assert_eq!(out["extensions"].as_array().unwrap().len(), 1);
    // no terminal and no --yes: refused through install's consent path; the old version stays
    env.gtdx(["update", "gtdx.upd-a", "--registry", &uri])
        .code(2);
    assert!(installed_dir(&env, "gtdx.upd-a", "1.0.0").is_dir());
    assert!(!installed_dir(&env, "gtdx.upd-a", "1.1.0").exists());
    env.gtdx(["update", "--all", "--registry", &uri, "--yes"])
        .code(0)
        .stderr_has("Updated")
        .stderr_has("gtdx.upd-a 1.0.0 -> 1.1.0")
        .stderr_has("permissions, compared with the installed version");
    assert!(installed_dir(&env, "gtdx.upd-a", "1.1.0").is_dir());
    assert!(!installed_dir(&env, "gtdx.upd-a", "1.0.0").exists());
    assert!(installed_dir(&env, "gtdx.upd-b", "1.0.0").is_dir());
    assert!(!installed_dir(&env, "gtdx.upd-b", "1.0.1").exists());
    assert!(!installed_dir(&env, "gtdx.upd-a", "2.0.0").exists());
    env.gtdx(["update", "--registry", &uri]).code(2);
}

#[test]
fn outdated_refuses_a_pin_that_is_not_a_requirement_and_an_oci_registry() {
    let env = Env::new();
    let key = env.keygen("pub");
    let p = signed(&env, &key, "gtdx.upd-pin", "1.0.0");
    env.gtdx(["publish", s(&p)]).code(0);
    env.gtdx(["install", "gtdx.upd-pin", "--yes"]).code(0);
    env.gtdx(["outdated", "--registry", "oci://127.0.0.1:1/team"])
        .code(2)
        .stderr_has("cannot list an extension's versions by id");
    std::fs::write(
        env.greentic_home().join("config.toml"),
        "[extensions]\n\"gtdx.upd-pin\" = \"one point two\"\n",
    )
    .unwrap();
    env.gtdx(["outdated"])
        .code(2)
        .stderr_has("config.toml: [extensions] \"gtdx.upd-pin\" = \"one point two\" is not a version requirement");
}
