//! Verification: a pack (integrity + signature + trust), a plain describe.json (signature +
//! trust), or a detached minisign signature — each as a [`VerifyReport`] with a stable JSON form.

use std::path::{Path, PathBuf};

use gtdx_contract::text::count;
use gtdx_pack::{Check, IntegrityFailure};
use serde::Serialize;

use crate::describe::{
    SignatureStatus, SignedForm, check_describe_signature_model, check_signature, is_describe,
};
use crate::keys::{KeyError, PublicKey};
use crate::minisign::{Minisig, verify_file};

/// The keys whose signatures are trusted.
#[derive(Debug, Clone, Default)]
pub struct TrustPolicy {
    pub keys: Vec<PublicKey>,
}

impl TrustPolicy {
    pub fn new(keys: Vec<PublicKey>) -> Self {
        TrustPolicy { keys }
    }

    /// Adds a `--trusted-key` value: an inline key (base64, `ed25519:`-prefixed base64, or a
    /// minisign `RW...` line) or the path of a public key file (gtdx `.pub`, minisign `.pub`).
    pub fn add_key_arg(&mut self, arg: &str) -> Result<(), KeyError> {
        match PublicKey::parse_inline(arg) {
            Ok(k) => {
                self.keys.push(k);
                Ok(())
            }
            Err(inline_err) => {
                let path = Path::new(arg);
                if path.is_file() {
                    self.add_file(path)
                } else {
                    Err(KeyError::Format {
                        source_name: "--trusted-key".into(),
                        message: format!(
                            "`{}` is neither a public key ({inline_err}) nor a readable file",
                            crate::keys::redact_key_material(arg)
                        ),
                    })
                }
            }
        }
    }

    /// Adds every key of a file (one per line, `#` comments; or a single gtdx/minisign `.pub`).
    pub fn add_file(&mut self, path: &Path) -> Result<(), KeyError> {
        let text =
            gtdx_fsx::read_text(path, gtdx_fsx::limits::KEY).map_err(|e| KeyError::Read {
                what: "the public key file",
                path: path.to_path_buf(),
                source: e.source,
            })?;
        self.keys
            .extend(PublicKey::parse_text(&text, &path.display().to_string())?);
        Ok(())
    }

    pub fn trusts(&self, key: &PublicKey) -> bool {
        self.keys.iter().any(|k| k.bytes == key.bytes)
    }
}

/// What was verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TargetKind {
    Pack,
    Describe,
    Detached,
}

/// The verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Every check passed and the signer is trusted (exit 0).
    Valid,
    /// Every check passed but the signer is not trusted, or no trusted key was given (exit 3).
    Untrusted,
    /// A check failed (exit 1).
    Invalid,
}

impl Outcome {
    /// The `gtdx verify` exit code.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Valid => 0,
            Outcome::Invalid => 1,
            Outcome::Untrusted => 3,
        }
    }
}

/// How one check went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    Fail,
    Skip,
    Untrusted,
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    /// Stable name: the pack checks (`archive`, `path`, `symlink`, `duplicate-entry`,
    /// `entry-crc`, `describe-missing`, `describe-invalid`, `manifest-missing`,
    /// `manifest-invalid`, `manifest-duplicate`, `manifest-sha256`, `entry-sha256`,
    /// `entry-size`, `entry-missing`, `entry-extra`), the summary `entries`, and `signature`,
    /// `trust`.
    pub check: String,
    pub status: Status,
    /// The archive entry concerned, when there is one.
    pub entry: Option<String>,
    pub message: String,
}

/// Who signed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Signer {
    /// Base64 of the public key (for detached signatures: the trusted key that verified it).
    pub public_key: Option<String>,
    /// The key id: minisign's, or the advisory `keyId` label of a describe signature.
    pub key_id: Option<String>,
    pub trusted: bool,
}

/// The result of `gtdx verify`. Its JSON form (`--format json`) is stable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyReport {
    pub file: String,
    pub kind: TargetKind,
    pub result: Outcome,
    pub signer: Option<Signer>,
    /// How many trusted keys the policy held.
    pub trusted_keys: usize,
    pub checks: Vec<CheckResult>,
}

