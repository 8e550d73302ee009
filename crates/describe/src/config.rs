//! `[package.metadata.gtdx]`: every describe.json field that is not a tool.
//!
//! Keys are spelled as in describe.json (so `requiredSecrets`, `nodeTypes`, `dynamicTools`,
//! `configFields`, `memoryLimitMB` in camelCase; `compat.min_designer_version` in snake_case),
//! and every value has the describe.json shape, checked by the same typed model. The few keys
//! of our own: `component` (the key of this crate's component), `components` (declared
//! components, with a flat shape) and `configSchema` (a path to a JSON Schema file).
//!
//! ```toml
//! [package.metadata.gtdx]
//! id = "greentic.weather"          # required
//! kind = "design"                  # design (default) | bundle | deploy | provider
//! name = "Weather"                 # default: the package name
//! summary = "Weather lookups"      # default: package.description
//! permissions = { network = ["https://api.weather.example/*"] }
//! requiredSecrets = [{ key = "weather/api_key", required = true }]
//!
//! [package.metadata.gtdx.compat]
//! min_runner_version = "^1.3.0"
//!
//! [[package.metadata.gtdx.nodeTypes]]
//! type_id = "weather.lookup"
//! label = "Weather lookup"
//! category = "data"
//! ```

use std::collections::BTreeMap;

use gtdx_contract::{
    Author, Capabilities, ConfigField, Contributions, ExtensionKind, Localization, LocalizedText,
    NodeType, Permissions, Refresh, RequiredSecret,
};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::package::Package;

/// The parsed `[package.metadata.gtdx]` table.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GtdxConfig {
    /// Reverse-DNS extension id (`greentic.<name>`).
    pub id: Option<String>,
    /// `design`, `bundle`, `deploy`, `provider`, or the describe.json spelling
    /// (`DesignExtension`, ...).
    pub kind: Option<String>,
    pub name: Option<String>,
    pub summary: Option<LocalizedText>,
    pub description: Option<LocalizedText>,
    /// Overrides `package.authors`.
    pub author: Option<Author>,
    /// Overrides `package.license` (for packages that only have `license-file`).
    pub license: Option<String>,
    pub icon: Option<String>,
    pub screenshots: Option<Vec<String>>,
    pub compat: Option<CompatConfig>,
    pub capabilities: Option<Capabilities>,
    pub permissions: Option<Permissions>,
    #[serde(rename = "memoryLimitMB")]
    pub memory_limit_mb: Option<u32>,
    #[serde(rename = "requiredSecrets")]
    pub required_secrets: Option<Vec<RequiredSecret>>,
    #[serde(rename = "configFields")]
    pub config_fields: Option<Vec<ConfigField>>,
    /// Path (relative to the crate root) of the extension's configuration JSON Schema.
    #[serde(rename = "configSchema")]
    pub config_schema: Option<String>,
    /// Key of this crate's component in `runtime.components` (default: the package name in
    /// kebab-case).
    pub component: Option<String>,
    /// Component declarations, keyed by component id.
    pub components: Option<BTreeMap<String, ComponentConfig>>,
    #[serde(rename = "nodeTypes")]
    pub node_types: Option<Vec<NodeType>>,
    /// The settings of `contributions.dynamicTools`; the discovery tool and the executors are
    /// declared on the functions (`#[tool(discovery)]`, `#[tool(executor = "...")]`).
    #[serde(rename = "dynamicTools")]
    pub dynamic_tools: Option<DynamicToolsSettings>,
    /// Every other contribution (views, guardrails, knowledge, prompts, schemas, recipes,
    /// dwProviders, connection_test), in the describe.json shape. Not `tools`.
    pub contributions: Option<Contributions>,
    pub localization: Option<Localization>,
    pub execution: Option<Map<String, Value>>,
}

/// `[package.metadata.gtdx.dynamicTools]`: only what is not a property of one function.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DynamicToolsSettings {
    /// `refresh = { ttlSeconds = 3600 }`: the staleness threshold.
    pub refresh: Option<Refresh>,
    /// Cap on admitted derived tools (the server cap always applies too).
    pub max_tools: Option<u32>,
}

/// Overrides of the `compat` defaults.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompatConfig {
    pub min_designer_version: Option<String>,
    pub min_runner_version: Option<String>,
    pub contract_version: Option<String>,
}

/// One component. For this crate's own component every key is optional: `world` defaults to
/// the SDK's world and `file` to `components/<key>.wasm`, and its digests are always the
/// all-zero placeholder (`gtdx build` fills them in). A prebuilt component declares its
/// `world`, its `sha256`, and `oci_ref` and/or `file`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentConfig {
    pub world: Option<String>,
    pub oci_ref: Option<String>,
    /// Pack-relative path of the component file (becomes `gtpack.file`).
    pub file: Option<String>,
    /// Digest of a prebuilt component (ignored for this crate's own component).
    pub sha256: Option<String>,
    pub pack_id: Option<String>,
    pub component_version: Option<String>,
}

