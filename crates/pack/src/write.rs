//! The reproducible pack writer.
//!
//! Byte-level choices, all fixed so that the same inputs give the same archive:
//! * entry order: the content files sorted by path (byte order), then `manifest.json`, then
//!   `describe.json` last (so `gtdx sign` rewrites only the archive's tail);
//! * every timestamp is the zip epoch, 1980-01-01 00:00:00; no extended-time extra fields;
//! * every entry is a regular file with mode 0644, "made by" Unix whatever the host;
//! * no directory entries, no archive comment;
//! * compression: **stored** by default. A pack is verified far more often than it is written,
//!   and stored entries are hashed straight off the disk at SHA-256 speed (a 100 MB pack
//!   verifies about as fast as `openssl dgst -sha256` reads it) where deflate would add an
//!   inflate pass; stored bytes never depend on a compressor's version, so a pack stays
//!   byte-identical across gtdx releases; and writing is a single copy pass, several times
//!   faster than `zip -6`. Transport compression (HTTP, OCI layers) recovers the size.
//!   [`Compression::Deflated`] (level 6) is available for callers that want smaller files; it
//!   is deterministic for a given gtdx build.
//!
//! Each content file is read once: its SHA-256 and the zip CRC are computed while its bytes are
//! copied into the archive.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;
use sha2::{Digest, Sha256};
use zip::write::SimpleFileOptions;

use crate::{
    DESCRIBE_PATH, MANIFEST_PATH, MANIFEST_SCHEMA, MANIFEST_SHA256_FIELD, Manifest, ManifestEntry,
    check_entry_path, hex,
};

/// How entries are compressed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Compression {
    /// No compression (the default; see the module docs).
    #[default]
    Stored,
    /// Deflate, level 6.
    Deflated,
}

/// Where a file's bytes come from.
#[derive(Debug, Clone)]
pub enum Source {
    Bytes(Vec<u8>),
    File(PathBuf),
}

/// One file to put in the pack.
#[derive(Debug, Clone)]
pub struct PackFile {
    /// Pack-relative path, `/`-separated.
    pub path: String,
    pub source: Source,
}

impl PackFile {
    pub fn bytes(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        PackFile {
            path: path.into(),
            source: Source::Bytes(bytes.into()),
        }
    }

    pub fn file(path: impl Into<String>, source: impl Into<PathBuf>) -> Self {
        PackFile {
            path: path.into(),
            source: Source::File(source.into()),
        }
    }
}

/// What was written.
#[derive(Debug, Clone)]
pub struct WrittenPack {
    pub path: PathBuf,
    /// The ledger written as `manifest.json`.
    pub manifest: Manifest,
    /// `manifest.json`'s exact bytes.
    pub manifest_bytes: Vec<u8>,
    /// Lowercase-hex SHA-256 of `manifest.json` (the `manifestSha256` set in describe.json).
    pub manifest_sha256: String,
    /// `describe.json`'s exact bytes.
    pub describe_bytes: Vec<u8>,
}

/// Why a pack could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("cannot pack `{path}`: the path {reason}; pack paths are relative and `/`-separated")]
    BadPath { path: String, reason: String },
    #[error("cannot pack `{0}` twice: every path in a pack is unique")]
    Duplicate(String),
    #[error(
        "cannot pack a file named `{0}`: the writer generates describe.json and manifest.json itself"
    )]
    Reserved(String),
    #[error("describe.json must be a JSON object")]
    DescribeNotObject,
    #[error("cannot read {}: {source}", path.display())]
    Source {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write the pack: {0}")]
    Zip(String),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
}

/// Builds a pack: add files, then [`PackWriter::write`].
#[derive(Debug, Clone, Default)]
pub struct PackWriter {
    files: Vec<PackFile>,
    compression: Compression,
}

