//! The `#[serde(...)]` attributes that change a type's JSON shape, read statically.
//!
//! Only what affects the wire form is kept; keys that do not (`bound`, `crate`, `borrow`,
//! `expecting`, ...) are skipped without complaint, since serde itself checks them at compile
//! time.

use std::path::Path;

use syn::Attribute;
use syn::meta::ParseNestedMeta;

use crate::error::SourceError;
use crate::shape::Direction;

/// serde's `rename_all` rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl Case {
    pub const NAMES: &'static [&'static str] = &[
        "lowercase",
        "UPPERCASE",
        "PascalCase",
        "camelCase",
        "snake_case",
        "SCREAMING_SNAKE_CASE",
        "kebab-case",
        "SCREAMING-KEBAB-CASE",
    ];

    pub fn parse(s: &str) -> Option<Case> {
        Some(match s {
            "lowercase" => Case::Lower,
            "UPPERCASE" => Case::Upper,
            "PascalCase" => Case::Pascal,
            "camelCase" => Case::Camel,
            "snake_case" => Case::Snake,
            "SCREAMING_SNAKE_CASE" => Case::ScreamingSnake,
            "kebab-case" => Case::Kebab,
            "SCREAMING-KEBAB-CASE" => Case::ScreamingKebab,
            _ => return None,
        })
    }

    /// Applies the rule to a field name written in snake_case (serde's `apply_to_field`).
    pub fn field(self, field: &str) -> String {
        match self {
            Case::Lower | Case::Snake => field.to_string(),
            Case::Upper | Case::ScreamingSnake => field.to_ascii_uppercase(),
            Case::Pascal => {
                let mut out = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(ch);
                    }
                }
                out
            }
            Case::Camel => {
                let pascal = Case::Pascal.field(field);
                lower_first(&pascal)
            }
            Case::Kebab => field.replace('_', "-"),
            Case::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// Applies the rule to a variant name written in PascalCase (serde's `apply_to_variant`).
    pub fn variant(self, variant: &str) -> String {
        match self {
            Case::Pascal => variant.to_string(),
            Case::Lower => variant.to_ascii_lowercase(),
            Case::Upper => variant.to_ascii_uppercase(),
            Case::Camel => lower_first(variant),
            Case::Snake => {
                let mut out = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.push(ch.to_ascii_lowercase());
                }
                out
            }
            Case::ScreamingSnake => Case::Snake.variant(variant).to_ascii_uppercase(),
            Case::Kebab => Case::Snake.variant(variant).replace('_', "-"),
            Case::ScreamingKebab => Case::ScreamingSnake.variant(variant).replace('_', "-"),
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// A value that may differ between serialization and deserialization.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerDe<T> {
    pub ser: Option<T>,
    pub de: Option<T>,
}

impl<T> Default for SerDe<T> {
    fn default() -> Self {
        SerDe {
            ser: None,
            de: None,
        }
    }
}

impl<T: Clone> SerDe<T> {
    pub fn get(&self, dir: Direction) -> Option<T> {
        match dir {
            Direction::Input => self.de.clone(),
            Direction::Output => self.ser.clone(),
        }
    }
}

/// Attributes of a struct or enum.
#[derive(Debug, Clone, Default)]
pub struct Container {
    pub rename_all: SerDe<Case>,
    pub rename_all_fields: SerDe<Case>,
    pub deny_unknown_fields: bool,
    pub default: bool,
    pub tag: Option<String>,
    pub content: Option<String>,
    pub untagged: bool,
    pub transparent: bool,
    /// `from = "T"` / `try_from = "T"`: the input shape is T's.
    pub from: Option<syn::LitStr>,
    /// `into = "T"`: the output shape is T's.
    pub into: Option<syn::LitStr>,
}

/// Attributes of a field.
#[derive(Debug, Clone, Default)]
pub struct Field {
    pub rename: SerDe<String>,
    pub aliases: Vec<String>,
    pub default: bool,
    /// The path of `default = "path"`.
    pub default_path: Option<String>,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub skip_ser_if: bool,
    pub flatten: bool,
    /// `with` / `serialize_with` (ser) / `deserialize_with` (de): a shape we cannot see.
    pub custom: SerDe<bool>,
}

impl Field {
    pub fn skipped(&self, dir: Direction) -> bool {
        match dir {
            Direction::Input => self.skip_de,
            Direction::Output => self.skip_ser,
        }
    }
}

