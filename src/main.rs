//! The `gtdx` binary: everything lives in the `gtdx-cli` crate and the crates it calls.

fn main() -> std::process::ExitCode {
    gtdx_cli::main()
}
