//! `cargo xtask demo`: the main job end to end on a bundled example.
//!
//! For now: validate and lint the bundled example manifest. It grows with each command until it
//! runs new → describe → lint → build → sign → verify → worker.

use std::path::PathBuf;
use std::process::Command;

use crate::util::{root, sh};

pub fn run_demo(_args: &[String]) -> anyhow::Result<()> {
    crate::test::ensure_wasm_target()?;
    sh(Command::new("cargo").args(["build", "--quiet", "--package", "gtdx"]))?;
    let gtdx = gtdx_binary();
    let example = root().join("examples/hello/describe.json");
    step("validate the bundled example");
    sh(Command::new(&gtdx).arg("validate").arg(&example))?;
    step("lint it");
    sh(Command::new(&gtdx).arg("lint").arg(&example))?;
    eprintln!("\ndemo finished: every step passed");
    Ok(())
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    run_demo(args)
}

fn step(what: &str) {
    eprintln!("\n==> {what}");
}

/// The debug `gtdx` binary in the workspace target directory.
fn gtdx_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target.join("debug").join(format!("gtdx{}", std::env::consts::EXE_SUFFIX))
}
