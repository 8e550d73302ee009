//! The completion scripts and man pages under `share/` are generated from the clap definitions
//! (`gtdx_cli::generated`); regenerate them with `cargo xtask codegen`.

#[test]
fn completions_and_man_pages_are_fresh() {
    let root = gtdx_test_support::workspace_root();
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
