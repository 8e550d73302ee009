//! `#[schema(...)]`: schema facts a Rust type cannot say, written on a field or a type.
//!
//! Parsing ([`parse_schema_attr`], [`schema_attr_of`]) checks each key on its own. Whether a key
//! fits the type it is written on is [`SchemaAttr::check`], one rule used by both readers: the
//! derive macro, which knows the field's type as written (`u32`, `Option<String>`, `Vec<T>`), and
//! `gtdx describe`, which knows the schema the type resolved to. Both call it with a
//! [`SchemaKind`] and print the same message.

use proc_macro2::{Span, TokenStream};
use serde_json::{Map, Number, Value};
use syn::parse::Parser;
use syn::spanned::Spanned as _;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, UnOp};

use crate::tool_attr::{push, string, unknown_key};
use crate::{Spanned, is_schema_attr};

/// Every key `#[schema(...)]` accepts.
pub const SCHEMA_KEYS: &[&str] = &[
    "description",
    "title",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "unbounded",
    "min_length",
    "max_length",
    "min_items",
    "max_items",
    "unique_items",
    "enum",
    "const",
    "default",
    "no_default",
    "examples",
    "nullable",
    "one_of",
    "one_of_form",
];

/// The facts of one or more `#[schema(...)]` attributes on one field or type.
#[derive(Debug, Clone, Default)]
pub struct SchemaAttr {
    /// `description = "..."`: replaces the doc comment as the description.
    pub description: Option<Spanned<String>>,
    /// `title = "..."`.
    pub title: Option<Spanned<String>>,
    /// `format = "email"` (any JSON Schema format name); strings only.
    pub format: Option<Spanned<String>>,
    /// `pattern = "^[a-z]+$"` (an ECMA-262 regular expression); strings only.
    pub pattern: Option<Spanned<String>>,
    /// `minimum = N` (integer or float literal, may be negative); numbers only.
    pub minimum: Option<Spanned<Number>>,
    /// `maximum = N`; numbers only.
    pub maximum: Option<Spanned<Number>>,
    /// `unbounded`: drop the integer type's own `minimum`/`maximum`; integers only.
    pub unbounded: Option<Span>,
    /// `min_length = N` / `max_length = N`; strings only.
    pub min_length: Option<Spanned<u64>>,
    pub max_length: Option<Spanned<u64>>,
    /// `min_items = N` / `max_items = N`; arrays only.
    pub min_items: Option<Spanned<u64>>,
    pub max_items: Option<Spanned<u64>>,
    /// `unique_items = true`; arrays only.
    pub unique_items: Option<Spanned<bool>>,
    /// `enum = ["a", "b"]`: the allowed values of a string.
    pub enum_values: Option<Spanned<Vec<String>>>,
    /// `const = <literal>`: the only allowed value.
    pub const_value: Option<Spanned<Value>>,
    /// `default = <literal>`: what the tool assumes when the field is absent.
    pub default: Option<Spanned<Value>>,
    /// `no_default`: the value of the field's `#[serde(default = "path")]` is not written as the
    /// schema's `default`, although describe can read it.
    pub no_default: Option<Span>,
    /// `examples = [<literal>, ...]`.
    pub examples: Option<Spanned<Vec<Value>>>,
    /// `nullable = false`: an `Option<T>` field that may be left out but not sent as `null`.
    /// (`nullable` and `nullable = true` are refused: they would change nothing.)
    pub nullable: Option<Spanned<bool>>,
    /// `one_of = [["query"], ["vector"]]` on a struct: exactly one group of fields is given.
    pub one_of: Option<Spanned<Vec<Vec<Spanned<String>>>>>,
    /// `one_of_form = "required" | "exclusive"`: how `one_of` is written in the schema.
    pub one_of_form: Option<Spanned<OneOfForm>>,
}

/// How `one_of` is written in the schema; both say the same thing (a call gives the fields of
/// exactly one group), for readers that prefer one or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OneOfForm {
    /// `"oneOf": [{"required": ["a"]}, {"required": ["b"]}]` (the default).
    #[default]
    Required,
    /// `"oneOf": [{"required": ["a"], "not": {"required": ["b"]}}, ...]`: each branch also
    /// excludes the other groups, the form many shipped manifests use.
    Exclusive,
}

impl OneOfForm {
    /// The values `one_of_form` takes.
    pub const VALUES: &'static [&'static str] = &["required", "exclusive"];
}

/// What a `#[schema]` is written on, as far as the reader knows.
#[derive(Debug, Clone, PartialEq)]
pub enum SchemaKind {
    /// An integer type; `min`/`max` are the range of values the type can hold (for 64-bit
    /// types the full range, not the ±(2^53−1) describe writes by default).
    Integer {
        min: i128,
        max: i128,
    },
    Number,
    String,
    Boolean,
    Array,
    Object,
    Null,
    /// Unknown to this reader (a type the macro cannot see into, `serde_json::Value`, a choice):
    /// only the checks that do not depend on the type apply.
    Any,
}

impl SchemaKind {
    fn noun(&self) -> &'static str {
        match self {
            SchemaKind::Integer { .. } => "an integer",
            SchemaKind::Number => "a number",
            SchemaKind::String => "a string",
            SchemaKind::Boolean => "a boolean",
            SchemaKind::Array => "an array",
            SchemaKind::Object => "an object",
            SchemaKind::Null => "null",
            SchemaKind::Any => "any value",
        }
    }

    fn numeric(&self) -> bool {
        matches!(self, SchemaKind::Integer { .. } | SchemaKind::Number)
    }

    /// The kind of a Rust type as written, for a reader that cannot resolve names (the derive
    /// macro): primitives, `String`-like and sequence types; everything else is [`Any`].
    ///
    /// [`Any`]: SchemaKind::Any
    pub fn of_rust_name(name: &str) -> SchemaKind {
        if let Some((min, max)) = int_range(name) {
            return SchemaKind::Integer { min, max };
        }
        match name {
            "f32" | "f64" => SchemaKind::Number,
            "bool" => SchemaKind::Boolean,
            "String" | "str" | "char" | "PathBuf" | "Path" => SchemaKind::String,
            "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "HashSet" | "BTreeSet" => {
                SchemaKind::Array
            }
            "HashMap" | "BTreeMap" => SchemaKind::Object,
            _ => SchemaKind::Any,
        }
    }

    /// The kind of a generated schema (describe's reader). `null` in a type list is ignored; an
    /// integer's range is read from its `minimum`/`maximum`, where describe's default for
    /// 64-bit types, ±(2^53−1), stands for the type's full range.
    pub fn of_schema(s: &Map<String, Value>) -> SchemaKind {
        let ty = match s.get("type") {
            Some(Value::String(t)) => Some(t.as_str()),
            Some(Value::Array(a)) => {
                let mut non_null = a.iter().filter_map(Value::as_str).filter(|t| *t != "null");
                match (non_null.next(), non_null.next()) {
                    (Some(t), None) => Some(t),
                    _ => None,
                }
            }
            _ => None,
        };
        match ty {
            Some("integer") => {
                const SAFE: i128 = 9_007_199_254_740_991;
                let min = match s.get("minimum").and_then(Value::as_i64).map(i128::from) {
                    Some(m) if m == -SAFE => i64::MIN as i128,
                    Some(m) => m,
                    None => i64::MIN as i128,
                };
                let max = match s.get("maximum").and_then(Value::as_i64).map(i128::from) {
                    Some(SAFE) if min >= 0 => u64::MAX as i128,
                    Some(SAFE) => i64::MAX as i128,
                    Some(m) => m,
                    None => u64::MAX as i128,
                };
                SchemaKind::Integer { min, max }
            }
            Some("number") => SchemaKind::Number,
            Some("string") => SchemaKind::String,
            Some("boolean") => SchemaKind::Boolean,
            Some("array") => SchemaKind::Array,
            Some("object") => SchemaKind::Object,
            Some("null") => SchemaKind::Null,
            _ => SchemaKind::Any,
        }
    }
}

