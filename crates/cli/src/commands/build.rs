//! `gtdx build`: parse, run [`gtdx_ops::build`], render its events and outcome.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::build::{BuildError, BuildOptions, Profile};

use crate::exit;
use crate::render::progress::Reporter;
use crate::shell::{Failure, Shell};

/// `gtdx build [--manifest-path] [--release | --debug] [--out DIR] [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub manifest: crate::args::ManifestArgs,
    /// Build with the release profile, as without --debug.
    #[arg(long, conflicts_with = "debug")]
    pub release: bool,
    /// Build with the dev profile.
    #[arg(long)]
    pub debug: bool,
    /// Directory for the .gtxpack [default: <cargo target dir>/gtdx]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Build with Cargo.lock exactly as it is: fail where cargo would change it (as `cargo build
    /// --locked`; for CI and reproducible builds).
    #[arg(long)]
    pub locked: bool,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let mut reporter = Reporter::new(shell);
    let options = BuildOptions {
        manifest_path: args.manifest.manifest_path,
        profile: if args.debug {
            Profile::Debug
        } else {
            Profile::Release
        },
        out_dir: args.out,
        color: reporter.color(),
        // Only a progress bar needs the total (estimated beside the build, never waited for).
        estimate_total: reporter.shows_bar(),
        locked: args.locked,
    };
    match gtdx_ops::build::build(&options, &mut reporter) {
        Ok(outcome) => {
            reporter.done(&outcome.packed.path);
            Ok(exit::code(exit::OK))
        }
        Err(e) => Ok(reporter.fail(failure(&e))),
    }
}

/// Lint errors in the generated manifest are findings (exit 1); a failed component check is
/// bad input whose findings are shown one by one under a one-sentence headline; any other
/// failure is one paragraph.
fn failure(e: &BuildError) -> Failure {
    match e {
        BuildError::Findings { diagnostics, .. } => {
            Failure::findings(e.to_string(), diagnostics.clone())
        }
        BuildError::Build(b) if !e.diagnostics().is_empty() => {
            Failure::message(b.headline()).with(e.diagnostics().to_vec())
        }
        _ => Failure::error(e),
    }
}
