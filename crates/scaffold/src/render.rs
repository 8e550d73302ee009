//! Renders the embedded handlebars templates into an in-memory project.
//!
//! `templates/` holds one directory per layer: `base/` (every project), the kind's (`design/`),
//! the overlays `node-type/`, `dynamic-tools/` and `ci-github/`, and `agents/` (the guidance for
//! coding assistants, [`crate::agents`]). In each layer, `<path>.hbs` renders to the
//! project file `<path>` when the layer is active, and `_partials/<name>.hbs` is a partial named
//! `<layer>/<name>` that base files pull in where an overlay adds to a shared file (Cargo
//! metadata, README sections), so every shared file exists once.

use handlebars::Handlebars;
use serde_json::{Value, json};

use crate::options::{Ci, Options};
use crate::sdk::SdkSource;
use crate::{ScaffoldError, validate};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/templates.rs"));
}

/// The embedded template files: `(path under templates/, contents)`.
/// The toolchain a new project pins: this gtdx's `rust-version` as a full release (`1.95` →
/// `1.95.0`), the one gtdx itself is tested with, so rustup installs exactly one toolchain.
pub fn pinned_toolchain() -> String {
    let version = env!("CARGO_PKG_RUST_VERSION");
    match version.split('.').count() {
        2 => format!("{version}.0"),
        _ => version.to_string(),
    }
}

pub fn templates() -> &'static [(&'static str, &'static str)] {
    embedded::TEMPLATES
}

/// One file of the generated project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Relative path with `/` separators, e.g. `src/lib.rs`.
    pub path: String,
    pub contents: String,
}

/// A rendered project, files sorted by path.
#[derive(Debug, Clone, Default)]
pub struct Project {
    pub files: Vec<File>,
}

impl Project {
    pub fn get(&self, path: &str) -> Option<&File> {
        self.files.iter().find(|f| f.path == path)
    }
}

/// The layers active for these options, base first, then the kind's, the variants', and the
/// guidance last (it gathers the other layers' `agents` partials).
pub fn layers(opts: &Options) -> Vec<&'static str> {
    let mut l = vec!["base", opts.kind.short()];
    if opts.node_type {
        l.push("node-type");
    }
    if opts.dynamic_tools {
        l.push("dynamic-tools");
    }
    if opts.ci == Ci::Github {
        l.push("ci-github");
    }
    if opts.agents {
        l.push(crate::agents::LAYER);
    }
    l
}

/// The data every template sees.
pub fn context(opts: &Options) -> Value {
    let caps: Vec<String> = opts.capabilities.iter().map(|c| format!("{c:?}")).collect();
    let agentic = opts
        .capabilities
        .iter()
        .any(|c| c == gtdx_contract::CAPABILITY_AGENTIC_WORKER);
    let tools: Vec<Value> = opts
        .tools
        .iter()
        .map(|t| {
            let pascal = validate::pascal_case(t);
            // rustfmt wraps a signature longer than 100 columns; generate what it would.
            let sig =
                format!("pub fn {t}(input: {pascal}Input) -> Result<{pascal}Output, ToolError> {{");
            json!({
                "name": t,
                "pascal": pascal,
                "words": t.replace('_', " "),
                "wrap_signature": sig.len() > 100,
            })
        })
        .collect();
    json!({
        "name": opts.name,
        "crate_ident": opts.name.replace('-', "_"),
        "id": opts.id,
        "kind": opts.kind.short(),
        "tools": tools,
        "first_tool": opts.tools.first(),
        "capabilities_rust": caps.join(", "),
        "capabilities_list": opts.capabilities.join(", "),
        "agentic": agentic,
        "node_type": opts.node_type,
        "dynamic_tools": opts.dynamic_tools,
        "ci_github": opts.ci == Ci::Github,
        "sdk_dependency": opts.sdk.sdk_dependency(),
        "describe_dependency": opts.sdk.describe_dependency(),
        "sdk_patch": opts.sdk.patch_table(),
        "sdk_bundled": opts.sdk == SdkSource::Bundled,
        "gtdx_version": env!("CARGO_PKG_VERSION"),
        "author_toml": crate::sdk::toml_string(&opts.author),
        "first_tool_title": opts.tools.first().map(|t| title(t)).unwrap_or_default(),
        "component": opts.name.to_ascii_lowercase().replace('_', "-"),
        "sdk_is_path": matches!(opts.sdk, SdkSource::Path { .. }),
        "sdk_description": opts.sdk.to_string(),
        "gtdx_install": opts.gtdx_source.install_command(),
        "gtdx_source": opts.gtdx_source.to_string(),
        "gtdx_cache_key": opts.gtdx_source.cache_key(),
        // rust-toolchain.toml's and the workflow's pinned toolchain: the Rust this gtdx requires.
        "rust_toolchain": pinned_toolchain(),
        "agents": opts.agents,
        "checks": crate::agents::checks(opts),
        "sdk_dir": crate::bundle::DIR,
    })
}

