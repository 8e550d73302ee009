//! `gtdx dev`: save a file, and the extension a Designer loads is rebuilt and reinstalled.
//!
//! The loop watches the project's inputs (sources, `build.rs`, `Cargo.toml`, `wit/`, `assets/`,
//! `i18n/`; never `target/`, `.git/`, `dist/` or editor swap files, and never the describe.json
//! and Cargo.lock the build itself writes), waits until a burst of saves goes quiet, then runs
//! [`crate::build`] (describe → lint → compile → check → pack) and installs the pack into the
//! Greentic home, unless its SHA-256 is the one installed last. A failed step is reported and
//! the loop goes on; the next save retries. Events carry the platform's `gtdx dev` names
//! (`ready`, `change_detected`, `build_start`, `build_ok`, `build_failed`, `pack_ok`,
//! `install_ok`, `install_skipped`, `idle`, `shutdown`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gtdx_contract::Diagnostic;
use serde::Serialize;

use crate::build::{BuildOptions, Profile};
use crate::error_text;
use crate::progress::Progress;

/// What to watch and what to do after each build.
#[derive(Debug, Clone)]
pub struct DevOptions {
    /// The extension's Cargo.toml.
    pub manifest_path: PathBuf,
    pub profile: Profile,
    /// Build once (and install), then return; no watching.
    pub once: bool,
    /// Install each new pack (with the installer the caller passes to [`dev`]).
    pub install: bool,
    /// How long the project must stay quiet after a save before the build starts.
    pub debounce: Duration,
    /// Call a tool of each new pack under the host (`--run TOOL --input JSON`).
    pub run: Option<DevRun>,
}

/// `--run TOOL --input JSON`: the call made after each successful build, as `gtdx run` makes it
/// on the pack just built.
#[derive(Debug, Clone)]
pub struct DevRun {
    pub tool: String,
    pub input: crate::run::Input,
    pub host: crate::run::HostInputs,
}

/// One step of the loop, as `--format json` prints it (`{"event": "build_ok", …}`).
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DevEvent {
    Ready {
        project: String,
        watched: Vec<String>,
    },
    ChangeDetected {
        paths: Vec<String>,
    },
    BuildStart {
        profile: String,
    },
    BuildOk {
        duration_ms: u64,
    },
    BuildFailed {
        duration_ms: u64,
        message: String,
        diagnostics: Vec<Diagnostic>,
    },
    PackOk {
        pack: String,
        size: u64,
        sha256: String,
    },
    InstallOk {
        id: String,
        version: String,
        dir: String,
    },
    InstallSkipped {
        reason: String,
    },
    InstallFailed {
        message: String,
    },
    /// `--run`: the tool returned `ok` (its output, JSON when it is JSON).
    RunOk {
        tool: String,
        output: serde_json::Value,
        elapsed_ms: u64,
    },
    /// `--run`: the tool returned an error, the call failed, or it could not be made.
    RunFailed {
        tool: String,
        message: String,
    },
    Idle {
        last_build_ok: bool,
    },
    Shutdown,
}

pub use gtdx_fsx::on_interrupt;

/// Installs a pack into the Greentic home as `gtdx install PACK --trust loose --yes --force`
/// does (the platform's layout and state file); `(id, version, directory)`.
pub fn install(pack: &Path, home: &Path) -> Result<(String, String, PathBuf), String> {
    let outcome = crate::install::install(crate::install::InstallOptions {
        source: pack.display().to_string(),
        registry: None,
        home: crate::install::Home::new(home),
        trust: crate::install::TrustLevel::Loose,
        trusted_keys: Default::default(),
        force: true,
        consent: crate::install::Consent::Given,
        oci: Default::default(),
    })
    .map_err(|e| error_text(&e))?;
    Ok((outcome.info.id, outcome.info.version, outcome.dir))
}

/// Where the loop reports: the build's own events (a [`Progress`]) and the loop's.
pub trait DevSink: Progress {
    fn dev_event(&mut self, event: &DevEvent);
}

/// Installs a pack the loop built; returns `(id, version, directory)`.
pub type Installer<'a> = dyn FnMut(&Path) -> Result<(String, String, PathBuf), String> + 'a;

#[derive(Debug, thiserror::Error)]
pub enum DevError {
    #[error("{}: cannot watch the project: {source}", path.display())]
    Watch {
        path: PathBuf,
        source: notify::Error,
    },
    #[error("{}: no Cargo.toml here; run gtdx dev in an extension's directory or pass --manifest-path", .0.display())]
    NoProject(PathBuf),
    #[error(transparent)]
    Run(#[from] crate::run::RunError),
}

/// The top-level names the loop watches in the project directory.
const WATCHED: &[&str] = &["src", "build.rs", "Cargo.toml", "wit", "assets", "i18n"];

/// Whether a change at `path` (inside `root`) is an input of the build.
pub fn is_input(root: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    let mut parts = rel.components().map(|c| c.as_os_str().to_string_lossy());
    let Some(first) = parts.next() else {
        return false;
    };
    if !WATCHED.contains(&first.as_ref()) {
        return false;
    }
    let name = rel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let swap = name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".swo")
        || name.ends_with('~')
        || name.ends_with(".tmp")
        || name.starts_with(".#")
        || name.starts_with(".gtdx-tmp-")
        || name == "4913"; // vim's probe file
    !swap
}

