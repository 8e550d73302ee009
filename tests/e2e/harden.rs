//! Hardening (issue 13): each break found by trying gtdx as an attacker and as a careless user
//! would, as a regression test on the real binary. The hostile inputs that fit in a file live
//! in `tests/fixtures/harden/` (and seed the fuzz targets from there).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::support::{Env, fixture, read_json};

fn harden(name: &str) -> PathBuf {
    fixture("harden").join(name)
}

/// A guard, not a timing assertion: a command that blocks on a FIFO would otherwise hang the
/// suite. Every command here answers at once.
const HANG_GUARD: Duration = Duration::from_secs(120);

fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// The signing fixture's describe.json, packed with a made-up component.
fn small_pack(env: &Env, rel: &str) -> PathBuf {
    env.pack(
        rel,
        &read_json(&fixture("sign/describe.json")),
        vec![gtdx_pack::PackFile::bytes(
            "components/demo.wasm",
            b"\0asm\x0d\0\x01\0component bytes".to_vec(),
        )],
    )
}

fn hidden_temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".gtdx-"))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// 1. one bounded reader

/// A ZIP64 field declaring 2^47 (or 2^64 - 1) bytes once made `inspect` abort (exit 134) or
/// panic; now the lie is reported like any integrity failure.
#[test]
fn inspect_reports_a_declared_size_instead_of_allocating_it() {
    let env = Env::new();
    for name in ["zip64-declares-2p47.gtxpack", "zip64-declares-2p64.gtxpack"] {
        env.gtdx_cmd(["inspect"])
            .arg(harden(name))
            .run()
            .code(1)
            .stdout_has("the entry yields 4 bytes but the central directory declares")
            .stderr_lacks("panicked");
        env.gtdx_cmd(["verify", "--integrity-only"])
            .arg(harden(name))
            .run()
            .code(1);
    }
}

/// A FIFO as input once hung nearly every command; each now refuses it at once, naming it.
#[test]
fn a_fifo_is_refused_at_once_by_every_reading_command() {
    let env = Env::new();
    let fifo = env.path("input.fifo");
    mkfifo(&fifo);
    let key = env.keygen("k");
    let pack = small_pack(&env, "p.gtxpack");
    let f = fifo.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["validate", f],
        vec!["lint", f],
        vec!["inspect", f],
        vec!["verify", f],
        vec!["sign", f, "--key", key.secret.to_str().unwrap()],
        vec!["sign", pack.to_str().unwrap(), "--key", f],
        vec!["verify", pack.to_str().unwrap(), "--trusted-keys", f],
        vec!["worker", "build", "w.fifo.toml"],
        vec!["worker", "inspect", f],
        vec!["key", "export", "--key", f],
        vec!["pack", "--wasm", f, "--describe", f],
    ];
    std::os::unix::fs::symlink(&fifo, env.path("w.fifo.toml")).unwrap();
    for args in cases {
        let run = env.gtdx_cmd(&args).timeout(HANG_GUARD).run();
        run.code(2).stderr_has("FIFO");
        let named = run.stderr().contains("input.fifo") || run.stderr().contains("w.fifo.toml");
        run.check(named, "the message names the FIFO");
    }
}

/// `/dev/zero` once ran until memory ran out in verify, sign, worker inspect and pack --wasm.
#[test]
fn a_device_is_refused_at_once() {
    let env = Env::new();
    let key = env.keygen("k");
    let describe = env.write("describe.json", "{}");
    let cases: Vec<Vec<&str>> = vec![
        vec!["verify", "/dev/zero"],
        vec!["sign", "/dev/zero", "--key", key.secret.to_str().unwrap()],
        vec!["worker", "inspect", "/dev/zero"],
        vec![
            "pack",
            "--wasm",
            "/dev/zero",
            "--describe",
            describe.to_str().unwrap(),
        ],
        vec!["key", "export", "--key", "/dev/zero"],
    ];
    for args in cases {
        env.gtdx_cmd(&args)
            .timeout(HANG_GUARD)
            .run()
            .code(2)
            .stderr_has("/dev/zero")
            .stderr_has("it is a device");
    }
}

