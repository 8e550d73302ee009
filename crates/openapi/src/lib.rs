//! OpenAPI documents → gtdx tools: what `gtdx openapi` generates a project from.
//!
//! [`parse`] reads a document (JSON or YAML) with the field's crates: `openapiv3` for OpenAPI
//! 3.0, `oas3` for 3.1 (each reads only its own version's schema dialect), into one [`Api`]
//! model. Swagger 2.0 is refused with the conversion to use. [`map()`] turns each operation into
//! a [`Tool`] (name from the `operationId`, description from summary and description, input
//! from parameters and request body, output from the success response, secrets from the
//! security schemes) or says why it cannot ([`Skipped`]). [`codegen`] writes the Rust source
//! and the canned test cases of a project. Nothing here touches files; `gtdx-ops` does.

pub mod codegen;
pub mod map;
pub mod model;
pub mod names;
pub mod schema;
mod v30;
mod v31;

pub use map::{Example, Field, Mapping, Options, Secret, Skipped, Target, Tool, map};
pub use model::{Api, Location, Scheme};

/// Why a document cannot be read. `line`/`column` are 1-based, where the parser stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not JSON/YAML, or not the shape of an OpenAPI document.
    #[error("{line}:{column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// `swagger: "2.0"`.
    #[error(
        "this is a Swagger {0} document; gtdx reads OpenAPI 3.0 and 3.1. Convert it first, e.g. `npx swagger2openapi SPEC -o openapi.yaml`, and run gtdx openapi on the result"
    )]
    Swagger(String),
    /// Neither `openapi` nor `swagger` at the top.
    #[error("no top-level `openapi` field: this is not an OpenAPI document")]
    NotOpenApi,
    /// `openapi` names a version gtdx does not read.
    #[error("OpenAPI {0} is not supported: gtdx reads 3.0.x and 3.1.x")]
    Version(String),
}

#[derive(serde::Deserialize)]
struct Probe {
    openapi: Option<serde_json::Value>,
    swagger: Option<serde_json::Value>,
}

/// Reads a document. `text` is JSON when it starts with `{`, YAML otherwise.
pub fn parse(text: &str) -> Result<Api, ParseError> {
    let json = text.trim_start().starts_with('{');
    let probe: Probe = read(text, json)?;
    let as_text = |v: serde_json::Value| match v {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    };
    if let Some(v) = probe.swagger {
        return Err(ParseError::Swagger(as_text(v)));
    }
    let version = as_text(probe.openapi.ok_or(ParseError::NotOpenApi)?);
    if version.starts_with("3.0") {
        let doc: openapiv3::OpenAPI = read(text, json)?;
        Ok(v30::convert(&doc))
    } else if version.starts_with("3.1") {
        let doc: oas3::spec::Spec = read(text, json)?;
        Ok(v31::convert(&doc))
    } else {
        Err(ParseError::Version(version))
    }
}

fn read<T: serde::de::DeserializeOwned>(text: &str, json: bool) -> Result<T, ParseError> {
    if json {
        serde_json::from_str(text).map_err(|e| ParseError::Syntax {
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })
    } else {
        serde_yaml_ng::from_str(text).map_err(|e| {
            let (line, column) = e
                .location()
                .map(|l| (l.line(), l.column()))
                .unwrap_or((1, 1));
            ParseError::Syntax {
                line,
                column,
                message: strip_position(&e.to_string()),
            }
        })
    }
}

/// The parsers end their messages with ` at line L column C`; the error shows that once, first.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests;
