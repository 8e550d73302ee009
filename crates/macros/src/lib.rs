//! The proc-macros of the gtdx extension SDK (use them through `gtdx-sdk`, which re-exports
//! them): `#[tool(...)]` and `#[derive(Schema)]`.
//!
//! Both parse with `gtdx-annotations`, the same parser `gtdx describe` reads sources with, so a
//! crate that compiles is a crate describe can read, and every mistake in an annotation is a
//! compile error on the token that caused it.
//!
//! `#[tool]` leaves the function unchanged and adds, in the same module:
//! * `pub(crate) fn __gtdx_invoke_<fn>(args_json: &str) -> Result<String, gtdx_sdk::ToolError>`,
//!   the dispatch glue the generated tool table points at (see `gtdx-annotations`);
//! * one `#[cfg(test)] #[test] fn __gtdx_example_<fn>_<n>()` per `example(...)` (numbered from
//!   1, as `gtdx lint` numbers them), proving with `cargo test` that each example input
//!   deserializes into the input type and has no key the type would ignore;
//! * for an `input_schema` file, `#[cfg(test)] #[test] fn __gtdx_schema_<fn>()`, proving that
//!   the file's properties are the input type's fields;
//! * for `input_schema`/`output_schema` files, an `include_str!` so that editing the file
//!   re-runs these checks.
//!
//! `#[derive(Schema)]` generates no code: it registers the `#[schema(...)]` helper attribute
//! and checks its keys and values at compile time.

use gtdx_annotations::{
    EXAMPLE_TEST_PREFIX, SchemaKind, SchemaTarget, Spanned, ToolFn, analyze_tool_fn,
    parse_tool_attr, schema_attr_of, unraw, written_kind,
};
use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;
use syn::{Data, DeriveInput, Fields, Item, ItemFn, LitStr};

/// Marks a function as a tool of the extension. See the authoring guide (`docs/authoring.md`)
/// for every key.
///
/// ```ignore
/// /// Say hello to someone.
/// #[gtdx_sdk::tool(capabilities = ["agentic_worker", "flow"], side_effects = "none")]
/// pub fn greet(input: GreetInput) -> Result<GreetOutput, gtdx_sdk::ToolError> { ... }
/// ```
#[proc_macro_attribute]
pub fn tool(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item2 = TokenStream2::from(item);
    let func = match syn::parse2::<Item>(item2.clone()) {
        Ok(Item::Fn(f)) => f,
        Ok(other) => {
            let e = syn::Error::new(
                item_span(&other),
                "#[tool] goes on a free function: `fn name(input: T) -> Result<U, ToolError>`",
            );
            return with_item(e, item2);
        }
        Err(e) => return with_item(e, item2),
    };
    match expand_tool(attr.into(), &func) {
        Ok(ts) => ts.into(),
        // Keep the function so that its callers do not add "not found" errors to ours.
        Err(e) => with_item(e, func.to_token_stream()),
    }
}

/// Registers `#[schema(format = "...", pattern = "...", minimum = N, maximum = N,
/// description = "...", ...)]` on a type, its variants and its fields, and checks those
/// attributes (every key: docs/authoring.md). `gtdx describe` reads them; no code is generated.
#[proc_macro_derive(Schema, attributes(schema))]
pub fn derive_schema(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as DeriveInput);
    let mut errors: Vec<syn::Error> = Vec::new();
    let name = input.ident.to_string();
    match &input.data {
        Data::Struct(s) => {
            let named = matches!(s.fields, Fields::Named(_));
            let kind = if named {
                SchemaKind::Object
            } else {
                SchemaKind::Any
            };
            let target = SchemaTarget::Type {
                named_struct: named,
            };
            let _ = check_schema(&mut errors, &input.attrs, &kind, &name, target);
            let container = gtdx_annotations::container_serde_default(&input.attrs);
            s.fields
                .iter()
                .for_each(|f| check_field(&mut errors, f, &name, container.as_ref()));
        }
        Data::Enum(e) => {
            let unit = e.variants.iter().all(|v| matches!(v.fields, Fields::Unit));
            let kind = if unit {
                SchemaKind::String
            } else {
                SchemaKind::Any
            };
            let target = SchemaTarget::Type {
                named_struct: false,
            };
            let _ = check_schema(&mut errors, &input.attrs, &kind, &name, target);
            for v in &e.variants {
                let vname = v.ident.to_string();
                let _ = check_schema(&mut errors, &v.attrs, &SchemaKind::Any, &vname, target);
                if let Fields::Named(_) | Fields::Unnamed(_) = &v.fields {
                    let owner = format!("{name}::{vname}");
                    v.fields
                        .iter()
                        .for_each(|f| check_field(&mut errors, f, &owner, None));
                }
            }
        }
        Data::Union(u) => errors.push(syn::Error::new(
            u.union_token.span,
            "#[derive(Schema)] supports structs and enums, not unions",
        )),
    }
    errors
        .into_iter()
        .map(|e| e.to_compile_error())
        .collect::<TokenStream2>()
        .into()
}

