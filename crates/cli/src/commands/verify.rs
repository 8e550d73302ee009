//! `gtdx verify`: check a pack's integrity and signature, a describe.json's signature, or a
//! detached minisign signature, against trusted keys.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::verify::{Outcome, Status, VerifyMode, VerifyOptions};

use crate::shell::{Format, Shell, Untrusted};

/// `gtdx verify <PACK | describe.json> [--trusted-key KEY]... [--trusted-keys FILE]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack, a describe.json, or with --detached any file.
    pub target: PathBuf,
    #[command(flatten)]
    pub trust: crate::args::TrustArgs,
    /// Verify TARGET.minisig (or --signature), a minisign-format detached signature.
    #[arg(long)]
    pub detached: bool,
    /// The detached signature file [default: TARGET.minisig]
    #[arg(long, value_name = "FILE", requires = "detached")]
    pub signature: Option<PathBuf>,
    /// Check the archive only (manifest, digests, structure), not the signature.
    #[arg(long, conflicts_with = "detached")]
    pub integrity_only: bool,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let mode = if args.detached {
        VerifyMode::Detached {
            signature: args.signature,
        }
    } else {
        VerifyMode::Embedded {
            integrity_only: args.integrity_only,
        }
    };
    let report = gtdx_ops::verify::verify(&VerifyOptions {
        target: args.target,
        trust: args.trust.inputs(),
        mode,
    })?;
    match shell.format() {
        Format::Json => shell.print_json(&report),
        Format::Human => {
            use std::fmt::Write as _;
            let mut out = String::new();
            let verdict = match report.result {
                Outcome::Valid => "valid",
                Outcome::Untrusted => "UNTRUSTED",
                Outcome::Invalid => "INVALID",
            };
            writeln!(out, "{}: {verdict}", Untrusted(&report.file))?;
            for c in &report.checks {
                let status = match c.status {
                    Status::Pass => "ok",
                    Status::Fail => "FAILED",
                    Status::Skip => "skipped",
                    Status::Untrusted => "untrusted",
                };
                // An entry's name and a message quoting the pack are the pack's: shown as text.
                let message = Untrusted(&c.message);
                match &c.entry {
                    Some(e) => writeln!(
                        out,
                        "  {status:<9} {:<17} {}: {message}",
                        c.check,
                        Untrusted(e)
                    )?,
                    None => writeln!(out, "  {status:<9} {:<17} {message}", c.check)?,
                }
            }
            shell.print(out);
        }
    }
    Ok(crate::exit::code(report.exit_code()))
}
