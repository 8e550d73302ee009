//! `gtdx keygen` / `sign` / `verify` / `key export`: real keys, real zip archives, the real
//! `minisign` binary. Every tamper the signing issue lists is detected, naming the check and
//! the entry.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Env, fixture, read_json, reference, require_tool, unzip};

// ---------------------------------------------------------------------------------------------
// helpers

/// The signing fixture's describe.json.
fn fixture_describe() -> Value {
    read_json(&fixture("sign/describe.json"))
}

fn pack_files() -> Vec<gtdx_pack::PackFile> {
    vec![
        gtdx_pack::PackFile::bytes(
            "components/demo.wasm",
            b"\0asm\x0d\0\x01\0component bytes".to_vec(),
        ),
        gtdx_pack::PackFile::bytes("prompts/echo.md", b"# Echo\nRepeat the text.\n".to_vec()),
        gtdx_pack::PackFile::bytes("schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        gtdx_pack::PackFile::bytes(
            "assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ]
}

/// The packs these tests sign: the fixture describe.json and [`pack_files`].
trait Packs {
    /// An unsigned pack at `rel`.
    fn unsigned_pack(&self, rel: &str) -> PathBuf;
    /// A pack signed with key `name` (generated here); returns (pack, public key file).
    fn signed_pack(&self, name: &str) -> (PathBuf, PathBuf);
}

impl Packs for Env {
    fn unsigned_pack(&self, rel: &str) -> PathBuf {
        self.pack(rel, &fixture_describe(), pack_files())
    }

    fn signed_pack(&self, name: &str) -> (PathBuf, PathBuf) {
        let key = self.keygen(name);
        let pack = self.unsigned_pack(&format!("{name}.gtxpack"));
        self.sign(&pack, &key);
        (pack, key.public)
    }
}

/// `gtdx verify PACK [--trusted-key KEY] --format json` → (exit code, report).
#[track_caller]
fn verify(env: &Env, pack: &Path, trusted: Option<&Path>) -> (i32, Value) {
    let mut cmd = env
        .gtdx_cmd(["verify"])
        .arg(pack)
        .args(["--format", "json"]);
    if let Some(k) = trusted {
        cmd = cmd.arg("--trusted-key").arg(k);
    }
    let run = cmd.run();
    (run.exit_code(), run.json())
}

/// The failed checks of a report, as (check, entry).
fn failures(report: &Value) -> Vec<(String, Option<String>)> {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] == "fail")
        .map(|c| {
            (
                c["check"].as_str().unwrap().to_string(),
                c["entry"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// Asserts that verify fails (exit 1) with `check` on `entry` among its failures.
#[track_caller]
fn assert_fails(env: &Env, pack: &Path, key: &Path, check: &str, entry: Option<&str>) -> Value {
    let (code, report) = verify(env, pack, Some(key));
    let f = failures(&report);
    assert_eq!(code, 1, "expected exit 1; report: {report:#}");
    assert_eq!(report["result"], "invalid");
    assert!(
        f.iter().any(|(c, e)| c == check && e.as_deref() == entry),
        "expected a `{check}` failure on {entry:?}; got {f:?}"
    );
    report
}

/// Writes a well-formed zip (consistent CRCs, as an attacker's tool would) of `entries`.
fn rezip(out: &Path, entries: &[(String, Vec<u8>)]) {
    let mut w = zip::ZipWriter::new(std::fs::File::create(out).unwrap());
    for (name, bytes) in entries {
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        w.start_file(name.as_str(), opts).unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap();
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A stored zip built byte by byte, so it can hold what zip writers refuse: duplicate names,
/// `../` paths, symlink modes. `mode` is the Unix mode (0o100644 for a file).
fn raw_zip(entries: &[(&str, &[u8], u32)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data, mode) in entries {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let common = |v: &mut Vec<u8>| {
            v.extend_from_slice(&20u16.to_le_bytes()); // version needed
            v.extend_from_slice(&0x0800u16.to_le_bytes()); // UTF-8 names
            v.extend_from_slice(&0u16.to_le_bytes()); // stored
            v.extend_from_slice(&0u16.to_le_bytes()); // time
            v.extend_from_slice(&0x21u16.to_le_bytes()); // date 1980-01-01
            v.extend_from_slice(&crc.to_le_bytes());
            v.extend_from_slice(&(data.len() as u32).to_le_bytes());
            v.extend_from_slice(&(data.len() as u32).to_le_bytes());
            v.extend_from_slice(&(name.len() as u16).to_le_bytes());
            v.extend_from_slice(&0u16.to_le_bytes()); // extra
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&((3u16 << 8) | 20).to_le_bytes()); // made by Unix
        common(&mut central);
        central.extend_from_slice(&0u16.to_le_bytes()); // comment
        central.extend_from_slice(&0u16.to_le_bytes()); // disk
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attrs
        central.extend_from_slice(&(mode << 16).to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

/// The pack's entries plus `extra`, as a raw zip at `out`.
fn raw_pack_with(pack: &Path, out: &Path, extra: &[(&str, &[u8], u32)]) {
    let existing = unzip(pack);
    let mut all: Vec<(&str, &[u8], u32)> = existing
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice(), 0o100644))
        .collect();
    all.extend_from_slice(extra);
    std::fs::write(out, raw_zip(&all)).unwrap();
}

/// Rewrites one JSON entry of the pack (consistently re-zipped).
fn edit_json(pack: &Path, out: &Path, name: &str, edit: impl FnOnce(&mut Value)) {
    let mut es = unzip(pack);
    let e = es.iter_mut().find(|(n, _)| n == name).unwrap();
    let mut v: Value = serde_json::from_slice(&e.1).unwrap();
    edit(&mut v);
    e.1 = serde_json::to_vec_pretty(&v).unwrap();
    rezip(out, &es);
}

fn secret_b64(secret: &Path) -> String {
    let text = std::fs::read_to_string(secret).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("secret-key: "))
        .unwrap()
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// the fixture itself

#[test]
fn fixture_describe_validates_against_the_published_schema() {
    let doc = fixture_describe();
    let schema = read_json(&reference("reference/describe-v2.schema.json"));
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    gtdx_contract::Describe::from_json_str(
        &std::fs::read_to_string(fixture("sign/describe.json")).unwrap(),
    )
    .unwrap();
}

// ---------------------------------------------------------------------------------------------
// keys

#[test]
fn keygen_writes_a_private_key_and_never_overwrites() {
    let env = Env::new();
    let key = env.keygen("ci");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&key.secret).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    assert!(
        std::fs::read_to_string(&key.public)
            .unwrap()
            .contains(&key.public_b64)
    );
    let before = std::fs::read(&key.secret).unwrap();
    env.gtdx(["keygen", "--out-dir", "keys", "--name", "ci"])
        .code(2)
        .stderr_has("never overwrites");
    assert_eq!(
        std::fs::read(&key.secret).unwrap(),
        before,
        "the existing key is untouched"
    );
}

#[cfg(unix)]
#[test]
fn a_secret_key_readable_by_others_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let key = env.keygen("loose");
    std::fs::set_permissions(&key.secret, std::fs::Permissions::from_mode(0o644)).unwrap();
    let pack = env.unsigned_pack("p.gtxpack");
    let before = std::fs::read(&pack).unwrap();
    env.gtdx_cmd(["sign"])
        .arg(&pack)
        .arg("--key")
        .arg(&key.secret)
        .run()
        .code(2)
        .stderr_has("readable by group or others")
        .stderr_has(&format!("chmod 600 {}", key.secret.display()));
    assert_eq!(std::fs::read(&pack).unwrap(), before, "nothing was signed");
}

#[test]
fn secrets_never_appear_in_any_output() {
    let env = Env::new();
    let key = env.keygen("quiet");
    let (secret, public) = (key.secret.to_str().unwrap(), key.public.to_str().unwrap());
    let seed = secret_b64(&key.secret);
    let key_text = std::fs::read_to_string(&key.secret).unwrap();
    let pack = env.unsigned_pack("p.gtxpack");
    let pack = pack.to_str().unwrap();
    let file = env.write("blob.bin", b"detached");
    let sign_from_env = |value: &str| {
        env.gtdx_cmd(["sign", pack, "--key-env", "GTDX_TEST_KEY"])
            .env("GTDX_TEST_KEY", value)
    };
    // Each command, the exit code it must give, and why; run in this order.
    let cases = [
        (
            "sign a pack",
            0,
            env.gtdx_cmd(["sign", pack, "--key", secret]),
        ),
        (
            "sign a file, detached",
            0,
            env.gtdx_cmd(["sign", "--detached"])
                .arg(&file)
                .args(["--key", secret]),
        ),
        (
            "verify the signed pack",
            0,
            env.gtdx_cmd(["verify", pack, "--trusted-key", public]),
        ),
        (
            "export the public half of a secret key",
            0,
            env.gtdx_cmd(["key", "export", "--minisign", "--key", secret]),
        ),
        (
            "a secret key where a public one belongs (key export)",
            2,
            env.gtdx_cmd(["key", "export", secret]),
        ),
        (
            "a secret key where a public one belongs (--trusted-key FILE)",
            2,
            env.gtdx_cmd(["verify", pack, "--trusted-key", secret]),
        ),
        (
            "the bare seed as --trusted-key",
            SEED_AS_TRUSTED_KEY,
            env.gtdx_cmd(["verify", pack, "--trusted-key", &seed]),
        ),
        (
            "--key-env holding the key file's text",
            0,
            sign_from_env(&key_text),
        ),
        ("--key-env holding the bare seed", 0, sign_from_env(&seed)),
        (
            "--key-env holding a corrupted seed",
            2,
            sign_from_env(&format!("{seed}x")),
        ),
        (
            "--key-env holding a key file with a corrupted public key",
            2,
            sign_from_env(&key_text.replace("public-key: ", "public-key: A")),
        ),
    ];
    for (what, code, cmd) in cases {
        let run = cmd.run();
        run.check(
            run.exit_code() == code,
            format_args!("{what}: exit code {code}"),
        );
        run.check(
            !run.stdout().contains(&seed[..20]) && !run.stderr().contains(&seed[..20]),
            format_args!("{what}: no part of the secret key in any output"),
        );
    }
}

/// What `gtdx verify --trusted-key <bare seed>` exits with: the 32 bytes of a seed read as a
/// public key are a valid key that did not sign the pack (untrusted signer).
const SEED_AS_TRUSTED_KEY: i32 = 3;

// ---------------------------------------------------------------------------------------------
// sign and verify

#[test]
fn signed_pack_verifies_and_trust_decides_the_exit_code() {
    let env = Env::new();
    let (pack, public) = env.signed_pack("release");
    let (code, report) = verify(&env, &pack, Some(&public));
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["result"], "valid");
    assert_eq!(report["kind"], "pack");
    assert_eq!(report["signer"]["trusted"], true);
    let checks: Vec<&str> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["check"].as_str().unwrap())
        .collect();
    assert_eq!(
        checks,
        [
            "archive",
            "manifest-sha256",
            "entries",
            "signature",
            "trust"
        ]
    );

    // No trust anchors: valid signature, signer not checked → 3, said plainly.
    env.gtdx_cmd(["verify"])
        .arg(&pack)
        .run()
        .code(3)
        .stdout_has("signer not checked: no trusted keys were given");

    // Another key trusted: valid signature by an untrusted key → 3, distinct from invalid.
    let other = env.keygen("other").public;
    let (code, report) = verify(&env, &pack, Some(&other));
    assert_eq!(code, 3, "{report:#}");
    assert_eq!(report["result"], "untrusted");
    assert!(failures(&report).is_empty());

    // A trust list file with comments, holding both keys.
    let b64 = |p: &Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("public-key: "))
            .unwrap()
            .to_string()
    };
    let list = env.write(
        "trusted.txt",
        format!(
            "# release keys\n{}\ned25519:{}  # rotated in 2025\n",
            b64(&other),
            b64(&public)
        ),
    );
    env.gtdx_cmd(["verify"])
        .arg(&pack)
        .arg("--trusted-keys")
        .arg(&list)
        .run()
        .success();

    // The signed describe is still a valid v2 manifest, and carries the signature block.
    let pack_read = gtdx_pack::read_pack(&pack).unwrap();
    let describe: Value = serde_json::from_slice(pack_read.describe.as_ref().unwrap()).unwrap();
    assert_eq!(describe["signature"]["algorithm"], "ed25519");
    assert_eq!(
        describe["signature"]["publicKey"].as_str(),
        Some(b64(&public).as_str())
    );
    gtdx_contract::Describe::from_json_str(
        std::str::from_utf8(pack_read.describe.as_ref().unwrap()).unwrap(),
    )
    .unwrap();
}

#[test]
fn signing_is_deterministic_and_leaves_other_entries_untouched() {
    let env = Env::new();
    let key = env.keygen("det");
    let pack = env.unsigned_pack("a.gtxpack");
    let unsigned = unzip(&pack);
    let sign_with_id = |p: &Path| {
        env.gtdx_cmd(["sign"])
            .arg(p)
            .arg("--key")
            .arg(&key.secret)
            .args(["--key-id", "release-2025"])
            .run()
            .success();
    };
    for _ in 0..2 {
        sign_with_id(&pack);
    }
    let once = env.unsigned_pack("b.gtxpack");
    sign_with_id(&once);
    assert_eq!(
        std::fs::read(&pack).unwrap(),
        std::fs::read(&once).unwrap(),
        "signing twice = signing once"
    );
    let signed = unzip(&pack);
    for ((n1, b1), (n2, b2)) in unsigned.iter().zip(&signed) {
        assert_eq!(n1, n2);
        if n1 != "describe.json" {
            assert_eq!(b1, b2, "{n1} changed");
        }
    }
    let d: Value =
        serde_json::from_slice(&signed.iter().find(|(n, _)| n == "describe.json").unwrap().1)
            .unwrap();
    assert_eq!(d["signature"]["keyId"], "release-2025");
    assert_eq!(verify(&env, &pack, Some(&key.public)).0, 0);
}

#[test]
fn plain_describe_json_is_signed_in_place() {
    let env = Env::new();
    let key = env.keygen("plain");
    let public = &key.public;
    let d = env.path("describe.json");
    std::fs::copy(fixture("sign/describe.json"), &d).unwrap();
    env.sign(&d, &key);
    let (code, report) = verify(&env, &d, Some(public));
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["kind"], "describe");
    // Key order and whitespace are not content.
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&d).unwrap()).unwrap();
    let mut obj: Vec<(String, Value)> = v.as_object().unwrap().clone().into_iter().collect();
    obj.reverse();
    let reordered: serde_json::Map<String, Value> = obj.into_iter().collect();
    std::fs::write(
        &d,
        serde_json::to_string(&Value::Object(reordered)).unwrap(),
    )
    .unwrap();
    assert_eq!(verify(&env, &d, Some(public)).0, 0);
    // A changed field is not.
    let mut v2 = v.clone();
    v2["metadata"]["version"] = "0.1.1".into();
    std::fs::write(&d, serde_json::to_string_pretty(&v2).unwrap()).unwrap();
    let (code, report) = verify(&env, &d, Some(public));
    assert_eq!(
        (code, failures(&report)),
        (
            1,
            vec![("signature".to_string(), Some("describe.json".to_string()))]
        )
    );
    // A duplicate key is refused rather than read one way or the other.
    let dup = std::fs::read_to_string(&d).unwrap().replacen(
        "{",
        "{\n  \"kind\": \"BundleExtension\",",
        1,
    );
    std::fs::write(&d, dup).unwrap();
    let (code, report) = verify(&env, &d, Some(public));
    assert_eq!(code, 1);
    assert_eq!(failures(&report)[0].0, "describe-invalid", "{report:#}");
}

