//! `gtdx inspect`: what a `.gtxpack` or a bare component holds.
//!
//! A single call into `gtdx-build`; the operation exists so that every command is found here,
//! and so the CLI reads the report's types from this crate.

use std::path::PathBuf;

pub use gtdx_build::BuildError as InspectError;
pub use gtdx_build::inspect::{ComponentView, Inspection, ToolView};

/// `gtdx inspect <PACK | WASM>`
#[derive(Debug, Clone)]
pub struct InspectOptions {
    /// A .gtxpack, or a component (.wasm).
    pub path: PathBuf,
}

/// Reads the file and reports what it holds. A pack failing its integrity checks is a report
/// with problems ([`Inspection::has_problems`]), not an error; a file that is neither a pack
/// nor a component is an error.
pub fn inspect(options: &InspectOptions) -> Result<Inspection, InspectError> {
    gtdx_build::inspect::inspect(&options.path)
}
