//! The thread gtdx's commands run on, for both binaries (`gtdx` and `cargo-gtdx`).
//!
//! Every recursive parse of untrusted input has a depth limit; the commands also run on a
//! thread with a known stack, so those limits never depend on how the process was started.

use std::ffi::OsString;
use std::process::ExitCode;

/// The stack of the thread gtdx's commands run on (the describe scan's nesting limit needs a
/// fraction of it).
pub const STACK_BYTES: usize = 64 << 20;

/// Runs gtdx on `args` (the program name first) on a thread with [`STACK_BYTES`] of stack, or
/// here when no thread can be had (the depth limits still hold).
pub fn run_with_stack(args: Vec<OsString>) -> ExitCode {
    let here = args.clone();
    match std::thread::Builder::new()
        .name("gtdx".into())
        .stack_size(STACK_BYTES)
        .spawn(move || crate::main_from(args))
    {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => crate::main_from(here),
    }
}
