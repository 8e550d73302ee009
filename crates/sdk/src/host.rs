//! The platform's host interfaces (`greentic:extension-host@0.1.0`) for tool code: logging,
//! secrets, HTTP, i18n, the broker and the LLM.
//!
//! What each call may do is decided by the host from describe.json's
//! `runtime.permissions` (`secrets`, `network`, `callExtensionKinds`, `llmRoles`): declare what
//! a tool needs, and `gtdx run`/`gtdx test` enforce the platform's rules locally. A component
//! imports only the interfaces its code calls.
//!
//! Outside a component (host unit tests of tools) the calls do nothing useful: logging writes
//! to stderr, the others return an error saying there is no host.

/// Log levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
}

#[cfg(not(target_arch = "wasm32"))]
const NO_HOST: &str =
    "no Greentic host: host calls work inside the component (gtdx run, gtdx test)";

/// An HTTP response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The body as text (lossy UTF-8).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Logs a line (the host truncates strings past 8 KiB).
pub fn log(level: Level, target: &str, message: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::__bindings::greentic::extension_host::logging;
        let level = match level {
            Level::Trace => logging::Level::Trace,
            Level::Debug => logging::Level::Debug,
            Level::Info => logging::Level::Info,
            Level::Warn => logging::Level::Warn,
            Level::Error => logging::Level::Error,
        };
        logging::log(level, target, message);
    }
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("[{level:?} {target}] {message}");
}

/// Logs a line with key/value fields (at most 64 are shown).
pub fn log_kv(level: Level, target: &str, message: &str, fields: &[(&str, &str)]) {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::__bindings::greentic::extension_host::logging;
        let level = match level {
            Level::Trace => logging::Level::Trace,
            Level::Debug => logging::Level::Debug,
            Level::Info => logging::Level::Info,
            Level::Warn => logging::Level::Warn,
            Level::Error => logging::Level::Error,
        };
        let fields: Vec<(String, String)> = fields
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        logging::log_kv(level, target, message, &fields);
    }
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("[{level:?} {target}] {message} {fields:?}");
}

/// Secrets, granted by `runtime.permissions.secrets`.
pub mod secrets {
    /// The secret at `uri` (`secret://vendor/key`), or the host's refusal
    /// (`permission denied for secret: …`, `secret not found: …`).
    pub fn get(uri: &str) -> Result<String, String> {
        #[cfg(target_arch = "wasm32")]
        {
            crate::__bindings::greentic::extension_host::secrets::get(uri)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = uri;
            Err(super::NO_HOST.to_string())
        }
    }
}

/// Outbound HTTP, allowed by `runtime.permissions.network`.
pub mod http {
    pub use super::Response;

    /// Sends a request (redirects are followed by the host, each hop re-checked).
    pub fn fetch(
        method: &str,
        url: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Result<Response, String> {
        #[cfg(target_arch = "wasm32")]
        {
            use crate::__bindings::greentic::extension_host::http;
            let req = http::Request {
                method: method.to_string(),
                url: url.to_string(),
                headers: headers
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                body: body.map(<[u8]>::to_vec),
            };
            http::fetch(&req).map(|r| Response {
                status: r.status,
                headers: r.headers,
                body: r.body,
            })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (method, url, headers, body);
            Err(super::NO_HOST.to_string())
        }
    }

    /// `GET url`.
    pub fn get(url: &str) -> Result<Response, String> {
        fetch("GET", url, &[], None)
    }
}

/// Translations from the extension's messages.
pub mod i18n {
    /// The text of `key`, or the key itself.
    pub fn t(key: &str) -> String {
        #[cfg(target_arch = "wasm32")]
        {
            crate::__bindings::greentic::extension_host::i18n::t(key)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            key.to_string()
        }
    }
}

/// Calls to other extensions, by kind (`runtime.permissions.callExtensionKinds`).
pub mod broker {
    /// Calls `function` (a tool) of extension `target_id` with JSON arguments.
    pub fn call_extension(
        kind: &str,
        target_id: &str,
        function: &str,
        args_json: &str,
    ) -> Result<String, String> {
        #[cfg(target_arch = "wasm32")]
        {
            crate::__bindings::greentic::extension_host::broker::call_extension(
                kind, target_id, function, args_json,
            )
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (kind, target_id, function, args_json);
            Err(super::NO_HOST.to_string())
        }
    }
}

/// The tenant's LLM, by role (`runtime.permissions.llmRoles`).
pub mod llm {
    /// One completion: a system prompt and user messages; returns the text.
    pub fn complete(
        role_hint: Option<&str>,
        system_prompt: &str,
        user_messages: &[&str],
    ) -> Result<String, String> {
        #[cfg(target_arch = "wasm32")]
        {
            use crate::__bindings::greentic::extension_host::llm;
            let req = llm::LlmRequest {
                role_hint: role_hint.map(str::to_string),
                system_prompt: system_prompt.to_string(),
                messages: user_messages
                    .iter()
                    .map(|m| llm::LlmMessage {
                        role: "user".into(),
                        content: m.to_string(),
                    })
                    .collect(),
                response_format: None,
            };
            llm::complete(&req).map(|r| r.content)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (role_hint, system_prompt, user_messages);
            Err(super::NO_HOST.to_string())
        }
    }
}
