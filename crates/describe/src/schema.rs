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

use quote::ToTokens;
use serde_json::{Map, Value, json};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Fields, GenericArgument, PathArguments, Type};

use crate::crate_src::{Index, TypeItem};
use crate::error::SourceError;
use crate::resolve::{Resolved, foreign_globs, resolve_path};
use crate::serde_attrs::{self, Case, Container};

/// A JSON Schema object.
pub type Schema = Map<String, Value>;

/// Which side of serde a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// What `Deserialize` accepts (a tool's input).
    Input,
    /// What `Serialize` produces (a tool's output).
    Output,
}

/// The largest integer every JSON implementation represents exactly (2^53 − 1, RFC 7493).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// Types of `std`/`core`/`alloc` and `serde_json` with a known JSON shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Builtin {
    Bool,
    Char,
    Str,
    Int(i64, i64),
    Float,
    Option,
    Seq,
    Set,
    Map,
    /// `Box`, `Rc`, `Arc`, `Cow`: serialized as what they hold.
    Wrapper,
    JsonValue,
    JsonMap,
    JsonNumber,
}

fn builtin_by_name(name: &str) -> Option<Builtin> {
    use Builtin::*;
    Some(match name {
        "bool" => Bool,
        "char" => Char,
        "str" | "String" | "PathBuf" | "Path" => Str,
        "u8" => Int(0, u8::MAX as i64),
        "u16" => Int(0, u16::MAX as i64),
        "u32" => Int(0, u32::MAX as i64),
        // Extensions run on wasm32, where usize and isize are 32 bits wide.
        "usize" => Int(0, u32::MAX as i64),
        "u64" | "u128" => Int(0, MAX_SAFE_INTEGER),
        "i8" => Int(i8::MIN as i64, i8::MAX as i64),
        "i16" => Int(i16::MIN as i64, i16::MAX as i64),
        "i32" | "isize" => Int(i32::MIN as i64, i32::MAX as i64),
        "i64" | "i128" => Int(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER),
        "f32" | "f64" => Float,
        "Option" => Option,
        "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" => Seq,
        "HashSet" | "BTreeSet" => Set,
        "HashMap" | "BTreeMap" => Map,
        "Box" | "Rc" | "Arc" | "Cow" => Wrapper,
        _ => return None,
    })
}

fn builtin_of(r: &Resolved<'_>) -> Option<Builtin> {
    match r {
        Resolved::Prelude(n) => builtin_by_name(n),
        Resolved::External(p) => {
            let last = p.last()?.as_str();
            let first = p.first()?.as_str();
            if matches!(first, "std" | "core" | "alloc") {
                return builtin_by_name(last);
            }
            // `serde_json::Value`, also through a re-export such as `gtdx_sdk::serde_json::Value`.
            if p.len() >= 2 && p[p.len() - 2] == "serde_json" {
                return match last {
                    "Value" => Some(Builtin::JsonValue),
                    "Map" => Some(Builtin::JsonMap),
                    "Number" => Some(Builtin::JsonNumber),
                    _ => None,
                };
            }
            None
        }
        _ => None,
    }
}

