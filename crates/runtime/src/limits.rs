//! What bounds one call (the numbers are in docs/running.md, "Host rules"): a deadline counted
//! in epoch ticks while wasm runs, a memory and table [`Budget`] shared by everything the
//! component instantiates, ceilings on instances, memories and tables, a timeout on each
//! outbound request, and a grace period after which a call blocked in the host is abandoned.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use wasmtime::{Engine, ResourceLimiter};

/// `--timeout`'s default (the platform's dispatch budget is 5 minutes; a local run that hangs
/// should say so sooner).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest deadline one call may be given (`--timeout`, a test case's `timeout_ms`): one
/// day. The platform's dispatch budget is 5 minutes; past a day a value is a typo, and far
/// past it the deadline would overflow the engine's epoch counter (the call stopped at once) or
/// the watchdog's clock. Documented in docs/security.md (`MAX_TIMEOUT`).
pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);
/// How often the deadline is looked at while wasm runs.
pub const TICK: Duration = Duration::from_millis(100);
/// The longest one outbound request may take: the deadline cannot interrupt a blocking host
/// call, so this is what bounds `http.fetch`.
pub const REQUEST_TIMEOUT_CEILING: Duration = Duration::from_secs(120);
/// How long past its deadline a call may stay blocked in the host before it is abandoned.
pub const WATCHDOG_GRACE: Duration = Duration::from_secs(5);

/// Table elements, summed over every table of the store.
const TABLE_ELEMENTS: usize = 100_000;
/// Instances, memories and tables a store may create (each).
const PER_STORE_COUNT: usize = 64;

/// A call's deadline as given, or why it cannot be one: zero stops a call before it starts,
/// and past [`MAX_TIMEOUT`] is refused.
pub fn check_timeout(deadline: Duration) -> Result<Duration, String> {
    if deadline.is_zero() {
        return Err(
            "a timeout of zero stops the call before it starts; give a deadline of at \
                    least 1ms, e.g. 30s"
                .into(),
        );
    }
    if deadline > MAX_TIMEOUT {
        return Err(format!(
            "a timeout of {} s is past the maximum of {} s (1 day); give a deadline of at most \
             86400s (1440m), e.g. 30s",
            deadline.as_secs(),
            MAX_TIMEOUT.as_secs()
        ));
    }
    Ok(deadline)
}

/// The timeout of one outbound request when the call's deadline is `deadline`.
pub fn request_timeout(deadline: Duration) -> Duration {
    deadline.min(REQUEST_TIMEOUT_CEILING)
}

/// The deadline in whole ticks, never zero (a zero deadline would stop a call before its
/// first instruction).
pub fn deadline_ticks(deadline: Duration) -> u64 {
    let whole = deadline.as_millis() / TICK.as_millis();
    u64::try_from(whole).unwrap_or(u64::MAX).max(1)
}

/// The growth one store may still do. A limit per memory would let a component with several
/// memories use a multiple of the cap, so memory is counted across the store, and only when a
/// growth is granted (a refused one takes nothing).
#[derive(Debug)]
pub struct Budget {
    memory_cap: usize,
    memory_in_use: usize,
    table_in_use: usize,
    /// A memory growth was refused: the call's failure says so.
    pub memory_refused: bool,
}

impl Budget {
    /// A budget of `memory_limit_mb` MiB (`runtime.memoryLimitMB`).
    pub fn new(memory_limit_mb: u32) -> Budget {
        let bytes = u64::from(memory_limit_mb) * 1024 * 1024;
        Budget {
            memory_cap: usize::try_from(bytes).unwrap_or(usize::MAX),
            memory_in_use: 0,
            table_in_use: 0,
            memory_refused: false,
        }
    }

    /// The memory cap, in MiB.
    pub fn memory_cap_mb(&self) -> usize {
        self.memory_cap / (1024 * 1024)
    }
}

/// Takes the growth from `current` to `desired` out of what is left under `cap`; `false`, and
/// nothing taken, when it does not fit.
fn take(in_use: &mut usize, current: usize, desired: usize, cap: usize) -> bool {
    let growth = desired.saturating_sub(current);
    match in_use.checked_add(growth) {
        Some(after) if after <= cap => {
            *in_use = after;
            true
        }
        _ => false,
    }
}

