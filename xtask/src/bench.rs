//! `cargo xtask bench`: the issues' speed targets, whole-process, side by side with peers.
//!
//! Each benchmark generates its inputs under `target/bench/`, then times complete commands with
//! `hyperfine` (installed from Debian if missing), so start-up, I/O and parsing all count, as
//! they do for a user. Results are printed as a Markdown table and written to
//! `target/bench/report.md`; `docs/performance.md` records them with this command.
//!
//! `cargo xtask bench [NAME...]` runs only the named benchmarks, and those whose name starts
//! with `NAME-` (`platform` also runs `platform-heavy` and `platform-heavy-10k`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use crate::util::{root, sh, target_dir};

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
    median_ms: f64,
    min_ms: f64,
}

struct Bench {
    name: &'static str,
    target: &'static str,
    setup: fn(&Path, &Path) -> anyhow::Result<Vec<Timed>>,
    /// Extra hyperfine arguments (e.g. a `--prepare` step, or `--runs N` for slow peers).
    extra: fn(&Path) -> Vec<String>,
}

fn fresh_dir(_work: &Path) -> Vec<String> {
    vec![
        "--prepare".into(),
        format!("rm -rf {}", q(&new_dir().join("x"))),
    ]
}

fn none(_: &Path) -> Vec<String> {
    Vec::new()
}

fn many_runs(_: &Path) -> Vec<String> {
    ["--warmup", "20", "--runs", "200"]
        .map(String::from)
        .to_vec()
}

fn few_runs(_: &Path) -> Vec<String> {
    ["--warmup", "2", "--runs", "15"].map(String::from).to_vec()
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
            name: "platform",
            target: "beside the platform's gtdx on 1,000 tools: lint no slower, validate >= 5x faster",
            setup: setup_platform,
            // Both sides take about 10 ms, and this VM's clock jitters by a few: many runs, and
            // the ratio taken on medians.
            extra: many_runs,
        },
        Bench {
            name: "platform-heavy",
            target: "lint beside the platform's on 1,000 tools as heavy as real ones, and on one real tool repeated 1,000 times: no slower",
            setup: setup_platform_heavy,
            // Each side takes tens of milliseconds, on the same jittery clock.
            extra: many_runs,
        },
        Bench {
            name: "platform-heavy-10k",
            target: "lint beside the platform's on 10,000 heavy tools: no slower",
            setup: setup_platform_heavy_10k,
            // The platform takes seconds here.
            extra: few_runs,
        },
        Bench {
            name: "describe",
            target: "describe of 1,000 tools / 50 modules / 500 types under 150 ms, >= 20x faster than cargo check",
            setup: setup_describe,
            // The default (at least 10 runs, 2 warm-ups): on this shared VM's noisy clock five
            // runs of `gtdx describe` were not enough, even though `cargo check` takes ~7 s each.
            extra: none,
        },
        Bench {
            name: "new",
            target: "gtdx new under 50 ms (next to cargo new)",
            setup: setup_new,
            extra: fresh_dir,
        },
        Bench {
            name: "cold",
            target: "cold first build of a fresh gtdx new project (what its build script compiles)",
            setup: setup_cold,
            extra: cold_runs,
        },
        Bench {
            name: "build",
            target: "warm no-change gtdx build adds <= 20 ms over cargo build",
            setup: setup_build,
            extra: none,
        },
        Bench {
            name: "pack",
            target: "packing a 50 MB component no slower than zip -6",
            setup: setup_pack,
            extra: none,
        },
        Bench {
            name: "worker",
            target: "worker from 50 packs x 20 tools under 40 ms, each pack opened and read once",
            setup: setup_worker,
            extra: none,
        },
        Bench {
            name: "dynamic",
            target: "admitting 10,000 dynamic-tool descriptors (20 % rejected or withheld) under 200 ms, beside a serde_json parse + re-serialise",
            setup: setup_dynamic,
            extra: none,
        },
        Bench {
            name: "verify",
            target: "verify of a 100 MB pack within 1.2x of openssl dgst -sha256",
            setup: setup_verify,
            extra: none,
        },
        Bench {
            name: "publish",
            target: "publish and pull of a 100 MB pack to a loopback OCI registry within 1.3x of curl",
            setup: setup_publish,
            extra: none,
        },
        Bench {
            name: "store-outdated",
            target: "gtdx outdated over 100 installed extensions against a loopback Greentic Store within 1.5x of the platform's gtdx outdated (same home, same server)",
            setup: setup_store_outdated,
            extra: none,
        },
        Bench {
            name: "store-transfer",
            target: "publish and install of a 100 MB pack through a loopback Greentic Store within 1.3x of curl moving the same bytes to and from it",
            setup: setup_store_transfer,
            extra: none,
        },
        Bench {
            name: "install",
            target: "install of a 100 MB pack within 1.5x of unzip",
            setup: setup_install,
            extra: none,
        },
        Bench {
            name: "detached",
            target: "detached sign and verify of 100 MB no slower than minisign",
            setup: setup_detached,
            extra: none,
        },
        Bench {
            name: "dev",
            target: "gtdx dev: edit -> running tool in a second (save to run_ok), beside cargo build of the same edit",
            setup: setup_dev,
            extra: none,
        },
        Bench {
            name: "run",
            target: "gtdx run of a ~2 MB component: first call (compile) vs repeated (cache) under 50 ms; gtdx test of 100 cases under 1 s",
            setup: setup_run,
            extra: none,
        },
    ]
}

