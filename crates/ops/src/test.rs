//! `gtdx test`: table-driven tool tests from `tests/tools/*.{json,toml,yaml}`, each case one
//! call under gtdx's host ([`crate::run`]), with the case's secrets and canned HTTP exchanges
//! (served after the same permission checks as real requests; a request no exchange answers
//! fails, so a test never reaches the network).
//!
//! A file holds cases, or is one case:
//!
//! ```json
//! { "tool": "greet",
//!   "cases": [
//!     { "name": "greets Ada", "input": {"name": "Ada"},
//!       "expect": {"output": {"message": "Hello, Ada!"}} },
//!     { "name": "blank name", "input": {"name": " "},
//!       "expect": {"error": {"variant": "invalid-input", "message": "blank"}} },
//!     { "name": "weather", "tool": "forecast", "input": {"city": "Oslo"},
//!       "secrets": {"weather/api_key": "test"},
//!       "http": [{"url": "https://api.weather.example/v1/oslo", "json": {"temp": 3}}],
//!       "expect": {"outputContains": {"temp": 3}} } ] }
//! ```
//!
//! `output` is compared exactly, `outputContains` as a JSON subset (objects may have more
//! members; arrays compare element by element), `error` by variant and message substring.
//! `gtdx test --discovery` runs the declared discovery tool and returns its descriptors
//! ([`DiscoveryOutcome::descriptors`]), the input of the dynamic-tools admission.

use std::path::{Path, PathBuf};

use gtdx_runtime::CallOutcome;
use serde_json::Value;

pub use gtdx_runtime::cases::{
    Case, CaseResult, Expect, ExpectError, TestReport, junit_xml, subset_mismatch,
};

use crate::progress::Progress;
use crate::run::{HostInputs, Prepared, RunError, Source, prepare};

/// `gtdx test [--tool NAME] [--filter TEXT] [--discovery]`
#[derive(Debug, Clone)]
pub struct TestOptions {
    pub source: Source,
    /// The directory of test files (default `tests/tools` beside Cargo.toml, or in the current
    /// directory for a pack or a component).
    pub dir: Option<PathBuf>,
    /// Only cases of this tool.
    pub tool: Option<String>,
    /// Only cases whose `file::name` contains this text.
    pub filter: Option<String>,
    pub host: HostInputs,
    /// Run the discovery tool instead of the tests.
    pub discovery: Option<DiscoveryOptions>,
}

/// `--discovery [--org ORG] [--grant FILE] [--max-derived-tools N]
/// [--connection NAME --catalog DIR] [--input JSON]`
#[derive(Debug, Clone)]
pub struct DiscoveryOptions {
    /// The organisation the extension is installed in (the `<org>` of scoped ids).
    pub org: String,
    /// The connection's grant file; `None`: the installed-extension grant.
    pub grant: Option<PathBuf>,
    /// The server cap on derived tools per connection.
    pub max_derived_tools: u32,
    /// The per-connection catalog to sync with what was admitted.
    pub catalog: Option<crate::dynamic::CatalogTarget>,
    /// The discovery tool's input (`{}` by default: the platform supplies only profile config).
    pub input: crate::run::Input,
}

/// What the discovery tool returned, and what the dynamic-tools admission made of it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DiscoveryOutcome {
    pub extension: String,
    pub tool: String,
    /// How many descriptors the tool returned.
    pub discovered: usize,
    /// The six controls' verdicts (and the synced catalog, with `--catalog`).
    pub admission: crate::dynamic::AdmitOutcome,
}

/// What `gtdx test` did.
#[derive(Debug, Clone)]
pub enum TestOutcome {
    Tests(TestReport),
    Discovery(Box<DiscoveryOutcome>),
}

