//! File-system helpers shared by every gtdx command.
//!
//! * **Reads** go through one bounded reader ([`read`]): regular files only, a size cap per kind
//!   of input ([`limits`]), allocation that follows the bytes actually read.
//! * **Writes** never leave a half-written file: everything gtdx writes goes to a temporary file
//!   in the destination's directory and is renamed over the destination once complete (rename
//!   within one directory is atomic on the platforms we support). Temporary files are removed
//!   on Ctrl-C, SIGTERM and SIGHUP, and swept by the next write into the directory after a
//!   `kill -9` ([`temp`]).
//! * **Staged directories** ([`stage`]) are filled under a unique name, fsynced and renamed
//!   into place in one step; a dead writer's leftovers are swept by the next one.
//! * **Roots**: [`check_within`] refuses a write that a symlink would lead out of its root;
//!   [`check_not_an_input`] refuses an output path that is one of the command's inputs.

pub mod read;
pub mod stage;
pub mod temp;

use std::io::Write;
use std::path::{Path, PathBuf};

pub use read::{Limit, limits, open_regular, read_limited, read_text};
pub use temp::{cleanup_on_signals, on_interrupt};

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
    temp::sweep_stale(&dir);
    // The result gets the mode a plain create would (0666 less the umask), or keeps the mode
    // of the file it replaces.
    let (mut tmp, _registered) = registered_temp_in(&dir, 0o666)
        .map_err(|e| FsError::new("cannot create a temporary file in", &dir, e))?;
    // Held until the file is renamed and closed: a sweep by another process leaves it alone.
    let _ = tmp.as_file().try_lock();
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

/// Reads a whole regular file of at most `limit.max` bytes, naming the path on failure (see
/// [`read`](mod@read)).
pub fn read(path: &Path, limit: Limit) -> Result<Vec<u8>, FsError> {
    read_limited(path, limit)
}

/// Writes a new file at `path` with `mode`, failing with `AlreadyExists` if anything is there.
/// Written to a registered temporary file first and linked into place without replacing
/// anything, so the name never holds a partial file. Not for secrets: see
/// [`create_new_private`].
pub fn write_new(path: &Path, bytes: &[u8], mode: u32) -> Result<(), FsError> {
    let dir = parent_dir(path);
    temp::sweep_stale(&dir);
    let err = |e| FsError::new("cannot write", path, e);
    let (mut tmp, _registered) = registered_temp_in(&dir, 0o600)
        .map_err(|e| FsError::new("cannot create a temporary file in", &dir, e))?;
    let _ = tmp.as_file().try_lock();
    tmp.as_file_mut().write_all(bytes).map_err(err)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(err)?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    tmp.as_file_mut().sync_all().map_err(err)?;
    tmp.persist_noclobber(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// Creates `path` (which must not exist) readable by its owner only (0600), and writes `bytes`
/// straight into it: for a secret, which must never sit in a hidden temporary file. The path is
/// registered while it is written, so an interruption removes it rather than leaving part of
/// it; the returned [`temp::Registration`] keeps it registered until the caller's whole
/// operation (e.g. both halves of a key pair) is complete.
pub fn create_new_private(path: &Path, bytes: &[u8]) -> Result<temp::Registration, FsError> {
    let err = |e| FsError::new("cannot write", path, e);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(err)?;
    let registered = temp::register_file(path);
    file.write_all(bytes).map_err(err)?;
    file.sync_all().map_err(err)?;
    Ok(registered)
}

/// A new `.gtdx-tmp-*` file in `dir` (created with `mode`, less the umask), registered for
/// removal on interruption *before* it exists: registered after, a signal arriving between the
/// two would leave it behind. A name that turns out to be taken is unregistered again at once.
fn registered_temp_in(
    dir: &Path,
    mode: u32,
) -> std::io::Result<(tempfile::NamedTempFile, temp::Registration)> {
    let mut registration = None;
    let tmp = tempfile::Builder::new()
        .prefix(temp::TEMP_PREFIX)
        .make_in(dir, |path| {
            let registered = temp::register_file(path);
            let mut options = std::fs::OpenOptions::new();
            options.read(true).write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.mode(mode);
            }
            #[cfg(not(unix))]
            let _ = mode;
            let file = options.open(path)?;
            registration = Some(registered);
            Ok(file)
        })?;
    let registration = registration
        .ok_or_else(|| std::io::Error::other("the temporary file was never created"))?;
    Ok((tmp, registration))
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Refuses to write `root/rel` when an existing component of it is a symbolic link leading
/// outside `root` (or nowhere). Components that do not exist yet are fine: gtdx creates them as
/// plain directories. `root` itself may be a symlink (the user chose it).
pub fn check_within(root: &Path, rel: &Path) -> Result<(), FsError> {
    let Ok(canon_root) = std::fs::canonicalize(root) else {
        return Ok(()); // nothing exists yet: nothing can lead out
    };
    let mut cur = root.to_path_buf();
    for c in rel.components() {
        match c {
            std::path::Component::Normal(part) => cur.push(part),
            _ => {
                return Err(FsError::new(
                    "refusing to write",
                    root.join(rel),
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidInput,
                        "the path is not a plain relative path below the target directory",
                    ),
                ));
            }
        }
        let Ok(meta) = std::fs::symlink_metadata(&cur) else {
            return Ok(());
        };
        if !meta.file_type().is_symlink() {
            continue;
        }
        let escape = |why: String| {
            FsError::new(
                "refusing to write",
                root.join(rel),
                std::io::Error::new(std::io::ErrorKind::InvalidInput, why),
            )
        };
        match std::fs::canonicalize(&cur) {
            Ok(to) if to.starts_with(&canon_root) => {}
            Ok(to) => {
                return Err(escape(format!(
                    "{} is a symbolic link to {}, outside {}; gtdx never writes through a link \
                     that leads out of the target directory. Replace the link with a real \
                     directory, or remove it",
                    cur.display(),
                    to.display(),
                    root.display()
                )));
            }
            Err(_) => {
                return Err(escape(format!(
                    "{} is a symbolic link to a path that does not exist; gtdx does not write \
                     through it. Remove the link",
                    cur.display()
                )));
            }
        }
    }
    Ok(())
}

/// Whether `a` and `b` name the same existing file (same device and inode; a path that does
/// not exist is the same as nothing).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(ma), Ok(mb)) => {
            use std::os::unix::fs::MetadataExt;
            ma.dev() == mb.dev() && ma.ino() == mb.ino()
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        },
        _ => false,
    }
}

