//! `gtdx doctor`: why an extension does not build, or why a tool that works is not seen.
//!
//! Two checkups, each a list of [`Finding`]s with the command that fixes a failure:
//!
//! * [`environment`]: the machine and the project: a Rust toolchain recent enough, the
//!   `wasm32-wasip2` standard library, the SDK version the project uses against this gtdx,
//!   signing keys that only their owner can read (and that git does not track), and the
//!   Greentic home: installed extensions that load, a state file that parses.
//! * [`visibility`]: the chain the Designer walks before it offers a tool (the spec's "why a
//!   working tool can still be invisible"): declared, offered on the surface (explicitly or by
//!   the `["flow"]` default), described, installed, enabled in `extensions-state.json`, not
//!   turned off for the tenant, in the tenant's allow-set (failing open without an admin
//!   backend), a Designer that reads v2 and satisfies `compat.min_designer_version`; and, for a
//!   block on the flow canvas, whether a node type exists.
//!
//! The functions read files but never write, and never fail: what cannot be read is a finding.

use serde::Serialize;

pub mod environment;
mod state;
pub mod visibility;

pub use environment::{EnvironmentOptions, environment};
pub use visibility::{AllowSet, Surface, VisibilityOptions, visibility};

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    /// Works, but something is off.
    Warn,
    /// Breaks the build, or hides the tool.
    Fail,
    /// Could not be checked with what was given (the summary says what would check it).
    Skip,
    /// Context, never a problem.
    Info,
}

/// One check's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// A stable id (`toolchain`, `wasm-target`, `enabled`, …) for scripts.
    pub check: &'static str,
    pub status: Status,
    /// What was found, one sentence.
    pub summary: String,
    /// The command or edit that fixes it, for a failure or warning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl Finding {
    pub fn new(check: &'static str, status: Status, summary: impl Into<String>) -> Self {
        Finding {
            check,
            status,
            summary: summary.into(),
            fix: None,
        }
    }

    pub fn pass(check: &'static str, summary: impl Into<String>) -> Self {
        Finding::new(check, Status::Pass, summary)
    }

    pub fn fail(check: &'static str, summary: impl Into<String>, fix: impl Into<String>) -> Self {
        Finding::new(check, Status::Fail, summary).with_fix(fix)
    }

    pub fn warn(check: &'static str, summary: impl Into<String>, fix: impl Into<String>) -> Self {
        Finding::new(check, Status::Warn, summary).with_fix(fix)
    }

    pub fn with_fix(mut self, fix: impl Into<String>) -> Self {
        self.fix = Some(fix.into());
        self
    }
}

/// Whether any finding failed.
pub fn failed(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.status == Status::Fail)
}
