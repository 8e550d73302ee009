//! `gtdx doctor`: the machine and the project an extension is built in.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::state::{self, Loaded};
use crate::{Finding, Status};

/// The oldest Rust that builds gtdx's SDK and a generated project (their `rust-version`).
pub const MIN_RUST: semver::Version = semver::Version::new(1, 95, 0);

/// What to examine.
#[derive(Debug, Clone)]
pub struct EnvironmentOptions {
    /// The project directory (its toolchain file, Cargo.toml, Cargo.lock and keys/ are read).
    pub project: PathBuf,
    /// The Greentic home.
    pub home: PathBuf,
    /// This gtdx's version, which the project's `gtdx-sdk` should match.
    pub gtdx_version: semver::Version,
}

/// Every environment check, in the order a new machine needs them fixed.
pub fn environment(options: &EnvironmentOptions) -> Vec<Finding> {
    let mut out = Vec::new();
    let rustup = version_line("rustup", &options.project);
    out.push(toolchain(&options.project, rustup.is_some()));
    out.push(cargo(&options.project));
    out.push(wasm_target(&options.project, rustup.is_some()));
    out.push(sdk(&options.project, &options.gtdx_version));
    out.extend(keys(&options.project));
    out.extend(home(&options.home));
    out
}

/// The first line `PROGRAM --version` prints, run in `dir` (so a `rust-toolchain.toml` there
/// applies), or `None` when it does not run.
fn version_line(program: &str, dir: &Path) -> Option<String> {
    let out = Command::new(program)
        .arg("--version")
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .map(str::to_string)
}

/// `rustc 1.95.0 (…)` → 1.95.0.
fn parse_version(line: &str) -> Option<semver::Version> {
    let word = line.split_whitespace().nth(1)?;
    let core = word.split(['-', '+']).next()?;
    semver::Version::parse(core).ok()
}

fn toolchain(project: &Path, rustup: bool) -> Finding {
    let manager = if rustup {
        "rustup"
    } else {
        "a distribution toolchain (no rustup)"
    };
    let Some(line) = version_line("rustc", project) else {
        return Finding::fail(
            "toolchain",
            "rustc is not on PATH",
            "install Rust: https://rustup.rs (`curl --proto '=https' -sSf https://sh.rustup.rs | sh`)",
        );
    };
    match parse_version(&line) {
        Some(v) if v >= MIN_RUST => Finding::pass("toolchain", format!("{line}, from {manager}")),
        Some(v) => Finding::fail(
            "toolchain",
            format!(
                "{line}, from {manager}: gtdx projects need Rust {MIN_RUST} or newer (found {v})"
            ),
            if rustup {
                "rustup update stable"
            } else {
                "install a newer Rust from your distribution, or use rustup (https://rustup.rs)"
            },
        ),
        None => Finding::warn(
            "toolchain",
            format!("cannot read the version in `{line}`"),
            "check that `rustc --version` prints `rustc X.Y.Z (…)`",
        ),
    }
}

fn cargo(project: &Path) -> Finding {
    match version_line("cargo", project) {
        Some(line) => match parse_version(&line) {
            Some(v) if v >= MIN_RUST => Finding::pass("cargo", line),
            Some(_) => Finding::fail(
                "cargo",
                format!("{line}: older than {MIN_RUST}"),
                "rustup update stable",
            ),
            None => Finding::pass("cargo", line),
        },
        None => Finding::fail(
            "cargo",
            "cargo is not on PATH",
            "install Rust with cargo: https://rustup.rs",
        ),
    }
}

/// The `wasm32-wasip2` standard library in the active toolchain's sysroot (the test that
/// works for rustup and distribution toolchains alike).
fn wasm_target(project: &Path, rustup: bool) -> Finding {
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .current_dir(project)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    let Some(sysroot) = sysroot else {
        return Finding::new(
            "wasm-target",
            Status::Skip,
            "no rustc to ask for its sysroot",
        );
    };
    let lib = sysroot.join("lib/rustlib/wasm32-wasip2");
    if lib.is_dir() {
        Finding::pass(
            "wasm-target",
            format!("wasm32-wasip2 installed ({})", lib.display()),
        )
    } else if rustup {
        Finding::fail(
            "wasm-target",
            "the wasm32-wasip2 target is not installed: gtdx build cannot compile a component",
            "rustup target add wasm32-wasip2",
        )
    } else {
        Finding::fail(
            "wasm-target",
            format!(
                "the wasm32-wasip2 standard library is not in {}",
                sysroot.display()
            ),
            "install your distribution's wasm32-wasip2 Rust standard library, or use rustup and `rustup target add wasm32-wasip2`",
        )
    }
}

