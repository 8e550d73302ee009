//! Selection and assembly: from a spec and its verified packs to a manifest, every dropped tool
//! accounted for. Pure: no I/O happens here.

use gtdx_contract::codes;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use gtdx_contract::metadata::{self, MetadataSource};
use gtdx_contract::{Describe, Diagnostic, SecretRequirement, Tool};
use serde::Serialize;

use crate::error::{BuildError, Place, Problem};
use crate::manifest::{
    AggregatedSecret, ExtensionToolBinding, MANIFEST_SCHEMA, MetadataOrigin, PinnedExtension,
    ToolKey, ToolMetadata, WorkerManifest,
};
use crate::spec::{LoadedSpec, SpecPath, ToolRef, nearest};

/// What verification concluded about a pack that may be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackTrust {
    /// Valid signature by a trusted key.
    Trusted { key_id: String, public_key: String },
    /// Valid signature by a key that is not trusted (allowed only with `--allow-unsigned`).
    Untrusted { key_id: String, public_key: String },
    /// No signature (allowed only with `--allow-unsigned`).
    Unsigned,
}

/// One pack of the spec, verified and read.
#[derive(Debug, Clone)]
pub struct LoadedExtension {
    /// Index in the spec's `extensions` list.
    pub spec_index: usize,
    /// The path as written in the spec.
    pub pack: String,
    pub describe: Describe,
    /// SHA-256 of the whole pack file.
    pub sha256: String,
    pub trust: PackTrust,
}

/// Why a tool is not in the manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// No `capabilities`: consumers default to `["flow"]`.
    NoCapabilities,
    /// `capabilities` declared without `agentic_worker`.
    NotAgentic,
    /// An allow-list is given and does not name the tool.
    NotInAllowList,
    /// An allow-list is given and picks the tool of the same name from another extension.
    NameTaken,
}

/// A tool left out of the manifest, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DroppedTool {
    pub extension_id: String,
    pub extension_version: String,
    pub pack: String,
    pub tool_name: String,
    pub reason: DropReason,
    pub message: String,
}

/// A manifest, plus the account of everything that did not go into it unchanged.
#[derive(Debug, Clone)]
pub struct Assembly {
    pub manifest: WorkerManifest,
    pub dropped: Vec<DroppedTool>,
    /// Warnings and notes (unsigned packs let through, metadata defaults, missing descriptions).
    pub diagnostics: Vec<Diagnostic>,
}

struct Ext<'a> {
    loaded: &'a LoadedExtension,
    file: String,
    tools: Vec<(usize, &'a Tool)>,
}

impl<'a> Ext<'a> {
    fn id(&self) -> &'a str {
        &self.loaded.describe.metadata.id
    }
    fn version(&self) -> &'a str {
        &self.loaded.describe.metadata.version
    }
}

/// Assembles the manifest. `extensions` are in spec order; `base_dir` is where pack paths are
/// relative to (used to name pack files in diagnostics). The steps run in order; problems of
/// steps 1–4 are all collected, then stop the build together.
pub fn assemble(
    spec: &LoadedSpec,
    extensions: &[LoadedExtension],
    base_dir: &Path,
) -> Result<Assembly, BuildError> {
    let mut f = Findings::default();
    let spec_file = spec.path.display().to_string();
    let by_id = collapse_extensions(spec, extensions, base_dir, &mut f);
    let mut dropped: Vec<DroppedTool> = Vec::new();
    let candidates = capability_gate(&by_id, &mut dropped);
    let selected = match &spec.spec.tools {
        None => {
            unique_names(spec, &candidates, &mut f.problems);
            candidates
        }
        Some(entries) => allow_list(
            spec,
            entries,
            &by_id,
            &candidates,
            &mut dropped,
            &mut f.problems,
        ),
    };
    if !f.problems.is_empty() {
        return Err(BuildError::Selection {
            problems: f.problems,
        });
    }
    let mut diagnostics = f.diagnostics;
    let (bindings, kept_per_ext) = bind_tools(&selected, &mut diagnostics);
    let pinned = pin_packs(&by_id, &kept_per_ext, &mut diagnostics);

    if bindings.is_empty() {
        diagnostics.push(
            Diagnostic::new(codes::W_WORKER_NO_TOOLS,
                &spec_file,
                "the worker has no tools: no pack contributes a tool with the agentic_worker capability",
            )
            .help("add \"agentic_worker\" to the capabilities of the tools the agent should call"),
        );
    }

    let s = &spec.spec;
    let manifest = WorkerManifest {
        schema: MANIFEST_SCHEMA.to_string(),
        name: s.name.clone(),
        description: s.description.clone(),
        tenant: s.tenant.clone(),
        kind: s.kind,
        llm: s.llm.clone(),
        instructions: s.instructions.clone(),
        tone: s.tone.clone(),
        locale: s.locale.clone(),
        opening_message: s.opening_message.clone(),
        limits: s.limits.resolve(),
        extensions: pinned,
        secret_requirements: aggregate_secrets(&bindings),
        extension_tools: bindings,
        signature: None,
    };
    dropped.sort_by(|a, b| (&a.extension_id, &a.tool_name).cmp(&(&b.extension_id, &b.tool_name)));
    Ok(Assembly {
        manifest,
        dropped,
        diagnostics,
    })
}

