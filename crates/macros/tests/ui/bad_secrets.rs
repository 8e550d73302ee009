use gtdx_sdk::{ToolError, tool};

/// Reads a secret.
#[tool(
    capabilities = ["flow"],
    secrets = ["vendor/api_key", { key = "vendor/url", format = "opaque" }, { required = false }],
)]
pub fn read_secret() -> Result<String, ToolError> {
    Ok(String::new())
}

fn main() {}
