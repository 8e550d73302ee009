//! `gtdx registries list|add|remove|set-default`: the `[[registries]]` and `[default]` of the
//! home's config.toml, shared with the platform's `gtdx`.

use std::fmt::Write as _;
use std::process::ExitCode;

use gtdx_ops::registries::{self, AddOptions, Added, Listing, RegistriesError};

use crate::shell::{Failure, Format, Shell, Untrusted};

/// `gtdx registries <COMMAND>`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: RegistriesCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum RegistriesCommand {
    /// List the configured registries (and the built-in greentic-store), marking the default.
    List {
        #[command(flatten)]
        format: crate::args::FormatArgs,
    },
    /// Add a registry under NAME, or replace the URL of the one of that name.
    Add {
        /// The name `--registry NAME` will take.
        name: String,
        /// https://HOST (a Greentic Store; http:// only to localhost), file:///DIR or
        /// oci://HOST/NAMESPACE.
        url: String,
        /// An environment variable holding this registry's token (read at each use, never
        /// stored).
        #[arg(long, value_name = "VAR")]
        token_env: Option<String>,
        /// Accept a plain http:// URL to a host that is not this machine (tokens and packs
        /// then cross the network unencrypted).
        #[arg(long)]
        insecure: bool,
    },
    /// Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`).
    Remove { name: String },
    /// Make NAME the registry `publish`, `login` and `logout` use without --registry.
    SetDefault { name: String },
}

impl Args {
    pub(crate) fn format(&self) -> Format {
        match &self.command {
            RegistriesCommand::List { format } => format.format,
            _ => Format::Human,
        }
    }
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    match run_inner(args, shell) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Ok(failed(shell, &e)),
    }
}

fn run_inner(args: Args, shell: &mut Shell) -> Result<(), RegistriesError> {
    let home = registries::home()?;
    match args.command {
        RegistriesCommand::List { .. } => {
            let listing = registries::list(&home)?;
            if let Some(loose) = &listing.loose {
                shell.warn(loose);
            }
            match shell.format() {
                Format::Json => shell.print_json(&listing),
                Format::Human => shell.print(table(&listing)),
            }
        }
        RegistriesCommand::Add {
            name,
            url,
            token_env,
            insecure,
        } => {
            let o = AddOptions {
                name,
                url,
                token_env,
                insecure,
            };
            let verb = match registries::add(&home, &o)? {
                Added::New => "Added",
                Added::Replaced => "Replaced",
            };
            let shown = gtdx_ops::without_credentials(&o.url).into_owned();
            shell.status(verb, format!("{} ({shown})", Untrusted(&o.name)));
        }
        RegistriesCommand::Remove { name } => {
            registries::remove(&home, &name)?;
            shell.status("Removed", Untrusted(&name));
        }
        RegistriesCommand::SetDefault { name } => {
            registries::set_default(&home, &name)?;
            shell.status("Default", format!("registry is now {}", Untrusted(&name)));
        }
    }
    Ok(())
}

/// `NAME  URL  NOTES` rows, the default marked with `*`.
fn table(l: &Listing) -> String {
    let rows: Vec<[String; 3]> = l
        .registries
        .iter()
        .map(|r| {
            let mut notes: Vec<String> = Vec::new();
            if r.built_in {
                notes.push("built in".into());
            }
            if let Some(v) = &r.token_env {
                notes.push(format!("token from ${}", Untrusted(v)));
            }
            if r.logged_in {
                notes.push("logged in".into());
            }
            let mark = if r.default { "* " } else { "  " };
            [
                format!("{mark}{}", Untrusted(&r.name)),
                Untrusted(&r.url).to_string(),
                notes.join(", "),
            ]
        })
        .collect();
    let w0 = rows.iter().map(|r| r[0].len()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r[1].len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in &rows {
        let line = format!("{:<w0$}  {:<w1$}  {}", r[0], r[1], r[2]);
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if !l.registries.iter().any(|r| r.default) {
        let _ = writeln!(
            out,
            "default: {} (not configured: `gtdx registries add {} URL`)",
            Untrusted(&l.default),
            Untrusted(&l.default)
        );
    }
    out
}

/// Ends a failed registries, login or logout run: the error paragraph ending with the
/// `gtdx explain CODE` that documents it (as the Store's errors do), and in JSON mode the error
/// event carrying the code.
pub(crate) fn failed(shell: &mut Shell, e: &RegistriesError) -> ExitCode {
    let mut message = crate::shell::error_text(e);
    let code = e.code();
    if let Some(code) = code {
        message.push_str(&format!(" (`gtdx explain {code}`)"));
    }
    let mut failure = Failure::message(message.clone());
    if let (true, Some(code)) = (shell.is_json(), code) {
        failure = failure.with(vec![gtdx_ops::Diagnostic::new(code, "", message)]);
    }
    shell.fail(failure)
}
