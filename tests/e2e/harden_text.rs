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

// ---------------------------------------------------------------------------------------------
// 12. `--secret` text is never repeated; 12b. a secret pasted as a name is refused

/// The secret the tests paste where it does not belong.
const SECRET: &str = "sk-live-4eC39HqLyjWDarjtT1zdp7dc";

/// `gtdx run` with a component and describe.json that are never read: flags and input are
/// refused before anything is loaded.
fn run_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "run",
        "echo",
        "--wasm",
        "none.wasm",
        "--describe",
        "none.json",
    ];
    args.extend_from_slice(extra);
    args
}

#[track_caller]
fn assert_never_shown(run: &Run, secret: &str) {
    run.output_lacks(secret);
}

/// `--secret VALUE` without `KEY=`: refused, the text not repeated, in human and JSON output.
#[test]
fn secret_text_is_never_repeated_by_a_secret_flag_without_a_key() {
    let env = Env::new();
    for given in [SECRET.to_string(), format!("={SECRET}")] {
        let run = env.gtdx(run_args(&["--secret", &given]));
        run.code(2)
            .stderr_has("--secret takes KEY=VALUE, and the 1st --secret given has no key")
            .stderr_has("its text is not shown");
        assert_never_shown(&run, SECRET);
        let json = env.gtdx(run_args(&[
            "--secret",
            "team/ok=1",
            "--secret",
            &given,
            "--format",
            "json",
        ]));
        json.code(2);
        assert_never_shown(&json, SECRET);
        let event = json.json_lines().pop().expect("an error event");
        assert!(
            event["message"]
                .as_str()
                .unwrap()
                .contains("the 2nd --secret"),
            "{json}"
        );
    }
}

/// A test case whose `secrets` is a string, or a TOML case file with the secret unquoted:
/// refused, placed, the secret not echoed.
#[test]
fn secret_text_is_never_repeated_by_a_test_case_file() {
    let env = Env::new();
    for (file, expect) in [
        (
            "case-secrets-not-a-map.json",
            "at `cases[0].secrets`: `secrets` is an object of secret keys",
        ),
        ("case-secrets-bad-toml.toml", "not TOML at line 6, column"),
    ] {
        let dir = env.mkdir(&format!("cases-{file}"));
        std::fs::copy(harden(file), dir.join(file)).unwrap();
        for format in ["human", "json"] {
            let run = env.gtdx([
                "test",
                "--tests",
                s(&dir),
                "--wasm",
                "none.wasm",
                "--describe",
                "none.json",
                "--format",
                format,
            ]);
            run.code(2);
            if format == "human" {
                run.stderr_has(expect);
            }
            assert_never_shown(&run, SECRET);
            assert_never_shown(&run, "sk-live");
        }
    }
}

/// `gtdx keygen --name SEED` (a secret key pasted where a name belongs, with or without a
/// `/`), or the same as `--out-dir`: refused before anything is written, the seed never shown.
#[test]
fn a_secret_pasted_as_a_name_is_refused() {
    use base64::Engine as _;
    let env = Env::new();
    let b64 = base64::engine::general_purpose::STANDARD;
    let seeds = [
        b64.encode((7u8..39).collect::<Vec<u8>>()),
        b64.encode(
            [0xfb, 0xfb, 0xfb]
                .into_iter()
                .chain(0u8..29)
                .collect::<Vec<u8>>(),
        ),
    ];
    assert!(seeds[1].contains('/'));
    for seed in &seeds {
        let unpadded = seed.trim_end_matches('=');
        for name in [seed.as_str(), unpadded] {
            let run = env.gtdx(["keygen", "--name", name, "--out-dir", "kk"]);
            run.code(2)
                .stderr_has("--name: looks like key material")
                .stderr_has("nothing was written");
            assert_never_shown(&run, name);
            let json = env.gtdx(["keygen", "--name", name, "--format", "json"]);
            json.code(2);
            assert_never_shown(&json, name);
            let run = env
                .gtdx_cmd(["keygen", "--name", "ok", "--out-dir"])
                .arg(env.path(&format!("keys/{name}")))
                .run();
            run.code(2).stderr_has("--out-dir: looks like key material");
            assert_never_shown(&run, name);
        }
    }
    assert!(!env.path("kk").exists(), "nothing written");
    assert!(!env.path("keys").exists(), "nothing written");
    // A plain name still works.
    env.gtdx(["keygen", "--name", "release", "--out-dir", "kk"])
        .code(0);
}

// ---------------------------------------------------------------------------------------------
// 13. `--timeout` is validated

