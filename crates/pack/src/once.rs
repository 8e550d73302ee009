//! The bytes beneath the pack reader, each fetched from the file at most once.
//!
//! The reader looks at an archive in three passes: its tail (the end record), its central
//! directory, then every local record from offset 0. On a small pack the tail window covers the
//! whole file, and on any pack it covers the central directory, so reading each pass from the
//! file would read many bytes twice. [`OnceSource`] keeps what a positioned read
//! ([`OnceSource::read_at`]) fetched and serves later reads of those bytes from memory; the
//! sequential walk is not kept (it is the bulk of a large pack) and never needs to be re-read.
//!
//! Asked to, it also hashes the whole file in order as the walk goes, and completes the digest
//! from the kept tail: the whole-file SHA-256 a worker pins comes from the same single read as
//! the entries' digests.

use std::io::{self, Read, Seek, SeekFrom};

use sha2::{Digest, Sha256};

/// A seekable reader of `size` bytes that reads each byte of `inner` at most once (for a
/// well-formed archive read front to back after its positioned reads).
pub(crate) struct OnceSource<'a, R> {
    inner: &'a mut R,
    size: u64,
    /// The logical position (what `Seek` reports).
    pos: u64,
    /// Where `inner` is, when known: a redundant seek is skipped.
    inner_pos: Option<u64>,
    /// Bytes fetched by positioned reads, sorted by offset, never overlapping.
    kept: Vec<(u64, Vec<u8>)>,
    digest: Option<Prefix>,
}

/// The SHA-256 of the file's first `upto` bytes.
struct Prefix {
    sha: Sha256,
    upto: u64,
}

impl<'a, R: Read + Seek> OnceSource<'a, R> {
    /// `digest`: also compute the SHA-256 of the whole file ([`OnceSource::finish_digest`]).
    pub(crate) fn new(inner: &'a mut R, size: u64, digest: bool) -> Self {
        OnceSource {
            inner,
            size,
            pos: 0,
            inner_pos: None,
            kept: Vec::new(),
            digest: digest.then(|| Prefix {
                sha: Sha256::new(),
                upto: 0,
            }),
        }
    }

    /// Exactly `len` bytes at `offset`, kept for later reads; the position ends after them.
    pub(crate) fn read_at(&mut self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        let mut out = vec![0u8; len];
        let mut done = 0usize;
        while done < len {
            let at = offset + done as u64;
            if let Some(n) = self.copy_kept(at, &mut out[done..]) {
                done += n;
                continue;
            }
            let want = self.gap_len(at, len - done);
            let mut fetched = vec![0u8; want];
            self.fetch_exact(at, &mut fetched)?;
            out[done..done + want].copy_from_slice(&fetched);
            self.keep(at, fetched);
            done += want;
        }
        self.pos = offset + len as u64;
        Ok(out)
    }