/// A fresh project built with the dev profile (its component is about 2 MB of real code, the
/// issue's size; padding would not add compile work), and 100 test cases.
fn setup_run(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let manifest = new_extension(work, "ext", gtdx)?;
    sh(Command::new(gtdx)
        .arg("build")
        .arg("--debug")
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--out")
        .arg(work.join("dist"))
        .env("CARGO_TARGET_DIR", target_dir()))?;
    let ext = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
    let wasm = target_dir().join("wasm32-wasip2/debug/ext.wasm");
    let size = std::fs::metadata(&wasm)
        .with_context(|| format!("the built component {}", wasm.display()))?
        .len();
    eprintln!("    component: {} ({} bytes)", wasm.display(), size);
    let describe = ext.join("describe.json");
    let cases: Vec<serde_json::Value> = (0..100)
        .map(|i| {
            serde_json::json!({
                "name": format!("case {i}"),
                "input": {"text": format!("n{i}")},
                "expect": {"outputContains": {"message": format!("hello: n{i}")}}
            })
        })
        .collect();
    let tests = work.join("tests100");
    std::fs::create_dir_all(&tests)?;
    std::fs::write(
        tests.join("cases.json"),
        serde_json::json!({"tool": "hello", "cases": cases}).to_string(),
    )?;
    let cache = work.join("cache");
    let run = |extra: &str| {
        format!(
            "GTDX_CACHE_DIR={} {} run hello --input '{{\"text\": \"Ada\"}}' --wasm {} --describe {} {extra} > /dev/null",
            q(&cache),
            q(gtdx),
            q(&wasm),
            q(&describe)
        )
    };
    Ok(vec![
        Timed {
            label: "gtdx run (compile)".into(),
            command: run("--no-cache"),
        },
        Timed {
            label: "gtdx run (cached)".into(),
            command: run(""),
        },
        Timed {
            label: "gtdx test, 100 cases".into(),
            command: format!(
                "GTDX_CACHE_DIR={} {} test --wasm {} --describe {} --tests {} > /dev/null",
                q(&cache),
                q(gtdx),
                q(&wasm),
                q(&describe),
                q(&tests)
            ),
        },
    ])
}