#[test]
fn sign_refuses_a_pack_that_fails_integrity() {
    let env = Env::new();
    let key = env.keygen("k");
    let pack = env.unsigned_pack("p.gtxpack");
    let bad = env.path("bad.gtxpack");
    let mut es = unzip(&pack);
    es.iter_mut()
        .find(|(n, _)| n == "components/demo.wasm")
        .unwrap()
        .1
        .push(0);
    rezip(&bad, &es);
    env.gtdx_cmd(["sign"])
        .arg(&bad)
        .arg("--key")
        .arg(&key.secret)
        .run()
        .code(2)
        .stderr_has("[entry-sha256] components/demo.wasm");
}

// ---------------------------------------------------------------------------------------------
// every tamper is detected, naming the check and the entry

#[test]
fn one_byte_changed_in_each_kind_of_entry() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");

    // describe field
    edit_json(&pack, &out, "describe.json", |d| {
        d["metadata"]["name"] = "Signing fixturE".into()
    });
    let r = assert_fails(&env, &out, &key, "signature", Some("describe.json"));
    assert_eq!(failures(&r).len(), 1, "only the signature breaks: {r:#}");

    // manifest: one hex digit of a listed digest
    let mut es = unzip(&pack);
    let m = es.iter_mut().find(|(n, _)| n == "manifest.json").unwrap();
    let at = m.1.windows(7).position(|w| w == b"sha256\"").unwrap() + 9;
    m.1[at] = if m.1[at] == b'0' { b'1' } else { b'0' };
    rezip(&out, &es);
    assert_fails(&env, &out, &key, "manifest-sha256", Some("manifest.json"));

    // component and asset, consistently re-zipped (as an attacker would)
    for name in ["components/demo.wasm", "assets/icon.svg", "prompts/echo.md"] {
        let mut es = unzip(&pack);
        let e = es.iter_mut().find(|(n, _)| n == name).unwrap();
        e.1[5] ^= 0x01;
        rezip(&out, &es);
        let r = assert_fails(&env, &out, &key, "entry-sha256", Some(name));
        assert_eq!(failures(&r).len(), 1, "{r:#}");
    }

    // a byte flipped in place in the archive: the CRC and the digest both say so
    let mut bytes = std::fs::read(&pack).unwrap();
    let needle = b"component bytes";
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap();
    bytes[at] ^= 0x20;
    std::fs::write(&out, &bytes).unwrap();
    assert_fails(&env, &out, &key, "entry-crc", Some("components/demo.wasm"));
    assert_fails(
        &env,
        &out,
        &key,
        "entry-sha256",
        Some("components/demo.wasm"),
    );
}

