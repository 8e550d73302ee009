//! `cargo xtask codegen`: regenerates every file generated from code.
//!
//! * `schemas/describe-v2.json` from the contract types (`gtdx_contract::schema`);
//! * `docs/diagnostics.md` from the code registry (`gtdx_contract::codes::render_markdown`);
//! * `share/completions/*` and `share/man/man1/*.1` from the clap definitions
//!   (`gtdx_cli::generated`, through the `generated` example of gtdx-cli, so that the xtask does
//!   not link the application).
//!
//! `--check` fails instead of writing when a file is stale. The contract crate's tests make the
//! same comparison (`crates/contract/tests/generated_files.rs`), so CI catches a forgotten
//! regeneration.

use crate::util::root;

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let files = [
        (
            "schemas/describe-v2.json".to_string(),
            gtdx_contract::schema::describe_schema_pretty().into_bytes(),
        ),
        (
            "docs/diagnostics.md".to_string(),
            gtdx_contract::codes::render_markdown().into_bytes(),
        ),
    ];
    let files = files.into_iter().chain(cli_files()?);
    let mut stale = Vec::new();
    for (rel, fresh) in files {
        let path = root().join(&rel);
        let current = std::fs::read(&path).unwrap_or_default();
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
        "stale: {}; run `cargo xtask codegen` to regenerate",
        stale.join(", ")
    );
    Ok(())
}

/// The files `gtdx_cli::generated::files` makes, from `cargo run --example generated`.
fn cli_files() -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let out = std::process::Command::new("cargo")
        .args(["run", "--quiet", "-p", "gtdx-cli", "--example", "generated"])
        .current_dir(root())
        .stderr(std::process::Stdio::inherit())
        .output()?;
    anyhow::ensure!(
        out.status.success(),
        "`cargo run -p gtdx-cli --example generated` failed with {}",
        out.status
    );
    let files: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout)?;
    files
        .iter()
        .map(|f| {
            let path = f["path"].as_str();
            let text = f["text"].as_str();
            match (path, text) {
                (Some(p), Some(t)) => Ok((p.to_string(), t.as_bytes().to_vec())),
                _ => anyhow::bail!("the generated example printed an entry without path or text"),
            }
        })
        .collect()
}
