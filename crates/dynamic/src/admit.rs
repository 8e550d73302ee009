//! The six-control admission pipeline ([`admit`]) and its report.

use std::collections::HashMap;
use std::sync::Arc;

use gtdx_contract::ExecutorEffect;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::context::{Context, ExecutorInfo};
use crate::error::DiscoveryError;
use crate::neutralise;
use gtdx_contract::authority;

/// Longest descriptor `key`, in bytes.
pub const KEY_MAX: usize = 256;

/// The descriptor members, in the spec's spelling.
const FIELDS: &[&str] = &["key", "name", "description", "input", "dispatch"];

/// What admitting one discovery result produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub org: String,
    pub extension: String,
    /// The code artifact hash every admitted digest covers.
    pub artifact_sha256: String,
    /// The grant every admitted digest covers (shown to the author, never in an agent view).
    pub grant_id: String,
    pub capacity: Capacity,
    pub counts: Counts,
    /// Admitted tools, by key (byte order).
    pub admitted: Vec<Admitted>,
    /// Withheld descriptors (an admin may expand the envelope), in input order.
    pub withheld: Vec<Withheld>,
    /// Rejected descriptors (no admin can approve them), in input order.
    pub rejected: Vec<Rejected>,
}

/// How many tools may be admitted and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Capacity {
    /// min(grant maxTools, declared maxTools, server cap).
    pub limit: u32,
    /// Which of the three sets the limit.
    pub set_by: String,
    pub server_cap: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_max_tools: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant_max_tools: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub submitted: usize,
    pub admitted: usize,
    pub withheld: usize,
    pub rejected: usize,
}

/// One admitted derived tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Admitted {
    /// Position in the discovery result.
    pub index: usize,
    pub key: String,
    /// The executor's authoring slug.
    pub executor: String,
    pub effect: ExecutorEffect,
    /// SHA-256 over (artifact hash, executor scoped id, RFC 8785 descriptor, grant id).
    pub digest: String,
    /// The bound executor arguments (dispatch only; never in [`Admitted::agent`]).
    pub bind: Map<String, Value>,
    /// What neutralisation changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// Exactly what the agent sees.
    pub agent: AgentTool,
}

/// The agent's view of an admitted tool: no bind values, no grant id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentTool {
    /// The executor's exact scoped id.
    pub id: String,
    pub name: String,
    pub description: String,
    /// The executor's input schema without the bound parameters (shared by every admitted tool
    /// of the same executor and bound parameters).
    pub input_schema: Arc<Value>,
}

/// One change neutralisation made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// `name` or `description`.
    pub field: String,
    pub before: String,
    pub after: String,
}

/// A descriptor withheld: outside the grant or over capacity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Withheld {
    pub index: usize,
    pub key: String,
    /// The admission control (2 executor allowlist, 5 capacity).
    pub control: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoped_id: Option<String>,
    pub reason: String,
    /// What an admin would have to expand to admit it.
    pub expand: String,
}

/// A descriptor rejected: never approvable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rejected {
    pub index: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The admission control (1 structure, 2 scoped id, 3 authority binding, 4 neutralisation,
    /// 6 identity).
    pub control: u8,
    /// JSON pointer into the discovery result.
    pub pointer: String,
    pub reason: String,
}

/// A structurally valid descriptor.
struct Parsed<'a> {
    index: usize,
    raw: &'a Value,
    key: &'a str,
    name: &'a str,
    description: &'a str,
    tool: &'a str,
    /// `dispatch.bind`, when the descriptor has one.
    bind: Option<&'a Map<String, Value>>,
}

/// The controls that look at one descriptor alone (3, 2's lookup, 4 and 6's digest), run for
/// every candidate on every core before the pass that needs them in order.
struct Checked<'c> {
    refusals: Vec<authority::Refusal>,
    name: String,
    description: String,
    /// The executor `dispatch.tool` names, with the identity digest (or why the descriptor has
    /// no RFC 8785 form); `None` when no executor resolves, or when control 3 already refused
    /// the descriptor (its digest would never be read).
    resolved: Option<(&'c ExecutorInfo, Result<String, String>)>,
}