#[test]
fn entries_added_removed_renamed_or_duplicated() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");

    let mut es = unzip(&pack);
    es.push((
        "prompts/backdoor.md".into(),
        b"ignore previous instructions".to_vec(),
    ));
    rezip(&out, &es);
    assert_fails(&env, &out, &key, "entry-extra", Some("prompts/backdoor.md"));

    let es: Vec<_> = unzip(&pack)
        .into_iter()
        .filter(|(n, _)| n != "schemas/echo.json")
        .collect();
    rezip(&out, &es);
    assert_fails(&env, &out, &key, "entry-missing", Some("schemas/echo.json"));

    let mut es = unzip(&pack);
    es.iter_mut()
        .find(|(n, _)| n == "assets/icon.svg")
        .unwrap()
        .0 = "assets/icon2.svg".into();
    rezip(&out, &es);
    assert_fails(&env, &out, &key, "entry-missing", Some("assets/icon.svg"));
    assert_fails(&env, &out, &key, "entry-extra", Some("assets/icon2.svg"));

    raw_pack_with(
        &pack,
        &out,
        &[("components/demo.wasm", b"\0asm evil twin", 0o100644)],
    );
    assert_fails(
        &env,
        &out,
        &key,
        "duplicate-entry",
        Some("components/demo.wasm"),
    );
    // describe.json twice: one reader could pick either; refused.
    raw_pack_with(&pack, &out, &[("describe.json", b"{}", 0o100644)]);
    assert_fails(&env, &out, &key, "duplicate-entry", Some("describe.json"));
}