/// The range of values of a Rust integer type, by name (`usize`/`isize` as on wasm32).
pub fn int_range(name: &str) -> Option<(i128, i128)> {
    Some(match name {
        "u8" => (0, u8::MAX as i128),
        "u16" => (0, u16::MAX as i128),
        "u32" | "usize" => (0, u32::MAX as i128),
        "u64" => (0, u64::MAX as i128),
        "u128" => (0, i128::MAX),
        "i8" => (i8::MIN as i128, i8::MAX as i128),
        "i16" => (i16::MIN as i128, i16::MAX as i128),
        "i32" | "isize" => (i32::MIN as i128, i32::MAX as i128),
        "i64" => (i64::MIN as i128, i64::MAX as i128),
        "i128" => (i128::MIN, i128::MAX),
        _ => return None,
    })
}

/// What the derive macro knows of a field's type as written: its kind (of `T` for
/// `Option<T>`), the type's text for messages (of `T` again), and whether it is an `Option`
/// (`None` when the name could be an alias the macro cannot see through).
pub fn written_kind(ty: &syn::Type) -> (SchemaKind, String, Option<bool>) {
    let ty = peel(ty);
    if let syn::Type::Path(p) = ty
        && p.qself.is_none()
        && let Some(last) = p.path.segments.last()
    {
        let name = last.ident.to_string();
        if name == "Option"
            && let syn::PathArguments::AngleBracketed(a) = &last.arguments
            && let Some(syn::GenericArgument::Type(inner)) = a.args.first()
        {
            let (kind, text, _) = written_kind(inner);
            return (kind, text, Some(true));
        }
        let kind = match name.as_str() {
            // Smart pointers hold what they point at.
            "Box" | "Rc" | "Arc" | "Cow" => match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => match a.args.last() {
                    Some(syn::GenericArgument::Type(inner)) => written_kind(inner).0,
                    _ => SchemaKind::Any,
                },
                _ => SchemaKind::Any,
            },
            other => SchemaKind::of_rust_name(other),
        };
        let option = (kind != SchemaKind::Any).then_some(false);
        return (kind, crate::tokens(ty), option);
    }
    let kind = match ty {
        syn::Type::Slice(_) | syn::Type::Array(_) => SchemaKind::Array,
        syn::Type::Tuple(t) if t.elems.is_empty() => SchemaKind::Null,
        syn::Type::Tuple(_) => SchemaKind::Array,
        _ => SchemaKind::Any,
    };
    let option = (kind != SchemaKind::Any).then_some(false);
    (kind, crate::tokens(ty), option)
}

/// For an `Option<T>` field, `T` as written when the derive macro can tell from its spelling that
/// `T` itself accepts `null`: `serde_json::Value` (with any prefix ending in `serde_json::`),
/// another `Option<..>`, or `()`. A bare `Value` might be any type, so it is left to describe.
pub fn option_of_nullable(ty: &syn::Type) -> Option<String> {
    let inner = option_arg(peel(ty))?;
    let null = match peel(inner) {
        syn::Type::Tuple(t) => t.elems.is_empty(),
        syn::Type::Path(p) if p.qself.is_none() => {
            let segs: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            option_arg(peel(inner)).is_some()
                || (segs.len() >= 2 && segs[segs.len() - 2..] == ["serde_json", "Value"])
        }
        _ => false,
    };
    null.then(|| crate::tokens(peel(inner)))
}

/// `T` of a type written `Option<T>` (by its last path segment).
fn option_arg(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if p.qself.is_some() || last.ident != "Option" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => match a.args.first()? {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

fn peel(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Paren(p) => peel(&p.elem),
        syn::Type::Group(g) => peel(&g.elem),
        syn::Type::Reference(r) => peel(&r.elem),
        other => other,
    }
}

/// Where a `#[schema]` is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaTarget {
    /// A field; `option` is whether its type is `Option<T>` (`None`: the reader cannot tell).
    Field { option: Option<bool> },
    /// A struct, enum or variant.
    Type { named_struct: bool },
}

impl SchemaAttr {
    /// Whether no key was given.
    pub fn is_empty(&self) -> bool {
        self.description.is_none()
            && self.title.is_none()
            && self.format.is_none()
            && self.pattern.is_none()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.unbounded.is_none()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.min_items.is_none()
            && self.max_items.is_none()
            && self.unique_items.is_none()
            && self.enum_values.is_none()
            && self.const_value.is_none()
            && self.default.is_none()
            && self.no_default.is_none()
            && self.examples.is_none()
            && self.nullable.is_none()
            && self.one_of.is_none()
            && self.one_of_form.is_none()
    }

