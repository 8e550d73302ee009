//! `gtdx dev`: the real binary watching a real project while the test edits its files.

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use crate::support::{Background, Env, shared_target_dir};

/// A cold build of the hello fixture can take minutes on a loaded 2-core machine.
const BUILD: Duration = Duration::from_secs(900);

fn events(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

fn count(lines: &[String], event: &str) -> usize {
    events(lines).iter().filter(|e| e["event"] == event).count()
}

/// `gtdx dev` on the hello fixture (release, like the build tests, so they share artifacts).
fn start(env: &Env, manifest: &Path, extra: &[&str]) -> Background {
    env.gtdx_cmd([
        "dev",
        "--release",
        "--format",
        "json",
        "--debounce",
        "300",
        "--manifest-path",
    ])
    .arg(manifest)
    .args(extra)
    .env("CARGO_TARGET_DIR", shared_target_dir())
    .spawn()
}

fn append(path: &Path, text: &str) {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
}

#[test]
fn a_save_rebuilds_once_a_burst_once_and_a_broken_edit_reports_and_recovers() {
    let env = Env::new();
    let hello = crate::build::hello();
    let manifest = hello.dir.join("Cargo.toml");
    let lib = hello.dir.join("src/lib.rs");
    let dev = start(&env, &manifest, &["--no-install"]);

    let lines = dev.wait_for(BUILD, "the first build", |l| count(l, "idle") >= 1);
    let first = events(&lines);
    assert_eq!(first[0]["event"], "ready", "{first:#?}");
    assert!(
        first[0]["watched"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w == "src")
    );
    assert_eq!(count(&lines, "build_ok"), 1, "{lines:#?}");
    assert_eq!(count(&lines, "pack_ok"), 1);
    assert_eq!(count(&lines, "build_start"), 1);

    // One save: one rebuild, naming the file.
    append(&lib, "\n// a save\n");
    let lines = dev.wait_for(BUILD, "the rebuild after one save", |l| {
        count(l, "idle") >= 2
    });
    assert_eq!(count(&lines, "build_start"), 2);
    let change = events(&lines)
        .into_iter()
        .find(|e| e["event"] == "change_detected")
        .unwrap();
    assert_eq!(change["paths"], serde_json::json!(["src/lib.rs"]));

    // A burst of saves inside the debounce window: one rebuild.
    for i in 0..5 {
        append(&lib, &format!("// burst {i}\n"));
        std::thread::sleep(Duration::from_millis(40));
    }
    let lines = dev.wait_for(BUILD, "the rebuild after a burst", |l| {
        count(l, "idle") >= 3
    });
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(count(&dev.lines(), "build_start"), 3, "{lines:#?}");

    // Files that are not build inputs (the generated describe.json, docs, target/) change
    // nothing.
    std::fs::write(hello.dir.join("README.md"), "notes\n").unwrap();
    std::fs::create_dir_all(hello.dir.join("target")).unwrap();
    std::fs::write(hello.dir.join("target/junk"), "x").unwrap();
    std::fs::write(hello.dir.join("src/.lib.rs.swp"), "x").unwrap();
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        count(&dev.lines(), "build_start"),
        3,
        "non-inputs trigger nothing"
    );

    // A broken edit: reported, and the loop goes on.
    let good = std::fs::read_to_string(&lib).unwrap();
    append(&lib, "\nfn broken( {\n");
    let lines = dev.wait_for(BUILD, "the failed build", |l| count(l, "build_failed") >= 1);
    let failed = events(&lines)
        .into_iter()
        .find(|e| e["event"] == "build_failed")
        .unwrap();
    assert!(!failed["message"].as_str().unwrap().is_empty(), "{failed}");
    let lines = dev.wait_for(BUILD, "idle after the failure", |l| count(l, "idle") >= 4);
    let idle = events(&lines)
        .into_iter()
        .rfind(|e| e["event"] == "idle")
        .unwrap();
    assert_eq!(idle["last_build_ok"], false);

    // Fixed: it recovers.
    std::fs::write(&lib, good).unwrap();
    let lines = dev.wait_for(BUILD, "the recovery", |l| count(l, "idle") >= 5);
    let idle = events(&lines)
        .into_iter()
        .rfind(|e| e["event"] == "idle")
        .unwrap();
    assert_eq!(idle["last_build_ok"], true);

    // Ctrl-C stops it: the shutdown event, the interrupted exit, no pack left half-written.
    let (code, lines, stderr) = dev.interrupt();
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(events(&lines).last().unwrap()["event"], "shutdown");
    drop(hello);
}

