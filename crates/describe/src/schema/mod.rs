//! Rust types → portable JSON Schema, read from the crate's source (no compilation).
//!
//! The output is what LLM clients accept: every definition inlined (no `$defs`/`$ref`), no
//! `$schema` key, and, for a tool input, an object at the root. Shapes follow serde's data model
//! (`serde_json` is the wire format), including the `#[serde(...)]` attributes that change it.
//! The schema of an input describes what deserialization accepts, the schema of an output what
//! serialization produces; the two differ where serde's attributes do (`skip_serializing`,
//! `rename(serialize = ..)`, `alias`, `from`/`into`).
//!
//! See `docs/authoring.md` ("Type mapping") for the table this module implements.

use std::rc::Rc;

use serde_json::{Map, Value, json};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Fields, GenericArgument, PathArguments, Type};

pub use crate::builtin::is_known_external;
use crate::builtin::{Builtin, builtin_by_name, builtin_of_external};
use crate::crate_src::{Index, TypeItem};
use crate::error::SourceError;
use crate::resolve::{Resolved, foreign_globs, resolve_path};
use crate::serde_attrs::{self, Case, Container};
use crate::shape::*;
pub use crate::shape::{Direction, MAX_SAFE_INTEGER, Schema, normalize, nullable};

mod enums;
mod structs;

fn builtin_of(r: &Resolved<'_>) -> Option<Builtin> {
    match r {
        Resolved::Prelude(n) => builtin_by_name(n),
        Resolved::External(p) => builtin_of_external(p),
        _ => None,
    }
}

/// Generic parameters bound to the types written at the use site.
#[derive(Default)]
struct Env<'t> {
    params: Vec<(String, &'t Type, Scope<'t>)>,
}

/// Where a type is written: the module (for name resolution and file positions) and the
/// generic parameters in scope.
#[derive(Clone)]
struct Scope<'t> {
    module: usize,
    env: Rc<Env<'t>>,
}

impl<'t> Scope<'t> {
    fn param(&self, name: &str) -> Option<(&'t Type, Scope<'t>)> {
        self.env
            .params
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|(_, t, s)| (*t, s.clone()))
    }
}

enum Tagging {
    External,
    Internal(String),
    Adjacent(String, String),
    Untagged,
}

/// Schemas of the crate's types already generated, shared by every tool: keyed by the type's
/// identity, its rendered type arguments, and the direction.
#[derive(Default)]
pub struct SchemaCache {
    map: std::collections::HashMap<(usize, String, bool), Schema>,
}

/// Generates the schemas of one tool's input or output.
pub struct SchemaGen<'i, 'a, 'c> {
    idx: &'i Index<'a>,
    cache: &'c mut SchemaCache,
    dir: Direction,
    /// Types being expanded (identity, rendered arguments), for recursion detection.
    stack: Vec<(usize, String)>,
    /// `Type.field` steps from the root, for messages.
    trail: Vec<String>,
    /// Non-fatal findings (fields whose shape is set by `#[serde(with)]`).
    pub warnings: Vec<SourceError>,
    /// "the input of tool `x`".
    what: String,
    /// The fix offered when a type cannot be described.
    fix: String,
}

type R = Result<Schema, SourceError>;

impl<'i, 'a, 'c> SchemaGen<'i, 'a, 'c> {
    pub fn new(idx: &'i Index<'a>, cache: &'c mut SchemaCache, dir: Direction, tool: &str) -> Self {
        let (role, key) = match dir {
            Direction::Input => ("input", "input_schema"),
            Direction::Output => ("output", "output_schema"),
        };
        SchemaGen {
            idx,
            cache,
            dir,
            stack: Vec::new(),
            trail: Vec::new(),
            warnings: Vec::new(),
            what: format!("the {role} of tool `{tool}`"),
            fix: format!(
                "describe it by hand: write a JSON Schema file and add `{key} = \"schemas/{tool}.{role}.json\"` \
                 to the #[tool(...)] of `{tool}` (the path is relative to the crate root)"
            ),
        }
    }

    /// The schema of `ty`, written in `module`.
    pub fn root(&mut self, ty: &'a Type, module: usize) -> R {
        let sc = Scope {
            module,
            env: Rc::new(Env::default()),
        };
        let s = self.ty(ty, &sc)?;
        Ok(normalize(s))
    }

