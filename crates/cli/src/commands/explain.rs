//! `gtdx explain CODE`: what a diagnostic code means and how to fix what it reports.

use std::process::ExitCode;

use crate::shell::Shell;

/// `gtdx explain CODE [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A diagnostic code, e.g. E_EXPORT_FORM (any case).
    #[arg(value_name = "CODE")]
    pub code: String,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    crate::render::explain::print(&args.code, shell)
}
