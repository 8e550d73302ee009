//! The last build of the same package into the same place, and what of it still holds.

use std::path::Path;

use gtdx_build::Event;

use super::record::{self, Record};
use super::{BuildOptions, BuildOutcome};
use crate::progress::Recorder;

/// A record of an earlier build of this package, with this gtdx, profile and directory.
pub(super) struct Previous {
    pub record: Record,
    /// Nothing the describe step reads has changed (sources, Cargo.toml files, describe.json,
    /// the files the lint reads): it would generate the same describe.json and report the same.
    pub describe_fresh: bool,
}

impl Previous {
    /// The record in the output directory (`--out`, else where cargo's would be, guessed), if
    /// one was written by this gtdx for this package and profile from this directory.
    pub(super) fn find(options: &BuildOptions) -> Option<Previous> {
        let manifest = std::fs::canonicalize(&options.manifest_path).ok()?;
        let root = manifest.parent()?;
        let out = match &options.out_dir {
            Some(dir) => gtdx_fsx::absolute_normalized(dir),
            None => record::guess_default_out(root),
        };
        let record = record::load(&record::path(&out, &manifest, options.profile))?;
        let same_build = record.tool == record::tool_id()
            && record.manifest_path == manifest
            && record.profile == options.profile.as_str()
            && std::env::current_dir().is_ok_and(|d| d == record.cwd);
        let describe_fresh = same_build
            && record::unchanged(&record.inputs)
            && record::hash_file(&record.describe_path) == record.packed.describe_sha256
            && record::trees_unchanged(&record.trees, &record.tree_files);
        Some(Previous {
            record,
            describe_fresh,
        })
    }

    /// The recorded outcome, reported again, when the pack step would make the same pack: the
    /// component cargo just built and the pack on disk are the recorded ones, and the pack goes
    /// to the same directory. (The describe step's inputs, describe.json and the assets were
    /// found unchanged already.)
    pub(super) fn reuse_pack(
        &self,
        wasm: &Path,
        out_dir: &Path,
        progress: &mut Recorder<'_>,
    ) -> Option<BuildOutcome> {
        let r = &self.record;
        let component = record::hash_file(wasm);
        let reusable = r.out_dir == out_dir
            && component == r.packed.component_sha256
            && record::hash_file(&r.packed.path) == r.packed.sha256;
        if !reusable {
            return None;
        }
        let size = std::fs::metadata(wasm).map(|m| m.len()).ok()?;
        progress.emit(&Event::Artifact {
            path: wasm.display().to_string(),
            size,
            sha256: component,
        });
        let mut checked = r.checked.clone();
        if let Event::Checked {
            describe_updated, ..
        } = &mut checked
        {
            *describe_updated = false;
        }
        progress.emit(&checked);
        let mut packed = r.packed.clone();
        packed.describe_updated = false;
        progress.emit(&packed.event(true));
        Some(BuildOutcome {
            packed,
            describe_file: r.describe_file.clone(),
            describe_changed: false,
            diagnostics: record::diagnostics(r),
        })
    }
}
