//! The broker's checks and the llm role rule, both answered before the platform reaches
//! anything a test could set up (its broker has no dispatch; no llm port is wired here).
//!
//! Broker case: `kinds` (callExtensionKinds), `kind`, `depth` (the caller's call depth).
//! Llm case: `roles` (llmRoles), `hint` (the role hint, or `null`). Verdict: the error text; a
//! call that passes the checks gets the text of what comes next (`broker: no runtime context
//! available`, `llm not configured for this runtime`).

use greentic_ext_runtime::HostState;
use greentic_ext_runtime::host_bindings::greentic::extension_host::broker::Host as _;
use greentic_ext_runtime::host_bindings::greentic::extension_host::llm::{self, Host as _};
use serde_json::{Value, json};

pub fn broker_verdict(case: &Value) -> Value {
    let permissions = crate::permissions(json!({"callExtensionKinds": case["kinds"]}));
    let depth = u32::try_from(case["depth"].as_u64().unwrap_or(0)).unwrap_or(u32::MAX);
    let mut state = HostState::builder(crate::EXTENSION_ID.into(), permissions)
        .call_depth_start(depth)
        .build();
    let kind = case["kind"].as_str().unwrap_or_default().to_string();
    let answer = state.call_extension(
        kind,
        crate::EXTENSION_ID.into(),
        "echo".into(),
        r#"{"text": "hi"}"#.into(),
    );
    json!(answer.err().unwrap_or_else(|| "ok".into()))
}

pub fn llm_verdict(case: &Value) -> Value {
    let permissions = crate::permissions(json!({"llmRoles": case["roles"]}));
    let mut state = HostState::builder(crate::EXTENSION_ID.into(), permissions).build();
    let request = llm::LlmRequest {
        role_hint: case["hint"].as_str().map(String::from),
        system_prompt: "Answer briefly.".into(),
        messages: Vec::new(),
        response_format: None,
    };
    json!(state.complete(request).err().unwrap_or_else(|| "ok".into()))
}
