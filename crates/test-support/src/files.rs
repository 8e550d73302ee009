//! Reading and copying test inputs; each helper panics naming the file it could not handle.

use std::io::Read;
use std::path::Path;

/// Copies a directory tree, skipping `target/` (fixtures are copied into temp dirs before a
/// test writes next to them).
#[track_caller]
pub fn copy_dir(from: &Path, to: &Path) {
    let fail = |p: &Path, e: std::io::Error| -> ! { panic!("copying {}: {e}", p.display()) };
    std::fs::create_dir_all(to).unwrap_or_else(|e| fail(to, e));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| fail(from, e)) {
        let entry = entry.unwrap_or_else(|e| fail(from, e));
        let (path, dest) = (entry.path(), to.join(entry.file_name()));
        if entry
            .file_type()
            .unwrap_or_else(|e| fail(&path, e))
            .is_dir()
        {
            if entry.file_name() != "target" {
                copy_dir(&path, &dest);
            }
        } else {
            std::fs::copy(&path, &dest).unwrap_or_else(|e| fail(&path, e));
        }
    }
}

/// A file's text; panics naming the file when it cannot be read.
#[track_caller]
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A JSON file, parsed; panics naming the file.
#[track_caller]
pub fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&read(path))
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Every entry of a zip archive as (name, bytes), in archive order.
#[track_caller]
pub fn unzip(path: &Path) -> Vec<(String, Vec<u8>)> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut z = zip::ZipArchive::new(file)
        .unwrap_or_else(|e| panic!("{} is not a zip archive: {e}", path.display()));
    (0..z.len())
        .map(|i| {
            let mut f = z
                .by_index(i)
                .unwrap_or_else(|e| panic!("{} entry {i}: {e}", path.display()));
            let mut b = Vec::new();
            f.read_to_end(&mut b)
                .unwrap_or_else(|e| panic!("{} entry {i}: {e}", path.display()));
            (f.name().expect("a UTF-8 entry name").into_owned(), b)
        })
        .collect()
}

/// The bytes of the entry `name` among `entries` (as [`unzip`] returns them).
#[track_caller]
pub fn entry<'a>(entries: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &entries
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name} among the entries"))
        .1
}
