//! Embeds two trees into the binary, each as a generated table of `include_str!` entries sorted
//! by path:
//! * `templates/` → `$OUT_DIR/templates.rs` (`TEMPLATES`);
//! * `sdk/` → `$OUT_DIR/sdk_bundle.rs` (`SDK_BUNDLE`): per bundled crate its `manifest.toml` and
//!   the sources reached through the links `sdk/<crate>/src` (and the SDK's `wit`).
//!
//! Both live inside this crate (the root `templates/` links here; the links under `sdk/` are
//! packaged as the files they point to), so the crate builds from its published package as it
//! does in the workspace.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    embed(
        &manifest.join("templates"),
        "TEMPLATES",
        "template",
        &out.join("templates.rs"),
    );
    embed(
        &manifest.join("sdk"),
        "SDK_BUNDLE",
        "bundled SDK",
        &out.join("sdk_bundle.rs"),
    );
}

/// Writes `target`: `pub static NAME: &[(&str, &str)]`, one `(relative path, contents)` per file
/// under `root`, and asks cargo to rerun when any of them (or a directory) changes.
fn embed(root: &Path, name: &str, what: &str, target: &Path) {
    let mut files = Vec::new();
    walk(root, root, &mut files);
    files.sort();
    let mut code = format!("/// Every {what} file: (path under its directory, contents).\n");
    code.push_str(&format!("pub static {name}: &[(&str, &str)] = &[\n"));
    for rel in &files {
        let abs = root.join(rel);
        println!("cargo:rerun-if-changed={}", abs.display());
        code.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            abs.display().to_string()
        ));
    }
    code.push_str("];\n");
    if let Err(e) = std::fs::write(target, code) {
        panic!("cannot write {}: {e}", target.display());
    }
}

/// Every file below `dir`, following links (the bundle's sources are links), as paths relative to
/// `root` with `/` separators. Directories are watched too, so a new file reruns the script.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}