/// A file larger than its kind's cap is refused with the cap named.
#[test]
fn an_oversized_key_file_is_refused_with_its_limit() {
    let env = Env::new();
    let pack = small_pack(&env, "p.gtxpack");
    let big = env.write("big.pub", vec![b'#'; 100_000]);
    env.gtdx_cmd(["verify"])
        .arg(&pack)
        .arg("--trusted-keys")
        .arg(&big)
        .run()
        .code(2)
        .stderr_has("big.pub")
        .stderr_has("more than the 64 KiB gtdx reads of a key file");
}

// ---------------------------------------------------------------------------------------------
// 2. depth limits

fn crate_with_lib(env: &Env, name: &str, lib: &Path) -> PathBuf {
    let dir = env.path(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::copy(lib, dir.join("src/lib.rs")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\ndescription = \"x\"\nlicense = \"MIT\"\nauthors = [\"A\"]\n\n[package.metadata.gtdx]\nid = \"greentic.deep\"\n\n[workspace]\n"
        ),
    )
    .unwrap();
    dir
}

/// 2,500 nested parentheses or a 3,000-deep generic type once overflowed the stack of
/// `describe`, `describe --check` and `lint --manifest-path`, without naming the file.
#[test]
fn deeply_nested_sources_are_refused_naming_the_file_and_the_limit() {
    let env = Env::new();
    for (name, fixture) in [
        ("deep-parens", "deep-parens.rs"),
        ("deep-generic", "deep-generic.rs"),
    ] {
        let dir = crate_with_lib(&env, name, &harden(fixture));
        for args in [vec!["describe"], vec!["describe", "--check"]] {
            env.gtdx_in(&dir, &args)
                .code(2)
                .stderr_has("src/lib.rs:")
                .stderr_has("nests deeper than 256 levels")
                .stderr_lacks("overflow");
        }
        env.gtdx_cmd(["lint", "--manifest-path"])
            .arg(dir.join("Cargo.toml"))
            .run()
            .stderr_lacks("overflow")
            .stderr_has("nests deeper than 256 levels");
    }
}

