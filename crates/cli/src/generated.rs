//! Files generated from the clap definitions: shell completion scripts and man pages, written
//! under `share/` by `cargo xtask codegen` and kept in step by a test
//! (`crates/cli/tests/generated.rs`).

use clap_complete::Shell;

/// Every generated file: its path relative to the repository root, and its bytes.
pub fn files() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        let mut bytes = Vec::new();
        clap_complete::generate(shell, &mut crate::command(), "gtdx", &mut bytes);
        let name = match shell {
            Shell::Bash => "gtdx.bash".to_string(),
            Shell::Zsh => "_gtdx".to_string(),
            Shell::Fish => "gtdx.fish".to_string(),
            Shell::PowerShell => "_gtdx.ps1".to_string(),
            _ => "gtdx.elv".to_string(),
        };
        out.push((format!("share/completions/{name}"), bytes));
    }
    man_pages(&crate::command(), "gtdx", &mut out);
    out
}

/// `gtdx.1`, and one page per subcommand (`gtdx-build.1`, `gtdx-worker-build.1`, …).
fn man_pages(command: &clap::Command, name: &str, out: &mut Vec<(String, Vec<u8>)>) {
    let command = command
        .clone()
        .name(name.to_string())
        .version(env!("CARGO_PKG_VERSION"));
    let mut bytes = Vec::new();
    // Rendering into a Vec cannot fail.
    let _ = clap_mangen::Man::new(command.clone()).render(&mut bytes);
    out.push((format!("share/man/man1/{name}.1"), bytes));
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        man_pages(sub, &format!("{name}-{}", sub.get_name()), out);
    }
}
