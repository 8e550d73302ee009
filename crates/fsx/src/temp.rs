//! Temporary files that never outlive an interrupted write.
//!
//! * Every temporary file (and staging directory) gtdx creates is **registered** while it is
//!   live. [`cleanup_on_signals`] (called once by the `gtdx` binary) installs a handler for
//!   SIGINT, SIGTERM and SIGHUP that removes the registered paths, then exits with 128 + the
//!   signal number, as the default action would have.
//! * A `kill -9` cannot be caught. Each temporary file is therefore **locked** (`flock`,
//!   exclusive) by the process filling it, and the next write into the same directory
//!   **sweeps** files of our naming (`.gtdx-tmp-*`) that nobody holds locked and that are older
//!   than [`STALE_AFTER`]: the lock tells a dead writer's leftover from a live parallel run's
//!   file (the kernel drops the lock when its process dies), the age covers the instant between
//!   a file's creation and its locking.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// The prefix of every temporary file gtdx creates beside a destination.
pub const TEMP_PREFIX: &str = ".gtdx-tmp-";

/// How old an unlocked `.gtdx-tmp-*` file must be before a later write removes it.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Live {
    File(PathBuf),
    Dir(PathBuf),
}

fn live() -> &'static Mutex<Vec<Live>> {
    static LIVE: OnceLock<Mutex<Vec<Live>>> = OnceLock::new();
    LIVE.get_or_init(|| Mutex::new(Vec::new()))
}

fn with_live(f: impl FnOnce(&mut Vec<Live>)) {
    let mut guard = match live().lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    f(&mut guard);
}

/// Removes `path` (a file) if the process is interrupted before [`Registration`] is dropped.
pub fn register_file(path: &Path) -> Registration {
    let entry = Live::File(path.to_path_buf());
    with_live(|l| l.push(entry.clone()));
    Registration(entry)
}

/// Removes `path` (a directory and everything in it) if the process is interrupted before the
/// [`Registration`] is dropped.
pub fn register_dir(path: &Path) -> Registration {
    let entry = Live::Dir(path.to_path_buf());
    with_live(|l| l.push(entry.clone()));
    Registration(entry)
}

/// A path removed on interruption while this value lives; dropping it unregisters the path
/// (the write completed, or failed and cleaned up itself).
#[derive(Debug)]
#[must_use = "the path is unregistered when this is dropped"]
pub struct Registration(Live);

impl Drop for Registration {
    fn drop(&mut self) {
        let entry = self.0.clone();
        with_live(|l| {
            if let Some(i) = l.iter().rposition(|e| *e == entry) {
                l.remove(i);
            }
        });
    }
}

/// Removes every registered path `keep` does not exempt (the signal handler removes them all
/// before exiting).
#[cfg_attr(not(feature = "signals"), allow(dead_code))]
fn remove_registered(keep: impl Fn(&Path) -> bool) {
    with_live(|l| {
        let (kept, gone): (Vec<Live>, Vec<Live>) = l.drain(..).partition(|e| match e {
            Live::File(p) | Live::Dir(p) => keep(p),
        });
        *l = kept;
        for e in gone {
            match e {
                Live::File(p) => {
                    let _ = std::fs::remove_file(p);
                }
                Live::Dir(p) => {
                    let _ = std::fs::remove_dir_all(p);
                }
            }
        }
    });
}

/// What a long-running command says when it is interrupted, before the process exits (e.g.
/// `gtdx dev`'s `shutdown` event).
static INTERRUPT_HOOK: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Sets the [`cleanup_on_signals`] handler's last words (once per process; later calls are
/// ignored). The hook runs on the signal thread after the unfinished files are removed.
pub fn on_interrupt(hook: impl Fn() + Send + Sync + 'static) {
    let _ = INTERRUPT_HOOK.set(Box::new(hook));
}

/// Installs the SIGINT/SIGTERM/SIGHUP handler that removes registered temporary files and
/// exits with 128 + the signal. Idempotent; a failure to install is ignored (writes are still
/// atomic, and the sweep still removes leftovers). Needs the `signals` feature (the `gtdx`
/// binary enables it); without it this does nothing.
pub fn cleanup_on_signals() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        #[cfg(all(unix, feature = "signals"))]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            let spawned = std::thread::Builder::new()
                .name("gtdx-signals".into())
                .spawn(move || {
                    if let Some(sig) = signals.forever().next() {
                        remove_registered(|_| false);
                        if let Some(hook) = INTERRUPT_HOOK.get() {
                            hook();
                        }
                        let name = match sig {
                            SIGINT => "SIGINT",
                            SIGTERM => "SIGTERM",
                            _ => "SIGHUP",
                        };
                        eprintln!("gtdx: interrupted ({name}); unfinished files were removed");
                        std::process::exit(128 + sig);
                    }
                });
            drop(spawned);
        }
    });
}

/// Removes `.gtdx-tmp-*` files in `dir` left by writers that died (no lock held) at least
/// [`STALE_AFTER`] ago. Errors are ignored: the sweep is housekeeping, never a reason to fail.
pub fn sweep_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with(TEMP_PREFIX) {
            continue;
        }
        let Ok(ft) = entry.file_type() else { continue };
        if !ft.is_file() {
            continue;
        }
        let path = entry.path();
        let old_enough = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if !old_enough {
            continue;
        }
        let Ok(file) = std::fs::OpenOptions::new().read(true).open(&path) else {
            continue;
        };
        // A live writer holds the lock; a dead one's lock went with its process.
        if file.try_lock().is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn age(path: &Path, by: Duration) {
        let f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        f.set_modified(std::time::SystemTime::now() - by).unwrap();
    }

    #[test]
    fn sweep_removes_only_old_unlocked_files_of_our_naming() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".gtdx-tmp-dead");
        let young = dir.path().join(".gtdx-tmp-young");
        let locked = dir.path().join(".gtdx-tmp-live");
        let other = dir.path().join(".other-tmp");
        for p in [&stale, &young, &locked, &other] {
            std::fs::write(p, b"x").unwrap();
        }
        for p in [&stale, &locked, &other] {
            age(p, Duration::from_secs(3600));
        }
        let holder = std::fs::File::open(&locked).unwrap();
        holder.lock().unwrap();
        sweep_stale(dir.path());
        assert!(!stale.exists(), "a dead writer's file is swept");
        assert!(
            young.exists(),
            "a file just created may be about to be locked"
        );
        assert!(locked.exists(), "a live writer's file is kept");
        assert!(other.exists(), "only our naming is touched");
    }

    #[test]
    fn registered_paths_are_removed_and_unregistered_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        let d = dir.path().join("d");
        std::fs::write(&a, b"x").unwrap();
        std::fs::create_dir_all(d.join("sub")).unwrap();
        let kept = dir.path().join("kept");
        std::fs::write(&kept, b"x").unwrap();
        let _ra = register_file(&a);
        let _rd = register_dir(&d);
        drop(register_file(&kept));
        let root = dir.path().to_path_buf();
        remove_registered(|p| !p.starts_with(&root));
        assert!(!a.exists() && !d.exists());
        assert!(kept.exists());
    }
}
