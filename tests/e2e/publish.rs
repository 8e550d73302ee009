//! `gtdx publish` exits with the platform's publish codes (version exists 10, auth 20, registry
//! 30, unusable input 2), which CI scripts written for the platform's tool test.

use std::path::{Path, PathBuf};

use crate::store::signed_pack;
use crate::support::Env;
use crate::support::store::Store;

const TOKEN: &str = "publish-exit-token";
const TOKEN_ENV: &str = "GTDX_TEST_PUBLISH_TOKEN";

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Ours's home names the Store `teststore`, its token read from [`TOKEN_ENV`].
fn home_with_store(env: &Env, store: &Store) -> PathBuf {
    let home = env.greentic_home();
    std::fs::create_dir_all(&home).unwrap();
    let config = format!(
        "[[registries]]\nname = \"teststore\"\nurl = \"{}\"\ntoken-env = \"{TOKEN_ENV}\"\n\n\
         [[registries]]\nname = \"nostore\"\nurl = \"http://127.0.0.1:9\"\ntoken-env = \"{TOKEN_ENV}\"\n",
        store.url()
    );
    std::fs::write(home.join("config.toml"), config).unwrap();
    home
}

/// Against the loopback Store: no token and a wrong token exit 20 with nothing uploaded; a
/// second publish of a version exits 10 (a dry run too); a Store that cannot be reached exits 30.
#[test]
fn publish_to_the_store_exits_with_the_platforms_codes() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    home_with_store(&env, &store);
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.exit-codes", "1.0.0");
    let publish = ["publish", s(&pack), "--registry", "teststore"];
    env.gtdx_cmd(publish)
        .run()
        .code(20)
        .stderr_has("gtdx login");
    env.gtdx_cmd(publish)
        .env(TOKEN_ENV, "wrong-token")
        .run()
        .code(20)
        .output_lacks("wrong-token");
    assert!(store.artifact("gtdx.exit-codes", "1.0.0").is_none());

    env.gtdx_cmd(publish).env(TOKEN_ENV, TOKEN).run().code(0);
    env.gtdx_cmd(publish)
        .env(TOKEN_ENV, TOKEN)
        .run()
        .code(10)
        .stderr_has("already in");
    let mut dry = publish.to_vec();
    dry.push("--dry-run");
    env.gtdx_cmd(dry).env(TOKEN_ENV, TOKEN).run().code(10);

    // nothing listens at the other Store's address (port 9, discard)
    let next = signed_pack(&env, &key, "gtdx.exit-codes", "1.0.1");
    env.gtdx_cmd(["publish", s(&next), "--registry", "nostore"])
        .env(TOKEN_ENV, TOKEN)
        .run()
        .code(30)
        .stderr_has("nostore");
}

/// A directory registry: a second publish of a version exits 10, as the platform's does; a
/// file that is not a pack exits 2 (the platform's "describe invalid" code) before the registry
/// is touched.
#[test]
fn publish_to_a_directory_registry_exits_with_the_platforms_codes() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.exit-local", "1.0.0");
    env.gtdx_cmd(["publish", s(&pack)]).run().code(0);
    env.gtdx_cmd(["publish", s(&pack)])
        .run()
        .code(10)
        .stderr_has("already in");
    env.write("packs/not-a-pack.gtxpack", b"not a zip");
    env.gtdx_cmd(["publish", s(&env.path("packs/not-a-pack.gtxpack"))])
        .run()
        .code(2);
}

