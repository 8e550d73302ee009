//! The typed model of a `describe.json` v2 manifest.
//!
//! Shapes follow the platform's published schema (`describe-v2.json`), the element tables of the
//! tools/node-types specification, and the dynamic-tools specification (`dynamicTools`,
//! `configFields`). Every struct carries `deny_unknown_fields`: the platform rejects a misspelt
//! key instead of dropping it, and so do we. Optional fields are `Option` (not defaulted) so
//! that an explicit empty list survives a parse → serialize round trip.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::metadata::MetadataBlob;

/// A whole `describe.json` (v2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Greentic extension describe.json v2 (gtdx)")]
pub struct Describe {
    /// Must be `https://store.greentic.cloud/schemas/describe-v2.json` (`E_SCHEMA_HOST`).
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Contract discriminator: `greentic.ai/v2`. Kept as a string so that a v1 manifest can be
    /// recognised and explained rather than rejected with a bare type error.
    #[schemars(extend("const" = "greentic.ai/v2"))]
    pub api_version: String,
    /// Extension family; selects the install directory.
    pub kind: ExtensionKind,
    /// Designer/runner floors and the contract version authored against.
    pub compat: Compat,
    /// Identity and catalogue information (`<id>@<version>`).
    pub metadata: Metadata,
    /// Deprecated; `gtdx lint` reports `E_ENGINE_DEPRECATED`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<Engine>,
    /// Capability contracts offered to others and required from the host.
    pub capabilities: Capabilities,
    /// The WASM components and the sandbox they run in.
    pub runtime: Runtime,
    /// BundleExtension dispatch config; free-form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution: Option<Map<String, Value>>,
    /// What the extension adds: tools, node types and the rest.
    pub contributions: Contributions,
    /// Translation table `{ default_locale, strings }`; free-form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localization: Option<Map<String, Value>>,
    /// ed25519 signature over the JCS form of this document without `signature`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<Signature>,
    /// Lowercase-hex SHA-256 of the pack's `manifest.json`.
    #[serde(
        rename = "manifestSha256",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[schemars(extend("pattern" = "^[0-9a-f]{64}$"))]
    pub manifest_sha256: Option<String>,
    /// Credentials an operator must supply before the extension works.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_secrets: Option<Vec<SecretRequirement>>,
    /// Extension configuration schema, a JSON Schema serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_schema: Option<String>,
    /// Operator-configured, non-secret connection fields (dynamic-tools spec).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_fields: Option<Vec<ConfigField>>,
}

/// Which extension family an artifact belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum ExtensionKind {
    DesignExtension,
    BundleExtension,
    DeployExtension,
    ProviderExtension,
}

impl ExtensionKind {
    /// Every kind, in the schema's order.
    pub const ALL: [ExtensionKind; 4] = [
        ExtensionKind::DesignExtension,
        ExtensionKind::BundleExtension,
        ExtensionKind::DeployExtension,
        ExtensionKind::ProviderExtension,
    ];

    /// The wire spelling, e.g. `DesignExtension`.
    pub fn as_str(self) -> &'static str {
        match self {
            ExtensionKind::DesignExtension => "DesignExtension",
            ExtensionKind::BundleExtension => "BundleExtension",
            ExtensionKind::DeployExtension => "DeployExtension",
            ExtensionKind::ProviderExtension => "ProviderExtension",
        }
    }

    /// The short form used on command lines and in Cargo metadata (`design`, `bundle`, ...).
    pub fn short(self) -> &'static str {
        match self {
            ExtensionKind::DesignExtension => "design",
            ExtensionKind::BundleExtension => "bundle",
            ExtensionKind::DeployExtension => "deploy",
            ExtensionKind::ProviderExtension => "provider",
        }
    }

    /// Parses either the wire spelling or the short form.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s || k.short() == s)
    }
}

/// Version floors and the contract version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Compat {
    /// Semver range of the oldest designer that loads this extension (`>=1.2.0` for v2).
    pub min_designer_version: String,
    /// Semver range of the oldest runner supported, e.g. `^1.2.0`.
    pub min_runner_version: String,
    /// Exact semver of the describe contract authored against.
    #[schemars(extend("pattern" = SEMVER_PATTERN))]
    pub contract_version: String,
}

/// The pattern the published schema uses for exact versions.
pub const SEMVER_PATTERN: &str = r"^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?(\+[a-zA-Z0-9.-]+)?$";

/// Identity and catalogue information.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Metadata {
    /// Reverse-DNS id, e.g. `greentic.telco-x`.
    #[schemars(extend("pattern" = r"^[a-z][a-z0-9.-]*\.[a-z0-9.-]+$"))]
    pub id: String,
    /// Display name; non-empty.
    #[schemars(extend("minLength" = 1))]
    pub name: String,
    /// Exact semver of this release.
    #[schemars(extend("pattern" = SEMVER_PATTERN))]
    pub version: String,
    /// One-line catalogue summary: a string or `{ default, locales }`.
    pub summary: LocalizedText,
    /// Long description: a string or `{ default, locales }`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<LocalizedText>,
    /// Publisher.
    pub author: Author,
    /// License identifier, e.g. `Apache-2.0`.
    pub license: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("format" = "uri"))]
    pub homepage: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("format" = "uri"))]
    pub repository: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keywords: Option<Vec<String>>,
    /// Pack-relative path to the icon, e.g. `assets/icon.svg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screenshots: Option<Vec<String>>,
}

