//! How much disk a run of `cargo xtask test` takes: the lowest free space seen while it runs
//! and the target directory's size at the end, printed with the step times.
//!
//! A cold run has filled a CI runner's disk before (a linker died with SIGBUS, rustc with
//! ENOSPC, and thirty tests failed for it); this line makes the margin visible in every log.
//! It asks `df` and `du` (POSIX) rather than a statvfs binding: on a system without them the
//! line is simply left out.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Samples the free space of one file system until [`DiskWatch::finish`].
pub struct DiskWatch {
    dir: PathBuf,
    lowest_kib: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    sampler: Option<std::thread::JoinHandle<()>>,
}

impl DiskWatch {
    /// Starts sampling the file system that holds `dir` every few seconds.
    pub fn start(dir: &Path) -> Self {
        let lowest_kib = Arc::new(AtomicU64::new(u64::MAX));
        let stop = Arc::new(AtomicBool::new(false));
        let sampler = {
            let (dir, lowest, stop) = (dir.to_path_buf(), lowest_kib.clone(), stop.clone());
            std::thread::Builder::new()
                .name("disk-watch".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        if let Some(free) = free_kib(&dir) {
                            lowest.fetch_min(free, Ordering::Relaxed);
                        }
                        // Short sleeps, so `finish` does not wait long for the thread.
                        for _ in 0..20 {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(250));
                        }
                    }
                })
                .ok()
        };
        Self {
            dir: dir.to_path_buf(),
            lowest_kib,
            stop,
            sampler,
        }
    }

    /// Stops sampling; one line such as `disk: target/ 9.1 GB at the end; lowest free space
    /// 4.2 GB`, or `None` when `df` could not be read.
    pub fn finish(mut self, target: &Path) -> Option<String> {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = self.sampler.take() {
            let _ = handle.join();
        }
        let now = free_kib(&self.dir);
        let lowest = match self.lowest_kib.load(Ordering::Relaxed) {
            u64::MAX => now?,
            seen => now.map_or(seen, |now| seen.min(now)),
        };
        let size = used_kib(target)
            .map(|kib| format!("target/ {} at the end; ", gb(kib)))
            .unwrap_or_default();
        Some(format!("disk: {size}lowest free space {}", gb(lowest)))
    }
}

fn gb(kib: u64) -> String {
    format!("{:.1} GB", kib as f64 * 1024.0 / 1e9)
}

/// Free space, in KiB, of the file system holding `dir` (`df -Pk`: the fourth column of the
/// second line).
fn free_kib(dir: &Path) -> Option<u64> {
    number_in_output("df", "-Pk", dir, 1, 3)
}

/// What `dir` holds, in KiB (`du -sk`: the first column).
fn used_kib(dir: &Path) -> Option<u64> {
    number_in_output("du", "-sk", dir, 0, 0)
}

/// The number in column `column` of line `line` of `PROGRAM FLAG DIR`'s output.
fn number_in_output(
    program: &str,
    flag: &str,
    dir: &Path,
    line: usize,
    column: usize,
) -> Option<u64> {
    let out = std::process::Command::new(program)
        .arg(flag)
        .arg(dir)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .nth(line)?
        .split_whitespace()
        .nth(column)?
        .parse()
        .ok()
}
