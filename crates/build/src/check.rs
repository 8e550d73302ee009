//! Checking a component against the describe.json that will ship with it.
//!
//! * every tool dispatched to the component names an export the component really has
//!   (`greentic:extension-design/tools.invoke-tool` → interface
//!   `greentic:extension-design/tools@<version>` with a function `invoke-tool`);
//! * the `world` declared in `runtime.components.<id>` agrees with the component's WIT.
//!
//! Findings are [`Diagnostic`]s located in describe.json (JSON pointer and, when the text is at
//! hand, line:column), so the CLI prints them like every other gtdx finding.

use gtdx_contract::{Code, codes};
use std::path::Path;

use gtdx_contract::diagnostic::escape_pointer_token;
use gtdx_contract::source::SourceMap;
use gtdx_contract::{Describe, Diagnostic, Severity};
use wit_parser::Resolve;

use crate::component::{ComponentInfo, ExportRef, InterfaceRef, WitItemKind};

/// What to check, and where findings point.
pub struct CheckInput<'a> {
    pub describe: &'a Describe,
    /// The describe.json file as the user should see it in messages.
    pub describe_file: &'a str,
    /// The text's source map, for line:column (optional).
    pub source: Option<&'a SourceMap>,
    /// Key of `runtime.components` the component is for.
    pub component_id: &'a str,
    pub component: &'a ComponentInfo,
    /// WIT worlds gtdx knows the definition of (the SDK's, the package's `wit/`).
    pub known_worlds: Option<&'a KnownWorlds>,
}

/// What a successful check covered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CheckReport {
    /// Errors (the pack must not be written) and warnings.
    pub diagnostics: Vec<Diagnostic>,
    /// Names of the tools whose export was verified against the component.
    pub tools_checked: Vec<String>,
}

impl CheckReport {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

struct Reporter<'a> {
    file: &'a str,
    source: Option<&'a SourceMap>,
    out: Vec<Diagnostic>,
}

impl Reporter<'_> {
    fn push(&mut self, code: Code, pointer: &str, message: String, help: &str) {
        let mut d = Diagnostic::new(code, self.file, message).pointer(pointer);
        if !help.is_empty() {
            d = d.help(help);
        }
        if let Some(p) = self.source.and_then(|s| s.value_position(pointer)) {
            d = d.at(p.line, p.column);
        }
        self.out.push(d);
    }
}

