//! The SDK crates this gtdx carries, so that a project builds before crates.io has them.
//!
//! An extension depends on `gtdx-sdk` and, for the build script that generates its tool table,
//! `gtdx-describe`; those two need four more of gtdx's crates. When crates.io does not have this
//! version (today: nothing is published yet), `gtdx new` writes this gtdx's own copy of the six
//! into the project, under [`DIR`], and points `[patch.crates-io]` at it. The project keeps
//! asking for `gtdx-sdk = "X.Y.Z"` by version, builds with nothing but crates.io (on a laptop,
//! in CI, offline once fetched), and its Cargo.lock stays valid when the patch goes: cargo
//! records a patched path package without a source, so `gtdx sdk use crates-io` only has to
//! delete the table and the directory.
//!
//! The copy is what `cargo package` ships: each crate's manifest as cargo normalises it
//! (`sdk/<crate>/manifest.toml`, written by `cargo xtask codegen` with [`library_manifest`]) and
//! its sources, embedded from the crate itself through links (`sdk/<crate>/src`), so the copy
//! is always the code this gtdx was built from.

use std::path::Path;

use toml_edit::{DocumentMut, Item, TableLike};

use crate::ScaffoldError;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/sdk_bundle.rs"));
}

/// The bundled crates: the two a project names, then what they depend on.
pub const CRATES: [&str; 6] = [
    "gtdx-sdk",
    "gtdx-describe",
    "gtdx-macros",
    "gtdx-annotations",
    "gtdx-contract",
    "gtdx-fsx",
];

/// The version of every bundled crate: this gtdx's.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where a project keeps the copy, relative to its directory.
pub const DIR: &str = ".gtdx/sdk";

/// The directory of one bundled crate, relative to the project: `.gtdx/sdk/gtdx-sdk-0.1.0`.
pub fn crate_dir(krate: &str) -> String {
    format!("{DIR}/{krate}-{VERSION}")
}

/// Every file of the copy: (path relative to the project, contents).
pub fn files() -> impl Iterator<Item = (String, &'static str)> {
    embedded::SDK_BUNDLE.iter().map(|(rel, text)| {
        let (krate, rest) = rel.split_once('/').unwrap_or((rel, ""));
        let rest = if rest == "manifest.toml" {
            "Cargo.toml"
        } else {
            rest
        };
        (format!("{}/{rest}", crate_dir(krate)), *text)
    })
}

/// The `[patch.crates-io]` table a project with the copy carries, with a comment that says why
/// and how it goes away.
pub fn patch_table() -> String {
    let mut table = format!(
        "# gtdx-sdk {VERSION} is not on crates.io yet: cargo builds it, and the gtdx crates it\n\
         # needs, from the copy bundled with gtdx {VERSION} in {DIR}/. When crates.io has them,\n\
         # `gtdx sdk use crates-io` removes this table and that directory (docs/quickstart.md).\n\
         [patch.crates-io]\n"
    );
    for krate in CRATES {
        table.push_str(&format!(
            "{krate} = {{ path = \"{}\" }}\n",
            crate_dir(krate)
        ));
    }
    table
}

