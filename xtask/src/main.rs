//! `cargo xtask <task>`: the project's own automation, in Rust so it runs wherever cargo does.
//!
//! * `demo`   — the main job end to end on a bundled example.
//! * `test`   — every test, after installing what the tests need.
//! * `schema` — regenerate `schemas/describe-v2.json` from the contract types.
//! * `bench`  — the speed targets of the issues, whole-process, side by side with peers.
//! * `fuzz`   — run the cargo-fuzz targets locally (not in CI).

mod bench;
mod demo;
mod fuzz;
mod schema;
mod test;
mod util;

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let task = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    let result = match task.as_str() {
        "demo" => demo::run(&rest),
        "test" => test::run(&rest),
        "schema" => schema::run(&rest),
        "bench" => bench::run(&rest),
        "fuzz" => fuzz::run(&rest),
        _ => Err(anyhow::anyhow!(
            "usage: cargo xtask <demo|test|schema|bench|fuzz> [args]"
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
