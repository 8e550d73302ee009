//! The typed model of a `describe.json` v2 manifest: the platform's own model, field for field.
//!
//! The platform's loader (`greentic-extension-sdk-contract`, the crate its installer, runtime and
//! `gtdx` share) parses describe.json into typed structs, checks whole-document invariants, and
//! verifies signatures over the **re-serialised** structs. So this model copies it exactly:
//!
//! * the same fields, requiredness and unknown-field policy (`deny_unknown_fields` everywhere
//!   except inside secret requirements and localized-string objects, where the platform drops
//!   unknown keys);
//! * the same serialisation: fields the platform always emits are always emitted, with their
//!   defaults filled in (`runtime.memoryLimitMB: 64`, the three permission lists,
//!   `capabilities.offered`/`required`, `output_ports`, `required: true` on secret requirements,
//!   ...), fields it drops when empty are dropped, a localized string without locales becomes a
//!   plain string, and semver fields are re-displayed the way `semver` prints them. Parsing and
//!   re-serialising is therefore the platform's normalisation ([`Describe::to_value`]), and the signed
//!   bytes are the same on both sides;
//! * the parse-time checks the platform's newtypes and `TryFrom` make live in
//!   [`crate::invariants`], each reported with a JSON pointer.
//!
//! Two members come from the dynamic-tools specification and are not (yet) known to the
//! platform's loader: `contributions.dynamicTools` and the top-level `configFields`. gtdx models
//! them, and `gtdx validate` warns that today's loader refuses a describe that carries them.

use std::collections::BTreeMap;

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::metadata::MetadataBlob;

/// A whole `describe.json` (v2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[cfg_attr(
    feature = "schema",
    schemars(title = "Greentic extension describe.json v2 (gtdx)")
)]
pub struct Describe {
    /// Must be `https://store.greentic.cloud/schemas/describe-v2.json` (`E_SCHEMA_HOST`).
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Contract discriminator: `greentic.ai/v2`. Kept as a string so that a v1 manifest can be
    /// recognised and explained rather than rejected with a bare type error.
    #[cfg_attr(feature = "schema", schemars(extend("const" = "greentic.ai/v2")))]
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
    /// Capability contracts offered to others and required from the host (`{}` allowed).
    pub capabilities: Capabilities,
    /// The WASM components and the sandbox they run in.
    pub runtime: Runtime,
    /// BundleExtension dispatch config; free-form (only allowed on `BundleExtension`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution: Option<Map<String, Value>>,
    /// What the extension adds: tools, node types and the rest.
    pub contributions: Contributions,
    /// Translation table for view titles and other keys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localization: Option<Localization>,
    /// ed25519 signature over the JCS form of the normalised document without `signature`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<Signature>,
    /// Lowercase-hex SHA-256 of the pack's `manifest.json`.
    #[serde(
        rename = "manifestSha256",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[0-9a-f]{64}$")))]
    pub manifest_sha256: Option<String>,
    /// Credentials an operator must supply before the extension works.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_secrets: Vec<RequiredSecret>,
    /// Extension configuration schema (non-secret), a JSON Schema object serialized as a string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_schema: Option<String>,
    /// Operator-configured, non-secret connection fields (dynamic-tools spec; not yet known to
    /// the platform's loader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_fields: Option<Vec<ConfigField>>,
}

/// Which extension family an artifact belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub enum ExtensionKind {
    DesignExtension,
    BundleExtension,
    DeployExtension,
    ProviderExtension,
    /// Declarative infrastructure (a Qdrant, a Redis) the platform provisions; must declare at
    /// least one `contributions.addons[]` entry.
    AddonExtension,
}

impl ExtensionKind {
    /// Every kind, in the schema's order.
    pub const ALL: [ExtensionKind; 5] = [
        ExtensionKind::DesignExtension,
        ExtensionKind::BundleExtension,
        ExtensionKind::DeployExtension,
        ExtensionKind::ProviderExtension,
        ExtensionKind::AddonExtension,
    ];

    /// The wire spelling, e.g. `DesignExtension`.
    pub fn as_str(self) -> &'static str {
        match self {
            ExtensionKind::DesignExtension => "DesignExtension",
            ExtensionKind::BundleExtension => "BundleExtension",
            ExtensionKind::DeployExtension => "DeployExtension",
            ExtensionKind::ProviderExtension => "ProviderExtension",
            ExtensionKind::AddonExtension => "AddonExtension",
        }
    }

    /// The short form used on command lines, in Cargo metadata and as the install directory
    /// name under `$GREENTIC_HOME/extensions/` (`design`, `bundle`, ...).
    pub fn short(self) -> &'static str {
        match self {
            ExtensionKind::DesignExtension => "design",
            ExtensionKind::BundleExtension => "bundle",
            ExtensionKind::DeployExtension => "deploy",
            ExtensionKind::ProviderExtension => "provider",
            ExtensionKind::AddonExtension => "addon",
        }
    }

    /// Parses either the wire spelling or the short form.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s || k.short() == s)
    }
}

/// Version floors and the contract version. The platform parses all three eagerly
/// (requirements, then an exact version) and writes them back as `semver` displays them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Compat {
    /// Semver requirement on the designer, e.g. `>=1.2.0`.
    #[serde(serialize_with = "semver_text::requirement")]
    pub min_designer_version: String,
    /// Semver requirement on the runner, e.g. `^1.2.0`.
    #[serde(serialize_with = "semver_text::requirement")]
    pub min_runner_version: String,
    /// Exact semver of the describe contract authored against.
    #[serde(serialize_with = "semver_text::version")]
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = SEMVER_PATTERN)))]
    pub contract_version: String,
}

/// The pattern the published schema uses for exact versions.
pub const SEMVER_PATTERN: &str = r"^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?(\+[a-zA-Z0-9.-]+)?$";

