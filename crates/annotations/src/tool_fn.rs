//! A whole `#[tool]` function: its attribute, name, description and types.

use gtdx_contract::{MetadataBlob, Tool};
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned as _;
use syn::{Attribute, FnArg, GenericArgument, ItemFn, PathArguments, ReturnType, Signature, Type};

use crate::tool_attr::push;
use crate::{ToolAttr, doc_comment, invoke_fn_name, is_tool_attr, parse_tool_attribute, unraw};

/// An annotated function, checked: everything needed to emit its dispatch glue and its
/// `describe.json` entry.
#[derive(Debug, Clone)]
pub struct ToolFn {
    /// The parsed `#[tool(...)]`.
    pub attr: ToolAttr,
    /// The function's identifier.
    pub fn_ident: syn::Ident,
    /// The tool's name: `name = "..."`, or the function name (without `r#`).
    pub name: String,
    /// Where the name came from (the `name` literal or the function identifier).
    pub name_span: Span,
    /// The doc comment, see [`doc_comment`].
    pub description: String,
    /// `T` of `fn f(input: T)`, or `None` for `fn f()`.
    pub input: Option<Type>,
    /// `U` of `-> Result<U, E>`.
    pub output: Type,
}

impl ToolFn {
    /// `__gtdx_invoke_<fn_ident>`, the hidden dispatch function beside the tool.
    pub fn invoke_ident(&self) -> syn::Ident {
        syn::Ident::new(&invoke_fn_name(&self.fn_ident), self.fn_ident.span())
    }

    /// The manifest entry, given the serialized input and output schemas.
    pub fn to_tool(&self, input_schema: Option<String>, output_schema: Option<String>) -> Tool {
        Tool {
            name: self.name.clone(),
            export: self.attr.export_or_default().to_string(),
            runtime_ref: self.attr.runtime_ref.as_ref().map(|r| r.value.clone()),
            capabilities: Some(self.attr.capability_names()),
            description: Some(self.description.clone()),
            input_schema,
            output_schema,
            secret_requirements: self.attr.secret_requirements(),
            agentic_worker_metadata: self.attr.to_metadata().map(|m| MetadataBlob::encode(&m)),
        }
    }
}

/// Finds the `#[tool]` attribute of `item` and analyzes the function; `None` when it has none.
/// Two `#[tool]` attributes on one function are an error.
pub fn tool_fn_from_item(item: &ItemFn) -> Option<syn::Result<ToolFn>> {
    let mut tools = item.attrs.iter().filter(|a| is_tool_attr(a));
    let first = tools.next()?;
    if let Some(second) = tools.next() {
        return Some(Err(syn::Error::new(
            second.span(),
            "a function carries at most one #[tool]",
        )));
    }
    Some(parse_tool_attribute(first).and_then(|attr| analyze_tool_fn(attr, &item.attrs, &item.sig)))
}