/// Whether a path outside the crate names a type this module knows the shape of.
pub fn is_known_external(path: &[String]) -> bool {
    builtin_of(&Resolved::External(path.to_vec())).is_some()
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
            TypeItem::Struct(s) => self.structure(s, &isc),
            TypeItem::Enum(e) => self.enumeration(e, &isc),
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

    /// `from`/`try_from` (input) and `into` (output) replace the type's shape with another's.
    fn converted<'t>(&mut self, c: &Container, sc: &Scope<'t>) -> Option<R>
    where
        'a: 't,
    {
        let lit = match self.dir {
            Direction::Input => c.from.as_ref(),
            Direction::Output => c.into.as_ref(),
        }?;
        let parsed: Type = match lit.parse() {
            Ok(t) => t,
            Err(e) => {
                return Some(Err(self.err(
                    sc.module,
                    lit.span(),
                    format!("cannot read this type: {e}"),
                )));
            }
        };
        Some(self.ty(&parsed, sc))
    }

    fn structure<'t>(&mut self, s: &'a syn::ItemStruct, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let c = serde_attrs::container(&s.attrs, file)?;
        if let Some(r) = self.converted(&c, sc) {
            return r;
        }
        let owner = s.ident.unraw().to_string();
        let mut schema = match &s.fields {
            Fields::Named(named) => {
                if c.transparent {
                    self.transparent(named.named.iter(), sc, &owner)?
                } else {
                    let case = c.rename_all.get(self.dir);
                    self.object(
                        named.named.iter(),
                        case,
                        c.deny_unknown_fields,
                        c.default,
                        sc,
                        &owner,
                    )?
                }
            }
            Fields::Unnamed(u) => {
                if c.transparent || u.unnamed.len() == 1 {
                    self.transparent(u.unnamed.iter(), sc, &owner)?
                } else {
                    let items: Vec<&'t Type> = u.unnamed.iter().map(|f| &f.ty).collect();
                    self.tuple(&items, sc)?
                }
            }
            Fields::Unit => obj(json!({"type": "null"})),
        };
        if let Some(d) = gtdx_annotations::doc_comment(&s.attrs) {
            schema.insert("description".into(), d.into());
        }
        crate::facts::apply(&s.attrs, &mut schema, file)?;
        Ok(schema)
    }

    /// A newtype or `#[serde(transparent)]` struct: the shape of its one (non-skipped) field.
    fn transparent<'t>(
        &mut self,
        fields: impl Iterator<Item = &'a syn::Field>,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        for (i, f) in fields.enumerate() {
            let fa = serde_attrs::field(&f.attrs, file)?;
            if fa.skipped(self.dir) {
                continue;
            }
            let label = f
                .ident
                .as_ref()
                .map(|id| id.unraw().to_string())
                .unwrap_or_else(|| i.to_string());
            self.trail.push(format!("{owner}.{label}"));
            let mut s = self.ty(&f.ty, sc)?;
            self.field_facts(f, &mut s, sc)?;
            self.trail.pop();
            return Ok(s);
        }
        Ok(obj(json!({"type": "null"})))
    }

    /// The `#[schema(...)]` facts and doc comment of a field, applied to its schema.
    fn field_facts<'t>(
        &mut self,
        f: &'a syn::Field,
        s: &mut Schema,
        sc: &Scope<'t>,
    ) -> Result<(), SourceError>
    where
        'a: 't,
    {
        if let Some(d) = gtdx_annotations::doc_comment(&f.attrs) {
            s.insert("description".into(), d.into());
        }
        crate::facts::apply(&f.attrs, s, self.idx.file_of(sc.module))
    }

    #[allow(clippy::too_many_arguments)]
    fn object<'t>(
        &mut self,
        fields: impl Iterator<Item = &'a syn::Field>,
        case: Option<Case>,
        deny_unknown: bool,
        container_default: bool,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let mut props = Map::new();
        let mut required: Vec<Value> = Vec::new();
        let mut additional: Option<Value> = None;
        // A required field with aliases is satisfied by any of its names.
        let mut alias_groups: Vec<Value> = Vec::new();
        for f in fields {
            let fa = serde_attrs::field(&f.attrs, file)?;
            if fa.skipped(self.dir) {
                continue;
            }
            let ident = f
                .ident
                .as_ref()
                .map(|i| i.unraw().to_string())
                .unwrap_or_default();
            let name = fa
                .rename
                .get(self.dir)
                .unwrap_or_else(|| case.map_or_else(|| ident.clone(), |c| c.field(&ident)));
            self.trail.push(format!("{owner}.{ident}"));
            let opt = self.option_inner(&f.ty, sc);
            let (inner_ty, inner_sc) = match &opt {
                Some((t, s)) => (*t, s.clone()),
                None => (&f.ty, sc.clone()),
            };
            let mut s = if fa.custom.get(self.dir) == Some(true) {
                self.warnings.push(
                    SourceError::new(
                        file,
                        f.ty.span(),
                        format!(
                            "field `{owner}.{ident}` is (de)serialized by a custom function (#[serde(with)]), so its JSON shape is unknown; the schema accepts any value here"
                        ),
                    )
                    .help("describe the field with #[schema(description = \"...\")], or the tool with a hand-written schema"),
                );
                Schema::new()
            } else {
                self.ty(inner_ty, &inner_sc)?
            };
            self.field_facts(f, &mut s, sc)?;
            if fa.flatten {
                self.flatten(
                    f,
                    s,
                    opt.is_some(),
                    &mut props,
                    &mut required,
                    &mut additional,
                    &mut alias_groups,
                    sc,
                )?;
                self.trail.pop();
                continue;
            }
            if opt.is_some() {
                s = nullable(s);
            }
            let is_required = match self.dir {
                Direction::Input => opt.is_none() && !fa.default && !container_default,
                Direction::Output => opt.is_none() && !fa.skip_ser_if,
            };
            if props.contains_key(&name) {
                return Err(self
                    .err(
                        sc.module,
                        f.span(),
                        format!("two fields of `{owner}` are both named `{name}` in JSON"),
                    )
                    .help("rename one of them"));
            }
            let aliases: Vec<(String, Value)> = match self.dir {
                Direction::Input => fa
                    .aliases
                    .iter()
                    .map(|a| {
                        let mut alias = s.clone();
                        alias.insert("description".into(), format!("Alias of `{name}`.").into());
                        (a.clone(), Value::Object(alias))
                    })
                    .collect(),
                Direction::Output => Vec::new(),
            };
            props.insert(name.clone(), Value::Object(s));
            props.extend(aliases);
            let aliased = self.dir == Direction::Input && !fa.aliases.is_empty();
            if is_required && aliased {
                let mut names = vec![name.clone()];
                names.extend(fa.aliases.iter().cloned());
                alias_groups.push(Value::Array(
                    names
                        .into_iter()
                        .map(|n| json!({ "required": [n] }))
                        .collect(),
                ));
            } else if is_required {
                required.push(name.into());
            }
            self.trail.pop();
        }
        let mut s = obj(json!({"type": "object"}));
        s.insert("properties".into(), Value::Object(props));
        if !required.is_empty() {
            s.insert("required".into(), Value::Array(required));
        }
        if deny_unknown {
            s.insert("additionalProperties".into(), false.into());
        } else if let Some(a) = additional {
            s.insert("additionalProperties".into(), a);
        }
        set_alias_groups(&mut s, alias_groups);
        Ok(s)
    }

    #[allow(clippy::too_many_arguments)]
    fn flatten<'t>(
        &mut self,
        f: &'a syn::Field,
        s: Schema,
        optional: bool,
        props: &mut Map<String, Value>,
        required: &mut Vec<Value>,
        additional: &mut Option<Value>,
        alias_groups: &mut Vec<Value>,
        sc: &Scope<'t>,
    ) -> Result<(), SourceError>
    where
        'a: 't,
    {
        if is_choice(&s) || s.get("type").and_then(Value::as_str) != Some("object") {
            return Err(self
                .err(
                    sc.module,
                    f.ty.span(),
                    format!("#[serde(flatten)] on `{}`: only a struct or a map can be flattened into a schema", tokens(&f.ty)),
                )
                .help(format!("flatten a struct or a map with string keys, or {}", self.fix)));
        }
        if let Some(Value::Object(p)) = s.get("properties") {
            for (k, v) in p {
                if props.contains_key(k) {
                    return Err(self
                        .err(
                            sc.module,
                            f.ty.span(),
                            format!("the flattened field `{k}` clashes with another field"),
                        )
                        .help("rename one of them"));
                }
                props.insert(k.clone(), v.clone());
            }
        }
        if !optional {
            if let Some(Value::Array(r)) = s.get("required") {
                required.extend(r.iter().cloned());
            }
            alias_groups.extend(take_alias_groups(&s));
        }
        if let Some(a @ Value::Object(_)) = s.get("additionalProperties") {
            *additional = Some(a.clone());
        }
        Ok(())
    }

    /// `T` when `ty` is `Option<T>` (also through generic parameters and type aliases): serde
    /// then accepts a missing field as `None`.
    fn option_inner<'t>(&self, ty: &'t Type, sc: &Scope<'t>) -> Option<(&'t Type, Scope<'t>)>
    where
        'a: 't,
    {
        match ty {
            Type::Paren(p) => self.option_inner(&p.elem, sc),
            Type::Group(g) => self.option_inner(&g.elem, sc),
            Type::Path(p) if p.qself.is_none() => {
                let segs = &p.path.segments;
                let last = segs.last()?;
                if segs.len() == 1
                    && let Some((bound, bsc)) = sc.param(&last.ident.unraw().to_string())
                {
                    return self.option_inner(bound, &bsc);
                }
                let names: Vec<String> = segs.iter().map(|s| s.ident.unraw().to_string()).collect();
                match resolve_path(self.idx, sc.module, &names, p.path.leading_colon.is_some())? {
                    r @ (Resolved::Prelude(_) | Resolved::External(_)) => {
                        if builtin_of(&r) == Some(Builtin::Option) {
                            type_args(&last.arguments).first().map(|t| (*t, sc.clone()))
                        } else {
                            None
                        }
                    }
                    Resolved::Local {
                        module,
                        item: TypeItem::Alias(a),
                    } if a.generics.params.is_empty() => self.option_inner(
                        &a.ty,
                        &Scope {
                            module,
                            env: Rc::new(Env::default()),
                        },
                    ),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn tuple<'t>(&mut self, items: &[&'t Type], sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let mut prefix = Vec::new();
        for t in items {
            prefix.push(Value::Object(self.ty(t, sc)?));
        }
        let n = items.len();
        Ok(obj(
            json!({"type": "array", "prefixItems": prefix, "minItems": n, "maxItems": n}),
        ))
    }

    fn array_len<'t>(&self, len: &syn::Expr, sc: &Scope<'t>) -> Result<u64, SourceError> {
        let bad = || {
            self.err(
                sc.module,
                len.span(),
                format!(
                    "array length `{}` is not an integer describe can read",
                    tokens(len)
                ),
            )
            .help("write the length as an integer literal or a `const` of the same module")
        };
        match len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => i.base10_parse().map_err(|_| bad()),
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                let name = p.path.segments[0].ident.to_string();
                let c = self.idx.modules[sc.module]
                    .consts
                    .get(&name)
                    .ok_or_else(bad)?;
                match &*c.expr {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }) => i.base10_parse().map_err(|_| bad()),
                    _ => Err(bad()),
                }
            }
            syn::Expr::Group(g) => self.array_len(&g.expr, sc),
            syn::Expr::Paren(p) => self.array_len(&p.expr, sc),
            _ => Err(bad()),
        }
    }

    fn enumeration<'t>(&mut self, e: &'a syn::ItemEnum, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let c = serde_attrs::container(&e.attrs, file)?;
        if let Some(r) = self.converted(&c, sc) {
            return r;
        }
        let owner = e.ident.unraw().to_string();
        let tagging = if c.untagged {
            Tagging::Untagged
        } else {
            match (&c.tag, &c.content) {
                (Some(t), Some(ct)) => Tagging::Adjacent(t.clone(), ct.clone()),
                (Some(t), None) => Tagging::Internal(t.clone()),
                _ => Tagging::External,
            }
        };
        let mut variants = Vec::new();
        for v in &e.variants {
            let va = serde_attrs::variant(&v.attrs, file)?;
            if va.skipped(self.dir) {
                continue;
            }
            let ident = v.ident.unraw().to_string();
            let name = va.rename.get(self.dir).unwrap_or_else(|| {
                c.rename_all
                    .get(self.dir)
                    .map_or_else(|| ident.clone(), |r| r.variant(&ident))
            });
            variants.push((v, va, name));
        }
        let all_unit = variants
            .iter()
            .all(|(v, va, _)| matches!(v.fields, Fields::Unit) && !va.untagged);
        let mut schema = if matches!(tagging, Tagging::External) && all_unit {
            let mut names: Vec<Value> = Vec::new();
            for (_, va, name) in &variants {
                names.push(name.clone().into());
                if self.dir == Direction::Input {
                    names.extend(va.aliases.iter().map(|a| Value::from(a.clone())));
                }
            }
            obj(json!({"type": "string", "enum": names}))
        } else {
            let any_untagged = matches!(tagging, Tagging::Untagged)
                || variants.iter().any(|(_, va, _)| va.untagged);
            let mut branches = Vec::new();
            for (v, va, name) in &variants {
                let mode = if va.untagged {
                    &Tagging::Untagged
                } else {
                    &tagging
                };
                self.trail.push(format!("{owner}::{}", v.ident.unraw()));
                let mut b = self.variant(v, va, name, mode, &c, sc, &owner)?;
                self.trail.pop();
                if let Some(d) = gtdx_annotations::doc_comment(&v.attrs) {
                    b.insert("description".into(), d.into());
                }
                branches.push(b);
            }
            let all_objects = !branches.is_empty()
                && branches
                    .iter()
                    .all(|b| b.get("type").and_then(Value::as_str) == Some("object"));
            let mut s = Schema::new();
            if all_objects {
                s.insert("type".into(), "object".into());
            }
            let key = if any_untagged { "anyOf" } else { "oneOf" };
            s.insert(
                key.into(),
                Value::Array(branches.into_iter().map(Value::Object).collect()),
            );
            s
        };
        if let Some(d) = gtdx_annotations::doc_comment(&e.attrs) {
            schema.insert("description".into(), d.into());
        }
        crate::facts::apply(&e.attrs, &mut schema, file)?;
        Ok(schema)
    }

    #[allow(clippy::too_many_arguments)]
    fn variant<'t>(
        &mut self,
        v: &'a syn::Variant,
        va: &serde_attrs::Variant,
        name: &str,
        mode: &Tagging,
        c: &Container,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let vowner = format!("{owner}::{}", v.ident.unraw());
        let case = va
            .rename_all
            .get(self.dir)
            .or(c.rename_all_fields.get(self.dir));
        let custom = va.custom.get(self.dir) == Some(true);
        let content: Option<Schema> = if custom {
            Some(Schema::new())
        } else {
            match &v.fields {
                Fields::Unit => None,
                Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                    let f = &u.unnamed[0];
                    let mut s = self.ty(&f.ty, sc)?;
                    self.field_facts(f, &mut s, sc)?;
                    Some(s)
                }
                Fields::Unnamed(u) => {
                    if let Tagging::Internal(_) = mode {
                        return Err(self
                            .err(
                                sc.module,
                                v.span(),
                                format!("serde cannot internally tag the tuple variant `{vowner}`"),
                            )
                            .help("make it a struct variant, or use adjacent tagging (`content = \"...\"`)"));
                    }
                    let items: Vec<&'t Type> = u.unnamed.iter().map(|f| &f.ty).collect();
                    Some(self.tuple(&items, sc)?)
                }
                Fields::Named(n) => Some(self.object(
                    n.named.iter(),
                    case,
                    c.deny_unknown_fields,
                    false,
                    sc,
                    &vowner,
                )?),
            }
        };
        let tag_value = |extra: &[String]| {
            let mut names = vec![Value::from(name.to_string())];
            names.extend(extra.iter().map(|a| Value::from(a.clone())));
            json!({"type": "string", "enum": names})
        };
        let aliases: Vec<String> = if self.dir == Direction::Input {
            va.aliases.clone()
        } else {
            Vec::new()
        };
        Ok(match mode {
            Tagging::External => match content {
                None => obj(tag_value(&aliases)),
                Some(cs) => {
                    let mut props = Map::new();
                    props.insert(name.to_string(), Value::Object(cs));
                    obj(
                        json!({"type": "object", "properties": props, "required": [name], "additionalProperties": false}),
                    )
                }
            },
            Tagging::Internal(tag) => {
                let mut props = Map::new();
                props.insert(tag.clone(), tag_value(&aliases));
                let mut required = vec![Value::from(tag.clone())];
                let mut out = obj(json!({"type": "object"}));
                if let Some(cs) = content {
                    let is_object =
                        cs.get("type").and_then(Value::as_str) == Some("object") && !is_choice(&cs);
                    if !is_object {
                        return Err(self
                            .err(
                                sc.module,
                                v.span(),
                                format!(
                                    "the internally tagged variant `{vowner}` holds a value that is not a JSON object, which serde cannot tag"
                                ),
                            )
                            .help("make the variant hold a struct, or use adjacent tagging (`content = \"...\"`)"));
                    }
                    if let Some(Value::Object(p)) = cs.get("properties") {
                        for (k, val) in p {
                            props.insert(k.clone(), val.clone());
                        }
                    }
                    if let Some(Value::Array(r)) = cs.get("required") {
                        required.extend(r.iter().cloned());
                    }
                    if let Some(a) = cs.get("additionalProperties") {
                        out.insert("additionalProperties".into(), a.clone());
                    }
                    if let Some(d) = cs.get("description") {
                        out.insert("description".into(), d.clone());
                    }
                    set_alias_groups(&mut out, take_alias_groups(&cs));
                }
                out.insert("properties".into(), Value::Object(props));
                out.insert("required".into(), Value::Array(required));
                if c.deny_unknown_fields {
                    out.insert("additionalProperties".into(), false.into());
                }
                out
            }
            Tagging::Adjacent(tag, ct) => {
                let mut props = Map::new();
                props.insert(tag.clone(), tag_value(&aliases));
                let mut required = vec![Value::from(tag.clone())];
                if let Some(cs) = content {
                    props.insert(ct.clone(), Value::Object(cs));
                    required.push(ct.clone().into());
                }
                let mut out =
                    obj(json!({"type": "object", "properties": props, "required": required}));
                if c.deny_unknown_fields {
                    out.insert("additionalProperties".into(), false.into());
                }
                out
            }
            Tagging::Untagged => content.unwrap_or_else(|| obj(json!({"type": "null"}))),
        })
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

