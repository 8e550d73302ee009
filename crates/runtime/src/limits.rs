//! What bounds one call: an epoch deadline (wall-clock time spent running wasm), a store-wide
//! memory cap (`runtime.memoryLimitMB`, summed over every memory of the component, as the
//! platform sums), table and instance ceilings, a per-request HTTP timeout, and a watchdog for
//! what an epoch cannot interrupt (a guest parked in `wasi:io/poll`).
//!
//! The limiter's shape (store-wide totals, growth counted only when granted, installed before
//! instantiation) is ported from the platform's runtime (`greentic-ext-runtime`
//! 1.2.38697752260, `src/limits.rs`, MIT; see the notice in `net.rs`). gtdx's cap is the
//! describe's `memoryLimitMB` where the platform's is a flat 512 MiB, and refused growth is
//! recorded so the failure can say so.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use wasmtime::{Engine, ResourceLimiter};

/// `--timeout`'s default (the platform's dispatch budget is 5 minutes).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The epoch tick, and so the deadline's granularity.
pub const EPOCH_TICK: Duration = Duration::from_millis(100);
/// The longest one blocking host call (an HTTP request) may take.
pub const MAX_HOST_CALL_TIMEOUT: Duration = Duration::from_secs(120);
/// How long past its deadline a call may stay blocked in the host before it is abandoned.
pub const WATCHDOG_GRACE: Duration = Duration::from_secs(5);

const MAX_TABLE_ELEMENTS: usize = 100_000;
const MAX_INSTANCES: usize = 64;
const MAX_MEMORIES: usize = 64;
const MAX_TABLES: usize = 64;

/// The timeout of one outbound request under a call deadline of `timeout`.
pub fn http_timeout_for(timeout: Duration) -> Duration {
    timeout.min(MAX_HOST_CALL_TIMEOUT)
}

/// Epoch ticks for a deadline (at least one).
pub fn ticks_for(timeout: Duration) -> u64 {
    let ticks = timeout.as_millis() / EPOCH_TICK.as_millis();
    u64::try_from(ticks).unwrap_or(u64::MAX).max(1)
}

/// The store-wide budget of one call.
#[derive(Debug)]
pub struct StoreLimits {
    memory_cap: usize,
    memory_bytes: usize,
    table_elements: usize,
    /// Set when a growth past the memory cap was refused.
    pub memory_refused: bool,
}

impl StoreLimits {
    pub fn new(memory_limit_mb: u32) -> Self {
        StoreLimits {
            memory_cap: usize::try_from(u64::from(memory_limit_mb) << 20).unwrap_or(usize::MAX),
            memory_bytes: 0,
            table_elements: 0,
            memory_refused: false,
        }
    }
}

fn admit(running: &mut usize, current: usize, desired: usize, cap: usize) -> bool {
    let delta = desired.saturating_sub(current);
    let Some(total) = running.checked_add(delta) else {
        return false;
    };
    if total > cap {
        return false;
    }
    *running = total;
    true
}

impl ResourceLimiter for StoreLimits {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let ok = admit(&mut self.memory_bytes, current, desired, self.memory_cap);
        if !ok {
            self.memory_refused = true;
        }
        Ok(ok)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(admit(
            &mut self.table_elements,
            current,
            desired,
            MAX_TABLE_ELEMENTS,
        ))
    }

    fn instances(&self) -> usize {
        MAX_INSTANCES
    }

    fn memories(&self) -> usize {
        MAX_MEMORIES
    }

    fn tables(&self) -> usize {
        MAX_TABLES
    }
}

/// The thread that advances the engine's epoch every [`EPOCH_TICK`]; stops when dropped.
pub struct EpochTicker {
    stop: Arc<AtomicBool>,
}

impl EpochTicker {
    pub fn spawn(engine: &Engine) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let weak = engine.weak();
        // A failed spawn leaves calls without a deadline; the watchdog still ends them.
        let _ = std::thread::Builder::new()
            .name("gtdx-epoch".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(EPOCH_TICK);
                    match weak.upgrade() {
                        Some(engine) => engine.increment_epoch(),
                        None => break,
                    }
                }
            });
        EpochTicker { stop }
    }
}

impl Drop for EpochTicker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl StoreLimits {
    /// The cap, in MiB.
    pub fn memory_cap_mb(&self) -> usize {
        self.memory_cap >> 20
    }
}