impl PackWriter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn compression(mut self, compression: Compression) -> Self {
        self.compression = compression;
        self
    }

    pub fn add_pack_file(mut self, file: PackFile) -> Self {
        self.files.push(file);
        self
    }

    pub fn add_bytes(self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        self.add_pack_file(PackFile::bytes(path, bytes))
    }

    pub fn add_file(self, path: impl Into<String>, source: impl Into<PathBuf>) -> Self {
        self.add_pack_file(PackFile::file(path, source))
    }

    /// Writes the pack to `out` atomically. Sets `describe.manifestSha256` (and drops any
    /// `signature`, which the new manifest would invalidate); `describe` is left as packed.
    pub fn write(self, out: &Path, describe: &mut Value) -> Result<WrittenPack, WriteError> {
        write_pack_inner(out, describe, self.files, self.compression)
    }

    /// [`PackWriter::write`] for a typed describe.
    pub fn write_describe(
        self,
        out: &Path,
        describe: &mut gtdx_contract::Describe,
    ) -> Result<WrittenPack, WriteError> {
        let mut value = serde_json::to_value(&*describe)
            .unwrap_or_else(|e| unreachable!("describe serialization: {e}"));
        let written = self.write(out, &mut value)?;
        describe.manifest_sha256 = Some(written.manifest_sha256.clone());
        describe.signature = None;
        Ok(written)
    }
}

/// Writes `describe` and `files` as a stored (uncompressed) pack at `out`, atomically.
/// See [`PackWriter::write`].
pub fn write_pack(
    out: &Path,
    describe: &mut Value,
    files: Vec<PackFile>,
) -> Result<WrittenPack, WriteError> {
    write_pack_inner(out, describe, files, Compression::Stored)
}

/// The options every entry is written with.
pub(crate) fn entry_options(compression: Compression, large: bool) -> SimpleFileOptions {
    let method = match compression {
        Compression::Stored => zip::CompressionMethod::Stored,
        Compression::Deflated => zip::CompressionMethod::Deflated,
    };
    let level = match compression {
        Compression::Stored => None,
        Compression::Deflated => Some(6),
    };
    SimpleFileOptions::default()
        .compression_method(method)
        .compression_level(level)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644)
        .system(zip::System::Unix)
        .large_file(large)
}

/// The exact describe.json bytes the writer stores for `describe`.
pub fn describe_bytes(describe: &Value) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(describe)
        .unwrap_or_else(|e| unreachable!("describe serialization: {e}"));
    text.push('\n');
    text.into_bytes()
}

fn write_pack_inner(
    out: &Path,
    describe: &mut Value,
    mut files: Vec<PackFile>,
    compression: Compression,
) -> Result<WrittenPack, WriteError> {
    if !describe.is_object() {
        return Err(WriteError::DescribeNotObject);
    }
    for f in &files {
        if f.path == DESCRIBE_PATH || f.path == MANIFEST_PATH {
            return Err(WriteError::Reserved(f.path.clone()));
        }
        check_entry_path(&f.path, false).map_err(|reason| WriteError::BadPath {
            path: f.path.clone(),
            reason,
        })?;
    }
    files.sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    if let Some(w) = files.windows(2).find(|w| w[0].path == w[1].path) {
        return Err(WriteError::Duplicate(w[0].path.clone()));
    }
    // Open every source up front so a missing file fails before anything is written.
    let mut opened = Vec::with_capacity(files.len());
    for f in &files {
        match &f.source {
            Source::Bytes(b) => opened.push(Opened::Bytes(b)),
            Source::File(p) => {
                let (file, len) = gtdx_fsx::open_regular(p).map_err(|e| WriteError::Source {
                    path: p.clone(),
                    source: e.source,
                })?;
                opened.push(Opened::File(file, p, len));
            }
        }
    }

    let mut failure: Option<WriteError> = None;
    let mut result: Option<(Manifest, Vec<u8>, String, Vec<u8>)> = None;
    let fsx = gtdx_fsx::write_atomic_with(out, |tmp| {
        let mut zip = zip::ZipWriter::new(tmp);
        let mut entries = Vec::with_capacity(files.len());
        let mut buf = vec![0u8; 1 << 20];
        for (f, src) in files.iter().zip(opened.iter_mut()) {
            let large = src.len() >= u64::from(u32::MAX);
            zip.start_file(f.path.as_str(), entry_options(compression, large))
                .map_err(std::io::Error::other)?;
            let mut hasher = Sha256::new();
            let mut size = 0u64;
            match src {
                Opened::Bytes(b) => {
                    let b: &[u8] = b;
                    hasher.update(b);
                    zip.write_all(b)?;
                    size = b.len() as u64;
                }
                Opened::File(file, path, _) => loop {
                    let n = match file.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => {
                            failure = Some(WriteError::Source {
                                path: path.to_path_buf(),
                                source: e,
                            });
                            return Err(std::io::Error::other("source read failed"));
                        }
                    };
                    hasher.update(&buf[..n]);
                    zip.write_all(&buf[..n])?;
                    size += n as u64;
                },
            }
            entries.push(ManifestEntry {
                path: f.path.clone(),
                sha256: hex(&hasher.finalize()),
                size,
            });
        }
        let manifest = Manifest {
            entries,
            schema: MANIFEST_SCHEMA.to_string(),
        };
        let manifest_bytes = manifest.to_bytes();
        let manifest_sha256 = hex(&Sha256::digest(&manifest_bytes));
        let obj = describe
            .as_object_mut()
            .ok_or_else(|| std::io::Error::other("describe"))?;
        obj.shift_remove("signature");
        obj.insert(
            MANIFEST_SHA256_FIELD.to_string(),
            Value::String(manifest_sha256.clone()),
        );
        let describe_bytes = describe_bytes(describe);
        for (name, bytes) in [
            (MANIFEST_PATH, &manifest_bytes),
            (DESCRIBE_PATH, &describe_bytes),
        ] {
            zip.start_file(name, entry_options(compression, false))
                .map_err(std::io::Error::other)?;
            zip.write_all(bytes)?;
        }
        zip.finish().map_err(std::io::Error::other)?;
        result = Some((manifest, manifest_bytes, manifest_sha256, describe_bytes));
        Ok(())
    });
    if let Some(f) = failure {
        return Err(f);
    }
    fsx?;
    let (manifest, manifest_bytes, manifest_sha256, describe_bytes) =
        result.ok_or_else(|| WriteError::Zip("the archive was not completed".into()))?;
    Ok(WrittenPack {
        path: out.to_path_buf(),
        manifest,
        manifest_bytes,
        manifest_sha256,
        describe_bytes,
    })
}

