//! A pack's entries followed as its bytes arrive (a download), so that hashing and unpacking
//! overlap the transfer instead of following it.
//!
//! A zip's central directory is at its end, so nothing that arrives first can be trusted:
//! [`StreamParser`] follows the *local* records from offset 0 (each a header, then the data),
//! hands each stored entry's bytes to an [`EntrySink`] (the installer writes them into a staging
//! directory) and records, per local record, the SHA-256 and CRC-32 of the exact byte range its
//! data took ([`Streamed`]). It decides nothing. Once the whole file is there, the strict
//! reader ([`crate::read_pack_streamed`]) reads it as always (the end record, the central
//! directory, every local header checked against it, the records tiling the file), and takes a
//! recorded digest in place of reading an entry's data again only when that record starts at
//! the entry's offset and its data covers exactly the range the reader would hash, stored.
//! Anything else (a deflated entry, a data descriptor, ZIP64 sizes, a name the sink refuses) makes
//! the parser stop following, and the reader hashes those entries from the file itself.
//!
//! A caller that unpacked while streaming may use what it wrote only when the reader took a
//! recorded digest for every entry and the parser recorded no other entry
//! ([`Streamed::covers`]): then the files written are, byte for byte, the data that the strict
//! reader and the integrity checks judged.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};

use crate::read::MAX_METADATA_BYTES;
use crate::{DESCRIBE_PATH, MANIFEST_PATH};

const LOCAL_SIG: u32 = 0x0403_4b50;
const LOCAL_HEADER: usize = 30;

/// Where the entries the parser follows go.
pub trait EntrySink {
    /// A new entry, `name` as its local header spells it (valid UTF-8), a directory when it
    /// ends in `/`. `false` (or an error): the parser stops following the stream.
    fn start(&mut self, name: &str, is_dir: bool) -> std::io::Result<bool>;
    /// The next bytes of the current file entry's data.
    fn data(&mut self, bytes: &[u8]) -> std::io::Result<()>;
    /// The current entry's data is complete.
    fn end(&mut self) -> std::io::Result<()>;
}

/// What was computed of one local record's data as it arrived.
#[derive(Debug, Clone)]
pub struct StreamedEntry {
    /// Where the data starts (past the local header, its name and extra field).
    pub data_start: u64,
    /// The data's length: stored, so the entry's size too.
    pub size: u64,
    pub sha256: [u8; 32],
    pub crc: u32,
    /// The bytes of `describe.json` and `manifest.json` (at most [`MAX_METADATA_BYTES`]).
    pub bytes: Option<Vec<u8>>,
}

/// Every local record the parser followed, by the offset of its header.
#[derive(Debug, Clone, Default)]
pub struct Streamed {
    pub entries: BTreeMap<u64, StreamedEntry>,
    /// Why the parser stopped before the central directory, if it did.
    pub stopped: Option<String>,
}

impl Streamed {
    /// Whether what the sink was given is the whole pack as the strict reader judged it: the
    /// parser reached the end of the local records, the reader took a recorded digest for
    /// each of the `entries` entries of the pack (`used`), and nothing else was recorded.
    pub fn covers(&self, entries: usize, used: usize) -> bool {
        self.stopped.is_none() && used == entries && self.entries.len() == entries
    }
}

enum State {
    /// Gathering a local header (30 bytes) starting at `start`.
    Header { start: u64 },
    /// Gathering the name and extra field after the header.
    Name {
        start: u64,
        name_len: usize,
        extra_len: usize,
        size: u64,
    },
    /// Inside an entry's data.
    Data(Box<Current>),
    /// Past the local records (the central directory), or stopped.
    Done,
}

struct Current {
    start: u64,
    data_start: u64,
    size: u64,
    left: u64,
    sha: Sha256,
    crc: crc32fast::Hasher,
    kept: Option<Vec<u8>>,
    /// The sink takes this entry's bytes (a file, not a directory).
    to_sink: bool,
}

/// Follows a pack's local records as its bytes are fed in order.
pub struct StreamParser<S> {
    sink: S,
    state: State,
    pending: Vec<u8>,
    found: Streamed,
}

impl<S: EntrySink> StreamParser<S> {
    pub fn new(sink: S) -> Self {
        StreamParser {
            sink,
            state: State::Header { start: 0 },
            pending: Vec::with_capacity(512),
            found: Streamed::default(),
        }
    }

