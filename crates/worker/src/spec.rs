//! The worker spec (`worker.toml`, or `.yaml`/`.yml`/`.json`): what a release engineer writes.
//!
//! Parsing is strict: every struct rejects unknown keys, and a rejection names the file, the
//! `line:column` of the offending key and the nearest key that is known there.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Place, SpecError};

/// The runtime's default for `limits.max_iter`.
pub const DEFAULT_MAX_ITER: u32 = 8;
/// The runtime's default for `limits.timeout_seconds`.
pub const DEFAULT_TIMEOUT_SECONDS: u32 = 60;
/// The runtime's default for `limits.max_history_turns`.
pub const DEFAULT_MAX_HISTORY_TURNS: u32 = 20;

/// A Digital Worker spec, as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerSpec {
    /// The worker's name.
    pub name: String,
    /// What the worker is for.
    #[serde(default)]
    pub description: Option<String>,
    /// The tenant the worker belongs to.
    pub tenant: String,
    /// How the worker runs.
    pub kind: WorkerKind,
    /// The model the worker talks to.
    pub llm: Llm,
    /// The system instructions.
    #[serde(default)]
    pub instructions: Option<String>,
    /// The voice of the worker, e.g. `friendly`.
    #[serde(default)]
    pub tone: Option<String>,
    /// BCP 47 locale, e.g. `en-GB`.
    #[serde(default)]
    pub locale: Option<String>,
    /// The first message the worker sends.
    #[serde(default)]
    pub opening_message: Option<String>,
    /// Runtime limits; each absent field takes the runtime's default.
    #[serde(default)]
    pub limits: SpecLimits,
    /// Paths of `.gtxpack` files, relative to the spec file.
    #[serde(default)]
    pub extensions: Vec<String>,
    /// The agent's allow-list; absent means every agentic tool of every extension.
    #[serde(default)]
    pub tools: Option<Vec<ToolRef>>,
}

/// The worker kinds the runtime knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerKind {
    SingleTurn,
    AgentGraph,
    DeepWorker,
}

impl WorkerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            WorkerKind::SingleTurn => "single_turn",
            WorkerKind::AgentGraph => "agent_graph",
            WorkerKind::DeepWorker => "deep_worker",
        }
    }
}

/// The model binding. `credential_ref` names a secret; it is never the secret itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Llm {
    pub provider: String,
    pub model: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential_ref: Option<String>,
}

/// Limits as written; `None` takes the runtime's default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecLimits {
    #[serde(default)]
    pub max_iter: Option<u32>,
    #[serde(default)]
    pub timeout_seconds: Option<u32>,
    #[serde(default)]
    pub max_history_turns: Option<u32>,
}

/// Limits with the runtime's defaults applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    pub max_iter: u32,
    pub timeout_seconds: u32,
    pub max_history_turns: u32,
}

impl SpecLimits {
    pub fn resolve(&self) -> Limits {
        Limits {
            max_iter: self.max_iter.unwrap_or(DEFAULT_MAX_ITER),
            timeout_seconds: self.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS),
            max_history_turns: self.max_history_turns.unwrap_or(DEFAULT_MAX_HISTORY_TURNS),
        }
    }
}

/// One allow-list entry.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolRef {
    pub extension_id: String,
    pub tool_name: String,
}

/// The three spellings a spec can come in, chosen by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecFormat {
    Toml,
    Yaml,
    Json,
}

impl SpecFormat {
    pub fn from_path(path: &Path) -> Option<Self> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("toml") => Some(SpecFormat::Toml),
            Some("yaml" | "yml") => Some(SpecFormat::Yaml),
            Some("json") => Some(SpecFormat::Json),
            _ => None,
        }
    }
}

/// A parsed spec, with the text it came from so later errors can point into it.
#[derive(Debug, Clone)]
pub struct LoadedSpec {
    pub path: PathBuf,
    pub format: SpecFormat,
    pub text: String,
    pub spec: WorkerSpec,
}

/// Where a list element of the spec sits, e.g. `tools` index 2.
#[derive(Debug, Clone, Copy)]
pub enum SpecPath<'a> {
    Element(&'a str, usize),
}

