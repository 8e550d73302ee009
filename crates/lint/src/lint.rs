//! The lint rules, run on a manifest that validated (they need the typed model).

use std::collections::{BTreeMap, HashMap, HashSet};

use gtdx_contract::metadata::{DEFAULT_CONFIRMATION_REQUIRED, DEFAULT_COST, DEFAULT_SIDE_EFFECTS};
use gtdx_contract::paths::{VIEWS_DIR, check_entry_path};
use gtdx_contract::{
    CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW, Describe, KNOWN_VIEW_SLOTS, MetadataBlob,
    SCHEMA_URL, ViewSurface, ZERO_SHA256,
};
use serde_json::Value;

use crate::Options;
use crate::explain::{explain_all, nearest, short};
use crate::validate::{Loc, Sink, Validated};

const TOOLS: &str = "/contributions/tools";
const NODE_TYPES: &str = "/contributions/nodeTypes";

pub(crate) fn run(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated, opts: &Options) {
    header(sink, d);
    versions(sink, d, opts);
    runtime(sink, d, opts);
    tools(sink, d, v);
    node_types(sink, d);
    references(sink, d, v);
    views(sink, d, opts);
}

// ----- top level -----

fn header(sink: &mut Sink<'_, '_>, d: &Describe) {
    match &d.schema {
        None => sink.at(
            "E_SCHEMA_HOST",
            "",
            "\"$schema\" is missing",
            Some(format!(
                "add \"$schema\": \"{SCHEMA_URL}\" as the first key"
            )),
        ),
        Some(s) if s != SCHEMA_URL => sink.at(
            "E_SCHEMA_HOST",
            "/$schema",
            format!("\"$schema\" is \"{s}\"; the platform requires \"{SCHEMA_URL}\""),
            Some(format!("set \"$schema\": \"{SCHEMA_URL}\"")),
        ),
        _ => {}
    }
    if d.engine.is_some() {
        sink.at_key(
            "E_ENGINE_DEPRECATED",
            "/engine",
            "the \"engine\" block is deprecated and rejected by the platform linter",
            Some("move its bounds to compat.min_designer_version / compat.min_runner_version and delete \"engine\"".into()),
        );
    }
    if !is_extension_id(&d.metadata.id) {
        sink.at(
            "E_ID_PATTERN",
            "/metadata/id",
            format!(
                "metadata.id \"{}\" is not of the form greentic.<name> (^greentic\\.[a-z0-9][a-z0-9-]*$)",
                d.metadata.id
            ),
            Some(suggest_id(&d.metadata.id)),
        );
    }
    let offered = d.capabilities.offered.as_slice();
    let required = d.capabilities.required.as_slice();
    for (i, r) in required.iter().enumerate() {
        if offered.iter().any(|o| o.id == r.id) {
            sink.at(
                "E_CAP_CYCLE",
                &format!("/capabilities/required/{i}/id"),
                format!(
                    "capability \"{}\" is both offered and required (a self-cycle)",
                    r.id
                ),
                Some("remove it from capabilities.required".into()),
            );
        }
    }
    if d.config_schema.is_some() {
        sink.at_key(
            "W_CONFIG_SCHEMA_UNPUBLISHED",
            "/configSchema",
            "top-level \"configSchema\" is not in the platform's published describe-v2 schema, which rejects unknown top-level keys",
            Some("keep it only if your target platform reads it (`gtdx lint --explain W_CONFIG_SCHEMA_UNPUBLISHED`)".into()),
        );
    }
}

fn is_extension_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("greentic.") else {
        return false;
    };
    let mut chars = rest.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn suggest_id(id: &str) -> String {
    let tail = id.rsplit('.').next().unwrap_or(id);
    let cleaned: String = tail
        .to_ascii_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim_matches('-');
    if cleaned.is_empty() {
        "use an id such as greentic.my-extension".into()
    } else {
        format!("use an id such as greentic.{cleaned}")
    }
}