    fn err(&self, sc_module: usize, span: proc_macro2::Span, message: String) -> SourceError {
        let mut message = message;
        if !self.trail.is_empty() {
            message.push_str(&format!(" (reached from {})", self.trail_text()));
        }
        message.push_str(&format!(", in {}", self.what));
        SourceError::new(self.idx.file_of(sc_module), span, message)
    }

    /// A `#[schema(...)]` on a type, its fields or variants is registered by `#[derive(Schema)]`:
    /// without it the compiler refuses the attribute, so describe refuses it too, saying why,
    /// rather than write a schema (an either-or rule, a range) the code never agreed to.
    fn derives_schema(
        &self,
        attrs: &'a [syn::Attribute],
        ident: &syn::Ident,
        inner: impl Iterator<Item = &'a syn::Attribute>,
        sc: &Scope<'_>,
    ) -> Result<(), SourceError> {
        let mut written = attrs
            .iter()
            .chain(inner)
            .filter(|a| gtdx_annotations::is_schema_attr(a));
        let Some(first) = written.next() else {
            return Ok(());
        };
        if gtdx_annotations::derives_schema(attrs) {
            return Ok(());
        }
        let name = ident.unraw().to_string();
        // The keys written, for the message: `one_of` in `#[schema(...)]`.
        let mut keys: Vec<String> = Vec::new();
        let _ = first.parse_nested_meta(|meta| {
            let key = tokens(&meta.path);
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
                keys.push(format!("{key} = .."));
            } else {
                keys.push(key);
            }
            Ok(())
        });
        let what = format!("`#[schema({})]`", keys.join(", "));
        Err(self
            .err(
                sc.module,
                first.span(),
                format!(
                    "{what} is written in `{name}`, which does not derive `Schema`: the derive \
                     is what registers `#[schema(...)]`, so the compiler refuses the attribute \
                     (\"cannot find attribute `schema`\") and the rule it states is never \
                     checked"
                ),
            )
            .help(format!(
                "add `gtdx_sdk::Schema` to the `#[derive(...)]` of `{name}`"
            )))
    }

    fn trail_text(&self) -> String {
        self.trail
            .iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(" → ")
    }

    fn ty<'t>(&mut self, ty: &'t Type, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        match ty {
            Type::Paren(p) => self.ty(&p.elem, sc),
            Type::Group(g) => self.ty(&g.elem, sc),
            Type::Reference(r) => self.ty(&r.elem, sc),
            Type::Slice(s) => Ok(array(self.ty(&s.elem, sc)?)),
            Type::Array(a) => {
                let n = self.array_len(&a.len, sc)?;
                let mut s = array(self.ty(&a.elem, sc)?);
                s.insert("minItems".into(), n.into());
                s.insert("maxItems".into(), n.into());
                Ok(s)
            }
            Type::Tuple(t) => {
                if t.elems.is_empty() {
                    Ok(obj(json!({"type": "null"})))
                } else {
                    let items: Vec<&'t Type> = t.elems.iter().collect();
                    self.tuple(&items, sc)
                }
            }
            Type::TraitObject(_) | Type::ImplTrait(_) => Err(self
                .err(
                    sc.module,
                    ty.span(),
                    format!(
                        "`{}` is a trait object, which has no fixed JSON shape",
                        tokens(ty)
                    ),
                )
                .help(format!(
                    "use a concrete type (a struct or enum of this crate), or {}",
                    self.fix
                ))),
            Type::Path(p) => self.path(p, sc),
            _ => Err(self
                .err(
                    sc.module,
                    ty.span(),
                    format!("`{}` has no JSON shape describe knows", tokens(ty)),
                )
                .help(format!("use a serializable data type, or {}", self.fix))),
        }
    }

    fn path<'t>(&mut self, p: &'t syn::TypePath, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        // Spanned::span renders the path to tokens: only an error pays for it.
        let span = || p.span();
        if p.qself.is_some() {
            return Err(self
                .err(
                    sc.module,
                    span(),
                    format!("`{}`: qualified paths are not supported", tokens(p)),
                )
                .help(format!("name the type directly, or {}", self.fix)));
        }
        let segs = &p.path.segments;
        let Some(last) = segs.last() else {
            return Err(self.err(sc.module, span(), "empty type path".into()));
        };
        let args = type_args(&last.arguments);
        if segs.len() == 1 && p.path.leading_colon.is_none() {
            let name = last.ident.unraw().to_string();
            if let Some((bound, bsc)) = sc.param(&name) {
                return self.ty(bound, &bsc);
            }
            if name == "Self" {
                return Err(self
                    .err(sc.module, span(), "`Self` cannot be described here".into())
                    .help("write the type's name instead of `Self`"));
            }
        }
        let names: Vec<String> = segs.iter().map(|s| s.ident.unraw().to_string()).collect();
        match resolve_path(self.idx, sc.module, &names, p.path.leading_colon.is_some()) {
            Some(Resolved::Local { module, item }) => self.local(item, module, &args, sc, p),
            Some(r @ (Resolved::External(_) | Resolved::Prelude(_))) => match builtin_of(&r) {
                Some(b) => self.builtin(b, &args, sc, p),
                None => {
                    let krate = match &r {
                        Resolved::External(p) => p.first().cloned().unwrap_or_default(),
                        _ => String::new(),
                    };
                    if krate == "std" || krate == "core" || krate == "alloc" || krate.is_empty() {
                        Err(self
                            .err(sc.module, span(), format!("`{}` has no JSON shape describe knows", tokens(p)))
                            .help(format!(
                                "use String, bool, an integer or float, Option, Vec, a set, a map with string \
                                 keys, serde_json::Value or a type of this crate; or {}",
                                self.fix
                            )))
                    } else {
                        Err(self
                            .err(
                                sc.module,
                                span(),
                                format!(
                                    "`{}` comes from another crate (`{krate}`), whose source describe does \
                                     not read, so it cannot derive a JSON Schema for it",
                                    tokens(p)
                                ),
                            )
                            .help(format!("use a type defined in this crate instead, or {}", self.fix)))
                    }
                }
            },
            Some(Resolved::Module(_)) => Err(self.err(
                sc.module,
                span(),
                format!("`{}` is a module, not a type", tokens(p)),
            )),
            None => {
                let mut help =
                    String::from("define the type in this crate or import it with `use`");
                let globs = foreign_globs(self.idx, sc.module);
                if !globs.is_empty() {
                    help.push_str(&format!(
                        " (it may come from `{}::*`, another crate describe does not read)",
                        globs.join("::*`, `")
                    ));
                }
                help.push_str(&format!("; or {}", self.fix));
                Err(self
                    .err(
                        sc.module,
                        span(),
                        format!("cannot find type `{}` in this crate", tokens(p)),
                    )
                    .help(help))
            }
        }
    }

    fn builtin<'t>(
        &mut self,
        b: Builtin,
        args: &[&'t Type],
        sc: &Scope<'t>,
        written: &syn::TypePath,
    ) -> R
    where
        'a: 't,
    {
        let arg = |i: usize| -> Result<&'t Type, SourceError> {
            args.get(i).copied().ok_or_else(|| {
                self.err(
                    sc.module,
                    written.span(),
                    format!("`{}` is missing a type argument", tokens(written)),
                )
                .help("write the element type out, e.g. `Vec<String>`")
            })
        };
        Ok(match b {
            Builtin::Bool => obj(json!({"type": "boolean"})),
            Builtin::Char => obj(json!({"type": "string", "minLength": 1, "maxLength": 1})),
            Builtin::Str => obj(json!({"type": "string"})),
            Builtin::Int(min, max) => {
                obj(json!({"type": "integer", "minimum": min, "maximum": max}))
            }
            Builtin::Float => obj(json!({"type": "number"})),
            Builtin::JsonValue => Schema::new(),
            Builtin::JsonMap => obj(json!({"type": "object"})),
            Builtin::JsonNumber => obj(json!({"type": "number"})),
            Builtin::DynamicToolDescriptor => obj(crate::builtin::descriptor_schema()),
            Builtin::DynamicDispatch => obj(crate::builtin::dispatch_schema()),
            Builtin::Option => {
                let inner = arg(0)?;
                nullable(self.ty(inner, sc)?)
            }
            Builtin::Wrapper => {
                let inner = arg(0)?;
                self.ty(inner, sc)?
            }
            Builtin::Seq => {
                let inner = arg(0)?;
                array(self.ty(inner, sc)?)
            }
            Builtin::Set => {
                let inner = arg(0)?;
                let mut s = array(self.ty(inner, sc)?);
                s.insert("uniqueItems".into(), true.into());
                s
            }
            Builtin::Map => {
                let (k, v) = (arg(0)?, arg(1)?);
                let key = self.ty(k, sc)?;
                let value = self.ty(v, sc)?;
                let mut s = obj(json!({"type": "object"}));
                match key.get("type").and_then(Value::as_str) {
                    Some("string") => {
                        if let Some(e) = key.get("enum") {
                            s.insert("propertyNames".into(), json!({ "enum": e }));
                        }
                    }
                    Some("integer") => {
                        let unsigned = key
                            .get("minimum")
                            .and_then(Value::as_i64)
                            .is_some_and(|m| m >= 0);
                        let pattern = if unsigned { "^[0-9]+$" } else { "^-?[0-9]+$" };
                        s.insert("propertyNames".into(), json!({ "pattern": pattern }));
                    }
                    _ => {
                        return Err(self
                            .err(
                                sc.module,
                                k.span(),
                                format!(
                                    "map key `{}` does not serialize as a JSON string; JSON object keys are strings",
                                    tokens(k)
                                ),
                            )
                            .help(format!("key the map by String (or an integer or a unit-only enum), or {}", self.fix)));
                    }
                }
                s.insert("additionalProperties".into(), Value::Object(value));
                s
            }
        })
    }

    fn local<'t>(
        &mut self,
        item: TypeItem<'a>,
        module: usize,
        args: &[&'t Type],
        sc: &Scope<'t>,
        written: &syn::TypePath,
    ) -> R
    where
        'a: 't,
    {
        let generics = item.generics();
        let params: Vec<&'a syn::TypeParam> = generics.type_params().collect();
        let name = item.ident().unraw().to_string();
        if args.len() > params.len() {
            return Err(self.err(
                sc.module,
                written.span(),
                format!(
                    "`{}` has more type arguments than `{name}` declares",
                    tokens(written)
                ),
            ));
        }
        let mut env: Env<'t> = Env::default();
        for (i, p) in params.iter().enumerate() {
            let pname = p.ident.unraw().to_string();
            if let Some(a) = args.get(i) {
                env.params.push((pname, a, sc.clone()));
            } else if let Some(d) = &p.default {
                let dsc = Scope {
                    module,
                    env: Rc::new(Env {
                        params: env.params.clone(),
                    }),
                };
                env.params.push((pname, d, dsc));
            } else {
                return Err(self
                    .err(
                        sc.module,
                        written.span(),
                        format!(
                            "`{}` leaves the type parameter `{pname}` of `{name}` unresolved, so its JSON shape is unknown",
                            tokens(written)
                        ),
                    )
                    .help(format!("write the type argument out, e.g. `{name}<String>`, or {}", self.fix)));
            }
        }
        let key = (
            item.addr(),
            env.params
                .iter()
                .map(|(_, t, s)| canon(t, s))
                .collect::<Vec<_>>()
                .join(","),
        );
        if self.stack.contains(&key) {
            return Err(self
                .err(
                    sc.module,
                    written.span(),
                    format!(
                        "`{name}` contains itself, and a portable schema inlines every definition (no $ref), so it cannot describe a recursive type"
                    ),
                )
                .help(self.fix.clone()));
        }
        let cache_key = (key.0, key.1.clone(), self.dir == Direction::Input);
        if let Some(hit) = self.cache.map.get(&cache_key) {
            return Ok(hit.clone());
        }
        let warnings_before = self.warnings.len();
        let isc = Scope {
            module,
            env: Rc::new(env),
        };
        self.stack.push(key);
        let r = match item {
            TypeItem::Struct(s) => self
                .derives_schema(
                    &s.attrs,
                    &s.ident,
                    s.fields.iter().flat_map(|f| &f.attrs),
                    &isc,
                )
                .and_then(|()| self.structure(s, &isc)),
            TypeItem::Enum(e) => {
                let inner = e.variants.iter().flat_map(|v| {
                    v.attrs
                        .iter()
                        .chain(v.fields.iter().flat_map(|f| f.attrs.iter()))
                });
                self.derives_schema(&e.attrs, &e.ident, inner, &isc)
                    .and_then(|()| self.enumeration(e, &isc))
            }
            TypeItem::Alias(t) => self.ty(&t.ty, &isc).map(|mut s| {
                if let Some(d) = gtdx_annotations::doc_comment(&t.attrs) {
                    s.insert("description".into(), d.into());
                }
                s
            }),
        };
        self.stack.pop();
        if let Ok(schema) = &r
            && self.warnings.len() == warnings_before
        {
            self.cache.map.insert(cache_key, schema.clone());
        }
        r
    }
}

