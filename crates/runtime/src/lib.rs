//! gtdx's local host for extension tools: what `gtdx run` and `gtdx test` call a tool with.
//!
//! It runs a `wasm32-wasip2` component the way the Greentic platform's runtime does, on
//! wasmtime with the component model:
//!
//! * WASI preview 2 linked with an **empty** context (no files, environment, stdio or sockets),
//!   and a fresh store and instance for every call;
//! * `greentic:extension-design/tools` looked up newest version first (0.3.0, 0.2.0, 0.1.0);
//!   only tools describe.json declares are dispatched;
//! * the imports of `greentic:extension-host@0.1.0` ([`host`]): logging with the platform's
//!   truncation, `secrets.get` under the platform's grant rule ([`gtdx_contract::secrets`]),
//!   `http.fetch` under the four-facet network rule ([`reach`]) with the platform's header,
//!   redirect and size rules ([`fetch`]), the broker to other local extensions, `llm` from a
//!   fixture or an OpenAI-compatible endpoint, `i18n` from the extension's messages;
//! * limits ([`limits`]): an epoch deadline, a store-wide memory cap of
//!   `runtime.memoryLimitMB`, a per-request HTTP timeout, and a watchdog for the blocking
//!   calls an epoch cannot interrupt;
//! * a compiled-component cache of its own ([`cache`]).
//!
//! The rules are the platform's, stated in docs/running.md ("Host rules") and implemented here
//! from that statement. Why gtdx does not embed the platform's `greentic-ext-runtime` is in
//! docs/running.md (and docs/design/run-host.md); that crate is this one's test oracle
//! (`tests/oracle`, its verdicts recorded in `tests/fixtures/oracle/cases.json`).

pub mod cache;
pub mod cases;
pub mod fetch;
pub mod host;
pub mod inputs;
pub mod limits;
pub mod reach;

mod call;
mod error;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use call::{
    Call, CallOutcome, ListedTool, Loaded, LogLine, Runtime, TOOLS_VERSIONS, ToolFailure,
};
pub use error::RuntimeError;
pub use fetch::CannedExchange;

/// One extension ready to load: its describe.json, its component's bytes and its messages.
#[derive(Debug, Clone)]
pub struct Extension {
    /// Where it came from, for messages (a pack, a project, a `.wasm`).
    pub source: String,
    pub describe: gtdx_contract::Describe,
    pub component: Vec<u8>,
    /// `i18n` messages: key → text, from the extension's own message file when it has one.
    pub messages: BTreeMap<String, String>,
}

/// The host a call runs under: what the operator gives the tool.
#[derive(Clone)]
pub struct HostOptions {
    /// Secret values by URI (`secret://vendor/key`) or key (`vendor/key`).
    pub secrets: BTreeMap<String, String>,
    /// Also look secrets up in `GTDX_SECRET_<KEY>` variables.
    pub secrets_from_env: bool,
    /// The operator's network list (`--net-allow`): a ceiling on the declared patterns.
    pub net_allow: Option<Vec<String>>,
    /// The epoch deadline of one call.
    pub timeout: Duration,
    /// Canned HTTP exchanges instead of the network (`gtdx test`).
    pub canned_http: Option<Vec<CannedExchange>>,
    /// Where `llm` answers come from.
    pub llm: LlmSource,
    /// Other extensions the broker may call (`--with PACK`).
    pub with: Vec<Arc<call::Loaded>>,
}

impl std::fmt::Debug for HostOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Secret values are never printed.
        f.debug_struct("HostOptions")
            .field("secrets", &self.secrets.keys().collect::<Vec<_>>())
            .field("net_allow", &self.net_allow)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions {
            secrets: BTreeMap::new(),
            secrets_from_env: false,
            net_allow: None,
            timeout: limits::DEFAULT_TIMEOUT,
            canned_http: None,
            llm: LlmSource::None,
            with: Vec::new(),
        }
    }
}

/// Where `llm.complete` answers come from.
#[derive(Debug, Clone, Default)]
pub enum LlmSource {
    /// Not configured: the platform's error text.
    #[default]
    None,
    /// Canned responses, matched by request.
    Fixture(Vec<LlmFixture>),
    /// An OpenAI-compatible endpoint (`POST {url}/chat/completions`).
    Endpoint {
        url: String,
        model: Option<String>,
        api_key: Option<String>,
    },
}

/// One canned LLM answer: used for the first request whose text contains `when` (or any
/// request when `when` is absent).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LlmFixture {
    #[serde(default)]
    pub when: Option<String>,
    pub content: String,
    #[serde(default, rename = "totalTokens")]
    pub total_tokens: Option<u32>,
}

/// How a [`Runtime`] is set up.
#[derive(Debug, Clone, Default)]
pub struct RuntimeOptions {
    /// The compiled-component cache directory; `None` compiles every time.
    pub cache_dir: Option<PathBuf>,
    /// Which of wasmtime's compilers turns the component into machine code.
    pub compiler: Compiler,
}

/// wasmtime's two compilers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Compiler {
    /// The optimising compiler, which the platform's runtime uses: `gtdx run` and `gtdx test`.
    #[default]
    Cranelift,
    /// The baseline compiler: several times faster to compile, slower code. `gtdx dev` calls
    /// each freshly built component once, so compile time is what the edit loop waits for.
    Winch,
}