fn versions(sink: &mut Sink<'_, '_>, d: &Describe, opts: &Options) {
    let exact = |sink: &mut Sink<'_, '_>, pointer: &str, what: &str, s: &str| {
        if let Err(e) = semver::Version::parse(s) {
            sink.at(
                "E_VERSION_SEMVER",
                pointer,
                format!("{what} \"{s}\" is not an exact semver version: {e}"),
                Some(
                    "use MAJOR.MINOR.PATCH with an optional -pre-release, e.g. 1.2.0 or 1.3.0-rc.1"
                        .into(),
                ),
            );
        }
    };
    let range = |sink: &mut Sink<'_, '_>, pointer: &str, what: &str, s: &str| {
        if let Err(e) = semver::VersionReq::parse(s) {
            sink.at(
                "E_VERSION_SEMVER",
                pointer,
                format!("{what} \"{s}\" is not a semver requirement: {e}"),
                Some("use a requirement such as >=1.2.0 or ^1.2.0 (combine bounds with a comma: >=1.2.0, <2.0.0)".into()),
            );
        }
    };
    exact(
        sink,
        "/metadata/version",
        "metadata.version",
        &d.metadata.version,
    );
    exact(
        sink,
        "/compat/contract_version",
        "compat.contract_version",
        &d.compat.contract_version,
    );
    range(
        sink,
        "/compat/min_designer_version",
        "compat.min_designer_version",
        &d.compat.min_designer_version,
    );
    range(
        sink,
        "/compat/min_runner_version",
        "compat.min_runner_version",
        &d.compat.min_runner_version,
    );
    for (list, caps) in [
        ("offered", &d.capabilities.offered),
        ("required", &d.capabilities.required),
    ] {
        for (i, c) in caps.as_slice().iter().enumerate() {
            let p = format!("/capabilities/{list}/{i}/version");
            let what = format!("capabilities.{list}[{i}].version");
            if opts.publish && list == "offered" {
                exact(
                    sink,
                    &p,
                    &format!("{what} (publish requires an exact version)"),
                    &c.version,
                );
            } else {
                range(sink, &p, &what, &c.version);
            }
        }
    }
}

fn runtime(sink: &mut Sink<'_, '_>, d: &Describe, opts: &Options) {
    for (key, c) in &d.runtime.components {
        let p = format!("/runtime/components/{}", esc(key));
        if c.oci_ref.is_none() && c.gtpack.is_none() {
            sink.at(
                "E_COMPONENT_SOURCE",
                &p,
                format!("component \"{key}\" has neither \"oci_ref\" nor \"gtpack\""),
                Some("add \"oci_ref\" (an OCI image reference) and/or \"gtpack\" (the payload inside the pack)".into()),
            );
        }
        if opts.publish {
            if c.sha256 == ZERO_SHA256 {
                sink.at(
                    "E_SHA256_ZERO",
                    &format!("{p}/sha256"),
                    format!("component \"{key}\" still has the all-zeros placeholder digest"),
                    Some("build the component (`gtdx build`) so the real digest is written".into()),
                );
            }
            if c.gtpack.as_ref().is_some_and(|g| g.sha256 == ZERO_SHA256) {
                sink.at(
                    "E_SHA256_ZERO",
                    &format!("{p}/gtpack/sha256"),
                    format!("component \"{key}\" gtpack.sha256 is the all-zeros placeholder"),
                    Some("build and pack the extension so the real digest is written".into()),
                );
            }
        }
    }
    let perms = &d.runtime.permissions;
    for (i, s) in perms
        .secrets
        .as_slice()
        .iter()
        .enumerate()
    {
        secret_key(sink, &format!("/runtime/permissions/secrets/{i}"), s);
    }
    for (i, s) in d
        .required_secrets
        .as_slice()
        .iter()
        .enumerate()
    {
        secret_key(sink, &format!("/requiredSecrets/{i}/key"), &s.key);
    }
    if opts.publish {
        for (i, n) in perms
            .network
            .as_slice()
            .iter()
            .enumerate()
        {
            if !network_ok(n) {
                sink.at(
                    "E_NETWORK_HTTPS",
                    &format!("/runtime/permissions/network/{i}"),
                    format!("network pattern \"{n}\" is not https:// (plain http is allowed for loopback hosts only)"),
                    Some("use https://, or http://127.0.0.1, http://localhost or http://[::1] for a local service".into()),
                );
            }
        }
    }
}

