//! What can go wrong, each rendered as one paragraph naming the place and the fix.

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem located in a Rust source file (or a file it points at).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError {
    /// The file, as it should be shown (relative to the current directory when below it).
    pub file: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}

impl SourceError {
    pub fn new(file: &Path, span: proc_macro2::Span, message: impl Into<String>) -> Self {
        let start = span.start();
        SourceError {
            file: display_path(file),
            line: start.line.max(1),
            column: start.column + 1,
            message: message.into(),
            help: None,
        }
    }

    /// An error about a whole file (line 1, column 1).
    pub fn file(file: &Path, message: impl Into<String>) -> Self {
        SourceError {
            file: display_path(file),
            line: 1,
            column: 1,
            message: message.into(),
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column`.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)?;
        if let Some(h) = &self.help {
            write!(f, "\n  help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SourceError {}

/// Everything `gtdx describe` can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// One or more problems in the crate's sources; all of them are reported at once.
    #[error("{}", render_all(.0))]
    Sources(Vec<SourceError>),
    /// A problem in `Cargo.toml` (usually in `[package.metadata.gtdx]`).
    #[error("{}: {message}\n  help: {help}", path.display())]
    Manifest {
        path: PathBuf,
        message: String,
        help: String,
    },
    /// `cargo metadata` could not read the package.
    #[error("cannot read the package at {}: {message}", path.display())]
    Package { path: PathBuf, message: String },
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    /// describe.json on disk cannot be read as text (`gtdx_contract::json`'s refusals).
    #[error(transparent)]
    Load(#[from] gtdx_contract::json::LoadError),
}

impl From<SourceError> for Error {
    fn from(e: SourceError) -> Self {
        Error::Sources(vec![e])
    }
}

impl Error {
    pub(crate) fn manifest(
        path: &Path,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        Error::Manifest {
            path: display_path(path),
            message: message.into(),
            help: help.into(),
        }
    }
}

fn render_all(errors: &[SourceError]) -> String {
    let mut s = String::new();
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            s.push_str("\n\n");
        }
        s.push_str(&e.to_string());
    }
    if errors.len() > 1 {
        s.push_str(&format!(
            "\n\n{} found",
            gtdx_contract::text::count(errors.len(), "problem", "problems")
        ));
    }
    s
}

pub use gtdx_fsx::display_path;
