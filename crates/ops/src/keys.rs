//! `gtdx keygen` and `gtdx key export`, and the key inputs `sign`, `verify` and `worker` share:
//! where a secret key comes from ([`KeySource`]) and which public keys are trusted
//! ([`TrustInputs`]).

use std::path::PathBuf;

pub use gtdx_sign::keys::{Generated, redact_key_material};
pub use gtdx_sign::{KeyError, KeyId, PublicKey, SecretKey, TrustPolicy};

/// Where a secret key comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// A key file written by `gtdx keygen` (must not be readable by group or others).
    File(PathBuf),
    /// An environment variable holding the key file's text, or its base64 seed.
    Env(String),
}

impl KeySource {
    /// Reads the secret key.
    pub fn load(&self) -> Result<SecretKey, KeyError> {
        match self {
            KeySource::File(path) => SecretKey::load_file(path),
            KeySource::Env(var) => SecretKey::from_env(var),
        }
    }
}

/// The public keys a signer must be among, as the user gave them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustInputs {
    /// Keys given inline: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file.
    pub keys: Vec<String>,
    /// Files of public keys, one per line.
    pub key_files: Vec<PathBuf>,
}

impl TrustInputs {
    /// Whether any key was given.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.key_files.is_empty()
    }

    /// Reads every key into a policy.
    pub fn policy(&self) -> Result<TrustPolicy, KeyError> {
        let mut policy = TrustPolicy::default();
        for k in &self.keys {
            policy.add_key_arg(k)?;
        }
        for f in &self.key_files {
            policy.add_file(f)?;
        }
        Ok(policy)
    }

    /// The same keys, as `gtdx-worker` takes them.
    pub(crate) fn to_worker(&self) -> gtdx_worker::TrustInputs {
        gtdx_worker::TrustInputs {
            keys: self.keys.clone(),
            key_files: self.key_files.clone(),
        }
    }
}

/// `gtdx keygen [--out-dir DIR] [--name NAME]`
#[derive(Debug, Clone)]
pub struct KeygenOptions {
    /// Directory for NAME.key (secret, mode 0600) and NAME.pub.
    pub out_dir: PathBuf,
    /// Base name of the two key files.
    pub name: String,
}

/// Makes an ed25519 key pair; never overwrites an existing file.
pub fn keygen(options: &KeygenOptions) -> Result<Generated, KeyError> {
    gtdx_sign::keys::keygen(&options.out_dir, &options.name)
}

/// Which public key `gtdx key export` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportSource {
    /// The public half of this secret key file.
    SecretKeyFile(PathBuf),
    /// A public key as `--trusted-key` takes it (inline, or a .pub file); it must hold one key.
    Public(String),
}

/// Why no key was exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("{given} holds {count} keys; export takes exactly one")]
    NotOneKey { given: String, count: usize },
}

/// The secret key in `path` as a PKCS#8 PEM, the platform's key format (its `publish --key`,
/// `--key-id` and `GREENTIC_EXT_SIGNING_KEY_PEM` read it): one key signs with both tools.
pub fn export_secret_pem(
    path: &std::path::Path,
) -> Result<impl std::ops::Deref<Target = String>, KeyError> {
    Ok(SecretKey::load_file(path)?.to_pkcs8_pem())
}

/// Reads the public key to export (the caller chooses its text form).
pub fn export(source: &ExportSource) -> Result<PublicKey, ExportError> {
    match source {
        ExportSource::SecretKeyFile(path) => Ok(SecretKey::load_file(path)?.public()),
        ExportSource::Public(given) => {
            let mut policy = TrustPolicy::default();
            policy.add_key_arg(given)?;
            if policy.keys.len() != 1 {
                return Err(ExportError::NotOneKey {
                    given: given.clone(),
                    count: policy.keys.len(),
                });
            }
            Ok(policy.keys.remove(0))
        }
    }
}
