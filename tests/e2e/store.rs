//! The Greentic Store as a registry: the loopback Store (support/store.rs) checked with the
//! platform's own `gtdx` first, then round trips between the platform's tool and ours, yanks,
//! and a Store that answers badly.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::support::store::Store;
use crate::support::{Env, PLATFORM_GTDX, Tool, fixture, read_json, require_tool};

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

/// A GREENTIC_HOME under `env` whose config.toml names the Store `teststore` (the platform's
/// format), its token read from [`TOKEN_ENV`].
fn home_with_store(env: &Env, rel: &str, store: &Store) -> PathBuf {
    let config = format!(
        "[default]\nregistry = \"teststore\"\ntrust-policy = \"normal\"\n\n\
         [[registries]]\nname = \"teststore\"\nurl = \"{}\"\ntoken-env = \"{TOKEN_ENV}\"\n",
        store.url()
    );
    env.write(&format!("{rel}/config.toml"), config);
    env.path(rel)
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
