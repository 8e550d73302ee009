//! The strict, untrusting pack reader.
//!
//! The zip structures are parsed here rather than through a general-purpose zip library, because
//! those are built to be lenient (they skip prepended or trailing bytes, let a later duplicate
//! name shadow an earlier one, follow whatever the local header says) and every leniency is a
//! way to make two readers see two different packs. This reader accepts exactly one layout:
//!
//! * the end-of-central-directory record (EOCD) ends the file: its comment length must reach the
//!   last byte exactly (trailing bytes are reported, not skipped);
//! * single disk; ZIP64 records are understood;
//! * local records are contiguous from offset 0 up to the central directory: no prepended data,
//!   no gaps, no overlaps;
//! * every local header repeats its central-directory name, method and flags;
//! * only stored (0) and deflate (8) entries; no encryption.
//!
//! Entry-level problems (an unsafe path, a symlink, a duplicate name, a CRC or size mismatch)
//! do not stop the read: they are collected in [`Pack::problems`] so that a verifier can name
//! every one. Archive-level problems (not a zip, truncated, trailing bytes, overlapping records)
//! stop it with [`ReadError::Malformed`].
//!
//! Each entry is read once, sequentially, through SHA-256 (and the zip CRC); only
//! `describe.json`, `manifest.json` and the entries a caller asks for are kept in memory. Every
//! byte of the file is read from it once (see `once.rs`), so the whole-file digest
//! ([`read_pack_digested_from`]) costs one more hash, not one more read.

use std::collections::HashSet;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use gtdx_contract::text::count;
use sha2::{Digest, Sha256};

use crate::integrity::{Check, IntegrityFailure};
use crate::once::OnceSource;
use crate::{DESCRIBE_PATH, MANIFEST_PATH, check_entry_path};

/// The most bytes kept for `describe.json` or `manifest.json` (both are small text files).
pub const MAX_METADATA_BYTES: u64 = gtdx_fsx::limits::MANIFEST.max;

/// The most bytes kept in memory for any other entry a caller asks for (a component for
/// `gtdx inspect`); a larger entry is still hashed, in bounded memory, but not kept.
pub const MAX_KEPT_BYTES: u64 = gtdx_fsx::limits::COMPONENT.max;

const EOCD_SIG: u32 = 0x0605_4b50;
const ZIP64_LOCATOR_SIG: u32 = 0x0706_4b50;
const ZIP64_EOCD_SIG: u32 = 0x0606_4b50;
const CENTRAL_SIG: u32 = 0x0201_4b50;
const LOCAL_SIG: u32 = 0x0403_4b50;
const DESCRIPTOR_SIG: u32 = 0x0807_4b50;
const EOCD_LEN: usize = 22;
const MAX_COMMENT: usize = 0xffff;

const S_IFMT: u32 = 0o170_000;
const S_IFLNK: u32 = 0o120_000;
const S_IFDIR: u32 = 0o040_000;
const S_IFREG: u32 = 0o100_000;

/// What a zip entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    File,
    /// A name ending in `/` (or a directory mode). Ignored by integrity checks.
    Directory,
    /// A Unix symlink. Always an integrity failure.
    Symlink,
    /// A device, FIFO or socket mode. Always an integrity failure.
    Special,
}

/// One entry of the archive, as read.
#[derive(Debug, Clone)]
pub struct PackEntry {
    /// The name, decoded as UTF-8 (lossily when it is not; that is reported as a problem).
    pub name: String,
    pub kind: EntryKind,
    /// Zip compression method (0 stored, 8 deflate).
    pub method: u16,
    /// Offset of the local header.
    pub offset: u64,
    /// Size of the stored (possibly compressed) data.
    pub compressed_size: u64,
    /// Uncompressed size the central directory declares.
    pub declared_size: u64,
    /// Bytes the entry actually yielded when read; `None` if it could not be read.
    pub size: Option<u64>,
    /// SHA-256 of those bytes; `None` if it could not be read.
    pub sha256: Option<[u8; 32]>,
    /// The bytes, when the reader was asked to keep them (and they fit in
    /// [`MAX_KEPT_BYTES`]).
    pub bytes: Option<Vec<u8>>,
    /// The reader was asked to keep the bytes, but the entry yields more than
    /// [`MAX_KEPT_BYTES`]: it was hashed to its end, and not kept.
    pub too_large_to_keep: bool,
    /// Unix mode from the external attributes, when the entry was made on Unix.
    pub unix_mode: Option<u32>,
}

impl PackEntry {
    /// Lowercase-hex SHA-256, when the entry could be read.
    pub fn sha256_hex(&self) -> Option<String> {
        self.sha256.map(|d| crate::hex(&d))
    }
}

