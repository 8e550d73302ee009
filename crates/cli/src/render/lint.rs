//! The report of `gtdx lint` and `gtdx validate`: one paragraph per finding and a summary, or
//! one JSON document; the exit code from the findings.

use std::process::ExitCode;

use gtdx_ops::Severity;
use gtdx_ops::lint::{LoadError, Report};

use crate::args::ReportFormat as Format;
use crate::exit;
use crate::shell::{Shell, count};

/// How a report is shown.
pub(crate) struct Shown {
    pub(crate) format: Format,
    /// Fail on warnings as well as errors.
    pub(crate) deny_warnings: bool,
    /// Show info notes (hidden by default: they never fail a check).
    pub(crate) verbose: bool,
    /// Whether the lint rules were asked for (validate: no), for the summary's note.
    pub(crate) lint: bool,
}

/// Prints the report and returns the exit code.
pub(crate) fn print(mut report: Report, shown: &Shown, shell: &mut Shell) -> ExitCode {
    let hidden = if shown.verbose {
        0
    } else {
        hide_infos(&mut report)
    };
    print_report(&report, shown, hidden, shell);
    let code = if report.fails(shown.deny_warnings) {
        exit::code(exit::FINDINGS)
    } else {
        exit::code(exit::OK)
    };
    // The process exits next: freeing a large manifest's values one by one would only delay
    // that.
    std::mem::forget(report);
    code
}

/// Removes the info notes from `report` (they never fail a lint); returns how many there were.
fn hide_infos(report: &mut Report) -> usize {
    let before = report.diagnostics.len();
    report.diagnostics.retain(|d| d.severity != Severity::Info);
    before - report.diagnostics.len()
}

fn print_report(report: &Report, shown: &Shown, hidden: usize, shell: &mut Shell) {
    match shown.format {
        Format::Human => {
            shell.report_diagnostics(&report.diagnostics);
            let mut summary = format!("{}: {}", report.file, report.summary());
            if shown.lint && !report.linted {
                summary.push_str(
                    " (the platform's rules ran; gtdx's own checklist did not: fix the structural errors first)",
                );
            }
            if hidden > 0 {
                summary.push_str(&format!(
                    " ({} hidden; --verbose shows {})",
                    count(hidden, "info note", "info notes"),
                    if hidden == 1 { "it" } else { "them" }
                ));
            }
            shell.print(format_args!("{summary}\n"));
        }
        Format::Json => {
            let doc = serde_json::json!({
                "file": report.file,
                "linted": report.linted,
                "summary": {
                    "errors": report.errors(),
                    "warnings": report.warnings(),
                    "infos": report.count(Severity::Info) + hidden,
                    "hidden_infos": hidden,
                },
                "diagnostics": report.diagnostics,
            });
            shell.print_json(&doc);
        }
        Format::Sarif => shell.print_json(&super::sarif::log(&report.diagnostics)),
    }
}

/// A manifest that could not be checked at all: in JSON its one diagnostic in the report's
/// shape, in SARIF a log with that one result; the error on stderr; bad input.
pub(crate) fn print_load_error(err: &LoadError, format: Format, shell: &mut Shell) -> ExitCode {
    match format {
        Format::Sarif => shell.print_json(&super::sarif::log(&[err.to_diagnostic()])),
        Format::Json => {
            let d = err.to_diagnostic();
            shell.print_json(&serde_json::json!({
                "file": d.file,
                "linted": false,
                "summary": { "errors": 1, "warnings": 0, "infos": 0 },
                "diagnostics": [d],
            }));
        }
        Format::Human => {}
    }
    shell.error(err);
    exit::code(exit::BAD_INPUT)
}
