//! `gtdx lint` and `gtdx validate`: a describe.json checked, and (`lint --manifest-path`) the
//! Rust package beside it scanned for tool definitions built by hand.
//!
//! The scan matters because a v2 runtime never calls `list-tools`: tools that exist only in a
//! hand-written `ToolDefinition` or `list_tools` are invisible, and only the sources show them.
//! Its findings come after the manifest's own. `--explain` is [`crate::explain`].

use std::path::{Path, PathBuf};

pub use gtdx_lint::{BaselineSource, LoadError, Report, greentic_home};

/// Which checks run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Structure only (`gtdx validate`).
    Validate,
    /// Structure, then the lint rules (`gtdx lint`); `publish` adds the publish-time rules.
    Lint { publish: bool },
}

/// `gtdx lint [PATH] [--manifest-path Cargo.toml] [--publish] [--baseline ...]`, and
/// `gtdx validate [PATH]` with [`Rules::Validate`].
#[derive(Debug, Clone)]
pub struct LintOptions {
    /// The manifest [default: describe.json, or the one beside `manifest_path`].
    pub path: Option<PathBuf>,
    /// Also scan this Cargo.toml's package for hand-built tool definitions.
    pub manifest_path: Option<PathBuf>,
    pub rules: Rules,
    /// What removed tools are compared with (lint only).
    pub baseline: BaselineSource,
}

/// Why the manifest could not be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum LintError {
    /// The package given with `manifest_path` cannot be scanned.
    #[error(transparent)]
    Scan(#[from] gtdx_describe::Error),
    /// The manifest cannot be read or is not a JSON object.
    #[error(transparent)]
    Load(#[from] LoadError),
}

/// The manifest checked: which file, from `options.path` and `options.manifest_path`.
pub fn manifest_file(options: &LintOptions) -> PathBuf {
    match (&options.path, &options.manifest_path) {
        (Some(p), _) => p.clone(),
        (None, Some(m)) => m
            .parent()
            .map(|d| d.join("describe.json"))
            .unwrap_or_else(|| PathBuf::from("describe.json")),
        (None, None) => PathBuf::from("describe.json"),
    }
}

/// Scans the sources (when asked), then checks the manifest. The report holds every finding,
/// infos included; [`Report::fails`] says whether the check failed.
pub fn check(options: &LintOptions) -> Result<Report, LintError> {
    let extra = match &options.manifest_path {
        Some(m) => gtdx_describe::trap::scan(m)?,
        None => Vec::new(),
    };
    let mut report = check_file(&manifest_file(options), options)?;
    report.diagnostics.extend(extra);
    Ok(report)
}

fn check_file(path: &Path, options: &LintOptions) -> Result<Report, LoadError> {
    // The files the view rules look for are next to the checked describe.json.
    let lint_options = match options.rules {
        Rules::Validate => gtdx_lint::Options::validate(),
        Rules::Lint { publish } => gtdx_lint::Options {
            lint: true,
            publish,
            package_dir: None,
            baseline: options.baseline.clone(),
        },
    };
    gtdx_lint::check_file(path, &lint_options)
}
