//! `gtdx build`, `gtdx pack` and `gtdx inspect`: from an extension's sources to a checked,
//! reproducible `.gtxpack`, and back to what is inside one.
//!
//! * [`cargo`] finds the package with `cargo metadata` and drives `cargo build --target
//!   wasm32-wasip2`, turning cargo's JSON messages into progress [`event`]s.
//! * [`component`] reads the built file with wasmparser/wit-parser: it must be a component
//!   (not a core module), and its WIT exports and imports are listed.
//! * [`check`] compares the component with describe.json: every tool's `export` must be a
//!   function the component exports, and `runtime.components.<id>.world` must agree.
//! * [`assemble`] writes the component's SHA-256 into describe.json and packs the component
//!   and the declared assets with `gtdx-pack`.
//! * [`inspect`] reports on a pack or a bare component.
//! * [`registry`] asks cargo whether crates.io has a crate version (which SDK `gtdx new` uses).
//!
//! Regenerating describe.json (the describe engine) is the caller's first step; this crate
//! never calls it, so `gtdx-build` depends on the contract and the pack format only.

pub mod assemble;
pub mod bench;
pub mod cargo;
pub mod check;
pub mod component;
pub mod event;
pub mod inspect;
pub mod registry;

use std::path::PathBuf;

use gtdx_contract::Diagnostic;

pub use assemble::{PackInput, Packed, pack};
pub use cargo::{CompileOptions, Compiled, Profile, Project, TARGET, compile};
pub use check::KnownWorlds;
pub use component::{ComponentInfo, WasmError, analyze};
pub use event::{Event, Progress, Silent};

/// Why a build, a pack or an inspection stopped. Each message is one paragraph naming the file
/// and the fix.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("cannot read the cargo package{}: {message}", manifest.as_ref().map(|m| format!(" at {}", m.display())).unwrap_or_default())]
    Metadata {
        manifest: Option<PathBuf>,
        message: String,
    },
    #[error(
        "{} is a virtual workspace manifest: pass the extension package's own Cargo.toml with \
         --manifest-path",
        .0.display()
    )]
    VirtualManifest(PathBuf),
    #[error(
        "the {target} target is not installed for the Rust toolchain in use: run `rustup target \
         add {target}` and build again",
        target = cargo::TARGET
    )]
    MissingTarget,
    #[error("cannot run cargo: {0}")]
    Spawn(std::io::Error),
    #[error(
        "cargo build failed for package `{package}` (the compiler's messages are above); no pack \
         was written"
    )]
    CargoFailed { package: String },
    #[error(
        "cargo built package `{package}` but reported no .wasm for it: an extension is a library \
         with `[lib] crate-type = [\"cdylib\"]` in its Cargo.toml"
    )]
    NoArtifact { package: String },
    /// The message includes the reason, so it is not also a `source` (which printers append).
    #[error("{}: {reason}", path.display())]
    Wasm { path: PathBuf, reason: WasmError },
    /// describe.json does not load (`file:line:column`, as every command says it).
    #[error(transparent)]
    Manifest(#[from] gtdx_contract::json::ManifestError),
    #[error("{}", summary(.component, .describe, .diagnostics))]
    Check {
        component: PathBuf,
        describe: PathBuf,
        diagnostics: Vec<Diagnostic>,
    },
    #[error("cannot write the pack {}: {reason}", path.display())]
    PackWrite {
        path: PathBuf,
        reason: gtdx_pack::write::WriteError,
    },
    #[error("{}: {message}", path.display())]
    PackRead { path: PathBuf, message: String },
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
}

fn summary(
    component: &std::path::Path,
    describe: &std::path::Path,
    diags: &[Diagnostic],
) -> String {
    let mut s = check_headline(component, describe, diags);
    s.push(':');
    for d in diags {
        s.push_str("\n  ");
        s.push_str(&d.render_human().replace('\n', "\n  "));
    }
    s
}

/// The first sentence of a failed component check, without its list of findings.
fn check_headline(
    component: &std::path::Path,
    describe: &std::path::Path,
    diags: &[Diagnostic],
) -> String {
    let n = diags
        .iter()
        .filter(|d| d.severity == gtdx_contract::Severity::Error)
        .count();
    let what = gtdx_contract::text::count(n, "problem", "problems");
    format!(
        "{} cannot be packed with {} ({what}); no pack was written",
        component.display(),
        describe.display()
    )
}

impl BuildError {
    /// The error in one sentence for a reader who is shown its findings separately (the CLI
    /// renders each with its source line): a failed check without its list; any other error
    /// as displayed.
    pub fn headline(&self) -> String {
        match self {
            BuildError::Check {
                component,
                describe,
                diagnostics,
            } => check_headline(component, describe, diagnostics),
            other => other.to_string(),
        }
    }
}
