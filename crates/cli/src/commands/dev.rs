//! `gtdx dev`: rebuild and reinstall the extension on every save.

use std::process::ExitCode;
use std::time::Duration;

use gtdx_ops::build::Profile;
use gtdx_ops::dev::{DevEvent, DevOptions, DevRun, DevSink};
use gtdx_ops::progress::{Event, Progress};
use gtdx_ops::run::Input;

use crate::exit;
use crate::render::progress::Reporter;
use crate::shell::{Failure, Shell};

/// `gtdx dev [--once] [--no-install] [--release] [--debounce MS] [--run TOOL --input JSON]
/// [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub manifest: crate::args::ManifestArgs,
    /// Build (and install) once, then exit with the build's status; no watching.
    #[arg(long)]
    pub once: bool,
    /// Build and pack only; do not install into the Greentic home.
    #[arg(long)]
    pub no_install: bool,
    /// Build with the release profile (dev builds are faster to compile).
    #[arg(long)]
    pub release: bool,
    /// Milliseconds the project must stay quiet after a save before the build starts.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub debounce: u64,
    /// After each successful build, call this tool of the new pack (as `gtdx run` does).
    #[arg(long, value_name = "TOOL")]
    pub run: Option<String>,
    /// The input of the --run tool, a JSON object [default: {}].
    #[arg(
        long,
        value_name = "JSON",
        requires = "run",
        conflicts_with = "input_file"
    )]
    pub input: Option<String>,
    /// The input of the --run tool, from a file.
    #[arg(long, value_name = "FILE", requires = "run")]
    pub input_file: Option<std::path::PathBuf>,
    #[command(flatten, next_help_heading = "The host of --run")]
    pub host: crate::args::HostArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    // The home is needed only to install; `--no-install` works without one.
    let home = match args.no_install {
        true => std::path::PathBuf::new(),
        false => gtdx_ops::doctor::greentic_home()?,
    };
    let options = DevOptions {
        manifest_path: args.manifest.manifest_path,
        profile: if args.release {
            Profile::Release
        } else {
            Profile::Debug
        },
        once: args.once,
        install: !args.no_install,
        debounce: Duration::from_millis(args.debounce),
        run: args.run.map(|tool| DevRun {
            tool,
            input: match (args.input, args.input_file) {
                (Some(json), _) => Input::Json(json),
                (None, Some(file)) => Input::File(file),
                (None, None) => Input::Empty,
            },
            host: args.host.inputs(),
        }),
    };
    let json = shell.is_json();
    if !args.once {
        // Ctrl-C ends the loop: the handler removes unfinished files, then this is said.
        gtdx_ops::dev::on_interrupt(move || {
            if json {
                println!("{}", serde_json::json!({"event": "shutdown"}));
            } else {
                eprintln!("    Stopping gtdx dev");
            }
        });
    }
    let mut install = |pack: &std::path::Path| gtdx_ops::dev::install(pack, &home);
    let mut sink = Sink {
        reporter: Reporter::new(shell),
        watching: !args.once,
    };
    match gtdx_ops::dev::dev(&options, &mut sink, &mut install) {
        Ok(true) => Ok(exit::code(exit::OK)),
        Ok(false) => Ok(exit::code(exit::FINDINGS)),
        Err(e) => Ok(sink.reporter.fail(Failure::error(&e))),
    }
}

/// Renders the loop: the build's events as `gtdx build` does, the loop's own as status lines
/// (or JSON lines, one event each).
struct Sink<'s> {
    reporter: Reporter<'s>,
    watching: bool,
}

impl Progress for Sink<'_> {
    fn event(&mut self, event: &Event) {
        self.reporter.event(event);
    }

    fn cargo_stderr(&mut self, line: &str) {
        self.reporter.cargo_stderr(line);
    }
}

impl DevSink for Sink<'_> {
    fn dev_event(&mut self, event: &DevEvent) {
        let watching = self.watching;
        self.reporter.finish_bar();
        self.reporter.with_shell(|sh| {
            if sh.is_json() {
                sh.print_json_line(event);
                return;
            }
            match event {
                DevEvent::Ready { project, watched } if watching => sh.status(
                    "Watching",
                    format_args!("{project} ({}); Ctrl-C stops", watched.join(", ")),
                ),
                DevEvent::ChangeDetected { paths } => {
                    sh.status("Changed", paths.join(", "));
                }
                DevEvent::BuildFailed {
                    message,
                    diagnostics,
                    ..
                } => {
                    sh.diagnostics(diagnostics);
                    sh.error(message);
                }
                DevEvent::InstallOk { id, version, dir } => {
                    sh.status("Installed", format_args!("{id} {version} in {dir}"));
                }
                DevEvent::InstallSkipped { reason } => {
                    sh.status("Skipped", format_args!("install: {reason}"))
                }
                DevEvent::InstallFailed { message } => {
                    sh.error(format_args!("install failed: {message}"))
                }
                DevEvent::RunOk {
                    tool,
                    output,
                    elapsed_ms,
                } => {
                    sh.status("Ran", format_args!("`{tool}` in {elapsed_ms} ms"));
                    let text = serde_json::to_string_pretty(output).unwrap_or_default();
                    sh.print(format!("{text}\n"));
                }
                DevEvent::RunFailed { tool, message } => {
                    sh.error(format_args!("--run `{tool}`: {message}"))
                }
                DevEvent::Idle { last_build_ok } if watching => sh.status(
                    "Waiting",
                    if *last_build_ok {
                        "for changes"
                    } else {
                        "for a fix (the last build failed)"
                    },
                ),
                _ => {}
            }
        });
    }
}
