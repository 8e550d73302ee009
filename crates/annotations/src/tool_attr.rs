//! The arguments of `#[tool(...)]`.

use gtdx_contract::{
    AgenticWorkerMetadata, CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW, Cost, ExecutorEffect,
    SecretFormat, SecretRequirement, SideEffects, TOOLS_INVOKE_EXPORT, ToolExample,
};
use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::parse::Parser;
use syn::spanned::Spanned as _;
use syn::{Expr, ExprArray, ExprLit, Lit, LitBool, LitStr};

use crate::Spanned;
use crate::tool_fn::{is_snake_case, to_snake_case};

/// Every key `#[tool(...)]` accepts.
pub const TOOL_KEYS: &[&str] = &[
    "capabilities",
    "secrets",
    "side_effects",
    "cost",
    "confirmation_required",
    "usage_hint",
    "example",
    "name",
    "runtime_ref",
    "export",
    "input_schema",
    "output_schema",
    "description",
    "discovery",
    "executor",
];

/// The effects `executor = "..."` accepts.
pub const EXECUTOR_EFFECTS: &[&str] = &["read", "write", "delete"];

const CAPABILITIES: &[&str] = &[CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW];

/// One secret a tool reads: `"vendor/key"`, or
/// `{ key = "vendor/key", required = false, format = "text", description = "..." }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Secret {
    pub key: String,
    /// Default `true`.
    pub required: bool,
    pub format: Option<SecretFormat>,
    pub description: Option<String>,
}

/// One `example(when = "...", input = r#"{...}"#)`.
#[derive(Debug, Clone)]
pub struct Example {
    /// The situation, in words.
    pub when: Spanned<String>,
    /// The input, parsed (it is valid JSON: checked at parse time).
    pub input: serde_json::Value,
    /// The input as written, with the span of its literal.
    pub input_text: Spanned<String>,
    /// The span of the whole `example(...)`.
    pub span: Span,
}

/// The parsed arguments of one `#[tool(...)]`. Every value has been checked against the
/// contract; spans point at the tokens that produced each value.
#[derive(Debug, Clone)]
pub struct ToolAttr {
    /// Where the attribute is (its arguments may be empty).
    pub span: Span,
    /// `capabilities = [...]`: non-empty, each `agentic_worker` or `flow`, no duplicates.
    pub capabilities: Vec<Spanned<String>>,
    /// `secrets = ["vendor/key", { key = "vendor/other", required = false, ... }, ...]`.
    pub secrets: Vec<Spanned<Secret>>,
    /// `description = "..."`: replaces the doc comment as the tool's description.
    pub description: Option<Spanned<String>>,
    /// `side_effects = "none|read|write|external"`.
    pub side_effects: Option<Spanned<SideEffects>>,
    /// `cost = "low|medium|high"`.
    pub cost: Option<Spanned<Cost>>,
    /// `confirmation_required = bool`.
    pub confirmation_required: Option<Spanned<bool>>,
    /// `usage_hint = "..."`.
    pub usage_hint: Option<Spanned<String>>,
    /// Every `example(...)`, in source order.
    pub examples: Vec<Example>,
    /// `name = "..."`: snake_case; the function name when absent.
    pub name: Option<Spanned<String>>,
    /// `runtime_ref = "..."`.
    pub runtime_ref: Option<Spanned<String>>,
    /// `export = "..."`; [`TOOLS_INVOKE_EXPORT`] when absent.
    pub export: Option<Spanned<String>>,
    /// `input_schema = "schemas/x.json"`: a hand-written schema, relative to the crate root.
    pub input_schema: Option<Spanned<String>>,
    /// `output_schema = "schemas/y.json"`.
    pub output_schema: Option<Spanned<String>>,
    /// `discovery`: the dynamic-tools discovery tool (becomes
    /// `contributions.dynamicTools.discoveryTool`).
    pub discovery: Option<Span>,
    /// `executor = "read|write|delete"`: a dynamic-tools executor with that effect (becomes an
    /// entry of `contributions.dynamicTools.executors`).
    pub executor: Option<Spanned<ExecutorEffect>>,
}

impl ToolAttr {
    fn empty(span: Span) -> Self {
        ToolAttr {
            span,
            capabilities: Vec::new(),
            secrets: Vec::new(),
            description: None,
            side_effects: None,
            cost: None,
            confirmation_required: None,
            usage_hint: None,
            examples: Vec::new(),
            name: None,
            runtime_ref: None,
            export: None,
            input_schema: None,
            output_schema: None,
            discovery: None,
            executor: None,
        }
    }

