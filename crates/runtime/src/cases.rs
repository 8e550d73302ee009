//! `gtdx test`'s case files and reports: the files under `tests/tools/` (JSON, TOML or YAML,
//! one case or a list, each with its tool, input, canned secrets and HTTP, and what it expects),
//! the subset comparison `outputContains` uses, and the JUnit XML a CI reads. The orchestration
//! (prepare the extension, run each case, judge it) is `gtdx_ops::test`'s.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gtdx_fsx::limits;
use serde::Deserialize;
use serde_json::Value;

use crate::CannedExchange;

pub use crate::inputs::FileError as CaseError;

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

/// Every case of every `*.json`, `*.toml`, `*.yaml`/`*.yml` file in `dir`, in file-name order.
pub fn load_cases(dir: &Path) -> Result<Vec<Case>, CaseError> {
    let entries = std::fs::read_dir(dir).map_err(|e| CaseError::BadFile {
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

fn parse_file(path: &Path) -> Result<Vec<Case>, CaseError> {
    let file = path.display().to_string();
    let bad = |message: String| CaseError::BadFile {
        file: file.clone(),
        message,
    };
    let bytes = gtdx_fsx::read(path, limits::TOOL_TESTS)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        bad(format!(
            "not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let value: Value = match path.extension().and_then(|e| e.to_str()) {
        // Placed by line and column, without toml's excerpt of the line: it may hold a secret.
        Some("toml") => toml::from_str(&text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start).min(text.len());
            let before = text.get(..at).unwrap_or_default();
            let line = before.matches('\n').count() + 1;
            let column = before
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .chars()
                .count()
                + 1;
            bad(format!(
                "not TOML at line {line}, column {column}: {}",
                e.message().trim_end()
            ))
        })?,
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
        // serde quotes the value it refused; under `secrets` that value may be a secret.
        let under_secrets = e
            .path()
            .iter()
            .any(|s| matches!(s, serde_path_to_error::Segment::Map { key } if key == "secrets"));
        let why = if under_secrets {
            "`secrets` is an object of secret keys and their string values, e.g. \
             {\"weather/api_key\": \"test\"} (what was given is not shown: it may be a secret)"
                .to_string()
        } else {
            e.inner().to_string()
        };
        bad(format!(
            "at `{}`: {why}. A test file holds {{\"tool\", \"cases\": [{{\"name\", \"input\", \
             \"expect\": {{\"output\" | \"outputContains\" | \"error\"}}}}]}}",
            if at == "." { "/" } else { &at },
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
        let timeout = c
            .timeout_ms
            .map(|ms| crate::limits::check_timeout(Duration::from_millis(ms)))
            .transpose()
            .map_err(|why| bad(format!("case `{}`: `timeout_ms`: {why}", c.name)))?;
        out.push(Case {
            file: short.clone(),
            name: c.name,
            tool,
            input: c.input.unwrap_or_else(|| Value::Object(Default::default())),
            expect: c.expect,
            secrets: c.secrets,
            http: c.http,
            timeout,
        });
    }
    Ok(out)
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
pub fn write_junit(path: &Path, report: &TestReport) -> Result<(), gtdx_fsx::FsError> {
    gtdx_fsx::write_atomic(path, junit_xml(report).as_bytes())
}
