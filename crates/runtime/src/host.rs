//! The imports of `greentic:extension-host@0.1.0` as gtdx's host provides them, and the state
//! one call's store holds.
//!
//! Logging truncation (8 KiB per string, `…[truncated]`, 64 fields, `…+N more`), the secrets
//! texts, the broker's kind and depth checks and the llm role rule are ported from the
//! platform's runtime (`greentic-ext-runtime` 1.2.38697752260, `src/host_state_ports.rs`,
//! `src/host_state_llm.rs`, MIT; see the notice in `net.rs`).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use wasmtime::component::{HasSelf, Linker, ResourceTable};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use crate::http::Transport;
use crate::limits::StoreLimits;
use crate::net::UrlMatcher;
use crate::{LlmSource, LogLine};

mod bindings {
    wasmtime::component::bindgen!({
        path: "wit",
        world: "gtdx:host/host",
    });
}

use bindings::greentic::extension_host::{broker, http, i18n, llm, logging, secrets};

/// Longest guest string a log line renders, in bytes.
pub const MAX_LOG_BYTES: usize = 8 * 1024;
/// Most key/value fields a log line renders.
pub const MAX_LOG_FIELDS: usize = 64;
/// The broker's nesting limit.
pub const MAX_BROKER_DEPTH: u32 = 8;

/// Cuts `s` at `max` bytes on a char boundary and marks it, as the platform does.
pub fn clamp(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if s.len() <= max {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut end = max;
    while end > 0 && !s.is_char_boundary(end) {
        end -= 1;
    }
    std::borrow::Cow::Owned(format!("{}…[truncated]", &s[..end]))
}

/// A nested call the broker makes to another local extension.
pub(crate) type BrokerFn =
    Arc<dyn Fn(&str, &str, &str, u32) -> Result<String, String> + Send + Sync>;

/// Everything one call's store holds.
pub struct HostState {
    pub(crate) ext_id: String,
    pub(crate) permissions: gtdx_contract::Permissions,
    pub(crate) wasi: WasiCtx,
    pub(crate) table: ResourceTable,
    pub(crate) limits: StoreLimits,
    pub(crate) logs: Arc<Mutex<Vec<LogLine>>>,
    pub(crate) secrets: Arc<BTreeMap<String, String>>,
    pub(crate) secrets_from_env: bool,
    pub(crate) matcher: UrlMatcher,
    pub(crate) transport: Arc<dyn Transport>,
    pub(crate) http_timeout: Duration,
    pub(crate) messages: Arc<BTreeMap<String, String>>,
    pub(crate) llm: LlmSource,
    pub(crate) depth: u32,
    pub(crate) broker: Option<BrokerFn>,
}

impl WasiView for HostState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// A linker with WASI p2 and every host interface.
pub(crate) fn linker(engine: &wasmtime::Engine) -> wasmtime::Result<Linker<HostState>> {
    let mut linker = Linker::new(engine);
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    logging::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    i18n::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    secrets::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    broker::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    http::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    llm::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    Ok(linker)
}

impl HostState {
    fn push_log(&self, level: &str, target: &str, message: &str) {
        let line = LogLine {
            extension: self.ext_id.clone(),
            level: level.to_string(),
            target: clamp(target, MAX_LOG_BYTES).into_owned(),
            message: clamp(message, MAX_LOG_BYTES).into_owned(),
        };
        if let Ok(mut logs) = self.logs.lock() {
            logs.push(line);
        }
    }

    /// The value behind a granted URI: `--secret`/the secrets file by URI or by key, then
    /// `GTDX_SECRET_<KEY>`.
    fn secret_value(&self, uri: &str) -> Option<String> {
        let key = uri.split_once("://").map_or(uri, |(_, k)| k);
        if let Some(v) = self.secrets.get(uri).or_else(|| self.secrets.get(key)) {
            return Some(v.clone());
        }
        if self.secrets_from_env {
            return std::env::var(env_var_for(key)).ok();
        }
        None
    }

    fn llm_role(&self, hint: Option<&str>) -> Result<String, String> {
        let declared = &self.permissions.llm_roles;
        match (hint, declared.as_slice()) {
            (Some(h), roles) if roles.iter().any(|r| r == h) => Ok(h.to_string()),
            (Some(h), _) => Err(format!("llm role not permitted: {h}")),
            (None, [sole]) => Ok(sole.clone()),
            (None, []) => {
                Err("llm role not permitted: extension declares no llm_roles".to_string())
            }
            (None, _) => {
                Err("llm role-hint required: extension declares multiple llm_roles".to_string())
            }
        }
    }
}

/// `GTDX_SECRET_<KEY>`: the key upper-cased, every character but a letter or digit as `_`
/// (`tavily/api_key` → `GTDX_SECRET_TAVILY_API_KEY`).
pub fn env_var_for(key: &str) -> String {
    let key: String = key
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("GTDX_SECRET_{key}")
}

fn level_name(level: logging::Level) -> &'static str {
    match level {
        logging::Level::Trace => "trace",
        logging::Level::Debug => "debug",
        logging::Level::Info => "info",
        logging::Level::Warn => "warn",
        logging::Level::Error => "error",
    }
}

impl logging::Host for HostState {
    fn log(&mut self, level: logging::Level, target: String, message: String) {
        self.push_log(level_name(level), &target, &message);
    }

