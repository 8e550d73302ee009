//! `secrets.get`: the grant check and its error texts. A case: `grants`, `uri`, and the `value`
//! the backend holds (`null`: none). Verdict: `"ok"` or the error text.

use std::sync::Arc;

use greentic_ext_runtime::host_bindings::greentic::extension_host::secrets::Host as _;
use greentic_ext_runtime::{HostState, InMemorySecrets};
use serde_json::{Value, json};

pub fn verdict(case: &Value) -> Value {
    let backend = InMemorySecrets::new();
    let uri = case["uri"].as_str().unwrap_or_default().to_string();
    if let Some(v) = case["value"].as_str() {
        backend.insert(&uri, v);
    }
    let permissions = crate::permissions(json!({"secrets": case["grants"]}));
    let mut state = HostState::builder(crate::EXTENSION_ID.into(), permissions)
        .secrets_backend(Arc::new(backend))
        .build();
    match state.get(uri) {
        Ok(_) => json!("ok"),
        Err(e) => json!(e),
    }
}
