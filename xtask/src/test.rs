//! `cargo xtask test`: every check CI runs, after installing what the tests need.
//!
//! 1. installs the `wasm32-wasip2` target (rustup) and Debian's `minisign` (interop tests);
//! 2. `cargo fmt --check`;
//! 3. `cargo clippy --workspace --all-targets -D warnings`;
//! 4. `cargo test --workspace` — unit tests, the end-to-end suite (the real binary on real
//!    inputs, including real wasm32-wasip2 builds) and the proc-macro compile-fail tests.
//!
//! Everything shares one target directory so the test extensions compile once per run.

use std::process::Command;

use crate::util::{have, sh};

pub fn run_all(args: &[String]) -> anyhow::Result<()> {
    let quick = args.iter().any(|a| a == "--no-lint");
    install_prerequisites()?;
    if !quick {
        sh(Command::new("cargo").args(["fmt", "--all", "--", "--check"]))?;
        sh(Command::new("cargo").args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))?;
    }
    let mut test = Command::new("cargo");
    // Every test binary runs even after one fails, so one CI run reports every failure and the
    // total line counts the whole suite.
    test.args(["test", "--workspace", "--no-fail-fast"]);
    // Pass anything after `--` through to the test harness (e.g. a name filter).
    if let Some(pos) = args.iter().position(|a| a == "--") {
        test.arg("--").args(&args[pos + 1..]);
    }
    run_counting(&mut test)
}

/// Runs `cargo test`, passing its output through, and ends with one plain total line
/// (`N passed, N failed`) summed over every test binary, so the last line of a run speaks for
/// the whole suite rather than for the last (often empty) doc-test binary.
fn run_counting(cmd: &mut Command) -> anyhow::Result<()> {
    use std::io::{BufRead, Write};
    eprintln!("$ {}", crate::util::describe(cmd));
    let mut child = cmd
        .current_dir(crate::util::root())
        .stdout(std::process::Stdio::piped())
        .spawn()?;
    let (mut passed, mut failed, mut ignored) = (0u64, 0u64, 0u64);
    if let Some(out) = child.stdout.take() {
        let mut stdout = std::io::stdout().lock();
        for line in std::io::BufReader::new(out).lines() {
            let line = line?;
            let _ = writeln!(stdout, "{line}");
            if let Some(rest) = line.strip_prefix("test result: ") {
                for part in rest.split(';') {
                    let mut words = part.split_whitespace().rev();
                    let (Some(what), Some(n)) = (words.next(), words.next()) else {
                        continue;
                    };
                    let n: u64 = n.parse().unwrap_or(0);
                    match what {
                        "passed" => passed += n,
                        "failed" => failed += n,
                        "ignored" => ignored += n,
                        _ => {}
                    }
                }
            }
        }
    }
    let status = child.wait()?;
    println!("{passed} passed, {failed} failed, {ignored} skipped");
    anyhow::ensure!(status.success(), "`cargo test` failed with {status}");
    Ok(())
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    run_all(args)
}

/// Installs what the tests need and the machine may lack. Idempotent and quiet when present.
pub fn install_prerequisites() -> anyhow::Result<()> {
    ensure_wasm_target()?;
    ensure_apt_packages(&[("minisign", "minisign")])
}

/// `rustup target add wasm32-wasip2` unless it is installed already.
pub fn ensure_wasm_target() -> anyhow::Result<()> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l.trim() == "wasm32-wasip2")
        })
        .unwrap_or(false);
    if !installed {
        if !have("rustup") {
            anyhow::bail!(
                "the wasm32-wasip2 target is needed and rustup is not on PATH; install rustup, then `rustup target add wasm32-wasip2`"
            );
        }
        sh(Command::new("rustup").args(["target", "add", "wasm32-wasip2"]))?;
    }
    Ok(())
}

/// Installs Debian packages whose program is missing (as root, or through sudo).
pub fn ensure_apt_packages(packages: &[(&str, &str)]) -> anyhow::Result<()> {
    let missing: Vec<&str> = packages
        .iter()
        .filter(|(program, _)| !have(program))
        .map(|(_, pkg)| *pkg)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    if !have("apt-get") {
        anyhow::bail!(
            "please install {} (needed by the tests)",
            missing.join(", ")
        );
    }
    let sudo: &[&str] = if is_root() { &[] } else { &["sudo"] };
    let apt = |extra: &[&str]| {
        let mut argv: Vec<&str> = sudo.to_vec();
        argv.push("apt-get");
        argv.extend_from_slice(extra);
        let mut cmd = Command::new(argv[0]);
        cmd.args(&argv[1..])
            .env("DEBIAN_FRONTEND", "noninteractive");
        cmd
    };
    sh(&mut apt(&["update", "-qq"]))?;
    let mut install = vec!["install", "-y", "-qq"];
    install.extend(missing.iter().copied());
    sh(&mut apt(&install))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}
