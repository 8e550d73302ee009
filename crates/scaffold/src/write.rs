//! Putting a rendered project on disk without ever leaving half of it behind.
//!
//! * **Fresh** (`gtdx new` into a missing or empty directory): every file is written into a
//!   staging directory beside the target (`.gtdx-new-…`), extra files (describe.json) and
//!   `git init` happen there, and one `rename` moves the finished project into place. If
//!   anything fails, the staging directory (and any parent directory created for it) is removed.
//! * **Merge** (`gtdx init`, or `--force` into a non-empty directory): nothing is written until
//!   every file has rendered and every path has been checked; then each file is written
//!   atomically. Existing files are never overwritten or deleted: they are kept and reported as
//!   skipped.

use std::path::{Component, Path, PathBuf};
use std::process::Command;

use crate::ScaffoldError;
use crate::options::Mode;
use crate::render::Project;

/// Files the caller adds after the templates (with [`Writer::put`]), checked for conflicts
/// up front like the rendered ones.
pub const GENERATED_LATER: &[&str] = &["describe.json"];

/// How the project reaches its directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    Fresh,
    Merge,
}

/// A project being written. Dropping it before [`Writer::finish`] undoes a fresh project.
#[derive(Debug)]
pub struct Writer {
    target: PathBuf,
    strategy: Strategy,
    /// Fresh: the staging directory. Merge: the target.
    dir: PathBuf,
    /// Fresh: directories created above the target, removed again on failure (deepest first).
    created_parents: Vec<PathBuf>,
    written: Vec<String>,
    skipped: Vec<String>,
    finished: bool,
    /// Fresh: the staging directory stays registered for removal on Ctrl-C/SIGTERM/SIGHUP
    /// until the project is in place.
    staging: Option<gtdx_fsx::temp::Registration>,
}

fn io_err(action: &'static str, path: &Path, e: std::io::Error) -> ScaffoldError {
    ScaffoldError::Fs(gtdx_fsx::FsError::new(action, path, e))
}

/// Whether `dir` (which exists) has no entries.
fn is_empty_dir(dir: &Path) -> Result<bool, ScaffoldError> {
    let mut it = std::fs::read_dir(dir).map_err(|e| io_err("cannot read directory", dir, e))?;
    Ok(it.next().is_none())
}

