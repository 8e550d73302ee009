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

/// The longest tool name LLM providers accept as a function name.
pub const MAX_TOOL_NAME_LEN: usize = 64;

/// What is wrong with a tool name. The `#[tool]` macro refuses the errors, `gtdx lint` reports
/// each under its code, and `gtdx new` refuses all three (a fresh project lints clean).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolNameProblem {
    /// Not `[a-z][a-z0-9_]*`: the platform's own rule (`E_TOOL_NAMING`).
    NotSnakeCase,
    /// Over [`MAX_TOOL_NAME_LEN`] characters: providers refuse the function (`E_TOOL_NAME_LENGTH`).
    TooLong,
    /// A doubled or trailing `_`: the platform accepts it, gtdx warns (`W_TOOL_NAME_FORM`).
    UnderscoreForm,
}

impl ToolNameProblem {
    /// Whether the tool would be refused or invisible (not only oddly named).
    pub fn is_error(self) -> bool {
        !matches!(self, ToolNameProblem::UnderscoreForm)
    }
}

/// The platform's tool-name rule: a letter a-z, then a-z, 0-9 and `_`.
pub fn is_snake_case(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Every problem of a tool name, most serious first (empty for a good one).
pub fn tool_name_problems(name: &str) -> Vec<ToolNameProblem> {
    let mut problems = Vec::new();
    let snake = is_snake_case(name);
    if !snake {
        problems.push(ToolNameProblem::NotSnakeCase);
    }
    if name.len() > MAX_TOOL_NAME_LEN {
        problems.push(ToolNameProblem::TooLong);
    }
    if snake && (name.ends_with('_') || name.contains("__")) {
        problems.push(ToolNameProblem::UnderscoreForm);
    }
    problems
}

/// The most serious problem of a tool name, or `None` for a good one.
pub fn tool_name_problem(name: &str) -> Option<ToolNameProblem> {
    tool_name_problems(name).into_iter().next()
}

/// A snake_case spelling of any name, for suggestions: `getWeatherNow` → `get_weather_now`,
/// words joined by single `_`, leading digits dropped, at most [`MAX_TOOL_NAME_LEN`]
/// characters; `tool` when nothing usable is left.
pub fn to_snake_case(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    let trimmed = out.trim_matches('_');
    let start = trimmed.trim_start_matches(|c: char| c.is_ascii_digit() || c == '_');
    let words: Vec<&str> = start.split('_').filter(|w| !w.is_empty()).collect();
    let joined = words.join("_");
    if joined.is_empty() {
        "tool".to_string()
    } else {
        joined
            .chars()
            .take(MAX_TOOL_NAME_LEN)
            .collect::<String>()
            .trim_end_matches('_')
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names() {
        assert_eq!(tool_name_problem("tx_resolve_prefix2"), None);
        for bad in ["", "Get", "get-weather", "_x", "1a"] {
            assert_eq!(
                tool_name_problem(bad),
                Some(ToolNameProblem::NotSnakeCase),
                "{bad}"
            );
        }
        assert_eq!(
            tool_name_problem(&"a".repeat(65)),
            Some(ToolNameProblem::TooLong)
        );
        assert_eq!(
            tool_name_problem("get__x"),
            Some(ToolNameProblem::UnderscoreForm)
        );
        assert_eq!(
            tool_name_problem("get_x_"),
            Some(ToolNameProblem::UnderscoreForm)
        );
        let long = format!("{}__x", "a".repeat(70));
        assert_eq!(
            tool_name_problems(&long),
            [ToolNameProblem::TooLong, ToolNameProblem::UnderscoreForm]
        );
        assert_eq!(to_snake_case("getWeatherNow"), "get_weather_now");
        assert_eq!(to_snake_case("get-weather"), "get_weather");
        assert_eq!(to_snake_case("get__x"), "get_x");
        assert_eq!(to_snake_case("42"), "tool");
        for name in ["getWeatherNow", "a--b", "__x__", &"Ab".repeat(40)] {
            assert_eq!(tool_name_problem(&to_snake_case(name)), None, "{name}");
        }
    }
}