/// Runs `gtdx test`.
pub fn test(options: &TestOptions, progress: &mut dyn Progress) -> Result<TestOutcome, RunError> {
    if let Some(d) = &options.discovery {
        let prepared = prepare(&options.source, &options.host, progress)?;
        return discovery(&prepared, d).map(|o| TestOutcome::Discovery(Box::new(o)));
    }
    // The cases are read (and a bad file refused) before anything is built or compiled.
    let dir = options
        .dir
        .clone()
        .unwrap_or_else(|| match &options.source {
            Source::Project { manifest_path } => manifest_path
                .parent()
                .map_or_else(|| PathBuf::from("tests/tools"), |p| p.join("tests/tools")),
            _ => PathBuf::from("tests/tools"),
        });
    let mut cases = load_cases(&dir)?;
    cases.retain(|c| options.tool.as_ref().is_none_or(|t| &c.tool == t));
    cases.retain(|c| {
        options
            .filter
            .as_ref()
            .is_none_or(|f| c.id().contains(f.as_str()))
    });
    let prepared = prepare(&options.source, &options.host, progress)?;
    let results = cases
        .iter()
        .map(|c| run_case(&prepared, c))
        .collect::<Vec<_>>();
    let passed = results.iter().filter(|r| r.passed).count();
    Ok(TestOutcome::Tests(TestReport {
        extension: prepared.loaded.id().to_string(),
        failed: results.len() - passed,
        passed,
        cases: results,
    }))
}

/// Runs one case and judges it.
pub fn run_case(prepared: &Prepared, case: &Case) -> CaseResult {
    let start = std::time::Instant::now();
    let verdict = judge(prepared, case);
    CaseResult {
        file: case.file.clone(),
        name: case.name.clone(),
        tool: case.tool.clone(),
        passed: verdict.is_ok(),
        message: verdict.err().unwrap_or_default(),
        elapsed_ms: start.elapsed().as_millis(),
    }
}

fn judge(prepared: &Prepared, case: &Case) -> Result<(), String> {
    if let Err(e) = crate::run::check_tool(prepared, &case.tool, &case.input) {
        // A case may expect the input to be refused.
        return match &case.expect.error {
            Some(x)
                if x.variant.as_deref().is_none_or(|v| v == "invalid-input")
                    && x.message
                        .as_deref()
                        .is_none_or(|m| e.to_string().contains(m)) =>
            {
                Ok(())
            }
            _ => Err(e.to_string()),
        };
    }
    let mut host = prepared.host.clone();
    host.secrets.extend(case.secrets.clone());
    host.canned_http = Some(case.http.clone());
    if let Some(t) = case.timeout {
        host.timeout = t;
    }
    let call = prepared
        .runtime
        .call(&prepared.loaded, &case.tool, &case.input.to_string(), &host);
    match (&call.outcome, &case.expect) {
        (CallOutcome::Ok { output }, Expect { error: None, .. }) => {
            let actual: Value = serde_json::from_str(output)
                .map_err(|e| format!("the tool returned text that is not JSON ({e}): {output}"))?;
            if let Some(exp) = &case.expect.output
                && &actual != exp
            {
                return Err(format!("expected output {exp}, got {actual}"));
            }
            if let Some(exp) = &case.expect.output_contains
                && let Some(at) = subset_mismatch(exp, &actual, "")
            {
                return Err(format!(
                    "output does not contain the expected value at `{}`: expected {exp}, got {actual}",
                    if at.is_empty() { "/" } else { &at }
                ));
            }
            Ok(())
        }
        (CallOutcome::Ok { output }, Expect { error: Some(_), .. }) => {
            Err(format!("expected an error, got output {output}"))
        }
        (CallOutcome::ToolError(f), Expect { error: Some(x), .. }) => {
            if let Some(v) = &x.variant
                && v != &f.variant
            {
                return Err(format!(
                    "expected error variant {v}, got {}: {}",
                    f.variant, f.message
                ));
            }
            if let Some(m) = &x.message
                && !f.message.contains(m.as_str())
            {
                return Err(format!(
                    "expected the error message to contain {m:?}, got {}: {}",
                    f.variant, f.message
                ));
            }
            Ok(())
        }
        (CallOutcome::ToolError(f), _) => Err(format!(
            "the tool returned an error: {}: {}",
            f.variant, f.message
        )),
        (CallOutcome::Failed { message, .. }, _) => Err(message.clone()),
    }
}

