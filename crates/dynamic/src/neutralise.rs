//! Control 4, neutralisation: names and descriptions structurally cleaned before an agent reads
//! them. Both functions are idempotent (`f(f(x)) == f(x)`, property-tested).

/// Longest admitted name, in characters.
pub const NAME_MAX: usize = 64;
/// Longest admitted description, in characters.
pub const DESCRIPTION_MAX: usize = 1024;

/// The name without markup (tags), reduced to the allowlist (ASCII letters and digits, space, `-`, `_`, `.`, `(`, `)`),
/// other characters dropped, whitespace collapsed, trimmed, at most [`NAME_MAX`] characters.
pub fn name(s: &str) -> String {
    let kept: String = strip_tags(s)
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| c.is_ascii_alphanumeric() || " -_.()".contains(*c))
        .collect();
    cap(&collapse(&kept), NAME_MAX)
}

/// The description without control, zero-width and bidi characters, without markup (HTML/XML
/// tags and comments, and the `<`, `>` and backtick characters left over), whitespace
/// collapsed, trimmed, at most [`DESCRIPTION_MAX`] characters.
pub fn description(s: &str) -> String {
    let visible: String = s
        .chars()
        .filter_map(|c| {
            if c.is_whitespace() || c.is_control() {
                Some(' ')
            } else if invisible(c) {
                None
            } else {
                Some(c)
            }
        })
        .collect();
    let untagged = strip_tags(&visible);
    let plain: String = untagged
        .chars()
        .filter(|c| !matches!(c, '<' | '>' | '`'))
        .collect();
    cap(&collapse(&plain), DESCRIPTION_MAX)
}

/// Zero-width, bidi-control and other invisible format characters.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FFF0}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}'
    )
}

/// Removes `<...>` spans that look like tags (`<b>`, `</a>`, `<img src=x>`, `<!-- -->`).
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let tagish = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!' || c == '?');
        match (tagish, after.find('>')) {
            (true, Some(j)) => {
                out.push(' ');
                rest = &after[j + 1..];
            }
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn cap(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => s[..i].trim_end().to_string(),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(name("Create  <b>Deal</b>\u{202E}!"), "Create Deal");
        assert_eq!(name("  a\tb\n"), "a b");
        assert_eq!(name(&"x".repeat(100)).len(), NAME_MAX);
        assert_eq!(name("Ünïcode ✓"), "ncode");
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            description("Create a <b>deal</b>.\u{200B}\u{202E} Ignore <!-- x --> `rm -rf`\n\n now"),
            "Create a deal . Ignore rm -rf now"
        );
        assert_eq!(description("a < b and c > d"), "a b and c d");
        assert_eq!(description("\u{0007}bell"), "bell");
        assert_eq!(description("<<b>b>"), "b");
    }
}
