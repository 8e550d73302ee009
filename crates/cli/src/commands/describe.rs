use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use gtdx_contract::{Diagnostic, Severity};
use gtdx_describe::{CheckOutcome, Written};

use crate::exit;

/// `gtdx describe [--manifest-path Cargo.toml] [--check] [--stdout]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension's Cargo.toml; describe.json is written next to it.
    #[arg(long, value_name = "PATH", default_value = "Cargo.toml")]
    pub manifest_path: PathBuf,
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
    let generated = gtdx_describe::generate(&args.manifest_path)?;
    let describe_path = generated.package.describe_path();
    let shown = gtdx_describe::error::display_path(&describe_path)
        .display()
        .to_string();

    // Lint what was generated, so a manifest the linter rejects never goes unnoticed.
    let report = gtdx_lint::check_str(
        &shown,
        &generated.text,
        &gtdx_lint::Options::lint().in_dir(&generated.package.root),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))
    .context("linting the generated manifest")?;
    let mut diags: Vec<Diagnostic> = generated.warnings.clone();
    diags.extend(
        report
            .diagnostics
            .iter()
            .map(|d| with_tool_source(d, &generated)),
    );
    if !args.verbose {
        diags.retain(|d| d.severity != Severity::Info);
    }
    let lint_failed = diags.iter().any(|d| d.severity == Severity::Error);

    let mut err = std::io::stderr().lock();
    let code = if args.stdout {
        let mut out = std::io::stdout().lock();
        out.write_all(generated.text.as_bytes())
            .context("writing to stdout")?;
        exit::OK
    } else if args.check {
        match gtdx_describe::check(&generated)? {
            CheckOutcome::Fresh => {
                let _ = writeln!(
                    err,
                    "{shown} is up to date ({} tools)",
                    generated.tools.len()
                );
                exit::OK
            }
            CheckOutcome::Stale { diff } => {
                let mut out = std::io::stdout().lock();
                let _ = write!(out, "{diff}");
                let _ = writeln!(
                    err,
                    "{shown} is stale: it differs from what the sources say (diff above). Run `gtdx describe` and commit the result."
                );
                exit::FINDINGS
            }
            CheckOutcome::Missing => {
                let _ = writeln!(
                    err,
                    "{shown} does not exist. Run `gtdx describe` and commit the result."
                );
                exit::FINDINGS
            }
        }
    } else {
        match gtdx_describe::write(&generated)? {
            Written::Written => {
                let _ = writeln!(err, "wrote {shown} ({} tools)", generated.tools.len());
            }
            Written::Unchanged => {
                let _ = writeln!(
                    err,
                    "{shown} is up to date ({} tools)",
                    generated.tools.len()
                );
            }
        }
        exit::OK
    };
    // Findings go to stderr, so that `--stdout` and `--check` output stay clean.
    for d in &diags {
        let _ = writeln!(err, "{}", d.render_human());
    }
    let code = if lint_failed {
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
    std::mem::forget(generated);
    std::mem::forget(report);
    Ok(exit::code(code))
}

/// Points a finding about `/contributions/tools/N/...` at the tool's Rust function too.
fn with_tool_source(d: &Diagnostic, generated: &gtdx_describe::Generated) -> Diagnostic {
    let mut d = d.clone();
    let index = d
        .pointer
        .as_deref()
        .and_then(|p| p.strip_prefix("/contributions/tools/"))
        .and_then(|rest| rest.split('/').next())
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(t) = index.and_then(|i| generated.tools.get(i)) {
        d.message.push_str(&format!(
            " [tool `{}` at {}:{}]",
            t.tool.name,
            gtdx_describe::error::display_path(&t.file).display(),
            t.line
        ));
    }
    d
}
