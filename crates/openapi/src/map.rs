//! Operations → tool definitions, with a reason for every operation that is not one.

use std::collections::HashSet;

use serde_json::{Map, Value, json};

use crate::model::{Api, Location, Media, Operation, Scheme};
use crate::names;
use crate::schema::{self, Notes, Side};

/// The methods the host's `http.fetch` sends.
const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"];

/// What the caller decides.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Overrides `servers[0].url`.
    pub base_url: Option<String>,
    /// Only operations one of these globs matches (against the `operationId`, the tool name or
    /// `METHOD /path`).
    pub operations: Vec<glob::Pattern>,
    /// The namespace of the secret keys (`<namespace>/<scheme>`), e.g. the package name.
    pub secret_namespace: String,
}

/// The tools an API becomes.
#[derive(Debug, Clone)]
pub struct Mapping {
    pub title: String,
    pub api_version: String,
    /// The document's `openapi` version.
    pub openapi: String,
    /// The URL every path is appended to (`None`: the document has no absolute server URL and
    /// no `--base-url` was given).
    pub base_url: Option<String>,
    pub tools: Vec<Tool>,
    pub skipped: Vec<Skipped>,
    /// Operations the `--operations` globs left out.
    pub filtered: usize,
    pub warnings: Vec<String>,
    /// One per security scheme some tool uses.
    pub secrets: Vec<Secret>,
}

/// One generated tool.
#[derive(Debug, Clone)]
pub struct Tool {
    pub name: String,
    /// `PascalCase` of the name, for its input type.
    pub pascal: String,
    /// `GET /pets/{petId}` (with the `operationId` when there is one), for messages.
    pub operation: String,
    pub method: String,
    pub path: String,
    pub description: String,
    pub fields: Vec<Field>,
    pub input_schema: Value,
    pub output_schema: Option<Value>,
    /// Indexes into [`Mapping::secrets`].
    pub secrets: Vec<usize>,
    /// `read` for GET/HEAD, `write` otherwise.
    pub side_effects: &'static str,
    /// A request and response built from the document's examples, for a canned test.
    pub example: Option<Example>,
}

/// One argument of a tool (a parameter or the body).
#[derive(Debug, Clone)]
pub struct Field {
    /// The property in the tool's input.
    pub json: String,
    /// The Rust field.
    pub ident: String,
    /// Its Rust type (`String`, `i64`, `f64`, `bool`, `Vec<Value>`, `Value`), `Option`-wrapped
    /// when not required.
    pub rust_type: String,
    pub required: bool,
    pub target: Target,
    pub description: Option<String>,
}

/// Where an argument goes in the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The parameter named so, at this location.
    Param(Location, String),
    /// The body, sent as this media type.
    Body(String),
}

/// A secret a security scheme needs.
#[derive(Debug, Clone)]
pub struct Secret {
    /// The scheme's name in `components.securitySchemes`.
    pub scheme: String,
    /// The secret key (`<namespace>/<scheme>`, key characters only).
    pub key: String,
    pub kind: Scheme,
}

/// An example call.
#[derive(Debug, Clone)]
pub struct Example {
    pub input: Value,
    /// The URL the call requests, relative to the base URL (path and query).
    pub path_and_query: String,
    pub status: u16,
    pub response: Option<Value>,
}

/// An operation that is not a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// `GET /pets` (operationId).
    pub operation: String,
    pub reason: String,
}

/// Maps every operation of `api`.
pub fn map(api: &Api, opts: &Options) -> Mapping {
    let base_url = opts
        .base_url
        .clone()
        .or_else(|| api.servers.first().cloned())
        .map(|u| u.trim_end_matches('/').to_string());
    let mut m = Mapping {
        title: api.title.clone(),
        api_version: api.api_version.clone(),
        openapi: api.version.clone(),
        base_url,
        tools: Vec::new(),
        skipped: Vec::new(),
        filtered: 0,
        warnings: Vec::new(),
        secrets: Vec::new(),
    };
    let mut taken: HashSet<String> = HashSet::new();
    // First claimant of each name, to name both sides of a collision.
    let mut first: std::collections::HashMap<String, String> = Default::default();
    for op in &api.operations {
        let label = label(op);
        let base = names::tool_name(op.operation_id.as_deref(), &op.method, &op.path);
        if !opts.operations.is_empty() && !selected(&opts.operations, op, &base) {
            m.filtered += 1;
            continue;
        }
        let tool = match tool(api, op, &base, &label, &opts.secret_namespace, &mut m) {
            Ok(t) => t,
            Err(reason) => {
                m.skipped.push(Skipped {
                    operation: label,
                    reason,
                });
                continue;
            }
        };
        let name = names::unique(&base, &taken);
        if name != base {
            let other = first.get(&base).cloned().unwrap_or_default();
            m.warnings.push(format!(
                "{label} and {other} both become tool `{base}`: {label} is `{name}`"
            ));
        }
        taken.insert(name.clone());
        first.entry(base).or_insert_with(|| label.clone());
        let pascal = names::pascal(&name);
        m.tools.push(Tool {
            name,
            pascal,
            ..tool
        });
    }
    apart(&mut m);
    m
}

