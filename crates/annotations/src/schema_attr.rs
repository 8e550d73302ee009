//! `#[schema(...)]`: schema facts a Rust type cannot say, written on a field or a type.

use proc_macro2::TokenStream;
use serde_json::{Map, Number, Value};
use syn::parse::Parser;
use syn::spanned::Spanned as _;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, UnOp};

use crate::tool_attr::{push, string, unknown_key};
use crate::{Spanned, is_schema_attr};

/// Every key `#[schema(...)]` accepts; each becomes the JSON Schema keyword of the same name.
pub const SCHEMA_KEYS: &[&str] = &["format", "pattern", "minimum", "maximum", "description"];

/// The facts of one or more `#[schema(...)]` attributes on one field or type.
#[derive(Debug, Clone, Default)]
pub struct SchemaAttr {
    /// `format = "email"` (any JSON Schema format name).
    pub format: Option<Spanned<String>>,
    /// `pattern = "^[a-z]+$"` (an ECMA-262 regular expression).
    pub pattern: Option<Spanned<String>>,
    /// `minimum = N` (integer or float literal, may be negative).
    pub minimum: Option<Spanned<Number>>,
    /// `maximum = N`.
    pub maximum: Option<Spanned<Number>>,
    /// `description = "..."`: replaces the doc comment as the description.
    pub description: Option<Spanned<String>>,
}

impl SchemaAttr {
    /// Whether no key was given.
    pub fn is_empty(&self) -> bool {
        self.format.is_none()
            && self.pattern.is_none()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.description.is_none()
    }

    /// Writes the facts into a schema object, overwriting keywords of the same name
    /// (so `minimum = 1` on a `u8` replaces the `0` the type would give).
    pub fn apply(&self, schema: &mut Map<String, Value>) {
        let strings = [
            ("format", &self.format),
            ("pattern", &self.pattern),
            ("description", &self.description),
        ];
        for (key, v) in strings {
            if let Some(v) = v {
                schema.insert(key.to_string(), Value::String(v.value.clone()));
            }
        }
        for (key, v) in [("minimum", &self.minimum), ("maximum", &self.maximum)] {
            if let Some(v) = v {
                schema.insert(key.to_string(), Value::Number(v.value.clone()));
            }
        }
    }
}

/// Parses the arguments of one `#[schema(...)]` (the tokens inside the parentheses).
pub fn parse_schema_attr(tokens: TokenStream) -> syn::Result<SchemaAttr> {
    let mut out = SchemaAttr::default();
    parse_into(tokens, &mut out)?;
    check_range(&out)?;
    Ok(out)
}

/// Parses one `#[schema(...)]` attribute as found in source.
pub fn parse_schema_attribute(attr: &Attribute) -> syn::Result<SchemaAttr> {
    match &attr.meta {
        syn::Meta::List(list) => parse_schema_attr(list.tokens.clone()),
        other => Err(syn::Error::new(
            other.span(),
            format!(
                "#[schema] takes a list, e.g. #[schema(format = \"email\")]; keys: {}",
                SCHEMA_KEYS.join(", ")
            ),
        )),
    }
}

