//! Signing and verification for gtdx: `gtdx keygen`, `gtdx sign`, `gtdx verify`, `gtdx key`.
//!
//! * describe.json carries `signature = {algorithm: "ed25519", publicKey, value, keyId}`: an
//!   ed25519 signature over the RFC 8785 ([`jcs`]) form of the document without `signature`
//!   ([`describe`]). In a pack, describe.json's `manifestSha256` binds every other file, so the
//!   one signature covers the whole archive ([`sign_pack`], [`verify::verify_pack`]).
//! * Keys and their file formats: [`keys`]. Detached signatures in minisign's format:
//!   [`minisign`].
//! * [`verify::TrustPolicy`] says which signers are trusted; [`verify::VerifyReport`] is the
//!   verdict, with a stable JSON form, that `gtdx verify` prints and the worker consumes.

pub mod describe;
pub mod jcs;
pub mod json;
pub mod keys;
pub mod minisign;
pub mod pkcs8;
pub mod verify;

use std::io::Read;
use std::path::{Path, PathBuf};

use gtdx_pack::IntegrityFailure;

pub use keys::{KeyError, KeyId, PublicKey, SecretKey};
pub use verify::{
    LoadedDescribe, Outcome, TargetKind, TrustPolicy, VerifyError, VerifyOptions, VerifyReport,
    unreadable_pack, verify_describe_file, verify_detached, verify_loaded_pack,
    verify_loaded_pack_doc, verify_pack, verify_pack_with,
};

/// Why signing failed. Never contains key material.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Pack(#[from] gtdx_pack::read::ReadError),
    #[error("refusing to sign {}: it fails its integrity checks:\n{}\nRebuild the pack (`gtdx build`) and sign the result.", path.display(), list(failures))]
    Integrity {
        path: PathBuf,
        failures: Vec<IntegrityFailure>,
    },
    /// The describe.json does not read as a JSON object (the one loader's message, with the
    /// strict parser's refusals: a repeated key, an integer canonicalization would change).
    #[error(transparent)]
    Load(#[from] gtdx_contract::json::LoadError),
    #[error("{}: cannot be signed: {source}", path.display())]
    Canonical {
        path: PathBuf,
        #[source]
        source: describe::DescribeSignError,
    },
    #[error(transparent)]
    Write(#[from] gtdx_pack::write::WriteError),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
}

fn list(failures: &[IntegrityFailure]) -> String {
    failures
        .iter()
        .map(|f| format!("  {f}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What was signed.
#[derive(Debug, Clone)]
pub struct Signed {
    pub path: PathBuf,
    pub kind: TargetKind,
    pub public_key: PublicKey,
    /// The `keyId` label written into the signature.
    pub key_id: String,
}

/// Whether `path` is a pack (a `.gtxpack`/`.zip` name, or zip content) rather than JSON.
pub fn is_pack(path: &Path) -> Result<bool, SignError> {
    let io = |e| SignError::Io {
        path: path.to_path_buf(),
        source: e,
    };
    let mut head = [0u8; 4];
    let (mut f, _) = gtdx_fsx::open_regular(path).map_err(|e| io(e.source))?;
    let n = f.read(&mut head).map_err(io)?;
    let by_name = path
        .extension()
        .is_some_and(|e| e == "gtxpack" || e == "zip");
    Ok(by_name || (n == 4 && (head == *b"PK\x03\x04" || head == *b"PK\x05\x06")))
}

/// Signs a pack or a plain describe.json, whichever `path` is.
pub fn sign_path(path: &Path, key: &SecretKey, key_id: Option<&str>) -> Result<Signed, SignError> {
    if is_pack(path)? {
        sign_pack(path, key, key_id)
    } else {
        sign_describe_file(path, key, key_id)
    }
}

/// Signs the describe.json of the pack at `path`, after checking that the archive matches its
/// manifest and `manifestSha256`; rewrites the pack atomically, every other entry unchanged.
pub fn sign_pack(path: &Path, key: &SecretKey, key_id: Option<&str>) -> Result<Signed, SignError> {
    let pack = gtdx_pack::read_pack(path)?;
    let failures = gtdx_pack::verify_integrity(&pack);
    if !failures.is_empty() {
        return Err(SignError::Integrity {
            path: path.to_path_buf(),
            failures,
        });
    }
    let shown = format!("{}!describe.json", path.display());
    let bytes = pack.describe.clone().unwrap_or_default();
    let mut doc = gtdx_contract::json::load_bytes_with(&shown, bytes, json::strict)?.value;
    describe::sign_describe(&mut doc, key, key_id).map_err(|e| SignError::Canonical {
        path: PathBuf::from(shown),
        source: e,
    })?;
    gtdx_pack::write::replace_describe(&pack, &gtdx_pack::write::describe_bytes(&doc))?;
    Ok(signed(path, TargetKind::Pack, key, &doc))
}

/// Signs a plain describe.json in place (atomically), pretty-printed with a trailing newline.
pub fn sign_describe_file(
    path: &Path,
    key: &SecretKey,
    key_id: Option<&str>,
) -> Result<Signed, SignError> {
    let mut doc = gtdx_contract::json::load_with(path, json::strict)?.value;
    describe::sign_describe(&mut doc, key, key_id).map_err(|e| SignError::Canonical {
        path: path.to_path_buf(),
        source: e,
    })?;
    gtdx_fsx::write_atomic(path, &gtdx_pack::write::describe_bytes(&doc))?;
    Ok(signed(path, TargetKind::Describe, key, &doc))
}

fn signed(path: &Path, kind: TargetKind, key: &SecretKey, doc: &serde_json::Value) -> Signed {
    Signed {
        path: path.to_path_buf(),
        kind,
        public_key: key.public(),
        key_id: doc["signature"]["keyId"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    }
}

/// Writes `FILE.minisig` (minisign's format, prehashed) next to `file`; returns its path.
pub fn sign_detached(
    file: &Path,
    key: &SecretKey,
    trusted_comment: Option<&str>,
) -> Result<PathBuf, SignError> {
    let sig = minisign::sign_file(file, key, trusted_comment).map_err(|e| SignError::Io {
        path: file.to_path_buf(),
        source: e,
    })?;
    let mut out = file.as_os_str().to_owned();
    out.push(".minisig");
    let out = PathBuf::from(out);
    gtdx_fsx::write_atomic(&out, sig.to_text().as_bytes())?;
    Ok(out)
}
