//! `gtdx migrate`: a `greentic.ai/v1` describe.json to v2, reported change by change.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::migrate::{Done, MigrateError, MigrateOptions, Migrated, ToolsFrom};

use crate::exit;
use crate::shell::{Failure, Format, Shell, count};

/// `gtdx migrate [PATH] [--write [--force]] [--tools-json FILE | --tools-from-component [WASM]]
/// [--capabilities LIST]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The v1 describe.json, or the directory holding it.
    #[arg(default_value = ".")]
    pub path: PathBuf,
    /// Write the v2 document over the manifest (only when it validates). Without it, gtdx
    /// only reports what would change.
    #[arg(long)]
    pub write: bool,
    /// With --write: replace the manifest even when it is read-only.
    #[arg(long, requires = "write")]
    pub force: bool,
    /// Tool definitions to merge into the tools (descriptions and schemas v1 kept in the
    /// component): a JSON array in the shape the component's list-tools returns.
    #[arg(long, value_name = "FILE", conflicts_with = "tools_from_component")]
    pub tools_json: Option<PathBuf>,
    /// Take the tool definitions from the component's own list-tools, run under gtdx's host:
    /// WASM, or the component the v1 document names (runtime.component, beside it).
    #[arg(long, value_name = "WASM", num_args = 0..=1)]
    pub tools_from_component: Option<Option<PathBuf>>,
    /// Where the tools are offered, set on every tool; never guessed when absent.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = ["agentic_worker", "flow"])]
    pub capabilities: Option<Vec<String>>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = MigrateOptions {
        path: args.path,
        write: args.write,
        force: args.force,
        tools: match (args.tools_json, args.tools_from_component) {
            (Some(file), _) => ToolsFrom::Json(file),
            (None, Some(wasm)) => ToolsFrom::Component(wasm),
            (None, None) => ToolsFrom::Nothing,
        },
        capabilities: args.capabilities,
    };
    let outcome = match gtdx_ops::migrate::migrate(&options) {
        Ok(outcome) => outcome,
        Err(MigrateError::Load(e)) => {
            let d = e.to_diagnostic();
            return Ok(shell.fail(Failure::error(&e).with(vec![d])));
        }
        Err(e) => return Ok(shell.fail(Failure::error(&e))),
    };
    let file = outcome.manifest.display().to_string();
    let done = match outcome.result {
        Migrated::AlreadyV2 => {
            match shell.format() {
                Format::Json => shell.print_json(&serde_json::json!({
                    "file": file,
                    "alreadyV2": true,
                    "written": false,
                })),
                Format::Human => shell.print(format_args!(
                    "{file}: already greentic.ai/v2; nothing to migrate\n"
                )),
            }
            return Ok(exit::code(exit::OK));
        }
        Migrated::Done(done) => done,
    };
    match shell.format() {
        Format::Json => print_json(&file, &done, shell),
        Format::Human => print_human(&file, &done, shell)?,
    }
    if !done.valid {
        let message = format!(
            "{file}: the migrated document does not validate ({}); nothing written. Fix the v1 document (or give what it lacks: --tools-from-component or --tools-json, --capabilities) and run gtdx migrate again",
            count(done.diagnostics.len(), "error", "errors")
        );
        if shell.is_json() {
            return Ok(exit::code(exit::FINDINGS));
        }
        return Ok(shell.fail(Failure::findings(message, done.diagnostics.clone())));
    }
    if done.written {
        match &done.written_to {
            Some(target) if *target != outcome.manifest => shell.status(
                "Migrated",
                format_args!(
                    "{file} to greentic.ai/v2 (written to {}, the file the link points at)",
                    target.display()
                ),
            ),
            _ => shell.status("Migrated", format_args!("{file} to greentic.ai/v2")),
        }
    } else {
        shell.note(format_args!(
            "nothing written: rerun with --write to replace {file} with the v2 document"
        ));
    }
    Ok(exit::code(exit::OK))
}

fn print_json(file: &str, done: &Done, shell: &mut Shell) {
    let document: serde_json::Value =
        serde_json::from_str(&done.text).unwrap_or(serde_json::Value::Null);
    let changes: Vec<_> = done
        .changes
        .iter()
        .map(|c| serde_json::json!({"pointer": c.pointer, "change": c.what}))
        .collect();
    let attention: Vec<_> = done
        .attention
        .iter()
        .map(|a| serde_json::json!({"pointer": a.pointer, "what": a.what, "fix": a.fix}))
        .collect();
    shell.print_json(&serde_json::json!({
        "file": file,
        "alreadyV2": false,
        "valid": done.valid,
        "written": done.written,
        "writtenTo": done.written_to.as_ref().map(|p| p.display().to_string()),
        "changes": changes,
        "needsHuman": attention,
        "diagnostics": done.diagnostics,
        "document": document,
        "toolAnnotations": done.tool_annotations,
    }));
}

fn print_human(file: &str, done: &Done, shell: &mut Shell) -> anyhow::Result<()> {
    let mut out = String::new();
    writeln!(
        out,
        "{file}: greentic.ai/v1 → greentic.ai/v2 ({}, {} a human)",
        count(done.changes.len(), "change", "changes"),
        count(done.attention.len(), "point needs", "points need"),
    )?;
    writeln!(out, "\nchanges:")?;
    let width = done
        .changes
        .iter()
        .map(|c| c.pointer.len())
        .max()
        .unwrap_or(0);
    for c in &done.changes {
        writeln!(out, "  {:width$}  {}", c.pointer, c.what)?;
    }
    if !done.attention.is_empty() {
        writeln!(out, "\nneeds a human:")?;
        for a in &done.attention {
            writeln!(out, "  {}: {}", a.pointer, a.what)?;
            writeln!(out, "    fix: {}", a.fix)?;
        }
    }
    if let Some(rust) = &done.tool_annotations {
        writeln!(
            out,
            "\nThis crate builds its tools by hand (no #[tool] in src/lib.rs). With the gtdx SDK each tool is an\nannotated function, and describe.json and the dispatch are generated from it; in src/lib.rs:\n"
        )?;
        for line in rust.lines() {
            writeln!(out, "    {line}")?;
        }
    }
    if done.valid {
        writeln!(out, "\nresult: valid greentic.ai/v2 (gtdx validate passes)")?;
    }
    shell.print(out);
    Ok(())
}
