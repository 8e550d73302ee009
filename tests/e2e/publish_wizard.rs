//! `gtdx publish --wizard` on a real terminal (a tmux pane): it asks for what the flags leave
//! out, shows what will happen, and publishes as the flags would; stopped at a prompt (Ctrl-C,
//! end of input, a no) it leaves nothing published and the project as it was; off a terminal it
//! is refused at once.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support::{Env, Tool, require_tool, shared_target_dir};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A terminal: a detached tmux session on a server of its own (its socket in the test's
/// directory), running one shell command line, which prints `exit=<code>` when gtdx ends and
/// then waits, so the screen can still be read. The server is killed when this is dropped.
struct Terminal {
    tmux: Tool,
    env_root: PathBuf,
    socket: PathBuf,
}

impl Terminal {
    /// Starts `command` in `dir` with the environment of `env` (HOME, GREENTIC_HOME, ...), and
    /// `vars` on top.
    fn start(env: &Env, command: &str, dir: &Path, vars: &[(&str, &str)]) -> Option<Terminal> {
        let tmux = require_tool("tmux")?;
        // A socket per terminal: a server being killed may still hold the last one.
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = env.path(&format!("tmux-{n}.sock"));
        // The shell catches SIGINT (a trap, which its child does not inherit), so Ctrl-C ends
        // gtdx alone and the shell still prints gtdx's exit code.
        let line = format!(
            "trap true INT; cd '{}' && {command}; echo exit=$?; sleep 600",
            dir.display()
        );
        let mut start = env
            .tool(&tmux, ["-f", "/dev/null", "-S", s(&socket)])
            .args(["new-session", "-d", "-x", "200", "-y", "50", &line])
            .env_remove("GREENTIC_EXT_SIGNING_KEY_PEM")
            .env("TERM", "xterm");
        for (k, v) in vars {
            start = start.env(k, v);
        }
        start.run().success();
        Some(Terminal {
            tmux,
            env_root: env.root().to_path_buf(),
            socket,
        })
    }

    /// The whole screen and its scrollback, wrapped lines joined.
    fn screen(&self) -> String {
        let out = self
            .tmux
            .cmd(["-S", s(&self.socket), "capture-pane", "-p", "-J", "-S", "-"])
            .current_dir(&self.env_root)
            .run();
        out.stdout().to_string()
    }

