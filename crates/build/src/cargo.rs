//! Driving cargo: build the package for `wasm32-wasip2` and follow its JSON messages.
//!
//! [`compile`] runs `cargo build --target wasm32-wasip2 --message-format
//! json-render-diagnostics`: cargo renders compiler diagnostics itself (to stderr, handed line by
//! line to the caller untouched) and writes JSON messages to stdout, from which the progress
//! events and the artifact's path come. Nothing extra sits on the critical path of a warm build;
//! two helpers run *beside* cargo:
//!
//! * a probe asks the toolchain (`rustc --print sysroot`, from the package's directory so
//!   `rust-toolchain.toml` applies) whether the wasm target's standard library is installed.
//!   cargo's stderr is held back until the probe answers; when the target is missing, cargo is
//!   stopped and the only message is the `rustup target add wasm32-wasip2` one;
//! * when asked (a progress bar is shown), `cargo metadata --filter-platform wasm32-wasip2`
//!   estimates how many units the build goes through, so the bar has a total. If cargo finishes
//!   first, the estimate is not used (but still waited for, as the probe is: no helper process
//!   outlives the build).
//!
//! The artifact is the `.wasm` cargo reports for the package's `cdylib`; its location is cargo's
//! own (it accounts for `CARGO_TARGET_DIR`, `build.target-dir` and workspace target dirs).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;

use cargo_metadata::{DependencyKind, Message, MetadataCommand, TargetKind};

use crate::BuildError;
use crate::event::{Event, Progress};

/// The target every extension is built for.
pub const TARGET: &str = "wasm32-wasip2";

/// Which cargo profile to build with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Profile {
    #[default]
    Release,
    Debug,
}

impl Profile {
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Release => "release",
            Profile::Debug => "debug",
        }
    }
}

/// The extension package to build.
#[derive(Debug, Clone)]
pub struct Project {
    /// The package's Cargo.toml (absolute).
    pub manifest_path: PathBuf,
    /// The directory holding it (where describe.json and the assets live).
    pub package_root: PathBuf,
    pub package_name: String,
    pub package_version: String,
}

impl Project {
    /// A package the caller has already read (e.g. with the describe engine).
    pub fn new(manifest_path: &Path, name: &str, version: &str) -> Project {
        Project {
            package_root: manifest_path
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(".")),
            manifest_path: manifest_path.to_path_buf(),
            package_name: name.to_string(),
            package_version: version.to_string(),
        }
    }

    /// Reads the package at `manifest_path` (or, like cargo, the one around the current
    /// directory) with `cargo metadata --no-deps`.
    pub fn load(manifest_path: Option<&Path>) -> Result<Project, BuildError> {
        let mut cmd = MetadataCommand::new();
        cmd.no_deps();
        if let Some(p) = manifest_path {
            cmd.manifest_path(p);
        }
        let metadata = cmd.exec().map_err(|e| BuildError::Metadata {
            manifest: manifest_path.map(Path::to_path_buf),
            message: metadata_error_text(e),
        })?;
        let wanted = match manifest_path {
            Some(p) => std::fs::canonicalize(p).ok(),
            None => None,
        };
        let package = match (&wanted, metadata.root_package()) {
            (None, Some(root)) => Some(root),
            (Some(w), _) => metadata
                .packages
                .iter()
                .find(|p| std::fs::canonicalize(&p.manifest_path).ok().as_ref() == Some(w)),
            (None, None) => None,
        };
        let Some(package) = package else {
            return Err(BuildError::VirtualManifest(
                manifest_path
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| metadata.workspace_root.join("Cargo.toml").into()),
            ));
        };
        Ok(Project::new(
            package.manifest_path.as_std_path(),
            package.name.as_str(),
            &package.version.to_string(),
        ))
    }

    /// The package's own `wit/` directory, if it has one.
    pub fn wit_dir(&self) -> Option<PathBuf> {
        let d = self.package_root.join("wit");
        d.is_dir().then_some(d)
    }
}

