//! The whole manifest: tools from the sources, everything else from `[package.metadata.gtdx]`
//! and the Cargo package.

use std::collections::BTreeMap;

use gtdx_contract::{
    API_VERSION_V2, Author, CONTRACT_VERSION, Compat, Describe, GtpackRef, LocalizedText,
    MIN_DESIGNER_VERSION, MIN_RUNNER_VERSION, Metadata, Permissions, Runtime, RuntimeComponent,
    SCHEMA_URL, SDK_WORLD, ZERO_SHA256,
};
use serde_json::Value;

use crate::config::GtdxConfig;
use crate::error::Error;
use crate::package::Package;
use crate::tools::ToolOut;

/// Builds the manifest. `tools` are already sorted by name.
pub fn manifest(pkg: &Package, cfg: &GtdxConfig, tools: &[ToolOut]) -> Result<Describe, Error> {
    let Required {
        id,
        summary,
        author,
        license,
    } = required(pkg, cfg)?;
    let components = components(pkg, cfg, &id)?;

    let tool_list: Vec<gtdx_contract::Tool> = dispatch_tools(pkg, cfg, tools)
        .into_iter()
        .map(|t| t.tool)
        .collect();
    let permissions = permissions(cfg, &tool_list);

    let mut contributions = cfg.contributions.clone().unwrap_or_default();
    if let Some(node_types) = &cfg.node_types {
        contributions.node_types = node_types.clone();
    }
    contributions.dynamic_tools = dynamic_tools(pkg, cfg, tools)?;
    contributions.tools = tool_list;

    let config_schema = config_schema(pkg, cfg)?;

    Ok(Describe {
        schema: Some(SCHEMA_URL.into()),
        api_version: API_VERSION_V2.into(),
        kind: cfg.kind(pkg)?,
        compat: compat(cfg),
        metadata: Metadata {
            id,
            name: cfg.name.clone().unwrap_or_else(|| pkg.name.clone()),
            version: pkg.version.clone(),
            summary,
            description: cfg.description.clone(),
            author,
            license,
            homepage: pkg.homepage.clone(),
            repository: pkg.repository.clone(),
            keywords: pkg.keywords.clone(),
            icon: cfg.icon.clone(),
            screenshots: cfg.screenshots.clone().unwrap_or_default(),
        },
        engine: None,
        capabilities: cfg.capabilities.clone().unwrap_or_default(),
        runtime: Runtime {
            memory_limit_mb: cfg
                .memory_limit_mb
                .unwrap_or(gtdx_contract::DEFAULT_MEMORY_LIMIT_MB),
            world: None,
            permissions,
            components,
        },
        execution: cfg.execution.clone(),
        contributions,
        localization: cfg.localization.clone(),
        signature: None,
        manifest_sha256: None,
        required_secrets: cfg.required_secrets.clone().unwrap_or_default(),
        config_schema,
        // Only a wasix:mcp/router artifact carries it, and describe refuses that kind.
        secret_requirements: Vec::new(),
        config_fields: cfg.config_fields.clone(),
    })
}

/// The metadata fields a manifest cannot go without.
struct Required {
    id: String,
    summary: LocalizedText,
    author: Author,
    license: String,
}

