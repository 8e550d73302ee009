//! `gtdx outdated`: installed extensions with a newer version the registry offers, that
//! config.toml's `[extensions]` pins permit and that is not yanked.

use std::process::ExitCode;

use crate::shell::{Format, Shell, Untrusted};

/// `gtdx outdated [--registry REG] [--insecure] [--registry-timeout D] [--format json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store
    /// (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]
    #[arg(long, value_name = "REG")]
    pub registry: Option<String>,
    #[command(flatten)]
    pub reach: crate::args::ReachArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let reach = args.reach.options();
    let report = gtdx_ops::outdated::outdated(&home, args.registry.as_deref(), None, &reach)?;
    match shell.format() {
        Format::Json => shell.print_json(&report),
        Format::Human if report.extensions.is_empty() => shell.note(format!(
            "every installed extension is at the newest permitted version in {}",
            Untrusted(&report.registry)
        )),
        Format::Human => {
            for o in &report.extensions {
                let pin = o
                    .pin
                    .as_deref()
                    .map(|p| format!(" (pinned {})", Untrusted(p)))
                    .unwrap_or_default();
                shell.print(format!(
                    "{} {} -> {}{pin}\n",
                    Untrusted(&o.id),
                    Untrusted(&o.installed),
                    Untrusted(&o.latest)
                ));
            }
            shell.note("update with `gtdx update ID` or `gtdx update --all`");
        }
    }
    Ok(ExitCode::SUCCESS)
}