/// The form before annotations (`discoveryTool` and `executors` in Cargo.toml) is refused with
/// the annotations that replace it, named per function.
fn legacy_dynamic_tools(pkg: &Package) -> Result<(), Error> {
    let top = pkg.gtdx.get("dynamicTools");
    let nested = pkg
        .gtdx
        .get("contributions")
        .and_then(|c| c.get("dynamicTools"));
    let (table, place) = match (top, nested) {
        (_, Some(t)) => (t, "[package.metadata.gtdx.contributions.dynamicTools]"),
        (Some(t), None) => (t, "[package.metadata.gtdx.dynamicTools]"),
        (None, None) => return Ok(()),
    };
    let discovery = table.get("discoveryTool");
    let executors = table.get("executors");
    if discovery.is_none() && executors.is_none() && nested.is_none() {
        return Ok(());
    }
    let mut fixes = Vec::new();
    if let Some(name) = discovery.and_then(Value::as_str) {
        fixes.push(format!("#[tool(discovery, ...)] on `fn {name}`"));
    }
    for e in executors.and_then(Value::as_array).into_iter().flatten() {
        let tool = e
            .get("tool")
            .and_then(Value::as_str)
            .unwrap_or("<executor>");
        let effect = e.get("effect").and_then(Value::as_str).unwrap_or("write");
        fixes.push(format!(
            "#[tool(executor = \"{effect}\", ...)] on `fn {tool}`"
        ));
    }
    if fixes.is_empty() {
        fixes.push(
            "#[tool(discovery, ...)] on the discovery function and #[tool(executor = \"read|write|delete\", ...)] on each executor".into(),
        );
    }
    Err(Error::manifest(
        &pkg.manifest_path,
        format!(
            "{place} declares the discovery tool and executors; they are now declared on the #[tool] functions themselves, so that renaming a function cannot leave a stale declaration behind"
        ),
        format!(
            "delete `discoveryTool` and `executors` there and write {}; keep only `refresh` and `maxTools`, in [package.metadata.gtdx.dynamicTools]",
            fixes.join(", ")
        ),
    ))
}

impl GtdxConfig {
    /// Parses the table, naming the offending key on error.
    pub fn from_package(pkg: &Package) -> Result<Self, Error> {
        // No table: every field it must hold (the id) is reported as missing by the assembly,
        // together with the missing package fields, in one paragraph.
        if pkg.gtdx.is_null() {
            return Ok(GtdxConfig::default());
        }
        legacy_dynamic_tools(pkg)?;
        let cfg: GtdxConfig = serde_path_to_error::deserialize(&pkg.gtdx).map_err(|e| {
            let at = e.path().to_string();
            let place = if at == "." || at.is_empty() { String::new() } else { format!(".{at}") };
            Error::manifest(
                &pkg.manifest_path,
                format!("[package.metadata.gtdx]{place}: {}", e.inner()),
                "fix the key (keys and values are spelled as in describe.json; see docs/authoring.md)",
            )
        })?;
        if cfg
            .contributions
            .as_ref()
            .is_some_and(|c| !c.tools.is_empty())
        {
            return Err(Error::manifest(
                &pkg.manifest_path,
                "[package.metadata.gtdx.contributions] declares `tools`, but tools come only from #[tool] functions",
                "delete `tools` there and annotate the Rust functions with #[tool(...)]",
            ));
        }
        let dup = |what: &str| {
            Error::manifest(
                &pkg.manifest_path,
                format!(
                    "`{what}` is given both at the top of [package.metadata.gtdx] and in its `contributions`"
                ),
                format!("keep one: `{what}` directly under [package.metadata.gtdx]"),
            )
        };
        if let Some(c) = &cfg.contributions
            && !c.node_types.is_empty()
            && cfg.node_types.is_some()
        {
            return Err(dup("nodeTypes"));
        }
        Ok(cfg)
    }

    /// The extension kind (default: `DesignExtension`).
    pub fn kind(&self, pkg: &Package) -> Result<ExtensionKind, Error> {
        match &self.kind {
            None => Ok(ExtensionKind::DesignExtension),
            Some(k) => match ExtensionKind::parse(k) {
                // An addon component implements `greentic:extension-addon`, not the tools
                // world the SDK builds, so describe cannot write its manifest.
                Some(ExtensionKind::AddonExtension) => Err(Error::manifest(
                    &pkg.manifest_path,
                    format!(
                        "[package.metadata.gtdx].kind = \"{k}\": an AddonExtension implements the greentic:extension-addon world, which the gtdx SDK does not build"
                    ),
                    "use one of design, bundle, deploy, provider; for an addon, write describe.json by hand and pack its component with `gtdx pack`",
                )),
                // A router exports wasix:mcp/router and lists its tools at run time; the SDK
                // builds neither.
                Some(ExtensionKind::WasixMcpRouter) => Err(Error::manifest(
                    &pkg.manifest_path,
                    format!(
                        "[package.metadata.gtdx].kind = \"{k}\": a wasix:mcp/router component exports the MCP router interface, which the gtdx SDK does not build"
                    ),
                    "use one of design, bundle, deploy, provider; for an MCP router, write describe.json by hand and pack its component with `gtdx pack`",
                )),
                Some(kind) => Ok(kind),
                None => Err(Error::manifest(
                    &pkg.manifest_path,
                    format!("[package.metadata.gtdx].kind = \"{k}\" is not an extension kind"),
                    "use one of design, bundle, deploy, provider",
                )),
            },
        }
    }

    /// The key of this crate's component.
    pub fn own_component(&self, pkg: &Package) -> String {
        self.component.clone().unwrap_or_else(|| kebab(&pkg.name))
    }
}

/// `my_ext` → `my-ext`: the default component key.
pub fn kebab(name: &str) -> String {
    name.to_ascii_lowercase().replace('_', "-")
}
