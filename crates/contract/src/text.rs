//! Text as messages show it: words around numbers, so that no output says "1 tools" or
//! "1 files", and text from outside gtdx made inert, so that what a pack or a registry says is
//! shown as text and never acts on the terminal ([`Untrusted`]).

use std::borrow::Cow;

/// `1 thing` or `n things`: every number printed with a noun goes through here (the CLI's
/// shell re-exports it).
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Text that came from outside gtdx (a pack, a registry, a discovery result, a manifest): shown
/// as what it says, never as what a terminal would do with it. Displaying it escapes every
/// character that could move the cursor, clear a line, reorder or hide what is around it (see
/// [`is_inert_unsafe`]), `\n` included, so a value stays on its line.
///
/// `format!("{}@{}", Untrusted(&id), Untrusted(&version))`.
#[derive(Debug, Clone, Copy)]
pub struct Untrusted<'a>(pub &'a str);

impl std::fmt::Display for Untrusted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_escaped(f, self.0, false)
    }
}

/// [`Untrusted`] as a string: borrowed when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    escape_with(text, false)
}

/// Values from outside gtdx joined by `sep`, each shown [`Untrusted`] (a list of a pack's
/// network patterns, a registry's versions).
pub fn join_untrusted<S: AsRef<str>>(items: &[S], sep: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        let _ = write_escaped(&mut out, item.as_ref(), false);
    }
    out
}

/// Like [`escape`], but line breaks (`\n`) stay: for a paragraph or a report gtdx composed
/// whose lines are its own, so that a value inside it that was not escaped where it was
/// formatted still cannot act on the terminal (the shell passes everything it prints through
/// this).
pub fn escape_keep_lines(text: &str) -> Cow<'_, str> {
    escape_with(text, true)
}

/// Whether `c` is escaped when untrusted text is shown: the C0 controls (`\t`, `\n`, `\r`, ESC
/// among them), DEL and the C1 controls; the bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069); the line and paragraph separators (U+2028, U+2029); and the
/// characters that show as nothing (Unicode's default-ignorable code points: the soft hyphen,
/// zero-width space, joiners, word joiner and invisible operators, U+FEFF, the Hangul fillers,
/// tag characters and the supplementary variation selectors), except U+FE00–U+FE0F, which pick
/// how an emoji looks.
pub fn is_inert_unsafe(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

fn escape_with(text: &str, keep_lines: bool) -> Cow<'_, str> {
    if !text.chars().any(|c| needs(c, keep_lines)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    // Writing into a String cannot fail.
    let _ = write_escaped(&mut out, text, keep_lines);
    Cow::Owned(out)
}

fn needs(c: char, keep_lines: bool) -> bool {
    is_inert_unsafe(c) && !(keep_lines && c == '\n')
}

/// The one rule: safe runs as they are, each other character as `\t`, `\n`, `\r` or
/// `\u{hex}` (as Rust writes them).
fn write_escaped(out: &mut impl std::fmt::Write, text: &str, keep_lines: bool) -> std::fmt::Result {
    let mut rest = text;
    while let Some((at, c)) = rest.char_indices().find(|&(_, c)| needs(c, keep_lines)) {
        out.write_str(&rest[..at])?;
        match c {
            '\t' => out.write_str("\\t")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            c => write!(out, "\\u{{{:x}}}", c as u32)?,
        }
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_str(rest)
}

#[cfg(test)]
mod tests {
    use super::{Untrusted, count, escape, escape_keep_lines, is_inert_unsafe};

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(count(0, "tool", "tools"), "0 tools");
        assert_eq!(count(1, "tool", "tools"), "1 tool");
        assert_eq!(count(2, "entry", "entries"), "2 entries");
    }

    #[test]
    fn untrusted_text_escapes_every_class_and_nothing_else() {
        // One of each class: C0 (tab, line feed, carriage return, ESC), DEL, C1 (CSI), bidi
        // controls (embedding, override, isolates, marks, Arabic letter mark), line and
        // paragraph separators, and the invisible ones (zero-width space, joiners, word
        // joiner, byte-order mark, soft hyphen, a tag character).
        let cases = [
            ('\t', "\\t"),
            ('\n', "\\n"),
            ('\r', "\\r"),
            ('\u{1b}', "\\u{1b}"),
            ('\u{0}', "\\u{0}"),
            ('\u{7f}', "\\u{7f}"),
            ('\u{9b}', "\\u{9b}"),
            ('\u{202a}', "\\u{202a}"),
            ('\u{202e}', "\\u{202e}"),
            ('\u{2066}', "\\u{2066}"),
            ('\u{2069}', "\\u{2069}"),
            ('\u{200e}', "\\u{200e}"),
            ('\u{200f}', "\\u{200f}"),
            ('\u{61c}', "\\u{61c}"),
            ('\u{2028}', "\\u{2028}"),
            ('\u{2029}', "\\u{2029}"),
            ('\u{200b}', "\\u{200b}"),
            ('\u{200c}', "\\u{200c}"),
            ('\u{200d}', "\\u{200d}"),
            ('\u{2060}', "\\u{2060}"),
            ('\u{feff}', "\\u{feff}"),
            ('\u{ad}', "\\u{ad}"),
            ('\u{e0041}', "\\u{e0041}"),
        ];
        for (c, shown) in cases {
            assert!(is_inert_unsafe(c), "{:x}", c as u32);
            let text = format!("a{c}b");
            assert_eq!(Untrusted(&text).to_string(), format!("a{shown}b"));
            assert_eq!(escape(&text), format!("a{shown}b"));
        }
        // The attack of issue #30: a network entry that rewrites the consent prompt's line.
        let hostile = "\r\u{1b}[2K  no permissions";
        assert_eq!(escape(hostile), "\\r\\u{1b}[2K  no permissions");
        // Printable text, accents, other scripts, emoji (with its presentation selector) and
        // backslashes stay as they are, borrowed.
        for plain in [
            "com.acme.weather@1.2.0",
            "Météo — 天気 ❤\u{fe0f} C:\\path",
            "",
        ] {
            assert!(
                matches!(escape(plain), std::borrow::Cow::Borrowed(_)),
                "{plain}"
            );
        }
        // A paragraph gtdx composed keeps its lines; everything else is escaped.
        assert_eq!(
            escape_keep_lines("line one\nline\ttwo\u{1b}[31m"),
            "line one\nline\\ttwo\\u{1b}[31m"
        );
    }
}
