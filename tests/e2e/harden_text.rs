//! Hardening, round two (issue #30): what a pack, a registry or a user's file says is shown as
//! text (item 2), secrets are never repeated (12, 12b), `--timeout` is bounded (13), and tool
//! input and `migrate --write` take what they are given and nothing else (14). Each test runs
//! the real binary; the hostile inputs are under `tests/fixtures/harden/`.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::support::{Env, KeyPair, Run, fixture, read_json, require_tool};

fn harden(name: &str) -> PathBuf {
    fixture("harden").join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

// ---------------------------------------------------------------------------------------------
// 2. what a pack says is shown as text, not terminal commands

/// The characters a hostile value uses to act on a terminal: ESC (cursor moves, line clears,
/// hyperlinks), CR (back to the start of the line), BEL, the bidi controls and the invisible
/// ones. None may reach the terminal raw.
const ACTIVE: &[char] = &[
    '\u{1b}', '\r', '\u{7}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{200b}', '\u{200e}', '\u{200f}', '\u{ad}',
];

/// Fails when `text` (what `what` printed) holds one of [`ACTIVE`].
#[track_caller]
fn assert_inert(what: &str, text: &str) {
    if let Some(c) = text.chars().find(|c| ACTIVE.contains(c)) {
        panic!(
            "{what} printed U+{:04X} raw:\n{}",
            c as u32,
            text.escape_debug()
        );
    }
}

#[track_caller]
fn assert_run_inert(run: &Run) {
    assert_inert(&format!("{} (stdout)", run.command()), run.stdout());
    assert_inert(&format!("{} (stderr)", run.command()), run.stderr());
}

/// The hostile describe.json (tests/fixtures/harden/hostile-text-describe.json): a name that
/// clears the screen, a summary and a network entry that return to the start of the line and
/// erase it (the consent prompt then read "no permissions"), a secret grant that hides its
/// text, a tool description with a hyperlink and bidi overrides.
fn hostile_describe() -> Value {
    read_json(&harden("hostile-text-describe.json"))
}

fn hostile_files() -> Vec<gtdx_pack::PackFile> {
    vec![
        gtdx_pack::PackFile::bytes(
            "components/demo.wasm",
            b"\0asm\x0d\0\x01\0component bytes".to_vec(),
        ),
        gtdx_pack::PackFile::bytes("prompts/echo.md", b"# Echo\n".to_vec()),
        gtdx_pack::PackFile::bytes("schemas/echo.json", br#"{"type":"object"}"#.to_vec()),
        gtdx_pack::PackFile::bytes(
            "assets/icon.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
        ),
    ]
}

/// The hostile pack, signed by `key`.
fn hostile_pack(env: &Env, key: &KeyPair) -> PathBuf {
    let pack = env.pack(
        "packs/hostile.gtxpack",
        &hostile_describe(),
        hostile_files(),
    );
    env.sign(&pack, key);
    pack
}

/// The consent prompt, on a real terminal (`script` gives gtdx one): every value of the pack
/// is escaped, so the erasing network entry shows as `\r\u{1b}[2K  no permissions (…)` beside
/// the real one, and the answer `n` installs nothing. Without a terminal the refusal's summary
/// of the permissions is escaped the same way.
#[test]
fn what_a_pack_says_is_shown_as_text_in_the_consent_prompt() {
    let Some(script) = require_tool("script") else {
        return;
    };
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = hostile_pack(&env, &key);
    let gtdx_bin = env!("CARGO_BIN_EXE_gtdx");
    let cmd = format!("{gtdx_bin} install {} --color never", pack.display());
    let run = env
        .tool(&script, ["-qec", &cmd, "/dev/null"])
        .stdin("n\n")
        .run();
    // The terminal ends its lines with CR LF; any other CR came from the pack.
    let shown = run.stdout().replace("\r\n", "\n");
    assert_inert("the consent prompt", &shown);
    for needle in [
        "gtdx.fixture-hostile-text@0.1.0 (DesignExtension) requests:",
        "network: https://exfil.attacker.example/*, \\r\\u{1b}[2K  no permissions (no network",
        "secrets: secret://vendor/\\u{1b}[8mhidden\\u{1b}[0m",
        "Install it? [y/N]",
        "declined",
    ] {
        assert!(shown.contains(needle), "no {needle:?} in:\n{shown}");
    }
    assert!(
        !env.greentic_home().join("extensions/design").exists(),
        "a declined install wrote nothing"
    );

    // Without a terminal: refused, the permissions summarised as text.
    let run = env.gtdx(["install", s(&pack)]);
    run.code(2)
        .stderr_has("pass --yes")
        .stderr_has("https://exfil.attacker.example/*, \\r\\u{1b}[2K  no permissions");
    assert_run_inert(&run);
    let json = env.gtdx(["install", s(&pack), "--format", "json"]);
    json.code(2);
    assert_run_inert(&json);
}

/// After an install, everything that shows the pack (`list`, `inspect`, `verify`) and what a
/// registry holds (`search`, `info`) prints its values escaped; JSON keeps them as they are
/// (serde_json escapes the controls).
#[test]
fn what_a_pack_says_is_shown_as_text_by_list_inspect_verify_search_info() {
    let env = Env::new();
    let key = env.keygen("pub");
    let pack = hostile_pack(&env, &key);
    let pub_key = s(&key.public);

    let install = env.gtdx(["install", s(&pack), "--yes"]);
    install
        .code(0)
        .stderr_has("Installed gtdx.fixture-hostile-text@0.1.0");
    assert_run_inert(&install);

    let list = env.gtdx(["list"]);
    list.code(0).stdout_has("gtdx.fixture-hostile-text");
    assert_run_inert(&list);

    // (Exit 1: the made-up component is not a real one, which inspect reports.)
    let inspect = env.gtdx(["inspect", s(&pack)]);
    inspect
        .code(1)
        .stdout_has("Hostile\\u{1b}[2J\\u{1b}[H text \\u{202e}exe.tab\\u{202c}")
        .stdout_has("Looks harmless.\\r\\u{1b}[2K  nothing to see\\u{200b}\\u{2066}here\\u{2069}")
        .stdout_has("description: Repeat the text.\\u{1b}]8;;https://evil.example\\u{7} click")
        .stdout_has("What to repeat.\\r\\u{1b}[1A\\u{1b}[2K");
    assert_run_inert(&inspect);
    // The JSON report keeps the values themselves.
    let doc = env
        .gtdx(["inspect", s(&pack), "--format", "json"])
        .code(1)
        .json();
    assert_eq!(
        doc["identity"]["summary"],
        json!("Looks harmless.\r\u{1b}[2K  nothing to see\u{200b}\u{2066}here\u{2069}")
    );

    let verify = env.gtdx(["verify", s(&pack), "--trusted-key", pub_key]);
    verify.code(0).stdout_has(": valid");
    assert_run_inert(&verify);

    // The registry side: published to the local registry, then searched and shown.
    let publish = env.gtdx(["publish", s(&pack)]);
    publish.code(0);
    assert_run_inert(&publish);
    let search = env.gtdx(["search", "hostile"]);
    search
        .code(0)
        .stdout_has("gtdx.fixture-hostile-text@0.1.0  Hostile\\u{1b}[2J");
    assert_run_inert(&search);
    let info = env.gtdx(["info", "gtdx.fixture-hostile-text"]);
    info.code(0)
        .stdout_has("summary:     Looks harmless.\\r\\u{1b}[2K")
        .stdout_has(
            "permission:  network: https://exfil.attacker.example/*, \\r\\u{1b}[2K  no permissions",
        );
    assert_run_inert(&info);
}

/// `lint` and `validate` quote a manifest's strings in their findings: quoted as text, in the
/// one-line form and in the excerpt under it.
#[test]
fn what_a_pack_says_is_shown_as_text_in_lint_and_validate_findings() {
    let env = Env::new();
    let mut d = hostile_describe();
    // Findings that quote what the manifest says (a tool name, a version), in a file whose
    // lines hold the bidi override raw (JSON escapes ESC, not U+202E).
    d["contributions"]["tools"][0]["name"] = json!("echo\u{1b}[2K\u{202e}");
    d["metadata"]["version"] = json!("0.1.0\u{1b}[31m\u{202e}");
    let file = env.write("describe.json", serde_json::to_string_pretty(&d).unwrap());
    for command in ["lint", "validate"] {
        let run = env.gtdx([command, s(&file)]);
        run.failure();
        assert!(
            run.stdout().contains("\\u{202e}"),
            "{command} quotes the value escaped:\n{run}"
        );
        assert_run_inert(&run);
    }
}
