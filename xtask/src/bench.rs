//! `cargo xtask bench`: the issues' speed targets, whole-process, side by side with peers.
//!
//! Each benchmark generates its inputs under `target/bench/`, then times complete commands with
//! `hyperfine` (installed from Debian if missing), so start-up, I/O and parsing all count, as
//! they do for a user. Results are printed as a Markdown table and written to
//! `target/bench/report.md`; `docs/performance.md` records them with this command.
//!
//! `cargo xtask bench [NAME...]` runs only the named benchmarks.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use crate::util::{root, sh};

/// One timed command of a benchmark.
struct Timed {
    label: String,
    command: String,
}

/// What hyperfine measured for one command.
struct Measured {
    label: String,
    command: String,
    mean_ms: f64,
    stddev_ms: f64,
    min_ms: f64,
}

struct Bench {
    name: &'static str,
    target: &'static str,
    setup: fn(&Path, &Path) -> anyhow::Result<Vec<Timed>>,
    /// Extra hyperfine arguments (e.g. a `--prepare` step).
    extra: fn(&Path) -> Vec<String>,
}

fn none(_: &Path) -> Vec<String> {
    Vec::new()
}

fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "lint",
            target: "validate and lint of 1,000 tools under 100 ms",
            setup: setup_lint,
            extra: none,
        },
        Bench {
            name: "verify",
            target: "verify of a 100 MB pack within 1.2x of openssl dgst -sha256",
            setup: setup_verify,
            extra: none,
        },
        Bench {
            name: "detached",
            target: "detached sign and verify of 100 MB no slower than minisign",
            setup: setup_detached,
            extra: none,
        },
    ]
}

/// Runs a cargo example of one of our crates in release mode, stdout to `out` when given.
fn example(package: &str, name: &str, args: &[&str], out: Option<&Path>) -> anyhow::Result<()> {
    let mut cmd = Command::new("cargo");
    cmd.args(["run", "--release", "--quiet", "--package", package, "--example", name, "--"])
        .args(args);
    if let Some(out) = out {
        cmd.stdout(std::fs::File::create(out)?);
    }
    sh(&mut cmd)
}

fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

fn setup_lint(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let big = work.join("big.json");
    example("gtdx-lint", "gen_big_manifest", &["1000"], Some(&big))?;
    let schema = root().join("../shared/reference/describe-v2.schema.json");
    let mut timed = vec![
        Timed { label: "gtdx validate".into(), command: format!("{} validate {}", q(gtdx), q(&big)) },
        Timed { label: "gtdx lint".into(), command: format!("{} lint {}", q(gtdx), q(&big)) },
    ];
    if ensure_pip("check-jsonschema", "check_jsonschema") {
        timed.push(Timed {
            label: "check-jsonschema".into(),
            command: format!("check-jsonschema --schemafile {} {}", q(&schema), q(&big)),
        });
    }
    Ok(timed)
}

fn setup_verify(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let pack = work.join("big.gtxpack");
    example("gtdx-pack", "make_big_pack", &[&pack.to_string_lossy(), "100"], None)?;
    let key = keypair(work, gtdx)?;
    sh(Command::new(gtdx).arg("sign").arg(&pack).arg("--key").arg(&key.0))?;
    Ok(vec![
        Timed {
            label: "gtdx verify".into(),
            command: format!("{} verify {} --trusted-key {}", q(gtdx), q(&pack), q(&key.1)),
        },
        Timed { label: "openssl dgst -sha256".into(), command: format!("openssl dgst -sha256 {}", q(&pack)) },
    ])
}

fn setup_detached(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    crate::test::ensure_apt_packages(&[("minisign", "minisign")])?;
    let file = work.join("big.bin");
    let pack = work.join("big.gtxpack");
    example("gtdx-pack", "make_big_pack", &[&pack.to_string_lossy(), "100"], None)?;
    std::fs::rename(pack.with_extension("component.wasm"), &file)?;
    let key = keypair(work, gtdx)?;
    // A minisign key without a password, for the peer's side of the comparison.
    let msk = work.join("minisign.key");
    let mpk = work.join("minisign.pub");
    if !msk.exists() {
        sh(Command::new("minisign").args(["-G", "-W", "-f", "-s"]).arg(&msk).arg("-p").arg(&mpk))?;
    }
    let msig = work.join("big.bin.mini");
    sh(Command::new("minisign").args(["-S", "-s"]).arg(&msk).arg("-m").arg(&file).arg("-x").arg(&msig))?;
    Ok(vec![
        Timed {
            label: "gtdx sign --detached".into(),
            command: format!("{} sign --detached {} --key {}", q(gtdx), q(&file), q(&key.0)),
        },
        Timed {
            label: "minisign -S".into(),
            command: format!("minisign -S -s {} -m {} -x {}", q(&msk), q(&file), q(&msig)),
        },
        Timed {
            label: "gtdx verify --detached".into(),
            command: format!("{} verify --detached {} --trusted-key {}", q(gtdx), q(&file), q(&key.1)),
        },
        Timed {
            label: "minisign -V".into(),
            command: format!("minisign -V -q -p {} -m {} -x {}", q(&mpk), q(&file), q(&msig)),
        },
    ])
}