/// Renames each tool whose name another extends at a `_` (`update_pet` beside
/// `update_pet_with_form`), which the platform's lint refuses (`E_TOOL_NAMING`): the shorter
/// gets its method appended (`update_pet_put`), with a warning naming both.
fn apart(m: &mut Mapping) {
    // Each round renames one tool; a name never comes back, so this ends.
    for _ in 0..m.tools.len() * 2 + 1 {
        let names: HashSet<String> = m.tools.iter().map(|t| t.name.clone()).collect();
        let clash = m.tools.iter().enumerate().find_map(|(i, t)| {
            let prefix = format!("{}_", t.name);
            m.tools
                .iter()
                .find(|l| l.name.starts_with(&prefix))
                .map(|l| (i, l.name.clone()))
        });
        let Some((i, longer)) = clash else {
            return;
        };
        let t = &m.tools[i];
        let renamed = names::unique(
            &format!("{}_{}", t.name, t.method.to_ascii_lowercase()),
            &names,
        );
        m.warnings.push(format!(
            "{}: tool `{}` is named `{renamed}`, because `{longer}` extends it at a '_' (the platform's E_TOOL_NAMING)",
            t.operation, t.name
        ));
        let t = &mut m.tools[i];
        t.pascal = names::pascal(&renamed);
        t.name = renamed;
    }
}

fn label(op: &Operation) -> String {
    match &op.operation_id {
        Some(id) => format!("{} {} ({id})", op.method, op.path),
        None => format!("{} {}", op.method, op.path),
    }
}

fn selected(globs: &[glob::Pattern], op: &Operation, name: &str) -> bool {
    let route = format!("{} {}", op.method, op.path);
    globs.iter().any(|g| {
        op.operation_id.as_deref().is_some_and(|id| g.matches(id))
            || g.matches(name)
            || g.matches(&route)
    })
}

