//! `#[tool]` functions → `contributions.tools[]` entries.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use gtdx_contract::Tool;
use serde_json::{Value, json};
use syn::spanned::Spanned;
use syn::{FnArg, GenericArgument, PathArguments, ReturnType, Type};

use crate::crate_src::{Index, ToolFn};
use crate::error::SourceError;
use crate::facts::syn_error;
use crate::schema::{Direction, Schema, SchemaCache, SchemaGen, tokens};

/// One described tool and where it came from.
#[derive(Debug, Clone)]
pub struct ToolOut {
    pub tool: Tool,
    /// `crate::<module path>::__gtdx_invoke_<fn>`.
    pub invoke_path: String,
    /// The function's file and 1-based line.
    pub file: PathBuf,
    pub line: usize,
    /// `#[tool(discovery)]` or `#[tool(executor = "...")]`.
    pub dynamic: Option<DynamicRole>,
}

/// A tool's part in `contributions.dynamicTools`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DynamicRole {
    Discovery,
    Executor(gtdx_contract::ExecutorEffect),
}

/// What collecting the tools produced.
#[derive(Debug, Default)]
pub struct Collected {
    /// Sorted by tool name.
    pub tools: Vec<ToolOut>,
    pub warnings: Vec<SourceError>,
    /// Hand-written schema files that were read (for `cargo:rerun-if-changed`).
    pub schema_files: Vec<PathBuf>,
}

