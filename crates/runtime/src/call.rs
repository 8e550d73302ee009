//! Loading components and calling their tools: one fresh store and instance per call, on a
//! worker thread the caller waits for no longer than the deadline plus a grace period.

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wasmtime::component::{Component, Linker, Val};
use wasmtime::{Config, Engine, Store, Trap};

use crate::cache::{self, CacheStatus};
use crate::fetch::{Canned, Network, Transport};
use crate::host::{BrokerFn, HostState};
use crate::limits::{self, Budget, Ticker};
use crate::{Extension, HostOptions, RuntimeError, RuntimeOptions};

/// The tools interface, newest first, as the platform looks it up.
pub const TOOLS_VERSIONS: [&str; 3] = ["0.3.0", "0.2.0", "0.1.0"];

/// One guest log line (already truncated by the platform's rule).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LogLine {
    pub extension: String,
    pub level: String,
    pub target: String,
    pub message: String,
}

/// What a tool returned, or why it did not.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum CallOutcome {
    /// `ok(json)`: the tool's result text.
    Ok { output: String },
    /// `err(extension-error)`: the variant (`invalid-input`, …) and its message.
    ToolError(ToolFailure),
    /// The call did not complete: a deadline, the memory cap, a trap, a missing export.
    Failed { kind: String, message: String },
}

/// An `extension-error` returned by the tool.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ToolFailure {
    pub variant: String,
    pub message: String,
}

/// One call: the outcome, the guest's log lines, the time it took.
#[derive(Debug, Clone)]
pub struct Call {
    pub outcome: CallOutcome,
    pub logs: Vec<LogLine>,
    pub elapsed: Duration,
}

/// A tool the component's own `list-tools` reports.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ListedTool {
    pub name: String,
    pub description: String,
    /// `input-schema-json`: the JSON Schema of the arguments, serialized.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<String>,
    /// `output-schema-json`, when the component gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<String>,
}

/// A compiled extension.
pub struct Loaded {
    pub extension: Extension,
    component: Component,
    /// Whether the compiled component came from the cache.
    pub cache: CacheStatus,
    /// How long compiling (or loading from the cache) took.
    pub load_time: Duration,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded")
            .field("source", &self.extension.source)
            .field("cache", &self.cache)
            .finish_non_exhaustive()
    }
}

impl Loaded {
    pub fn id(&self) -> &str {
        &self.extension.describe.metadata.id
    }

    /// The tool names describe.json declares, in order.
    pub fn declared_tools(&self) -> Vec<&str> {
        self.extension
            .describe
            .contributions
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect()
    }
}

struct Shared {
    engine: Engine,
    linker: Linker<HostState>,
    cache_dir: Option<PathBuf>,
    compiler: crate::Compiler,
}

/// The engine (one per process), its epoch ticker and the linker.
pub struct Runtime {
    shared: Arc<Shared>,
    _ticker: Ticker,
}

impl Runtime {
    pub fn new(options: RuntimeOptions) -> Result<Runtime, RuntimeError> {
        let mut config = Config::new();
        config.epoch_interruption(true);
        config.wasm_component_model(true);
        config.strategy(match options.compiler {
            crate::Compiler::Cranelift => wasmtime::Strategy::Cranelift,
            crate::Compiler::Winch => wasmtime::Strategy::Winch,
        });
        let engine = Engine::new(&config).map_err(|e| RuntimeError::Engine(e.to_string()))?;
        let linker =
            crate::host::linker(&engine).map_err(|e| RuntimeError::Engine(e.to_string()))?;
        let ticker = Ticker::start(&engine);
        Ok(Runtime {
            shared: Arc::new(Shared {
                engine,
                linker,
                cache_dir: options.cache_dir,
                compiler: options.compiler,
            }),
            _ticker: ticker,
        })
    }

    /// Compiles (or loads from the cache) the extension's component.
    pub fn load(&self, extension: Extension) -> Result<Arc<Loaded>, RuntimeError> {
        let start = Instant::now();
        let (component, cache) = cache::load_or_compile(
            &self.shared.engine,
            self.shared.compiler,
            &extension.component,
            self.shared.cache_dir.as_deref(),
        )
        .map_err(|e| RuntimeError::Compile {
            source_name: extension.source.clone(),
            message: root_message(&e),
        })?;
        Ok(Arc::new(Loaded {
            extension,
            component,
            cache,
            load_time: start.elapsed(),
        }))
    }