/// A 100,000-deep YAML spec took 16 s (the parser is quadratic in the nesting); it is now
/// refused before parsing. Deep TOML is refused the same way.
#[test]
fn deeply_nested_worker_specs_are_refused_before_parsing() {
    let env = Env::new();
    let deep = format!("name: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let yaml = env.write("deep.yaml", deep);
    env.gtdx_cmd(["worker", "build"])
        .arg(&yaml)
        .timeout(HANG_GUARD)
        .run()
        .code(2)
        .stderr_has("deep.yaml:1:1")
        .stderr_has("nests deeper than 64 levels");
    let toml = env.path("deep-dotted-keys.toml");
    std::fs::copy(harden("deep-dotted-keys.toml"), &toml).unwrap();
    env.gtdx_cmd(["worker", "build"])
        .arg(&toml)
        .run()
        .code(2)
        .stderr_has("nests deeper than 64 levels");
}

// ---------------------------------------------------------------------------------------------
// 3. recoverable writes

/// SIGTERM (and Ctrl-C, SIGHUP) in the middle of `sign` once left a hidden temporary file as
/// large as the pack. The handler removes it and exits 128 + the signal; the pack is untouched.
#[test]
fn an_interrupted_sign_leaves_no_temporary_file() {
    let env = Env::new();
    let key = env.keygen("k");
    // Large enough that the rewrite is still running when the test sees its temporary file.
    let noise: Vec<u8> = (0..(96u32 << 20))
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let pack = env.pack(
        "big/p.gtxpack",
        &read_json(&fixture("sign/describe.json")),
        vec![
            gtdx_pack::PackFile::bytes("components/demo.wasm", b"\0asm".to_vec()),
            gtdx_pack::PackFile::bytes("assets/noise.bin", noise),
        ],
    );
    let dir = pack.parent().unwrap().to_path_buf();
    let mut interrupted = 0;
    for signal in ["TERM", "INT", "HUP"] {
        let before = std::fs::read(&pack).unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gtdx"))
            .arg("sign")
            .arg(&pack)
            .arg("--key")
            .arg(&key.secret)
            .current_dir(env.root())
            .env("HOME", env.home())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Wait (without a time limit) until the rewrite has begun, or the command is done.
        let seen = loop {
            if !hidden_temp_files(&dir).is_empty() {
                break true;
            }
            if child.try_wait().unwrap().is_some() {
                break false;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        assert!(
            seen,
            "SIG{signal}: the sign finished before the test could interrupt it"
        );
        std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            hidden_temp_files(&dir).is_empty(),
            "SIG{signal}: {:?} left behind; stderr: {stderr}",
            hidden_temp_files(&dir)
        );
        if !out.status.success() {
            interrupted += 1;
            // Interrupted mid-write: the pack is as it was.
            assert!(stderr.contains("interrupted"), "SIG{signal}: {stderr}");
            assert_eq!(std::fs::read(&pack).unwrap(), before, "SIG{signal}");
        }
    }
    assert!(
        interrupted > 0,
        "no signal arrived while a write was in progress"
    );
}

/// A `kill -9` cannot be caught: the next write into the directory sweeps what it left.
#[test]
fn the_next_write_sweeps_a_dead_writers_temporary_files() {
    let env = Env::new();
    let key = env.keygen("k");
    let pack = small_pack(&env, "out/p.gtxpack");
    let stale = env.write("out/.gtdx-tmp-left-by-kill-9", vec![0u8; 1024]);
    let young = env.write("out/.gtdx-tmp-another-run", b"x");
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(old)
        .unwrap();
    env.sign(&pack, &key);
    assert!(!stale.exists(), "the dead writer's file is swept");
    assert!(
        young.exists(),
        "a file that may belong to a run in progress is kept"
    );
}

/// `keygen` killed between its two files once left `NAME.key` alone, and the re-run refused
/// without saying why; it now says how to recover the public key.
#[test]
fn keygen_on_a_lone_secret_key_says_how_to_recover_the_public_key() {
    let env = Env::new();
    let pair = env.keygen("k");
    std::fs::remove_file(&pair.public).unwrap();
    env.gtdx_cmd(["keygen", "--name", "k", "--out-dir"])
        .arg(env.path("keys"))
        .run()
        .code(2)
        .stderr_has("exists without its public key")
        .stderr_has("gtdx key export --key");
    let recovered = env
        .gtdx_cmd(["key", "export", "--key"])
        .arg(&pair.secret)
        .run()
        .success()
        .stdout()
        .to_string();
    assert!(recovered.contains(&pair.public_b64));
    // An empty NAME.key (killed before the write) holds no key: the message says so.
    env.write("keys/e.key", b"");
    env.gtdx_cmd(["keygen", "--name", "e", "--out-dir"])
        .arg(env.path("keys"))
        .run()
        .code(2)
        .stderr_has("holds no complete key");
    assert_eq!(hidden_temp_files(&env.path("keys")), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// 4. secrets never echoed

#[test]
fn a_secret_key_given_in_the_wrong_place_is_never_echoed() {
    let env = Env::new();
    let pair = env.keygen("k");
    let text = std::fs::read_to_string(&pair.secret).unwrap();
    let secret = text
        .lines()
        .find_map(|l| l.strip_prefix("secret-key: "))
        .unwrap()
        .to_string();
    let pack = small_pack(&env, "p.gtxpack");
    let p = pack.to_str().unwrap();
    for args in [
        vec!["sign", p, "--key", secret.as_str()],
        vec!["sign", p, "--key-env", secret.as_str()],
        vec!["key", "export", "--key", secret.as_str()],
        vec!["verify", p, "--trusted-keys", secret.as_str()],
        vec!["verify", p, "--format", secret.as_str()],
        vec![
            "sign",
            secret.as_str(),
            "--key",
            pair.secret.to_str().unwrap(),
        ],
    ] {
        env.gtdx_cmd(&args)
            .run()
            .code(2)
            .output_lacks(&secret)
            .stderr_has("[redacted: key material]");
    }
}

// ---------------------------------------------------------------------------------------------
// 5. no write escapes its root

#[test]
fn init_and_new_force_refuse_a_symlink_leading_out_of_the_target() {
    let env = Env::new();
    let elsewhere = env.mkdir("elsewhere/src");
    for (dir, args) in [
        ("proj-init", vec!["init", "--vcs", "none", "--name", "proj"]),
        (
            "proj-new",
            vec!["new", "proj-new", "--vcs", "none", "--force"],
        ),
    ] {
        let target = env.mkdir(dir);
        std::os::unix::fs::symlink("../elsewhere/src", target.join("src")).unwrap();
        let run = if args[0] == "init" {
            env.gtdx_in(&target, &args)
        } else {
            env.gtdx(&args)
        };
        run.code(2)
            .stderr_has("is a symbolic link to")
            .stderr_has("outside");
        assert_eq!(
            std::fs::read_dir(&elsewhere).unwrap().count(),
            0,
            "{dir}: nothing was written through the link"
        );
        assert!(
            !target.join("Cargo.toml").exists(),
            "{dir}: nothing written"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 6. signed JSON parsed strictly everywhere

fn signed_worker(env: &Env) -> (PathBuf, crate::support::KeyPair) {
    let key = env.keygen("release");
    let mut describe = read_json(&fixture("worker/alpha/describe.json"));
    let component = b"\0asm alpha".to_vec();
    let sha = gtdx_pack::sha256_hex(&component);
    let c = &mut describe["runtime"]["components"]["tools"];
    c["sha256"] = Value::String(sha.clone());
    c["gtpack"]["sha256"] = Value::String(sha);
    let pack = env.pack(
        "packs/alpha.gtxpack",
        &describe,
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    );
    env.sign(&pack, &key);
    let spec = env.write(
        "worker.toml",
        "extensions = [\"packs/alpha.gtxpack\"]\nname = \"support-agent\"\ntenant = \"acme\"\nkind = \"agent_graph\"\n\n[llm]\nprovider = \"openai\"\nmodel = \"gpt-4o\"\n",
    );
    env.gtdx_cmd(["worker", "build"])
        .arg(&spec)
        .arg("--trusted-keys")
        .arg(&key.public)
        .arg("--sign")
        .arg("--key")
        .arg(&key.secret)
        .run()
        .success();
    (env.path("worker.worker.json"), key)
}

/// A signed worker manifest with a duplicate key once verified: a first-wins reader saw the
/// injected value, gtdx the signed one.
#[test]
fn a_signed_worker_manifest_with_a_duplicate_key_is_refused() {
    let env = Env::new();
    let (manifest, key) = signed_worker(&env);
    env.gtdx_cmd(["worker", "inspect"])
        .arg(&manifest)
        .arg("--trusted-keys")
        .arg(&key.public)
        .run()
        .success();
    let text = std::fs::read_to_string(&manifest).unwrap();
    let injected = text.replacen('{', "{\n  \"name\": \"injected\",", 1);
    std::fs::write(&manifest, injected).unwrap();
    for args in [vec!["worker", "inspect"], vec!["verify"]] {
        let run = env
            .gtdx_cmd(&args)
            .arg(&manifest)
            .arg("--trusted-keys")
            .arg(&key.public)
            .run();
        run.failure().output_lacks("valid, trusted");
        let said = run.stderr().contains("duplicate key `name`")
            || run.stdout().contains("duplicate key `name`");
        run.check(said, "the duplicate key is named");
    }
}

/// `sign` once rewrote an integer beyond 2^64 as a float without a word.
#[test]
fn sign_refuses_an_integer_canonicalisation_would_change() {
    let env = Env::new();
    let key = env.keygen("k");
    let mut doc = read_json(&fixture("sign/describe.json"));
    doc["metadata"]["x-count"] = Value::from(1);
    let text = serde_json::to_string_pretty(&doc)
        .unwrap()
        .replace("\"x-count\": 1", "\"x-count\": 18446744073709551616");
    let path = env.write("describe.json", &text);
    env.gtdx_cmd(["sign"])
        .arg(&path)
        .arg("--key")
        .arg(&key.secret)
        .run()
        .code(2)
        .stderr_has("describe.json:")
        .stderr_has("18446744073709551616");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "not rewritten"
    );
}

// ---------------------------------------------------------------------------------------------
// 7. pack entries

#[test]
fn verify_refuses_shadowing_directories_and_unusual_modes() {
    let env = Env::new();
    let pack = small_pack(&env, "p.gtxpack");
    // A directory entry named like the component, added to an otherwise intact pack.
    let shadowed = env.path("shadowed.gtxpack");
    {
        let mut src = zip::ZipArchive::new(std::fs::File::open(&pack).unwrap()).unwrap();
        let mut out = zip::ZipWriter::new(std::fs::File::create(&shadowed).unwrap());
        for i in 0..src.len() {
            out.raw_copy_file(src.by_index_raw(i).unwrap()).unwrap();
        }
        out.add_directory(
            "components/demo.wasm/",
            zip::write::SimpleFileOptions::default(),
        )
        .unwrap();
        out.finish().unwrap();
    }
    let run = env
        .gtdx_cmd(["verify", "--integrity-only"])
        .arg(&shadowed)
        .run();
    run.code(1)
        .stdout_has("components/demo.wasm")
        .stdout_has("shadow");

    // The component's mode patched to setuid + executable in the central directory.
    let mut bytes = std::fs::read(&pack).unwrap();
    let name = b"components/demo.wasm";
    let cd = bytes
        .windows(4)
        .enumerate()
        .filter(|(_, w)| *w == [0x50, 0x4b, 0x01, 0x02])
        .map(|(i, _)| i)
        .find(|&i| bytes[i + 46..].starts_with(name))
        .unwrap();
    bytes[cd + 38..cd + 42].copy_from_slice(&(0o104755u32 << 16).to_le_bytes());
    let moded = env.write("moded.gtxpack", bytes);
    env.gtdx_cmd(["verify", "--integrity-only"])
        .arg(&moded)
        .run()
        .code(1)
        .stdout_has("setuid, executable");
}

// ---------------------------------------------------------------------------------------------
// 8. an output that is an input

#[test]
fn worker_build_refuses_to_write_over_its_inputs() {
    let env = Env::new();
    let (_, key) = signed_worker(&env);
    let spec = env.path("worker.toml");
    let before = std::fs::read(&spec).unwrap();
    for out in [
        spec.clone(),
        env.path("packs/alpha.gtxpack"),
        key.public.clone(),
        key.secret.clone(),
    ] {
        env.gtdx_cmd(["worker", "build"])
            .arg(&spec)
            .arg("--trusted-keys")
            .arg(&key.public)
            .arg("--sign")
            .arg("--key")
            .arg(&key.secret)
            .arg("--out")
            .arg(&out)
            .run()
            .code(2)
            .stderr_has("it is also an input of this command");
    }
    assert_eq!(std::fs::read(&spec).unwrap(), before);
}

// ---------------------------------------------------------------------------------------------
// 9. messages that named the wrong thing

#[test]
fn messages_name_what_the_file_really_is() {
    let env = Env::new();
    let pair = env.keygen("k");
    let pack = small_pack(&env, "p.gtxpack");
    // A public key where the secret key belongs.
    env.gtdx_cmd(["sign"])
        .arg(&pack)
        .arg("--key")
        .arg(&pair.public)
        .run()
        .code(2)
        .stderr_has("this is a public key file");
    // A directory given as a trusted keys file: not "the secret key".
    let dir = env.mkdir("a-dir");
    env.gtdx_cmd(["verify"])
        .arg(&pack)
        .arg("--trusted-keys")
        .arg(&dir)
        .run()
        .code(2)
        .stderr_has("cannot read the public key file")
        .stderr_has("it is a directory")
        .stderr_lacks("secret key");
    // A directory as --manifest-path: not "no such file".
    env.gtdx_cmd(["describe", "--manifest-path"])
        .arg(&dir)
        .run()
        .code(2)
        .stderr_has("is a directory")
        .stderr_lacks("no such file");
}
