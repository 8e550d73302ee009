//! What the README tells a new user to do, done as written, outside this checkout, with nothing
//! patched: no `[patch]`, no vendored registry, no preset variable.
//!
//! gtdx comes as a user gets it: the release archive (`cargo xtask dist`, unpacked into a
//! directory of its own) and `cargo install --locked --path` of this checkout. The README's
//! quickstart line, read from README.md itself, then runs in bash, in an empty directory, with
//! an environment that holds only PATH (that gtdx, rustup's cargo, the system), a fresh HOME
//! and a fresh CARGO_HOME: the project resolves every dependency from crates.io as the user's
//! would, and whatever crates.io does not have yet comes from gtdx itself.
//!
//! The install from the checkout is `--debug` into a cached target directory: the README's
//! release build of wasmtime would take most of CI's budget, and the profile does not change
//! where the SDK comes from, which is what this test is for.

use std::path::{Path, PathBuf};

use crate::support::{Cmd, Env, Run, read, require_tool, workspace_root};

/// The quickstart line of README.md: the backquoted command that starts with `gtdx new`.
fn readme_quickstart() -> String {
    let readme = read(&workspace_root().join("README.md"));
    let start = readme
        .find("`gtdx new my-ext &&")
        .expect("README.md shows the quickstart as `gtdx new my-ext && ...`");
    let rest = &readme[start + 1..];
    let end = rest
        .find('`')
        .expect("the quickstart line ends with a backquote");
    rest[..end].to_string()
}

/// A fresh user on this machine: `gtdx` from `bin`, rustup's proxies, the system's tools, an
/// empty HOME and CARGO_HOME under `user`; rustup's toolchains and settings (`RUSTUP_*`, such
/// as `RUSTUP_AUTO_INSTALL`) are the machine's: the user has installed Rust, as the README asks.
/// Only `RUSTUP_TOOLCHAIN`, which the test's own cargo proxy sets, is not passed on, so the
/// project's rust-toolchain.toml decides as it does for the user.
fn as_user(program: &str, bin: &Path, user: &Path) -> Cmd {
    let rustup = which("rustup").expect("rustup is on PATH (the README's first requirement)");
    let path = std::env::join_paths([
        bin,
        rustup.parent().unwrap(),
        Path::new("/usr/bin"),
        Path::new("/bin"),
    ])
    .unwrap();
    let home = user.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".rustup")))
        .unwrap();
    let mut cmd = Cmd::new(program, program).env_clear();
    for (key, value) in std::env::vars_os() {
        let key_text = key.to_string_lossy();
        if key_text.starts_with("RUSTUP_") && key_text != "RUSTUP_TOOLCHAIN" {
            cmd = cmd.env(&key, &value);
        }
    }
    cmd.env("PATH", path)
        .env("HOME", &home)
        .env("CARGO_HOME", home.join(".cargo"))
        .env("RUSTUP_HOME", rustup_home)
        .env("NO_COLOR", "1")
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Runs the quickstart line in an empty directory `user/work` with the gtdx of `bin`.
fn quickstart(bin: &Path, user: &Path) -> (Run, PathBuf) {
    let work = user.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let run = as_user("bash", bin, user)
        .args(["-eo", "pipefail", "-c", &readme_quickstart()])
        .current_dir(&work)
        .run();
    (run, work.join("my-ext"))
}

/// What must hold of a project the quickstart made: it built, it names nothing outside itself,
/// and gtdx said nothing the build then contradicted.
fn check_project(run: &Run, project: &Path) {
    run.success()
        .stderr_lacks("the first `cargo build` writes")
        .stderr_has("Finished");
    let pack = project.join("target/gtdx/greentic.my-ext-0.1.0.gtxpack");
    assert!(
        pack.is_file(),
        "gtdx build wrote no pack at {}",
        pack.display()
    );
    let manifest: toml::Table = read(&project.join("Cargo.toml")).parse().unwrap();
    let mut paths = Vec::new();
    collect_paths(&toml::Value::Table(manifest), &mut paths);
    for p in paths {
        assert!(
            Path::new(&p).is_relative() && !p.split('/').any(|c| c == ".."),
            "Cargo.toml names `{p}`, outside the project: a clone elsewhere would not build"
        );
    }
    assert!(
        !project.join(".cargo").exists(),
        "gtdx new wrote a .cargo directory"
    );
}

fn collect_paths(value: &toml::Value, out: &mut Vec<String>) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                match (k.as_str(), v) {
                    ("path", toml::Value::String(s)) => out.push(s.clone()),
                    _ => collect_paths(v, out),
                }
            }
        }
        toml::Value::Array(a) => a.iter().for_each(|v| collect_paths(v, out)),
        _ => {}
    }
}

