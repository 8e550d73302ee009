//! Verifying and reading packs (placeholder until gtdx-pack and gtdx-sign land).

use std::path::Path;

use crate::assemble::LoadedExtension;
use crate::error::BuildError;
use crate::inspect::{InspectError, ManifestSignature};
use crate::manifest::WorkerManifest;
use crate::spec::LoadedSpec;
use crate::{KeySource, TrustInputs};

pub struct TrustPolicy;
impl TrustPolicy {
    pub fn load(_t: &TrustInputs) -> Result<Self, BuildError> {
        Ok(TrustPolicy)
    }
}
pub struct SigningKey;
pub fn load_signing_key(_s: &KeySource) -> Result<SigningKey, BuildError> {
    Err(BuildError::Sign("pending".into()))
}
pub fn load_all(
    _s: &LoadedSpec,
    _b: &Path,
    _t: &TrustPolicy,
    _a: bool,
) -> Result<Vec<LoadedExtension>, BuildError> {
    Err(BuildError::Usage {
        message: "pending".into(),
    })
}
pub fn sign_manifest(_m: &mut WorkerManifest, _k: &SigningKey) -> Result<String, BuildError> {
    Err(BuildError::Sign("pending".into()))
}
pub fn verify_manifest_signature(
    _v: &serde_json::Value,
    _t: Option<&TrustInputs>,
) -> Result<ManifestSignature, InspectError> {
    Ok(ManifestSignature::Unsigned)
}
