//! Advisory locks (`flock(2)` through fs2, as the platform's tools take them) on the lock files
//! the platform uses: `<registry>/.publish.lock`, `<home>/extensions-state.lock`,
//! `<home>/trust/.trust.lock`. A lock file is created once and left in place (removing it would
//! let a third process lock a fresh inode while another still holds the old one).

use std::fs::File;
use std::path::{Path, PathBuf};

use fs2::FileExt;

/// An exclusive lock, released when dropped (and by the kernel when the process dies, so a
/// `kill -9` never leaves a registry locked).
#[derive(Debug)]
pub struct Lock {
    file: File,
    pub path: PathBuf,
}

impl Lock {
    /// Blocks until the lock on `path` is held; creates the file (and its directory) if needed.
    pub fn exclusive(path: &Path) -> Result<Lock, gtdx_fsx::FsError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", dir, e))?;
        }
        let file = File::options()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(|e| gtdx_fsx::FsError::new("cannot open the lock file", path, e))?;
        file.lock_exclusive()
            .map_err(|e| gtdx_fsx::FsError::new("cannot lock", path, e))?;
        Ok(Lock {
            file,
            path: path.to_path_buf(),
        })
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = FileExt::unlock(&self.file);
    }
}