/// `gtdx dev --run hello` watching a fresh project, and the same project copied for cargo: each
/// timed command changes the tool's greeting (a real code change, so the component, the pack
/// and the installed copy all change) and returns when dev prints its `run_ok` event for it,
/// or, for the floor, when `cargo build` of the copy has compiled the same edit.
fn setup_dev(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let manifest = new_extension(work, "ext", gtdx)?;
    let copy = new_extension(work, "floor", gtdx)?;
    let src = manifest.with_file_name("src/lib.rs");
    let events = work.join("events.jsonl");
    let script = work.join("edit.sh");
    // The edit: a new greeting, unique per run, in the one `format!` of the hello tool.
    std::fs::write(
        &script,
        r#"#!/usr/bin/env bash
# edit.sh SRC [EVENTS]: change the hello tool's greeting in SRC; with EVENTS (gtdx dev's
# --format json output), wait until dev has built, installed and run the edited tool.
set -euo pipefail
src=$1; events=${2:-}
count() { grep -c -F "\"event\":\"$1\"" "$events" || true; }
if [ -n "$events" ]; then ok=$(count run_ok); bad=$(( $(count build_failed) + $(count run_failed) )); fi
sed -i -E "s/format!\(\"[^\"]*: \{text\}\"\)/format!(\"hello $(date +%s%N): {text}\")/" "$src"
[ -n "$events" ] || exit 0
for _ in $(seq 12000); do
  [ "$(count run_ok)" -gt "$ok" ] && exit 0
  if [ $(( $(count build_failed) + $(count run_failed) )) -gt "$bad" ]; then
    echo "gtdx dev failed on the edit; see $events" >&2; exit 1
  fi
  sleep 0.005
done
echo "gtdx dev printed no run_ok within a minute; see $events" >&2; exit 1
"#,
    )?;
    let child = Command::new(gtdx)
        .args(["dev", "--format", "json", "--run", "hello", "--input"])
        .arg(r#"{"text": "Ada"}"#)
        .arg("--manifest-path")
        .arg(&manifest)
        .env("GREENTIC_HOME", work.join("greentic-home"))
        .env("CARGO_TARGET_DIR", target_dir())
        .stdout(std::fs::File::create(&events)?)
        .stderr(std::process::Stdio::null())
        .spawn()?;
    if let Ok(mut v) = background().lock() {
        v.push(child);
    }
    // The first build (dependencies included) is not timed: wait for its run_ok.
    let started = std::time::Instant::now();
    while !std::fs::read_to_string(&events)?.contains(r#""event":"run_ok""#) {
        anyhow::ensure!(
            started.elapsed() < std::time::Duration::from_secs(600),
            "gtdx dev printed no run_ok for the first build; see {}",
            events.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    sh(Command::new("cargo")
        .args([
            "build",
            "--quiet",
            "--target",
            "wasm32-wasip2",
            "--manifest-path",
        ])
        .arg(&copy)
        .env("CARGO_TARGET_DIR", target_dir()))?;
    Ok(vec![
        Timed {
            label: "gtdx dev: save to run_ok".into(),
            command: format!("bash {} {} {}", q(&script), q(&src), q(&events)),
        },
        Timed {
            label: "cargo build of the edit".into(),
            command: format!(
                "bash {} {} && {} cargo build --quiet --target wasm32-wasip2 --manifest-path {}",
                q(&script),
                q(&copy.with_file_name("src/lib.rs")),
                shared_target(),
                q(&copy)
            ),
        },
    ])
}

/// Runs a cargo example of one of our crates in release mode, stdout to `out` when given.
fn example(package: &str, name: &str, args: &[&str], out: Option<&Path>) -> anyhow::Result<()> {
    let mut cmd = Command::new("cargo");
    cmd.args([
        "run",
        "--release",
        "--quiet",
        "--package",
        package,
        "--example",
        name,
        "--",
    ])
    .args(args);
    if let Some(out) = out {
        cmd.stdout(std::fs::File::create(out)?);
    }
    sh(&mut cmd)
}

/// A 100 MB pack (and its component, `big.component.wasm`) written by gtdx-pack's generator.
fn big_pack(work: &Path) -> anyhow::Result<PathBuf> {
    let pack = work.join("big.gtxpack");
    example(
        "gtdx-pack",
        "make_big_pack",
        &[&pack.to_string_lossy(), "100"],
        None,
    )?;
    Ok(pack)
}

/// Writes a generated input afresh: removes `dir`, then runs the generator example with it.
fn regenerate(dir: &Path, package: &str, generator: &str) -> anyhow::Result<()> {
    if dir.exists() {
        std::fs::remove_dir_all(dir)?;
    }
    example(package, generator, &[&dir.to_string_lossy()], None)
}

/// 10,000 descriptors for the dynamic-tools fixture manifest; `gtdx dynamic admit` (JSON
/// report to /dev/null), then the floor: serde_json parsing and re-serialising the same file.
fn setup_dynamic(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let descriptors = work.join("descriptors.json");
    example(
        "gtdx-dynamic",
        "gen_dynamic_bench",
        &[&descriptors.to_string_lossy(), "10000"],
        None,
    )?;
    let manifest = work.join("describe.json");
    let mut d: serde_json::Value = serde_json::from_slice(&std::fs::read(
        root().join("tests/fixtures/dynamic/crm.describe.json"),
    )?)?;
    if let Some(dt) = d["contributions"]["dynamicTools"].as_object_mut() {
        dt.remove("maxTools");
    }
    std::fs::write(&manifest, serde_json::to_vec_pretty(&d)?)?;
    sh(Command::new("cargo").args([
        "build",
        "--release",
        "--quiet",
        "--package",
        "gtdx-dynamic",
        "--example",
        "json_roundtrip",
    ]))?;
    let floor = target_dir().join("release/examples/json_roundtrip");
    Ok(vec![
        Timed {
            label: "gtdx dynamic admit".into(),
            command: format!(
                "{} dynamic admit --descriptors {} --manifest {} --org acme --max-derived-tools 10000 --format json > /dev/null",
                q(gtdx),
                q(&descriptors),
                q(&manifest)
            ),
        },
        Timed {
            label: "serde_json parse + write".into(),
            command: format!("{} {} > /dev/null", q(&floor), q(&descriptors)),
        },
    ])
}

fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

fn setup_lint(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let big = work.join("big.json");
    example("gtdx-lint", "gen_big_manifest", &["1000"], Some(&big))?;
    // The published schema, as pinned from ../shared (tests/fixtures/reference/README.md).
    let schema = root().join("tests/fixtures/reference/reference/describe-v2.schema.json");
    let mut timed = vec![
        Timed {
            label: "gtdx validate".into(),
            command: format!("{} validate {}", q(gtdx), q(&big)),
        },
        Timed {
            label: "gtdx lint".into(),
            command: format!("{} lint {}", q(gtdx), q(&big)),
        },
    ];
    if ensure_pip("check-jsonschema", "check_jsonschema") {
        timed.push(Timed {
            label: "check-jsonschema".into(),
            command: format!("check-jsonschema --schemafile {} {}", q(&schema), q(&big)),
        });
    }
    Ok(timed)
}

/// Our gtdx beside the platform's own (`greentic-extension-sdk-cli`, installed as by `cargo
/// xtask test`), on the lint bench's 1,000-tool manifest, which both accept and lint clean. The
/// platform reads `DIR/describe.json`; both get an empty home (no installed baseline).
fn setup_platform(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let big = work.join("big.json");
    example("gtdx-lint", "gen_big_manifest", &["1000"], Some(&big))?;
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&big)?)?;
    let (platform, dir) =
        beside_platform(work, "ext", &(serde_json::to_string_pretty(&doc)? + "\n"))?;
    let describe = dir.join("describe.json");
    let mut timed = vec![
        Timed {
            label: "gtdx validate".into(),
            command: format!("{} validate {}", q(gtdx), q(&describe)),
        },
        Timed {
            label: "platform gtdx validate".into(),
            command: format!("{} validate {}", q(&platform), q(&dir)),
        },
    ];
    timed.extend(lint_pair(work, gtdx, &platform, &dir, "")?);
    Ok(timed)
}

/// The platform bench's lint pair on heavier inputs: 1,000 tools as heavy as real ones and
/// each unlike the others (`gen_big_manifest 1000 --heavy`), then one real tool (the first of
/// the `rag` fixture: nested input schema, nullable fields, secrets, an example) repeated
/// 1,000 times under new names.
fn setup_platform_heavy(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let heavy = work.join("heavy.json");
    example(
        "gtdx-lint",
        "gen_big_manifest",
        &["1000", "--heavy"],
        Some(&heavy),
    )?;
    let (platform, dir) = beside_platform(work, "heavy", &std::fs::read_to_string(&heavy)?)?;
    let mut timed = lint_pair(work, gtdx, &platform, &dir, " (1,000 heavy tools)")?;
    let (_, rag) = beside_platform(work, "rag", &one_tool_repeated(1000)?)?;
    timed.extend(lint_pair(
        work,
        gtdx,
        &platform,
        &rag,
        " (one real tool x 1,000)",
    )?);
    Ok(timed)
}

/// 10,000 heavy tools, written without indentation: indented, they would pass gtdx's 16 MiB
/// cap on a describe.json.
fn setup_platform_heavy_10k(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let heavy = work.join("heavy10k.json");
    example(
        "gtdx-lint",
        "gen_big_manifest",
        &["10000", "--heavy", "--compact"],
        Some(&heavy),
    )?;
    let (platform, dir) = beside_platform(work, "heavy10k", &std::fs::read_to_string(&heavy)?)?;
    lint_pair(work, gtdx, &platform, &dir, " (10,000 heavy tools)")
}

/// Writes `text` to `work/NAME/describe.json` and proves the platform's `validate` accepts it
/// (the timed commands must succeed, not refuse early). Returns the platform's binary and the
/// directory.
fn beside_platform(work: &Path, name: &str, text: &str) -> anyhow::Result<(PathBuf, PathBuf)> {
    let platform = crate::test::ensure_platform_gtdx()?;
    let dir = work.join(name);
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("describe.json"), text)?;
    sh(Command::new(&platform).arg("validate").arg(&dir))?;
    Ok((platform, dir))
}