/// The manifest `cargo package` wrote for a bundled crate, reduced to what building its library
/// reads: test, example, bench and binary targets, dev-dependencies and the readme (none of
/// which the copy holds) are removed, and cargo's header comment gives way to ours.
pub fn library_manifest(packaged: &str) -> Result<String, String> {
    let mut doc: DocumentMut = packaged.parse().map_err(|e| format!("{e}"))?;
    for key in ["test", "example", "bench", "bin", "dev-dependencies"] {
        doc.remove(key);
    }
    if let Some(package) = doc.get_mut("package").and_then(|p| p.as_table_like_mut()) {
        for key in ["readme", "include", "exclude"] {
            package.remove(key);
        }
    }
    if let Some(targets) = doc.get_mut("target").and_then(|t| t.as_table_like_mut()) {
        for (_, target) in targets.iter_mut() {
            if let Some(t) = target.as_table_like_mut() {
                t.remove("dev-dependencies");
            }
        }
    }
    let body = doc.to_string();
    let body = body
        .lines()
        .skip_while(|l| l.starts_with('#') || l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Ok(format!(
        "# The manifest `cargo package` writes for this crate, bundled with gtdx: only what\n\
         # building the library reads (no tests, examples or dev-dependencies).\n\n{body}\n"
    ))
}

/// Cargo.toml with the SDK taken from the copy: `gtdx-sdk`/`gtdx-describe` asked for by this
/// version (when they are asked for by a version at all) and our `[patch.crates-io]` entries,
/// replacing any earlier ones of ours. Entries the user wrote for other crates stay.
pub fn manifest_with_copy(manifest: &str) -> Result<String, String> {
    let mut doc: DocumentMut = manifest.parse().map_err(|e| format!("{e}"))?;
    for (table, krate) in [
        ("dependencies", "gtdx-sdk"),
        ("build-dependencies", "gtdx-describe"),
    ] {
        let dep = doc.get_mut(table).and_then(|t| t.get_mut(krate));
        if let Some(dep) = dep.filter(|d| d.is_str()) {
            *dep = toml_edit::value(VERSION);
        }
    }
    patch_only(&doc.to_string())
}

/// Our `[patch.crates-io]` entries in a manifest (replacing earlier ones of ours), nothing else
/// changed: a workspace root's own dependencies are the user's.
fn patch_only(manifest: &str) -> Result<String, String> {
    let text = manifest_without_copy(manifest)?.0;
    let mut doc: DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let Some(patch) = crates_io_patch(&mut doc) else {
        return Ok(format!("{}\n\n{}", text.trim_end(), patch_table()));
    };
    // The user patches crates.io already: ours join that table.
    for krate in CRATES {
        let mut entry = toml_edit::InlineTable::new();
        entry.insert("path", crate_dir(krate).into());
        patch.insert(krate, Item::Value(entry.into()));
    }
    Ok(doc.to_string())
}

/// The manifest's `[patch.crates-io]` table, when it has one.
fn crates_io_patch(doc: &mut DocumentMut) -> Option<&mut dyn toml_edit::TableLike> {
    doc.get_mut("patch")?
        .get_mut("crates-io")
        .and_then(Item::as_table_like_mut)
}

/// Cargo.toml without our `[patch.crates-io]` entries (those naming a path under [`DIR`]), and
/// without the table and its comment when nothing else is left in it. The flag says whether
/// anything was ours.
pub fn manifest_without_copy(manifest: &str) -> Result<(String, bool), String> {
    let mut doc: DocumentMut = manifest.parse().map_err(|e| format!("{e}"))?;
    let Some(patch) = crates_io_patch(&mut doc) else {
        return Ok((manifest.to_string(), false));
    };
    let ours: Vec<String> = patch
        .iter()
        .filter(|(_, v)| is_our_path(v))
        .map(|(k, _)| k.to_string())
        .collect();
    for key in &ours {
        patch.remove(key);
    }
    let empty = patch.is_empty();
    if empty && let Some(p) = doc.get_mut("patch").and_then(Item::as_table_like_mut) {
        p.remove("crates-io");
        if p.is_empty() {
            doc.remove("patch");
        }
    }
    Ok((doc.to_string(), !ours.is_empty()))
}

/// `{ path = ".gtdx/sdk/..." }`
fn is_our_path(item: &Item) -> bool {
    let path = item
        .as_table_like()
        .and_then(|t: &dyn TableLike| t.get("path"))
        .and_then(Item::as_str);
    path.is_some_and(|p| p.starts_with(&format!("{DIR}/")))
}

/// Writes the copy into `project` (replacing an earlier copy, of any version): files go into a
/// staging directory beside it first, so the copy is there whole or not at all.
pub fn write_copy(project: &Path) -> Result<(), ScaffoldError> {
    let sdk = project.join(DIR);
    let parent = sdk.parent().unwrap_or(project);
    std::fs::create_dir_all(parent)
        .map_err(|e| gtdx_fsx::FsError::new("cannot create", parent, e))?;
    let staging = tempfile::Builder::new()
        .prefix(".sdk-")
        .tempdir_in(parent)
        .map_err(|e| gtdx_fsx::FsError::new("cannot create a staging directory in", parent, e))?;
    for (rel, text) in files() {
        let rel = rel.strip_prefix(&format!("{DIR}/")).unwrap_or(&rel);
        let path = staging.path().join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| gtdx_fsx::FsError::new("cannot create", dir, e))?;
        }
        std::fs::write(&path, text)
            .map_err(|e| gtdx_fsx::FsError::new("cannot write", &path, e))?;
    }
    remove_copy(project)?;
    let staged = staging.keep();
    std::fs::rename(&staged, &sdk)
        .map_err(|e| gtdx_fsx::FsError::new("cannot move into place", &sdk, e))?;
    Ok(())
}

/// Deletes the copy (`.gtdx/sdk`, and `.gtdx` when that leaves it empty). True when there was one.
pub fn remove_copy(project: &Path) -> Result<bool, ScaffoldError> {
    let sdk = project.join(DIR);
    if !sdk.exists() {
        return Ok(false);
    }
    std::fs::remove_dir_all(&sdk).map_err(|e| gtdx_fsx::FsError::new("cannot remove", &sdk, e))?;
    if let Some(parent) = sdk.parent() {
        // Only when empty: anything else in .gtdx is not ours to delete.
        let _ = std::fs::remove_dir(parent);
    }
    Ok(true)
}

