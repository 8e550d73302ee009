//! The build record: what a `gtdx build` read and wrote, by content hash, so the next build can
//! tell that describe, lint and pack would do exactly the same again and skip them.
//!
//! A record lives next to the pack, in `<out dir>/.gtdx.build/<key>.json` (the key names the
//! package's Cargo.toml and the profile), written atomically after a successful build. It holds
//! the SHA-256 of every file the three steps read or wrote: the sources and schema files the
//! describe engine read, Cargo.toml and every Cargo.toml above it (where a workspace would
//! be), describe.json as the build left it, every file under `assets/`, `wit/` and the declared
//! asset paths (what the lint and the pack read), the component and the pack itself. It also
//! records which gtdx wrote it, the working directory (messages name files relative to it),
//! the profile and the output directory.
//!
//! Nothing is trusted on anything but content: a record whose gtdx, directory or any hash
//! differs is ignored, and the step redone. The hashes of the describe step's inputs are taken
//! *before* the engine reads them, so a file edited while a build runs is recorded with its old
//! content and the next build sees the change.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use gtdx_build::{Event, Packed, Profile};
use gtdx_contract::Diagnostic;
use serde::{Deserialize, Serialize};

/// The directory of records inside an output directory.
pub(super) const DIR: &str = ".gtdx.build";

/// A file's state: its SHA-256, or why there is none.
pub(super) type Hash = String;
const ABSENT: &str = "absent";
const UNREADABLE: &str = "unreadable";
/// A describe input whose content before the engine read it is unknown: never equal to a
/// file's state, so the next build redoes the step (and records it properly).
const UNKNOWN: &str = "unknown: not hashed before it was read";

/// What one successful build read and wrote.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Record {
    /// Which gtdx wrote it ([`tool_id`]).
    pub tool: String,
    /// The package's Cargo.toml, canonical.
    pub manifest_path: PathBuf,
    pub profile: String,
    /// The working directory: messages name files relative to it.
    pub cwd: PathBuf,
    /// The output directory the pack went to, absolute.
    pub out_dir: PathBuf,
    pub package: String,
    pub version: String,
    /// describe.json, absolute, and as messages name it.
    pub describe_path: PathBuf,
    pub describe_file: String,
    /// The describe step's findings (the generator's warnings and the lint's report).
    pub describe_diagnostics: Vec<Diagnostic>,
    /// The describe step's inputs (sources, schema files, Cargo.toml files): their state.
    pub inputs: BTreeMap<PathBuf, Hash>,
    /// Directories (or files) whose whole content the lint and the pack read: `assets/`,
    /// `wit/`, the declared asset paths; and the state of every file under them.
    pub trees: Vec<PathBuf>,
    pub tree_files: BTreeMap<PathBuf, Hash>,
    /// The `checked` event of the build, replayed when the pack is reused.
    pub checked: Event,
    pub packed: Packed,
}

/// Which gtdx this is: its version, and the executable's size and modification time, so that
/// a rebuilt gtdx of the same version never trusts a record an older build of it wrote (its
/// describe engine or lint may differ).
pub(super) fn tool_id() -> String {
    let stamp = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}-{mtime}", m.len())
        })
        .unwrap_or_else(|_| "unknown".into());
    format!("gtdx {} ({stamp})", env!("CARGO_PKG_VERSION"))
}

/// Where the record of building `manifest` (canonical) with `profile` into `out_dir` lives.
pub(super) fn path(out_dir: &Path, manifest: &Path, profile: Profile) -> PathBuf {
    let key = format!("{}\n{}", manifest.display(), profile.as_str());
    let digest = gtdx_pack::sha256_hex(key.as_bytes());
    out_dir.join(DIR).join(format!("{}.json", &digest[..16]))
}

/// Where `gtdx build` without `--out` would put the pack, guessed without asking cargo (which
/// costs a process): `$CARGO_TARGET_DIR/gtdx`, else `target/gtdx` beside the nearest
/// Cargo.toml up from the package that declares a `[workspace]`, else beside the package's.
/// A wrong guess (a target dir set in a cargo config file) only means no record is found.
pub(super) fn guess_default_out(package_root: &Path) -> PathBuf {
    let from_env = ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"]
        .iter()
        .find_map(|var| std::env::var_os(var).filter(|v| !v.is_empty()));
    default_out(package_root, from_env.as_deref().map(Path::new))
}

