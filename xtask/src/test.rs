//! `cargo xtask test`.

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("cargo xtask test: not written yet")
}
