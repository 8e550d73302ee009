//! `cargo gtdx …`: cargo runs `cargo-gtdx gtdx …` for `cargo gtdx …`; this drops the repeated
//! subcommand name and runs gtdx, so every gtdx command works as a cargo subcommand.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    gtdx_fsx::cleanup_on_signals();
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "gtdx") {
        args.remove(1);
    }
    // The same known stack as `gtdx` (see src/main.rs).
    match std::thread::Builder::new()
        .name("gtdx".into())
        .stack_size(64 << 20)
        .spawn(move || gtdx_cli::main_from(args))
    {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => std::process::ExitCode::FAILURE,
    }
}