impl VerifyReport {
    /// The failed checks.
    pub fn failures(&self) -> impl Iterator<Item = &CheckResult> {
        self.checks.iter().filter(|c| c.status == Status::Fail)
    }

    pub fn exit_code(&self) -> u8 {
        self.result.exit_code()
    }

    fn push(
        &mut self,
        check: impl Into<String>,
        status: Status,
        entry: Option<String>,
        message: impl Into<String>,
    ) {
        self.checks.push(CheckResult {
            check: check.into(),
            status,
            entry,
            message: message.into(),
        });
    }

    fn push_failure(&mut self, f: IntegrityFailure) {
        self.push(f.check.as_str(), Status::Fail, f.entry, f.message);
    }

    fn finish(mut self) -> Self {
        self.result = if self.failures().next().is_some() {
            Outcome::Invalid
        } else if self.checks.iter().any(|c| c.status == Status::Untrusted) {
            Outcome::Untrusted
        } else {
            Outcome::Valid
        };
        self
    }
}

/// Why verification could not run at all (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "verifying a detached signature needs --trusted-key or --trusted-keys: a minisign signature does not carry its public key"
    )]
    NoTrustAnchors,
    /// A plain describe.json that cannot be read at all (what it holds is a check's verdict).
    #[error(transparent)]
    Load(#[from] gtdx_contract::json::LoadError),
}

/// Options beyond the trust policy.
#[derive(Debug, Clone, Copy, Default)]
pub struct VerifyOptions {
    /// Check the archive only; skip the signature and trust (for unsigned build outputs).
    pub integrity_only: bool,
}

fn report(file: &Path, kind: TargetKind, policy: &TrustPolicy) -> VerifyReport {
    VerifyReport {
        file: file.display().to_string(),
        kind,
        result: Outcome::Invalid,
        signer: None,
        trusted_keys: policy.keys.len(),
        checks: Vec::new(),
    }
}

const ARCHIVE_CHECKS: [Check; 5] = [
    Check::Archive,
    Check::Path,
    Check::Symlink,
    Check::DuplicateEntry,
    Check::EntryCrc,
];
const MANIFEST_CHECKS: [Check; 6] = [
    Check::DescribeMissing,
    Check::DescribeInvalid,
    Check::ManifestMissing,
    Check::ManifestInvalid,
    Check::ManifestDuplicate,
    Check::ManifestSha256,
];
const ENTRY_CHECKS: [Check; 4] = [
    Check::EntrySha256,
    Check::EntrySize,
    Check::EntryMissing,
    Check::EntryExtra,
];

/// Verifies a `.gtxpack`: its structure, every entry against manifest.json, manifestSha256, the
/// describe signature, and the signer's trust. `Err` only when the file cannot be read.
pub fn verify_pack(path: &Path, policy: &TrustPolicy) -> Result<VerifyReport, VerifyError> {
    verify_pack_with(path, policy, VerifyOptions::default())
}

/// [`verify_pack`] with options.
pub fn verify_pack_with(
    path: &Path,
    policy: &TrustPolicy,
    options: VerifyOptions,
) -> Result<VerifyReport, VerifyError> {
    match gtdx_pack::read_pack(path) {
        Ok(pack) => Ok(verify_loaded_pack(&pack, policy, options)),
        Err(e) => unreadable_pack(path, policy, e),
    }
}

/// The report on a pack the reader refused: its archive failure, every later check skipped.
/// `Err` when the file could not be read at all (an I/O error, not a verdict on the pack).
pub fn unreadable_pack(
    path: &Path,
    policy: &TrustPolicy,
    e: gtdx_pack::read::ReadError,
) -> Result<VerifyReport, VerifyError> {
    let Some(f) = e.as_failure() else {
        let source = match e {
            gtdx_pack::read::ReadError::Io { source, .. } => source,
            gtdx_pack::read::ReadError::Malformed { message, .. } => std::io::Error::other(message),
        };
        return Err(VerifyError::Io {
            path: path.to_path_buf(),
            source,
        });
    };
    let mut rep = report(path, TargetKind::Pack, policy);
    rep.push_failure(f);
    for c in ["manifest-sha256", "entries", "signature"] {
        rep.push(
            c,
            Status::Skip,
            None,
            "not checked: the archive cannot be read",
        );
    }
    Ok(rep.finish())
}

