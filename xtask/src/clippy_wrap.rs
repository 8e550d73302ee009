//! Clippy inside the test build, so that a cold `cargo xtask test` compiles the dependency tree
//! (wasmtime and cranelift above all) once rather than twice.
//!
//! `cargo clippy` is `cargo check` with clippy's driver as the *workspace wrapper*: cargo runs
//! `$RUSTC_WORKSPACE_WRAPPER rustc ARGS` for the workspace's own crates only, and the driver
//! lints while it compiles. A check build cannot share a unit with a test build, so the separate
//! clippy step used to type-check every dependency a second time (295 s of a 42-minute cold
//! run). Here the test build itself runs under the driver: same lints, same targets, same
//! `-D warnings`, and each dependency is compiled once.
//!
//! The wrapper is this xtask binary (a copy, so that cargo rebuilding xtask cannot replace it
//! mid-build). Test processes inherit the build's environment and build other workspaces
//! (fixtures, generated projects, packaged crates) with cargo; for those the wrapper is a
//! plain pass-through to rustc, so only this workspace's members are ever linted.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::root;

/// Set on the build so the xtask binary knows it runs as the wrapper; holds the workspace root.
const MARKER: &str = "GTDX_XTASK_CLIPPY_ROOT";
/// The driver reads its own arguments from this variable, `__CLIPPY_HACKERY__`-separated, as
/// `cargo clippy` passes them (and tracks it, so changing the lint flags recompiles).
const CLIPPY_ARGS: &str = "CLIPPY_ARGS";
const SEPARATOR: &str = "__CLIPPY_HACKERY__";
/// The arguments after `cargo clippy ... --`.
const LINT_FLAGS: &[&str] = &["-D", "warnings"];

/// Puts the build under the linting wrapper: after this, `cargo build`/`cargo test` of the
/// workspace fail as `cargo clippy --workspace --all-targets -- -D warnings` would.
pub fn lint_while_building(cmd: &mut Command) -> anyhow::Result<()> {
    let wrapper = installed_wrapper()?;
    let mut args = String::new();
    for flag in LINT_FLAGS {
        args.push_str(flag);
        args.push_str(SEPARATOR);
    }
    cmd.env("RUSTC_WORKSPACE_WRAPPER", wrapper)
        .env(MARKER, root())
        .env(CLIPPY_ARGS, args);
    Ok(())
}

/// The variables [`lint_while_building`] sets. The e2e suite's commands drop them
/// (`tests/e2e/support/cmd.rs`, `BUILD_ONLY`); a test below holds the two lists together.
#[cfg(test)]
const VARIABLES: &[&str] = &["RUSTC_WORKSPACE_WRAPPER", MARKER, CLIPPY_ARGS];

/// A copy of the running xtask at `target/tools/xtask-rustc-wrapper`, rewritten only when it
/// differs, so its path (part of cargo's fingerprint) stays the same from run to run.
fn installed_wrapper() -> anyhow::Result<PathBuf> {
    let me = std::env::current_exe()?;
    let dir = crate::util::target_dir().join("tools");
    std::fs::create_dir_all(&dir)?;
    let copy = dir.join(format!(
        "xtask-rustc-wrapper{}",
        std::env::consts::EXE_SUFFIX
    ));
    let same = std::fs::read(&copy).ok() == Some(std::fs::read(&me)?);
    if !same {
        let partial = dir.join(".xtask-rustc-wrapper.partial");
        std::fs::copy(&me, &partial)?;
        std::fs::rename(&partial, &copy)?;
    }
    Ok(copy)
}

/// When cargo runs this binary as the workspace wrapper (`xtask PATH/rustc ARGS`, with the
/// marker set), runs the compiler and returns its exit code; otherwise `None`.
pub fn as_wrapper(args: &[OsString]) -> Option<std::process::ExitCode> {
    let workspace = PathBuf::from(std::env::var_os(MARKER)?);
    let rustc = args.first()?;
    let stem = Path::new(rustc).file_stem()?.to_string_lossy().into_owned();
    if stem != "rustc" {
        return None;
    }
    let package = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let lint = package.is_some_and(|dir| is_member(&workspace, &dir));
    let mut cmd = if lint {
        let mut driver = Command::new("clippy-driver");
        driver.arg(rustc);
        driver
    } else {
        // Not one of ours (a fixture, a generated project): the compiler, exactly as without
        // a wrapper, and no lint flags.
        let mut plain = Command::new(rustc);
        plain.env_remove(CLIPPY_ARGS);
        plain
    };
    cmd.args(&args[1..]);
    Some(exit_code(run(cmd)))
}

/// Whether `dir` is a member of the workspace at `root`: the root package, `crates/*`, xtask.
fn is_member(root: &Path, dir: &Path) -> bool {
    dir == root || dir == root.join("xtask") || dir.parent() == Some(&root.join("crates"))
}

#[cfg(unix)]
fn run(mut cmd: Command) -> std::io::Result<std::process::ExitStatus> {
    use std::os::unix::process::CommandExt;
    // `exec` only returns on failure.
    Err(cmd.exec())
}

#[cfg(not(unix))]
fn run(mut cmd: Command) -> std::io::Result<std::process::ExitStatus> {
    cmd.status()
}

fn exit_code(status: std::io::Result<std::process::ExitStatus>) -> std::process::ExitCode {
    match status {
        Ok(s) if s.success() => std::process::ExitCode::SUCCESS,
        Ok(s) => std::process::ExitCode::from(s.code().unwrap_or(1).clamp(1, 255) as u8),
        Err(e) => {
            eprintln!("xtask (rustc wrapper): could not start the compiler: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_workspace_members_are_linted() {
        let root = Path::new("/w");
        assert!(is_member(root, Path::new("/w")));
        assert!(is_member(root, Path::new("/w/crates/lint")));
        assert!(is_member(root, Path::new("/w/xtask")));
        assert!(!is_member(root, Path::new("/w/tests/fixtures/hello")));
        assert!(!is_member(root, Path::new("/w/target/package/gtdx-0.1.0")));
        assert!(!is_member(root, Path::new("/tmp/hello-outside")));
        assert!(!is_member(root, Path::new("/w/crates/lint/examples")));
    }

    #[test]
    fn the_end_to_end_commands_drop_every_variable_the_build_sets() {
        let support = std::fs::read_to_string(root().join("tests/e2e/support/cmd.rs")).unwrap();
        let list = &support[support.find("const BUILD_ONLY").unwrap()..];
        let list = &list[..list.find("];").unwrap()];
        for name in VARIABLES {
            assert!(
                list.contains(&format!("\"{name}\"")),
                "BUILD_ONLY lacks {name}"
            );
        }
    }
}
