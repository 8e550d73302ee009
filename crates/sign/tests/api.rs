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
