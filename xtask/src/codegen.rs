//! `cargo xtask codegen`: regenerates every file generated from code.
//!
//! * `schemas/describe-v2.json` from the contract types (`gtdx_contract::schema`);
//! * `docs/diagnostics.md` from the code registry (`gtdx_contract::codes::render_markdown`);
//! * `crates/scaffold/sdk/<crate>/manifest.toml`, the manifests of the SDK crates gtdx bundles,
//!   from what `cargo package` writes (`gtdx_scaffold::bundle::library_manifest`);
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
    let files = files
        .into_iter()
        .chain(cli_files()?)
        .chain(sdk_manifests()?);
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

/// The bundled SDK crates' manifests: `cargo package` of the six (in a target directory of its
/// own, so it never waits for a build), each `.crate`'s Cargo.toml reduced to the library's.
fn sdk_manifests() -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    use gtdx_scaffold::bundle::{CRATES, VERSION, library_manifest};
    let target = crate::util::target_dir().join("sdk-package");
    let mut cmd = std::process::Command::new("cargo");
    cmd.args(["package", "--quiet", "--no-verify", "--allow-dirty"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root());
    for krate in CRATES {
        cmd.args(["-p", krate]);
    }
    let status = cmd.status()?;
    anyhow::ensure!(
        status.success(),
        "`cargo package` of the SDK crates failed with {status}"
    );
    CRATES
        .iter()
        .map(|krate| {
            let packaged =
                packaged_manifest(&target.join(format!("package/{krate}-{VERSION}.crate")))?;
            let text = library_manifest(&packaged).map_err(anyhow::Error::msg)?;
            Ok((
                format!("crates/scaffold/sdk/{krate}/manifest.toml"),
                text.into_bytes(),
            ))
        })
        .collect()
}

/// The normalised Cargo.toml inside a `.crate` (a gzipped tar).
fn packaged_manifest(krate: &std::path::Path) -> anyhow::Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(krate)?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    for entry in archive.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.into_owned();
        if path.components().count() == 2 && path.ends_with("Cargo.toml") {
            let mut text = String::new();
            entry.read_to_string(&mut text)?;
            return Ok(text);
        }
    }
    anyhow::bail!("{} holds no Cargo.toml", krate.display())
}
