//! What a project publish writes into the project before building: `--icon` (copied into
//! `assets/` and named in `[package.metadata.gtdx]`) and `--version` (the package's version).
//! Both go into Cargo.toml, the source describe.json is generated from, so `gtdx describe
//! --check` stays true and the component's own `CARGO_PKG_VERSION` agrees with its manifest.
//! Edits keep the file's formatting and comments (`toml_edit`).

use std::path::{Path, PathBuf};

use super::project::ProjectError;

/// The icon types the platform accepts, by file extension.
pub const ICON_TYPES: [&str; 5] = ["svg", "png", "jpg", "jpeg", "webp"];
/// The largest icon the platform accepts.
pub const ICON_MAX_BYTES: u64 = 1024 * 1024;

/// Checks an icon's type and size before anything is written.
pub(super) fn check_icon(icon: &Path) -> Result<(), ProjectError> {
    let refused = |reason: String| ProjectError::Icon {
        path: icon.to_path_buf(),
        reason,
    };
    let ext = icon
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if !ICON_TYPES.contains(&ext.as_str()) {
        return Err(refused(format!(
            "is not an icon type the platform shows ({}); convert it to one of them",
            ICON_TYPES.join(", ")
        )));
    }
    let meta = std::fs::metadata(icon).map_err(|e| refused(format!("cannot be read: {e}")))?;
    if !meta.is_file() {
        return Err(refused("is not a file".into()));
    }
    if meta.len() > ICON_MAX_BYTES {
        return Err(refused(format!(
            "is {} bytes; an icon may be at most 1 MiB ({ICON_MAX_BYTES} bytes). Shrink or \
             compress it",
            meta.len()
        )));
    }
    Ok(())
}

/// Copies the icon into `<root>/assets/` (the whole directory is packed) and returns the path
/// describe.json names it by.
pub(super) fn install_icon(icon: &Path, root: &Path) -> Result<String, ProjectError> {
    let name = icon
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| ProjectError::Icon {
            path: icon.to_path_buf(),
            reason: "has no usable file name".into(),
        })?;
    let rel = format!("{}/{name}", gtdx_build::assemble::ASSETS_DIR);
    let to = root.join(&rel);
    let same = std::fs::canonicalize(icon).ok() == std::fs::canonicalize(&to).ok();
    if !same {
        let limit = gtdx_fsx::Limit {
            what: "an icon",
            max: ICON_MAX_BYTES,
        };
        let bytes = gtdx_fsx::read(icon, limit).map_err(|e| ProjectError::Icon {
            path: icon.to_path_buf(),
            reason: format!("cannot be read: {e}"),
        })?;
        write_file(&to, &bytes)?;
    }
    Ok(rel)
}

/// Sets `[package.metadata.gtdx] icon` and/or `[package] version` in Cargo.toml, writing only
/// when a value changes.
pub(super) fn edit_manifest(
    manifest: &Path,
    icon: Option<&str>,
    version: Option<&str>,
) -> Result<bool, ProjectError> {
    let bad = |reason: String| ProjectError::Manifest {
        path: manifest.to_path_buf(),
        reason,
    };
    let text = gtdx_fsx::read(manifest, gtdx_fsx::limits::PROJECT_FILE)
        .map_err(|e| bad(format!("cannot be read: {e}")))?;
    let text = String::from_utf8(text).map_err(|_| bad("is not UTF-8".into()))?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e| bad(format!("does not parse: {e}")))?;
    let package = doc
        .get_mut("package")
        .and_then(|p| p.as_table_like_mut())
        .ok_or_else(|| bad("has no [package] table".into()))?;
    if let Some(v) = version {
        if package.get("version").is_some_and(|v| !v.is_str()) {
            return Err(bad(format!(
                "takes its version from the workspace (`version.workspace = true`); set \
                 `version = \"{v}\"` in the workspace's Cargo.toml instead of --version"
            )));
        }
        package.insert("version", toml_edit::value(v));
    }
    if let Some(icon) = icon {
        let gtdx = package
            .get_mut("metadata")
            .and_then(|m| m.as_table_like_mut())
            .and_then(|m| m.get_mut("gtdx"))
            .and_then(|g| g.as_table_like_mut())
            .ok_or_else(|| {
                bad("has no [package.metadata.gtdx] table to write the icon into".into())
            })?;
        gtdx.insert("icon", toml_edit::value(icon));
    }
    let edited = doc.to_string();
    if edited == text {
        return Ok(false);
    }
    write_file(manifest, edited.as_bytes())?;
    Ok(true)
}

