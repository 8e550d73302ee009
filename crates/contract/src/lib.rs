//! The `describe.json` v2 contract: the one vocabulary every gtdx command shares.
//!
//! * [`manifest`] holds the typed serde model of a v2 manifest. Every struct rejects unknown
//!   fields (the platform does), and serialization is field-ordered so parse → serialize is
//!   stable.
//! * [`metadata`] holds `agentic_worker_metadata` and the runtime's conservative defaults.
//! * [`schema`] generates our JSON Schema for the manifest from these types.
//! * [`source`] maps JSON pointers back to `line:column` in the file a user wrote.
//! * [`diagnostic`] is the shape every checker reports in.
//! * [`codes`] declares every diagnostic code once (severity, area, summary, explanation).
//! * The rules two crates share, each written once: [`invariants`] (what the platform's loader
//!   checks beyond the JSON's shape), [`names`], [`paths`] (entries of a pack), [`secrets`]
//!   (keys and read grants), [`authority`] (what names or carries a credential), [`home`] (the
//!   Greentic home's layout), [`lines`] (offsets to `line:column`), [`suggest`] ("did you
//!   mean"), [`text`] (a number with its noun; text from a pack or a registry made inert for a
//!   terminal), [`urls`] (a URL shown without its user name or password), [`par`] (work spread
//!   over the cores), [`either_or`] (a `oneOf` of required groups, explained to the value
//!   that breaks it), [`prompt`] (a question asked on a terminal: the asking loop `gtdx new`
//!   and `gtdx publish --wizard` share).
//! * [`json`] is the one loader of describe.json (and other JSON a user wrote): bounded read,
//!   parse, positions for diagnostics.
//!
//! Its I/O is reading, never writing: [`json`] reads the file it is named through gtdx-fsx's
//! bounded reader, and [`home`] reads `GREENTIC_HOME`/`HOME` and lists the installed
//! extensions' directories; everything else works on what the caller hands it ([`par`] only
//! spreads that work over threads).

pub mod authority;
pub mod codes;
pub mod diagnostic;
pub mod either_or;
pub mod home;
pub mod invariants;
pub mod json;
pub mod lines;
pub mod manifest;
pub mod metadata;
pub mod names;
pub mod par;
pub mod paths;
pub mod prompt;
/// The JSON Schema of the model (`schemas/describe-v2.json`, the lint's validation): only with
/// the `schema` feature, so a build script that reads the model does not compile schemars.
#[cfg(feature = "schema")]
pub mod schema;
pub mod secrets;
pub mod source;
pub mod suggest;
pub mod text;
pub mod urls;

pub use codes::Code;
pub use diagnostic::{Diagnostic, Severity};
pub use manifest::*;
pub use metadata::{
    AgenticWorkerMetadata, Cost, MetadataBlob, ResolvedMetadata, SideEffects, ToolExample,
};

/// The version of the platform's contract crate (`greentic-extension-sdk-contract`) whose
/// typed model, invariants and normalisation this crate follows.
pub const PLATFORM_CONTRACT_VERSION: &str = "1.2.25";
/// The only `apiVersion` this contract describes.
pub const API_VERSION_V2: &str = "greentic.ai/v2";
/// The legacy contract, whose tools come from the WIT `list-tools` export.
pub const API_VERSION_V1: &str = "greentic.ai/v1";
/// The `$schema` value the platform linter requires (`E_SCHEMA_HOST`).
pub const SCHEMA_URL: &str = "https://store.greentic.cloud/schemas/describe-v2.json";
/// The two surfaces a tool can be offered on.
pub const CAPABILITY_AGENTIC_WORKER: &str = "agentic_worker";
pub const CAPABILITY_FLOW: &str = "flow";
/// What consumers assume when a tool declares no capabilities.
pub const DEFAULT_CAPABILITIES: &[&str] = &[CAPABILITY_FLOW];
/// The export every tool of an extension built with the gtdx SDK dispatches through.
pub const TOOLS_INVOKE_EXPORT: &str = "greentic:extension-design/tools.invoke-tool";
/// The WIT interface (with version) that export lives in.
pub const TOOLS_INTERFACE: &str = "greentic:extension-design/tools@0.3.0";
/// Contract version gtdx authors manifests against.
pub const CONTRACT_VERSION: &str = "0.3.0";
/// The lowest designer that understands a v2 describe.
pub const MIN_DESIGNER_VERSION: &str = ">=1.2.0";
/// The runner floor gtdx writes when the author gives none (a semver requirement).
pub const MIN_RUNNER_VERSION: &str = "^1.2.0";
/// The view mount points the hosts are known to define (the published schema names these).
/// Slots are free strings because the hosts' navigation changes while a signed describe is
/// immutable, so an unknown slot is a warning (`W_VIEW_SLOT_UNKNOWN`), never an error.
pub const KNOWN_VIEW_SLOTS: &[&str] = &["designer.sidebar", "admin.sidebar", "admin.tenantDetail"];
/// The WIT world an extension built with the gtdx SDK exports (`runtime.components.*.world`).
pub const SDK_WORLD: &str = "greentic:extension-design/tool-extension@0.3.0";
