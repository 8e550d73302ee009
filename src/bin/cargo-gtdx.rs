//! `cargo gtdx …`: cargo runs `cargo-gtdx gtdx …` for `cargo gtdx …`; this drops the repeated
//! subcommand name and runs gtdx, so every gtdx command works as a cargo subcommand.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "gtdx") {
        args.remove(1);
    }
    gtdx_cli::main_from(args)
}
