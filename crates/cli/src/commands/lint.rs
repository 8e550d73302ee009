//! `gtdx lint [PATH]`: validation, then the lint rules (see `gtdx-lint`), printed.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_lint::{BaselineSource, LoadError, Options, Report};

use crate::exit;
use crate::output::Format;

/// `gtdx lint [PATH] [--deny-warnings] [--publish] [--verbose] [--format human|json] [--explain CODE]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The manifest to check [default: describe.json, or the one beside --manifest-path].
    pub path: Option<PathBuf>,
    /// Fail (exit code 1) on warnings as well as errors.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Also run the publish-time rules (placeholder digests, plain-http network patterns,
    /// exact versions of offered capabilities).
    #[arg(long)]
    pub publish: bool,
    /// Output format: one paragraph per finding, or one JSON document.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Also show info notes (what the runtime will assume, hints). They never fail a lint and
    /// are hidden by default; the summary says how many there are.
    #[arg(short, long)]
    pub verbose: bool,
    /// Print the long explanation of a rule code (e.g. E_EXPORT_FORM) and exit.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    /// Also scan the Rust package of this Cargo.toml for tool definitions built by hand (a
    /// `ToolDefinition` value, a hand-written `list_tools`/`invoke_tool`): a v2 runtime never
    /// calls list-tools, so tools that exist only there are invisible.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// What to compare with for removed tools, node types and offered capabilities
    /// (W_DESCRIBE_DIFF_BREAKING): `installed` (the installed copy under $GREENTIC_HOME,
    /// ~/.greentic by default; nothing when it is not installed), `none`, or a describe.json.
    #[arg(long, value_name = "installed|none|FILE", default_value = "installed")]
    pub baseline: String,
}

/// `--baseline`: `installed`, `none`, or a file.
fn baseline(value: &str) -> BaselineSource {
    match value {
        "installed" => BaselineSource::Installed(gtdx_lint::greentic_home()),
        "none" => BaselineSource::None,
        file => BaselineSource::File(PathBuf::from(file)),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(code) = &args.explain {
        return crate::output::explain(code);
    }
    // The files the view rules look for are next to the checked describe.json.
    let options = Options {
        lint: true,
        publish: args.publish,
        package_dir: None,
        baseline: baseline(&args.baseline),
    };
    let path = match (&args.path, &args.manifest_path) {
        (Some(p), _) => p.clone(),
        (None, Some(m)) => m
            .parent()
            .map(|d| d.join("describe.json"))
            .unwrap_or_else(|| PathBuf::from("describe.json")),
        (None, None) => PathBuf::from("describe.json"),
    };
    let extra = match &args.manifest_path {
        Some(m) => gtdx_describe::trap::scan(m)?,
        None => Vec::new(),
    };
    Ok(check_and_print(
        &path,
        &options,
        args.format,
        args.deny_warnings,
        args.verbose,
        extra,
    ))
}

/// Checks one manifest and prints the outcome; shared by `gtdx validate` and `gtdx lint`.
pub(crate) fn check_and_print(
    path: &std::path::Path,
    options: &Options,
    format: Format,
    deny_warnings: bool,
    verbose: bool,
    extra: Vec<gtdx_contract::Diagnostic>,
) -> ExitCode {
    match gtdx_lint::check_file(path, options) {
        Ok(mut report) => {
            // Findings about the Rust sources (the lib.rs trap) come after the manifest's own.
            report.diagnostics.extend(extra);
            let hidden = if verbose { 0 } else { hide_infos(&mut report) };
            print_report(&report, options, format, hidden);
            let code = if report.fails(deny_warnings) {
                exit::code(exit::FINDINGS)
            } else {
                exit::code(exit::OK)
            };
            // The process exits next: freeing a large manifest's values one by one would only
            // delay that.
            std::mem::forget(report);
            code
        }
        Err(err) => print_load_error(&err, format),
    }
}

/// Removes the info notes from `report` (they never fail a lint); returns how many there were.
fn hide_infos(report: &mut Report) -> usize {
    let before = report.diagnostics.len();
    report
        .diagnostics
        .retain(|d| d.severity != gtdx_contract::Severity::Info);
    before - report.diagnostics.len()
}

fn print_report(report: &Report, options: &Options, format: Format, hidden: usize) {
    let mut out = std::io::stdout().lock();
    match format {
        Format::Human => {
            for d in &report.diagnostics {
                let _ = writeln!(out, "{}\n", d.render_human());
            }
            let mut summary = format!("{}: {}", report.file, report.summary());
            if options.lint && !report.linted {
                summary.push_str(
                    " (the platform's rules ran; gtdx's own checklist did not: fix the structural errors first)",
                );
            }
            if hidden > 0 {
                let notes = if hidden == 1 {
                    "1 info note"
                } else {
                    "info notes"
                };
                summary.push_str(&format!(
                    " ({} hidden; --verbose shows {})",
                    if hidden == 1 {
                        notes.to_string()
                    } else {
                        format!("{hidden} {notes}")
                    },
                    if hidden == 1 { "it" } else { "them" }
                ));
            }
            let _ = writeln!(out, "{summary}");
        }
        Format::Json => {
            let doc = serde_json::json!({
                "file": report.file,
                "linted": report.linted,
                "summary": {
                    "errors": report.errors(),
                    "warnings": report.warnings(),
                    "infos": report.count(gtdx_contract::Severity::Info) + hidden,
                    "hidden_infos": hidden,
                },
                "diagnostics": report.diagnostics,
            });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            );
        }
    }
}

fn print_load_error(err: &LoadError, format: Format) -> ExitCode {
    if format == Format::Json {
        let d = err.to_diagnostic();
        let doc = serde_json::json!({
            "file": d.file,
            "linted": false,
            "summary": { "errors": 1, "warnings": 0, "infos": 0 },
            "diagnostics": [d],
        });
        let _ = writeln!(
            std::io::stdout(),
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    }
    let _ = writeln!(std::io::stderr(), "error: {err}");
    exit::code(exit::BAD_INPUT)
}
