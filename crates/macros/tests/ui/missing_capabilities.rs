use gtdx_sdk::{ToolError, tool};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct WeatherInput {
    pub city: String,
}

/// Look up the weather of a city.
#[tool(side_effects = "read", cost = "low")]
pub fn weather(input: WeatherInput) -> Result<String, ToolError> {
    Ok(input.city)
}

fn main() {}
