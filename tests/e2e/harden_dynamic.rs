//! Hardening, round two (issue #30): dynamic admission (items 10 and 11) and the verification
//! of v1 signatures (item 15), on the real `gtdx` binary.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{Env, Run, fixture, read, read_json, require_tool};

fn crm() -> PathBuf {
    fixture("dynamic/crm.describe.json")
}

/// `gtdx dynamic admit --org acme --manifest MANIFEST --descriptors FILE EXTRA`, not yet run.
fn admit_cmd(
    env: &Env,
    manifest: &Path,
    descriptors: &Path,
    extra: &[&str],
) -> crate::support::Cmd {
    env.gtdx_cmd(["dynamic", "admit", "--org", "acme"])
        .arg("--manifest")
        .arg(manifest)
        .arg("--descriptors")
        .arg(descriptors)
        .args(extra)
}

/// A good catalog for connection `c` in `cat/`, synced from the passing fixture; its bytes.
fn good_catalog(env: &Env) -> Vec<u8> {
    admit_cmd(
        env,
        &crm(),
        &fixture("dynamic/passes.json"),
        &["--catalog", "cat", "--connection", "c"],
    )
    .run()
    .code(0);
    std::fs::read(env.path("cat/c.json")).unwrap()
}

/// The catalog is the good one still, and `catalog show` reads it.
#[track_caller]
fn catalog_kept(env: &Env, good: &[u8]) {
    assert!(
        std::fs::read(env.path("cat/c.json")).unwrap() == good,
        "the catalog changed"
    );
    let shown = env
        .gtdx([
            "dynamic",
            "catalog",
            "show",
            "--catalog",
            "cat",
            "--connection",
            "c",
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(shown["tools"].as_array().map(Vec::len), Some(4), "{shown}");
}

/// One descriptor of the passing fixture, for executor `get_record`, with key `key`.
fn descriptor(key: &str, description: &str) -> Value {
    json!({
        "key": key,
        "name": "Get Contact",
        "description": description,
        "input": {"type": "object", "properties": {}},
        "dispatch": {"tool": "get_record", "bind": {"object_type": "contact"}}
    })
}

// ---------------------------------------------------------------------------------------------
// 10. One hostile discovery result cannot destroy a catalog.

/// A million `{}` (3 MB, under the 32 MiB file cap) once exited 0 and replaced a good catalog
/// with a 118 MB one that gtdx's own 64 MiB cap then refused.
#[test]
fn one_hostile_discovery_result_cannot_destroy_a_catalog_a_million_descriptors() {
    let env = Env::new();
    let good = good_catalog(&env);
    let mut million = String::with_capacity(3_000_002);
    million.push('[');
    for i in 0..1_000_000 {
        if i > 0 {
            million.push(',');
        }
        million.push_str("{}");
    }
    million.push(']');
    let file = env.write("million.json", &million);
    for format in ["human", "json"] {
        let run = admit_cmd(
            &env,
            &crm(),
            &file,
            &["--catalog", "cat", "--connection", "c", "--format", format],
        )
        .run();
        run.code(2).stderr_has_all(&[
            "million.json: discovery failed: the discovery result holds more than 10,000 descriptors",
            "`DESCRIPTOR_COUNT` in docs/security.md",
            "return at most 10,000 descriptors",
            "The catalog of connection `c` is unchanged: the last successful sync (#1) with 4 tools stays",
        ]);
        catalog_kept(&env, &good);
    }
    // The same on stdin.
    env.gtdx_cmd([
        "dynamic",
        "admit",
        "--org",
        "acme",
        "--catalog",
        "cat",
        "--connection",
        "c",
    ])
    .arg("--manifest")
    .arg(crm())
    .stdin(million.into_bytes())
    .run()
    .code(2)
    .stderr_has("more than 10,000 descriptors");
    catalog_kept(&env, &good);
    // At the cap, admission runs (everything rejected, each `{}` named by its pointer only).
    let at_cap = format!("[{}]", vec!["{}"; 10_000].join(","));
    let at = env.write("at-cap.json", at_cap);
    let r = admit_cmd(&env, &crm(), &at, &["--format", "json"]).run();
    r.code(0);
    assert_eq!(r.json()["counts"]["rejected"], 10_000);
}

/// `Maximum resident set size` from `/usr/bin/time -v`'s report, in KiB.
fn max_rss_kib(run: &Run) -> u64 {
    run.stderr()
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| run.fail("a `Maximum resident set size` line from /usr/bin/time -v"))
}

/// 20 MB of `0`s in one array took 5.4 GB of memory as parsed values; in one descriptor, 1.6
/// GB. Both are now refused by counting, before any value is built.
#[test]
fn one_hostile_discovery_result_cannot_destroy_a_catalog_zeros_in_bounded_memory() {
    let Some(time) = require_tool("time") else {
        return;
    };
    let env = Env::new();
    let good = good_catalog(&env);
    let zeros = |n: usize| {
        let mut s = String::with_capacity(2 * n + 2);
        for i in 0..n {
            if i > 0 {
                s.push(',');
            }
            s.push('0');
        }
        s
    };
    let ten_million = zeros(10_000_000);
    let top = env.write("zeros.json", format!("[{ten_million}]"));
    let nested = env.write(
        "nested.json",
        format!(
            r#"[{{"key":"a","name":"n","description":"d","input":{{"type":"object","x":[{ten_million}]}},"dispatch":{{"tool":"get_record"}}}}]"#
        ),
    );
    drop(ten_million);
    for (file, says) in [
        (&top, "more than 10,000 descriptors"),
        (&nested, "more than 1,000,000 JSON values"),
    ] {
        assert!(std::fs::metadata(file).unwrap().len() >= 20_000_000);
        let started = Instant::now();
        let run = env
            .tool(&time, ["-v"])
            .arg(env!("CARGO_BIN_EXE_gtdx"))
            .args(["dynamic", "admit", "--org", "acme", "--catalog", "cat"])
            .args(["--connection", "c", "--manifest"])
            .arg(crm())
            .arg("--descriptors")
            .arg(file)
            .run();
        let took = started.elapsed();
        run.code(2).stderr_has(says).stderr_has("is unchanged");
        // The file itself (20 MB) is read whole; parsed values would be gigabytes.
        let rss = max_rss_kib(&run);
        assert!(
            rss < 200 * 1024,
            "{} used {rss} KiB at most; values must not be built past the caps",
            file.display()
        );
        assert!(took < Duration::from_secs(20), "{took:?}");
        catalog_kept(&env, &good);
    }
}

/// A result within the caps can still make a catalog larger than gtdx reads back (here, binds
/// of nested arrays, which the catalog's indented form multiplies a hundredfold): the sync
/// fails, nothing is written, and the last catalog stays readable.
#[test]
fn one_hostile_discovery_result_cannot_destroy_a_catalog_never_written_past_the_cap() {
    let env = Env::new();
    let good = good_catalog(&env);
    let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let padding: Value = serde_json::from_str(&format!("[{}]", vec![deep; 70].join(","))).unwrap();
    let list: Vec<Value> = (0..50)
        .map(|i| {
            let mut d = descriptor(&format!("contact{i:02}.get_record"), "Get a contact.");
            d["dispatch"]["bind"]["padding"] = padding.clone();
            d
        })
        .collect();
    let file = env.write("padded.json", serde_json::to_vec(&list).unwrap());
    assert!(std::fs::metadata(&file).unwrap().len() < 2 << 20);
    // Without a catalog, admission admits them (the report is only printed).
    let r = admit_cmd(&env, &crm(), &file, &["--format", "json"]).run();
    r.code(0);
    assert_eq!(r.json()["counts"]["admitted"], 50);
    admit_cmd(&env, &crm(), &file, &["--catalog", "cat", "--connection", "c"])
        .run()
        .code(2)
        .stderr_has_all(&[
            "the catalog of connection `c` would be ",
            "MiB, more than the 64 MiB gtdx reads back (`CATALOG` in docs/security.md); nothing was written,",
            "Admit fewer tools",
        ]);
    catalog_kept(&env, &good);
    let leftovers: Vec<_> = std::fs::read_dir(env.path("cat"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "c.json" && n != "c.lock")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// What a rejected descriptor's report repeats is bounded by the descriptor count: an over-long
/// key, member name or `dispatch.tool` is described, not repeated.
#[test]
fn one_hostile_discovery_result_cannot_destroy_a_catalog_the_report_stays_bounded() {
    let env = Env::new();
    let long = "k".repeat(100_000);
    let mut member = descriptor("m.get_record", "d");
    member[&long] = json!(1);
    let mut dispatch_member = descriptor("dm.get_record", "d");
    dispatch_member["dispatch"][&long] = json!(1);
    let mut tool = descriptor("t.get_record", "d");
    tool["dispatch"]["tool"] = json!(long);
    let list = json!([descriptor(&long, "d"), member, dispatch_member, tool]);
    let file = env.write("long.json", serde_json::to_vec(&list).unwrap());
    for format in ["json", "human"] {
        let r = admit_cmd(&env, &crm(), &file, &["--format", format]).run();
        r.code(0);
        assert!(
            r.stdout().len() < 8_000,
            "{} bytes of report for 4 descriptors:\n{}",
            r.stdout().len(),
            &r.stdout()[..2000.min(r.stdout().len())]
        );
    }
    let r = admit_cmd(&env, &crm(), &file, &["--format", "json"]).run();
    let rejected = &r.json()["rejected"];
    assert_eq!(rejected.as_array().map(Vec::len), Some(4), "{rejected}");
    assert_eq!(rejected[0]["pointer"], "/0/key");
    assert!(rejected[0].get("key").is_none(), "{}", rejected[0]);
    assert_eq!(rejected[1]["pointer"], "/1");
    assert!(
        rejected[1]["reason"]
            .as_str()
            .unwrap()
            .starts_with("unknown member (a name of 100000 bytes)"),
        "{}",
        rejected[1]
    );
    assert_eq!(rejected[2]["pointer"], "/2/dispatch");
    assert_eq!(rejected[3]["pointer"], "/3/dispatch/tool");
    assert!(
        rejected[3]["reason"]
            .as_str()
            .unwrap()
            .contains("longer than 256 bytes"),
        "{}",
        rejected[3]
    );
}

// ---------------------------------------------------------------------------------------------
// 11. Neutralisation is linear.

/// The fastest of three runs of admitting one descriptor whose description is `n` `<`.
fn admit_angles(env: &Env, n: usize) -> Duration {
    let file = env.write(
        &format!("angles-{n}.json"),
        serde_json::to_vec(&json!([descriptor("a.get_record", &"<".repeat(n))])).unwrap(),
    );
    (0..3)
        .map(|_| {
            let started = Instant::now();
            let r = admit_cmd(env, &crm(), &file, &["--format", "json"]).run();
            let took = started.elapsed();
            r.code(0);
            let v = r.json();
            assert_eq!(v["counts"]["admitted"], 1, "{}", &r.stdout()[..500]);
            // Every `<` is markup left over: the description neutralises to nothing.
            assert_eq!(v["admitted"][0]["agent"]["description"], "");
            took
        })
        .min()
        .unwrap()
}

/// 200,000 `<` took 1.1 s, 400,000 4.9 s, 800,000 18.9 s (a search for `>` after every `<`).
/// Linear now: eight times the input takes about eight times as long (less, with the process's
/// start), where quadratic work took sixty-four times; the bound sits between the two.
#[test]
fn neutralisation_is_linear() {
    let env = Env::new();
    let small = admit_angles(&env, 100_000);
    let large = admit_angles(&env, 800_000);
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(0.001);
    assert!(
        ratio < 20.0,
        "100,000 `<`: {small:?}; 800,000: {large:?} ({ratio:.1} times): not linear"
    );
    assert!(large < Duration::from_secs(3), "800,000 `<` took {large:?}");
}

// ---------------------------------------------------------------------------------------------
// 15. v1 signatures verify again.

/// The real v1 signed files (tests/fixtures/sign/v1/README.md) and the key they are signed with.
fn v1_files() -> Vec<PathBuf> {
    let dir = fixture("sign/v1");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".describe.json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    files
}

fn release_key() -> PathBuf {
    fixture("sign/v1/platform-release.pub")
}

const AS_WRITTEN: &str = "checked over the document's own RFC 8785 form, as v1 tooling signed greentic.ai/v1 files (they have no normalised form)";

#[test]
fn v1_signatures_verify_again() {
    let env = Env::new();
    for file in v1_files() {
        let doc = read_json(&file);
        assert_eq!(doc["apiVersion"], "greentic.ai/v1");
        let f = file.to_str().unwrap();
        let key = release_key();
        let key = key.to_str().unwrap();
        env.gtdx(["verify", f, "--trusted-key", key])
            .code(0)
            .stdout_has_all(&[": valid", AS_WRITTEN, "`gtdx migrate` it"]);
        let report = env
            .gtdx(["verify", f, "--trusted-key", key, "--format", "json"])
            .code(0)
            .json();
        assert_eq!(report["result"], "valid");
        assert_eq!(
            report["signer"]["publicKey"],
            "66L1j2dtYwoRQ2R6Bt8qkshdZmdb2IW8lLRgibxAI60="
        );
        assert_eq!(report["signer"]["trusted"], true);
        let signature = report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "signature")
            .unwrap();
        assert_eq!(signature["status"], "pass");
        assert!(
            signature["message"].as_str().unwrap().contains(AS_WRITTEN),
            "{signature}"
        );
        // Without the key the signature still holds; the signer is not trusted (exit 3).
        env.gtdx(["verify", f]).code(3).stdout_has(AS_WRITTEN);
    }
}

#[test]
fn v1_signatures_verify_again_and_one_changed_byte_fails() {
    let env = Env::new();
    for file in v1_files() {
        let text = read(&file);
        // One byte of the version (`1.2.3` → `1.2.4` and the like).
        let at = text.find("\"version\":\"").unwrap() + "\"version\":\"".len() + 4;
        let mut bytes = text.into_bytes();
        bytes[at] = if bytes[at] == b'9' {
            b'8'
        } else {
            bytes[at] + 1
        };
        let name = file.file_name().unwrap().to_str().unwrap();
        let tampered = env.write(&format!("tampered/{name}"), &bytes);
        let key = release_key();
        let run = env.gtdx([
            "verify",
            tampered.to_str().unwrap(),
            "--trusted-key",
            key.to_str().unwrap(),
        ]);
        run.code(1).stdout_has_all(&[
            "INVALID",
            "the signature does not match the document",
            AS_WRITTEN,
        ]);
    }
}
