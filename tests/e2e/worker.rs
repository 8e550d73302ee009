//! `gtdx worker build` / `gtdx worker inspect` on real packs, signed with real keys by the real
//! `gtdx keygen` and `gtdx sign`.
//!
//! Packs are written at test time by gtdx-pack's writer from the fixture describe.json files in
//! `tests/fixtures/worker/` (alpha: every capability combination and metadata valid, invalid and
//! absent; beta: a `search` tool that collides with alpha's; gamma: a one-tool extension used
//! signed-trusted, signed-untrusted and unsigned).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{fixture, gtdx};

/// A temp dir with two key pairs and the packs, ready for a spec.
struct Env {
    dir: tempfile::TempDir,
    trusted_pub: PathBuf,
    trusted_key: PathBuf,
    trusted_id: String,
    trusted_b64: String,
    untrusted_id: String,
    untrusted_b64: String,
}

fn keygen(dir: &Path, name: &str) -> (String, String) {
    let out = gtdx()
        .args(["keygen", "--format", "json", "--name", name, "--out-dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "keygen: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        v["keyId"].as_str().unwrap().to_string(),
        v["publicKey"].as_str().unwrap().to_string(),
    )
}

/// Writes a pack from a fixture describe with `component` as its component bytes.
fn make_pack(name: &str, out: &Path) {
    let text = std::fs::read_to_string(fixture(&format!("worker/{name}/describe.json"))).unwrap();
    let mut describe: Value = serde_json::from_str(&text).unwrap();
    let component = format!("\0asm component bytes of the {name} fixture extension").into_bytes();
    let sha = gtdx_pack::sha256_hex(&component);
    let c = &mut describe["runtime"]["components"]["tools"];
    c["sha256"] = Value::String(sha.clone());
    c["gtpack"]["sha256"] = Value::String(sha);
    gtdx_pack::write_pack(
        out,
        &mut describe,
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    )
    .unwrap();
}

fn sign(pack: &Path, key: &Path) {
    let out = gtdx()
        .arg("sign")
        .arg(pack)
        .arg("--key")
        .arg(key)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sign: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn setup() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys");
    let (trusted_id, trusted_b64) = keygen(&keys, "release");
    let (untrusted_id, untrusted_b64) = keygen(&keys, "stranger");
    let trusted_key = keys.join("release.key");
    let untrusted_key = keys.join("stranger.key");
    let packs = dir.path().join("packs");
    std::fs::create_dir_all(&packs).unwrap();
    for name in ["alpha", "beta", "gamma"] {
        let p = packs.join(format!("{name}.gtxpack"));
        make_pack(name, &p);
        sign(&p, &trusted_key);
    }
    let p = packs.join("gamma-unsigned.gtxpack");
    make_pack("gamma", &p);
    let p = packs.join("gamma-stranger.gtxpack");
    make_pack("gamma", &p);
    sign(&p, &untrusted_key);
    // Tampered: one byte of the signed alpha pack's component changed.
    let mut bytes = std::fs::read(packs.join("alpha.gtxpack")).unwrap();
    let marker = b"component bytes of the alpha";
    let at = bytes
        .windows(marker.len())
        .position(|w| w == marker)
        .unwrap();
    bytes[at] = b'C';
    std::fs::write(packs.join("alpha-tampered.gtxpack"), bytes).unwrap();
    Env {
        trusted_pub: keys.join("release.pub"),
        trusted_key,
        trusted_id,
        trusted_b64,
        untrusted_id,
        untrusted_b64,
        dir,
    }
}

const HEAD: &str = r#"name = "support-agent"
description = "Answers customer questions."
tenant = "acme"
kind = "agent_graph"
instructions = "Be brief."
locale = "en-GB"

[llm]
provider = "openai"
model = "gpt-4o"
credential_ref = "openai/api_key"
"#;

impl Env {
    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `worker.toml`: the `extensions` line, HEAD, then `rest`.
    fn spec(&self, packs: &[&str], rest: &str) -> PathBuf {
        let list: Vec<String> = packs
            .iter()
            .map(|p| format!("\"packs/{p}.gtxpack\""))
            .collect();
        let text = format!("extensions = [{}]\n{HEAD}{rest}", list.join(", "));
        let p = self.path().join("worker.toml");
        std::fs::write(&p, text).unwrap();
        p
    }

    fn build(&self, spec: &Path) -> assert_cmd::Command {
        let mut c = gtdx();
        c.current_dir(self.path())
            .args(["worker", "build"])
            .arg(spec)
            .arg("--trusted-keys")
            .arg(&self.trusted_pub);
        c
    }

    /// Replaces temp paths, digests and keys with stable placeholders (after checking them).
    fn normalize(&self, text: &str) -> String {
        let mut s = text.to_string();
        for entry in std::fs::read_dir(self.path().join("packs")).unwrap() {
            let p = entry.unwrap().path();
            let sha = gtdx_pack::sha256_hex(&std::fs::read(&p).unwrap());
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            s = s.replace(&sha, &format!("[sha256 of {name}]"));
        }
        s.replace(&self.trusted_b64, "[release public key]")
            .replace(&self.trusted_id, "[release key id]")
            .replace(&self.untrusted_b64, "[stranger public key]")
            .replace(&self.untrusted_id, "[stranger key id]")
            .replace(&self.path().display().to_string(), "[TMP]")
    }

    fn manifest(&self, name: &str) -> (String, Value) {
        let text = std::fs::read_to_string(self.path().join(name)).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        (text, v)
    }
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn tool_names(v: &Value) -> Vec<String> {
    v["extension_tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}/{}",
                t["extension_id"].as_str().unwrap(),
                t["tool_name"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn keeps_agentic_tools_applies_metadata_rules_and_reports_every_drop() {
    let env = setup();
    let spec = env.spec(&["alpha", "gamma"], "");
    let out = env.build(&spec).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let (text, v) = env.manifest("worker.worker.json");
    assert_eq!(
        tool_names(&v),
        [
            "greentic.alpha/a_agent",
            "greentic.alpha/a_badmeta",
            "greentic.alpha/a_both",
            "greentic.alpha/search",
            "greentic.gamma/g_lookup"
        ]
    );
    // Pinned digests are the packs' real SHA-256 and signer ids the real key's.
    for e in v["extensions"].as_array().unwrap() {
        let pack = env.path().join(e["pack"].as_str().unwrap());
        assert_eq!(
            e["sha256"].as_str().unwrap(),
            gtdx_pack::sha256_hex(&std::fs::read(pack).unwrap())
        );
        assert_eq!(e["signer_key_id"].as_str().unwrap(), env.trusted_id);
        assert_eq!(e["signer_public_key"].as_str().unwrap(), env.trusted_b64);
    }
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("dropped: tool `a_none` of `greentic.alpha`"),
        "{err}"
    );
    assert!(
        err.contains("dropped: tool `a_flow` of `greentic.alpha`"),
        "{err}"
    );
    assert!(err.contains("W_WORKER_METADATA_DROPPED"), "{err}");
    insta::assert_snapshot!("worker_manifest_alpha_gamma", env.normalize(&text));
    insta::assert_snapshot!("worker_build_stderr_alpha_gamma", err);
}

#[test]
fn same_tool_name_from_two_extensions_needs_an_allow_list_pick() {
    let env = setup();
    let spec = env.spec(&["alpha", "beta"], "");
    let out = env.build(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("tool name `search` is contributed by `greentic.alpha`"),
        "{err}"
    );
    assert!(err.contains("`greentic.beta`"), "{err}");
    assert!(
        !env.path().join("worker.worker.json").exists(),
        "nothing written on error"
    );

    // The allow-list picks beta's `search`; duplicates of one entry collapse.
    let picks = r#"
[[tools]]
extension_id = "greentic.beta"
tool_name = "search"

[[tools]]
extension_id = "greentic.alpha"
tool_name = "a_agent"

[[tools]]
extension_id = "greentic.beta"
tool_name = "b_write"

[[tools]]
extension_id = "greentic.beta"
tool_name = "search"
"#;
    let spec = env.spec(&["alpha", "beta"], picks);
    let out = env
        .build(&spec)
        .args(["--message-format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let (text, v) = env.manifest("worker.worker.json");
    assert_eq!(
        tool_names(&v),
        [
            "greentic.alpha/a_agent",
            "greentic.beta/b_write",
            "greentic.beta/search"
        ]
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let dropped: Vec<String> = report["dropped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}/{}: {}",
                d["extension_id"].as_str().unwrap(),
                d["tool_name"].as_str().unwrap(),
                d["reason"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        dropped,
        [
            "greentic.alpha/a_badmeta: not_in_allow_list",
            "greentic.alpha/a_both: not_in_allow_list",
            "greentic.alpha/a_flow: not_agentic",
            "greentic.alpha/a_none: no_capabilities",
            "greentic.alpha/search: name_taken",
            "greentic.beta/b_flow: not_agentic",
        ]
    );
    insta::assert_snapshot!("worker_manifest_allow_list_pick", env.normalize(&text));
}

#[test]
fn wrong_allow_list_entries_say_which_and_why() {
    let env = setup();
    let rest = r#"
[[tools]]
extension_id = "greentic.alpha"
tool_name = "a_flow"

[[tools]]
extension_id = "greentic.alpha"
tool_name = "a_none"

[[tools]]
extension_id = "greentic.alpha"
tool_name = "a_agnet"

[[tools]]
extension_id = "greentic.zeta"
tool_name = "z"
"#;
    let spec = env.spec(&["alpha"], rest);
    let out = env.build(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = env.normalize(&stderr(&out));
    insta::assert_snapshot!("worker_allow_list_errors", err);
    assert!(!env.path().join("worker.worker.json").exists());
}

#[test]
fn unsigned_and_untrusted_packs_are_refused_unless_allowed_then_marked() {
    let env = setup();
    // Unsigned: refused (exit 1, like verify's missing signature).
    let spec = env.spec(&["alpha", "gamma-unsigned"], "");
    let out = env.build(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("packs/gamma-unsigned.gtxpack refused"),
        "{err}"
    );
    assert!(err.contains("--allow-unsigned"), "{err}");
    // Untrusted signer: refused with verify's untrusted code.
    let spec = env.spec(&["alpha", "gamma-stranger"], "");
    let out = env.build(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not among the 1 trusted keys"),
        "{}",
        stderr(&out)
    );
    // No trusted keys at all: every signed pack is untrusted.
    let out = gtdx()
        .current_dir(env.path())
        .args(["worker", "build"])
        .arg(&spec)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));

    // Allowed: each is named in a warning and marked in the manifest.
    for (pack, signed) in [("gamma-unsigned", false), ("gamma-stranger", true)] {
        let spec = env.spec(&["alpha", pack], "");
        let out = env.build(&spec).arg("--allow-unsigned").output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let err = stderr(&out);
        let code = if signed {
            "W_WORKER_PACK_UNTRUSTED"
        } else {
            "W_WORKER_PACK_UNSIGNED"
        };
        assert!(
            err.contains(code) && err.contains(&format!("{pack}.gtxpack")),
            "{err}"
        );
        let (_, v) = env.manifest("worker.worker.json");
        let gamma = &v["extensions"][1];
        assert_eq!(gamma["extension_id"], "greentic.gamma");
        assert_eq!(gamma["signed"], signed);
        assert_eq!(gamma["trusted"], false);
        assert_eq!(v["extensions"][0]["trusted"], true);
        if signed {
            assert_eq!(gamma["signer_key_id"].as_str().unwrap(), env.untrusted_id);
        } else {
            assert!(gamma["signer_key_id"].is_null());
        }
    }
}

#[test]
fn a_tampered_pack_is_refused_even_with_allow_unsigned() {
    let env = setup();
    let spec = env.spec(&["alpha-tampered", "gamma"], "");
    let out = env.build(&spec).arg("--allow-unsigned").output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("packs/alpha-tampered.gtxpack refused"),
        "{err}"
    );
    assert!(
        err.contains("component.wasm"),
        "names the tampered entry: {err}"
    );
    assert!(!env.path().join("worker.worker.json").exists());
}

#[test]
fn spec_errors_name_the_place_and_the_nearest_key() {
    let env = setup();
    let spec = env.spec(&["alpha"], "\n[limits]\nmax_iters = 3\n");
    let out = env.build(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("[TMP]/worker.toml:15:1: unknown field `max_iters`"),
        "{err}"
    );
    assert!(err.contains("did you mean `max_iter`?"), "{err}");

    let p = env.path().join("worker.yaml");
    std::fs::write(&p, "name: w\ntenant: t\nkind: deep_worker\nllm:\n  provider: p\n  model: m\n  credentials: x\n").unwrap();
    let out = env.build(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("[TMP]/worker.yaml:7:3: llm: unknown field `credentials`;"),
        "{err}"
    );
    assert!(err.contains("did you mean `credential_ref`?"), "{err}");

    let p = env.path().join("missing.toml");
    std::fs::write(&p, "name = \"w\"\ntenant = \"t\"\nkind = \"deep_worker\"\nextensions = [\"packs/nope.gtxpack\"]\n[llm]\nprovider = \"p\"\nmodel = \"m\"\n").unwrap();
    let out = env.build(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("[TMP]/missing.toml:4:15 (extensions[0]): cannot use pack"),
        "{err}"
    );
}

#[test]
fn yaml_and_json_specs_give_the_same_bytes_and_builds_are_deterministic() {
    let env = setup();
    let toml_spec = env.spec(&["alpha", "gamma"], "\n[limits]\nmax_iter = 4\n");
    let out = env.build(&toml_spec).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let first = std::fs::read(env.path().join("worker.worker.json")).unwrap();
    let out = env.build(&toml_spec).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        first,
        std::fs::read(env.path().join("worker.worker.json")).unwrap(),
        "same inputs, same bytes"
    );
    #[cfg(unix)]
    {
        // A manifest gets the mode a plain create gives (not a temp file's private 0600).
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let plain = env.path().join("plain");
        std::fs::write(&plain, "x").unwrap();
        assert_eq!(mode(&env.path().join("worker.worker.json")), mode(&plain));
    }
    let v: Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(
        v["limits"],
        serde_json::json!({"max_iter": 4, "timeout_seconds": 60, "max_history_turns": 20})
    );

    let yaml = "name: support-agent\ndescription: Answers customer questions.\ntenant: acme\nkind: agent_graph\n\
instructions: Be brief.\nlocale: en-GB\nllm:\n  provider: openai\n  model: gpt-4o\n  credential_ref: openai/api_key\n\
limits:\n  max_iter: 4\nextensions:\n  - packs/gamma.gtxpack\n  - packs/alpha.gtxpack\n";
    std::fs::write(env.path().join("w2.yml"), yaml).unwrap();
    let json = serde_json::json!({
        "name": "support-agent", "description": "Answers customer questions.", "tenant": "acme",
        "kind": "agent_graph", "instructions": "Be brief.", "locale": "en-GB",
        "llm": {"provider": "openai", "model": "gpt-4o", "credential_ref": "openai/api_key"},
        "limits": {"max_iter": 4},
        "extensions": ["packs/alpha.gtxpack", "packs/gamma.gtxpack"]
    });
    std::fs::write(
        env.path().join("w3.json"),
        serde_json::to_string_pretty(&json).unwrap(),
    )
    .unwrap();
    for (spec, out_name) in [("w2.yml", "w2.worker.json"), ("w3.json", "w3.worker.json")] {
        let out = env.build(&env.path().join(spec)).output().unwrap();
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        let got: Value =
            serde_json::from_slice(&std::fs::read(env.path().join(out_name)).unwrap()).unwrap();
        let mut want = v.clone();
        let mut got_cmp = got.clone();
        // The YAML lists the packs in the other order: pinned paths are equal, just sorted by id.
        want["extensions"] = Value::Null;
        got_cmp["extensions"] = Value::Null;
        assert_eq!(got_cmp, want, "{spec}");
        assert_eq!(got["extensions"], v["extensions"], "{spec}");
    }
}

#[test]
fn signed_manifest_verifies_in_inspect_and_tampering_is_caught() {
    let env = setup();
    let spec = env.spec(&["alpha", "beta"], "\n[[tools]]\nextension_id = \"greentic.beta\"\ntool_name = \"search\"\n\n[[tools]]\nextension_id = \"greentic.alpha\"\ntool_name = \"a_both\"\n\n[[tools]]\nextension_id = \"greentic.alpha\"\ntool_name = \"a_badmeta\"\n\n[[tools]]\nextension_id = \"greentic.beta\"\ntool_name = \"b_write\"\n");
    let out_file = env.path().join("out/signed.json");
    let out = env
        .build(&spec)
        .arg("--out")
        .arg(&out_file)
        .arg("--sign")
        .arg("--key")
        .arg(&env.trusted_key)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("signed by {}", env.trusted_id)),
        "{}",
        stderr(&out)
    );
    let v: Value = serde_json::from_slice(&std::fs::read(&out_file).unwrap()).unwrap();
    assert_eq!(v["signature"]["algorithm"], "ed25519");
    assert_eq!(
        v["signature"]["publicKey"].as_str().unwrap(),
        env.trusted_b64
    );

    // The signature is the describe scheme: the real `gtdx verify` accepts the manifest file.
    let out = gtdx()
        .arg("verify")
        .arg(&out_file)
        .arg("--trusted-keys")
        .arg(&env.trusted_pub)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let out = gtdx()
        .args(["worker", "inspect"])
        .arg(&out_file)
        .arg("--trusted-keys")
        .arg(&env.trusted_pub)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let human = env.normalize(&String::from_utf8_lossy(&out.stdout));
    insta::assert_snapshot!("worker_inspect_human", human);

    let out = gtdx()
        .args(["worker", "inspect", "--format", "json"])
        .arg(&out_file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["signature"]["status"], "valid");
    let secrets: Vec<(&str, bool)> = j["secrets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["key"].as_str().unwrap(), s["required"].as_bool().unwrap()))
        .collect();
    // Union by key: alpha/api_key is optional on a_both, its only kept user; shared/token is
    // optional on a_both but b_write declares it without `required`, which counts as required;
    // the LLM credential comes first.
    assert_eq!(
        secrets,
        [
            ("openai/api_key", true),
            ("alpha/api_key", false),
            ("beta/api_key", true),
            ("shared/token", true)
        ]
    );
    let tools: Vec<(&str, &str, bool)> = j["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["tool_name"].as_str().unwrap(),
                t["side_effects"].as_str().unwrap(),
                t["confirmation_required"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tools,
        [
            ("a_badmeta", "external", true),
            ("a_both", "external", true),
            ("b_write", "write", true),
            ("search", "external", false)
        ]
    );

    // Another trusted key: valid signature, untrusted signer (exit 3).
    let out = gtdx()
        .args(["worker", "inspect"])
        .arg(&out_file)
        .arg("--trusted-key")
        .arg(&env.untrusted_b64)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));

    // One changed field: the signature no longer verifies (exit 1).
    let tampered = std::fs::read_to_string(&out_file).unwrap().replace(
        "\"confirmation_required\": true",
        "\"confirmation_required\": false",
    );
    std::fs::write(&out_file, tampered).unwrap();
    let out = gtdx()
        .args(["worker", "inspect"])
        .arg(&out_file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("manifest signature: INVALID"));
}

#[test]
fn inspect_rejects_a_file_that_is_not_a_manifest() {
    let env = setup();
    let p = env.path().join("x.json");
    std::fs::write(&p, "{\"schema\": \"gtdx.worker-manifest/v1\", \"nmae\": 1}").unwrap();
    let out = gtdx().args(["worker", "inspect"]).arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("[TMP]/x.json:1:") && err.contains("unknown field `nmae`"),
        "{err}"
    );
}

#[test]
fn the_same_pack_twice_collapses_two_packs_of_one_extension_do_not() {
    let env = setup();
    let spec = env.spec(&["gamma", "alpha", "gamma"], "");
    let out = env.build(&spec).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("I_WORKER_DUPLICATE_PACK"),
        "{}",
        stderr(&out)
    );
    let (_, v) = env.manifest("worker.worker.json");
    assert_eq!(v["extensions"].as_array().unwrap().len(), 2);
    assert_eq!(
        tool_names(&v)
            .iter()
            .filter(|t| t.as_str() == "greentic.gamma/g_lookup")
            .count(),
        1
    );

    let spec = env.spec(&["gamma", "gamma-stranger"], "");
    let out = env.build(&spec).arg("--allow-unsigned").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = env.normalize(&stderr(&out));
    assert!(
        err.contains("[TMP]/worker.toml:1:38 (extensions[1]): extension `greentic.gamma` is given twice with different contents"),
        "{err}"
    );
}
