//! Generates the `gtdx worker build` benchmark input: 50 signed packs of 20 tools each and a
//! `worker.toml` listing them, plus the signing key pair (`bench.key`, `bench.pub`).
//!
//! ```sh
//! cargo run --release -p gtdx-worker --example gen_worker_bench -- /tmp/worker-bench
//! gtdx worker build /tmp/worker-bench/worker.toml --trusted-keys /tmp/worker-bench/bench.pub
//! ```
//!
//! Each pack holds a 64 KiB stand-in component; 15 of its tools are agentic (with metadata and
//! a secret), 5 are flow-only, so the build keeps 750 tools and reports 250 drops.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

const PACKS: usize = 50;
const TOOLS: usize = 20;

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            eprintln!("usage: gen_worker_bench <DIR>");
            std::process::exit(2);
        });
    if let Err(e) = generate(&dir) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn generate(dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir.join("packs"))?;
    // A fixed seed: the same directory contents on every run.
    let key = gtdx_sign::SecretKey::from_seed(&[7u8; 32], None);
    write_private(&dir.join("bench.key"), key.to_file_text().as_bytes())?;
    std::fs::write(dir.join("bench.pub"), key.public().to_file_text())?;

    let mut paths = Vec::new();
    for p in 0..PACKS {
        let id = format!("bench.ext{p:02}");
        let component: Vec<u8> = (0..64 * 1024).map(|i| (i * 31 + p) as u8).collect();
        let sha = gtdx_pack::sha256_hex(&component);
        let tools: Vec<Value> = (0..TOOLS).map(|t| tool(p, t)).collect();
        let mut describe = json!({
            "$schema": "https://store.greentic.cloud/schemas/describe-v2.json",
            "apiVersion": "greentic.ai/v2",
            "kind": "DesignExtension",
            "compat": {"min_designer_version": ">=1.2.0", "min_runner_version": "^1.2.0", "contract_version": "0.3.0"},
            "metadata": {
                "id": id, "name": format!("Bench {p}"), "version": "1.0.0",
                "summary": "worker benchmark extension", "author": {"name": "gtdx bench"}, "license": "Apache-2.0"
            },
            "capabilities": {},
            "runtime": {"permissions": {}, "components": {"tools": {
                "gtpack": {"file": "component.wasm", "sha256": sha, "pack_id": id, "component_version": "1.0.0"},
                "sha256": sha,
                "world": "greentic:extension-design/extension@0.3.0"
            }}},
            "contributions": {"tools": tools}
        });
        let rel = format!("packs/{id}-1.0.0.gtxpack");
        let path = dir.join(&rel);
        gtdx_pack::write_pack(
            &path,
            &mut describe,
            vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
        )?;
        gtdx_sign::sign_pack(&path, &key, None)?;
        paths.push(format!("\"{rel}\""));
    }
    let spec = format!(
        "name = \"bench-worker\"\ntenant = \"bench\"\nkind = \"deep_worker\"\n\
         instructions = \"Use the tools.\"\nextensions = [\n  {}\n]\n\n[llm]\nprovider = \"openai\"\n\
         model = \"gpt-4o\"\ncredential_ref = \"openai/api_key\"\n",
        paths.join(",\n  ")
    );
    std::fs::write(dir.join("worker.toml"), spec)?;
    println!(
        "wrote {PACKS} signed packs of {TOOLS} tools and {}\nrun: gtdx worker build {} --trusted-keys {}",
        dir.join("worker.toml").display(),
        dir.join("worker.toml").display(),
        dir.join("bench.pub").display()
    );
    Ok(())
}

fn tool(p: usize, t: usize) -> Value {
    let name = format!("e{p:02}_tool_{t:02}");
    let schema = json!({
        "type": "object",
        "required": ["query"],
        "properties": {"query": {"type": "string", "description": "What to look up"}, "limit": {"type": "integer"}}
    })
    .to_string();
    if t >= 15 {
        return json!({
            "name": name, "export": "greentic:extension-design/tools.invoke-tool",
            "capabilities": ["flow"], "description": "A flow-only tool.", "input_schema": schema
        });
    }
    let side_effects = ["none", "read", "write", "external"][t % 4];
    let cost = ["low", "medium", "high"][t % 3];
    let metadata = json!({
        "usage_hint": format!("Use for task {t} of extension {p}."),
        "examples": [{"when": "the user asks", "input": {"query": "x"}}],
        "side_effects": side_effects,
        "cost": cost,
        "confirmation_required": t.is_multiple_of(2)
    })
    .to_string();
    json!({
        "name": name, "export": "greentic:extension-design/tools.invoke-tool",
        "capabilities": ["agentic_worker", "flow"],
        "description": format!("Tool {t} of bench extension {p}."),
        "input_schema": schema,
        "output_schema": "{\"type\":\"object\"}",
        "secret_requirements": [{"key": format!("bench/key{}", t % 5), "required": t.is_multiple_of(3)}],
        "agentic_worker_metadata": metadata
    })
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let _ = std::fs::remove_file(path);
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let mut f = opts.open(path)?;
    f.write_all(bytes)
}