/// Verifies a pack already read with [`gtdx_pack::read_pack_with`]: for callers that keep
/// entry bytes and must verify exactly the bytes they then use.
pub fn verify_loaded_pack(
    pack: &gtdx_pack::Pack,
    policy: &TrustPolicy,
    options: VerifyOptions,
) -> VerifyReport {
    verify_loaded_pack_doc(pack, policy, options).0
}

/// describe.json as a signature check loaded it.
#[derive(Debug, Clone)]
pub struct LoadedDescribe {
    /// The document, parsed strictly (as every signed document is).
    pub value: serde_json::Value,
    /// The platform's model of it, when it has one: the form the signature was checked over.
    pub model: Option<gtdx_contract::Describe>,
}

/// [`verify_loaded_pack`], also handing back describe.json as its signature check loaded it,
/// when it loads: the worker uses that document rather than parsing the same bytes again.
pub fn verify_loaded_pack_doc(
    pack: &gtdx_pack::Pack,
    policy: &TrustPolicy,
    options: VerifyOptions,
) -> (VerifyReport, Option<LoadedDescribe>) {
    let mut rep = report(&pack.path, TargetKind::Pack, policy);
    // Loaded once, strictly, for both the integrity check (its manifestSha256) and the
    // signature; the entry is named as such (the report names the pack).
    let loaded = pack
        .describe
        .as_ref()
        .map(|bytes| load_describe(gtdx_pack::DESCRIBE_PATH, bytes.clone()));
    let preloaded = loaded.as_ref().and_then(|l| l.as_ref().ok());
    let failures = gtdx_pack::verify_integrity_with(pack, preloaded);
    let has = |group: &[Check]| failures.iter().any(|f| group.contains(&f.check));
    let files = pack
        .entries
        .iter()
        .filter(|e| {
            e.kind == gtdx_pack::EntryKind::File
                && e.name != gtdx_pack::DESCRIBE_PATH
                && e.name != gtdx_pack::MANIFEST_PATH
        })
        .count();
    if !has(&ARCHIVE_CHECKS) {
        rep.push(
            "archive",
            Status::Pass,
            None,
            format!(
                "zip structure sound: {}, no duplicate, unsafe or linked entry, CRCs match",
                count(pack.entries.len(), "entry", "entries")
            ),
        );
    }
    if !has(&MANIFEST_CHECKS) {
        rep.push(
            "manifest-sha256",
            Status::Pass,
            None,
            "describe.json's manifestSha256 is the SHA-256 of manifest.json",
        );
    }
    if !has(&ENTRY_CHECKS) && !has(&[Check::ManifestMissing, Check::ManifestInvalid]) {
        rep.push(
            "entries",
            Status::Pass,
            None,
            format!(
                "{} {} manifest.json (SHA-256 and size); none missing, none extra",
                count(files, "file", "files"),
                if files == 1 { "matches" } else { "match" }
            ),
        );
    }
    let describe_invalid = has(&[Check::DescribeInvalid]);
    for f in failures {
        rep.push_failure(f);
    }
    if options.integrity_only {
        rep.push(
            "signature",
            Status::Skip,
            None,
            "not checked (--integrity-only)",
        );
        return (rep.finish(), None);
    }
    let doc = match loaded {
        // The integrity check said why it does not load.
        Some(_) if describe_invalid => {
            rep.push(
                "signature",
                Status::Skip,
                None,
                "not checked: describe.json does not load (describe-invalid)",
            );
            None
        }
        Some(loaded) => check_loaded_describe(&mut rep, loaded, policy),
        None => {
            rep.push(
                "signature",
                Status::Skip,
                None,
                "not checked: no readable describe.json",
            );
            None
        }
    };
    (rep.finish(), doc)
}