/// Parses the `#[schema]` attributes among `attrs`, then checks them against what they are
/// written on, as far as the type as written tells (`gtdx describe` runs the same check on the
/// resolved type).
fn check_schema(
    errors: &mut Vec<syn::Error>,
    attrs: &[syn::Attribute],
    kind: &SchemaKind,
    ty: &str,
    target: SchemaTarget,
) -> Option<gtdx_annotations::SchemaAttr> {
    match schema_attr_of(attrs) {
        Err(e) => {
            errors.push(e);
            None
        }
        Ok(Some(a)) => {
            if let Err(e) = a.check(kind, ty, target) {
                errors.push(e);
            }
            Some(a)
        }
        Ok(None) => None,
    }
}

/// A field's `#[schema]`, checked against its type as written; also: `nullable = false` on an
/// `Option<T>` whose `T` is visibly null-able already, `no_default` without a serde default
/// (or beside one describe visibly does not write), and `default = V` beside a
/// `#[serde(default)]` whose `Default::default()` the type as written shows to be another value
/// (describe checks the rest, which needs the whole crate). `owner` names the struct (or
/// `Enum::Variant`), `container` is the struct's own serde default.
fn check_field(
    errors: &mut Vec<syn::Error>,
    f: &syn::Field,
    owner: &str,
    container: Option<&gtdx_annotations::SerdeDefault>,
) {
    let (kind, ty, option) = written_kind(&f.ty);
    let Some(a) = check_schema(errors, &f.attrs, &kind, &ty, SchemaTarget::Field { option }) else {
        return;
    };
    if let Some(inner) = gtdx_annotations::option_of_nullable(&f.ty)
        && let Err(e) = a.check_nullable_effect(&inner)
    {
        errors.push(e);
    }
    let serde_default = gtdx_annotations::serde_default(&f.attrs, container);
    // `Default::default()` of the type, when its spelling shows a std type (`Some(None)`: an
    // `Option`, whose `None` is "not given"). A derive does not see the struct's other derives
    // (`Default` may be one, or be implemented by hand), so the struct's `#[serde(default)]` is
    // left to describe.
    let type_default = match &serde_default {
        Some(gtdx_annotations::SerdeDefault::Field) => gtdx_annotations::written_default(&f.ty),
        _ => None,
    };
    let written = !matches!(type_default, Some(None));
    if let Err(e) = a.check_no_default(serde_default.as_ref(), written) {
        errors.push(e);
    }
    if let (Some(declared), Some(Some(given)), Some(serde)) =
        (&a.default, &type_default, &serde_default)
        && !gtdx_annotations::same_value(&declared.value, given)
    {
        let ident = f.ident.as_ref().map(unraw).unwrap_or_default();
        let (message, help) = gtdx_annotations::default_disagreement(
            &declared.value,
            &format!("{owner}.{ident}"),
            &ident,
            &gtdx_annotations::tokens(&f.ty),
            serde,
            given,
        );
        errors.push(syn::Error::new(declared.span, format!("{message}; {help}")));
    }
}

fn with_item(e: syn::Error, item: TokenStream2) -> TokenStream {
    let mut out = e.to_compile_error();
    out.extend(item);
    out.into()
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Struct(s) => s.struct_token.span,
        Item::Enum(e) => e.enum_token.span,
        Item::Impl(i) => i.impl_token.span,
        Item::Mod(m) => m.mod_token.span,
        other => other.span(),
    }
}

