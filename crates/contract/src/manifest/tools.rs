//! `contributions.tools[]`: one callable tool.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::*;

/// One callable tool, as the spec's table defines it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Tool {
    /// The name the LLM calls; snake_case.
    pub name: String,
    /// The WIT export dispatched through, e.g. `greentic:extension-design/tools.invoke-tool`.
    pub export: String,
    /// Key of `runtime.components`; omit when there is exactly one component.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = COMPONENT_ID_PATTERN)))]
    pub runtime_ref: Option<String>,
    /// Surfaces offering the tool: `agentic_worker`, `flow`. Absent means `["flow"]`; absent
    /// and `[]` are different and both survive normalisation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
    /// Credentials the tool needs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_requirements: Vec<SecretRequirement>,
    /// Shown to the LLM.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// JSON Schema of the arguments, serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<String>,
    /// JSON Schema of the result, serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<String>,
    /// Planning hints, a JSON-encoded string on the wire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub agentic_worker_metadata: Option<MetadataBlob>,
}

impl Tool {
    /// The capabilities consumers will act on: the declared list, or the `["flow"]` default.
    pub fn effective_capabilities(&self) -> Vec<String> {
        match &self.capabilities {
            Some(c) => c.clone(),
            None => crate::DEFAULT_CAPABILITIES
                .iter()
                .map(|s| s.to_string())
                .collect(),
        }
    }

    /// Whether an agentic worker will offer this tool.
    pub fn is_agentic(&self) -> bool {
        self.offers(crate::CAPABILITY_AGENTIC_WORKER)
    }

    /// Whether the tool is on the `capability` surface, defaults applied (as
    /// [`Tool::effective_capabilities`], without building the list).
    pub fn offers(&self, capability: &str) -> bool {
        match &self.capabilities {
            Some(c) => c.iter().any(|c| c == capability),
            None => crate::DEFAULT_CAPABILITIES.contains(&capability),
        }
    }
}
