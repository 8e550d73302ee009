//! `gtdx_ops::pack::pack`: the checks before a pack is written, on a component made in memory.

use gtdx_ops::pack::{PackError, PackOptions};

use crate::{Recorded, codes, fixture};

/// The smallest WebAssembly component: the preamble alone (version 0x0d, layer 1). It exports
/// nothing, so every tool of a describe.json lacks its export.
const EMPTY_COMPONENT: &[u8] = b"\0asm\x0d\x00\x01\x00";

fn minimal_describe_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::copy_dir(&fixture("build/minimal"), dir.path());
    std::fs::remove_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("empty.wasm"), EMPTY_COMPONENT).unwrap();
    dir
}

#[test]
fn a_failed_check_is_an_error_carrying_its_diagnostics_and_writes_nothing() {
    let dir = minimal_describe_dir();
    let out = dir.path().join("out");
    let mut progress = Recorded::default();
    let err = gtdx_ops::pack::pack(
        &PackOptions {
            wasm: dir.path().join("empty.wasm"),
            describe: dir.path().join("describe.json"),
            out_dir: Some(out.clone()),
            wit_dirs: Vec::new(),
        },
        &mut progress,
    )
    .unwrap_err();
    assert!(matches!(err, PackError::Build(_)), "{err}");
    let found = codes(err.diagnostics());
    assert!(found.contains(&"E_BUILD_EXPORT_MISSING"), "{found:?}");
    // The message lists the same findings as text, for a human.
    assert!(err.to_string().contains("E_BUILD_EXPORT_MISSING"), "{err}");
    assert_eq!(progress.kinds(), ["artifact"]);
    assert!(!out.exists(), "no pack was written");
}

#[test]
fn a_wit_directory_that_does_not_parse_names_itself() {
    let dir = minimal_describe_dir();
    let wit = dir.path().join("bad-wit");
    std::fs::create_dir_all(&wit).unwrap();
    std::fs::write(wit.join("broken.wit"), "package a:b;\nworld {").unwrap();
    let err = gtdx_ops::pack::pack(
        &PackOptions {
            wasm: dir.path().join("empty.wasm"),
            describe: dir.path().join("describe.json"),
            out_dir: None,
            wit_dirs: vec![wit.clone()],
        },
        &mut gtdx_ops::progress::Silent,
    )
    .unwrap_err();
    assert!(
        matches!(&err, PackError::Wit { dir, .. } if *dir == wit),
        "{err}"
    );
    assert!(err.diagnostics().is_empty());
}