/// A pack, read without trusting it.
#[derive(Debug, Clone)]
pub struct Pack {
    pub path: PathBuf,
    /// The archive's size in bytes.
    pub file_size: u64,
    /// Every entry, in central-directory order.
    pub entries: Vec<PackEntry>,
    /// `describe.json`'s exact bytes (of its first entry), if present and readable.
    pub describe: Option<Vec<u8>>,
    /// `manifest.json`'s exact bytes (of its first entry), if present and readable.
    pub manifest: Option<Vec<u8>>,
    /// Entry-level problems found while reading.
    pub problems: Vec<IntegrityFailure>,
    /// SHA-256 of the whole archive file, computed during the same read when asked for
    /// ([`read_pack_digested_from`]); `None` otherwise.
    pub file_sha256: Option<[u8; 32]>,
}

impl Pack {
    /// The first entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&PackEntry> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// Which entries' bytes to keep in memory (describe.json and manifest.json always are).
#[derive(Default)]
pub struct ReadOptions<'a> {
    pub keep: Option<&'a dyn Fn(&str) -> bool>,
    /// The most bytes kept of any one entry `keep` selects (default [`MAX_KEPT_BYTES`]); a
    /// larger entry is hashed to its end but not kept ([`PackEntry::too_large_to_keep`]).
    pub max_kept: Option<u64>,
}

/// Why an archive could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is not a valid pack: {message}", path.display())]
    Malformed {
        path: PathBuf,
        offset: Option<u64>,
        message: String,
    },
}

impl ReadError {
    /// The archive-level integrity failure this error stands for, or `None` for an I/O error.
    pub fn as_failure(&self) -> Option<IntegrityFailure> {
        match self {
            ReadError::Malformed { message, .. } => {
                Some(IntegrityFailure::new(Check::Archive, None, message.clone()))
            }
            ReadError::Io { .. } => None,
        }
    }
}

/// Reads and stream-hashes every entry of the pack at `path`.
pub fn read_pack(path: &Path) -> Result<Pack, ReadError> {
    read_pack_with(path, &ReadOptions::default())
}

/// [`read_pack`], keeping the bytes of the entries `options.keep` selects.
pub fn read_pack_with(path: &Path, options: &ReadOptions<'_>) -> Result<Pack, ReadError> {
    let io = |e: std::io::Error| ReadError::Io {
        path: path.to_path_buf(),
        source: e,
    };
    let (mut file, file_size) = gtdx_fsx::open_regular(path).map_err(|e| io(e.source))?;
    read_pack_from(&mut file, file_size, path, options)
}

/// [`read_pack_with`] over any seekable reader of `size` bytes (a file, or bytes in memory:
/// the fuzz target reads packs this way). `path` names the pack in errors.
pub fn read_pack_from<R: Read + Seek>(
    reader: &mut R,
    size: u64,
    path: &Path,
    options: &ReadOptions<'_>,
) -> Result<Pack, ReadError> {
    read_from(reader, size, path, options, false)
}

/// [`read_pack_from`], also filling [`Pack::file_sha256`] from the same single read of the
/// file: for a caller (the worker) that pins the pack by its digest.
pub fn read_pack_digested_from<R: Read + Seek>(
    reader: &mut R,
    size: u64,
    path: &Path,
    options: &ReadOptions<'_>,
) -> Result<Pack, ReadError> {
    read_from(reader, size, path, options, true)
}

/// [`read_pack`] of a pack whose entries were followed as it arrived
/// ([`crate::streamed::StreamParser`]): every check is made as always, and an entry's data is
/// not read again when `streamed` recorded the digests of exactly the byte range the reader
/// would hash (see [`crate::streamed`]). Returns the pack and how many entries' digests were
/// taken from `streamed`.
pub fn read_pack_streamed(
    path: &Path,
    streamed: &crate::streamed::Streamed,
) -> Result<(Pack, usize), ReadError> {
    let (mut file, file_size) = gtdx_fsx::open_regular(path).map_err(|e| ReadError::Io {
        path: path.to_path_buf(),
        source: e.source,
    })?;
    let mut r = Reader {
        path,
        file: OnceSource::new(&mut file, file_size, false),
        file_size,
        streamed: Some(streamed),
        used: 0,
    };
    let pack = r.read(&ReadOptions::default())?;
    Ok((pack, r.used))
}

fn read_from<R: Read + Seek>(
    reader: &mut R,
    size: u64,
    path: &Path,
    options: &ReadOptions<'_>,
    digest: bool,
) -> Result<Pack, ReadError> {
    let mut r = Reader {
        path,
        file: OnceSource::new(reader, size, digest),
        file_size: size,
        streamed: None,
        used: 0,
    };
    let mut pack = r.read(options)?;
    pack.file_sha256 = r.file.finish_digest().map_err(|e| r.io(e))?;
    Ok(pack)
}

/// Where the central directory is.
struct Layout {
    cd_offset: u64,
    cd_size: u64,
    entries: u64,
}

