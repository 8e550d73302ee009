//! Structural validation: our JSON Schema (generated from the contract types) with every error
//! reported, the stringified schemas parsed and meta-validated, then the typed model.

use gtdx_contract::{Code, codes};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use gtdx_contract::source::{self, SourceMap};
use gtdx_contract::{API_VERSION_V1, API_VERSION_V2, Describe, Diagnostic};
use jsonschema::Validator;
use serde_json::Value;

use crate::explain::{Finding, Kind, explain_all};
use crate::load::strip_serde_position;
use crate::screen::Examples;
use crate::text::{LineIndex, raw_offset};

/// The document being checked: its text, line index and pointer → position map.
pub(crate) struct Doc<'a> {
    pub file: &'a str,
    pub text: &'a str,
    /// Built on the first position asked for: a clean manifest needs none.
    lines: std::cell::OnceCell<LineIndex>,
    map: std::cell::OnceCell<SourceMap>,
    /// Pointers located so far without the map.
    walks: std::cell::Cell<usize>,
}

/// Findings located by walking the text before the whole document is indexed: a clean
/// manifest needs none, a typical one a handful, and a walk costs a fraction of an index.
const WALKS_BEFORE_INDEXING: usize = 16;

impl<'a> Doc<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Doc {
            file,
            text,
            lines: std::cell::OnceCell::new(),
            map: std::cell::OnceCell::new(),
            walks: std::cell::Cell::new(0),
        }
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text))
    }

    pub fn position(&self, offset: usize) -> (usize, usize) {
        self.lines().position(self.text, offset)
    }

    /// The pointer → offset index, built when many findings need positions.
    fn map(&self) -> Option<&SourceMap> {
        if let Some(m) = self.map.get() {
            return Some(m);
        }
        if self.walks.get() < WALKS_BEFORE_INDEXING {
            self.walks.set(self.walks.get() + 1);
            return None;
        }
        Some(self.map.get_or_init(|| SourceMap::index(self.text)))
    }

    /// Byte offset of the value at `pointer` (or of its nearest existing ancestor).
    pub fn value_offset(&self, pointer: &str) -> usize {
        match self.map() {
            Some(m) => m.value_offset(pointer).unwrap_or(0),
            None => source::locate(self.text, pointer).value,
        }
    }

    /// Byte offset of the key naming the member at `pointer`, else as [`Doc::value_offset`].
    pub fn key_offset(&self, pointer: &str) -> usize {
        match self.map() {
            Some(m) => m.key_offset(pointer).unwrap_or(0),
            None => {
                let l = source::locate(self.text, pointer);
                l.key.unwrap_or(l.value)
            }
        }
    }
}

/// Where the pointers of a set of findings live.
pub(crate) enum Loc<'s> {
    /// In the document, under `prefix` (the pointer of the validated sub-value).
    Doc { prefix: String },
    /// Inside the JSON string at `outer`; inner pointers address the decoded JSON, which is
    /// indexed only when a finding needs a position.
    Str {
        outer: String,
        decoded: &'s str,
        map: std::cell::OnceCell<SourceMap>,
    },
}

impl<'s> Loc<'s> {
    pub fn doc() -> Self {
        Loc::Doc {
            prefix: String::new(),
        }
    }

    /// A string value of the document, to locate findings inside its decoded JSON.
    pub fn string(outer: &str, decoded: &'s str) -> Self {
        Loc::Str {
            outer: outer.to_string(),
            decoded,
            map: std::cell::OnceCell::new(),
        }
    }

    /// Locates a pointer relative to this location: (document pointer, byte offset in the file,
    /// the inner pointer when inside a string).
    fn resolve(&self, doc: &Doc<'_>, inner: &str, at_key: bool) -> (String, usize, Option<String>) {
        match self {
            Loc::Doc { prefix } => {
                let p = format!("{prefix}{inner}");
                let off = if at_key {
                    doc.key_offset(&p)
                } else {
                    doc.value_offset(&p)
                };
                (p, off, None)
            }
            Loc::Str {
                outer,
                decoded,
                map,
            } => {
                let quote = doc.value_offset(outer);
                let map = map.get_or_init(|| SourceMap::index(decoded));
                let inner_off = if at_key {
                    map.key_offset(inner)
                } else {
                    map.value_offset(inner)
                };
                let raw = raw_offset(doc.text, quote, inner_off.unwrap_or(0));
                (outer.clone(), raw, Some(inner.to_string()))
            }
        }
    }