/// The `gtdx-sdk` the project builds against (Cargo.lock's, else Cargo.toml's requirement)
/// against this gtdx: a different minor (a different major from 1.0) describes tools
/// differently.
fn sdk(project: &Path, gtdx: &semver::Version) -> Finding {
    let manifest = project.join("Cargo.toml");
    let Ok(text) = gtdx_fsx::read_text(&manifest, gtdx_fsx::limits::PROJECT_FILE) else {
        return Finding::new(
            "sdk",
            Status::Skip,
            format!(
                "{} is not a Rust project (no Cargo.toml)",
                project.display()
            ),
        );
    };
    let Ok(doc) = text.parse::<toml::Table>() else {
        return Finding::fail(
            "sdk",
            format!("{} is not valid TOML", manifest.display()),
            "fix its syntax (`cargo metadata` shows where)",
        );
    };
    let declared = ["dependencies", "build-dependencies"]
        .iter()
        .filter_map(|t| doc.get(*t)?.get("gtdx-sdk"))
        .next();
    let Some(declared) = declared else {
        return Finding::new(
            "sdk",
            Status::Skip,
            format!("{} does not depend on gtdx-sdk", manifest.display()),
        );
    };
    let locked = locked_version(&project.join("Cargo.lock"));
    let (version, from) = match locked {
        Some(v) => (v, "Cargo.lock".to_string()),
        None => {
            let req = declared
                .as_str()
                .or_else(|| declared.get("version").and_then(|v| v.as_str()));
            match req.and_then(|r| r.trim_start_matches(['^', '=', '~']).parse().ok()) {
                Some(v) => (v, "Cargo.toml".to_string()),
                None => {
                    return Finding::new(
                        "sdk",
                        Status::Info,
                        "gtdx-sdk comes from a path or git (no version to compare); run `cargo generate-lockfile` to resolve it",
                    );
                }
            }
        }
    };
    let compatible = if gtdx.major == 0 {
        version.major == 0 && version.minor == gtdx.minor
    } else {
        version.major == gtdx.major
    };
    if compatible {
        Finding::pass(
            "sdk",
            format!("gtdx-sdk {version} ({from}) matches this gtdx {gtdx}"),
        )
    } else {
        Finding::warn(
            "sdk",
            format!(
                "the project uses gtdx-sdk {version} ({from}); this gtdx is {gtdx}: describe and build may disagree on the tools"
            ),
            format!(
                "use the gtdx that matches (`cargo install gtdx --version ~{}.{}`), or move the project to gtdx-sdk {gtdx} (`cargo update -p gtdx-sdk`)",
                version.major, version.minor
            ),
        )
    }
}

/// The `gtdx-sdk` version Cargo.lock resolved, if any.
fn locked_version(lock: &Path) -> Option<semver::Version> {
    let text = gtdx_fsx::read_text(lock, gtdx_fsx::limits::PROJECT_FILE).ok()?;
    let doc = text.parse::<toml::Table>().ok()?;
    doc.get("package")?
        .as_array()?
        .iter()
        .find(|p| p.get("name").and_then(|n| n.as_str()) == Some("gtdx-sdk"))?
        .get("version")?
        .as_str()?
        .parse()
        .ok()
}

/// Secret key files in the project (its root and `keys/`): only their owner may read them,
/// and git must not track them.
fn keys(project: &Path) -> Vec<Finding> {
    let mut files: Vec<PathBuf> = [project.to_path_buf(), project.join("keys")]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|entries| entries.flatten().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "key") && p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return vec![Finding::new(
            "signing-key",
            Status::Info,
            "no secret key (*.key) in the project or keys/: signing takes --key FILE or --key-env VAR",
        )];
    }
    files
        .iter()
        .map(|file| {
            let shown = file.strip_prefix(project).unwrap_or(file).display().to_string();
            if tracked_by_git(project, file) {
                return Finding::fail(
                    "signing-key",
                    format!("{shown} is tracked by git: anyone with the repository can sign as you"),
                    format!("git rm --cached {shown}, add *.key to .gitignore, and make a new key (`gtdx keygen`): the old one is public"),
                );
            }
            match mode(file) {
                Some(m) if m & 0o077 != 0 => Finding::fail(
                    "signing-key",
                    format!("{shown} is readable by others (mode {:o})", m & 0o777),
                    format!("chmod 600 {shown}"),
                ),
                _ => Finding::pass("signing-key", format!("{shown}: private to its owner")),
            }
        })
        .collect()
}

#[cfg(unix)]
fn mode(path: &Path) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).ok().map(|m| m.permissions().mode())
}

#[cfg(not(unix))]
fn mode(_: &Path) -> Option<u32> {
    None
}

