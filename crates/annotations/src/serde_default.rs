//! serde defaults as `#[schema]` sees them: which one a field has (`#[serde(default)]` on the
//! field or on its struct, or `#[serde(default = "path")]`), what `Default::default()` of a std
//! type serializes to, and the one message for a `#[schema(default = ...)]` that says otherwise.
//! The derive macro (on the type as written) and describe (on the resolved type) both use it.

use serde_json::Value;

/// Where a field's serde default comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SerdeDefault {
    /// `#[serde(default)]` on the field: `Default::default()` of the field's type.
    Field,
    /// `#[serde(default)]` (or `default = "path"`) on the struct: the field's value in the
    /// struct's default. `derived`: the struct derives `Default` and the attribute names no
    /// function, so that value is `Default::default()` of the field's type.
    Container { derived: bool },
    /// `#[serde(default = "path")]` on the field.
    Path(String),
}

impl SerdeDefault {
    /// The attribute, as a message names it.
    pub fn written(&self) -> String {
        match self {
            SerdeDefault::Field => "`#[serde(default)]`".to_string(),
            SerdeDefault::Container { .. } => "the struct's `#[serde(default)]`".to_string(),
            SerdeDefault::Path(p) => format!("`#[serde(default = \"{p}\")]`"),
        }
    }
}

/// The serde default of a field: its own `#[serde(default)]` / `#[serde(default = "path")]`,
/// else its struct's (`container`, from [`container_serde_default`]).
pub fn serde_default(
    attrs: &[syn::Attribute],
    container: Option<&SerdeDefault>,
) -> Option<SerdeDefault> {
    let mut out = None;
    for a in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = a.parse_nested_meta(|meta| {
            let is_default = meta.path.is_ident("default");
            if meta.input.peek(syn::Token![=]) {
                let value: syn::Expr = meta.value()?.parse()?;
                if is_default {
                    out = Some(match value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) => SerdeDefault::Path(s.value()),
                        // Not serde's spelling; the compiler says so.
                        _ => SerdeDefault::Path(String::new()),
                    });
                }
            } else if meta.input.peek(syn::token::Paren) {
                meta.parse_nested_meta(|inner| {
                    if inner.input.peek(syn::Token![=]) {
                        let _: syn::Expr = inner.value()?.parse()?;
                    }
                    Ok(())
                })?;
            } else if is_default {
                out = Some(SerdeDefault::Field);
            }
            Ok(())
        });
    }
    out.or_else(|| container.cloned())
}

/// The serde default a struct gives its fields: `#[serde(default)]` or `#[serde(default =
/// "path")]` on the struct (`attrs` are the struct's).
pub fn container_serde_default(attrs: &[syn::Attribute]) -> Option<SerdeDefault> {
    match serde_default(attrs, None)? {
        SerdeDefault::Field => Some(SerdeDefault::Container {
            derived: crate::derives(attrs, "Default"),
        }),
        _ => Some(SerdeDefault::Container { derived: false }),
    }
}

/// What `Default::default()` of a std type gives, by the type's name.
#[derive(Debug, Clone, PartialEq)]
pub enum StdDefault {
    /// A fixed JSON value: `0` for integers, `0.0` for floats, `false`, `""`, `[]`, `{}`.
    Value(Value),
    /// `None` of an `Option` (or `serde_json::Value::Null`): the field counts as not given, so
    /// there is no value to state (a `#[schema(default)]` beside it says what the tool does
    /// then).
    NotGiven,
    /// `Box`, `Rc`, `Arc`, `Cow`: the default of what they hold (their last type argument).
    Inner,
}

/// [`StdDefault`] of the std type whose last path segment is `name` (`None`: not one whose
/// default serializes to a known value, e.g. `char` or a type of the crate).
pub fn std_default(name: &str) -> Option<StdDefault> {
    if crate::int_range(name).is_some() {
        return Some(StdDefault::Value(Value::from(0)));
    }
    Some(match name {
        "f32" | "f64" => StdDefault::Value(Value::from(0.0)),
        "bool" => StdDefault::Value(Value::Bool(false)),
        "String" | "str" | "PathBuf" => StdDefault::Value(Value::String(String::new())),
        "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "HashSet" | "BTreeSet" => {
            StdDefault::Value(Value::Array(Vec::new()))
        }
        "HashMap" | "BTreeMap" | "Map" => StdDefault::Value(Value::Object(Default::default())),
        "Option" => StdDefault::NotGiven,
        "Box" | "Rc" | "Arc" | "Cow" => StdDefault::Inner,
        _ => return None,
    })
}

/// `Default::default()` of a type as written, when its spelling shows a std type (the derive
/// macro's view; describe resolves the path first). `Some(None)`: the default is "not given"
/// ([`StdDefault::NotGiven`]).
pub fn written_default(ty: &syn::Type) -> Option<Option<Value>> {
    match ty {
        syn::Type::Paren(p) => written_default(&p.elem),
        syn::Type::Group(g) => written_default(&g.elem),
        syn::Type::Reference(r) => written_default(&r.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            match std_default(&last.ident.to_string())? {
                StdDefault::Value(v) => Some(Some(v)),
                StdDefault::NotGiven => Some(None),
                StdDefault::Inner => match &last.arguments {
                    syn::PathArguments::AngleBracketed(a) => match a.args.last()? {
                        syn::GenericArgument::Type(t) => written_default(t),
                        _ => None,
                    },
                    _ => None,
                },
            }
        }
        _ => None,
    }
}

