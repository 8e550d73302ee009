//! Turning a path or a text into a JSON value, with one clear error for each way it can fail.
//!
//! Everything here is bad input (exit code 2): the file cannot be checked at all. Findings about
//! a document that *is* JSON are [`gtdx_contract::Diagnostic`]s, produced by the validator and
//! the rules. The loader is the one every command reads describe.json with
//! (`gtdx_contract::json`); the lint adds only its parser that notes repeated keys.

pub use gtdx_contract::json::{
    LoadError, MAX_DEPTH, MAX_MANIFEST_BYTES, decode_text, parse_json, read_text,
};
pub(crate) use gtdx_contract::json::{kind as json_kind, strip_position as strip_serde_position};

/// As [`parse_json`], also saying whether some object repeats a key.
pub(crate) fn parse_object(file: &str, text: &str) -> Result<crate::value::Parsed, LoadError> {
    gtdx_contract::json::parse_object_with(file, text, crate::value::parse, |p| &p.value)
}