fn metadata_error_text(e: cargo_metadata::Error) -> String {
    match e {
        cargo_metadata::Error::CargoMetadata { stderr } => {
            let text = stderr.trim();
            text.strip_prefix("error: ").unwrap_or(text).to_string()
        }
        other => other.to_string(),
    }
}

/// How to run cargo.
#[derive(Debug, Clone, Default)]
pub struct CompileOptions {
    pub profile: Profile,
    /// Ask cargo for colored diagnostics (when the caller's stderr is a terminal). Ignored when
    /// `CARGO_TERM_COLOR` is set.
    pub color: bool,
    /// Estimate the number of units (for a progress bar's total) beside the build.
    pub estimate_total: bool,
    /// `cargo build --locked`: fail instead of changing Cargo.lock (CI, reproducible builds).
    pub locked: bool,
}

/// The built component.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `.wasm` file cargo reported for the package's cdylib.
    pub wasm: PathBuf,
    /// Units cargo went through (compiled or fresh crates, build-script runs).
    pub units: usize,
    /// cargo's target directory (the artifact is `<target>/wasm32-wasip2/<profile>/<name>.wasm`).
    pub target_directory: PathBuf,
}

impl Compiled {
    /// Where packs go by default: `<target-dir>/gtdx`.
    pub fn default_out_dir(&self) -> PathBuf {
        self.target_directory.join("gtdx")
    }
}

enum Line {
    Out(Box<Message>),
    Err(String),
    /// The target probe's answer.
    Probe(Option<bool>),
    /// The unit estimate.
    Estimate(usize),
    /// One of cargo's two streams reached its end.
    Closed,
}

/// The cargo gtdx runs: the one that runs gtdx (`$CARGO`, as `cargo gtdx` sets it), else the
/// `cargo` on PATH (rustup's proxy, which honours the project's rust-toolchain.toml).
pub fn cargo_program() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// Builds the package for `wasm32-wasip2`, reporting progress, and returns the component's
/// path as cargo reported it.
pub fn compile(
    project: &Project,
    opts: &CompileOptions,
    progress: &mut dyn Progress,
) -> Result<Compiled, BuildError> {
    let mut cmd = cargo_build(project, opts);

    progress.event(&Event::Started {
        package: project.package_name.clone(),
        version: project.package_version.clone(),
        manifest_path: project.manifest_path.display().to_string(),
        target: TARGET.to_string(),
        profile: opts.profile.as_str().to_string(),
    });

    let mut child = cmd.spawn().map_err(BuildError::Spawn)?;
    let (tx, rx) = mpsc::channel::<Line>();

    // Beside cargo, when asked: the unit estimate (its answer is used only if it comes in time).
    let mut beside = Beside::default();
    if opts.estimate_total {
        let tx = tx.clone();
        let manifest = project.manifest_path.clone();
        beside.0.push(std::thread::spawn(move || {
            if let Some(n) = estimate(&manifest) {
                let _ = tx.send(Line::Estimate(n));
            }
        }));
    }
    let readers = spawn_readers(&mut child, &tx);
    let mut state = Follow {
        project,
        progress,
        wasm: None,
        done: 0,
        total: None,
        probe: None,
        probe_tx: Some(tx.clone()),
        beside,
        held: Vec::new(),
        missing_target_text: false,
        success: None,
    };
    drop(tx);
    let mut streams_open = readers.iter().filter(|r| r.is_some()).count();
    while streams_open > 0 {
        let Ok(line) = rx.recv() else { break };
        match line {
            Line::Closed => streams_open -= 1,
            Line::Probe(answer) => {
                state.probe = Some(answer);
                if answer != Some(false) {
                    for l in std::mem::take(&mut state.held) {
                        state.progress.cargo_stderr(&l);
                    }
                }
            }
            Line::Estimate(n) => state.total = Some(n.max(state.done)),
            Line::Err(l) => state.stderr_line(l),
            Line::Out(m) => state.message(*m),
        }
        if state.probe == Some(Some(false)) && state.missing_target_text {
            // No wasm32-wasip2 standard library, and rustc says so: stop cargo, whose errors
            // about `core` would only repeat ours. (Without rustc's word the build goes on:
            // `-Zbuild-std` builds need no installed target.)
            let _ = child.kill();
            let _ = child.wait();
            return Err(BuildError::MissingTarget);
        }
    }
    for h in readers.into_iter().flatten() {
        let _ = h.join();
    }
    let status = child.wait().map_err(BuildError::Spawn)?;
    let failed = !status.success() || state.success == Some(false);
    if failed || !state.held.is_empty() {
        // The probe decides what a failure means, and releases held lines.
        if failed {
            state.start_probe();
        }
        let answer = match state.probe {
            Some(a) => a,
            None => wait_for_probe(&rx),
        };
        if failed && (answer == Some(false) || state.missing_target_text) {
            return Err(BuildError::MissingTarget);
        }
        for l in std::mem::take(&mut state.held) {
            state.progress.cargo_stderr(&l);
        }
    }
    if failed {
        return Err(BuildError::CargoFailed {
            package: project.package_name.clone(),
        });
    }
    let Some(wasm) = state.wasm else {
        return Err(BuildError::NoArtifact {
            package: project.package_name.clone(),
        });
    };
    let target_directory = wasm
        .ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| project.package_root.join("target"));
    Ok(Compiled {
        wasm,
        units: state.done,
        target_directory,
    })
}