/// Attributes of an enum variant.
#[derive(Debug, Clone, Default)]
pub struct Variant {
    pub rename: SerDe<String>,
    pub aliases: Vec<String>,
    pub rename_all: SerDe<Case>,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub untagged: bool,
    pub custom: SerDe<bool>,
}

impl Variant {
    pub fn skipped(&self, dir: Direction) -> bool {
        match dir {
            Direction::Input => self.skip_de,
            Direction::Output => self.skip_ser,
        }
    }
}

fn serde_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("serde"))
}

fn to_source(file: &Path, e: syn::Error) -> SourceError {
    SourceError::new(
        file,
        e.span(),
        format!("cannot read this #[serde] attribute: {e}"),
    )
    .help("fix the attribute (`cargo check` reports the same problem)")
}

fn key_of(meta: &ParseNestedMeta<'_>) -> String {
    meta.path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_default()
}

/// `key = "x"` or `key(serialize = "x", deserialize = "y")`.
fn ser_de_str(
    meta: &ParseNestedMeta<'_>,
) -> syn::Result<(Option<syn::LitStr>, Option<syn::LitStr>)> {
    if meta.input.peek(syn::Token![=]) {
        let s: syn::LitStr = meta.value()?.parse()?;
        return Ok((Some(s.clone()), Some(s)));
    }
    let mut ser = None;
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        let v: syn::LitStr = inner.value()?.parse()?;
        match key_of(&inner).as_str() {
            "serialize" => ser = Some(v),
            "deserialize" => de = Some(v),
            _ => return Err(inner.error("expected `serialize` or `deserialize`")),
        }
        Ok(())
    })?;
    Ok((ser, de))
}

fn case_of(lit: Option<syn::LitStr>) -> syn::Result<Option<Case>> {
    match lit {
        None => Ok(None),
        Some(l) => Case::parse(&l.value()).map(Some).ok_or_else(|| {
            syn::Error::new(
                l.span(),
                format!(
                    "unknown rename rule `{}`: expected one of {}",
                    l.value(),
                    Case::NAMES.join(", ")
                ),
            )
        }),
    }
}

fn case_pair(meta: &ParseNestedMeta<'_>) -> syn::Result<SerDe<Case>> {
    let (s, d) = ser_de_str(meta)?;
    Ok(SerDe {
        ser: case_of(s)?,
        de: case_of(d)?,
    })
}

fn str_pair(meta: &ParseNestedMeta<'_>) -> syn::Result<SerDe<String>> {
    let (s, d) = ser_de_str(meta)?;
    Ok(SerDe {
        ser: s.map(|l| l.value()),
        de: d.map(|l| l.value()),
    })
}

/// Consumes whatever value a key we ignore carries.
fn skip(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip(&inner))?;
    }
    Ok(())
}

/// `default` or `default = "path"`.
fn flag_with_optional_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    }
    Ok(())
}

pub fn container(attrs: &[Attribute], file: &Path) -> Result<Container, SourceError> {
    let mut c = Container::default();
    for attr in serde_attrs(attrs) {
        attr.parse_nested_meta(|meta| {
            match key_of(&meta).as_str() {
                "rename_all" => c.rename_all = case_pair(&meta)?,
                "rename_all_fields" => c.rename_all_fields = case_pair(&meta)?,
                "deny_unknown_fields" => c.deny_unknown_fields = true,
                "default" => {
                    flag_with_optional_value(&meta)?;
                    c.default = true;
                }
                "tag" => c.tag = Some(meta.value()?.parse::<syn::LitStr>()?.value()),
                "content" => c.content = Some(meta.value()?.parse::<syn::LitStr>()?.value()),
                "untagged" => c.untagged = true,
                "transparent" => c.transparent = true,
                "from" | "try_from" => c.from = Some(meta.value()?.parse()?),
                "into" => c.into = Some(meta.value()?.parse()?),
                _ => skip(&meta)?,
            }
            Ok(())
        })
        .map_err(|e| to_source(file, e))?;
    }
    Ok(c)
}