/// [`guess_default_out`] with the target directory the environment names, if any.
fn default_out(package_root: &Path, target_dir: Option<&Path>) -> PathBuf {
    if let Some(dir) = target_dir {
        return gtdx_fsx::absolute_normalized(dir).join("gtdx");
    }
    let workspace = package_root.ancestors().find(|dir| {
        gtdx_fsx::read_text(&dir.join("Cargo.toml"), gtdx_fsx::limits::PROJECT_FILE)
            .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
    });
    workspace
        .unwrap_or(package_root)
        .join("target")
        .join("gtdx")
}

/// Reads a record; `None` when there is none or it does not parse (an older gtdx's).
pub(super) fn load(path: &Path) -> Option<Record> {
    let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::REGISTRY_FILE).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Writes a record atomically. A record that cannot be written only costs the next build its
/// shortcut, so the caller may ignore the error.
pub(super) fn save(path: &Path, record: &Record) -> Result<(), gtdx_fsx::FsError> {
    let text = serde_json::to_vec(record)
        .unwrap_or_else(|e| unreachable!("a build record serializes: {e}"));
    gtdx_fsx::write_atomic(path, &text)
}

/// The state of the file at `path`.
pub(super) fn hash_file(path: &Path) -> Hash {
    match gtdx_pack::sha256_file(path) {
        Ok(h) => h,
        Err(e) if e.source.kind() == std::io::ErrorKind::NotFound => ABSENT.into(),
        Err(_) => UNREADABLE.into(),
    }
}

/// Whether every file in `files` is still in the state recorded.
pub(super) fn unchanged(files: &BTreeMap<PathBuf, Hash>) -> bool {
    files.iter().all(|(p, h)| hash_file(p) == *h)
}

/// `hashed`'s state of each of `inputs`, or [`UNKNOWN`] for one it does not hold.
pub(super) fn states_of(
    inputs: &[PathBuf],
    hashed: &BTreeMap<PathBuf, Hash>,
) -> BTreeMap<PathBuf, Hash> {
    inputs
        .iter()
        .map(|p| {
            let h = hashed.get(p).cloned().unwrap_or_else(|| UNKNOWN.into());
            (p.clone(), h)
        })
        .collect()
}

/// Every Cargo.toml path above `package_root` (they may declare the workspace the package's
/// inherited fields come from): each is an input, present or not.
pub(super) fn workspace_manifests(package_root: &Path) -> Vec<PathBuf> {
    package_root
        .ancestors()
        .skip(1)
        .map(|d| d.join("Cargo.toml"))
        .collect()
}

/// Every regular file under each of `roots` (a root that is a file is itself; one that does
/// not exist has none), following symbolic links as the pack does.
pub(super) fn files_under(roots: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    for root in roots {
        walk(root, 0, &mut out);
    }
    out
}

/// Deep enough for any real tree; a symbolic link loop stops here.
const MAX_DEPTH: usize = 64;

fn walk(path: &Path, depth: usize, out: &mut BTreeSet<PathBuf>) {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() && depth < MAX_DEPTH => {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                walk(&entry.path(), depth + 1, out);
            }
        }
        Ok(m) if m.is_file() => {
            out.insert(path.to_path_buf());
        }
        _ => {}
    }
}

/// The state of every file under `roots`.
pub(super) fn hash_trees(roots: &[PathBuf]) -> BTreeMap<PathBuf, Hash> {
    files_under(roots)
        .into_iter()
        .map(|p| {
            let h = hash_file(&p);
            (p, h)
        })
        .collect()
}

/// Whether the files under `roots` are exactly those recorded (none added, none gone) and each
/// is unchanged.
pub(super) fn trees_unchanged(roots: &[PathBuf], recorded: &BTreeMap<PathBuf, Hash>) -> bool {
    let now = files_under(roots);
    now.len() == recorded.len() && now.iter().all(|p| recorded.contains_key(p)) && {
        unchanged(recorded)
    }
}

