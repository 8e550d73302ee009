//! `gtdx search`: what a registry holds.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::shell::{Format, Shell, Untrusted, join_untrusted};

/// `gtdx search [QUERY] [--registry REG]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Part of an extension id or name (for an OCI registry: the repository's last segment).
    pub query: Option<String>,
    #[command(flatten)]
    pub registry: crate::args::RegistryArgs,
    #[command(flatten)]
    pub oci: crate::args::OciArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let found = gtdx_ops::search::search(
        &home,
        &args.registry.registry,
        args.query.as_deref(),
        &args.oci.options(&[Some(&args.registry.registry)]),
    )?;
    match shell.format() {
        Format::Json => shell.print_json(&found),
        Format::Human => {
            if found.extensions.is_empty() {
                shell.note(format!("nothing found in {}", Untrusted(&found.registry)));
                return Ok(ExitCode::SUCCESS);
            }
            let mut out = String::new();
            for e in &found.extensions {
                // What the registry answered: shown as text.
                writeln!(
                    out,
                    "{}@{}  {}{}  versions: {}",
                    Untrusted(&e.id),
                    Untrusted(&e.latest),
                    Untrusted(&e.name),
                    if e.kind.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", Untrusted(&e.kind))
                    },
                    join_untrusted(&e.versions, ", ")
                )?;
            }
            shell.print(out);
        }
    }
    Ok(ExitCode::SUCCESS)
}
