//! Running a program and asserting on what it did.
//!
//! [`Cmd`] builds one command line (gtdx, cargo, minisign, the platform's gtdx ...); [`Cmd::run`]
//! runs it to completion and returns a [`Run`], whose assertions chain:
//!
//! ```ignore
//! env.gtdx(["verify", pack, "--format", "json"]).code(0).stdout_has("valid").json();
//! ```
//!
//! Every failing assertion prints the command line (with its directory and the environment the
//! test set), the exit code, stdout and stderr.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

/// Variables `cargo xtask test` sets on its own build (`xtask/src/clippy_wrap.rs`: clippy's
/// driver as the workspace wrapper, and its flags), which the test processes inherit. No
/// command a test runs sees them: a user's cargo has no wrapper. Nor the variables cargo set
/// for this test binary (`gtdx_test_support::child_env`).
const BUILD_ONLY: &[&str] = &[
    "RUSTC_WORKSPACE_WRAPPER",
    "CLIPPY_ARGS",
    "GTDX_XTASK_CLIPPY_ROOT",
];

/// One command to run: a program, its arguments, its environment and directory, its stdin.
#[derive(Clone)]
pub struct Cmd {
    program: OsString,
    /// How the program is named in reports (`gtdx`, not the binary's full path).
    label: String,
    args: Vec<OsString>,
    /// Variables set (`Some`) or removed (`None`), in order; the last field says whether the
    /// command line shows it (the defaults an [`Env`](super::Env) or a tool sets are not shown).
    envs: Vec<(OsString, Option<OsString>, bool)>,
    cwd: Option<PathBuf>,
    stdin: Option<Vec<u8>>,
    stdin_null: bool,
    timeout: Option<Duration>,
    /// Start from an empty environment (only the variables set afterwards).
    clear_env: bool,
}

impl Cmd {
    /// `program`, named `label` in reports.
    pub fn new(program: impl AsRef<OsStr>, label: &str) -> Cmd {
        Cmd {
            program: program.as_ref().to_owned(),
            label: label.to_string(),
            args: Vec::new(),
            envs: BUILD_ONLY
                .iter()
                .map(OsString::from)
                .chain(gtdx_test_support::child_env::inherited_package_vars())
                .map(|k| (k, None, false))
                .collect(),
            cwd: None,
            stdin: None,
            stdin_null: false,
            timeout: None,
            clear_env: false,
        }
    }

