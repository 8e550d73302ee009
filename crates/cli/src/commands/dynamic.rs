//! `gtdx dynamic admit` and `gtdx dynamic catalog show|diff`: the platform's six-control
//! admission of discovered dynamic-tool descriptors, and the per-connection catalog.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::dynamic::{
    AdmitOptions, CatalogOptions, CatalogTarget, Descriptors, DynamicError, Extension,
};

use crate::exit;
use crate::render::admission::{deny_exit, render_admission};
use crate::shell::{Failure, Format, Shell, Untrusted, count};

/// `gtdx dynamic <admit|catalog>`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: DynamicCommand,
}

impl Args {
    pub(crate) fn format(&self) -> Format {
        match &self.command {
            DynamicCommand::Admit(a) => a.format.format,
            DynamicCommand::Catalog(c) => match &c.command {
                CatalogCommand::Show(a) => a.common.format.format,
                CatalogCommand::Diff(a) => a.common.format.format,
            },
        }
    }
}

#[derive(Debug, clap::Subcommand)]
pub enum DynamicCommand {
    /// Run the six admission controls on a discovery result (a JSON array of descriptors):
    /// which derived tools the platform admits, withholds or rejects, and why.
    Admit(AdmitArgs),
    /// Show a connection's catalog, or what its last sync changed.
    Catalog(CatalogArgs),
}

/// The extension the descriptors belong to.
#[derive(Debug, Clone, clap::Args)]
pub struct ExtensionArgs {
    /// The extension's describe.json [default: describe.json].
    #[arg(long, value_name = "FILE", conflicts_with = "pack")]
    pub manifest: Option<PathBuf>,
    /// The extension's .gtxpack (its component's bytes are the code artifact hash).
    #[arg(long, value_name = "FILE")]
    pub pack: Option<PathBuf>,
    /// The organisation the extension is installed in (the `<org>` of scoped ids).
    #[arg(long, value_name = "ORG", default_value = "local")]
    pub org: String,
    /// The connection's grant: {"id": "...", "executors": ["org:<org>:<extension>:<slug>", ...],
    /// "maxTools": N} [default: the installed-extension grant, every declared executor].
    #[arg(long, value_name = "FILE")]
    pub grant: Option<PathBuf>,
}

