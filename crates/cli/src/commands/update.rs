//! `gtdx update [ID | --all] [--yes]`: installs the newer permitted version of installed
//! extensions through `gtdx install`'s own trust and consent path, shows what the new version
//! asks for that the old did not, and removes the old version only once the new one is in place.

use std::io::IsTerminal;
use std::process::ExitCode;

use gtdx_ops::install::{Consent, InstallOptions};
use gtdx_ops::outdated::{Outdated, PermissionChange, permission_diff};

use crate::commands::install::{TrustArg, prompt};
use crate::shell::{Format, Shell, Untrusted, join_untrusted};

/// `gtdx update [ID | --all] [--registry REG] [--trust LEVEL] [--yes]`
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["id", "all"]))]
pub struct Args {
    /// The installed extension to update.
    pub id: Option<String>,
    /// Update every installed extension `gtdx outdated` lists.
    #[arg(long)]
    pub all: bool,
    /// Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store
    /// (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]
    #[arg(long, value_name = "REG")]
    pub registry: Option<String>,
    /// Who must have signed the new version, as for `gtdx install`.
    #[arg(long, value_enum, default_value = "normal")]
    pub trust: TrustArg,
    #[command(flatten)]
    pub trusted: crate::args::TrustArgs,
    /// Accept the new version's permissions without asking (needed without a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub reach: crate::args::ReachArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// One update done, as `--format json` reports it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Updated {
    id: String,
    from: String,
    to: String,
    permission_changes: Vec<PermissionChange>,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let reach = args.reach.options();
    let plan =
        gtdx_ops::outdated::outdated(&home, args.registry.as_deref(), args.id.as_deref(), &reach)?;
    if plan.extensions.is_empty() && !shell.is_json() {
        shell.note(format!(
            "nothing to update: no newer permitted version in {}",
            Untrusted(&plan.registry)
        ));
    }
    let mut done = Vec::new();
    for o in &plan.extensions {
        done.push(update_one(&args, &home, o, shell)?);
    }
    if shell.format() == Format::Json {
        shell.print_json(&done);
    }
    Ok(ExitCode::SUCCESS)
}

fn diff_lines(changes: &[PermissionChange]) -> Vec<String> {
    let mut lines = vec!["permissions, compared with the installed version:".to_string()];
    if changes.is_empty() {
        lines.push("  unchanged".into());
    }
    for c in changes {
        if !c.added.is_empty() {
            lines.push(format!(
                "  + {}: {}",
                c.kind,
                join_untrusted(&c.added, ", ")
            ));
        }
        if !c.removed.is_empty() {
            lines.push(format!(
                "  - {}: {}",
                c.kind,
                join_untrusted(&c.removed, ", ")
            ));
        }
    }
    lines
}

fn update_one(
    args: &Args,
    home: &gtdx_ops::install::Home,
    o: &Outdated,
    shell: &mut Shell,
) -> anyhow::Result<Updated> {
    let json = shell.is_json();
    let mut ask = |info: &gtdx_ops::install::PackInfo| -> bool {
        let diff = diff_lines(&permission_diff(&o.permissions, &info.permissions));
        prompt(shell, info, diff, "Update to it? [y/N] ")
    };
    let consent = if args.yes {
        Consent::Given
    } else if std::io::stdin().is_terminal() && !json {
        Consent::Ask(&mut ask)
    } else {
        Consent::Unavailable
    };
    let outcome = gtdx_ops::install::install(InstallOptions {
        source: format!("{}@{}", o.id, o.latest),
        registry: args.registry.clone(),
        home: home.clone(),
        trust: args.trust.level(),
        trusted_keys: args.trusted.clone().inputs(),
        force: false,
        consent,
        oci: args.reach.options(),
    })?;
    let changes = permission_diff(&o.permissions, &outcome.info.permissions);
    // The new version is in place: only now does the old one go.
    gtdx_ops::outdated::retire(home, &o.id, &o.installed)?;
    if !json {
        if args.yes {
            shell.note(diff_lines(&changes).join("\n"));
        }
        shell.status(
            "Updated",
            format!(
                "{} {} -> {}",
                Untrusted(&o.id),
                Untrusted(&o.installed),
                Untrusted(&outcome.info.version)
            ),
        );
    }
    Ok(Updated {
        id: o.id.clone(),
        from: o.installed.clone(),
        to: outcome.info.version.clone(),
        permission_changes: changes,
    })
}
