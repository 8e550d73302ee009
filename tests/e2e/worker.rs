//! `gtdx worker build` / `gtdx worker inspect` on real packs, signed with real keys by the real
//! `gtdx keygen` and `gtdx sign`.
//!
//! Packs are written at test time by gtdx-pack's writer from the fixture describe.json files in
//! `tests/fixtures/worker/` (alpha: every capability combination and metadata valid, invalid and
//! absent; beta: a `search` tool that collides with alpha's; gamma: a one-tool extension used
//! signed-trusted, signed-untrusted and unsigned).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Cmd, Env, KeyPair, fixture, read_json};

/// A test's [`Env`] with two key pairs and the packs, ready for a spec.
struct Workers {
    env: Env,
    /// The key the builds trust (`--trusted-keys keys/release.pub`).
    trusted: KeyPair,
    untrusted: KeyPair,
}

/// Writes `packs/<file>.gtxpack` from fixture `name`'s describe with made-up component bytes.
fn make_pack(env: &Env, name: &str, file: &str) -> PathBuf {
    let mut describe = read_json(&fixture(&format!("worker/{name}/describe.json")));
    let component = format!("\0asm component bytes of the {name} fixture extension").into_bytes();
    let sha = gtdx_pack::sha256_hex(&component);
    let c = &mut describe["runtime"]["components"]["tools"];
    c["sha256"] = Value::String(sha.clone());
    c["gtpack"]["sha256"] = Value::String(sha);
    env.pack(
        &format!("packs/{file}.gtxpack"),
        &describe,
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    )
}

