//! The reference documents the tests read (the published describe-v2 schema, the tools spec),
//! pinned under `tests/fixtures/reference/` with the layout they have in `../shared` (the
//! reference folder beside the checkout), so the suite runs on a plain clone without it.
//!
//! When `../shared` is there, each pinned copy must equal its original: a changed original is
//! noticed and re-pinned (copy the file over), never silently tested against an old copy.

use std::path::PathBuf;

use crate::workspace_root;

/// Where the pinned copies live.
pub fn pinned_dir() -> PathBuf {
    workspace_root().join("tests/fixtures/reference")
}

/// The pinned copy of `../shared/<rel>` (e.g. `reference/describe-v2.schema.json`).
#[track_caller]
pub fn reference(rel: &str) -> PathBuf {
    let p = pinned_dir().join(rel);
    assert!(
        p.is_file(),
        "{rel} is not pinned: copy ../shared/{rel} to {}",
        p.display()
    );
    p
}

/// Every pinned file, relative to [`pinned_dir`], sorted (the README excepted).
#[cfg(test)]
fn pinned_files() -> Vec<String> {
    fn walk(dir: &std::path::Path, rel: &str, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let r = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            if e.file_type().unwrap().is_dir() {
                walk(&e.path(), &r, out);
            } else if r != "README.md" {
                out.push(r);
            }
        }
    }
    let mut out = Vec::new();
    walk(&pinned_dir(), "", &mut out);
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_reference_copies_equal_their_shared_originals() {
        let pinned = pinned_files();
        assert_eq!(
            pinned,
            [
                "reference/describe-v2.schema.json",
                "spec/extension-tools-and-node-types.md"
            ],
            "the pinned files are exactly the ones the tests read"
        );
        let shared = workspace_root().join("../shared");
        if !shared.is_dir() {
            // Straight to the process's stderr: the harness hides a passing test's output.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "\nSKIPPING the comparison of tests/fixtures/reference with ../shared: {} does not \
             exist (a plain clone); the tests read the pinned copies.\n",
                shared.display()
            );
            return;
        }
        let mut stale = Vec::new();
        for rel in &pinned {
            let original = shared.join(rel);
            match std::fs::read(&original) {
                Ok(bytes) if bytes == std::fs::read(pinned_dir().join(rel)).unwrap() => {}
                Ok(_) => stale.push(format!(
                    "{rel}: differs from {} (re-pin: cp {} tests/fixtures/reference/{rel})",
                    original.display(),
                    original.display()
                )),
                Err(e) => stale.push(format!("{rel}: {} cannot be read: {e}", original.display())),
            }
        }
        assert!(stale.is_empty(), "{}", stale.join("\n"));
    }
}