#[test]
fn once_builds_and_exits_with_the_build_status() {
    let env = Env::new();
    let hello = crate::build::hello();
    let manifest = hello.dir.join("Cargo.toml");
    let run = env
        .gtdx_cmd([
            "dev",
            "--once",
            "--no-install",
            "--release",
            "--manifest-path",
        ])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .run();
    run.code(0).stderr_has("Packed");

    // --run calls a tool of the pack just built, under the host, after each good build.
    let dev_run = |input: &str| {
        env.gtdx_cmd([
            "dev",
            "--once",
            "--no-install",
            "--release",
            "--format",
            "json",
            "--run",
            "greet",
            "--input",
            input,
            "--manifest-path",
        ])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .run()
    };
    let ran = dev_run(r#"{"name": "Ada"}"#);
    ran.code(0);
    let lines: Vec<String> = ran.stdout().lines().map(str::to_string).collect();
    let ok = events(&lines)
        .into_iter()
        .find(|e| e["event"] == "run_ok")
        .unwrap_or_else(|| panic!("no run_ok event:\n{ran}"));
    assert_eq!(ok["tool"], "greet");
    assert!(
        ok["output"]["message"].as_str().unwrap().contains("Ada"),
        "{ok}"
    );
    // Input the schema refuses: the build is fine, the call is not, and --once says so.
    let refused = dev_run(r#"{"name": 5}"#);
    refused.code(1);
    let lines: Vec<String> = refused.stdout().lines().map(str::to_string).collect();
    let failed = events(&lines)
        .into_iter()
        .find(|e| e["event"] == "run_failed")
        .unwrap_or_else(|| panic!("no run_failed event:\n{refused}"));
    assert!(
        failed["message"].as_str().unwrap().contains("/name"),
        "{failed}"
    );
    // Input that is not JSON is refused before anything is built.
    dev_run("{nope").code(2).stderr_has("is not JSON");

    append(&hello.dir.join("src/lib.rs"), "\nfn broken( {\n");
    let run = env
        .gtdx_cmd([
            "dev",
            "--once",
            "--no-install",
            "--release",
            "--manifest-path",
        ])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", shared_target_dir())
        .run();
    run.code(1).stderr_has("error");

    let empty = env.mkdir("empty");
    env.gtdx_cmd(["dev", "--once", "--manifest-path"])
        .arg(empty.join("Cargo.toml"))
        .run()
        .code(2)
        .stderr_has("no Cargo.toml here");
}

#[test]
fn each_new_pack_is_installed_and_an_unchanged_one_is_not_reinstalled() {
    let env = Env::new();
    let hello = crate::build::hello();
    let manifest = hello.dir.join("Cargo.toml");
    let lib = hello.dir.join("src/lib.rs");
    let dev = start(&env, &manifest, &[]);

    let lines = dev.wait_for(BUILD, "the first round", |l| count(l, "idle") >= 1);
    let installed = events(&lines)
        .into_iter()
        .find(|e| e["event"] == "install_ok")
        .unwrap_or_else(|| panic!("no install_ok in {lines:#?}\n{}", dev.stderr()));
    let dir = std::path::PathBuf::from(installed["dir"].as_str().unwrap());
    assert!(dir.starts_with(env.greentic_home()), "{}", dir.display());
    assert!(dir.join("describe.json").is_file());
    env.gtdx(["list"])
        .code(0)
        .stdout_has(installed["id"].as_str().unwrap());

    // Saving the same bytes rebuilds, and the reproducible pack is not installed again.
    let same = std::fs::read(&lib).unwrap();
    std::fs::write(&lib, &same).unwrap();
    let lines = dev.wait_for(BUILD, "the second round", |l| count(l, "idle") >= 2);
    assert_eq!(count(&lines, "build_start"), 2);
    assert_eq!(count(&lines, "install_ok"), 1, "{lines:#?}");
    assert_eq!(count(&lines, "install_skipped"), 1, "{lines:#?}");

    // A change the pack holds (a tool's description, so describe.json) is installed.
    let text = String::from_utf8(same).unwrap();
    let edited = text.replacen(
        "/// Say hello to someone by name.",
        "/// Say hello to someone by name, warmly.",
        1,
    );
    assert_ne!(
        text, edited,
        "the fixture's greet tool changed its doc comment"
    );
    std::fs::write(&lib, edited).unwrap();
    let lines = dev.wait_for(BUILD, "the third round", |l| count(l, "idle") >= 3);
    assert_eq!(count(&lines, "install_ok"), 2, "{lines:#?}");
    drop(dev);
    drop(hello);
}

/// Without GREENTIC_HOME and HOME there is no Greentic home: every command that needs one
/// refuses with the same paragraph (it once fell back to `./.greentic` for `gtdx dev` and
/// `gtdx doctor`, where `gtdx install` then refused), and nothing is written where it runs.
#[test]
fn without_a_home_every_command_that_needs_one_refuses_alike() {
    let env = Env::new();
    let dir = env.mkdir("work");
    let commands: &[&[&str]] = &[
        &["dev", "--once", "--manifest-path", "Cargo.toml"],
        &["install", "x.gtxpack", "--yes"],
        &["list"],
        &["uninstall", "acme-x"],
        &["enable", "acme-x"],
        &["search", "x"],
        &["info", "acme-x"],
        &["doctor"],
    ];
    for args in commands {
        let run = env
            .gtdx_cmd(*args)
            .env_remove("HOME")
            .env_remove("GREENTIC_HOME")
            .env_remove("USERPROFILE")
            .current_dir(&dir)
            .run();
        run.code(2)
            .stderr_has("there is no Greentic home: GREENTIC_HOME is not set and neither is HOME");
        let errors = run.stderr().matches("error:").count();
        run.check(errors == 1, "one error paragraph");
    }
    assert!(!dir.join(".greentic").exists());
    // `--no-install` needs no home.
    env.gtdx_cmd([
        "dev",
        "--once",
        "--no-install",
        "--manifest-path",
        "Cargo.toml",
    ])
    .env_remove("HOME")
    .env_remove("GREENTIC_HOME")
    .current_dir(&dir)
    .run()
    .code(2)
    .stderr_lacks("Greentic home");
}