    /// Byte offset in the file of a byte offset inside the decoded string.
    pub fn raw_of_decoded(&self, doc: &Doc<'_>, decoded_offset: usize) -> usize {
        match self {
            Loc::Doc { .. } => decoded_offset,
            Loc::Str { outer, .. } => {
                let quote = doc.value_offset(outer);
                raw_offset(doc.text, quote, decoded_offset)
            }
        }
    }
}

/// Collects diagnostics, taking each code's severity from the rule table.
pub(crate) struct Sink<'d, 'a> {
    pub doc: &'d Doc<'a>,
    pub out: Vec<Diagnostic>,
}

impl<'d, 'a> Sink<'d, 'a> {
    pub fn new(doc: &'d Doc<'a>) -> Self {
        Sink {
            doc,
            out: Vec::new(),
        }
    }

    /// Reports `message` about the value at `pointer` (a document pointer).
    pub fn at(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let off = self.doc.value_offset(pointer);
        self.push(code, pointer.to_string(), off, message.into(), help);
    }

    /// Reports about the key of the member at `pointer`.
    pub fn at_key(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        let off = self.doc.key_offset(pointer);
        self.push(code, pointer.to_string(), off, message.into(), help);
    }

    /// Reports at an explicit byte offset of the file.
    pub fn at_offset(
        &mut self,
        code: Code,
        pointer: &str,
        offset: usize,
        message: String,
        help: Option<String>,
    ) {
        self.push(code, pointer.to_string(), offset, message, help);
    }

    /// Reports a finding at `loc`, prefixing its message with `lead` (e.g. "input_schema is not
    /// a valid JSON Schema: ").
    pub fn finding(&mut self, code: Code, loc: &Loc, f: Finding, lead: &str, tail: &str) {
        let (pointer, off, inner) = loc.resolve(self.doc, &f.pointer, f.at_key);
        let mut message = format!("{lead}{}", f.message);
        if let Some(inner) = inner.filter(|i| !i.is_empty()) {
            message.push_str(&format!(" (inside the string, at {inner})"));
        }
        message.push_str(tail);
        self.push(code, pointer, off, message, f.help);
    }

    fn push(
        &mut self,
        code: Code,
        pointer: String,
        offset: usize,
        message: String,
        help: Option<String>,
    ) {
        let (line, column) = self.doc.position(offset);
        let mut d = Diagnostic::new(code, self.doc.file, message)
            .at(line, column)
            .pointer(pointer);
        if let Some(h) = help {
            d = d.help(h);
        }
        self.out.push(d);
    }
}

/// What the rules read of a valid input schema: its root's `type` and `required`. Only this
/// is kept of the parsed schemas (a thousand parsed schemas are megabytes to keep and free).
#[derive(Debug, Clone, Default)]
pub(crate) struct InputSchema {
    /// The root's `type`, when it has one (a boolean schema has none).
    pub root_type: Option<Value>,
    /// The root's `required`, when it has one.
    pub required: Option<Value>,
}

impl InputSchema {
    pub fn of(schema: &Value) -> Self {
        InputSchema {
            root_type: schema.get("type").cloned(),
            required: schema.get("required").cloned(),
        }
    }
}

/// What validation learned that the lint rules reuse.
#[derive(Default)]
pub(crate) struct Validated {
    /// The typed model, when the document is structurally valid.
    pub describe: Option<Describe>,
    /// What the rules read of each tool's input schema that is valid, by tool index. Equal
    /// texts share one `Arc`.
    input_schemas: Vec<Option<Arc<InputSchema>>>,
    /// By tool index: whether the screen found every example of the tool's metadata valid
    /// against the strict form of its input schema.
    examples_fit: Vec<bool>,
    /// The compiled strict forms of the input schemas ([`crate::strict`]) the checklist asked
    /// for, by text: each distinct schema is compiled once.
    strict: std::cell::RefCell<HashMap<String, Option<Arc<StrictSchema>>>>,
}

/// An input schema's strict form ([`crate::strict`]), compiled.
pub(crate) struct StrictSchema {
    pub schema: Value,
    pub validator: Validator,
}