impl ResourceLimiter for Budget {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let granted = take(&mut self.memory_in_use, current, desired, self.memory_cap);
        self.memory_refused |= !granted;
        Ok(granted)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(take(
            &mut self.table_in_use,
            current,
            desired,
            TABLE_ELEMENTS,
        ))
    }

    fn instances(&self) -> usize {
        PER_STORE_COUNT
    }

    fn memories(&self) -> usize {
        PER_STORE_COUNT
    }

    fn tables(&self) -> usize {
        PER_STORE_COUNT
    }
}

/// Advances the engine's epoch every [`TICK`] on a thread of its own, until dropped (or until
/// the engine is gone).
pub struct Ticker {
    stopped: Arc<AtomicBool>,
}

impl Ticker {
    pub fn start(engine: &Engine) -> Ticker {
        let stopped = Arc::new(AtomicBool::new(false));
        let stop_seen = stopped.clone();
        let engine = engine.weak();
        let tick = move || {
            while !stop_seen.load(Ordering::Relaxed) {
                std::thread::sleep(TICK);
                let Some(engine) = engine.upgrade() else {
                    return;
                };
                engine.increment_epoch();
            }
        };
        // Without the thread calls have no deadline; the watchdog still ends them.
        let _ = std::thread::Builder::new()
            .name("gtdx-epoch".into())
            .spawn(tick);
        Ticker { stopped }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stopped.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: usize = 1024 * 1024;

    #[test]
    fn memory_is_counted_across_the_store_and_only_when_granted() {
        let mut b = Budget::new(64);
        assert!(b.memory_growing(0, 40 * MIB, None).unwrap());
        // a second memory: the store's total counts
        assert!(!b.memory_growing(0, 25 * MIB, None).unwrap());
        assert!(b.memory_refused);
        // the refused growth took nothing
        assert!(b.memory_growing(0, 24 * MIB, None).unwrap());
        assert!(!b.memory_growing(24 * MIB, 24 * MIB + 1, None).unwrap());
        assert_eq!(b.memory_cap_mb(), 64);
    }

    #[test]
    fn exactly_the_cap_fits() {
        let mut b = Budget::new(1);
        assert!(b.memory_growing(0, MIB, None).unwrap());
        assert!(!b.memory_refused);
        let mut b = Budget::new(1);
        assert!(!b.memory_growing(0, MIB + 1, None).unwrap());
    }

    #[test]
    fn tables_share_one_element_budget_and_counts_are_64() {
        let mut b = Budget::new(1);
        assert!(b.table_growing(0, 60_000, None).unwrap());
        assert!(!b.table_growing(0, 40_001, None).unwrap());
        assert!(b.table_growing(10, 40_010, None).unwrap());
        assert!(!b.table_growing(0, 1, None).unwrap());
        assert!(!b.memory_refused, "a table refusal is not a memory refusal");
        assert_eq!((b.instances(), b.memories(), b.tables()), (64, 64, 64));
    }

    #[test]
    fn the_timeout_maximum_is_documented_and_enforced() {
        gtdx_test_support::assert_documented_limit("MAX_TIMEOUT", "1 day (86400 s)");
        assert_eq!(MAX_TIMEOUT.as_secs(), 86_400);
        assert_eq!(check_timeout(MAX_TIMEOUT), Ok(MAX_TIMEOUT));
        assert_eq!(
            check_timeout(Duration::from_millis(1)),
            Ok(Duration::from_millis(1))
        );
        for refused in [
            Duration::ZERO,
            MAX_TIMEOUT + Duration::from_millis(1),
            Duration::from_secs(1_844_674_407_370_955_162),
            Duration::from_secs(u64::MAX),
        ] {
            assert!(check_timeout(refused).is_err(), "{refused:?}");
        }
        // The longest allowed deadline fits the epoch counter with room to spare.
        assert!(deadline_ticks(MAX_TIMEOUT) < u64::MAX / 1024);
    }

    #[test]
    fn deadlines_and_request_timeouts() {
        assert_eq!(deadline_ticks(Duration::ZERO), 1);
        assert_eq!(deadline_ticks(Duration::from_millis(250)), 2);
        assert_eq!(deadline_ticks(Duration::from_secs(30)), 300);
        assert_eq!(deadline_ticks(Duration::MAX), u64::MAX);
        assert_eq!(
            request_timeout(Duration::from_secs(30)),
            Duration::from_secs(30)
        );
        assert_eq!(
            request_timeout(Duration::from_secs(600)),
            Duration::from_secs(120)
        );
    }
}
