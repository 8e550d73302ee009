//! The part of an OpenAPI document a tool needs, the same for 3.0 and 3.1.
//!
//! The two versions are parsed by two crates (`openapiv3` for 3.0, `oas3` for 3.1: neither reads
//! the other's schema dialect). Each adapter ([`crate::v30`], [`crate::v31`]) fills this model
//! with every `$ref` to a parameter, request body or response already resolved; schemas stay
//! JSON (as the document wrote them, `$ref`s and all), because a tool's `input_schema` is JSON
//! Schema and [`crate::schema`] resolves and normalises them once for both versions.

use serde_json::{Map, Value};

/// A parsed document.
#[derive(Debug, Clone, Default)]
pub struct Api {
    /// `openapi`, e.g. `3.0.3`.
    pub version: String,
    pub title: String,
    pub api_version: String,
    /// `servers[].url`, in order, each `{variable}` replaced by its default.
    pub servers: Vec<String>,
    pub operations: Vec<Operation>,
    /// `components.securitySchemes`, in document order.
    pub schemes: Vec<(String, Scheme)>,
    /// Top-level `security`: alternatives, each the scheme names it combines.
    pub security: Vec<Vec<String>>,
    /// `components.schemas` as JSON, for `#/components/schemas/...` references.
    pub schemas: Map<String, Value>,
}

/// One operation of `paths`.
#[derive(Debug, Clone, Default)]
pub struct Operation {
    /// Upper case: `GET`, `POST`, ...
    pub method: String,
    pub path: String,
    pub operation_id: Option<String>,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub deprecated: bool,
    /// Path-item and operation parameters merged (the operation's win).
    pub params: Vec<Param>,
    pub body: Option<Body>,
    /// The first 2xx response (or `default` when there is none).
    pub success: Option<Success>,
    /// The operation's own `security`, when it has one (`Some(vec![])`: no auth).
    pub security: Option<Vec<Vec<String>>>,
    /// Why the operation cannot be a tool, found while reading it (an unresolvable `$ref`,
    /// callbacks, ...).
    pub unsupported: Option<String>,
}

/// Where a parameter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    Path,
    Query,
    Header,
    Cookie,
}

impl Location {
    pub fn as_str(self) -> &'static str {
        match self {
            Location::Path => "path",
            Location::Query => "query",
            Location::Header => "header",
            Location::Cookie => "cookie",
        }
    }
}

/// A parameter.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub location: Location,
    pub required: bool,
    pub description: Option<String>,
    /// Its schema (`{}` when it has `content` instead).
    pub schema: Value,
    pub example: Option<Value>,
}

/// A request body.
#[derive(Debug, Clone)]
pub struct Body {
    pub required: bool,
    pub description: Option<String>,
    /// Media type → (schema, example), in document order.
    pub content: Vec<Media>,
}

/// One media type of a body or response.
#[derive(Debug, Clone)]
pub struct Media {
    pub media_type: String,
    pub schema: Option<Value>,
    pub example: Option<Value>,
}

/// The response a tool returns.
#[derive(Debug, Clone)]
pub struct Success {
    /// `200`, or `0` for `default`.
    pub status: u16,
    pub content: Vec<Media>,
}

/// A security scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scheme {
    /// `apiKey` in a header, query parameter or cookie.
    ApiKey {
        location: Location,
        name: String,
    },
    Bearer,
    Basic,
    /// OAuth 2 or OpenID Connect: named, left for the author to wire.
    OAuth {
        kind: String,
    },
    /// Anything else (`http` with another scheme, `mutualTLS`).
    Other(String),
}

/// A server URL with each `{variable}` replaced by its default.
pub fn server_url<'a>(url: &str, defaults: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut url = url.to_string();
    for (name, default) in defaults {
        url = url.replace(&format!("{{{name}}}"), default);
    }
    url
}

/// The first example of a list of named examples (`examples: {name: {value}}`).
pub fn first_example<'a>(mut values: impl Iterator<Item = Option<&'a Value>>) -> Option<Value> {
    values.find_map(|v| v.cloned())
}
