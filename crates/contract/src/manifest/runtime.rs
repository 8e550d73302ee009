//! `capabilities` and `runtime`: the contracts offered and required, the memory limit, and the
//! components with their place in the pack.

use std::collections::BTreeMap;

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::*;

/// Capability contracts offered and required. Both lists are always written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Capabilities {
    #[serde(default)]
    pub offered: Vec<CapRef>,
    #[serde(default)]
    pub required: Vec<CapRef>,
}

/// A reference to a capability contract.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CapRef {
    /// `<namespace>:<path>`, e.g. `greentic:guardrail/topic`.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[a-z][a-z0-9-]*:[a-z][a-z0-9/._-]*$")))]
    pub id: String,
    /// Semver requirement (exact version when offered and published).
    pub version: String,
    /// Deprecation notice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Deprecated>,
}

/// Components, limits and permissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Runtime {
    /// Memory ceiling in MiB, 1..=1024; 64 when omitted (and then written as 64).
    #[serde(rename = "memoryLimitMB", default = "default_memory_limit_mb")]
    #[cfg_attr(feature = "schema", schemars(extend("minimum" = 1, "maximum" = 1024)))]
    pub memory_limit_mb: u32,
    /// Host permissions requested (`{}` allowed).
    pub permissions: Permissions,
    /// Top-level world; only MCP router artifacts use it (components carry their own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world: Option<String>,
    /// The components, keyed by component id. At least one.
    #[cfg_attr(feature = "schema", schemars(extend("minProperties" = 1, "propertyNames" = {"pattern": COMPONENT_ID_PATTERN})))]
    pub components: BTreeMap<String, RuntimeComponent>,
}

/// The runtime's memory ceiling when a describe names none.
pub const DEFAULT_MEMORY_LIMIT_MB: u32 = 64;

fn default_memory_limit_mb() -> u32 {
    DEFAULT_MEMORY_LIMIT_MB
}

/// What a component id (a `runtime.components` key, a `runtime_ref`) may hold.
pub const COMPONENT_ID_PATTERN: &str = "^[a-z0-9._-]+$";

/// One entry of `runtime.components`. At least one of `oci_ref` and `gtpack`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RuntimeComponent {
    /// OCI reference of the component image (pin it by digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oci_ref: Option<String>,
    /// Offline payload inside the archive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gtpack: Option<GtpackRef>,
    /// Lowercase-hex SHA-256 of the component.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = SHA256_PATTERN)))]
    pub sha256: String,
    /// WIT world the component exports.
    pub world: String,
}

/// A lowercase-hex SHA-256 digest, as the platform's `Sha256` type parses it.
pub const SHA256_PATTERN: &str = "^[0-9a-f]{64}$";

/// The all-zero digest scaffolds ship before the first build (`E_SHA256_ZERO` at publish).
pub const ZERO_SHA256: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Where a component sits inside the `.gtxpack`. The platform requires all four keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GtpackRef {
    /// Pack-relative path of the component file.
    pub file: String,
    /// Lowercase-hex SHA-256 of that file.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = SHA256_PATTERN)))]
    pub sha256: String,
    /// The pack the component ships in: gtdx writes the extension id (`metadata.id`).
    pub pack_id: String,
    /// The component's version: gtdx writes the extension version (`metadata.version`).
    pub component_version: String,
}