/// What the steps found: problems stop the build, diagnostics are reported beside it.
#[derive(Default)]
struct Findings {
    problems: Vec<Problem>,
    diagnostics: Vec<Diagnostic>,
}

/// A tool chosen so far: its extension, its index in that extension's tools, the tool.
type Pick<'e, 'a> = (&'e Ext<'a>, usize, &'a Tool);

/// Step 1: one entry per extension id. The same pack twice collapses (a note); two different
/// packs of one extension, or one tool declared twice differently, are problems.
fn collapse_extensions<'a>(
    spec: &LoadedSpec,
    extensions: &'a [LoadedExtension],
    base_dir: &Path,
    f: &mut Findings,
) -> BTreeMap<&'a str, Ext<'a>> {
    let spec_file = spec.path.display().to_string();
    let mut by_id: BTreeMap<&str, Ext<'_>> = BTreeMap::new();
    for loaded in extensions {
        let id = loaded.describe.metadata.id.as_str();
        let file = base_dir.join(&loaded.pack).display().to_string();
        if let Some(first) = by_id.get(id) {
            if first.loaded.sha256 == loaded.sha256 {
                f.diagnostics.push(
                    Diagnostic::new(codes::I_WORKER_DUPLICATE_PACK,
                        &spec_file,
                        format!(
                            "extensions[{}] ({}) is the same pack as extensions[{}] ({}); using it once",
                            loaded.spec_index, loaded.pack, first.loaded.spec_index, first.loaded.pack
                        ),
                    ),
                );
            } else {
                f.problems.push(Problem {
                    code: codes::E_WORKER_EXTENSION_CONFLICT,
                    place: spec.place(SpecPath::Element("extensions", loaded.spec_index)),
                    message: format!(
                        "extension `{id}` is given twice with different contents: extensions[{}] \
                         ({}, version {}, sha256 {}) and extensions[{}] ({}, version {}, sha256 {})",
                        first.loaded.spec_index,
                        first.loaded.pack,
                        first.version(),
                        first.loaded.sha256,
                        loaded.spec_index,
                        loaded.pack,
                        loaded.describe.metadata.version,
                        loaded.sha256
                    ),
                    help: Some("keep one of the two packs in `extensions`".into()),
                });
            }
            continue;
        }
        // Tools of one extension, duplicates of the same name collapsed when identical.
        let mut tools: Vec<(usize, &Tool)> = Vec::new();
        for (i, tool) in loaded.describe.contributions.tools().iter().enumerate() {
            match tools.iter().find(|(_, t)| t.name == tool.name) {
                Some((_, t)) if *t == tool => {}
                Some((j, _)) => f.problems.push(Problem {
                    code: codes::E_WORKER_EXTENSION_CONFLICT,
                    place: spec.place(SpecPath::Element("extensions", loaded.spec_index)),
                    message: format!(
                        "extension `{id}` in {} declares tool `{}` twice with different \
                         definitions (/contributions/tools/{j} and /contributions/tools/{i})",
                        loaded.pack, tool.name
                    ),
                    help: Some("fix the extension's describe.json and rebuild the pack".into()),
                }),
                None => tools.push((i, tool)),
            }
        }
        tools.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        by_id.insert(
            id,
            Ext {
                loaded,
                file,
                tools,
            },
        );
    }
    by_id
}

