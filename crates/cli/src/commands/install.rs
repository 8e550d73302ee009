//! `gtdx install`: install an extension into $GREENTIC_HOME from a pack, a registry or OCI.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use gtdx_ops::install::InstallAction;
use gtdx_ops::install::{Consent, InstallOptions, TrustLevel};

use crate::shell::{Format, Shell, Untrusted, join_untrusted};

/// `gtdx install PACK | ID[@VERSION] | oci://HOST/REPO[:TAG|@DIGEST] [--trust LEVEL] [--yes]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A .gtxpack file, `ID[@VERSION]` from --registry, or `oci://HOST/REPOSITORY[:TAG|@DIGEST]`.
    pub source: String,
    /// Where `ID[@VERSION]` is looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE`, a
    /// Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml
    /// [default: local]
    #[arg(long, value_name = "REG")]
    pub registry: Option<String>,
    /// Who must have signed: `loose` (integrity only, unsigned packs install), `normal` (the
    /// signer's key is pinned on first install and required after), `strict` (the key must be
    /// pinned already or given with --trusted-key).
    #[arg(long, value_enum, default_value = "normal")]
    pub trust: TrustArg,
    #[command(flatten)]
    pub trusted: crate::args::TrustArgs,
    /// Accept the permissions the extension requests without asking (needed without a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Reinstall a version that is already installed.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub oci: crate::args::OciArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// `--trust` levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TrustArg {
    Loose,
    Normal,
    Strict,
}

impl TrustArg {
    pub(crate) fn level(self) -> TrustLevel {
        match self {
            TrustArg::Loose => TrustLevel::Loose,
            TrustArg::Normal => TrustLevel::Normal,
            TrustArg::Strict => TrustLevel::Strict,
        }
    }
}

/// Shows what `info` requests (after `before`, e.g. an update's permission diff) and asks
/// `question` on the terminal: `true` to go on. Every value is the pack's: shown as text, so it
/// cannot rewrite the prompt's lines.
pub(crate) fn prompt(
    shell: &mut Shell,
    info: &gtdx_ops::install::PackInfo,
    before: Vec<String>,
    question: &str,
) -> bool {
    let mut lines = before;
    lines.push(format!(
        "{}@{} ({}) requests:",
        Untrusted(&info.id),
        Untrusted(&info.version),
        Untrusted(&info.kind)
    ));
    let rows = info.permissions.rows();
    if rows.is_empty() {
        lines.push("  no permissions (no network, secrets, other extensions, LLM or OAuth)".into());
    }
    for (k, v) in rows {
        lines.push(format!("  {k}: {}", join_untrusted(v, ", ")));
    }
    lines.push(question.into());
    shell.note(lines.join("\n"));
    let mut answer = String::new();
    let _ = std::io::stdin().lock().read_line(&mut answer);
    matches!(answer.trim(), "y" | "Y" | "yes" | "Yes")
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let trust = args.trust.level();
    let json = shell.is_json();
    let mut ask = |info: &gtdx_ops::install::PackInfo| -> bool {
        prompt(shell, info, Vec::new(), "Install it? [y/N] ")
    };
    let consent = if args.yes {
        Consent::Given
    } else if std::io::stdin().is_terminal() && !json {
        Consent::Ask(&mut ask)
    } else {
        Consent::Unavailable
    };
    // What the command line names may receive --oci-token and $OCI_TOKEN.
    let named = [Some(args.source.as_str()), args.registry.as_deref()];
    let oci = args.oci.options(&named);
    let outcome = gtdx_ops::install::install(InstallOptions {
        source: args.source,
        registry: args.registry,
        home,
        trust,
        trusted_keys: args.trusted.inputs(),
        force: args.force,
        consent,
        oci,
    })?;
    match shell.format() {
        Format::Json => shell.print_json(&outcome),
        Format::Human => {
            let what = format!(
                "{}@{} ({})",
                Untrusted(&outcome.info.id),
                Untrusted(&outcome.info.version),
                Untrusted(&outcome.info.kind)
            );
            match outcome.action {
                InstallAction::AlreadyInstalled => shell.status(
                    "Unchanged",
                    format!(
                        "{what} is already installed at {} (--force reinstalls it)",
                        outcome.dir.display()
                    ),
                ),
                InstallAction::Installed | InstallAction::Replaced => {
                    if outcome.authenticity == "pinned-now" {
                        shell.note(format!(
                            "pinned the publisher's {} for {} (trust on first use)",
                            gtdx_ops::install::key_label(
                                outcome.info.signer.as_deref().unwrap_or_default()
                            ),
                            Untrusted(&outcome.info.id)
                        ));
                    }
                    shell.status(
                        if outcome.action == InstallAction::Replaced {
                            "Reinstalled"
                        } else {
                            "Installed"
                        },
                        format!("{what} into {}", outcome.dir.display()),
                    );
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
