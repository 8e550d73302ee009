//! Writes a pack with a large pseudo-random component, for benchmarks.
//!
//! `cargo run --release -p gtdx-pack --example make_big_pack -- OUT.gtxpack [MEGABYTES=100]`
//!
//! The component is incompressible (xorshift bytes), so the pack's size is what it holds.
//! Also writes `OUT.component.wasm`, the raw component, for `zip -6` / `minisign` comparisons;
//! when that file already has the requested size it is reused, so a second run times packing
//! alone.

use std::io::Write;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(
        args.next()
            .ok_or("usage: make_big_pack OUT.gtxpack [MEGABYTES]")?,
    );
    let mb: u64 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(100);
    let component = out.with_extension("component.wasm");
    // Reuse a component of the right size, so a second run times packing alone.
    let reuse = std::fs::metadata(&component).is_ok_and(|m| m.len() == mb << 20);
    if !reuse {
        generate(&component, mb)?;
    }
    pack(&out, &component)
}

fn generate(component: &std::path::Path, mb: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut f = std::io::BufWriter::new(std::fs::File::create(component)?);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut block = vec![0u8; 1 << 20];
    for _ in 0..mb {
        for chunk in block.chunks_mut(8) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            chunk.copy_from_slice(&state.to_le_bytes()[..chunk.len()]);
        }
        f.write_all(&block)?;
    }
    f.flush()?;
    Ok(())
}

fn pack(
    out: &std::path::Path,
    component: &std::path::Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut describe = serde_json::json!({
        "$schema": "https://store.greentic.cloud/schemas/describe-v2.json",
        "apiVersion": "greentic.ai/v2",
        "kind": "DesignExtension",
        "compat": {"min_designer_version": ">=1.2.0", "min_runner_version": "^1.2.0", "contract_version": "0.3.0"},
        "metadata": {
            "id": "gtdx.bench-big", "name": "Big bench pack", "version": "0.1.0",
            "summary": "A large incompressible component.", "author": {"name": "gtdx bench"}, "license": "Apache-2.0"
        },
        "capabilities": {},
        "runtime": {"permissions": {}, "components": {"big": {
            "gtpack": {"file": "components/big.wasm", "sha256": "0000000000000000000000000000000000000000000000000000000000000000",
                       "pack_id": "gtdx.bench-big", "component_version": "0.1.0"},
            "sha256": "0000000000000000000000000000000000000000000000000000000000000000",
            "world": "greentic:extension-design/tools@0.3.0"
        }}},
        "contributions": {}
    });
    let written = gtdx_pack::PackWriter::new()
        .add_file("components/big.wasm", component)
        .add_bytes("prompts/readme.md", b"# big\n".to_vec())
        .write(out, &mut describe)?;
    println!(
        "{}: {} bytes, manifestSha256 {}; raw component: {}",
        out.display(),
        std::fs::metadata(out)?.len(),
        written.manifest_sha256,
        component.display()
    );
    Ok(())
}