    /// The declared capabilities, in source order.
    pub fn capability_names(&self) -> Vec<String> {
        self.capabilities.iter().map(|c| c.value.clone()).collect()
    }

    /// The export to dispatch through.
    pub fn export_or_default(&self) -> &str {
        self.export
            .as_ref()
            .map_or(TOOLS_INVOKE_EXPORT, |e| e.value.as_str())
    }

    /// `secret_requirements` for the manifest: one entry per secret, with the details given.
    pub fn secret_requirements(&self) -> Vec<SecretRequirement> {
        self.secrets
            .iter()
            .map(|s| {
                let mut r = SecretRequirement::key(&s.value.key);
                r.required = s.value.required;
                r.format = s.value.format;
                r.description = s.value.description.clone();
                r
            })
            .collect()
    }

    /// The planning hints, or `None` when no hint key was given (the runtime's conservative
    /// defaults then apply to an agentic tool).
    pub fn to_metadata(&self) -> Option<AgenticWorkerMetadata> {
        let m = AgenticWorkerMetadata {
            usage_hint: self.usage_hint.as_ref().map(|s| s.value.clone()),
            examples: if self.examples.is_empty() {
                None
            } else {
                Some(
                    self.examples
                        .iter()
                        .map(|e| ToolExample {
                            when: e.when.value.clone(),
                            input: e.input.clone(),
                        })
                        .collect(),
                )
            },
            side_effects: self.side_effects.as_ref().map(|s| s.value),
            cost: self.cost.as_ref().map(|c| c.value),
            confirmation_required: self.confirmation_required.as_ref().map(|c| c.value),
        };
        if m == AgenticWorkerMetadata::default() {
            None
        } else {
            Some(m)
        }
    }
}

/// Parses the arguments of `#[tool(...)]` (the tokens inside the parentheses) inside a
/// proc-macro; errors about the attribute as a whole point at `Span::call_site()`.
pub fn parse_tool_attr(tokens: TokenStream) -> syn::Result<ToolAttr> {
    parse_tool_attr_at(tokens, Span::call_site())
}

/// As [`parse_tool_attr`], with `span` used for errors about the attribute as a whole
/// (a missing `capabilities`).
pub fn parse_tool_attr_at(tokens: TokenStream, span: Span) -> syn::Result<ToolAttr> {
    let mut attr = ToolAttr::empty(span);
    let mut seen: Vec<String> = Vec::new();
    let mut errors: Option<syn::Error> = None;
    let parser = syn::meta::parser(|meta| {
        if let Err(e) = parse_key(&meta, &mut attr, &mut seen) {
            push(&mut errors, e);
        }
        Ok(())
    });
    if let Err(syntax) = parser.parse2(tokens) {
        // The rest of the attribute was not read: report what was found so far and stop.
        return Err(match errors {
            Some(mut all) => {
                all.combine(syntax);
                all
            }
            None => syntax,
        });
    }
    if attr.capabilities.is_empty() && !seen.iter().any(|k| k == "capabilities") {
        push(
            &mut errors,
            syn::Error::new(
                span,
                "#[tool] needs `capabilities`: without it consumers default to [\"flow\"], which \
                 hides the tool from every agentic worker. Add `capabilities = [\"agentic_worker\", \
                 \"flow\"]` (or `[\"flow\"]` to keep it away from agents on purpose)",
            ),
        );
    }
    if let (Some(d), Some(_)) = (attr.discovery, &attr.executor) {
        push(
            &mut errors,
            syn::Error::new(
                d,
                "a tool is either the discovery tool or an executor: the platform never lets a \
                 derived tool dispatch to the discovery tool. Remove `discovery` or `executor`",
            ),
        );
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(attr),
    }
}

/// Parses a whole `#[tool]` / `#[tool(...)]` attribute as found in source (for static readers).
pub fn parse_tool_attribute(attr: &syn::Attribute) -> syn::Result<ToolAttr> {
    let span = attr.path().span();
    match &attr.meta {
        syn::Meta::Path(_) => parse_tool_attr_at(TokenStream::new(), span),
        syn::Meta::List(list) => parse_tool_attr_at(list.tokens.clone(), span),
        syn::Meta::NameValue(nv) => Err(syn::Error::new(
            nv.eq_token.span,
            "#[tool] takes a list: #[tool(capabilities = [\"agentic_worker\", \"flow\"], ...)]",
        )),
    }
}

