//! `cargo xtask fuzz [--minutes N] [TARGET...] [-- LIBFUZZER_ARGS...]`: runs the cargo-fuzz
//! targets (`fuzz/fuzz_targets/`), each for N minutes (default 1), one after the other; with
//! TARGET names, only those. Not part of CI; docs/fuzzing.md records the last long run.
//!
//! The targets cover every parser of untrusted input: `check` (describe.json: parse, validate,
//! lint), `pack` (the pack reader, on bytes in memory), `keys` (key files), `minisign`
//! (signature files), `jcs` (RFC 8785 canonical form), `worker_spec` (TOML, YAML, JSON specs) and
//! `describe_scan` (the static scan of Rust sources).
//!
//! cargo-fuzz needs a nightly toolchain (libFuzzer and the sanitizers use unstable flags); the
//! task installs cargo-fuzz with `cargo install` when it is missing and says what to do when
//! nightly is. Each corpus is seeded from the repository's fixtures and `fuzz/seeds/<target>/`
//! (a real pack, built by `gtdx pack` from `tests/fixtures/build/minimal`); crashes land in
//! `fuzz/artifacts/<target>/`. The fuzz crate is its own workspace with its own target
//! directory, so its instrumented builds never touch the shared one.

use std::path::Path;
use std::process::Command;

use crate::util::{root, sh};

/// Every target, with the fixture files (by extension) its corpus is seeded from.
const TARGETS: &[(&str, &[&str])] = &[
    ("check", &["json"]),
    ("pack", &["gtxpack", "zip"]),
    ("keys", &["pub", "key"]),
    ("minisign", &["minisig"]),
    ("jcs", &["json"]),
    ("worker_spec", &["toml", "yaml", "yml"]),
    ("describe_scan", &["rs"]),
];

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let (ours, passthrough) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut minutes: u64 = 1;
    let mut chosen: Vec<&str> = Vec::new();
    let mut it = ours.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--minutes" => {
                minutes = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| anyhow::anyhow!("--minutes takes a number of minutes"))?;
            }
            name if TARGETS.iter().any(|(t, _)| *t == name) => chosen.push(name),
            other => anyhow::bail!(
                "unknown fuzz target or flag `{other}`; the targets are {}",
                TARGETS
                    .iter()
                    .map(|(t, _)| *t)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
    let seconds = minutes * 60;

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

    for (target, seeds) in TARGETS {
        if !chosen.is_empty() && !chosen.contains(target) {
            continue;
        }
        let corpus = root().join("fuzz/corpus").join(target);
        seed_corpus(&root().join("tests/fixtures"), &corpus, seeds)?;
        // Seeds the fixtures do not hold (a real pack: packs are built by the tests, not kept).
        let own = root().join("fuzz/seeds").join(target);
        if own.is_dir() {
            seed_corpus(&own, &corpus, seeds)?;
        }
        eprintln!("==> fuzz {target} for {minutes} min");
        let mut cmd = Command::new("cargo");
        cmd.args(["+nightly", "fuzz", "run", target])
            .arg(&corpus)
            .arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .arg("-max_len=65536")
            .arg("-timeout=10")
            .arg("-rss_limit_mb=2048");
        if *target == "check" {
            cmd.arg(format!(
                "-dict={}",
                root().join("fuzz/check.dict").display()
            ));
        }
        cmd.args(passthrough)
            // Known false positives (glibc's thread-local destructor list), documented there.
            .env(
                "LSAN_OPTIONS",
                format!("suppressions={}", root().join("fuzz/lsan.supp").display()),
            )
            // The instrumented build stays in fuzz/target, away from the shared target directory.
            .env_remove("CARGO_TARGET_DIR");
        sh(&mut cmd)?;
        eprintln!("{target}: {minutes} min without a crash");
    }
    Ok(())
}

/// Copies every fixture file with one of `extensions` into the corpus (idempotent).
fn seed_corpus(from: &Path, to: &Path, extensions: &[&str]) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut stack = vec![from.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| extensions.iter().any(|x| e == *x))
                && std::fs::metadata(&path).is_ok_and(|m| m.len() <= 65536)
            {
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