/// Picks the `runtime.components` entry a build fills in: the only one, or the one whose id is
/// the package name. Otherwise a diagnostic naming the ids.
pub fn select_component(
    describe: &Describe,
    package_name: Option<&str>,
    describe_file: &str,
) -> Result<String, Box<Diagnostic>> {
    let ids: Vec<&String> = describe.runtime.components.keys().collect();
    if ids.len() == 1 {
        return Ok(ids[0].clone());
    }
    if let Some(name) = package_name {
        let lower = name.to_ascii_lowercase();
        let candidates = [
            name.to_string(),
            lower.replace('_', "-"),
            lower.replace('-', "_"),
        ];
        if let Some(id) = ids.iter().find(|id| candidates.iter().any(|c| c == **id)) {
            return Ok((*id).clone());
        }
    }
    let listed = if ids.is_empty() {
        "none".to_string()
    } else {
        ids.iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Err(Box::new(
        Diagnostic::new(codes::E_BUILD_COMPONENT_ID,
            describe_file,
            format!(
                "cannot tell which entry of runtime.components this component is: the entries are \
                 {listed}"
            ),
        )
        .pointer("/runtime/components")
        .help(match package_name {
            Some(n) => format!(
                "declare exactly one component, or give the one built from package `{n}` the id `{n}`"
            ),
            None => "declare exactly one component in runtime.components".to_string(),
        }),
    ))
}

/// Runs every check of a component against the describe.
pub fn check(input: &CheckInput<'_>) -> CheckReport {
    let mut r = Reporter {
        file: input.describe_file,
        source: input.source,
        out: Vec::new(),
    };
    let mut tools_checked = Vec::new();
    let components = &input.describe.runtime.components;
    let id = input.component_id;
    let actual = input.component.exports_summary();

    // The world.
    let world_ptr = format!("/runtime/components/{}/world", escape_pointer_token(id));
    if let Some(rc) = components.get(id) {
        check_world(
            &mut r,
            &world_ptr,
            id,
            &rc.world,
            input.component,
            input.known_worlds,
        );
    }

    // The tools.
    for (i, tool) in input.describe.contributions.tools().iter().enumerate() {
        let target = match &tool.runtime_ref {
            Some(rref) => {
                if !components.contains_key(rref) {
                    r.push(
                        codes::E_BUILD_RUNTIME_REF,
                        &format!("/contributions/tools/{i}/runtime_ref"),
                        format!(
                            "tool `{}` dispatches to runtime_ref `{rref}`, which is not a key of \
                             runtime.components",
                            tool.name
                        ),
                        "set runtime_ref to a declared component id, or omit it when the \
                         extension has one component",
                    );
                    continue;
                }
                rref.as_str()
            }
            None if components.len() == 1 => id,
            None => {
                r.push(
                    codes::E_BUILD_RUNTIME_REF,
                    &format!("/contributions/tools/{i}"),
                    format!(
                        "tool `{}` has no runtime_ref, and runtime.components declares {} \
                         components",
                        tool.name,
                        components.len()
                    ),
                    "add runtime_ref naming the component the tool dispatches to",
                );
                continue;
            }
        };
        if target != id {
            // Dispatched to another component, which this build does not produce.
            continue;
        }
        let ptr = format!("/contributions/tools/{i}/export");
        let Some(export) = ExportRef::parse(&tool.export) else {
            r.push(
                codes::E_BUILD_EXPORT_FORM,
                &ptr,
                format!(
                    "tool `{}` names export `{}`, which is not of the form \
                     `namespace:package/interface.function`",
                    tool.name, tool.export
                ),
                "use e.g. `greentic:extension-design/tools.invoke-tool`",
            );
            continue;
        };
        match find_export(&export, input.component) {
            Ok(()) => tools_checked.push(tool.name.clone()),
            Err(why) => r.push(
                codes::E_BUILD_EXPORT_MISSING,
                &ptr,
                format!(
                    "tool `{}` names export `{}`, but component `{id}` {why}. The component \
                     exports: {actual}",
                    tool.name, tool.export
                ),
                "make the tool's `export` name a function the component exports (for tools \
                 built with the gtdx SDK: `greentic:extension-design/tools.invoke-tool`), or \
                 export that function from the component",
            ),
        }
    }
    CheckReport {
        diagnostics: r.out,
        tools_checked,
    }
}

/// Ok when the component has the function; otherwise what it lacks, as a clause.
fn find_export(export: &ExportRef, component: &ComponentInfo) -> Result<(), String> {
    match &export.interface {
        None => {
            let found = component
                .exports
                .iter()
                .any(|e| e.kind == WitItemKind::Function && e.name == export.function);
            if found {
                Ok(())
            } else {
                Err(format!(
                    "exports no top-level function `{}`",
                    export.function
                ))
            }
        }
        Some(iface) => {
            let matching: Vec<_> = component
                .exports
                .iter()
                .filter(|e| e.kind == WitItemKind::Interface && iface.matches(&e.name))
                .collect();
            if matching.is_empty() {
                let spelled = match &iface.version {
                    Some(v) => format!("{}@{v}", iface.unversioned()),
                    None => format!("{}@<version>", iface.unversioned()),
                };
                return Err(format!("does not export interface `{spelled}`"));
            }
            if matching
                .iter()
                .any(|e| e.functions.contains(&export.function))
            {
                Ok(())
            } else {
                Err(format!(
                    "exports interface `{}` without a function `{}`",
                    matching[0].name, export.function
                ))
            }
        }
    }
}

fn check_world(
    r: &mut Reporter<'_>,
    ptr: &str,
    id: &str,
    world: &str,
    component: &ComponentInfo,
    known: Option<&KnownWorlds>,
) {
    let actual = component.exports_summary();
    let Some(wref) = InterfaceRef::parse(world) else {
        r.push(
            codes::E_BUILD_WORLD_FORM,
            ptr,
            format!(
                "runtime.components.{id}.world is `{world}`, which is not of the form \
                 `namespace:package/world@version`"
            ),
            "use e.g. `greentic:extension-design/tool-extension@0.3.0`",
        );
        return;
    };
    // A world spelled as the one interface the component exports.
    if component
        .exports
        .iter()
        .any(|e| e.kind == WitItemKind::Interface && wref.matches(&e.name))
    {
        return;
    }
    // A world whose definition gtdx knows: every export it declares must be there.
    if let Some(required) = known.and_then(|k| k.world_exports(&wref)) {
        let missing: Vec<&String> = required
            .iter()
            .filter(|req| match InterfaceRef::parse(req) {
                Some(i) => !component.exports.iter().any(|e| i.matches(&e.name)),
                None => !component.exports.iter().any(|e| e.name == **req),
            })
            .collect();
        if !missing.is_empty() {
            let missing = missing
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ");
            r.push(
                codes::E_BUILD_WORLD_MISMATCH,
                ptr,
                format!(
                    "runtime.components.{id}.world is `{world}`, whose exports include \
                     {missing}, but the component does not export them. The component \
                     exports: {actual}"
                ),
                "declare the world the component was built for, or build it for this world",
            );
        }
        return;
    }
    // Otherwise: the component must export something from the world's package and version.
    let same_package: Vec<InterfaceRef> = component
        .exports
        .iter()
        .filter_map(|e| InterfaceRef::parse(&e.name))
        .filter(|i| i.package_name() == wref.package_name())
        .collect();
    let version_ok = |i: &InterfaceRef| wref.version.is_none() || i.version == wref.version;
    if same_package.iter().any(version_ok) {
        return;
    }
    if same_package.is_empty() && wref.namespace != PLATFORM_NAMESPACE {
        // A world of the author's own package, whose definition gtdx was not given: its exports
        // come from other packages, so nothing can be compared.
        r.push(
            codes::W_BUILD_WORLD_UNKNOWN,
            ptr,
            format!(
                "cannot check runtime.components.{id}.world `{world}`: gtdx does not know that \
                 world's definition. The component exports: {actual}"
            ),
            "keep the world's WIT in the package's `wit/` directory (gtdx build reads it), or \
             pass it to `gtdx pack --wit DIR`",
        );
        return;
    }
    let why = if same_package.is_empty() {
        format!(
            "the component exports nothing from package `{}`",
            wref.package_name()
        )
    } else {
        let versions: Vec<String> = same_package
            .iter()
            .map(|i| i.version.clone().unwrap_or_else(|| "(unversioned)".into()))
            .collect();
        format!(
            "the component exports package `{}` at version {}, not {}",
            wref.package_name(),
            versions.join(", "),
            wref.version.as_deref().unwrap_or("?")
        )
    };
    r.push(
        codes::E_BUILD_WORLD_MISMATCH,
        ptr,
        format!(
            "runtime.components.{id}.world is `{world}`, but {why}. The component exports: {actual}"
        ),
        "declare the world the component was built for (its package and version must match \
         the interfaces it exports)",
    );
}

/// The platform's WIT namespace: its worlds are built from its own packages' interfaces.
pub const PLATFORM_NAMESPACE: &str = "greentic";

/// WIT worlds whose definitions gtdx can consult when checking `runtime.components.*.world`.
#[derive(Default)]
pub struct KnownWorlds {
    resolve: Resolve,
}

/// The WIT of the gtdx SDK this gtdx was built with: the world SDK-built extensions declare
/// (`greentic:extension-design/tool-extension@0.3.0`, [`gtdx_contract::SDK_WORLD`]). The files
/// are the repository's only copy, `crates/sdk/wit`: the root `wit/` and this crate's `wit/`
/// link there (so that the published crate carries them). Every other reader of the SDK's WIT
/// goes through this constant.
const SDK_WIT: [(&str, &str); 4] = [
    (
        "extension-base.wit",
        include_str!("../wit/deps/extension-base/extension-base.wit"),
    ),
    (
        "extension-host.wit",
        include_str!("../wit/deps/extension-host/extension-host.wit"),
    ),
    ("tools.wit", include_str!("../wit/tools.wit")),
    ("world.wit", include_str!("../wit/world.wit")),
];

impl KnownWorlds {
    /// No worlds at all.
    pub fn new() -> Self {
        Self::default()
    }

    /// The gtdx SDK's worlds.
    pub fn builtin() -> Self {
        let mut k = Self::new();
        let (base_name, base) = SDK_WIT[0];
        let _ = k.add_source(base_name, base);
        let (host_name, host) = SDK_WIT[1];
        let _ = k.add_source(host_name, host);
        // tools.wit and world.wit are one package in two files.
        let mut files = wit_parser::SourceMap::new();
        for (name, text) in &SDK_WIT[2..] {
            files.push_str(name, *text);
        }
        if let Ok(group) = files.parse() {
            let mut candidate = k.resolve.clone();
            if candidate.push_group(group).is_ok() {
                k.resolve = candidate;
            }
        }
        k
    }

    /// Adds the WIT in `dir` (a `wit/` directory with an optional `deps/`). On error (no such
    /// directory, WIT that does not parse) nothing is added and the reason is returned.
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), String> {
        if !dir.is_dir() {
            return Err(format!("{} is not a directory", dir.display()));
        }
        let mut candidate = self.resolve.clone();
        candidate.push_dir(dir).map_err(|e| format!("{e:#}"))?;
        self.resolve = candidate;
        Ok(())
    }

    /// Adds WIT source text (one package; its dependencies must already be known).
    pub fn add_source(&mut self, path: &str, text: &str) -> Result<(), String> {
        let mut candidate = self.resolve.clone();
        candidate
            .push_str(path, text)
            .map_err(|e| format!("{e:#}"))?;
        self.resolve = candidate;
        Ok(())
    }

    /// The full names of everything `world` exports, when the world is known.
    pub fn world_exports(&self, world: &InterfaceRef) -> Option<Vec<String>> {
        let (_, w) = self.resolve.worlds.iter().find(|(_, w)| {
            let Some(pkg) = w.package else { return false };
            let name = &self.resolve.packages[pkg].name;
            w.name == world.name
                && name.namespace == world.namespace
                && name.name == world.package
                && (world.version.is_none()
                    || name.version.as_ref().map(|v| v.to_string()) == world.version)
        })?;
        Some(
            w.exports
                .iter()
                .map(|(k, _)| self.resolve.name_world_key(k))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sdk_world_is_built_in() {
        let k = KnownWorlds::builtin();
        let world = InterfaceRef::parse(gtdx_contract::SDK_WORLD).unwrap();
        let exports = k.world_exports(&world).expect("the SDK world is known");
        assert_eq!(
            exports,
            [
                "greentic:extension-base/manifest@0.2.0",
                "greentic:extension-base/lifecycle@0.2.0",
                "greentic:extension-design/tools@0.3.0",
            ]
        );
    }
}
