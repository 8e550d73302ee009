//! `gtdx verify`: check a pack's integrity and signature, a describe.json's signature, or a
//! detached minisign signature, against trusted keys.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_sign::verify::{Outcome, Status};

use crate::output::Format;

/// `gtdx verify <PACK | describe.json> [--trusted-key KEY]... [--trusted-keys FILE]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack, a describe.json, or with --detached any file.
    pub target: PathBuf,
    /// A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file.
    #[arg(long = "trusted-key", value_name = "KEY")]
    pub trusted_key: Vec<String>,
    /// A file of trusted public keys, one per line (`#` comments allowed).
    #[arg(long = "trusted-keys", value_name = "FILE")]
    pub trusted_keys: Vec<PathBuf>,
    /// Verify TARGET.minisig (or --signature), a minisign-format detached signature.
    #[arg(long)]
    pub detached: bool,
    /// The detached signature file (default: TARGET.minisig).
    #[arg(long, value_name = "FILE", requires = "detached")]
    pub signature: Option<PathBuf>,
    /// Check the archive only (manifest, digests, structure), not the signature.
    #[arg(long, conflicts_with = "detached")]
    pub integrity_only: bool,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut policy = gtdx_sign::TrustPolicy::default();
    for k in &args.trusted_key {
        policy.add_key_arg(k)?;
    }
    for f in &args.trusted_keys {
        policy.add_file(f)?;
    }
    let report = if args.detached {
        let sig = args.signature.clone().unwrap_or_else(|| {
            let mut s = args.target.clone().into_os_string();
            s.push(".minisig");
            PathBuf::from(s)
        });
        gtdx_sign::verify_detached(&args.target, &sig, &policy)?
    } else if gtdx_sign::is_pack(&args.target)? {
        let options = gtdx_sign::VerifyOptions {
            integrity_only: args.integrity_only,
        };
        gtdx_sign::verify_pack_with(&args.target, &policy, options)?
    } else if args.integrity_only {
        anyhow::bail!(
            "{} is not a pack; --integrity-only applies to .gtxpack files",
            args.target.display()
        );
    } else {
        gtdx_sign::verify_describe_file(&args.target, &policy)?
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?,
        Format::Human => {
            let verdict = match report.result {
                Outcome::Valid => "valid",
                Outcome::Untrusted => "UNTRUSTED",
                Outcome::Invalid => "INVALID",
            };
            writeln!(out, "{}: {verdict}", report.file)?;
            for c in &report.checks {
                let status = match c.status {
                    Status::Pass => "ok",
                    Status::Fail => "FAILED",
                    Status::Skip => "skipped",
                    Status::Untrusted => "untrusted",
                };
                match &c.entry {
                    Some(e) => writeln!(out, "  {status:<9} {:<17} {e}: {}", c.check, c.message)?,
                    None => writeln!(out, "  {status:<9} {:<17} {}", c.check, c.message)?,
                }
            }
        }
    }
    Ok(crate::exit::code(report.exit_code()))
}
