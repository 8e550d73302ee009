//! End-to-end tests: each module runs the real `gtdx` binary on real inputs.
//!
//! One test binary keeps link time down; `support` holds what the areas share: an `Env` per
//! test (a temp dir with its own HOME and GREENTIC_HOME) whose `gtdx(...)` returns a `Run` with
//! chained assertions (`.code(0).stderr_has("valid")`, each failure printing the command line,
//! exit code, stdout and stderr), key pairs, packs and generated projects made in it,
//! `require_tool` for external programs (a missing one fails the test under `CI=true`), cargo
//! into the shared target directory, the reference documents pinned from `../shared`, and zip
//! and file helpers.

mod support;

// Named to sort first: libtest starts tests in name order, and this one (a cold `cargo install`
// of gtdx, about ten minutes) would otherwise start midway and finish minutes after the rest.
mod as_documented;
mod as_published;
mod build;
mod build_fresh;
mod cli;
mod describe;
mod dev;
mod dist;
mod docs;
mod doctor;
mod dynamic;
mod harden;
mod harden_authoring;
mod harden_dynamic;
mod harden_install;
mod harden_registry;
mod harden_text;
mod human_output;
mod kinds_compat;
mod migrate;
mod new;
mod openapi;
mod oracle;
mod platform;
mod publish;
mod publish_wizard;
mod registries;
mod registry;
mod run;
mod sdk;
mod sign;
mod store;
mod validate_lint;
mod worker;
