//! Docs that hold (#19 item 5): every command block of README.md and docs/*.md runs here, the
//! way a reader follows the page, so the docs cannot drift from the tool.
//!
//! The convention (CONTRIBUTING.md, "Docs are tested", says it for authors):
//!
//! * Every fenced block names its language. `sh`, `bash` and `shell` blocks run as written;
//!   in a `console` block each `$ ` line is a command and the lines up to the next `$ ` are the
//!   output it shows, compared after trimming trailing spaces: a line `...` matches any run of
//!   lines, `…` inside a line any text, and the scratch home is `/home/me`. A command that shows
//!   no output is not compared. Every command must exit 0, or the `N` of an
//!   `<!-- docs-test: exit N -->` line directly above its block.
//! * `<!-- docs-test: skip — REASON -->` directly above a fence: the block is not run; the reason
//!   is required (skips are counted and listed by [`skips_are_few_and_have_reasons`]).
//! * `<!-- docs-test: setup ... -->` (one line or several): shell run at that point, hidden from
//!   readers (prerequisites such as a key file).
//! * `<!-- docs-test: file PATH -->` directly above a fence: the block is written to PATH,
//!   relative to the page's starting directory, before the page's first command (a spec the page
//!   shows is then the one its commands use, wherever the page shows it).
//!
//! A page runs as one `bash -eo pipefail` script in its own [`Env`], in its HOME, so `cd` and
//! variables carry from block to block. `gtdx` and `cargo-gtdx` are the binaries under test;
//! every project cargo builds keeps its own `target/` (packs land where the page says) while the
//! compiled dependencies live in the suite's shared target directory (`CARGO_BUILD_BUILD_DIR`),
//! and a project `gtdx new` makes gets the workspace's Cargo.lock, as in tests/e2e/new.rs.
//! One test per page: `cargo test --test e2e -- docs::quickstart`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::support::{
    Env, Run, fixture, read, read_json, require_tool, shared_target_dir, workspace_root,
};

/// Languages whose blocks run.
const RUNNABLE: &[&str] = &["sh", "bash", "shell", "console"];
/// Languages whose blocks are shown, never run.
const SHOWN: &[&str] = &["toml", "json", "yaml", "rust", "text"];
/// What the scratch home is called in the pages.
const HOME_SHOWN: &str = "/home/me";
/// A page's script may not run longer than this (a command waiting for input, a hung build).
const PAGE_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// How many blocks the pages skip in all: a new skip must raise it, on purpose (see
/// [`skips_are_few_and_have_reasons`]).
const MAX_SKIPS: usize = 11;

macro_rules! pages {
    ($($name:ident => $path:literal),* $(,)?) => {
        /// Every page whose blocks are tested, by path from the workspace root.
        const PAGES: &[&str] = &[$($path),*];
        $(
            #[test]
            fn $name() {
                run_page($path);
            }
        )*
    };
}

pages! {
    readme => "README.md",
    contributing => "CONTRIBUTING.md",
    authoring => "docs/authoring.md",
    building => "docs/building.md",
    ci => "docs/ci.md",
    dev => "docs/dev.md",
    diagnostics => "docs/diagnostics.md",
    doctor => "docs/doctor.md",
    dynamic_tools => "docs/dynamic-tools.md",
    fuzzing => "docs/fuzzing.md",
    manifest => "docs/manifest.md",
    migrating => "docs/migrating.md",
    node_types => "docs/node-types.md",
    openapi => "docs/openapi.md",
    performance => "docs/performance.md",
    publishing => "docs/publishing.md",
    quickstart => "docs/quickstart.md",
    registries => "docs/registries.md",
    running => "docs/running.md",
    security => "docs/security.md",
    signing => "docs/signing.md",
    worker => "docs/worker.md",
}

/// What a page needs beyond a scratch home: external programs, and files a reader of the page
/// already has that no command of the page makes (written before the script runs).
struct Needs {
    tools: &'static [&'static str],
    /// Writes those files into the page's starting directory.
    prepare: fn(&Path),
}

