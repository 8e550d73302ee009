//! `gtdx sign`: sign a pack, a describe.json, or (detached, minisign format) any file.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::keys::KeySource;
use gtdx_ops::sign::{SignMode, SignOptions, SignOutcome, TargetKind};

/// `gtdx sign <PACK | describe.json> (--key FILE | --key-env VAR) [--key-id ID]`
/// `gtdx sign --detached FILE (--key FILE | --key-env VAR)`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack, a describe.json, or with --detached any file.
    pub target: PathBuf,
    /// Secret key file (from `gtdx keygen`); must not be readable by group or others.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "key_env",
        conflicts_with = "key_env"
    )]
    pub key: Option<PathBuf>,
    /// Environment variable holding the secret key (the key file's text, or its base64 seed).
    #[arg(long, value_name = "VAR")]
    pub key_env: Option<String>,
    /// Label written as `signature.keyId` (default: the key's id). Advisory only.
    #[arg(long, value_name = "ID", conflicts_with = "detached")]
    pub key_id: Option<String>,
    /// Write TARGET.minisig, a minisign-format signature of any file, instead.
    #[arg(long)]
    pub detached: bool,
    /// The signed trusted comment of a detached signature (default: timestamp and file name).
    #[arg(long, value_name = "TEXT", requires = "detached")]
    pub trusted_comment: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let key = match (args.key, args.key_env) {
        (Some(path), _) => KeySource::File(path),
        (None, Some(var)) => KeySource::Env(var),
        (None, None) => anyhow::bail!("pass --key FILE or --key-env VAR"),
    };
    let mode = if args.detached {
        SignMode::Detached {
            trusted_comment: args.trusted_comment,
        }
    } else {
        SignMode::Embedded {
            key_id: args.key_id,
        }
    };
    let options = SignOptions {
        target: args.target,
        key,
        mode,
    };
    let outcome = gtdx_ops::sign::sign(&options)?;
    let mut out = std::io::stdout().lock();
    match outcome {
        SignOutcome::Detached { signature, key_id } => writeln!(
            out,
            "Signed {} with key {key_id}: {}",
            options.target.display(),
            signature.display()
        )?,
        SignOutcome::Embedded(signed) => {
            let what = match signed.kind {
                TargetKind::Pack => "pack",
                _ => "describe.json",
            };
            writeln!(
                out,
                "Signed {what} {} with key {} (public key {})",
                signed.path.display(),
                signed.key_id,
                signed.public_key.to_base64()
            )?;
        }
    }
    Ok(crate::exit::code(crate::exit::OK))
}
