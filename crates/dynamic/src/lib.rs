//! Dynamic tools: the platform's six-control admission of the descriptors a discovery tool
//! returns, and the per-connection catalog of admitted tools (`../shared/spec/dynamic-tools.md`).
//!
//! # Entry point
//!
//! ```ignore
//! use gtdx_dynamic::{Context, admit};
//!
//! // What admission checks against: the extension's describe.json, the org it is installed in,
//! // the connection's grant (None: the installed-extension grant, every declared executor),
//! // the server cap, and the real digests of the components (empty: describe.json's).
//! let ctx = Context::from_manifest(&describe, "acme", None, gtdx_dynamic::DEFAULT_SERVER_CAP,
//!     &Default::default())?;
//! // `descriptors` is the discovery tool's output as a serde_json::Value.
//! let report = admit(&descriptors, &ctx)?;   // Err: a failed discovery (error result, not an array)
//! for t in &report.admitted { println!("{} {}", t.agent.id, t.digest); }
//! ```
//!
//! [`admit`] never panics on any JSON value and never fails on a bad descriptor: each one
//! ends up in [`Report::admitted`], [`Report::withheld`] (an admin could expand the grant or
//! the caps) or [`Report::rejected`] (never approvable), with the reason and a JSON pointer.
//! `gtdx dynamic admit` and `gtdx test --discovery` both call it. A result over the caps of
//! [`limits`] (descriptors, JSON values) is a failed discovery: nothing is admitted.
//!
//! # The six controls
//!
//! 1. **structure** ([`admit`]): an object with exactly `key` (non-empty, unique, at most
//!    [`admit::KEY_MAX`] bytes), `name`, `description`, `input` (an object JSON Schema) and
//!    `dispatch` (`tool`, optional `bind` object). Descriptors sharing a key are all rejected.
//! 2. **executor allowlist**: `dispatch.tool` is an authoring slug resolving to exactly one
//!    scoped id `org:<org>:<extension>:<slug>` ([`context::scoped_id`]; `<extension>` is
//!    `metadata.id` verbatim). A slug that is not a declared executor, or whose id is not in
//!    the grant, is withheld; a supplied scoped id other than a declared executor's is rejected,
//!    never rewritten.
//! 3. **authority-binding refusal** ([`authority`], from `gtdx-contract`): any bind path whose key names a
//!    credential, header, URL or connection selector, or whose value looks like a URL, an
//!    authorization value, a JWT, an API key or a long high-entropy string, is rejected.
//! 4. **neutralisation** ([`neutralise`]): names to an allowlist and 64 characters,
//!    descriptions without control, zero-width, bidi characters and markup, at most 1024
//!    characters; each change is reported.
//! 5. **capacity**: at most min(grant maxTools, declared maxTools, server cap) are admitted, in
//!    key (byte) order; the rest are withheld.
//! 6. **identity** ([`admit::digest`]): SHA-256 over the code artifact hash, the executor's
//!    scoped id, the grant id and the RFC 8785 form of the descriptor as discovered.
//!
//! # The catalog
//!
//! [`catalog::Store`] keeps one catalog per connection in a directory, written atomically
//! under a lock file. Only a successful admission syncs it; tools admitted under another
//! artifact or grant are unavailable ([`catalog::Catalog::availability`]).

pub mod admit;
pub mod catalog;
pub mod context;
pub mod error;
pub mod limits;
pub mod neutralise;

/// Control 3's rule (shared with the lint of `configFields`).
pub use gtdx_contract::authority;

pub use admit::{Admitted, AgentTool, Change, Rejected, Report, Withheld, admit};
pub use catalog::{Catalog, Store, SyncDiff};
pub use context::{Context, DEFAULT_SERVER_CAP, Grant};
pub use error::{CatalogError, ContextError, DiscoveryError};