/// Verifies the signature (and signer's trust) of a plain describe.json.
pub fn verify_describe_file(
    path: &Path,
    policy: &TrustPolicy,
) -> Result<VerifyReport, VerifyError> {
    let bytes = gtdx_contract::json::read_bytes(path)?;
    let mut rep = report(path, TargetKind::Describe, policy);
    rep.push(
        "manifest-sha256",
        Status::Skip,
        None,
        "not checked: a plain describe.json has no archive to bind (verify the .gtxpack for that)",
    );
    let _ = check_describe_bytes(&mut rep, &path.display().to_string(), bytes, policy);
    Ok(rep.finish())
}

/// A describe.json's bytes (`file` names them in a failure), loaded as every describe.json
/// is, with the strict parser a signed document needs.
fn load_describe(
    file: &str,
    bytes: Vec<u8>,
) -> Result<serde_json::Value, gtdx_contract::json::LoadError> {
    gtdx_contract::json::load_bytes_with(file, bytes, crate::json::strict).map(|d| d.value)
}

/// The signature check of a describe.json's bytes (see [`load_describe`]).
fn check_describe_bytes(
    rep: &mut VerifyReport,
    file: &str,
    bytes: Vec<u8>,
    policy: &TrustPolicy,
) -> Option<LoadedDescribe> {
    check_loaded_describe(rep, load_describe(file, bytes), policy)
}

/// The signature check of a loaded describe.json (or why it does not load). Returns the
/// document, `None` when it does not load.
fn check_loaded_describe(
    rep: &mut VerifyReport,
    loaded: Result<serde_json::Value, gtdx_contract::json::LoadError>,
    policy: &TrustPolicy,
) -> Option<LoadedDescribe> {
    let entry = Some(gtdx_pack::DESCRIBE_PATH.to_string());
    let doc = match loaded {
        Ok(d) => d,
        Err(e) => {
            rep.push("describe-invalid", Status::Fail, entry, e.to_string());
            return None;
        }
    };
    // Which form the signature is checked over: a describe.json's own ([`SignedForm`]); a
    // worker manifest has only its RFC 8785 form.
    let form = is_describe(&doc).then(|| SignedForm::of(&doc));
    let (status, model) = match form {
        Some(_) => check_describe_signature_model(&doc),
        None => (check_signature(&doc), None),
    };
    // A v1 document's verdict says which form was checked, since it is not the one the
    // platform's (v2) loader checks.
    let v1_note = |reason: String| match form {
        Some(f @ SignedForm::AsWritten) => format!("{reason}; checked over {}", f.phrase()),
        _ => reason,
    };
    match status {
        SignatureStatus::Missing => rep.push(
            "signature",
            Status::Fail,
            entry,
            "describe.json is not signed (no `signature`); run `gtdx sign`",
        ),
        SignatureStatus::Malformed(m) => rep.push("signature", Status::Fail, entry, v1_note(m)),
        SignatureStatus::Invalid {
            public_key,
            key_id,
            reason,
        } => {
            rep.signer = Some(Signer {
                public_key: public_key.map(|k| k.to_base64()),
                key_id,
                trusted: false,
            });
            rep.push("signature", Status::Fail, entry, v1_note(reason));
        }
        SignatureStatus::Valid { public_key, key_id } => {
            let trusted = policy.trusts(&public_key);
            let label = key_id
                .clone()
                .unwrap_or_else(|| public_key.key_id.to_string());
            rep.push(
                "signature",
                Status::Pass,
                entry,
                match form {
                    Some(SignedForm::AsWritten) => format!(
                        "ed25519 signature over describe.json verifies with public key {}, checked over {}; the platform's v2 loader does not take a v1 document as it is: `gtdx migrate` it, then sign the result",
                        public_key.to_base64(),
                        SignedForm::AsWritten.phrase()
                    ),
                    Some(f) => format!(
                        "ed25519 signature over describe.json verifies with public key {}, checked over {}",
                        public_key.to_base64(),
                        f.phrase()
                    ),
                    None => format!(
                        "ed25519 signature over describe.json (RFC 8785 form) verifies with public key {}",
                        public_key.to_base64()
                    ),
                },
            );
            if trusted {
                rep.push(
                    "trust",
                    Status::Pass,
                    None,
                    format!("the signer (key {label}) is trusted"),
                );
            } else if policy.keys.is_empty() {
                rep.push(
                    "trust",
                    Status::Untrusted,
                    None,
                    format!("signature valid, signer not checked: no trusted keys were given (pass --trusted-key {})", public_key.to_base64()),
                );
            } else {
                rep.push(
                    "trust",
                    Status::Untrusted,
                    None,
                    format!("the signature is valid but key {label} ({}) is not trusted (checked against {})", public_key.to_base64(), count(policy.keys.len(), "trusted key", "trusted keys")),
                );
            }
            rep.signer = Some(Signer {
                public_key: Some(public_key.to_base64()),
                key_id,
                trusted,
            });
        }
    }
    Some(LoadedDescribe { value: doc, model })
}

