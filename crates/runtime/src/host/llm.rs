//! `llm.complete` and `llm.embed`. Which role a request runs as is decided first, by
//! [`role`]; the answer then comes from the operator's source: a fixture, an
//! OpenAI-compatible endpoint, or nothing (the platform's "not configured" text).

use super::HostState;
use super::bindings::greentic::extension_host::llm;
use crate::LlmSource;
use crate::fetch::{BODY_CAP, Network, OutRequest, Transport};

/// The role a request runs as, from the roles the extension declares (`permissions.llmRoles`)
/// and the request's hint: a hint must be declared (exact string); without one, the only
/// declared role, and an error when there is none or several (the request must say which).
pub fn role(declared: &[String], hint: Option<&str>) -> Result<String, String> {
    match hint {
        Some(hint) if declared.iter().any(|r| r == hint) => Ok(hint.to_string()),
        Some(hint) => Err(format!("llm role not permitted: {hint}")),
        None => match declared {
            [only] => Ok(only.clone()),
            [] => Err("llm role not permitted: extension declares no llm_roles".to_string()),
            _ => Err("llm role-hint required: extension declares multiple llm_roles".to_string()),
        },
    }
}

impl llm::Host for HostState {
    fn complete(&mut self, request: llm::LlmRequest) -> Result<llm::LlmResponse, String> {
        role(&self.permissions.llm_roles, request.role_hint.as_deref())?;
        match &self.llm {
            LlmSource::None => Err("llm not configured for this runtime".to_string()),
            LlmSource::Fixture(fixtures) => {
                let text = request_text(&request);
                let found = fixtures
                    .iter()
                    .find(|f| f.when.as_deref().is_none_or(|w| text.contains(w)));
                let fixture = found.ok_or(
                    "llm: no fixture response matches this request (add one to --llm-fixture)",
                )?;
                Ok(llm::LlmResponse {
                    content: fixture.content.clone(),
                    total_tokens: fixture.total_tokens,
                })
            }
            LlmSource::Endpoint {
                url,
                model,
                api_key,
            } => {
                let out = endpoint_request(&request, url, model.as_deref(), api_key.as_deref());
                endpoint_answer(Network.send(&out, self.http_timeout)?)
            }
        }
    }

    fn embed(&mut self, request: llm::EmbedRequest) -> Result<llm::EmbedResponse, String> {
        role(&self.permissions.llm_roles, request.role_hint.as_deref())?;
        Err("llm embed is not supported by gtdx's local host".to_string())
    }
}

/// The system prompt and every message, one per line: what a fixture's `when` is looked for in.
fn request_text(request: &llm::LlmRequest) -> String {
    std::iter::once(request.system_prompt.as_str())
        .chain(request.messages.iter().map(|m| m.content.as_str()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `POST {url}/chat/completions` with the system prompt first.
fn endpoint_request(
    request: &llm::LlmRequest,
    url: &str,
    model: Option<&str>,
    api_key: Option<&str>,
) -> OutRequest {
    let system = serde_json::json!({"role": "system", "content": request.system_prompt});
    let messages: Vec<serde_json::Value> = std::iter::once(system)
        .chain(
            request
                .messages
                .iter()
                .map(|m| serde_json::json!({"role": m.role, "content": m.content})),
        )
        .collect();
    let body = serde_json::json!({"model": model.unwrap_or("default"), "messages": messages});
    let mut headers = vec![("content-type".to_string(), "application/json".to_string())];
    if let Some(key) = api_key {
        headers.push(("authorization".to_string(), format!("Bearer {key}")));
    }
    OutRequest {
        method: "POST".into(),
        url: format!("{}/chat/completions", url.trim_end_matches('/')),
        headers,
        body: Some(body.to_string().into_bytes()),
    }
}

/// `choices[0].message.content` and `usage.total_tokens` of a 2xx answer.
fn endpoint_answer(answer: crate::fetch::InResponse) -> Result<llm::LlmResponse, String> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(answer.body, BODY_CAP), &mut bytes)
        .map_err(|e| format!("llm endpoint error: {e}"))?;
    if !(200..300).contains(&answer.status) {
        return Err(format!("llm endpoint error: HTTP {}", answer.status));
    }
    let v: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("llm endpoint error: not JSON: {e}"))?;
    let content = v
        .pointer("/choices/0/message/content")
        .and_then(|c| c.as_str())
        .ok_or("llm endpoint error: no choices[0].message.content")?;
    Ok(llm::LlmResponse {
        content: content.to_string(),
        total_tokens: v
            .pointer("/usage/total_tokens")
            .and_then(|t| t.as_u64())
            .and_then(|t| u32::try_from(t).ok()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_role_rule() {
        assert_eq!(role(&roles(&["a"]), None), Ok("a".into()));
        assert_eq!(role(&roles(&["a", "b"]), Some("b")), Ok("b".into()));
        assert_eq!(
            role(&roles(&["a"]), Some("A")),
            Err("llm role not permitted: A".into())
        );
        assert_eq!(
            role(&roles(&[]), None),
            Err("llm role not permitted: extension declares no llm_roles".into())
        );
        assert_eq!(
            role(&roles(&["a", "b"]), None),
            Err("llm role-hint required: extension declares multiple llm_roles".into())
        );
    }
}
