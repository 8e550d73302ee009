use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_build::{KnownWorlds, PackInput};

use super::build::{Failure, Reporter};
use crate::exit;
use crate::output::Format;

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
    /// Directory for the .gtxpack (default: the current directory).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// A WIT directory defining the world runtime.components.*.world names, so the component
    /// can be checked against it (repeatable).
    #[arg(long, value_name = "DIR")]
    pub wit: Vec<PathBuf>,
    /// `human`: status on stderr, the pack's path on stdout. `json`: one JSON event per line.
    #[arg(long, value_enum, default_value_t)]
    pub message_format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut reporter = Reporter::for_pack(args.message_format);
    match pack(&args, &mut reporter) {
        Ok(()) => Ok(exit::code(exit::OK)),
        Err(f) => Ok(reporter.fail(f)),
    }
}

fn pack(args: &Args, reporter: &mut Reporter) -> Result<(), Failure> {
    let mut worlds = KnownWorlds::new();
    for dir in &args.wit {
        worlds
            .add_dir(dir)
            .map_err(|e| Failure::Error(anyhow::anyhow!("--wit {}: {e}", dir.display())))?;
    }
    let asset_root = match args.describe.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let out_dir = args.out.clone().unwrap_or_else(|| PathBuf::from("."));
    let packed = gtdx_build::pack(
        &PackInput {
            wasm: &args.wasm,
            describe: &args.describe,
            asset_root: &asset_root,
            package_name: None,
            out_dir: &out_dir,
            write_back: false,
            known_worlds: Some(&worlds),
        },
        reporter,
    )?;
    reporter.done(&packed.path);
    Ok(())
}
