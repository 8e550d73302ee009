//! The ed25519 `signature` block.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The ed25519 signature block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Signature {
    pub algorithm: SignatureAlgorithm,
    /// Base64 of the 32-byte public key (an `ed25519:` prefix is accepted).
    pub public_key: String,
    /// Base64 of the 64-byte signature.
    pub value: String,
    /// Advisory label for the signing key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
}

/// The only signature algorithm there is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub enum SignatureAlgorithm {
    #[serde(rename = "ed25519")]
    Ed25519,
}