fn network_ok(pattern: &str) -> bool {
    if pattern.starts_with("https://") {
        return true;
    }
    let Some(rest) = pattern.strip_prefix("http://") else {
        return false;
    };
    let host = if let Some(v6) = rest.strip_prefix('[') {
        v6.split(']')
            .next()
            .map(|h| format!("[{h}]"))
            .unwrap_or_default()
    } else {
        rest.split(['/', ':'])
            .next()
            .unwrap_or_default()
            .to_string()
    };
    matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

fn secret_key(sink: &mut Sink<'_, '_>, pointer: &str, key: &str) {
    let seg_ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
            && s.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
    };
    let ok = matches!(key.split_once('/'), Some((v, k)) if seg_ok(v) && seg_ok(k));
    if !ok {
        sink.at(
            "E_SECRET_KEY_FORM",
            pointer,
            format!("secret key \"{key}\" is not of the form vendor/key"),
            Some(
                "use two segments of letters, digits, '_', '-' or '.', e.g. tavily/api_key".into(),
            ),
        );
    }
}

fn esc(token: &str) -> String {
    gtdx_contract::diagnostic::escape_pointer_token(token)
}

// ----- tools -----

fn tools(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated) {
    let tools = d.contributions.tools();
    let components = &d.runtime.components;
    let granted: HashSet<&str> = d
        .runtime
        .permissions
        .secrets
        .as_slice()
        .iter()
        .map(String::as_str)
        .collect();
    let mut first_by_name: HashMap<&str, usize> = HashMap::new();
    let mut flow_tools = Vec::new();

    for (i, t) in tools.iter().enumerate() {
        let p = format!("{TOOLS}/{i}");
        if let Some(first) = first_by_name.get(t.name.as_str()) {
            sink.at(
                "E_DUPLICATE_TOOL",
                &format!("{p}/name"),
                format!("tool name \"{}\" is already used by tools[{first}]", t.name),
                Some("give every tool its own name".into()),
            );
        } else {
            first_by_name.insert(&t.name, i);
        }
        if !is_tool_name(&t.name) {
            let what = if t.name.len() > 64 {
                "is longer than 64 characters"
            } else {
                "is not snake_case"
            };
            sink.at(
                "E_TOOL_NAMING",
                &format!("{p}/name"),
                format!("tool name \"{}\" {what}", t.name),
                Some(format!("rename it, e.g. \"{}\"", to_snake(&t.name))),
            );
        }
        export_form(sink, &format!("{p}/export"), &t.export);
        runtime_ref(sink, &p, "tool", t.runtime_ref.as_deref(), components);

        match &t.capabilities {
            None => sink.at(
                "W_CAPABILITIES_ABSENT",
                &p,
                format!(
                    "tool \"{}\" declares no capabilities, so it defaults to [\"flow\"] and no agentic worker will see it",
                    t.name
                ),
                Some("declare the surfaces explicitly: \"capabilities\": [\"agentic_worker\", \"flow\"]".into()),
            ),
            Some(caps) => {
                for (j, c) in caps.iter().enumerate() {
                    if c != CAPABILITY_AGENTIC_WORKER && c != CAPABILITY_FLOW {
                        let mut help = "the capabilities are \"agentic_worker\" and \"flow\"".to_string();
                        if let Some(n) = nearest(c, &[CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW]) {
                            help = format!("did you mean \"{n}\"? {help}");
                        }
                        sink.at(
                            "E_CAPABILITY_UNKNOWN",
                            &format!("{p}/capabilities/{j}"),
                            format!("unknown capability \"{c}\"; it matches no surface"),
                            Some(help),
                        );
                    }
                }
            }
        }
        if t.effective_capabilities()
            .iter()
            .any(|c| c == CAPABILITY_FLOW)
        {
            flow_tools.push(i);
        }
        if t.description.as_deref().is_none_or(|s| s.trim().is_empty()) {
            sink.at(
                "W_DESCRIPTION_MISSING",
                &p,
                format!("tool \"{}\" has no description; the model sees a tool it cannot reason about", t.name),
                Some("add \"description\": one or two sentences on what the tool does and when to use it".into()),
            );
        }
        let input_ptr = format!("{p}/input_schema");
        match &t.input_schema {
            None => sink.at(
                "W_INPUT_SCHEMA_MISSING",
                &p,
                format!("tool \"{}\" has no input_schema; the model can pass it no arguments", t.name),
                Some("add \"input_schema\": \"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{...}}\"".into()),
            ),
            Some(_) => {
                if let Some(schema) = v.schemas.get(&input_ptr)
                    && schema.get("type").and_then(Value::as_str) != Some("object") {
                        let found = match schema.get("type") {
                            None => "no \"type\"".to_string(),
                            Some(t) => format!("\"type\": {}", short(t)),
                        };
                        sink.at(
                            "E_INPUT_SCHEMA_NOT_OBJECT",
                            &input_ptr,
                            format!("input_schema's root has {found}; LLM function parameters must be \"type\": \"object\""),
                            Some("wrap the arguments: {\"type\":\"object\",\"properties\":{...},\"required\":[...]}".into()),
                        );
                    }
            }
        }
        for (j, s) in t
            .secret_requirements
            .as_slice()
            .iter()
            .enumerate()
        {
            let sp = format!("{p}/secret_requirements/{j}/key");
            secret_key(sink, &sp, &s.key);
            if !granted.contains(s.key.as_str()) {
                sink.at(
                    "E_SECRET_NOT_GRANTED",
                    &sp,
                    format!(
                        "tool \"{}\" requires secret \"{}\", which runtime.permissions.secrets does not grant",
                        t.name, s.key
                    ),
                    Some(format!("add \"{}\" to runtime.permissions.secrets", s.key)),
                );
            }
        }
        metadata(sink, t, &p, v);
    }

    if !flow_tools.is_empty() && d.contributions.node_types().is_empty() {
        let first = flow_tools[0];
        let names: Vec<String> = flow_tools
            .iter()
            .take(3)
            .map(|i| format!("\"{}\"", tools[*i].name))
            .collect();
        let more = if flow_tools.len() > 3 {
            format!(" and {} more", flow_tools.len() - 3)
        } else {
            String::new()
        };
        sink.at(
            "I_FLOW_NO_NODE_TYPES",
            &format!("{TOOLS}/{first}"),
            format!(
                "{} offered on the flow surface ({}{more}), but the extension declares no nodeTypes: the flow capability does not make a draggable block",
                if flow_tools.len() == 1 { "1 tool is".to_string() } else { format!("{} tools are", flow_tools.len()) },
                names.join(", ")
            ),
            Some("to get a block on the flow canvas, declare contributions.nodeTypes[]".into()),
        );
    }
}

