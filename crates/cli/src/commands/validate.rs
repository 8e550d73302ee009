//! `gtdx validate [PATH]`: the structural checks of `gtdx-lint`, printed.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::lint::{BaselineSource, LintError, LintOptions, Rules};

use crate::render::{self, lint::Shown};

/// `gtdx validate [PATH] [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The manifest to check.
    #[arg(default_value = "describe.json")]
    pub path: PathBuf,
    #[command(flatten)]
    pub format: crate::args::ReportFormatArgs,
}

pub fn run(args: Args, shell: &mut crate::shell::Shell) -> anyhow::Result<ExitCode> {
    let options = LintOptions {
        path: Some(args.path),
        manifest_path: None,
        rules: Rules::Validate,
        baseline: BaselineSource::default(),
    };
    let shown = Shown {
        format: args.format.format,
        deny_warnings: false,
        verbose: true,
        lint: false,
    };
    match gtdx_ops::lint::check(&options) {
        Ok(report) => Ok(render::lint::print(report, &shown, shell)),
        Err(LintError::Load(e)) => Ok(render::lint::print_load_error(
            &e,
            args.format.format,
            shell,
        )),
        Err(e @ LintError::Scan(_)) => Err(e.into()),
    }
}
