//! The questions `gtdx new` / `gtdx init` ask on a terminal, one constant each, so that tests
//! look for (or make sure of the absence of) the very text the user sees.
//!
//! A question is shown as `<prompt> [<default>]: `; the yes/no ones get ` (y/n)` after the
//! prompt.

/// Asked for the package name (`GTDX_NEW_NAME`, `--name`).
pub const NAME: &str = "Package name";
/// Asked for the extension id (`GTDX_NEW_ID`, `--id`).
pub const ID: &str = "Extension id";
/// Asked for the example tools (`GTDX_NEW_TOOL`, `--tool`).
pub const TOOL: &str = "Tool names (comma-separated, snake_case)";
/// Asked for the tools' capabilities (`GTDX_NEW_CAPABILITY`, `--capability`).
pub const CAPABILITY: &str = "Capabilities of the tools (agentic_worker, flow)";
/// Asked whether to add a node type (`GTDX_NEW_NODE_TYPE`, `--node-type`); yes/no.
pub const NODE_TYPE: &str = "Add a flow node type?";
/// Asked whether to add dynamic tools (`GTDX_NEW_DYNAMIC_TOOLS`, `--dynamic-tools`); yes/no.
pub const DYNAMIC_TOOLS: &str = "Add dynamic tools (discovery + executors)?";
/// Asked for the CI workflow (`GTDX_NEW_CI`, `--ci`).
pub const CI: &str = "CI workflow (github, none)";

/// Every question, in the order they are asked.
pub const ALL: &[&str] = &[NAME, ID, TOOL, CAPABILITY, NODE_TYPE, DYNAMIC_TOOLS, CI];