/// Verifies `sig_path` (a `.minisig`) over `file` against the trusted keys.
pub fn verify_detached(
    file: &Path,
    sig_path: &Path,
    policy: &TrustPolicy,
) -> Result<VerifyReport, VerifyError> {
    if policy.keys.is_empty() {
        return Err(VerifyError::NoTrustAnchors);
    }
    if let Err(e) = std::fs::metadata(file) {
        return Err(VerifyError::Io {
            path: file.to_path_buf(),
            source: e,
        });
    }
    let text = gtdx_fsx::read_text(sig_path, gtdx_fsx::limits::SIGNATURE).map_err(|e| {
        VerifyError::Io {
            path: sig_path.to_path_buf(),
            source: e.source,
        }
    })?;
    let mut rep = report(file, TargetKind::Detached, policy);
    let entry = Some(sig_path.display().to_string());
    let sig = match Minisig::parse(&text) {
        Ok(s) => s,
        Err(m) => {
            rep.push(
                "signature",
                Status::Fail,
                entry,
                format!("not a minisign signature: {m}"),
            );
            return Ok(rep.finish());
        }
    };
    let candidates: Vec<&PublicKey> = policy
        .keys
        .iter()
        .filter(|k| !k.key_id_known || k.key_id == sig.key_id)
        .collect();
    if candidates.is_empty() {
        rep.signer = Some(Signer {
            public_key: None,
            key_id: Some(sig.key_id.to_string()),
            trusted: false,
        });
        rep.push(
            "trust",
            Status::Untrusted,
            entry,
            format!(
                "signed by key id {}, which is not trusted (checked against {}; a minisign signature does not carry its public key, so it cannot be checked without it)",
                sig.key_id,
                count(policy.keys.len(), "trusted key", "trusted keys")
            ),
        );
        return Ok(rep.finish());
    }
    let mut last_err = String::new();
    for key in candidates {
        match verify_file(file, &sig, key) {
            Ok(()) => {
                rep.signer = Some(Signer {
                    public_key: Some(key.to_base64()),
                    key_id: Some(sig.key_id.to_string()),
                    trusted: true,
                });
                rep.push(
                    "signature",
                    Status::Pass,
                    entry.clone(),
                    format!(
                        "minisign {} signature and trusted comment verify (trusted comment: {})",
                        if sig.prehashed {
                            "prehashed (ED)"
                        } else {
                            "legacy (Ed)"
                        },
                        sig.trusted_comment
                    ),
                );
                rep.push(
                    "trust",
                    Status::Pass,
                    None,
                    format!("the signer (key {}) is trusted", sig.key_id),
                );
                return Ok(rep.finish());
            }
            Err(e) => last_err = e,
        }
    }
    rep.signer = Some(Signer {
        public_key: None,
        key_id: Some(sig.key_id.to_string()),
        trusted: false,
    });
    rep.push("signature", Status::Fail, entry, last_err);
    Ok(rep.finish())
}
