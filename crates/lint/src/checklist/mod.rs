//! gtdx's own authoring checklist, run on a manifest that validated (it reads the typed model).
//!
//! The platform's rules ([`crate::platform`]) run first and own their codes. A check here never
//! reports under a platform code: where gtdx is stricter than the platform it says so under a
//! code of its own, as a warning or an info, unless the extension would be broken or invisible
//! at run time (then an error, and its `--explain` says why).

use gtdx_contract::codes;
use std::collections::BTreeMap;

use gtdx_contract::Describe;

use crate::Options;
use crate::explain::nearest;
use crate::platform::qualified_export;
use crate::validate::{Sink, Validated};

mod dynamic;
mod manifest;
mod metadata;
mod node_types;
mod references;
mod tools;
mod views;

const TOOLS: &str = "/contributions/tools";
const NODE_TYPES: &str = "/contributions/nodeTypes";

pub(crate) fn run(sink: &mut Sink<'_, '_>, d: &Describe, v: &Validated, opts: &Options) {
    manifest::header(sink, d);
    manifest::versions(sink, d, opts);
    manifest::runtime(sink, d, opts);
    tools::tools(sink, d, v);
    node_types::node_types(sink, d);
    references::references(sink, d, v);
    dynamic::dynamic(sink, d);
    views::views(sink, d);
}

/// `W_EXPORT_NAME`: an export the platform's linter lets through (or, for a guardrail, does not
/// look at) whose interface and member are not WIT kebab names under
/// `greentic:extension-design/`. For a tool (`guardrail` false) the platform's `E_EXPORT_FORM`
/// already covers the namespace and the `.`, so only the names are checked here.
fn export_name(
    sink: &mut Sink<'_, '_>,
    pointer: impl FnOnce() -> String,
    export: &str,
    guardrail: bool,
) {
    if !guardrail && !qualified_export(export) {
        return; // the platform's E_EXPORT_FORM
    }
    let kebab = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !s.ends_with('-')
            && !s.contains("--")
    };
    let ok = export
        .strip_prefix(crate::platform::EXPORT_NAMESPACE)
        .and_then(|rest| rest.split_once('.'))
        .is_some_and(|(iface, member)| kebab(iface) && kebab(member));
    if !ok {
        let what = if guardrail {
            "guardrail export"
        } else {
            "export"
        };
        sink.at(
            codes::W_EXPORT_NAME,
            &pointer(),
            format!(
                "{what} \"{export}\" is not greentic:extension-design/<interface>.<member> with WIT kebab-case names, so no component can export it"
            ),
            Some(format!(
                "interface and member are lowercase words joined by '-', e.g. \"{}\"",
                gtdx_contract::TOOLS_INVOKE_EXPORT
            )),
        );
    }
}

/// Which component runs a tool, node type or guardrail. A dangling `runtime_ref` of a tool or
/// node type is the platform's `E_RUNTIME_REF`; here: no `runtime_ref` among several components
/// (`E_RUNTIME_REF_MISSING`) and a guardrail's dangling one (`E_GUARDRAIL_RUNTIME_REF`).
fn runtime_ref(
    sink: &mut Sink<'_, '_>,
    owner: &str,
    what: &str,
    r: Option<&str>,
    components: &BTreeMap<String, gtdx_contract::RuntimeComponent>,
) {
    let keys = || components.keys().map(String::as_str).collect::<Vec<_>>();
    let listed = || {
        keys()
            .iter()
            .map(|k| format!("\"{k}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match r {
        Some(r) if what == "guardrail" && !components.contains_key(r) => {
            let mut help = format!("runtime.components declares: {}", listed());
            if let Some(n) = nearest(r, &keys()) {
                help = format!("did you mean \"{n}\"? {help}");
            }
            sink.at(
                codes::E_GUARDRAIL_RUNTIME_REF,
                &format!("{owner}/runtime_ref"),
                format!("guardrail runtime_ref \"{r}\" names no key of runtime.components"),
                Some(help),
            );
        }
        None if components.len() > 1 => sink.at(
            codes::E_RUNTIME_REF_MISSING,
            owner,
            format!(
                "{what} has no runtime_ref, but runtime.components declares {}, so the runtime cannot tell which one runs it",
                gtdx_contract::text::count(components.len(), "component", "components")
            ),
            Some(format!("add \"runtime_ref\" naming one of: {}", listed())),
        ),
        _ => {}
    }
}