/// Checks an annotated function's signature and doc comment. `attrs` are the function's other
/// attributes (the doc comment is read from them).
///
/// The accepted shapes are `fn name(input: T) -> Result<U, E>` and `fn name() -> Result<U, E>`,
/// where the return type is written with a path ending in `Result` (so `E` can be any error
/// convertible into `ToolError`). Methods, generics, `async`, `unsafe`, references and
/// `impl Trait` are rejected with a message saying what to write instead.
pub fn analyze_tool_fn(
    attr: ToolAttr,
    attrs: &[Attribute],
    sig: &Signature,
) -> syn::Result<ToolFn> {
    let mut errors = None;
    let fn_ident = sig.ident.clone();
    if let Some(a) = &sig.asyncness {
        push(
            &mut errors,
            syn::Error::new(
                a.span(),
                "#[tool] functions cannot be async: the component model call is synchronous",
            ),
        );
    }
    if let Some(u) = &sig.unsafety {
        push(
            &mut errors,
            syn::Error::new(u.span(), "#[tool] functions cannot be unsafe"),
        );
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        push(
            &mut errors,
            syn::Error::new(
                sig.generics.span(),
                "#[tool] functions cannot be generic: describe needs concrete input and output types",
            ),
        );
    }
    if let Some(v) = &sig.variadic {
        push(
            &mut errors,
            syn::Error::new(v.span(), "#[tool] functions cannot be variadic"),
        );
    }

    let mut input = None;
    for (i, arg) in sig.inputs.iter().enumerate() {
        match arg {
            FnArg::Receiver(r) => push(
                &mut errors,
                syn::Error::new(
                    r.span(),
                    "a #[tool] is a free function, not a method: remove `self`",
                ),
            ),
            FnArg::Typed(pt) if i == 0 => match check_type(&pt.ty, "input") {
                Ok(()) => input = Some((*pt.ty).clone()),
                Err(e) => push(&mut errors, e),
            },
            FnArg::Typed(pt) => push(
                &mut errors,
                syn::Error::new(
                    pt.span(),
                    "a #[tool] function takes at most one argument, its input: put the parameters \
                     in one struct deriving serde::Deserialize and take `input: ThatStruct`",
                ),
            ),
        }
    }

    let output = match result_ok_type(&sig.output) {
        Some(ty) => match check_type(ty, "output") {
            Ok(()) => Some(ty.clone()),
            Err(e) => {
                push(&mut errors, e);
                None
            }
        },
        None => {
            let (span, found) = match &sig.output {
                ReturnType::Default => (sig.ident.span(), "nothing".to_string()),
                ReturnType::Type(_, ty) => (ty.span(), format!("`{}`", ty.to_token_stream())),
            };
            push(
                &mut errors,
                syn::Error::new(
                    span,
                    format!(
                        "a #[tool] function returns `Result<Output, ToolError>` (Output: \
                         serde::Serialize); it returns {found}"
                    ),
                ),
            );
            None
        }
    };

    let (name, name_span) = match &attr.name {
        Some(n) => (n.value.clone(), n.span),
        None => {
            let n = unraw(&fn_ident);
            if !is_snake_case(&n) {
                push(
                    &mut errors,
                    syn::Error::new(
                        fn_ident.span(),
                        format!(
                            "tool name `{n}` (from the function name) is not snake_case; rename \
                             the function or add `name = \"{}\"` to #[tool]",
                            to_snake_case(&n)
                        ),
                    ),
                );
            }
            (n, fn_ident.span())
        }
    };

    let description = match &attr.description {
        Some(d) => Some(d.value.clone()),
        None => doc_comment(attrs),
    };
    if description.is_none() {
        push(
            &mut errors,
            syn::Error::new(
                fn_ident.span(),
                format!(
                    "tool `{name}` has no doc comment, and the doc comment is the description the \
                     model reads: add a `///` line above the function saying what it does"
                ),
            ),
        );
    }

    match (errors, output, description) {
        (None, Some(output), Some(description)) => Ok(ToolFn {
            attr,
            fn_ident,
            name,
            name_span,
            description,
            input,
            output,
        }),
        (Some(e), _, _) => Err(e),
        (None, _, _) => unreachable!("a missing output or description always records an error"),
    }
}

fn check_type(ty: &Type, role: &str) -> syn::Result<()> {
    match ty {
        Type::Reference(r) => Err(syn::Error::new(
            r.span(),
            format!("a tool's {role} is taken by value: drop the `&` (the type must own its data)"),
        )),
        Type::ImplTrait(t) => Err(syn::Error::new(
            t.span(),
            format!("a tool's {role} must be a concrete type, not `impl Trait`"),
        )),
        Type::TraitObject(t) => Err(syn::Error::new(
            t.span(),
            format!("a tool's {role} must be a concrete type, not a trait object"),
        )),
        Type::Infer(t) => Err(syn::Error::new(
            t.span(),
            format!("a tool's {role} type must be written out"),
        )),
        _ => Ok(()),
    }
}

/// `U` of a return type written `Result<U, ...>` (any path ending in `Result`).
fn result_ok_type(ret: &ReturnType) -> Option<&Type> {
    let ReturnType::Type(_, ty) = ret else {
        return None;
    };
    let Type::Path(tp) = &**ty else { return None };
    if tp.qself.is_some() {
        return None;
    }
    let last = tp.path.segments.last()?;
    if last.ident != "Result" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}

/// A tool name the macro accepts: none of the problems `gtdx lint` reports as errors
/// (`gtdx_contract::names::tool_name_problem`; a doubled `_` is only a lint warning).
pub fn is_snake_case(s: &str) -> bool {
    !gtdx_contract::names::tool_name_problems(s)
        .iter()
        .any(|p| p.is_error())
}

