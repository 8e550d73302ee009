//! `gtdx describe`: describe.json from the sources, written, checked or printed, with the lint's
//! findings about it on stderr.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use gtdx_ops::Severity;
use gtdx_ops::describe::{CheckOutcome, DescribeMode, DescribeOptions, DescribeResult, Written};

use crate::exit;

/// `gtdx describe [--manifest-path Cargo.toml] [--check] [--stdout]`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub manifest: crate::args::ManifestArgs,
    /// Write nothing; exit 1 with a diff when describe.json differs from what the sources say.
    #[arg(long, conflicts_with = "stdout")]
    pub check: bool,
    /// Print the manifest on stdout instead of writing describe.json.
    #[arg(long)]
    pub stdout: bool,
    /// Also show the lint's info notes about the generated manifest (hidden by default, as in
    /// `gtdx lint`).
    #[arg(short, long)]
    pub verbose: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mode = if args.stdout {
        DescribeMode::Print
    } else if args.check {
        DescribeMode::Check
    } else {
        DescribeMode::Write
    };
    let mut outcome = gtdx_ops::describe::describe(&DescribeOptions {
        manifest_path: args.manifest.manifest_path,
        mode,
    })?;
    if !args.verbose {
        outcome.diagnostics.retain(|d| d.severity != Severity::Info);
    }
    let shown = &outcome.file;
    let tools = outcome.generated.tools.len();

    let mut err = std::io::stderr().lock();
    let code = match &outcome.result {
        DescribeResult::Printed => {
            let mut out = std::io::stdout().lock();
            out.write_all(outcome.generated.text.as_bytes())
                .context("writing to stdout")?;
            exit::OK
        }
        DescribeResult::Checked(CheckOutcome::Fresh)
        | DescribeResult::Written(Written::Unchanged) => {
            let _ = writeln!(err, "{shown} is up to date ({tools} tools)");
            exit::OK
        }
        DescribeResult::Checked(CheckOutcome::Stale { diff }) => {
            let mut out = std::io::stdout().lock();
            let _ = write!(out, "{diff}");
            let _ = writeln!(
                err,
                "{shown} is stale: it differs from what the sources say (diff above). Run `gtdx describe` and commit the result."
            );
            exit::FINDINGS
        }
        DescribeResult::Checked(CheckOutcome::Missing) => {
            let _ = writeln!(
                err,
                "{shown} does not exist. Run `gtdx describe` and commit the result."
            );
            exit::FINDINGS
        }
        DescribeResult::Written(Written::Written) => {
            let _ = writeln!(err, "wrote {shown} ({tools} tools)");
            exit::OK
        }
    };
    // Findings go to stderr, so that `--stdout` and `--check` output stay clean.
    for d in &outcome.diagnostics {
        let _ = writeln!(err, "{}", d.render_human());
    }
    let code = if outcome.has_errors() {
        let _ = writeln!(
            err,
            "the generated manifest has lint errors (above); fix them in the sources or Cargo.toml"
        );
        exit::FINDINGS
    } else {
        code
    };
    // The process exits next: leave the syntax trees and the linted document to the OS rather
    // than freeing them piece by piece (a measurable share of a large crate's run).
    std::mem::forget(outcome);
    Ok(exit::code(code))
}
