//! The one output layer every command prints through, like cargo's `Shell`.
//!
//! What goes where is decided here, once:
//! * **stdout** holds the result: the human report, or with `--format json` exactly one JSON
//!   document (or one event per line for `build` and `pack`) and nothing else, so it can be
//!   piped into `jq` whatever happens;
//! * **stderr** holds the conversation: status lines (`   Verb text`, as cargo aligns them),
//!   warnings, findings with their source excerpt, and the `error:` paragraph that ends a
//!   failed run (also in JSON mode, for the person reading a CI log);
//! * a failure in JSON mode is an `{"event":"error","message":…,"diagnostics":[…]}` object on
//!   stdout, the same shape `build` and `pack` already stream, for every command;
//! * colour follows `--color`, then `NO_COLOR`, then whether the stream is a terminal.
//!
//! A closed pipe (`gtdx inspect x | head`) is never an error: writes ignore it.
//!
//! Nothing a pack, a registry or a manifest says reaches the terminal as a command: renderers
//! format such values as [`Untrusted`] (every control, bidi and invisible character escaped,
//! line breaks too), and every human line the shell prints passes through
//! [`escape_keep_lines`] as well, so a value a renderer missed still cannot move the cursor,
//! clear a line or reorder text. Only the shell's own colours, another tool's passthrough
//! lines and documents ([`Shell::print_document`]) are written as they are.

use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use gtdx_ops::Diagnostic;
use gtdx_ops::progress::Event;
pub use gtdx_ops::{Untrusted, escape_keep_lines, join_untrusted};

use crate::exit;
use crate::render::snippet::{self, Sources};

/// `--format`: for people, or for machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Format {
    #[default]
    Human,
    Json,
}

/// When to colour output (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Color {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether a stream that is (or is not) a terminal gets colour.
    fn enabled(self, terminal: bool) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && terminal,
        }
    }
}

/// Width of the right-aligned verb of a status line (cargo's).
const VERB_WIDTH: usize = 12;

/// Where and how a command prints. Made once in `main` and handed to the command.
pub struct Shell {
    format: Format,
    out_color: bool,
    err_color: bool,
    err_terminal: bool,
    /// Files findings point into, read once for their excerpts.
    sources: Sources,
}

impl Shell {
    pub fn new(color: Color, format: Format) -> Shell {
        let err_terminal = std::io::stderr().is_terminal();
        Shell {
            format,
            out_color: color.enabled(std::io::stdout().is_terminal()),
            err_color: color.enabled(err_terminal),
            err_terminal,
            sources: Sources::default(),
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn is_json(&self) -> bool {
        self.format == Format::Json
    }

    /// Whether stderr gets colour (also passed to cargo).
    pub fn err_color(&self) -> bool {
        self.err_color
    }

    /// Whether stderr is a terminal a person watches (so a progress bar or a prompt is useful).
    pub fn err_is_terminal(&self) -> bool {
        self.err_terminal
    }

    /// `   Verb text` on stderr, the verb right-aligned and green; nothing in JSON mode.
    pub fn status(&mut self, verb: &str, text: impl Display) {
        if self.is_json() {
            return;
        }
        let text = text.to_string();
        let text = escape_keep_lines(&text);
        let line = if self.err_color {
            format!("\x1b[1;32m{verb:>VERB_WIDTH$}\x1b[0m {text}")
        } else {
            format!("{verb:>VERB_WIDTH$} {text}")
        };
        self.err_line(&line);
    }

    /// A plain line on stderr (a result said in words, such as `wrote describe.json`); nothing
    /// in JSON mode.
    pub fn note(&mut self, text: impl Display) {
        if !self.is_json() {
            self.err_line(&escape_keep_lines(&text.to_string()));
        }
    }

    /// `warning: text` on stderr, in every format (stdout stays clean).
    pub fn warn(&mut self, text: impl Display) {
        let label = self.label("warning", "1;33");
        let text = text.to_string();
        self.err_line(&format!("{label}: {}", escape_keep_lines(&text)));
    }

    /// Findings on stderr, each with its source line and a caret when the file can be read.
    /// In JSON mode the command's document carries them instead.
    pub fn diagnostics<'d>(&mut self, diagnostics: impl IntoIterator<Item = &'d Diagnostic>) {
        if self.is_json() {
            return;
        }
        for d in diagnostics {
            let text = snippet::render(d, &mut self.sources, self.err_color);
            // A finding with its excerpt is followed by a blank line, as rustc separates them.
            let gap = if text.contains('\n') { "\n" } else { "" };
            self.err_line(&format!("{text}{gap}"));
        }
    }

    /// Findings on stdout (the report of `lint` and `validate`), separated by blank lines.
    pub fn report_diagnostics<'d>(
        &mut self,
        diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    ) {
        let mut out = std::io::stdout().lock();
        for d in diagnostics {
            let text = snippet::render(d, &mut self.sources, self.out_color);
            let _ = writeln!(out, "{text}\n");
        }
    }

