use std::path::PathBuf;
use std::process::ExitCode;

/// `gtdx validate [PATH]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The manifest to check.
    #[arg(default_value = "describe.json")]
    pub path: PathBuf,
    #[arg(long, value_enum, default_value_t)]
    pub format: crate::output::Format,
}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gtdx validate is being built (issue 2)")
}