pub fn field(attrs: &[Attribute], file: &Path) -> Result<Field, SourceError> {
    let mut f = Field::default();
    for attr in serde_attrs(attrs) {
        attr.parse_nested_meta(|meta| {
            match key_of(&meta).as_str() {
                "rename" => f.rename = str_pair(&meta)?,
                "alias" => f
                    .aliases
                    .push(meta.value()?.parse::<syn::LitStr>()?.value()),
                "default" => {
                    if meta.input.peek(syn::Token![=]) {
                        let expr: syn::Expr = meta.value()?.parse()?;
                        if let syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) = expr
                        {
                            f.default_path = Some(s.value());
                        }
                    }
                    f.default = true;
                }
                "skip" => {
                    f.skip_ser = true;
                    f.skip_de = true;
                }
                "skip_serializing" => f.skip_ser = true,
                "skip_deserializing" => f.skip_de = true,
                "skip_serializing_if" => {
                    let _: syn::LitStr = meta.value()?.parse()?;
                    f.skip_ser_if = true;
                }
                "flatten" => f.flatten = true,
                "with" => {
                    skip(&meta)?;
                    f.custom = SerDe {
                        ser: Some(true),
                        de: Some(true),
                    };
                }
                "serialize_with" => {
                    skip(&meta)?;
                    f.custom.ser = Some(true);
                }
                "deserialize_with" => {
                    skip(&meta)?;
                    f.custom.de = Some(true);
                }
                _ => skip(&meta)?,
            }
            Ok(())
        })
        .map_err(|e| to_source(file, e))?;
    }
    Ok(f)
}

pub fn variant(attrs: &[Attribute], file: &Path) -> Result<Variant, SourceError> {
    let mut v = Variant::default();
    for attr in serde_attrs(attrs) {
        attr.parse_nested_meta(|meta| {
            match key_of(&meta).as_str() {
                "rename" => v.rename = str_pair(&meta)?,
                "alias" => v
                    .aliases
                    .push(meta.value()?.parse::<syn::LitStr>()?.value()),
                "rename_all" => v.rename_all = case_pair(&meta)?,
                "skip" => {
                    v.skip_ser = true;
                    v.skip_de = true;
                }
                "skip_serializing" => v.skip_ser = true,
                "skip_deserializing" => v.skip_de = true,
                "untagged" => v.untagged = true,
                "with" => {
                    skip(&meta)?;
                    v.custom = SerDe {
                        ser: Some(true),
                        de: Some(true),
                    };
                }
                "serialize_with" => {
                    skip(&meta)?;
                    v.custom.ser = Some(true);
                }
                "deserialize_with" => {
                    skip(&meta)?;
                    v.custom.de = Some(true);
                }
                _ => skip(&meta)?,
            }
            Ok(())
        })
        .map_err(|e| to_source(file, e))?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_cases_match_serde() {
        let f = "user_id_v2";
        let got: Vec<String> = Case::NAMES
            .iter()
            .map(|n| Case::parse(n).unwrap().field(f))
            .collect();
        assert_eq!(
            got,
            [
                "user_id_v2",
                "USER_ID_V2",
                "UserIdV2",
                "userIdV2",
                "user_id_v2",
                "USER_ID_V2",
                "user-id-v2",
                "USER-ID-V2"
            ]
        );
    }

    #[test]
    fn variant_cases_match_serde() {
        let v = "HttpGet";
        let got: Vec<String> = Case::NAMES
            .iter()
            .map(|n| Case::parse(n).unwrap().variant(v))
            .collect();
        assert_eq!(
            got,
            [
                "httpget", "HTTPGET", "HttpGet", "httpGet", "http_get", "HTTP_GET", "http-get",
                "HTTP-GET"
            ]
        );
    }

    #[test]
    fn reads_the_shape_keys() {
        let s: syn::DeriveInput = syn::parse_str(
            r#"#[derive(Serialize)]
            #[serde(rename_all(serialize = "camelCase", deserialize = "kebab-case"), deny_unknown_fields, bound = "T: X")]
            #[serde(tag = "kind", content = "data", crate = "serde")]
            struct A;"#,
        )
        .unwrap();
        let c = container(&s.attrs, Path::new("x.rs")).unwrap();
        assert_eq!(c.rename_all.ser, Some(Case::Camel));
        assert_eq!(c.rename_all.de, Some(Case::Kebab));
        assert!(c.deny_unknown_fields);
        assert_eq!(c.tag.as_deref(), Some("kind"));
        assert_eq!(c.content.as_deref(), Some("data"));
    }

    #[test]
    fn unknown_rule_is_an_error() {
        let s: syn::DeriveInput =
            syn::parse_str(r#"#[serde(rename_all = "Title Case")] struct A;"#).unwrap();
        let e = container(&s.attrs, Path::new("x.rs")).unwrap_err();
        assert!(e.message.contains("expected one of lowercase"), "{e}");
    }
}