impl Validated {
    /// What the rules read of the input schema of `tools[tool]`, when it is a valid schema.
    pub fn input_schema(&self, tool: usize) -> Option<&Arc<InputSchema>> {
        self.input_schemas.get(tool)?.as_ref()
    }

    /// Whether every example of `tools[tool]` is known to fit its input schema's strict form.
    pub fn examples_fit(&self, tool: usize) -> bool {
        self.examples_fit.get(tool).copied().unwrap_or(false)
    }

    /// The strict form of an input schema's text (one that validated), compiled once per
    /// distinct text; `None` when it does not compile.
    pub fn strict_schema(&self, text: &str) -> Option<Arc<StrictSchema>> {
        if let Some(done) = self.strict.borrow().get(text) {
            return done.clone();
        }
        let strict = serde_json::from_str(text).ok().and_then(|schema| {
            let schema = crate::strict::strict(schema);
            let validator = compile(&schema).ok()?;
            Some(Arc::new(StrictSchema { schema, validator }))
        });
        self.strict
            .borrow_mut()
            .insert(text.to_string(), strict.clone());
        strict
    }
}

fn describe_validator() -> &'static Result<Validator, String> {
    static V: OnceLock<Result<Validator, String>> = OnceLock::new();
    V.get_or_init(|| {
        jsonschema::options()
            .should_validate_formats(false)
            .build(describe_schema())
            .map_err(|e| e.to_string())
    })
}

pub(crate) fn describe_schema() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(gtdx_contract::schema::describe_schema)
}

/// Runs every structural check. `null` says whether the document holds a `null` value; `typed`
/// reads the typed model (asked once, after the stringified schemas are checked).
pub(crate) fn validate(
    sink: &mut Sink<'_, '_>,
    value: &Value,
    null: bool,
    typed: impl FnOnce() -> Result<Describe, serde_json::Error>,
) -> Validated {
    let mut out = Validated::default();
    // Generated manifests repeat the same schema text across tools (shared input and output
    // types): a text that checked out once is valid wherever it appears, so check it once. The
    // distinct texts are screened in parallel; only a text that fails the screen goes through
    // the reporting path, which locates every problem inside it.
    let strings = stringified_schemas(value);
    let screened = crate::screen::screen(strings.iter().map(|&(_, text, ex)| (text, ex)));
    let mut valid = screened.valid;
    for (at, text, _) in strings {
        let schema = match valid.get(text) {
            Some(schema) => Some(Arc::clone(schema)),
            None => check_schema_string(sink, &at.pointer(), at.field(), text).map(|schema| {
                let schema = Arc::new(InputSchema::of(&schema));
                valid.insert(text, Arc::clone(&schema));
                schema
            }),
        };
        if let (SchemaAt::Tool(i, INPUT_SCHEMA), Some(schema)) = (at, schema) {
            if out.input_schemas.len() <= i {
                out.input_schemas.resize(i + 1, None);
            }
            out.input_schemas[i] = Some(schema);
        }
    }
    for i in screened.examples_fit {
        if out.examples_fit.len() <= i {
            out.examples_fit.resize(i + 1, false);
        }
        out.examples_fit[i] = true;
    }

    // Then the typed model. When it and the loader's invariants, which include every
    // constraint our schema adds to the model, accept the document, the schema pass could only
    // agree: skip it. The schema is what locates problems, so any refusal, and any `null` value
    // (which the model reads as absent, the schema refuses; the word inside a string, such as
    // a stringified schema's `"type": ["string", "null"]`, is no null), takes the full pass.
    let typed = typed();
    let violations = match &typed {
        Ok(d) => gtdx_contract::invariants::violations(d),
        Err(_) => Vec::new(),
    };
    let accepted = typed.is_ok() && violations.is_empty() && !null;
    let structural = !accepted && schema_pass(sink, value);
    if !structural {
        match typed {
            Ok(d) => {
                // The loader's own checks beyond the shape (semver fields, ids, digests,
                // whole-document invariants): any one refuses the whole extension.
                for v in &violations {
                    sink.at(
                        v.code,
                        &v.pointer,
                        format!("the platform's loader refuses the manifest: {}", v.message),
                        Some(v.help.to_string()),
                    );
                }
                for pointer in d.spec_only_members() {
                    sink.at_key(
                        codes::W_PLATFORM_UNKNOWN_FIELD,
                        pointer,
                        format!(
                            "`{}` comes from the gtdx specification, but the platform's loader (contract {}) does not know it yet and refuses the whole describe.json",
                            pointer.rsplit('/').next().unwrap_or(pointer),
                            gtdx_contract::PLATFORM_CONTRACT_VERSION
                        ),
                        Some("keep it only if the platform you publish to supports it; `gtdx lint --explain W_PLATFORM_UNKNOWN_FIELD`".to_string()),
                    );
                }
                dropped_members(sink, value);
                if violations.is_empty() {
                    out.describe = Some(d);
                }
            }
            Err(e) => {
                let offset = sink
                    .doc
                    .lines()
                    .offset_of(sink.doc.text, e.line(), e.column());
                let message = strip_serde_position(&e.to_string());
                sink.at_offset(
                    codes::E_CONTRACT,
                    "",
                    offset,
                    format!("the contract model rejects the manifest: {message}"),
                    message.starts_with("duplicate field").then(|| {
                        "remove one of the two keys: the platform's deserializer rejects a duplicate key, while most JSON tools silently keep the last one".to_string()
                    }),
                );
                // serde reports a position, not a path.
                if let Some(d) = sink.out.last_mut() {
                    d.pointer = None;
                }
            }
        }
    }
    out
}

