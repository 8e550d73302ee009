//! `gtdx_ops::new::create`: a fresh project, and one merged into an existing directory.

use gtdx_ops::new::{
    DescribeStatus, Membership, Mode, NewOptions, Prompter, Question, Request, Strategy,
};

use crate::workspace_root;

fn request(path: &std::path::Path) -> Request {
    Request {
        path: path.to_path_buf(),
        vcs: Some("none".into()),
        sdk: Some(workspace_root().join("crates/sdk").display().to_string()),
        ..Request::default()
    }
}

#[test]
fn new_creates_a_project_whose_describe_json_is_generated_and_lints_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("weather_ext");
    let mut req = request(&path);
    req.tools = Some(vec!["forecast".into()]);
    let outcome = gtdx_ops::new::create(
        &NewOptions {
            request: req,
            mode: Mode::New,
            force: false,
        },
        None,
    )
    .unwrap();
    assert_eq!(outcome.strategy, Strategy::Fresh);
    assert!(matches!(outcome.describe, DescribeStatus::Generated));
    assert!(outcome.skipped.is_empty());
    assert!(!outcome.git_initialized);
    assert_eq!(outcome.membership, Membership::Standalone);
    assert_eq!(outcome.options.name, "weather_ext");
    assert_eq!(outcome.options.tools, ["forecast"]);
    for file in ["Cargo.toml", "src/lib.rs", "describe.json"] {
        assert!(outcome.target.join(file).is_file(), "{file}");
    }
    let report = gtdx_ops::lint::check(&gtdx_ops::lint::LintOptions {
        path: Some(outcome.target.join("describe.json")),
        manifest_path: None,
        rules: gtdx_ops::lint::Rules::Lint { publish: false },
        baseline: gtdx_ops::lint::BaselineSource::None,
    })
    .unwrap();
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);

    // The same path again: refused, nothing changed.
    let again = gtdx_ops::new::create(
        &NewOptions {
            request: request(&path),
            mode: Mode::New,
            force: false,
        },
        None,
    );
    assert!(again.is_err());
}

/// Answers every question with a canned value (the CLI asks on the terminal).
struct Canned {
    asked: Vec<String>,
}

impl Prompter for Canned {
    fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>> {
        self.asked.push(q.key.to_string());
        Ok(Some(match q.key {
            "NAME" => "asked_name".to_string(),
            _ => String::new(),
        }))
    }
    fn reject(&mut self, message: &str) {
        panic!("an answer was rejected: {message}");
    }
}

#[test]
fn init_keeps_existing_files_and_asks_through_the_prompter() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("existing");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("README.md"), "mine\n").unwrap();
    std::fs::write(dir.join("describe.json"), "{}\n").unwrap();
    let mut prompter = Canned { asked: Vec::new() };
    let outcome = gtdx_ops::new::create(
        &NewOptions {
            request: request(&dir),
            mode: Mode::Init,
            force: true,
        },
        Some(&mut prompter),
    )
    .unwrap();
    assert!(
        prompter.asked.iter().any(|k| k == "NAME"),
        "{:?}",
        prompter.asked
    );
    assert_eq!(outcome.options.name, "asked_name");
    assert_eq!(outcome.strategy, Strategy::Merge);
    assert!(matches!(outcome.describe, DescribeStatus::Kept));
    assert!(
        outcome.skipped.iter().any(|s| s == "README.md"),
        "{:?}",
        outcome.skipped
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("README.md")).unwrap(),
        "mine\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("describe.json")).unwrap(),
        "{}\n"
    );
    assert!(dir.join("src/lib.rs").is_file());
}