/// Step 2: the capability gate. Only agentic tools are candidates; the others are dropped.
fn capability_gate<'e, 'a>(
    by_id: &'e BTreeMap<&'a str, Ext<'a>>,
    dropped: &mut Vec<DroppedTool>,
) -> Vec<Pick<'e, 'a>> {
    let mut candidates: Vec<Pick<'e, 'a>> = Vec::new();
    for ext in by_id.values() {
        for &(index, tool) in &ext.tools {
            if tool.is_agentic() {
                candidates.push((ext, index, tool));
            } else {
                let (reason, why) = not_agentic(tool);
                dropped.push(drop_entry(ext, tool, reason, format!("flow-only: {why}")));
            }
        }
    }
    candidates
}

/// Step 3: the spec's allow-list. Every entry must name an agentic tool of a pack; a name
/// picked from two extensions is a problem; candidates it does not pick are dropped.
fn allow_list<'e, 'a>(
    spec: &LoadedSpec,
    entries: &[ToolRef],
    by_id: &'e BTreeMap<&'a str, Ext<'a>>,
    candidates: &[Pick<'e, 'a>],
    dropped: &mut Vec<DroppedTool>,
    problems: &mut Vec<Problem>,
) -> Vec<Pick<'e, 'a>> {
    let mut seen: BTreeSet<&ToolRef> = BTreeSet::new();
    let mut picked: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (i, entry) in entries.iter().enumerate() {
        if !seen.insert(entry) {
            continue; // the same (extension_id, tool_name) twice collapses
        }
        let place = spec.place(SpecPath::Element("tools", i));
        let Some(ext) = by_id.get(entry.extension_id.as_str()) else {
            let known: Vec<&str> = by_id.keys().copied().collect();
            problems.push(Problem {
                code: codes::E_WORKER_ALLOW_UNKNOWN,
                place,
                message: format!(
                    "the allow-list names extension `{}`, which none of the spec's \
                     packs provides",
                    entry.extension_id
                ),
                help: Some(match nearest(&entry.extension_id, known.iter().copied()) {
                    Some(n) => {
                        format!("did you mean `{n}`? The packs provide: {}", list(&known))
                    }
                    None if known.is_empty() => {
                        "the spec lists no packs; add the pack to `extensions`".into()
                    }
                    None => format!(
                        "add its pack to `extensions`; the packs provide: {}",
                        list(&known)
                    ),
                }),
            });
            continue;
        };
        let Some(&(_, tool)) = ext.tools.iter().find(|(_, t)| t.name == entry.tool_name) else {
            let names: Vec<&str> = ext.tools.iter().map(|(_, t)| t.name.as_str()).collect();
            problems.push(Problem {
                code: codes::E_WORKER_ALLOW_UNKNOWN,
                place,
                message: format!(
                    "the allow-list names tool `{}`, which extension `{}` {} ({}) does not declare",
                    entry.tool_name,
                    ext.id(),
                    ext.version(),
                    ext.loaded.pack
                ),
                help: Some(match nearest(&entry.tool_name, names.iter().copied()) {
                    Some(n) => format!("did you mean `{n}`? Its tools are: {}", list(&names)),
                    None => format!("its tools are: {}", list(&names)),
                }),
            });
            continue;
        };
        if !tool.is_agentic() {
            let (_, why) = not_agentic(tool);
            problems.push(Problem {
                code: codes::E_WORKER_ALLOW_FLOW_ONLY,
                place,
                message: format!(
                    "the allow-list names tool `{}` of extension `{}`, which is flow-only: {why}; \
                     an agent cannot call it",
                    entry.tool_name,
                    ext.id()
                ),
                help: Some(
                    "add \"agentic_worker\" to the tool's capabilities in the extension's \
                     describe.json and rebuild the pack, or remove this entry"
                        .into(),
                ),
            });
            continue;
        }
        picked.insert((ext.id().to_string(), tool.name.clone()), i);
    }
    // Two picks of one name are a collision only the spec author can resolve.
    let mut by_name: BTreeMap<&str, Vec<(&str, usize)>> = BTreeMap::new();
    for ((ext_id, name), i) in &picked {
        by_name
            .entry(name.as_str())
            .or_default()
            .push((ext_id.as_str(), *i));
    }
    for (name, picks) in &by_name {
        if picks.len() > 1 {
            let last = picks.iter().map(|p| p.1).max().unwrap_or(0);
            problems.push(Problem {
                code: codes::E_WORKER_TOOL_COLLISION,
                place: spec.place(SpecPath::Element("tools", last)),
                message: format!(
                    "the allow-list picks tool `{name}` from {}; an agent's tools need unique names",
                    picks
                        .iter()
                        .map(|(e, i)| format!("`{e}` (tools[{i}])"))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                help: Some("keep only one of these entries".into()),
            });
        }
    }
    let mut selected = Vec::new();
    for &(ext, index, tool) in candidates {
        if picked.contains_key(&(ext.id().to_string(), tool.name.clone())) {
            selected.push((ext, index, tool));
            continue;
        }
        let other = by_name
            .get(tool.name.as_str())
            .and_then(|p| p.iter().find(|(e, _)| *e != ext.id()));
        let (reason, message) = match other {
            Some((e, i)) => (
                DropReason::NameTaken,
                format!("the allow-list picks the tool of the same name from `{e}` (tools[{i}])"),
            ),
            None => (
                DropReason::NotInAllowList,
                "not in the spec's `tools` allow-list".to_string(),
            ),
        };
        dropped.push(drop_entry(ext, tool, reason, message));
    }
    selected
}

/// Step 4: without an allow-list, one tool name from two extensions is a problem.
fn unique_names(spec: &LoadedSpec, selected: &[Pick<'_, '_>], problems: &mut Vec<Problem>) {
    let mut by_name: BTreeMap<&str, Vec<&Ext<'_>>> = BTreeMap::new();
    for (ext, _, tool) in selected {
        by_name.entry(tool.name.as_str()).or_default().push(ext);
    }
    for (name, exts) in by_name {
        if exts.len() > 1 {
            let ids: Vec<String> = exts
                .iter()
                .map(|e| {
                    format!(
                        "`{}` (extensions[{}], {})",
                        e.id(),
                        e.loaded.spec_index,
                        e.loaded.pack
                    )
                })
                .collect();
            problems.push(Problem {
                code: codes::E_WORKER_TOOL_COLLISION,
                place: Place::file(&spec.path),
                message: format!(
                    "tool name `{name}` is contributed by {}; an agent's tools need unique names",
                    ids.join(" and ")
                ),
                help: Some(format!(
                    "pick one with an allow-list entry, e.g. [[tools]] extension_id = \"{}\", \
                     tool_name = \"{name}\" (an allow-list keeps only the tools it names)",
                    exts[0].id()
                )),
            });
        }
    }
}

/// Step 5: a binding per selected tool, with its metadata resolved by the contract's rules, and
/// the notes a worker author should see (defaults applied, no description, no input schema).
fn bind_tools<'a>(
    selected: &[Pick<'_, 'a>],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<ExtensionToolBinding>, BTreeMap<&'a str, usize>) {
    let mut bindings = Vec::with_capacity(selected.len());
    let mut kept_per_ext: BTreeMap<&'a str, usize> = BTreeMap::new();
    for (ext, index, tool) in selected {
        *kept_per_ext.entry(ext.id()).or_default() += 1;
        let resolved = metadata::resolve(tool.agentic_worker_metadata.as_ref());
        let pointer = format!("/contributions/tools/{index}");
        let who = format!("tool `{}` of `{}`", tool.name, ext.id());
        match &resolved.source {
            MetadataSource::Declared => {}
            MetadataSource::DefaultsAbsent => diagnostics.push(
                Diagnostic::new(codes::I_WORKER_METADATA_DEFAULTS,
                    &ext.file,
                    format!(
                        "{who} declares no agentic_worker_metadata; the conservative defaults apply \
                         (side_effects external, confirmation_required true, cost medium)"
                    ),
                )
                .pointer(&pointer),
            ),
            MetadataSource::DefaultsInvalid(e) => diagnostics.push(
                Diagnostic::new(codes::W_WORKER_METADATA_DROPPED,
                    &ext.file,
                    format!(
                        "{who}: agentic_worker_metadata is outside the contract ({}), so the whole \
                         blob is dropped and the conservative defaults apply (side_effects external, \
                         confirmation_required true, cost medium)",
                        e.message
                    ),
                )
                .pointer(format!("{pointer}/agentic_worker_metadata"))
                .help("run `gtdx lint` on the extension and fix the blob, then rebuild the pack"),
            ),
        }
        if tool
            .description
            .as_deref()
            .is_none_or(|d| d.trim().is_empty())
        {
            diagnostics.push(
                Diagnostic::new(
                    codes::W_WORKER_TOOL_NO_DESCRIPTION,
                    &ext.file,
                    format!(
                        "{who} has no description; the model sees a tool it cannot reason about"
                    ),
                )
                .pointer(&pointer),
            );
        }
        if tool.input_schema.is_none() {
            diagnostics.push(
                Diagnostic::new(
                    codes::W_WORKER_TOOL_NO_INPUT_SCHEMA,
                    &ext.file,
                    format!("{who} has no input_schema; the model sees it without parameters"),
                )
                .pointer(&pointer),
            );
        }
        bindings.push(ExtensionToolBinding {
            extension_id: ext.id().to_string(),
            extension_version: ext.version().to_string(),
            tool_name: tool.name.clone(),
            description: tool.description.clone(),
            input_schema_json: tool.input_schema.clone(),
            output_schema_json: tool.output_schema.clone(),
            capabilities: tool.capabilities.clone().unwrap_or_default(),
            agentic_worker_metadata: ToolMetadata::from(&resolved),
            metadata_source: MetadataOrigin::from(&resolved.source),
            secret_requirements: tool.secret_requirements.clone(),
            usage_note: resolved.usage_hint.clone(),
        });
    }
    bindings.sort_by(|a, b| (&a.extension_id, &a.tool_name).cmp(&(&b.extension_id, &b.tool_name)));
    (bindings, kept_per_ext)
}

