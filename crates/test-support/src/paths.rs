//! Where things are: the checkout, its fixtures, the target directory the tests share.

use std::path::{Path, PathBuf};

/// The workspace root (where the top-level Cargo.toml lives), without `..` in it: paths built
/// on it are the ones gtdx prints, and snapshot filters replace them.
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    // crates/test-support → crates → the root
    here.ancestors()
        .nth(2)
        .expect("crates/test-support sits two levels below the root")
        .to_path_buf()
}

/// A fixture file or directory under `tests/fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    workspace_root().join("tests/fixtures").join(rel)
}

/// The target directory every cargo build in the tests shares, so extensions compile once.
pub fn shared_target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// PATH with `dir` in front (to run a particular `gtdx`, `cargo-gtdx` or tool by name).
pub fn path_with(dir: &Path) -> std::ffi::OsString {
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&rest)))
        .expect("PATH entries without `:`")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_root_holds_the_workspace_manifest_and_the_fixtures() {
        let root = super::workspace_root();
        assert!(root.join("Cargo.toml").is_file(), "{}", root.display());
        assert!(super::fixture("").is_dir());
        assert!(!root.to_string_lossy().contains(".."));
    }
}