fn is_tool_name(name: &str) -> bool {
    name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('_')
        && !name.contains("__")
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

fn to_snake(name: &str) -> String {
    let mut s = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            s.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !s.ends_with('_') {
                s.push('_');
            }
            prev_lower = false;
        }
    }
    let s = s.trim_matches('_').to_string();
    let s: String = s
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '_')
        .to_string();
    if s.is_empty() {
        "my_tool".into()
    } else {
        s.chars().take(64).collect()
    }
}

fn export_form(sink: &mut Sink<'_, '_>, pointer: &str, export: &str) {
    let kebab = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !s.ends_with('-')
    };
    let ok = export
        .strip_prefix("greentic:extension-design/")
        .and_then(|rest| rest.split_once('.'))
        .is_some_and(|(iface, member)| kebab(iface) && kebab(member));
    if !ok {
        let help = if !export.contains('/') && !export.contains(':') && !export.is_empty() {
            format!(
                "a bare member name is not enough: write \"greentic:extension-design/<interface>.{export}\", e.g. \"{}\"",
                gtdx_contract::TOOLS_INVOKE_EXPORT
            )
        } else {
            format!("e.g. \"{}\"", gtdx_contract::TOOLS_INVOKE_EXPORT)
        };
        sink.at(
            "E_EXPORT_FORM",
            pointer,
            format!("export \"{export}\" is not of the form greentic:extension-design/<interface>.<member>"),
            Some(help),
        );
    }
}

