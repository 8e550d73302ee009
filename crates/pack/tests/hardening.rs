//! The reader against hostile archives (issue 13): sizes an archive merely declares, bombs,
//! shadowing names, unusual modes.

use std::path::PathBuf;

use gtdx_pack::{Check, ReadOptions, read_pack, read_pack_with};

fn fixture(name: &str) -> PathBuf {
    gtdx_test_support::fixture("harden").join(name)
}

fn checks(pack: &gtdx_pack::Pack) -> Vec<(Check, Option<String>, String)> {
    pack.problems
        .iter()
        .map(|p| (p.check, p.entry.clone(), p.message.clone()))
        .collect()
}

/// A ZIP64 field declaring 2^47 (or 2^64 - 1) bytes for a 4-byte entry: the reader, asked to
/// keep the entry, allocates for what it reads, and reports the lie.
#[test]
fn a_declared_size_is_never_allocated() {
    for name in ["zip64-declares-2p47.gtxpack", "zip64-declares-2p64.gtxpack"] {
        let keep = |_: &str| true;
        let pack = read_pack_with(
            &fixture(name),
            &ReadOptions {
                keep: Some(&keep),
                ..Default::default()
            },
        )
        .unwrap();
        let e = pack.entry("components/x.wasm").unwrap();
        assert_eq!(e.size, Some(4), "{name}");
        assert_eq!(e.bytes.as_deref(), Some(&b"\0asm"[..]), "{name}");
        assert!(
            checks(&pack)
                .iter()
                .any(|(_, _, m)| m.contains("yields 4 bytes but the central directory declares")),
            "{name}: {:?}",
            checks(&pack)
        );
    }
}

/// A deflate bomb: the entry is hashed to its end, and kept only up to the cap.
#[test]
fn a_bomb_is_hashed_in_bounded_memory() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bomb.gtxpack");
    let big = vec![0u8; 8 << 20];
    let mut z = zip::ZipWriter::new(std::fs::File::create(&p).unwrap());
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    z.start_file("components/bomb.wasm", opts).unwrap();
    z.write_all(&big).unwrap();
    z.finish().unwrap();
    assert!(std::fs::metadata(&p).unwrap().len() < 64 << 10);
    let keep = |_: &str| true;
    let pack = read_pack_with(
        &p,
        &ReadOptions {
            keep: Some(&keep),
            max_kept: Some(1 << 20),
        },
    )
    .unwrap();
    let e = pack.entry("components/bomb.wasm").unwrap();
    assert!(e.bytes.is_none() && e.too_large_to_keep);
    assert_eq!(e.size, Some(big.len() as u64));
    assert_eq!(e.sha256_hex().unwrap(), gtdx_pack::sha256_hex(&big));
    assert!(pack.problems.is_empty(), "{:?}", pack.problems);
}

#[test]
fn a_directory_may_not_shadow_a_file() {
    let pack = read_pack(&fixture("directory-shadows-file.gtxpack")).unwrap();
    assert!(
        checks(&pack)
            .iter()
            .any(|(c, e, m)| *c == Check::DuplicateEntry
                && e.as_deref() == Some("components/x.wasm")
                && m.contains("shadow")),
        "{:?}",
        checks(&pack)
    );
}

#[test]
fn a_file_needed_as_a_directory_is_refused() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.gtxpack");
    let mut z = zip::ZipWriter::new(std::fs::File::create(&p).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    z.start_file("a", opts).unwrap();
    z.write_all(b"1").unwrap();
    z.start_file("a/b", opts).unwrap();
    z.write_all(b"2").unwrap();
    z.finish().unwrap();
    let pack = read_pack(&p).unwrap();
    assert!(
        checks(&pack)
            .iter()
            .any(|(c, e, _)| *c == Check::DuplicateEntry && e.as_deref() == Some("a")),
        "{:?}",
        checks(&pack)
    );
}

#[test]
fn setuid_and_executable_entries_are_refused() {
    let pack = read_pack(&fixture("setuid-executable-entry.gtxpack")).unwrap();
    let found = checks(&pack);
    assert!(
        found.iter().any(|(c, e, m)| *c == Check::Symlink
            && e.as_deref() == Some("components/x.wasm")
            && m.contains("setuid")
            && m.contains("executable")),
        "{found:?}"
    );
}