/// Renders every file of the active layers.
pub fn render(opts: &Options) -> Result<Project, ScaffoldError> {
    let active = layers(opts);
    let mut hb = Handlebars::new();
    hb.set_strict_mode(true);
    hb.register_escape_fn(handlebars::no_escape);
    let mut outputs: Vec<(String, &'static str)> = Vec::new();
    let mut partials = Vec::new();
    for (path, text) in templates() {
        let Some((layer, rest)) = path.split_once('/') else {
            continue;
        };
        let Some(rest) = rest.strip_suffix(".hbs") else {
            continue;
        };
        if let Some(partial) = rest.strip_prefix("_partials/") {
            let name = format!("{layer}/{partial}");
            hb.register_partial(&name, *text)
                .map_err(|e| ScaffoldError::Template(format!("{path}: {e}")))?;
            partials.push((name, *text));
        } else if active.contains(&layer) {
            hb.register_template_string(path, *text)
                .map_err(|e| ScaffoldError::Template(format!("{path}: {e}")))?;
            outputs.push((rest.to_string(), path));
        }
    }
    let mut data = context(opts);
    // The active layers' own lines for AGENTS.md, rendered here and joined in layer order.
    let names: Vec<String> = partials.iter().map(|(n, _)| n.clone()).collect();
    let mut sections = String::new();
    for name in crate::agents::sections(&active, &names) {
        if let Some((_, text)) = partials.iter().find(|(n, _)| *n == name) {
            let rendered = hb
                .render_template(text, &data)
                .map_err(|e| ScaffoldError::Template(format!("{name}: {e}")))?;
            sections.push_str(&rendered);
        }
    }
    data["agent_sections"] = json!(sections);
    let mut files = Vec::with_capacity(outputs.len());
    for (out, tpl) in outputs {
        let contents = hb
            .render(tpl, &data)
            .map_err(|e| ScaffoldError::Template(format!("{tpl}: {e}")))?;
        if files.iter().any(|f: &File| f.path == out) {
            return Err(ScaffoldError::Template(format!(
                "two layers render {out}; an overlay must extend a base file through a partial"
            )));
        }
        files.push(File {
            path: out,
            contents,
        });
    }
    if opts.sdk == SdkSource::Bundled {
        files.extend(crate::bundle::files().map(|(path, text)| File {
            path,
            contents: text.to_string(),
        }));
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(Project { files })
}

/// `lookup_order` → `Lookup order`.
fn title(snake: &str) -> String {
    let words = snake.replace('_', " ");
    let mut cs = words.chars();
    match cs.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + cs.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Ci, Vcs};
    use crate::sdk::SdkSource;

    fn opts(node_type: bool, dynamic_tools: bool, ci: Ci) -> Options {
        Options {
            name: "my-ext".into(),
            id: "greentic.my-ext".into(),
            kind: gtdx_contract::ExtensionKind::DesignExtension,
            tools: vec!["hello".into(), "lookup_order".into()],
            capabilities: vec!["agentic_worker".into(), "flow".into()],
            node_type,
            dynamic_tools,
            ci,
            vcs: Vcs::None,
            sdk: SdkSource::Version("0.1".into()),
            gtdx_source: crate::GtdxSource::Crates("0.1.0".into()),
            author: "Ada <ada@example.com>".into(),
            agents: true,
        }
    }

    #[test]
    fn every_combination_renders_completely() {
        for bits in 0..8u8 {
            let o = opts(
                bits & 1 != 0,
                bits & 2 != 0,
                if bits & 4 != 0 { Ci::Github } else { Ci::None },
            );
            let p = render(&o).unwrap();
            let paths: Vec<&str> = p.files.iter().map(|f| f.path.as_str()).collect();
            for must in [
                ".gitignore",
                "Cargo.toml",
                "README.md",
                "build.rs",
                "src/lib.rs",
                "tests/tools/examples.json",
            ] {
                assert!(paths.contains(&must), "{bits}: {paths:?}");
            }
            assert_eq!(paths.contains(&"src/dynamic.rs"), o.dynamic_tools);
            assert_eq!(
                paths.contains(&".github/workflows/gtdx.yml"),
                o.ci == Ci::Github
            );
            for f in &p.files {
                assert!(
                    !f.contents.contains("{{") || f.path.ends_with(".yml"),
                    "{}: unrendered",
                    f.path
                );
            }
            let cargo: toml::Table =
                toml::from_str(&p.get("Cargo.toml").unwrap().contents).unwrap();
            let gtdx = &cargo["package"]["metadata"]["gtdx"];
            assert_eq!(gtdx.get("nodeTypes").is_some(), o.node_type);
            assert_eq!(gtdx.get("dynamicTools").is_some(), o.dynamic_tools);
            assert_eq!(cargo["dependencies"]["gtdx-sdk"].as_str(), Some("0.1"));
            assert_eq!(
                cargo["build-dependencies"]["gtdx-describe"].as_str(),
                Some("0.1")
            );
        }
    }

    /// The commands of AGENTS.md's check list, in order (`- `\`cmd\`: why` lines).
    fn listed_checks(agents_md: &str) -> Vec<String> {
        let section = agents_md
            .split("## Check your work")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .unwrap();
        section
            .lines()
            .filter_map(|l| l.strip_prefix("- `"))
            .map(|l| l.split('`').next().unwrap().to_string())
            .collect()
    }

    /// The commands `scripts/check` runs, in order (its `step PROGRAM ARGS` lines).
    fn script_steps(script: &str) -> Vec<String> {
        script
            .lines()
            .filter_map(|l| l.strip_prefix("step "))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_guidance_names_each_layer_and_the_checks_the_script_runs() {
        for bits in 0..8u8 {
            let o = opts(
                bits & 1 != 0,
                bits & 2 != 0,
                if bits & 4 != 0 { Ci::Github } else { Ci::None },
            );
            let p = render(&o).unwrap();
            let agents = &p.get("AGENTS.md").unwrap().contents;
            let script = &p.get("scripts/check").unwrap().contents;
            assert!(script.starts_with("#!/bin/sh\n"), "{script}");
            assert!(
                p.get("CLAUDE.md")
                    .unwrap()
                    .contents
                    .starts_with("@AGENTS.md\n")
            );
            let listed = listed_checks(agents);
            let wanted: Vec<String> = crate::agents::checks(&o)
                .iter()
                .map(|c| c.command())
                .collect();
            assert_eq!(listed, wanted, "{bits}: AGENTS.md lists the checks");
            assert_eq!(script_steps(script), wanted, "{bits}: the script runs them");
            // The kind's lines always; each variant's only when it is there.
            assert!(agents.contains("A Greentic design extension, `greentic.my-ext`"));
            assert_eq!(agents.contains("src/dynamic.rs"), o.dynamic_tools, "{bits}");
            assert_eq!(agents.contains("nodeTypes"), o.node_type, "{bits}");
            assert_eq!(
                agents.contains(".github/workflows/gtdx.yml"),
                o.ci == Ci::Github,
                "{bits}"
            );
            assert_eq!(
                wanted.contains(&"gtdx lint --deny-warnings".to_string()),
                !o.dynamic_tools,
                "{bits}: dynamic tools lint without --deny-warnings, as their CI does"
            );
            assert!(!agents.contains("\n\n\n"), "{bits}: blank runs:\n{agents}");
            assert!(
                p.get("README.md")
                    .unwrap()
                    .contents
                    .contains("scripts/check")
            );
        }
    }

    #[test]
    fn no_agents_leaves_the_guidance_out() {
        let mut o = opts(true, true, Ci::Github);
        o.agents = false;
        let p = render(&o).unwrap();
        for f in crate::agents::FILES {
            assert!(p.get(f).is_none(), "{f}");
        }
        let readme = &p.get("README.md").unwrap().contents;
        assert!(!readme.contains("AGENTS.md") && !readme.contains("scripts/check"));
    }

    #[test]
    fn ci_workflow_keeps_the_github_expression() {
        let p = render(&opts(false, false, Ci::Github)).unwrap();
        let yml = &p.get(".github/workflows/gtdx.yml").unwrap().contents;
        assert!(yml.contains("${{ secrets.GTDX_SIGNING_KEY }}"), "{yml}");
        assert!(yml.contains("--key-env GTDX_SIGNING_KEY"));
        assert!(yml.contains("--target wasm32-wasip2"));
        assert!(yml.contains("actions/upload-artifact"));
        // Escaped in the template, kept verbatim in the workflow.
        assert!(
            yml.contains("group: ${{ github.workflow }}-${{ github.ref }}"),
            "{yml}"
        );
        assert!(
            yml.contains("key: gtdx-crates-0.1.0-${{ runner.os }}"),
            "{yml}"
        );
        assert!(!yml.contains("\\{{"), "{yml}");
    }

    #[test]
    fn tools_become_annotated_functions_with_tests() {
        let p = render(&opts(false, false, Ci::None)).unwrap();
        let lib = &p.get("src/lib.rs").unwrap().contents;
        assert!(lib.contains(
            "pub fn lookup_order(input: LookupOrderInput) -> Result<LookupOrderOutput, ToolError>"
        ));
        assert!(lib.contains("capabilities = [\"agentic_worker\", \"flow\"]"));
        assert!(lib.contains("fn lookup_order_through_dispatch()"));
    }
}
