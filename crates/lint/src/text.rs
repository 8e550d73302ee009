//! Positions in text: byte offsets to 1-based `line:column` (columns in characters), and the
//! mapping from a position inside a decoded JSON string back to the file the string was written
//! in (so an error in a stringified schema points at the offending character, escapes and all).

pub use gtdx_contract::lines::LineIndex;

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