/// The required metadata, from `[package.metadata.gtdx]` or the Cargo package. Every missing
/// field at once: one run names them all, each with its fix.
fn required(pkg: &Package, cfg: &GtdxConfig) -> Result<Required, Error> {
    let mut missing: Vec<(&str, &str, String)> = Vec::new();
    let id = cfg.id.clone();
    if id.is_none() {
        missing.push((
            if pkg.gtdx.is_null() {
                "no [package.metadata.gtdx] table, so no `id` (reverse-DNS; the store addresses the extension by it)"
            } else {
                "no `id` in [package.metadata.gtdx] (reverse-DNS; the store addresses the extension by it)"
            },
            "[package.metadata.gtdx]",
            format!("id = \"greentic.{}\"", crate::config::kebab(&pkg.name)),
        ));
    }
    let summary = match (&cfg.summary, &pkg.description) {
        (Some(s), _) => Some(s.clone()),
        (None, Some(d)) => Some(LocalizedText::Plain(d.clone())),
        (None, None) => {
            missing.push((
                "no summary: neither package.description nor [package.metadata.gtdx].summary is set",
                "[package]",
                "description = \"One line about what it does\"".into(),
            ));
            None
        }
    };
    let author = match &cfg.author {
        Some(a) => Some(a.clone()),
        None => match pkg.authors.iter().find(|a| !a.trim().is_empty()) {
            Some(a) => Some(parse_author(a)),
            None => {
                missing.push((
                    "no author: neither package.authors nor [package.metadata.gtdx].author is set",
                    "[package]",
                    "authors = [\"Your Name <you@example.com>\"]".into(),
                ));
                None
            }
        },
    };
    let license = cfg.license.clone().or_else(|| pkg.license.clone());
    if license.is_none() {
        missing.push((
            "no license: neither package.license nor [package.metadata.gtdx].license is set",
            "[package]",
            "license = \"Apache-2.0\"   # an SPDX expression".into(),
        ));
    }
    let (Some(id), Some(summary), Some(author), Some(license)) = (id, summary, author, license)
    else {
        return Err(missing_fields(&pkg.manifest_path, &missing));
    };
    Ok(Required {
        id,
        summary,
        author,
        license,
    })
}

/// `compat`: the declared versions, the current ones where none is declared.
fn compat(cfg: &GtdxConfig) -> Compat {
    let compat = cfg.compat.clone().unwrap_or_default();
    Compat {
        min_designer_version: compat
            .min_designer_version
            .unwrap_or_else(|| MIN_DESIGNER_VERSION.into()),
        min_runner_version: compat
            .min_runner_version
            .unwrap_or_else(|| MIN_RUNNER_VERSION.into()),
        contract_version: compat
            .contract_version
            .unwrap_or_else(|| CONTRACT_VERSION.into()),
    }
}

/// Components: this crate's own (digests are placeholders until `gtdx build`), then the rest.
fn components(
    pkg: &Package,
    cfg: &GtdxConfig,
    id: &str,
) -> Result<BTreeMap<String, RuntimeComponent>, Error> {
    let own = cfg.own_component(pkg);
    let mut components = BTreeMap::new();
    let declared = cfg.components.clone().unwrap_or_default();
    let own_decl = declared.get(&own).cloned().unwrap_or_default();
    components.insert(
        own.clone(),
        RuntimeComponent {
            oci_ref: own_decl.oci_ref.clone(),
            gtpack: Some(GtpackRef {
                file: own_decl
                    .file
                    .clone()
                    .unwrap_or_else(|| format!("components/{own}.wasm")),
                sha256: ZERO_SHA256.into(),
                pack_id: own_decl.pack_id.clone().unwrap_or_else(|| id.to_string()),
                component_version: own_decl
                    .component_version
                    .clone()
                    .unwrap_or_else(|| pkg.version.clone()),
            }),
            sha256: ZERO_SHA256.into(),
            world: own_decl.world.clone().unwrap_or_else(|| SDK_WORLD.into()),
        },
    );
    for (key, c) in &declared {
        if *key == own {
            continue;
        }
        let Some(world) = c.world.clone() else {
            return Err(Error::manifest(
                &pkg.manifest_path,
                format!("[package.metadata.gtdx.components.{key}] has no `world`"),
                "name the WIT world the component exports, e.g. world = \"greentic:extension-design/tool-extension@0.3.0\"",
            ));
        };
        let sha = c.sha256.clone().unwrap_or_else(|| ZERO_SHA256.into());
        components.insert(
            key.clone(),
            RuntimeComponent {
                oci_ref: c.oci_ref.clone(),
                gtpack: c.file.clone().map(|file| GtpackRef {
                    file,
                    sha256: sha.clone(),
                    pack_id: c.pack_id.clone().unwrap_or_else(|| id.to_string()),
                    component_version: c
                        .component_version
                        .clone()
                        .unwrap_or_else(|| pkg.version.clone()),
                }),
                sha256: sha,
                world,
            },
        );
    }
    Ok(components)
}

