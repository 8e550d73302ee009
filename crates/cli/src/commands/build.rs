use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gtdx_build::{
    BuildError, CompileOptions, Event, KnownWorlds, PackInput, Profile, Progress, Project,
};
use gtdx_contract::{Diagnostic, Severity};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::exit;
use crate::output::Format;

/// `gtdx build [--manifest-path] [--release | --debug] [--out DIR] [--message-format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension's Cargo.toml.
    #[arg(long, value_name = "PATH", default_value = "Cargo.toml")]
    pub manifest_path: PathBuf,
    /// Build with the release profile (the default).
    #[arg(long, conflicts_with = "debug")]
    pub release: bool,
    /// Build with the dev profile.
    #[arg(long)]
    pub debug: bool,
    /// Directory for the .gtxpack (default: <cargo target dir>/gtdx).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// `human`: progress and status on stderr, the pack's path on stdout. `json`: one JSON event
    /// per line on stdout (started, compiled, artifact, checked, packed, error).
    #[arg(long, value_enum, default_value_t)]
    pub message_format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut reporter = Reporter::new(args.message_format);
    match build(&args, &mut reporter) {
        Ok(code) => Ok(code),
        Err(failure) => Ok(reporter.fail(failure)),
    }
}

/// Why a build stopped: an error, or diagnostics (describe findings) with an exit code.
pub(crate) enum Failure {
    Error(anyhow::Error),
    Findings {
        message: String,
        diagnostics: Vec<Diagnostic>,
        code: u8,
    },
}

impl From<BuildError> for Failure {
    fn from(e: BuildError) -> Self {
        Failure::Error(e.into())
    }
}

fn build(args: &Args, reporter: &mut Reporter) -> Result<ExitCode, Failure> {
    // 1. describe.json from the sources (this also reads the package with cargo metadata).
    let generated =
        gtdx_describe::generate(&args.manifest_path).map_err(|e| Failure::Error(e.into()))?;
    let pkg = &generated.package;
    let project = Project::new(&pkg.manifest_path, &pkg.name, &pkg.version);
    let describe_path = generated.package.describe_path();
    let shown = gtdx_describe::error::display_path(&describe_path)
        .display()
        .to_string();
    let lint = gtdx_lint::check_str(
        &shown,
        &generated.text,
        &gtdx_lint::Options::lint().in_dir(&generated.package.root),
    )
    .map_err(|e| Failure::Error(anyhow::anyhow!("linting the generated manifest: {e}")))?;
    let mut diagnostics = generated.warnings.clone();
    diagnostics.extend(lint.diagnostics.iter().cloned());
    if diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(Failure::Findings {
            message: format!(
                "the manifest generated for {shown} has lint errors (above); fix them in the \
                 sources or Cargo.toml. No pack was written"
            ),
            diagnostics,
            code: exit::FINDINGS,
        });
    }
    let written = gtdx_describe::write(&generated).map_err(|e| Failure::Error(e.into()))?;
    reporter.event(&Event::Described {
        path: shown.clone(),
        changed: written == gtdx_describe::Written::Written,
        warnings: diagnostics,
    });

    // 2. cargo build.
    let profile = if args.debug {
        Profile::Debug
    } else {
        Profile::Release
    };
    let options = CompileOptions {
        profile,
        color: reporter.color(),
        // Only a progress bar needs the total (estimated beside the build, never waited for).
        estimate_total: reporter.shows_bar(),
    };
    let compiled = gtdx_build::compile(&project, &options, reporter)?;

    // 3 and 4. check the component, fill in its digest, pack.
    let mut worlds = KnownWorlds::builtin();
    if let Some(dir) = project.wit_dir() {
        // WIT that does not parse has already been reported by the compiler.
        let _ = worlds.add_dir(&dir);
    }
    let out_dir = args
        .out
        .clone()
        .unwrap_or_else(|| compiled.default_out_dir());
    let packed = gtdx_build::pack(
        &PackInput {
            wasm: &compiled.wasm,
            describe: Path::new(&shown),
            asset_root: &project.package_root,
            package_name: Some(&project.package_name),
            out_dir: &out_dir,
            write_back: true,
            known_worlds: Some(&worlds),
        },
        reporter,
    )?;
    reporter.done(&packed.path);
    Ok(exit::code(exit::OK))
}

/// Renders build events: a progress bar (stderr is a terminal), plain lines (it is not), or
/// JSON lines on stdout.
pub(crate) struct Reporter {
    format: Format,
    tty: bool,
    bar: Option<ProgressBar>,
    verb_width: usize,
    /// The status verb for the component (`Finished` after cargo, `Component` for `gtdx pack`).
    artifact_verb: &'static str,
}

impl Reporter {
    pub(crate) fn new(format: Format) -> Self {
        Reporter {
            format,
            tty: std::io::stderr().is_terminal(),
            bar: None,
            verb_width: 12,
            artifact_verb: "Finished",
        }
    }

    pub(crate) fn for_pack(format: Format) -> Self {
        Reporter {
            artifact_verb: "Component",
            ..Self::new(format)
        }
    }

    fn shows_bar(&self) -> bool {
        self.tty && self.format == Format::Human
    }

    fn color(&self) -> bool {
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

    /// Reports a failure and returns its exit code.
    pub(crate) fn fail(&mut self, failure: Failure) -> ExitCode {
        self.finish_bar();
        let (message, diagnostics, code) = match failure {
            Failure::Error(e) => {
                let code = exit::BAD_INPUT;
                let mut text = e.to_string();
                for cause in e.chain().skip(1) {
                    let cause = cause.to_string();
                    if !text.contains(&cause) {
                        text.push_str(&format!(": {cause}"));
                    }
                }
                (text, Vec::new(), code)
            }
            Failure::Findings {
                message,
                diagnostics,
                code,
            } => (message, diagnostics, code),
        };
        match self.format {
            Format::Json => {
                self.json(&Event::Error {
                    message: message.clone(),
                    diagnostics,
                });
            }
            Format::Human => {
                for d in &diagnostics {
                    self.eprintln(&d.render_human());
                }
            }
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
