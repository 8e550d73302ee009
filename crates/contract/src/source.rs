//! Maps JSON pointers to `line:column` in the text a user wrote.
//!
//! serde_json gives positions for syntax errors only; every later finding is about a value
//! addressed by a JSON pointer. [`SourceMap::index`] walks the text once, iteratively (so a
//! 100,000-deep document cannot overflow the stack), and records where each value and each
//! object key starts. Call it only on text that already parsed as JSON.

use std::collections::HashMap;

use crate::diagnostic::escape_pointer_token;
use crate::lines::LineIndex;

/// Positions of every value (and every object key) of one JSON document.
#[derive(Debug, Default, Clone)]
pub struct SourceMap {
    lines: LineIndex,
    values: HashMap<String, usize>,
    keys: HashMap<String, usize>,
    text_len: usize,
}

/// A 1-based position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

enum Frame {
    Object { pointer: String },
    Array { pointer: String, next: usize },
}

impl SourceMap {
    /// Indexes `text`. Documents deeper than `max_depth` are indexed down to that depth.
    pub fn index(text: &str) -> Self {
        Self::index_with_depth(text, 512)
    }

    pub fn index_with_depth(text: &str, max_depth: usize) -> Self {
        let bytes = text.as_bytes();
        let mut map = SourceMap {
            lines: LineIndex::new(text),
            text_len: text.len(),
            ..Default::default()
        };
        let mut stack: Vec<Frame> = Vec::new();
        let mut i = 0;
        // The pointer the next value will have; `None` when the next token is a key.
        let mut expect_value: Option<String> = Some(String::new());
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | b':' => {
                    i += 1;
                }
                b',' => {
                    i += 1;
                    expect_value = match stack.last_mut() {
                        Some(Frame::Array { pointer, next }) => {
                            let p = format!("{pointer}/{next}");
                            *next += 1;
                            Some(p)
                        }
                        _ => None,
                    };
                }
                b'}' | b']' => {
                    stack.pop();
                    expect_value = None;
                    i += 1;
                }
                b'"' => {
                    let end = skip_string(bytes, i);
                    if let Some(ptr) = expect_value.take() {
                        map.values.entry(ptr).or_insert(i);
                    } else if let Some(Frame::Object { pointer }) = stack.last() {
                        let raw = &text[i + 1..end.saturating_sub(1).max(i + 1)];
                        let key = serde_json::from_str::<String>(&text[i..end])
                            .unwrap_or_else(|_| raw.to_string());
                        let member = format!("{pointer}/{}", escape_pointer_token(&key));
                        map.keys.entry(member.clone()).or_insert(i);
                        expect_value = Some(member);
                    }
                    i = end;
                }
                b'{' | b'[' => {
                    let ptr = expect_value.take().unwrap_or_default();
                    map.values.entry(ptr.clone()).or_insert(i);
                    if stack.len() >= max_depth {
                        break;
                    }
                    if b == b'{' {
                        stack.push(Frame::Object { pointer: ptr });
                        expect_value = None;
                    } else {
                        expect_value = Some(format!("{ptr}/0"));
                        stack.push(Frame::Array {
                            pointer: ptr,
                            next: 1,
                        });
                    }
                    i += 1;
                }
                _ => {
                    // A scalar: number, true, false, null.
                    if let Some(ptr) = expect_value.take() {
                        map.values.entry(ptr).or_insert(i);
                    }
                    while i < bytes.len()
                        && !matches!(bytes[i], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
                    {
                        i += 1;
                    }
                }
            }
        }
        map
    }

    /// Position of the value at `pointer`, falling back to its nearest indexed ancestor.
    pub fn value_position(&self, pointer: &str) -> Option<Position> {
        self.lookup(&self.values, pointer)
    }

    /// Position of the key naming the member at `pointer` (for "unknown field" findings),
    /// falling back to the value position.
    pub fn key_position(&self, pointer: &str) -> Option<Position> {
        match self.keys.get(pointer) {
            Some(&off) => Some(self.position(off)),
            None => self.value_position(pointer),
        }
    }

    /// Byte offset of the value at `pointer` (its first character, e.g. the opening quote of a
    /// string), falling back to its nearest indexed ancestor.
    pub fn value_offset(&self, pointer: &str) -> Option<usize> {
        let mut p = pointer;
        loop {
            if let Some(&off) = self.values.get(p) {
                return Some(off);
            }
            match p.rfind('/') {
                Some(idx) => p = &p[..idx],
                None => return None,
            }
        }
    }

    /// Byte offset of the key naming the member at `pointer`, falling back to
    /// [`SourceMap::value_offset`].
    pub fn key_offset(&self, pointer: &str) -> Option<usize> {
        match self.keys.get(pointer) {
            Some(&off) => Some(off),
            None => self.value_offset(pointer),
        }
    }

    fn lookup(&self, table: &HashMap<String, usize>, pointer: &str) -> Option<Position> {
        let mut p = pointer;
        loop {
            if let Some(&off) = table.get(p) {
                return Some(self.position(off));
            }
            match p.rfind('/') {
                Some(idx) => p = &p[..idx],
                None => return None,
            }
        }
    }

    /// Converts a byte offset to a 1-based line and a 1-based column counted in bytes.
    pub fn position(&self, offset: usize) -> Position {
        let (line, column) = self.lines.byte_position(offset.min(self.text_len));
        Position { line, column }
    }

    /// Like [`SourceMap::position`], but counts the column in characters of `text`.
    pub fn position_in(&self, text: &str, offset: usize) -> Position {
        let (line, column) = self.lines.position(text, offset.min(self.text_len));
        Position { line, column }
    }
}