    fn log_kv(
        &mut self,
        level: logging::Level,
        target: String,
        message: String,
        fields: Vec<(String, String)>,
    ) {
        let shown = fields.len().min(MAX_LOG_FIELDS);
        let mut pairs: Vec<String> = fields[..shown]
            .iter()
            .map(|(k, v)| format!("{}={}", clamp(k, MAX_LOG_BYTES), clamp(v, MAX_LOG_BYTES)))
            .collect();
        if fields.len() > shown {
            pairs.push(format!("…+{} more", fields.len() - shown));
        }
        let msg = if pairs.is_empty() {
            message
        } else {
            format!("{message} {{{}}}", pairs.join(", "))
        };
        self.push_log(level_name(level), &target, &msg);
    }
}

impl i18n::Host for HostState {
    fn t(&mut self, key: String) -> String {
        self.messages.get(&key).cloned().unwrap_or(key)
    }

    fn tf(&mut self, key: String, args: Vec<(String, String)>) -> String {
        let mut text = self.messages.get(&key).cloned().unwrap_or(key);
        for (k, v) in &args {
            text = text.replace(&format!("{{{k}}}"), v);
        }
        text
    }
}

impl secrets::Host for HostState {
    fn get(&mut self, uri: String) -> Result<String, String> {
        gtdx_contract::secrets::host_check(&self.permissions.secrets, &uri)?;
        self.secret_value(&uri)
            .ok_or_else(|| format!("secret not found: {uri}"))
    }
}

impl broker::Host for HostState {
    fn call_extension(
        &mut self,
        kind: String,
        target_id: String,
        function: String,
        args_json: String,
    ) -> Result<String, String> {
        if !self
            .permissions
            .call_extension_kinds
            .iter()
            .any(|k| k == &kind)
        {
            return Err(format!("{} may not call {kind} extensions", self.ext_id));
        }
        if self.depth >= MAX_BROKER_DEPTH {
            return Err(format!(
                "max broker call depth exceeded ({} >= {MAX_BROKER_DEPTH})",
                self.depth
            ));
        }
        let Some(broker) = self.broker.clone() else {
            return Err(format!(
                "broker: no extension {target_id} to call: gtdx runs other extensions only \
                 when given with --with PACK"
            ));
        };
        broker(&target_id, &function, &args_json, self.depth + 1)
    }
}

impl http::Host for HostState {
    fn fetch(&mut self, req: http::Request) -> Result<http::Response, String> {
        let r = crate::http::fetch(
            &self.matcher,
            self.transport.as_ref(),
            self.http_timeout,
            &req.method,
            &req.url,
            req.headers,
            req.body,
        )?;
        Ok(http::Response {
            status: r.status,
            headers: r.headers,
            body: r.body,
        })
    }
}

impl llm::Host for HostState {
    fn complete(&mut self, request: llm::LlmRequest) -> Result<llm::LlmResponse, String> {
        let _role = self.llm_role(request.role_hint.as_deref())?;
        let text: String = std::iter::once(request.system_prompt.as_str())
            .chain(request.messages.iter().map(|m| m.content.as_str()))
            .collect::<Vec<_>>()
            .join("\n");
        match &self.llm {
            LlmSource::None => Err("llm not configured for this runtime".to_string()),
            LlmSource::Fixture(fixtures) => fixtures
                .iter()
                .find(|f| f.when.as_deref().is_none_or(|w| text.contains(w)))
                .map(|f| llm::LlmResponse {
                    content: f.content.clone(),
                    total_tokens: f.total_tokens,
                })
                .ok_or_else(|| {
                    "llm: no fixture response matches this request (add one to --llm-fixture)"
                        .to_string()
                }),
            LlmSource::Endpoint {
                url,
                model,
                api_key,
            } => {
                let mut messages = vec![serde_json::json!({
                    "role": "system", "content": request.system_prompt
                })];
                messages.extend(
                    request
                        .messages
                        .iter()
                        .map(|m| serde_json::json!({"role": m.role, "content": m.content})),
                );
                let body = serde_json::json!({
                    "model": model.clone().unwrap_or_else(|| "default".into()),
                    "messages": messages,
                });
                let mut headers =
                    vec![("content-type".to_string(), "application/json".to_string())];
                if let Some(k) = api_key {
                    headers.push(("authorization".into(), format!("Bearer {k}")));
                }
                let out = crate::http::OutRequest {
                    method: "POST".into(),
                    url: format!("{}/chat/completions", url.trim_end_matches('/')),
                    headers,
                    body: Some(body.to_string().into_bytes()),
                };
                let mut resp = crate::http::Network.send(&out, self.http_timeout)?;
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(
                    &mut std::io::Read::take(&mut resp.body, crate::http::MAX_RESPONSE_BYTES),
                    &mut bytes,
                )
                .map_err(|e| format!("llm endpoint error: {e}"))?;
                if !(200..300).contains(&resp.status) {
                    return Err(format!("llm endpoint error: HTTP {}", resp.status));
                }
                let v: serde_json::Value = serde_json::from_slice(&bytes)
                    .map_err(|e| format!("llm endpoint error: not JSON: {e}"))?;
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
        }
    }

    fn embed(&mut self, request: llm::EmbedRequest) -> Result<llm::EmbedResponse, String> {
        let _role = self.llm_role(request.role_hint.as_deref())?;
        Err("llm embed is not supported by gtdx's local host".to_string())
    }
}
