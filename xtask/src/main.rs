//! `cargo xtask <task>`: the project's own automation, in Rust so it runs wherever cargo does.

fn main() -> anyhow::Result<()> {
    let task = std::env::args().nth(1).unwrap_or_default();
    match task.as_str() {
        _ => anyhow::bail!("usage: cargo xtask <demo|test|schema|bench|fuzz>"),
    }
}
