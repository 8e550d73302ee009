//! `gtdx_ops::inspect::inspect` on a pack, a tampered pack, and a file that is neither.

use gtdx_ops::inspect::InspectOptions;

use crate::make_pack;

#[test]
fn inspect_a_pack_and_notice_tampering() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("gamma.gtxpack");
    make_pack("gamma", &pack);
    let report = gtdx_ops::inspect::inspect(&InspectOptions { path: pack.clone() }).unwrap();
    assert_eq!(report.kind, "pack");
    assert_eq!(report.integrity, Some(Vec::new()), "every file matches");
    assert_eq!(
        report.identity.as_ref().map(|i| i.id.as_str()),
        Some("greentic.gamma")
    );
    let tools: Vec<&str> = report.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(tools, ["g_lookup"]);

    let mut bytes = std::fs::read(&pack).unwrap();
    let marker = b"component bytes of gamma";
    let at = bytes
        .windows(marker.len())
        .position(|w| w == marker)
        .unwrap();
    bytes[at] = b'C';
    std::fs::write(&pack, bytes).unwrap();
    let report = gtdx_ops::inspect::inspect(&InspectOptions { path: pack }).unwrap();
    assert!(report.has_problems());
    let failures = report.integrity.unwrap_or_default();
    assert!(
        failures.iter().any(|f| f.contains("component.wasm")),
        "{failures:?}"
    );
}

#[test]
fn a_file_that_is_neither_a_pack_nor_a_component_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("notes.txt");
    std::fs::write(&file, "hello").unwrap();
    assert!(gtdx_ops::inspect::inspect(&InspectOptions { path: file }).is_err());
}