/// Runs the loop until interrupted (or one round with `once`). Returns whether the last build
/// succeeded (with `once`, the exit status).
pub fn dev(
    options: &DevOptions,
    sink: &mut dyn DevSink,
    install: &mut Installer<'_>,
) -> Result<bool, DevError> {
    let root = options
        .manifest_path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let root = if root.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        root
    };
    if !options.manifest_path.is_file() {
        return Err(DevError::NoProject(root));
    }
    if let Some(run) = &options.run {
        // Bad `--input` or host flags are the caller's mistake: say so before the first build.
        crate::run::read_input(&run.input)?;
        crate::run::host_options(&run.host)?;
    }
    let mut state = Round::default();

    if options.once {
        sink.dev_event(&DevEvent::Ready {
            project: root.display().to_string(),
            watched: Vec::new(),
        });
        let ok = state.run(options, sink, install);
        return Ok(ok);
    }

    // Watch before the first build, so a save during it is not lost.
    let (tx, rx) = mpsc::channel::<notify::Result<notify::Event>>();
    let mut watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
    })
    .map_err(|source| DevError::Watch {
        path: root.clone(),
        source,
    })?;
    let abs_root = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    use notify::Watcher as _;
    watcher
        .watch(&abs_root, notify::RecursiveMode::Recursive)
        .map_err(|source| DevError::Watch {
            path: root.clone(),
            source,
        })?;
    let watched: Vec<String> = WATCHED
        .iter()
        .filter(|w| abs_root.join(w).exists())
        .map(|w| w.to_string())
        .collect();
    sink.dev_event(&DevEvent::Ready {
        project: root.display().to_string(),
        watched,
    });
    state.run(options, sink, install);

    loop {
        // Block until an input changes, then until the project stays quiet.
        let mut changed = BTreeSet::new();
        while changed.is_empty() {
            match rx.recv() {
                Ok(event) => {
                    collect(&abs_root, event, &mut changed);
                }
                Err(_) => return Ok(state.last_ok),
            }
        }
        let mut quiet_since = Instant::now();
        while quiet_since.elapsed() < options.debounce {
            match rx.recv_timeout(options.debounce.saturating_sub(quiet_since.elapsed())) {
                Ok(event) => {
                    if collect(&abs_root, event, &mut changed) {
                        quiet_since = Instant::now();
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(state.last_ok),
            }
        }
        sink.dev_event(&DevEvent::ChangeDetected {
            paths: changed.into_iter().collect(),
        });
        state.run(options, sink, install);
    }
}

/// Adds the build inputs an event touched to `changed`; returns whether there was one.
fn collect(
    root: &Path,
    event: notify::Result<notify::Event>,
    changed: &mut BTreeSet<String>,
) -> bool {
    let Ok(event) = event else {
        return false;
    };
    if matches!(event.kind, notify::EventKind::Access(_)) {
        return false;
    }
    let mut any = false;
    for path in event.paths {
        if is_input(root, &path) {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            changed.insert(rel.display().to_string());
            any = true;
        }
    }
    any
}

/// What the loop remembers between rounds.
#[derive(Default)]
struct Round {
    last_ok: bool,
    /// The SHA-256 of the pack installed last.
    installed: Option<String>,
}

impl Round {
    fn run(
        &mut self,
        options: &DevOptions,
        sink: &mut dyn DevSink,
        install: &mut Installer<'_>,
    ) -> bool {
        sink.dev_event(&DevEvent::BuildStart {
            profile: match options.profile {
                Profile::Release => "release",
                Profile::Debug => "debug",
            }
            .into(),
        });
        let started = Instant::now();
        let built = crate::build::build(
            &BuildOptions {
                manifest_path: options.manifest_path.clone(),
                profile: options.profile,
                out_dir: None,
                color: false,
                estimate_total: false,
                locked: false,
            },
            sink,
        );
        let duration_ms = started.elapsed().as_millis() as u64;
        let outcome = match built {
            Ok(outcome) => outcome,
            Err(e) => {
                sink.dev_event(&DevEvent::BuildFailed {
                    duration_ms,
                    message: error_text(&e),
                    diagnostics: e.diagnostics().to_vec(),
                });
                self.last_ok = false;
                sink.dev_event(&DevEvent::Idle {
                    last_build_ok: false,
                });
                return false;
            }
        };
        sink.dev_event(&DevEvent::BuildOk { duration_ms });
        let packed = &outcome.packed;
        sink.dev_event(&DevEvent::PackOk {
            pack: packed.path.display().to_string(),
            size: packed.size,
            sha256: packed.sha256.clone(),
        });
        self.last_ok = true;
        // The `--run` call (most of it compiling the new component) goes on beside the install:
        // both only read the pack, and the call's event still comes after the install's.
        let ran = std::thread::scope(|scope| {
            let call = options
                .run
                .as_ref()
                .map(|run| (run, scope.spawn(|| call_tool(run, &packed.path))));
            if options.install {
                self.install(packed, sink, install);
            }
            call.map(|(run, handle)| {
                handle.join().unwrap_or_else(|_| DevEvent::RunFailed {
                    tool: run.tool.clone(),
                    message: "the call panicked; this is a bug in gtdx".into(),
                })
            })
        });
        let mut ran_ok = true;
        if let Some(event) = ran {
            ran_ok = matches!(event, DevEvent::RunOk { .. });
            sink.dev_event(&event);
        }
        sink.dev_event(&DevEvent::Idle {
            last_build_ok: self.last_ok,
        });
        self.last_ok && ran_ok
    }

    /// Installs the pack just built, unless it is the one installed last.
    fn install(
        &mut self,
        packed: &gtdx_build::Packed,
        sink: &mut dyn DevSink,
        install: &mut Installer<'_>,
    ) {
        if self.installed.as_deref() == Some(packed.sha256.as_str()) {
            sink.dev_event(&DevEvent::InstallSkipped {
                reason: format!(
                    "the pack is unchanged (sha256 {})",
                    &packed.sha256[..12.min(packed.sha256.len())]
                ),
            });
        } else {
            match install(&packed.path) {
                Ok((id, version, dir)) => {
                    self.installed = Some(packed.sha256.clone());
                    sink.dev_event(&DevEvent::InstallOk {
                        id,
                        version,
                        dir: dir.display().to_string(),
                    });
                }
                Err(message) => {
                    self.last_ok = false;
                    sink.dev_event(&DevEvent::InstallFailed { message });
                }
            }
        }
    }
}

/// Calls `run.tool` of the pack just built, as `gtdx run --pack PACK` would, but compiled by
/// Winch, wasmtime's baseline compiler, and not cached: each round's component is new and
/// called once, so its compile time is what the edit loop waits for, and a cache entry would
/// never be read again. A tool that fails is reported, not fatal: the next save may fix it.
fn call_tool(run: &DevRun, pack: &Path) -> DevEvent {
    let mut host = run.host.clone();
    host.compiler = crate::run::Compiler::Winch;
    host.no_cache = true;
    let options = crate::run::RunOptions {
        source: crate::run::Source::Pack {
            path: pack.to_path_buf(),
            trust: Default::default(),
        },
        tool: Some(run.tool.clone()),
        input: run.input.clone(),
        host,
        list_tools: false,
    };
    let failed = |message: String| DevEvent::RunFailed {
        tool: run.tool.clone(),
        message,
    };
    let outcome = match crate::run::run(&options, &mut crate::progress::Silent) {
        Ok(crate::run::RunResult::Called(o)) => o,
        Ok(crate::run::RunResult::Listed(_)) => return failed("no tool was called".into()),
        Err(e) => return failed(error_text(&e)),
    };
    match outcome.call.outcome {
        crate::run::CallOutcome::Ok { output } => DevEvent::RunOk {
            tool: run.tool.clone(),
            output: serde_json::from_str(&output).unwrap_or(serde_json::Value::String(output)),
            elapsed_ms: outcome.call.elapsed.as_millis() as u64,
        },
        crate::run::CallOutcome::ToolError(f) => failed(format!(
            "tool `{}` returned {}: {}",
            run.tool, f.variant, f.message
        )),
        crate::run::CallOutcome::Failed { message, .. } => failed(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_build_inputs_count() {
        let root = Path::new("/p");
        for yes in [
            "src/lib.rs",
            "src/a/b.rs",
            "Cargo.toml",
            "build.rs",
            "wit/world.wit",
            "assets/icon.svg",
            "i18n/en.json",
        ] {
            assert!(is_input(root, &root.join(yes)), "{yes}");
        }
        for no in [
            "target/debug/x",
            ".git/index",
            "dist/a.gtxpack",
            "describe.json",
            "Cargo.lock",
            "src/.lib.rs.swp",
            "src/lib.rs~",
            "src/4913",
            "src/.#lib.rs",
            "README.md",
        ] {
            assert!(!is_input(root, &root.join(no)), "{no}");
        }
        assert!(!is_input(root, Path::new("/elsewhere/src/lib.rs")));
    }
}