/// `--verify-only` checks the pack and asks whether the version is free: exit 0 and nothing
/// uploaded while it is, 10 once it is taken (the loopback Store and a directory registry).
#[test]
fn verify_only_checks_the_version_slot_and_writes_nothing() {
    let env = Env::new();
    let store = Store::start(TOKEN);
    let home = home_with_store(&env, &store);
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.verify-only", "2.0.0");
    let on_store = [
        "publish",
        s(&pack),
        "--registry",
        "teststore",
        "--verify-only",
    ];
    env.gtdx_cmd(on_store)
        .env(TOKEN_ENV, TOKEN)
        .run()
        .code(0)
        .stderr_has("Free");
    assert!(store.artifact("gtdx.verify-only", "2.0.0").is_none());
    env.gtdx_cmd(["publish", s(&pack), "--registry", "teststore"])
        .env(TOKEN_ENV, TOKEN)
        .run()
        .code(0);
    env.gtdx_cmd(on_store).env(TOKEN_ENV, TOKEN).run().code(10);

    let local = home.join("registries/local/gtdx.verify-only");
    env.gtdx_cmd(["publish", s(&pack), "--verify-only"])
        .run()
        .code(0);
    assert!(!local.exists(), "--verify-only wrote {}", local.display());
    env.gtdx_cmd(["publish", s(&pack)]).run().code(0);
    env.gtdx_cmd(["publish", s(&pack), "--verify-only"])
        .run()
        .code(10);
}

/// `--version` names the version CI means to publish: a pack of another version is refused
/// (exit 2, nothing written); the pack's own version publishes. `--dist DIR` gets a copy of the
/// published pack, byte for byte, and none on a dry run.
#[test]
fn version_must_match_the_pack_and_dist_gets_a_copy() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = signed_pack(&env, &key, "gtdx.versioned", "1.2.3");
    let local = env.greentic_home().join("registries/local/gtdx.versioned");
    env.gtdx_cmd(["publish", s(&pack), "--version", "1.2.4"])
        .run()
        .code(2)
        .stderr_has("not the --version 1.2.4")
        .stderr_has("Cargo.toml");
    assert!(!local.exists());

    let dist = env.path("dist");
    env.gtdx_cmd(["publish", s(&pack), "--dist", s(&dist), "--dry-run"])
        .run()
        .code(0);
    assert!(!dist.exists(), "a dry run copies nothing");
    env.gtdx_cmd([
        "publish",
        s(&pack),
        "--version",
        "1.2.3",
        "--dist",
        s(&dist),
    ])
    .run()
    .code(0)
    .stdout_has("copied to");
    let copy = dist.join(pack.file_name().unwrap());
    assert_eq!(std::fs::read(copy).unwrap(), std::fs::read(&pack).unwrap());
}

/// One key for both tools. A key the platform's `gtdx keygen` wrote (PKCS#8 PEM) signs a pack
/// with ours, from the file and from `GREENTIC_EXT_SIGNING_KEY_PEM`, and the signature verifies
/// against its public half; a key ours made, exported with `gtdx key export --pem`, signs with
/// the platform's `gtdx sign`, which states ours's public key.
#[test]
fn pkcs8_pem_keys_sign_with_both_tools() {
    let Some(tool) = crate::support::require_tool(crate::support::PLATFORM_GTDX) else {
        return;
    };
    use std::os::unix::fs::PermissionsExt as _;
    let env = Env::new();
    let pem = env.path("platform.key");
    env.tool(&tool, ["keygen", "--out", s(&pem)]).run().code(0);
    let pack = env.pack(
        "packs/pem.gtxpack",
        &crate::support::read_json(&crate::support::fixture("sign/describe.json")),
        vec![gtdx_pack::PackFile::bytes(
            "prompts/a.md",
            b"# A\n".to_vec(),
        )],
    );
    env.gtdx_cmd(["sign", s(&pack), "--key", s(&pem)])
        .run()
        .code(0);
    let public = env.gtdx_cmd(["key", "export", "--key", s(&pem)]).run();
    public.code(0);
    env.write("platform.pub", public.stdout());
    let trusted = env.path("platform.pub");
    env.gtdx_cmd(["verify", s(&pack), "--trusted-key", s(&trusted)])
        .run()
        .code(0);
    let text = std::fs::read_to_string(&pem).unwrap();
    env.gtdx_cmd([
        "sign",
        s(&pack),
        "--key-env",
        "GREENTIC_EXT_SIGNING_KEY_PEM",
    ])
    .env("GREENTIC_EXT_SIGNING_KEY_PEM", &text)
    .run()
    .code(0)
    .output_lacks("PRIVATE KEY");

    let ours = env.keygen("ours");
    let exported = env
        .gtdx_cmd(["key", "export", "--key", s(&ours.secret), "--pem"])
        .run();
    exported.code(0).stdout_has("-----BEGIN PRIVATE KEY-----");
    let as_pem = env.write("ours.pem", exported.stdout());
    std::fs::set_permissions(&as_pem, std::fs::Permissions::from_mode(0o600)).unwrap();
    let describe = env.write(
        "describe.json",
        std::fs::read(crate::support::fixture("sign/describe.json")).unwrap(),
    );
    env.tool(&tool, ["sign", s(&describe), "--key", s(&as_pem)])
        .run()
        .code(0);
    let signed = std::fs::read_to_string(&describe).unwrap();
    assert!(
        signed.contains(&ours.public_b64),
        "the platform's signature states ours's public key: {signed}"
    );
}