/// Past the documented maximum (a day; docs/security.md's `MAX_TIMEOUT`), and zero: refused
/// before anything runs (once, 1844674407370955162 s stopped the call at once with a trap and
/// 18446744073709551611 s panicked). A test case's `timeout_ms` is held to the same maximum.
#[test]
fn timeout_is_validated() {
    let env = Env::new();
    for given in [
        "1844674407370955162",
        "18446744073709551611",
        "86401s",
        "1441m",
        "86400001ms",
    ] {
        env.gtdx(run_args(&["--timeout", given]))
            .code(2)
            .stderr_has("is past the maximum of 86400 s (1 day)")
            .stderr_lacks("panicked");
    }
    env.gtdx(run_args(&["--timeout", "0s"]))
        .code(2)
        .stderr_has("a timeout of zero stops the call before it starts");
    env.gtdx(run_args(&["--timeout", "99999999999999999999"]))
        .code(2)
        .stderr_has("is not a duration");
    // The maximum itself is accepted: the run gets past the flag (to the missing component).
    env.gtdx(run_args(&["--timeout", "1440m"]))
        .code(2)
        .stderr_lacks("timeout")
        .stderr_has("none.wasm");

    let dir = env.mkdir("tests/tools");
    std::fs::write(
        dir.join("slow.json"),
        json!({"tool": "echo", "cases": [{"name": "forever", "timeout_ms": 18446744073709551615u64,
               "expect": {"output": {}}}]})
        .to_string(),
    )
    .unwrap();
    env.gtdx([
        "test",
        "--tests",
        s(&dir),
        "--wasm",
        "none.wasm",
        "--describe",
        "none.json",
    ])
    .code(2)
    .stderr_has("case `forever`: `timeout_ms`: a timeout of")
    .stderr_has("is past the maximum");
}

// ---------------------------------------------------------------------------------------------
// 14. non-UTF-8 tool input is refused; `migrate --write` through a symlink, and read-only files

/// A tool input file or standard input that is not UTF-8: refused with the byte offset (once
/// it was repaired with U+FFFD and the tool ran on other text).
#[test]
fn non_utf8_tool_input_is_refused_with_the_byte_offset() {
    let env = Env::new();
    let input = harden("non-utf8-tool-input.json");
    env.gtdx(run_args(&["--input-file", s(&input)]))
        .code(2)
        .stderr_has("is not UTF-8 (invalid byte at offset 13)")
        .stderr_lacks("\u{fffd}");
    env.gtdx_cmd(run_args(&["-"]))
        .stdin(std::fs::read(&input).unwrap())
        .run()
        .code(2)
        .stderr_has("standard input is not UTF-8 (invalid byte at offset 13)");
}

/// `migrate --write` on a describe.json that is a symbolic link writes the file it points at
/// (the link stays a link); on a read-only file it refuses, writing nothing, unless --force.
#[test]
fn migrate_write_goes_through_a_symlink_and_refuses_a_read_only_file() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let env = Env::new();
    let v1 = std::fs::read(fixture("migrate/v1/acme.weather-1.4.0.json")).unwrap();

    // Through a link: the target is migrated, the link kept.
    let target = env.write("shared/weather.json", &v1);
    let dir = env.mkdir("project");
    let link = dir.join("describe.json");
    symlink(&target, &link).unwrap();
    env.gtdx(["migrate", s(&dir), "--write"])
        .code(0)
        .stderr_has("the file the link points at");
    assert!(
        link.symlink_metadata().unwrap().file_type().is_symlink(),
        "still a link"
    );
    let v2 = read_json(&target);
    assert_eq!(v2["apiVersion"], "greentic.ai/v2");

    // Read-only: refused, nothing written; --force replaces it and keeps its mode.
    let manifest = env.write("ro/describe.json", &v1);
    std::fs::set_permissions(&manifest, std::fs::Permissions::from_mode(0o444)).unwrap();
    env.gtdx(["migrate", s(&manifest), "--write"])
        .code(2)
        .stderr_has("is read-only, so `--write` leaves it as it is (nothing written)")
        .stderr_has("--force");
    assert_eq!(std::fs::read(&manifest).unwrap(), v1, "nothing written");
    env.gtdx(["migrate", s(&manifest), "--write", "--force"])
        .code(0);
    assert_eq!(read_json(&manifest)["apiVersion"], "greentic.ai/v2");
    let mode = std::fs::metadata(&manifest).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "the mode is kept");
    // --force alone means nothing without --write.
    env.gtdx(["migrate", s(&manifest), "--force"]).code(2);
}
