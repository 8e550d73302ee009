//! What the extension is: its kind, the versions it needs, its catalogue metadata (with
//! localized text and author) and the deprecated `engine` block.

use std::collections::BTreeMap;

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize, Serializer};

use super::*;

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
    /// A local MCP server: a component exporting `wasix:mcp/router`, whose tools the runner
    /// discovers through the router's `list-tools`. It may omit `contributions` and carries its
    /// credentials in the top-level `secret_requirements`.
    #[serde(rename = "wasix:mcp/router")]
    WasixMcpRouter,
}

impl ExtensionKind {
    /// Every kind, in the schema's order.
    pub const ALL: [ExtensionKind; 6] = [
        ExtensionKind::DesignExtension,
        ExtensionKind::BundleExtension,
        ExtensionKind::DeployExtension,
        ExtensionKind::ProviderExtension,
        ExtensionKind::AddonExtension,
        ExtensionKind::WasixMcpRouter,
    ];

    /// The wire spelling, e.g. `DesignExtension`.
    pub fn as_str(self) -> &'static str {
        match self {
            ExtensionKind::DesignExtension => "DesignExtension",
            ExtensionKind::BundleExtension => "BundleExtension",
            ExtensionKind::DeployExtension => "DeployExtension",
            ExtensionKind::ProviderExtension => "ProviderExtension",
            ExtensionKind::AddonExtension => "AddonExtension",
            ExtensionKind::WasixMcpRouter => "wasix:mcp/router",
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
            ExtensionKind::WasixMcpRouter => "mcp",
        }
    }

    /// Parses either the wire spelling or the short form.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s || k.short() == s)
    }

    /// Whether a manifest of this kind must carry `contributions`. The platform validates a
    /// `wasix:mcp/router` artifact against its own schema (describe-mcp-v1.json), which leaves
    /// it out: a router's tools come from its `list-tools` at run time. Every other kind goes
    /// through describe-v2.json, which requires it (`{}` when the extension adds nothing).
    pub fn requires_contributions(self) -> bool {
        self != ExtensionKind::WasixMcpRouter
    }
}

/// A top-level member that only some kinds may carry. The platform's two schemas differ in
/// these (describe-mcp-v1.json for `wasix:mcp/router`, describe-v2.json for every other kind)
/// while its typed model reads them all, so a manifest with one on the wrong kind passes the
/// model and is refused by the schema. gtdx's loader ([`super::Describe`]'s `Deserialize`) and
/// its JSON Schema both read this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindMember {
    /// The member's name on the wire.
    pub name: &'static str,
    /// `true`: only a `wasix:mcp/router` artifact may carry it; `false`: every kind but that one.
    pub mcp_only: bool,
    /// Where the value belongs instead (the help of the refusal, and the schema's description).
    pub instead: &'static str,
}

impl KindMember {
    /// Whether a manifest of `kind` may carry this member.
    pub fn allowed_on(self, kind: ExtensionKind) -> bool {
        (kind == ExtensionKind::WasixMcpRouter) == self.mcp_only
    }
}

/// The members [`KindMember`] describes.
pub const KIND_MEMBERS: &[KindMember] = &[
    KindMember {
        name: "secret_requirements",
        mcp_only: true,
        instead: "only a `wasix:mcp/router` artifact carries a top-level `secret_requirements`: list the extension's credentials in `requiredSecrets`, or a tool's in its `contributions.tools[].secret_requirements`",
    },
    KindMember {
        name: "requiredSecrets",
        mcp_only: false,
        instead: "a `wasix:mcp/router` artifact lists its credentials in the top-level `secret_requirements` (objects such as { \"key\": \"acme/api_key\", \"required\": true })",
    },
    KindMember {
        name: "configSchema",
        mcp_only: false,
        instead: "the platform's schema for `wasix:mcp/router` artifacts has no `configSchema`: remove it, or make the extension a DesignExtension",
    },
];

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
