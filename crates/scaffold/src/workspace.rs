//! Joining the Cargo workspace a new project lands in, as `cargo new` does.
//!
//! A package created below a workspace root that does not list it fails every cargo command
//! with "current package believes it's in a workspace when it's not". So, like `cargo new`,
//! gtdx adds the project's path to the root's `workspace.members` (editing the file with
//! toml_edit, so its comments and layout stay), unless a `members` glob already matches it or
//! an `exclude` entry covers it.

use std::path::{Component, Path, PathBuf};

use toml_edit::{Array, DocumentMut, Item, Value};

use crate::ScaffoldError;

/// How the new project relates to an enclosing workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Membership {
    /// No `Cargo.toml` with a `[workspace]` above the project.
    Standalone,
    /// A `members` entry already matches the project.
    AlreadyMember { root: PathBuf },
    /// An `exclude` entry covers the project: it stays out, as the workspace asks.
    Excluded { root: PathBuf },
    /// The project's path was added to `members`.
    Added { root: PathBuf, member: String },
    /// The enclosing manifest could not be read or edited; the user has to add the member.
    Unreadable {
        root: PathBuf,
        member: String,
        reason: String,
    },
}

/// Finds the workspace enclosing `project` (an existing directory) and makes the project one of
/// its members when it is not. Only a failure to write the edited manifest is an error.
pub fn join_enclosing(project: &Path) -> Result<Membership, ScaffoldError> {
    let project = std::fs::canonicalize(project)
        .map_err(|e| gtdx_fsx::FsError::new("cannot resolve", project, e))?;
    let Some((manifest, text)) = enclosing_workspace(&project) else {
        return Ok(Membership::Standalone);
    };
    let root_dir = manifest.parent().unwrap_or(Path::new("/")).to_path_buf();
    let member = relative_member(&root_dir, &project);
    let unreadable = |reason: String| Membership::Unreadable {
        root: manifest.clone(),
        member: member.clone(),
        reason,
    };
    let mut doc = match text.parse::<DocumentMut>() {
        Ok(d) => d,
        Err(e) => return Ok(unreadable(format!("it does not parse as TOML: {e}"))),
    };
    let Some(ws) = doc.get_mut("workspace").and_then(Item::as_table_like_mut) else {
        return Ok(unreadable("`workspace` is not a table".into()));
    };
    let strings = |key: &str, ws: &dyn toml_edit::TableLike| -> Vec<String> {
        ws.get(key)
            .and_then(Item::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    if strings("exclude", &*ws)
        .iter()
        .any(|e| covers(&normalize(e), &member))
    {
        return Ok(Membership::Excluded { root: manifest });
    }
    if strings("members", &*ws)
        .iter()
        .any(|m| matches_member(&normalize(m), &member))
    {
        return Ok(Membership::AlreadyMember { root: manifest });
    }
    let members = ws
        .entry("members")
        .or_insert(Item::Value(Value::Array(Array::new())));
    let Some(array) = members.as_array_mut() else {
        return Ok(unreadable("`workspace.members` is not an array".into()));
    };
    push_keeping_layout(array, &member);
    gtdx_fsx::write_atomic(&manifest, doc.to_string().as_bytes())?;
    Ok(Membership::Added {
        root: manifest,
        member,
    })
}

/// The nearest `Cargo.toml` above `project` that has a `[workspace]` table, with its text.
/// Like Cargo, the search skips package manifests without one and goes on up.
fn enclosing_workspace(project: &Path) -> Option<(PathBuf, String)> {
    project.ancestors().skip(1).find_map(|dir| {
        let manifest = dir.join("Cargo.toml");
        let text = gtdx_fsx::read_text(&manifest, gtdx_fsx::limits::PROJECT_FILE).ok()?;
        // A cheap test first: most ancestors are not workspace roots.
        if !text.contains("workspace") {
            return None;
        }
        let doc = text.parse::<DocumentMut>().ok();
        let is_root = match &doc {
            Some(d) => d.get("workspace").is_some_and(Item::is_table_like),
            // Unparsable but mentions a workspace table: report it rather than skip it.
            None => text.lines().any(|l| l.trim() == "[workspace]"),
        };
        is_root.then_some((manifest, text))
    })
}

/// `project` relative to `root`, with `/` separators (as Cargo writes members).
fn relative_member(root: &Path, project: &Path) -> String {
    let rel = project.strip_prefix(root).unwrap_or(project);
    rel.components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A members or exclude entry without `./` and trailing slashes.
fn normalize(entry: &str) -> String {
    let e = entry.trim().trim_end_matches('/');
    e.strip_prefix("./").unwrap_or(e).to_string()
}

/// Whether the exclude entry `prefix` covers `member` (Cargo compares path prefixes).
fn covers(prefix: &str, member: &str) -> bool {
    member == prefix || member.starts_with(&format!("{prefix}/"))
}

/// Whether the members entry `pattern` (a path or a glob) names `member`.
fn matches_member(pattern: &str, member: &str) -> bool {
    pattern == member
        || glob::Pattern::new(pattern).is_ok_and(|p| {
            p.matches_with(
                member,
                glob::MatchOptions {
                    require_literal_separator: true,
                    ..glob::MatchOptions::default()
                },
            )
        })
}

/// Appends `member`, one per line when the array is already laid out that way.
fn push_keeping_layout(array: &mut Array, member: &str) {
    let multiline = array
        .iter()
        .next()
        .and_then(|v| v.decor().prefix())
        .and_then(|p| p.as_str())
        .is_some_and(|p| p.contains('\n'));
    if multiline {
        let indent = array
            .iter()
            .next()
            .and_then(|v| v.decor().prefix())
            .and_then(|p| p.as_str())
            .map(|p| p.rsplit('\n').next().unwrap_or("    ").to_string())
            .unwrap_or_else(|| "    ".into());
        // What followed the last element (a comment, say) stays on its line, after the comma
        // the push adds.
        let mut kept = String::new();
        if let Some(last) = array.iter_mut().last() {
            let suffix = last
                .decor()
                .suffix()
                .and_then(|s| s.as_str())
                .unwrap_or_default();
            kept.push_str(suffix.trim_end());
            last.decor_mut().set_suffix("");
        }
        kept.push_str(array.trailing().as_str().unwrap_or_default().trim_end());
        let mut v = Value::from(member);
        v.decor_mut().set_prefix(format!("{kept}\n{indent}"));
        array.push_formatted(v);
        array.set_trailing("\n");
        array.set_trailing_comma(true);
    } else {
        array.push(member);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace(cargo_toml: &str) -> (tempfile::TempDir, PathBuf) {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::write(root.path().join("Cargo.toml"), cargo_toml).expect("write");
        let project = root.path().join("exts/weather");
        std::fs::create_dir_all(&project).expect("mkdir");
        (root, project)
    }

    fn manifest(root: &tempfile::TempDir) -> String {
        std::fs::read_to_string(root.path().join("Cargo.toml")).expect("read")
    }

    #[test]
    fn adds_the_project_and_keeps_comments_and_layout() {
        let text = "# the workspace\n[workspace]\nresolver = \"3\"\nmembers = [\n    \"core\", # the core\n]\n";
        let (root, project) = workspace(text);
        let m = join_enclosing(&project).expect("join");
        assert!(
            matches!(&m, Membership::Added { member, .. } if member == "exts/weather"),
            "{m:?}"
        );
        assert_eq!(
            manifest(&root),
            "# the workspace\n[workspace]\nresolver = \"3\"\nmembers = [\n    \"core\", # the core\n    \"exts/weather\",\n]\n"
        );
    }

    #[test]
    fn adds_after_a_last_member_without_a_comma() {
        let (root, project) = workspace("[workspace]\nmembers = [\n  \"core\"\n]\n");
        join_enclosing(&project).expect("join");
        assert_eq!(
            manifest(&root),
            "[workspace]\nmembers = [\n  \"core\",\n  \"exts/weather\",\n]\n"
        );
    }

    #[test]
    fn creates_members_when_absent() {
        let (root, project) = workspace("[workspace]\n");
        assert!(matches!(
            join_enclosing(&project).expect("join"),
            Membership::Added { .. }
        ));
        assert!(manifest(&root).contains("members = [\"exts/weather\"]"));
    }

    #[test]
    fn a_matching_glob_or_an_exclude_leaves_the_file_alone() {
        for (text, excluded) in [
            ("[workspace]\nmembers = [\"exts/*\"]\n", false),
            ("[workspace]\nmembers = [\"./exts/weather/\"]\n", false),
            (
                "[workspace]\nmembers = [\"*\"]\nexclude = [\"exts\"]\n",
                true,
            ),
        ] {
            let (root, project) = workspace(text);
            let m = join_enclosing(&project).expect("join");
            if excluded {
                assert!(matches!(m, Membership::Excluded { .. }), "{text}: {m:?}");
            } else {
                assert!(
                    matches!(m, Membership::AlreadyMember { .. }),
                    "{text}: {m:?}"
                );
            }
            assert_eq!(manifest(&root), text);
        }
    }

    #[test]
    fn a_star_does_not_cross_directories() {
        let (_root, project) = workspace("[workspace]\nmembers = [\"*\"]\n");
        assert!(matches!(
            join_enclosing(&project).expect("join"),
            Membership::Added { .. }
        ));
    }

    #[test]
    fn package_manifests_without_a_workspace_are_passed_over() {
        let (root, project) = workspace("[workspace]\nmembers = []\n");
        std::fs::write(
            root.path().join("exts/Cargo.toml"),
            "[package]\nname = \"x\"\n",
        )
        .expect("write");
        assert!(matches!(
            join_enclosing(&project).expect("join"),
            Membership::Added { .. }
        ));
    }

    #[test]
    fn a_broken_workspace_manifest_is_reported_not_fatal() {
        let (root, project) = workspace("[workspace]\nmembers = [\n");
        assert!(matches!(
            join_enclosing(&project).expect("join"),
            Membership::Unreadable { .. }
        ));
        assert_eq!(manifest(&root), "[workspace]\nmembers = [\n");
    }
}