/// A parsed central-directory record.
struct Record {
    name_raw: Vec<u8>,
    flags: u16,
    method: u16,
    crc: u32,
    compressed_size: u64,
    size: u64,
    offset: u64,
    version_made_by: u16,
    external_attrs: u32,
}

/// The zip layer: reads the central directory and the entries of any seekable reader, beneath
/// the pack rules (entry names, integrity) that `entries` applies.
struct Reader<'a, R> {
    path: &'a Path,
    file: OnceSource<'a, R>,
    file_size: u64,
    /// Digests of entries' data computed as the pack arrived ([`read_pack_streamed`]).
    streamed: Option<&'a crate::streamed::Streamed>,
    /// How many entries' digests were taken from `streamed`.
    used: usize,
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}
fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}
fn u64_at(b: &[u8], i: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(a)
}

impl<R: Read + Seek> Reader<'_, R> {
    /// The end record, the central directory, then every local record.
    fn read(&mut self, options: &ReadOptions<'_>) -> Result<Pack, ReadError> {
        let layout = self.find_directory()?;
        let records = self.central_directory(&layout)?;
        self.entries(records, &layout, options)
    }

    /// The digests `streamed` recorded for the local record of `rec` whose data starts at
    /// `data_start`, when they cover exactly the bytes [`Reader::hash_data`] would read:
    /// stored, the same range, no more than the directory declares, and kept bytes when they
    /// are to be kept.
    fn streamed_data(&self, rec: &Record, data_start: u64, keep: bool) -> Option<Data> {
        let known = self.streamed?.entries.get(&rec.offset)?;
        let same = rec.method == 0
            && known.data_start == data_start
            && known.size == rec.compressed_size
            && known.size <= rec.size
            && (!keep || known.bytes.is_some());
        same.then(|| Data {
            sha256: known.sha256,
            crc: known.crc,
            size: known.size,
            bytes: if keep { known.bytes.clone() } else { None },
        })
    }

    fn malformed(&self, offset: Option<u64>, message: impl Into<String>) -> ReadError {
        ReadError::Malformed {
            path: self.path.to_path_buf(),
            offset,
            message: message.into(),
        }
    }

    fn io(&self, e: std::io::Error) -> ReadError {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            return self.malformed(None, "the archive is truncated");
        }
        ReadError::Io {
            path: self.path.to_path_buf(),
            source: e,
        }
    }

    fn read_at(&mut self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        if offset
            .checked_add(len as u64)
            .is_none_or(|end| end > self.file_size)
        {
            return Err(self.malformed(Some(offset), "the archive is truncated"));
        }
        self.file.read_at(offset, len).map_err(|e| self.io(e))
    }

    /// Finds the EOCD, insisting that it ends the file.
    fn find_directory(&mut self) -> Result<Layout, ReadError> {
        if self.file_size < EOCD_LEN as u64 {
            return Err(self.malformed(
                None,
                format!(
                    "not a zip archive ({}; even an empty zip has 22); it may be truncated",
                    count(self.file_size as usize, "byte", "bytes")
                ),
            ));
        }
        let tail_len = self
            .file_size
            .min((EOCD_LEN + MAX_COMMENT + 20 + 56) as u64) as usize;
        let tail_start = self.file_size - tail_len as u64;
        let tail = self.read_at(tail_start, tail_len)?;
        let mut candidates = Vec::new();
        let mut i = tail_len - EOCD_LEN;
        loop {
            if u32_at(&tail, i) == EOCD_SIG {
                candidates.push(i);
            }
            if i == 0 {
                break;
            }
            i -= 1;
        }
        let exact = candidates
            .iter()
            .copied()
            .find(|&p| p + EOCD_LEN + u16_at(&tail, p + 20) as usize == tail_len);
        let Some(p) = exact else {
            return Err(match candidates.first() {
                Some(&p) => {
                    let end = p + EOCD_LEN + u16_at(&tail, p + 20) as usize;
                    if end < tail_len {
                        self.malformed(
                            Some(tail_start + end as u64),
                            format!(
                                "{} after the end of the zip archive (offset {})",
                                count(
                                    tail_len - end,
                                    "unexpected trailing byte",
                                    "unexpected trailing bytes"
                                ),
                                tail_start + end as u64
                            ),
                        )
                    } else {
                        self.malformed(None, "the archive is truncated (its end record is cut off)")
                    }
                }
                None => self.malformed(
                    None,
                    "not a zip archive, or truncated: no end-of-central-directory record",
                ),
            });
        };
        let eocd = &tail[p..p + EOCD_LEN];
        let eocd_offset = tail_start + p as u64;
        let disk = u16_at(eocd, 4);
        let cd_disk = u16_at(eocd, 6);
        let n_disk = u16_at(eocd, 8);
        let n_total = u16_at(eocd, 10);
        let cd_size = u32_at(eocd, 12);
        let cd_offset = u32_at(eocd, 16);
        let zip64 = n_total == 0xffff || cd_size == 0xffff_ffff || cd_offset == 0xffff_ffff;
        let (layout, cd_end) = if zip64 {
            if p < 20 || u32_at(&tail, p - 20) != ZIP64_LOCATOR_SIG {
                return Err(self.malformed(
                    Some(eocd_offset),
                    "the end record points to a ZIP64 record that is not there",
                ));
            }
            let loc = &tail[p - 20..p];
            let rec_offset = u64_at(loc, 8);
            if u32_at(loc, 4) != 0 || u32_at(loc, 16) > 1 {
                return Err(self.malformed(Some(eocd_offset), "multi-disk archives are not packs"));
            }
            let rec = self.read_at(rec_offset, 56)?;
            if u32_at(&rec, 0) != ZIP64_EOCD_SIG {
                return Err(self.malformed(Some(rec_offset), "bad ZIP64 end record"));
            }
            let rec_len = u64_at(&rec, 4).saturating_add(12);
            if rec_offset.checked_add(rec_len) != Some(eocd_offset - 20) {
                return Err(self.malformed(
                    Some(rec_offset),
                    "unaccounted bytes around the ZIP64 end record",
                ));
            }
            if u32_at(&rec, 16) != 0
                || u32_at(&rec, 20) != 0
                || u64_at(&rec, 24) != u64_at(&rec, 32)
            {
                return Err(self.malformed(Some(rec_offset), "multi-disk archives are not packs"));
            }
            (
                Layout {
                    cd_offset: u64_at(&rec, 48),
                    cd_size: u64_at(&rec, 40),
                    entries: u64_at(&rec, 32),
                },
                rec_offset,
            )
        } else {
            if disk != 0 || cd_disk != 0 || n_disk != n_total {
                return Err(self.malformed(Some(eocd_offset), "multi-disk archives are not packs"));
            }
            (
                Layout {
                    cd_offset: u64::from(cd_offset),
                    cd_size: u64::from(cd_size),
                    entries: u64::from(n_total),
                },
                eocd_offset,
            )
        };
        match layout.cd_offset.checked_add(layout.cd_size) {
            Some(end) if end == cd_end => Ok(layout),
            Some(end) if end < cd_end => Err(self.malformed(
                Some(end),
                format!(
                    "{} between the central directory and its end record",
                    count(
                        (cd_end - end) as usize,
                        "unaccounted byte",
                        "unaccounted bytes"
                    )
                ),
            )),
            _ => Err(self.malformed(
                Some(layout.cd_offset),
                "the central directory lies outside the archive (truncated or corrupt)",
            )),
        }
    }

    fn central_directory(&mut self, layout: &Layout) -> Result<Vec<Record>, ReadError> {
        // Each record takes at least 46 bytes: a count that cannot fit is corrupt.
        if layout.entries.saturating_mul(46) > layout.cd_size {
            return Err(self.malformed(Some(layout.cd_offset), "the central directory is corrupt"));
        }
        let cd = self.read_at(layout.cd_offset, layout.cd_size as usize)?;
        let mut records = Vec::with_capacity(layout.entries as usize);
        let mut i = 0usize;
        for n in 0..layout.entries {
            let at = Some(layout.cd_offset + i as u64);
            if i + 46 > cd.len() || u32_at(&cd, i) != CENTRAL_SIG {
                return Err(self.malformed(at, format!("central directory record {n} is corrupt")));
            }
            let name_len = u16_at(&cd, i + 28) as usize;
            let extra_len = u16_at(&cd, i + 30) as usize;
            let comment_len = u16_at(&cd, i + 32) as usize;
            let end = i + 46 + name_len + extra_len + comment_len;
            if end > cd.len() {
                return Err(self.malformed(at, format!("central directory record {n} is corrupt")));
            }
            if u16_at(&cd, i + 34) != 0 {
                return Err(self.malformed(at, "multi-disk archives are not packs"));
            }
            let mut rec = Record {
                version_made_by: u16_at(&cd, i + 4),
                flags: u16_at(&cd, i + 8),
                method: u16_at(&cd, i + 10),
                crc: u32_at(&cd, i + 16),
                compressed_size: u64::from(u32_at(&cd, i + 20)),
                size: u64::from(u32_at(&cd, i + 24)),
                external_attrs: u32_at(&cd, i + 38),
                offset: u64::from(u32_at(&cd, i + 42)),
                name_raw: cd[i + 46..i + 46 + name_len].to_vec(),
            };
            let extra = &cd[i + 46 + name_len..i + 46 + name_len + extra_len];
            if !apply_zip64_extra(&mut rec, extra) {
                return Err(self.malformed(
                    at,
                    format!("central directory record {n} has a bad ZIP64 field"),
                ));
            }
            records.push(rec);
            i = end;
        }
        if i != cd.len() {
            return Err(self.malformed(
                Some(layout.cd_offset + i as u64),
                "unaccounted bytes at the end of the central directory",
            ));
        }
        Ok(records)
    }

    fn entries(
        &mut self,
        records: Vec<Record>,
        layout: &Layout,
        options: &ReadOptions<'_>,
    ) -> Result<Pack, ReadError> {
        let mut problems = Vec::new();
        let mut seen = HashSet::new();
        let mut entries: Vec<PackEntry> = Vec::with_capacity(records.len());
        for rec in &records {
            entries.push(central_entry(rec, &mut seen, &mut problems));
        }

        check_modes(&entries, &mut problems);
        check_shadowing(&entries, &mut problems);

        let (describe, manifest) =
            self.local_records(&records, &mut entries, &mut problems, layout, options)?;
        // describe/manifest bytes are also held in the `Pack` fields; drop the copies unless
        // the caller asked for them.
        for e in &mut entries {
            if (e.name == DESCRIBE_PATH || e.name == MANIFEST_PATH)
                && !options.keep.is_some_and(|k| k(&e.name))
            {
                e.bytes = None;
            }
        }
        Ok(Pack {
            path: self.path.to_path_buf(),
            file_size: self.file_size,
            entries,
            describe,
            manifest,
            problems,
            file_sha256: None,
        })
    }

    /// Walks the local records in file order: they must tile [0, cd_offset) exactly. Returns
    /// the bytes of the first describe.json and manifest entries.
    fn local_records(
        &mut self,
        records: &[Record],
        entries: &mut [PackEntry],
        problems: &mut Vec<IntegrityFailure>,
        layout: &Layout,
        options: &ReadOptions<'_>,
    ) -> Result<Documents, ReadError> {
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| records[i].offset);
        self.file.seek(SeekFrom::Start(0)).map_err(|e| self.io(e))?;
        let mut pos = 0u64;
        // 1 MiB chunks for a large pack; a small one needs no more than its size (a zeroed
        // megabyte per pack was most of the cost of reading fifty small packs).
        let mut buf = vec![0u8; self.file_size.clamp(1 << 12, 1 << 20) as usize];
        let mut describe = None;
        let mut manifest = None;
        for &idx in &order {
            let rec = &records[idx];
            if rec.offset != pos {
                let msg = if rec.offset > pos {
                    format!(
                        "{} at offset {pos} (before entry `{}`)",
                        count(
                            (rec.offset - pos) as usize,
                            "unaccounted byte",
                            "unaccounted bytes"
                        ),
                        entries[idx].name
                    )
                } else {
                    format!(
                        "entry `{}` overlaps the previous entry at offset {}",
                        entries[idx].name, rec.offset
                    )
                };
                return Err(self.malformed(Some(pos), msg));
            }
            let readable = rec.flags & 0x41 == 0 && (rec.method == 0 || rec.method == 8);
            let end = self.local_entry(
                rec,
                &mut entries[idx],
                problems,
                &mut buf,
                readable,
                options,
            )?;
            let e = &entries[idx];
            if e.name == DESCRIBE_PATH && describe.is_none() {
                describe = e.bytes.clone();
            } else if e.name == MANIFEST_PATH && manifest.is_none() {
                manifest = e.bytes.clone();
            }
            pos = end;
        }
        if pos != layout.cd_offset {
            let msg = if pos < layout.cd_offset {
                format!(
                    "{} at offset {pos} (before the central directory)",
                    count(
                        (layout.cd_offset - pos) as usize,
                        "unaccounted byte",
                        "unaccounted bytes"
                    )
                )
            } else {
                "the last entry overlaps the central directory".to_string()
            };
            return Err(self.malformed(Some(pos), msg));
        }
        Ok((describe, manifest))
    }

    /// Reads one local record starting at the current position (== `rec.offset`); returns the
    /// offset just past it.
    fn local_entry(
        &mut self,
        rec: &Record,
        entry: &mut PackEntry,
        problems: &mut Vec<IntegrityFailure>,
        buf: &mut [u8],
        readable: bool,
        options: &ReadOptions<'_>,
    ) -> Result<u64, ReadError> {
        let at = Some(rec.offset);
        let mut header = [0u8; 30];
        if rec.offset.saturating_add(30) > self.file_size {
            return Err(self.malformed(at, "the archive is truncated"));
        }
        self.file.read_exact(&mut header).map_err(|e| self.io(e))?;
        if u32_at(&header, 0) != LOCAL_SIG {
            return Err(self.malformed(
                at,
                format!(
                    "entry `{}` has no local header at offset {}",
                    entry.name, rec.offset
                ),
            ));
        }
        let name_len = u16_at(&header, 26) as u64;
        let extra_len = u16_at(&header, 28) as u64;
        let data_start = rec.offset + 30 + name_len + extra_len;
        let data_end = data_start.saturating_add(rec.compressed_size);
        if data_end > self.file_size {
            return Err(self.malformed(
                at,
                format!("the archive is truncated inside entry `{}`", entry.name),
            ));
        }
        let mut local_name = vec![0u8; name_len as usize];
        self.file
            .read_exact(&mut local_name)
            .map_err(|e| self.io(e))?;
        let mut local_extra = vec![0u8; extra_len as usize];
        self.file
            .read_exact(&mut local_extra)
            .map_err(|e| self.io(e))?;
        let name = entry.name.clone();
        let mismatch = |what: &str| {
            IntegrityFailure::new(
                Check::Archive,
                Some(name.clone()),
                format!("the local header disagrees with the central directory about the {what}"),
            )
        };
        if local_name != rec.name_raw {
            problems.push(mismatch("name"));
        }
        if u16_at(&header, 8) != rec.method {
            problems.push(mismatch("compression method"));
        }
        let local_flags = u16_at(&header, 6);
        if (local_flags ^ rec.flags) & 0x49 != 0 {
            problems.push(mismatch("flags"));
        }
        let descriptor = rec.flags & 0x08 != 0;
        if !descriptor {
            let crc = u32_at(&header, 14);
            let csize = u32_at(&header, 18);
            let size = u32_at(&header, 22);
            let ok = crc == rec.crc
                && (csize == 0xffff_ffff || u64::from(csize) == rec.compressed_size)
                && (size == 0xffff_ffff || u64::from(size) == rec.size);
            if !ok {
                problems.push(mismatch("CRC or sizes"));
            }
        }

        let keep = entry.name == DESCRIBE_PATH
            || entry.name == MANIFEST_PATH
            || options.keep.is_some_and(|k| k(&entry.name));
        if readable {
            let metadata = entry.name == DESCRIBE_PATH || entry.name == MANIFEST_PATH;
            let limit = if metadata {
                MAX_METADATA_BYTES
            } else {
                options.max_kept.unwrap_or(MAX_KEPT_BYTES)
            };
            let streamed = self.streamed_data(rec, data_start, keep);
            self.used += usize::from(streamed.is_some());
            let data = match streamed {
                Some(data) => Ok(data),
                None => self.hash_data(rec, buf, keep, limit, metadata),
            };
            match data {
                Ok(data) => {
                    if data.crc != rec.crc {
                        problems.push(IntegrityFailure::new(
                            Check::EntryCrc,
                            Some(entry.name.clone()),
                            format!("the data does not match the zip CRC-32 (recorded {:08x}, computed {:08x})", rec.crc, data.crc),
                        ));
                    }
                    if data.size != rec.size {
                        problems.push(IntegrityFailure::new(
                            Check::Archive,
                            Some(entry.name.clone()),
                            format!(
                                "the entry yields {} but the central directory declares {}",
                                count(data.size as usize, "byte", "bytes"),
                                rec.size
                            ),
                        ));
                    }
                    entry.size = Some(data.size);
                    entry.sha256 = Some(data.sha256);
                    entry.too_large_to_keep = keep && data.bytes.is_none();
                    entry.bytes = data.bytes;
                }
                Err(DataError::Io(e)) => return Err(self.io(e)),
                Err(DataError::Corrupt(msg)) => {
                    problems.push(IntegrityFailure::new(
                        Check::Archive,
                        Some(entry.name.clone()),
                        msg,
                    ));
                }
            }
        }
        self.file
            .seek(SeekFrom::Start(data_end))
            .map_err(|e| self.io(e))?;
        let mut end = data_end;
        if descriptor {
            end = self.data_descriptor(rec, data_end, &entry.name)?;
        }
        Ok(end)
    }

    /// Streams the entry's data (at the current position) through SHA-256 and CRC-32, keeping
    /// at most `limit` bytes when asked to keep them: beyond it, a metadata entry (`fatal`) is
    /// corrupt, any other is hashed on and not kept. Memory follows the bytes actually read,
    /// never the size the archive declares.
    fn hash_data(
        &mut self,
        rec: &Record,
        buf: &mut [u8],
        keep: bool,
        limit: u64,
        fatal: bool,
    ) -> Result<Data, DataError> {
        let mut sha = Sha256::new();
        let mut crc = crc32fast::Hasher::new();
        let mut kept = keep.then(|| Vec::with_capacity(rec.size.min(limit).min(1 << 16) as usize));
        let mut size = 0u64;
        let raw = (&mut self.file).take(rec.compressed_size);
        let mut sink = |chunk: &[u8]| -> Result<(), DataError> {
            sha.update(chunk);
            crc.update(chunk);
            size += chunk.len() as u64;
            if size > rec.size {
                return Err(DataError::Corrupt(format!(
                    "the entry yields more than the {} bytes the central directory declares",
                    rec.size
                )));
            }
            if kept.is_some() && size > limit {
                if fatal {
                    return Err(DataError::Corrupt(format!(
                        "the entry is larger than {limit} bytes"
                    )));
                }
                kept = None;
            }
            if let Some(k) = kept.as_mut() {
                k.extend_from_slice(chunk);
            }
            Ok(())
        };
        if rec.method == 0 {
            let mut raw = raw;
            loop {
                let n = match raw.read(buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(DataError::Io(e)),
                };
                sink(&buf[..n])?;
            }
            if raw.limit() != 0 {
                return Err(DataError::Io(std::io::ErrorKind::UnexpectedEof.into()));
            }
        } else {
            let mut inflater =
                flate2::read::DeflateDecoder::new(std::io::BufReader::with_capacity(1 << 16, raw));
            loop {
                let n = match inflater.read(buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e)
                        if e.kind() == std::io::ErrorKind::InvalidInput
                            || e.kind() == std::io::ErrorKind::InvalidData =>
                    {
                        return Err(DataError::Corrupt(format!(
                            "the compressed data is corrupt: {e}"
                        )));
                    }
                    Err(e) => return Err(DataError::Io(e)),
                };
                sink(&buf[..n])?;
            }
            let rest = inflater.into_inner();
            if rest.buffer().len() as u64 + rest.get_ref().limit() != 0 {
                return Err(DataError::Corrupt(
                    "bytes follow the end of the compressed data".into(),
                ));
            }
        }
        Ok(Data {
            sha256: sha.finalize().into(),
            crc: crc.finalize(),
            size,
            bytes: kept,
        })
    }

    /// Parses the data descriptor after an entry's data; returns the offset past it.
    fn data_descriptor(&mut self, rec: &Record, at: u64, name: &str) -> Result<u64, ReadError> {
        let avail = self.file_size.saturating_sub(at).min(24) as usize;
        let d = self.read_at(at, avail)?;
        let zip64 = rec.compressed_size >= 0xffff_ffff || rec.size >= 0xffff_ffff;
        let body = if zip64 { 20 } else { 12 };
        let signed = d.len() >= 4 && u32_at(&d, 0) == DESCRIPTOR_SIG;
        let start = if signed { 4 } else { 0 };
        if d.len() < start + body {
            return Err(self.malformed(
                Some(at),
                format!("the archive is truncated after entry `{name}`"),
            ));
        }
        let crc_ok = u32_at(&d, start) == rec.crc;
        let sizes_ok = if zip64 {
            u64_at(&d, start + 4) == rec.compressed_size && u64_at(&d, start + 12) == rec.size
        } else {
            u64::from(u32_at(&d, start + 4)) == rec.compressed_size
                && u64::from(u32_at(&d, start + 8)) == rec.size
        };
        if !(crc_ok && sizes_ok) {
            return Err(self.malformed(
                Some(at),
                format!(
                    "the data descriptor of entry `{name}` disagrees with the central directory"
                ),
            ));
        }
        let end = at + (start + body) as u64;
        self.file
            .seek(SeekFrom::Start(end))
            .map_err(|e| self.io(e))?;
        Ok(end)
    }
}

