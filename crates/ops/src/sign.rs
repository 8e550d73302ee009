//! `gtdx sign`: a pack or a describe.json (ed25519 over RFC 8785, a `signature` block), or any
//! file as a detached minisign-format signature.
//!
//! A thin layer over `gtdx-sign`: it reads the key and picks the kind of signature.

use std::path::PathBuf;

use crate::keys::{KeyError, KeyId, KeySource};

pub use gtdx_sign::{SignError as SignFailure, Signed, TargetKind};

/// Which signature to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignMode {
    /// Into the pack's or the file's describe.json, labelled `key_id` (default: the key's id).
    Embedded { key_id: Option<String> },
    /// `TARGET.minisig` beside any file, with this trusted comment (default: timestamp and
    /// file name).
    Detached { trusted_comment: Option<String> },
}

/// `gtdx sign <TARGET> (--key FILE | --key-env VAR) [--key-id ID | --detached]`
#[derive(Debug, Clone)]
pub struct SignOptions {
    /// A .gtxpack, a describe.json, or (detached) any file.
    pub target: PathBuf,
    pub key: KeySource,
    pub mode: SignMode,
}

/// What was signed.
#[derive(Debug, Clone)]
pub enum SignOutcome {
    /// A pack or describe.json now carries a signature.
    Embedded(Signed),
    /// A detached signature was written.
    Detached {
        /// The signature file.
        signature: PathBuf,
        key_id: KeyId,
    },
}

/// Why nothing was signed.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// The key cannot be read.
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error(transparent)]
    Sign(#[from] SignFailure),
    /// The detached signature could not be made.
    #[error("cannot sign {}", path.display())]
    Detached {
        path: PathBuf,
        #[source]
        source: SignFailure,
    },
}

/// Reads the key and signs the target.
pub fn sign(options: &SignOptions) -> Result<SignOutcome, SignError> {
    let key = options.key.load()?;
    match &options.mode {
        SignMode::Detached { trusted_comment } => {
            let signature =
                gtdx_sign::sign_detached(&options.target, &key, trusted_comment.as_deref())
                    .map_err(|source| SignError::Detached {
                        path: options.target.clone(),
                        source,
                    })?;
            Ok(SignOutcome::Detached {
                signature,
                key_id: key.key_id(),
            })
        }
        SignMode::Embedded { key_id } => Ok(SignOutcome::Embedded(gtdx_sign::sign_path(
            &options.target,
            &key,
            key_id.as_deref(),
        )?)),
    }
}
