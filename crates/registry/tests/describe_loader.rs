//! Every describe.json the registry code reads goes through the one loader
//! (`gtdx_contract::json`): a malformed one gets its `file:line:column` paragraph.

use gtdx_registry::local::LocalRegistry;
use gtdx_registry::{Home, PackInfo, RegistryError};

const MALFORMED: &[u8] = b"{\n  \"kind\": tru\n}";

#[test]
fn a_published_describe_is_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let version = dir.path().join("acme.demo").join("0.1.0");
    std::fs::create_dir_all(&version).unwrap();
    let manifest = version.join("manifest.json");
    std::fs::write(&manifest, MALFORMED).unwrap();
    let err = LocalRegistry::new(dir.path())
        .describe("acme.demo", "0.1.0")
        .unwrap_err();
    assert!(matches!(err, RegistryError::Load(_)), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "{}:2:14: not valid JSON: expected ident",
            manifest.display()
        )
    );
}

#[test]
fn an_installed_describe_is_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path());
    let installed = home.kind_path("design").join("acme.demo-0.1.0");
    std::fs::create_dir_all(&installed).unwrap();
    let describe = installed.join("describe.json");
    std::fs::write(&describe, MALFORMED).unwrap();
    let (found, problems) = gtdx_registry::install::list(&home);
    assert!(found.is_empty());
    assert_eq!(
        problems,
        [format!(
            "{}:2:14: not valid JSON: expected ident",
            describe.display()
        )]
    );
}

#[test]
fn a_packs_describe_is_loaded() {
    let err = PackInfo::from_describe(MALFORMED, "oci://host/acme/demo@sha256:00").unwrap_err();
    assert_eq!(
        err.to_string(),
        "oci://host/acme/demo@sha256:00!describe.json:2:14: not valid JSON: expected ident"
    );
    let err = PackInfo::from_describe(b"\xef\xbb\xbf{}", "p.gtxpack").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("p.gtxpack!describe.json:1:1: starts with a UTF-8 byte-order mark"),
        "{err}"
    );
}
