//! Tool names and Rust identifiers from an API's names.
//!
//! A tool name must match `[a-z][a-z0-9_]*` and be at most 64 characters (the contract's rule);
//! an `operationId` is free text (`listPets`, `pets.list`, `Get-Pet-By-ID`). Names are
//! snake-cased word by word, so `getHTTPStatus` becomes `get_http_status`.

/// The longest tool name; room is left under the contract's 64 for a collision suffix.
const MAX_LEN: usize = 60;

/// Rust's keywords, which cannot name a function or field without `r#`.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "dyn", "else", "enum",
    "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro",
    "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return", "self", "static",
    "struct", "super", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield", "abstract", "become", "do",
];

/// `text` in snake case: words split at separators and case changes, ASCII letters and digits
/// only. Empty when `text` has no letter or digit.
pub fn snake(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let boundary = prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase() && next_lower);
            if boundary && !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out.trim_matches('_').to_string()
}

/// A tool name from an operation: its `operationId`, else its method and path
/// (`GET /pets/{id}` → `get_pets_id`). Always a valid tool name.
pub fn tool_name(operation_id: Option<&str>, method: &str, path: &str) -> String {
    let mut name = operation_id.map(snake).unwrap_or_default();
    if name.is_empty() {
        name = snake(&format!("{method} {path}"));
    }
    if name.is_empty() {
        name = "operation".into();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert_str(0, "op_");
    }
    truncate(&mut name, MAX_LEN);
    name
}

/// A Rust field name for a JSON property (`petId` → `pet_id`, `type` → `type_`); the caller
/// renames it back with `#[serde(rename)]` when the two differ.
pub fn field(json_name: &str) -> String {
    let mut name = snake(json_name);
    if name.is_empty() {
        name = "value".into();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    if is_keyword(&name) {
        name.push('_');
    }
    name
}

pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// `snake_case` → `PascalCase`.
pub fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

fn truncate(name: &mut String, max: usize) {
    if name.len() > max {
        name.truncate(max);
        while name.ends_with('_') {
            name.pop();
        }
    }
}

/// Makes `name` unique among `taken` with the first free number appended (`list_pets2`, never
/// `list_pets_2`: the platform refuses a tool name that extends another at a `_`).
pub fn unique(name: &str, taken: &std::collections::HashSet<String>) -> String {
    if !taken.contains(name) {
        return name.to_string();
    }
    // After a digit, a letter keeps the number apart (`get_v2` → `get_v2n2`).
    let sep = if name.ends_with(|c: char| c.is_ascii_digit()) {
        "n"
    } else {
        ""
    };
    (2..)
        .map(|n| format!("{name}{sep}{n}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operation_ids_become_snake_case() {
        assert_eq!(tool_name(Some("listPets"), "GET", "/pets"), "list_pets");
        assert_eq!(
            tool_name(Some("getHTTPStatus"), "GET", "/"),
            "get_http_status"
        );
        assert_eq!(
            tool_name(Some("pets.list-all"), "GET", "/"),
            "pets_list_all"
        );
        assert_eq!(
            tool_name(Some("Get-Pet-By-ID"), "GET", "/"),
            "get_pet_by_id"
        );
        assert_eq!(tool_name(Some("v2Search"), "GET", "/"), "v2_search");
        assert_eq!(tool_name(Some("2fa"), "GET", "/"), "op_2fa");
        assert_eq!(
            tool_name(Some("¿?"), "GET", "/pets/{petId}"),
            "get_pets_pet_id"
        );
        assert_eq!(tool_name(None, "DELETE", "/"), "delete");
    }

    #[test]
    fn long_names_are_cut_at_a_word() {
        let long = "a".repeat(70);
        let name = tool_name(Some(&long), "GET", "/");
        assert_eq!(name.len(), 60);
    }

    #[test]
    fn fields_avoid_keywords_and_digits() {
        assert_eq!(field("type"), "type_");
        assert_eq!(field("$filter"), "filter");
        assert_eq!(field("api-version"), "api_version");
        assert_eq!(field("1st"), "_1st");
        assert_eq!(field("%%"), "value");
    }

    #[test]
    fn collisions_get_the_first_free_suffix() {
        let taken: std::collections::HashSet<String> =
            ["a".to_string(), "a2".to_string(), "v2".to_string()].into();
        assert_eq!(unique("a", &taken), "a3");
        assert_eq!(unique("b", &taken), "b");
        assert_eq!(unique("v2", &taken), "v2n2");
        assert_eq!(pascal("list_pets2"), "ListPets2");
    }
}
