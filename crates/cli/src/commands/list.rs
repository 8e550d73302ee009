//! `gtdx list`: the extensions installed in $GREENTIC_HOME, with their state.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::shell::{Format, Shell, Untrusted};

/// `gtdx list [--tenant T]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Show whether each extension is enabled for this tenant (its override, else the default).
    #[arg(long, value_name = "TENANT")]
    pub tenant: Option<String>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    let listing = gtdx_ops::installed::list(&home)?;
    for p in &listing.problems {
        shell.warn(p);
    }
    match shell.format() {
        Format::Json => shell.print_json(&listing),
        Format::Human => {
            if listing.extensions.is_empty() {
                shell.note(format!(
                    "nothing installed in {} (`gtdx install` adds extensions)",
                    listing.home.display()
                ));
                return Ok(ExitCode::SUCCESS);
            }
            let rows: Vec<[String; 5]> = listing
                .extensions
                .iter()
                .map(|e| {
                    let i = &e.installed.info;
                    // The key id gtdx derives from the public key (what `gtdx keygen` prints).
                    let signer = match &i.signer {
                        Some(k) => gtdx_ops::install::key_label(k)
                            .trim_start_matches("key ")
                            .to_string(),
                        None => "unsigned".into(),
                    };
                    let mut enabled = match &args.tenant {
                        Some(t) => {
                            let v = e.tenants.get(t).copied().unwrap_or(e.enabled);
                            let state = if v { "enabled" } else { "disabled" };
                            format!("{state} ({})", Untrusted(t))
                        }
                        None => (if e.enabled { "enabled" } else { "disabled" }).to_string(),
                    };
                    if args.tenant.is_none() && !e.tenants.is_empty() {
                        let overrides: Vec<String> = e
                            .tenants
                            .iter()
                            .map(|(t, v)| {
                                format!("{}: {}", Untrusted(t), if *v { "on" } else { "off" })
                            })
                            .collect();
                        write!(enabled, " [{}]", overrides.join(", ")).ok();
                    }
                    // What the installed packs say: shown as text.
                    [
                        Untrusted(&i.id).to_string(),
                        Untrusted(&i.version).to_string(),
                        Untrusted(&e.installed.kind_dir).to_string(),
                        signer,
                        enabled,
                    ]
                })
                .collect();
            let head = ["ID", "VERSION", "KIND", "SIGNER", "ENABLED"];
            let mut w = [0usize; 5];
            for r in rows
                .iter()
                .map(|r| r.each_ref().map(String::len))
                .chain([head.map(str::len)])
            {
                for (i, n) in r.iter().enumerate() {
                    w[i] = w[i].max(*n);
                }
            }
            let mut out = String::new();
            let line = |out: &mut String, r: [&str; 5]| {
                let _ = writeln!(
                    out,
                    "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {}",
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    r[4],
                    w0 = w[0],
                    w1 = w[1],
                    w2 = w[2],
                    w3 = w[3]
                );
            };
            line(&mut out, head);
            for r in &rows {
                line(&mut out, r.each_ref().map(String::as_str));
            }
            shell.print(out);
        }
    }
    Ok(ExitCode::SUCCESS)
}
