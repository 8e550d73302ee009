//! Integrity checks: does the archive hold exactly what `manifest.json` lists, and is
//! `manifest.json` the one describe.json's `manifestSha256` names?

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::read::{EntryKind, Pack};
use crate::{DESCRIBE_PATH, MANIFEST_PATH, MANIFEST_SCHEMA, MANIFEST_SHA256_FIELD, Manifest, hex};

/// Which check failed. The kebab-case names are stable (they appear in `gtdx verify --format
/// json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// The zip structure itself: truncated, trailing bytes, gaps, corrupt records.
    Archive,
    /// An entry path escapes the archive or is otherwise unsafe.
    Path,
    /// An entry that is not a plain data file: a symlink, device, FIFO or socket, or one with
    /// unusual mode bits (setuid, setgid, sticky, executable).
    Symlink,
    /// Two entries share a name, or a directory of the archive has a file's name.
    DuplicateEntry,
    /// An entry's data does not match its zip CRC-32.
    EntryCrc,
    /// describe.json is absent.
    DescribeMissing,
    /// describe.json is not a JSON object.
    DescribeInvalid,
    /// manifest.json is absent.
    ManifestMissing,
    /// manifest.json is not a valid v1 manifest.
    ManifestInvalid,
    /// describe.json's `manifestSha256` is absent or differs from SHA-256(manifest.json).
    ManifestSha256,
    /// manifest.json lists a path twice.
    ManifestDuplicate,
    /// An entry's SHA-256 differs from manifest.json.
    EntrySha256,
    /// An entry's size differs from manifest.json.
    EntrySize,
    /// manifest.json lists a file the archive lacks.
    EntryMissing,
    /// The archive holds a file manifest.json does not list.
    EntryExtra,
}

impl Check {
    pub fn as_str(self) -> &'static str {
        match self {
            Check::Archive => "archive",
            Check::Path => "path",
            Check::Symlink => "symlink",
            Check::DuplicateEntry => "duplicate-entry",
            Check::EntryCrc => "entry-crc",
            Check::DescribeMissing => "describe-missing",
            Check::DescribeInvalid => "describe-invalid",
            Check::ManifestMissing => "manifest-missing",
            Check::ManifestInvalid => "manifest-invalid",
            Check::ManifestSha256 => "manifest-sha256",
            Check::ManifestDuplicate => "manifest-duplicate",
            Check::EntrySha256 => "entry-sha256",
            Check::EntrySize => "entry-size",
            Check::EntryMissing => "entry-missing",
            Check::EntryExtra => "entry-extra",
        }
    }
}

impl std::fmt::Display for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One failed check, naming the entry it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IntegrityFailure {
    pub check: Check,
    /// The archive entry (or manifest path) concerned, when the failure is about one.
    pub entry: Option<String>,
    pub message: String,
}

