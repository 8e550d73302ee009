//! The events of `gtdx build` and `gtdx pack`: a progress bar (stderr is a terminal), plain
//! status lines (it is not), or one JSON object per line on stdout (`--message-format json`),
//! and the failure that ends a run.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use gtdx_ops::progress::{Event, Progress};
use gtdx_ops::{Diagnostic, Severity};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::exit;
use crate::output::Format;

/// Why a run stopped, as it is shown.
pub(crate) struct Failure {
    /// One paragraph (`error: <message>` on stderr, the error event's `message` in JSON).
    pub(crate) message: String,
    /// The structured findings behind it (the error event's `diagnostics` in JSON).
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Whether `message` already lists the diagnostics as text, so a human reader is not
    /// shown them twice.
    pub(crate) listed: bool,
    pub(crate) code: u8,
}

impl Failure {
    /// An error that is not about findings: its message with its causes, bad input.
    pub(crate) fn error(e: &(dyn std::error::Error + 'static)) -> Self {
        Failure::message(crate::output::error_text(e))
    }

    /// A message of the caller's, bad input.
    pub(crate) fn message(message: String) -> Self {
        Failure {
            message,
            diagnostics: Vec::new(),
            listed: false,
            code: exit::BAD_INPUT,
        }
    }

    /// Findings that fail the run: shown one by one, then the message.
    pub(crate) fn findings(message: String, diagnostics: Vec<Diagnostic>) -> Self {
        Failure {
            message,
            diagnostics,
            listed: false,
            code: exit::FINDINGS,
        }
    }

    /// The same failure, carrying the diagnostics its message already lists as text.
    pub(crate) fn listing(mut self, diagnostics: &[Diagnostic]) -> Self {
        self.diagnostics = diagnostics.to_vec();
        self.listed = true;
        self
    }
}

/// Renders build and pack events.
pub(crate) struct Reporter {
    format: Format,
    tty: bool,
    bar: Option<ProgressBar>,
    verb_width: usize,
    /// The status verb for the component (`Finished` after cargo, `Component` for `gtdx pack`).
    artifact_verb: &'static str,
}

impl Reporter {
    /// For `gtdx build`.
    pub(crate) fn new(format: Format) -> Self {
        Reporter {
            format,
            tty: std::io::stderr().is_terminal(),
            bar: None,
            verb_width: 12,
            artifact_verb: "Finished",
        }
    }

    /// For `gtdx pack`.
    pub(crate) fn for_pack(format: Format) -> Self {
        Reporter {
            artifact_verb: "Component",
            ..Self::new(format)
        }
    }

    /// Whether a progress bar is drawn (so a total is worth estimating).
    pub(crate) fn shows_bar(&self) -> bool {
        self.tty && self.format == Format::Human
    }

    /// Whether output on stderr is coloured.
    pub(crate) fn color(&self) -> bool {
        self.tty && std::env::var_os("NO_COLOR").is_none()
    }

    fn status(&mut self, verb: &str, text: &str) {
        let line = if self.color() {
            format!("\x1b[1;32m{verb:>w$}\x1b[0m {text}", w = self.verb_width)
        } else {
            format!("{verb:>w$} {text}", w = self.verb_width)
        };
        self.eprintln(&line);
    }

    fn eprintln(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| {
                let _ = writeln!(std::io::stderr(), "{line}");
            }),
            None => {
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        }
    }

