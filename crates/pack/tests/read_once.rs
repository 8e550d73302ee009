//! The reader reads every byte of a pack file once, and the whole-file digest comes from that
//! same read: counted through a reader that tallies what it hands out.

use std::io::{Read, Seek, SeekFrom};

use gtdx_pack::{Compression, PackWriter, ReadOptions, read_pack_digested_from, verify_integrity};
use serde_json::json;

/// A file reader that counts the bytes it yields and the read calls made.
struct Counting {
    file: std::fs::File,
    bytes: u64,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.file.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

impl Seek for Counting {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.file.seek(to)
    }
}

fn pattern(n: usize, seed: usize) -> Vec<u8> {
    (0..n).map(|i| ((i * 31 + seed) % 251) as u8).collect()
}

/// A pack to write: its name, how its entries are stored, and each file's name and size.
type Case = (&'static str, Compression, Vec<(String, usize)>);

/// Packs of one small file, of a component larger than the reader's tail window (stored and
/// deflated), and of many entries (a central directory larger than the window).
fn packs(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let cases: [Case; 4] = [
        ("small", Compression::Stored, vec![("c.wasm".into(), 100)]),
        (
            "stored",
            Compression::Stored,
            vec![("c.wasm".into(), 300_000), ("assets/a.txt".into(), 10)],
        ),
        (
            "deflated",
            Compression::Deflated,
            vec![("c.wasm".into(), 300_000)],
        ),
        (
            "many",
            Compression::Stored,
            (0..1500)
                .map(|i| (format!("assets/file-with-a-long-name-{i:05}.txt"), 3))
                .collect(),
        ),
    ];
    for (name, compression, files) in cases {
        let path = dir.join(format!("{name}.gtxpack"));
        let mut w = PackWriter::new().compression(compression);
        for (i, (file, size)) in files.into_iter().enumerate() {
            w = w.add_bytes(file, pattern(size, i));
        }
        let mut describe = json!({"apiVersion": "greentic.ai/v2", "metadata": {"id": "acme.x", "version": "1.0.0"}});
        w.write(&path, &mut describe).unwrap();
        out.push(path);
    }
    out
}

/// A counting reader over the pack at `path`, and the file's size.
fn counting(path: &std::path::Path) -> (Counting, u64) {
    let size = std::fs::metadata(path).unwrap().len();
    let file = std::fs::File::open(path).unwrap();
    (Counting { file, bytes: 0 }, size)
}

#[test]
fn each_byte_of_a_pack_is_read_once_and_the_digest_is_the_files() {
    let dir = tempfile::tempdir().unwrap();
    for path in packs(dir.path()) {
        let (mut r, size) = counting(&path);
        let pack = read_pack_digested_from(&mut r, size, &path, &ReadOptions::default()).unwrap();
        assert_eq!(verify_integrity(&pack), vec![], "{}", path.display());
        assert_eq!(
            r.bytes,
            size,
            "{}: bytes read from the file vs its size",
            path.display()
        );
        let expected = gtdx_pack::sha256_hex(&std::fs::read(&path).unwrap());
        let got = pack.file_sha256.map(|d| gtdx_pack::hex(&d));
        assert_eq!(
            got.as_deref(),
            Some(expected.as_str()),
            "{}",
            path.display()
        );
    }
}

#[test]
fn a_plain_read_reads_each_byte_once_too_and_computes_no_digest() {
    let dir = tempfile::tempdir().unwrap();
    for path in packs(dir.path()) {
        let (mut r, size) = counting(&path);
        let pack = gtdx_pack::read_pack_from(&mut r, size, &path, &ReadOptions::default()).unwrap();
        assert_eq!(r.bytes, size, "{}", path.display());
        assert_eq!(pack.file_sha256, None);
    }
}
