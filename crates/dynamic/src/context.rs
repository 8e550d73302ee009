//! What admission checks descriptors against: the extension's declared executors, the
//! connection's grant and the caps. Built from a describe.json ([`Context::from_manifest`]).

use std::collections::BTreeMap;

use gtdx_contract::{Describe, ExecutorEffect};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ContextError;

/// The platform's `MAX_DERIVED_TOOLS_PER_CONNECTION`, the server cap when none is given.
pub const DEFAULT_SERVER_CAP: u32 = 50;

/// One executor the extension declares, resolved to its scoped id.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutorInfo {
    /// The authoring slug (the tool's `name`), as in `dispatch.tool`.
    pub slug: String,
    /// `org:<org>:<extension>:<slug>`.
    pub scoped_id: String,
    pub effect: ExecutorEffect,
    /// The executor tool's input schema (parsed), `{"type":"object"}` when it declares none.
    pub input_schema: Value,
    /// SHA-256 (lowercase hex) of the code artifact (component) that runs this executor.
    pub artifact_sha256: String,
}

/// The connection's exact-id grant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Grant {
    /// The grant's id (part of every admitted tool's digest; never shown to the agent).
    pub id: String,
    /// The exact scoped executor ids granted (`org:<org>:<extension>:<slug>`).
    pub executors: Vec<String>,
    /// Cap on admitted tools set by this grant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tools: Option<u32>,
}

/// Everything one admission run checks against.
#[derive(Debug, Clone)]
pub struct Context {
    pub org: String,
    /// `metadata.id` of the extension, verbatim (see [`extension_segment`]).
    pub extension: String,
    /// `metadata.version`, for the report.
    pub version: String,
    /// The declared executors, by slug.
    pub executors: BTreeMap<String, ExecutorInfo>,
    /// Every tool name of the extension (a slug naming one that is not an executor is withheld).
    pub tools: Vec<String>,
    /// `dynamicTools.maxTools`.
    pub declared_max_tools: Option<u32>,
    pub grant: Grant,
    /// `MAX_DERIVED_TOOLS_PER_CONNECTION`.
    pub server_cap: u32,
    /// The code artifact hash the catalog is keyed on (the component of the first executor,
    /// or of the extension's only component).
    pub artifact_sha256: String,
}

/// The `<extension>` segment of a scoped id: `metadata.id` verbatim (`greentic.crm` gives
/// `org:acme:greentic.crm:create_record`). The id's pattern (`[a-z][a-z0-9.-]*`) has no `:`,
/// so the scoped id splits back unambiguously into its four parts.
pub fn extension_segment(metadata_id: &str) -> String {
    metadata_id.to_string()
}

/// `org:<org>:<extension>:<slug>`.
pub fn scoped_id(org: &str, extension: &str, slug: &str) -> String {
    format!("org:{org}:{extension}:{slug}")
}

/// Whether `org` is a usable organisation id: 1 to 64 of `a-z0-9-_`.
pub fn valid_org(org: &str) -> bool {
    !org.is_empty()
        && org.len() <= 64
        && org
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

impl Context {
    /// The context for `describe` installed in `org`. `grant` is the connection's grant; `None`
    /// gives the installed-extension grant (every declared executor, delete included, no
    /// `maxTools`). `artifacts` maps component keys to the SHA-256 of their bytes (from a
    /// pack); components not in it use the digest describe.json records.
    pub fn from_manifest(
        describe: &Describe,
        org: &str,
        grant: Option<Grant>,
        server_cap: u32,
        artifacts: &BTreeMap<String, String>,
    ) -> Result<Context, ContextError> {
        if !valid_org(org) {
            return Err(ContextError::Org(org.to_string()));
        }
        let Some(dt) = &describe.contributions.dynamic_tools else {
            return Err(ContextError::NoDynamicTools);
        };
        let extension = extension_segment(&describe.metadata.id);
        let components = &describe.runtime.components;
        let artifact_of = |runtime_ref: Option<&String>| -> String {
            let key = runtime_ref
                .cloned()
                .or_else(|| components.keys().next().cloned());
            match key {
                Some(k) => artifacts
                    .get(&k)
                    .cloned()
                    .or_else(|| components.get(&k).map(|c| c.sha256.clone()))
                    .unwrap_or_default(),
                None => String::new(),
            }
        };
        let tools = describe.contributions.tools();
        let mut executors = BTreeMap::new();
        for e in &dt.executors {
            let matching: Vec<_> = tools.iter().filter(|t| t.name == e.tool).collect();
            let tool = match matching.as_slice() {
                [one] => *one,
                [] => return Err(ContextError::UnknownExecutor(e.tool.clone())),
                _ => return Err(ContextError::AmbiguousExecutor(e.tool.clone())),
            };
            let input_schema = match &tool.input_schema {
                Some(s) => serde_json::from_str(s).map_err(|err| ContextError::ExecutorSchema {
                    tool: e.tool.clone(),
                    message: err.to_string(),
                })?,
                None => serde_json::json!({"type": "object"}),
            };
            executors.insert(
                e.tool.clone(),
                ExecutorInfo {
                    slug: e.tool.clone(),
                    scoped_id: scoped_id(org, &extension, &e.tool),
                    effect: e.effect,
                    input_schema,
                    artifact_sha256: artifact_of(tool.runtime_ref.as_ref()),
                },
            );
        }
        let artifact_sha256 = executors
            .values()
            .next()
            .map(|e| e.artifact_sha256.clone())
            .unwrap_or_else(|| artifact_of(None));
        let grant = match grant {
            Some(g) => {
                if g.id.is_empty() || g.id.chars().any(char::is_control) {
                    return Err(ContextError::GrantId);
                }
                g
            }
            None => installed_grant(org, &extension, &describe.metadata.version, &executors),
        };
        Ok(Context {
            org: org.to_string(),
            extension,
            version: describe.metadata.version.clone(),
            executors,
            tools: tools.iter().map(|t| t.name.clone()).collect(),
            declared_max_tools: dt.max_tools,
            grant,
            server_cap,
            artifact_sha256,
        })
    }

    /// min(grant maxTools, declared maxTools, server cap), and which of the three it is.
    pub fn capacity(&self) -> (u32, &'static str) {
        let mut best = (self.server_cap, "the server cap (--max-derived-tools)");
        if let Some(m) = self.declared_max_tools
            && m < best.0
        {
            best = (m, "the declared dynamicTools.maxTools");
        }
        if let Some(m) = self.grant.max_tools
            && m < best.0
        {
            best = (m, "the grant's maxTools");
        }
        best
    }

    /// The executor a scoped id names, when it is one of this extension's in this org.
    pub fn executor_by_scoped_id(&self, id: &str) -> Option<&ExecutorInfo> {
        self.executors.values().find(|e| e.scoped_id == id)
    }
}

/// The grant an explicitly installed extension gets: every declared executor's exact id.
pub fn installed_grant(
    org: &str,
    extension: &str,
    version: &str,
    executors: &BTreeMap<String, ExecutorInfo>,
) -> Grant {
    Grant {
        id: format!("installed:org:{org}:{extension}@{version}"),
        executors: executors.values().map(|e| e.scoped_id.clone()).collect(),
        max_tools: None,
    }
}