/// Identity and catalogue information.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Metadata {
    /// Reverse-DNS id, e.g. `com.acme.crm-tools`.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = r"^[a-z][a-z0-9.-]*\.[a-z0-9.-]+$")))]
    pub id: String,
    /// Display name; non-empty.
    #[cfg_attr(feature = "schema", schemars(extend("minLength" = 1)))]
    pub name: String,
    /// Exact semver of this release.
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = SEMVER_PATTERN)))]
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
    #[cfg_attr(feature = "schema", schemars(extend("format" = "uri")))]
    pub homepage: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(extend("format" = "uri")))]
    pub repository: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Pack-relative path to the icon, e.g. `assets/icon.svg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub screenshots: Vec<String>,
}

/// A plain string, or a localized `{ default, locales }` object. Written back as a plain
/// string whenever it has no locales, as the platform does.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
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

impl From<&str> for LocalizedText {
    fn from(s: &str) -> Self {
        LocalizedText::Plain(s.to_string())
    }
}

impl Serialize for LocalizedText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LocalizedText::Localized(l) if !l.locales.is_empty() => l.serialize(s),
            other => s.serialize_str(other.default_text()),
        }
    }
}

/// A string with per-locale variants. Unknown keys are ignored (and dropped), as the
/// platform's untagged reader does; locale keys are ASCII letters, digits and `-`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub struct Localized {
    pub default: String,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(extend("propertyNames" = {"pattern": LOCALE_PATTERN})))]
    pub locales: BTreeMap<String, String>,
}

/// What a locale key may hold.
pub const LOCALE_PATTERN: &str = "^[A-Za-z0-9-]+$";

/// Publisher of the extension.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Author {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
}

/// Deprecated version constraints; superseded by [`Compat`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Engine {
    pub greentic_designer: String,
    pub ext_runtime: String,
}

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

/// The ed25519 signature block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Signature {
    pub algorithm: SignatureAlgorithm,
    /// Base64 of the 32-byte public key (an `ed25519:` prefix is accepted).
    pub public_key: String,
    /// Base64 of the 64-byte signature.
    pub value: String,
    /// Advisory label for the signing key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
}

/// The only signature algorithm there is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
pub enum SignatureAlgorithm {
    #[serde(rename = "ed25519")]
    Ed25519,
}

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

/// A UI page contributed to a host surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct View {
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[a-z0-9][a-z0-9._-]*$")))]
    pub id: String,
    pub surface: ViewSurface,
    pub title_key: String,
    pub title_fallback: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    pub entry: String,
    pub placement: Placement,
    /// Not written when `member` (the default).
    #[serde(default, skip_serializing_if = "Visibility::is_member")]
    pub min_visibility: Visibility,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ViewSurface {
    Designer,
    Admin,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    #[default]
    Member,
    TenantAdmin,
    PlatformAdmin,
}

impl Visibility {
    fn is_member(&self) -> bool {
        *self == Visibility::Member
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub slot: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<i32>,
}

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

impl Describe {
    /// Parses a manifest the way the platform's loader does: the typed model, then every
    /// whole-document invariant (the first violation is the error). No span information; see
    /// `gtdx-lint` for located reports.
    pub fn from_json_str(text: &str) -> Result<Self, LoadError> {
        let describe: Describe = serde_json::from_str(text).map_err(LoadError::Parse)?;
        describe.check()?;
        Ok(describe)
    }

    /// [`Describe::from_json_str`] for a value already parsed.
    pub fn from_value(value: Value) -> Result<Self, LoadError> {
        let describe: Describe = serde_json::from_value(value).map_err(LoadError::Parse)?;
        describe.check()?;
        Ok(describe)
    }

    /// The first invariant this document breaks, if any.
    pub fn check(&self) -> Result<(), LoadError> {
        match crate::invariants::violations(self).into_iter().next() {
            Some(v) => Err(LoadError::Invariant(v)),
            None => Ok(()),
        }
    }

    /// The normalised document as a JSON value: what the platform's model re-serialises.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self)
            .unwrap_or_else(|e| unreachable!("describe serialization failed: {e}"))
    }

    /// The canonical on-disk form: normalised, pretty-printed, with a trailing newline.
    pub fn to_pretty_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|e| {
            // Serializing plain data with string keys cannot fail; keep the invariant loud.
            unreachable!("describe serialization failed: {e}")
        });
        s.push('\n');
        s
    }

    /// The members the platform's loader does not know yet (the spec's additions), as JSON
    /// pointers: a describe carrying any of them fails to load on today's platform.
    pub fn spec_only_members(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.contributions.dynamic_tools.is_some() {
            out.push("/contributions/dynamicTools");
        }
        if self.config_fields.is_some() {
            out.push("/configFields");
        }
        out
    }
}

/// Why a document does not load.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Parse(serde_json::Error),
    #[error("{}: {}", .0.pointer, .0.message)]
    Invariant(crate::invariants::Violation),
}

/// Semver fields written back the way the platform's `semver` types display them (so `>= 1.2`
/// is signed as `>=1.2`). A value that does not parse is written as it stands: such a document
/// does not load, and [`crate::invariants`] says so.
mod semver_text {
    use serde::Serializer;

    pub fn requirement<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        match semver::VersionReq::parse(text) {
            Ok(r) => s.collect_str(&r),
            Err(_) => s.serialize_str(text),
        }
    }

    pub fn version<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        match semver::Version::parse(text) {
            Ok(v) => s.collect_str(&v),
            Err(_) => s.serialize_str(text),
        }
    }

    pub fn optional_version<S: Serializer>(text: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
        match text {
            Some(t) => version(t, s),
            None => s.serialize_none(),
        }
    }
}
