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
    let text = join_lines(&lines);
    if text.is_empty() { None } else { Some(text) }
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
