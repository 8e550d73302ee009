//! Verifying and reading packs, and signing the manifest, through `gtdx-sign` and `gtdx-pack`.
//!
//! Each pack is verified by `gtdx_sign::verify_pack`, the verifier behind `gtdx verify`; its
//! describe.json is then read with `gtdx_pack::read_pack` and parsed against the contract.

use std::path::{Path, PathBuf};

use gtdx_contract::{Describe, Signature};
use gtdx_sign::describe::{SignatureStatus, check_signature, sign_value};
use gtdx_sign::{Outcome, PublicKey, SecretKey};

use crate::assemble::{LoadedExtension, PackTrust};
use crate::error::{BuildError, Refusal, RefusedPack};
use crate::inspect::{InspectError, ManifestSignature};
use crate::manifest::WorkerManifest;
use crate::spec::{LoadedSpec, SpecPath};
use crate::{KeySource, TrustInputs};

pub use gtdx_sign::TrustPolicy;

/// Builds the trust policy from `--trusted-key` and `--trusted-keys`.
pub fn trust_policy(inputs: &TrustInputs) -> Result<TrustPolicy, gtdx_sign::KeyError> {
    let mut policy = TrustPolicy::default();
    for k in &inputs.keys {
        policy.add_key_arg(k)?;
    }
    for f in &inputs.key_files {
        policy.add_file(f)?;
    }
    Ok(policy)
}

/// Loads the secret key for `--sign`.
pub fn load_signing_key(src: &KeySource) -> Result<SecretKey, BuildError> {
    match src {
        KeySource::File(p) => SecretKey::load_file(p),
        KeySource::Env(v) => SecretKey::from_env(v),
    }
    .map_err(|e| BuildError::Sign(e.to_string()))
}

/// Verifies and reads every pack of the spec, in spec order. Every refused pack is reported,
/// not just the first.
pub fn load_all(
    spec: &LoadedSpec,
    base: &Path,
    policy: &TrustPolicy,
    allow_unsigned: bool,
    resolve: Option<&crate::Resolver>,
) -> Result<Vec<LoadedExtension>, BuildError> {
    let mut loaded = Vec::with_capacity(spec.spec.extensions.len());
    let mut refused = Vec::new();
    for (i, rel) in spec.spec.extensions.iter().enumerate() {
        let place = spec.place(SpecPath::Element("extensions", i));
        // A registry pack is fetched first; messages name it by its reference.
        let resolved = match resolve.and_then(|r| r(rel)) {
            Some(Ok(r)) => Some(r),
            Some(Err(message)) => {
                return Err(BuildError::Pack {
                    place: Box::new(place),
                    pack: PathBuf::from(rel),
                    message,
                });
            }
            None => None,
        };
        let (path, shown, recorded) = match &resolved {
            Some(r) => (r.path.clone(), PathBuf::from(rel), r.pinned.clone()),
            None => (base.join(rel), base.join(rel), rel.clone()),
        };
        let pack_err = |message: String| BuildError::Pack {
            place: Box::new(place.clone()),
            pack: shown.clone(),
            message,
        };
        // Streamed (a pack can be large), through the bounded reader's regular-file check.
        let sha256 = gtdx_pack::sha256_file(&path).map_err(|e| pack_err(e.source.to_string()))?;
        let report = gtdx_sign::verify_pack(&path, policy).map_err(|e| pack_err(e.to_string()))?;
        let read_describe = || -> Result<Option<serde_json::Value>, BuildError> {
            let pack = gtdx_pack::read_pack(&path).map_err(|e| pack_err(e.to_string()))?;
            // Loaded as every describe.json is, with the signer's strict parser; the entry is
            // named as such (the message names the pack).
            pack.describe
                .map(|b| {
                    gtdx_contract::json::load_bytes_with(
                        gtdx_pack::DESCRIBE_PATH,
                        b,
                        gtdx_sign::json::strict,
                    )
                    .map(|doc| doc.value)
                    .map_err(|e| pack_err(e.to_string()))
                })
                .transpose()
        };
        let (trust, doc) = match report.result {
            Outcome::Valid | Outcome::Untrusted => {
                let signer = report.signer.as_ref().and_then(|s| s.public_key.as_deref());
                let Some(public) = signer.and_then(|k| PublicKey::parse_inline(k).ok()) else {
                    return Err(pack_err("verification reported no signer key".into()));
                };
                // The id a trusted key file gives the key, else the one derived from it.
                let key_id = policy
                    .keys
                    .iter()
                    .find(|k| k.bytes == public.bytes)
                    .map_or(public.key_id, |k| k.key_id)
                    .to_string();
                let public_key = public.to_base64();
                if report.result == Outcome::Valid {
                    (PackTrust::Trusted { key_id, public_key }, read_describe()?)
                } else if allow_unsigned {
                    (
                        PackTrust::Untrusted { key_id, public_key },
                        read_describe()?,
                    )
                } else {
                    let message = report
                        .checks
                        .iter()
                        .find(|c| c.check == "trust")
                        .map(|c| c.message.clone())
                        .unwrap_or_else(|| format!("key {key_id} is not trusted"));
                    refused.push(RefusedPack {
                        place,
                        pack: shown,
                        refusal: Refusal::Untrusted,
                        message,
                    });
                    continue;
                }
            }
            Outcome::Invalid => {
                let failures: Vec<_> = report.failures().collect();
                // Every integrity check passed and the describe carries no signature at all.
                let mut unsigned = None;
                if failures.iter().all(|c| c.check == "signature") {
                    let doc = read_describe()?;
                    if doc
                        .as_ref()
                        .is_some_and(|d| matches!(check_signature(d), SignatureStatus::Missing))
                    {
                        unsigned = Some(doc);
                    }
                }
                match unsigned {
                    Some(doc) if allow_unsigned => (PackTrust::Unsigned, doc),
                    _ => {
                        let message = failures
                            .iter()
                            .map(|c| match &c.entry {
                                Some(e) => {
                                    format!("{} check failed on {e}: {}", c.check, c.message)
                                }
                                None => format!("{} check failed: {}", c.check, c.message),
                            })
                            .collect::<Vec<_>>()
                            .join("; ");
                        let refusal = if unsigned.is_some() {
                            Refusal::Unsigned
                        } else {
                            Refusal::Invalid
                        };
                        refused.push(RefusedPack {
                            place,
                            pack: shown,
                            refusal,
                            message,
                        });
                        continue;
                    }
                }
            }
        };
        loaded.push(extension(i, &recorded, doc, sha256, trust).map_err(pack_err)?);
        drop(resolved);
    }
    if !refused.is_empty() {
        return Err(BuildError::Refused { refused });
    }
    Ok(loaded)
}

