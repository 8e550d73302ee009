//! `cargo xtask <task>`: the project's own automation, in Rust so it runs wherever cargo does.
//!
//! * `demo`   — the main job end to end on a bundled example.
//! * `test`   — every test, after installing what the tests need.
//! * `codegen` — regenerate every file generated from code (`--check`: fail when one is stale).
//! * `bench`  — the speed targets of the issues, whole-process, side by side with peers.
//! * `fuzz`   — run the cargo-fuzz targets locally (not in CI).
//! * `oracle` — record the platform runtime's verdicts on the run cases (`--check`: compare).
//! * `dist` — the release archive of gtdx for this host, its SHA-256 and signature.

mod bench;
mod clippy_wrap;
mod codegen;
mod demo;
mod disk;
mod dist;
mod fuzz;
mod oracle;
mod test;
mod util;

fn main() -> std::process::ExitCode {
    // `cargo xtask test` builds under this binary as clippy's wrapper (clippy_wrap.rs).
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(code) = clippy_wrap::as_wrapper(&raw) {
        return code;
    }
    let mut args = std::env::args().skip(1);
    let task = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    let result = match task.as_str() {
        "demo" => demo::run(&rest),
        "test" => test::run(&rest),
        "codegen" => codegen::run(&rest),
        "bench" => bench::run(&rest),
        "fuzz" => fuzz::run(&rest),
        "oracle" => oracle::run(&rest),
        "dist" => dist::run(&rest),
        _ => Err(anyhow::anyhow!(
            "usage: cargo xtask <demo|test|codegen|bench|fuzz|oracle|dist> [args]"
        )),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
