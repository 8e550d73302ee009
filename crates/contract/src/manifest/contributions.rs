//! `contributions`: everything an extension adds, and the smaller kinds (recipes, assets, DW
//! providers, guardrails, messaging channels) and `localization`.

use std::collections::BTreeMap;

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::*;

/// Everything an extension contributes. Empty lists are not written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Contributions {
    /// Flow-editor palette entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub node_types: Vec<NodeType>,
    /// Callable tools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<Tool>,
    /// Packaging recipes of a bundle extension.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recipes: Vec<Recipe>,
    /// Knowledge-base files shipped in the pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knowledge: Vec<AssetRef>,
    /// Markdown prompt fragments shipped in the pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prompts: Vec<AssetRef>,
    /// JSON Schema documents shipped in the pack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schemas: Vec<AssetRef>,
    /// DW Composer provider cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dw_providers: Vec<DwProvider>,
    /// Content-moderation guardrails.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guardrails: Vec<Guardrail>,
    /// UI pages for a host surface.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub views: Vec<View>,
    /// Managed services the platform provisions (Qdrant, Redis, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addons: Vec<Addon>,
    /// Self-test through one of the extension's tools. Snake-case on the wire, unlike its
    /// camelCase siblings (the platform's spelling).
    #[serde(
        rename = "connection_test",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub connection_test: Option<ConnectionTest>,
    /// The messaging channel a provider extension offers. Snake-case on the wire.
    #[serde(
        rename = "messaging_channel",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub messaging_channel: Option<MessagingChannel>,
    /// Per-connection derived tools (dynamic-tools spec; not yet known to the platform's
    /// loader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic_tools: Option<DynamicTools>,
}

impl Contributions {
    /// The declared tools.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// The declared node types.
    pub fn node_types(&self) -> &[NodeType] {
        &self.node_types
    }
}

/// A packaging recipe of a bundle extension.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    pub id: String,
    pub display_name: LocalizedText,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<LocalizedText>,
    /// Pack-relative path of the recipe's configuration schema.
    pub config_schema: String,
}

/// A file shipped in the pack, relative to its root (`knowledge`, `prompts`, `schemas`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AssetRef {
    pub path: String,
}

/// A DW Composer provider card (camelCase inside, unlike its neighbours).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DwProvider {
    pub provider_id: String,
    pub family: String,
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    pub version: String,
    pub channel: String,
    pub capability_contract_ids: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub question_blocks: Vec<Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub template_compatibility: Vec<String>,
}

/// A guardrail export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Guardrail {
    pub export: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = COMPONENT_ID_PATTERN)))]
    pub runtime_ref: Option<String>,
}

/// The messaging channel a provider extension offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MessagingChannel {
    #[cfg_attr(feature = "schema", schemars(extend("minLength" = 1)))]
    pub id: String,
    /// OCI reference of the provider pack, digest-pinned preferred.
    #[serde(rename = "ref")]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^oci://")))]
    pub oci_ref: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("minLength" = 1)))]
    pub surface: Option<String>,
}

/// Translations for view titles and other flat keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Localization {
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = LOCALE_PATTERN)))]
    pub default_locale: String,
    /// Key → locale → text.
    pub strings: BTreeMap<String, BTreeMap<String, String>>,
}