/// Describes every tool of the crate; collects every error rather than stopping at the first.
pub fn collect(idx: &Index<'_>, crate_root: &Path) -> Result<Collected, Vec<SourceError>> {
    let mut schemas = Schemas {
        idx,
        crate_root,
        cache: SchemaCache::default(),
        roots: HashMap::new(),
        out: Collected::default(),
    };
    let mut errors = Vec::new();
    for tf in &idx.tools {
        if let Some(tool) = schemas.tool(tf, &mut errors) {
            schemas.out.tools.push(tool);
        }
    }
    let mut out = schemas.out;
    out.tools.sort_by(|a, b| a.tool.name.cmp(&b.tool.name));
    errors.extend(duplicate_names(&out.tools));
    // A type shared by a tool's input and output fails twice at the same place: say it once.
    let mut seen = std::collections::HashSet::new();
    errors.retain(|e| seen.insert((e.file.clone(), e.line, e.column)));
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// What describing the tools of one crate shares from tool to tool.
struct Schemas<'i, 'a> {
    idx: &'i Index<'a>,
    crate_root: &'i Path,
    cache: SchemaCache,
    /// The compact schema text of each root type (tools often share input and output types),
    /// by module, type and whether it is an input.
    roots: HashMap<(usize, String, bool), String>,
    /// The warnings and schema files so far (the tools are pushed by [`collect`]).
    out: Collected,
}

impl<'a> Schemas<'_, 'a> {
    /// One `#[tool]` function described, or `None` with why in `errors` (a function the
    /// annotations do not recognise as a tool is skipped silently).
    fn tool(&mut self, tf: &ToolFn<'a>, errors: &mut Vec<SourceError>) -> Option<ToolOut> {
        let idx = self.idx;
        let file = idx.file_of(tf.module);
        let analyzed = match gtdx_annotations::tool_fn_from_item(tf.item) {
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                errors.push(syn_error(
                    file,
                    e,
                    "fix the #[tool] function (the macro reports the same at compile time)",
                ));
                return None;
            }
            None => return None,
        };
        let name = analyzed.name.clone();
        if let Err(e) = check_reachable(idx, tf.module, file, tf.item) {
            errors.push(e);
        }

        let input = match &analyzed.attr.input_schema {
            Some(p) => self.hand_written_input(tf, file, &name, p),
            None => match input_type(tf.item) {
                None => Ok(compact(&json!({"type": "object", "properties": {}}))),
                Some(ty) => self.derived(tf.module, ty, file, &name, Direction::Input),
            },
        };
        let output = match &analyzed.attr.output_schema {
            Some(p) => load_schema_file(
                self.crate_root,
                &p.value,
                file,
                p.span,
                &mut self.out.schema_files,
            )
            .map(|v| Some(compact(&v))),
            None => match output_type(tf.item) {
                None => Ok(None),
                Some(ty) if is_unit(ty) => Ok(None),
                Some(ty) => self
                    .derived(tf.module, ty, file, &name, Direction::Output)
                    .map(Some),
            },
        };
        let (input, output) = match (input, output) {
            (Ok(i), Ok(o)) => (i, o),
            (i, o) => {
                errors.extend(i.err());
                errors.extend(o.err());
                return None;
            }
        };
        // `{}` says nothing about the result: leave output_schema out.
        let output = output.filter(|o| o != "{}");
        let tool = analyzed.to_tool(Some(input), output);
        Some(ToolOut {
            tool,
            invoke_path: invoke_path(&idx.modules[tf.module].path, &tf.item.sig.ident),
            file: file.to_path_buf(),
            line: analyzed.name_span.start().line,
            dynamic: match (&analyzed.attr.discovery, &analyzed.attr.executor) {
                (Some(_), _) => Some(DynamicRole::Discovery),
                (None, Some(e)) => Some(DynamicRole::Executor(e.value)),
                (None, None) => None,
            },
        })
    }

    /// An `input_schema` file, compacted. A hand-written schema must still say what the type
    /// says, where describe can read the type (a type it cannot read is why schema files exist).
    fn hand_written_input(
        &mut self,
        tf: &ToolFn<'a>,
        file: &Path,
        name: &str,
        p: &gtdx_annotations::Spanned<String>,
    ) -> Result<String, SourceError> {
        let v = load_schema_file(
            self.crate_root,
            &p.value,
            file,
            p.span,
            &mut self.out.schema_files,
        )?;
        if let Some(ty) = input_type(tf.item) {
            let mut g = SchemaGen::new(self.idx, &mut self.cache, Direction::Input, name);
            if let Ok(derived) = g.root(ty, tf.module) {
                let problems = compare_with_type(&v, &derived);
                if !problems.is_empty() {
                    return Err(SourceError::new(
                        file,
                        p.span,
                        format!(
                            "the input_schema file `{}` of tool `{name}` does not match its input type `{}`: {}",
                            p.value,
                            tokens(ty),
                            problems.join("; ")
                        ),
                    )
                    .help("make the file say what the type says, or remove `input_schema` and let describe derive the schema from the type"));
                }
            }
        }
        Ok(compact(&v))
    }

    /// The compact schema of a tool's input or output type, derived once per type and module
    /// (an input must be an object).
    fn derived(
        &mut self,
        module: usize,
        ty: &'a Type,
        file: &Path,
        name: &str,
        dir: Direction,
    ) -> Result<String, SourceError> {
        let input = dir == Direction::Input;
        let key = (module, tokens(ty), input);
        if let Some(hit) = self.roots.get(&key) {
            return Ok(hit.clone());
        }
        let mut g = SchemaGen::new(self.idx, &mut self.cache, dir, name);
        let r = g
            .root(ty, module)
            .and_then(|s| {
                if input {
                    root_object(s, ty, file, name)
                } else {
                    Ok(s)
                }
            })
            .map(|s| compact(&Value::Object(s)));
        self.out.warnings.append(&mut g.warnings);
        if let Ok(text) = &r {
            self.roots.insert(key, text.clone());
        }
        r
    }
}

/// `crate::<module path>::__gtdx_invoke_<fn>`, with raw identifiers where a segment is a keyword.
fn invoke_path(module_path: &[String], ident: &syn::Ident) -> String {
    let mut invoke_path = String::from("crate");
    for seg in module_path {
        invoke_path.push_str("::");
        invoke_path.push_str(&raw_if_keyword(seg));
    }
    invoke_path.push_str("::");
    invoke_path.push_str(&gtdx_annotations::invoke_fn_name(ident));
    invoke_path
}

