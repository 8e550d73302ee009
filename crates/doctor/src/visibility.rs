//! `gtdx doctor --tool NAME`: the chain the Designer walks before it offers a tool, step by step.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::state::{self, Loaded};
use crate::{Finding, Status};

/// Where a tool is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// The agentic worker's tool list and the Designer's Tools → Add extension picker.
    AgenticWorker,
    /// Flows, including the Designer's chat tool loop.
    Flow,
}

impl Surface {
    pub fn as_str(self) -> &'static str {
        match self {
            Surface::AgenticWorker => gtdx_contract::CAPABILITY_AGENTIC_WORKER,
            Surface::Flow => gtdx_contract::CAPABILITY_FLOW,
        }
    }
}

/// The extensions a tenant's admin allows (as the Greentic Admin backend exports them): ids, or
/// `id@version` to allow one version only.
#[derive(Debug, Clone, Default)]
pub struct AllowSet {
    /// Where it came from, for the messages.
    pub origin: String,
    pub entries: Vec<String>,
}

impl AllowSet {
    /// Reads an allow-set: a JSON array of strings, or an object whose `extensions` (or
    /// `allowed`) member is one.
    pub fn from_json(origin: impl Into<String>, value: &Value) -> Result<AllowSet, String> {
        let list = match value {
            Value::Array(a) => a,
            Value::Object(o) => match o.get("extensions").or_else(|| o.get("allowed")) {
                Some(Value::Array(a)) => a,
                _ => {
                    return Err(
                        "an object allow-set needs an `extensions` array of extension ids".into(),
                    );
                }
            },
            _ => return Err("an allow-set is a JSON array of extension ids".into()),
        };
        let entries = list
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("/{i} is not a string (an extension id, or id@version)"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(AllowSet {
            origin: origin.into(),
            entries,
        })
    }

    fn allows(&self, id: &str, version: &str) -> bool {
        self.entries
            .iter()
            .any(|e| e == id || *e == format!("{id}@{version}"))
    }
}

/// What to check the tool against.
#[derive(Debug, Clone)]
pub struct VisibilityOptions {
    pub tool: String,
    pub surface: Surface,
    pub tenant: Option<String>,
    pub allow_set: Option<AllowSet>,
    /// The Designer's version, when known.
    pub designer_version: Option<semver::Version>,
    pub home: PathBuf,
}

/// The first Designer that reads a `greentic.ai/v2` describe (older ones skip it at boot).
pub const V2_MIN_DESIGNER: semver::Version = semver::Version::new(1, 2, 0);

/// Walks the chain for `options.tool` of the extension described by `describe`.
pub fn visibility(describe: &Value, options: &VisibilityOptions) -> Vec<Finding> {
    let mut out = Vec::new();
    let name = options.tool.as_str();
    let surface = options.surface.as_str();
    let id = describe
        .pointer("/metadata/id")
        .and_then(Value::as_str)
        .unwrap_or("");
    let version = describe
        .pointer("/metadata/version")
        .and_then(Value::as_str)
        .unwrap_or("");
    let tools: Vec<&Value> = describe
        .pointer("/contributions/tools")
        .and_then(Value::as_array)
        .map(|t| t.iter().collect())
        .unwrap_or_default();
    let node_types: Vec<&str> = describe
        .pointer("/contributions/nodeTypes")
        .and_then(Value::as_array)
        .map(|n| {
            n.iter()
                .filter_map(|t| t.get("type_id").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default();
    let tool = tools
        .iter()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(name));

    // 1. declared
    out.push(declared(id, name, tool.is_some(), &tools, &node_types));

    // 2. capability for the surface; 3. description and input schema
    if let Some(tool) = tool {
        out.push(capability(tool, name, surface));
        out.push(described(tool, name));
    }

    // 4. installed
    let (finding, checked_version) = installed(describe, &options.home, id, version);
    out.push(finding);

    // 5. enabled; 6. the tenant's override
    out.extend(enabled(options, id, &checked_version));

    // 7. the tenant's allow-set
    out.push(allowed(options, id, &checked_version));

    // 8. the Designer
    out.push(designer(describe, options.designer_version.as_ref()));

    // 9. a block on the canvas
    out.push(node_type(name, &node_types));
    out
}

/// Step 1: does the extension declare a tool of that name (and if not, what was meant).
fn declared(id: &str, name: &str, found: bool, tools: &[&Value], node_types: &[&str]) -> Finding {
    if found {
        return Finding::pass(
            "declared",
            format!("{id} declares `{name}` in contributions.tools"),
        );
    }
    let names: Vec<&str> = tools
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    let mut summary = format!(
        "{id} has no tool `{name}` ({} declared{})",
        names.len(),
        if names.is_empty() {
            String::new()
        } else {
            format!(": {}", names.join(", "))
        }
    );
    let fix = if node_types.contains(&name) {
        summary.push_str(&format!(
            "; `{name}` is a node type (contributions.nodeTypes), a block on the flow canvas, not a tool"
        ));
        "a node type is not offered to agents: declare a #[tool] function if the model should call it".to_string()
    } else if let Some(near) = gtdx_contract::suggest::nearest(name, names.iter().copied()) {
        format!("did you mean `{near}`? (`gtdx doctor --tool {near}`)")
    } else {
        "annotate the function with #[tool(...)] and run `gtdx describe` (a tool exists only in describe.json)".to_string()
    };
    Finding::fail("declared", summary, fix)
}

/// Step 4: is this version installed in the home. Also returns the version the later steps
/// check: this one when installed, else the newest installed (else this one).
fn installed(describe: &Value, home: &Path, id: &str, version: &str) -> (Finding, String) {
    let kind_dir = describe
        .get("kind")
        .and_then(Value::as_str)
        .and_then(gtdx_contract::home::kind_dir);
    let installed = kind_dir
        .map(|k| gtdx_contract::home::installed_versions(home, k, id))
        .unwrap_or_default();
    let versions: Vec<String> = installed.iter().map(|(v, _)| v.to_string()).collect();
    let installed_here = versions.iter().any(|v| v == version);
    let finding = if installed_here {
        Finding::pass(
            "installed",
            format!("{id} {version} is installed in {}", home.display()),
        )
    } else if versions.is_empty() {
        Finding::fail(
            "installed",
            format!(
                "{id} is not installed in {}: the Designer loads only installed extensions",
                home.display()
            ),
            "gtdx install PACK (from `gtdx build`), or `gtdx dev` while you work",
        )
    } else {
        Finding::warn(
            "installed",
            format!(
                "{id} {version} is not installed; installed: {}",
                versions.join(", ")
            ),
            "install this version (gtdx install PACK), or check the installed one instead (gtdx doctor ID@VERSION --tool ...)",
        )
    };
    let checked_version = if installed_here {
        version.to_string()
    } else {
        versions
            .last()
            .cloned()
            .unwrap_or_else(|| version.to_string())
    };
    (finding, checked_version)
}

/// Steps 5 and 6: enabled in the state file, and not turned off by the tenant's override
/// (no tenant step when the state file cannot be read).
fn enabled(options: &VisibilityOptions, id: &str, checked_version: &str) -> Vec<Finding> {
    let key = format!("{id}@{checked_version}");
    match state::load(&options.home) {
        Loaded::Missing(_) => vec![
            Finding::pass(
                "enabled",
                format!("no state file: {key} is enabled (the platform's default)"),
            ),
            tenant_not_in_state(options),
        ],
        Loaded::Broken(path, why) => vec![Finding::fail(
            "enabled",
            format!("the state file cannot be read ({why}): the Designer may refuse to start"),
            format!("fix or move aside {}", path.display()),
        )],
        Loaded::Read(path, st) => {
            let (enabled, tenant) =
                state::enabled_findings(&path, &st, id, checked_version, options.tenant.as_deref());
            vec![
                enabled,
                tenant.unwrap_or_else(|| tenant_not_in_state(options)),
            ]
        }
    }
}

/// Step 7: the tenant's allow-set, when one was given.
fn allowed(options: &VisibilityOptions, id: &str, checked_version: &str) -> Finding {
    match &options.allow_set {
        Some(set) if set.allows(id, checked_version) => {
            Finding::pass("allow-set", format!("{} allows {id}", set.origin))
        }
        Some(set) => Finding::fail(
            "allow-set",
            format!(
                "{} does not allow {id}: the Designer hides it from this tenant",
                set.origin
            ),
            format!("ask the tenant's admin to allow {id} in Greentic Admin"),
        ),
        None => Finding::new(
            "allow-set",
            Status::Pass,
            "no admin backend given: without one the Designer fails open and shows every enabled extension (pass --allow-set FILE to check a tenant's)",
        ),
    }
}

/// Step 9: a tool is not a block on the flow canvas unless a node type of that name exists.
fn node_type(name: &str, node_types: &[&str]) -> Finding {
    if node_types.contains(&name) {
        Finding::pass(
            "node-type",
            format!("node type `{name}` exists: it is also a block on the flow canvas"),
        )
    } else {
        Finding::new(
            "node-type",
            Status::Info,
            format!(
                "a tool is not a block on the flow canvas ({}): if you expect a draggable block, add contributions.nodeTypes; the flow capability does not make one",
                if node_types.is_empty() {
                    "this extension declares no node types".to_string()
                } else {
                    format!("node types: {}", node_types.join(", "))
                }
            ),
        )
    }
}

fn tenant_not_in_state(options: &VisibilityOptions) -> Finding {
    match &options.tenant {
        Some(t) => Finding::pass("tenant", format!("tenant `{t}` has no override")),
        None => Finding::new(
            "tenant",
            Status::Skip,
            "no tenant given (pass --tenant T to check a tenant's override in the state file)",
        ),
    }
}

fn capability(tool: &Value, name: &str, surface: &str) -> Finding {
    let explicit: Option<Vec<&str>> = tool
        .get("capabilities")
        .and_then(Value::as_array)
        .map(|c| c.iter().filter_map(Value::as_str).collect());
    match explicit {
        Some(caps) if caps.contains(&surface) => Finding::pass(
            "capability",
            format!("`{name}` declares capabilities [{}]", caps.join(", ")),
        ),
        Some(caps) => Finding::fail(
            "capability",
            format!(
                "`{name}` declares capabilities [{}], without {surface}: it is not offered there",
                caps.join(", ")
            ),
            format!(
                "add \"{surface}\" to its capabilities (#[tool(capabilities = [\"{surface}\", …])]) and run `gtdx describe`"
            ),
        ),
        None if surface == gtdx_contract::CAPABILITY_FLOW => Finding::pass(
            "capability",
            format!("`{name}` declares no capabilities: flow by default"),
        ),
        None => Finding::fail(
            "capability",
            format!(
                "`{name}` declares no capabilities, so it defaults to [\"flow\"] and is invisible to every agentic worker"
            ),
            "declare them: #[tool(capabilities = [\"agentic_worker\", \"flow\"])], then `gtdx describe`",
        ),
    }
}

fn described(tool: &Value, name: &str) -> Finding {
    let blank = |key: &str| {
        tool.get(key)
            .and_then(Value::as_str)
            .is_none_or(|s| s.trim().is_empty())
    };
    let missing: Vec<&str> = ["description", "input_schema"]
        .into_iter()
        .filter(|k| blank(k))
        .collect();
    if missing.is_empty() {
        Finding::pass(
            "described",
            format!("`{name}` has a description and an input_schema"),
        )
    } else {
        Finding::fail(
            "described",
            format!(
                "`{name}` has no {}: it reaches the model nameless or parameterless",
                missing.join(" and no ")
            ),
            "write the function's doc comment and give it a typed input, then `gtdx describe`",
        )
    }
}

fn designer(describe: &Value, known: Option<&semver::Version>) -> Finding {
    let Some(v) = known else {
        return Finding::new(
            "designer",
            Status::Skip,
            "Designer version unknown (pass --designer-version V, or put greentic-designer on PATH)",
        );
    };
    if *v < V2_MIN_DESIGNER {
        return Finding::fail(
            "designer",
            format!("Designer {v} predates greentic.ai/v2: it skips this extension at boot"),
            format!("upgrade the Designer to {V2_MIN_DESIGNER} or newer"),
        );
    }
    let floor = describe
        .pointer("/compat/min_designer_version")
        .and_then(Value::as_str);
    match floor.map(|f| (f, f.parse::<semver::VersionReq>())) {
        Some((f, Ok(req))) if !req.matches(v) => Finding::fail(
            "designer",
            format!("Designer {v} does not satisfy compat.min_designer_version {f}"),
            format!(
                "upgrade the Designer, or lower compat.min_designer_version if {v} really works"
            ),
        ),
        Some((f, Err(_))) => Finding::fail(
            "designer",
            format!(
                "compat.min_designer_version {f:?} is not a semver requirement: the loader refuses the describe"
            ),
            "fix it (`gtdx validate` shows where)",
        ),
        _ => Finding::pass(
            "designer",
            format!(
                "Designer {v} reads greentic.ai/v2{}",
                floor
                    .map(|f| format!(" and satisfies {f}"))
                    .unwrap_or_default()
            ),
        ),
    }
}
