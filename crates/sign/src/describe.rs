//! The describe.json signature: ed25519 over the RFC 8785 form of the document without
//! `signature`.
//!
//! The platform does not verify the bytes it received: it parses describe.json into its typed
//! model, re-serialises it (filling defaults, dropping empty members) and checks the signature
//! over the RFC 8785 form of *that*. So a describe.json is signed, and checked, in that
//! normalised form ([`normalize`], from `gtdx-contract`'s model of the platform's): a signature
//! made here verifies on the platform, and one the platform makes verifies here.
//! [`sign_value`] and [`check_signature`] stay generic over any JSON document; worker manifests,
//! which have no normalisation, use them directly.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::Signature;
use gtdx_contract::Describe;
use serde_json::{Map, Value};

use crate::jcs::{self, JcsError};
use crate::keys::{PublicKey, SecretKey};

/// The bytes that get signed: JCS of `doc` with its top-level `signature` removed.
pub fn signing_payload(doc: &Value) -> Result<Vec<u8>, JcsError> {
    jcs::canonicalize_without(doc, "signature")
}

/// Signs `doc` in place: sets `signature = {algorithm, publicKey, value, keyId}` (replacing any
/// previous signature where it stood). `key_id` defaults to the key's id.
pub fn sign_value(doc: &mut Value, key: &SecretKey, key_id: Option<&str>) -> Result<(), JcsError> {
    let payload = signing_payload(doc)?;
    let sig = key.sign(&payload);
    let mut block = Map::new();
    block.insert("algorithm".into(), Value::String("ed25519".into()));
    block.insert("publicKey".into(), Value::String(key.public().to_base64()));
    block.insert("value".into(), Value::String(B64.encode(sig)));
    block.insert(
        "keyId".into(),
        Value::String(key_id.map_or_else(|| key.key_id().to_string(), str::to_string)),
    );
    if let Value::Object(obj) = doc {
        obj.insert("signature".into(), Value::Object(block));
    }
    Ok(())
}

/// Why a describe.json cannot be brought into the platform's normalised form: the platform's
/// loader would refuse it, so there is nothing it could verify.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the platform's loader refuses it ({0}); fix it (`gtdx validate` names every problem) and sign again"
)]
pub struct NotLoadable(pub String);

/// The platform's normalised form of a describe.json: parsed by its typed model, invariants
/// checked, re-serialised. Idempotent.
pub fn normalize(doc: &Value) -> Result<Value, NotLoadable> {
    model(doc).map(|d| d.to_value())
}

/// The platform's typed model of `doc`, as [`normalize`] reads it.
fn model(doc: &Value) -> Result<Describe, NotLoadable> {
    Describe::from_value_ref(doc).map_err(|e| NotLoadable(e.to_string()))
}

/// Why a describe.json could not be signed.
#[derive(Debug, thiserror::Error)]
pub enum DescribeSignError {
    #[error(transparent)]
    NotLoadable(#[from] NotLoadable),
    #[error(transparent)]
    Canonical(#[from] JcsError),
}

/// Normalises `doc` (see [`normalize`]) and signs it in place, as the platform signs: the
/// signature covers the RFC 8785 form of the normalised document without `signature`.
pub fn sign_describe(
    doc: &mut Value,
    key: &SecretKey,
    key_id: Option<&str>,
) -> Result<(), DescribeSignError> {
    let mut model =
        gtdx_contract::Describe::from_value(doc.clone()).map_err(|e| NotLoadable(e.to_string()))?;
    model.signature = None;
    let mut signed = model.to_value();
    sign_value(&mut signed, key, key_id)?;
    // The block goes into the model, so `signature` stands where the model writes it and a
    // second signing gives the same bytes.
    model.signature = serde_json::from_value(signed["signature"].take())
        .unwrap_or_else(|e| unreachable!("gtdx's own signature block fits the model: {e}"));
    *doc = model.to_value();
    Ok(())
}

/// Whether `doc` is a describe.json (it names an `apiVersion`), as opposed to another signed
/// document such as a worker manifest, which has no normalised form.
pub fn is_describe(doc: &Value) -> bool {
    doc.get("apiVersion").is_some()
}

/// Which form of a describe.json its signature is checked over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedForm {
    /// The RFC 8785 form of the platform's normalised document (every describe.json but v1).
    Normalised,
    /// The RFC 8785 form of the document as written: how v1 tooling signed `greentic.ai/v1`
    /// files, which have no normalised form (the platform's model is v2's).
    AsWritten,
}

impl SignedForm {
    /// The form `doc`'s signature is checked over: as written for a `greentic.ai/v1` document,
    /// normalised for any other.
    pub fn of(doc: &Value) -> SignedForm {
        if doc.get("apiVersion").and_then(Value::as_str) == Some(gtdx_contract::API_VERSION_V1) {
            SignedForm::AsWritten
        } else {
            SignedForm::Normalised
        }
    }

