//! `gtdx run`: call one tool of an extension locally, under gtdx's host
//! ([`gtdx_runtime`]), the way the platform's runtime would call it.
//!
//! The extension comes from the current project (built first, like `cargo run`), a `.gtxpack`
//! (integrity checked; with trusted keys, the signature too), or a component and a
//! describe.json. The input is validated against the tool's `input_schema` before the call, and
//! a tool describe.json does not declare is refused (the v2 runtime dispatches only declared
//! tools).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use gtdx_fsx::limits;
pub use gtdx_runtime::Compiler;
use gtdx_runtime::{Extension, HostOptions, LlmSource, Runtime, RuntimeOptions};
use serde_json::Value;

use crate::keys::TrustInputs;
use crate::progress::Progress;

pub use gtdx_runtime::cache::CacheStatus;
pub use gtdx_runtime::{Call, CallOutcome, ListedTool, LogLine, ToolFailure};

/// Where the extension comes from.
#[derive(Debug, Clone)]
pub enum Source {
    /// The project of this Cargo.toml, built first (`gtdx build`).
    Project { manifest_path: PathBuf },
    /// A `.gtxpack`; with trusted keys its signature is checked too.
    Pack { path: PathBuf, trust: TrustInputs },
    /// A component and its describe.json.
    Wasm { wasm: PathBuf, describe: PathBuf },
}

/// The tool's input.
#[derive(Debug, Clone, Default)]
pub enum Input {
    /// `{}`.
    #[default]
    Empty,
    /// `--input JSON`.
    Json(String),
    /// `--input-file F`.
    File(PathBuf),
    /// `-`: standard input.
    Stdin,
}

/// What the operator gives the host (flags shared by `gtdx run` and `gtdx test`).
#[derive(Debug, Clone, Default)]
pub struct HostInputs {
    /// `--secret KEY=VALUE`.
    pub secrets: Vec<String>,
    /// `--secrets-file F` (mode 0600, `KEY=VALUE` lines).
    pub secrets_file: Option<PathBuf>,
    /// `--net-allow PATTERN`: the operator's ceiling on the declared network patterns.
    pub net_allow: Vec<String>,
    /// `--timeout`.
    pub timeout: Option<Duration>,
    /// `--llm-fixture F`.
    pub llm_fixture: Option<PathBuf>,
    /// `--llm-endpoint URL`.
    pub llm_endpoint: Option<String>,
    /// `--with PACK`: extensions the broker may call.
    pub with: Vec<PathBuf>,
    /// `--no-cache`: compile every time.
    pub no_cache: bool,
    /// Cranelift (what the platform runs) unless a caller such as `gtdx dev` asks for Winch.
    pub compiler: gtdx_runtime::Compiler,
}

/// `gtdx run TOOL [--input JSON | --input-file F | -]`
#[derive(Debug, Clone)]
pub struct RunOptions {
    pub source: Source,
    /// The tool; `None` with `list_tools`.
    pub tool: Option<String>,
    pub input: Input,
    pub host: HostInputs,
    /// Compare the component's `list-tools` with describe.json instead of calling.
    pub list_tools: bool,
}

/// A finished call (whatever the tool returned).
#[derive(Debug, Clone)]
pub struct RunOutcome {
    pub extension: String,
    pub tool: String,
    pub call: Call,
    pub cache: CacheStatus,
}

/// The `--list-tools` comparison.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ToolListComparison {
    pub extension: String,
    /// Declared in describe.json.
    pub declared: Vec<String>,
    /// Reported by the component's `list-tools`.
    pub exported: Vec<String>,
    /// In describe.json only (the platform would call them and the component not know them).
    #[serde(rename = "describeOnly")]
    pub describe_only: Vec<String>,
    /// In the component only (the platform never calls them: v2 dispatches declared tools).
    #[serde(rename = "componentOnly")]
    pub component_only: Vec<String>,
}

impl ToolListComparison {
    pub fn matches(&self) -> bool {
        self.describe_only.is_empty() && self.component_only.is_empty()
    }
}

