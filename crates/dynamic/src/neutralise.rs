//! Control 4, neutralisation: names and descriptions structurally cleaned before an agent reads
//! them. Both functions are idempotent (`f(f(x)) == f(x)`, property-tested).

/// Longest admitted name, in characters.
pub const NAME_MAX: usize = 64;
/// Longest admitted description, in characters.
pub const DESCRIPTION_MAX: usize = 1024;

/// The name without markup (tags), reduced to the allowlist (ASCII letters and digits, space, `-`, `_`, `.`, `(`, `)`),
/// other characters dropped, whitespace collapsed, trimmed, at most [`NAME_MAX`] characters.
pub fn name(s: &str) -> String {
    if is_clean(s, NAME_MAX, |b| {
        b.is_ascii_alphanumeric() || b" -_.()".contains(&b)
    }) {
        return s.to_string();
    }
    cleaned_name(s)
}

fn cleaned_name(s: &str) -> String {
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
    if is_clean(s, DESCRIPTION_MAX, |b| {
        (b' '..=b'~').contains(&b) && !matches!(b, b'<' | b'>' | b'`')
    }) {
        return s.to_string();
    }
    cleaned_description(s)
}

fn cleaned_description(s: &str) -> String {
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

/// Whether `s` is already what cleaning makes of it, told without cleaning (most names and
/// descriptions are): at most `max` bytes, each of them `allowed` (ASCII only, so bytes are
/// characters), no space at either end or next to another.
fn is_clean(s: &str, max: usize, allowed: impl Fn(u8) -> bool) -> bool {
    let b = s.as_bytes();
    b.len() <= max
        && b.first() != Some(&b' ')
        && b.last() != Some(&b' ')
        && b.iter().all(|&c| allowed(c))
        && !b.windows(2).any(|w| w == b"  ")
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
///
/// Linear in the length of `s`: the position of the next `>` is looked up once and kept until
/// the scan passes it, so a run of `<` without any `>` is not searched again for each of them.
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // Where the text not yet copied starts.
    let mut rest = 0;
    // The first `>` at or after some position the scan already reached (`None`: there is none
    // after it, so none after any later position either); not looked up yet at first.
    let mut next_close: Option<Option<usize>> = None;
    while let Some(i) = s[rest..].find('<').map(|i| rest + i) {
        out.push_str(&s[rest..i]);
        let after = i + 1;
        let tagish = s[after..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!' || c == '?');
        let close = if tagish {
            let stale = match next_close {
                None => true,
                Some(Some(j)) => j < after,
                Some(None) => false,
            };
            if stale {
                next_close = Some(s[after..].find('>').map(|j| after + j));
            }
            next_close.flatten()
        } else {
            None
        };
        match close {
            Some(j) => {
                out.push(' ');
                rest = j + 1;
            }
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(&s[rest..]);
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

    /// The shortcut for clean text gives what the full cleaning gives.
    #[test]
    fn clean_text_takes_the_shortcut_unchanged() {
        for s in [
            "",
            "a",
            "Create Deal (v2)",
            " a",
            "a ",
            "a  b",
            "a<b",
            "x`y",
            "tab\there",
            "é",
        ] {
            assert_eq!(name(s), cleaned_name(s), "{s:?}");
            assert_eq!(description(s), cleaned_description(s), "{s:?}");
        }
        let long = "y".repeat(DESCRIPTION_MAX + 1);
        assert_eq!(description(&long), cleaned_description(&long));
        assert_eq!(name(&long), cleaned_name(&long));
    }

    proptest::proptest! {
        /// Near-clean text, where the shortcut and the full cleaning could disagree.
        #[test]
        fn the_shortcut_agrees_with_cleaning(s in "[ -~\t]{0,80}") {
            proptest::prop_assert_eq!(name(&s), cleaned_name(&s));
            proptest::prop_assert_eq!(description(&s), cleaned_description(&s));
        }
    }

    /// The first way `strip_tags` was written (a search for `>` after every `<`, quadratic on a
    /// run of `<`), kept as the reference the linear one must agree with.
    fn strip_tags_reference(s: &str) -> String {
        let mut out = String::new();
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

    #[test]
    fn strip_tags_agrees_with_the_reference_on_edge_cases() {
        for s in [
            "",
            "<",
            ">",
            "<>",
            "<<",
            "<a",
            "<a>",
            "a<b>c",
            "<<b>b>",
            "<a<b>",
            "<a <b> c>",
            "</x><!-- y --><?z?>",
            "<1>",
            "< a>",
            "x<a>>y",
            "<a>é<b>",
            "<é>",
            "<a\u{202E}>",
        ] {
            assert_eq!(strip_tags(s), strip_tags_reference(s), "{s:?}");
        }
    }

    proptest::proptest! {
        /// Text made of the characters that matter to tags, where a cached `>` could go stale.
        #[test]
        fn strip_tags_agrees_with_the_reference(s in "[<>a/!? é]{0,60}") {
            proptest::prop_assert_eq!(strip_tags(&s), strip_tags_reference(&s));
        }
    }

    /// Item 11 of issue #30: 800,000 `<` took 18.9 s when each one searched the rest for `>`.
    #[test]
    fn neutralisation_is_linear_on_runs_of_angle_brackets() {
        for s in [
            "<".repeat(800_000),
            "<a".repeat(400_000),
            format!("{}>", "<a".repeat(400_000)),
        ] {
            let started = std::time::Instant::now();
            let d = description(&s);
            assert!(d.len() <= DESCRIPTION_MAX);
            assert_eq!(strip_tags(&s[..2000]), strip_tags_reference(&s[..2000]));
            assert!(
                started.elapsed() < std::time::Duration::from_secs(5),
                "{:?} for {} bytes",
                started.elapsed(),
                s.len()
            );
        }
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
