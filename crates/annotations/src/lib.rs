//! The annotation grammar of gtdx extensions: `#[tool(...)]` on functions and `#[schema(...)]`
//! on fields, parsed with syn 2.
//!
//! This is a plain library, not a proc-macro crate, so that the two readers of the annotations
//! share one parser and can never disagree:
//!
//! * `gtdx-macros` (the `#[tool]` attribute macro) parses at compile time and turns every error
//!   here into a compile error on the offending token;
//! * `gtdx-describe` reads the crate's sources statically (no compilation) and builds
//!   `describe.json` from the same [`ToolFn`] values.
//!
//! # Entry points
//!
//! * [`parse_tool_attr`] / [`parse_tool_attribute`]: the arguments of `#[tool(...)]` → [`ToolAttr`].
//! * [`analyze_tool_fn`] / [`tool_fn_from_item`]: a whole annotated function → [`ToolFn`]
//!   (name, description, input and output types), checking the signature.
//! * [`doc_comment`]: a description from `///` lines.
//! * [`parse_schema_attribute`] / [`schema_attr_of`]: `#[schema(...)]` → [`SchemaAttr`].
//! * [`is_tool_attr`] / [`is_schema_attr`]: which attributes are ours.
//!
//! # The contract between the macro and the generated tool table
//!
//! For every `#[tool]` function `fn <fn_ident>(...)` the macro emits, in the same module,
//!
//! ```text
//! #[doc(hidden)]
//! pub(crate) fn __gtdx_invoke_<fn_ident>(args_json: &str)
//!     -> Result<String, ::gtdx_sdk::ToolError>
//! ```
//!
//! where `<fn_ident>` is the function's identifier without any `r#` prefix ([`invoke_fn_name`]).
//! It parses `args_json` into the input type (blank, `null` and `{}` are accepted for a tool
//! without input), calls the function and serializes its output.
//!
//! The build-script generator of `gtdx-describe` refers to it as
//! `crate::<module path>::__gtdx_invoke_<fn_ident>`, where `<module path>` is the path of inline
//! and file modules from the crate root (empty for a tool in `lib.rs`). Because the reference
//! is made from the crate root, every module on that path must be visible there: a top-level
//! `mod x;` is, a module nested deeper must be declared `pub(crate) mod` (or `pub`).
//! The table the generator writes (`gtdx_tools.rs`) is specified in the `gtdx-sdk` crate docs.

mod doc;
mod schema_attr;
mod serde_default;
mod tool_attr;
mod tool_fn;

pub use doc::doc_comment;
pub use schema_attr::{
    OneOfField, OneOfForm, SCHEMA_KEYS, SchemaAttr, SchemaKind, SchemaTarget, int_range,
    option_of_nullable, parse_schema_attr, parse_schema_attribute, schema_attr_of, written_kind,
};
pub use serde_default::{
    SerdeDefault, StdDefault, container_serde_default, default_disagreement, same_value,
    serde_default, std_default, written_default,
};
pub use tool_attr::{
    EXECUTOR_EFFECTS, Example, Secret, TOOL_KEYS, ToolAttr, parse_tool_attr, parse_tool_attr_at,
    parse_tool_attribute,
};
pub use tool_fn::{ToolFn, analyze_tool_fn, is_snake_case, to_snake_case, tool_fn_from_item};

use proc_macro2::Span;

/// Prefix of the hidden dispatch function the macro emits beside each tool.
pub const INVOKE_PREFIX: &str = "__gtdx_invoke_";

/// Prefix of the `#[test]` functions the macro emits for each `example(...)`.
pub const EXAMPLE_TEST_PREFIX: &str = "__gtdx_example_";

/// A value together with the source span it was written at, for error reporting.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// `__gtdx_invoke_<fn_ident>` for a tool function (a raw identifier loses its `r#`).
pub fn invoke_fn_name(fn_ident: &syn::Ident) -> String {
    format!("{INVOKE_PREFIX}{}", unraw(fn_ident))
}

