//! Reading a JSON document a user wrote — a describe.json above all — into a value, keeping what
//! a diagnostic needs to point into it: the file's name, its text and (on demand) the
//! [`SourceMap`] from JSON pointers to `line:column`.
//!
//! The one loader of describe.json: `gtdx lint`/`validate`, `run`, `build`/`pack`, `inspect`,
//! `describe`, `dynamic`, `migrate`, `doctor`, `sign`/`verify`, `install`/`list`/`info`, the
//! pack's integrity check and the worker's pack reader all read through it, so a malformed
//! manifest gets the same `file:line:column: ...` paragraph from every command. Reading is
//! gtdx-fsx's bounded reader (regular files only, capped at `limits::MANIFEST`); bytes already in
//! memory (a pack's entry) get the same cap and encoding checks ([`load_bytes`]); parsing keeps
//! serde_json's nesting limit. A caller with a stricter parser (the signer refuses repeated
//! keys) passes it in ([`load_with`], [`load_bytes_with`], [`parse_object_with`]) and keeps the
//! rest.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::codes::{self, Code};
use crate::diagnostic::Diagnostic;
use crate::lines::LineIndex;
use crate::source::SourceMap;

/// The largest describe.json gtdx reads. Real manifests are a few kilobytes; one with a thousand
/// tools is about 1.5 MB. Anything near this size is the wrong file.
pub const MAX_MANIFEST_BYTES: u64 = gtdx_fsx::limits::MANIFEST.max;

/// serde_json's nesting limit, which gtdx keeps: deeper documents are refused, never recursed.
pub const MAX_DEPTH: usize = 128;

/// Why a manifest could not be read at all (bad input: the file cannot be checked).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(
        "{}: no such file; run gtdx in the extension directory or pass the manifest's path",
        path.display()
    )]
    NotFound { path: PathBuf },
    #[error(
        "{}: is a directory, not a describe.json; pass the file inside it, e.g. {}",
        path.display(),
        path.join("describe.json").display()
    )]
    IsDirectory { path: PathBuf },
    #[error("{}: {source}", path.display())]
    NotRegular {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{}: is {} bytes; a describe.json is at most {} bytes (real ones are a few kilobytes), so this is not a manifest",
        path.display(), size, MAX_MANIFEST_BYTES
    )]
    TooLarge { path: PathBuf, size: u64 },
    #[error("{file}: is a binary file (NUL byte at offset {offset}), not JSON text")]
    Binary { file: String, offset: usize },
    #[error("{file}: is UTF-16 encoded; save it as UTF-8 (without a byte-order mark)")]
    Utf16 { file: String },
    #[error("{file}:{line}:{column}: invalid UTF-8 (byte offset {offset}); save the file as UTF-8")]
    InvalidUtf8 {
        file: String,
        line: usize,
        column: usize,
        offset: usize,
    },
    #[error(
        "{file}:1:1: starts with a UTF-8 byte-order mark, which JSON forbids; save it without one"
    )]
    Bom { file: String },
    #[error("{file}: is empty; expected a JSON object (run `gtdx describe` to generate one)")]
    Empty { file: String },
    #[error("{file}:{line}:{column}: not valid JSON: {message}")]
    NotJson {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "{file}:{line}:{column}: JSON nested deeper than {MAX_DEPTH} levels; a describe.json is never this deep"
    )]
    TooDeep {
        file: String,
        line: usize,
        column: usize,
    },
    #[error("{file}: the top level is {found}; a describe.json is a JSON object {{ ... }}")]
    NotObject { file: String, found: &'static str },
}

impl LoadError {
    /// A stable code, for `--format json`.
    pub fn code(&self) -> Code {
        match self {
            LoadError::NotFound { .. } => codes::E_FILE_NOT_FOUND,
            LoadError::IsDirectory { .. } => codes::E_FILE_IS_DIRECTORY,
            LoadError::NotRegular { .. } => codes::E_FILE_NOT_REGULAR,
            LoadError::Io { .. } => codes::E_FILE_IO,
            LoadError::TooLarge { .. } => codes::E_FILE_TOO_LARGE,
            LoadError::Binary { .. }
            | LoadError::Utf16 { .. }
            | LoadError::InvalidUtf8 { .. }
            | LoadError::Bom { .. } => codes::E_FILE_ENCODING,
            LoadError::Empty { .. } => codes::E_FILE_EMPTY,
            LoadError::NotJson { .. } => codes::E_NOT_JSON,
            LoadError::TooDeep { .. } => codes::E_TOO_DEEP,
            LoadError::NotObject { .. } => codes::E_NOT_OBJECT,
        }
    }

