//! The describe engine's static scan on any Rust source: parse (bodies skipped), index, collect
//! the #[tool] functions and their types' schemas. Never a panic or a stack overflow; a refusal
//! is a located source error.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The scan reads files: one per fuzz process, in memory-backed /dev/shm when there is one.
    thread_local! {
        static DIR: tempfile::TempDir = tempfile::Builder::new()
            .prefix("gtdx-fuzz-scan")
            .tempdir_in(if std::path::Path::new("/dev/shm").is_dir() { "/dev/shm" } else { "/tmp" })
            .expect("temp dir");
    }
    DIR.with(|dir| {
        let root = dir.path().join("lib.rs");
        if std::fs::write(&root, text).is_err() {
            return;
        }
        let Ok(krate) = gtdx_describe::crate_src::load(&root) else {
            return;
        };
        let index = gtdx_describe::crate_src::Index::build(&krate);
        let _ = gtdx_describe::tools::collect(&index, dir.path());
        let _ = gtdx_describe::trap::scan_crate(&krate, &[]);
    });
});
