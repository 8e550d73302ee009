//! `cargo xtask bench`.

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("cargo xtask bench: not written yet")
}