// ---------------------------------------------------------------------------------------------
// publish from a project, as the platform's CI scripts call it

/// Ours's key, exported with `gtdx key export --pem` into `$GREENTIC_HOME/keys/ID.key` (0600),
/// where the platform's `--key-id ID` looks.
pub(crate) fn pem_key_in_home(env: &Env, id: &str) -> crate::support::KeyPair {
    use std::os::unix::fs::PermissionsExt as _;
    let key = env.keygen(id);
    let pem = env
        .gtdx_cmd(["key", "export", "--key", s(&key.secret), "--pem"])
        .run();
    pem.code(0);
    let keys = env.greentic_home().join("keys");
    std::fs::create_dir_all(&keys).unwrap();
    let file = keys.join(format!("{id}.key"));
    std::fs::write(&file, pem.stdout()).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    key
}

/// The describe.json and entry names of a pack.
fn pack_contents(pack: &Path) -> (serde_json::Value, Vec<String>) {
    let entries = crate::support::unzip(pack);
    let describe = entries
        .iter()
        .find(|(name, _)| name == "describe.json")
        .map(|(_, bytes)| serde_json::from_slice(bytes).unwrap())
        .expect("the pack has a describe.json");
    (
        describe,
        entries.into_iter().map(|(name, _)| name).collect(),
    )
}

