//! `gtdx login` and `gtdx logout`: a registry's token in the home's credentials.toml (0600), as
//! the platform's `gtdx` stores it. The token is never printed; browser device login is not
//! offered (a token made on the store's page is given, set in GTDX_TOKEN, or pasted).

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use gtdx_ops::registries::{self, RegistriesError, TOKEN_ENV, Token, TokenSource};

use crate::shell::{Shell, Untrusted};

/// `gtdx login [--registry R] [--token T | --paste]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The registry to log in to: a configured name or greentic-store. Without it, config.toml's
    /// default registry.
    #[arg(long, value_name = "NAME")]
    pub registry: Option<String>,
    /// The token. Visible to other users in the process list: prefer GTDX_TOKEN or --paste on
    /// a shared machine.
    #[arg(long, value_name = "TOKEN", conflicts_with = "paste")]
    pub token: Option<String>,
    /// Read the token from standard input (one line; not echoed on a terminal).
    #[arg(long)]
    pub paste: bool,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// `gtdx logout [--registry R]`
#[derive(Debug, clap::Args)]
pub struct LogoutArgs {
    /// The registry to log out of. Without it, config.toml's default registry.
    #[arg(long, value_name = "NAME")]
    pub registry: Option<String>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    Ok(match login(args, shell) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::registries::failed(shell, &e),
    })
}

fn login(args: Args, shell: &mut Shell) -> Result<(), RegistriesError> {
    let home = registries::home()?;
    // The registry is checked before a token is asked for.
    let (name, url) = registries::target(&home, args.registry.as_deref())?;
    let token = obtain(&args, &name, &url, shell)?;
    let done = registries::login(&home, Some(&name), &token)?;
    // The document names the registry and the file, never the token.
    if shell.is_json() {
        shell.print_json(&done);
    }
    shell.status(
        "Logged in",
        format!(
            "to {} ({}); the token is in {}",
            Untrusted(&done.registry),
            Untrusted(&done.url),
            done.credentials.display()
        ),
    );
    warn_loose(shell, &home);
    Ok(())
}

/// The warning for a credentials.toml others can read, once (the command line's own warning
/// for a token read from it is taken here).
fn warn_loose(shell: &mut Shell, home: &gtdx_ops::install::Home) {
    if let Some(loose) = registries::take_loose_read().or_else(|| registries::loose_mode(home)) {
        shell.warn(loose);
    }
}

/// The token: `--token`, else `GTDX_TOKEN`, else a pasted line (a prompt on a terminal).
fn obtain(args: &Args, name: &str, url: &str, shell: &mut Shell) -> Result<Token, RegistriesError> {
    let empty = || RegistriesError::EmptyToken {
        registry: name.to_string(),
    };
    if let Some(t) = &args.token {
        return Token::new(t, TokenSource::Given).ok_or_else(empty);
    }
    if !args.paste
        && let Some(t) = std::env::var(TOKEN_ENV)
            .ok()
            .and_then(|v| Token::new(&v, TokenSource::Env(TOKEN_ENV.into())))
    {
        shell.note(format!("using the token in ${TOKEN_ENV}"));
        return Ok(t);
    }
    let terminal = std::io::stdin().is_terminal();
    // No question in JSON mode (as `gtdx install` asks none): the token is given or piped.
    let ask = terminal && !shell.is_json();
    if !args.paste && !ask {
        return Err(RegistriesError::NoToken {
            registry: name.to_string(),
        });
    }
    if ask {
        shell.note(format!(
            "Paste the access token for {} (make one on {}; gtdx has no browser login). It is not shown as you type.",
            Untrusted(name),
            Untrusted(url)
        ));
    }
    let line = read_line(terminal).map_err(RegistriesError::Stdin)?;
    Token::new(&line, TokenSource::Given).ok_or_else(empty)
}

/// One line of standard input, with echo off while it is read from a terminal.
fn read_line(terminal: bool) -> std::io::Result<String> {
    let _quiet = if terminal {
        no_echo::Guard::new()
    } else {
        None
    };
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    if terminal {
        eprintln!();
    }
    Ok(line)
}

pub fn run_logout(args: LogoutArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    Ok(match logout(args, shell) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::registries::failed(shell, &e),
    })
}

fn logout(args: LogoutArgs, shell: &mut Shell) -> Result<(), RegistriesError> {
    let home = registries::home()?;
    let done = registries::logout(&home, args.registry.as_deref())?;
    if shell.is_json() {
        shell.print_json(&done);
    }
    if done.removed {
        shell.status(
            "Logged out",
            format!(
                "of {} (its token is removed from {})",
                Untrusted(&done.registry),
                done.credentials.display()
            ),
        );
    } else {
        shell.note(format!(
            "no token stored for {} in {}; nothing to do",
            Untrusted(&done.registry),
            done.credentials.display()
        ));
    }
    if let Some(var) = &done.still_from {
        shell.warn(format!(
            "${} still gives {} a token; unset it to stop using one",
            Untrusted(var),
            Untrusted(&done.registry)
        ));
    }
    warn_loose(shell, &home);
    Ok(())
}

/// Terminal echo off for the life of a [`no_echo::Guard`] (restored on drop).
#[cfg(unix)]
mod no_echo {
    pub struct Guard(libc::termios);

    impl Guard {
        /// `None` when standard input's terminal settings cannot be read (then input echoes).
        pub fn new() -> Option<Guard> {
            let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
            // SAFETY: tcgetattr fills the struct on success; it is read only then.
            let saved = unsafe {
                if libc::tcgetattr(libc::STDIN_FILENO, t.as_mut_ptr()) != 0 {
                    return None;
                }
                t.assume_init()
            };
            let mut quiet = saved;
            quiet.c_lflag &= !libc::ECHO;
            // SAFETY: a valid termios for the same descriptor.
            if unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &quiet) } != 0 {
                return None;
            }
            Some(Guard(saved))
        }
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            // SAFETY: restores the settings read in `new`.
            unsafe {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &self.0);
            }
        }
    }
}

#[cfg(not(unix))]
mod no_echo {
    pub struct Guard;

    impl Guard {
        pub fn new() -> Option<Guard> {
            None
        }
    }
}