pub(crate) fn push(errors: &mut Option<syn::Error>, e: syn::Error) {
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

pub(crate) fn one_of(list: &[&str]) -> String {
    list.join(", ")
}

pub(crate) fn unknown_key(key: &str, keys: &[&str], attr: &str) -> String {
    let mut msg = format!("unknown key `{key}` in #[{attr}]");
    if let Some(best) = gtdx_contract::suggest::nearest(key, keys.iter().copied()) {
        msg.push_str(&format!("; did you mean `{best}`?"));
    }
    msg.push_str(&format!(" Expected one of {}", one_of(keys)));
    msg
}

fn parse_key(
    meta: &ParseNestedMeta<'_>,
    attr: &mut ToolAttr,
    seen: &mut Vec<String>,
) -> syn::Result<()> {
    let key = match meta.path.get_ident() {
        Some(id) => id.to_string(),
        None => {
            return Err(meta.error(format!(
                "#[tool] keys are plain names; expected one of {}",
                one_of(TOOL_KEYS)
            )));
        }
    };
    if !TOOL_KEYS.contains(&key.as_str()) {
        // Consume a value, if any, so the next key still parses.
        return Err(skipping(meta, unknown_key(&key, TOOL_KEYS, "tool")));
    }
    if key != "example" {
        if seen.contains(&key) {
            return Err(skipping(meta, format!("`{key}` is given twice")));
        }
        seen.push(key.clone());
    }
    match key.as_str() {
        "capabilities" => attr.capabilities = capabilities(meta, &key)?,
        "secrets" => secrets(meta, attr)?,
        "description" => {
            let lit = non_empty(string(meta, &key, "\"What the tool does.\"")?, &key)?;
            attr.description = Some(Spanned::new(lit.value(), lit.span()));
        }
        "side_effects" => {
            let lit = string(meta, &key, "\"read\"")?;
            let v = lit.value();
            let parsed = SideEffects::parse(&v).ok_or_else(|| {
                syn::Error::new(
                    lit.span(),
                    format!(
                        "unknown side_effects `{v}`: expected one of {}",
                        one_of(SideEffects::VALUES)
                    ),
                )
            })?;
            attr.side_effects = Some(Spanned::new(parsed, lit.span()));
        }
        "cost" => {
            let lit = string(meta, &key, "\"low\"")?;
            let v = lit.value();
            let parsed = Cost::parse(&v).ok_or_else(|| {
                syn::Error::new(
                    lit.span(),
                    format!(
                        "unknown cost `{v}`: expected one of {}",
                        one_of(Cost::VALUES)
                    ),
                )
            })?;
            attr.cost = Some(Spanned::new(parsed, lit.span()));
        }
        "confirmation_required" => {
            attr.confirmation_required = Some(confirmation_required(meta)?);
        }
        "usage_hint" => {
            let lit = non_empty(string(meta, &key, "\"Use when ...\"")?, &key)?;
            attr.usage_hint = Some(Spanned::new(lit.value(), lit.span()));
        }
        "name" => attr.name = Some(tool_name(meta, &key)?),
        "runtime_ref" => attr.runtime_ref = Some(runtime_ref(meta, &key)?),
        "export" => attr.export = Some(export(meta, &key)?),
        "input_schema" | "output_schema" => {
            let path = schema_path(meta, &key)?;
            let slot = if key == "input_schema" {
                &mut attr.input_schema
            } else {
                &mut attr.output_schema
            };
            *slot = Some(path);
        }
        "example" => attr.examples.push(parse_example(meta)?),
        "discovery" => {
            if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
                return Err(skipping(
                    meta,
                    "`discovery` takes no value: write #[tool(discovery, ...)]",
                ));
            }
            attr.discovery = Some(meta.path.span());
        }
        "executor" => attr.executor = Some(executor(meta, &key)?),
        _ => unreachable!("every key of TOOL_KEYS is handled"),
    }
    Ok(())
}

