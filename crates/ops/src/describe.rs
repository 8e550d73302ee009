//! `gtdx describe`: describe.json from the sources, linted, then written, compared with the file
//! on disk (`--check`), or handed back for printing (`--stdout`).
//!
//! The manifest is always linted as generated, so a manifest the linter rejects never goes
//! unnoticed; `gtdx build` runs the same first step (`generate_and_lint`) before compiling.

use std::path::{Path, PathBuf};

use gtdx_contract::{Diagnostic, Severity};

pub use gtdx_describe::{CheckOutcome, Generated, Written};

/// What to do with the generated manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescribeMode {
    /// Write describe.json next to Cargo.toml (left untouched when already up to date).
    Write,
    /// Write nothing; compare with the file on disk.
    Check,
    /// Write nothing; the caller prints [`Generated::text`].
    Print,
}

/// `gtdx describe [--manifest-path] [--check | --stdout]`
#[derive(Debug, Clone)]
pub struct DescribeOptions {
    /// The extension's Cargo.toml.
    pub manifest_path: PathBuf,
    pub mode: DescribeMode,
}

/// What became of describe.json.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DescribeResult {
    /// [`DescribeMode::Print`]: nothing was written.
    Printed,
    /// [`DescribeMode::Write`]: written, or already up to date.
    Written(Written),
    /// [`DescribeMode::Check`]: how the file on disk compares.
    Checked(CheckOutcome),
}

/// The outcome of `gtdx describe`.
#[derive(Debug)]
pub struct DescribeOutcome {
    /// describe.json as the user refers to it (relative to the working directory when below it).
    pub file: String,
    /// The manifest and what went into it.
    pub generated: Generated,
    pub result: DescribeResult,
    /// Findings about the sources and the generated manifest, infos included; a finding about a
    /// tool names its Rust function too.
    pub diagnostics: Vec<Diagnostic>,
    /// The lint's report, kept with the outcome rather than dropped here, so that a caller
    /// about to exit can skip freeing a large document piece by piece.
    _lint: gtdx_lint::Report,
}

impl DescribeOutcome {
    /// Whether the generated manifest has errors (the command fails, whatever was written).
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Why the manifest could not be generated or linted at all.
#[derive(Debug, thiserror::Error)]
pub enum DescribeError {
    /// The sources or Cargo.toml cannot be described, or describe.json cannot be read/written.
    #[error(transparent)]
    Describe(#[from] gtdx_describe::Error),
    /// The generated text is not a manifest the linter can read (a gtdx bug).
    #[error("linting the generated manifest: {0}")]
    Lint(gtdx_lint::LoadError),
}

/// Generates, lints, then writes, checks or keeps the manifest, as `options.mode` says.
pub fn describe(options: &DescribeOptions) -> Result<DescribeOutcome, DescribeError> {
    let Linted {
        generated,
        file,
        mut lint,
    } = generate_and_lint(&options.manifest_path)?;
    let mut diagnostics = generated.warnings.clone();
    diagnostics.extend(
        std::mem::take(&mut lint.diagnostics)
            .into_iter()
            .map(|d| with_tool_source(d, &generated)),
    );
    let result = match options.mode {
        DescribeMode::Print => DescribeResult::Printed,
        DescribeMode::Check => DescribeResult::Checked(gtdx_describe::check(&generated)?),
        DescribeMode::Write => DescribeResult::Written(gtdx_describe::write(&generated)?),
    };
    Ok(DescribeOutcome {
        file,
        generated,
        result,
        diagnostics,
        _lint: lint,
    })
}

/// A generated manifest and the lint's report on it.
pub(crate) struct Linted {
    pub(crate) generated: Generated,
    /// describe.json as the user refers to it.
    pub(crate) file: String,
    pub(crate) lint: gtdx_lint::Report,
}

/// The first step of `describe` and `build`: the manifest from the sources (this reads the
/// package with `cargo metadata`), linted with the pack's files beside it.
pub(crate) fn generate_and_lint(manifest_path: &Path) -> Result<Linted, DescribeError> {
    let generated = gtdx_describe::generate(manifest_path)?;
    let file = gtdx_describe::error::display_path(&generated.package.describe_path())
        .display()
        .to_string();
    let lint = gtdx_lint::check_str(
        &file,
        &generated.text,
        &gtdx_lint::Options::lint().in_dir(&generated.package.root),
    )
    .map_err(DescribeError::Lint)?;
    Ok(Linted {
        generated,
        file,
        lint,
    })
}

/// Points a finding about `/contributions/tools/N/...` at the tool's Rust function too.
fn with_tool_source(mut d: Diagnostic, generated: &Generated) -> Diagnostic {
    let index = d
        .pointer
        .as_deref()
        .and_then(|p| p.strip_prefix("/contributions/tools/"))
        .and_then(|rest| rest.split('/').next())
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(t) = index.and_then(|i| generated.tools.get(i)) {
        d.message.push_str(&format!(
            " [tool `{}` at {}:{}]",
            t.tool.name,
            gtdx_describe::error::display_path(&t.file).display(),
            t.line
        ));
    }
    d
}
