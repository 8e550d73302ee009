//! `gtdx_ops::lint`: a manifest checked, with and without the scan of its Rust sources.

use gtdx_ops::lint::{BaselineSource, LintError, LintOptions, Rules};

use crate::{codes, fixture};

fn lint(
    path: Option<std::path::PathBuf>,
    manifest_path: Option<std::path::PathBuf>,
) -> LintOptions {
    LintOptions {
        path,
        manifest_path,
        rules: Rules::Lint { publish: false },
        baseline: BaselineSource::None,
    }
}

#[test]
fn lint_with_sources_adds_the_scan_of_the_package_after_the_manifests_findings() {
    let manifest = fixture("manifests/spec-example.json");
    let without = gtdx_ops::lint::check(&lint(Some(manifest.clone()), None)).unwrap();
    assert!(!codes(&without.diagnostics).contains(&"W_HANDWRITTEN_TOOLS"));

    let with = gtdx_ops::lint::check(&lint(
        Some(manifest),
        Some(fixture("describe/trap/Cargo.toml")),
    ))
    .unwrap();
    let with_codes = codes(&with.diagnostics);
    assert!(
        with_codes.contains(&"W_HANDWRITTEN_TOOLS"),
        "{with_codes:?}"
    );
    assert_eq!(
        &with.diagnostics[..without.diagnostics.len()],
        &without.diagnostics[..],
        "the manifest's own findings come first"
    );
    assert_eq!(with_codes.last(), Some(&"W_HANDWRITTEN_TOOLS"));
}

#[test]
fn the_manifest_defaults_to_the_one_beside_the_cargo_toml() {
    let options = lint(None, Some(fixture("describe/types/Cargo.toml")));
    assert_eq!(
        gtdx_ops::lint::manifest_file(&options),
        fixture("describe/types/describe.json")
    );
    let report = gtdx_ops::lint::check(&options).unwrap();
    assert!(report.file.ends_with("describe.json"), "{}", report.file);
    assert!(!report.fails(false), "{:?}", report.diagnostics);
}

#[test]
fn validate_reports_structure_only_and_a_missing_file_is_a_load_error() {
    let options = LintOptions {
        path: Some(fixture("manifests/structural-errors.json")),
        manifest_path: None,
        rules: Rules::Validate,
        baseline: BaselineSource::None,
    };
    let report = gtdx_ops::lint::check(&options).unwrap();
    assert!(report.errors() > 0);
    assert!(!report.linted);

    let missing = LintOptions {
        path: Some(fixture("manifests/no-such.json")),
        ..options
    };
    assert!(matches!(
        gtdx_ops::lint::check(&missing),
        Err(LintError::Load(_))
    ));
}

#[test]
fn explain_knows_the_rule_codes_and_suggests_the_nearest() {
    assert!(gtdx_ops::explain::explain("E_EXPORT_FORM").is_ok());
    let unknown = gtdx_ops::explain::explain("E_EXPORT_FROM").unwrap_err();
    assert_eq!(unknown.nearest, Some("E_EXPORT_FORM"));
    assert!(unknown.to_string().contains("did you mean E_EXPORT_FORM?"));
}
