//! Bench input: `pad-component IN.wasm OUT.wasm SIZE_MB` writes a copy of a real component padded
//! with a custom section to SIZE_MB megabytes (see `gtdx_build::bench`). The result is still a
//! component with the same WIT, so `gtdx pack` checks it like any other.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, size] = args.as_slice() else {
        eprintln!("usage: pad-component IN.wasm OUT.wasm SIZE_MB");
        return ExitCode::from(2);
    };
    let Ok(mb) = size.parse::<usize>() else {
        eprintln!("SIZE_MB must be a whole number of megabytes, not `{size}`");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cannot read {input}: {e}");
            return ExitCode::from(2);
        }
    };
    let padded = gtdx_build::bench::pad_component(&bytes, mb * 1_000_000);
    if let Err(e) = gtdx_fsx::write_atomic(std::path::Path::new(output), &padded) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
