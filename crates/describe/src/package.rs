//! The package being described: what Cargo knows about it, found either with `cargo metadata`
//! (the CLI) or from the environment Cargo gives a build script.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::error::Error;

/// The Cargo package fields describe reuses, and where its sources are.
#[derive(Debug, Clone)]
pub struct Package {
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
    /// The directory holding `Cargo.toml` (the crate root for relative paths).
    pub root: PathBuf,
    /// The library target's root file (`src/lib.rs` unless `[lib] path` says otherwise).
    pub lib_path: PathBuf,
    /// `[package.metadata.gtdx]`, or `Null`.
    pub gtdx: Value,
}

impl Package {
    /// Reads the package with `cargo metadata --no-deps` (so workspace inheritance and `[lib]`
    /// settings are resolved exactly as Cargo does). With the `cli` feature only.
    #[cfg(feature = "cli")]
    pub fn from_manifest(manifest_path: &Path) -> Result<Self, Error> {
        if manifest_path.is_dir() {
            return Err(Error::Package {
                path: crate::error::display_path(manifest_path),
                message: format!(
                    "is a directory, not a Cargo.toml; pass the manifest inside it, e.g. {}",
                    crate::error::display_path(&manifest_path.join("Cargo.toml")).display()
                ),
            });
        }
        if let Err(e) = gtdx_fsx::open_regular(manifest_path) {
            return Err(Error::Package {
                path: crate::error::display_path(manifest_path),
                message: e.source.to_string(),
            });
        }
        let abs = std::fs::canonicalize(manifest_path).map_err(|e| Error::Package {
            path: crate::error::display_path(manifest_path),
            message: e.to_string(),
        })?;
        let mut cmd = cargo_metadata::MetadataCommand::new();
        cmd.manifest_path(&abs).no_deps();
        let md = cmd.exec().map_err(|e| Error::Package {
            path: crate::error::display_path(manifest_path),
            message: match e {
                cargo_metadata::Error::CargoMetadata { stderr } => stderr.trim().to_string(),
                other => other.to_string(),
            },
        })?;
        let pkg = md
            .packages
            .iter()
            .find(|p| std::fs::canonicalize(&p.manifest_path).is_ok_and(|m| m == abs))
            .ok_or_else(|| Error::Package {
                path: crate::error::display_path(manifest_path),
                message: format!(
                    "this is a workspace manifest, not a package; point --manifest-path at the extension's own \
                     Cargo.toml (members: {})",
                    md.packages.iter().map(|p| p.name.to_string()).collect::<Vec<_>>().join(", ")
                ),
            })?;
        let lib = pkg
            .targets
            .iter()
            .find(|t| t.is_lib() || t.is_cdylib() || t.is_rlib())
            .ok_or_else(|| {
                Error::manifest(
                    manifest_path,
                    format!("package `{}` has no library target, so it has no tools to describe", pkg.name),
                    "an extension is a library: add src/lib.rs and `[lib] crate-type = [\"cdylib\", \"rlib\"]`",
                )
            })?;
        let root = abs.parent().map(Path::to_path_buf).unwrap_or_default();
        Ok(Package {
            name: pkg.name.to_string(),
            version: pkg.version.to_string(),
            license: pkg.license.clone(),
            authors: pkg.authors.clone(),
            description: pkg.description.clone(),
            homepage: pkg.homepage.clone(),
            repository: pkg.repository.clone(),
            keywords: pkg.keywords.clone(),
            manifest_path: abs,
            root,
            lib_path: lib.src_path.clone().into_std_path_buf(),
            gtdx: pkg.metadata.get("gtdx").cloned().unwrap_or(Value::Null),
        })
    }

