//! `gtdx new` / `gtdx init`: turn a request into a v2 extension project that builds, lints clean
//! and passes its tests out of the box.
//!
//! The pipeline, each step its own module:
//! 1. [`options`]: resolve flags, `GTDX_NEW_*` variables, prompts and defaults into validated
//!    [`Options`] (precedence flag > variable > prompt > default; checks in [`validate`]).
//! 2. [`render`]: render the handlebars templates embedded from `templates/` (a base layer plus
//!    the node-type, dynamic-tools and ci-github overlays) into an in-memory [`Project`].
//! 3. [`write`]: put it on disk without ever leaving half a project behind ([`Writer`]).
//! 4. [`workspace`]: join the Cargo workspace the project landed in, as `cargo new` does.
//!
//! [`agents`] says what the guidance for coding assistants holds (AGENTS.md, CLAUDE.md,
//! scripts/check) and which checks it names.
//!
//! [`bundle`] holds the SDK crates this gtdx carries, written into a project whose SDK version
//! crates.io does not have.
//!
//! `describe.json` is not a template: the caller (the `new` operation of `gtdx-ops`) generates
//! it with the describe engine from the files the [`Writer`] has staged, then hands it back with
//! [`Writer::put`].
//! This crate does not depend on the describe engine; the describe engine reads the generated
//! `Cargo.toml` statically (`gtdx_describe::Package::read_static`).

pub mod agents;
pub mod bundle;
pub mod gtdx_source;
pub mod options;
pub mod prompts;
pub mod render;
pub mod sdk;
pub mod validate;
pub mod workspace;
pub mod write;

pub use gtdx_source::GtdxSource;
pub use options::{Ci, Mode, Options, Prompter, Question, Request, Vcs, resolve};
pub use render::{File, Project, render};
pub use sdk::SdkSource;
pub use workspace::{Membership, join_enclosing};
pub use write::{Strategy, Writer};

/// Why a project could not be created. Every variant is the user's to fix (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    /// A flag, variable or answer is not acceptable.
    #[error("{0}")]
    Input(String),
    /// The target directory cannot take the project.
    #[error("{0}")]
    Target(String),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    #[error("{0}")]
    Git(String),
    /// An embedded template is broken (a gtdx bug).
    #[error("internal template error (please report): {0}")]
    Template(String),
}