/// What `gtdx run` did.
#[derive(Debug, Clone)]
pub enum RunResult {
    Called(Box<RunOutcome>),
    Listed(ToolListComparison),
}

/// Why a run could not happen (bad input, a pack that fails its checks, a build failure).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Build(#[from] crate::build::BuildError),
    #[error(transparent)]
    Runtime(#[from] gtdx_runtime::RuntimeError),
    #[error(transparent)]
    Fs(#[from] gtdx_fsx::FsError),
    #[error(transparent)]
    Key(#[from] crate::keys::KeyError),
    #[error("{0}")]
    Pack(String),
    /// describe.json does not load (`file:line:column`, as every command says it).
    #[error(transparent)]
    Manifest(#[from] gtdx_contract::json::ManifestError),
    #[error(
        "{what} is not JSON: {message}. Give the tool's input as a JSON object, e.g. --input '{{\"name\": \"Ada\"}}'"
    )]
    InputNotJson { what: String, message: String },
    #[error(
        "{what} is not UTF-8 (invalid byte at offset {offset}); a tool's input is JSON text in \
         UTF-8: save it as UTF-8, or escape the character as \\uXXXX"
    )]
    InputNotUtf8 { what: String, offset: usize },
    #[error(
        "the input of tool `{tool}` does not match its input_schema at {pointer}: {message}. \
         Fix that field (see `gtdx run --list-tools` and the tool's input_schema in describe.json)"
    )]
    InputInvalid {
        tool: String,
        pointer: String,
        message: String,
    },
    #[error(
        "tool `{tool}` is not declared in {file} (declared: {declared}); the platform dispatches \
         only the tools describe.json declares{hint}"
    )]
    NotDeclared {
        tool: String,
        file: String,
        declared: String,
        hint: String,
    },
    #[error("{0}")]
    Usage(String),
    #[error("{file}: {message}")]
    BadFile { file: String, message: String },
    #[error(transparent)]
    Dynamic(#[from] crate::dynamic::DynamicError),
}

impl From<gtdx_runtime::inputs::FileError> for RunError {
    fn from(e: gtdx_runtime::inputs::FileError) -> Self {
        match e {
            gtdx_runtime::inputs::FileError::BadFile { file, message } => {
                RunError::BadFile { file, message }
            }
            gtdx_runtime::inputs::FileError::Fs(e) => RunError::Fs(e),
        }
    }
}

/// A loaded extension with the runtime that compiled it.
pub struct Prepared {
    pub runtime: Runtime,
    pub loaded: Arc<gtdx_runtime::Loaded>,
    pub host: HostOptions,
    /// describe.json as the user refers to it.
    pub describe_file: String,
}

/// Loads the source (building a project first) and the host inputs.
pub fn prepare(
    source: &Source,
    inputs: &HostInputs,
    progress: &mut dyn Progress,
) -> Result<Prepared, RunError> {
    // The flags first: a bad --secret or --timeout is refused before anything is built.
    let mut host = host_options(inputs)?;
    let cache_dir = if inputs.no_cache {
        None
    } else {
        gtdx_runtime::cache::default_dir()
    };
    let runtime = Runtime::new(RuntimeOptions {
        cache_dir,
        compiler: inputs.compiler,
    })?;
    let (extension, describe_file) = load_source(source, progress)?;
    let loaded = runtime.load(extension)?;
    let mut with = Vec::new();
    for p in &inputs.with {
        let (ext, _) = load_pack(p, &TrustInputs::default())?;
        with.push(runtime.load(ext)?);
    }
    host.with = with;
    Ok(Prepared {
        runtime,
        loaded,
        host,
        describe_file,
    })
}

