//! `gtdx info`: one extension of a registry: identity, versions, signer, permissions, digest.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::shell::{Format, Shell};

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
        &args.oci.options(),
    )?;
    match shell.format() {
        Format::Json => shell.print_json(&info),
        Format::Human => {
            let p = &info.pack;
            let mut out = String::new();
            writeln!(out, "{}@{}  {}", p.id, p.version, p.name)?;
            writeln!(out, "kind:        {}", p.kind)?;
            if !p.summary.is_empty() {
                writeln!(out, "summary:     {}", p.summary)?;
            }
            writeln!(out, "versions:    {}", info.versions.join(", "))?;
            writeln!(
                out,
                "signer:      {}",
                p.signer.as_deref().unwrap_or("unsigned")
            )?;
            let rows = p.permissions.rows();
            if rows.is_empty() {
                writeln!(out, "permissions: none")?;
            }
            for (k, v) in rows {
                writeln!(out, "permission:  {k}: {}", v.join(", "))?;
            }
            if let Some(d) = &info.digest {
                writeln!(out, "digest:      {d}")?;
            }
            writeln!(out, "registry:    {}", info.registry)?;
            writeln!(out, "install:     gtdx install {}", info.reference)?;
            shell.print(out);
        }
    }
    Ok(ExitCode::SUCCESS)
}
