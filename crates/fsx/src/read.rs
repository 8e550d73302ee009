//! The one bounded reader every gtdx command reads files through.
//!
//! * **Regular files only.** A FIFO, socket or device is refused at once, naming the path: the
//!   file is opened with `O_NONBLOCK` (so opening a FIFO cannot wait for a writer) and checked
//!   with `fstat` on the open descriptor (so the check and the read are about the same file).
//!   A directory gets its own message, never "no such file".
//! * **A size cap per kind of input** ([`Limit`], the values in [`limits`] and in
//!   docs/security.md). The caps sit far above real extensions' files: hitting one means the
//!   wrong file, or a hostile one.
//! * **Allocation follows the bytes actually read**, never a size the file (or its metadata)
//!   declares: reading goes through `take(cap + 1)` into a vector that grows as data arrives,
//!   so a file that grows while it is read, or lies about its length, still stops at the cap.

use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::Path;

use crate::FsError;

/// A kind of input and the most bytes gtdx reads of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What the file is, for messages: "a describe.json", "a worker spec".
    pub what: &'static str,
    /// The cap, in bytes.
    pub max: u64,
}

/// The caps, one per kind of input. docs/security.md lists them (a test keeps the two in step).
pub mod limits {
    use super::Limit;

    const MIB: u64 = 1 << 20;

    /// describe.json (a thousand-tool manifest is about 1.5 MB).
    pub const MANIFEST: Limit = Limit {
        what: "a describe.json",
        max: 16 * MIB,
    };
    /// A worker manifest (`gtdx worker build`'s output), read back by `worker inspect`.
    pub const WORKER_MANIFEST: Limit = Limit {
        what: "a worker manifest",
        max: 16 * MIB,
    };
    /// A worker spec (TOML, YAML or JSON).
    pub const SPEC: Limit = Limit {
        what: "a worker spec",
        max: 4 * MIB,
    };
    /// One Rust source file of an extension (the describe scan).
    pub const RUST_SOURCE: Limit = Limit {
        what: "a Rust source file",
        max: 8 * MIB,
    };
    /// Cargo.toml, and the JSON Schema files a hand-written tool names.
    pub const PROJECT_FILE: Limit = Limit {
        what: "a project file (Cargo.toml, a schema file)",
        max: 4 * MIB,
    };
    /// A key file (secret or public, gtdx or minisign format; a list of trusted keys).
    pub const KEY: Limit = Limit {
        what: "a key file",
        max: 1 << 16,
    };
    /// A detached `.minisig` signature.
    pub const SIGNATURE: Limit = Limit {
        what: "a signature file",
        max: 1 << 16,
    };
    /// A WebAssembly component, read whole to be analysed (also a component kept in memory
    /// from a pack by `gtdx inspect`).
    pub const COMPONENT: Limit = Limit {
        what: "a WebAssembly component",
        max: 256 * MIB,
    };
    /// A view's HTML or another asset read whole by the lint.
    pub const ASSET: Limit = Limit {
        what: "an asset",
        max: 16 * MIB,
    };
    /// A tool's input (`gtdx run --input-file`, standard input).
    pub const TOOL_INPUT: Limit = Limit {
        what: "a tool input",
        max: 16 * MIB,
    };
    /// A table of tool tests (`tests/tools/*`), or an LLM fixture file.
    pub const TOOL_TESTS: Limit = Limit {
        what: "a tool test file",
        max: 16 * MIB,
    };
    /// A secrets file (`--secrets-file`, `KEY=VALUE` lines).
    pub const SECRETS_FILE: Limit = Limit {
        what: "a secrets file",
        max: MIB,
    };

