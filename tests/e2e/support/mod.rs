//! What the end-to-end tests share: an [`Env`] per test (a temp dir with its own HOME and
//! GREENTIC_HOME) whose commands return a [`Run`] with chained assertions, the external tools a
//! test may need ([`require_tool`]), and (from `gtdx-test-support`) fixture and reference paths,
//! zip and file helpers.
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
pub mod store;
mod timing;
mod tools;

pub use cmd::{Background, Cmd, Run, cargo, quote};
pub use env::{Env, KeyPair, Project};
// Paths, fixtures, pinned reference files, file and zip helpers: shared with the crates' tests.
pub use gtdx_test_support::{
    copy_dir, entry, fixture, in_ci, path_with, read, read_json, reference, shared_target_dir,
    unzip, workspace_root,
};
pub use http::{HttpServer, Reply, Seen, read_request, write_reply};
pub use tools::{PLATFORM_GTDX, PLATFORM_VERSION, Tool, require_actionlint, require_tool};

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

/// Whether crates.io has this gtdx's gtdx-sdk, as a user's cargo sees it (`cargo info`, asked
/// once per run from a directory no test configuration reaches): `gtdx new` takes the SDK from
/// crates.io when it is there, else from the copy gtdx carries, and the tests expect the same.
pub fn sdk_on_crates_io() -> bool {
    static ANSWER: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temp dir");
        let out = cargo([
            "info",
            "--quiet",
            &format!("gtdx-sdk@{}", env!("CARGO_PKG_VERSION")),
        ])
        .current_dir(dir.path())
        .run();
        out.exit_code() == 0
    })
}