/// Whether two default values are the same (numbers by value: `7` and `7.0` are).
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The message and the fix for `#[schema(default = declared)]` beside a serde default that
/// gives `given`: `field` is `Struct.field`, `ident` the field's name and `ty` its type as
/// written.
pub fn default_disagreement(
    declared: &Value,
    field: &str,
    ident: &str,
    ty: &str,
    serde: &SerdeDefault,
    given: &Value,
) -> (String, String) {
    let whose = match serde {
        SerdeDefault::Path(_) => String::new(),
        _ => format!(" (`Default::default()` of `{ty}`)"),
    };
    let message = format!(
        "`#[schema(default = {declared})]` says `{field}` defaults to {declared}, but {} gives \
         {given}{whose}: the model would be told one value while the tool uses another",
        match serde {
            SerdeDefault::Container { .. } => serde.written(),
            _ => format!("its {}", serde.written()),
        }
    );
    let help = match serde {
        SerdeDefault::Path(path) => format!(
            "make the two agree, or remove `default` from `#[schema(...)]` (the value of \
             `{path}` is then written as `default`), or write `#[schema(no_default)]` to write \
             no default at all"
        ),
        _ => format!(
            "to default to {declared}, write `#[serde(default = \"default_{ident}\")]` on the \
             field and `fn default_{ident}() -> {ty} {{ {declared} }}` beside the struct (describe \
             then reads it); or, if {given} is what the tool should default to, remove `default` \
             from `#[schema(...)]`"
        ),
    };
    (message, help)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(src: &str) -> syn::Field {
        syn::parse::Parser::parse_str(syn::Field::parse_named, src).unwrap()
    }

    #[test]
    fn serde_defaults_of_fields_and_structs() {
        let of = |src: &str| serde_default(&field(src).attrs, None);
        assert_eq!(
            of("#[serde(rename = \"t\", default = \"top\")] x: u8"),
            Some(SerdeDefault::Path("top".into()))
        );
        assert_eq!(
            of("#[serde(skip_serializing, default)] x: u8"),
            Some(SerdeDefault::Field)
        );
        assert_eq!(of("#[serde(rename(serialize = \"a\"))] x: u8"), None);
        // A field's own attribute wins over its struct's.
        let container = SerdeDefault::Container { derived: true };
        assert_eq!(
            serde_default(&field("x: u8").attrs, Some(&container)),
            Some(container.clone())
        );
        assert_eq!(
            serde_default(&field("#[serde(default)] x: u8").attrs, Some(&container)),
            Some(SerdeDefault::Field)
        );
        let item = |src: &str| -> syn::ItemStruct { syn::parse_str(src).unwrap() };
        assert_eq!(
            container_serde_default(
                &item("#[derive(Default, Deserialize)] #[serde(default)] struct S;").attrs
            ),
            Some(SerdeDefault::Container { derived: true })
        );
        for no in [
            "#[derive(Deserialize)] #[serde(default)] struct S;",
            "#[derive(Default)] #[serde(default = \"make\")] struct S;",
        ] {
            assert_eq!(
                container_serde_default(&item(no).attrs),
                Some(SerdeDefault::Container { derived: false }),
                "{no}"
            );
        }
        assert_eq!(
            container_serde_default(&item("#[derive(Default)] struct S;").attrs),
            None
        );
    }

    #[test]
    fn defaults_of_std_types_as_written() {
        let of = |src: &str| written_default(&syn::parse_str(src).unwrap());
        assert_eq!(of("u16"), Some(Some(Value::from(0))));
        assert_eq!(of("f64"), Some(Some(Value::from(0.0))));
        assert_eq!(of("bool"), Some(Some(Value::Bool(false))));
        assert_eq!(of("String"), Some(Some(Value::from(""))));
        assert_eq!(of("&'static str"), Some(Some(Value::from(""))));
        assert_eq!(of("Vec<String>"), Some(Some(serde_json::json!([]))));
        assert_eq!(
            of("std::collections::BTreeMap<String, u8>"),
            Some(Some(serde_json::json!({})))
        );
        assert_eq!(of("Box<u8>"), Some(Some(Value::from(0))));
        assert_eq!(of("Option<u8>"), Some(None));
        assert_eq!(of("Ranking"), None);
        assert_eq!(of("char"), None);
    }

    #[test]
    fn the_disagreement_names_both_values_and_the_fix() {
        let (m, h) = default_disagreement(
            &Value::from(1000),
            "NoteInput.passage_length",
            "passage_length",
            "u16",
            &SerdeDefault::Field,
            &Value::from(0),
        );
        assert_eq!(
            m,
            "`#[schema(default = 1000)]` says `NoteInput.passage_length` defaults to 1000, but its \
             `#[serde(default)]` gives 0 (`Default::default()` of `u16`): the model would be told \
             one value while the tool uses another"
        );
        assert!(
            h.starts_with(
                "to default to 1000, write `#[serde(default = \"default_passage_length\")]` on the \
                 field and `fn default_passage_length() -> u16 { 1000 }`"
            ),
            "{h}"
        );
        let (m, _) = default_disagreement(
            &Value::from(true),
            "S.on",
            "on",
            "bool",
            &SerdeDefault::Container { derived: true },
            &Value::Bool(false),
        );
        assert!(
            m.contains("but the struct's `#[serde(default)]` gives false"),
            "{m}"
        );
        assert!(same_value(&Value::from(10), &Value::from(10.0)));
    }
}
