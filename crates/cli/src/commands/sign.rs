//! `gtdx sign`: sign a pack, a describe.json, or (detached, minisign format) any file.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::sign::{SignMode, SignOptions, SignOutcome, TargetKind};

use crate::shell::{Failure, Shell};

/// `gtdx sign <PACK | describe.json> (--key FILE | --key-env VAR) [--key-id ID]`
/// `gtdx sign --detached FILE (--key FILE | --key-env VAR)`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack, a describe.json, or with --detached any file.
    pub target: PathBuf,
    /// The secret key (one of the two is required).
    #[command(flatten)]
    pub key: crate::args::KeyArgs,
    /// Label written as `signature.keyId`; advisory only [default: the key's id]
    #[arg(long, value_name = "ID", conflicts_with = "detached")]
    pub key_id: Option<String>,
    /// Write TARGET.minisig, a minisign-format signature of any file, instead.
    #[arg(long)]
    pub detached: bool,
    /// The signed trusted comment of a detached signature [default: timestamp and file name]
    #[arg(long, value_name = "TEXT", requires = "detached")]
    pub trusted_comment: Option<String>,
    /// With `json`: one document on stdout (the signed file, the signature, the key id and
    /// public key).
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let Some(key) = args.key.source() else {
        return Ok(shell.fail(Failure::message(
            "no signing key: pass --key FILE (a key from `gtdx keygen`) or --key-env VAR (a \
             variable holding one, as CI secrets are passed)",
        )));
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
    let target = options.target.display();
    match outcome {
        SignOutcome::Detached { signature, key_id } => {
            if shell.is_json() {
                shell.print_json(&serde_json::json!({
                    "file": target.to_string(),
                    "kind": "detached",
                    "signature": signature.display().to_string(),
                    "keyId": key_id.to_string(),
                }));
            } else {
                shell.print(format_args!(
                    "Signed {target} with key {key_id}: {}\n",
                    signature.display()
                ));
            }
        }
        SignOutcome::Embedded(signed) => {
            let what = match signed.kind {
                TargetKind::Pack => "pack",
                _ => "describe.json",
            };
            if shell.is_json() {
                shell.print_json(&serde_json::json!({
                    "file": signed.path.display().to_string(),
                    "kind": what,
                    "keyId": signed.key_id.to_string(),
                    "publicKey": signed.public_key.to_base64(),
                }));
            } else {
                shell.print(format_args!(
                    "Signed {what} {} with key {} (public key {})\n",
                    signed.path.display(),
                    signed.key_id,
                    signed.public_key.to_base64()
                ));
            }
        }
    }
    Ok(crate::exit::code(crate::exit::OK))
}
