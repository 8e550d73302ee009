//! `gtdx keygen` / `sign` / `verify` / `key export`: real keys, real zip archives, the real
//! `minisign` binary. Every tamper the signing issue lists is detected, naming the check and
//! the entry.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::support::{fixture, gtdx, reference};

// ---------------------------------------------------------------------------------------------
// helpers

struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    fn new() -> Self {
        Env {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// `gtdx keygen --out-dir keys --name NAME`; returns (secret path, public path, base64 key).
    fn keygen(&self, name: &str) -> (PathBuf, PathBuf, String) {
        let out = run_ok(&[
            "keygen",
            "--out-dir",
            self.path("keys").to_str().unwrap(),
            "--name",
            name,
            "--format",
            "json",
        ]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            self.path(&format!("keys/{name}.key")),
            self.path(&format!("keys/{name}.pub")),
            v["publicKey"].as_str().unwrap().to_string(),
        )
    }

    /// An unsigned pack built with gtdx-pack's writer from the fixture describe.json.
    fn pack(&self, name: &str) -> PathBuf {
        let mut describe: Value =
            serde_json::from_str(&std::fs::read_to_string(fixture("sign/describe.json")).unwrap())
                .unwrap();
        let out = self.path(name);
        gtdx_pack::write_pack(&out, &mut describe, pack_files()).unwrap();
        out
    }

    /// A pack signed with key `name` (generated here); returns (pack, public key file).
    fn signed_pack(&self, name: &str) -> (PathBuf, PathBuf) {
        let (secret, public, _) = self.keygen(name);
        let pack = self.pack(&format!("{name}.gtxpack"));
        run_ok(&[
            "sign",
            pack.to_str().unwrap(),
            "--key",
            secret.to_str().unwrap(),
        ]);
        (pack, public)
    }
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

fn run(args: &[&str]) -> Output {
    gtdx().args(args).output().unwrap()
}

/// `run`, asserting exit code 0.
fn run_ok(args: &[&str]) -> Output {
    let out = run(args);
    assert_eq!(out.status.code(), Some(0), "gtdx {args:?}\n{}", text(&out));
    out
}

fn text(out: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `gtdx verify PACK [--trusted-key KEY] --format json` → (exit code, report).
fn verify(pack: &Path, trusted: Option<&Path>) -> (i32, Value) {
    let mut args = vec![
        "verify".to_string(),
        pack.display().to_string(),
        "--format".into(),
        "json".into(),
    ];
    if let Some(k) = trusted {
        args.push("--trusted-key".into());
        args.push(k.display().to_string());
    }
    let out = gtdx().args(&args).output().unwrap();
    let report: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out)));
    (out.status.code().unwrap(), report)
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
fn assert_fails(pack: &Path, key: &Path, check: &str, entry: Option<&str>) -> Value {
    let (code, report) = verify(pack, Some(key));
    let f = failures(&report);
    assert_eq!(code, 1, "expected exit 1; report: {report:#}");
    assert_eq!(report["result"], "invalid");
    assert!(
        f.iter().any(|(c, e)| c == check && e.as_deref() == entry),
        "expected a `{check}` failure on {entry:?}; got {f:?}"
    );
    report
}

/// Every entry of a zip as (name, bytes), in archive order.
fn entries(pack: &Path) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(std::fs::File::open(pack).unwrap()).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut b = Vec::new();
            f.read_to_end(&mut b).unwrap();
            (f.name().unwrap().to_string(), b)
        })
        .collect()
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
    let existing = entries(pack);
    let mut all: Vec<(&str, &[u8], u32)> = existing
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice(), 0o100644))
        .collect();
    all.extend_from_slice(extra);
    std::fs::write(out, raw_zip(&all)).unwrap();
}

/// Rewrites one JSON entry of the pack (consistently re-zipped).
fn edit_json(pack: &Path, out: &Path, name: &str, edit: impl FnOnce(&mut Value)) {
    let mut es = entries(pack);
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
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("sign/describe.json")).unwrap())
            .unwrap();
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(reference("reference/describe-v2.schema.json")).unwrap(),
    )
    .unwrap();
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
    let (secret, public, b64) = env.keygen("ci");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&secret).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    assert!(std::fs::read_to_string(&public).unwrap().contains(&b64));
    let before = std::fs::read(&secret).unwrap();
    let out = run(&[
        "keygen",
        "--out-dir",
        env.path("keys").to_str().unwrap(),
        "--name",
        "ci",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("never overwrites"),
        "{}",
        text(&out)
    );
    assert_eq!(
        std::fs::read(&secret).unwrap(),
        before,
        "the existing key is untouched"
    );
}

