//! `agentic_worker_metadata`: the planning hints an agentic worker reads.
//!
//! On the wire the blob is a JSON-encoded *string*. A value outside the contract drops the whole
//! blob (not just the bad field), and an agentic tool without a usable blob gets the runtime's
//! conservative defaults: external side effects, confirmation required, medium cost.

use std::fmt;

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The blob as found in a manifest: the platform's string form, or an object (which gtdx accepts
/// on read, and `gtdx lint` reports, since the platform reads a string).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(untagged)]
pub enum MetadataBlob {
    Encoded(String),
    Object(Map<String, Value>),
}

impl MetadataBlob {
    /// Encodes metadata the way the platform expects it: as a JSON string.
    pub fn encode(metadata: &AgenticWorkerMetadata) -> Self {
        let text = serde_json::to_string(metadata)
            .unwrap_or_else(|e| unreachable!("metadata serialization failed: {e}"));
        MetadataBlob::Encoded(text)
    }

    /// Decodes the blob against the contract, exactly as strictly as the runtime does.
    pub fn decode(&self) -> Result<AgenticWorkerMetadata, MetadataError> {
        match self {
            MetadataBlob::Encoded(text) => serde_json::from_str(text).map_err(|e| MetadataError {
                message: e.to_string(),
            }),
            MetadataBlob::Object(map) => serde_json::from_value(Value::Object(map.clone()))
                .map_err(|e| MetadataError {
                    message: e.to_string(),
                }),
        }
    }
}

/// Why a blob falls outside the contract.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("agentic_worker_metadata is outside the contract: {message}")]
pub struct MetadataError {
    pub message: String,
}

/// The contract of the planning-hints blob.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AgenticWorkerMetadata {
    /// When the planner should reach for this tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage_hint: Option<String>,
    /// Example situations and the arguments that fit them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<ToolExample>>,
    /// What calling the tool does to the world.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side_effects: Option<SideEffects>,
    /// Relative cost of a call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<Cost>,
    /// Whether a human must confirm before the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation_required: Option<bool>,
}

/// An example of exactly `{ when, input }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ToolExample {
    /// The situation, in words.
    pub when: String,
    /// Arguments for that situation; must validate against the tool's input schema.
    pub input: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum SideEffects {
    None,
    Read,
    Write,
    External,
}

impl SideEffects {
    pub const VALUES: &'static [&'static str] = &["none", "read", "write", "external"];

    pub fn as_str(self) -> &'static str {
        match self {
            SideEffects::None => "none",
            SideEffects::Read => "read",
            SideEffects::Write => "write",
            SideEffects::External => "external",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "none" => Some(SideEffects::None),
            "read" => Some(SideEffects::Read),
            "write" => Some(SideEffects::Write),
            "external" => Some(SideEffects::External),
            _ => None,
        }
    }
}

impl fmt::Display for SideEffects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Cost {
    Low,
    Medium,
    High,
}

impl Cost {
    pub const VALUES: &'static [&'static str] = &["low", "medium", "high"];

    pub fn as_str(self) -> &'static str {
        match self {
            Cost::Low => "low",
            Cost::Medium => "medium",
            Cost::High => "high",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "low" => Some(Cost::Low),
            "medium" => Some(Cost::Medium),
            "high" => Some(Cost::High),
            _ => None,
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The runtime's conservative defaults for an agentic tool without usable metadata.
pub const DEFAULT_SIDE_EFFECTS: SideEffects = SideEffects::External;
pub const DEFAULT_CONFIRMATION_REQUIRED: bool = true;
pub const DEFAULT_COST: Cost = Cost::Medium;

/// Where the effective metadata of a tool came from.
#[derive(Debug, Clone, PartialEq)]
pub enum MetadataSource {
    /// The tool's own blob, contract-valid.
    Declared,
    /// No blob: the conservative defaults apply.
    DefaultsAbsent,
    /// A blob outside the contract was dropped whole; the conservative defaults apply.
    DefaultsInvalid(MetadataError),
}

/// The metadata an agentic worker will act on, with every field filled in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResolvedMetadata {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage_hint: Option<String>,
    pub examples: Vec<ToolExample>,
    pub side_effects: SideEffects,
    pub cost: Cost,
    pub confirmation_required: bool,
    #[serde(skip)]
    pub source: MetadataSource,
}

impl AgenticWorkerMetadata {
    /// The conservative defaults, as explicit metadata.
    pub fn conservative_defaults() -> Self {
        AgenticWorkerMetadata {
            usage_hint: None,
            examples: None,
            side_effects: Some(DEFAULT_SIDE_EFFECTS),
            cost: Some(DEFAULT_COST),
            confirmation_required: Some(DEFAULT_CONFIRMATION_REQUIRED),
        }
    }
}

/// Applies the runtime's rules to a tool's blob: a valid blob is used (its unset fields take the
/// conservative values), an absent or invalid blob yields the conservative defaults.
pub fn resolve(blob: Option<&MetadataBlob>) -> ResolvedMetadata {
    let (declared, source) = match blob.map(MetadataBlob::decode) {
        None => (
            AgenticWorkerMetadata::default(),
            MetadataSource::DefaultsAbsent,
        ),
        Some(Ok(m)) => (m, MetadataSource::Declared),
        Some(Err(e)) => (
            AgenticWorkerMetadata::default(),
            MetadataSource::DefaultsInvalid(e),
        ),
    };
    ResolvedMetadata {
        usage_hint: declared.usage_hint,
        examples: declared.examples.unwrap_or_default(),
        side_effects: declared.side_effects.unwrap_or(DEFAULT_SIDE_EFFECTS),
        cost: declared.cost.unwrap_or(DEFAULT_COST),
        confirmation_required: declared
            .confirmation_required
            .unwrap_or(DEFAULT_CONFIRMATION_REQUIRED),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_blob_gets_conservative_defaults() {
        let r = resolve(None);
        assert_eq!(r.side_effects, SideEffects::External);
        assert!(r.confirmation_required);
        assert_eq!(r.cost, Cost::Medium);
        assert_eq!(r.source, MetadataSource::DefaultsAbsent);
    }

    #[test]
    fn one_bad_value_drops_the_whole_blob() {
        let blob = MetadataBlob::Encoded(
            r#"{"usage_hint":"x","side_effects":"sometimes","cost":"low"}"#.into(),
        );
        let r = resolve(Some(&blob));
        assert_eq!(r.cost, Cost::Medium, "valid cost is dropped with the blob");
        assert_eq!(r.usage_hint, None);
        assert!(matches!(r.source, MetadataSource::DefaultsInvalid(_)));
    }

    #[test]
    fn valid_blob_round_trips_as_string() {
        let m = AgenticWorkerMetadata {
            side_effects: Some(SideEffects::Read),
            cost: Some(Cost::Low),
            confirmation_required: Some(false),
            ..Default::default()
        };
        let blob = MetadataBlob::encode(&m);
        assert!(matches!(blob, MetadataBlob::Encoded(_)));
        assert_eq!(blob.decode().unwrap(), m);
        let r = resolve(Some(&blob));
        assert_eq!(r.side_effects, SideEffects::Read);
        assert!(!r.confirmation_required);
    }

    #[test]
    fn example_must_be_exactly_when_and_input() {
        let blob =
            MetadataBlob::Encoded(r#"{"examples":[{"when":"a","input":{},"extra":1}]}"#.into());
        assert!(blob.decode().is_err());
    }
}