/// A plain string, or a localized `{ default, locales }` object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum LocalizedText {
    Plain(String),
    Localized(Localized),
}

impl LocalizedText {
    /// The text shown when no locale matches.
    pub fn default_text(&self) -> &str {
        match self {
            LocalizedText::Plain(s) => s,
            LocalizedText::Localized(l) => &l.default,
        }
    }
}

/// A string with per-locale variants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Localized {
    pub default: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locales: Option<BTreeMap<String, String>>,
}

/// Publisher of the extension.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Author {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
}

/// Deprecated version constraints; superseded by [`Compat`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Engine {
    pub greentic_designer: String,
    pub ext_runtime: String,
}

/// Capability contracts offered and required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Capabilities {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered: Option<Vec<CapRef>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<Vec<CapRef>>,
}

/// A reference to a capability contract.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapRef {
    /// `<namespace>:<path>`, e.g. `greentic:guardrail/topic`.
    #[schemars(extend("pattern" = "^[a-z][a-z0-9-]*:[a-z][a-z0-9/._-]*$"))]
    pub id: String,
    /// Semver requirement.
    pub version: String,
    /// Deprecation marker `{ since, replaced_by?, removal_in? }`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Value>,
}

/// Components, limits and permissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Runtime {
    /// Memory ceiling in MiB, 1..=1024 (64 when omitted).
    #[serde(
        rename = "memoryLimitMB",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[schemars(extend("minimum" = 1, "maximum" = 1024))]
    pub memory_limit_mb: Option<u32>,
    /// Host permissions requested.
    pub permissions: Permissions,
    /// The components, keyed by component id. At least one.
    #[schemars(extend("minProperties" = 1, "propertyNames" = {"pattern": "^[a-z0-9][a-z0-9._-]*$"}))]
    pub components: BTreeMap<String, RuntimeComponent>,
}

/// Host permissions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Permissions {
    /// URL patterns the guest may reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<Vec<String>>,
    /// Secret keys the extension may read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secrets: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_extension_kinds: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llm_roles: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oauth_providers: Option<Vec<String>>,
    /// Grants for browser-executed view code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ui: Option<UiPermissions>,
}

/// Grants for view code.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UiPermissions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetch_hosts: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_api: Option<Vec<PlatformApiGrant>>,
}

/// One platform REST grant for views.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlatformApiGrant {
    pub method: HttpMethod,
    pub path_pattern: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum HttpMethod {
    GET,
    POST,
    PUT,
    PATCH,
    DELETE,
}

/// One entry of `runtime.components`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuntimeComponent {
    /// OCI reference of the component image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oci_ref: Option<String>,
    /// Offline payload inside the archive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gtpack: Option<GtpackRef>,
    /// Lowercase-hex SHA-256 of the component.
    #[schemars(extend("pattern" = "^[0-9a-f]{64}$"))]
    pub sha256: String,
    /// WIT world the component exports.
    pub world: String,
}

/// The all-zero digest scaffolds ship before the first build (`E_SHA256_ZERO` at publish).
pub const ZERO_SHA256: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Where a component sits inside the `.gtxpack`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GtpackRef {
    /// Pack-relative path of the component file.
    pub file: String,
    /// Lowercase-hex SHA-256 of that file.
    #[schemars(extend("pattern" = "^[0-9a-f]{64}$"))]
    pub sha256: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component_version: Option<String>,
}

/// The ed25519 signature block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Signature {
    #[schemars(extend("const" = "ed25519"))]
    pub algorithm: String,
    /// Base64 of the 32-byte public key (an `ed25519:` prefix is accepted).
    pub public_key: String,
    /// Base64 of the 64-byte signature (an `ed25519:` prefix is accepted).
    pub value: String,
    /// Advisory label for the signing key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
}

/// A credential the extension or a tool needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SecretRequirement {
    /// Namespaced key, e.g. `tavily/api_key`.
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<SecretFormat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<String>>,
}