fn runtime_ref(
    sink: &mut Sink<'_, '_>,
    owner: &str,
    what: &str,
    r: Option<&str>,
    components: &BTreeMap<String, gtdx_contract::RuntimeComponent>,
) {
    let keys: Vec<&str> = components.keys().map(String::as_str).collect();
    match r {
        Some(r) if !components.contains_key(r) => {
            let mut help = format!(
                "runtime.components declares: {}",
                keys.iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            if let Some(n) = nearest(r, &keys) {
                help = format!("did you mean \"{n}\"? {help}");
            }
            sink.at(
                "E_RUNTIME_REF",
                &format!("{owner}/runtime_ref"),
                format!("{what} runtime_ref \"{r}\" names no key of runtime.components"),
                Some(help),
            );
        }
        None if components.len() > 1 => sink.at(
            "E_RUNTIME_REF",
            owner,
            format!(
                "{what} has no runtime_ref, but runtime.components declares {} components",
                components.len()
            ),
            Some(format!(
                "add \"runtime_ref\" naming one of: {}",
                keys.iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        ),
        _ => {}
    }
}

fn metadata(sink: &mut Sink<'_, '_>, t: &gtdx_contract::Tool, p: &str, v: &Validated) {
    let mp = format!("{p}/agentic_worker_metadata");
    let Some(blob) = &t.agentic_worker_metadata else {
        if t.is_agentic() {
            sink.at(
                "I_METADATA_DEFAULTS",
                p,
                format!(
                    "agentic tool \"{}\" has no agentic_worker_metadata, so the runtime applies the conservative defaults: side_effects: {DEFAULT_SIDE_EFFECTS}, confirmation_required: {DEFAULT_CONFIRMATION_REQUIRED}, cost: {DEFAULT_COST}",
                    t.name
                ),
                Some("declare what the tool really does, e.g. \"agentic_worker_metadata\": \"{\\\"side_effects\\\":\\\"read\\\",\\\"confirmation_required\\\":false,\\\"cost\\\":\\\"low\\\"}\"".into()),
            );
        }
        return;
    };
    // Where the blob's JSON lives, and the blob as a value.
    let (loc, blob_value) = match blob {
        MetadataBlob::Object(map) => {
            sink.at(
                "E_METADATA_NOT_STRING",
                &mp,
                "agentic_worker_metadata is a JSON object; the platform reads a JSON-encoded string here",
                Some("encode the object as a string: \"agentic_worker_metadata\": \"{\\\"side_effects\\\":\\\"read\\\"}\"".into()),
            );
            (Loc::Doc { prefix: mp.clone() }, Value::Object(map.clone()))
        }
        MetadataBlob::Encoded(text) => {
            let loc = Loc::string(&mp, text);
            match serde_json::from_str::<Value>(text) {
                Ok(val) => (loc, val),
                Err(e) => {
                    let inner = crate::text::LineIndex::new(text);
                    let raw =
                        loc.raw_of_decoded(sink.doc, inner.offset_of(text, e.line(), e.column()));
                    sink.at_offset(
                        "E_METADATA_CONTRACT",
                        &mp,
                        raw,
                        format!(
                            "agentic_worker_metadata is not valid JSON: {} (inside the string); the runtime drops the entire blob",
                            crate::load::strip_serde_position(&e.to_string())
                        ),
                        Some("the string must hold a JSON object such as {\"side_effects\":\"read\",\"cost\":\"low\"}".into()),
                    );
                    return;
                }
            }
        }
    };
    let decoded = match blob.decode() {
        Ok(m) => m,
        Err(err) => {
            let findings = explain_all(
                metadata_validator().iter_errors(&blob_value),
                Some(metadata_schema()),
                &blob_value,
            );
            let tail = "; the runtime drops the entire blob, not just this field";
            if findings.is_empty() {
                sink.at("E_METADATA_CONTRACT", &mp, format!("{err}{tail}"), None);
            }
            for mut f in findings {
                if f.help.is_none() {
                    f.help = Some(
                        "valid: side_effects none|read|write|external, cost low|medium|high, confirmation_required true|false, examples [{\"when\", \"input\"}]".into(),
                    );
                }
                sink.finding(
                    "E_METADATA_CONTRACT",
                    &loc,
                    f,
                    "agentic_worker_metadata is outside the contract: ",
                    tail,
                );
            }
            return;
        }
    };
    // Examples must be calls the input schema accepts.
    let examples = decoded.examples.as_deref().unwrap_or_default();
    if examples.is_empty() {
        return;
    }
    let Some(schema) = v.schemas.get(&format!("{p}/input_schema")) else {
        return;
    };
    let Ok(validator) = crate::validate::compile(schema) else {
        // Reported by validation (E_SCHEMA_STRING_INVALID).
        return;
    };
    for (j, ex) in examples.iter().enumerate() {
        let findings = explain_all(validator.iter_errors(&ex.input), None, &ex.input);
        for mut f in findings {
            f.pointer = format!("/examples/{j}/input{}", f.pointer);
            sink.finding(
                "E_EXAMPLE_INPUT",
                &loc,
                f,
                &format!(
                    "example {j} of tool \"{}\" does not match its input_schema: ",
                    t.name
                ),
                "",
            );
        }
    }
}

fn metadata_schema() -> &'static Value {
    static S: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    S.get_or_init(gtdx_contract::schema::metadata_schema)
}

fn metadata_validator() -> &'static jsonschema::Validator {
    static V: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        jsonschema::options()
            .build(metadata_schema())
            .unwrap_or_else(|e| unreachable!("the contract's metadata schema compiles: {e}"))
    })
}