/// One build of the SDK's hello project serves every check: `gtdx publish --manifest
/// Cargo.toml --version 0.1.1 --icon icon.svg --sign --key-id ci` (a PKCS#8 PEM exported by
/// ours into `$GREENTIC_HOME/keys/`) builds 0.1.1, signs it labelled `ci` and publishes it; the
/// version and the icon are in Cargo.toml, so `gtdx describe --check` stays true; the pack
/// carries the icon and verifies with the platform's `gtdx verify` against ours's public key.
/// Then `--wasm` packs the component that build made, with no cargo run, as 0.1.2.
#[test]
fn project_publish_builds_signs_with_a_key_id_and_sets_the_version() {
    let env = Env::new();
    let hello = crate::build::hello();
    // The icon goes into the shared copy's assets/, which the fixture has none of: removed even
    // when a check fails, so the other build tests pack what they expect.
    let assets = RemovedOnDrop(hello.dir.join("assets"));
    let _ = std::fs::remove_dir_all(&assets.0);
    let manifest = hello.dir.join("Cargo.toml");
    let key = pem_key_in_home(&env, "ci");
    let icon = env.write(
        "art/icon.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>\n",
    );
    let registry = format!("file://{}", env.path("reg").display());
    let dist = env.path("dist");
    let target = crate::support::shared_target_dir();
    let publish = |extra: &[&str]| {
        env.gtdx_cmd([
            "publish",
            "--manifest",
            s(&manifest),
            "--registry",
            &registry,
        ])
        .args(extra)
        .env("CARGO_TARGET_DIR", &target)
        .run()
    };

    let run = publish(&[
        "--release",
        "--version",
        "0.1.1",
        "--icon",
        s(&icon),
        "--sign",
        "--key-id",
        "ci",
        "--dist",
        s(&dist),
    ]);
    run.code(0)
        .stdout_has("signed, keyId ci")
        .stdout_has("commit the change")
        .stderr_has("Published greentic.hello@0.1.1");
    let cargo_toml = std::fs::read_to_string(&manifest).unwrap();
    assert!(cargo_toml.contains("version = \"0.1.1\""), "{cargo_toml}");
    assert!(
        cargo_toml.contains("icon = \"assets/icon.svg\""),
        "{cargo_toml}"
    );
    env.gtdx_cmd(["describe", "--check", "--manifest-path", s(&manifest)])
        .run()
        .code(0);
    let pack = dist.join("greentic.hello-0.1.1.gtxpack");
    let (describe, names) = pack_contents(&pack);
    assert_eq!(describe["metadata"]["version"], "0.1.1");
    assert_eq!(describe["metadata"]["icon"], "assets/icon.svg");
    assert_eq!(describe["signature"]["keyId"], "ci", "{describe}");
    assert!(names.iter().any(|n| n == "assets/icon.svg"), "{names:?}");
    if let Some(tool) = crate::support::require_tool(crate::support::PLATFORM_GTDX) {
        env.tool(
            &tool,
            ["verify", s(&pack), "--trusted-key", &key.public_b64],
        )
        .run()
        .code(0);
    }

    let component = target.join("wasm32-wasip2/release/hello_extension.wasm");
    let v = publish(&[
        "--wasm",
        s(&component),
        "--version",
        "0.1.2",
        "--trust",
        "loose",
        "--format",
        "json",
    ]);
    v.code(0);
    let doc = v.json();
    assert_eq!(doc["version"], "0.1.2", "{doc}");
    assert_eq!(doc["project"]["built"], false, "{doc}");
    assert_eq!(doc["signed"], false, "{doc}");
}

/// A directory removed when the test ends, passed or not.
struct RemovedOnDrop(PathBuf);

impl Drop for RemovedOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Bad input is refused before the project is touched or anything is built, each with one
/// paragraph naming the file and exit 2: a core module as `--wasm`, an icon over 1 MiB, an icon
/// of another type, an unsigned publish without `--trust loose`, `--trust strict` without a
/// trusted key.
#[test]
fn project_publish_refuses_bad_input_before_touching_the_project() {
    let env = Env::new();
    let hello = crate::build::hello();
    let manifest = hello.dir.join("Cargo.toml");
    let before = std::fs::read(&manifest).unwrap();
    let core = env.write("core.wasm", b"\0asm\x01\0\0\0");
    let big = env.write("big.png", vec![0u8; 1024 * 1024 + 1]);
    let gif = env.write("icon.gif", b"GIF89a");
    let publish = |extra: &[&str]| {
        env.gtdx_cmd(["publish", "--manifest", s(&manifest), "--trust", "loose"])
            .args(extra)
            .run()
    };
    publish(&["--wasm", s(&core)])
        .code(2)
        .stderr_has("core.wasm")
        .stderr_has("is a core WebAssembly module, not a component");
    publish(&["--icon", s(&big)])
        .code(2)
        .stderr_has("big.png")
        .stderr_has("at most 1 MiB");
    publish(&["--icon", s(&gif)])
        .code(2)
        .stderr_has("icon.gif")
        .stderr_has("svg, png, jpg, jpeg, webp");
    env.gtdx_cmd(["publish", "--manifest", s(&manifest)])
        .run()
        .code(2)
        .stderr_has("--sign");
    env.gtdx_cmd(["publish", "--manifest", s(&manifest), "--trust", "strict"])
        .run()
        .code(2)
        .stderr_has("--trusted-key");
    assert_eq!(std::fs::read(&manifest).unwrap(), before);
    assert!(!hello.dir.join("assets").exists());
}