/// A gtdx key pair in `work` (made once): (secret key file, public key file).
fn keypair(work: &Path, gtdx: &Path) -> anyhow::Result<(PathBuf, PathBuf)> {
    let (sk, pk) = (work.join("bench.key"), work.join("bench.pub"));
    if !sk.exists() {
        sh(Command::new(gtdx).args(["keygen", "--name", "bench", "--out-dir"]).arg(work))?;
    }
    Ok((sk, pk))
}

/// Makes sure a Python tool is installed (pip), returning whether it is available.
fn ensure_pip(package: &str, program: &str) -> bool {
    let program = program.replace('_', "-");
    if crate::util::have(&program) {
        return true;
    }
    let ok = sh(Command::new("python3").args(["-m", "pip", "install", "--quiet", package])).is_ok();
    ok && crate::util::have(&program)
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    crate::test::ensure_apt_packages(&[("hyperfine", "hyperfine")])?;
    sh(Command::new("cargo").args(["build", "--release", "--quiet", "--package", "gtdx"]))?;
    let gtdx = release_binary();
    let dir = root().join("target/bench");
    std::fs::create_dir_all(&dir)?;
    let mut report = String::from("| benchmark | target | command | mean | ± | min |\n|---|---|---|---|---|---|\n");
    for bench in benches() {
        if !args.is_empty() && !args.iter().any(|a| a == bench.name) {
            continue;
        }
        eprintln!("\n==> bench {} ({})", bench.name, bench.target);
        let work = dir.join(bench.name);
        std::fs::create_dir_all(&work)?;
        let timed = (bench.setup)(&work, &gtdx)?;
        let results = hyperfine(&work, bench.name, &timed, &(bench.extra)(&work))?;
        for m in &results {
            report.push_str(&format!(
                "| {} | {} | `{}` | {:.1} ms | {:.1} | {:.1} ms |\n",
                bench.name, bench.target, m.command, m.mean_ms, m.stddev_ms, m.min_ms
            ));
            eprintln!("    {:<28} {:>9.1} ms ± {:.1}", m.label, m.mean_ms, m.stddev_ms);
        }
        if results.len() >= 2 {
            let ratio = results[1].mean_ms / results[0].mean_ms.max(0.001);
            eprintln!("    ratio {} / {}: {:.2}x", results[1].label, results[0].label, ratio);
        }
    }
    let path = dir.join("report.md");
    std::fs::write(&path, &report)?;
    println!("{report}");
    eprintln!("written to {}", path.display());
    Ok(())
}

fn hyperfine(work: &Path, name: &str, timed: &[Timed], extra: &[String]) -> anyhow::Result<Vec<Measured>> {
    let json = work.join(format!("{name}.json"));
    let mut cmd = Command::new("hyperfine");
    cmd.current_dir(work)
        .args(["--warmup", "2", "--min-runs", "10", "--shell", "bash", "--style", "basic"])
        .arg("--export-json")
        .arg(&json)
        .args(extra);
    for t in timed {
        cmd.arg("--command-name").arg(&t.label).arg(&t.command);
    }
    sh(&mut cmd)?;
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&json)?)
        .with_context(|| format!("reading {}", json.display()))?;
    let results = doc["results"].as_array().cloned().unwrap_or_default();
    Ok(results
        .iter()
        .zip(timed)
        .map(|(r, t)| Measured {
            label: t.label.clone(),
            command: t.command.clone(),
            mean_ms: r["mean"].as_f64().unwrap_or(f64::NAN) * 1000.0,
            stddev_ms: r["stddev"].as_f64().unwrap_or(f64::NAN) * 1000.0,
            min_ms: r["min"].as_f64().unwrap_or(f64::NAN) * 1000.0,
        })
        .collect())
}

fn release_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target.join("release").join(format!("gtdx{}", std::env::consts::EXE_SUFFIX))
}
