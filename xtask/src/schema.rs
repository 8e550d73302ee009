//! `cargo xtask schema`: regenerates the files generated from code.
//!
//! * `schemas/describe-v2.json` from the contract types (`gtdx_contract::schema`);
//! * `docs/lint-rules.md` from the lint rule table (`gtdx_lint::render_rules_markdown`).
//!
//! `--check` fails instead of writing when a file is stale. The lint crate's tests make the same
//! comparison (`crates/lint/tests/generated_files.rs`), so CI catches a forgotten regeneration.

use crate::util::root;

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let files = [
        (
            "schemas/describe-v2.json",
            gtdx_contract::schema::describe_schema_pretty(),
        ),
        ("docs/lint-rules.md", gtdx_lint::render_rules_markdown()),
    ];
    let mut stale = Vec::new();
    for (rel, fresh) in files {
        let path = root().join(rel);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == fresh {
            eprintln!("{rel} is up to date");
            continue;
        }
        if check {
            stale.push(rel);
            continue;
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // Write beside, then rename: never a half-written file.
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, fresh)?;
        std::fs::rename(&tmp, &path)?;
        eprintln!("wrote {rel}");
    }
    anyhow::ensure!(
        stale.is_empty(),
        "stale: {}; run `cargo xtask schema` to regenerate",
        stale.join(", ")
    );
    Ok(())
}
