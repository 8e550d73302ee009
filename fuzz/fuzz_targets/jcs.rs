//! RFC 8785 canonicalisation of any JSON gtdx accepts: never panics, and canonical form is a
//! fixed point (canonicalising the canonical bytes again gives the same bytes), which is what
//! lets two implementations agree on a signature.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = gtdx_sign::json::parse_strict(data) else {
        return;
    };
    // The strict value is what a worker manifest is read from, too (never a panic there).
    let _ = gtdx_worker::manifest::WorkerManifest::deserialize(&value);
    let Ok(canonical) = gtdx_sign::jcs::canonicalize(&value) else {
        return;
    };
    let again = gtdx_sign::json::parse_strict(&canonical).expect("canonical JSON parses");
    let twice = gtdx_sign::jcs::canonicalize(&again).expect("canonical JSON canonicalises");
    assert_eq!(canonical, twice, "canonical form is a fixed point");
});
