use gtdx_sdk::{ToolError, tool};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct WeatherInput {
    pub city: String,
}

/// Look up the weather of a city.
#[tool(capabilities = ["agentic_worker", "flow"], side_effect = "read")]
pub fn weather(input: WeatherInput) -> Result<String, ToolError> {
    Ok(input.city)
}

fn main() {}
