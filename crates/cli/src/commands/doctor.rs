//! `gtdx doctor`: the environment checkup, or why a tool is not seen (`--tool NAME`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::doctor::{DoctorOptions, Finding, Status, Surface, ToolQuery};

use crate::exit;
use crate::shell::{Format, Shell, Untrusted};

/// `gtdx doctor [TARGET] [--tool NAME …]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A project directory, a describe.json, a .gtxpack, or the ID[@VERSION] of an installed
    /// extension (`--tool` needs its describe.json; the environment checkup reads a project).
    #[arg(default_value = ".")]
    pub target: String,
    /// Walk this tool's visibility chain: declared, offered on the surface, described,
    /// installed, enabled, the tenant's override and allow-set, the Designer's version.
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// The surface the tool should appear on.
    #[arg(long, value_enum, default_value_t = SurfaceArg::AgenticWorker, requires = "tool")]
    pub surface: SurfaceArg,
    /// Check this tenant's override in the state file.
    #[arg(long, value_name = "TENANT", requires = "tool")]
    pub tenant: Option<String>,
    /// The tenant's allow-set as Greentic Admin exports it: a JSON array of extension ids (or
    /// ID@VERSION). Without it the Designer fails open, as it does without an admin backend.
    #[arg(long, value_name = "FILE", requires = "tool")]
    pub allow_set: Option<PathBuf>,
    /// The Designer version to check against [default: ask $GREENTIC_DESIGNER_BIN or
    /// greentic-designer on PATH]
    #[arg(long, value_name = "VERSION", requires = "tool")]
    pub designer_version: Option<semver::Version>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SurfaceArg {
    #[value(name = "agentic_worker")]
    AgenticWorker,
    #[value(name = "flow")]
    Flow,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let tool = args.tool.map(|name| ToolQuery {
        name,
        surface: match args.surface {
            SurfaceArg::AgenticWorker => Surface::AgenticWorker,
            SurfaceArg::Flow => Surface::Flow,
        },
        tenant: args.tenant,
        allow_set: args.allow_set,
        designer_version: args.designer_version,
    });
    let outcome = gtdx_ops::doctor::doctor(&DoctorOptions {
        target: args.target,
        home: gtdx_ops::doctor::greentic_home()?,
        tool,
    })?;
    let failed = gtdx_ops::doctor::failed(&outcome.findings);
    match shell.format() {
        Format::Json => shell.print_json(&serde_json::json!({
            "subject": outcome.subject,
            "ok": !failed,
            "checks": outcome.findings,
        })),
        Format::Human => shell.print(human(&outcome.subject, &outcome.findings)),
    }
    Ok(exit::code(if failed { exit::FINDINGS } else { exit::OK }))
}

fn human(subject: &str, findings: &[Finding]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "gtdx doctor: {}", Untrusted(subject));
    for f in findings {
        let mark = match f.status {
            Status::Pass => "ok  ",
            Status::Warn => "warn",
            Status::Fail => "FAIL",
            Status::Skip => "skip",
            Status::Info => "note",
        };
        // A finding quotes what it found (an installed pack's id, a registry's answer, a
        // manifest's string): shown as text.
        let _ = writeln!(out, "  {mark} {:<13} {}", f.check, Untrusted(&f.summary));
        if let Some(fix) = &f.fix {
            let _ = writeln!(out, "       {:<13} fix: {}", "", Untrusted(fix));
        }
    }
    let fails = findings.iter().filter(|f| f.status == Status::Fail).count();
    let warns = findings.iter().filter(|f| f.status == Status::Warn).count();
    let _ = match (fails, warns) {
        (0, 0) => writeln!(out, "no problems found"),
        (0, w) => writeln!(out, "{}", crate::shell::count(w, "warning", "warnings")),
        (f, w) => writeln!(
            out,
            "{}, {}",
            crate::shell::count(f, "failure", "failures"),
            crate::shell::count(w, "warning", "warnings")
        ),
    };
    out
}
