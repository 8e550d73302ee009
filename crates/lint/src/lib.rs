//! Checks a `describe.json`: `gtdx validate` and `gtdx lint` are thin shells over this crate.
//!
//! A check runs in three steps, each reporting *every* problem it finds rather than the first:
//!
//! 1. **Load** ([`load`]): the bytes must be a UTF-8 JSON object of sane size and depth. Failure
//!    here is a [`LoadError`] (bad input, exit code 2), never a panic or a stack overflow.
//! 2. **Validate**: the value against our JSON Schema (generated from `gtdx-contract`), each error
//!    located at `file:line:column` with its JSON pointer and, for a misspelt key, the nearest
//!    known one; the stringified schemas parsed and meta-validated with errors pointing *inside*
//!    the string; then the typed model.
//! 3. **Lint** (when asked): the platform's own lint rules over the raw JSON (they run even when
//!    validation failed, as the platform's linter does), then, when the manifest validated,
//!    gtdx's authoring checklist over the typed model. Every code is declared in
//!    [`gtdx_contract::codes`].
//!
//! Everything below [`check_file`] is I/O-free: [`check_str`] checks text a caller already has
//! (e.g. a manifest `gtdx describe` just generated).

use std::path::Path;

use gtdx_contract::{Describe, Diagnostic, Severity};

mod checklist;
mod explain;
pub mod load;
mod platform;
mod screen;
mod strict;
mod text;
mod validate;
mod value;

pub use load::LoadError;
pub use platform::diff::{BaselineSource, greentic_home};

/// What to check.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Run the lint rules after validation (`gtdx lint`); `false` is `gtdx validate`.
    pub lint: bool,
    /// Add the publish-time rules (`gtdx lint --publish`).
    pub publish: bool,
    /// The directory the pack's files come from (the one holding describe.json), for the
    /// rules that check files (`E_VIEW_ENTRY_MISSING`). [`check_file`] uses the file's own
    /// directory when this is `None`; text checked with [`check_str`] and no directory skips
    /// those rules.
    pub package_dir: Option<std::path::PathBuf>,
    /// What `W_DESCRIBE_DIFF_BREAKING` compares with (lint only). An explicit file that cannot
    /// be read or parsed makes the check fail with a [`LoadError`] naming it.
    pub baseline: BaselineSource,
}

impl Options {
    /// Structural validation only.
    pub fn validate() -> Self {
        Options::default()
    }

    /// Validation, then the lint rules.
    pub fn lint() -> Self {
        Options {
            lint: true,
            ..Options::default()
        }
    }

    /// The same options, with the files of the pack in `dir`.
    pub fn in_dir(mut self, dir: impl Into<std::path::PathBuf>) -> Self {
        self.package_dir = Some(dir.into());
        self
    }
}

/// The outcome of checking one manifest.
#[derive(Debug, Clone)]
pub struct Report {
    /// The file name the diagnostics carry.
    pub file: String,
    /// Every finding, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The typed manifest, when it is structurally valid.
    pub describe: Option<Describe>,
    /// The document as parsed (the raw JSON the platform's rules read). It is returned rather
    /// than freed so that a caller about to exit can skip freeing it (`std::mem::forget`): on a
    /// thousand-tool manifest that is a millisecond of a lint's fifteen.
    pub document: serde_json::Value,
    /// Whether gtdx's own checklist ran (it needs the typed model, so it is skipped when
    /// validation failed; the platform's rules run on every JSON object).
    pub linted: bool,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// Whether the check fails: any error, or any warning when warnings are denied.
    pub fn fails(&self, deny_warnings: bool) -> bool {
        self.errors() > 0 || (deny_warnings && self.warnings() > 0)
    }

    /// `2 errors, 1 warning, 1 info`, or `no problems found`.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = [
            (self.errors(), "error", "errors"),
            (self.warnings(), "warning", "warnings"),
            (self.count(Severity::Info), "info", "infos"),
        ]
        .into_iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
        if parts.is_empty() {
            "no problems found".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Reads and checks a manifest file.
pub fn check_file(path: &Path, options: &Options) -> Result<Report, LoadError> {
    let text = load::read_text(path)?;
    if options.package_dir.is_some() {
        return check_str(&path.display().to_string(), &text, options);
    }
    // A bare file name has the empty parent: paths joined to it stay relative to the
    // working directory, as the user wrote them.
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let options = options.clone().in_dir(dir);
    check_str(&path.display().to_string(), &text, &options)
}

/// Checks raw bytes (decoding them as the file reader would). Used by the fuzz target.
pub fn check_bytes(file: &str, bytes: &[u8], options: &Options) -> Result<Report, LoadError> {
    let text = load::decode_text(file, bytes.to_vec())?;
    check_str(file, &text, options)
}

/// Checks manifest text. `file` is the name the diagnostics carry.
pub fn check_str(file: &str, text: &str, options: &Options) -> Result<Report, LoadError> {
    std::thread::scope(|scope| {
        // The meta-schema validator for the stringified schemas is built on a second core while
        // the text is parsed.
        scope.spawn(validate::warm_meta_validator);
        let parsed = load::parse_object(file, text)?;
        let report = check_value(file, text, &parsed, options)?;
        Ok(Report {
            document: parsed.value,
            ..report
        })
    })
}

/// The typed model, as the platform reads it from the text. Reading it from the parsed value
/// gives the same model at a third of the cost, except where serde's struct reader and a
/// `Value` part ways: a repeated key (serde refuses a repeated field) and the error's position
/// (a value has none). Those take the text.
fn typed_model(text: &str, parsed: &value::Parsed) -> Result<Describe, serde_json::Error> {
    use serde::Deserialize as _;
    if !parsed.repeated_key
        && let Ok(describe) = Describe::deserialize(&parsed.value)
    {
        return Ok(describe);
    }
    serde_json::from_str::<Describe>(text)
}

fn check_value(
    file: &str,
    text: &str,
    parsed: &value::Parsed,
    options: &Options,
) -> Result<Report, LoadError> {
    let value = &parsed.value;
    let typed = || typed_model(text, parsed);
    let baseline = if options.lint {
        platform::diff::resolve(&options.baseline, value)?
    } else {
        None
    };
    let (mut diagnostics, validated, linted) = std::thread::scope(|scope| {
        // The platform's rules read the raw JSON and run whether or not it would load. They
        // need nothing validation computes, so they run on a second core meanwhile, into a sink
        // of their own.
        let platform = options.lint.then(|| {
            scope.spawn(|| {
                let doc = validate::Doc::new(file, text);
                let mut sink = validate::Sink::new(&doc);
                platform::run(&mut sink, value, options, baseline.as_ref());
                sink.out
            })
        });
        let doc = validate::Doc::new(file, text);
        let mut sink = validate::Sink::new(&doc);
        let validated = validate::validate(&mut sink, value, parsed.null, typed);
        let mut linted = false;
        if options.lint
            && let Some(describe) = &validated.describe
        {
            checklist::run(&mut sink, describe, &validated, options);
            linted = true;
        }
        let mut diagnostics = sink.out;
        if let Some(platform) = platform {
            // A panic there is a bug in gtdx: let it surface as one.
            diagnostics.extend(
                platform
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
        }
        (diagnostics, validated, linted)
    });
    diagnostics.sort_by(|a, b| {
        (a.line, a.column, &a.code, &a.message).cmp(&(b.line, b.column, &b.code, &b.message))
    });
    diagnostics.dedup();
    Ok(Report {
        file: file.to_string(),
        diagnostics,
        describe: validated.describe,
        document: serde_json::Value::Null,
        linted,
    })
}
