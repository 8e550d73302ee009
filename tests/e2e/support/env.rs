//! [`Env`]: one test's world — a temp directory with its own HOME and GREENTIC_HOME, in which
//! gtdx runs — and the things tests make in it: key pairs, packs, generated projects.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::cmd::gtdx_cmd;
use super::{Cmd, Run, Tool, workspace_root};

/// A temp directory (removed at the end of the test) with an isolated HOME and GREENTIC_HOME.
///
/// The test works in `<temp>/work` ([`Env::root`]; [`Env::path`] is relative to it), which
/// holds only what the test and gtdx put there. Every command made through the `Env` runs in
/// that directory (unless told otherwise), with `HOME=<temp>/home`,
/// `GREENTIC_HOME=<temp>/greentic-home` (empty: nothing installed), and
/// without any `GTDX_*` variable the test process inherited. Cargo and rustup keep their real
/// homes (`CARGO_HOME`, `RUSTUP_HOME`), so builds still find the toolchain and the registry.
pub struct Env {
    dir: tempfile::TempDir,
    root: PathBuf,
}

/// A key pair written by `gtdx keygen`.
#[derive(Clone, Debug)]
pub struct KeyPair {
    /// The secret key file (`keys/NAME.key`).
    pub secret: PathBuf,
    /// The public key file (`keys/NAME.pub`).
    pub public: PathBuf,
    /// The public key, base64.
    pub public_b64: String,
    /// The key id gtdx derives from the public key.
    pub key_id: String,
}

/// A project `gtdx new` generated.
#[derive(Clone, Debug)]
pub struct Project {
    pub dir: PathBuf,
    /// The package name it was asked for.
    pub name: String,
}

/// The files every generated project has.
pub const PROJECT_FILES: &[&str] = &[
    ".gitignore",
    "Cargo.toml",
    "README.md",
    "build.rs",
    "describe.json",
    "src/lib.rs",
    "tests/tools/examples.json",
];

impl Project {
    /// A project expected at `dir`, with package name `name`.
    pub fn at(dir: impl Into<PathBuf>, name: &str) -> Project {
        Project {
            dir: dir.into(),
            name: name.to_string(),
        }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// The text of a file of the project (panics naming the file when it cannot be read).
    #[track_caller]
    pub fn read(&self, rel: &str) -> String {
        super::read(&self.dir.join(rel))
    }

    /// describe.json, parsed.
    #[track_caller]
    pub fn describe(&self) -> Value {
        serde_json::from_str(&self.read("describe.json"))
            .unwrap_or_else(|e| panic!("{}/describe.json is not JSON: {e}", self.dir.display()))
    }

    /// Asserts that the project was really created: every generated file is there and
    /// Cargo.toml names the package.
    #[track_caller]
    pub fn assert_generated(&self) -> &Self {
        for f in PROJECT_FILES {
            assert!(
                self.dir.join(f).is_file(),
                "{f} is missing from the generated project at {}",
                self.dir.display()
            );
        }
        let manifest = self.read("Cargo.toml");
        assert!(
            manifest.contains(&format!("name = \"{}\"", self.name)),
            "Cargo.toml does not name the package `{}`:\n{manifest}",
            self.name
        );
        self
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        super::timing::record();
    }
}

impl Default for Env {
    fn default() -> Self {
        Self::new()
    }
}

impl Env {
    pub fn new() -> Env {
        let env = Env::without_sdk_patch();
        write_sdk_patch(env.dir.path());
        env
    }

    /// An `Env` in which generated projects resolve gtdx-sdk as a user's would: no
    /// `[patch.crates-io]` above them ([`write_sdk_patch`]).
    pub fn without_sdk_patch() -> Env {
        let dir = tempfile::tempdir().expect("a temp dir");
        for sub in ["work", "home", "greentic-home"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        let root = dir.path().join("work");
        super::timing::start();
        Env { dir, root }
    }

    /// The test's working directory, where commands run.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A path inside the working directory.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// The isolated HOME.
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// The isolated GREENTIC_HOME (empty unless a test installs something there).
    pub fn greentic_home(&self) -> PathBuf {
        self.dir.path().join("greentic-home")
    }

    /// Asserts that install's staging area (`extensions/.gtdx-staging` in GREENTIC_HOME) holds
    /// nothing, or is not there.
    pub fn assert_nothing_left_in_staging(&self) {
        let staging = self.greentic_home().join("extensions/.gtdx-staging");
        let left: Vec<_> = std::fs::read_dir(&staging)
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "staging holds {left:?}");
    }