    /// Checks every key against what it is written on: `kind` is the schema kind of the type
    /// (of `T` for an `Option<T>` field), `ty` the type as written (for messages), `target`
    /// whether it is a field or a type. Numeric keys go on numbers, length keys, `format`,
    /// `pattern` and `enum` on strings, item keys on arrays; an integer's effective range (the
    /// type's range ∩ the declared one) must hold a value; `const`, `default` and `examples`
    /// must be values of the type; `nullable` goes on `Option` fields, `one_of` on structs.
    pub fn check(&self, kind: &SchemaKind, ty: &str, target: SchemaTarget) -> syn::Result<()> {
        let mut errors = None;
        self.check_applies(kind, ty, &mut errors);
        self.check_range(kind, ty, &mut errors);
        self.check_values(kind, ty, &mut errors);
        self.check_target(ty, target, &mut errors);
        match errors {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Each key is written on the kind it applies to (numbers, integers, strings, arrays).
    fn check_applies(&self, kind: &SchemaKind, ty: &str, errors: &mut Option<syn::Error>) {
        let on = |what: &str| format!("{what}, but `{ty}` is {}", kind.noun());
        let known = !matches!(kind, SchemaKind::Any);
        let mut wrong = |key: &str, span: Span, what: &str, fits: bool| {
            if known && !fits {
                push(
                    &mut *errors,
                    syn::Error::new(span, format!("`{key}` applies to {}", on(what))),
                );
            }
        };
        let numeric = kind.numeric();
        let string = *kind == SchemaKind::String;
        let array = *kind == SchemaKind::Array;
        let integer = matches!(kind, SchemaKind::Integer { .. });
        if let Some(m) = &self.minimum {
            wrong("minimum", m.span, "numbers", numeric);
        }
        if let Some(m) = &self.maximum {
            wrong("maximum", m.span, "numbers", numeric);
        }
        if let Some(s) = self.unbounded {
            wrong("unbounded", s, "integers", integer);
        }
        for (key, v) in [
            ("min_length", &self.min_length),
            ("max_length", &self.max_length),
        ] {
            if let Some(v) = v {
                wrong(key, v.span, "strings", string);
            }
        }
        for (key, v) in [("format", &self.format), ("pattern", &self.pattern)] {
            if let Some(v) = v {
                wrong(key, v.span, "strings", string);
            }
        }
        if let Some(v) = &self.enum_values {
            wrong("enum", v.span, "strings", string);
        }
        for (key, v) in [
            ("min_items", &self.min_items),
            ("max_items", &self.max_items),
        ] {
            if let Some(v) = v {
                wrong(key, v.span, "arrays", array);
            }
        }
        if let Some(v) = &self.unique_items {
            wrong("unique_items", v.span, "arrays", array);
        }
    }

    /// An integer's effective range (the type's range ∩ the declared one) must hold a value.
    fn check_range(&self, kind: &SchemaKind, ty: &str, errors: &mut Option<syn::Error>) {
        // The effective range of an integer.
        if let SchemaKind::Integer { min, max } = kind {
            let unbounded = self.unbounded.is_some();
            let (lo, lo_declared) = match &self.minimum {
                Some(m) if unbounded || num_gt_int(&m.value, *min) => (m.value.to_string(), true),
                _ if unbounded => (String::new(), false),
                _ => (min.to_string(), false),
            };
            let (hi, hi_declared) = match &self.maximum {
                Some(m) if unbounded || num_lt_int(&m.value, *max) => (m.value.to_string(), true),
                _ if unbounded => (String::new(), false),
                _ => (max.to_string(), false),
            };
            let empty = match (&self.minimum, &self.maximum) {
                _ if lo.is_empty() || hi.is_empty() => false,
                _ => num_str_gt(&lo, &hi),
            };
            if empty {
                let span = if hi_declared {
                    self.maximum.as_ref().map(|m| m.span)
                } else {
                    self.minimum.as_ref().map(|m| m.span)
                };
                let describe = |v: &str, declared: bool, which: &str| {
                    if declared {
                        format!("`{which} = {v}`")
                    } else {
                        format!("the {which} of `{ty}` ({v})")
                    }
                };
                push(
                    errors,
                    syn::Error::new(
                        span.unwrap_or_else(Span::call_site),
                        format!(
                            "no value fits this field: {} is above {}; lower `minimum`, raise \
                             `maximum`, or use a wider integer type",
                            describe(&lo, lo_declared, "minimum"),
                            describe(&hi, hi_declared, "maximum"),
                        ),
                    ),
                );
            }
        }
    }

    /// `const`, `default` and `examples` must be values of the type.
    fn check_values(&self, kind: &SchemaKind, ty: &str, errors: &mut Option<syn::Error>) {
        // Values must be of the type.
        let value_checks = [
            (
                "const",
                self.const_value.as_ref().map(|v| (&v.value, v.span)),
            ),
            ("default", self.default.as_ref().map(|v| (&v.value, v.span))),
        ];
        for (key, v) in value_checks {
            if let Some((v, span)) = v
                && let Some(problem) = self.value_problem(kind, v)
            {
                push(
                    errors,
                    syn::Error::new(span, format!("`{key} = {v}` {problem} (`{ty}`)")),
                );
            }
        }
        if let Some(ex) = &self.examples {
            for v in &ex.value {
                if let Some(problem) = self.value_problem(kind, v) {
                    push(
                        errors,
                        syn::Error::new(ex.span, format!("the example {v} {problem} (`{ty}`)")),
                    );
                }
            }
        }
    }

    /// `nullable` goes on `Option` fields, `one_of` on structs with named fields.
    fn check_target(&self, ty: &str, target: SchemaTarget, errors: &mut Option<syn::Error>) {
        match target {
            SchemaTarget::Field { option } => {
                if let (Some(n), Some(false)) = (&self.nullable, option) {
                    push(
                        errors,
                        syn::Error::new(
                            n.span,
                            format!(
                                "`nullable` applies to `Option<T>` fields, but `{ty}` is not an \
                                 Option: it is never null already"
                            ),
                        ),
                    );
                }
                if let Some(o) = &self.one_of {
                    push(
                        errors,
                        syn::Error::new(
                            o.span,
                            "`one_of` goes on the input struct, not on a field: \
                             #[schema(one_of = [[\"a\"], [\"b\"]])] above `struct ...`",
                        ),
                    );
                }
            }
            SchemaTarget::Type { named_struct } => {
                if let Some(span) = self.no_default {
                    push(
                        errors,
                        syn::Error::new(
                            span,
                            "`no_default` goes on a field with a serde default (`#[serde(default)]` \
                             or `#[serde(default = \"...\")]`)",
                        ),
                    );
                }
                if let Some(n) = &self.nullable {
                    push(
                        errors,
                        syn::Error::new(n.span, "`nullable` goes on an `Option<T>` field"),
                    );
                }
                if let Some(o) = &self.one_of
                    && !named_struct
                {
                    push(
                        errors,
                        syn::Error::new(
                            o.span,
                            "`one_of` names fields, so it goes on a struct with named fields",
                        ),
                    );
                }
            }
        }
    }

    /// Why `v` is not a value of `kind` (and of this attribute's `enum`), or `None`.
    fn value_problem(&self, kind: &SchemaKind, v: &Value) -> Option<String> {
        let fits = match kind {
            SchemaKind::Integer { min, max } => v
                .as_i64()
                .map(i128::from)
                .or(v.as_u64().map(i128::from))
                .is_some_and(|n| n >= *min && n <= *max),
            SchemaKind::Number => v.is_number(),
            SchemaKind::String => v.is_string(),
            SchemaKind::Boolean => v.is_boolean(),
            SchemaKind::Array => v.is_array(),
            SchemaKind::Null => v.is_null(),
            SchemaKind::Object | SchemaKind::Any => true,
        };
        if !fits {
            return Some(format!("is not {}", article_value(kind)));
        }
        if let (Some(e), Some(s)) = (&self.enum_values, v.as_str())
            && !e.value.iter().any(|x| x == s)
        {
            return Some(format!("is not one of the `enum` values {:?}", e.value));
        }
        None
    }

    /// Writes the facts into a schema object of `kind`, overwriting keywords of the same name.
    /// `minimum`/`maximum` on an integer narrow the type's range (a declared bound outside it
    /// keeps the type's); `unbounded` drops the type's range.
    pub fn apply(&self, schema: &mut Map<String, Value>, kind: &SchemaKind) {
        let strings = [
            ("description", &self.description),
            ("title", &self.title),
            ("format", &self.format),
            ("pattern", &self.pattern),
        ];
        for (key, v) in strings {
            if let Some(v) = v {
                schema.insert(key.to_string(), Value::String(v.value.clone()));
            }
        }
        if self.unbounded.is_some() {
            schema.remove("minimum");
            schema.remove("maximum");
        }
        let int = match kind {
            SchemaKind::Integer { min, max } if self.unbounded.is_none() => Some((*min, *max)),
            _ => None,
        };
        if let Some(m) = &self.minimum
            && int.is_none_or(|(min, _)| num_gt_int(&m.value, min))
        {
            schema.insert("minimum".into(), Value::Number(m.value.clone()));
        }
        if let Some(m) = &self.maximum
            && int.is_none_or(|(_, max)| num_lt_int(&m.value, max))
        {
            schema.insert("maximum".into(), Value::Number(m.value.clone()));
        }
        let counts = [
            ("minLength", &self.min_length),
            ("maxLength", &self.max_length),
            ("minItems", &self.min_items),
            ("maxItems", &self.max_items),
        ];
        for (key, v) in counts {
            if let Some(v) = v {
                schema.insert(key.to_string(), v.value.into());
            }
        }
        if let Some(u) = &self.unique_items {
            if u.value {
                schema.insert("uniqueItems".into(), true.into());
            } else {
                schema.remove("uniqueItems");
            }
        }
        if let Some(e) = &self.enum_values {
            schema.insert(
                "enum".into(),
                Value::Array(e.value.iter().cloned().map(Value::String).collect()),
            );
        }
        if let Some(c) = &self.const_value {
            schema.insert("const".into(), c.value.clone());
        }
        if let Some(d) = &self.default {
            schema.insert("default".into(), d.value.clone());
        }
        if let Some(x) = &self.examples {
            schema.insert("examples".into(), Value::Array(x.value.clone()));
        }
    }

    /// `oneOf` of the `one_of` groups, in the form `one_of_form` names: `{"required": [...]}`
    /// branches, or (exclusive) branches that also say `"not"` of the other groups
    /// (`{"required": [a], "not": {"required": [b]}}`; with three groups or more, `"not":
    /// {"anyOf": [...]}`).
    pub fn one_of_schema(&self) -> Option<Value> {
        let groups = &self.one_of.as_ref()?.value;
        let form = self
            .one_of_form
            .as_ref()
            .map(|f| f.value)
            .unwrap_or_default();
        let required = |g: &Vec<Spanned<String>>| {
            let names: Vec<Value> = g.iter().map(|n| Value::String(n.value.clone())).collect();
            let mut m = Map::new();
            m.insert("required".into(), Value::Array(names));
            m
        };
        Some(Value::Array(
            groups
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let mut branch = required(g);
                    if form == OneOfForm::Exclusive {
                        let mut others: Vec<Value> = groups
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| *j != i)
                            .map(|(_, o)| Value::Object(required(o)))
                            .collect();
                        let not = if others.len() == 1 {
                            others.remove(0)
                        } else {
                            let mut any = Map::new();
                            any.insert("anyOf".into(), Value::Array(others));
                            Value::Object(any)
                        };
                        branch.insert("not".into(), not);
                    }
                    Value::Object(branch)
                })
                .collect(),
        ))
    }

    /// Checks `one_of` against the struct's fields (their JSON names, whether each is required,
    /// whether its schema accepts `null`). Every name must be a field, and an optional one (a
    /// required field is always given, so its group would always be chosen) that is never
    /// `null` (the either-or check counts a field sent as `null` as not given, which a schema
    /// accepting `null` would contradict both ways).
    pub fn check_one_of(&self, fields: &[OneOfField]) -> syn::Result<()> {
        let Some(groups) = &self.one_of else {
            return Ok(());
        };
        let mut errors = None;
        for name in groups.value.iter().flatten() {
            match fields.iter().find(|f| f.name == name.value) {
                None => {
                    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
                    let mut msg = format!(
                        "`one_of` names `{}`, which is not a field of this struct",
                        name.value
                    );
                    if let Some(best) =
                        gtdx_contract::suggest::nearest(&name.value, names.iter().copied())
                    {
                        msg.push_str(&format!("; did you mean `{best}`?"));
                    }
                    msg.push_str(&format!(
                        " Its fields (as JSON names): {}",
                        names.join(", ")
                    ));
                    push(&mut errors, syn::Error::new(name.span, msg));
                }
                Some(f) if f.required => push(
                    &mut errors,
                    syn::Error::new(
                        name.span,
                        format!(
                            "`one_of` names `{}`, but that field is required, so every call \
                             gives it; make it an `Option<...>` (or `#[serde(default)]`)",
                            name.value
                        ),
                    ),
                ),
                Some(f) if f.nullable => {
                    let n = &name.value;
                    let other = groups
                        .value
                        .iter()
                        .find(|g| !g.iter().any(|x| x.value == *n))
                        .and_then(|g| g.first())
                        .map_or("...", |x| x.value.as_str());
                    push(
                        &mut errors,
                        syn::Error::new(
                            name.span,
                            format!(
                                "`one_of` names `{n}`, whose schema accepts `null`, but a field \
                                 sent as `null` counts as not given: the schema would accept \
                                 `{{\"{n}\": null}}`, which the tool refuses, and refuse \
                                 `{{\"{n}\": null, \"{other}\": ...}}`, which the tool accepts; \
                                 add `#[schema(nullable = false)]` to the field `{n}` (an \
                                 `Option<T>` whose `T` is never null)"
                            ),
                        ),
                    );
                }
                Some(_) => {}
            }
        }
        match errors {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `nullable = false` on an `Option<T>` field whose `T` itself accepts `null` (`Value`,
    /// `Option<U>`, `()`): it would change nothing, so it is an error. `ty` is `T` as written.
    pub fn check_nullable_effect(&self, ty: &str) -> syn::Result<()> {
        match &self.nullable {
            Some(n) if !n.value => Err(syn::Error::new(
                n.span,
                format!(
                    "`nullable = false` changes nothing here: `{ty}` itself accepts `null`, so \
                     the field does too; remove it, or give the field a type that is never null \
                     (for any JSON object, `serde_json::Map<String, serde_json::Value>`)"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// `no_default` on a field: `serde_default` is its serde default, if any, and `written`
    /// whether describe writes its value as `default` (the derive macro cannot always tell, and
    /// passes `true` then). Leaving out a default that is not written is an error.
    pub fn check_no_default(
        &self,
        serde_default: Option<&crate::SerdeDefault>,
        written: bool,
    ) -> syn::Result<()> {
        let Some(span) = self.no_default else {
            return Ok(());
        };
        match serde_default {
            None => Err(syn::Error::new(
                span,
                "`no_default` leaves the value of a serde default out of the schema, but this \
                 field has none (no `#[serde(default)]` or `#[serde(default = \"...\")]` on it \
                 or its struct); remove `no_default`",
            )),
            Some(d) if !written => Err(syn::Error::new(
                span,
                format!(
                    "`no_default` leaves the value of {} out of the schema, but describe does \
                     not write that value (it writes the value of a `const` or of a function of \
                     the struct's module returning one literal, and `Default::default()` of \
                     numbers, `bool`, strings, lists and maps, never `None`, and only when it \
                     fits the field's schema), so it is left out already; remove `no_default`",
                    d.written()
                ),
            )),
            Some(_) => Ok(()),
        }
    }
}

/// One field of a struct, as `one_of` is checked against it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneOfField {
    /// The JSON name.
    pub name: String,
    /// Whether every call must give it.
    pub required: bool,
    /// Whether its schema accepts `null`.
    pub nullable: bool,
}

fn article_value(kind: &SchemaKind) -> String {
    match kind {
        SchemaKind::Integer { min, max } => format!("an integer in {min}..={max}"),
        other => other.noun().to_string(),
    }
}

/// `n > int` for a JSON number and an integer bound.
fn num_gt_int(n: &Number, int: i128) -> bool {
    match (n.as_i64(), n.as_u64()) {
        (Some(v), _) => i128::from(v) > int,
        (_, Some(v)) => i128::from(v) > int,
        _ => n.as_f64().is_some_and(|f| f > int as f64),
    }
}

/// `n < int`.
fn num_lt_int(n: &Number, int: i128) -> bool {
    match (n.as_i64(), n.as_u64()) {
        (Some(v), _) => i128::from(v) < int,
        (_, Some(v)) => i128::from(v) < int,
        _ => n.as_f64().is_some_and(|f| f < int as f64),
    }
}

/// `a > b` for two numbers written as text.
fn num_str_gt(a: &str, b: &str) -> bool {
    match (a.parse::<i128>(), b.parse::<i128>()) {
        (Ok(x), Ok(y)) => x > y,
        _ => match (a.parse::<f64>(), b.parse::<f64>()) {
            (Ok(x), Ok(y)) => x > y,
            _ => false,
        },
    }
}

/// Parses the arguments of one `#[schema(...)]` (the tokens inside the parentheses).
pub fn parse_schema_attr(tokens: TokenStream) -> syn::Result<SchemaAttr> {
    let mut out = SchemaAttr::default();
    parse_into(tokens, &mut out)?;
    check_pairs(&out)?;
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
        && let Err(e) = check_pairs(acc)
    {
        push(&mut errors, e);
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

fn twice(span: Span, key: &str) -> syn::Error {
    syn::Error::new(span, format!("`{key}` is given twice"))
}

fn set<T>(slot: &mut Option<Spanned<T>>, value: T, span: Span, key: &str) -> syn::Result<()> {
    if slot.is_some() {
        return Err(twice(span, key));
    }
    *slot = Some(Spanned::new(value, span));
    Ok(())
}

fn parse_into(tokens: TokenStream, out: &mut SchemaAttr) -> syn::Result<()> {
    let mut errors = None;
    let parser = syn::meta::parser(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        let result = parse_schema_key(&meta, &key, out);
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

/// One `key = value` of a #[schema(...)], stored in `out` (a key given twice is an error).
fn parse_schema_key(
    meta: &syn::meta::ParseNestedMeta<'_>,
    key: &str,
    out: &mut SchemaAttr,
) -> syn::Result<()> {
    match key {
        "format" | "pattern" | "description" | "title" => {
            let lit = string(meta, key, "\"...\"")?;
            if lit.value().trim().is_empty() {
                return Err(syn::Error::new(
                    lit.span(),
                    format!("`{key}` must not be empty"),
                ));
            }
            let slot = match key {
                "format" => &mut out.format,
                "pattern" => &mut out.pattern,
                "title" => &mut out.title,
                _ => &mut out.description,
            };
            set(slot, lit.value(), lit.span(), key)?;
        }
        "minimum" | "maximum" => {
            let expr: Expr = meta.value()?.parse()?;
            let n = number(&expr)?;
            let slot = if key == "minimum" {
                &mut out.minimum
            } else {
                &mut out.maximum
            };
            set(slot, n, expr.span(), key)?;
        }
        "min_length" | "max_length" | "min_items" | "max_items" => {
            let expr: Expr = meta.value()?.parse()?;
            let n = count(&expr, key)?;
            let slot = match key {
                "min_length" => &mut out.min_length,
                "max_length" => &mut out.max_length,
                "min_items" => &mut out.min_items,
                _ => &mut out.max_items,
            };
            set(slot, n, expr.span(), key)?;
        }
        "unique_items" => {
            let (value, span) = flag(meta, key)?;
            set(&mut out.unique_items, value, span, key)?;
        }
        "nullable" => {
            let written = if meta.input.peek(syn::Token![=]) {
                "nullable = true"
            } else {
                "nullable"
            };
            let (value, span) = flag(meta, key)?;
            if value {
                return Err(syn::Error::new(
                    span,
                    format!(
                        "`{written}` changes nothing: an `Option<T>` field accepts `null` already, \
                         and any other field never does; remove it (only `nullable = false` has \
                         an effect: it keeps `null` out of an `Option<T>` field's schema)"
                    ),
                ));
            }
            set(&mut out.nullable, value, span, key)?;
        }
        "unbounded" | "no_default" => {
            let span = meta.path.span();
            if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
                return Err(syn::Error::new(
                    span,
                    format!("`{key}` takes no value: #[schema({key})]"),
                ));
            }
            let slot = if key == "unbounded" {
                &mut out.unbounded
            } else {
                &mut out.no_default
            };
            if slot.is_some() {
                return Err(twice(span, key));
            }
            *slot = Some(span);
        }
        "one_of_form" => {
            let lit = string(meta, key, "\"exclusive\"")?;
            let form = match lit.value().as_str() {
                "required" => OneOfForm::Required,
                "exclusive" => OneOfForm::Exclusive,
                other => {
                    return Err(syn::Error::new(
                        lit.span(),
                        format!(
                            "`one_of_form` is \"required\" (`{{\"required\": [..]}}` branches, \
                             the default) or \"exclusive\" (each branch also excludes the other \
                             groups with `not`), not \"{other}\""
                        ),
                    ));
                }
            };
            set(&mut out.one_of_form, form, lit.span(), key)?;
        }
        "enum" => {
            let expr: Expr = meta.value()?.parse()?;
            let names = enum_names(&expr)?;
            set(&mut out.enum_values, names, expr.span(), key)?;
        }
        "const" | "default" => {
            let expr: Expr = meta.value()?.parse()?;
            let v = literal(&expr)?;
            let slot = if key == "const" {
                &mut out.const_value
            } else {
                &mut out.default
            };
            set(slot, v, expr.span(), key)?;
        }
        "examples" => {
            let expr: Expr = meta.value()?.parse()?;
            let Value::Array(items) = literal(&expr)? else {
                return Err(syn::Error::new(
                    expr.span(),
                    "`examples` takes a list of values: examples = [\"a\", \"b\"]",
                ));
            };
            set(&mut out.examples, items, expr.span(), key)?;
        }
        "one_of" => {
            let expr: Expr = meta.value()?.parse()?;
            let groups = one_of_groups(&expr)?;
            set(&mut out.one_of, groups, expr.span(), key)?;
        }
        _ => {
            let e = syn::Error::new_spanned(&meta.path, unknown_key(key, SCHEMA_KEYS, "schema"));
            if meta.input.peek(syn::Token![=]) {
                let _ = meta.value().and_then(|v| v.parse::<Expr>());
            }
            return Err(e);
        }
    }
    Ok(())
}

/// `enum = ["a", "b"]`: one or more distinct strings.
fn enum_names(expr: &Expr) -> syn::Result<Vec<String>> {
    let Value::Array(items) = literal(expr)? else {
        return Err(syn::Error::new(
            expr.span(),
            "`enum` takes a list of strings: enum = [\"a\", \"b\"]",
        ));
    };
    let mut names = Vec::new();
    for v in items {
        match v {
            Value::String(s) if !names.contains(&s) => names.push(s),
            Value::String(s) => {
                return Err(syn::Error::new(
                    expr.span(),
                    format!("`enum` lists \"{s}\" twice"),
                ));
            }
            _ => {
                return Err(syn::Error::new(
                    expr.span(),
                    "`enum` takes a list of strings: enum = [\"a\", \"b\"]",
                ));
            }
        }
    }
    if names.is_empty() {
        return Err(syn::Error::new(
            expr.span(),
            "`enum = []` allows no value at all",
        ));
    }
    Ok(names)
}

/// `key` (meaning true) or `key = true|false`.
fn flag(meta: &syn::meta::ParseNestedMeta<'_>, key: &str) -> syn::Result<(bool, Span)> {
    if !meta.input.peek(syn::Token![=]) {
        return Ok((true, meta.path.span()));
    }
    let expr: Expr = meta.value()?.parse()?;
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(b), ..
        }) => Ok((b.value, b.span)),
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes `true` or `false`"),
        )),
    }
}

fn count(expr: &Expr, key: &str) -> syn::Result<u64> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(i), ..
        }) => i.base10_parse::<u64>(),
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a non-negative integer literal, e.g. {key} = 1"),
        )),
    }
}

