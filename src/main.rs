//! The `gtdx` binary: everything lives in the `gtdx-cli` crate and the crates it calls.

/// `describe` and `lint` build and drop hundreds of thousands of small values (syn trees, JSON
/// values); mimalloc serves them about a third faster than glibc's allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // Ctrl-C, SIGTERM and SIGHUP remove the temporary file a write was filling.
    gtdx_fsx::cleanup_on_signals();
    gtdx_cli::stack::run_with_stack(std::env::args_os().collect())
}
