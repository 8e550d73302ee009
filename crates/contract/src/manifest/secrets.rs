//! Secrets: a tool's `secret_requirements` and the extension-wide `requiredSecrets`.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A credential a tool needs (`contributions.tools[].secret_requirements[]`). As on the
/// platform, unknown keys are accepted and dropped, and `required` defaults to `true` and is
/// always written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct SecretRequirement {
    /// Namespaced key, e.g. `tavily/api_key`; the host resolves it as `secret://<key>`.
    pub key: String,
    #[serde(default = "default_true")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<SecretScope>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<SecretFormat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
}

fn default_true() -> bool {
    true
}

impl SecretRequirement {
    /// A bare `{ "key": ... }` requirement (required).
    pub fn key(key: impl Into<String>) -> Self {
        SecretRequirement {
            key: key.into(),
            required: true,
            description: None,
            scope: None,
            format: None,
            schema: None,
            examples: Vec::new(),
        }
    }
}

/// An extension-wide credential (`requiredSecrets[]`). The platform's schema closes this object
/// (an unknown key is refused, unlike inside a tool's secret requirement), so its loader refuses
/// what this refuses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RequiredSecret {
    pub key: String,
    #[serde(default = "default_true")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<SecretScope>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<SecretFormat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
}

/// Where a secret lives: `env` and `tenant` are both required.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct SecretScope {
    pub env: String,
    pub tenant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum SecretFormat {
    Bytes,
    Text,
    Json,
}