/// The bytes of the first describe.json and manifest.json entries.
type Documents = (Option<Vec<u8>>, Option<Vec<u8>>);

/// The entry a central directory record describes (its data not read yet), with what is wrong
/// with its name, kind and flags added to `problems`.
fn central_entry(
    rec: &Record,
    seen: &mut HashSet<Vec<u8>>,
    problems: &mut Vec<IntegrityFailure>,
) -> PackEntry {
    let (name, utf8) = match std::str::from_utf8(&rec.name_raw) {
        Ok(s) => (s.to_string(), true),
        Err(_) => (String::from_utf8_lossy(&rec.name_raw).into_owned(), false),
    };
    let unix_mode = (rec.version_made_by >> 8 == 3).then_some(rec.external_attrs >> 16);
    let kind = match unix_mode.map(|m| m & S_IFMT) {
        Some(S_IFLNK) => EntryKind::Symlink,
        Some(S_IFDIR) => EntryKind::Directory,
        Some(0) | Some(S_IFREG) | None if name.ends_with('/') => EntryKind::Directory,
        Some(0) | Some(S_IFREG) | None => EntryKind::File,
        Some(_) => EntryKind::Special,
    };
    let mut problem = |check: Check, why: String| {
        problems.push(IntegrityFailure::new(check, Some(name.clone()), why));
    };
    if !utf8 {
        problem(Check::Path, "the entry name is not valid UTF-8".into());
    } else if let Err(reason) = check_entry_path(&name, kind == EntryKind::Directory) {
        problem(Check::Path, format!("unsafe entry path: it {reason}"));
    }
    match kind {
        EntryKind::Symlink => problem(
            Check::Symlink,
            "the entry is a symbolic link; packs hold regular files only".into(),
        ),
        EntryKind::Special => problem(
            Check::Symlink,
            "the entry is a device, FIFO or socket; packs hold regular files only".into(),
        ),
        EntryKind::Directory if rec.size != 0 => {
            problem(Check::Archive, "a directory entry carries data".into())
        }
        _ => {}
    }
    if !seen.insert(rec.name_raw.clone()) {
        problem(
            Check::DuplicateEntry,
            "the archive holds more than one entry with this name".into(),
        );
    }
    if rec.flags & 0x41 != 0 {
        problem(Check::Archive, "the entry is encrypted".into());
    }
    if rec.method != 0 && rec.method != 8 {
        problem(
            Check::Archive,
            format!(
                "unsupported compression method {} (packs use stored or deflate)",
                rec.method
            ),
        );
    }
    PackEntry {
        name,
        kind,
        method: rec.method,
        offset: rec.offset,
        compressed_size: rec.compressed_size,
        declared_size: rec.size,
        size: None,
        sha256: None,
        bytes: None,
        too_large_to_keep: false,
        unix_mode,
    }
}

