use gtdx_sdk::{ToolError, tool};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct WeatherInput {
    pub city: String,
}

///
#[tool(capabilities = ["agentic_worker", "flow"])]
pub fn weather(input: WeatherInput) -> Result<String, ToolError> {
    Ok(input.city)
}

fn main() {}
