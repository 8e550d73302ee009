//! What gtdx's tests share, whichever crate they live in: the end-to-end suite
//! (`tests/e2e/support` re-exports all of this) and each crate's own tests.
//!
//! * [`child_env`]: what cargo set for this process that no child it starts should inherit;
//! * [`paths`]: the workspace root, fixtures under `tests/fixtures/`, the shared target dir;
//! * [`files`]: reading with the path in the panic message, copying fixture trees, zip entries;
//! * [`reference`]: the pinned copies of the reference documents the tests read;
//! * [`security_doc`]: docs/security.md's limits, for the tests that keep them equal to the code;
//! * [`store`]: a Greentic Store on loopback (the e2e tests' and `cargo xtask bench`'s).
//!
//! Every helper panics naming the file on failure: a test's setup either works or stops there.
//! Nothing here depends on a gtdx crate, so any crate may take it as a dev-dependency.

pub mod child_env;
pub mod files;
pub mod paths;
pub mod reference;
pub mod security_doc;
pub mod store;

pub use files::{copy_dir, entry, read, read_json, unzip};
pub use paths::{fixture, path_with, shared_target_dir, workspace_root};
pub use reference::{pinned_dir, reference};
pub use security_doc::{assert_documented_limit, documented_limit};

/// Whether this is a CI run (`CI=true`, as CI sets it, or `CI=1`): a test that cannot run
/// fails there instead of being skipped.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}
