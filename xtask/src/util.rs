//! Helpers shared by the tasks: running commands loudly, finding the workspace root.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Runs a command in the workspace root, echoing it, failing on a non-zero exit.
pub fn sh(cmd: &mut Command) -> anyhow::Result<()> {
    eprintln!("$ {}", describe(cmd));
    let status = cmd.current_dir_if_unset().status()?;
    anyhow::ensure!(status.success(), "`{}` failed with {status}", describe(cmd));
    Ok(())
}

/// Whether a program is on PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program} >/dev/null 2>&1")])
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

pub fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

trait CurrentDir {
    fn current_dir_if_unset(&mut self) -> &mut Self;
}

impl CurrentDir for Command {
    fn current_dir_if_unset(&mut self) -> &mut Self {
        if self.get_current_dir().is_none() {
            self.current_dir(root());
        }
        self
    }
}

/// The cargo target directory: `$CARGO_TARGET_DIR`, else the workspace's `target/`.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// `DIR/.cargo/config.toml` patching gtdx-sdk, gtdx-describe and the gtdx crates they need to
/// this checkout: projects generated under DIR keep `gtdx new`'s default (the SDK by version,
/// as a user's project has it) and build against these sources, the way a user tries an
/// unreleased SDK. All six, so none of a bundled project's own patch entries goes unused.
pub fn write_sdk_patch(dir: &std::path::Path) -> anyhow::Result<()> {
    let crates = root().join("crates");
    let mut config = String::from(
        "# Written by cargo xtask: the SDK crates from this checkout.\n[patch.crates-io]\n",
    );
    for krate in gtdx_scaffold::bundle::CRATES {
        let dir = crates.join(krate.trim_start_matches("gtdx-"));
        config.push_str(&format!("{krate} = {{ path = '{}' }}\n", dir.display()));
    }
    std::fs::create_dir_all(dir.join(".cargo"))?;
    std::fs::write(dir.join(".cargo/config.toml"), config)?;
    Ok(())
}
