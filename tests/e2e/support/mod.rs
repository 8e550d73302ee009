//! What the end-to-end tests share: an [`Env`] per test (a temp dir with its own HOME and
//! GREENTIC_HOME) whose commands return a [`Run`] with chained assertions, the external tools a
//! test may need ([`require_tool`]), fixture and reference paths, and zip and file helpers.
//!
//! ```ignore
//! let env = Env::new();
//! let key = env.keygen("ci");
//! let pack = env.pack("p.gtxpack", &describe, files);
//! env.sign(&pack, &key);
//! env.gtdx(["verify", pack.to_str().unwrap(), "--trusted-key", key.public.to_str().unwrap()])
//!     .code(0)
//!     .stdout_has(": valid");
//! ```

#![allow(dead_code)]

mod cmd;
mod env;
mod http;
mod reference;
mod tools;

use std::io::Read;
use std::path::{Path, PathBuf};

pub use cmd::{Background, Cmd, Run, cargo, quote};
pub use env::{Env, KeyPair, Project};
pub use http::{HttpServer, Reply, Seen};
pub use reference::reference;
pub use tools::{PLATFORM_GTDX, PLATFORM_VERSION, Tool, in_ci, require_actionlint, require_tool};

/// The workspace root (where the top-level Cargo.toml lives).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture file or directory under `tests/fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    workspace_root().join("tests/fixtures").join(rel)
}

/// The target directory every cargo build in the tests shares, so extensions compile once.
pub fn shared_target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// PATH with `dir` in front (to run a particular `gtdx`, `cargo-gtdx` or tool by name).
pub fn path_with(dir: &Path) -> std::ffi::OsString {
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&rest)))
        .expect("PATH entries without `:`")
}

/// Copies a directory tree (fixtures are copied into temp dirs before a test mutates them).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() == "target" {
                continue;
            }
            copy_dir(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
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
            let mut f = z.by_index(i).unwrap();
            let mut b = Vec::new();
            f.read_to_end(&mut b).unwrap();
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

/// The conformance check every describe.json gtdx writes must pass: it loads in the platform's
/// model (typed fields and every load-time invariant, `gtdx_contract::invariants`, written from
/// the platform's rules), and it is already in the normalised form the platform re-serialises
/// and verifies signatures over (so normalising it changes nothing).
pub fn assert_platform_form(name: &str, text: &str) {
    let describe = gtdx_contract::Describe::from_json_str(text)
        .unwrap_or_else(|e| panic!("{name}: the platform's loader would refuse it: {e}\n{text}"));
    let written: serde_json::Value = serde_json::from_str(text).expect("describe.json is JSON");
    let mut normalised = describe.to_value();
    // A signature or binding block is part of both; compare everything.
    if written != normalised {
        if let (Some(w), Some(n)) = (written.as_object(), normalised.as_object_mut()) {
            n.retain(|k, v| w.get(k) != Some(v));
        }
        panic!(
            "{name}: not in the platform's normalised form; normalising changes:\n{}",
            serde_json::to_string_pretty(&normalised).unwrap_or_default()
        );
    }
}
