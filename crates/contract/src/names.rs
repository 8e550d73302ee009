//! Name rules shared by every command that writes or checks a name, so that `gtdx new`, the
//! describe scan and `gtdx lint` agree.

/// Why `id` is not a valid extension id (≥ 2 dot-separated segments, each a WIT kebab name
/// `[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*`), or `None` when it is one. Any namespace is allowed.
pub fn extension_id_problem(id: &str) -> Option<String> {
    if id.is_empty() {
        return Some("it is empty".into());
    }
    let segments: Vec<&str> = id.split('.').collect();
    if segments.len() < 2 {
        return Some(
            "it has a single segment; it needs a namespace and a name, like \"com.acme.name\""
                .into(),
        );
    }
    for (n, seg) in segments.iter().enumerate() {
        if seg.is_empty() {
            return Some(format!(
                "segment {} is empty (a leading, trailing or doubled '.')",
                n + 1
            ));
        }
        for word in seg.split('-') {
            let Some(first) = word.chars().next() else {
                return Some(format!(
                    "segment \"{seg}\" has an empty word (a leading, trailing or doubled '-')"
                ));
            };
            if !first.is_ascii_lowercase() {
                return Some(format!(
                    "in segment \"{seg}\", the word \"{word}\" starts with '{first}'; every '-'-separated word starts with a letter a-z"
                ));
            }
            if let Some(c) = word
                .chars()
                .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit()))
            {
                return Some(format!(
                    "in segment \"{seg}\", the word \"{word}\" contains '{c}'; only a-z, 0-9 and '-' are allowed"
                ));
            }
        }
    }
    None
}