/// The identifier as written, without a leading `r#`.
pub fn unraw(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    match s.strip_prefix("r#") {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

/// Source text of a syntax node, with the spacing `quote` puts between tokens tidied up
/// (`Vec<u8>`, `&'a str`, `[u8; 3]`, `dyn Fn(u8) -> u8`).
pub fn tokens(t: &impl quote::ToTokens) -> String {
    let s = t.to_token_stream().to_string();
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &ch) in chars.iter().enumerate() {
        if ch != ' ' {
            out.push(ch);
            continue;
        }
        let prev = out.chars().last();
        let prev2 = out.chars().rev().nth(1);
        let next = chars.get(i + 1).copied();
        let next2 = chars.get(i + 2).copied();
        let arrow =
            (next == Some('-') && next2 == Some('>')) || (prev == Some('>') && prev2 == Some('-'));
        let keep = if arrow || matches!(prev, Some(',' | ';')) {
            true
        } else if matches!(
            next,
            Some('<' | '>' | ',' | ';' | ')' | ']' | '(' | '[' | ':')
        ) {
            false
        } else {
            !matches!(prev, Some('<' | '(' | '[' | '&' | ':' | '>'))
        };
        if keep {
            out.push(' ');
        }
    }
    out
}

/// Whether `attr` is the `#[tool]` attribute.
///
/// Recognised spellings, exactly: `tool`, `gtdx_sdk::tool`, `::gtdx_sdk::tool`,
/// `gtdx_macros::tool` and `::gtdx_macros::tool`, with or without arguments. A renamed import
/// (`use gtdx_sdk::tool as t;`) or a renamed dependency is not recognised by the static reader,
/// so always spell the attribute one of these ways.
pub fn is_tool_attr(attr: &syn::Attribute) -> bool {
    is_our_attr(attr.path(), "tool")
}

/// Whether `attr` is a `#[schema(...)]` helper attribute (spellings as for [`is_tool_attr`]:
/// in practice always the bare `schema`, since derive helpers cannot be path-qualified).
pub fn is_schema_attr(attr: &syn::Attribute) -> bool {
    is_our_attr(attr.path(), "schema")
}

/// Whether `attrs` derive `Schema` (`#[derive(Schema)]`, `#[derive(gtdx_sdk::Schema)]`, also
/// inside `#[cfg_attr(.., derive(..))]`): without it the `#[schema]` helper attribute is not
/// registered, so the compiler refuses every `#[schema(...)]` on the type and its fields.
pub fn derives_schema(attrs: &[syn::Attribute]) -> bool {
    derives(attrs, "Schema")
}

/// Whether `attrs` derive the trait whose last path segment is `name` (`Default`,
/// `std::default::Default`), also inside `#[cfg_attr(.., derive(..))]`.
pub fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    fn in_list(tokens: proc_macro2::TokenStream, name: &str) -> bool {
        let mut found = false;
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("derive") {
                meta.parse_nested_meta(|d| {
                    let last = d.path.segments.last().map(|s| s.ident.to_string());
                    found |= last.as_deref() == Some(name);
                    Ok(())
                })
            } else if meta.input.peek(syn::token::Paren) {
                // A nested `cfg_attr` or a predicate such as `feature = "x"`: look inside.
                let content;
                syn::parenthesized!(content in meta.input);
                found |= in_list(content.parse()?, name);
                Ok(())
            } else {
                if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
                Ok(())
            }
        });
        let _ = syn::parse::Parser::parse2(parser, tokens);
        found
    }
    attrs.iter().any(|a| {
        if a.path().is_ident("derive") {
            let mut found = false;
            let _ = a.parse_nested_meta(|d| {
                let last = d.path.segments.last().map(|s| s.ident.to_string());
                found |= last.as_deref() == Some(name);
                Ok(())
            });
            found
        } else if a.path().is_ident("cfg_attr") {
            match &a.meta {
                syn::Meta::List(l) => in_list(l.tokens.clone(), name),
                _ => false,
            }
        } else {
            false
        }
    })
}

fn is_our_attr(path: &syn::Path, last: &str) -> bool {
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match segs.as_slice() {
        [only] => path.leading_colon.is_none() && only == last,
        [krate, name] => (krate == "gtdx_sdk" || krate == "gtdx_macros") && name == last,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(src: &str) -> syn::Attribute {
        let item: syn::ItemFn = syn::parse_str(&format!("{src} fn f() {{}}")).unwrap();
        item.attrs.into_iter().next().unwrap()
    }

    #[test]
    fn tool_attr_spellings() {
        for yes in [
            "#[tool]",
            "#[tool(capabilities = [\"flow\"])]",
            "#[gtdx_sdk::tool]",
            "#[::gtdx_sdk::tool(x)]",
            "#[gtdx_macros::tool]",
        ] {
            assert!(is_tool_attr(&attr(yes)), "{yes}");
        }
        for no in [
            "#[tools]",
            "#[rmcp::tool]",
            "#[::tool]",
            "#[a::gtdx_sdk::tool]",
            "#[doc = \"x\"]",
        ] {
            assert!(!is_tool_attr(&attr(no)), "{no}");
        }
    }

    #[test]
    fn derives_schema_in_every_spelling() {
        let item = |src: &str| -> syn::ItemStruct { syn::parse_str(src).unwrap() };
        for yes in [
            "#[derive(Deserialize, Schema)] struct S;",
            "#[derive(gtdx_sdk::Schema)] struct S;",
            "#[cfg_attr(feature = \"x\", derive(Debug, Schema))] struct S;",
            "#[cfg_attr(all(a, not(b)), derive(::gtdx_sdk::Schema))] struct S;",
        ] {
            assert!(derives_schema(&item(yes).attrs), "{yes}");
        }
        for no in [
            "#[derive(Deserialize)] struct S;",
            "#[derive(schemars::JsonSchema)] struct S;",
            "#[cfg_attr(feature = \"Schema\", derive(Debug))] struct S;",
            "#[schema(one_of = [[\"a\"], [\"b\"]])] struct S;",
        ] {
            assert!(!derives_schema(&item(no).attrs), "{no}");
        }
    }

    #[test]
    fn invoke_name_strips_raw() {
        let id: syn::Ident = syn::parse_str("r#match").unwrap();
        assert_eq!(invoke_fn_name(&id), "__gtdx_invoke_match");
    }
}