fn tracked_by_git(project: &Path, file: &Path) -> bool {
    Command::new("git")
        .args(["ls-files", "--error-unmatch"])
        .arg(file)
        .current_dir(project)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The Greentic home: each installed extension loads (its describe.json validates), the state
/// file parses and names only installed extensions.
fn home(home: &Path) -> Vec<Finding> {
    if !home.is_dir() {
        return vec![Finding::new(
            "greentic-home",
            Status::Info,
            format!(
                "{} does not exist yet (the first install creates it)",
                home.display()
            ),
        )];
    }
    let mut out = Vec::new();
    let installed = installed(home);
    let broken: Vec<&Installed> = installed.iter().filter(|i| i.problem.is_some()).collect();
    if broken.is_empty() {
        out.push(Finding::pass(
            "greentic-home",
            format!(
                "{}: {} installed, each loads",
                home.display(),
                installed.len()
            ),
        ));
    }
    for i in &broken {
        out.push(Finding::fail(
            "greentic-home",
            format!(
                "{}: {}",
                i.dir.display(),
                i.problem.as_deref().unwrap_or("")
            ),
            format!(
                "remove it (`rm -r {}`) and install the extension again",
                i.dir.display()
            ),
        ));
    }
    match state::load(home) {
        Loaded::Missing(path) => out.push(Finding::pass(
            "state-file",
            format!(
                "{} absent: every installed extension is enabled (the platform's default)",
                path.display()
            ),
        )),
        Loaded::Broken(path, why) => out.push(Finding::fail(
            "state-file",
            format!("the state file cannot be read: {why}"),
            format!(
                "fix the JSON, or move {} aside (every extension is then enabled)",
                path.display()
            ),
        )),
        Loaded::Read(path, st) => {
            if !["1.0", "1.1"].contains(&st.schema.as_str()) {
                out.push(Finding::warn(
                    "state-file",
                    format!(
                        "{}: schema {:?}, not 1.0 or 1.1: a newer platform wrote it",
                        path.display(),
                        st.schema
                    ),
                    "update gtdx before changing it",
                ));
            }
            let known: Vec<String> = installed
                .iter()
                .map(|i| format!("{}@{}", i.id, i.version))
                .collect();
            let mut stale: Vec<&String> = st
                .default
                .enabled
                .keys()
                .chain(st.tenants.values().flat_map(|s| s.enabled.keys()))
                .filter(|k| !known.contains(k))
                .collect();
            stale.sort();
            stale.dedup();
            if stale.is_empty() {
                out.push(Finding::pass(
                    "state-file",
                    format!(
                        "{}: schema {}, {}",
                        path.display(),
                        st.schema,
                        gtdx_contract::text::count(st.default.enabled.len(), "entry", "entries")
                    ),
                ));
            } else {
                let list: Vec<&str> = stale.iter().map(|s| s.as_str()).collect();
                out.push(Finding::warn(
                    "state-file",
                    format!(
                        "{} names extensions that are not installed: {}",
                        path.display(),
                        list.join(", ")
                    ),
                    "harmless; `gtdx uninstall` (or an edit of the file) removes stale entries",
                ));
            }
        }
    }
    out
}

/// One installed extension directory, and why it does not load, if it does not.
struct Installed {
    id: String,
    version: String,
    dir: PathBuf,
    problem: Option<String>,
}

/// Every `extensions/<kind dir>/<id>-<version>/` under the home.
fn installed(home: &Path) -> Vec<Installed> {
    let mut out = Vec::new();
    let Ok(kinds) = std::fs::read_dir(home.join("extensions")) else {
        return out;
    };
    for kind in kinds.flatten().filter(|e| e.path().is_dir()) {
        let Ok(dirs) = std::fs::read_dir(kind.path()) else {
            continue;
        };
        for dir in dirs.flatten().filter(|e| e.path().is_dir()) {
            let path = dir.path();
            let manifest = path.join("describe.json");
            let (id, version, problem) =
                match gtdx_lint::check_file(&manifest, &gtdx_lint::Options::validate()) {
                    Ok(report) => {
                        let id = report
                            .document
                            .pointer("/metadata/id")
                            .and_then(|v| v.as_str())
                            .unwrap_or("")
                            .to_string();
                        let version = report
                            .document
                            .pointer("/metadata/version")
                            .and_then(|v| v.as_str())
                            .unwrap_or("")
                            .to_string();
                        let problem = (report.errors() > 0).then(|| {
                            format!(
                                "describe.json does not validate ({}): the Designer skips it",
                                report.summary()
                            )
                        });
                        (id, version, problem)
                    }
                    Err(e) => (String::new(), String::new(), Some(e.to_string())),
                };
            out.push(Installed {
                id,
                version,
                dir: path,
                problem,
            });
        }
    }
    out.sort_by(|a, b| a.dir.cmp(&b.dir));
    out
}
