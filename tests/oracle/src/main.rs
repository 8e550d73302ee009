//! `gtdx-oracle`: reads a table of cases on stdin and prints the platform runtime's verdict on
//! each, calling `greentic-ext-runtime`'s own host functions (no wasm involved).
//!
//! Input: `{"secrets": [{"grants": [...], "uri": "...", "value": "..."|null}],
//!          "urls": [{"patterns": [...], "allowHttp": bool, "url": "..."}]}`
//! Output: `{"secrets": ["ok" | "<error text>", ...], "urls": [true | false, ...]}`

use std::io::Read;
use std::sync::Arc;

use greentic_ext_runtime::host_bindings::greentic::extension_host::secrets::Host as _;
use greentic_ext_runtime::{HostState, InMemorySecrets, UrlMatcher};
use serde_json::{Value, json};

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        eprintln!("gtdx-oracle: cannot read standard input");
        std::process::exit(2);
    }
    let cases: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("gtdx-oracle: the cases are not JSON: {e}");
            std::process::exit(2);
        }
    };
    let empty = Vec::new();
    let secrets: Vec<Value> = cases["secrets"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .map(|c| {
            let permissions = serde_json::from_value(json!({"secrets": c["grants"]}))
                .expect("permissions from the case");
            let backend = InMemorySecrets::new();
            let uri = c["uri"].as_str().unwrap_or_default().to_string();
            if let Some(v) = c["value"].as_str() {
                backend.insert(&uri, v);
            }
            let mut state = HostState::builder("gtdx.oracle".into(), permissions)
                .secrets_backend(Arc::new(backend))
                .build();
            match state.get(uri) {
                Ok(_) => json!("ok"),
                Err(e) => json!(e),
            }
        })
        .collect();
    let urls: Vec<Value> = cases["urls"]
        .as_array()
        .unwrap_or(&empty)
        .iter()
        .map(|c| {
            let patterns: Vec<String> = c["patterns"]
                .as_array()
                .unwrap_or(&empty)
                .iter()
                .filter_map(|p| p.as_str().map(String::from))
                .collect();
            let m = UrlMatcher::from_patterns(patterns)
                .with_allow_http(c["allowHttp"].as_bool().unwrap_or(false));
            json!(m.is_allowed(c["url"].as_str().unwrap_or_default()))
        })
        .collect();
    println!("{}", json!({"secrets": secrets, "urls": urls}));
}
