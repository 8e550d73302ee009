//! Driving cargo: find the package, build it for `wasm32-wasip2`, follow its JSON messages.
//!
//! * [`Project::load`] reads `cargo metadata` (filtered to the wasm target) once: the package,
//!   its target directory (which already accounts for `CARGO_TARGET_DIR`, `build.target-dir`
//!   and workspaces), and an estimate of how many units the build goes through. At the same
//!   time it asks the toolchain for its sysroot to learn whether the wasm target is installed.
//! * [`compile`] runs `cargo build --target wasm32-wasip2 --message-format
//!   json-render-diagnostics`: cargo renders compiler diagnostics itself (to stderr, which is
//!   handed line by line to the caller untouched) and writes JSON messages to stdout, from which
//!   progress events and the artifact's path come.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;

use cargo_metadata::{DependencyKind, Message, MetadataCommand, TargetKind};

use crate::BuildError;
use crate::event::{Event, Progress};

/// The package whose `wit/` defines the SDK's world.
pub const SDK_PACKAGE: &str = "gtdx-sdk";

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

/// The extension package to build, as cargo sees it.
#[derive(Debug, Clone)]
pub struct Project {
    /// The package's Cargo.toml (absolute).
    pub manifest_path: PathBuf,
    /// The directory holding it (where describe.json and the assets live).
    pub package_root: PathBuf,
    pub package_name: String,
    pub package_version: String,
    package_id: String,
    /// cargo's target directory for this package.
    pub target_directory: PathBuf,
    /// Estimated units (crate compilations and build-script runs) of a full build.
    pub units_estimate: usize,
    /// WIT directories of the gtdx SDK versions in the dependency graph.
    sdk_wit_dirs: Vec<PathBuf>,
    /// `Some(false)` when the toolchain's sysroot has no `wasm32-wasip2` standard library.
    pub target_installed: Option<bool>,
    /// Package id → (name, version), for naming units in progress events.
    names: HashMap<String, (String, String)>,
}

impl Project {
    /// Reads the package at `manifest_path` (or, like cargo, the one around the current
    /// directory).
    pub fn load(manifest_path: Option<&Path>) -> Result<Project, BuildError> {
        let start_dir = match manifest_path.and_then(Path::parent) {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let (metadata, target_installed) = std::thread::scope(|s| {
            let probe = s.spawn(|| target_installed(&start_dir));
            let mut cmd = MetadataCommand::new();
            if let Some(p) = manifest_path {
                cmd.manifest_path(p);
            }
            cmd.other_options(vec!["--filter-platform".to_string(), TARGET.to_string()]);
            let metadata = cmd.exec();
            (metadata, probe.join().ok().flatten())
        });
        let metadata = metadata.map_err(|e| BuildError::Metadata {
            manifest: manifest_path.map(Path::to_path_buf),
            message: metadata_error_text(e),
        })?;
        let resolve = metadata.resolve.as_ref();
        let Some(root_id) = resolve.and_then(|r| r.root.clone()) else {
            return Err(BuildError::VirtualManifest(
                manifest_path
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| metadata.workspace_root.join("Cargo.toml").into()),
            ));
        };
        let Some(package) = metadata.packages.iter().find(|p| p.id == root_id) else {
            return Err(BuildError::Metadata {
                manifest: manifest_path.map(Path::to_path_buf),
                message: "cargo metadata does not list the root package".into(),
            });
        };
        let names = metadata
            .packages
            .iter()
            .map(|p| {
                (
                    p.id.repr.clone(),
                    (p.name.to_string(), p.version.to_string()),
                )
            })
            .collect();
        let sdk_wit_dirs = metadata
            .packages
            .iter()
            .filter(|p| p.name.as_str() == SDK_PACKAGE)
            .filter_map(|p| {
                p.manifest_path
                    .parent()
                    .map(|d| d.join("wit").into_std_path_buf())
            })
            .filter(|d| d.is_dir())
            .collect();
        let units_estimate = resolve
            .map(|r| estimate_units(&metadata, r, &root_id))
            .unwrap_or(1);
        let manifest_path: PathBuf = package.manifest_path.clone().into();
        Ok(Project {
            package_root: manifest_path
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(".")),
            manifest_path,
            package_name: package.name.to_string(),
            package_version: package.version.to_string(),
            package_id: root_id.repr.clone(),
            target_directory: metadata.target_directory.clone().into(),
            units_estimate,
            target_installed,
            sdk_wit_dirs,
            names,
        })
    }

    /// Where packs go by default: `<target-dir>/gtdx`.
    pub fn default_out_dir(&self) -> PathBuf {
        self.target_directory.join("gtdx")
    }

    /// WIT directories whose worlds `runtime.components.*.world` may name: the package's own
    /// `wit/`, and the `wit/` of the gtdx SDK it depends on.
    pub fn wit_dirs(&self) -> Vec<PathBuf> {
        let own = self.package_root.join("wit");
        own.is_dir()
            .then_some(own)
            .into_iter()
            .chain(self.sdk_wit_dirs.iter().cloned())
            .collect()
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

/// Counts what a cold build goes through: every package reachable from the root through normal
/// and build dependencies (one compilation each), plus two units (compile, run) per build
/// script. A package compiled for both host and target counts once, so the real count can run
/// over; the progress total is raised when it does.
fn estimate_units(
    metadata: &cargo_metadata::Metadata,
    resolve: &cargo_metadata::Resolve,
    root: &cargo_metadata::PackageId,
) -> usize {
    let nodes: HashMap<&cargo_metadata::PackageId, &cargo_metadata::Node> =
        resolve.nodes.iter().map(|n| (&n.id, n)).collect();
    let packages: HashMap<&cargo_metadata::PackageId, &cargo_metadata::Package> =
        metadata.packages.iter().map(|p| (&p.id, p)).collect();
    let mut seen: HashSet<&cargo_metadata::PackageId> = HashSet::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        if let Some(node) = nodes.get(id) {
            for dep in &node.deps {
                let used = dep.dep_kinds.is_empty()
                    || dep
                        .dep_kinds
                        .iter()
                        .any(|k| matches!(k.kind, DependencyKind::Normal | DependencyKind::Build));
                if used {
                    stack.push(&dep.pkg);
                }
            }
        }
    }
    seen.iter()
        .map(|id| {
            let has_build_script = packages
                .get(id)
                .is_some_and(|p| p.targets.iter().any(|t| t.is_kind(TargetKind::CustomBuild)));
            if has_build_script { 3 } else { 1 }
        })
        .sum()
}

