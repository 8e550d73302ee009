//! Compile-time behaviour of `#[tool]` and `#[derive(Schema)]`: every annotation mistake is a
//! compile error on the offending token (snapshots in `ui/*.stderr`), and a correct tool
//! expands into working dispatch glue (`pass/`).
//!
//! Refresh snapshots after an intended message change with `TRYBUILD=overwrite cargo test -p
//! gtdx-macros --test ui`, then review the diff.

#[test]
fn annotation_errors() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}

#[test]
fn valid_tools_expand_and_run() {
    trybuild::TestCases::new().pass("tests/pass/*.rs");
}
