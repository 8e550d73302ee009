//! Detached signatures in minisign's format, so the standard `minisign -V` checks what
//! `gtdx sign --detached` makes, and `gtdx verify --detached` checks what `minisign -S` makes.
//!
//! A `.minisig` file is four lines:
//!
//! ```text
//! untrusted comment: <free text, not signed>
//! base64( "ED" | key id (8) | ed25519(BLAKE2b-512(file)) (64) )
//! trusted comment: <text, signed below>
//! base64( ed25519(signature (64) | trusted comment) )
//! ```
//!
//! `ED` is the prehashed algorithm minisign uses by default; the legacy `Ed` (ed25519 over the
//! whole file) is verified too, but never written.

use std::io::Read;
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::Signature;

use crate::keys::{KeyId, MINISIGN_ED, PublicKey, SecretKey};

const PREHASHED: [u8; 2] = *b"ED";
const UNTRUSTED: &str = "untrusted comment:";
const TRUSTED: &str = "trusted comment:";

/// A parsed `.minisig`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minisig {
    /// Whether the file was prehashed with BLAKE2b-512 (`ED`) or signed whole (legacy `Ed`).
    pub prehashed: bool,
    pub key_id: KeyId,
    pub signature: [u8; 64],
    pub untrusted_comment: String,
    pub trusted_comment: String,
    pub global_signature: [u8; 64],
}

impl Minisig {
    /// Parses the text of a `.minisig` file.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| format!("the signature file ends before its {what}"))
        };
        let untrusted = next("untrusted comment")?;
        let untrusted = untrusted
            .strip_prefix(UNTRUSTED)
            .ok_or("line 1 should start with `untrusted comment:`")?
            .trim_start()
            .to_string();
        let raw = B64
            .decode(next("signature")?.trim())
            .map_err(|_| "line 2 is not base64")?;
        if raw.len() != 74 {
            return Err(format!(
                "line 2 decodes to {}; a minisign signature has 74",
                gtdx_contract::text::count(raw.len(), "byte", "bytes")
            ));
        }
        let prehashed = match [raw[0], raw[1]] {
            PREHASHED => true,
            MINISIGN_ED => false,
            _ => return Err("unsupported signature algorithm (expected ED or Ed)".into()),
        };
        let trusted = next("trusted comment")?;
        let trusted = trusted
            .strip_prefix(TRUSTED)
            .ok_or("line 3 should start with `trusted comment:`")?
            .strip_prefix(' ')
            .unwrap_or_else(|| &trusted[TRUSTED.len()..])
            .to_string();
        let global = B64
            .decode(next("global signature")?.trim())
            .map_err(|_| "line 4 is not base64")?;
        let global_signature: [u8; 64] = global
            .try_into()
            .map_err(|_| "line 4 is not a 64-byte signature")?;
        let mut key_id = [0u8; 8];
        key_id.copy_from_slice(&raw[2..10]);
        let mut signature = [0u8; 64];
        signature.copy_from_slice(&raw[10..]);
        Ok(Minisig {
            prehashed,
            key_id: KeyId(key_id),
            signature,
            untrusted_comment: untrusted,
            trusted_comment: trusted,
            global_signature,
        })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut raw = Vec::with_capacity(74);
        raw.extend_from_slice(if self.prehashed {
            &PREHASHED
        } else {
            &MINISIGN_ED
        });
        raw.extend_from_slice(&self.key_id.0);
        raw.extend_from_slice(&self.signature);
        format!(
            "{UNTRUSTED} {}\n{}\n{TRUSTED} {}\n{}\n",
            self.untrusted_comment,
            B64.encode(raw),
            self.trusted_comment,
            B64.encode(self.global_signature)
        )
    }
}

/// BLAKE2b-512 of a file, streamed.
pub fn blake2b_file(path: &Path) -> std::io::Result<[u8; 64]> {
    let (mut f, _) = gtdx_fsx::open_regular(path).map_err(|e| e.source)?;
    // blake2b_simd: AVX2 when the CPU has it (as libsodium, which minisign uses, does).
    let mut h = blake2b_simd::Params::new().hash_length(64).to_state();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        h.update(&buf[..n]);
    }
    let mut out = [0u8; 64];
    out.copy_from_slice(h.finalize().as_bytes());
    Ok(out)
}

/// Signs `file` (prehashed), with `trusted_comment` (default: minisign's
/// `timestamp:<unix>\tfile:<name>\thashed`).
pub fn sign_file(
    file: &Path,
    key: &SecretKey,
    trusted_comment: Option<&str>,
) -> std::io::Result<Minisig> {
    let digest = blake2b_file(file)?;
    let signature = key.sign(&digest);
    let trusted_comment = match trusted_comment {
        Some(t) => t.to_string(),
        None => {
            let ts = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            format!("timestamp:{ts}\tfile:{name}\thashed")
        }
    };
    let mut global = Vec::with_capacity(64 + trusted_comment.len());
    global.extend_from_slice(&signature);
    global.extend_from_slice(trusted_comment.as_bytes());
    Ok(Minisig {
        prehashed: true,
        key_id: key.key_id(),
        signature,
        untrusted_comment: format!("signature from gtdx secret key {}", key.key_id()),
        trusted_comment,
        global_signature: key.sign(&global),
    })
}

/// Checks `sig` over `file` with `key`. `Err` says which part failed.
pub fn verify_file(file: &Path, sig: &Minisig, key: &PublicKey) -> Result<(), String> {
    let vk = key.verifying_key()?;
    let ok = if sig.prehashed {
        let digest =
            blake2b_file(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        vk.verify_strict(&digest, &Signature::from_bytes(&sig.signature))
            .is_ok()
    } else {
        // Legacy (not prehashed) signatures cover the whole file in memory: capped like a
        // component, the largest file gtdx otherwise holds.
        let bytes = gtdx_fsx::read(file, gtdx_fsx::limits::COMPONENT).map_err(|e| e.to_string())?;
        vk.verify_strict(&bytes, &Signature::from_bytes(&sig.signature))
            .is_ok()
    };
    if !ok {
        return Err("the signature does not match the file (it was changed after signing, or signed by another key)".into());
    }
    let mut global = Vec::with_capacity(64 + sig.trusted_comment.len());
    global.extend_from_slice(&sig.signature);
    global.extend_from_slice(sig.trusted_comment.as_bytes());
    if vk
        .verify_strict(&global, &Signature::from_bytes(&sig.global_signature))
        .is_err()
    {
        return Err(
            "the trusted comment's signature does not match (the trusted comment was changed)"
                .into(),
        );
    }
    Ok(())
}