/// `path` made absolute against the current directory, without `.`/`..`.
pub fn absolute(path: &Path) -> PathBuf {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

impl Writer {
    /// Checks the target and writes the project's files (fresh: into staging; merge: in place,
    /// only once every check passed).
    pub fn start(
        path: &Path,
        mode: Mode,
        force: bool,
        project: &Project,
    ) -> Result<Writer, ScaffoldError> {
        let target = absolute(path);
        let shown = path.display();
        let strategy = match (mode, std::fs::metadata(&target)) {
            (_, Ok(m)) if !m.is_dir() => {
                return Err(ScaffoldError::Target(format!(
                    "{shown} exists and is not a directory. Choose another path."
                )));
            }
            (Mode::New, Ok(_)) if is_empty_dir(&target)? => Strategy::Fresh,
            (Mode::New, Ok(_)) if !force => {
                return Err(ScaffoldError::Target(format!(
                    "destination {shown} already exists and is not empty. Run `gtdx init` in it, \
                     or pass --force to add the project's files there (existing files are kept, \
                     never overwritten or deleted)."
                )));
            }
            (Mode::New, Ok(_)) => Strategy::Merge,
            (Mode::New, Err(_)) => Strategy::Fresh,
            (Mode::Init, _) => Strategy::Merge,
        };
        let mut w = Writer {
            target: target.clone(),
            strategy,
            dir: target.clone(),
            created_parents: Vec::new(),
            written: Vec::new(),
            skipped: Vec::new(),
            finished: false,
            staging: None,
        };
        match strategy {
            Strategy::Fresh => w.stage(project)?,
            Strategy::Merge => w.merge(project, force, &shown.to_string())?,
        }
        Ok(w)
    }

    fn stage(&mut self, project: &Project) -> Result<(), ScaffoldError> {
        let parent = self
            .target
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("/"));
        // Create missing parents, remembering them so a failure removes them again.
        let mut missing = Vec::new();
        let mut p = parent.as_path();
        while !p.exists() {
            missing.push(p.to_path_buf());
            match p.parent() {
                Some(pp) => p = pp,
                None => break,
            }
        }
        for dir in missing.iter().rev() {
            std::fs::create_dir(dir).map_err(|e| io_err("cannot create directory", dir, e))?;
            self.created_parents.insert(0, dir.clone());
        }
        let stem = self
            .target
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut n = 0u32;
        let staging = loop {
            let candidate = parent.join(format!(".gtdx-new-{stem}-{}-{n}", std::process::id()));
            match std::fs::create_dir(&candidate) {
                Ok(()) => break candidate,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
                Err(e) => return Err(io_err("cannot create a staging directory in", &parent, e)),
            }
        };
        self.staging = Some(gtdx_fsx::temp::register_dir(&staging));
        self.dir = staging;
        for f in &project.files {
            self.put(&f.path, &f.contents)?;
        }
        Ok(())
    }

    fn merge(&mut self, project: &Project, force: bool, shown: &str) -> Result<(), ScaffoldError> {
        let mut conflicts = Vec::new();
        let paths = project
            .files
            .iter()
            .map(|f| f.path.as_str())
            .chain(GENERATED_LATER.iter().copied());
        for path in paths {
            // No write may leave the target through a symlink already inside it.
            gtdx_fsx::check_within(&self.target, Path::new(path))?;
            let dest = self.target.join(path);
            // A path component that exists as a file would make the write fail half-way.
            let mut prefix = self.target.clone();
            let parts: Vec<&str> = path.split('/').collect();
            for part in &parts[..parts.len() - 1] {
                prefix.push(part);
                if prefix.exists() && !prefix.is_dir() {
                    return Err(ScaffoldError::Target(format!(
                        "{} is a file, but the project needs a directory there for {}. Move it \
                         away and run again.",
                        prefix.display(),
                        path
                    )));
                }
            }
            if dest.symlink_metadata().is_ok() {
                if dest.is_dir() {
                    return Err(ScaffoldError::Target(format!(
                        "{} is a directory, but the project needs a file there. Move it away and \
                         run again.",
                        dest.display()
                    )));
                }
                conflicts.push(path.to_string());
            }
        }
        // A directory's own AGENTS.md (or CLAUDE.md, scripts/check) is kept without --force:
        // the guidance is added where missing, never asked to replace the user's.
        let blocking: Vec<&str> = conflicts
            .iter()
            .map(String::as_str)
            .filter(|p| !crate::agents::is_guidance(p))
            .collect();
        if !blocking.is_empty() && !force {
            return Err(ScaffoldError::Target(format!(
                "the directory `{shown}` already has {}. Pass --force to keep them and add only the missing files \
                 (nothing is overwritten or deleted), or move them away.",
                blocking.join(", ")
            )));
        }
        for f in &project.files {
            if !conflicts.contains(&f.path) {
                self.put(&f.path, &f.contents)?;
            }
        }
        self.skipped = conflicts;
        Ok(())
    }

    /// Writes one more file (e.g. describe.json). Merge: kept and reported if it exists.
    pub fn put(&mut self, rel: &str, contents: &str) -> Result<(), ScaffoldError> {
        let dest = self.dir.join(rel);
        match self.strategy {
            Strategy::Fresh => {
                // Invisible until the staging directory is renamed into place.
                if let Some(parent) = dest.parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| io_err("cannot create directory", parent, e))?;
                }
                std::fs::write(&dest, contents).map_err(|e| io_err("cannot write", &dest, e))?;
                make_runnable(&dest, contents)?;
            }
            Strategy::Merge => {
                gtdx_fsx::check_within(&self.dir, Path::new(rel))?;
                if dest.symlink_metadata().is_ok() {
                    if !self.skipped.iter().any(|s| s == rel) {
                        self.skipped.push(rel.to_string());
                    }
                    return Ok(());
                }
                gtdx_fsx::write_atomic(&dest, contents.as_bytes())?;
                make_runnable(&dest, contents)?;
            }
        }
        self.written.push(rel.to_string());
        Ok(())
    }

    /// The directory holding the project's files right now (staging, or the target).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The final location.
    pub fn target(&self) -> &Path {
        &self.target
    }

    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Files written, in order.
    pub fn written(&self) -> &[String] {
        &self.written
    }

    /// Files that existed and were kept.
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// Whether `rel` was kept from before rather than written.
    pub fn was_skipped(&self, rel: &str) -> bool {
        self.skipped.iter().any(|s| s == rel)
    }

    /// Runs `git init` unless the target is inside a git work tree already (like Cargo).
    /// Returns whether a repository was created.
    pub fn git_init(&mut self) -> Result<bool, ScaffoldError> {
        if inside_git_work_tree(&self.target) {
            return Ok(false);
        }
        let out = Command::new("git")
            .arg("init")
            .arg("--quiet")
            .arg(&self.dir)
            .output()
            .map_err(|e| {
                ScaffoldError::Git(format!(
                    "cannot run git ({e}). Install git, or pass --vcs none to skip `git init`."
                ))
            })?;
        if !out.status.success() {
            return Err(ScaffoldError::Git(format!(
                "`git init` failed: {}. Pass --vcs none to skip it.",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(true)
    }

    /// Moves a fresh project into place; a merge is already in place.
    pub fn finish(mut self) -> Result<PathBuf, ScaffoldError> {
        if self.strategy == Strategy::Fresh {
            if self.target.is_dir() {
                // An existing empty directory (perhaps someone's working directory) is kept:
                // move the entries in, not the directory over it.
                self.move_entries_into_target()?;
                let _ = std::fs::remove_dir(&self.dir);
            } else {
                std::fs::rename(&self.dir, &self.target)
                    .map_err(|e| io_err("cannot move the new project to", &self.target, e))?;
            }
            self.dir = self.target.clone();
        }
        self.finished = true;
        self.staging = None;
        Ok(self.target.clone())
    }

    /// Renames each top-level entry of the staging directory into the (empty) target; on a
    /// failure, moves back what was moved so the target stays empty.
    fn move_entries_into_target(&self) -> Result<(), ScaffoldError> {
        let entries: Vec<std::ffi::OsString> = std::fs::read_dir(&self.dir)
            .map_err(|e| io_err("cannot read directory", &self.dir, e))?
            .filter_map(|e| e.ok().map(|e| e.file_name()))
            .collect();
        let mut moved = Vec::new();
        for name in entries {
            let (from, to) = (self.dir.join(&name), self.target.join(&name));
            if let Err(e) = std::fs::rename(&from, &to) {
                for back in moved.iter().rev() {
                    let _ = std::fs::rename(self.target.join(back), self.dir.join(back));
                }
                return Err(io_err("cannot move the new project's file to", &to, e));
            }
            moved.push(name);
        }
        Ok(())
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        if self.finished || self.strategy != Strategy::Fresh {
            return;
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        // Deepest first.
        for dir in &self.created_parents {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// A script (a file starting with `#!`, such as scripts/check) is made executable, so
/// `scripts/check` runs as written and git records it as executable. Elsewhere it runs as
/// `sh scripts/check`.
fn make_runnable(dest: &Path, contents: &str) -> Result<(), ScaffoldError> {
    #[cfg(unix)]
    if contents.starts_with("#!") {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dest, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| io_err("cannot make executable", dest, e))?;
    }
    #[cfg(not(unix))]
    let _ = (dest, contents);
    Ok(())
}

/// Whether `path` or one of its ancestors holds `.git` (a directory or a worktree file).
pub fn inside_git_work_tree(path: &Path) -> bool {
    let abs = absolute(path);
    abs.ancestors().any(|a| a.join(".git").exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::File;

    fn project() -> Project {
        Project {
            files: vec![
                File {
                    path: "Cargo.toml".into(),
                    contents: "x".into(),
                },
                File {
                    path: "src/lib.rs".into(),
                    contents: "y".into(),
                },
            ],
        }
    }

    #[test]
    fn a_fresh_project_appears_only_when_finished() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("deep/er/proj");
        let w = Writer::start(&target, Mode::New, false, &project()).unwrap();
        assert!(!target.exists());
        assert!(w.dir().join("src/lib.rs").is_file());
        let done = w.finish().unwrap();
        assert_eq!(
            std::fs::read_to_string(done.join("src/lib.rs")).unwrap(),
            "y"
        );
        let names: Vec<_> = std::fs::read_dir(target.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["proj"], "no staging directory left");
    }

    #[cfg(unix)]
    #[test]
    fn an_existing_empty_directory_is_filled_not_replaced() {
        use std::os::unix::fs::MetadataExt;
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("here");
        std::fs::create_dir(&target).unwrap();
        let inode = std::fs::metadata(&target).unwrap().ino();
        let w = Writer::start(&target, Mode::New, false, &project()).unwrap();
        w.finish().unwrap();
        assert_eq!(
            std::fs::metadata(&target).unwrap().ino(),
            inode,
            "same directory"
        );
        assert!(target.join("src/lib.rs").is_file());
        assert_eq!(
            std::fs::read_dir(tmp.path()).unwrap().count(),
            1,
            "no staging directory left"
        );
    }

    #[test]
    fn an_abandoned_fresh_project_leaves_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("a/b/proj");
        let mut w = Writer::start(&target, Mode::New, false, &project()).unwrap();
        w.put("describe.json", "{}").unwrap();
        drop(w);
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    }

    #[test]
    fn merge_keeps_existing_files() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("Cargo.toml"), "mine").unwrap();
        assert!(Writer::start(tmp.path(), Mode::Init, false, &project()).is_err());
        assert!(
            !tmp.path().join("src").exists(),
            "nothing written when refused"
        );
        let mut w = Writer::start(tmp.path(), Mode::Init, true, &project()).unwrap();
        w.put("describe.json", "{}").unwrap();
        assert_eq!(w.skipped(), ["Cargo.toml"]);
        assert_eq!(w.written(), ["src/lib.rs", "describe.json"]);
        w.finish().unwrap();
        assert_eq!(
            std::fs::read_to_string(tmp.path().join("Cargo.toml")).unwrap(),
            "mine"
        );
    }

    #[test]
    fn an_existing_guidance_file_is_kept_without_force() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("AGENTS.md"), "mine").unwrap();
        let mut p = project();
        for f in crate::agents::FILES {
            p.files.push(File {
                path: f.to_string(),
                contents: "#!/bin/sh\n".into(),
            });
        }
        let w = Writer::start(tmp.path(), Mode::Init, false, &p).unwrap();
        assert_eq!(w.skipped(), ["AGENTS.md"]);
        w.finish().unwrap();
        assert_eq!(
            std::fs::read_to_string(tmp.path().join("AGENTS.md")).unwrap(),
            "mine"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(tmp.path().join("scripts/check"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o755, "a script is written executable");
        }
    }

    #[test]
    fn a_file_where_a_directory_is_needed_is_refused_up_front() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("src"), "a file").unwrap();
        let e = Writer::start(tmp.path(), Mode::Init, true, &project())
            .unwrap_err()
            .to_string();
        assert!(e.contains("is a file"), "{e}");
        assert!(!tmp.path().join("Cargo.toml").exists());
    }
}
