//! `gtdx key`: key conversions (to and from minisign's public key format).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

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
    let public = match (&args.key, &args.public) {
        (Some(path), _) => gtdx_sign::SecretKey::load_file(path)?.public(),
        (None, Some(p)) => {
            let mut policy = gtdx_sign::TrustPolicy::default();
            policy.add_key_arg(p)?;
            if policy.keys.len() != 1 {
                anyhow::bail!(
                    "{p} holds {} keys; export takes exactly one",
                    policy.keys.len()
                );
            }
            policy.keys.remove(0)
        }
        (None, None) => anyhow::bail!("pass a public key or --key FILE"),
    };
    let text = if args.minisign {
        public.to_minisign_file()
    } else {
        public.to_file_text()
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(crate::exit::code(crate::exit::OK))
}