    /// The form, as a report names it (`checked over ...`).
    pub fn phrase(self) -> &'static str {
        match self {
            SignedForm::Normalised => "the RFC 8785 form of the platform's normalised document",
            SignedForm::AsWritten => {
                "the document's own RFC 8785 form, as v1 tooling signed greentic.ai/v1 files (they have no normalised form)"
            }
        }
    }
}

/// Checks a describe.json's signature over the form its signer signed ([`SignedForm::of`]): a
/// `greentic.ai/v1` document over its own RFC 8785 form, any other the way the platform does,
/// over its normalised form. A v2 signature that holds only over the raw bytes (made by a
/// signer that did not normalise) is reported invalid, saying so, because the platform will
/// refuse it.
pub fn check_describe_signature(doc: &Value) -> SignatureStatus {
    check_describe_signature_model(doc).0
}

/// [`check_describe_signature`], also handing back the platform's model of `doc` when it has
/// one (it loads, and is not `greentic.ai/v1`): the model the signature was checked over, so a
/// caller that needs it does not convert the document again.
pub fn check_describe_signature_model(doc: &Value) -> (SignatureStatus, Option<Describe>) {
    if SignedForm::of(doc) == SignedForm::AsWritten {
        return (check_signature(doc), None);
    }
    let (normalized, model) = match model(doc) {
        Ok(m) => (m.to_value(), m),
        Err(e) => {
            let status = match check_signature(doc) {
                SignatureStatus::Valid { public_key, key_id }
                | SignatureStatus::Invalid {
                    public_key: Some(public_key),
                    key_id,
                    ..
                } => SignatureStatus::Invalid {
                    public_key: Some(public_key),
                    key_id,
                    reason: format!("the platform cannot verify this describe.json: {e}"),
                },
                other => other,
            };
            return (status, None);
        }
    };
    let status = match check_signature(&normalized) {
        SignatureStatus::Invalid {
            public_key,
            key_id,
            reason,
        } => {
            let reason = if matches!(check_signature(doc), SignatureStatus::Valid { .. }) {
                "the signature holds only over the file's raw bytes, not over the normalised form the platform verifies (it fills in defaults such as runtime.memoryLimitMB and the permission lists before checking); re-sign with `gtdx sign`, which signs the normalised form".to_string()
            } else {
                reason
            };
            SignatureStatus::Invalid {
                public_key,
                key_id,
                reason,
            }
        }
        other => other,
    };
    (status, Some(model))
}

/// What a describe's signature block says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignatureStatus {
    /// No `signature`.
    Missing,
    /// The block is not a well-formed ed25519 signature block; says why.
    Malformed(String),
    /// Well-formed, but it does not verify against `public_key`; says why.
    Invalid {
        public_key: Option<PublicKey>,
        key_id: Option<String>,
        reason: String,
    },
    /// The signature verifies against `public_key`.
    Valid {
        public_key: PublicKey,
        key_id: Option<String>,
    },
}

fn strip(s: &str) -> &str {
    s.strip_prefix("ed25519:").unwrap_or(s)
}

