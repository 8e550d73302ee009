//! `gtdx keygen`: make an ed25519 key pair for signing.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::keys::KeygenOptions;

use crate::shell::{Format, Shell};

/// `gtdx keygen [--out-dir DIR] [--name NAME]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Directory for NAME.key (secret, mode 0600) and NAME.pub.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out_dir: PathBuf,
    /// Base name of the two key files.
    #[arg(long, default_value = "gtdx")]
    pub name: String,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let g = gtdx_ops::keys::keygen(&KeygenOptions {
        out_dir: args.out_dir,
        name: args.name,
    })?;
    match shell.format() {
        Format::Json => {
            let doc = serde_json::json!({
                "secretKeyFile": g.secret_path.display().to_string(),
                "publicKeyFile": g.public_path.display().to_string(),
                "keyId": g.public.key_id.to_string(),
                "publicKey": g.public.to_base64(),
                "minisignPublicKey": g.public.to_minisign_line(),
            });
            shell.print_json(&doc);
        }
        Format::Human => {
            use std::fmt::Write as _;
            let mut out = String::new();
            writeln!(out, "Generated an ed25519 signing key.")?;
            writeln!(
                out,
                "  secret key file: {} (mode 0600: keep it private, never commit it)",
                g.secret_path.display()
            )?;
            writeln!(out, "  public key file: {}", g.public_path.display())?;
            writeln!(out, "  key id:          {}", g.public.key_id)?;
            writeln!(out, "  public key:      {}", g.public.to_base64())?;
            writeln!(
                out,
                "Sign with `gtdx sign PACK --key {}`;",
                g.secret_path.display()
            )?;
            writeln!(
                out,
                "verifiers trust it with `gtdx verify PACK --trusted-key {}` (commit that file).",
                g.public_path.display()
            )?;
            shell.print(out);
        }
    }
    Ok(crate::exit::code(crate::exit::OK))
}