/// The release archive of the binaries under test, unpacked outside the checkout; returns the
/// directory holding `gtdx`.
fn unpacked_release(env: &Env) -> Option<PathBuf> {
    let (Some(strip), Some(tar)) = (require_tool("strip"), require_tool("tar")) else {
        return None;
    };
    let out = env.path("dist");
    crate::dist::dist(env, &strip, &["--out", out.to_str().unwrap()]).success();
    let name = format!("gtdx-{}", crate::dist::host());
    let opt = env.mkdir("opt");
    env.tool(&tar, ["-xzf"])
        .arg(out.join(format!("{name}.tar.gz")))
        .arg("-C")
        .arg(&opt)
        .run()
        .success();
    Some(opt.join(name))
}

#[test]
fn the_readme_quickstart_builds_with_gtdx_from_the_release_archive() {
    let env = Env::without_sdk_patch();
    assert!(!env.root().starts_with(workspace_root()));
    let Some(bin) = unpacked_release(&env) else {
        return;
    };
    let user = env.path("user");
    let (run, project) = quickstart(&bin, &user);
    check_project(&run, &project);

    // gtdx says where the SDK comes from, and doctor agrees that it resolves.
    let gtdx = bin.join("gtdx");
    let gtdx = |args: &[&str]| {
        as_user(gtdx.to_str().unwrap(), &bin, &user)
            .args(args)
            .current_dir(&project)
            .run()
    };
    let sdk = gtdx(&["sdk", "--format", "json"]);
    let sdk = sdk.success().json();
    assert_eq!(sdk["resolves"], true, "{sdk}");
    if sdk["source"] == "bundled" {
        run.stderr_has("crates.io does not have gtdx-sdk");
        assert!(project.join(".gtdx/sdk").is_dir());
    }
    gtdx(&["doctor"]).stdout_has("ok   sdk-source    gtdx-sdk");
}

/// Fails, naming them, if an install compiled crates that are not this workspace's: the
/// installed package then resolved a dependency's features differently from the workspace
/// build (see the `gtdx-macros` note in Cargo.toml) and rebuilt it and everything above it.
fn assert_only_workspace_crates_compiled(stderr: &str) {
    let ours = workspace_crate_names();
    let foreign: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Compiling "))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|name| !ours.iter().any(|o| o == name))
        .collect();
    assert!(
        foreign.is_empty(),
        "`cargo install --path .` compiled {} crate(s) the workspace build had already built, \
         e.g. {:?}: a dependency's features differ between the two builds",
        foreign.len(),
        &foreign[..foreign.len().min(10)]
    );
}

/// The package names of this workspace's members, from each member's Cargo.toml.
fn workspace_crate_names() -> Vec<String> {
    let root = workspace_root();
    let mut manifests = vec![root.join("Cargo.toml"), root.join("xtask/Cargo.toml")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    manifests
        .iter()
        .filter(|m| m.is_file())
        .filter_map(|m| {
            let table: toml::Table = read(m).parse().ok()?;
            Some(table.get("package")?.get("name")?.as_str()?.to_string())
        })
        .collect()
}

/// The README's install command: the `cargo install` line of its Install section.
fn readme_install() -> Vec<String> {
    let readme = read(&workspace_root().join("README.md"));
    let line = readme
        .lines()
        .find(|l| l.starts_with("cargo install --locked --path"))
        .expect("README.md's Install section shows `cargo install --locked --path .`");
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn the_readme_quickstart_builds_with_gtdx_installed_from_the_checkout() {
    let env = Env::without_sdk_patch();
    assert!(!env.root().starts_with(workspace_root()));
    // The README's line, run in the checkout (the clone the README makes), into a root of its
    // own; `--debug` and the shared target directory only reuse what the suite has built.
    let root = env.path("cargo-root");
    let install = readme_install();
    assert_eq!(install[..], ["cargo", "install", "--locked", "--path", "."]);
    let installed = crate::support::cargo(&install[1..])
        .args(["--debug", "--root"])
        .arg(&root)
        .env_remove("RUSTUP_TOOLCHAIN")
        .current_dir(workspace_root())
        .run();
    installed.success();
    if std::env::var_os("GTDX_E2E_TIMINGS").is_some() {
        // Run by `cargo xtask test`, after its workspace build: the install shares every
        // dependency's build with it, so only this workspace's crates compile here.
        assert_only_workspace_crates_compiled(installed.stderr());
    }
    let bin = root.join("bin");
    assert!(bin.join("gtdx").is_file() && bin.join("cargo-gtdx").is_file());

    let user = env.path("user");
    let (run, project) = quickstart(&bin, &user);
    check_project(&run, &project);
}