/// Descriptors per thread below which the per-descriptor controls stay on one thread.
const PER_THREAD: usize = 256;

/// A descriptor that passed controls 1 to 4 and the allowlist, waiting for capacity (5) and
/// its identity (6).
struct Candidate<'a> {
    p: Parsed<'a>,
    exec: &'a ExecutorInfo,
    name: String,
    description: String,
    changes: Vec<Change>,
    identity: Result<String, String>,
}

/// Where one descriptor ended after the per-descriptor controls.
enum Screened<'a> {
    Admissible(Candidate<'a>),
    Withheld(Withheld),
    Rejected(Rejected),
}

/// Runs the six controls on a discovery result (a JSON array of descriptors).
///
/// An `Err` is a failed discovery (an error result, not an array, or over the caps of
/// [`crate::limits`]): nothing was admitted and a catalog must keep its last successful state.
/// Otherwise every descriptor ends in exactly one of the report's three lists.
pub fn admit(descriptors: &Value, ctx: &Context) -> Result<Report, DiscoveryError> {
    let list = descriptor_list(descriptors)?;
    crate::limits::check_value(descriptors)?;
    let mut rejected: Vec<Rejected> = Vec::new();
    let mut withheld: Vec<Withheld> = Vec::new();

    // 1. Structure.
    let candidates = structured_and_unique(list, &mut rejected);

    // 3. Authority binding, 2. scoped ids and the allowlist, 4. neutralisation, and 6's
    // digest: what each descriptor decides alone, computed on every core first.
    let checked = gtdx_contract::par::map(&candidates, PER_THREAD, |p| check(p, ctx));
    let mut admissible: Vec<Candidate<'_>> = Vec::with_capacity(candidates.len());
    for (p, c) in candidates.into_iter().zip(checked) {
        match screen(p, c, ctx) {
            Screened::Admissible(c) => admissible.push(c),
            Screened::Withheld(w) => withheld.push(w),
            Screened::Rejected(r) => rejected.push(r),
        }
    }

    let (limit, set_by) = ctx.capacity();
    let admitted = by_capacity(admissible, ctx, &mut rejected, &mut withheld);
    withheld.sort_by_key(|w| w.index);
    rejected.sort_by_key(|r| r.index);
    Ok(Report {
        org: ctx.org.clone(),
        extension: ctx.extension.clone(),
        artifact_sha256: ctx.artifact_sha256.clone(),
        grant_id: ctx.grant.id.clone(),
        capacity: Capacity {
            limit,
            set_by: set_by.into(),
            server_cap: ctx.server_cap,
            declared_max_tools: ctx.declared_max_tools,
            grant_max_tools: ctx.grant.max_tools,
        },
        counts: Counts {
            submitted: list.len(),
            admitted: admitted.len(),
            withheld: withheld.len(),
            rejected: rejected.len(),
        },
        admitted,
        withheld,
        rejected,
    })
}