impl IntegrityFailure {
    pub fn new(check: Check, entry: Option<String>, message: impl Into<String>) -> Self {
        IntegrityFailure {
            check,
            entry,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for IntegrityFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.entry {
            Some(e) => write!(f, "[{}] {e}: {}", self.check, self.message),
            None => write!(f, "[{}] {}", self.check, self.message),
        }
    }
}

/// Every integrity failure of `pack`: the reader's findings, then the manifest checks.
/// Empty means the archive holds exactly the files `manifest.json` lists, with the listed
/// digests and sizes, and describe.json's `manifestSha256` names that manifest.
pub fn verify_integrity(pack: &Pack) -> Vec<IntegrityFailure> {
    verify_integrity_with(pack, None)
}

/// [`verify_integrity`], with describe.json already loaded by the caller from
/// [`Pack::describe`] (with a loader at least as strict as this one's, which reads
/// `manifestSha256` only): the document is then not parsed a second time.
pub fn verify_integrity_with(
    pack: &Pack,
    describe: Option<&serde_json::Value>,
) -> Vec<IntegrityFailure> {
    let mut out = pack.problems.clone();
    out.extend(describe_binding(pack, describe));
    let manifest = match parsed_manifest(pack) {
        Ok(m) => m,
        Err(failure) => {
            out.push(failure);
            return out;
        }
    };
    let listed = listed(&manifest, &mut out);
    compare_entries(pack, &listed, &mut out);
    out
}

fn fail(check: Check, entry: Option<&str>, msg: String) -> IntegrityFailure {
    IntegrityFailure::new(check, entry.map(str::to_string), msg)
}

/// describe.json and its manifestSha256: what is wrong, if anything.
fn describe_binding(pack: &Pack, loaded: Option<&serde_json::Value>) -> Option<IntegrityFailure> {
    let manifest_digest = pack.manifest.as_deref().map(|m| hex(&Sha256::digest(m)));
    if let (Some(_), Some(value)) = (&pack.describe, loaded) {
        return binding(value, manifest_digest.as_deref());
    }
    match &pack.describe {
        None if pack.entry(DESCRIBE_PATH).is_none() => Some(fail(
            Check::DescribeMissing,
            Some(DESCRIBE_PATH),
            "the pack has no describe.json".into(),
        )),
        None => Some(fail(
            Check::DescribeInvalid,
            Some(DESCRIBE_PATH),
            "describe.json could not be read".into(),
        )),
        // Loaded as every describe.json is; the failure names the entry (the report names the
        // pack) with the loader's `file:line:column` message.
        Some(bytes) => match gtdx_contract::json::load_bytes(DESCRIBE_PATH, bytes.clone()) {
            Ok(doc) => binding(&doc.value, manifest_digest.as_deref()),
            Err(e) => Some(fail(
                Check::DescribeInvalid,
                Some(DESCRIBE_PATH),
                e.to_string(),
            )),
        },
    }
}

/// What is wrong with the loaded describe.json's `manifestSha256`, given manifest.json's digest.
fn binding(
    describe: &serde_json::Value,
    manifest_digest: Option<&str>,
) -> Option<IntegrityFailure> {
    let serde_json::Value::Object(obj) = describe else {
        // The loader returns objects only.
        return Some(fail(
            Check::DescribeInvalid,
            Some(DESCRIBE_PATH),
            "describe.json is not a JSON object".into(),
        ));
    };
    match (obj.get(MANIFEST_SHA256_FIELD), manifest_digest) {
        (None, _) => Some(fail(
            Check::ManifestSha256,
            Some(DESCRIBE_PATH),
            "describe.json has no manifestSha256, so nothing binds the archive's files to it"
                .into(),
        )),
        (Some(serde_json::Value::String(claimed)), Some(actual)) if claimed == actual => None,
        (Some(serde_json::Value::String(claimed)), Some(actual)) => Some(fail(
            Check::ManifestSha256,
            Some(MANIFEST_PATH),
            format!(
                "describe.json's manifestSha256 is {claimed} but manifest.json hashes to {actual}"
            ),
        )),
        (Some(serde_json::Value::String(_)), None) => None,
        (Some(_), _) => Some(fail(
            Check::ManifestSha256,
            Some(DESCRIBE_PATH),
            "describe.json's manifestSha256 is not a string".into(),
        )),
    }
}

/// manifest.json itself, or why there is none to check the entries against.
fn parsed_manifest(pack: &Pack) -> Result<Manifest, IntegrityFailure> {
    match &pack.manifest {
        None if pack.entry(MANIFEST_PATH).is_none() => Err(fail(
            Check::ManifestMissing,
            Some(MANIFEST_PATH),
            "the pack has no manifest.json".into(),
        )),
        None => Err(fail(
            Check::ManifestInvalid,
            Some(MANIFEST_PATH),
            "manifest.json could not be read".into(),
        )),
        Some(bytes) => match Manifest::parse(bytes) {
            Ok(m) if m.schema != MANIFEST_SCHEMA => Err(fail(
                Check::ManifestInvalid,
                Some(MANIFEST_PATH),
                format!(
                    "manifest.json has schema `{}`; expected `{MANIFEST_SCHEMA}`",
                    m.schema
                ),
            )),
            Ok(m) => Ok(m),
            Err(e) => Err(fail(
                Check::ManifestInvalid,
                Some(MANIFEST_PATH),
                format!("manifest.json is not a v1 manifest: {e}"),
            )),
        },
    }
}

/// The manifest's rows by path, with what is wrong with the list (order, digests, duplicates)
/// added to `out`.
fn listed<'m>(
    manifest: &'m Manifest,
    out: &mut Vec<IntegrityFailure>,
) -> BTreeMap<&'m str, &'m crate::ManifestEntry> {
    let mut listed: BTreeMap<&str, &crate::ManifestEntry> = BTreeMap::new();
    for (i, e) in manifest.entries.iter().enumerate() {
        if e.path == DESCRIBE_PATH || e.path == MANIFEST_PATH {
            out.push(fail(
                Check::ManifestInvalid,
                Some(&e.path),
                format!("manifest.json must not list {}", e.path),
            ));
            continue;
        }
        if i > 0 && manifest.entries[i - 1].path.as_bytes() > e.path.as_bytes() {
            out.push(fail(
                Check::ManifestInvalid,
                Some(&e.path),
                "manifest.json entries are not sorted by path".into(),
            ));
        }
        if e.sha256.len() != 64
            || !e
                .sha256
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            out.push(fail(
                Check::ManifestInvalid,
                Some(&e.path),
                "the listed sha256 is not 64 lowercase hex digits".into(),
            ));
        }
        if listed.insert(e.path.as_str(), e).is_some() {
            out.push(fail(
                Check::ManifestDuplicate,
                Some(&e.path),
                "manifest.json lists this path more than once".into(),
            ));
        }
    }
    listed
}

/// The archive's files against the manifest's rows: extra, altered, resized and missing files.
fn compare_entries(
    pack: &Pack,
    listed: &BTreeMap<&str, &crate::ManifestEntry>,
    out: &mut Vec<IntegrityFailure>,
) {
    let mut present: HashSet<&str> = HashSet::new();
    for entry in &pack.entries {
        if entry.name == DESCRIBE_PATH
            || entry.name == MANIFEST_PATH
            || entry.kind == EntryKind::Directory
        {
            continue;
        }
        if !present.insert(entry.name.as_str()) {
            continue; // already reported as a duplicate entry
        }
        let Some(row) = listed.get(entry.name.as_str()) else {
            out.push(fail(
                Check::EntryExtra,
                Some(&entry.name),
                "the archive holds this file but manifest.json does not list it".into(),
            ));
            continue;
        };
        let (Some(size), Some(digest)) = (entry.size, entry.sha256) else {
            continue; // unreadable: already reported by the reader
        };
        let digest = hex(&digest);
        if digest != row.sha256 {
            out.push(fail(
                Check::EntrySha256,
                Some(&entry.name),
                format!("SHA-256 is {digest} but manifest.json lists {}", row.sha256),
            ));
        }
        if size != row.size {
            out.push(fail(
                Check::EntrySize,
                Some(&entry.name),
                format!(
                    "size is {} but manifest.json lists {}",
                    gtdx_contract::text::count(size as usize, "byte", "bytes"),
                    row.size
                ),
            ));
        }
    }
    for path in listed.keys() {
        if !present.contains(path) {
            out.push(fail(
                Check::EntryMissing,
                Some(path),
                "manifest.json lists this file but the archive lacks it".into(),
            ));
        }
    }
}
