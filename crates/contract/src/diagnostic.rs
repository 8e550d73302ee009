//! One shape for every finding gtdx reports: validate errors, lint rules, describe warnings.
//!
//! Rendering lives with the CLI; this is only the data, so library crates can produce it and the
//! CLI can print it as human text or JSON lines.

use serde::{Deserialize, Serialize};

use crate::Code;
use crate::text::Untrusted;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A single finding, located in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Stable code, e.g. `E_EXPORT_FORM` or `W_CAPABILITIES_ABSENT`.
    pub code: String,
    pub severity: Severity,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The file the finding is in.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// RFC 6901 JSON pointer into the document, when the finding is about a JSON value.
    pub pointer: Option<String>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A finding under a declared code (its severity is the code's).
    pub fn new(code: Code, file: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            code: code.id.to_string(),
            severity: code.severity,
            message: message.into(),
            file: file.into(),
            line: None,
            column: None,
            pointer: None,
            help: None,
        }
    }

    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    pub fn pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column`, or as much of it as is known.
    pub fn location(&self) -> String {
        match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (Some(l), None) => format!("{}:{l}", self.file),
            _ => self.file.clone(),
        }
    }

    /// The one-paragraph human form: `file:line:col: severity[CODE]: message (at pointer)`
    /// followed by `help: ...` when there is help. Messages quote what a manifest says, so
    /// every part is shown [`Untrusted`] (a control or bidi character in a tool's name is
    /// escaped, never sent to the terminal).
    pub fn render_human(&self) -> String {
        let mut s = format!(
            "{}: {}[{}]: {}",
            Untrusted(&self.location()),
            self.severity,
            self.code,
            Untrusted(&self.message)
        );
        if let Some(p) = &self.pointer {
            s.push_str(&format!(
                " (at {})",
                Untrusted(if p.is_empty() { "/" } else { p })
            ));
        }
        if let Some(h) = &self.help {
            s.push_str("\n  help: ");
            s.push_str(&crate::text::escape(h));
        }
        s
    }
}

/// Escapes one reference token of a JSON pointer (RFC 6901).
pub fn escape_pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
