//! The completion scripts and man pages under `share/` are generated from the clap definitions
//! (`gtdx_cli::generated`); regenerate them with `cargo xtask codegen`.

use std::path::Path;

#[test]
fn completions_and_man_pages_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut stale = Vec::new();
    for (rel, fresh) in gtdx_cli::generated::files() {
        if std::fs::read(root.join(&rel)).ok().as_deref() != Some(fresh.as_slice()) {
            stale.push(rel);
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {}; run `cargo xtask codegen`",
        stale.join(", ")
    );
}