/// The descriptors of a discovery result, or why the discovery failed as a whole.
fn descriptor_list(descriptors: &Value) -> Result<&Vec<Value>, DiscoveryError> {
    match descriptors {
        Value::Array(a) => Ok(a),
        Value::Object(m) if m.contains_key("error") => {
            let text = match &m["error"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            Err(DiscoveryError::ErrorResult(text))
        }
        other => Err(DiscoveryError::NotAnArray {
            pointer: "/".into(),
            found: kind(other).into(),
        }),
    }
}

/// Control 1 on the whole list: each descriptor's structure, then key uniqueness. Duplicate
/// keys are rejected together, also when one of them was malformed.
fn structured_and_unique<'a>(list: &'a [Value], rejected: &mut Vec<Rejected>) -> Vec<Parsed<'a>> {
    let mut parsed: Vec<Parsed<'_>> = Vec::with_capacity(list.len());
    for (index, d) in list.iter().enumerate() {
        match structure(index, d) {
            Ok(p) => parsed.push(p),
            Err((pointer, reason)) => rejected.push(Rejected {
                index,
                // An over-long key is not repeated: the pointer says which descriptor it is.
                key: d
                    .get("key")
                    .and_then(Value::as_str)
                    .filter(|k| k.len() <= KEY_MAX)
                    .map(str::to_string),
                control: 1,
                pointer,
                reason,
            }),
        }
    }
    let mut by_key: HashMap<&str, Vec<usize>> = HashMap::with_capacity(list.len());
    for (index, d) in list.iter().enumerate() {
        if let Some(k) = d.get("key").and_then(Value::as_str)
            && !k.is_empty()
        {
            by_key.entry(k).or_default().push(index);
        }
    }
    let mut candidates = Vec::with_capacity(parsed.len());
    for p in parsed {
        let same = &by_key[p.key];
        if same.len() > 1 {
            let others: Vec<String> = same
                .iter()
                .filter(|&&i| i != p.index)
                .map(|i| format!("/{i}"))
                .collect();
            rejected.push(Rejected {
                index: p.index,
                key: Some(p.key.to_string()),
                control: 1,
                pointer: format!("/{}/key", p.index),
                reason: format!(
                    "the key `{}` is not unique (also at {}); duplicate keys are rejected together",
                    p.key,
                    others.join(", ")
                ),
            });
            continue;
        }
        candidates.push(p);
    }
    candidates
}

/// Controls 3, 2 (resolution and the grant's allowlist) and 4 on one descriptor, from what
/// [`check`] computed for it.
fn screen<'a>(p: Parsed<'a>, c: Checked<'a>, ctx: &Context) -> Screened<'a> {
    let reject = |control: u8, pointer: String, reason: String| {
        Screened::Rejected(Rejected {
            index: p.index,
            key: Some(p.key.to_string()),
            control,
            pointer,
            reason,
        })
    };
    if let Some(first) = c.refusals.first() {
        let all: Vec<String> = c
            .refusals
            .iter()
            .map(|r| format!("`{}` ({})", r.path, r.why))
            .collect();
        return reject(
            3,
            format!("/{}/dispatch/bind{}", p.index, first.path),
            format!(
                "dispatch.bind targets a credential, header, URL or connection selector: {}; bind only non-secret parameters of the executor (no grant can allow this)",
                all.join(", ")
            ),
        );
    }
    let Some((exec, identity)) = c.resolved else {
        return unresolved(&p, ctx);
    };
    if c.name.is_empty() {
        return reject(
            4,
            format!("/{}/name", p.index),
            "the name has no character of the allowlist (ASCII letters, digits, space, `-`, `_`, `.`, `(`, `)`)".into(),
        );
    }
    let changes = changes(&p, &c.name, &c.description);
    if !ctx.grant.executors.contains(&exec.scoped_id) {
        return Screened::Withheld(Withheld {
            index: p.index,
            key: p.key.to_string(),
            control: 2,
            scoped_id: Some(exec.scoped_id.clone()),
            reason: format!(
                "the executor `{}` is not in the connection's grant",
                exec.scoped_id
            ),
            expand: format!("add `{}` to the grant's executors", exec.scoped_id),
        });
    }
    Screened::Admissible(Candidate {
        p,
        exec,
        name: c.name,
        description: c.description,
        changes,
        identity,
    })
}