/// Runs `gtdx run`.
pub fn run(options: &RunOptions, progress: &mut dyn Progress) -> Result<RunResult, RunError> {
    // The input is read (and bad input refused) before anything is built or compiled.
    let input = if options.tool.is_some() && !options.list_tools {
        Some(read_input(&options.input)?)
    } else {
        None
    };
    let prepared = prepare(&options.source, &options.host, progress)?;
    if options.list_tools {
        return list_tools(&prepared).map(RunResult::Listed);
    }
    let (Some(tool), Some(input)) = (&options.tool, input) else {
        return Err(RunError::Usage(
            "name the tool to run: `gtdx run TOOL` (or `gtdx run --list-tools` to see them)".into(),
        ));
    };
    check_tool(&prepared, tool, &input)?;
    let call = prepared
        .runtime
        .call(&prepared.loaded, tool, &input.to_string(), &prepared.host);
    Ok(RunResult::Called(Box::new(RunOutcome {
        extension: prepared.loaded.id().to_string(),
        tool: tool.clone(),
        cache: prepared.loaded.cache,
        call,
    })))
}

/// Refuses an undeclared tool and validates `input` against its `input_schema`.
pub fn check_tool(prepared: &Prepared, tool: &str, input: &Value) -> Result<(), RunError> {
    let describe = &prepared.loaded.extension.describe;
    let Some(t) = describe.contributions.tools.iter().find(|t| t.name == tool) else {
        let declared: Vec<&str> = prepared.loaded.declared_tools();
        let hint = gtdx_contract::suggest::nearest(tool, declared.iter().copied())
            .map(|s| format!(". Did you mean `{s}`?"))
            .unwrap_or_default();
        return Err(RunError::NotDeclared {
            tool: tool.to_string(),
            file: prepared.describe_file.clone(),
            declared: if declared.is_empty() {
                "none".into()
            } else {
                declared.join(", ")
            },
            hint,
        });
    };
    let Some(schema_text) = &t.input_schema else {
        return Ok(());
    };
    match gtdx_runtime::inputs::schema_violation(schema_text, input) {
        Some(v) => Err(RunError::InputInvalid {
            tool: tool.to_string(),
            pointer: v.pointer,
            message: v.message,
        }),
        None => Ok(()),
    }
}

fn list_tools(p: &Prepared) -> Result<ToolListComparison, RunError> {
    let exported: Vec<String> = p
        .runtime
        .list_tools(&p.loaded)
        .map_err(|m| RunError::Pack(format!("cannot call list-tools: {m}")))?
        .into_iter()
        .map(|t| t.name)
        .collect();
    let declared: Vec<String> = p
        .loaded
        .declared_tools()
        .into_iter()
        .map(String::from)
        .collect();
    Ok(ToolListComparison {
        extension: p.loaded.id().to_string(),
        describe_only: declared
            .iter()
            .filter(|d| !exported.contains(d))
            .cloned()
            .collect(),
        component_only: exported
            .iter()
            .filter(|e| !declared.contains(e))
            .cloned()
            .collect(),
        declared,
        exported,
    })
}

