//! docs/security.md's tables of limits, read by the tests that keep them equal to the code.

use crate::paths::workspace_root;

/// The value docs/security.md's row for `` `name` `` states (its last cell), panicking when the
/// page has no such row. A crate's test compares it with the constant the code applies, so the
/// documented limit and the enforced one cannot drift apart.
pub fn documented_limit(name: &str) -> String {
    let path = workspace_root().join("docs/security.md");
    let doc = crate::files::read(&path);
    let prefix = format!("| `{name}` |");
    let row = doc
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("docs/security.md has no row for `{name}`"));
    let cells: Vec<&str> = row.trim().trim_matches('|').split('|').collect();
    cells
        .last()
        .map(|c| c.trim().to_string())
        .unwrap_or_else(|| panic!("docs/security.md's row for `{name}` has no cells: {row:?}"))
}

/// Asserts that docs/security.md states `expected` for `` `name` ``.
pub fn assert_documented_limit(name: &str, expected: &str) {
    let stated = documented_limit(name);
    assert_eq!(
        stated, expected,
        "docs/security.md states {stated:?} for `{name}`; the code applies {expected:?}"
    );
}