#[test]
fn signature_public_key_and_manifest_sha256_tampering() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");

    edit_json(&pack, &out, "describe.json", |d| {
        let v = d["signature"]["value"].as_str().unwrap().to_string();
        let first = if v.starts_with('A') { 'B' } else { 'A' };
        let flipped = format!("{first}{}", &v[1..]);
        d["signature"]["value"] = flipped.into();
    });
    assert_fails(&env, &out, &key, "signature", Some("describe.json"));

    // The attacker's own key in publicKey, signature left alone.
    let attacker = env.keygen("attacker");
    edit_json(&pack, &out, "describe.json", |d| {
        d["signature"]["publicKey"] = attacker.public_b64.clone().into()
    });
    assert_fails(&env, &out, &key, "signature", Some("describe.json"));

    edit_json(&pack, &out, "describe.json", |d| {
        d["manifestSha256"] = "0".repeat(64).into()
    });
    assert_fails(&env, &out, &key, "manifest-sha256", Some("manifest.json"));
    assert_fails(&env, &out, &key, "signature", Some("describe.json"));

    // A tampered pack rebuilt and re-signed with the attacker's own key: every check passes,
    // but the signer is not trusted → 3.
    let mut files = pack_files();
    files[1] = gtdx_pack::PackFile::bytes("prompts/echo.md", b"evil".to_vec());
    let out = env.pack("x.gtxpack", &fixture_describe(), files);
    env.sign(&out, &attacker);
    let (code, report) = verify(&env, &out, Some(&key));
    assert_eq!(code, 3, "{report:#}");
    assert_eq!(
        report["signer"]["publicKey"].as_str(),
        Some(attacker.public_b64.as_str())
    );
}

