//! `gtdx worker inspect`: what an agent built from a manifest will see, and what an operator must
//! supply.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use gtdx_contract::text::{Untrusted, join_untrusted};
use gtdx_contract::{Cost, SideEffects};
use serde::Serialize;

use crate::manifest::{MetadataOrigin, WorkerManifest};
use crate::spec::{Limits, WorkerKind};

/// Why a manifest could not be inspected.
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error(transparent)]
    Io(#[from] gtdx_fsx::FsError),
    #[error("cannot read the trusted keys: {0}")]
    Trust(String),
    #[error("{}:{line}:{column}: not a worker manifest: {message}; build one with `gtdx worker build`", path.display())]
    Invalid {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

/// The state of the manifest's own signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum ManifestSignature {
    /// No `signature` block.
    Unsigned,
    /// The signature verifies.
    Valid {
        key_id: String,
        public_key: String,
        trusted: Option<bool>,
    },
    /// The signature does not verify.
    Invalid { reason: String },
}

/// A tool as the agent sees it.
#[derive(Debug, Clone, Serialize)]
pub struct AgentTool {
    pub tool_name: String,
    pub extension_id: String,
    pub extension_version: String,
    pub description: Option<String>,
    pub side_effects: SideEffects,
    pub confirmation_required: bool,
    pub cost: Cost,
    pub metadata_source: MetadataOrigin,
    pub usage_note: Option<String>,
    pub secrets: Vec<String>,
}

/// A secret an operator must supply.
#[derive(Debug, Clone, Serialize)]
pub struct OperatorSecret {
    pub key: String,
    pub required: bool,
    /// `llm` for the model credential, else the tools that use it as `extension_id/tool_name`.
    pub used_by: Vec<String>,
}

/// A pinned pack.
#[derive(Debug, Clone, Serialize)]
pub struct PinnedPack {
    pub extension_id: String,
    pub extension_version: String,
    pub pack: String,
    pub sha256: String,
    pub signed: bool,
    pub trusted: bool,
    pub signer_key_id: Option<String>,
    pub tools_kept: usize,
}

/// The summary `gtdx worker inspect` prints.
#[derive(Debug, Clone, Serialize)]
pub struct Inspection {
    pub manifest: String,
    pub name: String,
    pub tenant: String,
    pub kind: WorkerKind,
    pub llm: String,
    pub limits: Limits,
    pub tools: Vec<AgentTool>,
    pub secrets: Vec<OperatorSecret>,
    pub packs: Vec<PinnedPack>,
    pub signature: ManifestSignature,
}

/// Reads a manifest strictly (unknown keys rejected).
pub fn read_manifest(path: &Path) -> Result<(WorkerManifest, serde_json::Value), InspectError> {
    let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::WORKER_MANIFEST)?;
    let invalid = |e: serde_json::Error| InspectError::Invalid {
        path: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        message: strip_location(&e.to_string()),
    };
    // Strictly: a duplicate key, or a number RFC 8785 would change, is refused before the
    // signature is looked at (two readers must not see two different signed documents).
    let value: serde_json::Value =
        gtdx_sign::json::parse_strict(&bytes).map_err(|e| InspectError::Invalid {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: e.message().to_string(),
        })?;
    let manifest: WorkerManifest = serde_json::from_value(value.clone()).map_err(|e| {
        // from_value has no positions; re-parse the text to get one.
        match serde_json::from_slice::<WorkerManifest>(&bytes) {
            Err(e2) => invalid(e2),
            Ok(_) => invalid(e),
        }
    })?;
    Ok((manifest, value))
}

fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

impl Inspection {
    /// Summarizes a manifest; `signature` is what verification concluded.
    pub fn new(path: &Path, m: &WorkerManifest, signature: ManifestSignature) -> Self {
        let tools = m
            .extension_tools
            .iter()
            .map(|b| AgentTool {
                tool_name: b.tool_name.clone(),
                extension_id: b.extension_id.clone(),
                extension_version: b.extension_version.clone(),
                description: b.description.clone(),
                side_effects: b.agentic_worker_metadata.side_effects,
                confirmation_required: b.agentic_worker_metadata.confirmation_required,
                cost: b.agentic_worker_metadata.cost,
                metadata_source: b.metadata_source,
                usage_note: b.usage_note.clone(),
                secrets: b
                    .secret_requirements
                    .iter()
                    .map(|s| s.key.clone())
                    .collect(),
            })
            .collect();
        let mut secrets: Vec<OperatorSecret> = Vec::new();
        if let Some(cred) = &m.llm.credential_ref {
            secrets.push(OperatorSecret {
                key: cred.clone(),
                required: true,
                used_by: vec!["llm".into()],
            });
        }
        for s in &m.secret_requirements {
            let used_by = s
                .used_by
                .iter()
                .map(|k| format!("{}/{}", k.extension_id, k.tool_name));
            match secrets.iter_mut().find(|o| o.key == s.key) {
                Some(o) => {
                    o.required |= s.required;
                    o.used_by.extend(used_by);
                }
                None => secrets.push(OperatorSecret {
                    key: s.key.clone(),
                    required: s.required,
                    used_by: used_by.collect(),
                }),
            }
        }
        let packs = m
            .extensions
            .iter()
            .map(|e| PinnedPack {
                extension_id: e.extension_id.clone(),
                extension_version: e.extension_version.clone(),
                pack: e.pack.clone(),
                sha256: e.sha256.clone(),
                signed: e.signed,
                trusted: e.trusted,
                signer_key_id: e.signer_key_id.clone(),
                tools_kept: e.tools_kept,
            })
            .collect();
        Inspection {
            manifest: path.display().to_string(),
            name: m.name.clone(),
            tenant: m.tenant.clone(),
            kind: m.kind,
            llm: format!("{}/{}", m.llm.provider, m.llm.model),
            limits: m.limits,
            tools,
            secrets,
            packs,
            signature,
        }
    }