    /// A discovery result: the JSON array of dynamic-tool descriptors `gtdx dynamic admit`
    /// reads (ten thousand descriptors are about 5 MB).
    pub const DESCRIPTORS: Limit = Limit {
        what: "a discovery result (dynamic-tool descriptors)",
        max: 32 * MIB,
    };
    /// A per-connection dynamic-tools catalog, or a grant file.
    pub const CATALOG: Limit = Limit {
        what: "a dynamic-tools catalog or grant",
        max: 64 * MIB,
    };
    /// A registry or install bookkeeping file: index.json, metadata.json, extensions-state.json,
    /// trust/publishers.json, ~/.docker/config.json.
    pub const REGISTRY_FILE: Limit = Limit {
        what: "a registry or state file",
        max: 16 * MIB,
    };
    /// A pack pulled from a registry or installed (streamed to a staging file, never read whole).
    pub const PACK: Limit = Limit {
        what: "a pack",
        max: 1024 * MIB,
    };

    /// Every cap, for docs/security.md's table (and the test that keeps it in step).
    pub const ALL: &[(&str, Limit)] = &[
        ("MANIFEST", MANIFEST),
        ("WORKER_MANIFEST", WORKER_MANIFEST),
        ("SPEC", SPEC),
        ("RUST_SOURCE", RUST_SOURCE),
        ("PROJECT_FILE", PROJECT_FILE),
        ("KEY", KEY),
        ("SIGNATURE", SIGNATURE),
        ("COMPONENT", COMPONENT),
        ("ASSET", ASSET),
        ("TOOL_INPUT", TOOL_INPUT),
        ("TOOL_TESTS", TOOL_TESTS),
        ("SECRETS_FILE", SECRETS_FILE),
        ("DESCRIPTORS", DESCRIPTORS),
        ("CATALOG", CATALOG),
        ("REGISTRY_FILE", REGISTRY_FILE),
        ("PACK", PACK),
    ];
}

/// `n` bytes in the unit a person reads (`16 MiB`, `64 KiB`, `300 bytes`).
pub fn human_bytes(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

fn not_regular(kind: &str) -> std::io::Error {
    std::io::Error::new(
        ErrorKind::InvalidInput,
        format!(
            "it is {kind}, not a regular file; gtdx reads regular files only (a pipe or device \
             could block or never end). Save the content to a file and pass that"
        ),
    )
}

/// The `too large` error for `limit` (`size` is what was seen: a length, or "more than").
pub fn too_large(limit: Limit, size: Option<u64>) -> std::io::Error {
    let seen = match size {
        Some(n) => format!("{n} bytes"),
        None => format!("more than {} bytes", limit.max),
    };
    std::io::Error::new(
        ErrorKind::FileTooLarge,
        format!(
            "it is {seen}, more than the {} gtdx reads of {} (the limits are in docs/security.md); \
             check that this is the right file",
            human_bytes(limit.max),
            limit.what
        ),
    )
}

/// Opens `path` for reading if it is a regular file (following symlinks); refuses a directory,
/// FIFO, socket or device at once, without blocking. Returns the file and its length.
pub fn open_regular(path: &Path) -> Result<(File, u64), FsError> {
    let err = |e| FsError::new("cannot read", path, e);
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO without O_NONBLOCK waits for a writer, forever if none comes.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == ErrorKind::NotFound => {
            return Err(err(std::io::Error::new(
                ErrorKind::NotFound,
                "no such file",
            )));
        }
        Err(e) => return Err(err(e)),
    };
    let meta = file.metadata().map_err(err)?;
    let ft = meta.file_type();
    if ft.is_dir() {
        return Err(err(std::io::Error::new(
            ErrorKind::IsADirectory,
            "it is a directory, not a file",
        )));
    }
    if !ft.is_file() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            let kind = if ft.is_fifo() {
                "a FIFO (named pipe)"
            } else if ft.is_socket() {
                "a socket"
            } else if ft.is_char_device() || ft.is_block_device() {
                "a device"
            } else {
                "not a file"
            };
            return Err(err(not_regular(kind)));
        }
        #[cfg(not(unix))]
        return Err(err(not_regular("not a file")));
    }
    #[cfg(unix)]
    {
        // Back to blocking reads (irrelevant for a regular file, but say what we mean).
        use std::os::fd::AsRawFd;
        let fd = file.as_raw_fd();
        // SAFETY: fcntl on a descriptor this function owns; no memory is passed.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
    }
    Ok((file, meta.len()))
}