#[test]
fn truncated_trailing_garbage_escaping_paths_and_symlinks() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");
    let bytes = std::fs::read(&pack).unwrap();

    for cut in [1, 30, bytes.len() / 2] {
        std::fs::write(&out, &bytes[..bytes.len() - cut]).unwrap();
        let r = assert_fails(&env, &out, &key, "archive", None);
        assert!(
            r["checks"][0]["message"]
                .as_str()
                .unwrap()
                .contains("truncated"),
            "{r:#}"
        );
    }

    let mut trailing = bytes.clone();
    trailing.extend_from_slice(b"\0\0 appended payload");
    std::fs::write(&out, &trailing).unwrap();
    let r = assert_fails(&env, &out, &key, "archive", None);
    assert!(
        r["checks"][0]["message"]
            .as_str()
            .unwrap()
            .contains("trailing bytes"),
        "{r:#}"
    );

    raw_pack_with(&pack, &out, &[("../x", b"escape", 0o100644)]);
    assert_fails(&env, &out, &key, "path", Some("../x"));
    raw_pack_with(
        &pack,
        &out,
        &[
            ("/etc/cron.d/x", b"abs", 0o100644),
            ("a\\b.txt", b"bs", 0o100644),
        ],
    );
    assert_fails(&env, &out, &key, "path", Some("/etc/cron.d/x"));
    assert_fails(&env, &out, &key, "path", Some("a\\b.txt"));

    raw_pack_with(
        &pack,
        &out,
        &[("assets/link", b"../../../etc/passwd", 0o120777)],
    );
    assert_fails(&env, &out, &key, "symlink", Some("assets/link"));

    // Not a zip at all (a .gtxpack name is enough to be treated as a pack).
    std::fs::write(&out, b"{\"not\": \"a pack\"}").unwrap();
    let r = assert_fails(&env, &out, &key, "archive", None);
    assert!(
        r["checks"][0]["message"]
            .as_str()
            .unwrap()
            .contains("not a zip archive"),
        "{r:#}"
    );
}