impl LoadedSpec {
    /// Reads and parses a spec file.
    pub fn load(path: &Path) -> Result<Self, SpecError> {
        let format = SpecFormat::from_path(path).ok_or_else(|| SpecError::UnknownFormat {
            path: path.to_path_buf(),
        })?;
        let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::SPEC).map_err(SpecError::Io)?;
        let text = String::from_utf8(bytes).map_err(|e| SpecError::Invalid {
            place: Box::new(Place::file(path)),
            message: format!(
                "the file is not UTF-8 (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
            help: None,
        })?;
        let spec = parse(path, format, &text)?;
        validate(path, &spec)?;
        Ok(LoadedSpec {
            path: path.to_path_buf(),
            format,
            text,
            spec,
        })
    }

    /// The directory pack paths are relative to.
    pub fn base_dir(&self) -> PathBuf {
        match self.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// The place of a list element (`tools[2]`), with `line:column` where the format allows it.
    pub fn place(&self, at: SpecPath<'_>) -> Place {
        let SpecPath::Element(key, index) = at;
        let label = format!("{key}[{index}]");
        let pos = match self.format {
            SpecFormat::Json => gtdx_contract::source::SourceMap::index(&self.text)
                .value_position(&format!("/{key}/{index}"))
                .map(|p| (p.line, p.column)),
            SpecFormat::Toml => {
                toml_element_offset(&self.text, key, index).map(|off| line_col(&self.text, off))
            }
            SpecFormat::Yaml => None,
        };
        Place {
            file: self.path.clone(),
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            label: Some(label),
        }
    }
}

/// How deeply a worker spec may nest (a real one nests four levels). Deeper text is refused
/// before it reaches a parser: the YAML parser's work grows with the square of the nesting
/// (a 100,000-deep spec took 16 s) and the TOML and JSON parsers recurse.
pub const MAX_SPEC_DEPTH: usize = 64;

/// A linear estimate of the spec's nesting, checked against [`MAX_SPEC_DEPTH`]: flow brackets
/// (`[` `{`, outside strings and comments) in every format; in YAML also block indentation
/// levels and `- ` sequence markers; in TOML also the segments of dotted keys.
fn check_depth(path: &Path, format: SpecFormat, text: &str) -> Result<(), SpecError> {
    let too_deep = |line: usize| {
        invalid(
            path,
            Some(line),
            Some(1),
            &format!(
                "the spec nests deeper than {MAX_SPEC_DEPTH} levels; a worker spec is a few \
                 levels of keys and lists, so this is not one"
            ),
        )
    };
    let yaml = format == SpecFormat::Yaml;
    let toml = format == SpecFormat::Toml;
    let mut flow = 0usize;
    // YAML block structure: the indentation columns of the open levels.
    let mut indents: Vec<usize> = Vec::new();
    let mut in_string: Option<char> = None;
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let mut block = 0usize;
        if yaml && in_string.is_none() && flow == 0 {
            let trimmed = line.trim_start_matches(' ');
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                let mut col = line.len() - trimmed.len();
                let mut rest = trimmed;
                while let Some(r) = rest
                    .strip_prefix("- ")
                    .or_else(|| (rest == "-").then_some(""))
                {
                    while indents.last().is_some_and(|&i| i >= col) {
                        indents.pop();
                    }
                    indents.push(col);
                    let r2 = r.trim_start_matches(' ');
                    col += 1 + (r.len() - r2.len()) + 1;
                    rest = r2;
                    if indents.len() > MAX_SPEC_DEPTH {
                        return Err(too_deep(line_no));
                    }
                }
                while indents.last().is_some_and(|&i| i >= col) {
                    indents.pop();
                }
                indents.push(col);
                block = indents.len();
            }
        }
        let mut key_dots = 0usize;
        let mut peak = flow;
        let mut in_key = toml && in_string.is_none() && flow == 0;
        let mut prev = '\0';
        for c in line.chars() {
            match in_string {
                Some(q) => {
                    if c == q && !(q == '"' && prev == '\\') {
                        in_string = None;
                    }
                }
                None => match c {
                    '#' => break,
                    '"' => in_string = Some('"'),
                    '\'' => in_string = Some('\''),
                    '[' | '{' => {
                        flow += 1;
                        peak = peak.max(flow);
                    }
                    ']' | '}' => flow = flow.saturating_sub(1),
                    '=' if in_key => in_key = false,
                    '.' if in_key => key_dots += 1,
                    _ => {}
                },
            }
            prev = if prev == '\\' && c == '\\' { '\0' } else { c };
        }
        // A YAML or TOML string ends with its line (multi-line strings aside: they only make
        // the estimate smaller).
        if !matches!(format, SpecFormat::Json) && in_string == Some('\'') {
            in_string = None;
        }
        if peak + block + key_dots > MAX_SPEC_DEPTH {
            return Err(too_deep(line_no));
        }
    }
    Ok(())
}

