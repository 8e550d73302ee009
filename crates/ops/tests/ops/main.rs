//! Every operation of `gtdx-ops`, called as a library (no `gtdx` binary), on the fixtures under
//! `tests/fixtures/` that the end-to-end suite uses too.
//!
//! One test binary (one link); each operation is a module. Fixtures are copied into temp dirs
//! before anything writes next to them.

mod build;
mod describe;
mod inspect;
mod keys;
mod lint;
mod new;
mod pack;
mod sign_verify;
mod worker;

use std::path::Path;

use gtdx_ops::Diagnostic;
use gtdx_ops::progress::{Event, Progress};
pub use gtdx_test_support::{copy_dir, fixture, workspace_root};

/// A copy of a fixture crate in a temp dir, its path dependencies on this workspace's crates
/// made absolute so that Cargo still finds them.
pub fn copy_fixture_crate(rel: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixture(rel), tmp.path());
    let manifest = tmp.path().join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let crates = workspace_root().join("crates");
    let text = text.replace(
        "path = \"../../../../crates/",
        &format!("path = \"{}/", crates.display()),
    );
    std::fs::write(&manifest, text).unwrap();
    tmp
}

/// A progress sink that keeps what it is told, as a caller's renderer would see it.
#[derive(Default)]
pub struct Recorded {
    pub events: Vec<Event>,
    pub cargo_lines: Vec<String>,
}

impl Recorded {
    /// The events' kinds in order (`described`, `started`, ...), as their JSON form names them.
    pub fn kinds(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|e| {
                let v = serde_json::to_value(e).unwrap();
                v["event"].as_str().unwrap().to_string()
            })
            .collect()
    }
}

impl Progress for Recorded {
    fn event(&mut self, event: &Event) {
        self.events.push(event.clone());
    }
    fn cargo_stderr(&mut self, line: &str) {
        self.cargo_lines.push(line.to_string());
    }
}

/// The codes of some diagnostics.
pub fn codes(diags: &[Diagnostic]) -> Vec<&str> {
    diags.iter().map(|d| d.code.as_str()).collect()
}

/// Writes a pack from a worker fixture's describe.json, with made-up component bytes.
pub fn make_pack(fixture_name: &str, out: &Path) {
    let text =
        std::fs::read_to_string(fixture(&format!("worker/{fixture_name}/describe.json"))).unwrap();
    let mut describe: serde_json::Value = serde_json::from_str(&text).unwrap();
    let component = format!("\0asm component bytes of {fixture_name}").into_bytes();
    let sha = gtdx_pack::sha256_hex(&component);
    let c = &mut describe["runtime"]["components"]["tools"];
    c["sha256"] = serde_json::Value::String(sha.clone());
    c["gtpack"]["sha256"] = serde_json::Value::String(sha);
    gtdx_pack::write_pack(
        out,
        &mut describe,
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    )
    .unwrap();
}

/// A fresh key pair in `dir`, named `name`.
pub fn keygen(dir: &Path, name: &str) -> gtdx_ops::keys::Generated {
    gtdx_ops::keys::keygen(&gtdx_ops::keys::KeygenOptions {
        out_dir: dir.to_path_buf(),
        name: name.to_string(),
    })
    .unwrap()
}
