use gtdx_sdk::{ToolError, tool};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct WeatherInput {
    pub city: String,
}

/// Look up the weather of a city.
#[tool(capabilities = ["agentic_worker", "flow"])]
pub fn weather(input: WeatherInput, units: String) -> Result<String, ToolError> {
    Ok(input.city + &units)
}

/// Look up the weather of a city.
#[tool(capabilities = ["agent"])]
pub fn weather2(input: WeatherInput) -> String {
    input.city
}

fn main() {}