/// The directories and files the lint and the pack read besides describe.json: `assets/`,
/// `wit/` and each declared asset path that is a path (not a URL, not escaping the package).
pub(super) fn asset_roots(root: &Path, describe: &gtdx_contract::Describe) -> Vec<PathBuf> {
    let mut roots = vec![
        root.join(gtdx_build::assemble::ASSETS_DIR),
        root.join("wit"),
    ];
    for (_, declared) in gtdx_build::assemble::declared_assets(describe) {
        if declared.contains("://") || gtdx_pack::check_entry_path(&declared, true).is_err() {
            continue;
        }
        roots.push(root.join(declared.trim_end_matches('/')));
    }
    roots.sort();
    roots.dedup();
    roots
}

/// The findings a reused build reports: the describe step's, then the component check's.
pub(super) fn diagnostics(record: &Record) -> Vec<Diagnostic> {
    let mut all = record.describe_diagnostics.clone();
    if let Event::Checked { warnings, .. } = &record.checked {
        all.extend(warnings.iter().cloned());
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_added_changed_or_removed_under_a_tree_is_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let assets = dir.path().join("assets");
        std::fs::create_dir_all(assets.join("sub")).unwrap();
        std::fs::write(assets.join("a.txt"), "a").unwrap();
        std::fs::write(assets.join("sub/b.txt"), "b").unwrap();
        let roots = vec![assets.clone(), dir.path().join("wit")];
        let recorded = hash_trees(&roots);
        assert_eq!(recorded.len(), 2);
        assert!(trees_unchanged(&roots, &recorded));

        std::fs::write(assets.join("sub/c.txt"), "c").unwrap();
        assert!(!trees_unchanged(&roots, &recorded), "added");
        std::fs::remove_file(assets.join("sub/c.txt")).unwrap();
        assert!(trees_unchanged(&roots, &recorded));
        std::fs::write(assets.join("a.txt"), "A").unwrap();
        assert!(!trees_unchanged(&roots, &recorded), "changed");
        std::fs::write(assets.join("a.txt"), "a").unwrap();
        std::fs::remove_file(assets.join("sub/b.txt")).unwrap();
        assert!(!trees_unchanged(&roots, &recorded), "removed");
        std::fs::create_dir_all(dir.path().join("wit")).unwrap();
        std::fs::write(assets.join("sub/b.txt"), "b").unwrap();
        std::fs::write(dir.path().join("wit/world.wit"), "package a:b;").unwrap();
        assert!(!trees_unchanged(&roots, &recorded), "a tree that appeared");
    }

    #[test]
    fn absent_files_are_a_state_and_unhashed_inputs_never_match() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("Cargo.toml");
        let mut files = BTreeMap::new();
        files.insert(gone.clone(), hash_file(&gone));
        assert!(unchanged(&files), "absent, and still absent");
        std::fs::write(&gone, "[workspace]\n").unwrap();
        assert!(!unchanged(&files), "a workspace manifest appeared");

        let states = states_of(std::slice::from_ref(&gone), &BTreeMap::new());
        assert!(
            !unchanged(&states),
            "an input not hashed before it was read"
        );
    }

    #[test]
    fn the_default_output_is_guessed_from_the_workspace() {
        let dir = tempfile::tempdir().unwrap();
        let member = dir.path().join("crates/ext");
        std::fs::create_dir_all(&member).unwrap();
        std::fs::write(member.join("Cargo.toml"), "[package]\nname = \"ext\"\n").unwrap();
        assert_eq!(default_out(&member, None), member.join("target/gtdx"));
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[workspace]\nmembers = [\"crates/*\"]\n",
        )
        .unwrap();
        assert_eq!(default_out(&member, None), dir.path().join("target/gtdx"));
        let elsewhere = dir.path().join("t");
        assert_eq!(
            default_out(&member, Some(&elsewhere)),
            elsewhere.join("gtdx")
        );
    }
}
