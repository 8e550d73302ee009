//! `cargo xtask demo`: the main job end to end on a bundled example.
//!
//! new → describe → lint → build → keygen/sign → verify → worker, in `target/demo/`, with the
//! real `gtdx` binary, real cargo and a real wasm32-wasip2 component. The generated project's
//! dependencies build in the workspace target directory, so a second run is quick.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use crate::util::{root, sh, target_dir};

pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::test::ensure_wasm_target()?;
    sh(Command::new("cargo").args(["build", "--quiet", "--package", "gtdx"]))?;
    let gtdx = gtdx_binary();
    let demo = root().join("target/demo");
    if demo.exists() {
        std::fs::remove_dir_all(&demo).with_context(|| format!("removing {}", demo.display()))?;
    }
    std::fs::create_dir_all(&demo)?;
    // Nothing patched: the project takes the SDK as a user's does, from crates.io once it has
    // this version, until then from the copy gtdx carries (`gtdx new` says which).
    let project = demo.join("hello-demo");
    let manifest = project.join("Cargo.toml");
    let describe = project.join("describe.json");
    let dist = demo.join("dist");
    let keys = demo.join("keys");

    step("1/8 gtdx new: scaffold a v2 extension with two tools, a node type and a CI workflow");
    sh(gtdx_cmd(&gtdx)
        .arg("new")
        .arg(&project)
        .args(["--yes", "--vcs", "none", "--ci", "github", "--node-type"])
        .args(["--tool", "greet", "--tool", "word_count"]))?;

    step("2/8 gtdx describe: describe.json from the annotated Rust, and --check that it is fresh");
    sh(gtdx_cmd(&gtdx)
        .arg("describe")
        .arg("--manifest-path")
        .arg(&manifest))?;
    sh(gtdx_cmd(&gtdx)
        .arg("describe")
        .arg("--check")
        .arg("--manifest-path")
        .arg(&manifest))?;

    step("3/8 gtdx validate + lint: the contract and the authoring checklist, warnings denied");
    sh(gtdx_cmd(&gtdx).arg("validate").arg(&describe))?;
    sh(gtdx_cmd(&gtdx)
        .arg("lint")
        .arg("--deny-warnings")
        .arg(&describe))?;

    step("4/8 gtdx build: wasm32-wasip2 component, export checks, reproducible .gtxpack");
    sh(gtdx_cmd(&gtdx)
        .arg("build")
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--out")
        .arg(&dist))?;
    let pack = find_pack(&dist)?;

    step("5/8 gtdx keygen + sign: an ed25519 key pair, then sign the pack");
    sh(gtdx_cmd(&gtdx)
        .args(["keygen", "--name", "demo", "--out-dir"])
        .arg(&keys))?;
    let (secret, public) = (keys.join("demo.key"), keys.join("demo.pub"));
    sh(gtdx_cmd(&gtdx)
        .arg("sign")
        .arg(&pack)
        .arg("--key")
        .arg(&secret))?;

    step("6/8 gtdx verify: signature, manifestSha256, every entry, trust");
    sh(gtdx_cmd(&gtdx)
        .arg("verify")
        .arg(&pack)
        .arg("--trusted-key")
        .arg(&public))?;
    sh(gtdx_cmd(&gtdx).arg("inspect").arg(&pack))?;

    step("7/8 gtdx worker build: a Digital Worker manifest keeping only agentic_worker tools");
    let spec = demo.join("worker.toml");
    let pack_rel = pack
        .strip_prefix(&demo)
        .unwrap_or(&pack)
        .to_string_lossy()
        .replace('\\', "/");
    std::fs::write(
        &spec,
        format!(
            r#"name = "demo-agent"
description = "Greets people and counts words."
tenant = "demo"
kind = "single_turn"
instructions = "Be brief and friendly."
extensions = ["{pack_rel}"]

[llm]
provider = "openai"
model = "gpt-4o"
credential_ref = "openai/api_key"
"#
        ),
    )?;
    let worker = demo.join("demo-agent.worker.json");
    sh(gtdx_cmd(&gtdx)
        .args(["worker", "build"])
        .arg(&spec)
        .arg("--out")
        .arg(&worker)
        .arg("--trusted-key")
        .arg(&public)
        .arg("--sign")
        .arg("--key")
        .arg(&secret))?;

    step("8/8 gtdx worker inspect + a detached signature of the worker manifest");
    sh(gtdx_cmd(&gtdx)
        .args(["worker", "inspect"])
        .arg(&worker)
        .arg("--trusted-key")
        .arg(&public))?;
    sh(gtdx_cmd(&gtdx)
        .args(["sign", "--detached"])
        .arg(&worker)
        .arg("--key")
        .arg(&secret))?;
    sh(gtdx_cmd(&gtdx)
        .args(["verify", "--detached"])
        .arg(&worker)
        .arg("--trusted-key")
        .arg(&public))?;

    eprintln!(
        "\ndemo finished: every step passed. Look around in {}",
        demo.display()
    );
    Ok(())
}

fn step(what: &str) {
    eprintln!("\n==> {what}");
}

/// `gtdx` with the generated project's builds sharing the workspace's target directory.
fn gtdx_cmd(gtdx: &Path) -> Command {
    let mut cmd = Command::new(gtdx);
    cmd.current_dir(root())
        .env("CARGO_TARGET_DIR", target_dir());
    cmd
}

fn find_pack(dist: &Path) -> anyhow::Result<PathBuf> {
    std::fs::read_dir(dist)
        .with_context(|| format!("reading {}", dist.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "gtxpack"))
        .with_context(|| format!("gtdx build wrote no .gtxpack into {}", dist.display()))
}

/// The debug `gtdx` binary in the workspace target directory.
fn gtdx_binary() -> PathBuf {
    target_dir()
        .join("debug")
        .join(format!("gtdx{}", std::env::consts::EXE_SUFFIX))
}
