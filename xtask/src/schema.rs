//! `cargo xtask schema`: regenerates `schemas/describe-v2.json` from the contract types.
//!
//! `--check` fails instead of writing when the committed file is stale (the lint crate's tests
//! run the same comparison, so CI catches a forgotten regeneration either way).

use crate::util::root;

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let path = root().join("schemas/describe-v2.json");
    let fresh = gtdx_contract::schema::describe_schema_pretty();
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current == fresh {
        eprintln!("{} is up to date", path.display());
        return Ok(());
    }
    anyhow::ensure!(
        !check,
        "{} is stale; run `cargo xtask schema` to regenerate it",
        path.display()
    );
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&path, fresh)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