/// Checks the signature of `doc` (cryptographically; trust is the caller's business).
pub fn check_signature(doc: &Value) -> SignatureStatus {
    let Some(block) = doc.get("signature") else {
        return SignatureStatus::Missing;
    };
    let Some(block) = block.as_object() else {
        return SignatureStatus::Malformed("`signature` is not an object".into());
    };
    if let Some(k) = block
        .keys()
        .find(|k| !["algorithm", "publicKey", "value", "keyId"].contains(&k.as_str()))
    {
        return SignatureStatus::Malformed(format!("`signature` has an unknown field `{k}`"));
    }
    let field = |name: &str| block.get(name).and_then(Value::as_str);
    match field("algorithm") {
        Some("ed25519") => {}
        Some(other) => {
            return SignatureStatus::Malformed(format!(
                "unsupported signature algorithm `{other}` (only ed25519 exists)"
            ));
        }
        None => return SignatureStatus::Malformed("`signature.algorithm` is missing".into()),
    }
    let key_id = match block.get("keyId") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return SignatureStatus::Malformed("`signature.keyId` is not a string".into()),
    };
    let Some(pk) = field("publicKey") else {
        return SignatureStatus::Malformed("`signature.publicKey` is missing".into());
    };
    let public_key = match B64
        .decode(strip(pk))
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
    {
        Some(b) => PublicKey::from_bytes(b),
        None => {
            return SignatureStatus::Malformed(
                "`signature.publicKey` is not base64 of 32 bytes".into(),
            );
        }
    };
    let Some(value) = field("value") else {
        return SignatureStatus::Malformed("`signature.value` is missing".into());
    };
    let invalid = |reason: String| SignatureStatus::Invalid {
        public_key: Some(public_key.clone()),
        key_id: key_id.clone(),
        reason,
    };
    let Some(sig) = B64
        .decode(strip(value))
        .ok()
        .and_then(|b| <[u8; 64]>::try_from(b).ok())
    else {
        return invalid("`signature.value` is not base64 of 64 bytes".into());
    };
    let payload = match signing_payload(doc) {
        Ok(p) => p,
        Err(e) => return invalid(format!("the document has no canonical form: {e}")),
    };
    let vk = match public_key.verifying_key() {
        Ok(vk) => vk,
        Err(e) => return invalid(e),
    };
    match vk.verify_strict(&payload, &Signature::from_bytes(&sig)) {
        Ok(()) => SignatureStatus::Valid { public_key, key_id },
        Err(_) => invalid("the signature does not match the document (it was changed after signing, or signed by another key)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A loadable describe.json that is not in normalised form (no memoryLimitMB, empty
    /// permissions, a `>= ` requirement).
    fn unnormalised() -> Value {
        let mut d: Value =
            serde_json::from_str(include_str!("../../../tests/fixtures/sign/describe.json"))
                .unwrap();
        d["runtime"]
            .as_object_mut()
            .unwrap()
            .remove("memoryLimitMB");
        d["runtime"]["permissions"] = json!({});
        d["compat"]["min_designer_version"] = json!(">= 1.2.0");
        d
    }

    #[test]
    fn describes_are_signed_and_checked_over_the_normalised_form() {
        let key = SecretKey::generate();
        let mut doc = unnormalised();
        sign_describe(&mut doc, &key, None).unwrap();
        assert_eq!(
            doc["runtime"]["memoryLimitMB"], 64,
            "signing writes the normalised form"
        );
        assert_eq!(doc["compat"]["min_designer_version"], ">=1.2.0");
        assert!(matches!(
            check_describe_signature(&doc),
            SignatureStatus::Valid { .. }
        ));
        // Dropping a defaulted field changes nothing the platform checks.
        doc["runtime"]
            .as_object_mut()
            .unwrap()
            .remove("memoryLimitMB");
        assert!(matches!(
            check_describe_signature(&doc),
            SignatureStatus::Valid { .. }
        ));
        // A real change does.
        doc["runtime"]["memoryLimitMB"] = json!(128);
        assert!(matches!(
            check_describe_signature(&doc),
            SignatureStatus::Invalid { .. }
        ));
    }

    #[test]
    fn a_signature_over_the_raw_bytes_only_is_invalid_and_says_so() {
        let key = SecretKey::generate();
        let mut doc = unnormalised();
        sign_value(&mut doc, &key, None).unwrap();
        assert!(matches!(
            check_signature(&doc),
            SignatureStatus::Valid { .. }
        ));
        match check_describe_signature(&doc) {
            SignatureStatus::Invalid { reason, .. } => {
                assert!(
                    reason.contains("only over the file's raw bytes"),
                    "{reason}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    /// Real v1 documents (tests/fixtures/sign/v1), signed by v1 tooling over their own RFC
    /// 8785 form: issue #30, item 15.
    fn v1_fixtures() -> Vec<(&'static str, Value)> {
        [
            (
                "telegram",
                include_str!(
                    "../../../tests/fixtures/sign/v1/greentic.provider.telegram-1.2.3.describe.json"
                ),
            ),
            (
                "gcp",
                include_str!(
                    "../../../tests/fixtures/sign/v1/greentic.deploy-gcp-1.2.0.describe.json"
                ),
            ),
            (
                "http",
                include_str!("../../../tests/fixtures/sign/v1/greentic.http-1.2.0.describe.json"),
            ),
            (
                "adaptive-cards",
                include_str!(
                    "../../../tests/fixtures/sign/v1/greentic.adaptive-cards-1.9.1.describe.json"
                ),
            ),
        ]
        .into_iter()
        .map(|(name, text)| (name, serde_json::from_str(text).unwrap()))
        .collect()
    }

    #[test]
    fn v1_signatures_verify_again_over_the_document_as_written() {
        let release = "66L1j2dtYwoRQ2R6Bt8qkshdZmdb2IW8lLRgibxAI60=";
        for (name, doc) in v1_fixtures() {
            assert_eq!(SignedForm::of(&doc), SignedForm::AsWritten, "{name}");
            match check_describe_signature(&doc) {
                SignatureStatus::Valid { public_key, .. } => {
                    assert_eq!(public_key.to_base64(), release, "{name}");
                }
                other => panic!("{name}: {other:?}"),
            }
            // One changed value breaks it.
            let mut tampered = doc.clone();
            tampered["metadata"]["version"] = json!("9.9.9");
            assert!(
                matches!(
                    check_describe_signature(&tampered),
                    SignatureStatus::Invalid { .. }
                ),
                "{name}"
            );
            // A v1 document claiming to be v2 is checked over the normalised form, which its
            // signature does not cover (or which the platform's loader refuses).
            let mut relabelled = doc.clone();
            relabelled["apiVersion"] = json!("greentic.ai/v2");
            assert_eq!(SignedForm::of(&relabelled), SignedForm::Normalised);
            assert!(
                !matches!(
                    check_describe_signature(&relabelled),
                    SignatureStatus::Valid { .. }
                ),
                "{name}"
            );
        }
        // A v2 document is still checked over its normalised form.
        assert_eq!(SignedForm::of(&unnormalised()), SignedForm::Normalised);
    }

    #[test]
    fn an_unloadable_describe_is_not_signed() {
        let mut doc = unnormalised();
        doc["runtime"]["components"]["demo"]["sha256"] = json!("NOT-HEX");
        let err = sign_describe(&mut doc, &SecretKey::generate(), None).unwrap_err();
        assert!(err.to_string().contains("loader refuses"), "{err}");
    }

    #[test]
    fn sign_then_verify_independent_of_key_order_and_idempotent() {
        let key = SecretKey::generate();
        let mut a = json!({"b": 1, "a": [1.5, "x"], "manifestSha256": "00"});
        sign_value(&mut a, &key, None).unwrap();
        assert!(matches!(check_signature(&a), SignatureStatus::Valid { .. }));
        let mut b = json!({"manifestSha256": "00", "a": [1.5, "x"], "b": 1});
        sign_value(&mut b, &key, None).unwrap();
        assert_eq!(a["signature"], b["signature"]);
        let before = a.clone();
        sign_value(&mut a, &key, None).unwrap();
        assert_eq!(a, before, "signing twice changes nothing");

        a["b"] = json!(2);
        assert!(matches!(
            check_signature(&a),
            SignatureStatus::Invalid { .. }
        ));
        a["b"] = json!(1);
        a["signature"]["publicKey"] = json!(format!(
            "ed25519:{}",
            SecretKey::generate().public().to_base64()
        ));
        assert!(matches!(
            check_signature(&a),
            SignatureStatus::Invalid { .. }
        ));
        a["signature"]["algorithm"] = json!("rsa");
        assert!(matches!(check_signature(&a), SignatureStatus::Malformed(_)));
    }
}