/// Parses spec text in the given format.
pub fn parse(path: &Path, format: SpecFormat, text: &str) -> Result<WorkerSpec, SpecError> {
    check_depth(path, format, text)?;
    match format {
        SpecFormat::Toml => toml::from_str::<WorkerSpec>(text).map_err(|e| {
            let (line, column) = match e.span() {
                Some(span) => {
                    let (l, c) = line_col(text, span.start);
                    (Some(l), Some(c))
                }
                None => (None, None),
            };
            invalid(path, line, column, e.message())
        }),
        SpecFormat::Yaml => serde_yaml_ng::from_str::<WorkerSpec>(text).map_err(|e| {
            let loc = e.location();
            invalid(
                path,
                loc.as_ref().map(|l| l.line()),
                loc.as_ref().map(|l| l.column()),
                &strip_location(&e.to_string()),
            )
        }),
        SpecFormat::Json => serde_json::from_str::<WorkerSpec>(text).map_err(|e| {
            let (l, c) = (e.line(), e.column());
            let known = l > 0;
            invalid(
                path,
                known.then_some(l),
                known.then_some(c),
                &strip_location(&e.to_string()),
            )
        }),
    }
}

fn invalid(path: &Path, line: Option<usize>, column: Option<usize>, message: &str) -> SpecError {
    let mut message = message.trim().trim_end_matches('.').to_string();
    let help = suggestion(&message);
    if help.is_some() {
        // The help lists the known names; serde's own list would repeat them.
        if let Some(i) = message.find(", expected") {
            message.truncate(i);
        }
    }
    SpecError::Invalid {
        place: Box::new(Place {
            file: path.to_path_buf(),
            line,
            column,
            label: None,
        }),
        message,
        help,
    }
}

/// serde_json and serde_yaml append ` at line L column C`; the place is reported separately.
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// For serde's `unknown field `x`, expected one of `a`, `b`` (and `unknown variant`), the
/// nearest known name.
fn suggestion(message: &str) -> Option<String> {
    // YAML prefixes the path (`llm: unknown field ...`).
    let find = |needle: &str| message.find(needle).map(|i| &message[i + needle.len()..]);
    let (what, rest) = if let Some(r) = find("unknown field `") {
        ("key", r)
    } else if let Some(r) = find("unknown variant `") {
        ("value", r)
    } else {
        return None;
    };
    let end = rest.find('`')?;
    let got = &rest[..end];
    let expected: Vec<&str> = rest[end + 1..].split('`').skip(1).step_by(2).collect();
    match nearest(got, expected.iter().copied()) {
        Some(best) => Some(format!(
            "did you mean `{best}`? The known {what}s here are: {}",
            expected.join(", ")
        )),
        None if expected.is_empty() => {
            Some(format!("remove `{got}`; no {what}s are accepted here"))
        }
        None => Some(format!(
            "the known {what}s here are: {}",
            expected.join(", ")
        )),
    }
}

/// The candidate closest to `got`, if any is reasonably close (the rule every gtdx suggestion
/// uses).
pub fn nearest<'a>(got: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    gtdx_contract::suggest::nearest(got, candidates)
}

/// Checks what the types cannot express.
fn validate(path: &Path, spec: &WorkerSpec) -> Result<(), SpecError> {
    let required_text = [
        ("name", &spec.name),
        ("tenant", &spec.tenant),
        ("llm.provider", &spec.llm.provider),
        ("llm.model", &spec.llm.model),
    ];
    for (key, value) in required_text {
        if value.trim().is_empty() {
            return Err(SpecError::Invalid {
                place: Box::new(Place::file(path)),
                message: format!("`{key}` is empty"),
                help: Some(format!("give `{key}` a value")),
            });
        }
    }
    let limits = [
        ("limits.max_iter", spec.limits.max_iter),
        ("limits.timeout_seconds", spec.limits.timeout_seconds),
        ("limits.max_history_turns", spec.limits.max_history_turns),
    ];
    for (key, value) in limits {
        if value == Some(0) {
            return Err(SpecError::Invalid {
                place: Box::new(Place::file(path)),
                message: format!("`{key}` is 0"),
                help: Some(format!(
                    "use a positive number, or remove `{key}` to take the runtime's default"
                )),
            });
        }
    }
    Ok(())
}

pub use gtdx_contract::lines::line_col;

