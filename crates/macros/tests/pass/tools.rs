use gtdx_sdk::{Schema, ToolError, tool};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Schema)]
#[schema(one_of = [["city"], ["lat", "lon"]])]
pub struct WeatherInput {
    /// City name.
    #[schema(pattern = "^[A-Z]", min_length = 1, max_length = 80, examples = ["Paris"])]
    pub city: Option<String>,
    #[schema(minimum = -3, maximum = 14, default = 1)]
    pub days: Option<i8>,
    #[schema(unbounded, nullable = false)]
    pub lat: Option<i64>,
    pub lon: Option<i64>,
    #[schema(min_items = 1, max_items = 3, unique_items)]
    pub units: Option<Vec<String>>,
    #[schema(enum = ["metric", "imperial"], title = "System")]
    pub system: Option<String>,
    #[schema(const = true)]
    pub version: Option<bool>,
}

fn default_limit() -> u32 {
    10
}

/// Either-or in the exclusive form; a serde default kept out of the schema.
#[derive(Deserialize, Schema)]
#[schema(one_of = [["doc_id"], ["ids"]], one_of_form = "exclusive")]
pub struct Lookup {
    #[schema(nullable = false)]
    pub doc_id: Option<String>,
    #[schema(nullable = false, min_items = 1)]
    pub ids: Option<Vec<String>>,
    #[serde(default = "default_limit")]
    #[schema(no_default, maximum = 100)]
    pub limit: u32,
}

#[derive(Serialize)]
pub struct Forecast {
    pub summary: String,
}

#[derive(Debug)]
pub struct UpstreamDown;

impl From<UpstreamDown> for ToolError {
    fn from(_: UpstreamDown) -> Self {
        ToolError::internal("upstream is down")
    }
}

/// Look up the weather of a city.
///
/// # Errors
///
/// When the upstream is down.
#[tool(
    capabilities = ["agentic_worker", "flow"],
    description = "Look up the weather of a city.",
    secrets = ["weather/api_key", { key = "weather/region", required = false, format = "text", description = "Region." }],
    side_effects = "external",
    cost = "medium",
    confirmation_required = false,
    usage_hint = "When the user asks about the weather.",
    example(when = "Paris", input = r#"{"city": "Paris"}"#),
    runtime_ref = "weather",
    export = "greentic:extension-design/tools.invoke-tool",
)]
pub fn weather(input: WeatherInput) -> Result<Forecast, ToolError> {
    Ok(Forecast {
        summary: format!("{}: sunny for {} days", input.city.unwrap_or_default(), input.days.unwrap_or(1)),
    })
}

mod inner {
    use super::UpstreamDown;

    /// Always fails, with an error type converted into ToolError.
    #[gtdx_sdk::tool(capabilities = ["flow"], name = "always_down")]
    pub fn r#down() -> Result<Vec<u32>, UpstreamDown> {
        Err(UpstreamDown)
    }
}

fn main() {
    assert_eq!(
        __gtdx_invoke_weather(r#"{"city":"Oslo","days":3}"#).unwrap(),
        r#"{"summary":"Oslo: sunny for 3 days"}"#
    );
    let err = __gtdx_invoke_weather(r#"{"city":3}"#).unwrap_err();
    assert!(
        matches!(&err, ToolError::InvalidInput(m) if m.starts_with("invalid argument `city`")),
        "{err}"
    );
    assert_eq!(
        inner::__gtdx_invoke_down("null").unwrap_err(),
        ToolError::internal("upstream is down")
    );
    assert!(
        inner::__gtdx_invoke_down(r#"{"x":1}"#)
            .unwrap_err()
            .message()
            .contains("takes no arguments")
    );
}