/// Renders a type for messages and recursion keys, with generic parameters substituted.
fn canon(ty: &Type, sc: &Scope<'_>) -> String {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            if p.path.segments.len() == 1
                && let Some((bound, bsc)) = sc.param(&p.path.segments[0].ident.to_string())
            {
                return canon(bound, &bsc);
            }
            let mut s = format!("m{}:", sc.module);
            for (i, seg) in p.path.segments.iter().enumerate() {
                if i > 0 {
                    s.push_str("::");
                }
                s.push_str(&seg.ident.to_string());
                let args = type_args(&seg.arguments);
                if !args.is_empty() {
                    s.push('<');
                    s.push_str(
                        &args
                            .iter()
                            .map(|a| canon(a, sc))
                            .collect::<Vec<_>>()
                            .join(","),
                    );
                    s.push('>');
                }
            }
            s
        }
        Type::Reference(r) => canon(&r.elem, sc),
        Type::Paren(p) => canon(&p.elem, sc),
        Type::Group(g) => canon(&g.elem, sc),
        Type::Slice(s) => format!("[{}]", canon(&s.elem, sc)),
        Type::Array(a) => format!("[{};{}]", canon(&a.elem, sc), tokens(&a.len)),
        Type::Tuple(t) => format!(
            "({})",
            t.elems
                .iter()
                .map(|e| canon(e, sc))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => tokens(other),
    }
}

