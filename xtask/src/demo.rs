//! `cargo xtask demo`.

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("cargo xtask demo: not written yet")
}
