//! `gtdx inspect`: parse, run [`gtdx_ops::inspect`], render the report (human or JSON).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::inspect::{ComponentView, InspectOptions, Inspection, ToolView};

use crate::exit;
use crate::shell::{Format, Shell, Untrusted, count, human_size, join_untrusted};

/// `gtdx inspect <PACK | WASM> [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack, or a component (.wasm).
    #[arg(value_name = "PACK | WASM")]
    pub path: PathBuf,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// Exit 0 when what was inspected is intact, 1 when a pack fails its integrity checks (or its
/// describe.json or a component cannot be read), 2 when the file is not a pack or a component.
pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    // The error's message already carries its causes: print it once.
    let report = gtdx_ops::inspect::inspect(&InspectOptions { path: args.path })
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    match shell.format() {
        Format::Json => shell.print_json(&report),
        Format::Human => shell.print(render(&report)),
    }
    Ok(exit::code(if report.has_problems() {
        exit::FINDINGS
    } else {
        exit::OK
    }))
}

/// The report as people read it. Everything but its labels comes from the file inspected, so
/// each value is shown [`Untrusted`]: a control or bidi character is escaped, never obeyed.
fn render(r: &Inspection) -> String {
    let mut s = String::new();
    if let Some(id) = &r.identity {
        let _ = writeln!(
            s,
            "{} {} — {} ({}, {})",
            Untrusted(&id.id),
            Untrusted(&id.version),
            Untrusted(&id.name),
            Untrusted(&id.kind),
            Untrusted(&id.api_version)
        );
        let _ = writeln!(s, "  {}", Untrusted(&id.summary));
    }
    let _ = writeln!(
        s,
        "{}: {}  {}  sha256 {}",
        r.kind,
        Untrusted(&r.file),
        human_size(r.size),
        r.sha256
    );
    if r.kind == "pack" {
        let _ = writeln!(
            s,
            "manifestSha256: {}",
            Untrusted(r.manifest_sha256.as_deref().unwrap_or("(absent)"))
        );
        match &r.signature {
            Some(sig) => {
                let key_id = sig
                    .key_id
                    .as_deref()
                    .map(|k| format!(" ({})", Untrusted(k)))
                    .unwrap_or_default();
                let _ = writeln!(
                    s,
                    "signature: {} by {}{key_id} (run `gtdx verify` to check it)",
                    Untrusted(&sig.algorithm),
                    Untrusted(&sig.public_key)
                );
            }
            None => {
                let _ = writeln!(s, "signature: none");
            }
        }
        match r.integrity.as_deref() {
            Some([]) => {
                let _ = writeln!(
                    s,
                    "integrity: ok (every file matches manifest.json, manifestSha256 matches)"
                );
            }
            Some(fails) => {
                let _ = writeln!(
                    s,
                    "integrity: {}",
                    count(fails.len(), "failure", "failures")
                );
                for f in fails {
                    let _ = writeln!(s, "  {}", Untrusted(f));
                }
            }
            None => {}
        }
    }
    if let Some(e) = &r.describe_error {
        let _ = writeln!(s, "describe.json: {}", Untrusted(e));
    }
    if r.kind == "pack" && r.describe_error.is_none() {
        let _ = writeln!(s, "\ntools ({}):", r.tools.len());
        for t in &r.tools {
            render_tool(&mut s, t);
        }
        if !r.node_types.is_empty() {
            let _ = writeln!(s, "\nnode types ({}):", r.node_types.len());
            for n in &r.node_types {
                let rref = n
                    .runtime_ref
                    .as_deref()
                    .map(|x| format!(" → {}", Untrusted(x)))
                    .unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  {}  \"{}\" in {}{rref}",
                    Untrusted(&n.type_id),
                    Untrusted(&n.label),
                    Untrusted(&n.category)
                );
            }
        }
    }
    let _ = writeln!(s, "\ncomponents ({}):", r.components.len());
    for c in &r.components {
        render_component(&mut s, c);
    }
    if !r.entries.is_empty() {
        let _ = writeln!(s, "\nfiles ({}):", r.entries.len());
        for e in &r.entries {
            let _ = writeln!(
                s,
                "  {:<40} {:>10}  {}",
                Untrusted(&e.path).to_string(),
                human_size(e.size),
                Untrusted(e.sha256.as_deref().unwrap_or("(unreadable)"))
            );
        }
    }
    s
}

