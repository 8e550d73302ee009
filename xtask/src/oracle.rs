//! `cargo xtask oracle [--check]`: the platform runtime's verdicts on gtdx's host cases
//! (secrets, URLs, HTTP headers and redirects, the response cap, log truncation, the broker's
//! checks, the llm role rule), recorded in `tests/fixtures/oracle/cases.json`.
//!
//! The oracle (`tests/oracle`, on `greentic-ext-runtime`) brings wasmtime 45, tokio and reqwest,
//! which gtdx never links: a cold build costs 5–13 minutes on the 2-core CI machine, more than
//! the rest of the suite's compile. So, like the platform CLI's corpus under
//! `tests/fixtures/platform/`, its verdicts are recorded for the pinned version and the e2e test
//! (`tests/e2e/oracle.rs`, one test per section) holds gtdx to the record.
//! This task builds the oracle and rewrites each case's `verdict` from its answer; `--check`
//! fails instead when the record differs (run it after changing a case or the pinned version).

use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::Context;
use serde_json::Value;

use crate::util::{root, sh};

/// The recorded cases, each with the oracle's `verdict`.
pub fn cases_path() -> PathBuf {
    root().join("tests/fixtures/oracle/cases.json")
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let path = cases_path();
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut record: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    let answers = ask(&ensure_oracle()?, &record)?;
    let differ = record_answers(&mut record, &answers)
        .with_context(|| format!("{} does not have the oracle's shape", path.display()))?;
    if differ.is_empty() {
        println!("{}: the record matches the oracle", path.display());
        return Ok(());
    }
    anyhow::ensure!(
        !check,
        "{} differs from the oracle:\n  {}\nrun `cargo xtask oracle` to record its verdicts",
        path.display(),
        differ.join("\n  ")
    );
    std::fs::write(&path, serde_json::to_string_pretty(&record)? + "\n")?;
    println!(
        "{}: recorded {} changed verdicts",
        path.display(),
        differ.len()
    );
    Ok(())
}

/// Writes each section's answers into its cases' `verdict`; returns what changed.
fn record_answers(record: &mut Value, answers: &Value) -> anyhow::Result<Vec<String>> {
    let sections = answers
        .as_object()
        .context("the oracle's answer is not an object")?;
    let mut differ = Vec::new();
    for (kind, verdicts) in sections {
        let cases = record[kind.as_str()]
            .as_array_mut()
            .with_context(|| format!("/{kind} is not an array"))?;
        for (i, case) in cases.iter_mut().enumerate() {
            let answer = verdicts[i].clone();
            if case["verdict"] != answer {
                differ.push(format!(
                    "/{kind}/{i}/verdict: recorded {}, the oracle says {answer}",
                    case["verdict"]
                ));
                case["verdict"] = answer;
            }
        }
    }
    Ok(differ)
}

/// Runs the oracle on the record's cases (it reads the fields it needs and ignores `verdict`).
fn ask(oracle: &std::path::Path, record: &Value) -> anyhow::Result<Value> {
    use std::io::Write;
    let mut child = Command::new(oracle)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", oracle.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(record.to_string().as_bytes())?;
    }
    let out = child.wait_with_output()?;
    anyhow::ensure!(
        out.status.success(),
        "the oracle failed with {}",
        out.status
    );
    serde_json::from_slice(&out.stdout).context("the oracle's answer is not JSON")
}

/// The oracle program: `$GTDX_ORACLE_BIN` when set, else built into `target/tools/oracle` (its
/// own target directory, `target/tools/build-oracle`, kept between runs, so only the first build
/// pays for wasmtime 45, tokio and reqwest).
pub fn ensure_oracle() -> anyhow::Result<PathBuf> {
    if let Some(preset) = std::env::var_os("GTDX_ORACLE_BIN") {
        return Ok(PathBuf::from(preset));
    }
    let tools = root().join("target/tools");
    let bin = tools
        .join("oracle")
        .join(format!("gtdx-oracle{}", std::env::consts::EXE_SUFFIX));
    sh(Command::new("cargo")
        // The dev profile (without debug info, see its Cargo.toml): the oracle runs no wasm,
        // so optimising wasmtime would only make the cold build minutes longer.
        .args(["build", "--locked", "--quiet", "--manifest-path"])
        .arg(root().join("tests/oracle/Cargo.toml"))
        .arg("--target-dir")
        .arg(tools.join("build-oracle")))?;
    std::fs::create_dir_all(tools.join("oracle"))?;
    std::fs::copy(
        tools
            .join("build-oracle/debug")
            .join(format!("gtdx-oracle{}", std::env::consts::EXE_SUFFIX)),
        &bin,
    )?;
    Ok(bin)
}
