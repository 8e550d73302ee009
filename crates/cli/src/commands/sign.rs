//! `gtdx sign`: sign a pack, a describe.json, or (detached, minisign format) any file.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

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
    let key = match (&args.key, &args.key_env) {
        (Some(path), _) => gtdx_sign::SecretKey::load_file(path)?,
        (None, Some(var)) => gtdx_sign::SecretKey::from_env(var)?,
        (None, None) => anyhow::bail!("pass --key FILE or --key-env VAR"),
    };
    let mut out = std::io::stdout().lock();
    if args.detached {
        let sig = gtdx_sign::sign_detached(&args.target, &key, args.trusted_comment.as_deref())
            .with_context(|| format!("cannot sign {}", args.target.display()))?;
        writeln!(
            out,
            "Signed {} with key {}: {}",
            args.target.display(),
            key.key_id(),
            sig.display()
        )?;
        return Ok(crate::exit::code(crate::exit::OK));
    }
    let signed = gtdx_sign::sign_path(&args.target, &key, args.key_id.as_deref())?;
    let what = match signed.kind {
        gtdx_sign::TargetKind::Pack => "pack",
        _ => "describe.json",
    };
    writeln!(
        out,
        "Signed {what} {} with key {} (public key {})",
        signed.path.display(),
        signed.key_id,
        signed.public_key.to_base64()
    )?;
    Ok(crate::exit::code(crate::exit::OK))
}
