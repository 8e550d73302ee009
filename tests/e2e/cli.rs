//! Cargo's habits: `cargo gtdx …` as a cargo subcommand, shell completions.

use std::process::Command;

#[test]
fn cargo_gtdx_runs_gtdx_as_a_cargo_subcommand() {
    let bin = assert_cmd::cargo::cargo_bin("cargo-gtdx");
    let dir = bin.parent().expect("binary directory");
    let path = std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["gtdx", "explain", "e_api_version"])
        .env("PATH", path)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with("E_API_VERSION (error, validate):"),
        "{stdout}"
    );
}

#[test]
fn completions_are_printed_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_gtdx()"),
        ("zsh", "#compdef gtdx"),
        ("fish", "complete -c gtdx"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[gtdx]"),
    ] {
        let out = crate::support::gtdx()
            .args(["completions", shell])
            .output()
            .expect("gtdx runs");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(
            script.contains("worker"),
            "{shell}: subcommands are completed"
        );
    }
    let out = crate::support::gtdx()
        .args(["completions", "tcsh"])
        .output()
        .expect("gtdx runs");
    assert_eq!(out.status.code(), Some(2));
}