    /// A line of another tool's output (cargo's compiler messages) on stderr, untouched, in
    /// every format.
    pub fn passthrough(&mut self, line: &str) {
        self.err_line(line);
    }

    /// Human output on stdout (a report), its lines kept and anything else that would act on
    /// a terminal escaped.
    pub fn print(&mut self, text: impl Display) {
        let text = text.to_string();
        let _ = write!(std::io::stdout().lock(), "{}", escape_keep_lines(&text));
    }

    /// A document on stdout exactly as given (a generated describe.json, a key file), for a
    /// file or another program to read.
    pub fn print_document(&mut self, text: impl Display) {
        let _ = write!(std::io::stdout().lock(), "{text}");
    }

    /// One pretty-printed JSON document on stdout.
    pub fn print_json(&mut self, value: &impl serde::Serialize) {
        // Streamed through a buffer rather than built as one string: a report can be megabytes
        // (`gtdx dynamic admit` of ten thousand descriptors writes about 9 MB).
        let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
        if serde_json::to_writer_pretty(&mut out, value).is_ok() {
            let _ = writeln!(out);
        }
        let _ = out.flush();
    }

    /// One JSON object on one line of stdout (an event of `build` or `pack`).
    pub fn print_json_line(&mut self, value: &impl serde::Serialize) {
        let text = serde_json::to_string(value).unwrap_or_default();
        let _ = writeln!(std::io::stdout().lock(), "{text}");
    }

    /// Ends a failed run: in JSON mode the error event on stdout; in human mode the findings;
    /// always the `error:` paragraph on stderr.
    /// Returns the failure's exit code.
    pub fn fail(&mut self, failure: Failure) -> ExitCode {
        let Failure {
            message,
            diagnostics,
            code,
        } = failure;
        // A secret key passed where a file or variable name belongs is never echoed.
        let message = gtdx_ops::keys::redact_key_material(&message).into_owned();
        if self.is_json() {
            self.print_json_line(&Event::Error {
                message: message.clone(),
                diagnostics,
            });
        } else {
            self.diagnostics(&diagnostics);
        }
        self.error(&message);
        exit::code(code)
    }

    /// `error: text` on stderr only, for a command whose stdout already says it failed in its
    /// own format (the report of `lint`, a SARIF log).
    pub fn error(&mut self, text: impl Display) {
        let label = self.label("error", "1;31");
        let text = text.to_string();
        let text = gtdx_ops::keys::redact_key_material(&text);
        self.err_line(&format!("{label}: {}", escape_keep_lines(&text)));
    }

    fn label(&self, word: &str, style: &str) -> String {
        if self.err_color {
            format!("\x1b[{style}m{word}\x1b[0m")
        } else {
            word.to_string()
        }
    }

    fn err_line(&self, line: &str) {
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }
}

/// Why a run stopped, as it is shown: one paragraph, the findings behind it, the exit code.
#[derive(Debug)]
pub struct Failure {
    /// One paragraph (`error: <message>` on stderr, the error event's `message` in JSON).
    pub message: String,
    /// The structured findings behind it (the error event's `diagnostics` in JSON).
    pub diagnostics: Vec<Diagnostic>,
    pub code: u8,
}

impl Failure {
    /// An error that is not about findings: its message with its causes, bad input.
    pub fn error(e: &(dyn std::error::Error + 'static)) -> Self {
        Failure::message(error_text(e))
    }

    /// A message of the caller's, bad input.
    pub fn message(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            diagnostics: Vec::new(),
            code: exit::BAD_INPUT,
        }
    }

    /// Findings that fail the run (exit 1): shown one by one, then the message.
    pub fn findings(message: impl Into<String>, diagnostics: Vec<Diagnostic>) -> Self {
        Failure {
            message: message.into(),
            diagnostics,
            code: exit::FINDINGS,
        }
    }

    /// The same failure, shown with these findings before its message.
    pub fn with(mut self, diagnostics: Vec<Diagnostic>) -> Self {
        self.diagnostics = diagnostics;
        self
    }

    /// The same failure with another exit code.
    pub fn code(mut self, code: u8) -> Self {
        self.code = code;
        self
    }
}

/// An error and its causes as one paragraph (defined once, in gtdx-ops, which reports them too).
pub use gtdx_ops::error_text;

/// A byte count as people read it: `512 B`, `3.4 KiB`, `12.0 MiB`.
pub fn human_size(n: u64) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64)
    } else if n >= 1 << 10 {
        format!("{:.1} KiB", n as f64 / 1024.0)
    } else {
        format!("{n} B")
    }
}

/// `n thing` or `n things`: one rule for every crate, in `gtdx-contract`.
pub use gtdx_ops::count;
