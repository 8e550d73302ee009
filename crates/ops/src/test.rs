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

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gtdx_fsx::limits;
use gtdx_runtime::{CallOutcome, CannedExchange};
use serde::Deserialize;
use serde_json::Value;

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

/// One test file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDoc {
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    cases: Option<Vec<CaseDoc>>,
    // a one-case file
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    input: Option<Value>,
    #[serde(default)]
    expect: Option<Expect>,
    #[serde(default)]
    secrets: BTreeMap<String, String>,
    #[serde(default)]
    http: Vec<CannedExchange>,
    #[serde(default)]
    timeout_ms: Option<u64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseDoc {
    name: String,
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    input: Option<Value>,
    expect: Expect,
    #[serde(default)]
    secrets: BTreeMap<String, String>,
    #[serde(default)]
    http: Vec<CannedExchange>,
    #[serde(default)]
    timeout_ms: Option<u64>,
}

/// What a case expects.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Expect {
    #[serde(default)]
    pub output: Option<Value>,
    #[serde(default)]
    pub output_contains: Option<Value>,
    #[serde(default)]
    pub error: Option<ExpectError>,
}

#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectError {
    /// `invalid-input`, `missing-capability`, `permission-denied`, `not-found`,
    /// `schema-invalid`, `internal`.
    #[serde(default)]
    pub variant: Option<String>,
    /// A substring of the message.
    #[serde(default)]
    pub message: Option<String>,
}

/// One case, ready to run.
#[derive(Debug, Clone)]
pub struct Case {
    pub file: String,
    pub name: String,
    pub tool: String,
    pub input: Value,
    pub expect: Expect,
    pub secrets: BTreeMap<String, String>,
    pub http: Vec<CannedExchange>,
    pub timeout: Option<Duration>,
}

impl Case {
    pub fn id(&self) -> String {
        format!("{}::{}", self.file, self.name)
    }
}

/// One case's verdict.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CaseResult {
    pub file: String,
    pub name: String,
    pub tool: String,
    pub passed: bool,
    /// Why it failed (empty when it passed).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub message: String,
    #[serde(rename = "elapsedMs")]
    pub elapsed_ms: u128,
}

/// Every verdict.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TestReport {
    pub extension: String,
    pub cases: Vec<CaseResult>,
    pub passed: usize,
    pub failed: usize,
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
    let prepared = prepare(&options.source, &options.host, progress)?;
    if let Some(d) = &options.discovery {
        return discovery(&prepared, d).map(|o| TestOutcome::Discovery(Box::new(o)));
    }
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

/// Every case of every `*.json`, `*.toml`, `*.yaml`/`*.yml` file in `dir`, in file-name order.
pub fn load_cases(dir: &Path) -> Result<Vec<Case>, RunError> {
    let entries = std::fs::read_dir(dir).map_err(|e| RunError::BadFile {
        file: dir.display().to_string(),
        message: format!(
            "cannot read the tool tests directory ({e}); write tests in tests/tools/*.json \
             (`gtdx new` generates examples) or name the directory with --tests DIR"
        ),
    })?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "toml" | "yaml" | "yml")
            )
        })
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        cases.extend(parse_file(&f)?);
    }
    Ok(cases)
}

fn parse_file(path: &Path) -> Result<Vec<Case>, RunError> {
    let file = path.display().to_string();
    let bad = |message: String| RunError::BadFile {
        file: file.clone(),
        message,
    };
    let bytes = gtdx_fsx::read(path, limits::TOOL_TESTS)?;
    let text = String::from_utf8(bytes).map_err(|_| bad("not UTF-8 text".into()))?;
    let value: Value = match path.extension().and_then(|e| e.to_str()) {
        Some("toml") => toml::from_str(&text).map_err(|e| bad(format!("not TOML: {e}")))?,
        Some("yaml" | "yml") => {
            serde_yaml_ng::from_str(&text).map_err(|e| bad(format!("not YAML: {e}")))?
        }
        _ => serde_json::from_str(&text).map_err(|e| {
            bad(format!(
                "not JSON at line {}, column {}: {e}",
                e.line(),
                e.column()
            ))
        })?,
    };
    let doc: FileDoc = serde_path_to_error::deserialize(&value).map_err(|e| {
        let at = e.path().to_string();
        bad(format!(
            "at `{}`: {}. A test file holds {{\"tool\", \"cases\": [{{\"name\", \"input\", \
             \"expect\": {{\"output\" | \"outputContains\" | \"error\"}}}}]}}",
            if at == "." { "/" } else { &at },
            e.inner()
        ))
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let short = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let docs: Vec<CaseDoc> = match doc.cases {
        Some(c) => c,
        None => {
            let Some(expect) = doc.expect else {
                return Err(bad(
                    "neither `cases` nor `expect`: give a list of cases, or one case's \
                     `input` and `expect`"
                        .into(),
                ));
            };
            vec![CaseDoc {
                name: doc.name.unwrap_or(stem),
                tool: None,
                input: doc.input,
                expect,
                secrets: doc.secrets,
                http: doc.http,
                timeout_ms: doc.timeout_ms,
            }]
        }
    };
    let mut out = Vec::new();
    for (i, c) in docs.into_iter().enumerate() {
        let Some(tool) = c.tool.or_else(|| doc.tool.clone()) else {
            return Err(bad(format!(
                "case {} (`{}`) names no tool: add \"tool\" to the case or the file",
                i, c.name
            )));
        };
        let e = &c.expect;
        let kinds = [
            e.output.is_some(),
            e.output_contains.is_some(),
            e.error.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Err(bad(format!(
                "case `{}`: `expect` needs exactly one of `output`, `outputContains`, `error`",
                c.name
            )));
        }
        out.push(Case {
            file: short.clone(),
            name: c.name,
            tool,
            input: c.input.unwrap_or_else(|| Value::Object(Default::default())),
            expect: c.expect,
            secrets: c.secrets,
            http: c.http,
            timeout: c.timeout_ms.map(Duration::from_millis),
        });
    }
    Ok(out)
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

/// The pointer of the first place `expected` is not contained in `actual`, if any.
pub fn subset_mismatch(expected: &Value, actual: &Value, at: &str) -> Option<String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().find_map(|(k, ev)| {
            let here = format!("{at}/{k}");
            match a.get(k) {
                Some(av) => subset_mismatch(ev, av, &here),
                None => Some(here),
            }
        }),
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Some(at.to_string());
            }
            e.iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (ev, av))| subset_mismatch(ev, av, &format!("{at}/{i}")))
        }
        _ => (expected != actual).then(|| at.to_string()),
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

/// The report as JUnit XML (one test suite, one test case per case).
pub fn junit_xml(report: &TestReport) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuites tests=\"{}\" failures=\"{}\">\n  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n",
        report.cases.len(),
        report.failed,
        esc(&report.extension),
        report.cases.len(),
        report.failed
    ));
    for c in &report.cases {
        let time = c.elapsed_ms as f64 / 1000.0;
        out.push_str(&format!(
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{time:.3}\"",
            esc(&c.file),
            esc(&c.name)
        ));
        if c.passed {
            out.push_str("/>\n");
        } else {
            out.push_str(&format!(
                ">\n      <failure message=\"{}\"/>\n    </testcase>\n",
                esc(&c.message)
            ));
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// Writes [`junit_xml`] to `path` atomically.
pub fn write_junit(path: &Path, report: &TestReport) -> Result<(), RunError> {
    Ok(gtdx_fsx::write_atomic(path, junit_xml(report).as_bytes())?)
}