    /// Starts the program with no variable but those set on this `Cmd` afterwards: what a fresh
    /// login would have, not what the test runner inherited (`CARGO_*`, `RUSTUP_TOOLCHAIN`).
    pub fn env_clear(mut self) -> Cmd {
        self.clear_env = true;
        self.envs.clear();
        self
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Cmd {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Cmd {
        self.envs.push((
            key.as_ref().to_owned(),
            Some(value.as_ref().to_owned()),
            true,
        ));
        self
    }

    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Cmd {
        self.envs.push((key.as_ref().to_owned(), None, true));
        self
    }

    /// Sets (`Some`) or removes (`None`) a variable without showing it on the command line:
    /// for the defaults every command of a kind gets.
    pub(super) fn env_default(mut self, key: impl AsRef<OsStr>, value: Option<&OsStr>) -> Cmd {
        self.envs
            .push((key.as_ref().to_owned(), value.map(OsStr::to_owned), false));
        self
    }

    /// Runs in `dir` (by default: the test process's directory, or the [`Env`]'s).
    ///
    /// [`Env`]: super::Env
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Cmd {
        self.cwd = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Pipes `bytes` to the program's stdin (by default stdin is a pipe closed at once: reads
    /// see its end).
    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Cmd {
        self.stdin = Some(bytes.into());
        self
    }

    /// Gives the program `/dev/null` as its stdin instead of a closed pipe.
    pub fn stdin_null(mut self) -> Cmd {
        self.stdin_null = true;
        self
    }

    /// Kills the program after `limit`; the run then has no exit code.
    pub fn timeout(mut self, limit: Duration) -> Cmd {
        self.timeout = Some(limit);
        self
    }

    /// The command line as a shell would read it, with the directory and the variables set.
    pub fn display(&self) -> String {
        let mut s = String::new();
        if let Some(dir) = &self.cwd {
            s.push_str(&format!("cd {} && ", shell_word(dir.as_os_str())));
        }
        if self.clear_env {
            s.push_str("env -i ");
        }
        for (k, v, _) in self.envs.iter().filter(|e| e.2) {
            match v {
                Some(v) => s.push_str(&format!(
                    "{}={} ",
                    k.to_string_lossy(),
                    shell_word(v.as_os_str())
                )),
                None => s.push_str(&format!("-u {} ", k.to_string_lossy())),
            }
        }
        s.push_str(&self.label);
        for a in &self.args {
            s.push(' ');
            s.push_str(&shell_word(a));
        }
        if let Some(input) = &self.stdin {
            s.push_str(&format!(
                " <<< {}",
                shell_word(OsStr::new(&*String::from_utf8_lossy(input)))
            ));
        }
        if self.stdin_null {
            s.push_str(" < /dev/null");
        }
        s
    }

    /// The program, its arguments, environment and directory, as a std command.
    fn std_command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(&self.program);
        cmd.args(&self.args);
        if self.clear_env {
            cmd.env_clear();
        }
        for (k, v, _) in &self.envs {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            };
        }
        if let Some(dir) = &self.cwd {
            cmd.current_dir(dir);
        }
        cmd
    }

    /// Runs the command to completion.
    #[track_caller]
    pub fn run(self) -> Run {
        let command = self.display();
        let timed = format!("{} {}", self.label, shell_words(&self.args));
        let started = std::time::Instant::now();
        let mut cmd = self.std_command();
        let out = if self.stdin_null {
            assert!(
                self.stdin.is_none() && self.timeout.is_none(),
                "stdin_null takes neither stdin nor a timeout"
            );
            cmd.stdin(std::process::Stdio::null()).output()
        } else {
            let mut cmd = assert_cmd::Command::from_std(cmd);
            if let Some(input) = self.stdin {
                cmd.write_stdin(input);
            }
            if let Some(limit) = self.timeout {
                cmd.timeout(limit);
            }
            cmd.output()
        };
        let out = out.unwrap_or_else(|e| panic!("cannot run `{command}`: {e}"));
        super::timing::record_command(&timed, started.elapsed());
        Run {
            command,
            status: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            stdout_bytes: out.stdout,
        }
    }
}

/// The arguments, each quoted for a shell when it needs it, separated by spaces.
fn shell_words(args: &[std::ffi::OsString]) -> String {
    let words: Vec<String> = args.iter().map(|a| shell_word(a)).collect();
    words.join(" ")
}

/// `word` quoted for a shell when it needs it.
fn shell_word(word: &OsStr) -> String {
    let w = word.to_string_lossy();
    let plain = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%^".contains(c));
    if plain {
        w.into_owned()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// What one command did: its exit code, stdout and stderr. Its assertions panic with all of it.
pub struct Run {
    command: String,
    /// None: ended by a signal (or killed at its timeout).
    status: Option<i32>,
    stdout: String,
    stderr: String,
    stdout_bytes: Vec<u8>,
}

impl Run {
    /// The command line, as [`Cmd::display`] wrote it.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The exit code; panics (with the report) when the program was ended by a signal.
    #[track_caller]
    pub fn exit_code(&self) -> i32 {
        match self.status {
            Some(c) => c,
            None => self.fail("the program exited normally, not by a signal or timeout"),
        }
    }

    pub fn stdout(&self) -> &str {
        &self.stdout
    }

    pub fn stderr(&self) -> &str {
        &self.stderr
    }

    /// stdout as bytes, undecoded.
    pub fn stdout_bytes(&self) -> &[u8] {
        &self.stdout_bytes
    }

    /// Panics with `expected` and the whole report.
    #[track_caller]
    pub fn fail(&self, expected: impl fmt::Display) -> ! {
        panic!("expected: {expected}\n{self}")
    }

    /// Asserts `ok`, saying `expected` (and the report) when it is false.
    #[track_caller]
    pub fn check(&self, ok: bool, expected: impl fmt::Display) -> &Self {
        if !ok {
            self.fail(expected);
        }
        self
    }

    /// Asserts the exit code.
    #[track_caller]
    pub fn code(&self, code: i32) -> &Self {
        self.check(self.status == Some(code), format_args!("exit code {code}"))
    }

    /// Asserts exit code 0.
    #[track_caller]
    pub fn success(&self) -> &Self {
        self.code(0)
    }

    /// Asserts any exit code but 0 (a normal exit, not a signal).
    #[track_caller]
    pub fn failure(&self) -> &Self {
        self.check(self.status.is_some_and(|c| c != 0), "a non-zero exit code")
    }

    #[track_caller]
    pub fn stdout_has(&self, needle: &str) -> &Self {
        self.check(
            self.stdout.contains(needle),
            format_args!("stdout contains {needle:?}"),
        )
    }

    #[track_caller]
    pub fn stdout_lacks(&self, needle: &str) -> &Self {
        self.check(
            !self.stdout.contains(needle),
            format_args!("stdout does not contain {needle:?}"),
        )
    }

    #[track_caller]
    pub fn stderr_has(&self, needle: &str) -> &Self {
        self.check(
            self.stderr.contains(needle),
            format_args!("stderr contains {needle:?}"),
        )
    }

    #[track_caller]
    pub fn stderr_lacks(&self, needle: &str) -> &Self {
        self.check(
            !self.stderr.contains(needle),
            format_args!("stderr does not contain {needle:?}"),
        )
    }

    /// Asserts that stdout contains every needle.
    #[track_caller]
    pub fn stdout_has_all(&self, needles: &[&str]) -> &Self {
        for n in needles {
            self.stdout_has(n);
        }
        self
    }

    /// Asserts that stderr contains every needle.
    #[track_caller]
    pub fn stderr_has_all(&self, needles: &[&str]) -> &Self {
        for n in needles {
            self.stderr_has(n);
        }
        self
    }

    /// Asserts that stdout is exactly `text`.
    #[track_caller]
    pub fn stdout_is(&self, text: &str) -> &Self {
        self.check(
            self.stdout == text,
            format_args!("stdout is exactly {text:?}"),
        )
    }

    /// Asserts that stderr is exactly `text`.
    #[track_caller]
    pub fn stderr_is(&self, text: &str) -> &Self {
        self.check(
            self.stderr == text,
            format_args!("stderr is exactly {text:?}"),
        )
    }

    /// Asserts that neither stdout nor stderr contains `needle` (a secret, a panic).
    #[track_caller]
    pub fn output_lacks(&self, needle: &str) -> &Self {
        self.stdout_lacks(needle).stderr_lacks(needle)
    }

    /// stdout parsed as one JSON document.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| self.fail(format_args!("stdout is one JSON document ({e})")))
    }

    /// The checks named `check` that failed, in the doctor report (`--format json`) on stdout.
    #[track_caller]
    pub fn failed_checks(&self, check: &str) -> Vec<Value> {
        self.json()["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["check"] == check && c["status"] == "fail")
            .cloned()
            .collect()
    }

    /// stdout parsed as JSON lines (one object per line).
    #[track_caller]
    pub fn json_lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|l| {
                serde_json::from_str(l).unwrap_or_else(|e| {
                    self.fail(format_args!("every stdout line is JSON ({e}): {l}"))
                })
            })
            .collect()
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = match self.status {
            Some(c) => c.to_string(),
            None => "none (ended by a signal or its timeout)".to_string(),
        };
        writeln!(f, "  command:   {}", self.command)?;
        writeln!(f, "  exit code: {code}")?;
        writeln!(f, "  --- stdout ({} bytes)", self.stdout.len())?;
        writeln!(f, "{}", indent(&self.stdout))?;
        writeln!(f, "  --- stderr ({} bytes)", self.stderr.len())?;
        write!(f, "{}", indent(&self.stderr))
    }
}

impl fmt::Debug for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first `n` non-blank lines of `text`, indented, for quoting in a failure message that
/// gathers many cases (the rest is counted, not shown).
pub fn quote(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut s: String = lines
        .iter()
        .take(n)
        .map(|l| format!("\n        | {l}"))
        .collect();
    if lines.len() > n {
        s.push_str(&format!("\n        | … ({} more lines)", lines.len() - n));
    }
    s
}

/// The real `gtdx` binary this package builds, with colour off and backtraces as by default.
/// Tests reach it through an [`Env`](super::Env), which isolates its home directories.
pub(super) fn gtdx_cmd() -> Cmd {
    Cmd::new(env!("CARGO_BIN_EXE_gtdx"), "gtdx")
        .env_default("RUST_BACKTRACE", None)
        .env_default("NO_COLOR", Some("1".as_ref()))
}

/// Cargo (the one running the tests), with every build in the shared target directory so each
/// fixture compiles once per run.
pub fn cargo<I, S>(args: I) -> Cmd
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Cmd::new(
        std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()),
        "cargo",
    )
    .env("CARGO_TARGET_DIR", super::shared_target_dir())
    .args(args)
}