impl SecretRequirement {
    /// A bare `{ "key": ... }` requirement.
    pub fn key(key: impl Into<String>) -> Self {
        SecretRequirement {
            key: key.into(),
            required: None,
            description: None,
            format: None,
            scope: None,
            schema: None,
            examples: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SecretFormat {
    Bytes,
    Text,
    Json,
}

/// Everything an extension contributes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Contributions {
    /// Flow-editor palette entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_types: Option<Vec<NodeType>>,
    /// DW Composer provider cards; free-form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dw_providers: Option<Vec<Value>>,
    /// Callable tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<Tool>>,
    /// Packaging recipes of a bundle extension.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recipes: Option<Vec<Recipe>>,
    /// Knowledge-base files shipped in the pack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knowledge: Option<Vec<AssetRef>>,
    /// Markdown prompt fragments shipped in the pack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompts: Option<Vec<AssetRef>>,
    /// JSON Schema documents shipped in the pack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schemas: Option<Vec<AssetRef>>,
    /// Content-moderation guardrails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guardrails: Option<Vec<Guardrail>>,
    /// UI pages for a host surface.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub views: Option<Vec<View>>,
    /// Self-test through one of the extension's tools. Snake-case on the wire, unlike its
    /// camelCase siblings (the platform's spelling).
    #[serde(
        rename = "connection_test",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub connection_test: Option<ConnectionTest>,
    /// Per-connection derived tools (dynamic-tools spec).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic_tools: Option<DynamicTools>,
}

impl Contributions {
    /// The declared tools, or none.
    pub fn tools(&self) -> &[Tool] {
        self.tools.as_deref().unwrap_or_default()
    }

    /// The declared node types, or none.
    pub fn node_types(&self) -> &[NodeType] {
        self.node_types.as_deref().unwrap_or_default()
    }
}

/// One callable tool, as the spec's table defines it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tool {
    /// The name the LLM calls; snake_case.
    pub name: String,
    /// The WIT export dispatched through, e.g. `greentic:extension-design/tools.invoke-tool`.
    pub export: String,
    /// Key of `runtime.components`; omit when there is exactly one component.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_ref: Option<String>,
    /// Surfaces offering the tool: `agentic_worker`, `flow`. Absent means `["flow"]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
    /// Shown to the LLM.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// JSON Schema of the arguments, serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<String>,
    /// JSON Schema of the result, serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<String>,
    /// Credentials the tool needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_requirements: Option<Vec<SecretRequirement>>,
    /// Planning hints, a JSON-encoded string on the wire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
        self.capabilities
            .as_ref()
            .is_some_and(|c| c.iter().any(|c| c == crate::CAPABILITY_AGENTIC_WORKER))
    }
}

/// One flow-editor node type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NodeType {
    #[schemars(extend("minLength" = 1))]
    pub type_id: String,
    #[schemars(extend("minLength" = 1))]
    pub label: String,
    #[schemars(extend("minLength" = 1))]
    pub category: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complexity: Option<String>,
    /// JSON Schema of the node's configuration, serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_schema: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_ports: Option<Vec<OutputPort>>,
    /// Key of `runtime.components` the flow compiler dispatches to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_ref: Option<String>,
    /// `true`, or a deprecation notice `{ since, replaced_by?, removal_in? }`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Deprecated>,
}

/// One output port of a node type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutputPort {
    #[schemars(extend("minLength" = 1))]
    pub name: String,
    #[schemars(extend("minLength" = 1))]
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A deprecation flag or notice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Deprecated {
    Flag(bool),
    Notice(DeprecationNotice),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeprecationNotice {
    pub since: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removal_in: Option<String>,
}

/// A packaging recipe of a bundle extension.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    pub id: String,
    pub display_name: LocalizedText,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<LocalizedText>,
    /// The recipe's configuration schema (string or inline object).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_schema: Option<Value>,
}

/// A file shipped in the pack, relative to its root.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssetRef {
    pub path: String,
}

/// A guardrail export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Guardrail {
    pub export: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_ref: Option<String>,
}

/// A UI page contributed to a host surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    #[schemars(extend("pattern" = "^[a-z0-9][a-z0-9._-]*$"))]
    pub id: String,
    pub surface: ViewSurface,
    pub title_key: String,
    pub title_fallback: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    pub entry: String,
    pub placement: Placement,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_visibility: Option<Visibility>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ViewSurface {
    Designer,
    Admin,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Member,
    TenantAdmin,
    PlatformAdmin,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub slot: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<i64>,
}

/// A connection self-test through one of the extension's tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConnectionTest {
    pub tool: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Map<String, Value>>,
}

/// The `dynamicTools` declaration: a discovery tool and the executors derived tools may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
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
    #[schemars(extend("minimum" = 1))]
    pub max_tools: Option<u32>,
}

/// One executor a derived tool may dispatch to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Executor {
    /// Name of a static tool of this extension.
    pub tool: String,
    /// What the executor does, for presentation and policy diagnostics.
    pub effect: ExecutorEffect,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExecutorEffect {
    Read,
    Write,
    Delete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Refresh {
    #[schemars(extend("minimum" = 1))]
    pub ttl_seconds: u64,
}

/// An operator-configured connection field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConfigFieldType {
    String,
    Url,
    Number,
    Boolean,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConfigFieldPurpose {
    Endpoint,
}

impl Describe {
    /// Parses a manifest from JSON text (no span information; see `gtdx-lint` for reports).
    pub fn from_json_str(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The canonical on-disk form: pretty-printed, field-ordered, with a trailing newline.
    pub fn to_pretty_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|e| {
            // Serializing plain data with string keys cannot fail; keep the invariant loud.
            unreachable!("describe serialization failed: {e}")
        });
        s.push('\n');
        s
    }
}