    /// Calls `tool` of `loaded` with `args_json` under `host`.
    pub fn call(
        &self,
        loaded: &Arc<Loaded>,
        tool: &str,
        args_json: &str,
        host: &HostOptions,
    ) -> Call {
        let start = Instant::now();
        let logs = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = mpsc::channel();
        let shared = self.shared.clone();
        let loaded2 = loaded.clone();
        let host2 = Arc::new(host.clone());
        let tool2 = tool.to_string();
        let args2 = args_json.to_string();
        let logs2 = logs.clone();
        let spawned = std::thread::Builder::new()
            .name("gtdx-call".into())
            .stack_size(16 << 20)
            .spawn(move || {
                let outcome = invoke(&shared, &loaded2, &tool2, &args2, &host2, &logs2, 0);
                let _ = tx.send(outcome);
            });
        let outcome = match spawned {
            Err(e) => failed("thread", format!("could not start the call: {e}")),
            Ok(_) => match rx.recv_timeout(host.timeout.saturating_add(limits::WATCHDOG_GRACE)) {
                Ok(outcome) => outcome,
                Err(_) => failed(
                    "timeout",
                    format!(
                        "tool `{tool}` did not return within {} and is blocked in a host call \
                         the deadline cannot interrupt (such as wasi:io/poll); it was abandoned",
                        human_duration(host.timeout)
                    ),
                ),
            },
        };
        let logs = logs.lock().map(|l| l.clone()).unwrap_or_default();
        Call {
            outcome,
            logs,
            elapsed: start.elapsed(),
        }
    }

    /// The component's own `list-tools` answer.
    pub fn list_tools(&self, loaded: &Arc<Loaded>) -> Result<Vec<ListedTool>, String> {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let host = Arc::new(HostOptions::default());
        let mut store = new_store(&self.shared, loaded, &host, &logs, 0);
        let instance = self
            .shared
            .linker
            .instantiate(&mut store, &loaded.component)
            .map_err(|e| root_message(&e))?;
        let (_, func) = find_tools_func(&loaded.component, "list-tools")
            .ok_or_else(|| no_tools_export(loaded))?;
        let f = instance
            .get_func(&mut store, func)
            .ok_or_else(|| no_tools_export(loaded))?;
        let mut results = [Val::Bool(false)];
        f.call(&mut store, &[], &mut results)
            .map_err(|e| root_message(&e))?;
        let Val::List(items) = &results[0] else {
            return Err("list-tools returned something other than a list".into());
        };
        Ok(items
            .iter()
            .filter_map(|item| {
                let Val::Record(fields) = item else {
                    return None;
                };
                // A string field, or an `option<string>` one that is `some`.
                let text = |name: &str| {
                    fields.iter().find_map(|(k, v)| match v {
                        Val::String(s) if k == name => Some(s.clone()),
                        Val::Option(Some(inner)) if k == name => match &**inner {
                            Val::String(s) => Some(s.clone()),
                            _ => None,
                        },
                        _ => None,
                    })
                };
                Some(ListedTool {
                    name: text("name")?,
                    description: text("description").unwrap_or_default(),
                    input_schema: text("input-schema-json").or_else(|| text("input-schema")),
                    output_schema: text("output-schema-json").or_else(|| text("output-schema")),
                })
            })
            .collect())
    }
}

fn failed(kind: &str, message: String) -> CallOutcome {
    CallOutcome::Failed {
        kind: kind.to_string(),
        message,
    }
}

fn no_tools_export(loaded: &Loaded) -> String {
    format!(
        "{} exports no greentic:extension-design/tools interface (looked for @{})",
        loaded.extension.source,
        TOOLS_VERSIONS.join(", @")
    )
}

