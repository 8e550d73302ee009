//! The Greentic Store as a registry: the loopback Store (support/store.rs) checked with the
//! platform's own `gtdx` first, then round trips between the platform's tool and ours, yanks,
//! and a Store that answers badly.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::support::store::{Bad, Store};
use crate::support::{Env, KeyPair, PLATFORM_GTDX, Tool, fixture, in_ci, read_json, require_tool};

const TOKEN: &str = "store-test-token";
const TOKEN_ENV: &str = "GTDX_TEST_STORE_TOKEN";

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A describe.json for `id@version` from the signing fixture.
fn describe(id: &str, version: &str) -> Value {
    let mut d = read_json(&fixture("sign/describe.json"));
    d["metadata"]["id"] = json!(id);
    d["metadata"]["version"] = json!(version);
    d
}

fn component() -> Vec<u8> {
    b"\0asm\x0d\0\x01\0component bytes".to_vec()
}

/// A pack of `id@version` made and signed by ours.
pub(crate) fn signed_pack(env: &Env, key: &KeyPair, id: &str, version: &str) -> PathBuf {
    let files = vec![
        gtdx_pack::PackFile::bytes("components/demo.wasm", component()),
        gtdx_pack::PackFile::bytes("prompts/echo.md", b"# Echo\n".to_vec()),
        gtdx_pack::PackFile::bytes("schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        gtdx_pack::PackFile::bytes(
            "assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ];
    let p = env.pack(
        &format!("packs/{id}-{version}.gtxpack"),
        &describe(id, version),
        files,
    );
    env.sign(&p, key);
    p
}

/// A project directory the platform's `publish --wasm` packs (no cargo build).
fn platform_project(env: &Env, id: &str, version: &str) -> PathBuf {
    let dir = format!("proj-{id}-{version}");
    let mut d = describe(id, version);
    let sha = gtdx_pack::sha256_hex(&component());
    d["runtime"]["components"]["demo"]["gtpack"]["sha256"] = json!(sha);
    d["runtime"]["components"]["demo"]["sha256"] = json!(sha);
    for (rel, bytes) in [
        ("describe.json", serde_json::to_vec_pretty(&d).unwrap()),
        (
            "Cargo.toml",
            b"[package]\nname = \"x\"\nversion = \"0.1.0\"\n".to_vec(),
        ),
        ("components/demo.wasm", component()),
        ("prompts/echo.md", b"# Echo\n".to_vec()),
        ("schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        (
            "assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ] {
        env.write(&format!("{dir}/{rel}"), bytes);
    }
    env.path(&dir)
}

/// A GREENTIC_HOME under `env` (`greentic-home`: ours's own) whose config.toml names the
/// Store `teststore` (the platform's format), its token read from [`TOKEN_ENV`].
fn home_with_store(env: &Env, rel: &str, store: &Store) -> PathBuf {
    let home = match rel {
        "greentic-home" => env.greentic_home(),
        _ => env.path(rel),
    };
    std::fs::create_dir_all(&home).unwrap();
    let config = format!(
        "[default]\nregistry = \"teststore\"\ntrust-policy = \"normal\"\n\n\
         [[registries]]\nname = \"teststore\"\nurl = \"{}\"\ntoken-env = \"{TOKEN_ENV}\"\n",
        store.url()
    );
    std::fs::write(home.join("config.toml"), config).unwrap();
    home
}

/// The platform's gtdx on `home`, with the Store's token in its environment.
fn platform<const N: usize>(
    env: &Env,
    tool: &Tool,
    home: &Path,
    args: [&str; N],
) -> crate::support::Cmd {
    env.tool(tool, args)
        .env("GREENTIC_HOME", home)
        .env(TOKEN_ENV, TOKEN)
}

/// The platform's `gtdx publish` of `proj`'s prebuilt demo component, signed with `key`, to
/// `registry` (a configured name or a URL).
fn platform_publish(
    env: &Env,
    tool: &Tool,
    home: &Path,
    proj: &Path,
    key: &Path,
    registry: &str,
) -> crate::support::Run {
    let args = [
        "publish",
        "--wasm",
        "components/demo.wasm",
        "--registry",
        registry,
    ];
    platform(env, tool, home, args)
        .args(["--sign", "--key", s(key), "--trust", "normal"])
        .current_dir(proj)
        .run()
}

fn installed(home: &Path, id: &str, version: &str) -> PathBuf {
    home.join("extensions/design")
        .join(format!("{id}-{version}"))
}

/// The platform's gtdx publishes a signed project to the loopback Store, searches it, installs
/// from it into a fresh home, yanks and unyanks: every step succeeds, so the server answers as
/// the platform's client expects. A publish with a wrong token is refused (401), a second publish
/// of the same version is refused (409).
#[test]
fn the_platforms_gtdx_publishes_searches_installs_and_yanks_on_the_loopback_store() {
    let Some(tool) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let store = Store::start(TOKEN);
    let home = home_with_store(&env, "pub-home", &store);
    let proj = platform_project(&env, "gtdx.on-store", "1.0.0");
    let key = env.path("platform.pem");
    platform(&env, &tool, &home, ["keygen", "--out", s(&key)])
        .run()
        .code(0);
    let publish = [
        "publish",
        "--wasm",
        "components/demo.wasm",
        "--registry",
        "teststore",
        "--sign",
        "--key",
        s(&key),
        "--trust",
        "normal",
    ];
    // with a wrong token: refused by the Store (401)
    env.tool(&tool, publish)
        .env("GREENTIC_HOME", &home)
        .env(TOKEN_ENV, "not-the-token")
        .current_dir(&proj)
        .run()
        .failure()
        .stderr_has("401 from 'teststore'");
    assert!(store.artifact("gtdx.on-store", "1.0.0").is_none());
    platform(&env, &tool, &home, publish)
        .current_dir(&proj)
        .run()
        .code(0);
    let artifact = store
        .artifact("gtdx.on-store", "1.0.0")
        .expect("the Store holds the published artifact");
    assert!(artifact.starts_with(b"PK"), "a zip");
    // the same version again: 409, the Store keeps the first
    platform(&env, &tool, &home, publish)
        .current_dir(&proj)
        .run()
        .failure()
        .stderr_has("version already exists");
    assert_eq!(store.artifact("gtdx.on-store", "1.0.0"), Some(artifact));

    platform(&env, &tool, &home, ["search", "--registry", "teststore"])
        .run()
        .code(0)
        .stdout_has("gtdx.on-store")
        .stdout_has("1.0.0");

    let fresh = home_with_store(&env, "fresh-home", &store);
    platform(
        &env,
        &tool,
        &fresh,
        [
            "install",
            "gtdx.on-store",
            "--version",
            "1.0.0",
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .run()
    .code(0);
    assert!(
        installed(&fresh, "gtdx.on-store", "1.0.0")
            .join("describe.json")
            .is_file()
    );

    platform(
        &env,
        &tool,
        &home,
        [
            "yank",
            "gtdx.on-store",
            "1.0.0",
            "--reason",
            "test",
            "--registry",
            "teststore",
        ],
    )
    .run()
    .code(0);
    assert_eq!(
        store.yanked("gtdx.on-store", "1.0.0"),
        Some((true, Some("test".to_string())))
    );
    platform(
        &env,
        &tool,
        &home,
        [
            "unyank",
            "gtdx.on-store",
            "1.0.0",
            "--registry",
            "teststore",
        ],
    )
    .run()
    .code(0);
    assert_eq!(store.yanked("gtdx.on-store", "1.0.0"), Some((false, None)));
}

/// Ours, with the Store configured as `teststore` in its home and its token in the environment.
fn ours<const N: usize>(env: &Env, args: [&str; N]) -> crate::support::Run {
    env.gtdx_cmd(args).env(TOKEN_ENV, TOKEN).run()
}

/// Ours publishes a signed pack to the Store (as the platform's client would: the platform's
/// gtdx installs it into a fresh home), finds it with search and info, and is refused a second
/// publish of the version (409; a dry run says so too, and before the first publish uploads
/// nothing) and a publish with a wrong token (one sentence naming the
/// registry and `gtdx login`, the token never shown).
#[test]
fn what_ours_publishes_to_the_store_the_platforms_installs() {
    let Some(tool) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let store = Store::start(TOKEN);
    home_with_store(&env, "greentic-home", &store);
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.ours-to-store", "0.3.0");
    let wrong = env
        .gtdx_cmd(["publish", s(&pack), "--registry", "teststore"])
        .env(TOKEN_ENV, "wrong-token-value")
        .run();
    wrong
        .failure()
        .stderr_has("teststore")
        .stderr_has("gtdx login --registry teststore")
        .output_lacks("wrong-token-value");
    assert!(store.artifact("gtdx.ours-to-store", "0.3.0").is_none());

    // a dry run asks whether the version is free and uploads nothing
    ours(
        &env,
        ["publish", s(&pack), "--registry", "teststore", "--dry-run"],
    )
    .code(0);
    assert!(store.artifact("gtdx.ours-to-store", "0.3.0").is_none());
    ours(&env, ["publish", s(&pack), "--registry", "teststore"]).code(0);
    assert_eq!(
        store.artifact("gtdx.ours-to-store", "0.3.0"),
        Some(std::fs::read(&pack).unwrap()),
        "the Store holds the pack's bytes"
    );
    ours(&env, ["publish", s(&pack), "--registry", "teststore"])
        .failure()
        .stderr_has("already in the Greentic Store teststore");
    ours(
        &env,
        ["publish", s(&pack), "--registry", "teststore", "--dry-run"],
    )
    .failure()
    .stderr_has("already in the Greentic Store teststore");
    ours(&env, ["search", "ours", "--registry", "teststore"])
        .code(0)
        .stdout_has("gtdx.ours-to-store@0.3.0");
    ours(
        &env,
        ["info", "gtdx.ours-to-store", "--registry", "teststore"],
    )
    .code(0)
    .stdout_has("0.3.0");

    let fresh = home_with_store(&env, "fresh-home", &store);
    platform(
        &env,
        &tool,
        &fresh,
        [
            "install",
            "gtdx.ours-to-store",
            "--version",
            "0.3.0",
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .run()
    .code(0);
    assert!(
        installed(&fresh, "gtdx.ours-to-store", "0.3.0")
            .join("describe.json")
            .is_file()
    );
}

/// The platform's gtdx publishes to the Store; ours installs it from there (the newest version
/// when none is named), digest-checked.
#[test]
fn what_the_platforms_publishes_to_the_store_ours_installs() {
    let Some(tool) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let store = Store::start(TOKEN);
    let pub_home = home_with_store(&env, "pub-home", &store);
    home_with_store(&env, "greentic-home", &store);
    let proj = platform_project(&env, "gtdx.platform-to-store", "2.0.0");
    let key = env.path("platform.pem");
    platform(&env, &tool, &pub_home, ["keygen", "--out", s(&key)])
        .run()
        .code(0);
    platform_publish(&env, &tool, &pub_home, &proj, &key, "teststore").code(0);
    ours(
        &env,
        [
            "install",
            "gtdx.platform-to-store",
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .code(0)
    .stderr_has("Installed");
    assert!(
        installed(&env.greentic_home(), "gtdx.platform-to-store", "2.0.0")
            .join("extension.wasm")
            .is_file()
    );
    env.assert_nothing_left_in_staging();
}

/// Ours yanks a version: the Store records the reason, a plain install takes the newest
/// version that is not yanked, an exact pin still installs the yanked one; unyank puts it back.
/// Without a token, the yank is refused before any request with the `gtdx login` sentence.
#[test]
fn a_yanked_version_is_skipped_by_a_plain_install_and_installs_by_exact_pin() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    home_with_store(&env, "greentic-home", &store);
    let key = env.keygen("pub");
    for v in ["1.0.0", "1.1.0"] {
        let pack = signed_pack(&env, &key, "gtdx.yanked", v);
        ours(&env, ["publish", s(&pack), "--registry", "teststore"]).code(0);
    }
    env.gtdx(["yank", "gtdx.yanked", "1.1.0", "--registry", "teststore"])
        .failure()
        .stderr_has("gtdx login --registry teststore")
        .stderr_has("gtdx explain E_STORE_AUTH");
    env.gtdx(["explain", "E_STORE_AUTH"])
        .code(0)
        .stdout_has("gtdx login --registry NAME");
    assert_eq!(store.yanked("gtdx.yanked", "1.1.0"), Some((false, None)));
    ours(
        &env,
        [
            "yank",
            "gtdx.yanked",
            "1.1.0",
            "--reason",
            "broken build",
            "--registry",
            "teststore",
        ],
    )
    .code(0)
    .stderr_has("Yanked");
    assert_eq!(
        store.yanked("gtdx.yanked", "1.1.0"),
        Some((true, Some("broken build".to_string())))
    );
    ours(
        &env,
        ["install", "gtdx.yanked", "--registry", "teststore", "--yes"],
    )
    .code(0);
    let home = env.greentic_home();
    assert!(installed(&home, "gtdx.yanked", "1.0.0").is_dir());
    assert!(!installed(&home, "gtdx.yanked", "1.1.0").exists());
    ours(
        &env,
        [
            "install",
            "gtdx.yanked@1.1.0",
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .code(0);
    assert!(installed(&home, "gtdx.yanked", "1.1.0").is_dir());
    ours(
        &env,
        ["unyank", "gtdx.yanked", "1.1.0", "--registry", "teststore"],
    )
    .code(0);
    assert_eq!(store.yanked("gtdx.yanked", "1.1.0"), Some((false, None)));
    ours(&env, ["search", "--registry", "teststore"])
        .code(0)
        .stdout_has("gtdx.yanked@1.1.0");
    // the configured Store's URL is that Store (its token found under its name); an
    // unconfigured Store's URL has no token, and the message says how to give it one
    let url = store.url();
    ours(&env, ["yank", "gtdx.yanked", "1.0.0", "--registry", &url]).code(0);
    assert_eq!(store.yanked("gtdx.yanked", "1.0.0"), Some((true, None)));
    let other = Store::start(TOKEN);
    env.gtdx(["yank", "gtdx.yanked", "1.0.0", "--registry", &other.url()])
        .failure()
        .stderr_has(&format!("gtdx registries add NAME {}", other.url()));
    assert!(other.seen().is_empty(), "no request without a token");
}

/// A Store that answers with an HTML page, a digest the artifact does not have, an endless
/// body or a redirect to another host: each install is refused naming the Store, non-zero,
/// with nothing installed and nothing left in staging.
#[test]
fn bad_store_answers_are_refused_and_nothing_is_installed() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    let elsewhere = Store::start(TOKEN);
    home_with_store(&env, "greentic-home", &store);
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.bad-answers", "1.0.0");
    ours(&env, ["publish", s(&pack), "--registry", "teststore"]).code(0);
    let cases = [
        (Bad::Html, "HTML page|gtdx explain E_STORE_ANSWER"),
        (
            Bad::WrongDigest,
            "does not match its digest|gtdx explain E_STORE_DIGEST",
        ),
        // the deadline, or (on an idle machine, 1 GiB in under 2 s) the pack cap
        (Bad::Endless, "within 2 s|more than 1024 MiB"),
        (
            Bad::RedirectTo(elsewhere.url() + "/api/v1/extensions/gtdx.bad-answers/1.0.0/artifact"),
            "redirected to another host|gtdx explain E_STORE_REDIRECT",
        ),
    ];
    for (bad, says) in cases {
        store.misbehave(Some(bad.clone()));
        let run = ours(
            &env,
            [
                "install",
                "gtdx.bad-answers@1.0.0",
                "--registry",
                "teststore",
                "--yes",
                "--registry-timeout",
                "2s",
            ],
        );
        run.failure().stderr_has("teststore");
        // what it says and the code it names; the endless body: either of two refusals
        let all = !says.contains("within");
        run.check(
            match all {
                true => says.split('|').all(|s| run.stderr().contains(s)),
                false => says.split('|').any(|s| run.stderr().contains(s)),
            },
            format!(
                "stderr contains {} of {says:?}",
                if all { "all" } else { "one" }
            ),
        );
        assert!(
            !installed(&env.greentic_home(), "gtdx.bad-answers", "1.0.0").exists(),
            "{bad:?}"
        );
        env.assert_nothing_left_in_staging();
    }
    assert!(
        elsewhere.seen().is_empty(),
        "nothing was fetched from the other host: {:?}",
        elsewhere.seen()
    );
    store.misbehave(None);
    ours(
        &env,
        [
            "install",
            "gtdx.bad-answers@1.0.0",
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .code(0);
}

/// A pack changed after signing, served by the Store with a digest that matches it (so only
/// the pack's own checks can catch it): an entry's bytes, a local header naming another file
/// than the central directory (the install unpacks while the pack downloads, from the local
/// headers, and must not trust them), and the signature. Each install fails naming why,
/// installs nothing and leaves nothing in staging; the untouched pack then installs, its
/// files the pack's.
#[test]
fn a_store_serving_a_changed_pack_installs_nothing_and_leaves_nothing_in_staging() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    home_with_store(&env, "greentic-home", &store);
    let key = env.keygen("pub");
    let (id, version) = ("gtdx.changed", "1.0.0");
    let pack = signed_pack(&env, &key, id, version);
    ours(&env, ["publish", s(&pack), "--registry", "teststore"]).code(0);
    let good = std::fs::read(&pack).unwrap();
    let at = |bytes: &[u8], needle: &[u8]| {
        bytes
            .windows(needle.len())
            .position(|w| w == needle)
            .expect("stored uncompressed")
    };
    // One byte of the component.
    let mut entry = good.clone();
    entry[at(&good, b"component bytes")] ^= 0x20;
    // The local header of prompts/echo.md names prompts/evil.md; the central directory does not.
    let mut local = good.clone();
    let name = b"prompts/echo.md";
    let header = (0..good.len() - name.len())
        .find(|&i| {
            i >= 30 && &good[i..i + name.len()] == name && good[i - 30..i - 26] == *b"PK\x03\x04"
        })
        .expect("a local header");
    local[header..header + name.len()].copy_from_slice(b"prompts/evil.md");
    // The signature's value, in a describe.json rewritten with a correct CRC.
    let resigned = env.path("packs/bad-signature.gtxpack");
    std::fs::copy(&pack, &resigned).unwrap();
    let read = gtdx_pack::read_pack(&resigned).unwrap();
    let mut describe: Value = serde_json::from_slice(read.describe.as_ref().unwrap()).unwrap();
    let value = describe["signature"]["value"].as_str().unwrap().to_string();
    let flipped = match value.as_bytes()[0] {
        b'A' => format!("B{}", &value[1..]),
        _ => format!("A{}", &value[1..]),
    };
    describe["signature"]["value"] = json!(flipped);
    gtdx_pack::write::replace_describe(&read, &gtdx_pack::write::describe_bytes(&describe))
        .unwrap();
    let signature = std::fs::read(&resigned).unwrap();
    for (what, bytes, says) in [
        ("a changed entry", entry, "integrity"),
        ("a lying local header", local, "integrity"),
        ("a bad signature", signature, "signature does not verify"),
    ] {
        store.replace_artifact(id, version, bytes);
        let run = ours(
            &env,
            [
                "install",
                &format!("{id}@{version}"),
                "--registry",
                "teststore",
                "--yes",
            ],
        );
        run.failure().stderr_has(says);
        assert!(
            !installed(&env.greentic_home(), id, version).exists(),
            "{what}: installed"
        );
        env.assert_nothing_left_in_staging();
    }
    store.replace_artifact(id, version, good);
    ours(
        &env,
        [
            "install",
            &format!("{id}@{version}"),
            "--registry",
            "teststore",
            "--yes",
        ],
    )
    .code(0);
    let dir = installed(&env.greentic_home(), id, version);
    assert_eq!(
        std::fs::read(dir.join("components/demo.wasm")).unwrap(),
        component()
    );
    assert!(dir.join("prompts/echo.md").is_file());
    assert!(!dir.join("prompts/evil.md").exists());
    env.assert_nothing_left_in_staging();
}

/// The platform's gtdx publishes newer versions of an extension ours installed from the Store;
/// ours yanks the newest: `outdated` names the newer version that is not yanked, `update`
/// installs it through install's trust path and removes the old version, and afterwards
/// nothing is outdated.
#[test]
fn what_the_platform_publishes_ours_sees_as_outdated_and_updates_to_skipping_a_yank() {
    let Some(tool) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let store = Store::start(TOKEN);
    let pub_home = home_with_store(&env, "pub-home", &store);
    home_with_store(&env, "greentic-home", &store);
    let key = env.path("platform.pem");
    platform(&env, &tool, &pub_home, ["keygen", "--out", s(&key)])
        .run()
        .code(0);
    let id = "gtdx.outdated-store";
    let publish = |v: &str| {
        let proj = platform_project(&env, id, v);
        platform_publish(&env, &tool, &pub_home, &proj, &key, "teststore").code(0);
    };
    publish("1.0.0");
    ours(&env, ["install", id, "--registry", "teststore", "--yes"]).code(0);
    let none = ours(
        &env,
        ["outdated", "--registry", "teststore", "--format", "json"],
    )
    .code(0)
    .json();
    assert_eq!(none["extensions"], json!([]));
    publish("1.1.0");
    publish("1.2.0");
    ours(&env, ["yank", id, "1.2.0", "--registry", "teststore"]).code(0);
    let out = ours(
        &env,
        ["outdated", "--registry", "teststore", "--format", "json"],
    )
    .code(0)
    .json();
    assert_eq!(
        out["extensions"],
        json!([{"id": id, "installed": "1.0.0", "latest": "1.1.0"}])
    );
    ours(&env, ["outdated", "--registry", "teststore"])
        .code(0)
        .stdout_has(&format!("{id} 1.0.0 -> 1.1.0"));
    let done = ours(
        &env,
        [
            "update",
            id,
            "--registry",
            "teststore",
            "--yes",
            "--format",
            "json",
        ],
    )
    .code(0)
    .json();
    assert_eq!(done[0]["from"], "1.0.0");
    assert_eq!(done[0]["to"], "1.1.0");
    let home = env.greentic_home();
    assert!(installed(&home, id, "1.1.0").is_dir());
    assert!(
        !installed(&home, id, "1.0.0").exists(),
        "the old version is removed"
    );
    assert!(
        !installed(&home, id, "1.2.0").exists(),
        "the yanked one is skipped"
    );
    let after = ours(
        &env,
        ["outdated", "--registry", "teststore", "--format", "json"],
    )
    .code(0)
    .json();
    assert_eq!(after["extensions"], json!([]));
    env.assert_nothing_left_in_staging();
}

/// The same round trip through a directory registry: the platform's gtdx publishes to a
/// `file://` registry ours installed from; ours's `outdated` sees the newer version and `update`
/// installs it, keeping nothing of the old one.
#[test]
fn what_the_platform_publishes_to_a_directory_registry_ours_updates_to() {
    let Some(tool) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let pub_home = env.path("pub-home");
    std::fs::create_dir_all(&pub_home).unwrap();
    let key = env.path("platform.pem");
    platform(&env, &tool, &pub_home, ["keygen", "--out", s(&key)])
        .run()
        .code(0);
    let reg = format!("file://{}", env.path("dir-reg").display());
    let id = "gtdx.outdated-dir";
    let publish = |v: &str| {
        let proj = platform_project(&env, id, v);
        platform_publish(&env, &tool, &pub_home, &proj, &key, &reg).code(0);
    };
    publish("1.0.0");
    env.gtdx(["install", id, "--registry", &reg, "--yes"])
        .code(0);
    publish("1.0.1");
    let out = env
        .gtdx(["outdated", "--registry", &reg, "--format", "json"])
        .code(0)
        .json();
    assert_eq!(
        out["extensions"],
        json!([{"id": id, "installed": "1.0.0", "latest": "1.0.1"}])
    );
    env.gtdx(["update", id, "--registry", &reg, "--yes"])
        .code(0)
        .stderr_has("Updated");
    let home = env.greentic_home();
    assert!(installed(&home, id, "1.0.1").is_dir());
    assert!(!installed(&home, id, "1.0.0").exists());
    env.gtdx(["outdated", "--registry", &reg])
        .code(0)
        .stderr_has("newest permitted version");
}

/// This machine's address that is not loopback: the one its route to TEST-NET-1 leaves from
/// (a UDP connect sends nothing).
fn non_loopback_ip() -> Option<String> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then(|| ip.to_string())
}

/// A Store reached over plain http at this machine's network address, as one on another
/// machine is: every command is refused in one sentence naming the Store and `--insecure`,
/// before any request; with `--insecure`, search, info, install and outdated work and no
/// request carries the token that `gtdx login` stored for it, so a yank (which needs it) is
/// refused saying why. Plain http over loopback needs no flag.
#[test]
fn plain_http_to_another_machine_needs_insecure_and_carries_no_token() {
    let Some(ip) = non_loopback_ip() else {
        assert!(!in_ci(), "this machine has no address but loopback");
        return;
    };
    let env = Env::new();
    let store = Store::start_on("0.0.0.0", TOKEN);
    let remote = format!("http://{ip}:{}", store.port);
    home_with_store(&env, "greentic-home", &store);
    ours(&env, ["registries", "add", "remote", &remote])
        .code(2)
        .stderr_has("--insecure");
    ours(&env, ["registries", "add", "remote", &remote, "--insecure"]).code(0);
    ours(&env, ["login", "--registry", "remote", "--token", TOKEN]).code(0);
    let key = env.keygen("k");
    let public = s(&key.public);
    let id = "gtdx.insecure-store";
    let pack = signed_pack(&env, &key, id, "1.0.0");
    ours(&env, ["publish", s(&pack), "--registry", "teststore"]).code(0);

    let before = store.seen().len();
    let refused: [&[&str]; 6] = [
        &["search", "--registry", "remote"],
        &["search", "--registry", &remote],
        &["info", id, "--registry", "remote"],
        &["install", id, "--registry", "remote", "--yes"],
        &["outdated", "--registry", "remote"],
        &["yank", id, "1.0.0", "--registry", "remote"],
    ];
    for args in refused {
        let run = env.gtdx_cmd(args).env(TOKEN_ENV, TOKEN).run();
        run.failure().output_lacks(TOKEN).stderr_has_all(&[
            &remote,
            "is reached over plain http",
            "pass --insecure",
            "E_REGISTRY_CLEARTEXT",
        ]);
        assert_eq!(
            run.stderr().trim_end().lines().count(),
            1,
            "{}",
            run.stderr()
        );
    }
    assert_eq!(store.seen().len(), before, "nothing was sent");

    let with_token = store.seen_with_token().len();
    ours(&env, ["search", "--registry", "remote", "--insecure"])
        .code(0)
        .stdout_has(id);
    ours(&env, ["info", id, "--registry", "remote", "--insecure"]).code(0);
    let install = [
        "install",
        id,
        "--registry",
        "remote",
        "--insecure",
        "--yes",
        "--trusted-key",
        public,
    ];
    ours(&env, install).code(0);
    assert!(installed(&env.greentic_home(), id, "1.0.0").is_dir());
    ours(&env, ["outdated", "--registry", "remote", "--insecure"]).code(0);
    ours(
        &env,
        ["yank", id, "1.0.0", "--registry", "remote", "--insecure"],
    )
    .failure()
    .output_lacks(TOKEN)
    .stderr_has_all(&["does not send over plain http", "https://"]);
    assert_eq!(store.yanked(id, "1.0.0"), Some((false, None)));
    assert_eq!(
        store.seen_with_token().len(),
        with_token,
        "no token crossed plain http"
    );
    assert!(store.seen().len() > before);
    // Loopback: plain http without the flag.
    ours(&env, ["search", "--registry", "teststore"])
        .code(0)
        .stdout_has(id);
}

/// `gtdx outdated` has one deadline for the whole check, not one per installed extension: a
/// Store answering each request in 0.8 s ends a `--registry-timeout 2s` check of four
/// extensions at the third request, naming the flag; without it (300 s), the same check passes.
#[test]
fn outdated_has_one_deadline_for_every_extension_it_checks() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    home_with_store(&env, "greentic-home", &store);
    let key = env.keygen("k");
    for i in 0..4 {
        let pack = signed_pack(&env, &key, &format!("gtdx.slow-{i}"), "1.0.0");
        let args = [
            "install",
            s(&pack),
            "--yes",
            "--trusted-key",
            s(&key.public),
        ];
        ours(&env, args).code(0);
    }
    store.misbehave(Some(Bad::Delay(std::time::Duration::from_millis(800))));
    let args = [
        "outdated",
        "--registry",
        "teststore",
        "--registry-timeout",
        "2s",
    ];
    ours(&env, args)
        .failure()
        .stderr_has_all(&["the Greentic Store teststore", "--registry-timeout"]);
    assert_eq!(store.seen().len(), 3, "{:?}", store.seen());
    ours(&env, ["outdated", "--registry", "teststore"]).code(0);
    assert_eq!(store.seen().len(), 7);
}
