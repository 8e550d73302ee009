//! The platform's secret key format: an Ed25519 key as a PKCS#8 PEM (RFC 8410, `-----BEGIN
//! PRIVATE KEY-----`), what its `gtdx keygen` writes and its `publish --key`/
//! `GREENTIC_EXT_SIGNING_KEY_PEM` read. Read and written here so one key signs with both tools.
//!
//! Only the two shapes an Ed25519 key takes are accepted (version 1 with the seed alone; version
//! 2 with the public key after it), byte for byte: anything else is not a key of ours to guess at.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use zeroize::Zeroizing;

/// The PEM label of an unencrypted PKCS#8 key.
pub const BEGIN: &str = "-----BEGIN PRIVATE KEY-----";
const END: &str = "-----END PRIVATE KEY-----";

/// AlgorithmIdentifier { id-Ed25519 } then OCTET STRING { OCTET STRING (32) }.
const ALGORITHM_AND_SEED: [u8; 11] = [
    0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];

/// The seed, and the public key when the file states one (the caller checks they match).
pub type Parsed = (Zeroizing<[u8; 32]>, Option<[u8; 32]>);

/// Parses a PKCS#8 PEM Ed25519 key. The error is a reason without any key material.
pub fn parse(text: &str) -> Result<Parsed, &'static str> {
    let body = text
        .trim()
        .strip_prefix(BEGIN)
        .and_then(|rest| rest.trim_end().strip_suffix(END))
        .ok_or("not a PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----` … `-----END PRIVATE KEY-----`)")?;
    let b64: Zeroizing<String> = Zeroizing::new(body.split_whitespace().collect());
    let der = Zeroizing::new(
        B64.decode(b64.as_bytes())
            .map_err(|_| "the PEM body is not valid base64")?,
    );
    parse_der(&der)
}

fn parse_der(der: &[u8]) -> Result<Parsed, &'static str> {
    let not_ed25519 = "not an Ed25519 PKCS#8 key (gtdx signs with Ed25519 only)";
    // SEQUENCE (short length covering the rest), INTEGER version 0 or 1
    let [0x30, len, 0x02, 0x01, version, rest @ ..] = der else {
        return Err(not_ed25519);
    };
    if usize::from(*len) != der.len() - 2 || *version > 1 {
        return Err(not_ed25519);
    }
    let rest = rest
        .strip_prefix(&ALGORITHM_AND_SEED[..])
        .ok_or(not_ed25519)?;
    if rest.len() < 32 {
        return Err(not_ed25519);
    }
    let mut seed = Zeroizing::new([0u8; 32]);
    seed.copy_from_slice(&rest[..32]);
    let public = match &rest[32..] {
        [] => None,
        // [1] IMPLICIT BIT STRING (no unused bits), as RFC 8410 writes it, or the EXPLICIT form
        [0x81, 0x21, 0x00, key @ ..] | [0xa1, 0x23, 0x03, 0x21, 0x00, key @ ..]
            if key.len() == 32 =>
        {
            let mut p = [0u8; 32];
            p.copy_from_slice(key);
            Some(p)
        }
        _ => return Err(not_ed25519),
    };
    Ok((seed, public))
}

/// The key as a PKCS#8 v2 PEM (seed and public key), as the platform's `gtdx keygen` writes it.
pub fn to_pem(seed: &[u8; 32], public: &[u8; 32]) -> Zeroizing<String> {
    let mut der = Zeroizing::new(Vec::with_capacity(83));
    der.extend_from_slice(&[0x30, 0x51, 0x02, 0x01, 0x01]);
    der.extend_from_slice(&ALGORITHM_AND_SEED);
    der.extend_from_slice(seed);
    der.extend_from_slice(&[0x81, 0x21, 0x00]);
    der.extend_from_slice(public);
    let b64 = Zeroizing::new(B64.encode(der.as_slice()));
    let mut pem = Zeroizing::new(String::with_capacity(160));
    pem.push_str(BEGIN);
    pem.push('\n');
    for line in b64.as_bytes().chunks(64) {
        pem.push_str(std::str::from_utf8(line).unwrap_or_default());
        pem.push('\n');
    }
    pem.push_str(END);
    pem.push('\n');
    pem
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 8410 section 10.3's example key (version 1, seed only).
    const RFC8410: &str = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----\n";

    #[test]
    fn reads_the_rfc_example_and_round_trips_v2() {
        let (seed, public) = parse(RFC8410).unwrap();
        assert_eq!(seed[0], 0xd4);
        assert!(public.is_none());
        let pem = to_pem(&seed, &[7u8; 32]);
        let (again, public) = parse(&pem).unwrap();
        assert_eq!(*again, *seed);
        assert_eq!(public, Some([7u8; 32]));
    }

    #[test]
    fn refuses_what_is_not_an_ed25519_key() {
        assert!(parse("-----BEGIN PRIVATE KEY-----\n!!\n-----END PRIVATE KEY-----").is_err());
        let other_algorithm = to_pem(&[1; 32], &[2; 32]).replace("K2Vw", "K2Vx");
        assert!(parse(&other_algorithm).is_err());
        assert!(parse("ed25519 seed").is_err());
    }
}