    /// The same error as a [`Diagnostic`] (for machine-readable output).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let (file, pos) = match self {
            LoadError::NotFound { path }
            | LoadError::IsDirectory { path }
            | LoadError::NotRegular { path, .. }
            | LoadError::Io { path, .. }
            | LoadError::TooLarge { path, .. } => (path.display().to_string(), None),
            LoadError::Binary { file, .. }
            | LoadError::Utf16 { file }
            | LoadError::Empty { file }
            | LoadError::NotObject { file, .. } => (file.clone(), None),
            LoadError::Bom { file } => (file.clone(), Some((1, 1))),
            LoadError::InvalidUtf8 {
                file, line, column, ..
            }
            | LoadError::NotJson {
                file, line, column, ..
            }
            | LoadError::TooDeep { file, line, column } => (file.clone(), Some((*line, *column))),
        };
        // The message is the Display form without the leading location.
        let full = self.to_string();
        let message = full
            .split_once(": ")
            .map(|(_, rest)| rest.to_string())
            .unwrap_or(full.clone());
        let mut d = Diagnostic::new(self.code(), file, message);
        if let Some((l, c)) = pos {
            d = d.at(l, c);
        }
        d
    }
}

/// A describe.json read and parsed: where it came from, its text and its value. Positions are
/// computed from the text when a diagnostic needs them ([`Document::source_map`]).
#[derive(Debug, Clone)]
pub struct Document {
    /// The file as messages name it (`path`, or `pack.gtxpack!describe.json`).
    pub file: String,
    pub text: String,
    pub value: Value,
}

impl Document {
    /// Where each value and key of the document starts, for `file:line:column` messages.
    pub fn source_map(&self) -> SourceMap {
        SourceMap::index(&self.text)
    }
}

/// Why a describe.json is not a manifest gtdx can use: it does not read as a JSON object, or
/// the platform's loader refuses it (a field of the wrong type, an unknown field, a broken
/// invariant). Either way the message starts with `file:line:column`, the same for every
/// command that reads the file.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(
        "{file}:{line}:{column}: not a describe.json v2 manifest gtdx can use: {message}. Run \
         `gtdx validate {origin}` for the full report"
    )]
    Model {
        file: String,
        /// What to pass to `gtdx validate`: the file, or the pack holding it.
        origin: String,
        line: usize,
        column: usize,
        message: String,
    },
}

impl ManifestError {
    /// The file as messages name it.
    pub fn file(&self) -> String {
        match self {
            ManifestError::Load(e) => e.to_diagnostic().file,
            ManifestError::Model { file, .. } => file.clone(),
        }
    }
}

/// A describe.json read as the platform's loader reads it: the typed model and the document
/// it came from (for positions).
#[derive(Debug, Clone)]
pub struct Manifest {
    pub doc: Document,
    pub describe: crate::Describe,
}

/// Reads the describe.json at `path` into the typed model.
pub fn load_manifest(path: &Path) -> Result<Manifest, ManifestError> {
    manifest_of(load(path)?)
}

/// The typed model of a describe.json already in memory (a pack's), named `file` in messages.
pub fn manifest_from_bytes(
    file: impl Into<String>,
    bytes: Vec<u8>,
) -> Result<Manifest, ManifestError> {
    manifest_of(load_bytes(file, bytes)?)
}

