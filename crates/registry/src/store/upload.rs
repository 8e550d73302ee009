//! The pack's bytes for a publish, read from its file as they are sent (no copy of the pack in
//! memory), and held to the file that was verified.
//!
//! The file was verified (and its digest, the `artifactSha256` the form announces, computed)
//! before any byte is sent; it is read again for the upload. [`CheckedPack`] reads it through
//! one open descriptor and, before it hands over the last bytes, checks that the file ends
//! there and that it is still the file that was verified: the same inode, size, modification
//! and change times as [`FileStamp::of_path`] found before the checks read it (any write
//! changes the change time, which no one can set back). A file changed or replaced after its
//! checks makes the read fail, so the request breaks off before its body is complete and the
//! Store never receives a whole pack other than the verified one; the Store checks the
//! announced digest against what it received as well. (Hashing the file again as it is sent
//! would tie the bytes to the digest too, at a third SHA-256 of the pack on a publish.)

use std::io::Read;
use std::path::Path;

/// What identifies one version of a file: device, inode, size, modification and change
/// times (size and modification time where there are no inodes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileStamp(Vec<i128>);

impl FileStamp {
    /// The stamp of the file at `path`, `None` when it cannot be read.
    pub fn of_path(path: &Path) -> Option<FileStamp> {
        std::fs::metadata(path).ok().map(|m| FileStamp::of(&m))
    }

    fn of(m: &std::fs::Metadata) -> FileStamp {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            FileStamp(vec![
                i128::from(m.dev()),
                i128::from(m.ino()),
                i128::from(m.size()),
                i128::from(m.mtime()),
                i128::from(m.mtime_nsec()),
                i128::from(m.ctime()),
                i128::from(m.ctime_nsec()),
            ])
        }
        #[cfg(not(unix))]
        {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(-1, |d| d.as_nanos() as i128);
            FileStamp(vec![i128::from(m.len()), modified])
        }
    }
}

/// A pack file read for upload: `size` bytes, the file stamped `stamp` before its checks.
pub(crate) struct CheckedPack {
    file: std::fs::File,
    left: u64,
    stamp: Option<FileStamp>,
    /// The file turned out not to be the verified pack (the read failed for it).
    pub changed: bool,
}

impl CheckedPack {
    pub fn new(file: std::fs::File, size: u64, stamp: Option<FileStamp>) -> CheckedPack {
        CheckedPack {
            file,
            left: size,
            stamp,
            changed: false,
        }
    }

    fn refuse(&mut self, why: &str) -> std::io::Error {
        self.changed = true;
        std::io::Error::other(format!("the pack changed after it was verified ({why})"))
    }
}

impl Read for CheckedPack {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 || buf.is_empty() {
            return Ok(0);
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.file.read(&mut buf[..want])?;
        if n == 0 {
            return Err(self.refuse("it is shorter"));
        }
        self.left -= n as u64;
        if self.left == 0 {
            // The last bytes go only from the verified file, to its end.
            let mut probe = [0u8; 1];
            if self.file.read(&mut probe)? != 0 {
                return Err(self.refuse("it is longer"));
            }
            let now = self.file.metadata().ok().map(|m| FileStamp::of(&m));
            if now.is_none() || now != self.stamp {
                return Err(self.refuse("it was written to or replaced"));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verified_file_is_sent_and_a_changed_one_never_ends_its_body() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("p");
        let bytes = vec![7u8; 300_000];
        std::fs::write(&p, &bytes).unwrap();
        let stamp = FileStamp::of_path(&p);
        let mut out = Vec::new();
        let f = std::fs::File::open(&p).unwrap();
        CheckedPack::new(f, bytes.len() as u64, stamp.clone())
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, bytes);

        // A longer file, a shorter one, one written to since its stamp: the read fails
        // before its last bytes.
        let len = bytes.len() as u64;
        for (size, stamp) in [
            (len - 1, stamp.clone()),
            (len + 1, stamp.clone()),
            (len, None),
        ] {
            let f = std::fs::File::open(&p).unwrap();
            let mut c = CheckedPack::new(f, size, stamp);
            let mut out = Vec::new();
            assert!(c.read_to_end(&mut out).is_err(), "{size}");
            assert!(c.changed);
            assert!(
                (out.len() as u64) < size,
                "the body never ends: {}",
                out.len()
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&p, &bytes).unwrap();
        let f = std::fs::File::open(&p).unwrap();
        let mut c = CheckedPack::new(f, len, stamp);
        assert!(c.read_to_end(&mut Vec::new()).is_err(), "rewritten");
    }
}
