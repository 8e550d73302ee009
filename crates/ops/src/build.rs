//! `gtdx build`: from an extension's sources to a checked `.gtxpack`.
//!
//! 1. describe.json from the sources, linted ([`crate::describe`]'s first step); lint errors
//!    stop the build before anything is compiled or written;
//! 2. describe.json written (only when its bytes change);
//! 3. `cargo build --target wasm32-wasip2` ([`gtdx_build::compile`]);
//! 4. the component checked against describe.json, its digest written back, and packed
//!    ([`gtdx_build::pack`]), with the package's own WIT worlds known to the check.
//!
//! Steps 1–2 and 4 are skipped when nothing they read has changed since the last build of the
//! package into the same output directory, judged by content hash ([`record`]): a warm build
//! with no change costs little more than cargo's own check that the component is up to date.

mod described;
mod previous;
mod record;

use std::path::PathBuf;

use gtdx_build::{CompileOptions, KnownWorlds, PackInput, Project};
use gtdx_contract::Diagnostic;

use crate::describe::DescribeError;
use crate::progress::{Event, Progress, Recorder, build_error_diagnostics};
use described::Described;
use previous::Previous;

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

/// Runs the whole build, reporting each step to `progress`. A step whose inputs are all as the
/// last build of this package into the same place left them (by content: see [`record`]) is not
/// run again; cargo always runs.
pub fn build(
    options: &BuildOptions,
    progress: &mut dyn Progress,
) -> Result<BuildOutcome, BuildError> {
    let mut progress = Recorder::new(progress);
    let previous = Previous::find(options);
    let described = match previous.as_ref().filter(|p| p.describe_fresh) {
        Some(p) => Described::recorded(&p.record),
        None => Described::generate(options, previous.as_ref())?,
    };
    progress.emit(&Event::Described {
        path: described.file.clone(),
        changed: described.changed,
        warnings: described.diagnostics.clone(),
    });

    let project = Project::new(
        &described.manifest_path,
        &described.package,
        &described.version,
    );
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
    let out_dir = gtdx_fsx::absolute_normalized(
        &options
            .out_dir
            .clone()
            .unwrap_or_else(|| compiled.default_out_dir()),
    );
    if let Some(p) = previous.as_ref().filter(|p| p.describe_fresh)
        && let Some(outcome) = p.reuse_pack(&compiled.wasm, &out_dir, &mut progress)
    {
        return Ok(outcome);
    }

    // Hashed before the pack reads them; the lint's share was hashed before it ran.
    let mut tree_files = record::hash_trees(&described.trees);
    tree_files.extend(described.trees_before.clone());
    let mut worlds = KnownWorlds::builtin();
    if let Some(dir) = project.wit_dir() {
        // WIT that does not parse has already been reported by the compiler.
        let _ = worlds.add_dir(&dir);
    }
    let packed = gtdx_build::pack(
        &PackInput {
            wasm: &compiled.wasm,
            describe: &described.path,
            asset_root: &project.package_root,
            package_name: Some(&project.package_name),
            out_dir: &out_dir,
            write_back: true,
            known_worlds: Some(&worlds),
        },
        &mut progress,
    )?;
    let mut diagnostics = described.diagnostics.clone();
    diagnostics.append(&mut progress.check_warnings);
    let outcome = BuildOutcome {
        packed,
        describe_file: described.file.clone(),
        describe_changed: described.changed,
        diagnostics,
    };
    if let Some(checked) = progress.checked.take() {
        let record = described.into_record(
            options,
            out_dir,
            tree_files,
            checked,
            outcome.packed.clone(),
        );
        // Without a record the next build only takes longer.
        let _ = record::save(
            &record::path(&record.out_dir, &record.manifest_path, options.profile),
            &record,
        );
    }
    Ok(outcome)
}
