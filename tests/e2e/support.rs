//! Shared helpers for the end-to-end tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The workspace root (where the top-level Cargo.toml lives).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture file or directory under `tests/fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    workspace_root().join("tests/fixtures").join(rel)
}

/// The pinned copy of `../shared/<rel>` under `tests/fixtures/reference/` (same layout), so the
/// suite runs on a plain clone without `../shared`.
#[track_caller]
pub fn reference(rel: &str) -> PathBuf {
    let p = workspace_root().join("tests/fixtures/reference").join(rel);
    assert!(
        p.is_file(),
        "{rel} is not pinned: copy ../shared/{rel} to {}",
        p.display()
    );
    p
}

/// A `Command` for the real `gtdx` binary built by this workspace.
pub fn gtdx() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("gtdx").expect("gtdx binary is built");
    cmd.env_remove("RUST_BACKTRACE").env("NO_COLOR", "1");
    // `gtdx lint` compares with the installed copy under $GREENTIC_HOME by default: none here,
    // unless a test sets its own.
    cmd.env(
        "GREENTIC_HOME",
        workspace_root().join("target/e2e-greentic-home-empty"),
    );
    cmd
}

/// The target directory every cargo build in the tests shares, so extensions compile once.
pub fn shared_target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
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

/// Runs `gtdx <args>` in `dir`; returns (exit code, stdout, stderr).
pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = gtdx()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("gtdx runs");
    (
        out.status.code().expect("gtdx exited normally (no signal)"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