    fn json(&self, value: &impl serde::Serialize) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", serde_json::to_string(value).unwrap_or_default());
    }

    fn finish_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            // cargo is done: what it did is the real total.
            bar.set_length(bar.position());
            bar.finish_and_clear();
        }
    }

    /// The human form prints the pack's path on stdout, for scripts.
    pub(crate) fn done(&mut self, pack: &Path) {
        self.finish_bar();
        if self.format == Format::Human {
            let _ = writeln!(std::io::stdout(), "{}", pack.display());
        }
    }

    /// Reports a failure and returns its exit code. In JSON the error event carries the
    /// diagnostics as objects (as `gtdx lint --format json` prints them), whether or not the
    /// message also lists them.
    pub(crate) fn fail(&mut self, failure: Failure) -> ExitCode {
        self.finish_bar();
        let Failure {
            message,
            diagnostics,
            listed,
            code,
        } = failure;
        match self.format {
            Format::Json => {
                self.json(&Event::Error {
                    message: message.clone(),
                    diagnostics,
                });
            }
            Format::Human if !listed => {
                for d in &diagnostics {
                    self.eprintln(&d.render_human());
                }
            }
            Format::Human => {}
        }
        let _ = writeln!(std::io::stderr(), "error: {message}");
        exit::code(code)
    }
}

impl Progress for Reporter {
    fn event(&mut self, event: &Event) {
        if self.format == Format::Json {
            self.json(event);
            return;
        }
        match event {
            Event::Described {
                path,
                changed,
                warnings,
            } => {
                if *changed {
                    self.status(
                        "Described",
                        &format!("{path} (regenerated from the sources)"),
                    );
                }
                // Infos are for `gtdx describe` and `gtdx lint`; a build shows what needs attention.
                for d in warnings.iter().filter(|d| d.severity >= Severity::Warning) {
                    self.eprintln(&d.render_human());
                }
            }
            Event::Started {
                package,
                version,
                profile,
                target,
                ..
            } => {
                if self.shows_bar() {
                    let bar =
                        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
                    bar.set_style(spinner_style());
                    bar.set_prefix("Building");
                    bar.set_message(format!("{package} v{version}"));
                    bar.enable_steady_tick(std::time::Duration::from_millis(120));
                    self.bar = Some(bar);
                } else {
                    self.status(
                        "Building",
                        &format!("{package} v{version} ({profile}, {target})"),
                    );
                }
            }
            Event::Compiled {
                crate_name,
                version,
                kind,
                fresh,
                done,
                total,
            } => {
                if let Some(bar) = &self.bar {
                    if let Some(t) = total {
                        if bar.length().is_none() {
                            bar.set_style(bar_style());
                        }
                        bar.set_length(*t as u64);
                    }
                    bar.set_position(*done as u64);
                    bar.set_message(crate_name.clone());
                } else if !fresh && kind != "build-script-run" {
                    self.status("Compiled", &format!("{crate_name} v{version}"));
                }
            }
            Event::Artifact { path, size, .. } => {
                self.finish_bar();
                self.status(
                    self.artifact_verb,
                    &format!("{path} ({})", crate::output::human_size(*size)),
                );
            }
            Event::Checked {
                component,
                world,
                tools,
                describe_updated,
                warnings,
                ..
            } => {
                for d in warnings {
                    self.eprintln(&d.render_human());
                }
                let tools = match tools.len() {
                    0 => "no tools".to_string(),
                    1 => "1 tool".to_string(),
                    n => format!("{n} tools"),
                };
                let note = if *describe_updated {
                    "; sha256 written to describe.json"
                } else {
                    ""
                };
                self.status(
                    "Checked",
                    &format!("component `{component}` ({world}): {tools}{note}"),
                );
            }
            Event::Packed {
                path, size, sha256, ..
            } => {
                self.status(
                    "Packed",
                    &format!(
                        "{path} ({}, sha256 {})",
                        crate::output::human_size(*size),
                        &sha256[..12.min(sha256.len())]
                    ),
                );
            }
            Event::Error { .. } => {}
        }
    }

    fn cargo_stderr(&mut self, line: &str) {
        // Compiler diagnostics pass through untouched (in every format: they go to stderr).
        self.eprintln(line);
    }
}

/// Before the total is known: units done and the crate.
fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{prefix:>12.cyan.bold} {spinner} {pos}: {wide_msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
}

/// Once the total is known: a bar of units done against it, and the crate.
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{prefix:>12.cyan.bold} [{bar:27}] {pos}/{len}: {wide_msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}