/// `gtdx lint --baseline none DIR/describe.json` beside the platform's `gtdx lint --dir DIR`,
/// both without an installed baseline (the platform gets an empty home).
fn lint_pair(
    work: &Path,
    gtdx: &Path,
    platform: &Path,
    dir: &Path,
    what: &str,
) -> anyhow::Result<Vec<Timed>> {
    let home = work.join("empty-home");
    std::fs::create_dir_all(&home)?;
    Ok(vec![
        Timed {
            label: format!("gtdx lint{what}"),
            command: format!(
                "{} lint --baseline none {}",
                q(gtdx),
                q(&dir.join("describe.json"))
            ),
        },
        Timed {
            label: format!("platform gtdx lint{what}"),
            command: format!("{} --home {} lint --dir {}", q(platform), q(&home), q(dir)),
        },
    ])
}

/// The `rag` fixture's manifest with its first tool repeated `n` times, each copy named
/// `<name>_<i>`.
fn one_tool_repeated(n: usize) -> anyhow::Result<String> {
    let fixture = root().join("tests/fixtures/describe/rag/describe.json");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&fixture)?)?;
    let tool = doc["contributions"]["tools"][0].clone();
    let name = tool["name"].as_str().unwrap_or("tool").to_string();
    let tools: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let mut t = tool.clone();
            t["name"] = serde_json::Value::String(format!("{name}_{i}"));
            t
        })
        .collect();
    doc["contributions"]["tools"] = serde_json::Value::Array(tools);
    Ok(serde_json::to_string_pretty(&doc)? + "\n")
}

fn setup_verify(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let pack = big_pack(work)?;
    let key = keypair(work, gtdx)?;
    sh(Command::new(gtdx)
        .arg("sign")
        .arg(&pack)
        .arg("--key")
        .arg(&key.0))?;
    Ok(vec![
        Timed {
            label: "gtdx verify".into(),
            command: format!(
                "{} verify {} --trusted-key {}",
                q(gtdx),
                q(&pack),
                q(&key.1)
            ),
        },
        Timed {
            label: "openssl dgst -sha256".into(),
            command: format!("openssl dgst -sha256 {}", q(&pack)),
        },
    ])
}

fn setup_detached(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    crate::test::ensure_apt_packages(&[("minisign", "minisign")])?;
    let file = work.join("big.bin");
    let pack = big_pack(work)?;
    std::fs::rename(pack.with_extension("component.wasm"), &file)?;
    let key = keypair(work, gtdx)?;
    // A minisign key without a password, for the peer's side of the comparison.
    let msk = work.join("minisign.key");
    let mpk = work.join("minisign.pub");
    if !msk.exists() {
        sh(Command::new("minisign")
            .args(["-G", "-W", "-f", "-s"])
            .arg(&msk)
            .arg("-p")
            .arg(&mpk))?;
    }
    let msig = work.join("big.bin.mini");
    sh(Command::new("minisign")
        .args(["-S", "-s"])
        .arg(&msk)
        .arg("-m")
        .arg(&file)
        .arg("-x")
        .arg(&msig))?;
    Ok(vec![
        Timed {
            label: "gtdx sign --detached".into(),
            command: format!(
                "{} sign --detached {} --key {}",
                q(gtdx),
                q(&file),
                q(&key.0)
            ),
        },
        Timed {
            label: "minisign -S".into(),
            command: format!("minisign -S -s {} -m {} -x {}", q(&msk), q(&file), q(&msig)),
        },
        Timed {
            label: "gtdx verify --detached".into(),
            command: format!(
                "{} verify --detached {} --trusted-key {}",
                q(gtdx),
                q(&file),
                q(&key.1)
            ),
        },
        Timed {
            label: "minisign -V".into(),
            command: format!(
                "minisign -V -q -p {} -m {} -x {}",
                q(&mpk),
                q(&file),
                q(&msig)
            ),
        },
    ])
}

/// A gtdx key pair in `work` (made once): (secret key file, public key file).
fn keypair(work: &Path, gtdx: &Path) -> anyhow::Result<(PathBuf, PathBuf)> {
    let (sk, pk) = (work.join("bench.key"), work.join("bench.pub"));
    if !sk.exists() {
        sh(Command::new(gtdx)
            .args(["keygen", "--name", "bench", "--out-dir"])
            .arg(work))?;
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
    let result = run_benches(args);
    // Also after a failed bench: a registry or `gtdx dev` left running would hold its port or
    // keep watching (and building) the next run's project.
    stop_background();
    result
}

fn run_benches(args: &[String]) -> anyhow::Result<()> {
    crate::test::ensure_apt_packages(&[("hyperfine", "hyperfine")])?;
    sh(Command::new("cargo").args(["build", "--release", "--quiet", "--package", "gtdx"]))?;
    let gtdx = release_binary();
    let dir = root().join("target/bench");
    std::fs::create_dir_all(&dir)?;
    let mut report = String::from(
        "| benchmark | target | command | mean | ± | median | min |\n|---|---|---|---|---|---|---|\n",
    );
    for bench in benches() {
        let named = |a: &String| {
            bench.name == a
                || bench
                    .name
                    .strip_prefix(a.as_str())
                    .is_some_and(|rest| rest.starts_with('-'))
        };
        if !args.is_empty() && !args.iter().any(named) {
            continue;
        }
        eprintln!("\n==> bench {} ({})", bench.name, bench.target);
        let work = dir.join(bench.name);
        std::fs::create_dir_all(&work)?;
        let timed = (bench.setup)(&work, &gtdx)?;
        let results = hyperfine(&work, bench.name, &timed, &(bench.extra)(&work))?;
        for m in &results {
            report.push_str(&format!(
                "| {} | {} | `{}` | {:.1} ms | {:.1} | {:.1} ms | {:.1} ms |\n",
                bench.name, bench.target, m.command, m.mean_ms, m.stddev_ms, m.median_ms, m.min_ms
            ));
            eprintln!(
                "    {:<28} {:>9.1} ms ± {:.1} (median {:.1})",
                m.label, m.mean_ms, m.stddev_ms, m.median_ms
            );
        }
        // Side-by-side benches list (ours, peer) pairs; the others compare the first two.
        let pairs = if results.len() >= 4 && results.len() % 2 == 0 {
            results.len() / 2
        } else {
            usize::from(results.len() >= 2)
        };
        for p in 0..pairs {
            let (a, b) = (&results[2 * p], &results[2 * p + 1]);
            let ratio = b.mean_ms / a.mean_ms.max(0.001);
            let median = b.median_ms / a.median_ms.max(0.001);
            eprintln!(
                "    ratio {} / {}: {:.2}x (medians {:.2}x)",
                b.label, a.label, ratio, median
            );
        }
    }
    let path = dir.join("report.md");
    std::fs::write(&path, &report)?;
    println!("{report}");
    eprintln!("written to {}", path.display());
    Ok(())
}

fn hyperfine(
    work: &Path,
    name: &str,
    timed: &[Timed],
    extra: &[String],
) -> anyhow::Result<Vec<Measured>> {
    let json = work.join(format!("{name}.hyperfine.json"));
    let mut cmd = Command::new("hyperfine");
    cmd.current_dir(work)
        .args(["--shell", "bash", "--style", "basic"])
        .arg("--export-json")
        .arg(&json)
        .args(extra);
    if !extra.iter().any(|a| a == "--runs") {
        cmd.args(["--warmup", "2", "--min-runs", "10"]);
    }
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
            median_ms: r["median"].as_f64().unwrap_or(f64::NAN) * 1000.0,
            min_ms: r["min"].as_f64().unwrap_or(f64::NAN) * 1000.0,
        })
        .collect())
}