// ----- node types -----

fn node_types(sink: &mut Sink<'_, '_>, d: &Describe) {
    let mut first_by_id: HashMap<&str, usize> = HashMap::new();
    for (i, n) in d.contributions.node_types().iter().enumerate() {
        let p = format!("{NODE_TYPES}/{i}");
        if let Some(first) = first_by_id.get(n.type_id.as_str()) {
            sink.at(
                "E_DUPLICATE_NODE_TYPE",
                &format!("{p}/type_id"),
                format!(
                    "node type \"{}\" is already declared by nodeTypes[{first}]",
                    n.type_id
                ),
                Some("give every node type its own type_id".into()),
            );
        } else {
            first_by_id.insert(&n.type_id, i);
        }
        runtime_ref(
            sink,
            &p,
            "node type",
            n.runtime_ref.as_deref(),
            &d.runtime.components,
        );
        let mut ports: HashMap<&str, usize> = HashMap::new();
        for (j, port) in n
            .output_ports
            .as_slice()
            .iter()
            .enumerate()
        {
            if let Some(first) = ports.get(port.name.as_str()) {
                sink.at(
                    "E_DUPLICATE_PORT",
                    &format!("{p}/output_ports/{j}/name"),
                    format!(
                        "node type \"{}\" already has an output port \"{}\" (output_ports[{first}])",
                        n.type_id, port.name
                    ),
                    Some("give every output port of a node type its own name".into()),
                );
            } else {
                ports.insert(&port.name, j);
            }
        }
    }
    for (i, g) in d
        .contributions
        .guardrails
        .as_slice()
        .iter()
        .enumerate()
    {
        let p = format!("/contributions/guardrails/{i}");
        export_form(sink, &format!("{p}/export"), &g.export);
        runtime_ref(
            sink,
            &p,
            "guardrail",
            g.runtime_ref.as_deref(),
            &d.runtime.components,
        );
    }
}

// ----- references to the extension's own tools -----

fn references(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated) {
    let tools = d.contributions.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    let check = |sink: &mut Sink<'_, '_>, pointer: &str, what: &str, name: &str| {
        if !names.contains(&name) {
            let mut help = if names.is_empty() {
                "this extension declares no tools".to_string()
            } else {
                "it must match a contributions.tools[].name".to_string()
            };
            if let Some(n) = nearest(name, &names) {
                help = format!("did you mean \"{n}\"? {help}");
            }
            sink.at(
                "E_TOOL_REF",
                pointer,
                format!("{what} \"{name}\" names no tool of this extension"),
                Some(help),
            );
        }
    };
    if let Some(dt) = &d.contributions.dynamic_tools {
        let base = "/contributions/dynamicTools";
        check(
            sink,
            &format!("{base}/discoveryTool"),
            "dynamicTools.discoveryTool",
            &dt.discovery_tool,
        );
        for (i, e) in dt.executors.iter().enumerate() {
            check(
                sink,
                &format!("{base}/executors/{i}/tool"),
                "dynamicTools executor",
                &e.tool,
            );
        }
        if let Some(i) = tools.iter().position(|t| t.name == dt.discovery_tool) {
            let ip = format!("{TOOLS}/{i}/input_schema");
            let required: Vec<String> = v
                .schemas
                .get(&ip)
                .and_then(|s| s.get("required"))
                .and_then(Value::as_array)
                .map(|a| a.iter().map(short).collect())
                .unwrap_or_default();
            if !required.is_empty() {
                sink.at(
                    "W_DISCOVERY_REQUIRED_PARAMS",
                    &ip,
                    format!(
                        "discovery tool \"{}\" has required parameters ({}); the platform calls it without arguments",
                        dt.discovery_tool,
                        required.join(", ")
                    ),
                    Some("make them optional, unless the platform supplies them from the connection's configuration".into()),
                );
            }
        }
    }
    if let Some(ct) = &d.contributions.connection_test {
        check(
            sink,
            "/contributions/connection_test/tool",
            "connection_test.tool",
            &ct.tool,
        );
    }
    for (i, view) in d
        .contributions
        .views
        .as_slice()
        .iter()
        .enumerate()
    {
        for (j, name) in view.tools.as_slice().iter().enumerate() {
            check(
                sink,
                &format!("/contributions/views/{i}/tools/{j}"),
                &format!("view \"{}\" tool", view.id),
                name,
            );
        }
    }
}