/// Merges every `#[schema(...)]` among `attrs` (a key given twice across them is an error);
/// `None` when there is none.
pub fn schema_attr_of(attrs: &[Attribute]) -> syn::Result<Option<SchemaAttr>> {
    let mut out: Option<SchemaAttr> = None;
    let mut errors = None;
    for attr in attrs.iter().filter(|a| is_schema_attr(a)) {
        let acc = out.get_or_insert_with(SchemaAttr::default);
        let result = match &attr.meta {
            syn::Meta::List(list) => parse_into(list.tokens.clone(), acc),
            _ => parse_schema_attribute(attr).map(|_| ()),
        };
        if let Err(e) = result {
            push(&mut errors, e);
        }
    }
    if let Some(acc) = &out
        && let Err(e) = check_range(acc)
    {
        push(&mut errors, e);
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

fn parse_into(tokens: TokenStream, out: &mut SchemaAttr) -> syn::Result<()> {
    let mut errors = None;
    let parser = syn::meta::parser(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        let result = (|| -> syn::Result<()> {
            match key.as_str() {
                "format" | "pattern" | "description" => {
                    let lit = string(&meta, &key, "\"...\"")?;
                    if lit.value().trim().is_empty() {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!("`{key}` must not be empty"),
                        ));
                    }
                    let slot = match key.as_str() {
                        "format" => &mut out.format,
                        "pattern" => &mut out.pattern,
                        _ => &mut out.description,
                    };
                    if slot.is_some() {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!("`{key}` is given twice"),
                        ));
                    }
                    *slot = Some(Spanned::new(lit.value(), lit.span()));
                }
                "minimum" | "maximum" => {
                    let expr: Expr = meta.value()?.parse()?;
                    let n = number(&expr)?;
                    let slot = if key == "minimum" {
                        &mut out.minimum
                    } else {
                        &mut out.maximum
                    };
                    if slot.is_some() {
                        return Err(syn::Error::new(
                            expr.span(),
                            format!("`{key}` is given twice"),
                        ));
                    }
                    *slot = Some(Spanned::new(n, expr.span()));
                }
                _ => {
                    let e = syn::Error::new_spanned(
                        &meta.path,
                        unknown_key(&key, SCHEMA_KEYS, "schema"),
                    );
                    if meta.input.peek(syn::Token![=]) {
                        let _ = meta.value().and_then(|v| v.parse::<Expr>());
                    }
                    return Err(e);
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            push(&mut errors, e);
        }
        Ok(())
    });
    if let Err(syntax) = parser.parse2(tokens) {
        push(&mut errors, syntax);
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn number(expr: &Expr) -> syn::Result<Number> {
    let bad = || syn::Error::new(expr.span(), "expected a number literal, e.g. 0, -5 or 2.5");
    let (neg, lit) = match expr {
        Expr::Lit(ExprLit { lit, .. }) => (false, lit),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(ExprLit { lit, .. }) => (true, lit),
            _ => return Err(bad()),
        },
        _ => return Err(bad()),
    };
    match lit {
        Lit::Int(i) => {
            if neg {
                let v: i64 = format!("-{}", i.base10_digits())
                    .parse()
                    .map_err(|_| bad())?;
                Ok(Number::from(v))
            } else {
                let v: u64 = i.base10_parse().map_err(|_| bad())?;
                Ok(Number::from(v))
            }
        }
        Lit::Float(f) => {
            let v: f64 = f.base10_parse()?;
            Number::from_f64(if neg { -v } else { v }).ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

fn check_range(attr: &SchemaAttr) -> syn::Result<()> {
    if let (Some(min), Some(max)) = (&attr.minimum, &attr.maximum)
        && let (Some(lo), Some(hi)) = (min.value.as_f64(), max.value.as_f64())
        && lo > hi
    {
        return Err(syn::Error::new(
            max.span,
            format!("maximum {hi} is below minimum {lo}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn all_keys_and_apply() {
        let a = parse_schema_attr(quote! {
            format = "email", pattern = "^.+@.+$", minimum = -5, maximum = 2.5, description = "Where to write."
        })
        .unwrap();
        let mut m = Map::new();
        m.insert("type".into(), "string".into());
        m.insert("minimum".into(), 0.into());
        a.apply(&mut m);
        assert_eq!(
            Value::Object(m).to_string(),
            r#"{"type":"string","minimum":-5,"format":"email","pattern":"^.+@.+$","description":"Where to write.","maximum":2.5}"#
        );
    }

    #[test]
    fn errors() {
        let e = parse_schema_attr(quote! { fromat = "email" })
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `format`?"), "{e}");
        assert!(
            parse_schema_attr(quote! { minimum = "1" })
                .unwrap_err()
                .to_string()
                .contains("number literal")
        );
        assert!(
            parse_schema_attr(quote! { minimum = 5, maximum = 1 })
                .unwrap_err()
                .to_string()
                .contains("below")
        );
        assert!(parse_schema_attr(quote! { format = "" }).is_err());
    }

    #[test]
    fn merged_from_field_attributes() {
        let f: syn::Field = syn::Field::parse_named
            .parse2(quote! {
                /// Age in years.
                #[serde(default)]
                #[schema(minimum = 0)]
                #[schema(maximum = 150)]
                age: u8
            })
            .unwrap();
        let a = schema_attr_of(&f.attrs).unwrap().unwrap();
        assert_eq!(a.minimum.unwrap().value, Number::from(0u64));
        assert_eq!(a.maximum.unwrap().value, Number::from(150u64));
        let g: syn::Field = syn::Field::parse_named
            .parse2(quote! { #[schema(minimum = 1)] #[schema(minimum = 2)] n: u8 })
            .unwrap();
        assert!(schema_attr_of(&g.attrs).is_err());
        let h: syn::Field = syn::Field::parse_named.parse2(quote! { n: u8 }).unwrap();
        assert!(schema_attr_of(&h.attrs).unwrap().is_none());
    }
}