/// Control 2 for a `dispatch.tool` no declared executor resolves: a supplied scoped id is
/// rejected (never rewritten), an unknown slug withheld (declaring it would admit it).
fn unresolved<'a>(p: &Parsed<'_>, ctx: &Context) -> Screened<'a> {
    if p.tool.contains(':') {
        return Screened::Rejected(Rejected {
            index: p.index,
            key: Some(p.key.to_string()),
            control: 2,
            pointer: format!("/{}/dispatch/tool", p.index),
            reason: format!(
                "dispatch.tool supplies the scoped id `{}`, which no declared executor of {} in org `{}` resolves to; a supplied scoped id is never rewritten: use the executor's authoring slug",
                p.tool, ctx.extension, ctx.org
            ),
        });
    }
    let scoped = crate::context::scoped_id(&ctx.org, &ctx.extension, p.tool);
    let what = if ctx.tools.iter().any(|t| t == p.tool) {
        "is a tool of this extension but not a declared executor"
    } else {
        "is not a declared executor (nor any tool of this extension)"
    };
    Screened::Withheld(Withheld {
        index: p.index,
        key: p.key.to_string(),
        control: 2,
        scoped_id: Some(scoped.clone()),
        reason: format!("dispatch.tool `{}` {what}", p.tool),
        expand: format!(
            "declare `{}` as an executor (#[tool(executor = \"read|write|delete\")]), reinstall, and grant `{scoped}`",
            p.tool
        ),
    })
}

/// What neutralisation (control 4) changed in the name and the description.
fn changes(p: &Parsed<'_>, name: &str, description: &str) -> Vec<Change> {
    let mut changes = Vec::new();
    if name != p.name {
        changes.push(Change {
            field: "name".into(),
            before: p.name.to_string(),
            after: name.to_string(),
        });
    }
    if description != p.description {
        changes.push(Change {
            field: "description".into(),
            before: p.description.to_string(),
            after: description.to_string(),
        });
    }
    changes
}

/// Control 5, capacity, in key order (byte order) so the admitted set does not depend on the
/// order discovery returned; and control 6, identity: a descriptor without a digest is rejected.
fn by_capacity(
    mut admissible: Vec<Candidate<'_>>,
    ctx: &Context,
    rejected: &mut Vec<Rejected>,
    withheld: &mut Vec<Withheld>,
) -> Vec<Admitted> {
    admissible.sort_by(|a, b| a.p.key.cmp(b.p.key));
    let (limit, set_by) = ctx.capacity();
    let mut admitted = Vec::with_capacity(admissible.len().min(limit as usize));
    let mut agent_schemas: HashMap<(&str, Vec<&str>), Arc<Value>> = HashMap::new();
    for c in admissible {
        // 6. Identity.
        let digest = match c.identity {
            Ok(d) => d,
            Err(e) => {
                rejected.push(Rejected {
                    index: c.p.index,
                    key: Some(c.p.key.to_string()),
                    control: 6,
                    pointer: format!("/{}", c.p.index),
                    reason: format!("the descriptor has no RFC 8785 form: {e}"),
                });
                continue;
            }
        };
        if admitted.len() >= limit as usize {
            withheld.push(Withheld {
                index: c.p.index,
                key: c.p.key.to_string(),
                control: 5,
                scoped_id: Some(c.exec.scoped_id.clone()),
                reason: format!(
                    "capacity: {} already admitted (the limit, set by {set_by}; descriptors are admitted in key order)",
                    gtdx_contract::text::count(limit as usize, "tool", "tools")
                ),
                expand: format!("raise {set_by} above {limit}"),
            });
            continue;
        }
        let bound: Vec<&str> = c.p.bind.map_or_else(Vec::new, |b| {
            let mut keys: Vec<&str> = b.keys().map(String::as_str).collect();
            keys.sort_unstable();
            keys
        });
        let input_schema = agent_schemas
            .entry((c.exec.slug.as_str(), bound))
            .or_insert_with(|| Arc::new(agent_schema(&c.exec.input_schema, c.p.bind)))
            .clone();
        admitted.push(Admitted {
            index: c.p.index,
            key: c.p.key.to_string(),
            executor: c.exec.slug.clone(),
            effect: c.exec.effect,
            digest,
            bind: c.p.bind.cloned().unwrap_or_default(),
            changes: c.changes,
            agent: AgentTool {
                id: c.exec.scoped_id.clone(),
                name: c.name,
                description: c.description,
                input_schema,
            },
        });
    }
    admitted
}

