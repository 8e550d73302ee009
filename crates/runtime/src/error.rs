//! Why the runtime could not run a call at all (as opposed to a tool that failed).

use std::path::PathBuf;

/// A failure to set up or load; a call's own failures are [`crate::ToolFailure`]s.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error("the WebAssembly engine could not start: {0}")]
    Engine(String),
    #[error(
        "{source_name} is not a component wasmtime can compile: {message}. Build it for \
         wasm32-wasip2 (`gtdx build`) and try again"
    )]
    Compile {
        source_name: String,
        message: String,
    },
    #[error("the compiled-component cache at {} could not be written: {message}", path.display())]
    Cache { path: PathBuf, message: String },
}