/// One error per tool whose name an earlier tool (in name order) already has.
fn duplicate_names(tools: &[ToolOut]) -> Vec<SourceError> {
    let mut errors = Vec::new();
    for pair in tools.windows(2) {
        if pair[0].tool.name == pair[1].tool.name {
            errors.push(
                SourceError {
                    file: crate::error::display_path(&pair[1].file),
                    line: pair[1].line,
                    column: 1,
                    message: format!(
                        "two tools are named `{}` (the other is at {}:{})",
                        pair[0].tool.name,
                        crate::error::display_path(&pair[0].file).display(),
                        pair[0].line
                    ),
                    help: None,
                }
                .help("give one of them another name with `name = \"...\"` in its #[tool(...)]"),
            );
        }
    }
    errors
}

/// How a hand-written input schema differs from the one derived from the input type, field by
/// field: the top-level properties, which of them are required, and their JSON types
/// (`integer` fits `number`; a schema without `type` fits anything).
pub fn compare_with_type(file: &Value, derived: &Schema) -> Vec<String> {
    let props = |s: &Value| -> Vec<(String, Value)> {
        s.get("properties")
            .and_then(Value::as_object)
            .map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default()
    };
    let required = |s: &Value| -> Vec<String> {
        s.get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    let derived = Value::Object(derived.clone());
    let (fp, dp) = (props(file), props(&derived));
    let (fr, dr) = (required(file), required(&derived));
    let mut problems = Vec::new();
    for (name, dschema) in &dp {
        let Some((_, fschema)) = fp.iter().find(|(n, _)| n == name) else {
            problems.push(format!(
                "the field `{name}` is missing from the file's `properties`"
            ));
            continue;
        };
        match (dr.contains(name), fr.contains(name)) {
            (true, false) => problems.push(format!(
                "the field `{name}` is required by the type but not by the file"
            )),
            (false, true) => problems.push(format!(
                "the field `{name}` is optional in the type but required by the file"
            )),
            _ => {}
        }
        let (ft, dt) = (json_types(fschema), json_types(dschema));
        if let (Some(ft), Some(dt)) = (&ft, &dt) {
            let fits = |a: &str, b: &str| {
                a == b || matches!((a, b), ("integer", "number") | ("number", "integer"))
            };
            let overlap = ft
                .iter()
                .any(|a| a != "null" && dt.iter().any(|b| fits(a, b)));
            if !overlap {
                problems.push(format!(
                    "the field `{name}` is {} in the file but {} in the type",
                    ft.join("/"),
                    dt.join("/")
                ));
            }
        }
    }
    for (name, _) in &fp {
        if !dp.iter().any(|(n, _)| n == name) {
            problems.push(format!(
                "the file's property `{name}` is not a field of the type (serde ignores it)"
            ));
        }
    }
    problems
}

/// The JSON types a schema allows by its `type`, or `None` when it does not say.
fn json_types(s: &Value) -> Option<Vec<String>> {
    match s.get("type")? {
        Value::String(t) => Some(vec![t.clone()]),
        Value::Array(a) => Some(
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
        ),
        _ => None,
    }
}

/// Serializes a schema compactly; key order is the schema's own (stable).
pub fn compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| unreachable!("a JSON value always serializes: {e}"))
}

fn input_type(item: &syn::ItemFn) -> Option<&Type> {
    match item.sig.inputs.first()? {
        FnArg::Typed(pt) => Some(&pt.ty),
        FnArg::Receiver(_) => None,
    }
}

fn output_type(item: &syn::ItemFn) -> Option<&Type> {
    let ReturnType::Type(_, ty) = &item.sig.output else {
        return None;
    };
    let Type::Path(tp) = &**ty else { return None };
    let last = tp.path.segments.last()?;
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}

fn is_unit(ty: &Type) -> bool {
    match ty {
        Type::Tuple(t) => t.elems.is_empty(),
        Type::Paren(p) => is_unit(&p.elem),
        _ => false,
    }
}

