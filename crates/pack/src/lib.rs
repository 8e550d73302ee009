//! The `.gtxpack` format: what `gtdx build` writes, `gtdx sign`/`gtdx verify` check, and the
//! worker loads.
//!
//! A pack is a zip archive holding
//! * `describe.json`, the extension's manifest, carrying `manifestSha256`;
//! * `manifest.json` = `{"entries": [{"path", "sha256", "size"}], "schema":
//!   "greentic.gtxpack.manifest/v1"}`, listing every *other* file sorted by path (neither
//!   `manifest.json` nor `describe.json` is listed), written in its RFC 8785 canonical form;
//! * the component(s) and declared assets.
//!
//! `manifestSha256` is the SHA-256 of `manifest.json`'s exact bytes, so one signature over
//! `describe.json` covers every file of the pack.
//!
//! * [`write_pack`] / [`PackWriter`] compute `manifest.json`, set `manifestSha256` and write a
//!   reproducible archive atomically (see [`write`] for the byte-level choices).
//! * [`read_pack`] parses an archive without trusting it: it walks the zip structures itself,
//!   rejects anything ambiguous (duplicate names, escaping paths, symlinks, gaps, trailing
//!   bytes) and stream-hashes every entry once.
//! * [`verify_integrity`] compares what was read with `manifest.json` and `manifestSha256`, and
//!   names the entry behind every failure.

pub mod integrity;
mod once;
pub mod read;
pub mod streamed;
pub mod write;

use serde::{Deserialize, Serialize};

pub use integrity::{Check, IntegrityFailure, verify_integrity, verify_integrity_with};
pub use read::{
    EntryKind, Pack, PackEntry, ReadOptions, read_pack, read_pack_digested_from, read_pack_from,
    read_pack_streamed, read_pack_with,
};
pub use write::{Compression, PackFile, PackWriter, Source, WrittenPack, write_pack};

/// The manifest entry every pack carries.
pub const DESCRIBE_PATH: &str = "describe.json";
/// The integrity ledger every pack carries.
pub const MANIFEST_PATH: &str = "manifest.json";
/// The `schema` value of a v1 `manifest.json`.
pub const MANIFEST_SCHEMA: &str = "greentic.gtxpack.manifest/v1";
/// The describe.json field holding the SHA-256 of `manifest.json`.
pub const MANIFEST_SHA256_FIELD: &str = "manifestSha256";

/// `manifest.json`: the whole-archive ledger.
///
/// Fields are declared in RFC 8785 order (`entries` < `schema`, `path` < `sha256` < `size`), so
/// [`Manifest::to_bytes`] is the canonical (JCS) form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub entries: Vec<ManifestEntry>,
    pub schema: String,
}

/// One file of the pack, as the ledger records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestEntry {
    /// Pack-relative path, `/`-separated.
    pub path: String,
    /// Lowercase-hex SHA-256 of the file's (uncompressed) bytes.
    pub sha256: String,
    /// Size in bytes (uncompressed).
    pub size: u64,
}

impl Manifest {
    /// The canonical bytes written as `manifest.json` (compact, RFC 8785 key order).
    pub fn to_bytes(&self) -> Vec<u8> {
        // Plain data with string keys: serialization cannot fail.
        serde_json::to_vec(self).unwrap_or_else(|e| unreachable!("manifest serialization: {e}"))
    }

    /// Parses `manifest.json` strictly (unknown fields rejected).
    pub fn parse(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 0xf) as usize] as char);
    }
    s
}

/// Lowercase-hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(bytes))
}

/// Lowercase-hex SHA-256 of a file, streamed (a component can be large).
pub fn sha256_file(path: &std::path::Path) -> Result<String, gtdx_fsx::FsError> {
    use sha2::Digest;
    let (mut f, _) = gtdx_fsx::open_regular(path)?;
    let mut h = sha2::Sha256::new();
    std::io::copy(&mut f, &mut h).map_err(|e| gtdx_fsx::FsError::new("cannot read", path, e))?;
    Ok(hex(&h.finalize()))
}

/// Pack paths are checked by the contract's rule, shared with the lint of view entries.
pub use gtdx_contract::paths::check_entry_path;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_bytes_are_canonical() {
        let m = Manifest {
            entries: vec![ManifestEntry {
                path: "a.wasm".into(),
                sha256: "00".into(),
                size: 3,
            }],
            schema: MANIFEST_SCHEMA.into(),
        };
        assert_eq!(
            String::from_utf8(m.to_bytes()).unwrap(),
            r#"{"entries":[{"path":"a.wasm","sha256":"00","size":3}],"schema":"greentic.gtxpack.manifest/v1"}"#
        );
    }

    #[test]
    fn unsafe_paths_are_named() {
        for bad in [
            "../x",
            "a/../b",
            "/etc/passwd",
            "a\\b",
            "C:/x",
            "c:x",
            "a//b",
            "./a",
            "",
            "a\u{0}",
        ] {
            assert!(check_entry_path(bad, false).is_err(), "{bad:?} accepted");
        }
        assert!(check_entry_path("dir/", false).is_err());
        assert!(check_entry_path("dir/", true).is_ok());
        for good in [
            "component.wasm",
            "prompts/a.md",
            "assets/icon.svg",
            "a..b",
            ".hidden",
        ] {
            assert!(check_entry_path(good, false).is_ok(), "{good:?} rejected");
        }
    }
}
