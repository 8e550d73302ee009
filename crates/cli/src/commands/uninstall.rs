//! `gtdx uninstall`: remove an installed extension and its state.

use std::process::ExitCode;

use crate::shell::{Format, Shell};

/// `gtdx uninstall ID[@VERSION]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension id, with `@VERSION` when several versions are installed.
    pub target: String,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let removed = gtdx_ops::installed::uninstall(&home, &args.target)?;
    match shell.format() {
        Format::Json => shell.print_json(&removed),
        Format::Human => shell.status(
            "Removed",
            format!(
                "{}@{} ({})",
                removed.info.id,
                removed.info.version,
                removed.dir.display()
            ),
        ),
    }
    Ok(ExitCode::SUCCESS)
}