    /// Reads the package the way a build script can: Cargo's `CARGO_PKG_*` variables plus
    /// `Cargo.toml` itself for `[lib] path` and `[package.metadata.gtdx]`. `keywords`,
    /// `homepage` and `repository` only matter for the manifest, not for the tool table, and
    /// are left empty when Cargo does not provide them.
    pub fn from_build_env() -> Result<Self, Error> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let root = PathBuf::from(var("CARGO_MANIFEST_DIR").ok_or_else(|| Error::Package {
            path: PathBuf::from("."),
            message:
                "CARGO_MANIFEST_DIR is not set: generate() must run from a build script".into(),
        })?);
        let manifest_path = root.join("Cargo.toml");
        let text = gtdx_fsx::read(&manifest_path, gtdx_fsx::limits::PROJECT_FILE)?;
        let text = String::from_utf8_lossy(&text);
        let doc: toml::Table = toml::from_str(&text).map_err(|e| {
            Error::manifest(
                &manifest_path,
                format!("Cargo.toml does not parse: {e}"),
                "fix the TOML syntax",
            )
        })?;
        let lib_path = lib_path_of(&doc, &root);
        let gtdx = gtdx_of(&doc);
        Ok(Package {
            name: var("CARGO_PKG_NAME").unwrap_or_default(),
            version: var("CARGO_PKG_VERSION").unwrap_or_else(|| "0.0.0".into()),
            license: var("CARGO_PKG_LICENSE"),
            authors: var("CARGO_PKG_AUTHORS")
                .map(|a| a.split(':').map(str::to_string).collect())
                .unwrap_or_default(),
            description: var("CARGO_PKG_DESCRIPTION"),
            homepage: var("CARGO_PKG_HOMEPAGE"),
            repository: var("CARGO_PKG_REPOSITORY"),
            keywords: Vec::new(),
            manifest_path,
            root,
            lib_path,
            gtdx,
        })
    }

    /// Reads `dir/Cargo.toml` statically, without `cargo metadata` (which costs a process and,
    /// for a fresh project, a dependency resolution): `gtdx new` uses it on the manifest it just
    /// wrote. `None` when the manifest cannot be read this way (missing, not TOML, no
    /// `[package]`, or a field inherited from a workspace); ask Cargo with
    /// [`Package::from_manifest`] then.
    pub fn read_static(dir: &Path) -> Option<Self> {
        let manifest_path = dir.join("Cargo.toml");
        let text = gtdx_fsx::read_text(&manifest_path, gtdx_fsx::limits::PROJECT_FILE).ok()?;
        let doc: toml::Table = toml::from_str(&text).ok()?;
        let pkg = doc.get("package")?.as_table()?;
        // `{ workspace = true }` or a wrong type is `Err`: only Cargo can resolve it.
        let string = |k: &str| -> Result<Option<String>, ()> {
            match pkg.get(k) {
                None => Ok(None),
                Some(toml::Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(()),
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
        Some(Package {
            name: string("name").ok()??,
            version: string("version").ok()?.unwrap_or_else(|| "0.0.0".into()),
            license: string("license").ok()?,
            authors: list("authors").ok()?,
            description: string("description").ok()?,
            homepage: string("homepage").ok()?,
            repository: string("repository").ok()?,
            keywords: list("keywords").ok()?,
            lib_path: lib_path_of(&doc, dir),
            gtdx: gtdx_of(&doc),
            manifest_path,
            root: dir.to_path_buf(),
        })
    }

    /// `describe.json` next to `Cargo.toml`.
    pub fn describe_path(&self) -> PathBuf {
        self.root.join("describe.json")
    }
}

/// `[lib] path`, default `src/lib.rs`, under `root`.
fn lib_path_of(doc: &toml::Table, root: &Path) -> PathBuf {
    doc.get("lib")
        .and_then(|l| l.get("path"))
        .and_then(|p| p.as_str())
        .map(|p| root.join(p))
        .unwrap_or_else(|| root.join("src/lib.rs"))
}

/// `[package.metadata.gtdx]` as JSON, or `Null`.
fn gtdx_of(doc: &toml::Table) -> Value {
    doc.get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("gtdx"))
        .and_then(|g| serde_json::to_value(g).ok())
        .unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(cargo_toml: &str) -> Option<Package> {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("Cargo.toml"), cargo_toml).expect("write");
        Package::read_static(dir.path())
    }

    #[test]
    fn reads_a_plain_manifest_statically() {
        let p = read(
            r#"
[package]
name = "x-ext"
version = "1.2.3"
authors = ["A <a@example.com>"]
license = "MIT"

[lib]
path = "src/ext.rs"

[package.metadata.gtdx]
id = "acme.x"
"#,
        )
        .expect("readable");
        assert_eq!(p.name, "x-ext");
        assert_eq!(p.version, "1.2.3");
        assert_eq!(p.authors, ["A <a@example.com>"]);
        assert_eq!(p.license.as_deref(), Some("MIT"));
        assert!(p.lib_path.ends_with("src/ext.rs"));
        assert_eq!(p.gtdx["id"], "acme.x");
    }

    #[test]
    fn leaves_workspace_inheritance_to_cargo() {
        assert!(read("[package]\nname = \"x\"\nversion.workspace = true\n").is_none());
        assert!(read("[workspace]\nmembers = []\n").is_none());
        assert!(read("not toml [").is_none());
    }
}