pub(crate) fn human_duration(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// The message of an error and its causes, one sentence (no backtrace).
fn root_message(e: &wasmtime::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in e.chain() {
        let s = cause.to_string();
        if !parts.iter().any(|p| p.contains(&s)) {
            parts.push(s);
        }
    }
    parts.join(": ")
}

fn new_store(
    shared: &Arc<Shared>,
    loaded: &Arc<Loaded>,
    host: &Arc<HostOptions>,
    logs: &Arc<Mutex<Vec<LogLine>>>,
    depth: u32,
) -> Store<HostState> {
    let describe = &loaded.extension.describe;
    let permissions = describe.runtime.permissions.clone();
    let reach = crate::reach::Reach::for_extension(&permissions.network, host.net_allow.as_deref());
    let transport: Arc<dyn Transport> = match &host.canned_http {
        Some(x) => Arc::new(Canned(x.clone())),
        None => Arc::new(Network),
    };
    let broker: Option<BrokerFn> = if host.with.is_empty() {
        None
    } else {
        let shared = shared.clone();
        let host = host.clone();
        let logs = logs.clone();
        Some(Arc::new(
            move |target: &str, function: &str, args: &str, depth: u32| {
                let Some(other) = host.with.iter().find(|l| l.id() == target) else {
                    return Err(format!(
                        "broker: no extension {target} among those given with --with"
                    ));
                };
                match invoke(&shared, other, function, args, &host, &logs, depth) {
                    CallOutcome::Ok { output } => Ok(output),
                    CallOutcome::ToolError(f) => Err(format!("{}: {}", f.variant, f.message)),
                    CallOutcome::Failed { message, .. } => Err(message),
                }
            },
        ))
    };
    let state = HostState {
        ext_id: describe.metadata.id.clone(),
        permissions,
        wasi: wasmtime_wasi::WasiCtx::builder().build(),
        table: wasmtime::component::ResourceTable::new(),
        budget: Budget::new(describe.runtime.memory_limit_mb),
        logs: logs.clone(),
        secrets: Arc::new(host.secrets.clone()),
        secrets_from_env: host.secrets_from_env,
        reach,
        transport,
        http_timeout: limits::request_timeout(host.timeout),
        messages: Arc::new(loaded.extension.messages.clone()),
        llm: host.llm.clone(),
        depth,
        broker,
    };
    let mut store = Store::new(&shared.engine, state);
    store.limiter(|s| &mut s.budget);
    // Callers refuse a deadline past MAX_TIMEOUT; held to it here too, so no deadline can
    // overflow the epoch counter (which would stop the call at once).
    store.set_epoch_deadline(limits::deadline_ticks(
        host.timeout.min(limits::MAX_TIMEOUT),
    ));
    store.epoch_deadline_trap();
    store
}

fn find_tools_func(
    component: &Component,
    name: &str,
) -> Option<(&'static str, wasmtime::component::ComponentExportIndex)> {
    TOOLS_VERSIONS.iter().find_map(|v| {
        let iface_name = format!("greentic:extension-design/tools@{v}");
        let iface = component.get_export_index(None, iface_name.as_str())?;
        let func = component.get_export_index(Some(&iface), name)?;
        Some((*v, func))
    })
}

/// One call in a fresh store, on the current thread.
fn invoke(
    shared: &Arc<Shared>,
    loaded: &Arc<Loaded>,
    tool: &str,
    args_json: &str,
    host: &Arc<HostOptions>,
    logs: &Arc<Mutex<Vec<LogLine>>>,
    depth: u32,
) -> CallOutcome {
    let declared = loaded.declared_tools();
    if !declared.contains(&tool) {
        return failed(
            "not-declared",
            format!(
                "tool `{tool}` is not declared in the describe.json of {} (declared: {}); the \
                 platform dispatches only declared tools",
                loaded.id(),
                if declared.is_empty() {
                    "none".to_string()
                } else {
                    declared.join(", ")
                }
            ),
        );
    }
    let mut store = new_store(shared, loaded, host, logs, depth);
    let memory_message = |store: &Store<HostState>| {
        format!(
            "tool `{tool}` tried to grow its memory past the {} MiB cap (runtime.memoryLimitMB \
             of {}); raise memoryLimitMB in describe.json or use less memory",
            store.data().budget.memory_cap_mb(),
            loaded.id()
        )
    };
    let instance = match shared.linker.instantiate(&mut store, &loaded.component) {
        Ok(i) => i,
        Err(e) => {
            if store.data().budget.memory_refused {
                return failed("memory-limit", memory_message(&store));
            }
            return failed(
                "instantiate",
                format!(
                    "{} cannot be instantiated: {}",
                    loaded.extension.source,
                    root_message(&e)
                ),
            );
        }
    };
    let Some((_, func)) = find_tools_func(&loaded.component, "invoke-tool") else {
        return failed("no-tools-export", no_tools_export(loaded));
    };
    let Some(f) = instance.get_func(&mut store, func) else {
        return failed("no-tools-export", no_tools_export(loaded));
    };
    let mut results = [Val::Bool(false)];
    let params = [
        Val::String(tool.to_string()),
        Val::String(args_json.to_string()),
    ];
    if let Err(e) = f.call(&mut store, &params, &mut results) {
        if e.downcast_ref::<Trap>() == Some(&Trap::Interrupt) {
            return failed(
                "timeout",
                format!(
                    "tool `{tool}` ran past its {} deadline and was stopped (--timeout sets it)",
                    human_duration(host.timeout)
                ),
            );
        }
        if store.data().budget.memory_refused {
            return failed("memory-limit", memory_message(&store));
        }
        return failed(
            "trap",
            format!("tool `{tool}` trapped: {}", root_message(&e)),
        );
    }
    decode_result(&results[0])
}

fn decode_result(v: &Val) -> CallOutcome {
    match v {
        Val::Result(Ok(Some(ok))) => match ok.as_ref() {
            Val::String(s) => CallOutcome::Ok { output: s.clone() },
            other => failed(
                "bad-result",
                format!("invoke-tool returned {other:?}, not a string"),
            ),
        },
        Val::Result(Err(Some(err))) => match err.as_ref() {
            Val::Variant(case, payload) => CallOutcome::ToolError(ToolFailure {
                variant: case.clone(),
                message: match payload.as_deref() {
                    Some(Val::String(s)) => s.clone(),
                    Some(other) => format!("{other:?}"),
                    None => String::new(),
                },
            }),
            other => failed(
                "bad-result",
                format!("invoke-tool returned the error {other:?}"),
            ),
        },
        other => failed("bad-result", format!("invoke-tool returned {other:?}")),
    }
}