    /// The SHA-256 of the whole file, when asked for at [`OnceSource::new`]: completes the
    /// digest from where the walk stopped (from kept bytes, or from the file for any gap the
    /// walk skipped).
    pub(crate) fn finish_digest(&mut self) -> io::Result<Option<[u8; 32]>> {
        let mut buf = vec![0u8; 1 << 16];
        while let Some(upto) = self.digest.as_ref().map(|d| d.upto) {
            if upto >= self.size {
                break;
            }
            self.pos = upto;
            if self.read(&mut buf)? == 0 {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
        Ok(self.digest.take().map(|d| d.sha.finalize().into()))
    }

    /// Copies kept bytes at `at` into `buf`; `None` when no kept chunk holds `at`.
    fn copy_kept(&self, at: u64, buf: &mut [u8]) -> Option<usize> {
        // Sorted and disjoint: the only candidate is the last chunk starting at or before `at`.
        let i = self
            .kept
            .partition_point(|(s, _)| *s <= at)
            .checked_sub(1)?;
        let (start, bytes) = &self.kept[i];
        let from = usize::try_from(at - start)
            .ok()
            .filter(|f| *f < bytes.len())?;
        let n = buf.len().min(bytes.len() - from);
        buf[..n].copy_from_slice(&bytes[from..from + n]);
        Some(n)
    }

    /// How many of `want` bytes at `at` lie before the next kept chunk (and the file's end).
    fn gap_len(&self, at: u64, want: usize) -> usize {
        let i = self.kept.partition_point(|(s, _)| *s <= at);
        let next = self.kept.get(i).map_or(self.size, |(s, _)| *s);
        (want as u64).min(next.saturating_sub(at)).max(1) as usize
    }

    fn keep(&mut self, at: u64, bytes: Vec<u8>) {
        let i = self.kept.partition_point(|(s, _)| *s < at);
        self.kept.insert(i, (at, bytes));
    }

    /// Reads from `inner` at `at`, seeking only when it is elsewhere.
    fn fetch(&mut self, at: u64, buf: &mut [u8]) -> io::Result<usize> {
        if self.inner_pos != Some(at) {
            self.inner.seek(SeekFrom::Start(at))?;
        }
        self.inner_pos = None;
        let n = self.inner.read(buf)?;
        self.inner_pos = Some(at + n as u64);
        Ok(n)
    }

    fn fetch_exact(&mut self, at: u64, buf: &mut [u8]) -> io::Result<()> {
        let mut done = 0;
        while done < buf.len() {
            match self.fetch(at + done as u64, &mut buf[done..]) {
                Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Adds the bytes just read at `at` to the digest, the part beyond what it covers.
    fn hash(&mut self, at: u64, bytes: &[u8]) {
        let Some(d) = self.digest.as_mut() else {
            return;
        };
        let end = at + bytes.len() as u64;
        if at <= d.upto && d.upto < end {
            d.sha.update(&bytes[(d.upto - at) as usize..]);
            d.upto = end;
        }
    }
}

impl<R: Read + Seek> Read for OnceSource<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = self.pos;
        if buf.is_empty() || at >= self.size {
            return Ok(0);
        }
        let n = match self.copy_kept(at, buf) {
            Some(n) => n,
            None => {
                let want = self.gap_len(at, buf.len());
                self.fetch(at, &mut buf[..want])?
            }
        };
        self.hash(at, &buf[..n]);
        self.pos = at + n as u64;
        Ok(n)
    }
}

impl<R: Read + Seek> Seek for OnceSource<'_, R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.size.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        self.pos = target.ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "seek before the file's start")
        })?;
        Ok(self.pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A reader that counts the bytes it hands out.
    struct Counting {
        inner: Cursor<Vec<u8>>,
        bytes: u64,
    }

    impl Read for Counting {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.bytes += n as u64;
            Ok(n)
        }
    }
    impl Seek for Counting {
        fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
            self.inner.seek(to)
        }
    }

    fn data(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn tail_then_walk_reads_each_byte_once_and_digests_the_file() {
        for size in [10usize, 1000, 200_000] {
            let bytes = data(size);
            let mut c = Counting {
                inner: Cursor::new(bytes.clone()),
                bytes: 0,
            };
            let mut s = OnceSource::new(&mut c, size as u64, true);
            // The reader's pattern: the tail, a directory inside it, then the walk.
            let tail = size.min(300);
            let t = s.read_at((size - tail) as u64, tail).unwrap();
            assert_eq!(t, bytes[size - tail..]);
            let d = s.read_at((size - tail / 2) as u64, tail / 4).unwrap();
            assert_eq!(d, bytes[size - tail / 2..size - tail / 2 + tail / 4]);
            s.seek(SeekFrom::Start(0)).unwrap();
            let walked = size - tail / 2;
            let mut got = vec![0u8; walked];
            s.read_exact(&mut got).unwrap();
            assert_eq!(got, bytes[..walked]);
            let digest = s.finish_digest().unwrap().unwrap();
            assert_eq!(digest, <[u8; 32]>::from(Sha256::digest(&bytes)), "{size}");
            assert_eq!(c.bytes, size as u64, "{size}: every byte read once");
        }
    }

    #[test]
    fn a_skipped_gap_is_read_for_the_digest() {
        let bytes = data(5000);
        let mut c = Counting {
            inner: Cursor::new(bytes.clone()),
            bytes: 0,
        };
        let mut s = OnceSource::new(&mut c, 5000, true);
        let mut head = vec![0u8; 100];
        s.read_exact(&mut head).unwrap();
        s.seek(SeekFrom::Start(3000)).unwrap();
        let mut rest = vec![0u8; 2000];
        s.read_exact(&mut rest).unwrap();
        let digest = s.finish_digest().unwrap().unwrap();
        assert_eq!(digest, <[u8; 32]>::from(Sha256::digest(&bytes)));
    }

    #[test]
    fn a_file_that_shrank_is_an_unexpected_end() {
        let mut c = Cursor::new(data(10));
        let mut s = OnceSource::new(&mut c, 20, false);
        let e = s.read_at(5, 10).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
    }
}
