//! How long each test took, for the slowest-tests table `cargo xtask test` prints at the end.
//!
//! libtest on stable reports no per-test times, so the suite keeps its own: the first [`Env`]
//! a test makes starts its clock, and each `Env` dropped appends `test-name<TAB>seconds` to the
//! file `GTDX_E2E_TIMINGS` names (libtest names each test's thread after the test). Without the
//! variable nothing is recorded. A test that makes no `Env` is not timed; such tests run no
//! command and take milliseconds.
//!
//! [`Env`]: super::Env

use std::cell::Cell;
use std::io::Write;
use std::time::Instant;

thread_local! {
    static STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Starts this test's clock, unless an earlier `Env` of the same test did.
pub(super) fn start() {
    STARTED.with(|s| {
        if s.get().is_none() {
            s.set(Some(Instant::now()));
        }
    });
}

/// Records the time since this test's clock started.
pub(super) fn record() {
    let Some(started) = STARTED.with(Cell::get) else {
        return;
    };
    append(&format!("{:.1}", started.elapsed().as_secs_f64()));
}

/// Records one command a test ran and how long it took, as a third column: the table of the
/// slowest commands says which step of a long test to cut.
pub(super) fn record_command(command: &str, took: std::time::Duration) {
    // Only the program and its first arguments: enough to find the step, never a whole path list.
    let short: String = command
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ");
    let short = short.replace(['\t', '\n'], " ");
    append(&format!("{:.1}\t{short}", took.as_secs_f64()));
}

/// Appends `test-name<TAB>fields` to the timings file, if one is named.
fn append(fields: &str) {
    let Some(path) = std::env::var_os("GTDX_E2E_TIMINGS") else {
        return;
    };
    let thread = std::thread::current();
    let name = thread.name().unwrap_or("unnamed");
    let line = format!("{name}\t{fields}\n");
    // One short O_APPEND write per line: concurrent tests' lines do not interleave.
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = f.write_all(line.as_bytes());
    }
}
