//! `gtdx key`: key conversions (to and from minisign's public key format).

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::keys::ExportSource;

use crate::shell::Shell;

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
    /// With --key: print the secret key as a PKCS#8 PEM, the platform's key format (its
    /// `publish --key FILE`, `--key-id`, `GREENTIC_EXT_SIGNING_KEY_PEM`). It is the secret:
    /// redirect it to a file only you can read.
    #[arg(long, requires = "key", conflicts_with = "minisign")]
    pub pem: bool,
    /// With `json`: one document (key id, base64 public key, both file formats).
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

impl Args {
    pub(crate) fn format(&self) -> crate::shell::Format {
        let KeyCommand::Export(a) = &self.command;
        a.format.format
    }
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let KeyCommand::Export(args) = args.command;
    if let (true, Some(path)) = (args.pem, &args.key) {
        let pem = gtdx_ops::keys::export_secret_pem(path)?;
        shell.print_document(pem.as_str());
        return Ok(crate::exit::code(crate::exit::OK));
    }
    let source = match (args.key, args.public) {
        (Some(path), _) => ExportSource::SecretKeyFile(path),
        (None, Some(p)) => ExportSource::Public(p),
        (None, None) => anyhow::bail!("pass a public key or --key FILE"),
    };
    let public = gtdx_ops::keys::export(&source)?;
    if shell.is_json() {
        shell.print_json(&serde_json::json!({
            "keyId": public.key_id.to_string(),
            "publicKey": public.to_base64(),
            "file": public.to_file_text(),
            "minisignFile": public.to_minisign_file(),
        }));
    } else if args.minisign {
        shell.print_document(public.to_minisign_file());
    } else {
        shell.print_document(public.to_file_text());
    }
    Ok(crate::exit::code(crate::exit::OK))
}
