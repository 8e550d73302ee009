//! Descriptions from doc comments.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The text of an item's doc comment (`///`, `/** */` or `#[doc = "..."]`), ready to show to a
/// model, or `None` when there is none or it is blank.
///
/// Rules, close to how rustdoc renders Markdown:
/// * the common indentation is removed;
/// * lines of one paragraph are joined with a single space (so wrapping at 100 columns does not
///   put line breaks into the description);
/// * a blank line separates paragraphs (`"\n\n"`);
/// * a line starting a list item (`- `, `* `, `+ `, `1. `) or a heading (`#`) starts a new line;
/// * lines inside a ```` ``` ```` fence are kept as written;
/// * the rustdoc sections written for Rust callers (`# Errors`, `# Panics`, `# Safety`,
///   `# Examples`), up to the next heading of the same or a higher level, are dropped;
/// * intra-doc links are rendered as their text: ``[`Foo`]`` → `` `Foo` ``,
///   `[the store](crate::Store)` → `the store`, and `[Foo]: crate::Foo` definitions are dropped;
///   links to URLs are kept;
/// * the result is trimmed. `#[doc = include_str!(..)]` and other non-literal docs are ignored.
pub fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let mut lines: Vec<String> = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let Meta::NameValue(nv) = &attr.meta
            && let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
        {
            lines.extend(
                s.value()
                    .split('\n')
                    .map(|l| l.trim_end_matches('\r').to_string()),
            );
        }
    }
    let lines = drop_rust_sections(&lines);
    let text = join_lines(&lines);
    if text.is_empty() { None } else { Some(text) }
}

/// The rustdoc sections meant for Rust callers, not for a model.
const RUST_SECTIONS: &[&str] = &["errors", "panics", "safety", "examples", "example"];

/// Drops [`RUST_SECTIONS`] (outside code fences) and link reference definitions; renders
/// intra-doc links as text.
fn drop_rust_sections(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_fence = false;
    // The level of the heading of a section being dropped.
    let mut dropping: Option<usize> = None;
    for line in lines {
        let t = line.trim_start();
        let fence = t.starts_with("```");
        if !in_fence && let Some(level) = heading_level(t) {
            let title = t[level..].trim().to_ascii_lowercase();
            if dropping.is_some_and(|d| level <= d) {
                dropping = None;
            }
            if dropping.is_none() && RUST_SECTIONS.contains(&title.as_str()) {
                dropping = Some(level);
            }
        }
        if fence {
            in_fence = !in_fence;
        }
        if dropping.is_some() {
            continue;
        }
        if !in_fence && !fence && is_link_definition(t) {
            continue;
        }
        if in_fence || fence {
            out.push(line.clone());
        } else {
            out.push(plain_links(line));
        }
    }
    out
}

fn heading_level(t: &str) -> Option<usize> {
    let n = t.chars().take_while(|c| *c == '#').count();
    (n > 0 && n <= 6 && t[n..].starts_with(' ')).then_some(n)
}

/// `[Foo]: crate::Foo` (a link reference definition pointing at a Rust path or URL).
fn is_link_definition(t: &str) -> bool {
    t.starts_with('[') && t.find("]:").is_some_and(|i| !t[1..i].contains(']'))
}

