//! `cargo xtask fuzz [--time SECONDS] [-- LIBFUZZER_ARGS...]`: runs the cargo-fuzz target
//! `check` (parse + validate + lint of arbitrary bytes, `fuzz/fuzz_targets/check.rs`) locally.
//! Not part of CI.
//!
//! cargo-fuzz needs a nightly toolchain (libFuzzer and the sanitizers use unstable flags); the
//! task installs cargo-fuzz with `cargo install` when it is missing and says what to do when
//! nightly is. The corpus is seeded from the manifest fixtures; crashes land in
//! `fuzz/artifacts/check/`. The fuzz crate is its own workspace with its own target directory,
//! so its instrumented builds never touch the shared one.

use std::path::Path;
use std::process::Command;

use crate::util::{root, sh};

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let (ours, passthrough) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let seconds: u64 = match ours.iter().position(|a| a == "--time") {
        Some(i) => ours
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("--time takes a number of seconds"))?,
        None => 60,
    };

    let nightly = Command::new("cargo")
        .args(["+nightly", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    anyhow::ensure!(
        nightly,
        "cargo-fuzz needs a nightly toolchain and none is installed; run `rustup toolchain install nightly` and try again"
    );
    let have_fuzz = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_fuzz {
        sh(Command::new("cargo").args(["install", "cargo-fuzz", "--locked"]))?;
    }

    let corpus = root().join("fuzz/corpus/check");
    seed_corpus(&root().join("tests/fixtures/manifests"), &corpus)?;

    let mut cmd = Command::new("cargo");
    cmd.args(["+nightly", "fuzz", "run", "check"])
        .arg(&corpus)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!(
            "-dict={}",
            root().join("fuzz/check.dict").display()
        ))
        .arg("-max_len=65536")
        .arg("-timeout=10")
        .args(passthrough)
        // The instrumented build stays in fuzz/target, away from the shared target directory.
        .env_remove("CARGO_TARGET_DIR");
    sh(&mut cmd)?;
    eprintln!("fuzzing finished after {seconds}s without a crash");
    Ok(())
}

/// Copies every fixture manifest into the corpus (idempotent).
fn seed_corpus(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut stack = vec![from.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let name = path
                    .strip_prefix(from)?
                    .to_string_lossy()
                    .replace('/', "__");
                std::fs::copy(&path, to.join(name))?;
            }
        }
    }
    Ok(())
}