fn release_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target
        .join("release")
        .join(format!("gtdx{}", std::env::consts::EXE_SUFFIX))
}

/// `CARGO_TARGET_DIR=<workspace target>` as a shell prefix, so generated crates reuse its deps.
fn shared_target() -> String {
    format!("CARGO_TARGET_DIR={}", q(&target_dir()))
}

fn setup_describe(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let krate = work.join("big-crate");
    regenerate(&krate, "gtdx-describe", "gen_big_crate")?;
    let manifest = krate.join("Cargo.toml");
    // Warm the check once so the timed runs measure the edit-check loop, not dependencies.
    sh(Command::new("cargo")
        .arg("check")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", target_dir()))?;
    Ok(vec![
        Timed {
            label: "gtdx describe".into(),
            command: format!("{} describe --manifest-path {}", q(gtdx), q(&manifest)),
        },
        Timed {
            label: "touch lib.rs && cargo check".into(),
            command: format!(
                "touch {} && {} cargo check --quiet --manifest-path {}",
                q(&krate.join("src/lib.rs")),
                shared_target(),
                q(&manifest)
            ),
        },
    ])
}

/// `cargo new` inside a workspace adds itself to the workspace's members, so the `new` bench
/// works in a directory outside this checkout.
fn new_dir() -> PathBuf {
    std::env::temp_dir().join("gtdx-bench-new")
}

/// A fresh `gtdx new` project, its dependencies fetched (the network is not timed).
fn setup_cold(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let manifest = new_extension(work, "cold", gtdx)?;
    sh(Command::new("cargo")
        .arg("fetch")
        .arg("--manifest-path")
        .arg(&manifest))?;
    Ok(vec![Timed {
        label: "cold cargo build of a new project".into(),
        command: format!(
            "cargo build --quiet --release --target wasm32-wasip2 --manifest-path {}",
            q(&manifest)
        ),
    }])
}

/// Each run of `cold` starts from an empty target directory; three runs of half a minute.
fn cold_runs(work: &Path) -> Vec<String> {
    vec![
        "--prepare".into(),
        format!("rm -rf {}", q(&work.join("cold/target"))),
        "--warmup".into(),
        "0".into(),
        "--runs".into(),
        "3".into(),
    ]
}

fn setup_new(_work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    std::fs::create_dir_all(new_dir())?;
    // `gtdx new` with git also resolves Cargo.lock, against this checkout's SDK.
    crate::util::write_sdk_patch(&new_dir())?;
    let x = new_dir().join("x");
    Ok(vec![
        Timed {
            label: "gtdx new".into(),
            command: format!("{} new {} --yes --vcs none", q(gtdx), q(&x)),
        },
        Timed {
            label: "cargo new".into(),
            command: format!("cargo new --quiet --vcs none {}", q(&x)),
        },
        Timed {
            label: "gtdx new (git)".into(),
            command: format!("{} new {} --yes", q(gtdx), q(&x)),
        },
        Timed {
            label: "cargo new (git)".into(),
            command: format!("cargo new --quiet {}", q(&x)),
        },
    ])
}

/// A fresh `gtdx new` project at `work/NAME` (replacing one left by an earlier run), the
/// wasm32-wasip2 target installed; returns its Cargo.toml.
fn new_extension(work: &Path, name: &str, gtdx: &Path) -> anyhow::Result<PathBuf> {
    crate::test::ensure_wasm_target()?;
    let ext = work.join(name);
    if ext.exists() {
        std::fs::remove_dir_all(&ext)?;
    }
    crate::util::write_sdk_patch(work)?;
    sh(Command::new(gtdx)
        .arg("new")
        .arg(&ext)
        .args(["--yes", "--vcs", "none"]))?;
    Ok(ext.join("Cargo.toml"))
}

/// A fresh `gtdx new` project under `work`, built once for wasm32-wasip2 in release.
fn built_extension(work: &Path, gtdx: &Path) -> anyhow::Result<PathBuf> {
    let manifest = new_extension(work, "ext", gtdx)?;
    sh(Command::new(gtdx)
        .arg("build")
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--out")
        .arg(work.join("dist"))
        .env("CARGO_TARGET_DIR", target_dir()))?;
    Ok(manifest)
}

fn setup_build(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let manifest = built_extension(work, gtdx)?;
    Ok(vec![
        Timed {
            label: "cargo build --release".into(),
            command: format!(
                "{} cargo build --quiet --release --target wasm32-wasip2 --manifest-path {}",
                shared_target(),
                q(&manifest)
            ),
        },
        Timed {
            label: "gtdx build".into(),
            command: format!(
                "{} {} build --manifest-path {} --out {}",
                shared_target(),
                q(gtdx),
                q(&manifest),
                q(&work.join("dist"))
            ),
        },
    ])
}

fn setup_pack(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let manifest = built_extension(work, gtdx)?;
    let ext = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
    let name = "ext";
    let component = target_dir()
        .join("wasm32-wasip2/release")
        .join(format!("{name}.wasm"));
    let bytes = std::fs::read(&component)
        .with_context(|| format!("reading the built component {}", component.display()))?;
    // Pad the real component to 50 MB with a custom section, so it is still a valid component.
    let big = work.join("big.wasm");
    std::fs::write(&big, gtdx_build::bench::pad_component(&bytes, 50 << 20))?;
    let describe = ext.join("describe.json");
    Ok(vec![
        Timed {
            label: "gtdx pack".into(),
            command: format!(
                "{} pack --wasm {} --describe {} --out {}",
                q(gtdx),
                q(&big),
                q(&describe),
                q(&work.join("packed"))
            ),
        },
        Timed {
            label: "zip -6".into(),
            command: format!(
                "rm -f {z} && zip -q -6 -j {z} {} {}",
                q(&big),
                q(&describe),
                z = q(&work.join("big.zip"))
            ),
        },
    ])
}

fn setup_worker(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let dir = work.join("packs");
    regenerate(&dir, "gtdx-worker", "gen_worker_bench")?;
    let command = format!(
        "{} worker build {} --trusted-keys {} --out {}",
        q(gtdx),
        q(&dir.join("worker.toml")),
        q(&dir.join("bench.pub")),
        q(&work.join("worker.json"))
    );
    count_pack_reads(work, &command)?;
    Ok(vec![Timed {
        label: "gtdx worker build".into(),
        command,
    }])
}

/// Runs `command` (a `gtdx worker build`) once under `strace` and checks that it opens each
/// `.gtxpack` once and reads each of its bytes once; prints the count.
fn count_pack_reads(work: &Path, command: &str) -> anyhow::Result<()> {
    crate::test::ensure_apt_packages(&[("strace", "strace")])?;
    // One log per thread (`-ff`), so no call is split across lines by another thread's.
    let logs = work.join("worker-strace");
    let _ = std::fs::remove_dir_all(&logs);
    std::fs::create_dir_all(&logs)?;
    let log = logs.join("trace");
    sh(Command::new("bash").arg("-c").arg(format!(
        "strace -f -ff -y -e trace=openat,read,pread64 -o {} {command} 2>/dev/null",
        q(&log)
    )))?;
    let mut text = String::new();
    for entry in std::fs::read_dir(&logs)? {
        text.push_str(&std::fs::read_to_string(entry?.path())?);
    }
    // Per pack (strace -y names the file behind each descriptor): opens, bytes read.
    let mut packs: std::collections::BTreeMap<String, (usize, u64)> = Default::default();
    for line in text.lines() {
        let Some((call, result)) = line.rsplit_once(" = ") else {
            continue;
        };
        let file = |s: &str| {
            let start = s.find('<')? + 1;
            let end = start + s[start..].find('>')?;
            Some(s[start..end].to_string()).filter(|f| f.ends_with(".gtxpack"))
        };
        if call.contains("openat(") {
            if let Some(f) = file(result) {
                packs.entry(f).or_default().0 += 1;
            }
        } else if call.contains("read(") || call.contains("pread64(") {
            let n: u64 = result.trim().parse().unwrap_or(0);
            if let Some(f) = file(call.split_once('(').map_or("", |(_, a)| a)) {
                packs.entry(f).or_default().1 += n;
            }
        }
    }
    if packs.is_empty() {
        anyhow::bail!("strace saw no pack opened (logs: {})", logs.display());
    }
    let mut once = 0;
    for (file, (opens, bytes)) in &packs {
        let size = std::fs::metadata(file)?.len();
        if *opens != 1 || *bytes != size {
            anyhow::bail!(
                "{file} was opened {opens} times and {bytes} of its {size} bytes read (strace logs: {})",
                logs.display()
            );
        }
        once += 1;
    }
    eprintln!("    pack reads (strace): each of {once} packs opened once, each byte read once");
    Ok(())
}

/// The servers a bench started (registries, `gtdx dev`), stopped when the run ends.
fn background() -> &'static std::sync::Mutex<Vec<std::process::Child>> {
    static R: std::sync::OnceLock<std::sync::Mutex<Vec<std::process::Child>>> =
        std::sync::OnceLock::new();
    R.get_or_init(|| std::sync::Mutex::new(Vec::new()))
}