/// Where one pointer's value (and, for an object member, its key) starts, found without
/// indexing the whole document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// Byte offset of the value, or of its nearest existing ancestor.
    pub value: usize,
    /// Byte offset of the key naming the member, when the whole pointer exists and its last
    /// step is an object member.
    pub key: Option<usize>,
}

/// Finds one pointer in `text` by walking down to it and skipping every sibling subtree: for
/// a few lookups in a large document this is far cheaper than [`SourceMap::index`], and it
/// stops as soon as the value is reached. Falls back to the nearest existing ancestor, as the
/// index does; the first of duplicate keys wins, as in the index. Call it only on text that
/// already parsed as JSON.
pub fn locate(text: &str, pointer: &str) -> Located {
    let bytes = text.as_bytes();
    let mut at = skip_ws(bytes, 0);
    let mut found = Located {
        value: at,
        key: None,
    };
    if pointer.is_empty() {
        return found;
    }
    for raw in pointer.split('/').skip(1) {
        let token = raw.replace("~1", "/").replace("~0", "~");
        let step = match bytes.get(at) {
            Some(b'{') => member(text, at, &token),
            Some(b'[') => token
                .parse::<usize>()
                .ok()
                .and_then(|n| element(bytes, at, n).map(|v| (None, v))),
            _ => None,
        };
        let Some((key, value)) = step else {
            return Located {
                value: found.value,
                key: None,
            };
        };
        at = value;
        found = Located { value, key };
    }
    found
}

/// The key and value offsets of the member `name` of the object at `open`.
fn member(text: &str, open: usize, name: &str) -> Option<(Option<usize>, usize)> {
    let bytes = text.as_bytes();
    let mut i = skip_ws(bytes, open + 1);
    while bytes.get(i) == Some(&b'"') {
        let key_end = skip_string(bytes, i);
        let raw = &text[i + 1..key_end.saturating_sub(1).max(i + 1)];
        let matches = if raw.contains('\\') {
            serde_json::from_str::<String>(&text[i..key_end]).is_ok_and(|k| k == name)
        } else {
            raw == name
        };
        // Past the key: whitespace, the colon, whitespace.
        let colon = skip_ws(bytes, key_end);
        let value = skip_ws(bytes, colon + 1);
        if matches {
            return Some((Some(i), value));
        }
        i = skip_ws(bytes, skip_value(bytes, value));
        if bytes.get(i) != Some(&b',') {
            return None;
        }
        i = skip_ws(bytes, i + 1);
    }
    None
}

