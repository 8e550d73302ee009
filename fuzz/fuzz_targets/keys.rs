//! Key files: gtdx and minisign public keys (one or a list), secret key files and `--key-env`
//! seeds, key ids. Never a panic; a secret key that parses signs, and its public key verifies
//! the signature.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = gtdx_sign::KeyId::parse(text);
    if let Ok(keys) = gtdx_sign::PublicKey::parse_text(text, "fuzz.pub") {
        for key in keys {
            // What parsed prints back in both formats and parses again.
            let again = gtdx_sign::PublicKey::parse_text(&key.to_file_text(), "again.pub")
                .expect("a written public key parses");
            assert_eq!(again.len(), 1);
            let _ = gtdx_sign::PublicKey::parse_text(&key.to_minisign_file(), "again.pub")
                .expect("a written minisign key parses");
        }
    }
    if let Ok(secret) = gtdx_sign::SecretKey::parse(text, "fuzz.key") {
        let _ = secret.sign(b"gtdx fuzz");
        let _ = secret.public();
    }
});