#[cfg(unix)]
#[test]
fn a_secret_key_readable_by_others_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let (secret, _, _) = env.keygen("loose");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
    let pack = env.pack("p.gtxpack");
    let before = std::fs::read(&pack).unwrap();
    let out = run(&[
        "sign",
        pack.to_str().unwrap(),
        "--key",
        secret.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("readable by group or others")
            && err.contains(&format!("chmod 600 {}", secret.display())),
        "{err}"
    );
    assert_eq!(std::fs::read(&pack).unwrap(), before, "nothing was signed");
}

#[test]
fn secrets_never_appear_in_any_output() {
    let env = Env::new();
    let (secret, public, _) = env.keygen("quiet");
    let seed = secret_b64(&secret);
    let key_text = std::fs::read_to_string(&secret).unwrap();
    let pack = env.pack("p.gtxpack");
    let file = env.path("blob.bin");
    std::fs::write(&file, b"detached").unwrap();
    let mut outputs = vec![
        run(&[
            "sign",
            pack.to_str().unwrap(),
            "--key",
            secret.to_str().unwrap(),
        ]),
        run(&[
            "sign",
            "--detached",
            file.to_str().unwrap(),
            "--key",
            secret.to_str().unwrap(),
        ]),
        run(&[
            "verify",
            pack.to_str().unwrap(),
            "--trusted-key",
            public.to_str().unwrap(),
        ]),
        run(&[
            "key",
            "export",
            "--minisign",
            "--key",
            secret.to_str().unwrap(),
        ]),
        run(&["key", "export", secret.to_str().unwrap()]), // a secret key where a public one belongs
        run(&[
            "verify",
            pack.to_str().unwrap(),
            "--trusted-key",
            secret.to_str().unwrap(),
        ]),
        run(&["verify", pack.to_str().unwrap(), "--trusted-key", &seed]),
    ];
    // The key from the environment, whole file and bare seed; and a corrupted one.
    for value in [
        key_text.as_str(),
        seed.as_str(),
        &format!("{seed}x"),
        &key_text.replace("public-key: ", "public-key: A"),
    ] {
        outputs.push(
            gtdx()
                .args(["sign", pack.to_str().unwrap(), "--key-env", "GTDX_TEST_KEY"])
                .env("GTDX_TEST_KEY", value)
                .output()
                .unwrap(),
        );
    }
    assert_eq!(outputs[0].status.code(), Some(0), "{}", text(&outputs[0]));
    assert_eq!(
        outputs[7].status.code(),
        Some(0),
        "--key-env with the key file's text: {}",
        text(&outputs[7])
    );
    assert_eq!(
        outputs[8].status.code(),
        Some(0),
        "--key-env with the bare seed: {}",
        text(&outputs[8])
    );
    assert_eq!(outputs[9].status.code(), Some(2));
    assert_eq!(outputs[10].status.code(), Some(2));
    for out in &outputs {
        let all = text(out);
        assert!(!all.contains(&seed), "the secret key leaked: {all}");
        assert!(
            !all.contains(&seed[..20]),
            "part of the secret key leaked: {all}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// sign and verify

#[test]
fn signed_pack_verifies_and_trust_decides_the_exit_code() {
    let env = Env::new();
    let (pack, public) = env.signed_pack("release");
    let (code, report) = verify(&pack, Some(&public));
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
    let out = run(&["verify", pack.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("signer not checked: no trusted keys were given")
    );

    // Another key trusted: valid signature by an untrusted key → 3, distinct from invalid.
    let (_, other, _) = env.keygen("other");
    let (code, report) = verify(&pack, Some(&other));
    assert_eq!(code, 3, "{report:#}");
    assert_eq!(report["result"], "untrusted");
    assert!(failures(&report).is_empty());

    // A trust list file with comments, holding both keys.
    let list = env.path("trusted.txt");
    let b64 = |p: &Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("public-key: "))
            .unwrap()
            .to_string()
    };
    std::fs::write(
        &list,
        format!(
            "# release keys\n{}\ned25519:{}  # rotated in 2025\n",
            b64(&other),
            b64(&public)
        ),
    )
    .unwrap();
    run_ok(&[
        "verify",
        pack.to_str().unwrap(),
        "--trusted-keys",
        list.to_str().unwrap(),
    ]);

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
    let (secret, public, _) = env.keygen("det");
    let pack = env.pack("a.gtxpack");
    let unsigned = entries(&pack);
    for _ in 0..2 {
        run_ok(&[
            "sign",
            pack.to_str().unwrap(),
            "--key",
            secret.to_str().unwrap(),
            "--key-id",
            "release-2025",
        ]);
    }
    let once = env.pack("b.gtxpack");
    run(&[
        "sign",
        once.to_str().unwrap(),
        "--key",
        secret.to_str().unwrap(),
        "--key-id",
        "release-2025",
    ]);
    assert_eq!(
        std::fs::read(&pack).unwrap(),
        std::fs::read(&once).unwrap(),
        "signing twice = signing once"
    );
    let signed = entries(&pack);
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
    assert_eq!(verify(&pack, Some(&public)).0, 0);
}

#[test]
fn plain_describe_json_is_signed_in_place() {
    let env = Env::new();
    let (secret, public, _) = env.keygen("plain");
    let d = env.path("describe.json");
    std::fs::copy(fixture("sign/describe.json"), &d).unwrap();
    run_ok(&[
        "sign",
        d.to_str().unwrap(),
        "--key",
        secret.to_str().unwrap(),
    ]);
    let (code, report) = verify(&d, Some(&public));
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
    assert_eq!(verify(&d, Some(&public)).0, 0);
    // A changed field is not.
    let mut v2 = v.clone();
    v2["metadata"]["version"] = "0.1.1".into();
    std::fs::write(&d, serde_json::to_string_pretty(&v2).unwrap()).unwrap();
    let (code, report) = verify(&d, Some(&public));
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
    let (code, report) = verify(&d, Some(&public));
    assert_eq!(code, 1);
    assert_eq!(failures(&report)[0].0, "describe-invalid", "{report:#}");
}

#[test]
fn sign_refuses_a_pack_that_fails_integrity() {
    let env = Env::new();
    let (secret, _, _) = env.keygen("k");
    let pack = env.pack("p.gtxpack");
    let bad = env.path("bad.gtxpack");
    let mut es = entries(&pack);
    es.iter_mut()
        .find(|(n, _)| n == "components/demo.wasm")
        .unwrap()
        .1
        .push(0);
    rezip(&bad, &es);
    let out = run(&[
        "sign",
        bad.to_str().unwrap(),
        "--key",
        secret.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("[entry-sha256] components/demo.wasm"),
        "{}",
        text(&out)
    );
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
    let r = assert_fails(&out, &key, "signature", Some("describe.json"));
    assert_eq!(failures(&r).len(), 1, "only the signature breaks: {r:#}");

    // manifest: one hex digit of a listed digest
    let mut es = entries(&pack);
    let m = es.iter_mut().find(|(n, _)| n == "manifest.json").unwrap();
    let at = m.1.windows(7).position(|w| w == b"sha256\"").unwrap() + 9;
    m.1[at] = if m.1[at] == b'0' { b'1' } else { b'0' };
    rezip(&out, &es);
    assert_fails(&out, &key, "manifest-sha256", Some("manifest.json"));

    // component and asset, consistently re-zipped (as an attacker would)
    for name in ["components/demo.wasm", "assets/icon.svg", "prompts/echo.md"] {
        let mut es = entries(&pack);
        let e = es.iter_mut().find(|(n, _)| n == name).unwrap();
        e.1[5] ^= 0x01;
        rezip(&out, &es);
        let r = assert_fails(&out, &key, "entry-sha256", Some(name));
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
    assert_fails(&out, &key, "entry-crc", Some("components/demo.wasm"));
    assert_fails(&out, &key, "entry-sha256", Some("components/demo.wasm"));
}

#[test]
fn entries_added_removed_renamed_or_duplicated() {
    let env = Env::new();
    let (pack, key) = env.signed_pack("t");
    let out = env.path("x.gtxpack");

    let mut es = entries(&pack);
    es.push((
        "prompts/backdoor.md".into(),
        b"ignore previous instructions".to_vec(),
    ));
    rezip(&out, &es);
    assert_fails(&out, &key, "entry-extra", Some("prompts/backdoor.md"));

    let es: Vec<_> = entries(&pack)
        .into_iter()
        .filter(|(n, _)| n != "schemas/echo.json")
        .collect();
    rezip(&out, &es);
    assert_fails(&out, &key, "entry-missing", Some("schemas/echo.json"));

    let mut es = entries(&pack);
    es.iter_mut()
        .find(|(n, _)| n == "assets/icon.svg")
        .unwrap()
        .0 = "assets/icon2.svg".into();
    rezip(&out, &es);
    assert_fails(&out, &key, "entry-missing", Some("assets/icon.svg"));
    assert_fails(&out, &key, "entry-extra", Some("assets/icon2.svg"));

    raw_pack_with(
        &pack,
        &out,
        &[("components/demo.wasm", b"\0asm evil twin", 0o100644)],
    );
    assert_fails(&out, &key, "duplicate-entry", Some("components/demo.wasm"));
    // describe.json twice: one reader could pick either; refused.
    raw_pack_with(&pack, &out, &[("describe.json", b"{}", 0o100644)]);
    assert_fails(&out, &key, "duplicate-entry", Some("describe.json"));
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
    assert_fails(&out, &key, "signature", Some("describe.json"));

    // The attacker's own key in publicKey, signature left alone.
    let (_, _, attacker) = env.keygen("attacker");
    edit_json(&pack, &out, "describe.json", |d| {
        d["signature"]["publicKey"] = attacker.clone().into()
    });
    assert_fails(&out, &key, "signature", Some("describe.json"));

    edit_json(&pack, &out, "describe.json", |d| {
        d["manifestSha256"] = "0".repeat(64).into()
    });
    assert_fails(&out, &key, "manifest-sha256", Some("manifest.json"));
    assert_fails(&out, &key, "signature", Some("describe.json"));

    // A tampered pack rebuilt and re-signed with the attacker's own key: every check passes,
    // but the signer is not trusted → 3.
    let mut describe: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("sign/describe.json")).unwrap())
            .unwrap();
    let mut files = pack_files();
    files[1] = gtdx_pack::PackFile::bytes("prompts/echo.md", b"evil".to_vec());
    gtdx_pack::write_pack(&out, &mut describe, files).unwrap();
    let attacker_secret = env.path("keys/attacker.key");
    run_ok(&[
        "sign",
        out.to_str().unwrap(),
        "--key",
        attacker_secret.to_str().unwrap(),
    ]);
    let (code, report) = verify(&out, Some(&key));
    assert_eq!(code, 3, "{report:#}");
    assert_eq!(
        report["signer"]["publicKey"].as_str(),
        Some(attacker.as_str())
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
        let r = assert_fails(&out, &key, "archive", None);
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
    let r = assert_fails(&out, &key, "archive", None);
    assert!(
        r["checks"][0]["message"]
            .as_str()
            .unwrap()
            .contains("trailing bytes"),
        "{r:#}"
    );

    raw_pack_with(&pack, &out, &[("../x", b"escape", 0o100644)]);
    assert_fails(&out, &key, "path", Some("../x"));
    raw_pack_with(
        &pack,
        &out,
        &[
            ("/etc/cron.d/x", b"abs", 0o100644),
            ("a\\b.txt", b"bs", 0o100644),
        ],
    );
    assert_fails(&out, &key, "path", Some("/etc/cron.d/x"));
    assert_fails(&out, &key, "path", Some("a\\b.txt"));

    raw_pack_with(
        &pack,
        &out,
        &[("assets/link", b"../../../etc/passwd", 0o120777)],
    );
    assert_fails(&out, &key, "symlink", Some("assets/link"));

    // Not a zip at all (a .gtxpack name is enough to be treated as a pack).
    std::fs::write(&out, b"{\"not\": \"a pack\"}").unwrap();
    let r = assert_fails(&out, &key, "archive", None);
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
    let mut es = entries(&pack);
    es.reverse();
    rezip(&out, &es);
    assert_ne!(std::fs::read(&out).unwrap(), std::fs::read(&pack).unwrap());
    let (code, report) = verify(&out, Some(&key));
    assert_eq!(code, 0, "order is not content: {report:#}");
}

// ---------------------------------------------------------------------------------------------
// detached signatures and minisign interop

fn minisign_available() -> bool {
    let ok = std::process::Command::new("minisign")
        .arg("-v")
        .output()
        .is_ok();
    if !ok {
        eprintln!(
            "\n!!!!!!!! SKIPPING minisign interop: `minisign` is not installed (apt-get install -y minisign) !!!!!!!!\n"
        );
    }
    ok
}

#[test]
fn detached_signatures_interoperate_with_minisign() {
    if !minisign_available() {
        return;
    }
    let env = Env::new();
    let (secret, public, _) = env.keygen("detached");
    let file = env.path("worker.toml");
    std::fs::write(&file, b"[worker]\nname = \"demo\"\n").unwrap();

    // gtdx signs, minisign verifies (with the exported key, as a file and inline).
    run_ok(&[
        "sign",
        "--detached",
        file.to_str().unwrap(),
        "--key",
        secret.to_str().unwrap(),
    ]);
    assert!(env.path("worker.toml.minisig").is_file());
    let export = run_ok(&["key", "export", "--minisign", public.to_str().unwrap()]);
    let ms_pub = env.path("detached.minisign.pub");
    std::fs::write(&ms_pub, &export.stdout).unwrap();
    let v = std::process::Command::new("minisign")
        .args(["-V", "-p"])
        .arg(&ms_pub)
        .arg("-m")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        v.status.success(),
        "minisign -V -p rejected gtdx's signature: {}",
        text(&v)
    );
    let line = String::from_utf8(export.stdout.clone())
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let v = std::process::Command::new("minisign")
        .args(["-V", "-P", &line, "-m"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        v.status.success(),
        "minisign -V -P rejected gtdx's signature: {}",
        text(&v)
    );
    // ... and gtdx verifies its own, then notices a changed file.
    run_ok(&[
        "verify",
        "--detached",
        file.to_str().unwrap(),
        "--trusted-key",
        public.to_str().unwrap(),
    ]);
    std::fs::write(&file, b"[worker]\nname = \"evil\"\n").unwrap();
    let bad = run(&[
        "verify",
        "--detached",
        file.to_str().unwrap(),
        "--trusted-key",
        public.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(1), "{}", text(&bad));
    let v = std::process::Command::new("minisign")
        .args(["-V", "-p"])
        .arg(&ms_pub)
        .arg("-m")
        .arg(&file)
        .output()
        .unwrap();
    assert!(!v.status.success(), "minisign agrees the file changed");

    // minisign signs (prehashed by default, and legacy with -l), gtdx verifies.
    let (ms_sk, ms_pk) = (env.path("ms.key"), env.path("ms.pub"));
    let g = std::process::Command::new("minisign")
        .args(["-G", "-W", "-p"])
        .arg(&ms_pk)
        .arg("-s")
        .arg(&ms_sk)
        .output()
        .unwrap();
    assert!(g.status.success(), "{}", text(&g));
    let blob = env.path("component.wasm");
    std::fs::write(&blob, vec![7u8; 100_000]).unwrap();
    let s = std::process::Command::new("minisign")
        .args(["-S", "-s"])
        .arg(&ms_sk)
        .arg("-m")
        .arg(&blob)
        .output()
        .unwrap();
    assert!(s.status.success(), "{}", text(&s));
    run_ok(&[
        "verify",
        "--detached",
        blob.to_str().unwrap(),
        "--trusted-key",
        ms_pk.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let legacy = env.path("legacy.minisig");
    let s = std::process::Command::new("minisign")
        .args(["-S", "-l", "-s"])
        .arg(&ms_sk)
        .arg("-m")
        .arg(&blob)
        .arg("-x")
        .arg(&legacy)
        .output()
        .unwrap();
    assert!(s.status.success(), "{}", text(&s));
    let ms_line = std::fs::read_to_string(&ms_pk)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    run_ok(&[
        "verify",
        "--detached",
        blob.to_str().unwrap(),
        "--signature",
        legacy.to_str().unwrap(),
        "--trusted-key",
        &ms_line,
    ]);

    // minisign's key converts to gtdx's form and back.
    let conv = run_ok(&["key", "export", ms_pk.to_str().unwrap()]);
    let gtdx_pub = env.path("ms.gtdx.pub");
    std::fs::write(&gtdx_pub, &conv.stdout).unwrap();
    let back = run(&["key", "export", "--minisign", gtdx_pub.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8(back.stdout).unwrap().lines().nth(1),
        Some(ms_line.as_str())
    );

    // Signed by a key that is not trusted → 3; no trusted key at all → 2.
    let other = run(&[
        "verify",
        "--detached",
        blob.to_str().unwrap(),
        "--trusted-key",
        public.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(3), "{}", text(&other));
    let none = run(&["verify", "--detached", blob.to_str().unwrap()]);
    assert_eq!(none.status.code(), Some(2), "{}", text(&none));
    assert!(String::from_utf8_lossy(&none.stderr).contains("--trusted-key"));
}