/// Whether the toolchain cargo will use has the wasm target's standard library. `None` when
/// that cannot be told (no `rustc`, an unusual layout): cargo then has the last word.
fn target_installed(dir: &Path) -> Option<bool> {
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

/// How to run cargo.
#[derive(Debug, Clone, Default)]
pub struct CompileOptions {
    pub profile: Profile,
    /// Ask cargo for colored diagnostics (when the caller's stderr is a terminal). Ignored when
    /// `CARGO_TERM_COLOR` is set.
    pub color: bool,
}

/// The built component.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `.wasm` file cargo reported for the package's cdylib.
    pub wasm: PathBuf,
    /// Units cargo went through.
    pub units: usize,
}

enum Line {
    Out(Box<Message>),
    Err(String),
}

/// Builds the package for `wasm32-wasip2`, reporting progress, and returns the component's
/// path as cargo reported it.
pub fn compile(
    project: &Project,
    opts: &CompileOptions,
    progress: &mut dyn Progress,
) -> Result<Compiled, BuildError> {
    if project.target_installed == Some(false) {
        return Err(BuildError::MissingTarget);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
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
    if std::env::var_os("CARGO_TERM_COLOR").is_none() {
        cmd.args(["--color", if opts.color { "always" } else { "never" }]);
    }
    cmd.current_dir(&project.package_root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());

    progress.event(&Event::Started {
        package: project.package_name.clone(),
        version: project.package_version.clone(),
        manifest_path: project.manifest_path.display().to_string(),
        target: TARGET.to_string(),
        profile: opts.profile.as_str().to_string(),
        total: project.units_estimate,
    });

    let mut child = cmd.spawn().map_err(BuildError::Spawn)?;
    let (tx, rx) = mpsc::channel::<Line>();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let mut wasm: Option<PathBuf> = None;
    let mut done = 0usize;
    let mut total = project.units_estimate.max(1);
    let mut stderr_text_hint = false;
    let mut success = None;

    std::thread::scope(|s| {
        if let Some(out) = stdout {
            let tx = tx.clone();
            s.spawn(move || {
                for m in Message::parse_stream(BufReader::new(out)).map_while(Result::ok) {
                    if tx.send(Line::Out(Box::new(m))).is_err() {
                        break;
                    }
                }
            });
        }
        if let Some(err) = stderr {
            let tx = tx.clone();
            s.spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    if tx.send(Line::Err(line)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for line in rx {
            match line {
                Line::Err(l) => {
                    if mentions_missing_target(&l) {
                        stderr_text_hint = true;
                    }
                    progress.cargo_stderr(&l);
                }
                Line::Out(m) => match *m {
                    Message::CompilerArtifact(a) => {
                        done += 1;
                        total = total.max(done);
                        if a.package_id.repr == project.package_id
                            && a.target.is_kind(TargetKind::CDyLib)
                            && let Some(f) =
                                a.filenames.iter().find(|f| f.extension() == Some("wasm"))
                        {
                            wasm = Some(f.clone().into());
                        }
                        let (name, version) = project.unit_name(&a.package_id.repr);
                        progress.event(&Event::Compiled {
                            crate_name: name,
                            version,
                            kind: unit_kind(&a.target),
                            fresh: a.fresh,
                            done,
                            total,
                        });
                    }
                    Message::BuildScriptExecuted(b) => {
                        done += 1;
                        total = total.max(done);
                        let (name, version) = project.unit_name(&b.package_id.repr);
                        progress.event(&Event::Compiled {
                            crate_name: name,
                            version,
                            kind: "build-script-run".into(),
                            fresh: false,
                            done,
                            total,
                        });
                    }
                    Message::BuildFinished(f) => success = Some(f.success),
                    Message::TextLine(l) => progress.cargo_stderr(&l),
                    _ => {}
                },
            }
        }
    });
    let status = child.wait().map_err(BuildError::Spawn)?;
    if !status.success() || success == Some(false) {
        if stderr_text_hint {
            return Err(BuildError::MissingTarget);
        }
        return Err(BuildError::CargoFailed {
            package: project.package_name.clone(),
        });
    }
    match wasm {
        Some(wasm) => Ok(Compiled { wasm, units: done }),
        None => Err(BuildError::NoArtifact {
            package: project.package_name.clone(),
        }),
    }
}

impl Project {
    fn unit_name(&self, id: &str) -> (String, String) {
        self.names
            .get(id)
            .cloned()
            .unwrap_or_else(|| (id.to_string(), String::new()))
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
        || (line.contains("can't find crate for `core`")
            || line.contains("can't find crate for `std`"))
}
