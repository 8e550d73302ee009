//! A warm `gtdx build` with nothing changed skips describe, lint and pack (judged by content
//! hash, never by modification times), and is never stale: each input changed in turn (the
//! code, the describe inputs, Cargo.toml's metadata, an asset, describe.json, the pack itself,
//! the output directory) makes the next build redo the work, and its pack is byte for byte the
//! one a build from nothing makes.
//!
//! Runs on the SDK's hello fixture in the shared target dir (`crate::build::hello`), so cargo
//! stays warm; only the two source edits recompile the extension.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::build::{HELLO_PACK, Hello, hello};
use crate::support::{Env, entry, shared_target_dir, unzip};

/// Which file the pack is, and when it was last written: a reused pack keeps both.
fn stamp(pack: &Path) -> (u64, i64, i64) {
    let m = std::fs::metadata(pack).unwrap();
    (m.ino(), m.mtime(), m.mtime_nsec())
}

/// `gtdx build --out OUT --format json` (plus `args`), which must succeed; its events.
fn build(hello: &Hello, env: &Env, out: &Path, args: &[&str]) -> Vec<Value> {
    let run = hello
        .build(env, out)
        .args(["--format", "json"])
        .args(args)
        .run();
    run.success();
    run.json_lines()
}

/// Whether the build reused the pack (`"fresh": true` on its `packed` event).
fn reused(events: &[Value]) -> bool {
    let packed: Vec<&Value> = events.iter().filter(|e| e["event"] == "packed").collect();
    assert_eq!(packed.len(), 1, "one packed event: {events:?}");
    packed[0]["fresh"] == true
}

/// The pack in `out` is the one a build from nothing makes now (into a new directory, where
/// no record is), byte for byte.
fn assert_as_from_nothing(hello: &Hello, env: &Env, out: &Path, n: &mut usize) {
    *n += 1;
    let reference = env.mkdir(&format!("reference-{n}"));
    assert!(!reused(&build(hello, env, &reference, &[])));
    assert!(
        std::fs::read(out.join(HELLO_PACK)).unwrap()
            == std::fs::read(reference.join(HELLO_PACK)).unwrap(),
        "step {n}: the pack differs from a build from nothing"
    );
}

/// A change: applied, then the build must redo the pack and match a build from nothing, and
/// the build after it (no change) must reuse it again.
fn after_change(hello: &Hello, env: &Env, out: &Path, n: &mut usize, what: &str) -> Vec<Value> {
    let before = std::fs::metadata(out.join(HELLO_PACK))
        .ok()
        .map(|_| stamp(&out.join(HELLO_PACK)));
    let events = build(hello, env, out, &[]);
    assert!(!reused(&events), "{what}: the pack was reused");
    assert_ne!(
        Some(stamp(&out.join(HELLO_PACK))),
        before,
        "{what}: the pack was not written"
    );
    assert_as_from_nothing(hello, env, out, n);
    let written = stamp(&out.join(HELLO_PACK));
    assert!(
        reused(&build(hello, env, out, &[])),
        "{what}: no change since, yet the pack was not reused"
    );
    assert_eq!(stamp(&out.join(HELLO_PACK)), written, "{what}: rewritten");
    events
}

