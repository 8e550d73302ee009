//! Hardening, round two (issue #30): install and the directory registry, items 3, 5, 6, 7 and 8.
//! Real packs signed with real keys, the real `gtdx` binary, concurrent installs as separate
//! processes, and a real OCI registry (Debian's `docker-registry`) on loopback.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use crate::registry::OciRegistry;
use crate::support::{Env, KeyPair, Run, fixture, read_json, require_tool};

// ---------------------------------------------------------------------------------------------
// packs

fn describe(id: &str, version: &str) -> Value {
    let mut d = read_json(&fixture("sign/describe.json"));
    d["metadata"]["id"] = json!(id);
    d["metadata"]["version"] = json!(version);
    d["runtime"]["permissions"] = json!({"network": ["https://api.example.com/v1/*"]});
    d
}

fn files() -> Vec<gtdx_pack::PackFile> {
    vec![
        gtdx_pack::PackFile::bytes(
            "components/demo.wasm",
            b"\0asm\x0d\0\x01\0component bytes".to_vec(),
        ),
        gtdx_pack::PackFile::bytes("prompts/echo.md", b"# Echo\nRepeat the text.\n".to_vec()),
    ]
}

/// A pack of `id@version` signed with `key`.
fn signed(env: &Env, key: &KeyPair, id: &str, version: &str) -> PathBuf {
    let p = env.pack(
        // `@`, not `-`: `{id}-{version}` is the very name two packs of item 7 share.
        &format!("packs/{id}@{version}.gtxpack"),
        &describe(id, version),
        files(),
    );
    env.sign(&p, key);
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The directories in the design kind directory.
fn installed(env: &Env) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(env.greentic_home().join("extensions/design"))
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The keys of `extensions-state.json`'s default scope (none without a state file).
fn enabled(env: &Env) -> Vec<String> {
    let path = env.greentic_home().join("extensions-state.json");
    if !path.exists() {
        return Vec::new();
    }
    read_json(&path)["default"]["enabled"]
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

/// The pinned publisher keys, by id.
fn pins(env: &Env) -> Value {
    let path = env.greentic_home().join("trust/publishers.json");
    if !path.exists() {
        return json!({});
    }
    read_json(&path)["publishers"].clone()
}

/// Nothing of an install is left: no kind directory entry, no state entry, no pin, nothing in
/// staging but dead processes' files the next install sweeps (there are none here).
fn assert_nothing_installed(env: &Env) {
    assert_eq!(installed(env), Vec::<String>::new());
    assert_eq!(enabled(env), Vec::<String>::new());
    assert_eq!(pins(env), json!({}));
    env.assert_nothing_left_in_staging();
}

// ---------------------------------------------------------------------------------------------
// 3. A refused install leaves nothing.

/// Two installs of one id, signed by different keys, run at once (three rounds): one wins,
/// the other is refused, and only the winner is installed, enabled and pinned.
#[test]
fn a_refused_install_leaves_nothing_two_keys_race_for_one_id() {
    for round in 0..3 {
        let env = Env::new();
        let a = env.keygen("a");
        let b = env.keygen("b");
        let pa = signed(&env, &a, "com.acme.race", "1.0.0");
        let pb = signed(&env, &b, "com.acme.race", "2.0.0");
        let runs: Vec<Run> = std::thread::scope(|sc| {
            let both = [&pa, &pb].map(|p| {
                let env = &env;
                sc.spawn(move || env.gtdx(["install", s(p), "--yes"]))
            });
            both.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let won: Vec<usize> = (0..2).filter(|&i| runs[i].exit_code() == 0).collect();
        assert_eq!(won.len(), 1, "round {round}: exactly one install wins");
        let (winner, loser) = (won[0], 1 - won[0]);
        let lost = &runs[loser];
        lost.code(2);
        assert!(
            lost.stderr()
                .contains("a concurrent install pinned another key")
                || lost.stderr().contains("the publisher's key changed"),
            "round {round}: {}",
            lost.stderr()
        );
        let (version, key) = [("1.0.0", &a), ("2.0.0", &b)][winner];
        assert_eq!(installed(&env), [format!("com.acme.race-{version}")]);
        assert_eq!(enabled(&env), [format!("com.acme.race@{version}")]);
        assert_eq!(pins(&env), json!({"com.acme.race": key.public_b64}));
        env.gtdx(["list"])
            .code(0)
            .stdout_has(version)
            .stdout_lacks(["2.0.0", "1.0.0"][winner]);
    }
}

// ---------------------------------------------------------------------------------------------
// 5. What was asked for is what is installed.

/// A directory registry whose `0.9.0` folder holds a 0.1.0 pack, and whose `com.acme.wanted`
/// folder holds another id's pack (the recorded SHA-256 matches: only the labels lie).
#[test]
fn what_was_asked_for_is_what_is_installed_directory_registry() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.fixture-minimal", "0.1.0");
    let root = env.path("reg");
    let reg = format!("file://{}", root.display());
    env.gtdx(["publish", s(&pack), "--registry", &reg]).code(0);
    let id_dir = root.join("gtdx.fixture-minimal");
    std::fs::rename(id_dir.join("0.1.0"), id_dir.join("0.9.0")).unwrap();
    crate::support::copy_dir(&id_dir, &root.join("com.acme.wanted"));

    for (asked, shown) in [
        ("gtdx.fixture-minimal@0.9.0", "gtdx.fixture-minimal@0.9.0"),
        // the newest version the registry has, resolved to 0.9.0
        ("gtdx.fixture-minimal", "gtdx.fixture-minimal@0.9.0"),
        ("com.acme.wanted@0.9.0", "com.acme.wanted@0.9.0"),
    ] {
        env.gtdx(["install", asked, "--registry", &reg, "--yes"])
            .code(2)
            .stderr_has("the pack holds gtdx.fixture-minimal@0.1.0")
            .stderr_has(&format!("not the {shown} that was asked for"))
            .stderr_has("nothing was installed");
        assert_nothing_installed(&env);
    }
}

/// `install com.acme.wanted@2.0.0 --registry oci://…` where the registry's `com.acme.wanted`
/// repository serves another extension's pack under the tag `2.0.0` (re-tagged with the
/// registry's own API), and the same by the tag reference.
#[test]
fn what_was_asked_for_is_what_is_installed_oci() {
    let env = Env::new();
    let Some(reg) = OciRegistry::start(&env, "asked", None) else {
        return;
    };
    let Some(curl) = require_tool("curl") else {
        return;
    };
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "gtdx.fixture-minimal", "0.1.0");
    // Published into the repository `team/com.acme.wanted` (tag 0.1.0), then tagged 2.0.0.
    env.gtdx([
        "publish",
        s(&pack),
        "--registry",
        &format!("oci://{}/team/com.acme.wanted", reg.host),
    ])
    .code(0);
    let manifests = format!("http://{}/v2/team/com.acme.wanted/manifests", reg.host);
    let media = "application/vnd.oci.image.manifest.v1+json";
    let manifest = env.path("manifest.json");
    env.tool(&curl, ["-sSf", "-H", &format!("Accept: {media}"), "-o"])
        .arg(&manifest)
        .arg(format!("{manifests}/0.1.0"))
        .run()
        .code(0);
    env.tool(
        &curl,
        ["-sSf", "-X", "PUT", "-H", &format!("Content-Type: {media}")],
    )
    .arg("--data-binary")
    .arg(format!("@{}", manifest.display()))
    .arg(format!("{manifests}/2.0.0"))
    .run()
    .code(0);

    let ns = format!("oci://{}/team", reg.host);
    env.gtdx([
        "install",
        "com.acme.wanted@2.0.0",
        "--registry",
        &ns,
        "--yes",
    ])
    .code(2)
    .stderr_has("the pack holds gtdx.fixture-minimal@0.1.0")
    .stderr_has("not the com.acme.wanted@2.0.0 that was asked for");
    assert_nothing_installed(&env);
    // the newest tag is 2.0.0: asked for by id alone, the same
    env.gtdx(["install", "com.acme.wanted", "--registry", &ns, "--yes"])
        .code(2)
        .stderr_has("not the com.acme.wanted@2.0.0 that was asked for");
    // a tag that is a version names the version
    let tagged = format!("oci://{}/team/com.acme.wanted:2.0.0", reg.host);
    env.gtdx(["install", &tagged, "--yes"])
        .code(2)
        .stderr_has("not the version 2.0.0 that was asked for");
    assert_nothing_installed(&env);
    // asked for as what it is (by its digest, or by the tag that is its version), it installs
    env.gtdx([
        "install",
        &format!("oci://{}/team/com.acme.wanted:0.1.0", reg.host),
        "--yes",
    ])
    .code(0)
    .stderr_has("gtdx.fixture-minimal@0.1.0");
}

// ---------------------------------------------------------------------------------------------
// 6. Install size is capped.

/// A pack whose one entry is `size` zero bytes, deflated (the writer streams it from a sparse
/// file: nothing that size is ever held or written whole).
fn zeros_pack(env: &Env, name: &str, size: u64) -> PathBuf {
    let sparse = env.path(&format!("{name}.zeros"));
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(size)
        .unwrap();
    let out = env.path(&format!("packs/{name}.gtxpack"));
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let mut d = describe(&format!("com.acme.{name}"), "1.0.0");
    gtdx_pack::PackWriter::new()
        .compression(gtdx_pack::Compression::Deflated)
        .add_pack_file(files().remove(0))
        .add_file("assets/zeros.bin", &sparse)
        .write(&out, &mut d)
        .expect("gtdx-pack writes the pack");
    std::fs::remove_file(&sparse).unwrap();
    out
}

/// 64 MiB of zeros in a pack of about 64 KiB: past the ratio (under the total), refused
/// before a byte is unpacked, and signed, so nothing but the size refuses it.
#[test]
fn install_size_is_capped_by_the_compression_ratio() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = zeros_pack(&env, "ratio", 64 << 20);
    env.sign(&pack, &key);
    assert!(std::fs::metadata(&pack).unwrap().len() < 1 << 20);
    env.gtdx(["install", s(&pack), "--yes"])
        .code(2)
        .stderr_has("INSTALL_RATIO")
        .stderr_has("100 to 1")
        .stderr_has("nothing was written");
    assert_nothing_installed(&env);
}

/// A pack honestly listing more than the total cap (1 GiB and 1 MiB of zeros; 3 GiB in the
/// report that found it): refused by its declared sizes before it is read. Unsigned: the size
/// is checked before the signature, and signing would inflate it all.
#[test]
fn install_size_is_capped_in_total() {
    let env = Env::new();
    let pack = zeros_pack(&env, "total", (1 << 30) + (1 << 20));
    env.gtdx(["install", s(&pack), "--yes"])
        .code(2)
        .stderr_has("INSTALL_UNPACKED")
        .stderr_has("1024 MiB")
        .stderr_has("nothing was written");
    assert_nothing_installed(&env);
}

// ---------------------------------------------------------------------------------------------
// 7. Install slots are unambiguous.

/// `com.acme.x-1.0.0-rc@1.0.0` and `com.acme.x@1.0.0-rc-1.0.0` share the platform's directory
/// name: the second is refused, with `--force` too, and the first keeps its files and state.
#[test]
fn install_slots_are_unambiguous_colliding_names_are_refused() {
    let env = Env::new();
    let key = env.keygen("pub");
    let first = signed(&env, &key, "com.acme.x-1.0.0-rc", "1.0.0");
    let second = signed(&env, &key, "com.acme.x", "1.0.0-rc-1.0.0");
    env.gtdx(["install", s(&first), "--yes"]).code(0);
    for force in [&[][..], &["--force"][..]] {
        env.gtdx([&["install", s(&second), "--yes"][..], force].concat())
            .code(2)
            .stderr_has("com.acme.x@1.0.0-rc-1.0.0 cannot be installed")
            .stderr_has("already holds com.acme.x-1.0.0-rc@1.0.0")
            .stderr_has("gtdx uninstall com.acme.x-1.0.0-rc@1.0.0");
    }
    assert_eq!(installed(&env), ["com.acme.x-1.0.0-rc-1.0.0"]);
    let d = read_json(
        &env.greentic_home()
            .join("extensions/design/com.acme.x-1.0.0-rc-1.0.0/describe.json"),
    );
    assert_eq!(d["metadata"]["id"], "com.acme.x-1.0.0-rc");
    assert_eq!(enabled(&env), ["com.acme.x-1.0.0-rc@1.0.0"]);
    // refused before its key was pinned
    assert!(pins(&env).get("com.acme.x").is_none(), "{}", pins(&env));
    // once the first is uninstalled, the second installs
    env.gtdx(["uninstall", "com.acme.x-1.0.0-rc@1.0.0"]).code(0);
    env.gtdx(["install", s(&second), "--yes"])
        .code(0)
        .stderr_has("Installed");
}

/// Eight installs of one pack at once install it once (the others find it installed); eight
/// forced reinstalls at once all succeed; and a reader polling the slot throughout never finds
/// it missing.
#[test]
fn install_slots_are_unambiguous_eight_parallel_installs_never_leave_a_gap() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed(&env, &key, "com.acme.par", "1.0.0");
    let eight = |args: &[&str]| -> Vec<Run> {
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    let env = &env;
                    sc.spawn(move || env.gtdx(args))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    };
    let runs = eight(&["install", s(&pack), "--yes"]);
    for r in &runs {
        r.code(0).stderr_lacks("Reinstalled");
    }
    let fresh = runs
        .iter()
        .filter(|r| r.stderr().contains("Installed com.acme.par@1.0.0"))
        .count();
    let unchanged = runs
        .iter()
        .filter(|r| r.stderr().contains("already installed"))
        .count();
    assert_eq!((fresh, unchanged), (1, 7));

    let slot = env
        .greentic_home()
        .join("extensions/design/com.acme.par-1.0.0/describe.json");
    let done = AtomicBool::new(false);
    let (missing, looks) = std::thread::scope(|sc| {
        let reader = sc.spawn(|| {
            let (mut missing, mut looks) = (0u64, 0u64);
            while !done.load(Ordering::Relaxed) {
                looks += 1;
                if !slot.is_file() {
                    missing += 1;
                }
            }
            (missing, looks)
        });
        for r in eight(&["install", s(&pack), "--yes", "--force"]) {
            r.code(0).stderr_has("Reinstalled");
        }
        done.store(true, Ordering::Relaxed);
        reader.join().unwrap()
    });
    assert!(looks > 0);
    assert_eq!(
        missing, 0,
        "the slot was missing {missing} times of {looks}"
    );
    assert_eq!(installed(&env), ["com.acme.par-1.0.0"]);
    assert_eq!(enabled(&env), ["com.acme.par@1.0.0"]);
    env.assert_nothing_left_in_staging();
}

