//! `gtdx run`: call one tool locally under gtdx's host and print its result.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::run::{CallOutcome, Input, RunOptions, RunResult};

use crate::exit;
use crate::render::progress::quiet_in_json;
use crate::shell::{Failure, Format, Shell, Untrusted};

/// `gtdx run TOOL [--input JSON | --input-file F | -]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tool to call (a tool describe.json declares).
    #[arg(required_unless_present = "list_tools")]
    pub tool: Option<String>,
    /// `-`: read the input from standard input.
    #[arg(value_name = "-", value_parser = ["-"])]
    pub stdin: Option<String>,
    /// The input, a JSON object [default: {}]
    #[arg(long, value_name = "JSON", conflicts_with_all = ["input_file", "stdin"])]
    pub input: Option<String>,
    /// A file holding the input (`-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "stdin")]
    pub input_file: Option<PathBuf>,
    /// Compare the component's own `list-tools` with describe.json instead of calling a tool.
    #[arg(long, conflicts_with_all = ["input", "input_file", "stdin"])]
    pub list_tools: bool,
    #[command(flatten)]
    pub source: crate::args::ExtensionSourceArgs,
    #[command(flatten)]
    pub host: crate::args::HostArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let input = match (args.input, args.input_file, args.stdin) {
        (Some(j), _, _) => Input::Json(j),
        (None, Some(f), _) if f.as_os_str() == "-" => Input::Stdin,
        (None, Some(f), _) => Input::File(f),
        (None, None, Some(_)) => Input::Stdin,
        (None, None, None) => Input::Empty,
    };
    let options = RunOptions {
        source: args.source.source(),
        tool: args.tool,
        input,
        host: args.host.inputs(),
        list_tools: args.list_tools,
    };
    let result = quiet_in_json(shell, |progress| gtdx_ops::run::run(&options, progress));
    let result = match result {
        Ok(r) => r,
        Err(e) => return Ok(shell.fail(Failure::error(&e))),
    };
    match result {
        RunResult::Listed(cmp) => {
            match shell.format() {
                Format::Json => shell.print_json(&serde_json::json!({
                    "extension": cmp.extension,
                    "matches": cmp.matches(),
                    "declared": cmp.declared,
                    "exported": cmp.exported,
                    "describeOnly": cmp.describe_only,
                    "componentOnly": cmp.component_only,
                })),
                Format::Human => {
                    let mut out = String::new();
                    for t in &cmp.declared {
                        let mark = if cmp.exported.contains(t) {
                            "both"
                        } else {
                            "describe.json only"
                        };
                        out.push_str(&format!("{t:<32} {mark}\n"));
                    }
                    for t in &cmp.component_only {
                        out.push_str(&format!("{t:<32} component only (never dispatched)\n"));
                    }
                    shell.print(out);
                    if !cmp.matches() {
                        shell.error(format!(
                            "describe.json and the component's list-tools disagree: {}{}. \
                             Regenerate describe.json from the sources (`gtdx describe`) and rebuild",
                            if cmp.describe_only.is_empty() {
                                String::new()
                            } else {
                                format!("declared but not exported: {}", cmp.describe_only.join(", "))
                            },
                            if cmp.component_only.is_empty() {
                                String::new()
                            } else {
                                format!(
                                    "{}exported but not declared: {}",
                                    if cmp.describe_only.is_empty() { "" } else { "; " },
                                    cmp.component_only.join(", ")
                                )
                            }
                        ));
                    }
                }
            }
            Ok(exit::code(if cmp.matches() {
                exit::OK
            } else {
                exit::FINDINGS
            }))
        }
        RunResult::Called(outcome) => {
            let call = &outcome.call;
            if shell.is_json() {
                let mut doc = serde_json::json!({
                    "extension": outcome.extension,
                    "tool": outcome.tool,
                    "cache": outcome.cache,
                    "elapsedMs": call.elapsed.as_millis() as u64,
                    "logs": call.logs,
                });
                match &call.outcome {
                    CallOutcome::Ok { output } => {
                        doc["result"] = "ok".into();
                        doc["output"] = serde_json::from_str(output)
                            .unwrap_or_else(|_| serde_json::Value::String(output.clone()));
                    }
                    CallOutcome::ToolError(f) => {
                        doc["result"] = "tool-error".into();
                        doc["error"] =
                            serde_json::json!({"variant": f.variant, "message": f.message});
                    }
                    CallOutcome::Failed { kind, message } => {
                        doc["result"] = "failed".into();
                        doc["error"] = serde_json::json!({"kind": kind, "message": message});
                    }
                }
                shell.print_json(&doc);
            } else {
                for l in &call.logs {
                    // The component's own words: shown as text, one line each.
                    shell.passthrough(&format!(
                        "[{} {}] {}",
                        Untrusted(&l.level),
                        Untrusted(&l.target),
                        Untrusted(&l.message)
                    ));
                }
                match &call.outcome {
                    CallOutcome::Ok { output } => {
                        let text = serde_json::from_str::<serde_json::Value>(output)
                            .ok()
                            .and_then(|v| serde_json::to_string_pretty(&v).ok())
                            .unwrap_or_else(|| output.clone());
                        shell.print(format!("{text}\n"));
                    }
                    CallOutcome::ToolError(f) => {
                        shell.error(format!(
                            "tool `{}` returned {}: {}",
                            outcome.tool, f.variant, f.message
                        ));
                    }
                    CallOutcome::Failed { message, .. } => shell.error(message),
                }
            }
            Ok(exit::code(match call.outcome {
                CallOutcome::Ok { .. } => exit::OK,
                _ => exit::FINDINGS,
            }))
        }
    }
}