/// The document against our JSON Schema, every error reported; whether there were any.
fn schema_pass(sink: &mut Sink<'_, '_>, value: &Value) -> bool {
    let validator = match describe_validator() {
        Ok(v) => v,
        Err(e) => {
            // Our own schema failing to compile is a bug in gtdx, not in the manifest.
            sink.at(
                codes::E_CONTRACT,
                "",
                format!("internal error: gtdx's schema does not compile: {e}"),
                None,
            );
            return true;
        }
    };
    let findings = explain_all(validator.iter_errors(value), Some(describe_schema()), value);
    let structural = !findings.is_empty();
    let loc = Loc::doc();
    for f in findings {
        if f.pointer == "/apiVersion" && f.kind == Kind::Value {
            api_version(sink, value);
            continue;
        }
        if f.kind == Kind::Type
            && f.pointer.ends_with("/agentic_worker_metadata")
            && value.pointer(&f.pointer).is_some_and(Value::is_object)
        {
            let (message, help) = gtdx_contract::invariants::METADATA_NOT_STRING;
            sink.at(
                codes::E_METADATA_NOT_STRING,
                &f.pointer,
                message,
                Some(help.to_string()),
            );
            continue;
        }
        let code = match f.kind {
            Kind::UnknownField => codes::E_UNKNOWN_FIELD,
            Kind::MissingField => codes::E_MISSING_FIELD,
            Kind::Type => codes::E_TYPE,
            Kind::Value => codes::E_INVALID_VALUE,
        };
        sink.finding(code, &loc, f, "", "");
    }
    structural
}

/// Keys the platform accepts but silently drops (its secret requirements and localized texts
/// are not closed objects): a typo there loses the value without a word, so say so.
fn dropped_members(sink: &mut Sink<'_, '_>, value: &Value) {
    const SECRET: &[&str] = &[
        "key",
        "required",
        "description",
        "scope",
        "format",
        "schema",
        "examples",
    ];
    let Some(tools) = value
        .pointer("/contributions/tools")
        .and_then(Value::as_array)
    else {
        return;
    };
    for (i, tool) in tools.iter().enumerate() {
        let Some(reqs) = tool.get("secret_requirements").and_then(Value::as_array) else {
            continue;
        };
        for (j, req) in reqs.iter().enumerate() {
            for key in req.as_object().into_iter().flat_map(|o| o.keys()) {
                if SECRET.contains(&key.as_str()) {
                    continue;
                }
                let pointer = format!(
                    "/contributions/tools/{i}/secret_requirements/{j}/{}",
                    gtdx_contract::diagnostic::escape_pointer_token(key)
                );
                let hint = crate::explain::nearest(key, SECRET)
                    .map(|k| format!("did you mean `{k}`? "))
                    .unwrap_or_default();
                sink.at_key(
                    codes::W_FIELD_DROPPED,
                    &pointer,
                    format!("`{key}` is not a field of a secret requirement: the platform accepts it and silently drops it, so it never reaches the operator"),
                    Some(format!("{hint}the fields are {}", SECRET.join(", "))),
                );
            }
        }
    }
}