    /// Creates the directory `rel` (and its parents); returns its path.
    pub fn mkdir(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    /// Writes `contents` to `rel` (creating parent directories); returns its path.
    pub fn write(&self, rel: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        p
    }

    /// A command for `program`, isolated in this environment, run in its directory.
    pub fn cmd(&self, program: impl AsRef<OsStr>, label: &str) -> Cmd {
        self.isolate(Cmd::new(program, label))
    }

    /// `tool ARGS`, isolated in this environment.
    pub fn tool<I, S>(&self, tool: &Tool, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.isolate(tool.cmd(args))
    }

    fn isolate(&self, mut cmd: Cmd) -> Cmd {
        let real_home = std::env::var_os("HOME").map(PathBuf::from);
        let keep = |var: &str, dir: &str| {
            std::env::var_os(var)
                .map(PathBuf::from)
                .or_else(|| real_home.as_ref().map(|h| h.join(dir)))
        };
        if let Some(cargo_home) = keep("CARGO_HOME", ".cargo") {
            cmd = cmd.env_default("CARGO_HOME", Some(cargo_home.as_os_str()));
        }
        if let Some(rustup_home) = keep("RUSTUP_HOME", ".rustup") {
            cmd = cmd.env_default("RUSTUP_HOME", Some(rustup_home.as_os_str()));
        }
        for (k, _) in std::env::vars_os() {
            if k.to_string_lossy().starts_with("GTDX_") {
                cmd = cmd.env_default(k, None);
            }
        }
        // One compiled-component cache for the whole suite (entries are keyed by the
        // component's bytes and written atomically): the many calls of the same fixture
        // component compile it once, not once per test.
        cmd = cmd.env_default(
            "GTDX_CACHE_DIR",
            Some(
                Path::new(env!("CARGO_TARGET_TMPDIR"))
                    .join("component-cache")
                    .as_os_str(),
            ),
        );
        cmd.env_default("HOME", Some(self.home().as_os_str()))
            .env_default("GREENTIC_HOME", Some(self.greentic_home().as_os_str()))
            .current_dir(self.root())
    }

    /// `gtdx ARGS`, not yet run (to add variables, stdin, a directory).
    pub fn gtdx_cmd<I, S>(&self, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.isolate(gtdx_cmd()).args(args)
    }

    /// Runs `gtdx ARGS` in the temp directory.
    #[track_caller]
    pub fn gtdx<I, S>(&self, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.gtdx_cmd(args).run()
    }

    /// Runs `gtdx ARGS` in `dir` (file names in its output are then relative to `dir`).
    #[track_caller]
    pub fn gtdx_in<I, S>(&self, dir: &Path, args: I) -> Run
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.gtdx_cmd(args).current_dir(dir).run()
    }

    /// `gtdx keygen --out-dir keys --name NAME`, which must succeed.
    #[track_caller]
    pub fn keygen(&self, name: &str) -> KeyPair {
        let keys = self.path("keys");
        let v = self
            .gtdx_cmd(["keygen", "--format", "json", "--name", name, "--out-dir"])
            .arg(&keys)
            .run()
            .success()
            .json();
        let text = |k: &str| {
            v[k].as_str()
                .unwrap_or_else(|| panic!("keygen's JSON has no `{k}`: {v}"))
                .to_string()
        };
        let pair = KeyPair {
            secret: keys.join(format!("{name}.key")),
            public: keys.join(format!("{name}.pub")),
            public_b64: text("publicKey"),
            key_id: text("keyId"),
        };
        assert_eq!(PathBuf::from(text("secretKeyFile")), pair.secret);
        assert_eq!(PathBuf::from(text("publicKeyFile")), pair.public);
        pair
    }

    /// `gtdx sign PATH --key SECRET`, which must succeed.
    #[track_caller]
    pub fn sign(&self, path: &Path, key: &KeyPair) -> Run {
        let run = self
            .gtdx_cmd(["sign"])
            .arg(path)
            .arg("--key")
            .arg(&key.secret)
            .run();
        run.success();
        run
    }

    /// An unsigned pack at `rel`, written by gtdx-pack's writer from `describe` and `files`.
    pub fn pack(&self, rel: &str, describe: &Value, files: Vec<gtdx_pack::PackFile>) -> PathBuf {
        let out = self.path(rel);
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        let mut describe = describe.clone();
        gtdx_pack::write_pack(&out, &mut describe, files).expect("gtdx-pack writes the pack");
        out
    }

    /// `gtdx new <root>/<name> --vcs none ARGS` (stdin closed: nothing is asked), which must
    /// succeed and create the project.
    #[track_caller]
    pub fn new_project(&self, name: &str, args: &[&str]) -> Project {
        let dir = self.path(name);
        self.gtdx_cmd(["new"])
            .arg(&dir)
            .args(["--vcs", "none"])
            .args(args)
            .run()
            .success();
        let project = Project::at(dir, &package_name(name, args));
        project.assert_generated();
        project
    }
}

/// `.cargo/config.toml` at the root of a test's temp dir: generated projects ask for gtdx-sdk and
/// gtdx-describe by version (`gtdx new`'s default), and cargo takes them and the four gtdx
/// crates they need from this checkout, exactly as a user's `[patch.crates-io]` would. A
/// configuration's patch takes precedence over the `[patch.crates-io]` of a project that builds
/// the SDK from the copy gtdx carries, so all six are patched (none of the project's entries is
/// then left unused). tests/e2e/as_published.rs and as_documented.rs build without it.
pub fn write_sdk_patch(dir: &Path) {
    let root = workspace_root();
    let mut table = String::from("[patch.crates-io]\n");
    for krate in gtdx_scaffold::bundle::CRATES {
        let dir = root.join("crates").join(krate.trim_start_matches("gtdx-"));
        table.push_str(&format!("{krate} = {{ path = {} }}\n", toml_path(&dir)));
    }
    std::fs::create_dir_all(dir.join(".cargo")).unwrap();
    std::fs::write(dir.join(".cargo/config.toml"), table).unwrap();
}

/// A path as a TOML literal string.
fn toml_path(p: &Path) -> String {
    format!("'{}'", p.display())
}

/// The package name `gtdx new` gives: `--name`'s, else the directory's.
fn package_name(dir_name: &str, args: &[&str]) -> String {
    args.iter()
        .position(|a| *a == "--name")
        .and_then(|i| args.get(i + 1))
        .map_or(dir_name, |n| n)
        .to_string()
}