fn extension(
    spec_index: usize,
    rel: &str,
    doc: Option<serde_json::Value>,
    sha256: String,
    trust: PackTrust,
) -> Result<LoadedExtension, String> {
    let doc = doc.ok_or_else(|| "the pack has no readable describe.json".to_string())?;
    let describe: Describe = serde_json::from_value(doc).map_err(|e| {
        format!("its describe.json does not follow the v2 contract: {e}; run `gtdx validate` on it")
    })?;
    if describe.api_version != gtdx_contract::API_VERSION_V2 {
        return Err(format!(
            "its describe.json declares apiVersion `{}`; only `{}` extensions declare their tools in \
             describe.json, which is where a worker reads them",
            describe.api_version,
            gtdx_contract::API_VERSION_V2
        ));
    }
    Ok(LoadedExtension {
        spec_index,
        pack: rel.to_string(),
        describe,
        sha256,
        trust,
    })
}

/// Signs the manifest like a describe.json: JCS without `signature`, ed25519, `signature` block.
/// Returns the key id.
pub fn sign_manifest(manifest: &mut WorkerManifest, key: &SecretKey) -> Result<String, BuildError> {
    manifest.signature = None;
    let mut value =
        serde_json::to_value(&*manifest).map_err(|e| BuildError::Sign(e.to_string()))?;
    sign_value(&mut value, key, None).map_err(|e| BuildError::Sign(e.to_string()))?;
    let block: Signature = serde_json::from_value(value["signature"].clone())
        .map_err(|e| BuildError::Sign(e.to_string()))?;
    let key_id = block.key_id.clone().unwrap_or_default();
    manifest.signature = Some(block);
    Ok(key_id)
}

/// Checks the manifest's own signature, and its signer against `trust` when given.
pub fn verify_manifest_signature(
    value: &serde_json::Value,
    trust: Option<&TrustInputs>,
) -> Result<ManifestSignature, InspectError> {
    Ok(match check_signature(value) {
        SignatureStatus::Missing => ManifestSignature::Unsigned,
        SignatureStatus::Malformed(reason) => ManifestSignature::Invalid { reason },
        SignatureStatus::Invalid { reason, .. } => ManifestSignature::Invalid { reason },
        SignatureStatus::Valid { public_key, .. } => {
            let trusted = match trust {
                Some(t) => Some(
                    trust_policy(t)
                        .map_err(|e| InspectError::Trust(e.to_string()))?
                        .trusts(&public_key),
                ),
                None => None,
            };
            ManifestSignature::Valid {
                key_id: public_key.key_id.to_string(),
                public_key: public_key.to_base64(),
                trusted,
            }
        }
    })
}