/// Refuses an output path that is one of the command's inputs (`inputs`: what each is, and its
/// path), so that `--out` never overwrites what the command reads.
pub fn check_not_an_input<'a>(
    out: &Path,
    inputs: impl IntoIterator<Item = (&'a str, &'a Path)>,
) -> Result<(), FsError> {
    for (what, input) in inputs {
        if same_file(out, input) {
            return Err(FsError::new(
                "refusing to write",
                out,
                std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "it is also an input of this command ({what} {}); writing there would \
                         destroy it. Choose another output path",
                        input.display()
                    ),
                ),
            ));
        }
    }
    Ok(())
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

    #[cfg(unix)]
    #[test]
    fn symlinks_leading_out_of_the_root_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("proj");
        let elsewhere = dir.path().join("elsewhere/src");
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::create_dir_all(root.join("inside")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, root.join("src")).unwrap();
        std::os::unix::fs::symlink(root.join("inside"), root.join("ok")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("gone"), root.join("dangling")).unwrap();
        let e = check_within(&root, Path::new("src/lib.rs")).unwrap_err();
        assert!(e.to_string().contains("outside"), "{e}");
        // One sentence, not a wrapped literal's runs of spaces.
        assert!(!e.to_string().contains("  "), "{e}");
        let e = check_within(&root, Path::new("dangling/x")).unwrap_err();
        assert!(!e.to_string().contains("  "), "{e}");
        check_within(&root, Path::new("ok/lib.rs")).unwrap();
        check_within(&root, Path::new("new/dir/lib.rs")).unwrap();
        assert!(check_within(&root, Path::new("../x")).is_err());
    }

    #[test]
    fn an_output_that_is_an_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("spec.toml");
        std::fs::write(&a, b"x").unwrap();
        let via = dir.path().join("./spec.toml");
        let e = check_not_an_input(&via, [("the spec", a.as_path())]).unwrap_err();
        assert!(e.to_string().contains("the spec"), "{e}");
        check_not_an_input(&dir.path().join("out.json"), [("the spec", a.as_path())]).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn private_files_are_0600_and_new_files_never_replace() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let k = dir.path().join("k.key");
        drop(create_new_private(&k, b"secret").unwrap());
        assert_eq!(
            std::fs::metadata(&k).unwrap().permissions().mode() & 0o777,
            0o600
        );
        assert!(create_new_private(&k, b"again").is_err());
        let p = dir.path().join("k.pub");
        write_new(&p, b"pub", 0o644).unwrap();
        let e = write_new(&p, b"again", 0o644).unwrap_err();
        assert_eq!(e.source.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&p).unwrap(), b"pub");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
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
