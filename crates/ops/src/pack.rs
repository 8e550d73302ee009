//! `gtdx pack`: a component built by any toolchain and its describe.json into a `.gtxpack`,
//! with the same checks as `gtdx build`.
//!
//! Unlike a build, the describe.json given is not modified: the component's digest goes into
//! the packed copy only. Asset paths are relative to describe.json's directory, and the worlds
//! the component is checked against are the ones defined under the WIT directories given.

use std::path::PathBuf;

use gtdx_build::{KnownWorlds, PackInput};
use gtdx_contract::Diagnostic;

use crate::progress::{Progress, Recorder, build_error_diagnostics};

pub use gtdx_build::Packed;

/// `gtdx pack --wasm FILE --describe FILE [--out DIR] [--wit DIR]...`
#[derive(Debug, Clone)]
pub struct PackOptions {
    /// The component.
    pub wasm: PathBuf,
    /// The describe.json to ship with it.
    pub describe: PathBuf,
    /// Directory for the .gtxpack (default: the current directory).
    pub out_dir: Option<PathBuf>,
    /// WIT directories defining the worlds `runtime.components.*.world` names.
    pub wit_dirs: Vec<PathBuf>,
}

/// A written pack and the findings that did not stop it.
#[derive(Debug, Clone)]
pub struct PackOutcome {
    pub packed: Packed,
    pub diagnostics: Vec<Diagnostic>,
}

/// Why nothing was packed.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// A WIT directory does not parse.
    #[error("{}: {message}", dir.display())]
    Wit { dir: PathBuf, message: String },
    /// The component, describe.json or an asset cannot be read, or the check failed.
    #[error(transparent)]
    Build(#[from] gtdx_build::BuildError),
}

impl PackError {
    /// The structured findings behind the failure (the component check's), empty when it is
    /// not about findings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            PackError::Build(e) => build_error_diagnostics(e),
            PackError::Wit { .. } => &[],
        }
    }
}

/// Checks the component against describe.json and writes the pack, reporting to `progress`.
pub fn pack(options: &PackOptions, progress: &mut dyn Progress) -> Result<PackOutcome, PackError> {
    let mut worlds = KnownWorlds::new();
    for dir in &options.wit_dirs {
        worlds.add_dir(dir).map_err(|message| PackError::Wit {
            dir: dir.clone(),
            message,
        })?;
    }
    let asset_root = match options.describe.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let out_dir = options
        .out_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("."));
    let mut progress = Recorder::new(progress);
    let packed = gtdx_build::pack(
        &PackInput {
            wasm: &options.wasm,
            describe: &options.describe,
            asset_root: &asset_root,
            package_name: None,
            out_dir: &out_dir,
            write_back: false,
            known_worlds: Some(&worlds),
        },
        &mut progress,
    )?;
    Ok(PackOutcome {
        packed,
        diagnostics: progress.check_warnings,
    })
}