/// `[["query"], ["vector", "k"]]`.
fn one_of_groups(expr: &Expr) -> syn::Result<Vec<Vec<Spanned<String>>>> {
    let bad = |span: Span| {
        syn::Error::new(
            span,
            "`one_of` takes a list of field groups, e.g. one_of = [[\"query\"], [\"vector\"]]: \
             a call gives exactly one group",
        )
    };
    let Expr::Array(outer) = expr else {
        return Err(bad(expr.span()));
    };
    let mut groups: Vec<Vec<Spanned<String>>> = Vec::new();
    for g in &outer.elems {
        let Expr::Array(inner) = g else {
            return Err(bad(g.span()));
        };
        let mut names = Vec::new();
        for n in &inner.elems {
            match n {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }) => {
                    if groups
                        .iter()
                        .flatten()
                        .chain(names.iter())
                        .any(|x: &Spanned<String>| x.value == s.value())
                    {
                        return Err(syn::Error::new(
                            s.span(),
                            format!("`one_of` names `{}` twice", s.value()),
                        ));
                    }
                    names.push(Spanned::new(s.value(), s.span()));
                }
                other => return Err(bad(other.span())),
            }
        }
        if names.is_empty() {
            return Err(syn::Error::new(g.span(), "an empty `one_of` group"));
        }
        groups.push(names);
    }
    if groups.len() < 2 {
        return Err(syn::Error::new(
            expr.span(),
            "`one_of` needs at least two groups to choose between",
        ));
    }
    Ok(groups)
}

