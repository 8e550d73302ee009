//! What people read: the human output of `gtdx build`, `sign`, `publish`, `install` and `run`,
//! whole, as insta snapshots (colour off, no terminal, as CI and pipes see it). A changed word,
//! a line out of order or a new line shows up in review, where a `stderr_has` check would not.
//!
//! What differs from run to run is replaced before comparing: the test's temp dir (`[TMP]`),
//! the shared target dir (`[TARGET]`), the checkout (`[ROOT]`), sizes, digests, key ids and
//! public keys, times; and cargo's `Compiled` lines, which list whatever was not yet fresh.
//! Update with `INSTA_UPDATE=always cargo test --test e2e human_output::`, then review the
//! `.snap` files under `tests/e2e/snapshots/`.

use std::path::Path;

use crate::build::{HELLO_PACK, hello};
use crate::support::{Env, Run, shared_target_dir, workspace_root};

/// A regex matching `path` literally.
fn literal(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The filters for output produced in `env`: longest paths first, since the shared target dir
/// is inside the checkout.
fn settings(env: &Env) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    let tmp = env
        .root()
        .parent()
        .expect("the env's root is inside its temp dir");
    s.add_filter(&literal(tmp), "[TMP]");
    s.add_filter(&literal(&shared_target_dir()), "[TARGET]");
    s.add_filter(&literal(&workspace_root()), "[ROOT]");
    s.add_filter(r"(?m)^ *Compiled .*\n", "");
    // before the digests and key ids, which a run of base64 could otherwise contain
    s.add_filter(r"[A-Za-z0-9+/]{43}=", "[PUBLIC KEY]");
    s.add_filter(r"\b\d+(\.\d+)? (B|KiB|MiB|GiB)\b", "[SIZE]");
    s.add_filter(r"\b[0-9A-F]{16}\b", "[KEY ID]");
    s.add_filter(r"\b[0-9a-f]{12,64}\b", "[DIGEST]");
    s.add_filter(r"\b\d+(\.\d+)?(ms|s)\b", "[TIME]");
    s
}

/// The command line, exit code, stdout and stderr of a run, as one text.
fn transcript(line: &str, run: &Run) -> String {
    format!(
        "$ {line}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        run.exit_code(),
        run.stdout(),
        run.stderr()
    )
}

/// One extension taken from its sources to a tool call: build, sign, publish to the local
/// registry, install from it (then again: unchanged), and run a tool, well and with bad input.
/// One test, so the extension is built once.
#[test]
fn build_sign_publish_install_run() {
    let env = Env::new();
    let settings = settings(&env);
    let _bound = settings.bind_to_scope();
    let hello = hello();
    let out = env.mkdir("out");
    let pack = out.join(HELLO_PACK);
    let pack = pack.to_str().expect("a UTF-8 temp path");

    let run = hello.build(&env, &out).run();
    run.success();
    insta::assert_snapshot!(
        "build",
        transcript("gtdx build --manifest-path HELLO --out OUT", &run)
    );

    let key = env.keygen("ci");
    let secret = key.secret.to_str().expect("a UTF-8 temp path");
    let run = env.gtdx(["sign", pack, "--key", secret]);
    run.success();
    insta::assert_snapshot!("sign", transcript("gtdx sign PACK --key KEY", &run));

    let run = env.gtdx(["publish", pack]);
    run.success();
    insta::assert_snapshot!("publish", transcript("gtdx publish PACK", &run));

    let run = env.gtdx(["install", "greentic.hello@0.1.0", "--yes"]);
    run.success();
    insta::assert_snapshot!(
        "install",
        transcript("gtdx install greentic.hello@0.1.0 --yes", &run)
    );
    let run = env.gtdx(["install", pack, "--yes"]);
    run.success();
    insta::assert_snapshot!("install_again", transcript("gtdx install PACK --yes", &run));

    let manifest = hello.dir.join("Cargo.toml");
    let manifest = manifest.to_str().expect("a UTF-8 path");
    let tool = |input: &str| {
        env.gtdx_cmd([
            "run",
            "greet",
            "--manifest-path",
            manifest,
            "--input",
            input,
        ])
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .run()
    };
    let run = tool(r#"{"name": "Ada"}"#);
    run.success();
    insta::assert_snapshot!(
        "run",
        transcript(
            r#"gtdx run greet --manifest-path HELLO --input '{"name": "Ada"}'"#,
            &run
        )
    );
    let run = tool("{}");
    run.code(2);
    insta::assert_snapshot!(
        "run_bad_input",
        transcript("gtdx run greet --manifest-path HELLO --input '{}'", &run)
    );
}
