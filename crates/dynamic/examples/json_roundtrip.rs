//! The floor of the dynamic-admission bench: parse a JSON file with serde_json and re-serialise
//! it to stdout, nothing else (what admission cannot be faster than).
//!
//! `json_roundtrip FILE`

use std::io::Write as _;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: json_roundtrip FILE");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let out = serde_json::to_vec_pretty(&v).expect("serialises");
    let _ = std::io::stdout().lock().write_all(&out);
}
