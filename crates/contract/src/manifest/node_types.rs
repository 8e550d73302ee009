//! `contributions.nodeTypes[]`: flow-editor node types, their output ports, deprecation notices.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::*;

/// One flow-editor node type. Every display field is required by the platform.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NodeType {
    /// Palette id.
    pub type_id: String,
    /// Palette label: a string or `{ default, locales }`.
    pub label: LocalizedText,
    pub category: String,
    /// Icon id the editor resolves.
    pub icon: String,
    /// Block colour, e.g. `#4f46e5`.
    pub color: String,
    /// Open string, e.g. `simple`.
    pub complexity: String,
    /// JSON Schema of the node's configuration, serialized as a string.
    pub config_schema: String,
    /// Output ports; always written, even empty.
    #[serde(default)]
    pub output_ports: Vec<OutputPort>,
    /// Key of `runtime.components` the flow compiler dispatches to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = COMPONENT_ID_PATTERN)))]
    pub runtime_ref: Option<String>,
    /// Named operation on a multi-operation component.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// Deprecation notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Deprecated>,
}

/// One output port of a node type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OutputPort {
    pub name: String,
    pub label: LocalizedText,
}

/// A deprecation notice `{ since, replaced_by?, removal_in? }` (exact semver versions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Deprecated {
    #[serde(serialize_with = "semver_text::version")]
    pub since: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "semver_text::optional_version"
    )]
    pub removal_in: Option<String>,
}
