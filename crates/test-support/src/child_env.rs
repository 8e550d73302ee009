//! The variables cargo sets for the program it runs (`cargo run`, `cargo test`): the running
//! package's name, version and manifest directory, its binaries' paths, its test scratch
//! directory. A command the suite starts does not pass them on: a user's shell has none of
//! them, and cargo reruns a dependency's build script when a variable the script declares with
//! `rerun-if-env-changed` changes, which ring does for `CARGO_PKG_NAME` and
//! `CARGO_MANIFEST_DIR`. The xtask (run as package `xtask`) and the e2e binary (package `gtdx`)
//! would otherwise each rebuild ring, rustls and everything above them after the other.

use std::ffi::OsString;

/// Whether cargo sets `key` for the program it runs, describing that program's package.
pub fn is_package_var(key: &str) -> bool {
    const PREFIXES: &[&str] = &["CARGO_PKG_", "CARGO_MANIFEST_", "CARGO_BIN_EXE_"];
    const NAMES: &[&str] = &[
        "CARGO_CRATE_NAME",
        "CARGO_BIN_NAME",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_TARGET_TMPDIR",
        "CARGO_RUSTC_CURRENT_DIR",
        "OUT_DIR",
    ];
    PREFIXES.iter().any(|p| key.starts_with(p)) || NAMES.contains(&key)
}

/// The package variables this process inherited: the ones to remove from a child's
/// environment.
pub fn inherited_package_vars() -> Vec<OsString> {
    std::env::vars_os()
        .map(|(key, _)| key)
        .filter(|key| key.to_str().is_some_and(is_package_var))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::is_package_var;

    #[test]
    fn the_package_description_goes_and_the_toolchain_settings_stay() {
        for gone in [
            "CARGO_PKG_NAME",
            "CARGO_MANIFEST_DIR",
            "CARGO_BIN_EXE_gtdx",
            "OUT_DIR",
        ] {
            assert!(is_package_var(gone), "{gone}");
        }
        for kept in [
            "CARGO",
            "CARGO_HOME",
            "CARGO_TARGET_DIR",
            "CARGO_INCREMENTAL",
        ] {
            assert!(!is_package_var(kept), "{kept}");
        }
    }
}
