//! The pack's bytes for a publish, read from its file as they are sent (no copy of the pack in
//! memory), and held to the digest its verification computed.
//!
//! The file was verified (and its digest, the `artifactSha256` the form announces, computed)
//! before any byte is sent; it is read again for the upload. [`CheckedPack`] hashes what it
//! reads (on a thread of its own, a chunk ahead of the upload) and, before it hands over the
//! last bytes, compares the digest and checks that the file ends there: a file changed after its checks makes the read fail, so the request breaks
//! off before its body is complete and the Store never receives a whole pack other than the
//! verified one.

use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use sha2::{Digest, Sha256};

/// The bytes read from the file (and hashed) at a time.
const CHUNK: usize = 256 * 1024;

/// What the reading thread sends: the file's bytes in order, then its verdict.
enum Piece {
    Chunk(Vec<u8>),
    /// The file's digest, or why it could not be read to its end.
    End(std::io::Result<String>),
}

/// A pack file read for upload, `size` bytes that must hash to `sha256` (lowercase hex).
/// A thread of its own reads and hashes the file a chunk ahead of the upload, so hashing
/// overlaps the sending; the last chunk is handed over only after the verdict.
pub(crate) struct CheckedPack {
    chunks: Receiver<Piece>,
    give_back: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
    left: u64,
    expected: String,
    /// The file turned out not to be the verified pack (the read failed for it).
    pub changed: bool,
}

impl CheckedPack {
    pub fn new(file: std::fs::File, size: u64, sha256: &str) -> CheckedPack {
        let (send, chunks) = sync_channel(4);
        let (give_back, returned) = sync_channel::<Vec<u8>>(8);
        std::thread::spawn(move || read_ahead(file, size, &send, &returned));
        CheckedPack {
            chunks,
            give_back,
            current: Vec::new(),
            at: 0,
            left: size,
            expected: sha256.to_ascii_lowercase(),
            changed: false,
        }
    }

    fn refuse(&mut self, why: &str) -> std::io::Error {
        self.changed = true;
        std::io::Error::other(format!("the pack changed after it was verified ({why})"))
    }

    /// The next chunk; the last one only once the whole file hashed to the verified digest.
    fn next_chunk(&mut self) -> std::io::Result<()> {
        let spent = std::mem::take(&mut self.current);
        let _ = self.give_back.try_send(spent);
        let chunk = match self.chunks.recv() {
            Ok(Piece::Chunk(c)) => c,
            Ok(Piece::End(Err(e))) => return Err(e),
            Ok(Piece::End(Ok(_))) | Err(_) => return Err(self.refuse("it is shorter")),
        };
        if chunk.len() as u64 > self.left {
            return Err(self.refuse("it is longer"));
        }
        if chunk.len() as u64 == self.left {
            match self.chunks.recv() {
                Ok(Piece::End(Ok(got))) if got == self.expected => {}
                Ok(Piece::End(Err(e))) => return Err(e),
                Ok(Piece::Chunk(_)) => return Err(self.refuse("it is longer")),
                _ => return Err(self.refuse("its bytes no longer hash to the digest verified")),
            }
        }
        self.current = chunk;
        self.at = 0;
        Ok(())
    }
}

/// Reads `size` bytes of `file` (and one more, to see that it ends there) in chunks, hashing
/// each before it is sent on; ends with the digest.
fn read_ahead(
    mut file: std::fs::File,
    size: u64,
    send: &SyncSender<Piece>,
    returned: &Receiver<Vec<u8>>,
) {
    let mut sha = Sha256::new();
    let mut left = size;
    loop {
        let mut buf = returned.try_recv().unwrap_or_default();
        // One byte past the declared size: a longer file shows in the last chunk.
        let want = usize::try_from(left.saturating_add(1))
            .unwrap_or(usize::MAX)
            .min(CHUNK);
        buf.resize(want, 0);
        let mut n = 0;
        while n < want {
            match file.read(&mut buf[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = send.send(Piece::End(Err(e)));
                    return;
                }
            }
        }
        if n == 0 {
            break;
        }
        buf.truncate(n);
        sha.update(&buf);
        left = left.saturating_sub(n as u64);
        if send.send(Piece::Chunk(buf)).is_err() {
            return;
        }
        if n < want {
            break;
        }
    }
    let _ = send.send(Piece::End(Ok(gtdx_pack::hex(&sha.finalize()))));
}

impl Read for CheckedPack {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.at == self.current.len() {
            if self.left == 0 {
                return Ok(0);
            }
            self.next_chunk()?;
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        self.left -= n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(bytes: &[u8]) -> (tempfile::TempDir, std::fs::File) {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("p");
        std::fs::write(&p, bytes).unwrap();
        let f = std::fs::File::open(&p).unwrap();
        (dir, f)
    }

    #[test]
    fn the_verified_bytes_are_sent_and_a_changed_file_never_ends_its_body() {
        let bytes = vec![7u8; 300_000];
        let sha = gtdx_pack::sha256_hex(&bytes);
        let (_d, f) = pack(&bytes);
        let mut out = Vec::new();
        CheckedPack::new(f, bytes.len() as u64, &sha)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, bytes);

        // Another digest, a longer file, a shorter one: the read fails before its last bytes.
        for (size, digest) in [
            (bytes.len() as u64, "00".repeat(32)),
            (bytes.len() as u64 - 1, sha.clone()),
            (bytes.len() as u64 + 1, sha.clone()),
        ] {
            let (_d, f) = pack(&bytes);
            let mut c = CheckedPack::new(f, size, &digest);
            let mut out = Vec::new();
            assert!(c.read_to_end(&mut out).is_err(), "{size} {digest}");
            assert!(c.changed);
            assert!(
                (out.len() as u64) < size,
                "the body never ends: {}",
                out.len()
            );
        }
    }
}
