//! Cargo's habits: `cargo gtdx …` as a cargo subcommand, shell completions.

use std::process::Command;

#[test]
fn cargo_gtdx_runs_gtdx_as_a_cargo_subcommand() {
    let bin = assert_cmd::cargo::cargo_bin("cargo-gtdx");
    let dir = bin.parent().expect("binary directory");
    let path = std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["gtdx", "explain", "e_api_version"])
        .env("PATH", path)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with("E_API_VERSION (error, validate):"),
        "{stdout}"
    );
}

#[test]
fn completions_are_printed_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_gtdx()"),
        ("zsh", "#compdef gtdx"),
        ("fish", "complete -c gtdx"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[gtdx]"),
    ] {
        let out = crate::support::gtdx()
            .args(["completions", shell])
            .output()
            .expect("gtdx runs");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(
            script.contains("worker"),
            "{shell}: subcommands are completed"
        );
    }
    let out = crate::support::gtdx()
        .args(["completions", "tcsh"])
        .output()
        .expect("gtdx runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn lint_writes_sarif_for_code_scanning() {
    let fixtures = crate::support::workspace_root().join("tests/fixtures/manifests");
    let out = crate::support::gtdx()
        .current_dir(&fixtures)
        .args([
            "lint",
            "several-problems.json",
            "--format",
            "sarif",
            "--baseline",
            "none",
        ])
        .output()
        .expect("gtdx runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "findings fail the lint as in every format"
    );
    let log: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("stdout is one JSON document");
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "gtdx");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let results = run["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for r in results {
        let id = r["ruleId"].as_str().expect("ruleId");
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], id, "ruleIndex points at the rule");
        assert!(
            rules[index]["help"]["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty()),
            "{id}"
        );
        assert!(matches!(
            r["level"].as_str(),
            Some("error" | "warning" | "note")
        ));
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "several-problems.json");
        assert!(
            loc["region"]["startLine"].as_u64().is_some_and(|l| l >= 1),
            "{r}"
        );
    }

    // A file that cannot be read at all is still a SARIF log, with its one finding.
    let out = crate::support::gtdx()
        .current_dir(&fixtures)
        .args(["validate", "missing.json", "--format", "sarif"])
        .output()
        .expect("gtdx runs");
    assert_eq!(out.status.code(), Some(2));
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF on stdout");
    assert_eq!(log["runs"][0]["results"][0]["ruleId"], "E_FILE_NOT_FOUND");
}