fn api_version(sink: &mut Sink<'_, '_>, value: &Value) {
    let found = value.get("apiVersion").cloned().unwrap_or(Value::Null);
    if found.as_str() == Some(API_VERSION_V1) {
        sink.at(
            codes::E_API_VERSION,
            "/apiVersion",
            format!(
                "apiVersion \"{API_VERSION_V1}\" is the legacy contract: a v1 extension's tools are read from the component's WIT `list-tools` export, not from this manifest, and gtdx checks v2 manifests"
            ),
            Some(format!(
                "move to v2: set \"apiVersion\": \"{API_VERSION_V2}\" and declare every tool in contributions.tools[] (name, export, capabilities, description, input_schema); for v2 the runtime never calls list-tools, so a tool that exists only in the component's code disappears (`gtdx lint --explain E_API_VERSION`)"
            )),
        );
    } else {
        sink.at(
            codes::E_API_VERSION,
            "/apiVersion",
            format!(
                "expected \"{API_VERSION_V2}\", found {}",
                crate::explain::short(&found)
            ),
            Some(format!("set \"apiVersion\": \"{API_VERSION_V2}\"")),
        );
    }
}

/// Pointers of every stringified schema present as a string, with the field's name.
const INPUT_SCHEMA: &str = "input_schema";

/// Where a stringified schema sits; its pointer is written only for a finding.
#[derive(Clone, Copy)]
enum SchemaAt {
    Config,
    Tool(usize, &'static str),
    NodeType(usize),
}

impl SchemaAt {
    fn pointer(self) -> String {
        match self {
            SchemaAt::Config => "/configSchema".to_string(),
            SchemaAt::Tool(i, field) => format!("/contributions/tools/{i}/{field}"),
            SchemaAt::NodeType(i) => format!("/contributions/nodeTypes/{i}/config_schema"),
        }
    }

    fn field(self) -> &'static str {
        match self {
            SchemaAt::Config => "configSchema",
            SchemaAt::Tool(_, field) => field,
            SchemaAt::NodeType(_) => "config_schema",
        }
    }
}

/// Every JSON Schema the manifest holds as a string, with its text, and, for the input schema
/// of a tool whose metadata may hold examples, that tool (the screen tries its examples).
fn stringified_schemas(value: &Value) -> Vec<(SchemaAt, &str, Option<Examples<'_>>)> {
    let mut v = Vec::new();
    if let Some(text) = value.get("configSchema").and_then(Value::as_str) {
        v.push((SchemaAt::Config, text, None));
    }
    let contributions = value.get("contributions");
    if let Some(tools) = contributions
        .and_then(|c| c.get("tools"))
        .and_then(Value::as_array)
    {
        for (i, t) in tools.iter().enumerate() {
            // A guess from the text is enough: it only decides whether the screen tries them.
            let examples = t
                .get("agentic_worker_metadata")
                .and_then(Value::as_str)
                .filter(|m| m.contains("examples"))
                .map(|metadata| Examples { tool: i, metadata });
            if let Some(text) = t.get(INPUT_SCHEMA).and_then(Value::as_str) {
                v.push((SchemaAt::Tool(i, INPUT_SCHEMA), text, examples));
            }
            if let Some(text) = t.get("output_schema").and_then(Value::as_str) {
                v.push((SchemaAt::Tool(i, "output_schema"), text, None));
            }
        }
    }
    if let Some(nts) = contributions
        .and_then(|c| c.get("nodeTypes"))
        .and_then(Value::as_array)
    {
        for (i, n) in nts.iter().enumerate() {
            if let Some(text) = n.get("config_schema").and_then(Value::as_str) {
                v.push((SchemaAt::NodeType(i), text, None));
            }
        }
    }
    v
}

