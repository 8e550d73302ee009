//! Unpacking while a pack downloads: the entries [`gtdx_pack::streamed::StreamParser`] follows
//! are written into a staging directory as their bytes arrive, fsynced as they complete (the
//! disk's writeback started as they are written), so that when the last byte is in, the pack
//! is unpacked and durable but not installed.
//!
//! Nothing written here is trusted: the directory is [`Unpacked`] (removed when dropped), and
//! an install moves it into place only after the whole pack passed every check and the strict
//! reader took the streamed digest of every entry ([`Streamed::covers`]); otherwise it is
//! removed and the pack unpacked from the verified file as always. Names are checked before
//! anything is created (an unsafe path stops the parser, and nothing is written for it), files
//! are created new (a duplicate name stops it), and the bytes written are capped.

use std::io::Write;
use std::path::{Path, PathBuf};

use gtdx_pack::streamed::{EntrySink, StreamParser, Streamed};

use super::{MAX_UNPACKED_BYTES, Unpacked};
use crate::{Home, RegistryError};

/// How often (in bytes written to one file) the disk is asked to start writing them.
const WRITEBACK_EVERY: u64 = 8 << 20;

/// Writes followed entries under a staging directory.
pub struct StageSink {
    root: PathBuf,
    /// The file being written, where its writeback was last started, and its length so far.
    file: Option<(std::fs::File, u64, u64)>,
    /// Directories created, fsynced at the end so the entries in them are durable.
    dirs: Vec<PathBuf>,
    written: u64,
}

impl StageSink {
    fn new(root: &Path) -> StageSink {
        StageSink {
            root: root.to_path_buf(),
            file: None,
            dirs: vec![root.to_path_buf()],
            written: 0,
        }
    }

    /// Fsyncs every directory the entries were created in.
    fn sync_dirs(&self) {
        for d in &self.dirs {
            gtdx_fsx::stage::sync_dir(d);
        }
    }

    fn mkdirs(&mut self, dir: &Path) -> std::io::Result<()> {
        if !dir.is_dir() {
            std::fs::create_dir_all(dir)?;
            let mut d = dir;
            while d != self.root && !self.dirs.iter().any(|x| x == d) {
                self.dirs.push(d.to_path_buf());
                match d.parent() {
                    Some(p) => d = p,
                    None => break,
                }
            }
        }
        Ok(())
    }
}

impl EntrySink for StageSink {
    fn start(&mut self, name: &str, is_dir: bool) -> std::io::Result<bool> {
        if gtdx_pack::check_entry_path(name, is_dir).is_err() {
            return Ok(false);
        }
        let out = self.root.join(name.trim_end_matches('/'));
        if is_dir {
            self.mkdirs(&out)?;
            return Ok(true);
        }
        if let Some(parent) = out.parent() {
            self.mkdirs(parent)?;
        }
        self.file = Some((std::fs::File::create_new(&out)?, 0, 0));
        Ok(true)
    }

    fn data(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.written += bytes.len() as u64;
        if self.written > MAX_UNPACKED_BYTES {
            return Err(std::io::Error::other(
                "past the install's unpacked-size cap",
            ));
        }
        let Some((file, started, len)) = self.file.as_mut() else {
            return Ok(());
        };
        file.write_all(bytes)?;
        *len += bytes.len() as u64;
        if *len - *started >= WRITEBACK_EVERY {
            gtdx_fsx::stage::start_writeback(file, *started, *len - *started);
            *started = *len;
        }
        Ok(())
    }

    fn end(&mut self) -> std::io::Result<()> {
        if let Some((file, _, _)) = self.file.take() {
            file.sync_all()?;
        }
        Ok(())
    }
}

/// A staging directory being filled from a download, for `id@version`.
pub struct Unpacking {
    unpacked: Unpacked,
    parser: StreamParser<StageSink>,
}

impl Unpacking {
    /// A new staging directory beside the staged packs of `home`.
    pub fn begin(home: &Home, id: &str, version: &str) -> Result<Unpacking, RegistryError> {
        let stage = gtdx_fsx::stage::unique_dir(&home.staging(), &format!("{id}-{version}"))?;
        let parser = StreamParser::new(StageSink::new(&stage));
        Ok(Unpacking {
            unpacked: Unpacked {
                _registered: gtdx_fsx::temp::register_dir(&stage),
                stage,
            },
            parser,
        })
    }

    /// The next bytes of the pack.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.parser.feed(bytes);
    }

    /// The download is complete: the directories are fsynced, and what was followed is
    /// returned with the directory (still only staged).
    pub fn finish(self) -> Prefetched {
        let (streamed, sink) = self.parser.finish();
        if streamed.stopped.is_none() {
            sink.sync_dirs();
        }
        Prefetched {
            unpacked: self.unpacked,
            streamed,
        }
    }
}

/// A pack unpacked into staging as it downloaded, with the digests computed on the way.
pub struct Prefetched {
    pub unpacked: Unpacked,
    pub streamed: Streamed,
}
