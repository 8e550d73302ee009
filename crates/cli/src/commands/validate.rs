//! `gtdx validate [PATH]`: the structural checks of `gtdx-lint`, printed.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_lint::Options;

/// `gtdx validate [PATH] [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The manifest to check.
    #[arg(default_value = "describe.json")]
    pub path: PathBuf,
    /// Output format: one paragraph per finding, or one JSON document.
    #[arg(long, value_enum, default_value_t)]
    pub format: crate::output::Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    Ok(super::lint::check_and_print(
        &args.path,
        &Options::validate(),
        args.format,
        false,
        true,
        Vec::new(),
    ))
}