/// The declared permissions, plus a grant for every secret a tool reads. A tool may read only
/// the secrets the permissions grant (E_SECRET_NOT_GRANTED): grant each key the host's way, as
/// `secret://<key>`, unless a declared grant already covers it.
fn permissions(cfg: &GtdxConfig, tool_list: &[gtdx_contract::Tool]) -> Permissions {
    let mut permissions = cfg.permissions.clone().unwrap_or_default();
    for t in tool_list {
        for s in &t.secret_requirements {
            if gtdx_contract::secrets::granting(&permissions.secrets, &s.key).is_none() {
                permissions
                    .secrets
                    .push(gtdx_contract::secrets::secret_uri(&s.key));
            }
        }
    }
    permissions
}

/// `configSchema`: the JSON file `[package.metadata.gtdx].configSchema` names, as compact text.
fn config_schema(pkg: &Package, cfg: &GtdxConfig) -> Result<Option<String>, Error> {
    let Some(rel) = &cfg.config_schema else {
        return Ok(None);
    };
    let bad = |message: String, help: &str| Error::manifest(&pkg.manifest_path, message, help);
    let path = pkg.root.join(rel);
    let text = gtdx_fsx::read_text(&path, gtdx_fsx::limits::PROJECT_FILE).map_err(|e| {
        let e = e.source;
        bad(
            format!("[package.metadata.gtdx].configSchema: cannot read `{rel}`: {e}"),
            "fix the path (relative to the crate root)",
        )
    })?;
    let v: Value = serde_json::from_str(&text).map_err(|e| {
        bad(
            format!("[package.metadata.gtdx].configSchema: `{rel}` is not valid JSON: {e}"),
            "fix the JSON syntax of that file",
        )
    })?;
    Ok(Some(crate::tools::compact(&v)))
}

/// `contributions.dynamicTools` from the `#[tool(discovery)]` and `#[tool(executor = "...")]`
/// functions, with `refresh` and `maxTools` from `[package.metadata.gtdx.dynamicTools]`.
fn dynamic_tools(
    pkg: &Package,
    cfg: &GtdxConfig,
    tools: &[ToolOut],
) -> Result<Option<gtdx_contract::DynamicTools>, Error> {
    use crate::tools::DynamicRole;
    let at = |t: &ToolOut, message: String, help: &str| {
        Error::from(
            crate::error::SourceError {
                file: crate::error::display_path(&t.file),
                line: t.line,
                column: 1,
                message,
                help: None,
            }
            .help(help),
        )
    };
    let discovery: Vec<&ToolOut> = tools
        .iter()
        .filter(|t| t.dynamic == Some(DynamicRole::Discovery))
        .collect();
    let executors: Vec<gtdx_contract::Executor> = tools
        .iter()
        .filter_map(|t| match t.dynamic {
            Some(DynamicRole::Executor(effect)) => Some(gtdx_contract::Executor {
                tool: t.tool.name.clone(),
                effect,
            }),
            _ => None,
        })
        .collect();
    let settings = cfg.dynamic_tools.clone().unwrap_or_default();
    match discovery.as_slice() {
        [] => {
            if let Some(first) = tools
                .iter()
                .find(|t| matches!(t.dynamic, Some(DynamicRole::Executor(_))))
            {
                return Err(at(
                    first,
                    format!(
                        "`{}` is a dynamic-tools executor, but no tool is marked #[tool(discovery)]",
                        first.tool.name
                    ),
                    "mark the tool that lists the connection's descriptors #[tool(discovery, ...)], or remove `executor`",
                ));
            }
            if cfg.dynamic_tools.is_some() {
                return Err(Error::manifest(
                    &pkg.manifest_path,
                    "[package.metadata.gtdx.dynamicTools] sets `refresh`/`maxTools`, but no tool is marked #[tool(discovery)]",
                    "mark the discovery function #[tool(discovery, ...)] and its executors #[tool(executor = \"read|write|delete\", ...)], or delete the table",
                ));
            }
            Ok(None)
        }
        [one] => {
            if executors.is_empty() {
                return Err(at(
                    one,
                    format!(
                        "`{}` is the discovery tool, but no tool is marked #[tool(executor = \"...\")]: its descriptors could dispatch nowhere",
                        one.tool.name
                    ),
                    "mark each tool a derived tool may run #[tool(executor = \"read|write|delete\", ...)]",
                ));
            }
            Ok(Some(gtdx_contract::DynamicTools {
                discovery_tool: one.tool.name.clone(),
                executors,
                refresh: settings.refresh,
                max_tools: settings.max_tools,
            }))
        }
        [first, second, ..] => Err(at(
            second,
            format!(
                "two tools are marked #[tool(discovery)]: `{}` and `{}` (at {}:{}); the platform calls exactly one",
                second.tool.name,
                first.tool.name,
                crate::error::display_path(&first.file).display(),
                first.line
            ),
            "keep `discovery` on one of them",
        )),
    }
}