/// `capabilities = [...]`: one or more known surfaces, none twice (every bad entry reported).
fn capabilities(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Vec<Spanned<String>>> {
    let (list, span) = string_list(meta, key)?;
    if list.is_empty() {
        return Err(syn::Error::new(
            span,
            "`capabilities = []` offers the tool on no surface; expected one or more of \
             agentic_worker, flow",
        ));
    }
    let mut out: Vec<Spanned<String>> = Vec::new();
    let mut errors = None;
    for lit in list {
        let v = lit.value();
        if !CAPABILITIES.contains(&v.as_str()) {
            push(
                &mut errors,
                syn::Error::new(
                    lit.span(),
                    format!(
                        "unknown capability `{v}`: expected one of {}",
                        one_of(CAPABILITIES)
                    ),
                ),
            );
        } else if out.iter().any(|c| c.value == v) {
            push(
                &mut errors,
                syn::Error::new(lit.span(), format!("capability `{v}` is listed twice")),
            );
        } else {
            out.push(Spanned::new(v, lit.span()));
        }
    }
    if let Some(e) = errors {
        return Err(e);
    }
    Ok(out)
}

/// `secrets = [...]`: added to the attribute's secrets, none twice.
fn secrets(meta: &ParseNestedMeta<'_>, attr: &mut ToolAttr) -> syn::Result<()> {
    let list = secret_list(meta)?;
    let mut errors = None;
    for item in list {
        if attr.secrets.iter().any(|s| s.value.key == item.value.key) {
            push(
                &mut errors,
                syn::Error::new(
                    item.span,
                    format!("secret `{}` is listed twice", item.value.key),
                ),
            );
        } else {
            attr.secrets.push(item);
        }
    }
    if let Some(e) = errors {
        return Err(e);
    }
    Ok(())
}

/// `confirmation_required = true|false`.
fn confirmation_required(meta: &ParseNestedMeta<'_>) -> syn::Result<Spanned<bool>> {
    let input = meta.value()?;
    if let Some(b) = just(input, |i| i.parse::<LitBool>()) {
        return Ok(Spanned::new(b.value, b.span));
    }
    let expr: Expr = input.parse()?;
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Bool(LitBool { value, span }),
            ..
        }) => Ok(Spanned::new(*value, *span)),
        other => Err(syn::Error::new(
            other.span(),
            "`confirmation_required` takes `true` or `false`",
        )),
    }
}

/// `name = "..."`: a snake_case tool name.
fn tool_name(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Spanned<String>> {
    let lit = string(meta, key, "\"get_weather\"")?;
    let v = lit.value();
    if !is_snake_case(&v) {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "tool name `{v}` is not snake_case (lowercase letters, digits and `_`, \
                 starting with a letter, at most 64 characters); try \"{}\"",
                to_snake_case(&v)
            ),
        ));
    }
    Ok(Spanned::new(v, lit.span()))
}

/// `runtime_ref = "..."`: a component key of runtime.components.
fn runtime_ref(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Spanned<String>> {
    let lit = string(meta, key, "\"my-component\"")?;
    let v = lit.value();
    let ok = v
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && v.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c));
    if !ok {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "runtime_ref `{v}` is not a component key: expected lowercase letters, \
                 digits, `.`, `_` and `-`, as in runtime.components"
            ),
        ));
    }
    Ok(Spanned::new(v, lit.span()))
}