/// Source text of a syntax node, with the spacing `quote` puts between tokens tidied up
/// (`Vec<u8>`, `&'a str`, `[u8; 3]`, `dyn Fn(u8) -> u8`).
pub fn tokens(t: &impl ToTokens) -> String {
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

fn obj(v: Value) -> Schema {
    match v {
        Value::Object(m) => m,
        _ => Schema::new(),
    }
}

fn array(items: Schema) -> Schema {
    let mut s = obj(json!({"type": "array"}));
    s.insert("items".into(), Value::Object(items));
    s
}

/// A schema that also accepts `null` (what serde writes for `None`).
pub fn nullable(mut s: Schema) -> Schema {
    if s.is_empty() || (s.len() == 1 && s.contains_key("description")) {
        return s;
    }
    if s.contains_key("oneOf") || s.contains_key("anyOf") || !s.contains_key("type") {
        let desc = s.remove("description");
        let mut out = Schema::new();
        out.insert("anyOf".into(), json!([Value::Object(s), {"type": "null"}]));
        if let Some(d) = desc {
            out.insert("description".into(), d);
        }
        return out;
    }
    match s.get_mut("type") {
        Some(Value::String(t)) if t == "null" => return s,
        Some(t @ Value::String(_)) => {
            let old = t.take();
            *t = json!([old, "null"]);
        }
        Some(Value::Array(a)) if !a.iter().any(|x| x == "null") => a.push("null".into()),
        _ => {}
    }
    if let Some(Value::Array(e)) = s.get_mut("enum")
        && !e.iter().any(Value::is_null)
    {
        e.push(Value::Null);
    }
    s
}

/// Whether `v` is an alias group: `[{"required": [name]}, {"required": [alias]}, ...]`.
fn is_alias_group(v: &Value) -> bool {
    v.as_array().is_some_and(|a| {
        !a.is_empty()
            && a.iter().all(|x| {
                x.as_object()
                    .is_some_and(|o| o.len() == 1 && o.get("required").is_some_and(Value::is_array))
            })
    })
}

/// Whether a schema is a choice between shapes (an enum), as opposed to one object whose
/// `anyOf`/`allOf` only lists alternative names of required fields.
fn is_choice(s: &Schema) -> bool {
    s.contains_key("oneOf") || s.get("anyOf").is_some_and(|a| !is_alias_group(a))
}

/// The alias groups of an object schema.
fn take_alias_groups(s: &Schema) -> Vec<Value> {
    if let Some(a) = s.get("anyOf").filter(|a| is_alias_group(a)) {
        return vec![a.clone()];
    }
    match s.get("allOf") {
        Some(Value::Array(all)) => all
            .iter()
            .filter_map(|x| x.get("anyOf").filter(|a| is_alias_group(a)).cloned())
            .collect(),
        _ => Vec::new(),
    }
}

/// Writes alias groups: one as `anyOf`, several as `allOf` of `anyOf`s.
fn set_alias_groups(s: &mut Schema, mut groups: Vec<Value>) {
    s.remove("allOf");
    if s.get("anyOf").is_some_and(is_alias_group) {
        s.remove("anyOf");
    }
    match groups.len() {
        0 => {}
        1 => {
            s.insert("anyOf".into(), groups.remove(0));
        }
        _ => {
            let all: Vec<Value> = groups.into_iter().map(|g| json!({ "anyOf": g })).collect();
            s.insert("allOf".into(), Value::Array(all));
        }
    }
}

/// The order keys are written in, so that output is stable and readable.
const KEY_ORDER: &[&str] = &[
    "type",
    "description",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "enum",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
    "propertyNames",
    "oneOf",
    "anyOf",
    "allOf",
];

/// Puts every schema object's keys in [`KEY_ORDER`] (unknown keys after, alphabetically);
/// property names keep their declaration order.
pub fn normalize(s: Schema) -> Schema {
    let mut entries: Vec<(String, Value)> = s.into_iter().collect();
    entries.sort_by(|(a, _), (b, _)| {
        let ra = KEY_ORDER
            .iter()
            .position(|k| k == a)
            .unwrap_or(KEY_ORDER.len());
        let rb = KEY_ORDER
            .iter()
            .position(|k| k == b)
            .unwrap_or(KEY_ORDER.len());
        ra.cmp(&rb).then_with(|| {
            if ra == KEY_ORDER.len() {
                a.cmp(b)
            } else {
                std::cmp::Ordering::Equal
            }
        })
    });
    let mut out = Schema::new();
    for (k, v) in entries {
        let v = match (k.as_str(), v) {
            ("items" | "additionalProperties" | "propertyNames", Value::Object(m)) => {
                Value::Object(normalize(m))
            }
            ("properties", Value::Object(props)) => Value::Object(
                props
                    .into_iter()
                    .map(|(name, p)| match p {
                        Value::Object(m) => (name, Value::Object(normalize(m))),
                        other => (name, other),
                    })
                    .collect(),
            ),
            ("prefixItems" | "oneOf" | "anyOf" | "allOf", Value::Array(a)) => Value::Array(
                a.into_iter()
                    .map(|x| match x {
                        Value::Object(m) => Value::Object(normalize(m)),
                        other => other,
                    })
                    .collect(),
            ),
            (_, v) => v,
        };
        out.insert(k, v);
    }
    out
}

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
        assert!(!is_known_external(&p("std::time::Instant")));
    }
}