/// `cargo build` of the package for the target, its messages as JSON on stdout.
fn cargo_build(project: &Project, opts: &CompileOptions) -> Command {
    let mut cmd = Command::new(cargo_program());
    cmd.arg("build")
        .arg("--manifest-path")
        .arg(&project.manifest_path)
        .args([
            "--target",
            TARGET,
            "--message-format",
            "json-render-diagnostics",
            "--quiet",
        ]);
    if opts.profile == Profile::Release {
        cmd.arg("--release");
    }
    if opts.locked {
        cmd.arg("--locked");
    }
    if std::env::var_os("CARGO_TERM_COLOR").is_none() {
        cmd.args(["--color", if opts.color { "always" } else { "never" }]);
    }
    cmd.current_dir(&project.package_root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// One thread per pipe of cargo's, each sending its lines to `tx` and `Closed` at the end.
fn spawn_readers(
    child: &mut std::process::Child,
    tx: &mpsc::Sender<Line>,
) -> [Option<std::thread::JoinHandle<()>>; 2] {
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    [
        stdout.map(|out| {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for m in Message::parse_stream(BufReader::new(out)).map_while(Result::ok) {
                    if tx.send(Line::Out(Box::new(m))).is_err() {
                        break;
                    }
                }
                let _ = tx.send(Line::Closed);
            })
        }),
        stderr.map(|err| {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    if tx.send(Line::Err(line)).is_err() {
                        break;
                    }
                }
                let _ = tx.send(Line::Closed);
            })
        }),
    ]
}

fn wait_for_probe(rx: &mpsc::Receiver<Line>) -> Option<bool> {
    while let Ok(line) = rx.recv_timeout(std::time::Duration::from_secs(10)) {
        if let Line::Probe(answer) = line {
            return answer;
        }
    }
    None
}

/// The threads running a helper process beside cargo (the target probe's `rustc --print
/// sysroot`, the estimate's `cargo metadata`). They are joined whichever way [`compile`]
/// returns: a helper left running would outlive gtdx and die of SIGPIPE writing to a pipe no
/// one reads. Both are short next to a build that compiled anything.
#[derive(Default)]
struct Beside(Vec<std::thread::JoinHandle<()>>);

impl Drop for Beside {
    fn drop(&mut self) {
        for h in self.0.drain(..) {
            let _ = h.join();
        }
    }
}