/// Runs the declared discovery tool and puts its descriptors through the dynamic-tools
/// admission (`gtdx dynamic admit`), syncing the connection's catalog when one is given. A
/// discovery that fails (a tool error, a trap, output that is not descriptors) admits nothing
/// and leaves the catalog as it was, as on the platform.
pub fn discovery(
    prepared: &Prepared,
    options: &DiscoveryOptions,
) -> Result<DiscoveryOutcome, RunError> {
    let describe = &prepared.loaded.extension.describe;
    let Some(dt) = &describe.contributions.dynamic_tools else {
        return Err(RunError::Usage(format!(
            "{} declares no contributions.dynamicTools, so it has no discovery tool to run; \
             mark one tool #[tool(discovery)] and run `gtdx describe`",
            prepared.describe_file
        )));
    };
    let tool = dt.discovery_tool.clone();
    let input = crate::run::read_input(&options.input)?;
    crate::run::check_tool(prepared, &tool, &input)?;
    let call = prepared
        .runtime
        .call(&prepared.loaded, &tool, &input.to_string(), &prepared.host);
    let output = match call.outcome {
        CallOutcome::Ok { output } => descriptors_of(&output),
        CallOutcome::ToolError(f) => Err(format!(
            "the tool returned an error: {}: {}",
            f.variant, f.message
        )),
        CallOutcome::Failed { message, .. } => Err(message),
    };
    let discovered = output
        .as_ref()
        .map_or(0, |v| v.as_array().map_or(0, Vec::len));
    // The code artifact is the component that ran: its bytes' digest, under each component key
    // when describe.json has one component (with several, the declared digests stand).
    let component_sha = gtdx_pack::sha256_hex(&prepared.loaded.extension.component);
    let components = &describe.runtime.components;
    let artifacts = if components.len() == 1 {
        components
            .keys()
            .map(|k| (k.clone(), component_sha.clone()))
            .collect()
    } else {
        Default::default()
    };
    let admission = crate::dynamic::admit(&crate::dynamic::AdmitOptions {
        descriptors: crate::dynamic::Descriptors::Returned {
            tool: tool.clone(),
            output,
        },
        extension: crate::dynamic::Extension::Loaded {
            path: PathBuf::from(&prepared.describe_file),
            describe: Box::new(describe.clone()),
            artifacts,
        },
        org: options.org.clone(),
        grant: options.grant.clone(),
        max_derived_tools: options.max_derived_tools,
        catalog: options.catalog.clone(),
    })?;
    Ok(DiscoveryOutcome {
        extension: prepared.loaded.id().to_string(),
        tool,
        discovered,
        admission,
    })
}

/// A discovery tool's output as the admission takes it: a JSON array of descriptors (also
/// accepted: an object holding it under `descriptors` or `tools`).
fn descriptors_of(output: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(output)
        .map_err(|e| format!("the tool returned text that is not JSON: {e}"))?;
    match v {
        Value::Array(_) => Ok(v),
        Value::Object(mut o) => match o.remove("descriptors").or_else(|| o.remove("tools")) {
            Some(a @ Value::Array(_)) => Ok(a),
            _ => Err("the tool returned an object without a `descriptors` array".into()),
        },
        _ => Err("the tool returned neither an array nor an object of descriptors".into()),
    }
}

/// Every case of every test file in `dir` ([`gtdx_runtime::cases::load_cases`]).
pub fn load_cases(dir: &Path) -> Result<Vec<Case>, RunError> {
    Ok(gtdx_runtime::cases::load_cases(dir)?)
}

/// Writes the report as JUnit XML to `path` atomically.
pub fn write_junit(path: &Path, report: &TestReport) -> Result<(), RunError> {
    Ok(gtdx_runtime::cases::write_junit(path, report)?)
}