/// `export = "..."`: a WIT export path.
fn export(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Spanned<String>> {
    let lit = string(meta, key, &format!("\"{TOOLS_INVOKE_EXPORT}\""))?;
    let v = lit.value();
    let ok = !v.chars().any(char::is_whitespace)
        && v.split_once(':').is_some_and(|(ns, rest)| {
            !ns.is_empty()
                && rest
                    .split_once('/')
                    .is_some_and(|(pkg, f)| !pkg.is_empty() && f.contains('.'))
        });
    if !ok {
        return Err(syn::Error::new(
            lit.span(),
            format!(
                "export `{v}` is not a WIT export path: expected \
                 `<namespace>:<package>/<interface>.<function>`, e.g. `{TOOLS_INVOKE_EXPORT}`"
            ),
        ));
    }
    Ok(Spanned::new(v, lit.span()))
}

/// `input_schema`/`output_schema = "..."`: a path relative to the crate root.
fn schema_path(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Spanned<String>> {
    let lit = non_empty(string(meta, key, "\"schemas/input.json\"")?, key)?;
    let v = lit.value();
    if v.starts_with('/') || v.starts_with('\\') || v.contains(':') {
        return Err(syn::Error::new(
            lit.span(),
            format!("`{key}` is a path relative to the crate root, such as \"schemas/x.json\""),
        ));
    }
    Ok(Spanned::new(v, lit.span()))
}

/// `executor = "read|write|delete"`.
fn executor(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Spanned<ExecutorEffect>> {
    let lit = string(meta, key, "\"write\"")?;
    let v = lit.value();
    let effect = match v.as_str() {
        "read" => ExecutorEffect::Read,
        "write" => ExecutorEffect::Write,
        "delete" => ExecutorEffect::Delete,
        _ => {
            return Err(syn::Error::new(
                lit.span(),
                format!(
                    "unknown executor effect `{v}`: expected one of {} (what the executor \
                     does, for presentation and policy; it grants nothing)",
                    one_of(EXECUTOR_EFFECTS)
                ),
            ));
        }
    };
    Ok(Spanned::new(effect, lit.span()))
}

fn parse_example(meta: &ParseNestedMeta<'_>) -> syn::Result<Example> {
    let span = meta.path.span();
    if !meta.input.peek(syn::token::Paren) {
        return Err(skipping(
            meta,
            "`example` takes a list: example(when = \"...\", input = r#\"{...}\"#)",
        ));
    }
    let mut when: Option<LitStr> = None;
    let mut input: Option<LitStr> = None;
    meta.parse_nested_meta(|inner| {
        let k = inner
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        let slot = match k.as_str() {
            "when" => &mut when,
            "input" => &mut input,
            _ => {
                return Err(inner.error(unknown_key(&k, &["when", "input"], "tool(example(...))")));
            }
        };
        if slot.is_some() {
            return Err(inner.error(format!("`{k}` is given twice")));
        }
        *slot = Some(string(&inner, &k, "\"...\"")?);
        Ok(())
    })?;
    let (Some(when), Some(input)) = (when, input) else {
        return Err(syn::Error::new(
            span,
            "an example needs both `when` and `input`: example(when = \"...\", input = r#\"{...}\"#)",
        ));
    };
    let when = non_empty(when, "when")?;
    let text = input.value();
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        syn::Error::new(
            input.span(),
            format!("example input is not valid JSON: {e}"),
        )
    })?;
    if !(value.is_object() || value.is_null()) {
        return Err(syn::Error::new(
            input.span(),
            "example input is the tool's arguments: a JSON object (or null for a tool without input)",
        ));
    }
    Ok(Example {
        when: Spanned::new(when.value(), when.span()),
        input: value,
        input_text: Spanned::new(text, input.span()),
        span,
    })
}

/// An error spanning the key itself; then consumes the key's value so parsing can go on.
fn skipping(meta: &ParseNestedMeta<'_>, message: impl std::fmt::Display) -> syn::Error {
    let e = syn::Error::new_spanned(&meta.path, message);
    skip_value(meta);
    e
}

/// Consumes `= <expr>` or `(...)` after a key we reject, so parsing can go on.
fn skip_value(meta: &ParseNestedMeta<'_>) {
    if meta.input.peek(syn::Token![=]) {
        let _ = meta.value().and_then(|v| v.parse::<Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            skip_value(&inner);
            Ok(())
        });
    }
}

pub(crate) fn string(meta: &ParseNestedMeta<'_>, key: &str, example: &str) -> syn::Result<LitStr> {
    if !meta.input.peek(syn::Token![=]) {
        return Err(skipping(
            meta,
            format!("`{key}` takes a value: {key} = {example}"),
        ));
    }
    let input = meta.value()?;
    if let Some(s) = just(input, |i| i.parse::<LitStr>()) {
        return Ok(s);
    }
    let expr: Expr = input.parse()?;
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(s),
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a string literal, e.g. {key} = {example}"),
        )),
    }
}