/// A command running in the background (`gtdx dev`): its stdout lines collected as they come.
pub struct Background {
    command: String,
    child: std::process::Child,
    lines: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Cmd {
    /// Starts the command with stdout and stderr captured; stdin is closed.
    pub fn spawn(self) -> Background {
        use std::io::{BufRead, Read};
        let command = self.display();
        let mut cmd = self.std_command();
        cmd.stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run `{command}`: {e}"));
        let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let out = child.stdout.take().expect("stdout is piped");
        let sink = lines.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        let mut err = child.stderr.take().expect("stderr is piped");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Background {
            command,
            child,
            lines,
            stderr,
        }
    }
}

impl Background {
    /// The stdout lines so far.
    pub fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// Waits (at most `limit`) until `done` holds for the lines so far, and returns them.
    #[track_caller]
    pub fn wait_for(
        &self,
        limit: Duration,
        what: &str,
        done: impl Fn(&[String]) -> bool,
    ) -> Vec<String> {
        let start = std::time::Instant::now();
        loop {
            let lines = self.lines();
            if done(&lines) {
                return lines;
            }
            if start.elapsed() > limit {
                panic!(
                    "timed out after {limit:?} waiting for {what}\n  command: {}\n  --- stdout\n{}\n  --- stderr\n{}",
                    self.command,
                    lines.join("\n"),
                    self.stderr.lock().unwrap()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Sends SIGINT (Ctrl-C) and waits for the exit; returns the exit code (`None`: a signal).
    pub fn interrupt(mut self) -> (Option<i32>, Vec<String>, String) {
        let _ = std::process::Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().expect("the child can be waited for");
        // Let the readers drain.
        std::thread::sleep(Duration::from_millis(200));
        (status.code(), self.lines(), self.stderr())
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