/// `[text](target)` → `text` unless the target is a URL; `[text]` → `text` (outside code spans).
fn plain_links(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    let mut in_code = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '`' {
            in_code = !in_code;
            out.push(c);
            i += 1;
            continue;
        }
        if c == '[' && !in_code {
            // The matching `]`, with code spans inside the text allowed.
            let mut j = i + 1;
            let mut code = false;
            while j < chars.len() && (chars[j] != ']' || code) {
                if chars[j] == '`' {
                    code = !code;
                }
                j += 1;
            }
            if j < chars.len() && j > i + 1 {
                let text: String = chars[i + 1..j].iter().collect();
                let rest = &chars[j + 1..];
                if rest.first() == Some(&'(')
                    && let Some(close) = rest.iter().position(|c| *c == ')')
                {
                    let target: String = rest[1..close].iter().collect();
                    if target.contains("://") || target.starts_with("mailto:") {
                        // A web link: keep it as written.
                        let whole: String = chars[i..j + 2 + close].iter().collect();
                        out.push_str(&whole);
                    } else {
                        out.push_str(&text);
                    }
                    i = j + 2 + close;
                    continue;
                }
                if rest.first() == Some(&'[')
                    && let Some(close) = rest.iter().position(|c| *c == ']')
                {
                    // `[text][ref]`.
                    out.push_str(&text);
                    i = j + 2 + close;
                    continue;
                }
                out.push_str(&text);
                i = j + 1;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn join_lines(lines: &[String]) -> String {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    let mut in_fence = false;
    let mut paragraph_break = false;
    let mut after_hard_line = false;
    for raw in lines {
        let line = raw
            .get(indent..)
            .unwrap_or_else(|| raw.trim_start())
            .trim_end();
        let is_fence = line.trim_start().starts_with("```");
        if in_fence {
            out.push('\n');
            out.push_str(line);
            if is_fence {
                in_fence = false;
                after_hard_line = true;
            }
            continue;
        }
        if line.trim().is_empty() {
            paragraph_break = !out.is_empty();
            continue;
        }
        let starts_block = is_fence || starts_list_or_heading(line);
        let sep = if out.is_empty() {
            ""
        } else if paragraph_break {
            "\n\n"
        } else if starts_block || after_hard_line {
            "\n"
        } else {
            " "
        };
        out.push_str(sep);
        if sep == " " {
            out.push_str(line.trim_start());
        } else {
            out.push_str(line);
        }
        paragraph_break = false;
        after_hard_line = line.trim_start().starts_with('#');
        in_fence = is_fence;
    }
    out.trim().to_string()
}

fn starts_list_or_heading(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") || t.starts_with('#') {
        return true;
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(". ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc_of(src: &str) -> Option<String> {
        let item: syn::ItemFn = syn::parse_str(&format!("{src}\nfn f() {{}}")).unwrap();
        doc_comment(&item.attrs)
    }

    #[test]
    fn joins_wrapped_lines_and_keeps_paragraphs() {
        let d = doc_of("/// Resolve a prefix\n/// to its resource.\n///\n/// Second paragraph.")
            .unwrap();
        assert_eq!(d, "Resolve a prefix to its resource.\n\nSecond paragraph.");
    }

    #[test]
    fn lists_and_fences_keep_their_lines() {
        let d = doc_of(
            "/// Modes:\n/// - fast\n/// - slow, which\n///   wraps\n///\n/// ```json\n/// {\"a\": 1}\n/// ```\n/// After.",
        )
        .unwrap();
        assert_eq!(
            d,
            "Modes:\n- fast\n- slow, which wraps\n\n```json\n{\"a\": 1}\n```\nAfter."
        );
    }

    #[test]
    fn rust_sections_are_dropped_and_links_rendered() {
        let d = doc_of(
            "/// Searches the [`Store`] for [chunks](crate::Chunk) like the [query][q].\n/// See [the docs](https://example.com/x).\n///\n/// # Errors\n///\n/// Fails when [`Store`] is down.\n///\n/// ## Details\n/// more\n///\n/// # Limits\n/// At most 50 results.\n///\n/// # Examples\n/// ```\n/// # Errors\n/// search();\n/// ```\n///\n/// [q]: crate::Query",
        )
        .unwrap();
        assert_eq!(
            d,
            "Searches the `Store` for chunks like the query. See [the docs](https://example.com/x).\n\n# Limits\nAt most 50 results."
        );
        // Not a link: an array in a code span, a lone bracket.
        assert_eq!(
            doc_of("/// Takes `[u8; 4]` or [x").unwrap(),
            "Takes `[u8; 4]` or [x"
        );
    }

    #[test]
    fn blank_and_missing_are_none() {
        assert_eq!(doc_of(""), None);
        assert_eq!(doc_of("///\n///   \n"), None);
        assert_eq!(doc_of("#[doc = \"\"]"), None);
    }

    #[test]
    fn doc_attribute_and_block_comment() {
        assert_eq!(doc_of("#[doc = \" Say hi. \"]").unwrap(), "Say hi.");
        assert_eq!(doc_of("/** Say\n    hi. */").unwrap(), "Say hi.");
    }
}