    /// The next bytes of the pack.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let used = match self.step(bytes) {
                Ok(n) => n,
                Err(why) => {
                    self.stop(why);
                    bytes.len()
                }
            };
            bytes = &bytes[used..];
        }
    }

    /// What was recorded, and the sink. A stream that ended inside a record stopped there.
    pub fn finish(mut self) -> (Streamed, S) {
        if !matches!(self.state, State::Done) {
            self.stop("the pack ended inside its local records".into());
        }
        (self.found, self.sink)
    }

    /// Stops following the stream (the sink's current file, if any, stays incomplete: the
    /// caller uses nothing it wrote once the parser stopped).
    fn stop(&mut self, why: String) {
        self.state = State::Done;
        self.found.stopped.get_or_insert(why);
    }

    /// Takes what it can of `bytes`; returns how many it used.
    fn step(&mut self, bytes: &[u8]) -> Result<usize, String> {
        match &mut self.state {
            State::Done => Ok(bytes.len()),
            State::Header { start } => {
                let start = *start;
                let n = self.gather(bytes, LOCAL_HEADER);
                if self.pending.len() < LOCAL_HEADER {
                    return Ok(n);
                }
                let h = std::mem::take(&mut self.pending);
                let u16_at = |i: usize| u16::from_le_bytes([h[i], h[i + 1]]);
                let u32_at = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
                if u32_at(0) != LOCAL_SIG {
                    // The central directory (or something the reader will name): done.
                    self.state = State::Done;
                    return Ok(n);
                }
                let (flags, method) = (u16_at(6), u16_at(8));
                let (csize, size) = (u32_at(18), u32_at(22));
                if flags & 0x49 != 0 || method != 0 || csize != size || csize == 0xffff_ffff {
                    return Err(format!(
                        "the record at offset {start} is not a plain stored entry"
                    ));
                }
                self.state = State::Name {
                    start,
                    name_len: usize::from(u16_at(26)),
                    extra_len: usize::from(u16_at(28)),
                    size: u64::from(csize),
                };
                Ok(n)
            }
            State::Name {
                start,
                name_len,
                extra_len,
                size,
            } => {
                let (start, name_len, extra_len, size) = (*start, *name_len, *extra_len, *size);
                let want = name_len + extra_len;
                let n = self.gather(bytes, want);
                if self.pending.len() < want {
                    return Ok(n);
                }
                let names = std::mem::take(&mut self.pending);
                let Ok(name) = std::str::from_utf8(&names[..name_len]) else {
                    return Err(format!("the entry at offset {start} has no UTF-8 name"));
                };
                let is_dir = name.ends_with('/');
                if is_dir && size != 0 {
                    return Err(format!("the directory entry `{name}` carries data"));
                }
                let accepted = self
                    .sink
                    .start(name, is_dir)
                    .map_err(|e| format!("entry `{name}`: {e}"))?;
                if !accepted {
                    return Err(format!("entry `{name}` was not taken"));
                }
                let keep = name == DESCRIBE_PATH || name == MANIFEST_PATH;
                if keep && size > MAX_METADATA_BYTES {
                    return Err(format!("entry `{name}` is too large to keep"));
                }
                let data_start = start + (LOCAL_HEADER + name_len + extra_len) as u64;
                self.state = State::Data(Box::new(Current {
                    start,
                    data_start,
                    size,
                    left: size,
                    sha: Sha256::new(),
                    crc: crc32fast::Hasher::new(),
                    kept: keep.then(|| Vec::with_capacity(size as usize)),
                    to_sink: !is_dir,
                }));
                // An empty entry ends here.
                if size == 0 {
                    self.end_entry()?;
                }
                Ok(n)
            }
            State::Data(cur) => {
                let take = (bytes.len() as u64).min(cur.left) as usize;
                let chunk = &bytes[..take];
                cur.sha.update(chunk);
                cur.crc.update(chunk);
                if let Some(k) = cur.kept.as_mut() {
                    k.extend_from_slice(chunk);
                }
                cur.left -= take as u64;
                let (to_sink, done) = (cur.to_sink, cur.left == 0);
                if to_sink {
                    self.sink
                        .data(chunk)
                        .map_err(|e| format!("writing an entry: {e}"))?;
                }
                if done {
                    self.end_entry()?;
                }
                Ok(take)
            }
        }
    }

    /// Records the finished entry and expects the next header.
    fn end_entry(&mut self) -> Result<(), String> {
        let State::Data(cur) = std::mem::replace(&mut self.state, State::Done) else {
            return Ok(());
        };
        self.sink
            .end()
            .map_err(|e| format!("finishing an entry: {e}"))?;
        let end = cur.data_start + cur.size;
        self.found.entries.insert(
            cur.start,
            StreamedEntry {
                data_start: cur.data_start,
                size: cur.size,
                sha256: cur.sha.finalize().into(),
                crc: cur.crc.finalize(),
                bytes: cur.kept,
            },
        );
        self.state = State::Header { start: end };
        Ok(())
    }

    /// Appends to `pending` up to `want` bytes in all; returns how many of `bytes` it took.
    fn gather(&mut self, bytes: &[u8], want: usize) -> usize {
        let n = want.saturating_sub(self.pending.len()).min(bytes.len());
        self.pending.extend_from_slice(&bytes[..n]);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what it is given: `(name, bytes)` per entry.
    #[derive(Default)]
    struct Recorder {
        files: Vec<(String, Vec<u8>)>,
        refuse: Option<&'static str>,
    }

    impl EntrySink for Recorder {
        fn start(&mut self, name: &str, _is_dir: bool) -> std::io::Result<bool> {
            if self.refuse == Some(name) {
                return Ok(false);
            }
            self.files.push((name.to_string(), Vec::new()));
            Ok(true)
        }
        fn data(&mut self, bytes: &[u8]) -> std::io::Result<()> {
            if let Some((_, b)) = self.files.last_mut() {
                b.extend_from_slice(bytes);
            }
            Ok(())
        }
        fn end(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn pack(dir: &std::path::Path) -> (std::path::PathBuf, Vec<u8>) {
        let path = dir.join("p.gtxpack");
        let mut describe = serde_json::json!({"kind": "DesignExtension", "metadata": {"id": "a.b", "version": "1.0.0"}});
        crate::PackWriter::new()
            .add_bytes("components/c.wasm", vec![7u8; 300_000])
            .add_bytes("prompts/p.md", b"# P\n".to_vec())
            .add_bytes("empty.txt", Vec::new())
            .write(&path, &mut describe)
            .unwrap();
        let bytes = std::fs::read(&path).unwrap();
        (path, bytes)
    }

    fn follow(bytes: &[u8], chunk: usize, refuse: Option<&'static str>) -> (Streamed, Recorder) {
        let mut p = StreamParser::new(Recorder {
            refuse,
            ..Default::default()
        });
        for c in bytes.chunks(chunk) {
            p.feed(c);
        }
        p.finish()
    }

    /// However the bytes arrive, the parser hands the sink every entry's bytes, and the
    /// strict reader takes its digest for every entry: the same pack as read from the file.
    #[test]
    fn a_followed_pack_is_read_with_its_streamed_digests_and_agrees_with_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let (path, bytes) = pack(dir.path());
        let plain = crate::read_pack(&path).unwrap();
        for chunk in [1, 7, 4096, 1 << 20] {
            let (streamed, sink) = follow(&bytes, chunk, None);
            assert!(
                streamed.stopped.is_none(),
                "{chunk}: {:?}",
                streamed.stopped
            );
            let (read, used) = crate::read_pack_streamed(&path, &streamed).unwrap();
            assert!(streamed.covers(read.entries.len(), used), "{chunk}");
            assert!(read.problems.is_empty(), "{:?}", read.problems);
            for (e, p) in read.entries.iter().zip(&plain.entries) {
                assert_eq!((&e.name, e.sha256, e.size), (&p.name, p.sha256, p.size));
                let (_, got) = sink.files.iter().find(|(n, _)| *n == e.name).unwrap();
                assert_eq!(Some(crate::sha256_hex(got)), e.sha256_hex(), "{}", e.name);
            }
            assert_eq!(read.describe, plain.describe);
            assert_eq!(read.manifest, plain.manifest);
        }
    }

    /// A local header that names another file than the central directory: the parser follows
    /// it (it cannot know), and the strict reader, checking every header against the
    /// directory, names the mismatch; a truncated stream or a refused name stops the parser,
    /// and what it gave the sink is not the pack.
    #[test]
    fn a_lying_local_header_is_caught_and_a_stopped_parse_covers_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let (path, good) = pack(dir.path());
        let name = b"prompts/p.md";
        let at = (30..good.len() - name.len())
            .find(|&i| &good[i..i + name.len()] == name && good[i - 30..i - 26] == *b"PK\x03\x04")
            .unwrap();
        let mut bad = good.clone();
        bad[at..at + name.len()].copy_from_slice(b"prompts/q.md");
        std::fs::write(&path, &bad).unwrap();
        let (streamed, sink) = follow(&bad, 4096, None);
        assert!(sink.files.iter().any(|(n, _)| n == "prompts/q.md"));
        let (read, _) = crate::read_pack_streamed(&path, &streamed).unwrap();
        assert!(
            read.problems
                .iter()
                .any(|p| p.message.contains("local header disagrees")),
            "{:?}",
            read.problems
        );

        std::fs::write(&path, &good).unwrap();
        let (cut, _) = follow(&good[..good.len() / 2], 4096, None);
        assert!(cut.stopped.is_some());
        let (refused, _) = follow(&good, 4096, Some("prompts/p.md"));
        assert!(refused.stopped.is_some());
        let (read, used) = crate::read_pack_streamed(&path, &refused).unwrap();
        assert!(read.problems.is_empty());
        assert!(used > 0 && !refused.covers(read.entries.len(), used));
    }
}