// ----- views -----

/// Each view's entry file (`assets/views/<id>/<entry>` in the pack) and its placement slot.
fn views(sink: &mut Sink<'_, '_>, d: &Describe, opts: &Options) {
    let views = d.contributions.views.as_slice();
    for (i, view) in views.iter().enumerate() {
        let base = format!("/contributions/views/{i}");
        let dir = format!("{VIEWS_DIR}/{}", view.id);
        let entry = view.entry.as_str();
        let bad_path = if entry.contains("://") {
            Some("is a URL; a view's entry is a file of the pack".to_string())
        } else {
            check_entry_path(entry, false).err()
        };
        if let Some(reason) = bad_path {
            sink.at(
                "E_VIEW_ENTRY_PATH",
                &format!("{base}/entry"),
                format!("view \"{}\": entry \"{entry}\" {reason}", view.id),
                Some(format!(
                    "give the HTML file's path relative to {dir}/, `/`-separated and without `..`, e.g. \"index.html\""
                )),
            );
        } else if let Some(root) = &opts.package_dir {
            let file = root.join(&dir).join(entry);
            if !file.is_file() {
                sink.at(
                    "E_VIEW_ENTRY_MISSING",
                    &format!("{base}/entry"),
                    format!(
                        "view \"{}\": its entry {dir}/{entry} does not exist (looked for {})",
                        view.id,
                        file.display()
                    ),
                    Some(format!(
                        "create {dir}/{entry} next to describe.json (`gtdx build` packs everything under assets/), or fix `entry`"
                    )),
                );
            }
        }
        let slot = view.placement.slot.as_str();
        if !KNOWN_VIEW_SLOTS.contains(&slot) {
            let surface = match view.surface {
                ViewSurface::Designer => "designer",
                ViewSurface::Admin => "admin",
            };
            let suggestion = nearest(slot, KNOWN_VIEW_SLOTS)
                .map(|n| format!("did you mean \"{n}\"? "))
                .unwrap_or_default();
            let other_surface = slot
                .split('.')
                .next()
                .is_some_and(|p| p != surface && matches!(p, "designer" | "admin"));
            let mismatch = if other_surface {
                format!(" (and it belongs to another surface than this view's \"{surface}\")")
            } else {
                String::new()
            };
            sink.at(
                "W_VIEW_SLOT_UNKNOWN",
                &format!("{base}/placement/slot"),
                format!(
                    "view \"{}\": slot \"{slot}\" is not a slot the hosts are known to define{mismatch}; a host that cannot resolve it mounts the view under \"Extensions\"",
                    view.id
                ),
                Some(format!(
                    "{suggestion}known slots: {}",
                    KNOWN_VIEW_SLOTS.join(", ")
                )),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids() {
        assert!(is_tool_name("tx_resolve_prefix"));
        assert!(!is_tool_name("txResolve"));
        assert!(!is_tool_name("a__b"));
        assert!(!is_tool_name("_a"));
        assert_eq!(to_snake("txResolvePrefix"), "tx_resolve_prefix");
        assert_eq!(to_snake("get-record"), "get_record");
        assert!(is_extension_id("greentic.telco-x"));
        assert!(!is_extension_id("com.acme.telco"));
        assert!(!is_extension_id("greentic.Telco"));
    }

    #[test]
    fn network_patterns() {
        assert!(network_ok("https://api.example.com/*"));
        assert!(network_ok("http://localhost:8080/*"));
        assert!(network_ok("http://[::1]:9000/x"));
        assert!(!network_ok("http://api.example.com/*"));
        assert!(!network_ok("http://localhost.evil.com/"));
    }
}
