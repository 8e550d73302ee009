//! The dynamic-tools members: `contributions.dynamicTools` and the top-level `configFields`.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `dynamicTools` declaration: a discovery tool and the executors derived tools may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DynamicTools {
    /// Name of a static tool of this extension that returns descriptors.
    pub discovery_tool: String,
    /// The dispatch-target allow-list.
    pub executors: Vec<Executor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh: Option<Refresh>,
    /// Cap on admitted derived tools (the server cap always applies too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("minimum" = 1)))]
    pub max_tools: Option<u32>,
}

/// One executor a derived tool may dispatch to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Executor {
    /// Name of a static tool of this extension.
    pub tool: String,
    /// What the executor does, for presentation and policy diagnostics.
    pub effect: ExecutorEffect,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ExecutorEffect {
    Read,
    Write,
    Delete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Refresh {
    #[cfg_attr(feature = "schema", schemars(extend("minimum" = 1)))]
    pub ttl_seconds: u64,
}

/// An operator-configured connection field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ConfigField {
    pub key: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    #[serde(rename = "type")]
    pub field_type: ConfigFieldType,
    /// `endpoint` marks the one non-secret host the extension code may build URLs from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<ConfigFieldPurpose>,
    /// The value used when the operator gives none (an endpoint's: HTTPS on port 443, without
    /// user-info, query or fragment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// A value shown to the operator as an example (same rules as `default`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ConfigFieldType {
    String,
    Url,
    Number,
    Boolean,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ConfigFieldPurpose {
    Endpoint,
}
