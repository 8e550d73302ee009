//! `gtdx completions SHELL`: a completion script generated from the same clap definitions as
//! the parser, so it never lags behind a flag. The repository also ships the scripts under
//! `share/completions/` (`cargo xtask codegen`).

use std::process::ExitCode;

/// `gtdx completions <bash|zsh|fish|powershell|elvish>`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

pub fn run(args: Args, _shell: &mut crate::shell::Shell) -> anyhow::Result<ExitCode> {
    let mut command = crate::command();
    clap_complete::generate(args.shell, &mut command, "gtdx", &mut std::io::stdout());
    Ok(crate::exit::code(crate::exit::OK))
}