/// The value offset of element `n` of the array at `open`.
fn element(bytes: &[u8], open: usize, n: usize) -> Option<usize> {
    let mut i = skip_ws(bytes, open + 1);
    if bytes.get(i) == Some(&b']') {
        return None;
    }
    for _ in 0..n {
        i = skip_ws(bytes, skip_value(bytes, i));
        if bytes.get(i) != Some(&b',') {
            return None;
        }
        i = skip_ws(bytes, i + 1);
    }
    (i < bytes.len()).then_some(i)
}

/// Returns the index just past the value starting at `start` (iteratively: depth is counted,
/// not recursed).
fn skip_value(bytes: &[u8], start: usize) -> usize {
    match bytes.get(start) {
        Some(b'"') => skip_string(bytes, start),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut i = start;
            while i < bytes.len() {
                match bytes[i] {
                    b'"' => {
                        i = skip_string(bytes, i);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            bytes.len()
        }
        _ => {
            let mut i = start;
            while i < bytes.len()
                && !matches!(bytes[i], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
            {
                i += 1;
            }
            i
        }
    }
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// Returns the index just past the closing quote of the string starting at `start`.
fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values_and_keys() {
        let text = "{\n  \"a\": [1, {\"b/c\": true}],\n  \"d\": \"x\"\n}";
        let m = SourceMap::index(text);
        assert_eq!(m.value_position(""), Some(Position { line: 1, column: 1 }));
        assert_eq!(m.key_position("/a"), Some(Position { line: 2, column: 3 }));
        assert_eq!(
            m.value_position("/a/0"),
            Some(Position { line: 2, column: 9 })
        );
        assert_eq!(
            m.value_position("/a/1"),
            Some(Position {
                line: 2,
                column: 12
            })
        );
        assert_eq!(
            m.key_position("/a/1/b~1c"),
            Some(Position {
                line: 2,
                column: 13
            })
        );
        assert_eq!(
            m.value_position("/d"),
            Some(Position { line: 3, column: 8 })
        );
        // Unknown pointers fall back to the nearest ancestor.
        assert_eq!(
            m.value_position("/a/1/zzz"),
            Some(Position {
                line: 2,
                column: 12
            })
        );
    }

    #[test]
    fn locate_agrees_with_the_index() {
        let text = "{\n  \"a\": [1, {\"b/c\": true, \"q\\\"x\": [ {}, \"s]\" ]}],\n  \"d\": \"x\",\n  \"d\": 2\n}";
        serde_json::from_str::<serde_json::Value>(text).unwrap_or_default();
        let m = SourceMap::index(text);
        for p in [
            "",
            "/a",
            "/a/0",
            "/a/1",
            "/a/1/b~1c",
            "/a/1/q\"x",
            "/a/1/q\"x/1",
            "/d",
            "/a/1/zzz",
            "/a/7",
            "/a/x",
            "/nope/deeper",
            "/d/0",
        ] {
            let l = locate(text, p);
            assert_eq!(Some(l.value), m.value_offset(p), "value of {p:?}");
            assert_eq!(l.key.or(Some(l.value)), m.key_offset(p), "key of {p:?}");
        }
    }

    #[test]
    fn deep_documents_do_not_overflow() {
        let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let m = SourceMap::index(&text);
        assert!(m.value_position("").is_some());
        let deep = format!("{}{}", "/0".repeat(99_999), "/0");
        assert_eq!(locate(&text, &deep).value, 99_999);
    }
}
