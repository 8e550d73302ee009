//! `cargo xtask fuzz`.

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    anyhow::bail!("cargo xtask fuzz: not written yet")
}
