//! The `gtdx` binary: everything lives in the `gtdx-cli` crate and the crates it calls.

/// `describe` and `lint` build and drop hundreds of thousands of small values (syn trees, JSON
/// values); mimalloc serves them about a third faster than glibc's allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // Ctrl-C, SIGTERM and SIGHUP remove the temporary file a write was filling.
    gtdx_fsx::cleanup_on_signals();
    // Every recursive parse of untrusted input has a depth limit; the commands also run on a
    // thread with a known stack, so those limits never depend on how the process was started.
    run_with_stack(gtdx_cli::main)
}

/// The stack of the thread gtdx's commands run on (the describe scan's nesting limit needs a
/// fraction of it).
const STACK_BYTES: usize = 64 << 20;

fn run_with_stack(f: fn() -> std::process::ExitCode) -> std::process::ExitCode {
    match std::thread::Builder::new()
        .name("gtdx".into())
        .stack_size(STACK_BYTES)
        .spawn(f)
    {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        // No thread to be had: run here (the depth limits still hold).
        Err(_) => f(),
    }
}