struct Data {
    sha256: [u8; 32],
    crc: u32,
    size: u64,
    bytes: Option<Vec<u8>>,
}

enum DataError {
    Io(std::io::Error),
    Corrupt(String),
}

/// Execute bits: refused on a file entry (see [`check_modes`]).
const EXEC_BITS: u32 = 0o111;

/// Refuses unusual mode bits: setuid, setgid, sticky, and (on a file) any execute bit. Packs
/// hold data (a component is run by a WebAssembly runtime, never by the operating system), so
/// an unpacker must never be handed a setuid or executable file. The file type bits are judged
/// where the entry's kind is decided (symlinks and devices are refused there).
fn check_modes(entries: &[PackEntry], problems: &mut Vec<IntegrityFailure>) {
    for e in entries {
        let Some(mode) = e.unix_mode else { continue };
        let mut bad = Vec::new();
        if mode & 0o4000 != 0 {
            bad.push("setuid");
        }
        if mode & 0o2000 != 0 {
            bad.push("setgid");
        }
        if mode & 0o1000 != 0 {
            bad.push("sticky");
        }
        if e.kind == EntryKind::File && mode & EXEC_BITS != 0 {
            bad.push("executable");
        }
        if !bad.is_empty() {
            problems.push(IntegrityFailure::new(
                Check::Symlink,
                Some(e.name.clone()),
                format!(
                    "the entry's Unix mode {:04o} is {}; packs hold plain data files (mode 0644, as \
                     gtdx build writes them). Rebuild the pack with `gtdx build` or `gtdx pack`",
                    mode & 0o7777,
                    bad.join(", ")
                ),
            ));
        }
    }
}