/// The typed model of a parsed document, each refusal placed at its `line:column` (a type error
/// where serde stopped, a broken invariant at the value its pointer names).
pub fn manifest_of(doc: Document) -> Result<Manifest, ManifestError> {
    let (line, column, message) = match crate::Describe::from_json_str(&doc.text) {
        Ok(describe) => return Ok(Manifest { doc, describe }),
        Err(crate::ModelError::Parse(e)) => {
            let (l, c) = LineIndex::new(&doc.text).char_column(&doc.text, e.line(), e.column());
            (l, c, message(&e))
        }
        Err(crate::ModelError::Invariant(v)) => {
            let at = doc.source_map().value_position(&v.pointer);
            let (l, c) = at.map_or((1, 1), |p| (p.line, p.column));
            (l, c, format!("{}: {}", v.pointer, v.message))
        }
    };
    let origin = doc.file.split('!').next().unwrap_or(&doc.file).to_string();
    Err(ManifestError::Model {
        file: doc.file,
        origin,
        line: line.max(1),
        column: column.max(1),
        message,
    })
}

/// Reads and parses the describe.json at `path` (a JSON object).
pub fn load(path: &Path) -> Result<Document, LoadError> {
    load_with(path, |t| serde_json::from_str::<Value>(t))
}

/// Parses a describe.json already in memory (a pack's entry), named `file` in messages: the
/// file reader's size cap and encoding checks, then [`load`]'s parsing.
pub fn load_bytes(file: impl Into<String>, bytes: Vec<u8>) -> Result<Document, LoadError> {
    load_bytes_with(file, bytes, |t| serde_json::from_str::<Value>(t))
}

/// As [`load`] with the caller's parser (the signer's, which refuses repeated keys and integers
/// a canonical form would change): the same reading, checks and messages.
pub fn load_with<E: Into<SyntaxError>>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<Value, E>,
) -> Result<Document, LoadError> {
    let text = read_text(path)?;
    parse_document(path.display().to_string(), text, parse)
}

/// As [`load_bytes`] with the caller's parser (see [`load_with`]).
pub fn load_bytes_with<E: Into<SyntaxError>>(
    file: impl Into<String>,
    bytes: Vec<u8>,
    parse: impl FnOnce(&str) -> Result<Value, E>,
) -> Result<Document, LoadError> {
    let file = file.into();
    let text = decode_text(&file, bytes)?;
    parse_document(file, text, parse)
}

fn parse_document<E: Into<SyntaxError>>(
    file: String,
    text: String,
    parse: impl FnOnce(&str) -> Result<Value, E>,
) -> Result<Document, LoadError> {
    let value = parse_object_with(&file, &text, parse, |v| v)?;
    Ok(Document { file, text, value })
}

/// Reads a manifest file into text, refusing directories, pipes and devices, huge, binary and
/// non-UTF-8 files. The reading is gtdx-fsx's bounded reader; this maps its refusals to the
/// load errors (and their codes).
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes = read_bytes(path)?;
    decode_text(&path.display().to_string(), bytes)
}

/// Reads a manifest file's bytes, undecoded: [`read_text`]'s reading and refusals, for a caller
/// that reports what the bytes hold in its own way (`gtdx verify` makes a malformed manifest a
/// failed check, while a file it cannot read at all is an error).
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    gtdx_fsx::read(path, gtdx_fsx::limits::MANIFEST).map_err(|e| {
        let path = path.to_path_buf();
        match e.source.kind() {
            std::io::ErrorKind::NotFound => LoadError::NotFound { path },
            std::io::ErrorKind::IsADirectory => LoadError::IsDirectory { path },
            std::io::ErrorKind::FileTooLarge => {
                let size = std::fs::metadata(&path)
                    .map(|m| m.len())
                    .unwrap_or(MAX_MANIFEST_BYTES + 1);
                LoadError::TooLarge { path, size }
            }
            std::io::ErrorKind::InvalidInput => LoadError::NotRegular {
                path,
                source: e.source,
            },
            _ => LoadError::Io {
                path,
                source: e.source,
            },
        }
    })
}

/// Checks bytes are a manifest's UTF-8 JSON text (no larger than a file [`read_text`] reads, no
/// NUL, no UTF-16) and returns them as a string.
pub fn decode_text(file: &str, bytes: Vec<u8>) -> Result<String, LoadError> {
    let size = bytes.len() as u64;
    if size > MAX_MANIFEST_BYTES {
        return Err(LoadError::TooLarge {
            path: PathBuf::from(file),
            size,
        });
    }
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(LoadError::Utf16 { file: file.into() });
    }
    if let Some(offset) = bytes.iter().position(|b| *b == 0) {
        return Err(LoadError::Binary {
            file: file.into(),
            offset,
        });
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            // The prefix is valid UTF-8 by construction.
            let prefix = String::from_utf8_lossy(&bytes[..offset]);
            let (line, column) = LineIndex::new(&prefix).position(&prefix, offset);
            Err(LoadError::InvalidUtf8 {
                file: file.into(),
                line,
                column,
                offset,
            })
        }
    }
}

