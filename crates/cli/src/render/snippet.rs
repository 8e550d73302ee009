//! A finding on a file as rustc and cargo show one: the severity, code and message, the place,
//! the source line with a caret under the column, the JSON pointer and the help
//! (annotate-snippets, the crate they use). The shell decides about colour.

use std::collections::HashMap;

use annotate_snippets::{Level, Renderer, Snippet};
use gtdx_ops::{Diagnostic, LineIndex, Severity, escape_untrusted};

/// The files findings point into, each read and line-indexed once (a file that cannot be read
/// shows no excerpt).
#[derive(Default)]
pub(crate) struct Sources {
    texts: HashMap<String, Option<(String, LineIndex)>>,
}

impl Sources {
    fn line(&mut self, file: &str, line: usize) -> Option<String> {
        let (text, index) = self
            .texts
            .entry(file.to_string())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(file).ok()?;
                let index = LineIndex::new(&text);
                Some((text, index))
            })
            .as_ref()?;
        if line == 0 {
            return None;
        }
        let start = index.offset_of(text, line, 1);
        if start >= text.len() {
            return None;
        }
        let rest = &text[start..];
        let end = rest.find('\n').unwrap_or(rest.len());
        // A quoted line never shows a URL's user name or password (a worker spec's
        // `oci://user:pass@…`); masked, not removed, so the caret's column still holds.
        Some(gtdx_ops::mask_credentials(rest[..end].trim_end_matches('\r')).into_owned())
    }
}

/// One finding, with its source excerpt when the file and the line can be read.
pub(crate) fn render(d: &Diagnostic, sources: &mut Sources, color: bool) -> String {
    let (Some(line), Some(column)) = (d.line, d.column) else {
        return d.render_human();
    };
    let Some(text) = sources.line(&d.file, line) else {
        return d.render_human();
    };
    // A long line (a minified manifest) is cut around the column.
    let (text, column) = window(&text, column);
    let level = match d.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        Severity::Info => Level::Info,
    };
    let start = text
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| i);
    let end = text[start..]
        .chars()
        .next()
        .map_or(start, |c| start + c.len_utf8());
    // The excerpt, the message (which quotes the manifest) and the rest are shown as text: a
    // control or bidi character is escaped, and the caret moves with what precedes it.
    let (start, end) = {
        let shown_start = escape_untrusted(&text[..start]).len();
        (
            shown_start,
            shown_start + escape_untrusted(&text[start..end]).len(),
        )
    };
    let text = escape_untrusted(&text).into_owned();
    let pointer = d.pointer.as_deref().map(|p| {
        format!(
            "at {}",
            escape_untrusted(if p.is_empty() { "/" } else { p })
        )
    });
    let title = escape_untrusted(&d.message);
    let origin = escape_untrusted(&d.file);
    let help = d.help.as_deref().map(escape_untrusted);
    let mut message = level.title(&title).id(&d.code).snippet(
        Snippet::source(&text)
            .line_start(line)
            .origin(&origin)
            .annotation(level.span(start..end)),
    );
    if let Some(p) = &pointer {
        message = message.footer(Level::Note.title(p));
    }
    if let Some(h) = &help {
        message = message.footer(Level::Help.title(h));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(message).to_string()
}

/// At most about 160 characters of `text` around `column` (1-based, in characters), and the
/// column within what is kept.
fn window(text: &str, column: usize) -> (String, usize) {
    const WIDTH: usize = 160;
    let count = text.chars().count();
    if count <= WIDTH {
        return (text.to_string(), column);
    }
    let from = column.saturating_sub(WIDTH / 2).min(count - WIDTH);
    let kept: String = text.chars().skip(from).take(WIDTH).collect();
    (kept, column - from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_shows_its_line_and_a_caret() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("describe.json");
        std::fs::write(&file, "{\n  \"apiVersion\": \"greentic.ai/v9\"\n}\n").expect("write");
        let file = file.display().to_string();
        let d = Diagnostic {
            code: "E_API_VERSION".into(),
            severity: Severity::Error,
            message: "apiVersion is not greentic.ai/v2".into(),
            file: file.clone(),
            line: Some(2),
            column: Some(17),
            pointer: Some("/apiVersion".into()),
            help: Some("set it to greentic.ai/v2".into()),
        };
        let text = render(&d, &mut Sources::default(), false);
        assert!(
            text.starts_with("error[E_API_VERSION]: apiVersion is not greentic.ai/v2"),
            "{text}"
        );
        assert!(text.contains(&format!("--> {file}:2:17")), "{text}");
        assert!(
            text.contains("2 |   \"apiVersion\": \"greentic.ai/v9\""),
            "{text}"
        );
        assert!(text.contains("^"), "{text}");
        assert!(text.contains("= note: at /apiVersion"), "{text}");
        assert!(text.contains("= help: set it to greentic.ai/v2"), "{text}");
        // Unreadable file: the one-paragraph form.
        let gone = Diagnostic {
            file: "no/such/file.json".into(),
            ..d
        };
        assert_eq!(
            render(&gone, &mut Sources::default(), false),
            gone.render_human()
        );
    }

    #[test]
    fn what_a_manifest_says_is_shown_as_text_with_the_caret_in_place() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("describe.json");
        // A bidi override and a zero-width space before the column, both raw in the JSON string.
        std::fs::write(&file, "{\"name\": \"\u{202e}a\u{200b}b\", \"x\": 7}\n").expect("write");
        let d = Diagnostic {
            code: "E_TYPE".into(),
            severity: Severity::Error,
            message: "tool `\u{202e}a\u{200b}b` \r\u{1b}[2K is fine".into(),
            file: file.display().to_string(),
            line: Some(1),
            column: Some(23),
            pointer: Some("/\u{202e}".into()),
            help: Some("\u{1b}]8;;x\u{7}".into()),
        };
        let text = render(&d, &mut Sources::default(), false);
        for raw in ['\u{202e}', '\u{200b}', '\u{1b}', '\r', '\u{7}'] {
            assert!(!text.contains(raw), "{:x} in {text}", raw as u32);
        }
        assert!(
            text.contains("tool `\\u{202e}a\\u{200b}b` \\r\\u{1b}[2K is fine"),
            "{text}"
        );
        // The caret stays under `7`, past the escapes.
        let source = text
            .lines()
            .find(|l| l.contains("\"x\""))
            .expect("source line");
        let caret = text.lines().find(|l| l.contains('^')).expect("caret line");
        assert_eq!(
            source.find('7').expect("the 7"),
            caret.find('^').expect("the caret"),
            "{text}"
        );
        assert!(!d.render_human().contains('\u{202e}'));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = "x".repeat(1000);
        let (kept, column) = window(&line, 600);
        assert_eq!(kept.chars().count(), 160);
        assert_eq!(column, 80);
    }
}