    /// Waits until the screen shows `text` (the prompts are written without a newline).
    #[track_caller]
    fn wait_for(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > limit {
                panic!("the terminal never showed {text:?} in {limit:?}; it shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Types `text` (literally), then Enter.
    fn answer(&self, text: &str) {
        if !text.is_empty() {
            self.keys(&["-l", text]);
        }
        self.keys(&["Enter"]);
    }

    /// `tmux send-keys` (`C-c`, `C-d`, `Enter`; `-l TEXT` for literal text).
    fn keys(&self, keys: &[&str]) {
        self.tmux
            .cmd(["-S", s(&self.socket), "send-keys", "-t", "0"])
            .args(keys)
            .current_dir(&self.env_root)
            .run()
            .success();
    }

    /// Waits for the command to end; its exit code and the screen.
    #[track_caller]
    fn exit(&self, limit: Duration) -> (i32, String) {
        let screen = self.wait_for("exit=", limit);
        let code = screen
            .lines()
            .find_map(|l| l.trim().strip_prefix("exit="))
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or_else(|| panic!("no exit code on the screen:\n{screen}"));
        (code, screen)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = std::process::Command::new(self.tmux.path())
            .args(["-S", s(&self.socket), "kill-server"])
            .output();
    }
}

/// `$GREENTIC_HOME/config.toml` naming a directory registry `wizreg` and making it the default.
fn home_with_registry(env: &Env) -> PathBuf {
    let home = env.greentic_home();
    std::fs::create_dir_all(&home).unwrap();
    let reg = env.path("reg");
    std::fs::write(
        home.join("config.toml"),
        format!(
            "[default]\nregistry = \"wizreg\"\n\n[[registries]]\nname = \"wizreg\"\nurl = \"file://{}\"\n",
            reg.display()
        ),
    )
    .unwrap();
    reg
}

const ASK: Duration = Duration::from_secs(30);

/// The SDK's hello project, published by answering the wizard: the configured default registry
/// is preselected, the version is changed, the key id found in `$GREENTIC_HOME/keys/` is
/// preselected; the summary shows all of it before the last question; then it builds, signs and
/// publishes, as `--version 0.1.7 --sign --key-id wiz --registry wizreg` would.
#[cfg(target_os = "linux")]
#[test]
fn the_wizard_publishes_a_project_answering_its_prompts() {
    let env = Env::new();
    let reg = home_with_registry(&env);
    crate::publish::pem_key_in_home(&env, "wiz");
    // A copy of its own: other test processes reset the shared one while they run.
    let hello = hello_copy(&env);
    let gtdx = env!("CARGO_BIN_EXE_gtdx");
    let target = shared_target_dir();
    let Some(term) = Terminal::start(
        &env,
        &format!("{gtdx} publish --wizard"),
        &hello,
        &[("CARGO_TARGET_DIR", s(&target))],
    ) else {
        return;
    };
    term.wait_for("Registry (local, wizreg, greentic-store;", ASK);
    term.wait_for("[wizreg]:", ASK);
    term.answer("");
    term.wait_for("Version to publish [0.1.0]:", ASK);
    term.answer("0.1.7");
    term.wait_for("Sign the pack? (y/n) [y]:", ASK);
    term.answer("");
    term.wait_for("Signing key (wiz; or a key file) [wiz]:", ASK);
    term.answer("");
    term.wait_for(
        "Dry run (check everything, publish nothing)? (y/n) [n]:",
        ASK,
    );
    term.answer("");
    let summary = term.wait_for("Go ahead? (y/n) [y]:", ASK);
    for line in [
        "greentic.hello 0.1.7 (written into the project",
        "key id wiz",
        &reg.display().to_string(),
        "mode publish",
    ] {
        assert!(
            summary.contains(line),
            "{line:?} not in the summary:\n{summary}"
        );
    }
    term.answer("y");
    let (code, screen) = term.exit(Duration::from_secs(900));
    assert_eq!(code, 0, "{screen}");
    assert!(
        screen.contains("Published greentic.hello@0.1.7"),
        "{screen}"
    );
    let version = reg.join("greentic.hello/0.1.7");
    assert!(
        std::fs::read_dir(&version)
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".gtxpack")),
        "no pack in {}",
        version.display()
    );
    let signature = std::fs::read_to_string(version.join("signature.json")).unwrap();
    assert!(signature.contains("\"wiz\""), "{signature}");
    let cargo_toml = std::fs::read_to_string(hello.join("Cargo.toml")).unwrap();
    assert!(cargo_toml.contains("version = \"0.1.7\""), "{cargo_toml}");
}

/// The SDK's hello fixture copied into `env` (its path dependencies made absolute), built into
/// the shared target directory, where only the package itself is compiled again.
fn hello_copy(env: &Env) -> PathBuf {
    let from = crate::support::workspace_root().join("tests/fixtures/extensions/hello");
    let to = env.path("hello");
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        std::fs::create_dir_all(to.join(&rel)).unwrap();
        for e in std::fs::read_dir(from.join(&rel)).unwrap().flatten() {
            let name = e.file_name();
            if name == "target" || name == "describe.json" {
                continue;
            }
            if e.file_type().unwrap().is_dir() {
                stack.push(rel.join(&name));
            } else {
                std::fs::copy(e.path(), to.join(&rel).join(&name)).unwrap();
            }
        }
    }
    let manifest = to.join("Cargo.toml");
    let crates = crate::support::workspace_root().join("crates");
    let text = std::fs::read_to_string(&manifest)
        .unwrap()
        .replace("\"../../../../crates/", &format!("\"{}/", crates.display()));
    std::fs::write(&manifest, text).unwrap();
    to
}

