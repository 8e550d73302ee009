//! `gtdx sdk`: where the project's gtdx-sdk comes from; `gtdx sdk use crates-io|bundled` moves it.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::sdk::{Origin, SdkStatus, Target};

use crate::exit;
use crate::shell::Shell;

/// `gtdx sdk [use crates-io|bundled] [--manifest-path PATH] [--format human|json]`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Option<Action>,
    /// The project's Cargo.toml.
    #[arg(long, value_name = "PATH", global = true, default_value = "Cargo.toml")]
    pub manifest_path: PathBuf,
    /// `human` for people; `json` for machines: stdout then holds only the JSON document, and
    /// failures carry their diagnostics. Before or after `use`.
    #[arg(
        long,
        value_enum,
        default_value_t,
        alias = "message-format",
        global = true
    )]
    pub format: crate::shell::Format,
}

#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this.
    Show,
    /// Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and
    /// relock.
    Use {
        #[arg(value_enum)]
        source: UseSource,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum UseSource {
    /// crates.io: removes the bundled copy and its `[patch.crates-io]` entries.
    CratesIo,
    /// The copy of the SDK crates this gtdx carries, in .gtdx/sdk/ with `[patch.crates-io]`.
    Bundled,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let manifest = gtdx_ops::sdk::manifest(&args.manifest_path)?;
    let status = match args.action {
        None | Some(Action::Show) => gtdx_ops::sdk::status(&manifest),
        Some(Action::Use { source }) => {
            let target = match source {
                UseSource::CratesIo => Target::CratesIo,
                UseSource::Bundled => Target::Bundled,
            };
            gtdx_ops::sdk::switch(&manifest, target)?
        }
    };
    render(&status, shell);
    Ok(exit::code(match status.resolved {
        Ok(_) => exit::OK,
        Err(_) => exit::FINDINGS,
    }))
}

fn render(status: &SdkStatus, shell: &mut Shell) {
    let manifest = status.manifest.display().to_string();
    if shell.is_json() {
        let value = match &status.resolved {
            Ok(Some((version, origin))) => serde_json::json!({
                "manifest": manifest, "resolves": true, "version": version,
                "source": origin.kind(), "location": location(origin),
            }),
            Ok(None) => {
                serde_json::json!({ "manifest": manifest, "resolves": true, "source": null })
            }
            Err(why) => {
                serde_json::json!({ "manifest": manifest, "resolves": false, "error": why })
            }
        };
        shell.print_json(&value);
        return;
    }
    match &status.resolved {
        Ok(Some((version, origin))) => shell.status(
            "SDK",
            format_args!("gtdx-sdk {version} {}", describe(origin)),
        ),
        Ok(None) => shell.status(
            "SDK",
            format_args!("{manifest} does not depend on gtdx-sdk"),
        ),
        Err(why) => shell.warn(format!(
            "{manifest}: cargo cannot resolve the project's dependencies: {why}. Fix what it \
             names; `gtdx sdk use bundled` builds the SDK from the copy this gtdx carries."
        )),
    }
}

/// How the source reads after "gtdx-sdk X.Y.Z", with the way out of the bundled copy.
fn describe(origin: &Origin) -> String {
    match origin {
        Origin::Bundled => {
            format!("from {origin} (`gtdx sdk use crates-io` once crates.io has it)")
        }
        _ => format!("from {origin}"),
    }
}

fn location(origin: &Origin) -> serde_json::Value {
    match origin {
        Origin::CratesIo | Origin::Bundled => serde_json::Value::Null,
        Origin::Path(p) => p.display().to_string().into(),
        Origin::Registry(u) | Origin::Git(u) => u.clone().into(),
    }
}