/// The tool for one operation, or why there is none. Its name is filled by the caller.
fn tool(
    api: &Api,
    op: &Operation,
    name: &str,
    label: &str,
    namespace: &str,
    m: &mut Mapping,
) -> Result<Tool, String> {
    if let Some(why) = &op.unsupported {
        return Err(why.clone());
    }
    if !METHODS.contains(&op.method.as_str()) {
        return Err(format!(
            "the host's http.fetch does not send {} requests",
            op.method
        ));
    }
    let mut notes = Notes::default();
    let secrets = secrets_of(api, op, namespace, m);
    // An API key sent as a parameter comes from its secret, never from the caller.
    let from_secret: Vec<(Location, String)> = secrets
        .iter()
        .filter_map(|&i| match &m.secrets[i].kind {
            Scheme::ApiKey { location, name } => Some((*location, name.to_ascii_lowercase())),
            _ => None,
        })
        .collect();

    let mut fields: Vec<Field> = Vec::new();
    let mut props = Map::new();
    let mut required = Vec::new();
    let mut used_json: HashSet<String> = HashSet::new();
    let mut used_ident: HashSet<String> = HashSet::new();
    let mut params = op.params.clone();
    // A path template variable the document forgot to declare is still a required string.
    for var in path_vars(&op.path) {
        if !params
            .iter()
            .any(|p| p.location == Location::Path && p.name == var)
        {
            params.push(crate::model::Param {
                name: var.clone(),
                location: Location::Path,
                required: true,
                description: None,
                schema: json!({"type": "string"}),
                example: None,
            });
        }
    }
    for p in &params {
        if from_secret.contains(&(p.location, p.name.to_ascii_lowercase())) {
            continue;
        }
        if p.location == Location::Header
            && matches!(
                p.name.to_ascii_lowercase().as_str(),
                "accept" | "content-type" | "authorization"
            )
        {
            continue;
        }
        let mut s = schema::resolve(&p.schema, &api.schemas, Side::Input, &mut notes);
        if let (Some(d), Value::Object(o)) = (&p.description, &mut s)
            && !o.contains_key("description")
        {
            o.insert("description".into(), json!(d));
        }
        let json_name = unique_json(&p.name, p.location, &used_json);
        used_json.insert(json_name.clone());
        let ident = names::unique(&names::field(&json_name), &used_ident);
        used_ident.insert(ident.clone());
        if p.required {
            required.push(json!(json_name));
        }
        fields.push(Field {
            rust_type: rust_type(&s, p.required),
            json: json_name.clone(),
            ident,
            required: p.required,
            target: Target::Param(p.location, p.name.clone()),
            description: p.description.clone(),
        });
        props.insert(json_name, s);
    }
    let mut body_example = None;
    if let Some(body) = &op.body {
        let Some(media) = body_media(&body.content) else {
            let types: Vec<&str> = body.content.iter().map(|c| c.media_type.as_str()).collect();
            return Err(format!(
                "its request body is {}, which a JSON tool input cannot carry",
                types.join(", ")
            ));
        };
        let mut s = media
            .schema
            .as_ref()
            .map(|s| schema::resolve(s, &api.schemas, Side::Input, &mut notes))
            .unwrap_or_else(|| json!({}));
        if let (Some(d), Value::Object(o)) = (&body.description, &mut s)
            && !o.contains_key("description")
        {
            o.insert("description".into(), json!(d));
        }
        let json_name = if used_json.contains("body") {
            "request_body".to_string()
        } else {
            "body".to_string()
        };
        let ident = names::unique(&json_name, &used_ident);
        used_ident.insert(ident.clone());
        if body.required {
            required.push(json!(json_name));
        }
        fields.push(Field {
            rust_type: rust_type(&s, body.required),
            json: json_name.clone(),
            ident,
            required: body.required,
            target: Target::Body(media.media_type.clone()),
            description: body.description.clone(),
        });
        props.insert(json_name.clone(), s);
        body_example = media.example.clone().map(|e| (json_name, e));
    }
    let mut input = json!({"type": "object", "properties": props});
    if !required.is_empty() {
        input["required"] = Value::Array(required);
    }

    let success_media = op
        .success
        .as_ref()
        .and_then(|s| body_media(&s.content).or_else(|| s.content.first()));
    let output_schema = success_media
        .and_then(|m| m.schema.as_ref())
        .map(|s| schema::resolve(s, &api.schemas, Side::Output, &mut notes))
        .filter(|s| s.as_object().is_some_and(|o| !o.is_empty()));

    for r in &notes.recursive {
        m.warnings.push(format!(
            "{label}: schema `{r}` refers to itself; where it recurs the tool's schema accepts any object"
        ));
    }
    for r in &notes.unresolved {
        m.warnings.push(format!(
            "{label}: `$ref: {r}` is outside the document's components; that part of the schema accepts anything"
        ));
    }
    if notes.truncated {
        m.warnings.push(format!(
            "{label}: its schemas are too large to inline whole; the deepest parts accept anything"
        ));
    }

    let description = description(op, label);
    let example = example(op, &fields, body_example);
    Ok(Tool {
        name: name.to_string(),
        pascal: String::new(),
        operation: label.to_string(),
        method: op.method.clone(),
        path: op.path.clone(),
        description,
        fields,
        input_schema: input,
        output_schema,
        secrets,
        side_effects: if matches!(op.method.as_str(), "GET" | "HEAD") {
            "read"
        } else {
            "write"
        },
        example,
    })
}

/// A JSON property name for a parameter: its own name, or `<location>_<name>` when another
/// location already has that name.
fn unique_json(name: &str, loc: Location, used: &HashSet<String>) -> String {
    if !used.contains(name) && name != "body" {
        return name.to_string();
    }
    let prefixed = format!("{}_{name}", loc.as_str());
    names::unique(&prefixed, used)
}

/// The `{var}`s of a path template.
pub fn path_vars(path: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        out.push(rest[start + 1..start + len].to_string());
        rest = &rest[start + len + 1..];
    }
    out
}

/// The media type a tool sends or reads: JSON first, then a form, then plain text.
fn body_media(content: &[Media]) -> Option<&Media> {
    let is_json = |t: &str| {
        let t = t.to_ascii_lowercase();
        t == "application/json"
            || t.starts_with("application/json;")
            || t.ends_with("+json")
            || t == "*/*"
    };
    content
        .iter()
        .find(|m| is_json(&m.media_type))
        .or_else(|| {
            content
                .iter()
                .find(|m| m.media_type == "application/x-www-form-urlencoded")
        })
        .or_else(|| content.iter().find(|m| m.media_type.starts_with("text/")))
}

