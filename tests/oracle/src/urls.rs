//! The URL matcher. A case: `patterns`, `allowHttp`, `url`. Verdict: allowed or not.

use greentic_ext_runtime::UrlMatcher;
use serde_json::{Value, json};

pub fn verdict(case: &Value) -> Value {
    let patterns: Vec<String> = case["patterns"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .filter_map(|p| p.as_str().map(String::from))
        .collect();
    let matcher = UrlMatcher::from_patterns(patterns)
        .with_allow_http(case["allowHttp"].as_bool().unwrap_or(false));
    json!(matcher.is_allowed(case["url"].as_str().unwrap_or_default()))
}
