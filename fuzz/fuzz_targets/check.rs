//! Parse + validate + lint on arbitrary bytes: must never panic, never overflow the stack, and
//! always end in a report or a load error.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = gtdx_lint::Options {
        lint: true,
        publish: true,
        package_dir: None,
        // No baseline: the fuzzer must not read the machine's installed extensions.
        baseline: gtdx_lint::BaselineSource::None,
    };
    if let Ok(report) = gtdx_lint::check_bytes("fuzz.json", data, &options) {
        // Every diagnostic is located and carries a known code.
        for d in &report.diagnostics {
            assert!(d.line.is_some_and(|l| l >= 1), "{d:?}");
            assert!(d.column.is_some_and(|c| c >= 1), "{d:?}");
            assert!(
                gtdx_contract::codes::find(&d.code).is_some(),
                "undeclared code {}",
                d.code
            );
        }
    }
});
