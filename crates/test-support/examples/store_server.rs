//! The loopback Greentic Store as a process, for `cargo xtask bench store`:
//! `store_server TOKEN` prints the Store's URL on one line, then serves until killed.

use std::io::Write;

fn main() {
    let token = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench-token".into());
    let store = gtdx_test_support::store::Store::start(&token);
    println!("{}", store.url());
    let _ = std::io::stdout().flush();
    loop {
        std::thread::park();
    }
}