fn packed_describe(out: &Path) -> Value {
    serde_json::from_slice(entry(&unzip(&out.join(HELLO_PACK)), "describe.json")).unwrap()
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// Removes what the test added to the shared copy of the fixture (`reset` restores the rest).
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_warm_build_skips_what_did_not_change_and_redoes_what_did() {
    let env = Env::new();
    let hello = hello();
    let _assets = Cleanup(hello.dir.join("assets"));
    let out = env.mkdir("out");
    let pack = out.join(HELLO_PACK);
    let mut n = 0;

    // The first build writes the pack; the second, with nothing changed, leaves it as it is
    // and says so.
    assert!(!reused(&build(&hello, &env, &out, &[])));
    let first = stamp(&pack);
    let describe_json = std::fs::read(hello.dir.join("describe.json")).unwrap();
    hello
        .build(&env, &out)
        .run()
        .success()
        .stderr_has("Fresh")
        .stderr_has("up to date, nothing it is made of changed");
    assert_eq!(stamp(&pack), first, "an unchanged build rewrote the pack");
    assert_eq!(
        std::fs::read(hello.dir.join("describe.json")).unwrap(),
        describe_json
    );
    assert_as_from_nothing(&hello, &env, &out, &mut n);

    // Code that changes the component only: describe.json keeps its tools, the pack is new.
    let lib = hello.dir.join("src/lib.rs");
    edit(&lib, "map_or(\"Hello\"", "map_or(\"Hi\"");
    let events = after_change(&hello, &env, &out, &mut n, "a code change");
    let wasm =
        std::fs::read(shared_target_dir().join("wasm32-wasip2/release/hello_extension.wasm"))
            .unwrap();
    assert_eq!(
        entry(&unzip(&pack), "components/hello-extension.wasm"),
        wasm,
        "the new component is packed"
    );
    assert!(events.iter().any(|e| e["event"] == "artifact"));

    // A describe input: a tool's doc comment is its description.
    edit(
        &lib,
        "/// Say hello to someone by name.",
        "/// Say hello to anyone by name.",
    );
    after_change(&hello, &env, &out, &mut n, "a tool's description");
    let tools = packed_describe(&out)["contributions"]["tools"].clone();
    assert!(
        tools.to_string().contains("Say hello to anyone by name."),
        "{tools}"
    );

    // Cargo.toml's [package.metadata.gtdx].
    edit(
        &hello.dir.join("Cargo.toml"),
        "kind = \"design\"",
        "kind = \"design\"\nname = \"Hello, again\"",
    );
    after_change(&hello, &env, &out, &mut n, "[package.metadata.gtdx]");
    assert_eq!(packed_describe(&out)["metadata"]["name"], "Hello, again");

    // An asset added, edited, removed.
    let note = hello.dir.join("assets/note.txt");
    std::fs::create_dir_all(note.parent().unwrap()).unwrap();
    std::fs::write(&note, "first\n").unwrap();
    after_change(&hello, &env, &out, &mut n, "an asset added");
    assert_eq!(entry(&unzip(&pack), "assets/note.txt"), b"first\n");
    std::fs::write(&note, "second\n").unwrap();
    after_change(&hello, &env, &out, &mut n, "an asset edited");
    assert_eq!(entry(&unzip(&pack), "assets/note.txt"), b"second\n");
    std::fs::remove_file(&note).unwrap();
    after_change(&hello, &env, &out, &mut n, "an asset removed");
    assert!(
        unzip(&pack)
            .iter()
            .all(|(name, _)| name != "assets/note.txt")
    );

    // describe.json edited by hand: regenerated from the sources again.
    let describe = hello.dir.join("describe.json");
    let generated = std::fs::read(&describe).unwrap();
    edit(&describe, "Say hello to anyone by name.", "Edited by hand.");
    after_change(&hello, &env, &out, &mut n, "describe.json edited");
    assert_eq!(std::fs::read(&describe).unwrap(), generated);

    // The pack itself: deleted, then changed (signed).
    std::fs::remove_file(&pack).unwrap();
    after_change(&hello, &env, &out, &mut n, "the pack deleted");
    env.sign(&pack, &env.keygen("ci")).success();
    after_change(&hello, &env, &out, &mut n, "the pack signed");
    assert!(packed_describe(&out).get("signature").is_none());

    // Another output directory: the pack is written there.
    let elsewhere = env.mkdir("elsewhere");
    assert!(!reused(&build(&hello, &env, &elsewhere, &[])));
    assert!(elsewhere.join(HELLO_PACK).is_file());
    assert!(
        reused(&build(&hello, &env, &out, &[])),
        "the first directory's pack stays reusable"
    );
}