/// A literal as JSON: strings, numbers (may be negative), booleans and lists of those.
fn literal(expr: &Expr) -> syn::Result<Value> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(Value::String(s.value())),
        Expr::Lit(ExprLit {
            lit: Lit::Bool(b), ..
        }) => Ok(Value::Bool(b.value)),
        Expr::Lit(ExprLit {
            lit: Lit::Int(_) | Lit::Float(_),
            ..
        })
        | Expr::Unary(_) => number(expr).map(Value::Number),
        Expr::Array(a) => a
            .elems
            .iter()
            .map(literal)
            .collect::<syn::Result<Vec<_>>>()
            .map(Value::Array),
        Expr::Group(g) => literal(&g.expr),
        other => Err(syn::Error::new(
            other.span(),
            "expected a literal: a string, a number, true/false, or a list of them",
        )),
    }
}

pub(crate) fn number(expr: &Expr) -> syn::Result<Number> {
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

/// Pairs of keys that must agree whatever the type.
fn check_pairs(attr: &SchemaAttr) -> syn::Result<()> {
    if let (Some(form), None) = (&attr.one_of_form, &attr.one_of) {
        return Err(syn::Error::new(
            form.span,
            "`one_of_form` says how `one_of` is written, but there is no `one_of` here; add \
             `one_of = [[\"a\"], [\"b\"]]` or remove `one_of_form`",
        ));
    }
    if let (Some(no), Some(_)) = (&attr.no_default, &attr.default) {
        return Err(syn::Error::new(
            *no,
            "`no_default` leaves the default out of the schema, but `default = ...` writes one; \
             keep one of the two",
        ));
    }
    if let (Some(min), Some(max)) = (&attr.minimum, &attr.maximum)
        && let (Some(lo), Some(hi)) = (min.value.as_f64(), max.value.as_f64())
        && lo > hi
    {
        return Err(syn::Error::new(
            max.span,
            format!("maximum {hi} is below minimum {lo}"),
        ));
    }
    for (a, b, an, bn) in [
        (
            &attr.min_length,
            &attr.max_length,
            "min_length",
            "max_length",
        ),
        (&attr.min_items, &attr.max_items, "min_items", "max_items"),
    ] {
        if let (Some(lo), Some(hi)) = (a, b)
            && lo.value > hi.value
        {
            return Err(syn::Error::new(
                hi.span,
                format!("{bn} {} is below {an} {}", hi.value, lo.value),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    const U8: SchemaKind = SchemaKind::Integer { min: 0, max: 255 };
    const FIELD: SchemaTarget = SchemaTarget::Field {
        option: Some(false),
    };

    fn check(tokens: TokenStream, kind: &SchemaKind, ty: &str) -> Result<(), String> {
        parse_schema_attr(tokens)
            .and_then(|a| a.check(kind, ty, FIELD))
            .map_err(|e| {
                e.into_iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join(" | ")
            })
    }

    #[test]
    fn all_keys_and_apply() {
        let a = parse_schema_attr(quote! {
            format = "email", pattern = "^.+@.+$", description = "Where to write.", title = "Email",
            min_length = 3, max_length = 99, enum = ["a@b.c", "d@e.f"], default = "a@b.c",
            examples = ["a@b.c"]
        })
        .unwrap();
        a.check(&SchemaKind::String, "String", FIELD).unwrap();
        let mut m = Map::new();
        m.insert("type".into(), "string".into());
        a.apply(&mut m, &SchemaKind::String);
        assert_eq!(
            Value::Object(m).to_string(),
            r#"{"type":"string","description":"Where to write.","title":"Email","format":"email","pattern":"^.+@.+$","minLength":3,"maxLength":99,"enum":["a@b.c","d@e.f"],"default":"a@b.c","examples":["a@b.c"]}"#
        );
    }

    #[test]
    fn integer_ranges_narrow_and_unbounded_drops() {
        let a = parse_schema_attr(quote! { minimum = -5, maximum = 100 }).unwrap();
        let mut m = serde_json::json!({"type": "integer", "minimum": 0, "maximum": 255})
            .as_object()
            .cloned()
            .unwrap();
        a.apply(&mut m, &U8);
        assert_eq!(
            Value::Object(m.clone()).to_string(),
            r#"{"type":"integer","minimum":0,"maximum":100}"#
        );
        let b = parse_schema_attr(quote! { unbounded }).unwrap();
        b.check(&U8, "u8", FIELD).unwrap();
        b.apply(&mut m, &U8);
        assert_eq!(Value::Object(m).to_string(), r#"{"type":"integer"}"#);
    }

    #[test]
    fn keys_are_checked_against_the_type() {
        let e = check(quote! { minimum = 1 }, &SchemaKind::String, "String").unwrap_err();
        assert_eq!(e, "`minimum` applies to numbers, but `String` is a string");
        let e = check(quote! { pattern = "x" }, &U8, "u32").unwrap_err();
        assert!(
            e.contains("`pattern` applies to strings, but `u32` is an integer"),
            "{e}"
        );
        let e = check(quote! { format = "uuid" }, &SchemaKind::Boolean, "bool").unwrap_err();
        assert!(e.contains("`format` applies to strings"), "{e}");
        let e = check(quote! { min_items = 1 }, &SchemaKind::String, "String").unwrap_err();
        assert!(e.contains("`min_items` applies to arrays"), "{e}");
        assert!(
            check(
                quote! { min_items = 1, unique_items },
                &SchemaKind::Array,
                "Vec<u8>"
            )
            .is_ok()
        );
        // Unknown types are left to the reader that knows them.
        assert!(
            check(
                quote! { minimum = 1, pattern = "x" },
                &SchemaKind::Any,
                "Id"
            )
            .is_ok()
        );
    }

    #[test]
    fn empty_ranges_name_both_bounds() {
        let u32k = SchemaKind::Integer {
            min: 0,
            max: u32::MAX as i128,
        };
        let e = check(quote! { minimum = 5000000000 }, &u32k, "u32").unwrap_err();
        assert_eq!(
            e,
            "no value fits this field: `minimum = 5000000000` is above the maximum of `u32` (4294967295); lower `minimum`, raise `maximum`, or use a wider integer type"
        );
        let e = check(quote! { maximum = -1 }, &U8, "u8").unwrap_err();
        assert!(
            e.contains("the minimum of `u8` (0) is above `maximum = -1`"),
            "{e}"
        );
        // A 64-bit type's full range, not the safe-integer default, bounds the declared one.
        let u64k = SchemaKind::of_schema(
            serde_json::json!({"type": "integer", "minimum": 0, "maximum": 9007199254740991u64})
                .as_object()
                .unwrap(),
        );
        assert!(check(quote! { maximum = 18446744073709551615 }, &u64k, "u64").is_ok());
        assert!(check(quote! { unbounded, minimum = -1 }, &U8, "u8").is_ok());
    }

    #[test]
    fn values_must_fit() {
        let e = check(quote! { default = "x" }, &U8, "u8").unwrap_err();
        assert!(
            e.contains("`default = \"x\"` is not an integer in 0..=255 (`u8`)"),
            "{e}"
        );
        let e = check(
            quote! { enum = ["a"], const = "b" },
            &SchemaKind::String,
            "String",
        )
        .unwrap_err();
        assert!(e.contains("not one of the `enum` values"), "{e}");
        let e = check(quote! { nullable = false }, &SchemaKind::String, "String").unwrap_err();
        assert!(
            e.contains("`nullable` applies to `Option<T>` fields"),
            "{e}"
        );
    }

    #[test]
    fn one_of_groups_and_fields() {
        let a = parse_schema_attr(quote! { one_of = [["query"], ["vector", "k"]] }).unwrap();
        assert_eq!(
            a.one_of_schema().unwrap().to_string(),
            r#"[{"required":["query"]},{"required":["vector","k"]}]"#
        );
        let fields = |v: &[(&str, bool, bool)]| -> Vec<OneOfField> {
            v.iter()
                .map(|(n, r, null)| OneOfField {
                    name: n.to_string(),
                    required: *r,
                    nullable: *null,
                })
                .collect()
        };
        a.check_one_of(&fields(&[
            ("query", false, false),
            ("vector", false, false),
            ("k", false, false),
        ]))
        .unwrap();
        let e = a
            .check_one_of(&fields(&[
                ("quer", false, false),
                ("vector", true, false),
                ("k", false, true),
            ]))
            .unwrap_err();
        let all: Vec<String> = e.into_iter().map(|e| e.to_string()).collect();
        assert!(all[0].contains("did you mean `quer`?"), "{all:?}");
        assert!(all[1].contains("that field is required"), "{all:?}");
        assert!(
            all[2].contains("`one_of` names `k`, whose schema accepts `null`")
                && all[2].contains(r#"`{"k": null, "query": ...}`, which the tool accepts"#)
                && all[2].contains("add `#[schema(nullable = false)]` to the field `k`"),
            "{all:?}"
        );
        assert!(parse_schema_attr(quote! { one_of = [["a"]] }).is_err());
        assert!(parse_schema_attr(quote! { one_of = [["a"], ["a"]] }).is_err());
        assert!(parse_schema_attr(quote! { one_of = "a" }).is_err());
    }

    #[test]
    fn one_of_exclusive_form_excludes_the_other_groups() {
        let a =
            parse_schema_attr(quote! { one_of = [["doc_id"], ["ids"]], one_of_form = "exclusive" })
                .unwrap();
        assert_eq!(
            a.one_of_schema().unwrap().to_string(),
            r#"[{"required":["doc_id"],"not":{"required":["ids"]}},{"required":["ids"],"not":{"required":["doc_id"]}}]"#
        );
        let b = parse_schema_attr(
            quote! { one_of = [["a"], ["b", "c"], ["d"]], one_of_form = "exclusive" },
        )
        .unwrap();
        assert_eq!(
            b.one_of_schema().unwrap()[1].to_string(),
            r#"{"required":["b","c"],"not":{"anyOf":[{"required":["a"]},{"required":["d"]}]}}"#
        );
        let c = parse_schema_attr(quote! { one_of = [["a"], ["b"]], one_of_form = "required" })
            .unwrap();
        assert_eq!(
            c.one_of_schema().unwrap().to_string(),
            r#"[{"required":["a"]},{"required":["b"]}]"#
        );
        let e = parse_schema_attr(quote! { one_of = [["a"], ["b"]], one_of_form = "not" })
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is \"required\"") && e.contains("not \"not\""),
            "{e}"
        );
        let e = parse_schema_attr(quote! { one_of_form = "exclusive" })
            .unwrap_err()
            .to_string();
        assert!(e.contains("there is no `one_of` here"), "{e}");
        // On a field: `one_of` belongs on the struct.
        let e = check(
            quote! { one_of = [["a"], ["b"]], one_of_form = "exclusive" },
            &SchemaKind::String,
            "String",
        )
        .unwrap_err();
        assert!(e.contains("goes on the input struct"), "{e}");
    }

    #[test]
    fn nullable_true_and_bare_change_nothing_and_are_refused() {
        for (tokens, written) in [
            (quote! { nullable }, "`nullable` changes nothing"),
            (
                quote! { nullable = true },
                "`nullable = true` changes nothing",
            ),
        ] {
            let e = parse_schema_attr(tokens).unwrap_err().to_string();
            assert!(e.contains(written), "{e}");
            assert!(e.contains("only `nullable = false` has an effect"), "{e}");
        }
        let a = parse_schema_attr(quote! { nullable = false }).unwrap();
        a.check(
            &SchemaKind::String,
            "String",
            SchemaTarget::Field { option: Some(true) },
        )
        .unwrap();
        let e = a
            .check_nullable_effect("serde_json::Value")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(
                "`nullable = false` changes nothing here: `serde_json::Value` itself accepts `null`"
            ),
            "{e}"
        );
        assert!(
            parse_schema_attr(quote! { min_length = 1 })
                .unwrap()
                .check_nullable_effect("serde_json::Value")
                .is_ok()
        );
    }

    #[test]
    fn option_of_nullable_sees_value_option_and_unit() {
        let t = |src: &str| option_of_nullable(&syn::parse_str::<syn::Type>(src).unwrap());
        assert_eq!(
            t("Option<serde_json::Value>").as_deref(),
            Some("serde_json::Value")
        );
        assert_eq!(
            t("Option<gtdx_sdk::serde_json::Value>").as_deref(),
            Some("gtdx_sdk::serde_json::Value")
        );
        assert_eq!(t("Option<Option<u8>>").as_deref(), Some("Option<u8>"));
        assert_eq!(t("Option<()>").as_deref(), Some("()"));
        // A bare `Value` may be any type: describe, which resolves it, decides.
        assert_eq!(t("Option<Value>"), None);
        assert_eq!(t("Option<String>"), None);
        assert_eq!(t("serde_json::Value"), None);
    }

    #[test]
    fn no_default_needs_a_serde_default_it_leaves_out() {
        let a = parse_schema_attr(quote! { no_default }).unwrap();
        let path = crate::SerdeDefault::Path("default_top".into());
        a.check_no_default(Some(&path), true).unwrap();
        a.check_no_default(Some(&crate::SerdeDefault::Field), true)
            .unwrap();
        let e = a.check_no_default(None, true).unwrap_err().to_string();
        assert!(
            e.contains(
                "this field has none (no `#[serde(default)]` or `#[serde(default = \"...\")]`"
            ),
            "{e}"
        );
        let e = a
            .check_no_default(Some(&crate::SerdeDefault::Path("other::top".into())), false)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("leaves the value of `#[serde(default = \"other::top\")]` out of the schema, but describe does not write that value"),
            "{e}"
        );
        let e = parse_schema_attr(quote! { no_default, default = 3 })
            .unwrap_err()
            .to_string();
        assert!(e.contains("keep one of the two"), "{e}");
        assert!(parse_schema_attr(quote! { no_default = true }).is_err());
        let e = a
            .check(
                &SchemaKind::Object,
                "S",
                SchemaTarget::Type { named_struct: true },
            )
            .unwrap_err()
            .to_string();
        assert!(e.contains("goes on a field"), "{e}");
    }

    #[test]
    fn errors() {
        let e = parse_schema_attr(quote! { fromat = "email" })
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `format`?"), "{e}");
        let e = parse_schema_attr(quote! { min_itmes = 1 })
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `min_items`?"), "{e}");
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
        assert!(parse_schema_attr(quote! { min_length = 5, max_length = 1 }).is_err());
        assert!(parse_schema_attr(quote! { format = "" }).is_err());
        assert!(parse_schema_attr(quote! { enum = [] }).is_err());
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
