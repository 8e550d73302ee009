//! `gtdx yank` / `gtdx unyank`: withdraw a version from a Greentic Store or a directory
//! registry, or put it back.

use std::process::ExitCode;

use crate::shell::{Format, Shell, Untrusted};

/// `gtdx yank ID VERSION [--reason R] [--registry REG]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The extension id.
    pub id: String,
    /// The version to withdraw: hidden from version lists and never the latest, still
    /// installable by exact pin (`gtdx install ID@VERSION`).
    #[arg(value_name = "VERSION")]
    pub release: String,
    /// Why (kept by the registry beside the version).
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
    #[command(flatten)]
    pub target: StoreArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// `gtdx unyank ID VERSION [--registry REG]`
#[derive(Debug, clap::Args)]
pub struct UnyankArgs {
    /// The extension id.
    pub id: String,
    /// The version to put back in circulation.
    #[arg(value_name = "VERSION")]
    pub release: String,
    #[command(flatten)]
    pub target: StoreArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// The registry a yank goes to.
#[derive(Debug, Clone, clap::Args)]
pub struct StoreArgs {
    /// A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a
    /// directory registry (`local`, `file://DIR`)
    /// [default: config.toml's default registry]
    #[arg(long, value_name = "REG")]
    pub registry: Option<String>,
    /// How long the request may take in all (`90s`, `10m`) [default: 300s]
    #[arg(long, value_name = "DURATION", value_parser = gtdx_ops::publish::parse_registry_timeout)]
    pub registry_timeout: Option<std::time::Duration>,
    /// Allow naming a Store over plain HTTP that is not on this machine (loopback always
    /// may); no token is sent over it, so such a Store refuses the yank
    #[arg(long)]
    pub insecure: bool,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let reason = args.reason.as_deref();
    set(&args.id, &args.release, Some(reason), &args.target, shell)
}

pub fn run_unyank(args: UnyankArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    set(&args.id, &args.release, None, &args.target, shell)
}

fn set(
    id: &str,
    version: &str,
    yank: Option<Option<&str>>,
    target: &StoreArgs,
    shell: &mut Shell,
) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let deadline = target
        .registry_timeout
        .map(gtdx_ops::publish::Deadline::with_limit);
    let done = gtdx_ops::yank::set_yanked(
        &home,
        target.registry.as_deref(),
        id,
        version,
        yank,
        deadline,
        target.insecure,
    )?;
    match shell.format() {
        Format::Json => shell.print_json(&done),
        Format::Human if done.yanked => {
            shell.status(
                "Yanked",
                format!("{id}@{version} in {}", Untrusted(&done.registry)),
            );
            shell.note(format!(
                "it stays installable by exact pin (`gtdx install {id}@{version}`) but is no longer listed or chosen as the latest; undo with `gtdx unyank {id} {version}`"
            ));
        }
        Format::Human => shell.status(
            "Unyanked",
            format!("{id}@{version} in {}", Untrusted(&done.registry)),
        ),
    }
    Ok(ExitCode::SUCCESS)
}