fn render_tool(s: &mut String, t: &ToolView) {
    let caps = if t.capabilities_declared {
        join_untrusted(&t.capabilities, ", ")
    } else {
        format!(
            "{} (default: capabilities not declared)",
            join_untrusted(&t.capabilities, ", ")
        )
    };
    let _ = writeln!(
        s,
        "  {}  [{caps}]  → {}",
        Untrusted(&t.name),
        Untrusted(&t.export)
    );
    match &t.description {
        Some(d) => {
            let _ = writeln!(s, "    description: {}", Untrusted(d));
        }
        None => {
            let _ = writeln!(
                s,
                "    description: (none: the model sees a tool it cannot reason about)"
            );
        }
    }
    match t.input.status.as_str() {
        "absent" => {
            let _ = writeln!(
                s,
                "    input: (no input_schema: the model is offered no parameters)"
            );
        }
        "invalid" => {
            let _ = writeln!(
                s,
                "    input: invalid JSON Schema string: {}",
                Untrusted(t.input.error.as_deref().unwrap_or(""))
            );
        }
        _ if t.input.parameters.is_empty() => {
            let _ = writeln!(s, "    input: {} with no parameters", t.input.status);
        }
        _ => {
            let _ = writeln!(s, "    input:");
            for p in &t.input.parameters {
                let req = if p.required { "required" } else { "optional" };
                let desc = p
                    .description
                    .as_deref()
                    .map(|d| format!(" — {}", Untrusted(d)))
                    .unwrap_or_default();
                let values = if p.values.is_empty() {
                    String::new()
                } else {
                    let v: Vec<String> = p.values.iter().map(|v| v.to_string()).collect();
                    format!(", one of {}", join_untrusted(&v, ", "))
                };
                let _ = writeln!(
                    s,
                    "      {}: {}{values} ({req}){desc}",
                    Untrusted(&p.name),
                    Untrusted(&p.ty)
                );
            }
        }
    }
    if !t.secrets.is_empty() {
        let _ = writeln!(s, "    secrets: {}", join_untrusted(&t.secrets, ", "));
    }
    match (&t.metadata, &t.metadata_source) {
        (Some(m), Some(src)) => {
            let confirm = if m.confirmation_required {
                "confirmation required"
            } else {
                "no confirmation"
            };
            let _ = writeln!(
                s,
                "    agent plans with: side_effects {}, cost {}, {confirm} [{src}]",
                m.side_effects, m.cost
            );
            if let Some(h) = &m.usage_hint {
                let _ = writeln!(s, "    usage hint: {}", Untrusted(h));
            }
            if !m.examples.is_empty() {
                let _ = writeln!(s, "    examples: {}", m.examples.len());
            }
        }
        _ => {
            let _ = writeln!(
                s,
                "    not offered to agentic workers (no agentic_worker capability)"
            );
        }
    }
}

fn render_component(s: &mut String, c: &ComponentView) {
    let id = c.id.as_deref().unwrap_or("(component)");
    let mut line = format!("  {}  {}", Untrusted(id), Untrusted(&c.path));
    if let Some(n) = c.size {
        let _ = write!(line, "  {}", human_size(n));
    }
    if let Some(h) = &c.sha256 {
        let _ = write!(line, "  sha256 {}", Untrusted(h));
    }
    match c.sha256_matches_describe {
        Some(true) => line.push_str(" (matches describe.json)"),
        Some(false) => line.push_str(" (DIFFERS from describe.json)"),
        None => {}
    }
    let _ = writeln!(s, "{line}");
    if let Some(w) = &c.world {
        let _ = writeln!(s, "    world: {}", Untrusted(w));
    }
    if let Some(e) = &c.error {
        let _ = writeln!(s, "    error: {}", Untrusted(e));
    }
    if !c.exports.is_empty() {
        let _ = writeln!(s, "    exports:");
        for e in &c.exports {
            let _ = writeln!(s, "      {}", Untrusted(&e.summary()));
        }
    }
    if !c.imports.is_empty() {
        let _ = writeln!(s, "    imports:");
        for e in &c.imports {
            let _ = writeln!(s, "      {}", Untrusted(&e.name));
        }
    }
}
