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
    /// The declared code (`E_WORKER_ALLOW_UNKNOWN`, `E_WORKER_TOOL_COLLISION`, ...).
    pub code: gtdx_contract::Code,
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

impl RefusedPack {
    /// What was refused and why, without the place (a diagnostic carries the place itself).
    fn what(&self) -> String {
        let mut s = format!("pack {} refused: {}", self.pack.display(), self.message);
        if matches!(self.refusal, Refusal::Unsigned | Refusal::Untrusted) {
            s.push_str(
                "; trust its signer with --trusted-key/--trusted-keys, sign it with `gtdx sign`, \
                 or pass --allow-unsigned to include it marked as untrusted",
            );
        }
        s
    }
}

impl fmt::Display for RefusedPack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.what())
    }
}

/// Why `gtdx worker build` produced no manifest.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{place}: cannot use pack {}: {message}", gtdx_contract::urls::without_credentials(&pack.display().to_string()))]
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

impl Place {
    /// A finding at this place. A list-element label (`tools[2]`) becomes the JSON pointer
    /// (`/tools/2`) of the same element in the spec's data; any other label joins the message.
    fn diagnostic(
        &self,
        code: gtdx_contract::Code,
        message: &str,
        help: Option<&str>,
    ) -> gtdx_contract::Diagnostic {
        let pointer = self.label.as_deref().and_then(element_pointer);
        let message = match (&self.label, &pointer) {
            (Some(label), None) => format!("{label}: {message}"),
            _ => message.to_string(),
        };
        let mut d = gtdx_contract::Diagnostic::new(code, self.file.display().to_string(), message);
        if let Some(line) = self.line {
            d = d.at(line, self.column.unwrap_or(1));
        }
        if let Some(p) = pointer {
            d = d.pointer(p);
        }
        if let Some(h) = help {
            d = d.help(h);
        }
        d
    }
}

/// `tools[2]` as `/tools/2`; `None` for any other label.
fn element_pointer(label: &str) -> Option<String> {
    let (name, rest) = label.split_once('[')?;
    let index = rest.strip_suffix(']')?;
    let valid = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !index.is_empty()
        && index.chars().all(|c| c.is_ascii_digit());
    valid.then(|| format!("/{name}/{index}"))
}

impl BuildError {
    /// The failure as findings, one per problem or refused pack, each at its place in the spec
    /// (for `--format json` and for rendering with the spec's source line); empty for failures
    /// that are not about the spec or its packs (signing, I/O).
    pub fn diagnostics(&self) -> Vec<gtdx_contract::Diagnostic> {
        use gtdx_contract::codes;
        match self {
            BuildError::Spec(SpecError::Invalid {
                place,
                message,
                help,
            }) => vec![place.diagnostic(codes::E_WORKER_SPEC, message, help.as_deref())],
            BuildError::Spec(SpecError::UnknownFormat { path }) => {
                vec![Place::file(path).diagnostic(
                    codes::E_WORKER_SPEC,
                    "cannot tell the spec format from the file name",
                    Some("name it `.toml`, `.yaml`/`.yml` or `.json`"),
                )]
            }
            BuildError::Spec(SpecError::Io(_)) => Vec::new(),
            BuildError::Pack {
                place,
                pack,
                message,
            } => vec![place.diagnostic(
                codes::E_WORKER_PACK,
                &format!(
                    "cannot use pack {}: {message}",
                    gtdx_contract::urls::without_credentials(&pack.display().to_string())
                ),
                None,
            )],
            BuildError::Refused { refused } => refused
                .iter()
                .map(|r| {
                    r.place
                        .diagnostic(codes::E_WORKER_PACK_REFUSED, &r.what(), None)
                })
                .collect(),
            BuildError::Selection { problems } => problems
                .iter()
                .map(|p| p.place.diagnostic(p.code, &p.message, p.help.as_deref()))
                .collect(),
            BuildError::Sign(_) | BuildError::Usage { .. } | BuildError::Io(_) => Vec::new(),
        }
    }

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