fn rust_type(schema: &Value, required: bool) -> String {
    let t = match schema::primary_type(schema) {
        Some("string") => "String",
        Some("integer") => "i64",
        Some("number") => "f64",
        Some("boolean") => "bool",
        Some("array") => "Vec<Value>",
        _ => "Value",
    };
    // A required field is required by the type too, so its Rust type cannot be an `Option`;
    // one that also takes `null` is a `Value`, which does.
    let nullable =
        matches!(schema.get("type"), Some(Value::Array(ts)) if ts.contains(&json!("null")));
    match (required, nullable) {
        (true, false) => t.to_string(),
        (true, true) => "Value".to_string(),
        (false, _) => format!("Option<{t}>"),
    }
}

/// The scheme secrets an operation uses (the first requirement alternative that gtdx can
/// satisfy), registering each in `m.secrets` once.
fn secrets_of(api: &Api, op: &Operation, namespace: &str, m: &mut Mapping) -> Vec<usize> {
    let reqs = op.security.as_ref().unwrap_or(&api.security);
    let usable = |alt: &Vec<String>| {
        alt.iter().all(|n| {
            api.schemes
                .iter()
                .any(|(k, s)| k == n && !matches!(s, Scheme::Other(_)))
        })
    };
    let Some(alt) = reqs.iter().find(|a| usable(a)).or_else(|| reqs.first()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for scheme in alt {
        let Some((_, kind)) = api.schemes.iter().find(|(k, _)| k == scheme) else {
            continue;
        };
        if let Scheme::Other(what) = kind {
            let w = format!(
                "security scheme `{scheme}` ({what}) is not one gtdx can send; its tools call without it"
            );
            if !m.warnings.contains(&w) {
                m.warnings.push(w);
            }
            continue;
        }
        let idx = match m.secrets.iter().position(|s| &s.scheme == scheme) {
            Some(i) => i,
            None => {
                let key = format!("{namespace}/{}", secret_segment(scheme));
                m.secrets.push(Secret {
                    scheme: scheme.clone(),
                    key,
                    kind: kind.clone(),
                });
                m.secrets.len() - 1
            }
        };
        out.push(idx);
    }
    out
}

/// A scheme name as a secret key segment (letters, digits, `.`, `_`, `-`).
fn secret_segment(scheme: &str) -> String {
    let s: String = scheme
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let s = s.trim_matches('.').to_string();
    if s.is_empty() { "auth".into() } else { s }
}

fn description(op: &Operation, label: &str) -> String {
    let mut parts = Vec::new();
    if let Some(s) = op
        .summary
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        parts.push(s.to_string());
    }
    if let Some(d) = op
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        && !parts.iter().any(|p| p == d)
    {
        parts.push(d.to_string());
    }
    if parts.is_empty() {
        parts.push(format!("Calls {label}."));
    }
    if op.deprecated {
        parts.push("Deprecated by the API.".into());
    }
    parts.join("\n\n")
}

/// An example call from the document's examples: every required argument needs one (a
/// parameter's `example`, its schema's `example`/`default`/first `enum` value).
fn example(op: &Operation, fields: &[Field], body: Option<(String, Value)>) -> Option<Example> {
    let mut input = Map::new();
    let mut path = op.path.clone();
    let mut query = Vec::new();
    for f in fields {
        let value = match &f.target {
            Target::Body(_) => body.as_ref().map(|(_, v)| v.clone()),
            Target::Param(loc, name) => op
                .params
                .iter()
                .find(|p| p.location == *loc && &p.name == name)
                .and_then(|p| p.example.clone().or_else(|| schema_example(&p.schema))),
        };
        let Some(value) = value else {
            if f.required {
                return None;
            }
            continue;
        };
        if let Target::Param(loc, name) = &f.target {
            let text = param_text(&value)?;
            match loc {
                Location::Path => path = path.replace(&format!("{{{name}}}"), &encode(&text)),
                Location::Query => query.push(format!("{}={}", encode(name), encode(&text))),
                _ => {}
            }
        }
        input.insert(f.json.clone(), value);
    }
    let success = op.success.as_ref()?;
    let response = body_media(&success.content)
        .or_else(|| success.content.first())
        .and_then(|m| m.example.clone());
    if !query.is_empty() {
        path = format!("{path}?{}", query.join("&"));
    }
    Some(Example {
        input: Value::Object(input),
        path_and_query: path,
        status: if success.status == 0 {
            200
        } else {
            success.status
        },
        response,
    })
}

fn schema_example(schema: &Value) -> Option<Value> {
    schema
        .get("example")
        .or_else(|| schema.get("default"))
        .or_else(|| schema.get("enum").and_then(|e| e.get(0)))
        .cloned()
}

/// A parameter value as the generated client writes it (scalars only in examples).
pub fn param_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Percent-encoding of everything but RFC 3986's unreserved characters, as the generated
/// client encodes path and query values.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