/// A project of the platform's shape is enough here: nothing is built.
fn small_project(env: &Env) -> PathBuf {
    env.write(
        "proj/Cargo.toml",
        "[package]\nname = \"stopped\"\nversion = \"0.4.0\"\nedition = \"2024\"\n\n\
         [package.metadata.gtdx]\nid = \"acme.stopped\"\nkind = \"design\"\n",
    );
    env.path("proj")
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Ctrl-C at the version question, end of input (Ctrl-D) at the signing question, and a no at
/// the last one (after a new version was answered): each stops with a non-zero exit, nothing in
/// the registry, and the project byte for byte as it was (no version written, no temp file).
#[cfg(target_os = "linux")]
#[test]
fn the_wizard_stopped_at_a_prompt_publishes_and_writes_nothing() {
    let env = Env::new();
    let reg = home_with_registry(&env);
    let proj = small_project(&env);
    let before = snapshot(&proj);
    let gtdx = env!("CARGO_BIN_EXE_gtdx");
    let run = |stop: &dyn Fn(&Terminal)| -> Option<(i32, String)> {
        let term = Terminal::start(&env, &format!("{gtdx} publish --wizard"), &proj, &[])?;
        term.wait_for("[wizreg]:", ASK);
        term.answer("");
        term.wait_for("Version to publish [0.4.0]:", ASK);
        stop(&term);
        Some(term.exit(ASK))
    };

    let Some((code, screen)) = run(&|t| t.keys(&["C-c"])) else {
        return;
    };
    assert_eq!(code, 130, "{screen}");

    let (code, screen) = run(&|t| {
        t.answer("0.5.0");
        t.wait_for("Sign the pack? (y/n) [n]:", ASK);
        t.keys(&["C-d"]);
    })
    .unwrap();
    assert_eq!(code, 2, "{screen}");
    assert!(
        screen.contains("input ended at \"Sign the pack? (y/n)\""),
        "{screen}"
    );
    assert!(
        screen.contains("nothing was built or published"),
        "{screen}"
    );

    let (code, screen) = run(&|t| {
        t.answer("0.5.0");
        t.wait_for("Sign the pack? (y/n) [n]:", ASK);
        t.answer("n");
        t.wait_for("Dry run", ASK);
        t.answer("n");
        t.wait_for("Go ahead? (y/n) [y]:", ASK);
        t.answer("n");
    })
    .unwrap();
    assert_eq!(code, 2, "{screen}");
    assert!(screen.contains("acme.stopped 0.5.0"), "{screen}");
    assert!(screen.contains("no: published unsigned"), "{screen}");
    assert!(
        screen.contains("nothing was built or published"),
        "{screen}"
    );

    assert!(!reg.exists(), "the registry was written");
    assert_eq!(snapshot(&proj), before, "the project changed");
}

/// Off a terminal (stdin a pipe holding answers, or /dev/null) `--wizard` waits for nothing:
/// one sentence, exit 2, nothing built.
#[test]
fn the_wizard_off_a_terminal_is_refused_at_once() {
    let env = Env::new();
    let proj = small_project(&env);
    let quick = Duration::from_secs(20);
    let refused = "--wizard asks its questions on a terminal";
    env.gtdx_cmd(["publish", "--wizard"])
        .current_dir(&proj)
        .stdin("local\n0.5.0\nn\nn\ny\n")
        .timeout(quick)
        .run()
        .code(2)
        .stderr_has(refused)
        .stderr_has("not a terminal");
    env.gtdx_cmd(["publish", "-w", "--registry", "local"])
        .current_dir(&proj)
        .stdin_null()
        .run()
        .code(2)
        .stderr_has(refused);
    assert!(!proj.join("target").exists());
}
