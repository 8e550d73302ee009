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
    // The same runner and stack as `gtdx`.
    gtdx_cli::stack::run_with_stack(args)
}
