//! Writer → reader → integrity round trips, and the reader's refusals.

use gtdx_pack::{
    Check, Compression, PackFile, PackWriter, read_pack, verify_integrity, write_pack,
};
use serde_json::json;

fn describe() -> serde_json::Value {
    json!({"apiVersion": "greentic.ai/v2", "metadata": {"id": "acme.demo", "version": "0.1.0"}, "signature": {"stale": true}})
}

fn files() -> Vec<PackFile> {
    vec![
        PackFile::bytes("prompts/system.md", b"be nice\n".to_vec()),
        PackFile::bytes("component.wasm", b"\0asm\x0d\0\x01\0".to_vec()),
        PackFile::bytes("assets/icon.svg", b"<svg/>".to_vec()),
    ]
}

#[test]
fn write_then_read_is_clean_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.gtxpack");
    let b = dir.path().join("b.gtxpack");
    let mut d = describe();
    let written = write_pack(&a, &mut d, files()).unwrap();
    assert!(d.get("signature").is_none(), "a stale signature is dropped");
    assert_eq!(d["manifestSha256"], written.manifest_sha256);
    let mut rev = files();
    rev.reverse();
    write_pack(&b, &mut describe(), rev).unwrap();
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "input order does not matter"
    );

    let pack = read_pack(&a).unwrap();
    assert_eq!(verify_integrity(&pack), vec![]);
    let names: Vec<_> = pack.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "assets/icon.svg",
            "component.wasm",
            "prompts/system.md",
            "manifest.json",
            "describe.json"
        ]
    );
    assert_eq!(
        pack.describe.as_deref(),
        Some(written.describe_bytes.as_slice())
    );
    assert_eq!(
        pack.manifest.as_deref(),
        Some(written.manifest_bytes.as_slice())
    );
    // Fixed metadata, as another zip reader sees it.
    let mut z = zip::ZipArchive::new(std::fs::File::open(&a).unwrap()).unwrap();
    for i in 0..z.len() {
        let f = z.by_index(i).unwrap();
        assert_eq!(f.unix_mode(), Some(0o100644));
        assert_eq!(f.last_modified().unwrap(), zip::DateTime::default());
        assert_eq!(f.compression(), zip::CompressionMethod::Stored);
    }
}

#[test]
fn deflated_packs_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("d.gtxpack");
    let big = "hello world ".repeat(10_000).into_bytes();
    let src = dir.path().join("big.bin");
    std::fs::write(&src, &big).unwrap();
    PackWriter::new()
        .compression(Compression::Deflated)
        .add_file("data/big.bin", &src)
        .add_bytes("component.wasm", b"\0asm".to_vec())
        .write(&p, &mut describe())
        .unwrap();
    assert!(std::fs::metadata(&p).unwrap().len() < big.len() as u64 / 10);
    let keep = |n: &str| n == "data/big.bin";
    let pack = gtdx_pack::read_pack_with(
        &p,
        &gtdx_pack::ReadOptions {
            keep: Some(&keep),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(verify_integrity(&pack), vec![]);
    assert_eq!(
        pack.entry("data/big.bin").unwrap().bytes.as_deref(),
        Some(big.as_slice())
    );
}

#[test]
fn writer_refuses_unsafe_and_duplicate_paths() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.gtxpack");
    for bad in ["../x", "/abs", "a\\b", "manifest.json", "describe.json"] {
        let err = write_pack(&p, &mut describe(), vec![PackFile::bytes(bad, vec![])]).unwrap_err();
        assert!(
            err.to_string().contains(bad.trim_start_matches('/')),
            "{err}"
        );
    }
    let err = write_pack(
        &p,
        &mut describe(),
        vec![PackFile::bytes("a", vec![]), PackFile::bytes("a", vec![1])],
    )
    .unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
    let err = write_pack(
        &p,
        &mut describe(),
        vec![PackFile::file("a", dir.path().join("missing"))],
    )
    .unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
    assert!(!p.exists(), "nothing is written on failure");
}

#[test]
fn trailing_garbage_and_truncation_are_archive_failures() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.gtxpack");
    write_pack(&p, &mut describe(), files()).unwrap();
    let bytes = std::fs::read(&p).unwrap();

    let mut trailing = bytes.clone();
    trailing.extend_from_slice(b"garbage");
    std::fs::write(&p, &trailing).unwrap();
    let err = read_pack(&p).unwrap_err();
    assert!(
        err.to_string().contains("7 unexpected trailing bytes"),
        "{err}"
    );
    assert_eq!(err.as_failure().unwrap().check, Check::Archive);

    for cut in [1, 10, 22, 100, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&p, &bytes[..bytes.len() - cut]).unwrap();
        let err = read_pack(&p).unwrap_err();
        assert!(err.as_failure().is_some(), "cut {cut}: {err}");
    }

    let mut prefixed = b"MZ".to_vec();
    prefixed.extend_from_slice(&bytes);
    std::fs::write(&p, &prefixed).unwrap();
    assert!(read_pack(&p).is_err(), "prepended bytes are refused");
}

#[test]
fn replace_describe_keeps_every_other_entry() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.gtxpack");
    write_pack(&p, &mut describe(), files()).unwrap();
    let before = read_pack(&p).unwrap();
    let mut d: serde_json::Value =
        serde_json::from_slice(before.describe.as_ref().unwrap()).unwrap();
    d["extra"] = json!("x");
    let new_bytes = gtdx_pack::write::describe_bytes(&d);
    gtdx_pack::write::replace_describe(&before, &new_bytes).unwrap();
    let after = read_pack(&p).unwrap();
    assert_eq!(verify_integrity(&after), vec![]);
    assert_eq!(after.describe.as_deref(), Some(new_bytes.as_slice()));
    for (a, b) in before.entries.iter().zip(&after.entries) {
        assert_eq!(a.name, b.name);
        if a.name != "describe.json" {
            assert_eq!((a.sha256, a.offset), (b.sha256, b.offset));
        }
    }
    // Rewriting with the same describe gives the writer's bytes back.
    let again = dir.path().join("again.gtxpack");
    let mut d2 = d.clone();
    write_pack(&again, &mut d2, files()).unwrap();
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&p).unwrap());
}

/// describe.json is loaded as every describe.json is (`gtdx_contract::json`): a malformed one
/// fails `describe-invalid` with the loader's `file:line:column` paragraph, the entry named.
#[test]
fn a_describe_that_does_not_load_gets_the_loaders_message() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.gtxpack");
    write_pack(&p, &mut describe(), files()).unwrap();
    let mut pack = read_pack(&p).unwrap();
    let invalid = |pack: &gtdx_pack::Pack| -> Vec<String> {
        verify_integrity(pack)
            .into_iter()
            .filter(|f| f.check == Check::DescribeInvalid)
            .map(|f| f.message)
            .collect()
    };
    pack.describe = Some(b"{\n  \"a\": tru\n}".to_vec());
    assert_eq!(
        invalid(&pack),
        ["describe.json:2:11: not valid JSON: expected ident"]
    );
    pack.describe = Some(b"\xef\xbb\xbf{}".to_vec());
    assert_eq!(
        invalid(&pack),
        [
            "describe.json:1:1: starts with a UTF-8 byte-order mark, which JSON forbids; save it without one"
        ]
    );
    pack.describe = Some(b"[1]".to_vec());
    assert_eq!(
        invalid(&pack),
        ["describe.json: the top level is an array; a describe.json is a JSON object { ... }"]
    );
}