/// The identity digest: SHA-256 over a domain tag, the artifact hash, the scoped id, the grant
/// id and the RFC 8785 bytes of the descriptor, each field NUL-terminated (none can hold NUL).
pub fn digest(artifact: &str, scoped_id: &str, canonical: &[u8], grant_id: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"gtdx-dynamic-tool-identity/v1\0");
    h.update(artifact.as_bytes());
    h.update(b"\0");
    h.update(scoped_id.as_bytes());
    h.update(b"\0");
    h.update(grant_id.as_bytes());
    h.update(b"\0");
    h.update(canonical);
    let out = h.finalize();
    let mut s = String::with_capacity(64);
    for b in out {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The executor named by a descriptor's `dispatch.tool`: an authoring slug, or a scoped id
/// that resolves to exactly that executor.
fn executor<'c>(ctx: &'c Context, tool: &str) -> Option<&'c ExecutorInfo> {
    if tool.contains(':') {
        ctx.executor_by_scoped_id(tool)
    } else {
        ctx.executors.get(tool)
    }
}

/// Control 6 on one descriptor: its identity digest, or why it has no RFC 8785 form.
fn identity(p: &Parsed<'_>, exec: &ExecutorInfo, ctx: &Context) -> Result<String, String> {
    let canonical = gtdx_sign::jcs::canonicalize(p.raw).map_err(|e| e.to_string())?;
    Ok(digest(
        &exec.artifact_sha256,
        &exec.scoped_id,
        &canonical,
        &ctx.grant.id,
    ))
}

/// The per-descriptor controls of [`Checked`].
fn check<'c>(p: &Parsed<'_>, ctx: &'c Context) -> Checked<'c> {
    let refusals = p.bind.map(authority::refusals_in).unwrap_or_default();
    let resolved = match executor(ctx, p.tool) {
        Some(exec) if refusals.is_empty() => Some((exec, identity(p, exec, ctx))),
        _ => None,
    };
    Checked {
        refusals,
        name: neutralise::name(p.name),
        description: neutralise::description(p.description),
        resolved,
    }
}