/// A snake_case spelling, for suggestions in error messages.
pub fn to_snake_case(s: &str) -> String {
    gtdx_contract::names::to_snake_case(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze(src: &str) -> syn::Result<ToolFn> {
        let item: ItemFn = syn::parse_str(src).unwrap();
        tool_fn_from_item(&item).expect("has #[tool]")
    }

    fn err(src: &str) -> String {
        analyze(src)
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    const CAPS: &str = "#[tool(capabilities = [\"agentic_worker\", \"flow\"])]";

    #[test]
    fn plain_tool() {
        let t = analyze(&format!(
            "/// Greets someone.\n{CAPS}\npub fn greet(input: GreetIn) -> Result<GreetOut, ToolError> {{ todo!() }}"
        ))
        .unwrap();
        assert_eq!(t.name, "greet");
        assert_eq!(t.description, "Greets someone.");
        assert_eq!(
            t.input.as_ref().unwrap().to_token_stream().to_string(),
            "GreetIn"
        );
        assert_eq!(t.output.to_token_stream().to_string(), "GreetOut");
        assert_eq!(t.invoke_ident().to_string(), "__gtdx_invoke_greet");
    }

    #[test]
    fn no_input_and_qualified_result() {
        let t = analyze(&format!(
            "/// Now.\n{CAPS}\nfn now() -> std::result::Result<Vec<String>, MyErr> {{ todo!() }}"
        ))
        .unwrap();
        assert!(t.input.is_none());
        assert_eq!(t.output.to_token_stream().to_string(), "Vec < String >");
    }

    #[test]
    fn to_tool_fills_the_manifest_entry() {
        let t = analyze(
            "/// Search.\n#[tool(capabilities = [\"agentic_worker\"], secrets = [\"tavily/api_key\"], cost = \"high\", name = \"web_search\")]\nfn search(q: Q) -> Result<R, ToolError> { todo!() }",
        )
        .unwrap();
        let tool = t.to_tool(Some("{\"type\":\"object\"}".into()), None);
        let json = serde_json::to_string(&tool).unwrap();
        assert_eq!(
            json,
            r#"{"name":"web_search","export":"greentic:extension-design/tools.invoke-tool","capabilities":["agentic_worker"],"secret_requirements":[{"key":"tavily/api_key","required":true}],"description":"Search.","input_schema":"{\"type\":\"object\"}","agentic_worker_metadata":"{\"cost\":\"high\"}"}"#
        );
    }

    #[test]
    fn signature_errors() {
        assert!(
            err(&format!(
                "/// d\n{CAPS}\nfn f(a: A, b: B) -> Result<U, E> {{}}"
            ))
            .contains("at most one argument")
        );
        assert!(
            err(&format!("/// d\n{CAPS}\nasync fn f() -> Result<U, E> {{}}")).contains("async")
        );
        assert!(
            err(&format!(
                "/// d\n{CAPS}\nfn f<T>(a: T) -> Result<U, E> {{}}"
            ))
            .contains("generic")
        );
        assert!(
            err(&format!(
                "/// d\n{CAPS}\nfn f(a: &str) -> Result<U, E> {{}}"
            ))
            .contains("by value")
        );
        assert!(err(&format!("/// d\n{CAPS}\nfn f(a: A) -> U {{}}")).contains("returns `U`"));
        assert!(err(&format!("/// d\n{CAPS}\nfn f(a: A) {{}}")).contains("returns nothing"));
        assert!(
            err(&format!("/// d\n{CAPS}\nfn f(&self) -> Result<U, E> {{}}"))
                .contains("not a method")
        );
    }

    #[test]
    fn description_and_name_errors() {
        assert!(
            err(&format!("{CAPS}\nfn f() -> Result<U, E> {{}}")).contains("has no doc comment")
        );
        assert!(
            err(&format!("///\n{CAPS}\nfn f() -> Result<U, E> {{}}"))
                .contains("has no doc comment")
        );
        let e = err(&format!(
            "/// d\n{CAPS}\nfn getWeather() -> Result<U, E> {{}}"
        ));
        assert!(e.contains("add `name = \"get_weather\"`"), "{e}");
        // An explicit name fixes it.
        assert!(
            analyze("/// d\n#[tool(capabilities = [\"flow\"], name = \"get_weather\")]\nfn getWeather() -> Result<U, E> {}")
                .is_ok()
        );
    }

    #[test]
    fn two_tool_attributes() {
        assert!(
            err(&format!(
                "/// d\n{CAPS}\n#[gtdx_sdk::tool]\nfn f() -> Result<U, E> {{}}"
            ))
            .contains("at most one")
        );
    }

    /// The macro refuses exactly the tool names `gtdx lint` reports as errors.
    #[test]
    fn macro_and_lint_agree_on_tool_names() {
        let long = "a".repeat(65);
        for name in ["lookup", "get__x", "get_x_", "Get", "get-x", "_x", &long] {
            let problems = gtdx_contract::names::tool_name_problems(name);
            assert_eq!(
                is_snake_case(name),
                !problems.iter().any(|p| p.is_error()),
                "{name}"
            );
        }
    }

    #[test]
    fn snake_case() {
        assert!(is_snake_case("tx_resolve_prefix2"));
        for bad in ["", "Get", "get-weather", "_x", "1a", &"a".repeat(65)] {
            assert!(!is_snake_case(bad), "{bad}");
        }
        assert_eq!(to_snake_case("getWeatherNow"), "get_weather_now");
        assert_eq!(to_snake_case("get-weather"), "get_weather");
    }
}
