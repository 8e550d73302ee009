//! Step 1–2 of a build: describe.json generated from the sources and linted, or, when nothing
//! the step reads has changed, taken from the last build's record.

use std::collections::BTreeMap;
use std::path::PathBuf;

use gtdx_build::{Event, Packed};
use gtdx_contract::{Diagnostic, Severity};

use super::previous::Previous;
use super::record::{self, Hash, Record};
use super::{BuildError, BuildOptions};
use crate::describe::{Linted, generate_and_lint};

/// describe.json as the build goes on with it, and what the step read.
pub(super) struct Described {
    /// describe.json as the user refers to it, and its absolute path.
    pub file: String,
    pub path: PathBuf,
    /// Whether regenerating it changed its bytes.
    pub changed: bool,
    /// The generator's warnings and the lint's report.
    pub diagnostics: Vec<Diagnostic>,
    pub manifest_path: PathBuf,
    pub package: String,
    pub version: String,
    /// The step's inputs, as they were before it read them.
    pub inputs: BTreeMap<PathBuf, Hash>,
    /// What the lint and the pack read besides describe.json ([`record::asset_roots`]), and
    /// the state of the files under them when the lint read them.
    pub trees: Vec<PathBuf>,
    pub trees_before: BTreeMap<PathBuf, Hash>,
}

impl Described {
    /// The step as the last build ran it (its inputs are unchanged).
    pub(super) fn recorded(r: &Record) -> Described {
        Described {
            file: r.describe_file.clone(),
            path: r.describe_path.clone(),
            changed: false,
            diagnostics: r.describe_diagnostics.clone(),
            manifest_path: r.manifest_path.clone(),
            package: r.package.clone(),
            version: r.version.clone(),
            inputs: r.inputs.clone(),
            trees: r.trees.clone(),
            trees_before: r.tree_files.clone(),
        }
    }

    /// The step run: describe.json from the sources (with `cargo metadata`), linted with the
    /// package's files beside it, written when its bytes change. Lint errors stop the build.
    pub(super) fn generate(
        options: &BuildOptions,
        previous: Option<&Previous>,
    ) -> Result<Described, BuildError> {
        // Hashed before the engine reads them: the files it is likely to read (the last
        // build's inputs, Cargo.toml files, everything under src/) and what the lint reads.
        let manifest = std::fs::canonicalize(&options.manifest_path)
            .unwrap_or_else(|_| options.manifest_path.clone());
        let root = manifest.parent().map(PathBuf::from).unwrap_or_default();
        let mut likely = vec![manifest.clone()];
        likely.extend(record::workspace_manifests(&root));
        likely.extend(record::files_under(&[root.join("src")]));
        if let Some(p) = previous {
            likely.extend(p.record.inputs.keys().cloned());
        }
        let before: BTreeMap<PathBuf, Hash> = likely
            .into_iter()
            .map(|p| {
                let h = record::hash_file(&p);
                (p, h)
            })
            .collect();
        let lint_trees = [
            root.join(gtdx_build::assemble::ASSETS_DIR),
            root.join("wit"),
        ];
        let trees_before = record::hash_trees(&lint_trees);

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
        let pkg = &generated.package;
        let mut inputs = generated.inputs.clone();
        inputs.extend(record::workspace_manifests(&pkg.root));
        Ok(Described {
            file,
            path: pkg.describe_path(),
            changed: written == gtdx_describe::Written::Written,
            diagnostics,
            manifest_path: pkg.manifest_path.clone(),
            package: pkg.name.clone(),
            version: pkg.version.clone(),
            inputs: record::states_of(&inputs, &before),
            trees: record::asset_roots(&pkg.root, &generated.describe),
            trees_before,
        })
    }

    /// The record of a build that went on from this step to `packed`.
    pub(super) fn into_record(
        self,
        options: &BuildOptions,
        out_dir: PathBuf,
        tree_files: BTreeMap<PathBuf, Hash>,
        checked: Event,
        packed: Packed,
    ) -> Record {
        Record {
            tool: record::tool_id(),
            manifest_path: self.manifest_path,
            profile: options.profile.as_str().to_string(),
            cwd: std::env::current_dir().unwrap_or_default(),
            out_dir,
            package: self.package,
            version: self.version,
            describe_path: self.path,
            describe_file: self.file,
            describe_diagnostics: self.diagnostics,
            inputs: self.inputs,
            trees: self.trees,
            tree_files,
            checked,
            packed,
        }
    }
}
