//! `gtdx_ops::build::build` on a real crate, compiled for wasm32-wasip2 by real cargo.

use gtdx_ops::build::{BuildError, BuildOptions, Profile};

use crate::{Recorded, codes, copy_dir, fixture};

/// The no-deps fixture compiles in a moment (no dependencies) but exports nothing, so the
/// component check fails: every step runs, and the failure carries its findings as data.
#[test]
fn build_runs_every_step_and_a_failed_check_carries_its_diagnostics() {
    let tmp = tempfile::tempdir().unwrap();
    let krate = tmp.path().join("no-deps");
    copy_dir(&fixture("build/no-deps"), &krate);
    let out = tmp.path().join("out");
    let mut progress = Recorded::default();
    let options = BuildOptions {
        manifest_path: krate.join("Cargo.toml"),
        profile: Profile::Debug,
        out_dir: Some(out.clone()),
        color: false,
        estimate_total: false,
        locked: false,
    };
    let err = gtdx_ops::build::build(&options, &mut progress).unwrap_err();

    assert!(matches!(err, BuildError::Build(_)), "{err}");
    assert!(
        codes(err.diagnostics()).contains(&"E_BUILD_WORLD_MISMATCH"),
        "{:?}",
        err.diagnostics()
    );
    let kinds = progress.kinds();
    assert_eq!(
        kinds.first().map(String::as_str),
        Some("described"),
        "{kinds:?}"
    );
    assert_eq!(
        kinds.get(1).map(String::as_str),
        Some("started"),
        "{kinds:?}"
    );
    assert!(kinds.iter().any(|k| k == "compiled"), "{kinds:?}");
    assert_eq!(
        kinds.last().map(String::as_str),
        Some("artifact"),
        "{kinds:?}"
    );
    // describe.json was written before compiling; no pack after the failed check.
    assert!(krate.join("describe.json").is_file());
    assert!(!out.exists(), "no pack was written");
}

/// A package that cannot be described stops the build before anything is reported or run.
#[test]
fn build_stops_when_the_package_cannot_be_described() {
    let tmp = tempfile::tempdir().unwrap();
    let mut progress = Recorded::default();
    let options = BuildOptions {
        manifest_path: tmp.path().join("Cargo.toml"),
        profile: Profile::Release,
        out_dir: None,
        color: false,
        estimate_total: false,
        locked: false,
    };
    let err = gtdx_ops::build::build(&options, &mut progress).unwrap_err();
    assert!(matches!(err, BuildError::Describe(_)), "{err}");
    assert!(err.diagnostics().is_empty());
    assert!(progress.events.is_empty(), "nothing started");
}
