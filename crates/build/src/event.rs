//! What a build reports while it runs.
//!
//! The library never prints: it hands [`Event`]s and cargo's stderr lines to a [`Progress`]
//! sink. The CLI renders them as a progress bar, as plain lines, or (`--format json`)
//! as one JSON object per line, `{"event": "<kind>", ...}`.

use gtdx_contract::Diagnostic;
use serde::{Deserialize, Serialize};

/// One step of `gtdx build` / `gtdx pack`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// describe.json was regenerated from the sources.
    Described {
        path: String,
        /// Whether the file's bytes changed.
        changed: bool,
        /// Findings about the generated manifest (warnings only: errors stop the build).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        warnings: Vec<Diagnostic>,
    },
    /// cargo is about to run.
    Started {
        package: String,
        version: String,
        manifest_path: String,
        target: String,
        profile: String,
    },
    /// cargo finished a unit (compiled it, or found it fresh).
    Compiled {
        #[serde(rename = "crate")]
        crate_name: String,
        version: String,
        /// `lib`, `proc-macro`, `cdylib`, `build-script`, `build-script-run`, ...
        kind: String,
        /// Whether cargo found it already up to date.
        fresh: bool,
        /// Units done so far, this one included.
        done: usize,
        /// Estimated total (never below `done`), when an estimate was asked for and is known.
        #[serde(skip_serializing_if = "Option::is_none")]
        total: Option<usize>,
    },
    /// The component cargo produced (or the one handed to `gtdx pack`).
    Artifact {
        path: String,
        size: u64,
        sha256: String,
    },
    /// The component passed the checks against describe.json.
    Checked {
        component: String,
        world: String,
        /// Tools whose export was verified.
        tools: Vec<String>,
        /// What the component exports.
        exports: Vec<String>,
        /// Whether describe.json on disk was rewritten (its sha256 fields changed).
        describe_updated: bool,
        /// Findings that do not stop the pack (e.g. a world gtdx cannot resolve).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        warnings: Vec<Diagnostic>,
    },
    /// The pack was written.
    Packed {
        path: String,
        size: u64,
        sha256: String,
        #[serde(rename = "manifestSha256")]
        manifest_sha256: String,
        /// Every file of the pack, describe.json and manifest.json included.
        entries: usize,
        /// The pack was already there and up to date: nothing it is made of changed since the
        /// build that wrote it, so it was not written again.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fresh: bool,
    },
    /// The build stopped.
    Error {
        message: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        diagnostics: Vec<Diagnostic>,
    },
}

/// Where a build reports to.
pub trait Progress {
    /// A step happened.
    fn event(&mut self, event: &Event);
    /// One line cargo (or rustc, through cargo) wrote to stderr: rendered compiler diagnostics
    /// and cargo's own errors. Pass it through untouched.
    fn cargo_stderr(&mut self, line: &str);
}

/// A sink that drops everything (library callers that only want the result).
pub struct Silent;

impl Progress for Silent {
    fn event(&mut self, _: &Event) {}
    fn cargo_stderr(&mut self, _: &str) {}
}
