//! `contributions.addons[]`: managed services, their outputs, and connection self-tests.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A managed service the platform provisions for an environment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Addon {
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[a-z0-9][a-z0-9-]*$")))]
    pub id: String,
    /// Open catalogue label (`vector-db`, `cache`, `sql`, ...).
    pub family: String,
    pub display_name: String,
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// JSON Schema object, serialized as a string.
    pub config_schema: String,
    /// JSON Schema object, serialized as a string; never credentials.
    pub desired_state_schema: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outputs: Vec<AddonOutput>,
    /// Always written.
    #[serde(default)]
    pub supports_backup: bool,
    /// At least 1; always written.
    #[serde(default = "default_schema_version")]
    #[cfg_attr(feature = "schema", schemars(extend("minimum" = 1)))]
    pub schema_version: u32,
}

fn default_schema_version() -> u32 {
    1
}

/// One output an addon publishes (injected as an environment variable).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AddonOutput {
    /// Becomes an environment variable of the consuming service.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[A-Za-z_][A-Za-z0-9_]*$")))]
    pub name: String,
    #[serde(rename = "type")]
    pub output_type: AddonOutputType,
    /// Always written.
    #[serde(default)]
    pub sensitive: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AddonOutputType {
    Text,
    Number,
    Boolean,
}

/// A connection self-test through one of the extension's tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ConnectionTest {
    pub tool: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Map<String, Value>>,
}
