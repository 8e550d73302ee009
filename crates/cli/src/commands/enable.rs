//! `gtdx enable` and `gtdx disable`: an installed extension's state, by default or per tenant.

use std::process::ExitCode;

use crate::shell::{Format, Shell};

/// `gtdx enable|disable ID[@VERSION] [--tenant T]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension id, with `@VERSION` when several versions are installed.
    pub target: String,
    /// Change it for this tenant only (the state file's `tenants` section).
    #[arg(long, value_name = "TENANT")]
    pub tenant: Option<String>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, enabled: bool, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let t = gtdx_ops::installed::set_enabled(&home, &args.target, args.tenant.as_deref(), enabled)?;
    match shell.format() {
        Format::Json => shell.print_json(&t),
        Format::Human => {
            let scope = match &t.tenant {
                Some(x) => format!(" for tenant {x}"),
                None => String::new(),
            };
            let verb = if enabled { "Enabled" } else { "Disabled" };
            let note = if t.was == enabled {
                " (it was already)"
            } else {
                ""
            };
            shell.status(verb, format!("{}@{}{scope}{note}", t.id, t.version));
        }
    }
    Ok(ExitCode::SUCCESS)
}
