//! Files generated from code must match the code: `schemas/describe-v2.json` (from the contract
//! types) and `docs/diagnostics.md` (from the code registry). Regenerate both with
//! `cargo xtask codegen`.

use std::path::Path;

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn committed_schema_is_fresh() {
    assert!(
        read("schemas/describe-v2.json") == gtdx_contract::schema::describe_schema_pretty(),
        "schemas/describe-v2.json is stale: run `cargo xtask codegen`"
    );
}

#[test]
fn diagnostics_doc_is_fresh() {
    assert!(
        read("docs/diagnostics.md") == gtdx_contract::codes::render_markdown(),
        "docs/diagnostics.md is stale: run `cargo xtask codegen`"
    );
}