fn stop_background() {
    if let Ok(mut v) = background().lock() {
        for mut c in v.drain(..) {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Debian's docker-registry on a free loopback port with storage under `work`; returns
/// `127.0.0.1:PORT`.
fn start_registry(work: &Path) -> anyhow::Result<String> {
    crate::test::ensure_apt_packages(&[("docker-registry", "docker-registry")])?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let storage = work.join("registry");
    let _ = std::fs::remove_dir_all(&storage);
    let config = work.join("registry.yml");
    std::fs::write(
        &config,
        format!(
            "version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: {}\nhttp:\n  addr: 127.0.0.1:{port}\n",
            storage.display()
        ),
    )?;
    let child = Command::new("docker-registry")
        .arg("serve")
        .arg(&config)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    if let Ok(mut v) = background().lock() {
        v.push(child);
    }
    for _ in 0..200 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(format!("127.0.0.1:{port}"));
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    anyhow::bail!("docker-registry did not start on port {port}")
}

/// The 100 MB pack, signed.
fn signed_big_pack(work: &Path, gtdx: &Path) -> anyhow::Result<(PathBuf, PathBuf)> {
    let pack = big_pack(work)?;
    let key = keypair(work, gtdx)?;
    sh(Command::new(gtdx)
        .arg("sign")
        .arg(&pack)
        .arg("--key")
        .arg(&key.0))?;
    Ok((pack, key.1))
}

fn setup_publish(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let (pack, public) = signed_big_pack(work, gtdx)?;
    let host = start_registry(work)?;
    let home = work.join("greentic-home");
    let env = format!("GREENTIC_HOME={}", q(&home));
    let digest = {
        let out = Command::new("sha256sum").arg(&pack).output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        format!(
            "sha256:{}",
            text.split_whitespace().next().unwrap_or_default()
        )
    };
    // Publish once, so the pull has something to fetch and the curl download a blob.
    let publish = format!(
        "{env} {} publish {} --registry oci://{host}/bench --trusted-key {} --force",
        q(gtdx),
        q(&pack),
        q(&public)
    );
    sh(Command::new("bash").arg("-c").arg(&publish))?;
    let id = {
        crate::test::ensure_apt_packages(&[("unzip", "unzip")])?;
        let out = Command::new("unzip")
            .arg("-p")
            .arg(&pack)
            .arg("describe.json")
            .output()?;
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)?;
        v["metadata"]["id"]
            .as_str()
            .context("the big pack's describe.json has no metadata.id")?
            .to_string()
    };
    let upload = format!(
        "loc=$(curl -sS -i -X POST http://{host}/v2/bench/raw/blobs/uploads/ | tr -d '\\r' | sed -n 's/^[Ll]ocation: //p'); \
         case \"$loc\" in http*) ;; *) loc=\"http://{host}$loc\";; esac; \
         curl -sS -f -o /dev/null -X PUT -H 'Content-Type: application/octet-stream' --data-binary @{} \"$loc&digest={digest}\"",
        q(&pack)
    );
    Ok(vec![
        Timed {
            label: "gtdx publish (oci)".into(),
            command: publish,
        },
        Timed {
            label: "curl upload".into(),
            command: upload,
        },
        Timed {
            label: "gtdx info (oci pull)".into(),
            command: format!(
                "{env} {} info {id} --registry oci://{host}/bench --format json > /dev/null",
                q(gtdx)
            ),
        },
        Timed {
            label: "curl download".into(),
            command: format!(
                "curl -sS -f -o {} http://{host}/v2/bench/{id}/blobs/{digest}",
                q(&work.join("downloaded.gtxpack"))
            ),
        },
    ])
}

/// The loopback Greentic Store (gtdx-test-support's, as the e2e tests run it against the
/// platform's gtdx), built in release and run as a background process; returns its URL.
fn start_store() -> anyhow::Result<String> {
    use std::io::BufRead as _;
    sh(Command::new("cargo").args([
        "build",
        "--release",
        "--quiet",
        "--package",
        "gtdx-test-support",
        "--example",
        "store_server",
    ]))?;
    let server = target_dir().join("release/examples/store_server");
    let mut child = Command::new(&server)
        .arg(STORE_TOKEN)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", server.display()))?;
    let stdout = child.stdout.take().context("the Store's stdout")?;
    if let Ok(mut v) = background().lock() {
        v.push(child);
    }
    let mut url = String::new();
    std::io::BufReader::new(stdout).read_line(&mut url)?;
    anyhow::ensure!(url.starts_with("http://"), "the Store printed no URL");
    Ok(url.trim().to_string())
}

/// The token the bench's Store takes for writes; both tools read it from [`STORE_TOKEN_ENV`].
const STORE_TOKEN: &str = "bench-store-token";
const STORE_TOKEN_ENV: &str = "GTDX_BENCH_STORE_TOKEN";

/// A fresh GREENTIC_HOME at `work/greentic-home` whose config.toml (the platform's format,
/// which both tools read) names the Store `bench` and makes it the default registry.
fn store_home(work: &Path, url: &str) -> anyhow::Result<PathBuf> {
    let home = work.join("greentic-home");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home)?;
    std::fs::write(
        home.join("config.toml"),
        format!(
            "[default]\nregistry = \"bench\"\ntrust-policy = \"normal\"\n\n\
             [[registries]]\nname = \"bench\"\nurl = \"{url}\"\ntoken-env = \"{STORE_TOKEN_ENV}\"\n"
        ),
    )?;
    Ok(home)
}

/// A small signed pack of `id@version` under `work/packs` (a component header as its
/// component: `outdated` reads only describe.json).
fn small_pack(
    work: &Path,
    gtdx: &Path,
    key: &Path,
    id: &str,
    version: &str,
) -> anyhow::Result<PathBuf> {
    let zero = "0".repeat(64);
    let mut describe = serde_json::json!({
        "apiVersion": "greentic.ai/v2",
        "kind": "DesignExtension",
        "compat": {"min_designer_version": ">=1.2.0", "min_runner_version": "^1.2.0", "contract_version": "0.3.0"},
        "metadata": {
            "id": id, "name": id, "version": version,
            "summary": "An outdated-bench extension.", "author": {"name": "gtdx bench"}, "license": "Apache-2.0"
        },
        "capabilities": {},
        "runtime": {"permissions": {}, "components": {"c": {
            "gtpack": {"file": "components/c.wasm", "sha256": zero, "pack_id": id, "component_version": version},
            "sha256": zero,
            "world": "greentic:extension-design/tools@0.3.0"
        }}},
        "contributions": {}
    });
    let dir = work.join("packs");
    std::fs::create_dir_all(&dir)?;
    let pack = dir.join(format!("{id}-{version}.gtxpack"));
    gtdx_pack::PackWriter::new()
        .add_bytes("components/c.wasm", b"\0asm\x0d\0\x01\0".to_vec())
        .write(&pack, &mut describe)?;
    sh(Command::new(gtdx)
        .arg("sign")
        .arg(&pack)
        .arg("--key")
        .arg(key))?;
    Ok(pack)
}

/// 100 extensions, each with 1.0.0 installed and 1.1.0 published to the loopback Store (1.0.0
/// too); ours's `gtdx outdated` and the platform's on that one home, against that one Store.
/// Both are run once first and must report all 100.
fn setup_store_outdated(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let platform = crate::test::ensure_platform_gtdx()?;
    let url = start_store()?;
    let home = store_home(work, &url)?;
    let (key, public) = keypair(work, gtdx)?;
    let env = |c: &mut Command| {
        c.env("GREENTIC_HOME", &home)
            .env(STORE_TOKEN_ENV, STORE_TOKEN);
    };
    for i in 0..100 {
        let id = format!("gtdx.bench-outdated-{i:03}");
        for version in ["1.0.0", "1.1.0"] {
            let pack = small_pack(work, gtdx, &key, &id, version)?;
            let mut publish = Command::new(gtdx);
            publish
                .arg("publish")
                .arg(&pack)
                .args(["--registry", "bench", "--trusted-key"])
                .arg(&public);
            env(&mut publish);
            sh(&mut publish)?;
            if version == "1.0.0" {
                let mut install = Command::new(gtdx);
                install
                    .arg("install")
                    .arg(&pack)
                    .args(["--yes", "--trusted-key"])
                    .arg(&public);
                env(&mut install);
                sh(&mut install)?;
            }
        }
    }
    let ours = format!(
        "GREENTIC_HOME={} {STORE_TOKEN_ENV}={STORE_TOKEN} {} outdated --registry bench",
        q(&home),
        q(gtdx)
    );
    let theirs = format!(
        "{STORE_TOKEN_ENV}={STORE_TOKEN} {} --home {} outdated --registry bench",
        q(&platform),
        q(&home)
    );
    for (who, command) in [("ours", &ours), ("the platform's", &theirs)] {
        let out = Command::new("bash").arg("-c").arg(command).output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        let found = text.lines().filter(|l| l.contains("1.1.0")).count();
        anyhow::ensure!(
            out.status.success() && found == 100,
            "{who} gtdx outdated named {found} of the 100 outdated extensions:\n{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(vec![
        Timed {
            label: "gtdx outdated (store)".into(),
            command: format!("{ours} > /dev/null"),
        },
        Timed {
            label: "platform gtdx outdated".into(),
            command: format!("{theirs} > /dev/null"),
        },
    ])
}

/// The 100 MB pack through the loopback Store: ours's publish (verify, then the platform's
/// multipart form) beside curl posting the same form from the same files, then ours's install
/// by id (metadata, digest-checked download, verify, unpack) beside curl downloading the
/// artifact.
fn setup_store_transfer(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    let (pack, public) = signed_big_pack(work, gtdx)?;
    let url = start_store()?;
    let home = store_home(work, &url)?;
    let env = format!("GREENTIC_HOME={} {STORE_TOKEN_ENV}={STORE_TOKEN}", q(&home));
    let publish = format!(
        "{env} {} publish {} --registry bench --trusted-key {} --force",
        q(gtdx),
        q(&pack),
        q(&public)
    );
    sh(Command::new("bash").arg("-c").arg(&publish))?;
    // The form curl posts: the metadata part ours sent (the platform's shape), from a file.
    let describe: serde_json::Value = {
        let out = Command::new("unzip")
            .arg("-p")
            .arg(&pack)
            .arg("describe.json")
            .output()?;
        serde_json::from_slice(&out.stdout)?
    };
    let id = describe["metadata"]["id"]
        .as_str()
        .context("the big pack has no id")?
        .to_string();
    let version = describe["metadata"]["version"]
        .as_str()
        .unwrap_or("0.1.0")
        .to_string();
    let sha = {
        let out = Command::new("sha256sum").arg(&pack).output()?;
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let meta = work.join("metadata.json");
    std::fs::write(
        &meta,
        serde_json::json!({
            "extId": id, "extName": describe["metadata"]["name"], "version": version,
            "kind": describe["kind"], "artifactSha256": sha, "describe": describe, "force": true,
        })
        .to_string(),
    )?;
    let api = format!("{url}/api/v1/extensions");
    // `-H 'Expect:'`: without it curl asks for `100 Continue` before a large body and, as the
    // Store (like most servers) sends none, waits a second first; ours does not ask.
    Ok(vec![
        Timed {
            label: "gtdx publish (store)".into(),
            command: publish,
        },
        Timed {
            label: "curl multipart upload".into(),
            command: format!(
                "curl -sS -f -o /dev/null -H 'Expect:' -H 'Authorization: Bearer {STORE_TOKEN}' -F 'metadata=<{};type=application/json' -F 'artifact=@{};type=application/zip' {api}",
                meta.display(),
                pack.display()
            ),
        },
        Timed {
            label: "gtdx install (store)".into(),
            command: format!(
                "{env} {} install {id} --registry bench --yes --force --trusted-key {}",
                q(gtdx),
                q(&public)
            ),
        },
        Timed {
            label: "curl download".into(),
            command: format!(
                "curl -sS -f -o {} {api}/{id}/{version}/artifact",
                q(&work.join("downloaded.gtxpack"))
            ),
        },
    ])
}

fn setup_install(work: &Path, gtdx: &Path) -> anyhow::Result<Vec<Timed>> {
    crate::test::ensure_apt_packages(&[("unzip", "unzip")])?;
    let (pack, public) = signed_big_pack(work, gtdx)?;
    let home = work.join("greentic-home");
    Ok(vec![
        Timed {
            label: "gtdx install".into(),
            command: format!(
                "GREENTIC_HOME={} {} install {} --yes --force --trusted-key {}",
                q(&home),
                q(gtdx),
                q(&pack),
                q(&public)
            ),
        },
        Timed {
            label: "unzip".into(),
            command: format!(
                "rm -rf {o} && unzip -q -o {} -d {o}",
                q(&pack),
                o = q(&work.join("unzipped"))
            ),
        },
    ])
}
