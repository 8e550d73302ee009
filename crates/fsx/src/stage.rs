//! Staging: a directory is filled under a unique name beside its destination, fsynced, and
//! renamed into place in one step, so an interrupted writer (even `kill -9`) never leaves a
//! half-filled directory where readers look. Names carry the writer's pid, so a later
//! [`sweep_dead`] can tell a dead writer's leftover from a live one's.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::FsError;

static SEQ: AtomicU64 = AtomicU64::new(0);

/// `<stem>.<pid>.<n>`: unique among live processes; the pid lets a later sweep tell a dead
/// writer's leftover from a live one's.
pub fn unique_name(stem: &str) -> String {
    format!(
        "{stem}.{}.{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    )
}

/// Creates a new directory `<parent>/<stem>.<pid>.<n>` (and `parent` if needed).
pub fn unique_dir(parent: &Path, stem: &str) -> Result<PathBuf, FsError> {
    std::fs::create_dir_all(parent)
        .map_err(|e| FsError::new("cannot create directory", parent, e))?;
    let dir = parent.join(unique_name(stem));
    std::fs::create_dir(&dir).map_err(|e| FsError::new("cannot create directory", &dir, e))?;
    Ok(dir)
}

fn pid_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: kill with signal 0 only checks that the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Removes the entries of `dir` named `<stem>.<pid>.<n>[.gtxpack]` whose process is gone.
pub fn sweep_dead(dir: &Path) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let name = name.strip_suffix(".gtxpack").unwrap_or(&name);
        let mut parts = name.rsplit('.');
        let (Some(_n), Some(pid)) = (parts.next(), parts.next()) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if pid == std::process::id() || pid_alive(pid) {
            continue;
        }
        let p = e.path();
        if p.is_dir() {
            let _ = std::fs::remove_dir_all(&p);
        } else {
            let _ = std::fs::remove_file(&p);
        }
    }
}

/// Renames `staged` to `final_dir`; an existing `final_dir` is moved aside first and removed
/// after, so the slot is never empty (and restored if the swap fails).
pub fn swap_into_place(staged: &Path, final_dir: &Path) -> Result<(), FsError> {
    let rename_err = |e| FsError::new("cannot move into place", final_dir, e);
    if std::fs::symlink_metadata(final_dir).is_err() {
        std::fs::rename(staged, final_dir).map_err(rename_err)?;
        if let Some(p) = final_dir.parent() {
            sync_dir(p);
        }
        return Ok(());
    }
    let parent = staged.parent().unwrap_or(Path::new("."));
    let backup = parent.join(unique_name(".replaced"));
    std::fs::rename(final_dir, &backup).map_err(rename_err)?;
    if let Err(e) = std::fs::rename(staged, final_dir) {
        let _ = std::fs::rename(&backup, final_dir);
        return Err(rename_err(e));
    }
    let _ = std::fs::remove_dir_all(&backup);
    if let Some(p) = final_dir.parent() {
        sync_dir(p);
    }
    Ok(())
}

/// Writes a new file and fsyncs it (inside a staging directory: no temp file needed).
pub fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), FsError> {
    let err = |e| FsError::new("cannot write", path, e);
    let mut f = std::fs::File::create(path).map_err(err)?;
    f.write_all(bytes).map_err(err)?;
    f.sync_all().map_err(err)?;
    Ok(())
}

/// Fsyncs a directory, so the entries created or renamed in it survive a crash (best effort:
/// not every platform can open a directory for it).
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_dirs_differ_and_carry_our_pid() {
        let root = tempfile::tempdir().unwrap();
        let a = unique_dir(&root.path().join("staging"), "x-1.0.0").unwrap();
        let b = unique_dir(&root.path().join("staging"), "x-1.0.0").unwrap();
        assert_ne!(a, b);
        assert!(a.is_dir() && b.is_dir());
        let name = a.file_name().unwrap().to_string_lossy().into_owned();
        let pid = std::process::id().to_string();
        assert!(name.starts_with(&format!("x-1.0.0.{pid}.")), "{name}");
    }

    #[test]
    fn sweep_removes_dead_writers_leftovers_only() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path();
        // No process has pid u32::MAX - 1 (above any pid_max), so it counts as dead.
        let dead = dir.join(format!("x-1.0.0.{}.0", u32::MAX - 1));
        std::fs::create_dir(&dead).unwrap();
        std::fs::write(dir.join(format!("pack.{}.3.gtxpack", u32::MAX - 1)), b"p").unwrap();
        let ours = unique_dir(dir, "x-1.0.0").unwrap();
        std::fs::write(dir.join("plain.txt"), b"kept").unwrap();
        sweep_dead(dir);
        assert!(!dead.exists());
        assert!(
            !dir.join(format!("pack.{}.3.gtxpack", u32::MAX - 1))
                .exists()
        );
        assert!(ours.exists());
        assert!(dir.join("plain.txt").exists());
    }

    #[test]
    fn swap_replaces_an_existing_directory_and_leaves_no_backup() {
        let root = tempfile::tempdir().unwrap();
        let staging = root.path().join(".staging");
        let final_dir = root.path().join("ext");
        std::fs::create_dir(&final_dir).unwrap();
        std::fs::write(final_dir.join("old"), b"old").unwrap();
        let staged = unique_dir(&staging, "ext").unwrap();
        write_synced(&staged.join("new"), b"new").unwrap();
        swap_into_place(&staged, &final_dir).unwrap();
        assert!(final_dir.join("new").exists());
        assert!(!final_dir.join("old").exists());
        assert!(!staged.exists());
        assert_eq!(std::fs::read_dir(&staging).unwrap().count(), 0);
    }

    #[test]
    fn swap_into_an_empty_slot_and_a_failed_swap_keeps_the_old_directory() {
        let root = tempfile::tempdir().unwrap();
        let staging = root.path().join(".staging");
        let final_dir = root.path().join("ext");
        let staged = unique_dir(&staging, "ext").unwrap();
        swap_into_place(&staged, &final_dir).unwrap();
        assert!(final_dir.is_dir());
        // The staged directory is gone: the swap fails and the installed one stays.
        std::fs::write(final_dir.join("kept"), b"k").unwrap();
        let e = swap_into_place(&staging.join("missing"), &final_dir).unwrap_err();
        assert_eq!(e.action, "cannot move into place");
        assert!(final_dir.join("kept").exists());
    }
}