/// LLM clients require an object at the root of a tool's parameters.
fn root_object(s: Schema, ty: &Type, file: &Path, tool: &str) -> Result<Schema, SourceError> {
    if s.get("type").and_then(Value::as_str) == Some("object") {
        return Ok(s);
    }
    let found = match s.get("type") {
        Some(Value::String(t)) => format!("a JSON {t}"),
        Some(other) => format!("one of {other}"),
        None if s.contains_key("oneOf") || s.contains_key("anyOf") => {
            "a choice that is not always an object".into()
        }
        None => "any JSON value".into(),
    };
    Err(SourceError::new(
        file,
        ty.span(),
        format!(
            "the input of tool `{tool}` is `{}`, which serializes as {found}; LLM clients require the parameters to be a JSON object",
            tokens(ty)
        ),
    )
    .help(format!(
        "wrap it in a struct, e.g. `#[derive(Deserialize)] pub struct {}Input {{ pub value: {} }}`, and take that as the input",
        pascal(tool),
        tokens(ty)
    )))
}

fn pascal(snake: &str) -> String {
    crate::serde_attrs::Case::Pascal.field(snake)
}

/// Reads a hand-written schema (`input_schema = "schemas/x.json"`), relative to the crate root.
fn load_schema_file(
    root: &Path,
    rel: &str,
    rs_file: &Path,
    span: proc_macro2::Span,
    read: &mut Vec<PathBuf>,
) -> Result<Value, SourceError> {
    let path = root.join(rel);
    read.push(path.clone());
    let text = gtdx_fsx::read_text(&path, gtdx_fsx::limits::PROJECT_FILE).map_err(|e| {
        let e = e.source;
        SourceError::new(
            rs_file,
            span,
            format!("cannot read the schema file `{rel}` (relative to the crate root): {e}"),
        )
        .help(format!(
            "create {} or fix the path",
            crate::error::display_path(&path).display()
        ))
    })?;
    let value: Value = serde_json::from_str(&text).map_err(|e| SourceError {
        file: crate::error::display_path(&path),
        line: e.line().max(1),
        column: e.column().max(1),
        message: format!("this schema file is not valid JSON: {e}"),
        help: Some("fix the JSON syntax".into()),
    })?;
    if !value.is_object() {
        return Err(
            SourceError::file(&path, "a JSON Schema file must hold a JSON object").help(
                "write the schema as an object, e.g. {\"type\": \"object\", \"properties\": {...}}",
            ),
        );
    }
    Ok(value)
}

/// The generated tool table refers to `crate::a::b::__gtdx_invoke_f` from the crate root, so
/// every module below the first level must be visible there.
fn check_reachable(
    idx: &Index<'_>,
    module: usize,
    file: &Path,
    item: &syn::ItemFn,
) -> Result<(), SourceError> {
    let mut chain = Vec::new();
    let mut m = Some(module);
    while let Some(id) = m {
        chain.push(id);
        m = idx.modules[id].parent;
    }
    chain.reverse(); // root, depth 1, depth 2, ...
    for (depth, &id) in chain.iter().enumerate().skip(2) {
        let visible = match idx.modules[id].vis {
            Some(syn::Visibility::Public(_)) => true,
            Some(syn::Visibility::Restricted(r)) => {
                let p = tokens(&r.path);
                p == "crate" || (p == "super" && depth == 2)
            }
            _ => false,
        };
        if !visible {
            let path = idx.modules[id].path.join("::");
            let name = idx.modules[id].path.last().cloned().unwrap_or_default();
            return Err(SourceError::new(
                file,
                item.sig.ident.span(),
                format!(
                    "tool function `{}` is in the private module `{path}`, which the generated tool table at the crate root cannot reach",
                    item.sig.ident
                ),
            )
            .help(format!("declare the module `pub(crate) mod {name}` (modules directly under the crate root may stay private)")));
        }
    }
    Ok(())
}

/// A module name that is a keyword in paths must be written `r#name`.
fn raw_if_keyword(seg: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
        "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
        "static", "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async",
        "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv",
        "typeof", "unsized", "virtual", "yield", "try", "gen",
    ];
    if KEYWORDS.contains(&seg) {
        format!("r#{seg}")
    } else {
        seg.to_string()
    }
}
