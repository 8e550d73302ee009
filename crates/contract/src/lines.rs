//! Byte offsets to 1-based `line:column` (columns in characters, as editors count them), and
//! back from serde_json's positions: the one line index every gtdx message uses.

/// Start offsets of every line of one text.
#[derive(Debug, Clone, Default)]
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

    /// 1-based line and *byte* column of a byte offset (clamped to the indexed text's lines).
    pub fn byte_position(&self, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        (line + 1, offset.saturating_sub(start) + 1)
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

/// The 1-based line and character column of a byte offset, for a single lookup (index the text
/// with [`LineIndex`] for many).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    LineIndex::new(text).position(text, offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_clamp() {
        let text = "ab\né€x\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 0), (1, 1));
        assert_eq!(index.position(text, 3), (2, 1));
        assert_eq!(index.position(text, 8), (2, 3));
        assert_eq!(
            index.position(text, 4),
            (2, 1),
            "inside a character: its start"
        );
        assert_eq!(index.position(text, 999), (3, 1));
        assert_eq!(line_col(text, 8), (2, 3));
        assert_eq!(index.offset_of(text, 2, 1), 3);
    }
}
