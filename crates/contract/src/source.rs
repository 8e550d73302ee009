//! Maps JSON pointers to `line:column` in the text a user wrote.
//!
//! serde_json gives positions for syntax errors only; every later finding is about a value
//! addressed by a JSON pointer. [`SourceMap::index`] walks the text once, iteratively (so a
//! 100,000-deep document cannot overflow the stack), and records where each value and each
//! object key starts. Call it only on text that already parsed as JSON.

use std::collections::HashMap;

use crate::diagnostic::escape_pointer_token;

/// Positions of every value (and every object key) of one JSON document.
#[derive(Debug, Default, Clone)]
pub struct SourceMap {
    line_starts: Vec<usize>,
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
            line_starts: std::iter::once(0)
                .chain(
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| **b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect(),
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

    /// Converts a byte offset to a 1-based line and a 1-based column counted in characters.
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text_len);
        let line_idx = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        Position {
            line: line_idx + 1,
            column: offset - self.line_starts[line_idx] + 1,
        }
    }

    /// Like [`SourceMap::position`], but counts the column in characters of `text`.
    pub fn position_in(&self, text: &str, offset: usize) -> Position {
        let pos = self.position(offset);
        let start = self.line_starts[pos.line - 1];
        let column = text
            .get(start..offset.min(text.len()))
            .map(|s| s.chars().count() + 1)
            .unwrap_or(pos.column);
        Position {
            line: pos.line,
            column,
        }
    }
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
    fn deep_documents_do_not_overflow() {
        let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let m = SourceMap::index(&text);
        assert!(m.value_position("").is_some());
    }
}
