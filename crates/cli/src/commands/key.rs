//! `gtdx key`: key conversions (to and from minisign's public key format).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::keys::ExportSource;

/// `gtdx key <COMMAND>`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: KeyCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum KeyCommand {
    /// Print a public key as a gtdx .pub file, or with --minisign as a minisign public key.
    Export(ExportArgs),
}

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The public key: a .pub file (gtdx or minisign), base64, or a minisign `RW...` key.
    #[arg(required_unless_present = "key", conflicts_with = "key")]
    pub public: Option<String>,
    /// Export the public half of this secret key file instead.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
    /// Print minisign's format (`minisign -V -p FILE` reads it).
    #[arg(long)]
    pub minisign: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let KeyCommand::Export(args) = args.command;
    let source = match (args.key, args.public) {
        (Some(path), _) => ExportSource::SecretKeyFile(path),
        (None, Some(p)) => ExportSource::Public(p),
        (None, None) => anyhow::bail!("pass a public key or --key FILE"),
    };
    let public = gtdx_ops::keys::export(&source)?;
    let text = if args.minisign {
        public.to_minisign_file()
    } else {
        public.to_file_text()
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(crate::exit::code(crate::exit::OK))
}