/// The tools as dispatched: each one's `runtime_ref` names this crate's component once the
/// extension declares more than one (with a single component the runtime picks it).
pub fn dispatch_tools(pkg: &Package, cfg: &GtdxConfig, tools: &[ToolOut]) -> Vec<ToolOut> {
    let own = cfg.own_component(pkg);
    let several = cfg
        .components
        .as_ref()
        .is_some_and(|c| c.keys().any(|k| *k != own));
    let mut out = tools.to_vec();
    if several {
        for t in &mut out {
            if t.tool.runtime_ref.is_none() {
                t.tool.runtime_ref = Some(own.clone());
            }
        }
    }
    out
}

/// One paragraph for every missing field: what is missing, then the lines to add, by table.
fn missing_fields(manifest: &std::path::Path, missing: &[(&str, &str, String)]) -> Error {
    let message = if let [(what, _, _)] = missing {
        format!("the extension has {what}")
    } else {
        let mut m = format!("the extension lacks {} fields:", missing.len());
        for (what, _, _) in missing {
            m.push_str(&format!("\n  - {what}"));
        }
        m
    };
    let mut help = String::new();
    for table in ["[package]", "[package.metadata.gtdx]"] {
        let lines: Vec<&str> = missing
            .iter()
            .filter(|(_, t, _)| *t == table)
            .map(|(_, _, line)| line.as_str())
            .collect();
        if lines.is_empty() {
            continue;
        }
        if !help.is_empty() {
            help.push_str("\n        ");
        }
        help.push_str(&format!("add to {table}:"));
        for line in lines {
            help.push_str(&format!("\n          {line}"));
        }
    }
    Error::manifest(manifest, message, help)
}

/// `Name <email>` → author name and email.
pub fn parse_author(s: &str) -> Author {
    let s = s.trim();
    match (s.find('<'), s.rfind('>')) {
        (Some(open), Some(close)) if open < close => {
            let name = s[..open].trim();
            let email = s[open + 1..close].trim();
            Author {
                name: if name.is_empty() {
                    email.to_string()
                } else {
                    name.to_string()
                },
                email: if email.is_empty() {
                    None
                } else {
                    Some(email.to_string())
                },
                public_key: None,
            }
        }
        _ => Author {
            name: s.to_string(),
            email: None,
            public_key: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authors() {
        let a = parse_author("Ada Lovelace <ada@example.com>");
        assert_eq!(a.name, "Ada Lovelace");
        assert_eq!(a.email.as_deref(), Some("ada@example.com"));
        let b = parse_author("Team Greentic");
        assert_eq!(b.name, "Team Greentic");
        assert_eq!(b.email, None);
    }
}