/// The common case parsed directly: `parse` on a fork, taken when it consumes the whole value
/// (up to the next `,`). Anything else returns `None` and is parsed as a general expression,
/// which is slower but reports a precise error. syn's full expression parser is most of the
/// cost of reading a `#[tool]`, and `gtdx describe` reads a thousand of them.
fn just<T>(
    input: syn::parse::ParseStream<'_>,
    parse: impl FnOnce(syn::parse::ParseStream<'_>) -> syn::Result<T>,
) -> Option<T> {
    use syn::parse::discouraged::Speculative;
    let fork = input.fork();
    let value = parse(&fork).ok()?;
    if !(fork.is_empty() || fork.peek(syn::Token![,])) {
        return None;
    }
    input.advance_to(&fork);
    Some(value)
}

fn non_empty(lit: LitStr, key: &str) -> syn::Result<LitStr> {
    if lit.value().trim().is_empty() {
        Err(syn::Error::new(
            lit.span(),
            format!("`{key}` must not be empty"),
        ))
    } else {
        Ok(lit)
    }
}

/// `secrets = ["a/b", { key = "c/d", required = false, format = "text", description = "..." }]`.
fn secret_list(meta: &ParseNestedMeta<'_>) -> syn::Result<Vec<Spanned<Secret>>> {
    const EXAMPLE: &str = "secrets = [\"vendor/api_key\"] or secrets = [{ key = \"vendor/api_key\", \
                           required = true, format = \"text\", description = \"...\" }]";
    if !meta.input.peek(syn::Token![=]) {
        return Err(skipping(meta, format!("`secrets` takes a list: {EXAMPLE}")));
    }
    let input = meta.value()?;
    let content;
    syn::bracketed!(content in input);
    let mut out = Vec::new();
    let mut errors = None;
    while !content.is_empty() {
        if content.peek(LitStr) {
            let lit: LitStr = content.parse()?;
            match secret_key(&lit.value(), lit.span()) {
                Ok(()) => out.push(Spanned::new(
                    Secret {
                        key: lit.value(),
                        required: true,
                        format: None,
                        description: None,
                    },
                    lit.span(),
                )),
                Err(e) => push(&mut errors, e),
            }
        } else if content.peek(syn::token::Brace) {
            let inner;
            let brace = syn::braced!(inner in content);
            let tokens: TokenStream = inner.parse()?;
            match detailed_secret(tokens, brace.span.join()) {
                Ok(s) => out.push(s),
                Err(e) => push(&mut errors, e),
            }
        } else {
            return Err(content.error(format!("expected a secret: {EXAMPLE}")));
        }
        if content.is_empty() {
            break;
        }
        content.parse::<syn::Token![,]>()?;
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The manifest's rule for secret keys (`gtdx_contract::invariants`), so the macro never
/// accepts a key the describe document would reject.
fn secret_key(v: &str, span: Span) -> syn::Result<()> {
    match gtdx_contract::invariants::secret_key_problem(v) {
        Some(problem) => Err(syn::Error::new(
            span,
            format!(
                "secret key `{v}` {problem}; {}",
                gtdx_contract::invariants::SECRET_KEY_FIX
            ),
        )),
        None => Ok(()),
    }
}

/// `key = "...", required = bool, format = "bytes|text|json", description = "..."`.
fn detailed_secret(tokens: TokenStream, span: Span) -> syn::Result<Spanned<Secret>> {
    const KEYS: &[&str] = &["key", "required", "format", "description"];
    let mut key: Option<LitStr> = None;
    let mut required: Option<bool> = None;
    let mut format: Option<SecretFormat> = None;
    let mut description: Option<String> = None;
    let parser = syn::meta::parser(|m| {
        let k = m
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default();
        let given = match k.as_str() {
            "key" => key.is_some(),
            "required" => required.is_some(),
            "format" => format.is_some(),
            "description" => description.is_some(),
            _ => {
                return Err(skipping(
                    &m,
                    unknown_key(&k, KEYS, "tool(secrets = [{ ... }])"),
                ));
            }
        };
        if given {
            return Err(skipping(&m, format!("`{k}` is given twice")));
        }
        match k.as_str() {
            "key" => {
                let lit = string(&m, "key", "\"vendor/api_key\"")?;
                secret_key(&lit.value(), lit.span())?;
                key = Some(lit);
            }
            "required" => {
                let expr: Expr = m.value()?.parse()?;
                match expr {
                    Expr::Lit(ExprLit {
                        lit: Lit::Bool(b), ..
                    }) => required = Some(b.value),
                    other => {
                        return Err(syn::Error::new(
                            other.span(),
                            "`required` takes `true` or `false`",
                        ));
                    }
                }
            }
            "format" => {
                let lit = string(&m, "format", "\"text\"")?;
                format = Some(match lit.value().as_str() {
                    "bytes" => SecretFormat::Bytes,
                    "text" => SecretFormat::Text,
                    "json" => SecretFormat::Json,
                    other => {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!(
                                "unknown secret format `{other}`: expected one of bytes, text, json"
                            ),
                        ));
                    }
                });
            }
            _ => {
                let lit = non_empty(string(&m, "description", "\"...\"")?, "description")?;
                description = Some(lit.value());
            }
        }
        Ok(())
    });
    parser.parse2(tokens)?;
    let Some(key) = key else {
        return Err(syn::Error::new(
            span,
            "a detailed secret needs its `key`: { key = \"vendor/api_key\", required = true }",
        ));
    };
    Ok(Spanned::new(
        Secret {
            key: key.value(),
            required: required.unwrap_or(true),
            format,
            description,
        },
        key.span(),
    ))
}

fn string_list(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<(Vec<LitStr>, Span)> {
    if !meta.input.peek(syn::Token![=]) {
        return Err(skipping(
            meta,
            format!("`{key}` takes a list: {key} = [\"...\"]"),
        ));
    }
    let input = meta.value()?;
    let literals = just(input, |i| {
        let content;
        let bracket = syn::bracketed!(content in i);
        let items = content.parse_terminated(|c| c.parse::<LitStr>(), syn::Token![,])?;
        Ok((items.into_iter().collect::<Vec<_>>(), bracket.span.join()))
    });
    if let Some(found) = literals {
        return Ok(found);
    }
    let expr: Expr = input.parse()?;
    let Expr::Array(ExprArray { elems, .. }) = &expr else {
        return Err(syn::Error::new(
            expr.span(),
            format!("`{key}` takes a list of strings, e.g. {key} = [\"...\"]"),
        ));
    };
    let mut out = Vec::new();
    for e in elems {
        match e {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => out.push(s.clone()),
            other => {
                return Err(syn::Error::new(
                    other.span(),
                    format!("`{key}` takes string literals"),
                ));
            }
        }
    }
    Ok((out, expr.span()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn parse(tokens: TokenStream) -> syn::Result<ToolAttr> {
        parse_tool_attr(tokens)
    }

    fn err(tokens: TokenStream) -> String {
        parse(tokens)
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    #[test]
    fn full_attribute() {
        let a = parse(quote! {
            capabilities = ["agentic_worker", "flow"],
            secrets = ["tavily/api_key"],
            side_effects = "read",
            cost = "low",
            confirmation_required = false,
            usage_hint = "When the user asks about the weather.",
            example(when = "Paris", input = r#"{"city": "Paris"}"#),
            example(when = "Oslo", input = r#"{"city": "Oslo"}"#),
            name = "get_weather",
            runtime_ref = "weather",
            export = "greentic:extension-design/tools.invoke-tool",
            input_schema = "schemas/in.json",
            output_schema = "schemas/out.json",
        })
        .unwrap();
        assert_eq!(a.capability_names(), ["agentic_worker", "flow"]);
        assert_eq!(a.examples.len(), 2);
        assert_eq!(a.examples[1].input["city"], "Oslo");
        let m = a.to_metadata().unwrap();
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"usage_hint":"When the user asks about the weather.","examples":[{"when":"Paris","input":{"city":"Paris"}},{"when":"Oslo","input":{"city":"Oslo"}}],"side_effects":"read","cost":"low","confirmation_required":false}"#
        );
        assert_eq!(a.secret_requirements()[0].key, "tavily/api_key");
        assert!(a.secret_requirements()[0].required);
        assert_eq!(a.input_schema.unwrap().value, "schemas/in.json");
    }

    #[test]
    fn dynamic_tools_roles() {
        let a = parse(quote! { capabilities = ["flow"], discovery }).unwrap();
        assert!(a.discovery.is_some() && a.executor.is_none());
        let a = parse(quote! { discovery, capabilities = ["flow"] }).unwrap();
        assert!(a.discovery.is_some());
        let a = parse(quote! { capabilities = ["flow"], executor = "delete" }).unwrap();
        assert_eq!(a.executor.unwrap().value, ExecutorEffect::Delete);
        assert!(
            err(quote! { capabilities = ["flow"], executor = "remove" })
                .contains("expected one of read, write, delete")
        );
        assert!(
            err(quote! { capabilities = ["flow"], discovery = true }).contains("takes no value")
        );
        assert!(
            err(quote! { capabilities = ["flow"], discovery, executor = "read" })
                .contains("either the discovery tool or an executor")
        );
    }

    #[test]
    fn detailed_secrets_beside_plain_ones() {
        let a = parse(quote! {
            capabilities = ["flow"],
            description = "Searches.",
            secrets = [
                "tavily/api_key",
                { key = "qdrant/url", required = false, format = "text", description = "Where the store is." },
            ],
        })
        .unwrap();
        assert_eq!(a.description.as_ref().unwrap().value, "Searches.");
        let text = serde_json::to_string(&a.secret_requirements()).unwrap();
        assert_eq!(
            text,
            r#"[{"key":"tavily/api_key","required":true},{"key":"qdrant/url","required":false,"description":"Where the store is.","format":"text"}]"#
        );
        assert!(
            err(quote! { capabilities = ["flow"], secrets = [{ required = true }] })
                .contains("needs its `key`")
        );
        assert!(
            err(quote! { capabilities = ["flow"], secrets = [{ key = "a/b", format = "opaque" }] })
                .contains("expected one of bytes, text, json")
        );
        assert!(
            err(quote! { capabilities = ["flow"], secrets = [{ key = "a/b", requird = true }] })
                .contains("did you mean `required`?")
        );
        assert!(
            err(quote! { capabilities = ["flow"], secrets = ["a/b", { key = "a/b" }] })
                .contains("twice")
        );
        assert!(
            err(quote! { capabilities = ["flow"], secrets = ["a b"] }).contains("characters other")
        );
    }

    /// The macro accepts exactly the keys the manifest invariants accept (one rule, in
    /// `gtdx_contract::invariants::secret_key_problem`).
    #[test]
    fn secret_keys_follow_the_contract_rule() {
        for bad in ["/x", "a/../b", "a$b", "", "a b", "é/x"] {
            assert!(
                gtdx_contract::invariants::secret_key_problem(bad).is_some(),
                "{bad}"
            );
            let plain = err(quote! { capabilities = ["flow"], secrets = [#bad] });
            assert!(plain.contains("secret key"), "{bad}: {plain}");
            let detailed = err(quote! { capabilities = ["flow"], secrets = [{ key = #bad }] });
            assert!(detailed.contains("secret key"), "{bad}: {detailed}");
        }
        for good in ["vendor/api_key", "a.b-c_d/e", "x"] {
            let a = parse(quote! { capabilities = ["flow"], secrets = [#good] }).unwrap();
            assert_eq!(a.secret_requirements()[0].key, good);
        }
    }

    #[test]
    fn metadata_is_none_without_hints() {
        let a = parse(quote! { capabilities = ["flow"] }).unwrap();
        assert!(a.to_metadata().is_none());
        assert!(a.secret_requirements().is_empty());
        assert_eq!(a.export_or_default(), TOOLS_INVOKE_EXPORT);
    }

    #[test]
    fn missing_capabilities() {
        assert!(err(quote! {}).contains("needs `capabilities`"));
        assert!(err(quote! { cost = "low" }).contains("default to [\"flow\"]"));
    }

    #[test]
    fn bad_values_name_the_expected_ones() {
        assert_eq!(
            err(quote! { capabilities = ["flow"], side_effects = "sometimes" }),
            "unknown side_effects `sometimes`: expected one of none, read, write, external"
        );
        assert!(
            err(quote! { capabilities = ["agent"] })
                .contains("expected one of agentic_worker, flow")
        );
        assert!(
            err(quote! { capabilities = ["flow"], cost = "cheap" })
                .contains("expected one of low, medium, high")
        );
        assert!(err(quote! { capabilities = [] }).contains("no surface"));
        assert!(err(quote! { capabilities = ["flow", "flow"] }).contains("twice"));
        assert!(
            err(quote! { capabilities = ["flow"], confirmation_required = "yes" }).contains("true")
        );
    }

    #[test]
    fn unknown_key_suggests_and_lists() {
        let e = err(quote! { capabilities = ["flow"], side_effect = "read" });
        assert!(e.contains("did you mean `side_effects`?"), "{e}");
        assert!(e.contains("Expected one of capabilities, secrets"), "{e}");
    }

    #[test]
    fn several_errors_are_reported_together() {
        let e = parse(quote! { bogus = 1, cost = "cheap" }).unwrap_err();
        assert_eq!(
            e.into_iter().count(),
            3,
            "unknown key, bad cost, missing capabilities"
        );
    }

    #[test]
    fn example_checks() {
        assert!(
            err(quote! { capabilities = ["flow"], example(when = "x", input = "{nope}") })
                .contains("not valid JSON")
        );
        assert!(err(quote! { capabilities = ["flow"], example(when = "x") }).contains("both"));
        assert!(
            err(quote! { capabilities = ["flow"], example(when = "x", input = "[1]") })
                .contains("JSON object")
        );
    }

    #[test]
    fn name_and_paths() {
        assert!(
            err(quote! { capabilities = ["flow"], name = "GetWeather" })
                .contains("try \"get_weather\"")
        );
        assert!(
            err(quote! { capabilities = ["flow"], input_schema = "/abs.json" })
                .contains("relative")
        );
        assert!(
            err(quote! { capabilities = ["flow"], export = "invoke" }).contains("WIT export path")
        );
        assert!(
            err(quote! { capabilities = ["flow"], runtime_ref = "My Comp" })
                .contains("component key")
        );
        assert!(err(quote! { capabilities = ["flow"], name = "a", name = "b" }).contains("twice"));
    }

    #[test]
    fn attribute_forms() {
        let item: syn::ItemFn = syn::parse_str("#[tool] fn f() {}").unwrap();
        assert!(
            parse_tool_attribute(&item.attrs[0])
                .unwrap_err()
                .to_string()
                .contains("capabilities")
        );
        let item: syn::ItemFn =
            syn::parse_str("#[gtdx_sdk::tool(capabilities = [\"flow\"])] fn f() {}").unwrap();
        assert!(parse_tool_attribute(&item.attrs[0]).is_ok());
    }
}
