use gtdx_sdk::{ToolError, tool};

/// Reads secrets whose keys the manifest would reject.
#[tool(
    capabilities = ["flow"],
    secrets = ["/x", "a/../b", { key = "a$b" }],
)]
pub fn read_secret() -> Result<String, ToolError> {
    Ok(String::new())
}

fn main() {}
