//! The wire types of dynamic tools: what a discovery tool returns.
//!
//! A discovery tool (`#[tool(discovery)]`) returns `Vec<DynamicToolDescriptor>`; the platform
//! admits each descriptor as a connection-scoped tool that runs the executor named in
//! [`Dispatch::tool`] (a function marked `#[tool(executor = "read|write|delete")]`) with the
//! [`Dispatch::bind`] values filled in. Field names are the specification's, on the wire.
//!
//! ```
//! use gtdx_sdk::DynamicToolDescriptor;
//! use gtdx_sdk::serde_json::json;
//!
//! let d = DynamicToolDescriptor::builder("deal.create", "Create Deal", "create_record")
//!     .description("Create a Deal record.")
//!     .param("values", json!({"type": "object"}), true)
//!     .bind("object_type", "deal")
//!     .build();
//! assert_eq!(d.dispatch.tool, "create_record");
//! assert_eq!(
//!     gtdx_sdk::serde_json::to_value(&d).unwrap()["input"]["required"],
//!     json!(["values"])
//! );
//! ```

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One derived tool the platform may admit for a connection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DynamicToolDescriptor {
    /// Stable, unique key of this descriptor (the same live object keeps the same key).
    pub key: String,
    /// Name shown in the agent catalog (reduced to ASCII letters, digits, space, `-`, `_`,
    /// `.`, `(`, `)` and 64 characters at admission).
    pub name: String,
    /// What the derived tool does, shown to the model (markup and invisible characters are
    /// removed at admission).
    pub description: String,
    /// JSON Schema (`"type": "object"`) of the arguments the model supplies.
    pub input: Value,
    /// The executor this derived tool runs, and the arguments bound for it.
    pub dispatch: Dispatch,
}

/// Where a derived tool dispatches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dispatch {
    /// The authoring slug (tool name) of a declared executor, never a scoped id.
    pub tool: String,
    /// Executor arguments fixed by this descriptor. Never a credential, header, URL or
    /// connection selector: admission rejects those, by key name and by value shape.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub bind: Map<String, Value>,
}

impl DynamicToolDescriptor {
    /// Starts a descriptor with its key, name and executor; the description defaults to the
    /// name and the input to an object schema with no properties.
    pub fn builder(
        key: impl Into<String>,
        name: impl Into<String>,
        executor: impl Into<String>,
    ) -> DescriptorBuilder {
        DescriptorBuilder {
            key: key.into(),
            name: name.into(),
            description: None,
            properties: Map::new(),
            required: Vec::new(),
            input: None,
            tool: executor.into(),
            bind: Map::new(),
        }
    }
}

/// Builds a [`DynamicToolDescriptor`] (see [`DynamicToolDescriptor::builder`]).
#[derive(Debug, Clone)]
pub struct DescriptorBuilder {
    key: String,
    name: String,
    description: Option<String>,
    properties: Map<String, Value>,
    required: Vec<Value>,
    input: Option<Value>,
    tool: String,
    bind: Map<String, Value>,
}

impl DescriptorBuilder {
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// One argument the model supplies, with its JSON Schema.
    pub fn param(mut self, name: impl Into<String>, schema: Value, required: bool) -> Self {
        let name = name.into();
        if required {
            self.required.push(Value::String(name.clone()));
        }
        self.properties.insert(name, schema);
        self
    }

    /// The whole input schema at once (replaces the [`DescriptorBuilder::param`]s).
    pub fn input(mut self, schema: Value) -> Self {
        self.input = Some(schema);
        self
    }

    /// An executor argument fixed by this descriptor.
    pub fn bind(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.bind.insert(name.into(), value.into());
        self
    }

    pub fn build(self) -> DynamicToolDescriptor {
        let input = self.input.unwrap_or_else(|| {
            let mut schema = Map::new();
            schema.insert("type".into(), Value::String("object".into()));
            schema.insert("properties".into(), Value::Object(self.properties));
            if !self.required.is_empty() {
                schema.insert("required".into(), Value::Array(self.required));
            }
            Value::Object(schema)
        });
        DynamicToolDescriptor {
            description: self.description.unwrap_or_else(|| self.name.clone()),
            key: self.key,
            name: self.name,
            input,
            dispatch: Dispatch {
                tool: self.tool,
                bind: self.bind,
            },
        }
    }
}
