//! `cargo xtask schema`.

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("cargo xtask schema: not written yet")
}
