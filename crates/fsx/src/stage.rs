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

/// Renames `staged` to `final_dir`. An existing `final_dir` is exchanged with `staged` in one
/// step (`renameat2(RENAME_EXCHANGE)` on Linux), so a reader never finds the slot missing, and
/// the old directory (now at `staged`) is removed after. Where the file system (or the
/// platform) cannot exchange, the old directory is moved aside first and the new one renamed
/// in: the slot is then empty between the two renames, and the old directory is restored if the
/// second fails. Writers must serialise on a lock of their own: the exchange keeps readers
/// safe, not two writers of one slot.
pub fn swap_into_place(staged: &Path, final_dir: &Path) -> Result<(), FsError> {
    let rename_err = |e| FsError::new("cannot move into place", final_dir, e);
    if std::fs::symlink_metadata(final_dir).is_err() {
        std::fs::rename(staged, final_dir).map_err(rename_err)?;
        if let Some(p) = final_dir.parent() {
            sync_dir(p);
        }
        return Ok(());
    }
    match exchange(staged, final_dir) {
        Ok(()) => {
            // `staged` now holds the directory that was replaced.
            if let Some(p) = final_dir.parent() {
                sync_dir(p);
            }
            let _ = std::fs::remove_dir_all(staged);
            return Ok(());
        }
        Err(e) if !exchange_unsupported(&e) => return Err(rename_err(e)),
        Err(_) => {}
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

/// Exchanges two existing paths atomically: each name then points at what the other did.
#[cfg(target_os = "linux")]
pub fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))
    };
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both paths are NUL-terminated C strings that outlive the call; AT_FDCWD makes
    // them relative to the working directory as `std::fs::rename` does.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Exchanges two existing paths atomically (not available here: always unsupported).
#[cfg(not(target_os = "linux"))]
pub fn exchange(_a: &Path, _b: &Path) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}

/// Whether an [`exchange`] failed because the file system or kernel cannot exchange (then the
/// two-rename fallback is used), rather than for a reason a fallback would hit too.
fn exchange_unsupported(e: &std::io::Error) -> bool {
    if e.kind() == std::io::ErrorKind::Unsupported {
        return true;
    }
    #[cfg(unix)]
    {
        matches!(
            e.raw_os_error(),
            Some(libc::EINVAL) | Some(libc::ENOSYS) | Some(libc::EOPNOTSUPP)
        )
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Writes a new file and fsyncs it (inside a staging directory: no temp file needed).
pub fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), FsError> {
    let err = |e| FsError::new("cannot write", path, e);
    let mut f = std::fs::File::create(path).map_err(err)?;
    f.write_all(bytes).map_err(err)?;
    f.sync_all().map_err(err)?;
    Ok(())
}

/// Starts writing `len` bytes of `file` at `offset` to disk without waiting for them
/// (`sync_file_range(SYNC_FILE_RANGE_WRITE)` on Linux; nothing elsewhere). A writer that
/// fsyncs a large file before renaming it into place calls this as it goes, so that the disk
/// works while the bytes are still arriving and the final fsync has little left to wait for.
/// Durability still comes from that fsync: this is a hint, and its failure is ignored.
pub fn start_writeback(file: &std::fs::File, offset: u64, len: u64) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let (Ok(offset), Ok(len)) = (
            libc::off64_t::try_from(offset),
            libc::off64_t::try_from(len),
        ) else {
            return;
        };
        // SAFETY: the descriptor is open for as long as `file` is borrowed; the call only
        // queues writeback of the file's own pages.
        unsafe {
            libc::sync_file_range(file.as_raw_fd(), offset, len, libc::SYNC_FILE_RANGE_WRITE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (file, offset, len);
    }
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

    /// Item 7 of issue #30: a replaced slot is never briefly missing. A reader polls the slot
    /// while it is replaced a few hundred times; with the exchange it always finds a complete
    /// directory (the two-rename fallback would leave it missing now and then).
    #[cfg(target_os = "linux")]
    #[test]
    fn install_slots_are_unambiguous_a_replaced_slot_is_never_missing() {
        use std::sync::atomic::AtomicBool;
        let root = tempfile::tempdir().unwrap();
        let staging = root.path().join(".staging");
        let final_dir = root.path().join("ext");
        std::fs::create_dir(&final_dir).unwrap();
        std::fs::write(final_dir.join("describe.json"), b"0").unwrap();
        let done = AtomicBool::new(false);
        let (missing, looks) = std::thread::scope(|sc| {
            let reader = sc.spawn(|| {
                let (mut missing, mut looks) = (0u32, 0u32);
                while !done.load(Ordering::Relaxed) {
                    looks += 1;
                    if !final_dir.join("describe.json").is_file() {
                        missing += 1;
                    }
                }
                (missing, looks)
            });
            for i in 0..300 {
                let staged = unique_dir(&staging, "ext").unwrap();
                write_synced(&staged.join("describe.json"), i.to_string().as_bytes()).unwrap();
                swap_into_place(&staged, &final_dir).unwrap();
                assert!(!staged.exists(), "the replaced directory is removed");
            }
            done.store(true, Ordering::Relaxed);
            reader.join().unwrap()
        });
        assert!(looks > 0);
        assert_eq!(
            missing, 0,
            "the slot was missing {missing} times of {looks}"
        );
        assert_eq!(
            std::fs::read(final_dir.join("describe.json")).unwrap(),
            b"299"
        );
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