/// Refuses an entry whose path is also a directory of the archive: a directory entry named
/// like a file (`components/x.wasm/` beside `components/x.wasm`), or a file that another entry
/// needs as a directory (`a` beside `a/b`). Unpacked, one would shadow the other.
fn check_shadowing(entries: &[PackEntry], problems: &mut Vec<IntegrityFailure>) {
    use std::collections::BTreeSet;
    let mut dirs: BTreeSet<&str> = BTreeSet::new();
    for e in entries {
        let name = e.name.as_str();
        if e.kind == EntryKind::Directory {
            dirs.insert(name.trim_end_matches('/'));
        }
        let mut rest = name.trim_end_matches('/');
        while let Some((parent, _)) = rest.rsplit_once('/') {
            dirs.insert(parent);
            rest = parent;
        }
    }
    for e in entries {
        if e.kind != EntryKind::Directory && dirs.contains(e.name.as_str()) {
            problems.push(IntegrityFailure::new(
                Check::DuplicateEntry,
                Some(e.name.clone()),
                "the archive also holds a directory of this name (a directory entry `NAME/`, or \
                 files below `NAME/`); unpacked, one would shadow the other",
            ));
        }
    }
}

/// Fills the fields a ZIP64 extra field overrides. Returns false when the field is malformed.
fn apply_zip64_extra(rec: &mut Record, mut extra: &[u8]) -> bool {
    let needs =
        rec.size == 0xffff_ffff || rec.compressed_size == 0xffff_ffff || rec.offset == 0xffff_ffff;
    while extra.len() >= 4 {
        let id = u16_at(extra, 0);
        let len = u16_at(extra, 2) as usize;
        if extra.len() < 4 + len {
            return false;
        }
        if id == 0x0001 {
            let mut f = &extra[4..4 + len];
            for field in [&mut rec.size, &mut rec.compressed_size, &mut rec.offset] {
                if *field == 0xffff_ffff {
                    if f.len() < 8 {
                        return false;
                    }
                    *field = u64_at(f, 0);
                    f = &f[8..];
                }
            }
            return true;
        }
        extra = &extra[4 + len..];
    }
    !needs
}