/// What [`compile`] keeps track of while cargo runs.
struct Follow<'a> {
    project: &'a Project,
    progress: &'a mut dyn Progress,
    wasm: Option<PathBuf>,
    done: usize,
    total: Option<usize>,
    /// The probe's answer, once it came.
    probe: Option<Option<bool>>,
    /// Starts the probe (taken when it is started).
    probe_tx: Option<mpsc::Sender<Line>>,
    /// The helpers running beside cargo, waited for when [`compile`] returns.
    beside: Beside,
    /// stderr lines held back until the probe answers.
    held: Vec<String>,
    missing_target_text: bool,
    success: Option<bool>,
}

impl Follow<'_> {
    /// Asks the toolchain, beside cargo, whether the wasm target is installed. Only started
    /// when cargo has something to say (or fails): a warm build with nothing to report never
    /// pays for it.
    fn start_probe(&mut self) {
        if let Some(tx) = self.probe_tx.take() {
            let dir = self.project.package_root.clone();
            self.beside.0.push(std::thread::spawn(move || {
                let _ = tx.send(Line::Probe(target_installed(&dir)));
            }));
        }
    }

    fn stderr_line(&mut self, line: String) {
        if mentions_missing_target(&line) {
            self.missing_target_text = true;
        }
        if matches!(self.probe, Some(a) if a != Some(false)) {
            self.progress.cargo_stderr(&line);
        } else {
            // Held until the probe answers: if the target is missing, these are only rustc's
            // errors about `core`.
            self.start_probe();
            self.held.push(line);
        }
    }

    fn unit(&mut self, package_id: &str, kind: String, fresh: bool) {
        // cargo is compiling: learn early whether the target is there. (Not for a build
        // script's output, which cargo reports on every build, replayed or not: a build with
        // nothing to compile needs no probe.)
        if !fresh && kind != "build-script-run" {
            self.start_probe();
        }
        self.done += 1;
        if let Some(t) = &mut self.total {
            *t = (*t).max(self.done);
        }
        let (crate_name, version) = name_and_version(package_id);
        self.progress.event(&Event::Compiled {
            crate_name,
            version,
            kind,
            fresh,
            done: self.done,
            total: self.total,
        });
    }

    fn message(&mut self, m: Message) {
        match m {
            Message::CompilerArtifact(a) => {
                if a.target.is_kind(TargetKind::CDyLib)
                    && same_file(a.manifest_path.as_std_path(), &self.project.manifest_path)
                    && let Some(f) = a.filenames.iter().find(|f| f.extension() == Some("wasm"))
                {
                    self.wasm = Some(f.clone().into());
                }
                self.unit(&a.package_id.repr, unit_kind(&a.target), a.fresh);
            }
            Message::BuildScriptExecuted(b) => {
                self.unit(&b.package_id.repr, "build-script-run".into(), false)
            }
            Message::BuildFinished(f) => self.success = Some(f.success),
            Message::TextLine(l) => self.stderr_line(l),
            _ => {}
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
}

/// `name` and `version` from a cargo package id: `registry+https://...#serde@1.0.229`,
/// `path+file:///x/hello#0.1.0` (name = last path segment), or the legacy
/// `serde 1.0.229 (registry+...)`.
fn name_and_version(id: &str) -> (String, String) {
    if let Some((url, frag)) = id.rsplit_once('#') {
        return match frag.split_once('@') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => {
                let name = url.trim_end_matches('/').rsplit('/').next().unwrap_or(url);
                (name.to_string(), frag.to_string())
            }
        };
    }
    let mut parts = id.split(' ');
    match (parts.next(), parts.next()) {
        (Some(n), Some(v)) => (n.to_string(), v.to_string()),
        _ => (id.to_string(), String::new()),
    }
}

fn unit_kind(t: &cargo_metadata::Target) -> String {
    if t.is_kind(TargetKind::CustomBuild) {
        return "build-script".into();
    }
    t.kind
        .first()
        .map(|k| k.to_string())
        .unwrap_or_else(|| "lib".into())
}

