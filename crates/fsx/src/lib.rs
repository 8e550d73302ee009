//! File-system helpers shared by every gtdx command.
//!
//! gtdx never leaves a half-written file: everything it writes goes to a temporary file in the
//! destination's directory and is renamed over the destination once complete (rename within one
//! directory is atomic on the platforms we support).

use std::io::Write;
use std::path::{Path, PathBuf};

/// An I/O failure, with the path it happened on.
#[derive(Debug, thiserror::Error)]
#[error("{action} {}: {source}", path.display())]
pub struct FsError {
    pub action: &'static str,
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

impl FsError {
    pub fn new(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        FsError {
            action,
            path: path.into(),
            source,
        }
    }
}

/// Writes `bytes` to `path` atomically, creating parent directories as needed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FsError> {
    write_atomic_with(path, |f| f.write_all(bytes))
}

/// Like [`write_atomic`], but lets the caller stream the content into the temporary file.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), FsError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|e| FsError::new("cannot create directory", &dir, e))?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".gtdx-tmp-");
    // A temporary file is private (0600); the result should get the mode a plain create would
    // (0666 less the umask), or keep the mode of the file it replaces.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(&dir)
        .map_err(|e| FsError::new("cannot create a temporary file in", &dir, e))?;
    if let Ok(existing) = std::fs::metadata(path) {
        tmp.as_file()
            .set_permissions(existing.permissions())
            .map_err(|e| FsError::new("cannot write", path, e))?;
    }
    fill(tmp.as_file_mut()).map_err(|e| FsError::new("cannot write", path, e))?;
    tmp.as_file_mut()
        .sync_all()
        .map_err(|e| FsError::new("cannot write", path, e))?;
    tmp.persist(path)
        .map_err(|e| FsError::new("cannot write", path, e.error))?;
    Ok(())
}

/// Reads a whole file, naming the path on failure.
pub fn read(path: &Path) -> Result<Vec<u8>, FsError> {
    std::fs::read(path).map_err(|e| FsError::new("cannot read", path, e))
}

/// `p` with `.` steps removed and each `..` cancelling the step before it, without touching the
/// file system (so it works for paths that do not exist yet, and does not resolve symlinks).
pub fn lexical_normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// `p` made absolute against the current directory, then [`lexical_normalize`]d.
pub fn absolute_normalized(p: &Path) -> PathBuf {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(p))
            .unwrap_or_else(|_| p.to_path_buf())
    };
    lexical_normalize(&abs)
}

/// The path relative to the current directory when it lies below it, else as given (for
/// messages: what the user typed, not a long absolute path).
pub fn display_path(path: &Path) -> PathBuf {
    if path.is_relative() {
        return path.to_path_buf();
    }
    match std::env::current_dir() {
        Ok(cwd) => match path.strip_prefix(&cwd) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
            _ => path.to_path_buf(),
        },
        Err(_) => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_normalization() {
        assert_eq!(
            lexical_normalize(Path::new("a/./b/../c")),
            PathBuf::from("a/c")
        );
        assert_eq!(
            lexical_normalize(Path::new("/x/../y/.")),
            PathBuf::from("/y")
        );
        assert!(absolute_normalized(Path::new("q/../r")).ends_with("r"));
    }

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let leftovers: Vec<_> = std::fs::read_dir(p.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[cfg(unix)]
    #[test]
    fn new_files_get_the_usual_mode_and_replaced_files_keep_theirs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.txt");
        write_atomic(&p, b"one").unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_ne!(
            mode, 0o600,
            "not the temporary file's private mode (umask permitting)"
        );
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(
            std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o640
        );
    }

    #[test]
    fn failed_fill_leaves_destination_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.json");
        write_atomic(&p, b"keep").unwrap();
        let r = write_atomic_with(&p, |_| Err(std::io::Error::other("boom")));
        assert!(r.is_err());
        assert_eq!(std::fs::read(&p).unwrap(), b"keep");
    }
}