fn needs(page: &str) -> Needs {
    let nothing: fn(&Path) = |_| {};
    match page {
        "docs/signing.md" => Needs {
            tools: &["minisign"],
            prepare: nothing,
        },
        "docs/worker.md" | "docs/ci.md" => Needs {
            tools: &[],
            prepare: worker_packs,
        },
        "docs/doctor.md" => Needs {
            tools: &[],
            prepare: doctor_extensions,
        },
        "docs/migrating.md" => Needs {
            tools: &[],
            prepare: v1_extension,
        },
        _ => Needs {
            tools: &[],
            prepare: nothing,
        },
    }
}

/// A new page under docs/ is tested from the start: it must be in [`PAGES`].
#[test]
fn every_page_is_tested() {
    let docs = workspace_root().join("docs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&docs).expect("docs/ is readable") {
        let path = entry.expect("a docs/ entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            let rel = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
            if !PAGES.contains(&rel.as_str()) {
                missing.push(rel);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pages not in PAGES of tests/e2e/docs.rs (add a line to `pages!`): {missing:?}"
    );
}

/// Skips need a reason and stay few; prints how many blocks run, compare and skip, and why.
#[test]
fn skips_are_few_and_have_reasons() {
    let (mut blocks, mut compared, mut skips) = (0, 0, Vec::new());
    for rel in PAGES {
        let page = parse_page(rel);
        for step in &page.steps {
            match step {
                Step::Shell { .. } => blocks += 1,
                Step::Console { commands, .. } => {
                    blocks += 1;
                    compared += commands.iter().filter(|c| c.shown).count();
                }
                Step::Setup { .. } | Step::File { .. } => {}
            }
        }
        skips.extend(
            page.skips
                .iter()
                .map(|(line, why)| format!("{rel}:{line}: {why}")),
        );
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "\ndocs: {blocks} blocks run, {compared} outputs compared, {} skipped:\n  {}",
        skips.len(),
        skips.join("\n  ")
    );
    assert!(
        skips.len() <= MAX_SKIPS,
        "{} skipped blocks, more than {MAX_SKIPS}: make blocks runnable rather than skip them",
        skips.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Reading a page

/// A page as the test runs it: its steps in page order, and the blocks it skips.
#[derive(Debug, Default)]
struct Page {
    /// The page's lines, to quote a failing one.
    source: Vec<String>,
    steps: Vec<Step>,
    /// (line of the fence, reason)
    skips: Vec<(usize, String)>,
}

/// One thing the script does. Lines are 1-based lines of the page.
#[derive(Debug)]
enum Step {
    /// A `sh`/`bash`/`shell` block; `line` is its first line of code.
    Shell { line: usize, text: String },
    /// A `console` block: its commands, each expected to exit `status`.
    Console {
        line: usize,
        status: i32,
        commands: Vec<Command>,
    },
    /// A hidden `<!-- docs-test: setup -->` script.
    Setup { line: usize, text: String },
    /// A block written to `path` (`<!-- docs-test: file PATH -->`).
    File {
        line: usize,
        path: String,
        text: String,
    },
}

/// One `$ ` command of a console block and the output the page shows for it.
#[derive(Debug)]
struct Command {
    line: usize,
    text: String,
    output: Vec<String>,
    /// Whether the page shows output (a command followed directly by another shows none).
    shown: bool,
}

/// A `<!-- docs-test: ... -->` line that applies to the fence right below it.
#[derive(Debug)]
enum Directive {
    Skip(String),
    File(String),
    Exit(i32),
}

/// Reads and parses a page; panics naming the page and line on a malformed block or directive.
fn parse_page(rel: &str) -> Page {
    let text = read(&workspace_root().join(rel));
    parse(&text).unwrap_or_else(|(line, why)| panic!("{rel}:{line}: {why}"))
}

/// The steps and skips of a page's Markdown. An error is (line, what is wrong).
fn parse(text: &str) -> Result<Page, (usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut page = Page {
        source: lines.iter().map(|l| l.to_string()).collect(),
        ..Page::default()
    };
    let mut pending: Option<(usize, Directive)> = None;
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let line = lines[i];
        if let Some((indent, fence, info)) = fence_open(line) {
            let end = (i + 1..lines.len())
                .find(|&j| fence_close(lines[j], &fence))
                .ok_or((n, format!("the block opened by `{fence}` is never closed")))?;
            let body: Vec<String> = lines[i + 1..end]
                .iter()
                .map(|l| strip_indent(l, indent).trim_end().to_string())
                .collect();
            let directive = pending.take().filter(|(at, _)| *at == i).map(|(_, d)| d);
            block(&mut page, n, &info, body, directive)?;
            i = end + 1;
            continue;
        }
        if let Some((at, _)) = &pending {
            return Err((
                *at,
                "a docs-test directive must be directly above a fence".into(),
            ));
        }
        if let Some(rest) = line.trim_start().strip_prefix("<!-- docs-test:") {
            let (directive, consumed) = directive(&lines, i, rest)?;
            match directive {
                Some(d) => pending = Some((i + consumed, d)),
                None => {
                    let text = setup_text(&lines[i..i + consumed], rest);
                    page.steps.push(Step::Setup { line: n, text });
                }
            }
            i += consumed;
            continue;
        }
        i += 1;
    }
    if let Some((at, _)) = pending {
        return Err((
            at,
            "a docs-test directive must be directly above a fence".into(),
        ));
    }
    Ok(page)
}

/// An opening fence: (its indentation, the fence, the language).
fn fence_open(line: &str) -> Option<(usize, String, String)> {
    let indent = line.len() - line.trim_start().len();
    let rest = line.trim_start();
    let ch = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = rest.chars().take_while(|c| *c == ch).count();
    if len < 3 {
        return None;
    }
    let info = rest[len..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    Some((indent, rest[..len].to_string(), info))
}

/// Whether `line` closes a block opened by `fence`.
fn fence_close(line: &str, fence: &str) -> bool {
    let t = line.trim();
    let ch = fence.chars().next().unwrap_or('`');
    t.len() >= fence.len() && t.chars().all(|c| c == ch)
}

/// `line` without up to `indent` leading spaces (the indentation of a block in a list item).
fn strip_indent(line: &str, indent: usize) -> &str {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    &line[spaces.min(indent)..]
}

/// Parses the directive starting at `lines[i]` (after `<!-- docs-test:`): `Some` for one that
/// applies to the next fence, `None` for a setup; and how many lines it spans.
fn directive(
    lines: &[&str],
    i: usize,
    rest: &str,
) -> Result<(Option<Directive>, usize), (usize, String)> {
    let n = i + 1;
    let word = rest.split_whitespace().next().unwrap_or("");
    if word == "setup" {
        let end = (i..lines.len())
            .find(|&j| lines[j].contains("-->"))
            .ok_or((
                n,
                "a docs-test setup comment is never closed with `-->`".into(),
            ))?;
        return Ok((None, end - i + 1));
    }
    let body = rest
        .trim()
        .strip_suffix("-->")
        .ok_or((
            n,
            "a docs-test directive other than setup must fit on one line".to_string(),
        ))?
        .trim();
    let arg = body[word.len()..].trim();
    let d = match word {
        "skip" => {
            let reason = arg.trim_start_matches(['—', '-', ':']).trim();
            if reason.is_empty() {
                return Err((
                    n,
                    "a skip needs its reason: `<!-- docs-test: skip — why -->`".into(),
                ));
            }
            Directive::Skip(reason.to_string())
        }
        "file" if !arg.is_empty() && !arg.contains(char::is_whitespace) => {
            Directive::File(arg.to_string())
        }
        "exit" => Directive::Exit(
            arg.parse()
                .map_err(|_| (n, format!("`exit` takes an exit code, not {arg:?}")))?,
        ),
        _ => {
            return Err((
                n,
                format!(
                    "unknown docs-test directive {body:?}: skip — REASON, setup, file PATH or exit N"
                ),
            ));
        }
    };
    Ok((Some(d), 1))
}

/// The shell text of a setup comment spanning `lines` (the first holds `rest` after the tag).
fn setup_text(lines: &[&str], rest: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let first = rest.trim_start().strip_prefix("setup").unwrap_or("");
    out.push(first);
    out.extend(&lines[1..]);
    let mut text = out.join("\n");
    if let Some(at) = text.rfind("-->") {
        text.truncate(at);
    }
    text.trim_matches('\n').to_string()
}

/// Adds the fenced block at line `n` to the page, as its language and directive say.
fn block(
    page: &mut Page,
    n: usize,
    info: &str,
    body: Vec<String>,
    directive: Option<Directive>,
) -> Result<(), (usize, String)> {
    if info.is_empty() {
        return Err((
            n,
            "a fenced block must name its language (`text` for plain text)".into(),
        ));
    }
    if !RUNNABLE.contains(&info) && !SHOWN.contains(&info) {
        return Err((
            n,
            format!("unknown language `{info}`: one of {RUNNABLE:?} or {SHOWN:?}"),
        ));
    }
    let runnable = RUNNABLE.contains(&info);
    match directive {
        Some(Directive::Skip(why)) if runnable => page.skips.push((n, why)),
        Some(Directive::File(path)) if !runnable => page.steps.push(Step::File {
            line: n + 1,
            path,
            text: body.join("\n"),
        }),
        Some(Directive::Exit(status)) if info == "console" => page.steps.push(Step::Console {
            line: n,
            status,
            commands: console(n, &body)?,
        }),
        Some(d) => return Err((n, format!("{d:?} does not apply to a `{info}` block"))),
        None if info == "console" => page.steps.push(Step::Console {
            line: n,
            status: 0,
            commands: console(n, &body)?,
        }),
        None if runnable => page.steps.push(Step::Shell {
            line: n + 1,
            text: body.join("\n"),
        }),
        None => {}
    }
    Ok(())
}

/// The commands of a console block whose fence is at line `n`.
fn console(n: usize, body: &[String]) -> Result<Vec<Command>, (usize, String)> {
    let mut commands: Vec<Command> = Vec::new();
    let mut continued = false;
    for (k, line) in body.iter().enumerate() {
        let at = n + 1 + k;
        if continued {
            let c = commands.last_mut().expect("a command is being continued");
            c.text.push('\n');
            c.text.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            commands.push(Command {
                line: at,
                text: cmd.to_string(),
                output: Vec::new(),
                shown: false,
            });
            continued = cmd.ends_with('\\');
        } else {
            let c = commands.last_mut().ok_or((
                at,
                "console output before the first `$ ` command".to_string(),
            ))?;
            c.output.push(line.clone());
            c.shown = true;
        }
    }
    for c in &mut commands {
        while c.output.last().is_some_and(|l| l.is_empty()) {
            c.output.pop();
        }
    }
    Ok(commands)
}

// ---------------------------------------------------------------------------------------------
// The script

/// The script a page runs as, and the page line each of its lines comes from (0: the harness).
#[derive(Default)]
struct Script {
    text: String,
    origin: Vec<usize>,
}

impl Script {
    fn harness(&mut self, text: &str) {
        for l in text.lines() {
            self.push(l, 0);
        }
    }

    fn page(&mut self, first: usize, text: &str) {
        for (k, l) in text.lines().enumerate() {
            self.push(l, first + k);
        }
    }

    fn push(&mut self, line: &str, origin: usize) {
        self.text.push_str(line);
        self.text.push('\n');
        self.origin.push(origin);
    }

    /// The page line of script line `n` (1-based), if it comes from the page.
    fn page_line(&self, n: usize) -> Option<usize> {
        self.origin
            .get(n.checked_sub(1)?)
            .copied()
            .filter(|&l| l > 0)
    }
}

/// Said once at the top of every page's script: stderr joins stdout so output keeps its order, a
/// failed command prints a marker naming its line, `$EDITOR` opens nothing, the Greentic home is
/// the reader's default (`~/.greentic`), and a project `gtdx new` makes resolves to the
/// workspace's Cargo.lock (the versions the suite has compiled), trimmed by cargo to what the
/// project needs, as its own lock would be (so `--locked` commands accept it).
const PREAMBLE: &str = r#"exec 2>&1
trap '__docs_rc=$?; [ -n "${__docs_console-}" ] || printf "\n@@docs-test failed %s %s\n%s\n" "$LINENO" "$__docs_rc" "$BASH_COMMAND"' ERR
unset GREENTIC_HOME
export EDITOR=true
gtdx() {
  command gtdx "$@" || return
  if [ "${1-}" = new ] && [ -f "${2-}/Cargo.toml" ]; then
    cp "$DOCS_TEST_LOCK" "$2/Cargo.lock"
    (cd "$2" && cargo update --workspace --offline --quiet)
  fi
}
__docs_expect() {
  if [ "$2" != "$3" ]; then printf '\n@@docs-test status %s %s\n' "$1" "$2"; exit 1; fi
}"#;

/// Heredoc delimiter for `file` steps (never a line of a page).
const EOF_MARK: &str = "__DOCS_TEST_EOF__";

/// The script of a page: the preamble, the files the page shows (a reader has them at hand
/// before the page's first command, wherever the page shows them), then every other step with a
/// marker before it.
fn script(page: &Page) -> Script {
    let mut s = Script::default();
    s.harness(PREAMBLE);
    for (k, step) in page.steps.iter().enumerate() {
        if let Step::File { line, path, text } = step {
            s.harness(&format!("printf '\\n@@docs-test step {k}\\n'"));
            s.harness(&format!(
                "mkdir -p \"$(dirname '{path}')\" && cat > '{path}' <<'{EOF_MARK}'"
            ));
            s.page(*line, text);
            s.harness(EOF_MARK);
        }
    }
    let mut id = 0;
    for (k, step) in page.steps.iter().enumerate() {
        if matches!(step, Step::File { .. }) {
            continue;
        }
        s.harness(&format!("printf '\\n@@docs-test step {k}\\n'"));
        match step {
            Step::Shell { line, text } | Step::Setup { line, text } => s.page(*line, text),
            Step::File { .. } => {}
            Step::Console {
                status, commands, ..
            } => {
                for c in commands {
                    s.harness(&format!("printf '\\n@@docs-test begin {id}\\n'"));
                    s.harness("__docs_console=1; set +e");
                    s.page(c.line, &c.text);
                    s.harness("__docs_rc=$?; set -e; __docs_console=");
                    s.harness(&format!("printf '\\n@@docs-test end {id}\\n'"));
                    s.harness(&format!("__docs_expect {id} \"$__docs_rc\" {status}"));
                    id += 1;
                }
            }
        }
    }
    s.harness("printf '\\n@@docs-test done\\n'");
    s
}

// ---------------------------------------------------------------------------------------------
// Running a page

/// Runs every block of the page `rel` in one scratch home and checks what the page promises.
fn run_page(rel: &str) {
    let page = parse_page(rel);
    let needs = needs(rel);
    if page.steps.is_empty() {
        return;
    }
    for tool in needs.tools {
        if require_tool(tool).is_none() {
            return;
        }
    }
    let env = Env::new();
    let home = env.home();
    (needs.prepare)(&home);
    let script = script(&page);
    let file = env.write("docs-test.sh", &script.text);
    let run = env
        .cmd("bash", "bash")
        .args(["-eo", "pipefail"])
        .arg(&file)
        .current_dir(&home)
        .env("PATH", path_with_gtdx(&env))
        .env("NO_COLOR", "1")
        .env("CARGO_BUILD_BUILD_DIR", shared_target_dir())
        .env("DOCS_TEST_LOCK", workspace_root().join("Cargo.lock"))
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("RUSTFLAGS")
        .timeout(PAGE_TIMEOUT)
        .run();
    let output = run
        .stdout()
        .replace(&home.display().to_string(), HOME_SHOWN);
    // The whole transcript, for `-- --nocapture` (the harness shows it for a failing test too).
    println!("{rel}, run in {}:\n{output}", home.display());
    check(rel, &page, &script, &run, &output);
}

/// PATH with a directory holding only the `gtdx` and `cargo-gtdx` under test in front.
fn path_with_gtdx(env: &Env) -> std::ffi::OsString {
    let bin = env.mkdir("bin");
    for exe in [env!("CARGO_BIN_EXE_gtdx"), env!("CARGO_BIN_EXE_cargo-gtdx")] {
        let exe = Path::new(exe);
        std::os::unix::fs::symlink(exe, bin.join(exe.file_name().unwrap())).unwrap_or_else(|e| {
            panic!("cannot link {} into {}: {e}", exe.display(), bin.display())
        });
    }
    crate::support::path_with(&bin)
}

/// What the script printed, cut at its markers.
#[derive(Default)]
struct Output {
    /// Each step's output, by step index (console commands' outputs included).
    steps: Vec<Vec<String>>,
    /// Each console command's output, by command id.
    commands: Vec<Option<Vec<String>>>,
    /// (script line, exit status, command) of the command that stopped the script.
    failed: Option<(usize, String, String)>,
    /// (command id, exit status) of a console command that exited otherwise than the page says.
    status: Option<(usize, String)>,
    done: bool,
}

/// Cuts the script's output at its markers.
fn split(output: &str, steps: usize, commands: usize) -> Output {
    let mut out = Output {
        steps: vec![Vec::new(); steps],
        commands: vec![None; commands],
        ..Output::default()
    };
    let (mut step, mut cmd): (Option<usize>, Option<usize>) = (None, None);
    let mut lines = output.lines();
    while let Some(line) = lines.next() {
        let Some(marker) = line.strip_prefix("@@docs-test ") else {
            let line = line.trim_end().to_string();
            if let Some(s) = step.and_then(|s| out.steps.get_mut(s)) {
                s.push(line.clone());
            }
            if let Some(c) = cmd.and_then(|c| out.commands.get_mut(c)) {
                c.get_or_insert_with(Vec::new).push(line);
            }
            continue;
        };
        let mut words = marker.split_whitespace();
        let (what, a, b) = (words.next(), words.next(), words.next());
        let num = |w: Option<&str>| w.and_then(|w| w.parse::<usize>().ok());
        match what {
            Some("step") => step = num(a),
            Some("begin") => {
                cmd = num(a);
                if let Some(c) = cmd.and_then(|c| out.commands.get_mut(c)) {
                    *c = Some(Vec::new());
                }
            }
            Some("end") => cmd = None,
            Some("failed") => {
                let command = lines.next().unwrap_or("").to_string();
                out.failed = Some((num(a).unwrap_or(0), b.unwrap_or("?").into(), command));
            }
            Some("status") => out.status = num(a).map(|c| (c, b.unwrap_or("?").into())),
            Some("done") => out.done = true,
            _ => {}
        }
    }
    for lines in out
        .steps
        .iter_mut()
        .chain(out.commands.iter_mut().flatten())
    {
        trim_blank_ends(lines);
    }
    out
}

/// Removes blank lines at both ends (the markers' own newlines leave some).
fn trim_blank_ends(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let lead = lines.iter().take_while(|l| l.is_empty()).count();
    lines.drain(..lead);
}

/// Fails the test, naming the page, the line and the command, unless the script ran to its end
/// and every console command printed what the page shows.
fn check(rel: &str, page: &Page, script: &Script, run: &Run, output: &str) {
    let commands: Vec<(&Command, usize)> = page
        .steps
        .iter()
        .enumerate()
        .flat_map(|(k, s)| match s {
            Step::Console { commands, .. } => commands.iter().map(|c| (c, k)).collect(),
            _ => Vec::new(),
        })
        .collect();
    let out = split(output, page.steps.len(), commands.len());
    if let Some((line, status, command)) = &out.failed {
        let at = script.page_line(*line);
        let step = at.and_then(|l| step_of(page, l));
        // The page's line names the command better than bash's `$BASH_COMMAND` (`return` when
        // the failure came out of the `gtdx` wrapper).
        let quoted = at
            .and_then(|l| page.source.get(l - 1))
            .map_or(command.as_str(), |l| l.trim());
        panic!(
            "{rel}:{}: `{quoted}` failed (exit {status}){}; its output:\n{}",
            at.map_or("?".into(), |l| l.to_string()),
            step.map_or(String::new(), |k| format!(
                " in the {}",
                describe_step(&page.steps[k])
            )),
            indent(step.map_or(&[][..], |k| &out.steps[k][..]))
        );
    }
    if let Some((id, status)) = &out.status {
        let (c, k) = commands[*id];
        let want = match page.steps[k] {
            Step::Console { status, .. } => status,
            _ => 0,
        };
        panic!(
            "{rel}:{}: `{}` exited {status}, the page expects {want}{}; its output:\n{}",
            c.line,
            c.text,
            if want == 0 {
                " (mark the block `<!-- docs-test: exit N -->` if that is right)"
            } else {
                ""
            },
            indent(out.commands[*id].as_deref().unwrap_or(&[]))
        );
    }
    if !out.done {
        panic!(
            "{rel}: the script stopped before its end; its output:\n{}\n{run}",
            indent(&output.lines().map(String::from).collect::<Vec<_>>())
        );
    }
    let mut mismatches = Vec::new();
    for (id, (c, _)) in commands.iter().enumerate() {
        let actual = out.commands[id].clone().unwrap_or_default();
        if c.shown && !matches(&c.output, &actual) {
            mismatches.push(format!(
                "{rel}:{}: `{}` printed something other than the page shows.\n  the page:\n{}\n  the command:\n{}",
                c.line,
                c.text,
                indent(&c.output),
                indent(&actual)
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n\n"));
}

/// The index of the step holding page line `line` (the one starting last at or before it).
fn step_of(page: &Page, line: usize) -> Option<usize> {
    page.steps
        .iter()
        .enumerate()
        .filter(|(_, s)| step_line(s) <= line)
        .max_by_key(|(_, s)| step_line(s))
        .map(|(k, _)| k)
}

fn step_line(step: &Step) -> usize {
    match step {
        Step::Shell { line, .. }
        | Step::Console { line, .. }
        | Step::Setup { line, .. }
        | Step::File { line, .. } => *line,
    }
}

fn describe_step(step: &Step) -> String {
    match step {
        Step::Shell { line, .. } => format!("block at line {}", line - 1),
        Step::Console { line, .. } => format!("console block at line {line}"),
        Step::Setup { line, .. } => format!("docs-test setup at line {line}"),
        Step::File { line, path, .. } => format!("file {path} at line {}", line - 1),
    }
}

fn indent(lines: &[String]) -> String {
    if lines.is_empty() {
        return "    (nothing)".into();
    }
    lines
        .iter()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------------------------
// Comparing output

/// Whether `actual` is what `expected` shows: line by line, a line `...` (or `…`) standing for
/// any run of lines and `…` inside a line for any text.
fn matches(expected: &[String], actual: &[String]) -> bool {
    // can[i][j]: expected[i..] matches actual[j..].
    let (n, m) = (expected.len(), actual.len());
    let mut can = vec![vec![false; m + 1]; n + 1];
    can[n][m] = true;
    for i in (0..n).rev() {
        let any = matches!(expected[i].trim(), "..." | "…");
        for j in (0..=m).rev() {
            can[i][j] = if any {
                can[i + 1][j] || (j < m && can[i][j + 1])
            } else {
                j < m && line_matches(&expected[i], &actual[j]) && can[i + 1][j + 1]
            };
        }
    }
    can[0][0]
}

/// Whether `line` matches `pattern`, where `…` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

// ---------------------------------------------------------------------------------------------
// What pages assume a reader already has

/// Writes `<dir>/packs/<id>-<version>.gtxpack` from the worker fixture `name` (tests/e2e/worker.rs
/// has the same packs): its describe.json and made-up component bytes, unsigned.
fn fixture_pack(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> (PathBuf, Value) {
    let mut describe = read_json(&fixture(&format!("worker/{name}/describe.json")));
    edit(&mut describe);
    let component = format!("\0asm component bytes of {name}").into_bytes();
    let sha = gtdx_pack::sha256_hex(&component);
    let c = &mut describe["runtime"]["components"]["tools"];
    c["sha256"] = Value::String(sha.clone());
    c["gtpack"]["sha256"] = Value::String(sha);
    let file = format!(
        "packs/{}-{}.gtxpack",
        describe["metadata"]["id"].as_str().expect("a fixture id"),
        describe["metadata"]["version"]
            .as_str()
            .expect("a fixture version")
    );
    let out = dir.join(file);
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    gtdx_pack::write_pack(
        &out,
        &mut describe,
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    )
    .unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
    (out, describe)
}

/// worker.md and ci.md: the packs a worker spec names, `packs/greentic.alpha-1.0.0.gtxpack` and
/// `packs/greentic.beta-2.1.0.gtxpack` (the page signs them with its own key).
fn worker_packs(dir: &Path) {
    fixture_pack(dir, "alpha", |_| {});
    fixture_pack(dir, "beta", |_| {});
}

/// doctor.md: the extension `com.acme.orders` 0.3.0 whose tool `lookup_order` declares no
/// capabilities, as a project (`orders/describe.json`) and as a pack, and two more packs.
fn doctor_extensions(dir: &Path) {
    let (_, describe) = fixture_pack(dir, "gamma", |d| {
        d["metadata"]["id"] = "com.acme.orders".into();
        d["metadata"]["name"] = "ACME orders".into();
        d["runtime"]["components"]["tools"]["gtpack"]["pack_id"] = "com.acme.orders".into();
        let tool = &mut d["contributions"]["tools"][0];
        tool["name"] = "lookup_order".into();
        tool["description"] = "Look up an order by its number.".into();
        tool.as_object_mut().unwrap().remove("capabilities");
    });
    let project = dir.join("orders");
    std::fs::create_dir_all(&project).unwrap();
    let text = serde_json::to_string_pretty(&describe).unwrap() + "\n";
    std::fs::write(project.join("describe.json"), text).unwrap();
    fixture_pack(dir, "alpha", |_| {});
    fixture_pack(dir, "beta", |_| {});
}

/// migrating.md: `path/to/extension`, a v1 design extension (the migrate fixture `acme.weather`)
/// whose tools are those of the component beside it, `extension.wasm` (tests/e2e/run.rs builds
/// it once per run), named only, as v1 wrote them.
fn v1_extension(dir: &Path) {
    let (built, wasm, _) = crate::run::built();
    let mut v1 = read_json(&fixture("migrate/v1/acme.weather-1.4.0.json"));
    v1["contributions"]["tools"] = built["contributions"]["tools"]
        .as_array()
        .expect("the built fixture declares tools")
        .iter()
        .map(|t| serde_json::json!({"name": t["name"], "export": "greentic:extension-design/tools.invoke-tool"}))
        .collect();
    let ext = dir.join("path/to/extension");
    std::fs::create_dir_all(&ext).unwrap();
    std::fs::write(
        ext.join("describe.json"),
        serde_json::to_vec_pretty(&v1).unwrap(),
    )
    .unwrap();
    std::fs::copy(wasm, ext.join("extension.wasm"))
        .unwrap_or_else(|e| panic!("cannot copy {}: {e}", wasm.display()));
}

#[cfg(test)]
mod unit {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn wildcards_match_lines_and_text() {
        assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
        assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
        assert!(!matches(&lines("a\n...\nd"), &lines("a\nb")));
        assert!(matches(&lines("size (… KiB)"), &lines("size (71.2 KiB)")));
        assert!(!matches(&lines("size (… KiB)"), &lines("size (71.2 MiB)")));
        assert!(matches(&lines("…"), &lines("x\ny")));
        assert!(!matches(&lines("a"), &lines("a\nb")));
    }

    #[test]
    fn directives_are_checked() {
        let skip = "<!-- docs-test: skip -->\n```sh\ntrue\n```\n";
        assert!(parse(skip).unwrap_err().1.contains("reason"));
        let far = "<!-- docs-test: skip — far -->\n\n```sh\ntrue\n```\n";
        assert!(parse(far).unwrap_err().1.contains("directly above"));
        let bare = "```\ngtdx build\n```\n";
        assert!(parse(bare).unwrap_err().1.contains("language"));
        let page = parse(
            "<!-- docs-test: setup\ncd x\n-->\n<!-- docs-test: skip — network -->\n```sh\ncurl x\n```\n<!-- docs-test: exit 1 -->\n```console\n$ false\nout\n$ true\n```\n",
        )
        .unwrap();
        assert_eq!(page.skips, vec![(5, "network".to_string())]);
        assert!(matches!(&page.steps[0], Step::Setup { text, .. } if text == "cd x"));
        let Step::Console {
            status, commands, ..
        } = &page.steps[1]
        else {
            panic!("a console step")
        };
        assert_eq!(*status, 1);
        assert_eq!((commands[0].shown, commands[1].shown), (true, false));
        assert_eq!(commands[0].output, vec!["out".to_string()]);
    }

    /// The script's markers cut its output per command, and a failing command is found by the
    /// page line it came from.
    #[test]
    fn a_failure_names_its_page_line() {
        let page = parse("```console\n$ echo hi\nhi\n```\n\n```sh\ntrue\nfalse\necho never\n```\n")
            .unwrap();
        let s = script(&page);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.sh");
        std::fs::write(&file, &s.text).unwrap();
        let out = std::process::Command::new("bash")
            .args(["-eo", "pipefail"])
            .arg(&file)
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let cut = split(&text, page.steps.len(), 1);
        assert_eq!(cut.commands[0].as_deref(), Some(&["hi".to_string()][..]));
        let (line, status, _) = cut.failed.expect("`false` stops the script");
        assert_eq!((s.page_line(line), status.as_str()), (Some(8), "1"));
        assert!(!cut.done && !text.contains("never"));
    }
}