/// rustc's wording when the target's standard library is absent.
fn mentions_missing_target(line: &str) -> bool {
    line.contains("target may not be installed")
        || line.contains("can't find crate for `core`")
        || line.contains("can't find crate for `std`")
}

/// Whether the toolchain cargo will use has the wasm target's standard library. `None` when
/// that cannot be told (no `rustc`, an unusual layout): cargo then has the last word.
pub fn target_installed(dir: &Path) -> Option<bool> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(rustc)
        .args(["--print", "sysroot"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let sysroot = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    let rustlib = sysroot.join("lib/rustlib");
    if !rustlib.is_dir() {
        return None;
    }
    Some(rustlib.join(TARGET).join("lib").is_dir())
}

/// Estimates the units of a cold build from `cargo metadata --filter-platform wasm32-wasip2`.
pub fn estimate(manifest_path: &Path) -> Option<usize> {
    let metadata = MetadataCommand::new()
        .manifest_path(manifest_path)
        .other_options(vec!["--filter-platform".to_string(), TARGET.to_string()])
        .exec()
        .ok()?;
    let resolve = metadata.resolve.as_ref()?;
    let root = resolve.root.as_ref()?;
    Some(estimate_units(&metadata, resolve, root))
}

/// Counts what a cold build goes through. Every package reachable from the root is compiled
/// once per context it is needed in: for the wasm target (normal dependencies) and for the host
/// (build dependencies, proc-macros and everything below them). A build script adds two units
/// (compile, run). Features can make cargo build a little less or more; the total is raised
/// when cargo goes over.
fn estimate_units(
    metadata: &cargo_metadata::Metadata,
    resolve: &cargo_metadata::Resolve,
    root: &cargo_metadata::PackageId,
) -> usize {
    let nodes: HashMap<&cargo_metadata::PackageId, &cargo_metadata::Node> =
        resolve.nodes.iter().map(|n| (&n.id, n)).collect();
    let packages: HashMap<&cargo_metadata::PackageId, &cargo_metadata::Package> =
        metadata.packages.iter().map(|p| (&p.id, p)).collect();
    let has_target = |id: &cargo_metadata::PackageId, kind: TargetKind| {
        packages
            .get(id)
            .is_some_and(|p| p.targets.iter().any(|t| t.is_kind(kind.clone())))
    };
    // (package, compiled for the host)
    let mut seen: HashSet<(&cargo_metadata::PackageId, bool)> = HashSet::new();
    let mut stack = vec![(root, false)];
    while let Some((id, host)) = stack.pop() {
        if !seen.insert((id, host)) {
            continue;
        }
        let Some(node) = nodes.get(id) else { continue };
        for dep in &node.deps {
            let kinds = &dep.dep_kinds;
            let normal = kinds.is_empty()
                || kinds
                    .iter()
                    .any(|k| matches!(k.kind, DependencyKind::Normal));
            let build = kinds
                .iter()
                .any(|k| matches!(k.kind, DependencyKind::Build));
            if normal {
                stack.push((
                    &dep.pkg,
                    host || has_target(&dep.pkg, TargetKind::ProcMacro),
                ));
            }
            if build {
                stack.push((&dep.pkg, true));
            }
        }
    }
    seen.iter()
        .map(|(id, _)| {
            if has_target(id, TargetKind::CustomBuild) {
                3
            } else {
                1
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_units_from_package_ids() {
        assert_eq!(
            name_and_version("registry+https://github.com/rust-lang/crates.io-index#serde@1.0.229"),
            ("serde".into(), "1.0.229".into())
        );
        assert_eq!(
            name_and_version("path+file:///tmp/h1#hello-extension@0.1.0"),
            ("hello-extension".into(), "0.1.0".into())
        );
        assert_eq!(
            name_and_version("path+file:///tmp/hello#0.1.0"),
            ("hello".into(), "0.1.0".into())
        );
        assert_eq!(
            name_and_version("serde 1.0.0 (registry+https://x)"),
            ("serde".into(), "1.0.0".into())
        );
    }
}
