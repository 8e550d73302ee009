//! `gtdx pack`: parse, run [`gtdx_ops::pack`], render its events and outcome.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::pack::{PackError, PackOptions};

use crate::exit;
use crate::render::progress::Reporter;
use crate::shell::{Failure, Shell};

/// `gtdx pack --wasm FILE --describe FILE [--out DIR] [--wit DIR]...`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The component, built by any toolchain (it must be a WebAssembly component).
    #[arg(long, value_name = "FILE")]
    pub wasm: PathBuf,
    /// The describe.json to ship with it. Declared asset paths (prompts, schemas, knowledge,
    /// icon, `assets/`) are relative to its directory. The file itself is not modified: the
    /// component's sha256 is written into the packed copy.
    #[arg(long, value_name = "FILE")]
    pub describe: PathBuf,
    /// Directory for the .gtxpack [default: the current directory]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// A WIT directory defining the world runtime.components.*.world names, so the component
    /// can be checked against it (repeatable).
    #[arg(long, value_name = "DIR")]
    pub wit: Vec<PathBuf>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let mut reporter = Reporter::for_pack(shell);
    let options = PackOptions {
        wasm: args.wasm,
        describe: args.describe,
        out_dir: args.out,
        wit_dirs: args.wit,
    };
    match gtdx_ops::pack::pack(&options, &mut reporter) {
        Ok(outcome) => {
            reporter.done(&outcome.packed.path);
            Ok(exit::code(exit::OK))
        }
        Err(e) => Ok(reporter.fail(failure(&e))),
    }
}

/// A WIT directory that does not parse is named by its flag; a failed component check shows
/// its findings one by one under a one-sentence headline.
fn failure(e: &PackError) -> Failure {
    match e {
        PackError::Wit { .. } => Failure::message(format!("--wit {e}")),
        PackError::Build(b) if !e.diagnostics().is_empty() => {
            Failure::message(b.headline()).with(e.diagnostics().to_vec())
        }
        PackError::Build(_) => Failure::error(e),
    }
}