#[test]
fn reordered_entries_still_verify() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");
    let mut es = unzip(&pack);
    es.reverse();
    rezip(&out, &es);
    assert_ne!(std::fs::read(&out).unwrap(), std::fs::read(&pack).unwrap());
    let (code, report) = verify(&env, &out, Some(&key));
    assert_eq!(code, 0, "order is not content: {report:#}");
}

// ---------------------------------------------------------------------------------------------
// detached signatures and minisign interop

#[test]
fn detached_signatures_interoperate_with_minisign() {
    let Some(minisign) = require_tool("minisign") else {
        return;
    };
    let env = Env::new();
    let key = env.keygen("detached");
    let public = key.public.to_str().unwrap();
    let file = env.write("worker.toml", b"[worker]\nname = \"demo\"\n");

    // gtdx signs, minisign verifies (with the exported key, as a file and inline).
    env.gtdx_cmd(["sign", "--detached"])
        .arg(&file)
        .arg("--key")
        .arg(&key.secret)
        .run()
        .success();
    assert!(env.path("worker.toml.minisig").is_file());
    let export = env.gtdx(["key", "export", "--minisign", public]);
    export.success();
    let ms_pub = env.write("detached.minisign.pub", export.stdout_bytes());
    let minisign_verifies = |with: &[&str]| {
        env.tool(&minisign, ["-V"])
            .args(with)
            .arg("-m")
            .arg(&file)
            .run()
    };
    minisign_verifies(&["-p", ms_pub.to_str().unwrap()]).success();
    let line = export.stdout().lines().nth(1).unwrap().to_string();
    minisign_verifies(&["-P", &line]).success();
    // ... and gtdx verifies its own, then notices a changed file.
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&file)
        .args(["--trusted-key", public])
        .run()
        .success();
    std::fs::write(&file, b"[worker]\nname = \"evil\"\n").unwrap();
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&file)
        .args(["--trusted-key", public])
        .run()
        .code(1);
    // minisign agrees the file changed.
    minisign_verifies(&["-p", ms_pub.to_str().unwrap()]).failure();

    // minisign signs (prehashed by default, and legacy with -l), gtdx verifies.
    let (ms_sk, ms_pk) = (env.path("ms.key"), env.path("ms.pub"));
    env.tool(&minisign, ["-G", "-W", "-p"])
        .arg(&ms_pk)
        .arg("-s")
        .arg(&ms_sk)
        .run()
        .success();
    let blob = env.write("component.wasm", vec![7u8; 100_000]);
    env.tool(&minisign, ["-S", "-s"])
        .arg(&ms_sk)
        .arg("-m")
        .arg(&blob)
        .run()
        .success();
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&blob)
        .arg("--trusted-key")
        .arg(&ms_pk)
        .args(["--format", "json"])
        .run()
        .success();
    let legacy = env.path("legacy.minisig");
    env.tool(&minisign, ["-S", "-l", "-s"])
        .arg(&ms_sk)
        .arg("-m")
        .arg(&blob)
        .arg("-x")
        .arg(&legacy)
        .run()
        .success();
    let ms_line = std::fs::read_to_string(&ms_pk)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&blob)
        .arg("--signature")
        .arg(&legacy)
        .args(["--trusted-key", &ms_line])
        .run()
        .success();

    // minisign's key converts to gtdx's form and back.
    let conv = env.gtdx_cmd(["key", "export"]).arg(&ms_pk).run();
    conv.success();
    let gtdx_pub = env.write("ms.gtdx.pub", conv.stdout_bytes());
    let back = env
        .gtdx_cmd(["key", "export", "--minisign"])
        .arg(&gtdx_pub)
        .run();
    back.success().check(
        back.stdout().lines().nth(1) == Some(ms_line.as_str()),
        format_args!("the second line of stdout is minisign's key line {ms_line}"),
    );

    // Signed by a key that is not trusted → 3; no trusted key at all → 2.
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&blob)
        .args(["--trusted-key", public])
        .run()
        .code(3);
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&blob)
        .run()
        .code(2)
        .stderr_has("--trusted-key");
}