fn setup() -> Workers {
    let env = Env::new();
    let trusted = env.keygen("release");
    let untrusted = env.keygen("stranger");
    for name in ["alpha", "beta", "gamma"] {
        let p = make_pack(&env, name, name);
        env.sign(&p, &trusted);
    }
    make_pack(&env, "gamma", "gamma-unsigned");
    let p = make_pack(&env, "gamma", "gamma-stranger");
    env.sign(&p, &untrusted);
    // Tampered: one byte of the signed alpha pack's component changed.
    let mut bytes = std::fs::read(env.path("packs/alpha.gtxpack")).unwrap();
    let marker = b"component bytes of the alpha";
    let at = bytes
        .windows(marker.len())
        .position(|w| w == marker)
        .unwrap();
    bytes[at] = b'C';
    env.write("packs/alpha-tampered.gtxpack", bytes);
    Workers {
        env,
        trusted,
        untrusted,
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

impl Workers {
    fn path(&self) -> &Path {
        self.env.root()
    }

    /// Writes `worker.toml`: the `extensions` line, HEAD, then `rest`.
    fn spec(&self, packs: &[&str], rest: &str) -> PathBuf {
        let list: Vec<String> = packs
            .iter()
            .map(|p| format!("\"packs/{p}.gtxpack\""))
            .collect();
        let text = format!("extensions = [{}]\n{HEAD}{rest}", list.join(", "));
        self.env.write("worker.toml", text)
    }

    /// `gtdx worker build SPEC --trusted-keys keys/release.pub`, not yet run.
    fn build(&self, spec: &Path) -> Cmd {
        self.env
            .gtdx_cmd(["worker", "build"])
            .arg(spec)
            .arg("--trusted-keys")
            .arg(&self.trusted.public)
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
        s.replace(&self.trusted.public_b64, "[release public key]")
            .replace(&self.trusted.key_id, "[release key id]")
            .replace(&self.untrusted.public_b64, "[stranger public key]")
            .replace(&self.untrusted.key_id, "[stranger key id]")
            .replace(&self.path().display().to_string(), "[TMP]")
    }

    fn manifest(&self, name: &str) -> (String, Value) {
        let text = std::fs::read_to_string(self.path().join(name)).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        (text, v)
    }
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
    let w = setup();
    let spec = w.spec(&["alpha", "gamma"], "");
    let run = w.build(&spec).run();
    run.success();
    let (text, v) = w.manifest("worker.worker.json");
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
        let pack = w.path().join(e["pack"].as_str().unwrap());
        assert_eq!(
            e["sha256"].as_str().unwrap(),
            gtdx_pack::sha256_hex(&std::fs::read(pack).unwrap())
        );
        assert_eq!(e["signer_key_id"].as_str().unwrap(), w.trusted.key_id);
        assert_eq!(
            e["signer_public_key"].as_str().unwrap(),
            w.trusted.public_b64
        );
    }
    run.stderr_has("Dropped tool `a_none` of `greentic.alpha`")
        .stderr_has("Dropped tool `a_flow` of `greentic.alpha`")
        .stderr_has("W_WORKER_METADATA_DROPPED");
    insta::assert_snapshot!("worker_manifest_alpha_gamma", w.normalize(&text));
    insta::assert_snapshot!("worker_build_stderr_alpha_gamma", w.normalize(run.stderr()));
}

#[test]
fn same_tool_name_from_two_extensions_needs_an_allow_list_pick() {
    let w = setup();
    let spec = w.spec(&["alpha", "beta"], "");
    w.build(&spec)
        .run()
        .code(2)
        .stderr_has("tool name `search` is contributed by `greentic.alpha`")
        .stderr_has("`greentic.beta`");
    assert!(
        !w.path().join("worker.worker.json").exists(),
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
    let spec = w.spec(&["alpha", "beta"], picks);
    let report = w
        .build(&spec)
        .args(["--format", "json"])
        .run()
        .success()
        .json();
    let (text, v) = w.manifest("worker.worker.json");
    assert_eq!(
        tool_names(&v),
        [
            "greentic.alpha/a_agent",
            "greentic.beta/b_write",
            "greentic.beta/search"
        ]
    );
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
    insta::assert_snapshot!("worker_manifest_allow_list_pick", w.normalize(&text));
}

#[test]
fn wrong_allow_list_entries_say_which_and_why() {
    let w = setup();
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
    let spec = w.spec(&["alpha"], rest);
    let run = w.build(&spec).run();
    run.code(2);
    insta::assert_snapshot!("worker_allow_list_errors", w.normalize(run.stderr()));
    assert!(!w.path().join("worker.worker.json").exists());
}

#[test]
fn a_failed_build_in_json_mode_prints_one_error_event_with_its_findings() {
    let w = setup();
    let rest = r#"
[[tools]]
extension_id = "greentic.alpha"
tool_name = "a_flow"

[[tools]]
extension_id = "greentic.zeta"
tool_name = "z"
"#;
    let spec = w.spec(&["alpha"], rest);
    let run = w.build(&spec).args(["--format", "json"]).run();
    run.code(2)
        .stderr_has("error: no manifest written (2 problems)");
    let error = run.json();
    assert_eq!(error["event"], "error", "{error}");
    let found: Vec<(String, String)> = error["diagnostics"]
        .as_array()
        .unwrap_or_else(|| panic!("diagnostics in {error}"))
        .iter()
        .map(|d| {
            assert!(d["file"].as_str().unwrap().ends_with("worker.toml"), "{d}");
            assert!(d["line"].as_u64().unwrap() > 0, "{d}");
            (
                d["code"].as_str().unwrap().to_string(),
                d["pointer"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "E_WORKER_ALLOW_FLOW_ONLY".to_string(),
                "/tools/0".to_string()
            ),
            ("E_WORKER_ALLOW_UNKNOWN".to_string(), "/tools/1".to_string()),
        ]
    );

    // A refused pack: its own code, and verify's exit code for an unsigned pack.
    let spec = w.spec(&["gamma-unsigned"], "");
    let run = w.build(&spec).args(["--format", "json"]).run();
    run.code(1);
    let error = run.json();
    assert_eq!(
        error["diagnostics"][0]["code"], "E_WORKER_PACK_REFUSED",
        "{error}"
    );
    assert!(!w.path().join("worker.worker.json").exists());
}

#[test]
fn the_signing_key_flags_go_with_sign() {
    let w = setup();
    let spec = w.spec(&["alpha"], "");
    w.build(&spec)
        .arg("--sign")
        .run()
        .code(2)
        .stderr_has("--sign needs the secret key: add --key FILE or --key-env VAR");
    w.build(&spec)
        .arg("--key")
        .arg(&w.trusted.secret)
        .run()
        .code(2)
        .stderr_has("add --sign to sign it");
    assert!(!w.path().join("worker.worker.json").exists());
}

#[test]
fn unsigned_and_untrusted_packs_are_refused_unless_allowed_then_marked() {
    let w = setup();
    // Unsigned: refused (exit 1, like verify's missing signature).
    let spec = w.spec(&["alpha", "gamma-unsigned"], "");
    w.build(&spec)
        .run()
        .code(1)
        .stderr_has("packs/gamma-unsigned.gtxpack refused")
        .stderr_has("--allow-unsigned");
    // Untrusted signer: refused with verify's untrusted code.
    let spec = w.spec(&["alpha", "gamma-stranger"], "");
    w.build(&spec)
        .run()
        .code(3)
        .stderr_has("is not trusted (checked against 1 trusted key)");
    // No trusted keys at all: every signed pack is untrusted.
    w.env.gtdx_cmd(["worker", "build"]).arg(&spec).run().code(3);

    // Allowed: each is named in a warning and marked in the manifest.
    for (pack, signed) in [("gamma-unsigned", false), ("gamma-stranger", true)] {
        let spec = w.spec(&["alpha", pack], "");
        let code = if signed {
            "W_WORKER_PACK_UNTRUSTED"
        } else {
            "W_WORKER_PACK_UNSIGNED"
        };
        w.build(&spec)
            .arg("--allow-unsigned")
            .run()
            .success()
            .stderr_has(code)
            .stderr_has(&format!("{pack}.gtxpack"));
        let (_, v) = w.manifest("worker.worker.json");
        let gamma = &v["extensions"][1];
        assert_eq!(gamma["extension_id"], "greentic.gamma");
        assert_eq!(gamma["signed"], signed);
        assert_eq!(gamma["trusted"], false);
        assert_eq!(v["extensions"][0]["trusted"], true);
        if signed {
            assert_eq!(gamma["signer_key_id"].as_str().unwrap(), w.untrusted.key_id);
        } else {
            assert!(gamma["signer_key_id"].is_null());
        }
    }
}

#[test]
fn a_tampered_pack_is_refused_even_with_allow_unsigned() {
    let w = setup();
    let spec = w.spec(&["alpha-tampered", "gamma"], "");
    w.build(&spec)
        .arg("--allow-unsigned")
        .run()
        .code(1)
        .stderr_has("packs/alpha-tampered.gtxpack refused")
        // names the tampered entry
        .stderr_has("component.wasm");
    assert!(!w.path().join("worker.worker.json").exists());
}

#[test]
fn spec_errors_name_the_place_and_the_nearest_key() {
    let w = setup();
    let spec = w.spec(&["alpha"], "\n[limits]\nmax_iters = 3\n");
    let run = w.build(&spec).run();
    run.code(2);
    let err = w.normalize(run.stderr());
    // As rustc shows a finding: code and message, the place, the source line, the help.
    for part in [
        "error[E_WORKER_SPEC]: unknown field `max_iters`",
        "--> [TMP]/worker.toml:15:1",
        "15 | max_iters = 3",
        "did you mean `max_iter`?",
        "error: no manifest written: the worker spec is invalid (above)",
    ] {
        assert!(err.contains(part), "{part:?} in:\n{err}");
    }

    let p = w.env.write("worker.yaml", "name: w\ntenant: t\nkind: deep_worker\nllm:\n  provider: p\n  model: m\n  credentials: x\n");
    let run = w.build(&p).run();
    run.code(2);
    let err = w.normalize(run.stderr());
    assert!(
        err.contains("error[E_WORKER_SPEC]: llm: unknown field `credentials`"),
        "{err}"
    );
    assert!(err.contains("--> [TMP]/worker.yaml:7:3"), "{err}");
    assert!(err.contains("did you mean `credential_ref`?"), "{err}");

    let p = w.env.write("missing.toml", "name = \"w\"\ntenant = \"t\"\nkind = \"deep_worker\"\nextensions = [\"packs/nope.gtxpack\"]\n[llm]\nprovider = \"p\"\nmodel = \"m\"\n");
    let run = w.build(&p).run();
    run.code(2);
    let err = w.normalize(run.stderr());
    assert!(
        err.contains("error[E_WORKER_PACK]: cannot use pack"),
        "{err}"
    );
    assert!(err.contains("--> [TMP]/missing.toml:4:15"), "{err}");
    assert!(err.contains("at /extensions/0"), "{err}");
}

#[test]
fn yaml_and_json_specs_give_the_same_bytes_and_builds_are_deterministic() {
    let w = setup();
    let toml_spec = w.spec(&["alpha", "gamma"], "\n[limits]\nmax_iter = 4\n");
    w.build(&toml_spec).run().success();
    let first = std::fs::read(w.path().join("worker.worker.json")).unwrap();
    w.build(&toml_spec).run().success();
    assert_eq!(
        first,
        std::fs::read(w.path().join("worker.worker.json")).unwrap(),
        "same inputs, same bytes"
    );
    #[cfg(unix)]
    {
        // A manifest gets the mode a plain create gives (not a temp file's private 0600).
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let plain = w.env.write("plain", "x");
        assert_eq!(mode(&w.path().join("worker.worker.json")), mode(&plain));
    }
    let v: Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(
        v["limits"],
        serde_json::json!({"max_iter": 4, "timeout_seconds": 60, "max_history_turns": 20})
    );

    let yaml = "name: support-agent\ndescription: Answers customer questions.\ntenant: acme\nkind: agent_graph\n\
instructions: Be brief.\nlocale: en-GB\nllm:\n  provider: openai\n  model: gpt-4o\n  credential_ref: openai/api_key\n\
limits:\n  max_iter: 4\nextensions:\n  - packs/gamma.gtxpack\n  - packs/alpha.gtxpack\n";
    w.env.write("w2.yml", yaml);
    let json = serde_json::json!({
        "name": "support-agent", "description": "Answers customer questions.", "tenant": "acme",
        "kind": "agent_graph", "instructions": "Be brief.", "locale": "en-GB",
        "llm": {"provider": "openai", "model": "gpt-4o", "credential_ref": "openai/api_key"},
        "limits": {"max_iter": 4},
        "extensions": ["packs/alpha.gtxpack", "packs/gamma.gtxpack"]
    });
    w.env
        .write("w3.json", serde_json::to_string_pretty(&json).unwrap());
    for (spec, out_name) in [("w2.yml", "w2.worker.json"), ("w3.json", "w3.worker.json")] {
        w.build(&w.path().join(spec)).run().success();
        let got = read_json(&w.path().join(out_name));
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
    let w = setup();
    let spec = w.spec(&["alpha", "beta"], "\n[[tools]]\nextension_id = \"greentic.beta\"\ntool_name = \"search\"\n\n[[tools]]\nextension_id = \"greentic.alpha\"\ntool_name = \"a_both\"\n\n[[tools]]\nextension_id = \"greentic.alpha\"\ntool_name = \"a_badmeta\"\n\n[[tools]]\nextension_id = \"greentic.beta\"\ntool_name = \"b_write\"\n");
    let out_file = w.path().join("out/signed.json");
    w.build(&spec)
        .arg("--out")
        .arg(&out_file)
        .arg("--sign")
        .arg("--key")
        .arg(&w.trusted.secret)
        .run()
        .success()
        .stderr_has(&format!("signed by {}", w.trusted.key_id));
    let v = read_json(&out_file);
    assert_eq!(v["signature"]["algorithm"], "ed25519");
    assert_eq!(
        v["signature"]["publicKey"].as_str().unwrap(),
        w.trusted.public_b64
    );

    // The signature is the describe scheme: the real `gtdx verify` accepts the manifest file.
    w.env
        .gtdx_cmd(["verify"])
        .arg(&out_file)
        .arg("--trusted-keys")
        .arg(&w.trusted.public)
        .run()
        .success();

    let run = w
        .env
        .gtdx_cmd(["worker", "inspect"])
        .arg(&out_file)
        .arg("--trusted-keys")
        .arg(&w.trusted.public)
        .run();
    run.success();
    insta::assert_snapshot!("worker_inspect_human", w.normalize(run.stdout()));

    // No trust anchor: the signature is valid but proves nothing yet; exit 3, as `gtdx verify`
    // exits in the same situation.
    w.env.gtdx_cmd(["verify"]).arg(&out_file).run().code(3);
    w.env
        .gtdx_cmd(["worker", "inspect"])
        .arg(&out_file)
        .run()
        .code(3)
        .stdout_has("signer not checked: no trusted keys were given");

    let run = w
        .env
        .gtdx_cmd(["worker", "inspect", "--format", "json"])
        .arg(&out_file)
        .run();
    run.code(3);
    let j = run.json();
    assert_eq!(j["signature"]["status"], "valid");
    assert_eq!(j["signature"]["trusted"], Value::Null);
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
    w.env
        .gtdx_cmd(["worker", "inspect"])
        .arg(&out_file)
        .args(["--trusted-key", &w.untrusted.public_b64])
        .run()
        .code(3);

    // One changed field: the signature no longer verifies (exit 1).
    let tampered = std::fs::read_to_string(&out_file).unwrap().replace(
        "\"confirmation_required\": true",
        "\"confirmation_required\": false",
    );
    std::fs::write(&out_file, tampered).unwrap();
    w.env
        .gtdx_cmd(["worker", "inspect"])
        .arg(&out_file)
        .run()
        .code(1)
        .stdout_has("manifest signature: INVALID");
}

#[test]
fn inspect_rejects_a_file_that_is_not_a_manifest() {
    let w = setup();
    let p = w.env.write(
        "x.json",
        "{\"schema\": \"gtdx.worker-manifest/v1\", \"nmae\": 1}",
    );
    let run = w.env.gtdx_cmd(["worker", "inspect"]).arg(&p).run();
    run.code(2);
    let err = w.normalize(run.stderr());
    assert!(
        err.contains("[TMP]/x.json:1:") && err.contains("unknown field `nmae`"),
        "{err}"
    );
}

#[test]
fn the_same_pack_twice_collapses_two_packs_of_one_extension_do_not() {
    let w = setup();
    let spec = w.spec(&["gamma", "alpha", "gamma"], "");
    w.build(&spec)
        .run()
        .success()
        .stderr_has("I_WORKER_DUPLICATE_PACK");
    let (_, v) = w.manifest("worker.worker.json");
    assert_eq!(v["extensions"].as_array().unwrap().len(), 2);
    assert_eq!(
        tool_names(&v)
            .iter()
            .filter(|t| t.as_str() == "greentic.gamma/g_lookup")
            .count(),
        1
    );

    let spec = w.spec(&["gamma", "gamma-stranger"], "");
    let run = w.build(&spec).arg("--allow-unsigned").run();
    run.code(2);
    let err = w.normalize(run.stderr());
    for part in [
        "error[E_WORKER_EXTENSION_CONFLICT]: extension `greentic.gamma` is given twice with different contents",
        "--> [TMP]/worker.toml:1:38",
        "at /extensions/1",
    ] {
        assert!(err.contains(part), "{part:?} in:\n{err}");
    }
}
