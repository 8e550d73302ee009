//! The imports of `greentic:extension-host@0.1.0` as gtdx's host provides them, and what one
//! call's store holds. Each interface with a rule of its own has its module ([`logging`],
//! [`broker`], [`llm`]); the rules are stated in docs/running.md ("Host rules").

pub mod broker;
pub mod llm;
pub mod logging;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use wasmtime::component::{HasSelf, Linker, ResourceTable};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

pub(crate) use broker::BrokerFn;

use crate::fetch::{self, Asked, Transport};
use crate::limits::Budget;
use crate::reach::Reach;
use crate::{LlmSource, LogLine};

mod bindings {
    wasmtime::component::bindgen!({
        path: "wit",
        world: "gtdx:host/host",
    });
}

use bindings::greentic::extension_host::{http, i18n, secrets};

/// Everything one call's store holds.
pub struct HostState {
    pub(crate) ext_id: String,
    pub(crate) permissions: gtdx_contract::Permissions,
    pub(crate) wasi: WasiCtx,
    pub(crate) table: ResourceTable,
    pub(crate) budget: Budget,
    pub(crate) logs: Arc<Mutex<Vec<LogLine>>>,
    pub(crate) secrets: Arc<BTreeMap<String, String>>,
    pub(crate) secrets_from_env: bool,
    pub(crate) reach: Reach,
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
    use bindings::greentic::extension_host as ext;
    let mut linker = Linker::new(engine);
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    ext::logging::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    ext::i18n::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    ext::secrets::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    ext::broker::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    ext::http::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    ext::llm::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)?;
    Ok(linker)
}

impl HostState {
    /// Keeps one guest log line, its target and message cut to [`logging::STRING_CAP`].
    fn keep_log_line(&self, level: &str, target: &str, message: &str) {
        let line = LogLine {
            extension: self.ext_id.clone(),
            level: level.to_string(),
            target: logging::cut(target, logging::STRING_CAP),
            message: logging::cut(message, logging::STRING_CAP),
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

impl http::Host for HostState {
    fn fetch(&mut self, req: http::Request) -> Result<http::Response, String> {
        let asked = Asked {
            method: req.method,
            url: req.url,
            headers: req.headers,
            body: req.body,
        };
        let got = fetch::fetch(
            &self.reach,
            self.transport.as_ref(),
            self.http_timeout,
            asked,
        )?;
        Ok(http::Response {
            status: got.status,
            headers: got.headers,
            body: got.body,
        })
    }
}