/// The byte offset where element `index` of the top-level array `key` starts in a TOML document.
fn toml_element_offset(text: &str, key: &str, index: usize) -> Option<usize> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let (_, value) = doc
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)?;
    match value.get_ref() {
        toml::de::DeValue::Array(items) => items.get(index).map(|v| v.span().start),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
name = "support"
tenant = "acme"
kind = "agent_graph"
extensions = []

[llm]
provider = "openai"
model = "gpt-4o"
"#;

    #[test]
    fn minimal_toml_takes_default_limits() {
        let spec = parse(Path::new("w.toml"), SpecFormat::Toml, MINIMAL).unwrap();
        assert_eq!(
            spec.limits.resolve(),
            Limits {
                max_iter: 8,
                timeout_seconds: 60,
                max_history_turns: 20
            }
        );
        assert!(spec.tools.is_none());
    }

    #[test]
    fn unknown_key_names_line_column_and_nearest() {
        let text = MINIMAL.replace("model = ", "modle = ");
        let err = parse(Path::new("w.toml"), SpecFormat::Toml, &text).unwrap_err();
        let shown = err.to_string();
        assert!(shown.contains("w.toml:9:1"), "{shown}");
        assert!(shown.contains("unknown field `modle`"), "{shown}");
        assert!(shown.contains("did you mean `model`?"), "{shown}");
    }

    #[test]
    fn unknown_key_in_yaml_and_json() {
        let yaml = "name: s\ntenant: t\nkind: single_turn\nllm:\n  provider: p\n  model: m\nlimit:\n  max_iter: 3\n";
        let err = parse(Path::new("w.yaml"), SpecFormat::Yaml, yaml)
            .unwrap_err()
            .to_string();
        assert!(err.contains("w.yaml:7:1"), "{err}");
        assert!(err.contains("did you mean `limits`?"), "{err}");
        let json = r#"{"name":"s","tenant":"t","kind":"single_turn",
"llm":{"provider":"p","model":"m"},"tols":[]}"#;
        let err = parse(Path::new("w.json"), SpecFormat::Json, json)
            .unwrap_err()
            .to_string();
        assert!(err.contains("w.json:2:"), "{err}");
        assert!(err.contains("did you mean `tools`?"), "{err}");
    }

    #[test]
    fn unknown_kind_suggests_variant() {
        let text = MINIMAL.replace("agent_graph", "agent-graph");
        let err = parse(Path::new("w.toml"), SpecFormat::Toml, &text)
            .unwrap_err()
            .to_string();
        assert!(err.contains("did you mean `agent_graph`?"), "{err}");
    }

    #[test]
    fn deep_specs_are_refused_quickly_in_every_format() {
        let deep = 100_000;
        let cases = [
            (
                SpecFormat::Yaml,
                format!("a: {}{}", "[".repeat(deep), "]".repeat(deep)),
            ),
            (
                SpecFormat::Yaml,
                (0..200)
                    .map(|i| format!("{}k:\n", " ".repeat(i)))
                    .collect::<String>(),
            ),
            (SpecFormat::Yaml, format!("{}x\n", "- ".repeat(deep))),
            (
                SpecFormat::Toml,
                format!("a = {}{}", "[".repeat(deep), "]".repeat(deep)),
            ),
            (
                SpecFormat::Toml,
                format!("{} = 1\n", vec!["k"; deep].join(".")),
            ),
            (
                SpecFormat::Json,
                format!("{}{}", "[".repeat(deep), "]".repeat(deep)),
            ),
        ];
        for (format, text) in cases {
            let err = parse(Path::new("w.spec"), format, &text)
                .unwrap_err()
                .to_string();
            assert!(err.contains("nests deeper than 64"), "{format:?}: {err}");
        }
        // Brackets inside strings and comments are not nesting.
        let text = format!("name = \"{}\" # {}\n", "[".repeat(200), "{".repeat(200));
        let err = parse(Path::new("w.toml"), SpecFormat::Toml, &text)
            .unwrap_err()
            .to_string();
        assert!(!err.contains("nests deeper"), "{err}");
    }

    #[test]
    fn toml_element_positions() {
        let text = format!(
            "{MINIMAL}\n[[tools]]\nextension_id = \"a.b\"\ntool_name = \"x\"\n\n[[tools]]\nextension_id = \"a.b\"\ntool_name = \"y\"\n"
        );
        let off = toml_element_offset(&text, "tools", 1).unwrap();
        let (line, _) = line_col(&text, off);
        assert_eq!(text.lines().nth(line - 1).unwrap().trim(), "[[tools]]");
        assert!(line > 12);
    }
}