// ---------------------------------------------------------------------------------------------
// 8. Registry names cannot collide with registry files.

/// The valid id `index.json` published first into a new directory registry: refused (a dry run
/// too), nothing written, and the registry works after. (The rule ignores case, for
/// case-insensitive file systems; ids are lower case, so the crate's unit test shows that.)
#[test]
fn registry_names_cannot_collide_with_registry_files() {
    let env = Env::new();
    let key = env.keygen("pub");
    let root = env.path("reg");
    let reg = format!("file://{}", root.display());
    let id = "index.json";
    let pack = signed(&env, &key, id, "1.0.0");
    for dry in [&["--dry-run"][..], &[][..]] {
        env.gtdx([&["publish", s(&pack), "--registry", &reg][..], dry].concat())
            .code(2)
            .stderr_has(&format!("the id `{id}` cannot be published"))
            .stderr_has("is the registry's own index file")
            .stderr_has("nothing was written");
    }
    let left: Vec<_> = std::fs::read_dir(&root)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "the registry holds {left:?}");
    let ok = signed(&env, &key, "com.acme.ok", "1.0.0");
    env.gtdx(["publish", s(&ok), "--registry", &reg]).code(0);
    env.gtdx(["search", "com.acme", "--registry", &reg])
        .code(0)
        .stdout_has("com.acme.ok@1.0.0");
    let index = read_json(&root.join("index.json"));
    assert_eq!(index["extensions"].as_array().unwrap().len(), 1, "{index}");
}
