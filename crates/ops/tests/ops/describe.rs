//! `gtdx_ops::describe::describe` in its three modes.

use gtdx_ops::describe::{CheckOutcome, DescribeMode, DescribeOptions, DescribeResult, Written};

use crate::{copy_fixture_crate, fixture};

fn options(dir: &std::path::Path, mode: DescribeMode) -> DescribeOptions {
    DescribeOptions {
        manifest_path: dir.join("Cargo.toml"),
        mode,
    }
}

#[test]
fn check_finds_the_committed_fixture_manifest_fresh() {
    let dir = fixture("describe/types");
    let outcome = gtdx_ops::describe::describe(&options(&dir, DescribeMode::Check)).unwrap();
    assert_eq!(outcome.result, DescribeResult::Checked(CheckOutcome::Fresh));
    assert!(!outcome.has_errors(), "{:?}", outcome.diagnostics);
    assert!(!outcome.generated.tools.is_empty());
    assert!(outcome.file.ends_with("describe.json"), "{}", outcome.file);
}

#[test]
fn write_then_check_then_print() {
    let tmp = copy_fixture_crate("describe/modules");
    let on_disk = tmp.path().join("describe.json");
    let _ = std::fs::remove_file(&on_disk);

    let missing = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Check)).unwrap();
    assert_eq!(
        missing.result,
        DescribeResult::Checked(CheckOutcome::Missing)
    );
    assert!(!on_disk.exists(), "--check writes nothing");

    let written = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Write)).unwrap();
    assert_eq!(written.result, DescribeResult::Written(Written::Written));
    assert_eq!(
        std::fs::read_to_string(&on_disk).unwrap(),
        written.generated.text
    );

    let again = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Write)).unwrap();
    assert_eq!(again.result, DescribeResult::Written(Written::Unchanged));

    // A stale file: --check shows the difference, --stdout leaves the file alone.
    std::fs::write(&on_disk, "{}\n").unwrap();
    let checked = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Check)).unwrap();
    assert!(
        matches!(
            checked.result,
            DescribeResult::Checked(CheckOutcome::Stale { .. })
        ),
        "{:?}",
        checked.result
    );
    let printed = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Print)).unwrap();
    assert_eq!(printed.result, DescribeResult::Printed);
    assert_eq!(printed.generated.text, written.generated.text);
    assert_eq!(std::fs::read_to_string(&on_disk).unwrap(), "{}\n");
}

/// Hand-written tool definitions are found in the sources and reported with the manifest's
/// findings.
#[test]
fn the_sources_findings_come_with_the_manifests() {
    let tmp = copy_fixture_crate("describe/trap");
    let outcome = gtdx_ops::describe::describe(&options(tmp.path(), DescribeMode::Print)).unwrap();
    assert!(
        crate::codes(&outcome.diagnostics).contains(&"W_HANDWRITTEN_TOOLS"),
        "{:?}",
        outcome.diagnostics
    );
}

/// A lint finding about `/contributions/tools/N` names the tool's Rust function and line.
#[test]
fn findings_about_a_tool_name_its_rust_function() {
    let dir = fixture("describe/types");
    let outcome = gtdx_ops::describe::describe(&options(&dir, DescribeMode::Print)).unwrap();
    let about_tools: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| {
            d.pointer
                .as_deref()
                .is_some_and(|p| p.starts_with("/contributions/tools/"))
        })
        .collect();
    assert!(!about_tools.is_empty(), "{:?}", outcome.diagnostics);
    for d in about_tools {
        assert!(d.message.contains(" [tool `"), "{}", d.message);
        assert!(d.message.contains("src/"), "{}", d.message);
    }
}