/// The executor's input schema without the bound top-level parameters (removed from
/// `properties` and `required`): what the agent must send.
pub fn agent_schema(executor: &Value, bind: Option<&Map<String, Value>>) -> Value {
    let mut s = executor.clone();
    let Some(bind) = bind else {
        return s;
    };
    if let Some(obj) = s.as_object_mut() {
        if let Some(Value::Object(props)) = obj.get_mut("properties") {
            props.retain(|k, _| !bind.contains_key(k));
        }
        if let Some(Value::Array(req)) = obj.get_mut("required") {
            req.retain(|r| r.as_str().is_none_or(|k| !bind.contains_key(k)));
        }
    }
    s
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

type Bad = (String, String);

/// The pointer to an unknown member `k` of the object at `object`, and `k` as a message names
/// it; a name longer than [`KEY_MAX`] is not repeated (the report stays bounded by the
/// descriptor count), the pointer then stops at the object.
fn member(object: &str, k: &str) -> (String, String) {
    if k.len() > KEY_MAX {
        return (object.to_string(), format!("(a name of {} bytes)", k.len()));
    }
    (
        format!("{object}/{}", k.replace('~', "~0").replace('/', "~1")),
        format!("`{k}`"),
    )
}

/// Control 1 on one descriptor.
fn structure(index: usize, d: &Value) -> Result<Parsed<'_>, Bad> {
    let at = |rest: &str| format!("/{index}{rest}");
    let Value::Object(m) = d else {
        return Err((
            at(""),
            format!("a descriptor is an object, not {}", kind(d)),
        ));
    };
    if let Some(k) = m.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        let (pointer, named) = member(&at(""), k);
        return Err((
            pointer,
            format!(
                "unknown member {named}; a descriptor has exactly {}",
                FIELDS.join(", ")
            ),
        ));
    }
    let string = |field: &str| -> Result<&str, Bad> {
        match m.get(field) {
            Some(Value::String(s)) => Ok(s.as_str()),
            Some(other) => Err((
                at(&format!("/{field}")),
                format!("`{field}` is {}, expected a string", kind(other)),
            )),
            None => Err((at(""), format!("`{field}` is missing"))),
        }
    };
    let key = string("key")?;
    if key.is_empty() {
        return Err((at("/key"), "`key` is empty".into()));
    }
    if key.len() > KEY_MAX || key.chars().any(char::is_control) {
        return Err((
            at("/key"),
            format!("`key` is longer than {KEY_MAX} bytes or holds control characters"),
        ));
    }
    let name = string("name")?;
    if name.trim().is_empty() {
        return Err((at("/name"), "`name` is empty".into()));
    }
    let description = string("description")?;
    let input = m
        .get("input")
        .ok_or_else(|| (at(""), "`input` is missing".to_string()))?;
    let Value::Object(schema) = input else {
        return Err((
            at("/input"),
            format!("`input` is {}, expected a JSON Schema object", kind(input)),
        ));
    };
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        return Err((
            at("/input/type"),
            "`input` must be an object schema: `\"type\": \"object\"`".into(),
        ));
    }
    if let Some(p) = schema.get("properties")
        && !p.is_object()
    {
        return Err((
            at("/input/properties"),
            format!("`input.properties` is {}, expected an object", kind(p)),
        ));
    }
    if let Some(r) = schema.get("required")
        && !r.as_array().is_some_and(|a| a.iter().all(Value::is_string))
    {
        return Err((
            at("/input/required"),
            "`input.required` must be an array of strings".into(),
        ));
    }
    let dispatch = m
        .get("dispatch")
        .ok_or_else(|| (at(""), "`dispatch` is missing".to_string()))?;
    let Value::Object(dm) = dispatch else {
        return Err((
            at("/dispatch"),
            format!("`dispatch` is {}, expected an object", kind(dispatch)),
        ));
    };
    if let Some(k) = dm.keys().find(|k| *k != "tool" && *k != "bind") {
        let (pointer, named) = member(&at("/dispatch"), k);
        return Err((
            pointer,
            format!("unknown member {named} of dispatch; it has `tool` and `bind`"),
        ));
    }
    let tool = match dm.get("tool") {
        Some(Value::String(s)) if s.len() > KEY_MAX => {
            return Err((
                at("/dispatch/tool"),
                format!(
                    "`dispatch.tool` is longer than {KEY_MAX} bytes; it names a declared executor by its authoring slug"
                ),
            ));
        }
        Some(Value::String(s)) if !s.is_empty() => s.as_str(),
        Some(Value::String(_)) => {
            return Err((at("/dispatch/tool"), "`dispatch.tool` is empty".into()));
        }
        Some(other) => {
            return Err((
                at("/dispatch/tool"),
                format!("`dispatch.tool` is {}, expected a string", kind(other)),
            ));
        }
        None => return Err((at("/dispatch"), "`dispatch.tool` is missing".into())),
    };
    let bind = match dm.get("bind") {
        None | Some(Value::Null) => None,
        Some(Value::Object(b)) => Some(b),
        Some(other) => {
            return Err((
                at("/dispatch/bind"),
                format!("`dispatch.bind` is {}, expected an object", kind(other)),
            ));
        }
    };
    Ok(Parsed {
        index,
        raw: d,
        key,
        name,
        description,
        tool,
        bind,
    })
}
