//! How a [`Describe`] is read: serde's derive on a mirror of its fields, then the rules that
//! depend on `kind`.
//!
//! The platform validates a `wasix:mcp/router` artifact against describe-mcp-v1.json and every
//! other kind against describe-v2.json, then reads both with one typed model. The two schemas
//! differ in `contributions` (required by v2 only) and in the [`KIND_MEMBERS`]; a derive cannot
//! make a field's presence depend on another field, so the mirror records which members are
//! present and [`TryFrom`] applies the rules. [`kind_rules_schema`] writes the same rules into
//! gtdx's JSON Schema, which is what locates them in a report.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::*;

/// [`Describe`]'s members as they are read: the kind-dependent ones as `Some` when present
/// (an explicit `null` is still refused where the model refuses it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Wire {
    #[serde(rename = "$schema", default)]
    schema: Option<String>,
    api_version: String,
    kind: ExtensionKind,
    compat: Compat,
    metadata: Metadata,
    #[serde(default)]
    engine: Option<Engine>,
    capabilities: Capabilities,
    runtime: Runtime,
    #[serde(default)]
    execution: Option<Map<String, Value>>,
    #[serde(default, deserialize_with = "present")]
    contributions: Option<Contributions>,
    #[serde(default)]
    localization: Option<Localization>,
    #[serde(default)]
    signature: Option<Signature>,
    #[serde(rename = "manifestSha256", default)]
    manifest_sha256: Option<String>,
    #[serde(default, deserialize_with = "present")]
    required_secrets: Option<Vec<RequiredSecret>>,
    #[serde(default, deserialize_with = "present")]
    config_schema: Option<Option<String>>,
    #[serde(rename = "secret_requirements", default, deserialize_with = "present")]
    secret_requirements: Option<Vec<Map<String, Value>>>,
    #[serde(default)]
    config_fields: Option<Vec<ConfigField>>,
}

/// Reads a member that is present as `Some`, whatever its value reads as (`null` included,
/// when `T` accepts it): an absent member stays `None` through `default`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl Wire {
    /// Whether the member named `name` (one of [`KIND_MEMBERS`]) is present.
    fn has(&self, name: &str) -> bool {
        match name {
            "secret_requirements" => self.secret_requirements.is_some(),
            "requiredSecrets" => self.required_secrets.is_some(),
            "configSchema" => self.config_schema.is_some(),
            _ => false,
        }
    }
}

impl<'de> Deserialize<'de> for Describe {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = Wire::deserialize(d)?;
        if w.contributions.is_none() && w.kind.requires_contributions() {
            return Err(D::Error::missing_field("contributions"));
        }
        if let Some(m) = KIND_MEMBERS
            .iter()
            .find(|m| w.has(m.name) && !m.allowed_on(w.kind))
        {
            return Err(D::Error::custom(format!(
                "`{}` is not allowed on a {}: {}",
                m.name,
                w.kind.as_str(),
                m.instead
            )));
        }
        Ok(Describe {
            schema: w.schema,
            api_version: w.api_version,
            kind: w.kind,
            compat: w.compat,
            metadata: w.metadata,
            engine: w.engine,
            capabilities: w.capabilities,
            runtime: w.runtime,
            execution: w.execution,
            contributions: w.contributions.unwrap_or_default(),
            localization: w.localization,
            signature: w.signature,
            manifest_sha256: w.manifest_sha256,
            required_secrets: w.required_secrets.unwrap_or_default(),
            config_schema: w.config_schema.flatten(),
            secret_requirements: w.secret_requirements.unwrap_or_default(),
            config_fields: w.config_fields,
        })
    }
}

/// Adds the kind-dependent rules to the schema derived from [`Describe`] (whose `contributions`
/// reads as optional): required of every kind but `wasix:mcp/router`, and each of the
/// [`KIND_MEMBERS`] refused on the kinds that may not carry it, with where it belongs instead.
#[cfg(feature = "schema")]
pub(super) fn kind_rules_schema(schema: &mut schemars::Schema) {
    let mcp = ExtensionKind::WasixMcpRouter;
    let refused = |mcp_only: bool| -> Map<String, Value> {
        KIND_MEMBERS
            .iter()
            .filter(|m| m.mcp_only == mcp_only)
            .map(|m| {
                let rule = serde_json::json!({ "description": m.instead, "not": {} });
                (m.name.to_string(), rule)
            })
            .collect()
    };
    let mut on_others = refused(true);
    on_others.insert(
        "contributions".into(),
        serde_json::json!({
            "description": "what the extension adds; every kind but wasix:mcp/router declares it, `{}` when it adds nothing"
        }),
    );
    let rule = serde_json::json!({
        "if": { "properties": { "kind": { "const": mcp.as_str() } }, "required": ["kind"] },
        "then": { "properties": refused(false) },
        "else": { "required": ["contributions"], "properties": on_others },
    });
    schema.insert("allOf".into(), Value::Array(vec![rule]));
}
