//! The Digital Worker manifest `gtdx worker build` writes and `gtdx worker inspect` reads.
//!
//! Field order is declaration order, lists are sorted (extensions by id, tools by extension then
//! name, secrets by key), so the same inputs always give the same bytes.

use gtdx_contract::metadata::{MetadataSource, ResolvedMetadata};
use gtdx_contract::{Cost, SecretFormat, SecretRequirement, SideEffects, Signature, ToolExample};
use serde::{Deserialize, Serialize};

use crate::spec::{Limits, Llm, WorkerKind};

/// The `schema` value of every manifest this crate writes.
pub const MANIFEST_SCHEMA: &str = "gtdx.worker-manifest/v1";

/// A whole Digital Worker manifest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerManifest {
    /// Always [`MANIFEST_SCHEMA`].
    pub schema: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub tenant: String,
    pub kind: WorkerKind,
    pub llm: Llm,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_message: Option<String>,
    /// Limits with the runtime's defaults applied.
    pub limits: Limits,
    /// The packs the tools come from, pinned by digest and signer.
    pub extensions: Vec<PinnedExtension>,
    /// One binding per tool the agent may call.
    pub extension_tools: Vec<ExtensionToolBinding>,
    /// Secrets an operator must supply, merged over the kept tools.
    pub secret_requirements: Vec<AggregatedSecret>,
    /// ed25519 over the JCS form of this document without `signature` (with `--sign`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<Signature>,
}

/// One pack the worker was assembled from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PinnedExtension {
    pub extension_id: String,
    pub extension_version: String,
    /// The pack's path as written in the spec (relative to the spec file).
    pub pack: String,
    /// Lowercase-hex SHA-256 of the whole `.gtxpack` file.
    pub sha256: String,
    /// Whether the pack's describe.json carries a valid signature.
    pub signed: bool,
    /// Whether that signature is by a trusted key. `false` only gets here with `--allow-unsigned`.
    pub trusted: bool,
    /// Key id of the signer (`null` when unsigned).
    pub signer_key_id: Option<String>,
    /// Base64 public key of the signer (`null` when unsigned).
    pub signer_public_key: Option<String>,
    /// How many of its tools made it into `extension_tools`.
    pub tools_kept: usize,
}

/// One tool the agent may call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtensionToolBinding {
    pub extension_id: String,
    pub extension_version: String,
    pub tool_name: String,
    pub description: Option<String>,
    /// The tool's `input_schema`: JSON Schema as a string.
    pub input_schema_json: Option<String>,
    /// The tool's `output_schema`: JSON Schema as a string.
    pub output_schema_json: Option<String>,
    /// As declared (always includes `agentic_worker`).
    pub capabilities: Vec<String>,
    /// The metadata the worker will act on, every field filled in.
    pub agentic_worker_metadata: ToolMetadata,
    /// Where that metadata came from.
    pub metadata_source: MetadataOrigin,
    pub secret_requirements: Vec<SecretRequirement>,
    /// The metadata's `usage_hint`, the line a planner reads about when to call the tool.
    pub usage_note: Option<String>,
}

/// The resolved planning metadata, as an object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolMetadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage_hint: Option<String>,
    pub examples: Vec<ToolExample>,
    pub side_effects: SideEffects,
    pub cost: Cost,
    pub confirmation_required: bool,
}

impl From<&ResolvedMetadata> for ToolMetadata {
    fn from(r: &ResolvedMetadata) -> Self {
        ToolMetadata {
            usage_hint: r.usage_hint.clone(),
            examples: r.examples.clone(),
            side_effects: r.side_effects,
            cost: r.cost,
            confirmation_required: r.confirmation_required,
        }
    }
}

/// Where a binding's metadata came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetadataOrigin {
    /// The tool's own, contract-valid blob.
    Declared,
    /// No blob: the conservative defaults.
    Defaults,
    /// A blob outside the contract, dropped whole: the conservative defaults.
    DefaultsInvalidDropped,
}

impl From<&MetadataSource> for MetadataOrigin {
    fn from(s: &MetadataSource) -> Self {
        match s {
            MetadataSource::Declared => MetadataOrigin::Declared,
            MetadataSource::DefaultsAbsent => MetadataOrigin::Defaults,
            MetadataSource::DefaultsInvalid(_) => MetadataOrigin::DefaultsInvalidDropped,
        }
    }
}

/// One secret, merged over every kept tool that needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AggregatedSecret {
    pub key: String,
    /// `true` when any tool requires it (a requirement without `required` counts as required).
    pub required: bool,
    /// The first description found, in tool order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The first format found, in tool order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<SecretFormat>,
    /// The tools that declare it.
    pub used_by: Vec<ToolKey>,
}

/// `(extension_id, tool_name)`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolKey {
    pub extension_id: String,
    pub tool_name: String,
}

impl WorkerManifest {
    /// The on-disk form: pretty JSON with a trailing newline.
    pub fn to_pretty_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self)
            .unwrap_or_else(|e| unreachable!("manifest serialization failed: {e}"));
        s.push('\n');
        s
    }
}