fn type_args(args: &PathArguments) -> Vec<&Type> {
    match args {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

pub use gtdx_annotations::tokens;

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(src: &str) -> String {
        tokens(&syn::parse_str::<Type>(src).unwrap())
    }

    #[test]
    fn renders_types_as_written() {
        assert_eq!(ty("Vec < u8 >"), "Vec<u8>");
        assert_eq!(ty("& 'a str"), "&'a str");
        assert_eq!(ty("[u8 ; 3]"), "[u8; 3]");
        assert_eq!(ty("Box<dyn Fn(u32) -> u32>"), "Box<dyn Fn(u32) -> u32>");
        assert_eq!(
            ty("std::collections::HashMap<String, Vec<(u8, bool)>>"),
            "std::collections::HashMap<String, Vec<(u8, bool)>>"
        );
        assert_eq!(ty("fn(u8) -> u8"), "fn(u8) -> u8");
    }

    #[test]
    fn nullable_forms() {
        let n = |v: Value| Value::Object(nullable(obj(v)));
        assert_eq!(
            n(json!({"type": "string"})),
            json!({"type": ["string", "null"]})
        );
        assert_eq!(
            n(json!({"type": "string", "enum": ["a"]})),
            json!({"type": ["string", "null"], "enum": ["a", null]})
        );
        assert_eq!(n(json!({})), json!({}));
        assert_eq!(n(json!({"type": "null"})), json!({"type": "null"}));
        assert_eq!(
            n(json!({"description": "d", "oneOf": [{"type": "string"}]})),
            json!({"anyOf": [{"oneOf": [{"type": "string"}]}, {"type": "null"}], "description": "d"})
        );
    }

    #[test]
    fn normalize_orders_keys_but_not_properties() {
        let s = normalize(obj(json!({
            "required": ["b"], "properties": {"b": {"maximum": 1, "type": "integer"}, "a": {}}, "type": "object"
        })));
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"type":"object","properties":{"b":{"type":"integer","maximum":1},"a":{}},"required":["b"]}"#
        );
    }

    #[test]
    fn known_externals() {
        let p = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
        assert!(is_known_external(&p("std::collections::HashMap")));
        assert!(is_known_external(&p("alloc::sync::Arc")));
        assert!(is_known_external(&p("serde_json::Value")));
        assert!(is_known_external(&p("gtdx_sdk::serde_json::Map")));
        assert!(!is_known_external(&p("chrono::DateTime")));
        assert!(is_known_external(&p("gtdx_sdk::DynamicToolDescriptor")));
        assert!(is_known_external(&p("gtdx_sdk::dynamic::Dispatch")));
        assert!(!is_known_external(&p("std::time::Instant")));
    }
}
