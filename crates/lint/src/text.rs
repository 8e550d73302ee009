//! Positions in text: byte offsets to 1-based `line:column` (columns in characters), and the
//! mapping from a position inside a decoded JSON string back to the file the string was written
//! in (so an error in a stringified schema points at the offending character, escapes and all).

/// Start offsets of every line of one text.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineIndex { starts }
    }

    /// 1-based line and character column of a byte offset into `text`.
    pub fn position(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0).min(offset);
        let column = text
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(0)
            + 1;
        (line + 1, column)
    }

    /// Byte offset of a serde_json position (1-based line, 1-based *byte* column; serde_json may
    /// report column 0 right after a newline).
    pub fn offset_of(&self, text: &str, line: usize, byte_column: usize) -> usize {
        if byte_column == 0 && line > 1 {
            // serde_json's "column 0" is the newline that ended the previous line.
            if let Some(start) = self.starts.get(line - 1) {
                return start.saturating_sub(1).min(text.len());
            }
        }
        let start = self
            .starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(text.len());
        (start + byte_column.saturating_sub(1)).min(text.len())
    }

    /// Converts a serde_json position (byte column) to a character column.
    pub fn char_column(&self, text: &str, line: usize, byte_column: usize) -> (usize, usize) {
        self.position(text, self.offset_of(text, line, byte_column))
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Given the offset of the opening quote of a JSON string literal in `raw`, returns the offset in
/// `raw` of the character at byte `decoded_offset` of the decoded string.
///
/// Escapes are walked exactly: `\n` is two raw bytes for one decoded byte, `\u00e9` six raw
/// bytes for two decoded bytes, a surrogate pair twelve raw bytes for four decoded bytes.
pub fn raw_offset(raw: &str, quote_offset: usize, decoded_offset: usize) -> usize {
    let bytes = raw.as_bytes();
    let mut i = quote_offset + 1;
    let mut decoded = 0usize;
    while i < bytes.len() && decoded < decoded_offset {
        match bytes[i] {
            b'"' => break,
            b'\\' => {
                let esc = bytes.get(i + 1).copied().unwrap_or(b'\\');
                if esc == b'u' {
                    let unit = hex4(bytes, i + 2);
                    match unit {
                        Some(0xD800..=0xDBFF)
                            if bytes.get(i + 6) == Some(&b'\\')
                                && bytes.get(i + 7) == Some(&b'u')
                                && matches!(hex4(bytes, i + 8), Some(0xDC00..=0xDFFF)) =>
                        {
                            decoded += 4;
                            i += 12;
                        }
                        Some(cp) => {
                            decoded += char::from_u32(cp).map(char::len_utf8).unwrap_or(3);
                            i += 6;
                        }
                        None => {
                            decoded += 1;
                            i += 2;
                        }
                    }
                } else {
                    decoded += 1;
                    i += 2;
                }
            }
            b => {
                let len = utf8_len(b);
                decoded += len;
                i += len;
            }
        }
    }
    i.min(raw.len())
}

fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let s = std::str::from_utf8(bytes.get(at..at + 4)?).ok()?;
    u32::from_str_radix(s, 16).ok()
}

fn utf8_len(first: u8) -> usize {
    match first {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let text = "ab\néé x";
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(text, 0), (1, 1));
        assert_eq!(idx.position(text, 3), (2, 1));
        // "éé " is 5 bytes, 3 characters.
        assert_eq!(idx.position(text, 8), (2, 4));
    }

    #[test]
    fn raw_offsets_walk_escapes() {
        // Decoded: {"a":\n"é😀x"}
        let raw = r#"  "{\"a\":\n\"\u00e9\ud83d\ude00x\"}" "#;
        let decoded: String = serde_json::from_str(raw.trim()).unwrap();
        let x = decoded.find('x').unwrap();
        let at = raw_offset(raw, 2, x);
        assert_eq!(&raw[at..at + 1], "x");
        let nl = decoded.find('\n').unwrap();
        assert_eq!(&raw[raw_offset(raw, 2, nl)..][..2], "\\n");
    }
}