/// Checks `--version` is a version the registry and Cargo accept (semver).
pub(super) fn check_version(version: &str) -> Result<(), ProjectError> {
    semver::Version::parse(version)
        .map(|_| ())
        .map_err(|e| ProjectError::Version {
            version: version.to_string(),
            reason: e.to_string(),
        })
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ProjectError> {
    let failed = |e: std::io::Error| ProjectError::Write {
        path: PathBuf::from(path),
        reason: e.to_string(),
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    gtdx_fsx::write_atomic(path, bytes).map_err(|e| ProjectError::Write {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}

/// The same edits for a project whose describe.json is written by hand (no
/// `[package.metadata.gtdx]`, as the platform's projects are): `metadata.icon` and
/// `metadata.version` set in describe.json itself, as the platform's publish does.
pub(super) fn edit_describe(
    describe: &Path,
    icon: Option<&str>,
    version: Option<&str>,
) -> Result<bool, ProjectError> {
    let bad = |reason: String| ProjectError::Manifest {
        path: describe.to_path_buf(),
        reason,
    };
    let text = gtdx_fsx::read(describe, gtdx_fsx::limits::MANIFEST)
        .map_err(|e| bad(format!("cannot be read: {e}")))?;
    let mut doc: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| bad(format!("is not JSON: {e}")))?;
    let metadata = doc
        .get_mut("metadata")
        .and_then(|m| m.as_object_mut())
        .ok_or_else(|| bad("has no `metadata` object".into()))?;
    let mut changed = false;
    for (key, value) in [("icon", icon), ("version", version)] {
        if let Some(v) = value
            && metadata.get(key).and_then(|x| x.as_str()) != Some(v)
        {
            metadata.insert(key.into(), v.into());
            changed = true;
        }
    }
    if changed {
        let mut out = serde_json::to_vec_pretty(&doc).map_err(|e| bad(e.to_string()))?;
        out.push(b'\n');
        write_file(describe, &out)?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARGO_TOML: &str = "[package]\nname = \"x\" # the crate\nversion = \"0.1.0\"\n\n\
                              [package.metadata.gtdx]\nid = \"acme.x\"\n";

    #[test]
    fn manifest_edits_keep_comments_and_write_only_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = dir.path().join("Cargo.toml");
        std::fs::write(&manifest, CARGO_TOML).unwrap();
        assert!(edit_manifest(&manifest, Some("assets/i.svg"), Some("0.2.0")).unwrap());
        let text = std::fs::read_to_string(&manifest).unwrap();
        assert!(text.contains("# the crate"), "{text}");
        assert!(text.contains("version = \"0.2.0\""), "{text}");
        assert!(text.contains("icon = \"assets/i.svg\""), "{text}");
        assert!(!edit_manifest(&manifest, Some("assets/i.svg"), Some("0.2.0")).unwrap());
    }

    #[test]
    fn a_workspace_version_is_refused_with_the_place_to_set_it() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = dir.path().join("Cargo.toml");
        let text = CARGO_TOML.replace("version = \"0.1.0\"", "version.workspace = true");
        std::fs::write(&manifest, &text).unwrap();
        let err = edit_manifest(&manifest, None, Some("0.2.0")).unwrap_err();
        assert!(err.to_string().contains("workspace"), "{err}");
        assert_eq!(std::fs::read_to_string(&manifest).unwrap(), text);
    }

    #[test]
    fn icons_of_another_type_or_over_a_mebibyte_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let gif = dir.path().join("i.gif");
        std::fs::write(&gif, b"GIF89a").unwrap();
        assert!(check_icon(&gif).is_err());
        let big = dir.path().join("i.PNG");
        std::fs::write(&big, vec![0u8; ICON_MAX_BYTES as usize + 1]).unwrap();
        assert!(check_icon(&big).unwrap_err().to_string().contains("1 MiB"));
        std::fs::write(&big, vec![0u8; ICON_MAX_BYTES as usize]).unwrap();
        check_icon(&big).unwrap();
        assert!(check_version("1.2").is_err());
    }
}
