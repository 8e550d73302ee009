//! The package facts the describe engine needs, read statically from a `Cargo.toml` this crate
//! generated (no `cargo metadata`: it costs a process and, for a fresh project, a dependency
//! resolution). A manifest that inherits from a workspace cannot be read this way; the caller
//! then asks Cargo.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// What describe reuses from `[package]`, `[lib]` and `[package.metadata.gtdx]`.
#[derive(Debug, Clone)]
pub struct PackageFacts {
    pub name: String,
    pub version: String,
    pub license: Option<String>,
    pub authors: Vec<String>,
    pub description: Option<String>,
    pub homepage: Option<String>,
    pub repository: Option<String>,
    pub keywords: Vec<String>,
    /// Absolute path of `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// The directory holding it.
    pub root: PathBuf,
    /// The library root (`[lib] path`, default `src/lib.rs`).
    pub lib_path: PathBuf,
    /// `[package.metadata.gtdx]` as JSON, or `Null`.
    pub gtdx: Value,
}

/// Reads `dir/Cargo.toml`. `None` when it cannot be read statically (missing, not TOML, no
/// `[package]`, or a field inherited from a workspace).
pub fn read_static(dir: &Path) -> Option<PackageFacts> {
    let manifest_path = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest_path).ok()?;
    let doc: toml::Table = toml::from_str(&text).ok()?;
    let pkg = doc.get("package")?.as_table()?;
    let string = |k: &str| -> Result<Option<String>, ()> {
        match pkg.get(k) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(()), // `{ workspace = true }` or a wrong type: ask Cargo
        }
    };
    let list = |k: &str| -> Result<Vec<String>, ()> {
        match pkg.get(k) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().map(str::to_string).ok_or(()))
                .collect(),
            Some(_) => Err(()),
        }
    };
    let lib_path = doc
        .get("lib")
        .and_then(|l| l.get("path"))
        .and_then(|p| p.as_str())
        .map(|p| dir.join(p))
        .unwrap_or_else(|| dir.join("src/lib.rs"));
    let gtdx = pkg
        .get("metadata")
        .and_then(|m| m.get("gtdx"))
        .and_then(|g| serde_json::to_value(g).ok())
        .unwrap_or(Value::Null);
    Some(PackageFacts {
        name: string("name").ok()??,
        version: string("version").ok()?.unwrap_or_else(|| "0.0.0".into()),
        license: string("license").ok()?,
        authors: list("authors").ok()?,
        description: string("description").ok()?,
        homepage: string("homepage").ok()?,
        repository: string("repository").ok()?,
        keywords: list("keywords").ok()?,
        manifest_path,
        root: dir.to_path_buf(),
        lib_path,
        gtdx,
    })
}
