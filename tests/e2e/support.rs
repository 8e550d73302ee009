//! Shared helpers for the end-to-end tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The workspace root (where the top-level Cargo.toml lives).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture file or directory under `tests/fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    workspace_root().join("tests/fixtures").join(rel)
}

/// The shared `../shared` directory that sits beside the checkout (reference schema, WIT).
pub fn shared_dir() -> PathBuf {
    workspace_root().join("../shared")
}

/// A `Command` for the real `gtdx` binary built by this workspace.
pub fn gtdx() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("gtdx").expect("gtdx binary is built");
    cmd.env_remove("RUST_BACKTRACE").env("NO_COLOR", "1");
    // `gtdx lint` compares with the installed copy under $GREENTIC_HOME by default: none here,
    // unless a test sets its own.
    cmd.env(
        "GREENTIC_HOME",
        workspace_root().join("target/e2e-greentic-home-empty"),
    );
    cmd
}

/// The target directory every cargo build in the tests shares, so extensions compile once.
pub fn shared_target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// Copies a directory tree (fixtures are copied into temp dirs before a test mutates them).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() == "target" {
                continue;
            }
            copy_dir(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// Runs `gtdx <args>` in `dir`; returns (exit code, stdout, stderr).
pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = gtdx()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("gtdx runs");
    (
        out.status.code().expect("gtdx exited normally (no signal)"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
