//! Independent per-item work spread over the available cores, with scoped std threads.
//!
//! Written here rather than taken from rayon: the two callers (the lint's schema screen, the
//! dynamic admission's per-descriptor controls) each run one short burst per process, where a
//! global pool's start-up and its dependency buy nothing over a few scoped threads.

/// Splits `items` into one chunk per core (each at least `min_per_thread` long) and runs `f`
/// on every chunk, each on its own thread, the first on the calling thread. Returns the chunk
/// results in order; a chunk whose `f` panicked is an `Err` with the panic, for the caller to
/// resume or to recover from. With too few items for two chunks, `f` runs once, here.
pub fn map_chunks<T, R, F>(items: &[T], min_per_thread: usize, f: F) -> Vec<std::thread::Result<R>>
where
    T: Sync,
    R: Send,
    F: Fn(&[T]) -> R + Sync,
{
    let workers = std::thread::available_parallelism()
        .map(usize::from)
        .unwrap_or(1)
        .clamp(1, 8);
    let per = items.len().div_ceil(workers).max(min_per_thread.max(1));
    if items.len() <= per {
        return vec![Ok(f(items))];
    }
    let f = &f;
    std::thread::scope(|scope| {
        let mut chunks = items.chunks(per);
        let first = chunks.next().unwrap_or(&[]);
        let handles: Vec<_> = chunks.map(|c| scope.spawn(move || f(c))).collect();
        let mut out = Vec::with_capacity(handles.len() + 1);
        out.push(std::panic::catch_unwind(std::panic::AssertUnwindSafe(
            || f(first),
        )));
        out.extend(handles.into_iter().map(|h| h.join()));
        out
    })
}

/// [`map_chunks`] for a per-item `f`: the results in item order. A panic in any item is
/// resumed on the calling thread.
pub fn map<T, R, F>(items: &[T], min_per_thread: usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let mut out = Vec::with_capacity(items.len());
    for chunk in map_chunks(items, min_per_thread, |c| {
        c.iter().map(&f).collect::<Vec<R>>()
    }) {
        match chunk {
            Ok(part) => out.extend(part),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
    out
}

/// Runs `f` on every item, handing the items out one at a time to one thread per core, each
/// taking the next as it finishes the last: items of uneven cost, or a thread the machine puts
/// aside for a while, hold no other thread up (a fixed split, as [`map_chunks`] makes, waits
/// for its slowest chunk). Returns the results in item order; an item is `None` when a panic
/// left it undone: the item a thread panicked on, the items that thread had done before and,
/// on one thread, every item after. With fewer than `min_for_threads` items, or one core, the
/// items run here.
pub fn map_pulled<T, R, F>(items: &[T], min_for_threads: usize, f: F) -> Vec<Option<R>>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    use std::sync::atomic::{AtomicUsize, Ordering};
    let workers = std::thread::available_parallelism()
        .map(usize::from)
        .unwrap_or(1)
        .clamp(1, 8);
    if workers == 1 || items.len() < min_for_threads.max(2) {
        let all = || items.iter().map(|i| Some(f(i))).collect();
        return std::panic::catch_unwind(std::panic::AssertUnwindSafe(all))
            .unwrap_or_else(|_| std::iter::repeat_with(|| None).take(items.len()).collect());
    }
    let next = AtomicUsize::new(0);
    let pull = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, f(item)));
        }
    };
    let pull = &pull;
    let parts = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers).map(|_| scope.spawn(pull)).collect();
        let mut parts = vec![std::panic::catch_unwind(std::panic::AssertUnwindSafe(pull))];
        parts.extend(handles.into_iter().map(|h| h.join()));
        parts
    });
    let mut out: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (i, r) in parts.into_iter().flatten().flatten() {
        out[i] = Some(r);
    }
    out
}

/// Frees `value` on a thread of its own, so that the caller goes on while a large tree of small
/// allocations (a parsed 5 MB JSON document holds hundreds of thousands) is taken apart. Freed
/// here when no thread can be started.
pub fn drop_in_background<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("gtdx-drop".into())
        .spawn(move || drop(value));
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_item_order() {
        let items: Vec<u32> = (0..1000).collect();
        assert_eq!(
            super::map(&items, 10, |i| i * 2),
            (0..1000).map(|i| i * 2).collect::<Vec<_>>()
        );
        assert_eq!(super::map(&items[..3], 10, |i| i + 1), vec![1, 2, 3]);
        assert!(super::map(&[] as &[u32], 10, |i| *i).is_empty());
    }

    #[test]
    fn pulled_results_keep_the_item_order() {
        let items: Vec<u32> = (0..1000).collect();
        let doubled: Vec<Option<u32>> = (0..1000).map(|i| Some(i * 2)).collect();
        assert_eq!(super::map_pulled(&items, 10, |i| i * 2), doubled);
        assert_eq!(
            super::map_pulled(&items[..3], 10, |i| i + 1),
            vec![Some(1), Some(2), Some(3)]
        );
        assert!(super::map_pulled(&[] as &[u32], 10, |i| *i).is_empty());
    }

    #[test]
    fn a_panicking_item_is_none_and_the_rest_stand() {
        let items: Vec<u32> = (0..200).collect();
        let out = super::map_pulled(&items, 10, |&i| {
            assert!(i != 7, "item 7 fails");
            i
        });
        assert_eq!(out[7], None);
        assert!(
            out.iter()
                .enumerate()
                .all(|(i, r)| r.is_none_or(|r| r as usize == i))
        );
        // With a second thread, it takes every item the first one no longer can.
        if std::thread::available_parallelism().map_or(1, usize::from) > 1 {
            assert!(out.iter().flatten().count() >= 100);
        }
    }
}
