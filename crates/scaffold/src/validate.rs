//! The checks on user-supplied names: package name, extension id, tool names.
//!
//! Each check returns a one-paragraph message naming the value, what is wrong and the fix.

/// Rust's strict and reserved keywords (2024 edition): none of them may be a package or a
/// function name.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Crate names that clash with the standard library or with Cargo's own directories.
const RESERVED: &[&str] = &[
    "alloc",
    "core",
    "std",
    "proc_macro",
    "proc-macro",
    "test",
    "build",
    "deps",
    "examples",
    "incremental",
];

/// The longest name crates.io accepts, and the longest tool name LLM clients accept.
pub const MAX_LEN: usize = 64;

/// Whether `s` is a Rust keyword.
pub fn is_keyword(s: &str) -> bool {
    KEYWORDS.contains(&s)
}

/// Checks a package (crate) name the way Cargo does.
pub fn package_name(name: &str) -> Result<(), String> {
    let fix = "Pick a name of ASCII letters, digits, `-` and `_` that starts with a letter, \
               e.g. `--name my-extension`.";
    if name.is_empty() {
        return Err(format!("the package name is empty. {fix}"));
    }
    if name.len() > MAX_LEN {
        return Err(format!(
            "the package name `{name}` is longer than {MAX_LEN} characters. {fix}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(format!(
            "the package name `{name}` contains `{c}`, which is not allowed in a crate name. {fix}"
        ));
    }
    let first = name.chars().next().unwrap_or('a');
    if first.is_ascii_digit() {
        return Err(format!(
            "the package name `{name}` starts with a digit. {fix}"
        ));
    }
    if !first.is_ascii_alphabetic() {
        return Err(format!(
            "the package name `{name}` starts with `{first}`. {fix}"
        ));
    }
    if is_keyword(name) || is_keyword(&name.replace('-', "_")) {
        return Err(format!(
            "the package name `{name}` is a Rust keyword. {fix}"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!(
            "the package name `{name}` is reserved (standard library or Cargo directory). {fix}"
        ));
    }
    Ok(())
}

/// The id derived from a package name: `greentic.<name>` in lowercase with `_` as `-`.
pub fn default_id(name: &str) -> String {
    format!("greentic.{}", name.to_ascii_lowercase().replace('_', "-"))
}

/// Checks an extension id by the platform's rule (`gtdx_contract::names`): two or more
/// dot-separated WIT kebab names, in any namespace.
pub fn extension_id(id: &str) -> Result<(), String> {
    match gtdx_contract::names::extension_id_problem(id) {
        None => Ok(()),
        Some(problem) => Err(format!(
            "the extension id `{id}` is not valid: {problem}. An id is two or more dot-separated \
             lowercase kebab names in a namespace you control, e.g. `--id com.acme.my-extension` \
             or `--id greentic.my-extension`."
        )),
    }
}

/// Checks a tool name: none of the problems `gtdx lint` reports (`gtdx_contract::names`: the
/// platform's snake_case, at most 64 characters, single underscores), and usable as a Rust
/// function name.
pub fn tool_name(name: &str) -> Result<(), String> {
    use gtdx_contract::names::{MAX_TOOL_NAME_LEN, ToolNameProblem, tool_name_problem};
    let fix = "Tool names are snake_case: lowercase letters and digits in words joined by single \
               `_`, starting with a letter, e.g. `--tool lookup_order`.";
    if name.is_empty() {
        return Err(format!("a tool name is empty. {fix}"));
    }
    match tool_name_problem(name) {
        Some(ToolNameProblem::TooLong) => {
            return Err(format!(
                "the tool name `{name}` is longer than {MAX_TOOL_NAME_LEN} characters. {fix}"
            ));
        }
        Some(ToolNameProblem::NotSnakeCase) => {
            let first = name.chars().next().unwrap_or('a');
            if !first.is_ascii_lowercase() {
                return Err(format!(
                    "the tool name `{name}` does not start with a lowercase letter. {fix}"
                ));
            }
            let c = name
                .chars()
                .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_'))
                .unwrap_or(first);
            return Err(format!(
                "the tool name `{name}` contains `{c}`, so it is not snake_case. {fix}"
            ));
        }
        Some(ToolNameProblem::UnderscoreForm) => {
            return Err(format!(
                "the tool name `{name}` has a trailing or doubled `_`, so it is not snake_case. {fix}"
            ));
        }
        None => {}
    }
    if is_keyword(name) {
        return Err(format!(
            "the tool name `{name}` is a Rust keyword and cannot name the tool's function. \
             Pick another word, e.g. `{name}_item`."
        ));
    }
    Ok(())
}

/// `lookup_order` → `LookupOrder` (the stem of a tool's input and output type names).
pub fn pascal_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(c) => c.to_ascii_uppercase().to_string() + cs.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        for ok in ["hello", "my-ext", "my_ext2", "a"] {
            assert!(package_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "", "1abc", "fn", "self", "my ext", "ext!", "_x", "-x", "std", "naïve",
        ] {
            assert!(package_name(bad).is_err(), "{bad}");
        }
        assert!(package_name(&"a".repeat(65)).is_err());
    }

    #[test]
    fn ids() {
        // The platform's rule: any namespace, every segment a WIT kebab name.
        for ok in [
            "greentic.x",
            "greentic.my-ext",
            "com.acme.my-ext",
            "greentic.a.b",
        ] {
            assert!(extension_id(ok).is_ok(), "{ok}");
        }
        for bad in [
            "x",
            "greentic.",
            "greentic.-x",
            "greentic.My",
            "greentic.a_b",
            "greentic.0abc",
            "greentic.3aigent",
        ] {
            assert!(extension_id(bad).is_err(), "{bad}");
        }
        assert_eq!(default_id("My_Ext"), "greentic.my-ext");
    }

    #[test]
    fn tool_names() {
        for ok in ["hello", "lookup_order", "v2_get", "get_2fa"] {
            assert!(tool_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "Hello",
            "lookupOrder",
            "a-b",
            "_a",
            "a_",
            "a__b",
            "2a",
            "match",
            "type",
        ] {
            assert!(tool_name(bad).is_err(), "{bad}");
        }
        assert_eq!(pascal_case("lookup_order"), "LookupOrder");
        assert_eq!(pascal_case("get_2fa"), "Get2fa");
    }
}

#[cfg(test)]
mod agreement {
    /// `gtdx new` refuses exactly the tool names `gtdx lint` would report (plus Rust keywords).
    #[test]
    fn scaffold_and_lint_agree_on_tool_names() {
        use gtdx_contract::names::tool_name_problems;
        let long = "a".repeat(65);
        for name in [
            "lookup", "get_x", "get__x", "get_x_", "Get", "get-x", "_x", "x1", &long,
        ] {
            let problems = tool_name_problems(name);
            assert_eq!(
                super::tool_name(name).is_ok(),
                problems.is_empty(),
                "{name}"
            );
        }
    }
}