/// Step 6: the pinned packs, with their trust markers.
fn pin_packs(
    by_id: &BTreeMap<&str, Ext<'_>>,
    kept_per_ext: &BTreeMap<&str, usize>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<PinnedExtension> {
    let mut pinned = Vec::with_capacity(by_id.len());
    for ext in by_id.values() {
        let (signed, trusted, key_id, public_key) = match &ext.loaded.trust {
            PackTrust::Trusted { key_id, public_key } => {
                (true, true, Some(key_id), Some(public_key))
            }
            PackTrust::Untrusted { key_id, public_key } => {
                diagnostics.push(Diagnostic::new(
                    codes::W_WORKER_PACK_UNTRUSTED,
                    &ext.file,
                    format!(
                        "extension `{}` {} is signed by key {key_id}, which is not trusted; \
                             included because of --allow-unsigned and marked `trusted: false`",
                        ext.id(),
                        ext.version()
                    ),
                ));
                (true, false, Some(key_id), Some(public_key))
            }
            PackTrust::Unsigned => {
                diagnostics.push(Diagnostic::new(
                    codes::W_WORKER_PACK_UNSIGNED,
                    &ext.file,
                    format!(
                        "extension `{}` {} is not signed; included because of --allow-unsigned and \
                         marked `signed: false, trusted: false`",
                        ext.id(),
                        ext.version()
                    ),
                ));
                (false, false, None, None)
            }
        };
        pinned.push(PinnedExtension {
            extension_id: ext.id().to_string(),
            extension_version: ext.version().to_string(),
            pack: ext.loaded.pack.clone(),
            sha256: ext.loaded.sha256.clone(),
            signed,
            trusted,
            signer_key_id: key_id.cloned(),
            signer_public_key: public_key.cloned(),
            tools_kept: kept_per_ext.get(ext.id()).copied().unwrap_or(0),
        });
    }
    pinned
}

fn not_agentic(tool: &Tool) -> (DropReason, String) {
    match &tool.capabilities {
        None => (
            DropReason::NoCapabilities,
            "declares no capabilities, which consumers default to [\"flow\"]".into(),
        ),
        Some(caps) => (
            DropReason::NotAgentic,
            format!(
                "capabilities {} do not include \"agentic_worker\"",
                serde_json::to_string(caps).unwrap_or_default()
            ),
        ),
    }
}

fn drop_entry(ext: &Ext<'_>, tool: &Tool, reason: DropReason, message: String) -> DroppedTool {
    DroppedTool {
        extension_id: ext.id().to_string(),
        extension_version: ext.version().to_string(),
        pack: ext.loaded.pack.clone(),
        tool_name: tool.name.clone(),
        reason,
        message,
    }
}

fn list(items: &[&str]) -> String {
    if items.is_empty() {
        "(none)".into()
    } else {
        items
            .iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Union by key over the bindings (already sorted); required if any tool requires it.
fn aggregate_secrets(bindings: &[ExtensionToolBinding]) -> Vec<AggregatedSecret> {
    let mut by_key: BTreeMap<&str, AggregatedSecret> = BTreeMap::new();
    for b in bindings {
        for req in &b.secret_requirements {
            let entry = by_key
                .entry(req.key.as_str())
                .or_insert_with(|| AggregatedSecret {
                    key: req.key.clone(),
                    required: false,
                    description: None,
                    format: None,
                    used_by: Vec::new(),
                });
            entry.required |= is_required(req);
            if entry.description.is_none() {
                entry.description = req.description.clone();
            }
            if entry.format.is_none() {
                entry.format = req.format;
            }
            let key = ToolKey {
                extension_id: b.extension_id.clone(),
                tool_name: b.tool_name.clone(),
            };
            if !entry.used_by.contains(&key) {
                entry.used_by.push(key);
            }
        }
    }
    by_key.into_values().collect()
}

/// A requirement without `required` is treated as required: an operator is asked for it.
fn is_required(req: &SecretRequirement) -> bool {
    req.required
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{SpecFormat, parse};
    use serde_json::json;

    fn describe(id: &str, tools: serde_json::Value) -> Describe {
        serde_json::from_value(json!({
            "apiVersion": "greentic.ai/v2",
            "kind": "DesignExtension",
            "compat": {"min_designer_version": ">=1.2.0", "min_runner_version": "^1.2.0", "contract_version": "0.3.0"},
            "metadata": {"id": id, "name": id, "version": "1.0.0", "summary": "s", "author": {"name": "a"}, "license": "MIT"},
            "capabilities": {},
            "runtime": {"permissions": {}, "components": {"c": {"sha256": "00", "world": "w"}}},
            "contributions": {"tools": tools}
        }))
        .unwrap()
    }

    fn tool(name: &str, caps: Option<&[&str]>) -> serde_json::Value {
        let mut t = json!({"name": name, "export": "greentic:extension-design/tools.invoke-tool", "description": "d", "input_schema": "{}"});
        if let Some(c) = caps {
            t["capabilities"] = json!(c);
        }
        t
    }

    fn spec(extra: &str) -> LoadedSpec {
        let text = format!(
            "name = \"w\"\ntenant = \"t\"\nkind = \"single_turn\"\nextensions = [\"a.gtxpack\", \"b.gtxpack\"]\n[llm]\nprovider = \"p\"\nmodel = \"m\"\n{extra}"
        );
        let spec = parse(Path::new("w.toml"), SpecFormat::Toml, &text).unwrap();
        LoadedSpec {
            path: "w.toml".into(),
            format: SpecFormat::Toml,
            text,
            spec,
        }
    }

    fn ext(i: usize, id: &str, tools: serde_json::Value) -> LoadedExtension {
        LoadedExtension {
            spec_index: i,
            pack: format!("{id}.gtxpack"),
            describe: describe(id, tools),
            sha256: format!("{i:064}"),
            trust: PackTrust::Trusted {
                key_id: "k".into(),
                public_key: "pk".into(),
            },
        }
    }

    #[test]
    fn keeps_only_agentic_and_reports_the_rest() {
        let exts = [ext(
            0,
            "x.a",
            json!([
                tool("none", None),
                tool("flow", Some(&["flow"])),
                tool("agent", Some(&["agentic_worker"])),
                tool("both", Some(&["agentic_worker", "flow"])),
                tool("empty", Some(&[])),
            ]),
        )];
        let a = assemble(&spec(""), &exts, Path::new(".")).unwrap();
        let kept: Vec<_> = a
            .manifest
            .extension_tools
            .iter()
            .map(|b| b.tool_name.as_str())
            .collect();
        assert_eq!(kept, ["agent", "both"]);
        let dropped: Vec<_> = a
            .dropped
            .iter()
            .map(|d| (d.tool_name.as_str(), d.reason))
            .collect();
        assert_eq!(
            dropped,
            [
                ("empty", DropReason::NotAgentic),
                ("flow", DropReason::NotAgentic),
                ("none", DropReason::NoCapabilities)
            ]
        );
        let b = &a.manifest.extension_tools[0];
        assert_eq!(b.metadata_source, MetadataOrigin::Defaults);
        assert!(b.agentic_worker_metadata.confirmation_required);
    }

    #[test]
    fn collision_needs_an_allow_list_pick() {
        let exts = [
            ext(0, "x.a", json!([tool("search", Some(&["agentic_worker"]))])),
            ext(
                1,
                "x.b",
                json!([
                    tool("search", Some(&["agentic_worker"])),
                    tool("other", Some(&["agentic_worker"]))
                ]),
            ),
        ];
        let err = assemble(&spec(""), &exts, Path::new("."))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("tool name `search` is contributed by `x.a`"),
            "{err}"
        );
        let picked = spec(
            "[[tools]]\nextension_id = \"x.b\"\ntool_name = \"search\"\n[[tools]]\nextension_id = \"x.b\"\ntool_name = \"search\"\n",
        );
        let a = assemble(&picked, &exts, Path::new(".")).unwrap();
        assert_eq!(a.manifest.extension_tools.len(), 1);
        assert_eq!(a.manifest.extension_tools[0].extension_id, "x.b");
        let reasons: Vec<_> = a
            .dropped
            .iter()
            .map(|d| (d.extension_id.as_str(), d.tool_name.as_str(), d.reason))
            .collect();
        assert_eq!(
            reasons,
            [
                ("x.a", "search", DropReason::NameTaken),
                ("x.b", "other", DropReason::NotInAllowList)
            ]
        );
    }

    #[test]
    fn wrong_allow_list_entries_each_say_why() {
        let exts = [ext(
            0,
            "x.a",
            json!([
                tool("flowy", Some(&["flow"])),
                tool("agent", Some(&["agentic_worker"]))
            ]),
        )];
        let s = spec(
            "[[tools]]\nextension_id = \"x.a\"\ntool_name = \"flowy\"\n\
             [[tools]]\nextension_id = \"x.a\"\ntool_name = \"agnet\"\n\
             [[tools]]\nextension_id = \"x.zz\"\ntool_name = \"agent\"\n",
        );
        let err = assemble(&s, &exts, Path::new(".")).unwrap_err();
        let BuildError::Selection { problems } = &err else {
            panic!("{err}")
        };
        assert_eq!(problems.len(), 3, "{err}");
        assert!(problems[0].message.contains("flow-only"), "{err}");
        assert!(
            problems[0]
                .place
                .to_string()
                .starts_with("w.toml:8:1 (tools[0])"),
            "{err}"
        );
        assert!(
            problems[1]
                .help
                .as_deref()
                .unwrap()
                .contains("did you mean `agent`?"),
            "{err}"
        );
        assert!(problems[2].message.contains("extension `x.zz`"), "{err}");
    }

    #[test]
    fn secrets_union_by_key_required_if_any() {
        let mut t1 = tool("a", Some(&["agentic_worker"]));
        t1["secret_requirements"] =
            json!([{"key": "s/k", "required": false, "description": "first"}]);
        let mut t2 = tool("b", Some(&["agentic_worker"]));
        t2["secret_requirements"] =
            json!([{"key": "s/k", "required": true}, {"key": "s/opt", "required": false}]);
        let exts = [ext(0, "x.a", json!([t1, t2]))];
        let a = assemble(&spec(""), &exts, Path::new(".")).unwrap();
        let s = &a.manifest.secret_requirements;
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].key.as_str(), s[0].required, s[0].used_by.len()),
            ("s/k", true, 2)
        );
        assert_eq!(s[0].description.as_deref(), Some("first"));
        assert_eq!((s[1].key.as_str(), s[1].required), ("s/opt", false));
    }

    #[test]
    fn invalid_metadata_is_dropped_whole_with_a_warning() {
        let mut t = tool("a", Some(&["agentic_worker"]));
        t["agentic_worker_metadata"] = json!("{\"cost\":\"low\",\"side_effects\":\"sometimes\"}");
        let exts = [ext(0, "x.a", json!([t]))];
        let a = assemble(&spec(""), &exts, Path::new(".")).unwrap();
        let b = &a.manifest.extension_tools[0];
        assert_eq!(b.metadata_source, MetadataOrigin::DefaultsInvalidDropped);
        assert_eq!(b.agentic_worker_metadata.cost, gtdx_contract::Cost::Medium);
        assert!(
            a.diagnostics
                .iter()
                .any(|d| d.code == "W_WORKER_METADATA_DROPPED" && d.message.contains("dropped"))
        );
    }
}
