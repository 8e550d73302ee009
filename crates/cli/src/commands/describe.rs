//! `gtdx describe`: describe.json from the sources, written, checked or printed, with the lint's
//! findings about it on stderr (or, with `--format json`, in one document on stdout).

use std::process::ExitCode;

use gtdx_ops::Severity;
use gtdx_ops::describe::{CheckOutcome, DescribeMode, DescribeOptions, DescribeResult, Written};

use crate::exit;
use crate::shell::{Shell, count};

/// `gtdx describe [--manifest-path Cargo.toml] [--check] [--stdout] [--format human|json]`
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
    /// With `json`: one document on stdout (the file, what happened, the tool count, the diff
    /// of `--check`, the manifest of `--stdout`, the findings).
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
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
    let file = &outcome.file;
    let tools = count(outcome.generated.tools.len(), "tool", "tools");
    let (result, code) = match &outcome.result {
        DescribeResult::Printed => ("printed", exit::OK),
        DescribeResult::Checked(CheckOutcome::Fresh) => ("fresh", exit::OK),
        DescribeResult::Written(Written::Unchanged) => ("unchanged", exit::OK),
        DescribeResult::Written(Written::Written) => ("written", exit::OK),
        DescribeResult::Checked(CheckOutcome::Stale { .. }) => ("stale", exit::FINDINGS),
        DescribeResult::Checked(CheckOutcome::Missing) => ("missing", exit::FINDINGS),
    };
    let code = if outcome.has_errors() {
        exit::FINDINGS
    } else {
        code
    };

    if shell.is_json() {
        let diff = match &outcome.result {
            DescribeResult::Checked(CheckOutcome::Stale { diff }) => Some(diff.as_str()),
            _ => None,
        };
        let manifest = match outcome.result {
            DescribeResult::Printed => serde_json::from_str(&outcome.generated.text).ok(),
            _ => None::<serde_json::Value>,
        };
        shell.print_json(&serde_json::json!({
            "file": file,
            "result": result,
            "tools": outcome.generated.tools.len(),
            "diff": diff,
            "manifest": manifest,
            "errors": outcome.has_errors(),
            "diagnostics": outcome.diagnostics,
        }));
    } else {
        match &outcome.result {
            DescribeResult::Printed => shell.print_document(&outcome.generated.text),
            DescribeResult::Checked(CheckOutcome::Fresh)
            | DescribeResult::Written(Written::Unchanged) => {
                shell.note(format_args!("{file} is up to date ({tools})"));
            }
            DescribeResult::Checked(CheckOutcome::Stale { diff }) => {
                shell.print_document(diff);
                shell.note(format_args!(
                    "{file} is stale: it differs from what the sources say (diff above). Run \
                     `gtdx describe` and commit the result."
                ));
            }
            DescribeResult::Checked(CheckOutcome::Missing) => shell.note(format_args!(
                "{file} does not exist. Run `gtdx describe` and commit the result."
            )),
            DescribeResult::Written(Written::Written) => {
                shell.note(format_args!("wrote {file} ({tools})"));
            }
        }
        // Findings go to stderr, so that `--stdout` and `--check` output stay clean.
        shell.diagnostics(&outcome.diagnostics);
    }
    if outcome.has_errors() {
        shell.error(
            "the generated manifest has lint errors (above); fix them in the sources or Cargo.toml",
        );
    }
    // The process exits next: leave the syntax trees and the linted document to the OS rather
    // than freeing them piece by piece (a measurable share of a large crate's run).
    std::mem::forget(outcome);
    Ok(exit::code(code))
}
