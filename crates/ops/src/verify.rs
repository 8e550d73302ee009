//! `gtdx verify`: a pack's integrity and signature, a describe.json's signature, or a detached
//! minisign signature, against the trusted keys.
//!
//! The verdict is a [`VerifyReport`] (valid, untrusted or invalid, with every check); an error
//! means verification could not run at all.

use std::path::PathBuf;

use crate::keys::{KeyError, TrustInputs};

pub use gtdx_sign::verify::{CheckResult, Outcome, Status};
pub use gtdx_sign::{VerifyError as VerifyFailure, VerifyReport};

/// What kind of signature to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyMode {
    /// A pack or a describe.json, told apart by content; `integrity_only` checks a pack's
    /// archive without its signature.
    Embedded { integrity_only: bool },
    /// A detached signature (default file: `TARGET.minisig`).
    Detached { signature: Option<PathBuf> },
}

/// `gtdx verify <TARGET> [--trusted-key KEY]... [--trusted-keys FILE]...`
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    pub target: PathBuf,
    pub trust: TrustInputs,
    pub mode: VerifyMode,
}

/// Why verification could not run.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// A trusted key cannot be read.
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error(transparent)]
    Verify(#[from] VerifyFailure),
    /// The target cannot be read to tell what it is.
    #[error(transparent)]
    Read(#[from] gtdx_sign::SignError),
    #[error(
        "{} is not a pack; --integrity-only applies to .gtxpack files",
        path.display()
    )]
    IntegrityOnlyNotPack { path: PathBuf },
}

/// Verifies the target and returns the verdict.
pub fn verify(options: &VerifyOptions) -> Result<VerifyReport, VerifyError> {
    let policy = options.trust.policy()?;
    let target = &options.target;
    match &options.mode {
        VerifyMode::Detached { signature } => {
            let sig = signature.clone().unwrap_or_else(|| {
                let mut s = target.clone().into_os_string();
                s.push(".minisig");
                PathBuf::from(s)
            });
            Ok(gtdx_sign::verify_detached(target, &sig, &policy)?)
        }
        VerifyMode::Embedded { integrity_only } => {
            if gtdx_sign::is_pack(target)? {
                let options = gtdx_sign::VerifyOptions {
                    integrity_only: *integrity_only,
                };
                Ok(gtdx_sign::verify_pack_with(target, &policy, options)?)
            } else if *integrity_only {
                Err(VerifyError::IntegrityOnlyNotPack {
                    path: target.clone(),
                })
            } else {
                Ok(gtdx_sign::verify_describe_file(target, &policy)?)
            }
        }
    }
}