    /// The human form. Names, descriptions and keys come from the spec and the packs, so each
    /// is shown [`Untrusted`] (a control or bidi character escaped, never obeyed).
    pub fn render_human(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "worker {} (tenant {}, {})",
            Untrusted(&self.name),
            Untrusted(&self.tenant),
            self.kind.as_str()
        );
        let _ = writeln!(
            s,
            "llm {}; limits: max_iter {}, timeout {} s, max_history_turns {}",
            Untrusted(&self.llm),
            self.limits.max_iter,
            self.limits.timeout_seconds,
            self.limits.max_history_turns
        );
        let _ = writeln!(s, "\ntools the agent sees ({}):", self.tools.len());
        if self.tools.is_empty() {
            let _ = writeln!(s, "  (none)");
        }
        for t in &self.tools {
            let confirm = if t.confirmation_required {
                "asks for confirmation"
            } else {
                "no confirmation"
            };
            let origin = match t.metadata_source {
                MetadataOrigin::Declared => "",
                MetadataOrigin::Defaults => " [defaults: no metadata declared]",
                MetadataOrigin::DefaultsInvalidDropped => " [defaults: invalid metadata dropped]",
            };
            let _ = writeln!(
                s,
                "  {}  ({} {})  side effects: {}, {}, cost {}{}",
                Untrusted(&t.tool_name),
                Untrusted(&t.extension_id),
                Untrusted(&t.extension_version),
                t.side_effects,
                confirm,
                t.cost,
                origin
            );
            if let Some(d) = &t.description {
                let _ = writeln!(s, "      {}", Untrusted(d));
            }
            if let Some(n) = &t.usage_note {
                let _ = writeln!(s, "      use: {}", Untrusted(n));
            }
        }
        let _ = writeln!(
            s,
            "\nsecrets an operator must supply ({}):",
            self.secrets.len()
        );
        if self.secrets.is_empty() {
            let _ = writeln!(s, "  (none)");
        }
        for sec in &self.secrets {
            let _ = writeln!(
                s,
                "  {}  {}  used by {}",
                Untrusted(&sec.key),
                if sec.required { "required" } else { "optional" },
                join_untrusted(&sec.used_by, ", ")
            );
        }
        let _ = writeln!(s, "\npinned packs ({}):", self.packs.len());
        for p in &self.packs {
            let trust = match (p.signed, p.trusted, &p.signer_key_id) {
                (true, true, Some(k)) => format!("signed by {} (trusted)", Untrusted(k)),
                (true, false, Some(k)) => format!("signed by {} (NOT trusted)", Untrusted(k)),
                _ => "UNSIGNED".to_string(),
            };
            let _ = writeln!(
                s,
                "  {} {}  {}  sha256 {}  {}  {}",
                Untrusted(&p.extension_id),
                Untrusted(&p.extension_version),
                Untrusted(&p.pack),
                Untrusted(&p.sha256),
                trust,
                gtdx_contract::text::count(p.tools_kept, "tool", "tools")
            );
        }
        let sig = match &self.signature {
            ManifestSignature::Unsigned => "manifest signature: none".to_string(),
            ManifestSignature::Valid {
                key_id,
                public_key,
                trusted,
            } => match trusted {
                Some(true) => format!("manifest signature: valid, by {key_id} (trusted)"),
                Some(false) => format!("manifest signature: valid, by {key_id} (NOT trusted)"),
                // As `gtdx verify` says it: a signature anyone can make proves nothing yet.
                None => format!(
                    "manifest signature: valid, by {key_id}; signer not checked: no trusted keys were given (pass --trusted-key {public_key})"
                ),
            },
            ManifestSignature::Invalid { reason } => {
                format!("manifest signature: INVALID: {}", Untrusted(reason))
            }
        };
        let _ = writeln!(s, "\n{sig}");
        s
    }
}