impl ExtensionArgs {
    fn extension(&self) -> Extension {
        match (&self.pack, &self.manifest) {
            (Some(p), _) => Extension::Pack(p.clone()),
            (None, Some(m)) => Extension::Manifest(m.clone()),
            (None, None) => Extension::Manifest(PathBuf::from("describe.json")),
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct AdmitArgs {
    /// The discovery result: a JSON array of descriptors [default: stdin].
    #[arg(long, value_name = "FILE")]
    pub descriptors: Option<PathBuf>,
    #[command(flatten)]
    pub extension: ExtensionArgs,
    /// The server cap on derived tools per connection (MAX_DERIVED_TOOLS_PER_CONNECTION).
    #[arg(long, value_name = "N", default_value_t = gtdx_ops::dynamic::DEFAULT_SERVER_CAP,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_derived_tools: u32,
    /// Sync the admitted tools into the catalogs in DIR (with --connection).
    #[arg(long, value_name = "DIR", requires = "connection")]
    pub catalog: Option<PathBuf>,
    /// The connection whose catalog to sync (with --catalog).
    #[arg(long, value_name = "NAME", requires = "catalog")]
    pub connection: Option<String>,
    /// Exit 1 when a descriptor is rejected.
    #[arg(long)]
    pub deny_rejected: bool,
    /// Exit 1 when a descriptor is withheld.
    #[arg(long)]
    pub deny_withheld: bool,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

#[derive(Debug, clap::Args)]
pub struct CatalogArgs {
    #[command(subcommand)]
    pub command: CatalogCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum CatalogCommand {
    /// Print a connection's catalog: admitted tools as the agent sees them, withheld and
    /// rejected descriptors; with --manifest or --pack, whether its tools are still available.
    Show(ShowArgs),
    /// Print what the connection's last sync changed (added, removed, changed tools).
    Diff(DiffArgs),
}

#[derive(Debug, clap::Args)]
pub struct CatalogCommon {
    /// The directory of catalogs.
    #[arg(long, value_name = "DIR")]
    pub catalog: PathBuf,
    /// The connection.
    #[arg(long, value_name = "NAME")]
    pub connection: String,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub common: CatalogCommon,
    /// Check availability against this describe.json (artifact and grant).
    #[arg(long, value_name = "FILE", conflicts_with = "pack")]
    pub manifest: Option<PathBuf>,
    /// Check availability against this .gtxpack.
    #[arg(long, value_name = "FILE")]
    pub pack: Option<PathBuf>,
    /// The organisation (with --manifest or --pack).
    #[arg(long, value_name = "ORG", default_value = "local")]
    pub org: String,
    /// The connection's current grant (with --manifest or --pack).
    #[arg(long, value_name = "FILE")]
    pub grant: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    #[command(flatten)]
    pub common: CatalogCommon,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    match args.command {
        DynamicCommand::Admit(a) => admit(a, shell),
        DynamicCommand::Catalog(c) => match c.command {
            CatalogCommand::Show(a) => show(a, shell),
            CatalogCommand::Diff(a) => diff(a, shell),
        },
    }
}

fn fail(shell: &mut Shell, e: DynamicError) -> anyhow::Result<ExitCode> {
    Ok(shell.fail(Failure::error(&e)))
}

fn admit(args: AdmitArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = AdmitOptions {
        descriptors: match args.descriptors {
            Some(p) => Descriptors::File(p),
            None => Descriptors::Stdin,
        },
        extension: args.extension.extension(),
        org: args.extension.org.clone(),
        grant: args.extension.grant.clone(),
        max_derived_tools: args.max_derived_tools,
        catalog: match (args.catalog, args.connection) {
            (Some(dir), Some(connection)) => Some(CatalogTarget { dir, connection }),
            _ => None,
        },
    };
    let outcome = match gtdx_ops::dynamic::admit(&options) {
        Ok(o) => o,
        Err(e) => return fail(shell, e),
    };
    match shell.format() {
        Format::Json => shell.print_json(&outcome),
        Format::Human => render_admission(&outcome, shell)?,
    }
    let code = deny_exit(shell, &outcome, args.deny_rejected, args.deny_withheld);
    gtdx_ops::drop_in_background(outcome);
    code
}

fn show(args: ShowArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let ext = match (&args.pack, &args.manifest) {
        (Some(p), _) => Some(Extension::Pack(p.clone())),
        (None, Some(m)) => Some(Extension::Manifest(m.clone())),
        (None, None) => None,
    };
    let options = CatalogOptions {
        dir: args.common.catalog.clone(),
        connection: args.common.connection.clone(),
        against: ext.map(|e| (e, args.grant.clone(), args.org.clone())),
    };
    let shown = match gtdx_ops::dynamic::show_catalog(&options) {
        Ok(s) => s,
        Err(e) => return fail(shell, e),
    };
    match shell.format() {
        Format::Json => shell.print_json(&shown),
        Format::Human => {
            let c = &shown.catalog;
            let mut out = String::new();
            writeln!(
                out,
                "connection `{}`: {} (sync #{}, {} in org `{}`)",
                Untrusted(&c.connection),
                count(c.tools.len(), "tool", "tools"),
                c.sync,
                Untrusted(&c.extension),
                Untrusted(&c.org)
            )?;
            if let Some(a) = &shown.availability {
                match &a.reason {
                    Some(r) if !a.available => writeln!(out, "UNAVAILABLE: {}", Untrusted(r))?,
                    _ => writeln!(out, "available under the current artifact and grant")?,
                }
            }
            for t in &c.tools {
                writeln!(
                    out,
                    "  {}  {}  {}  ({})",
                    Untrusted(&t.key),
                    Untrusted(&t.agent.id),
                    Untrusted(&t.agent.name),
                    format!("{:?}", t.effect).to_lowercase()
                )?;
            }
            for w in &c.withheld {
                writeln!(
                    out,
                    "  withheld {}: {}",
                    Untrusted(&w.key),
                    Untrusted(&w.reason)
                )?;
            }
            for x in &c.rejected {
                writeln!(
                    out,
                    "  rejected {}: {}",
                    Untrusted(x.key.as_deref().unwrap_or(&x.pointer)),
                    Untrusted(&x.reason)
                )?;
            }
            shell.print(out);
        }
    }
    Ok(exit::code(exit::OK))
}

fn diff(args: DiffArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = CatalogOptions {
        dir: args.common.catalog.clone(),
        connection: args.common.connection.clone(),
        against: None,
    };
    let shown = match gtdx_ops::dynamic::show_catalog(&options) {
        Ok(s) => s,
        Err(e) => return fail(shell, e),
    };
    let d = &shown.catalog.last_sync;
    match shell.format() {
        Format::Json => shell.print_json(&serde_json::json!({
            "connection": shown.catalog.connection,
            "sync": shown.catalog.sync,
            "added": d.added,
            "removed": d.removed,
            "changed": d.changed,
            "unchanged": d.unchanged,
        })),
        Format::Human => {
            let mut out = String::new();
            writeln!(
                out,
                "connection `{}`, sync #{}: {} added, {} removed, {} changed, {} unchanged",
                Untrusted(&shown.catalog.connection),
                shown.catalog.sync,
                d.added.len(),
                d.removed.len(),
                d.changed.len(),
                d.unchanged
            )?;
            for k in &d.added {
                writeln!(out, "  + {}", Untrusted(k))?;
            }
            for k in &d.removed {
                writeln!(out, "  - {}", Untrusted(k))?;
            }
            for k in &d.changed {
                writeln!(out, "  ~ {}", Untrusted(k))?;
            }
            shell.print(out);
        }
    }
    Ok(exit::code(exit::OK))
}
