//! The events of `gtdx build` and `gtdx pack`: a progress bar (stderr is a terminal), plain
//! status lines (it is not), or one JSON object per line on stdout (`--format json`), and the
//! failure that ends a run, all through the [`Shell`].

use std::path::Path;
use std::process::ExitCode;

use gtdx_ops::Severity;
use gtdx_ops::progress::{Event, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::shell::{Failure, Shell, count, human_size};

/// Renders build and pack events.
pub(crate) struct Reporter<'s> {
    shell: &'s mut Shell,
    bar: Option<ProgressBar>,
    /// The status verb for the component (`Finished` after cargo, `Component` for `gtdx pack`).
    artifact_verb: &'static str,
    /// The packages already shown as `Compiled`: cargo reports one artifact per target (a
    /// build script and a library, a crate built for the host and for wasm), and shows each
    /// package once.
    compiled: std::collections::HashSet<(String, String)>,
}

impl<'s> Reporter<'s> {
    /// For `gtdx build`.
    pub(crate) fn new(shell: &'s mut Shell) -> Self {
        Reporter {
            shell,
            bar: None,
            artifact_verb: "Finished",
            compiled: Default::default(),
        }
    }

    /// For `gtdx pack`.
    pub(crate) fn for_pack(shell: &'s mut Shell) -> Self {
        Reporter {
            artifact_verb: "Component",
            ..Self::new(shell)
        }
    }

    /// Whether a progress bar is drawn (so a total is worth estimating).
    pub(crate) fn shows_bar(&self) -> bool {
        self.shell.err_is_terminal() && !self.shell.is_json()
    }

    /// Whether output on stderr is coloured (cargo's too).
    pub(crate) fn color(&self) -> bool {
        self.shell.err_color()
    }

    /// Prints through the shell, above the progress bar when one is drawn.
    pub(crate) fn with_shell(&mut self, f: impl FnOnce(&mut Shell)) {
        match &self.bar {
            Some(bar) => bar.suspend(|| f(self.shell)),
            None => f(self.shell),
        }
    }

    pub(crate) fn status(&mut self, verb: &str, text: &str) {
        self.with_shell(|sh| sh.status(verb, text));
    }

    pub(crate) fn finish_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            // cargo is done: what it did is the real total.
            bar.set_length(bar.position());
            bar.finish_and_clear();
        }
    }

    /// The human form prints the pack's path on stdout, for scripts.
    pub(crate) fn done(&mut self, pack: &Path) {
        self.finish_bar();
        if !self.shell.is_json() {
            self.shell.print(format_args!("{}\n", pack.display()));
        }
    }

    /// Reports a failure and returns its exit code. In JSON the error event carries the
    /// diagnostics as objects (as `gtdx lint --format json` prints them), whether or not the
    /// message also lists them.
    pub(crate) fn fail(&mut self, failure: Failure) -> ExitCode {
        self.finish_bar();
        self.shell.fail(failure)
    }
}

impl Progress for Reporter<'_> {
    fn event(&mut self, event: &Event) {
        if self.shell.is_json() {
            self.shell.print_json_line(event);
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
                let shown: Vec<_> = warnings
                    .iter()
                    .filter(|d| d.severity >= Severity::Warning)
                    .collect();
                self.with_shell(|sh| sh.diagnostics(shown));
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
                } else if !fresh
                    && kind != "build-script-run"
                    && self.compiled.insert((crate_name.clone(), version.clone()))
                {
                    self.status("Compiled", &format!("{crate_name} v{version}"));
                }
            }
            Event::Artifact { path, size, .. } => {
                self.finish_bar();
                self.status(
                    self.artifact_verb,
                    &format!("{path} ({})", human_size(*size)),
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
                self.with_shell(|sh| sh.diagnostics(warnings));
                let tools = match tools.len() {
                    0 => "no tools".to_string(),
                    n => count(n, "tool", "tools"),
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
                path,
                size,
                sha256,
                fresh,
                ..
            } => {
                let note = if *fresh {
                    ": up to date, nothing it is made of changed"
                } else {
                    ""
                };
                self.status(
                    if *fresh { "Fresh" } else { "Packed" },
                    &format!(
                        "{path} ({}, sha256 {}){note}",
                        human_size(*size),
                        &sha256[..12.min(sha256.len())]
                    ),
                );
            }
            Event::Error { .. } => {}
        }
    }

    fn cargo_stderr(&mut self, line: &str) {
        // Compiler diagnostics pass through untouched (in every format: they go to stderr).
        self.with_shell(|sh| sh.passthrough(line));
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

/// Runs `op` with its progress on stderr for people, and silent under `--format json`, where
/// stdout is one document (`gtdx run`, `gtdx test`) rather than a stream of events.
pub fn quiet_in_json<T>(shell: &mut Shell, op: impl FnOnce(&mut dyn Progress) -> T) -> T {
    if shell.is_json() {
        op(&mut gtdx_ops::progress::Silent)
    } else {
        op(&mut Reporter::new(shell))
    }
}
