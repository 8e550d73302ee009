//! What can go wrong, each error naming the file and the place in it.

use std::fmt;
use std::path::{Path, PathBuf};

/// A place in a file: `file:line:column`, plus a label such as `tools[2]` when the place is a
/// list element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub label: Option<String>,
}

impl Place {
    pub fn file(path: &Path) -> Self {
        Place {
            file: path.to_path_buf(),
            line: None,
            column: None,
            label: None,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, ":{l}:{c}")?,
            (Some(l), None) => write!(f, ":{l}")?,
            _ => {}
        }
        if let Some(label) = &self.label {
            write!(f, " ({label})")?;
        }
        Ok(())
    }
}

/// The spec could not be read or does not follow the spec format.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error(
        "{}: cannot tell the spec format from the file name; name it `.toml`, `.yaml`/`.yml` or `.json`",
        path.display()
    )]
    UnknownFormat { path: PathBuf },
    #[error(transparent)]
    Io(gtdx_fsx::FsError),
    #[error("{place}: {message}{}", help.as_ref().map(|h| format!("; {h}")).unwrap_or_default())]
    Invalid {
        place: Box<Place>,
        message: String,
        help: Option<String>,
    },
}

/// One problem found while assembling: an allow-list entry or a tool name collision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub place: Place,
    pub message: String,
    pub help: Option<String>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)?;
        if let Some(h) = &self.help {
            write!(f, "; {h}")?;
        }
        Ok(())
    }
}

/// How serious a refusal of a pack is, mirroring `gtdx verify`'s exit codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// Signed with a valid signature by a key that is not trusted.
    Untrusted,
    /// Not signed.
    Unsigned,
    /// The signature or an integrity check failed.
    Invalid,
}

/// A pack `gtdx worker build` will not use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedPack {
    pub place: Place,
    pub pack: PathBuf,
    pub refusal: Refusal,
    pub message: String,
}

impl fmt::Display for RefusedPack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: pack {} refused: {}",
            self.place,
            self.pack.display(),
            self.message
        )?;
        if matches!(self.refusal, Refusal::Unsigned | Refusal::Untrusted) {
            write!(
                f,
                "; trust its signer with --trusted-key/--trusted-keys, sign it with `gtdx sign`, \
                 or pass --allow-unsigned to include it marked as untrusted"
            )?;
        }
        Ok(())
    }
}

/// Why `gtdx worker build` produced no manifest.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{place}: cannot use pack {}: {message}", pack.display())]
    Pack {
        place: Box<Place>,
        pack: PathBuf,
        message: String,
    },
    #[error("{}", join(refused))]
    Refused { refused: Vec<RefusedPack> },
    #[error("{}", join(problems))]
    Selection { problems: Vec<Problem> },
    #[error("cannot sign the manifest: {0}")]
    Sign(String),
    #[error("{message}")]
    Usage { message: String },
    #[error(transparent)]
    Io(#[from] gtdx_fsx::FsError),
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The class of a failure, for the CLI's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureClass {
    /// Bad input or cannot run (exit 2).
    BadInput,
    /// An integrity or signature check failed, or a pack is unsigned (exit 1).
    Findings,
    /// Every refused pack carries a valid signature by an untrusted key (exit 3).
    Untrusted,
}

impl BuildError {
    pub fn class(&self) -> FailureClass {
        match self {
            BuildError::Refused { refused } => {
                if refused.iter().all(|r| r.refusal == Refusal::Untrusted) {
                    FailureClass::Untrusted
                } else {
                    FailureClass::Findings
                }
            }
            _ => FailureClass::BadInput,
        }
    }
}