/// Parses one stringified schema and checks it against its meta-schema. Returns the parsed
/// schema when it is valid.
fn check_schema_string(
    sink: &mut Sink<'_, '_>,
    pointer: &str,
    field: &str,
    text: &str,
) -> Option<Value> {
    let loc = Loc::string(pointer, text);
    let schema: Value = match serde_json::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            let inner = LineIndex::new(text);
            let decoded = inner.offset_of(text, e.line(), e.column());
            let raw = loc.raw_of_decoded(sink.doc, decoded);
            sink.at_offset(
                codes::E_SCHEMA_STRING_JSON,
                pointer,
                raw,
                format!(
                    "{field} is not valid JSON: {} (inside the string)",
                    strip_serde_position(&e.to_string())
                ),
                Some(format!(
                    "{field} must hold a JSON Schema serialized as a string; check the quoting at this position"
                )),
            );
            return None;
        }
    };
    if !(schema.is_object() || schema.is_boolean()) {
        sink.at(
            codes::E_SCHEMA_STRING_INVALID,
            pointer,
            format!(
                "{field} is not a valid JSON Schema: a schema is an object (or true/false), found {}",
                crate::load::json_kind(&schema)
            ),
            None,
        );
        return None;
    }
    let lead = format!("{field} is not a valid JSON Schema: ");
    let meta = match jsonschema::meta::validator_for(&schema) {
        Ok(m) => m,
        Err(e) => {
            sink.finding(
                codes::E_SCHEMA_STRING_INVALID,
                &loc,
                Finding {
                    kind: Kind::Value,
                    pointer: "/$schema".into(),
                    at_key: false,
                    message: format!(
                        "unsupported $schema {}: gtdx knows the published drafts only",
                        schema.get("$schema").map(crate::explain::short).unwrap_or_else(|| first_line(&e.to_string()).to_string()),
                    ),
                    help: Some(
                        "omit $schema (draft 2020-12 is assumed) or name a published draft, e.g. https://json-schema.org/draft/2020-12/schema".into(),
                    ),
                },
                &lead,
                "",
            );
            return None;
        }
    };
    let findings = explain_all(meta.iter_errors(&schema), None, &schema);
    if !findings.is_empty() {
        for f in findings {
            sink.finding(codes::E_SCHEMA_STRING_INVALID, &loc, f, &lead, "");
        }
        return None;
    }
    // Past the meta-schema, compiling fails only on what the meta-schema cannot see: a regex
    // that does not compile, a `$ref` that does not resolve. Compile only schemas that have one.
    if RISKY.iter().any(|k| text.contains(k))
        && let Err(e) = compile(&schema)
    {
        let external = matches!(
            e.kind(),
            jsonschema::error::ValidationErrorKind::Referencing(_)
        );
        let f = Finding {
            kind: Kind::Value,
            pointer: String::new(),
            at_key: false,
            message: if external {
                let msg = e.to_string();
                match msg.split('\'').nth(1) {
                    Some(uri) => format!("\"$ref\" to \"{uri}\" does not resolve"),
                    None => format!("a \"$ref\" does not resolve: {}", first_line(&msg)),
                }
            } else {
                format!("it does not compile: {}", first_line(&e.to_string()))
            },
            help: external.then(|| {
                "gtdx resolves no external documents: the schema must be self-contained; move referenced definitions under \"$defs\" and use \"$ref\": \"#/$defs/...\"".to_string()
            }),
        };
        sink.finding(codes::E_SCHEMA_STRING_INVALID, &loc, f, &lead, "");
        return None;
    }
    Some(schema)
}

/// Builds the meta-schema validator the stringified schemas are screened with (jsonschema keeps
/// it for the process), so a caller can have it built on another core while it parses.
pub(crate) fn warm_meta_validator() {
    let _ = jsonschema::meta::validator_for(&Value::Object(serde_json::Map::new()));
}

/// Keywords whose problems only compiling the schema finds: a regex that does not compile, a
/// `$ref` that does not resolve.
const RISKY: [&str; 3] = [PATTERN, REFERENCES[0], REFERENCES[1]];
pub(crate) const PATTERN: &str = "\"pattern";
pub(crate) const REFERENCES: [&str; 2] = ["$ref", "$dynamicRef"];

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or_default()
}

/// Compiles a schema the way gtdx validates instances against it (formats are annotations).
/// Every compile of the run shares one cache of regular expressions: the tools of a manifest
/// repeat their patterns, and a regex is most of a small schema's compile.
pub(crate) fn compile(schema: &Value) -> Result<Validator, jsonschema::ValidationError<'static>> {
    static PATTERNS: OnceLock<jsonschema::PatternCache> = OnceLock::new();
    jsonschema::options()
        .should_validate_formats(false)
        .with_pattern_cache(PATTERNS.get_or_init(jsonschema::PatternCache::new).clone())
        .build(schema)
}
