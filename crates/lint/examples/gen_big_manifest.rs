//! Prints a valid describe.json with N tools (default 1,000) to stdout, for timing
//! `gtdx validate` / `gtdx lint`:
//!
//! ```text
//! cargo run --release -p gtdx-lint --example gen_big_manifest > /tmp/big.json
//! cargo run --release -p gtdx-lint --example gen_big_manifest -- 10000 --heavy --compact > /tmp/heavy.json
//! gtdx lint /tmp/big.json
//! ```
//!
//! `--heavy` makes every tool as heavy as a real one and unlike the others (see
//! `tests/support/manifest.rs`); `--compact` writes the JSON without indentation (10,000 heavy
//! tools indented would pass gtdx's 16 MiB cap on a describe.json).

#[path = "../tests/support/manifest.rs"]
mod manifest;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let heavy = args.iter().any(|a| a == "--heavy");
    let compact = args.iter().any(|a| a == "--compact");
    let n: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(1000);
    let tool = if heavy {
        manifest::heavy_tool
    } else {
        manifest::tool
    };
    let doc = manifest::manifest((0..n).map(tool).collect());
    let text = if compact {
        serde_json::to_string(&doc)
    } else {
        serde_json::to_string_pretty(&doc)
    };
    println!("{}", text.unwrap_or_default());
}
