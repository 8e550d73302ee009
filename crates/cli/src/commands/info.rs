//! `gtdx info`: one extension of a registry: identity, versions, signer, permissions, digest.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::shell::{Format, Shell, Untrusted, join_untrusted};

/// `gtdx info ID[@VERSION] [--registry REG]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension id, optionally with `@VERSION` [default: the newest version]
    pub target: String,
    #[command(flatten)]
    pub registry: crate::args::RegistryArgs,
    #[command(flatten)]
    pub oci: crate::args::OciArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let info = gtdx_ops::search::info(
        &home,
        &args.registry.registry,
        &args.target,
        &args.oci.options(&[Some(&args.registry.registry)]),
    )?;
    match shell.format() {
        Format::Json => shell.print_json(&info),
        Format::Human => {
            // Everything but the labels is the pack's or the registry's: shown as text.
            let p = &info.pack;
            let mut out = String::new();
            writeln!(
                out,
                "{}@{}  {}",
                Untrusted(&p.id),
                Untrusted(&p.version),
                Untrusted(&p.name)
            )?;
            writeln!(out, "kind:        {}", Untrusted(&p.kind))?;
            if !p.summary.is_empty() {
                writeln!(out, "summary:     {}", Untrusted(&p.summary))?;
            }
            writeln!(out, "versions:    {}", join_untrusted(&info.versions, ", "))?;
            writeln!(
                out,
                "signer:      {}",
                Untrusted(p.signer.as_deref().unwrap_or("unsigned"))
            )?;
            let rows = p.permissions.rows();
            if rows.is_empty() {
                writeln!(out, "permissions: none")?;
            }
            for (k, v) in rows {
                writeln!(out, "permission:  {k}: {}", join_untrusted(v, ", "))?;
            }
            if let Some(d) = &info.digest {
                writeln!(out, "digest:      {}", Untrusted(d))?;
            }
            writeln!(out, "registry:    {}", Untrusted(&info.registry))?;
            writeln!(
                out,
                "install:     gtdx install {}",
                Untrusted(&info.reference)
            )?;
            shell.print(out);
        }
    }
    Ok(ExitCode::SUCCESS)
}
