//! `.minisig` signature files: never a panic, and a signature that parses writes back to text
//! that parses to the same signature.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(sig) = gtdx_sign::minisign::Minisig::parse(text) {
        let again = gtdx_sign::minisign::Minisig::parse(&sig.to_text())
            .expect("a written signature parses");
        assert_eq!(again.signature, sig.signature);
        assert_eq!(again.global_signature, sig.global_signature);
    }
});
