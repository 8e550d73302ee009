//! `gtdx explain CODE`: what a diagnostic code means and how to fix what it reports.

use std::process::ExitCode;

/// `gtdx explain CODE`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A diagnostic code, e.g. E_EXPORT_FORM (any case).
    #[arg(value_name = "CODE")]
    pub code: String,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::output::explain(&args.code)
}