/// Parses text as one JSON object, with serde_json's nesting limit (never a stack overflow).
pub fn parse_json(file: &str, text: &str) -> Result<Value, LoadError> {
    parse_object_with(file, text, |t| serde_json::from_str::<Value>(t), |v| v)
}

/// Where and why a parser stopped: serde_json's own error, or a stricter parser's built on it
/// (the signer's refuses a repeated key). The position counts as serde_json does (1-based line,
/// column in bytes); the loader turns it into characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub column: usize,
    /// What is wrong, without serde_json's trailing ` at line L column C`.
    pub message: String,
}

impl From<serde_json::Error> for SyntaxError {
    fn from(e: serde_json::Error) -> Self {
        SyntaxError {
            line: e.line(),
            column: e.column(),
            message: message(&e),
        }
    }
}

/// As [`parse_json`] with the caller's parser (`value` finds the JSON value in what it
/// returns; the lint's parser also notes repeated keys, the signer's refuses them), so every
/// reader refuses the same texts with the same messages.
pub fn parse_object_with<T, E: Into<SyntaxError>>(
    file: &str,
    text: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
    value: impl FnOnce(&T) -> &Value,
) -> Result<T, LoadError> {
    if text.starts_with('\u{feff}') {
        return Err(LoadError::Bom { file: file.into() });
    }
    if text.trim().is_empty() {
        return Err(LoadError::Empty { file: file.into() });
    }
    let parsed = parse(text).map_err(|e| syntax_error(file, text, e.into()))?;
    let found = value(&parsed);
    if !found.is_object() {
        return Err(LoadError::NotObject {
            file: file.into(),
            found: kind(found),
        });
    }
    Ok(parsed)
}

/// A parser's error on `text` as a load error at its `line:column` (in characters).
fn syntax_error(file: &str, text: &str, e: SyntaxError) -> LoadError {
    let (line, column) = LineIndex::new(text).char_column(text, e.line, e.column);
    if e.message.starts_with("recursion limit exceeded") {
        LoadError::TooDeep {
            file: file.into(),
            line,
            column,
        }
    } else {
        LoadError::NotJson {
            file: file.into(),
            line,
            column,
            message: e.message,
        }
    }
}

/// serde_json's message without the ` at line L column C` it appends: gtdx puts the position
/// first, as `file:line:column: message`.
pub fn message(e: &serde_json::Error) -> String {
    strip_position(&e.to_string())
}

/// A serde_json message (possibly wrapped by another parser) without its trailing position.
pub fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(idx) => message[..idx].to_string(),
        None => message.to_string(),
    }
}