enum Opened<'a> {
    Bytes(&'a [u8]),
    File(std::fs::File, &'a Path, u64),
}

impl Opened<'_> {
    fn len(&self) -> u64 {
        match self {
            Opened::Bytes(b) => b.len() as u64,
            Opened::File(_, _, len) => *len,
        }
    }
}

/// Rewrites the pack at `pack.path` atomically with `describe` as its describe.json: every
/// other entry is copied raw (its compressed bytes, CRC, sizes, timestamps and modes are not
/// touched) and keeps its place. describe.json keeps its place too, and is written with the
/// writer's fixed options and the compression method it had.
///
/// `pack` must be the result of [`crate::read_pack`] on that file with no integrity failure
/// (the caller checks; this function refuses packs with duplicate names).
pub fn replace_describe(pack: &crate::Pack, describe: &[u8]) -> Result<(), WriteError> {
    let path = &pack.path;
    let (src, _) = gtdx_fsx::open_regular(path).map_err(|e| WriteError::Source {
        path: path.clone(),
        source: e.source,
    })?;
    let mut archive = zip::ZipArchive::new(std::io::BufReader::new(src))
        .map_err(|e| WriteError::Zip(e.to_string()))?;
    if archive.len() != pack.entries.len() || archive.has_duplicate_names() {
        return Err(WriteError::Zip(format!(
            "{} changed while it was being signed",
            path.display()
        )));
    }
    gtdx_fsx::write_atomic_with(path, |tmp| {
        let mut zip = zip::ZipWriter::new(tmp);
        for i in 0..archive.len() {
            let file = archive.by_index_raw(i).map_err(std::io::Error::other)?;
            if file.name_raw() == DESCRIBE_PATH.as_bytes() {
                let compression = if file.compression() == zip::CompressionMethod::Stored {
                    Compression::Stored
                } else {
                    Compression::Deflated
                };
                drop(file);
                zip.start_file(DESCRIBE_PATH, entry_options(compression, false))
                    .map_err(std::io::Error::other)?;
                zip.write_all(describe)?;
            } else {
                zip.raw_copy_file(file).map_err(std::io::Error::other)?;
            }
        }
        zip.finish().map_err(std::io::Error::other)?;
        Ok(())
    })?;
    Ok(())
}
