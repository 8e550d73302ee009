//! `gtdx build`: from an extension's sources to a checked `.gtxpack`.
//!
//! 1. describe.json from the sources, linted ([`crate::describe`]'s first step); lint errors
//!    stop the build before anything is compiled or written;
//! 2. describe.json written (only when its bytes change);
//! 3. `cargo build --target wasm32-wasip2` ([`gtdx_build::compile`]);
//! 4. the component checked against describe.json, its digest written back, and packed
//!    ([`gtdx_build::pack`]), with the package's own WIT worlds known to the check.

use std::path::{Path, PathBuf};

use gtdx_build::{CompileOptions, KnownWorlds, PackInput, Project};
use gtdx_contract::{Diagnostic, Severity};

use crate::describe::{DescribeError, Linted, generate_and_lint};
use crate::progress::{Event, Progress, Recorder, build_error_diagnostics};

pub use gtdx_build::{Packed, Profile};

/// `gtdx build [--manifest-path] [--release | --debug] [--out DIR]`
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The extension's Cargo.toml.
    pub manifest_path: PathBuf,
    pub profile: Profile,
    /// Directory for the .gtxpack (default: `<cargo target dir>/gtdx`).
    pub out_dir: Option<PathBuf>,
    /// Ask cargo for coloured compiler messages (they pass through to the caller's sink).
    pub color: bool,
    /// Estimate the number of units beside the build, for a progress bar's total.
    pub estimate_total: bool,
    /// Build with Cargo.lock as it is (`cargo build --locked`).
    pub locked: bool,
}

/// A written pack and everything found on the way that did not stop it.
#[derive(Debug, Clone)]
pub struct BuildOutcome {
    pub packed: Packed,
    /// describe.json as the user refers to it.
    pub describe_file: String,
    /// Whether regenerating describe.json changed its bytes.
    pub describe_changed: bool,
    /// Warnings and infos about the sources, the generated manifest and the component.
    pub diagnostics: Vec<Diagnostic>,
}

/// Why a build stopped.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Describe(#[from] DescribeError),
    /// The generated manifest has lint errors: nothing was compiled.
    #[error(
        "the manifest generated for {file} has lint errors (above); fix them in the sources or \
         Cargo.toml. No pack was written"
    )]
    Findings {
        file: String,
        diagnostics: Vec<Diagnostic>,
    },
    /// Compiling, checking or packing failed.
    #[error(transparent)]
    Build(#[from] gtdx_build::BuildError),
}

impl From<gtdx_describe::Error> for BuildError {
    fn from(e: gtdx_describe::Error) -> Self {
        BuildError::Describe(e.into())
    }
}

impl BuildError {
    /// The structured findings behind the failure (lint errors, or the component check's),
    /// empty when it is not about findings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            BuildError::Findings { diagnostics, .. } => diagnostics,
            BuildError::Build(e) => build_error_diagnostics(e),
            BuildError::Describe(_) => &[],
        }
    }
}

/// Runs the whole build, reporting each step to `progress`.
pub fn build(
    options: &BuildOptions,
    progress: &mut dyn Progress,
) -> Result<BuildOutcome, BuildError> {
    let mut progress = Recorder::new(progress);
    let Linted {
        generated,
        file,
        lint,
    } = generate_and_lint(&options.manifest_path)?;
    let mut diagnostics = generated.warnings.clone();
    diagnostics.extend(lint.diagnostics);
    if diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(BuildError::Findings { file, diagnostics });
    }
    let written = gtdx_describe::write(&generated)?;
    let describe_changed = written == gtdx_describe::Written::Written;
    progress.emit(&Event::Described {
        path: file.clone(),
        changed: describe_changed,
        warnings: diagnostics.clone(),
    });

    let pkg = &generated.package;
    let project = Project::new(&pkg.manifest_path, &pkg.name, &pkg.version);
    let compiled = gtdx_build::compile(
        &project,
        &CompileOptions {
            profile: options.profile,
            color: options.color,
            estimate_total: options.estimate_total,
            locked: options.locked,
        },
        &mut progress,
    )?;

    let mut worlds = KnownWorlds::builtin();
    if let Some(dir) = project.wit_dir() {
        // WIT that does not parse has already been reported by the compiler.
        let _ = worlds.add_dir(&dir);
    }
    let out_dir = options
        .out_dir
        .clone()
        .unwrap_or_else(|| compiled.default_out_dir());
    let packed = gtdx_build::pack(
        &PackInput {
            wasm: &compiled.wasm,
            describe: Path::new(&file),
            asset_root: &project.package_root,
            package_name: Some(&project.package_name),
            out_dir: &out_dir,
            write_back: true,
            known_worlds: Some(&worlds),
        },
        &mut progress,
    )?;
    diagnostics.append(&mut progress.check_warnings);
    Ok(BuildOutcome {
        packed,
        describe_file: file,
        describe_changed,
        diagnostics,
    })
}
