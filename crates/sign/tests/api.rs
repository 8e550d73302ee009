//! The library API the worker uses: sign a pack, verify it by path or as already read.

use gtdx_sign::{Outcome, SecretKey, TrustPolicy, VerifyOptions};

fn pack(dir: &std::path::Path) -> std::path::PathBuf {
    let out = dir.join("p.gtxpack");
    // A describe.json the platform's loader accepts: only such a document can be signed.
    let mut describe: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/sign/describe.json")).unwrap();
    gtdx_pack::write_pack(
        &out,
        &mut describe,
        vec![gtdx_pack::PackFile::bytes("c.wasm", b"\0asm".to_vec())],
    )
    .unwrap();
    out
}

#[test]
fn sign_then_verify_by_path_and_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let p = pack(dir.path());
    let key = SecretKey::generate();
    gtdx_sign::sign_pack(&p, &key, None).unwrap();

    let trusted = TrustPolicy::new(vec![key.public()]);
    let rep = gtdx_sign::verify_pack(&p, &trusted).unwrap();
    assert_eq!(rep.result, Outcome::Valid, "{rep:#?}");
    assert_eq!(rep.exit_code(), 0);

    let keep = |n: &str| n == "c.wasm";
    let loaded = gtdx_pack::read_pack_with(
        &p,
        &gtdx_pack::ReadOptions {
            keep: Some(&keep),
            ..Default::default()
        },
    )
    .unwrap();
    let rep = gtdx_sign::verify_loaded_pack(&loaded, &trusted, VerifyOptions::default());
    assert_eq!(rep.result, Outcome::Valid);
    assert_eq!(
        loaded.entry("c.wasm").unwrap().bytes.as_deref(),
        Some(&b"\0asm"[..])
    );

    let rep = gtdx_sign::verify_pack(&p, &TrustPolicy::default()).unwrap();
    assert_eq!((rep.result, rep.exit_code()), (Outcome::Untrusted, 3));
    let other = TrustPolicy::new(vec![SecretKey::generate().public()]);
    assert_eq!(
        gtdx_sign::verify_pack(&p, &other).unwrap().result,
        Outcome::Untrusted
    );
}

#[test]
fn detached_round_trip_and_tamper() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("w.toml");
    std::fs::write(&f, b"name = 1\n").unwrap();
    let key = SecretKey::generate();
    let sig = gtdx_sign::sign_detached(&f, &key, Some("release 1")).unwrap();
    let trusted = TrustPolicy::new(vec![key.public()]);
    assert_eq!(
        gtdx_sign::verify_detached(&f, &sig, &trusted)
            .unwrap()
            .result,
        Outcome::Valid
    );
    let text = std::fs::read_to_string(&sig)
        .unwrap()
        .replace("release 1", "release 2");
    std::fs::write(&sig, text).unwrap();
    let rep = gtdx_sign::verify_detached(&f, &sig, &trusted).unwrap();
    assert_eq!(rep.result, Outcome::Invalid);
    assert!(
        rep.failures()
            .next()
            .unwrap()
            .message
            .contains("trusted comment")
    );
}

/// The pack at `p` with its describe.json's bytes replaced (the rest, manifest.json included,
/// unchanged).
fn with_describe(p: &std::path::Path, describe: &[u8]) {
    let pack = gtdx_pack::read_pack(p).unwrap();
    gtdx_pack::write::replace_describe(&pack, describe).unwrap();
}

/// `text` with `"kind"` written twice, first on line 2: serde_json keeps the last, the signer
/// refuses both.
fn duplicate_kind(text: &str) -> String {
    text.replacen('{', "{\n  \"kind\": \"BundleExtension\",", 1)
}

fn fixture_text() -> &'static str {
    include_str!("../../../tests/fixtures/sign/describe.json")
}

/// A plain describe.json is read through the one loader: its encoding checks (a byte-order
/// mark) and its `file:line:column` paragraph, with the strict parser's refusals placed.
#[test]
fn sign_and_verify_read_a_describe_file_through_the_loader() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("describe.json");
    let shown = d.display().to_string();
    let key = SecretKey::generate();
    let trusted = TrustPolicy::new(vec![key.public()]);

    std::fs::write(&d, duplicate_kind(fixture_text())).unwrap();
    let err = gtdx_sign::sign_describe_file(&d, &key, None).unwrap_err();
    let expected = format!("{shown}:");
    assert!(
        err.to_string().starts_with(&expected) && err.to_string().contains("duplicate key `kind`"),
        "{err}"
    );
    assert!(
        matches!(
            err,
            gtdx_sign::SignError::Load(gtdx_contract::json::LoadError::NotJson { .. })
        ),
        "{err}"
    );
    let rep = gtdx_sign::verify_describe_file(&d, &trusted).unwrap();
    let failed: Vec<_> = rep.failures().collect();
    assert_eq!(failed.len(), 1, "{rep:#?}");
    assert_eq!(failed[0].check, "describe-invalid");
    assert!(
        failed[0].message.starts_with(&expected),
        "{}",
        failed[0].message
    );

    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(include_bytes!("../../../tests/fixtures/sign/describe.json"));
    std::fs::write(&d, bom).unwrap();
    let err = gtdx_sign::sign_describe_file(&d, &key, None).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("{shown}:1:1: starts with a UTF-8 byte-order mark")),
        "{err}"
    );
    let rep = gtdx_sign::verify_describe_file(&d, &trusted).unwrap();
    let failed = rep.failures().next().unwrap();
    assert!(
        failed
            .message
            .starts_with(&format!("{shown}:1:1: starts with")),
        "{}",
        failed.message
    );
}

/// A pack's describe.json too: sign names it `PACK!describe.json`; verify's integrity check
/// names the entry, and the signature is not checked a second time when it does not load.
#[test]
fn sign_and_verify_read_a_packs_describe_through_the_loader() {
    let dir = tempfile::tempdir().unwrap();
    let p = pack(dir.path());
    let key = SecretKey::generate();
    let trusted = TrustPolicy::new(vec![key.public()]);

    // Integrity passes (manifest.json and manifestSha256 are unchanged, and serde_json reads
    // the document); only the strict parser refuses it.
    let written = gtdx_pack::read_pack(&p).unwrap().describe.unwrap();
    with_describe(
        &p,
        duplicate_kind(std::str::from_utf8(&written).unwrap()).as_bytes(),
    );
    let err = gtdx_sign::sign_pack(&p, &key, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("{}!describe.json:", p.display()))
            && err.contains("duplicate key `kind`"),
        "{err}"
    );
    let rep = gtdx_sign::verify_pack(&p, &trusted).unwrap();
    let failed: Vec<_> = rep.failures().collect();
    assert_eq!(
        (failed.len(), failed[0].check.as_str()),
        (1, "describe-invalid"),
        "{rep:#?}"
    );
    // The same paragraph, at the same line:column, the entry named as such.
    assert!(
        failed[0].message.starts_with("describe.json:") && err.ends_with(&failed[0].message),
        "{} / {err}",
        failed[0].message
    );

    with_describe(&p, b"{\n  \"a\": tru\n}");
    let rep = gtdx_sign::verify_pack(&p, &trusted).unwrap();
    let failed: Vec<_> = rep.failures().collect();
    assert_eq!(failed.len(), 1, "{rep:#?}");
    assert_eq!(
        failed[0].message,
        "describe.json:2:11: not valid JSON: expected ident"
    );
    let signature = rep.checks.iter().find(|c| c.check == "signature").unwrap();
    assert_eq!(signature.status, gtdx_sign::verify::Status::Skip);
}
