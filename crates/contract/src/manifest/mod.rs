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

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::metadata::MetadataBlob;

mod addons;
mod contributions;
mod dynamic;
mod identity;
mod node_types;
mod permissions;
mod runtime;
mod secrets;
mod semver_text;
mod signature;
mod tools;
mod views;
mod wire;

pub use addons::*;
pub use contributions::*;
pub use dynamic::*;
pub use identity::*;
pub use node_types::*;
pub use permissions::*;
pub use runtime::*;
pub use secrets::*;
pub use signature::*;
pub use tools::*;
pub use views::*;

/// A whole `describe.json` (v2).
// `Deserialize` is written by hand (`wire`): whether `contributions` is required, and which of
// the `KIND_MEMBERS` may appear, depend on `kind`, which serde's derive cannot express. The
// serde attributes below still drive serialization and the JSON Schema.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[cfg_attr(
    feature = "schema",
    schemars(
        title = "Greentic extension describe.json v2 (gtdx)",
        transform = wire::kind_rules_schema
    )
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
    /// What the extension adds: tools, node types and the rest. Required of every kind but
    /// `wasix:mcp/router` (whose tools come from its `list-tools`); always written.
    #[serde(default)]
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
    /// A `wasix:mcp/router` artifact's credentials (no other kind may carry it). The platform
    /// carries each entry through untyped, exactly as written (the describe is signed as
    /// re-serialized), so gtdx does too; its schema asks only for objects.
    #[serde(
        rename = "secret_requirements",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub secret_requirements: Vec<Map<String, Value>>,
    /// Operator-configured, non-secret connection fields (dynamic-tools spec; not yet known to
    /// the platform's loader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_fields: Option<Vec<ConfigField>>,
}

impl Describe {
    /// Parses a manifest the way the platform's loader does: the typed model, then every
    /// whole-document invariant (the first violation is the error). No span information; see
    /// `gtdx-lint` for located reports.
    pub fn from_json_str(text: &str) -> Result<Self, ModelError> {
        let describe: Describe = serde_json::from_str(text).map_err(ModelError::Parse)?;
        describe.check()?;
        Ok(describe)
    }

    /// [`Describe::from_json_str`] for a value already parsed.
    pub fn from_value(value: Value) -> Result<Self, ModelError> {
        let describe: Describe = serde_json::from_value(value).map_err(ModelError::Parse)?;
        describe.check()?;
        Ok(describe)
    }

    /// [`Describe::from_value`] without taking (or copying) the value.
    pub fn from_value_ref(value: &Value) -> Result<Self, ModelError> {
        let describe = Describe::deserialize(value).map_err(ModelError::Parse)?;
        describe.check()?;
        Ok(describe)
    }

    /// The first invariant this document breaks, if any.
    pub fn check(&self) -> Result<(), ModelError> {
        match crate::invariants::violations(self).into_iter().next() {
            Some(v) => Err(ModelError::Invariant(v)),
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

/// Why a JSON document is not a manifest the platform's model accepts: a member of the wrong
/// shape (serde's error, with its position in the text), or a broken whole-document invariant.
/// Reading the file and parsing it as JSON come first, in [`crate::json`], whose
/// [`crate::json::LoadError`] says why a file could not be read as a JSON object at all.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("{0}")]
    Parse(serde_json::Error),
    #[error("{}: {}", .0.pointer, .0.message)]
    Invariant(crate::invariants::Violation),
}