/// "an object", "a string", ... for messages.
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let err = parse_json("d.json", &text).unwrap_err();
        assert!(matches!(err, LoadError::TooDeep { line: 1, .. }), "{err}");
    }

    #[test]
    fn syntax_error_has_position() {
        let err = parse_json("d.json", "{\n  \"a\": tru\n}").unwrap_err();
        assert_eq!(
            err.to_string(),
            "d.json:2:11: not valid JSON: expected ident"
        );
    }

    #[test]
    fn invalid_utf8_is_located() {
        let err = decode_text("d.json", b"{\n \"a\": \"\xff\"}".to_vec()).unwrap_err();
        let LoadError::InvalidUtf8 { line, column, .. } = err else {
            panic!("{err}")
        };
        assert_eq!((line, column), (2, 8));
    }

    #[test]
    fn a_pack_member_is_named_as_given() {
        let err = load_bytes("p.gtxpack!describe.json", b"[1]".to_vec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.gtxpack!describe.json: the top level is an array; a describe.json is a JSON object { ... }"
        );
        let doc = load_bytes("d.json", b"{\n  \"a\": 1\n}".to_vec()).unwrap();
        let at = doc.source_map().value_position("/a").unwrap();
        assert_eq!((at.line, at.column), (2, 8));
    }

    #[test]
    fn model_errors_are_placed() {
        let text = "{\n  \"apiVersion\": 7\n}";
        let err = manifest_from_bytes("p.gtxpack!describe.json", text.into()).unwrap_err();
        let ManifestError::Model {
            line,
            column,
            origin,
            ..
        } = &err
        else {
            panic!("{err}")
        };
        assert_eq!((*line, origin.as_str()), (2, "p.gtxpack"), "{err}");
        assert!(*column > 1, "{err}");
        assert!(
            err.to_string().starts_with("p.gtxpack!describe.json:2:"),
            "{err}"
        );
    }

    #[test]
    fn bytes_get_the_file_readers_cap() {
        let big = vec![b' '; MAX_MANIFEST_BYTES as usize + 1];
        let err = load_bytes("p.gtxpack!describe.json", big).unwrap_err();
        assert!(
            matches!(&err, LoadError::TooLarge { size, .. } if *size == MAX_MANIFEST_BYTES + 1),
            "{err}"
        );
        assert!(err.to_string().starts_with("p.gtxpack!describe.json: is "));
    }

    #[test]
    fn a_stricter_parser_keeps_the_loaders_paragraph() {
        // A parser that refuses what serde_json accepts, at a place of its own.
        let strict = |t: &str| -> Result<Value, SyntaxError> {
            match t.find("\"b\"") {
                Some(at) => Err(SyntaxError {
                    line: 2,
                    column: at - t[..at].rfind('\n').map_or(0, |n| n + 1) + 1,
                    message: "the key `b` is refused".into(),
                }),
                None => Ok(serde_json::from_str(t)?),
            }
        };
        let text = "{\n  \"é\": 1, \"b\": 2\n}";
        let err = load_bytes_with("d.json", text.into(), strict).unwrap_err();
        // Characters, not bytes: `é` is two bytes and one column.
        assert_eq!(
            err.to_string(),
            "d.json:2:11: not valid JSON: the key `b` is refused"
        );
        let err = load_bytes_with("d.json", b"\xef\xbb\xbf{}".to_vec(), strict).unwrap_err();
        assert!(matches!(err, LoadError::Bom { .. }), "{err}");
        let err = load_bytes_with("d.json", b"[]".to_vec(), strict).unwrap_err();
        assert!(matches!(err, LoadError::NotObject { .. }), "{err}");
        let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        let err = load_bytes_with("d.json", deep.into(), strict).unwrap_err();
        assert!(matches!(err, LoadError::TooDeep { .. }), "{err}");
    }

    #[test]
    fn nul_means_binary() {
        assert!(matches!(
            decode_text("d.json", vec![0x7f, b'E', b'L', b'F', 0, 1]),
            Err(LoadError::Binary { offset: 4, .. })
        ));
    }

    #[test]
    fn every_load_code_is_in_the_load_area() {
        let p = PathBuf::from("d.json");
        let f = || "d.json".to_string();
        let all = [
            LoadError::NotFound { path: p.clone() },
            LoadError::IsDirectory { path: p.clone() },
            LoadError::Io {
                path: p.clone(),
                source: std::io::Error::other("x"),
            },
            LoadError::TooLarge { path: p, size: 1 },
            LoadError::Binary {
                file: f(),
                offset: 0,
            },
            LoadError::Utf16 { file: f() },
            LoadError::InvalidUtf8 {
                file: f(),
                line: 1,
                column: 1,
                offset: 0,
            },
            LoadError::Bom { file: f() },
            LoadError::Empty { file: f() },
            LoadError::NotJson {
                file: f(),
                line: 1,
                column: 1,
                message: "x".into(),
            },
            LoadError::TooDeep {
                file: f(),
                line: 1,
                column: 1,
            },
            LoadError::NotObject {
                file: f(),
                found: "an array",
            },
        ];
        for e in all {
            assert_eq!(e.code().area, codes::Area::Load, "{}", e.code());
            assert_eq!(e.to_diagnostic().code, e.code().id);
        }
    }
}
