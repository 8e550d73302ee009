//! `runtime.permissions`: what the host lets the extension reach (deny by default).

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Host permissions. Default is deny: an empty list grants nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Permissions {
    /// URL patterns the guest may reach (`https://`; plain http only for loopback).
    #[serde(default)]
    pub network: Vec<String>,
    /// Read grants over secret URIs: `secret://vendor/key`, `secret://vendor`
    /// (see [`crate::secrets`]). Plain keys grant nothing.
    #[serde(default)]
    pub secrets: Vec<String>,
    /// Extension kinds this extension may call through the broker.
    #[serde(default)]
    pub call_extension_kinds: Vec<String>,
    /// LLM roles for the host `llm` import; empty denies it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub llm_roles: Vec<String>,
    /// OAuth provider ids for the oauth broker; empty denies it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub oauth_providers: Vec<String>,
    /// Grants for browser-executed view code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ui: Option<UiPermissions>,
}

/// Grants for view code.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UiPermissions {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fetch_hosts: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub platform_api: Vec<PlatformApiGrant>,
}

/// One platform REST grant for views.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlatformApiGrant {
    pub method: HttpMethod,
    pub path_pattern: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub enum HttpMethod {
    GET,
    POST,
    PUT,
    PATCH,
    DELETE,
}