/// Reads the whole regular file at `path`, at most `limit.max` bytes (see the module doc).
pub fn read_limited(path: &Path, limit: Limit) -> Result<Vec<u8>, FsError> {
    let (file, len) = open_regular(path)?;
    if len > limit.max {
        return Err(FsError::new(
            "cannot read",
            path,
            too_large(limit, Some(len)),
        ));
    }
    // Capacity from the metadata (a regular file's length, already within the limit), plus
    // the byte read_to_end probes for the end with: one allocation. Grown from 1 MiB instead, a
    // 100 MB pack took seven doublings, each a copy into fresh memory (a quarter of a Store
    // publish's time went to the kernel zeroing those pages). A file that grows while read
    // still grows the vector, up to the limit.
    let mut bytes = Vec::with_capacity(len.saturating_add(1) as usize);
    file.take(limit.max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FsError::new("cannot read", path, e))?;
    if bytes.len() as u64 > limit.max {
        return Err(FsError::new("cannot read", path, too_large(limit, None)));
    }
    Ok(bytes)
}

/// [`read_limited`], as UTF-8 text (an invalid byte is named by its offset).
pub fn read_text(path: &Path, limit: Limit) -> Result<String, FsError> {
    let bytes = read_limited(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        FsError::new(
            "cannot read",
            path,
            std::io::Error::new(
                ErrorKind::InvalidData,
                format!(
                    "it is not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
                    e.utf8_error().valid_up_to()
                ),
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: Limit = Limit {
        what: "a test file",
        max: 8,
    };

    #[test]
    fn reads_within_the_cap_and_refuses_beyond_it() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"12345678").unwrap();
        assert_eq!(read_limited(&p, TINY).unwrap(), b"12345678");
        std::fs::write(&p, b"123456789").unwrap();
        let e = read_limited(&p, TINY).unwrap_err();
        assert_eq!(e.source.kind(), ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("more than the 8 bytes"), "{e}");
        assert!(e.to_string().contains("a test file"), "{e}");
    }

    #[test]
    fn a_directory_is_named_as_one() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_limited(dir.path(), TINY).unwrap_err();
        assert_eq!(e.source.kind(), ErrorKind::IsADirectory);
        assert!(e.to_string().contains("is a directory"), "{e}");
        let e = read_limited(&dir.path().join("nope"), TINY).unwrap_err();
        assert_eq!(e.source.kind(), ErrorKind::NotFound);
        assert!(e.to_string().contains("no such file"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("pipe");
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_limited(&p, TINY).unwrap_err();
        assert!(e.to_string().contains("FIFO"), "{e}");
        assert!(e.to_string().contains(p.to_str().unwrap()), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused() {
        let e = read_limited(Path::new("/dev/zero"), TINY).unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
    }

    /// docs/security.md lists every cap with its value.
    #[test]
    fn the_security_doc_lists_every_cap() {
        let doc = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/security.md"),
        )
        .unwrap();
        for (name, limit) in limits::ALL {
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{name}` |")))
                .unwrap_or_else(|| panic!("docs/security.md has no row for `{name}`"));
            assert!(
                row.trim_end()
                    .ends_with(&format!("| {} |", human_bytes(limit.max))),
                "docs/security.md says {row:?} for `{name}`, the code {}",
                human_bytes(limit.max)
            );
        }
    }

    #[test]
    fn text_must_be_utf8() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"ab\xffc").unwrap();
        let e = read_text(&p, TINY).unwrap_err();
        assert!(e.to_string().contains("offset 2"), "{e}");
    }
}