fn expand_tool(attr: TokenStream2, func: &ItemFn) -> syn::Result<TokenStream2> {
    let attr = parse_tool_attr(attr)?;
    let tool = analyze_tool_fn(attr, &func.attrs, &func.sig)?;
    let schema_files = schema_file_checks(&tool)?;

    let sdk = quote!(::gtdx_sdk);
    let fn_ident = &func.sig.ident;
    let invoke = tool.invoke_ident();
    let output_span = match &func.sig.output {
        syn::ReturnType::Type(_, ty) => ty.span(),
        syn::ReturnType::Default => fn_ident.span(),
    };
    let output_ty = &tool.output;
    let call = match &tool.input {
        Some(ty) => {
            let parse = quote_spanned! {ty.span()=>
                let input: #ty = #sdk::__private::parse_args(args_json)?;
            };
            let call = quote_spanned! {output_span=> let output: #output_ty = #fn_ident(input)?; };
            quote! { #parse #call }
        }
        None => {
            let call = quote_spanned! {output_span=> let output: #output_ty = #fn_ident()?; };
            quote! { #sdk::__private::parse_no_args(args_json)?; #call }
        }
    };
    let serialize = quote_spanned! {output_ty.span()=> #sdk::__private::serialize_output(&output) };

    let examples = example_tests(&tool);
    Ok(quote! {
        #func

        #[doc(hidden)]
        #[allow(dead_code, clippy::needless_question_mark)]
        pub(crate) fn #invoke(
            args_json: &str,
        ) -> ::core::result::Result<::std::string::String, #sdk::ToolError> {
            #call
            #serialize
        }

        #schema_files
        #examples
    })
}

fn example_tests(tool: &ToolFn) -> TokenStream2 {
    let sdk = quote!(::gtdx_sdk);
    let base = unraw(&tool.fn_ident);
    let name = &tool.name;
    tool.attr
        .examples
        .iter()
        .enumerate()
        .map(|(i, ex)| {
            let test = format_ident!("{}{}_{}", EXAMPLE_TEST_PREFIX, base, i + 1);
            let input = LitStr::new(&ex.input_text.value, ex.input_text.span);
            let when = &ex.when.value;
            let n = i + 1;
            let parse = match &tool.input {
                Some(ty) => quote! { #sdk::__private::check_example::<#ty>(#input) },
                None => quote! {
                    #sdk::__private::parse_no_args(#input).map_err(|e| e.message().to_string())
                },
            };
            quote_spanned! {ex.span=>
                #[cfg(test)]
                #[test]
                fn #test() {
                    if let ::core::result::Result::Err(e) = #parse {
                        ::core::panic!(
                            "example {} of tool `{}` ({:?}) does not fit its input type: {}",
                            #n, #name, #when, e
                        );
                    }
                }
            }
        })
        .collect()
}

/// Checks hand-written schema files now (they exist and hold a JSON object) and makes the
/// crate depend on them, so editing one re-runs the check.
fn schema_file_checks(tool: &ToolFn) -> syn::Result<TokenStream2> {
    let mut out = TokenStream2::new();
    let mut errors: Option<syn::Error> = None;
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map(std::path::PathBuf::from);
    for (key, file) in [
        ("input_schema", &tool.attr.input_schema),
        ("output_schema", &tool.attr.output_schema),
    ] {
        let Some(Spanned { value: rel, span }) = file else {
            continue;
        };
        let Some(dir) = &manifest_dir else { continue };
        let path = dir.join(rel);
        let problem = match std::fs::read_to_string(&path) {
            Err(e) => Some(format!(
                "`{key}` file `{rel}` cannot be read ({e}; looked at {}): create it or fix the path, \
                 which is relative to the crate root",
                path.display()
            )),
            Ok(text) => match serde_json::from_str::<serde_json::Value>(&text) {
                Err(e) => Some(format!("`{key}` file `{rel}` is not valid JSON: {e}")),
                Ok(v) if !v.is_object() => Some(format!(
                    "`{key}` file `{rel}` must hold a JSON Schema object"
                )),
                Ok(_) => None,
            },
        };
        if let Some(msg) = problem {
            let e = syn::Error::new(*span, msg);
            match &mut errors {
                Some(all) => all.combine(e),
                None => errors = Some(e),
            }
            continue;
        }
        let lit = LitStr::new(rel, *span);
        out.extend(quote! {
            const _: &str = ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #lit));
        });
        // A hand-written input schema must name the fields the input type has.
        if key == "input_schema"
            && let Some(ty) = &tool.input
        {
            let test = format_ident!("__gtdx_schema_{}", unraw(&tool.fn_ident));
            let name = &tool.name;
            out.extend(quote_spanned! {*span=>
                #[cfg(test)]
                #[test]
                fn #test() {
                    let text = ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #lit));
                    if let ::core::result::Result::Err(e) =
                        ::gtdx_sdk::__private::check_schema_fields::<#ty>(#lit, text)
                    {
                        ::core::panic!("the input_schema of tool `{}` does not fit its input type: {}", #name, e);
                    }
                }
            });
        }
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