/// Cargo reads `[patch]` only from a workspace's root manifest: for a project that is a member
/// of `root_manifest`'s workspace, the copy and its patch move from `project` to the root
/// (beside any patches the root already has). A root that does not parse is left alone and
/// named in the error.
pub fn move_to_workspace_root(project: &Path, root_manifest: &Path) -> Result<(), ScaffoldError> {
    let member_manifest = project.join("Cargo.toml");
    let edit = |path: &Path, change: &dyn Fn(&str) -> Result<String, String>| {
        let text = std::fs::read_to_string(path)
            .map_err(|e| gtdx_fsx::FsError::new("cannot read", path, e))?;
        let edited = change(&text).map_err(|why| {
            ScaffoldError::Target(format!(
                "{}: cannot add the SDK's `[patch.crates-io]`: {why}; fix the file, then run \
                 `gtdx sdk use bundled` in the project",
                path.display()
            ))
        })?;
        gtdx_fsx::write_atomic(path, edited.as_bytes())?;
        Ok::<(), ScaffoldError>(())
    };
    let root = root_manifest.parent().unwrap_or(Path::new("."));
    edit(root_manifest, &patch_only)?;
    write_copy(root)?;
    edit(&member_manifest, &|text| {
        manifest_without_copy(text).map(|(t, _)| t)
    })?;
    if project != root {
        remove_copy(project)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_crate_has_a_manifest_and_a_lib() {
        let files: Vec<(String, &str)> = files().collect();
        for krate in CRATES {
            let dir = crate_dir(krate);
            let manifest = files
                .iter()
                .find(|(p, _)| *p == format!("{dir}/Cargo.toml"))
                .unwrap_or_else(|| panic!("{krate} has no manifest in the bundle"));
            assert!(
                manifest.1.contains(&format!("name = \"{krate}\"")),
                "{krate}'s manifest names another package"
            );
            assert!(
                manifest.1.contains(&format!("version = \"{VERSION}\"")),
                "{krate}'s manifest is not version {VERSION}: run `cargo xtask codegen`"
            );
            assert!(files.iter().any(|(p, _)| *p == format!("{dir}/src/lib.rs")));
        }
        let wit = format!("{}/wit/tools.wit", crate_dir("gtdx-sdk"));
        assert!(
            files.iter().any(|(p, _)| *p == wit),
            "the SDK's WIT is missing"
        );
    }

    #[test]
    fn the_patch_names_every_crate_by_its_directory() {
        let table = patch_table();
        for krate in CRATES {
            assert!(table.contains(&format!(
                "{krate} = {{ path = \".gtdx/sdk/{krate}-{VERSION}\" }}"
            )));
        }
        let doc: DocumentMut = table.parse().unwrap();
        assert_eq!(
            doc["patch"]["crates-io"].as_table().map(|t| t.len()),
            Some(6)
        );
    }

    #[test]
    fn switching_the_manifest_both_ways_keeps_what_is_not_ours() {
        let user = "[package]\nname = \"x\"\n\n[dependencies]\ngtdx-sdk = \"0.0.9\"\n\n\
            [build-dependencies]\ngtdx-describe = \"0.0.9\"\n\n\
            [patch.crates-io]\nserde = { path = \"../serde\" }\n";
        let with = manifest_with_copy(user).unwrap();
        let doc: DocumentMut = with.parse().unwrap();
        assert_eq!(doc["dependencies"]["gtdx-sdk"].as_str(), Some(VERSION));
        assert_eq!(
            doc["build-dependencies"]["gtdx-describe"].as_str(),
            Some(VERSION)
        );
        assert_eq!(
            doc["patch"]["crates-io"].as_table().map(|t| t.len()),
            Some(7),
            "{with}"
        );
        // Twice is the same as once.
        assert_eq!(manifest_with_copy(&with).unwrap(), with);
        let (without, had) = manifest_without_copy(&with).unwrap();
        assert!(had);
        let doc: DocumentMut = without.parse().unwrap();
        assert_eq!(
            doc["patch"]["crates-io"].as_table().map(|t| t.len()),
            Some(1),
            "{without}"
        );
        assert!(!without.contains(DIR), "{without}");
        // A manifest with only our table loses the table.
        let ours_only = manifest_with_copy("[package]\nname = \"x\"\n").unwrap();
        let (bare, _) = manifest_without_copy(&ours_only).unwrap();
        assert!(!bare.contains("patch"), "{bare}");
        // And the round trip gives back the bytes (a committed Cargo.toml shows no diff).
        assert_eq!(bare, "[package]\nname = \"x\"\n");
    }

    #[test]
    fn the_library_manifest_drops_what_the_copy_does_not_hold() {
        let packaged = "# THIS FILE IS AUTOMATICALLY GENERATED BY CARGO\n\n[package]\n\
            name = \"x\"\nversion = \"0.1.0\"\nreadme = \"README.md\"\n\n[lib]\npath = \"src/lib.rs\"\n\n\
            [[test]]\nname = \"t\"\npath = \"tests/t.rs\"\n\n[dependencies.serde]\nversion = \"1\"\n\n\
            [dev-dependencies.insta]\nversion = \"1\"\n\n\
            [target.'cfg(unix)'.dev-dependencies.libc]\nversion = \"0.2\"\n";
        let out = library_manifest(packaged).unwrap();
        assert!(!out.contains("AUTOMATICALLY"), "{out}");
        for gone in ["readme", "[[test]]", "insta", "libc"] {
            assert!(!out.contains(gone), "{gone} is still in:\n{out}");
        }
        assert!(
            out.contains("[dependencies.serde]") && out.contains("[lib]"),
            "{out}"
        );
    }
}