/// The input's bytes as text: UTF-8, or refused where it stops being UTF-8 (never repaired
/// with U+FFFD, which would hand the tool something else than what was given).
fn utf8_input(what: &str, bytes: Vec<u8>) -> Result<String, RunError> {
    String::from_utf8(bytes).map_err(|e| RunError::InputNotUtf8 {
        what: what.to_string(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The input as JSON.
pub fn read_input(input: &Input) -> Result<Value, RunError> {
    let (what, text) = match input {
        Input::Empty => return Ok(Value::Object(Default::default())),
        Input::Json(s) => ("--input".to_string(), s.clone()),
        Input::File(p) => {
            let bytes = gtdx_fsx::read(p, limits::TOOL_INPUT)?;
            let what = p.display().to_string();
            let text = utf8_input(&what, bytes)?;
            (what, text)
        }
        Input::Stdin => {
            let mut buf = Vec::new();
            std::io::stdin()
                .take(limits::TOOL_INPUT.max + 1)
                .read_to_end(&mut buf)
                .map_err(|e| RunError::BadFile {
                    file: "standard input".into(),
                    message: e.to_string(),
                })?;
            if buf.len() as u64 > limits::TOOL_INPUT.max {
                return Err(RunError::BadFile {
                    file: "standard input".into(),
                    message: format!(
                        "more than {} of input",
                        gtdx_fsx::read::human_bytes(limits::TOOL_INPUT.max)
                    ),
                });
            }
            let what = "standard input".to_string();
            let text = utf8_input(&what, buf)?;
            (what, text)
        }
    };
    serde_json::from_str(&text).map_err(|e| RunError::InputNotJson {
        what,
        message: e.to_string(),
    })
}

pub use gtdx_runtime::limits::{MAX_TIMEOUT, check_timeout};

/// The host options from the flags: secrets (flags, file, environment), the network ceiling,
/// the timeout, the llm source.
pub fn host_options(inputs: &HostInputs) -> Result<HostOptions, RunError> {
    let mut secrets = BTreeMap::new();
    if let Some(file) = &inputs.secrets_file {
        secrets.extend(gtdx_runtime::inputs::read_secrets_file(file)?);
    }
    for (i, s) in inputs.secrets.iter().enumerate() {
        // What was given is never repeated: without a key, it may be the secret itself.
        let Some((k, v)) = s.split_once('=').filter(|(k, _)| !k.trim().is_empty()) else {
            return Err(RunError::Usage(format!(
                "--secret takes KEY=VALUE, and the {} --secret given has no key before a `=` (its \
                 text is not shown: it may be the secret itself). Name the key the tool reads, \
                 e.g. --secret tavily/api_key=...",
                ordinal(i + 1)
            )));
        };
        secrets.insert(k.trim().to_string(), v.to_string());
    }
    let llm = match (&inputs.llm_fixture, &inputs.llm_endpoint) {
        (Some(f), _) => LlmSource::Fixture(gtdx_runtime::inputs::read_llm_fixtures(f)?),
        (None, Some(url)) => LlmSource::Endpoint {
            url: url.clone(),
            model: std::env::var("GTDX_LLM_MODEL").ok(),
            api_key: std::env::var("GTDX_LLM_API_KEY").ok(),
        },
        (None, None) => LlmSource::None,
    };
    Ok(HostOptions {
        secrets,
        secrets_from_env: true,
        net_allow: (!inputs.net_allow.is_empty()).then(|| inputs.net_allow.clone()),
        timeout: check_timeout(
            inputs
                .timeout
                .unwrap_or(gtdx_runtime::limits::DEFAULT_TIMEOUT),
        )
        .map_err(|why| RunError::Usage(format!("--timeout: {why}")))?,
        canned_http: None,
        llm,
        with: Vec::new(),
    })
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The extension of `source` and describe.json's name as the user refers to it.
pub fn load_source(
    source: &Source,
    progress: &mut dyn Progress,
) -> Result<(Extension, String), RunError> {
    match source {
        Source::Project { manifest_path } => {
            let outcome = crate::build::build(
                &crate::build::BuildOptions {
                    manifest_path: manifest_path.clone(),
                    profile: crate::build::Profile::Release,
                    out_dir: None,
                    color: false,
                    estimate_total: false,
                    locked: false,
                },
                progress,
            )?;
            let (ext, _) = load_pack(&outcome.packed.path, &TrustInputs::default())?;
            Ok((ext, outcome.describe_file))
        }
        Source::Pack { path, trust } => load_pack(path, trust),
        Source::Wasm { wasm, describe } => {
            let component = gtdx_fsx::read(wasm, limits::COMPONENT)?;
            let file = describe.display().to_string();
            let d = gtdx_contract::json::load_manifest(describe)?.describe;
            let mut messages = gtdx_runtime::inputs::localization(&d);
            if let Some(dir) = describe.parent() {
                let f = dir.join(format!(
                    "i18n/{}.json",
                    gtdx_runtime::inputs::default_locale(&d)
                ));
                if f.is_file()
                    && let Ok(bytes) = gtdx_fsx::read(&f, limits::ASSET)
                {
                    messages.extend(gtdx_runtime::inputs::flat_messages(&bytes));
                }
            }
            Ok((
                Extension {
                    source: wasm.display().to_string(),
                    describe: d,
                    component,
                    messages,
                },
                file,
            ))
        }
    }
}

/// A pack, integrity checked (and its signature, with trusted keys), as an [`Extension`].
pub fn load_pack(path: &Path, trust: &TrustInputs) -> Result<(Extension, String), RunError> {
    let policy = trust.policy()?;
    let report = gtdx_sign::verify_pack_with(
        path,
        &policy,
        gtdx_sign::VerifyOptions {
            integrity_only: trust.is_empty(),
        },
    )
    .map_err(|e| RunError::Pack(e.to_string()))?;
    if report.result != gtdx_sign::verify::Outcome::Valid {
        let failed: Vec<String> = report
            .checks
            .iter()
            .filter(|c| {
                !matches!(
                    c.status,
                    gtdx_sign::verify::Status::Pass | gtdx_sign::verify::Status::Skip
                )
            })
            .map(|c| format!("{}: {}", c.check, c.message))
            .collect();
        return Err(RunError::Pack(format!(
            "{} fails its checks, so gtdx will not run it: {}. `gtdx verify {}` shows every check",
            path.display(),
            failed.join("; "),
            path.display()
        )));
    }
    let keep = |name: &str| {
        name == "describe.json" || name.ends_with(".wasm") || name.starts_with("i18n/")
    };
    let pack = gtdx_pack::read_pack_with(
        path,
        &gtdx_pack::ReadOptions {
            keep: Some(&keep),
            max_kept: None,
        },
    )
    .map_err(|e| RunError::Pack(e.to_string()))?;
    let file = format!("{}!describe.json", path.display());
    let describe_bytes = pack
        .describe
        .as_deref()
        .ok_or_else(|| RunError::Pack(format!("{} has no describe.json", path.display())))?;
    let d =
        gtdx_contract::json::manifest_from_bytes(file.clone(), describe_bytes.to_vec())?.describe;
    let component_path = d
        .runtime
        .components
        .values()
        .find_map(|c| c.gtpack.as_ref().map(|g| g.file.clone()))
        .unwrap_or_else(|| "extension.wasm".to_string());
    let component = pack
        .entry(&component_path)
        .and_then(|e| e.bytes.clone())
        .ok_or_else(|| {
            RunError::Pack(format!(
                "{} holds no component at {component_path} (runtime.components[].gtpack.file)",
                path.display()
            ))
        })?;
    let mut messages = gtdx_runtime::inputs::localization(&d);
    if let Some(bytes) = pack
        .entry(&format!(
            "i18n/{}.json",
            gtdx_runtime::inputs::default_locale(&d)
        ))
        .and_then(|e| e.bytes.as_deref())
    {
        messages.extend(gtdx_runtime::inputs::flat_messages(bytes));
    }
    Ok((
        Extension {
            source: path.display().to_string(),
            describe: d,
            component,
            messages,
        },
        file,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_input_is_refused_with_its_offset() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("input.json");
        std::fs::write(&file, b"{\"name\": \"Ad\xffa\"}").unwrap();
        let err = read_input(&Input::File(file.clone()))
            .unwrap_err()
            .to_string();
        assert!(err.contains("invalid byte at offset 12"), "{err}");
        assert!(err.starts_with(&file.display().to_string()), "{err}");
    }

    #[test]
    fn secret_text_is_never_repeated() {
        for given in [
            "sk-proj-abc123DEF",
            "=sk-proj-abc123DEF",
            " =sk-proj-abc123DEF",
        ] {
            let inputs = HostInputs {
                secrets: vec!["team/ok=1".into(), given.into()],
                ..Default::default()
            };
            let Err(e) = host_options(&inputs) else {
                panic!("{given} was accepted");
            };
            let text = e.to_string();
            assert!(!text.contains("sk-proj"), "{text}");
            assert!(text.contains("the 2nd --secret"), "{text}");
        }
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
