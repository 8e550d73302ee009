//! Every diagnostic code gtdx can print, declared once: its severity, where it is reported, a
//! one-line summary and the explanation `gtdx explain CODE` prints.
//!
//! Each code is a constant ([`Code`]); the functions that make a diagnostic take a `Code`, not a
//! string, so a code that is not declared here does not compile. Codes are stable (CI
//! configurations and `--explain` name them): add codes, never rename or reuse one; a code's
//! prefix is its severity (`E_` error, `W_` warning, `I_` info). `docs/diagnostics.md` is
//! generated from this table (`cargo xtask codegen`) and a test keeps it in step.

use crate::Severity;

mod build;
mod lint;
mod load;
mod platform;
mod registry;
mod sources;
mod store;
mod validate;
mod worker;

pub use build::*;
pub use lint::*;
pub use load::*;
pub use platform::*;
pub use registry::*;
pub use sources::*;
pub use store::*;
pub use validate::*;
pub use worker::*;

/// Where a code is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// Reading a describe.json at all (exit code 2).
    Load,
    /// Structural checks (`gtdx validate`, and the first step of `gtdx lint`).
    Validate,
    /// `gtdx lint`: the platform's own lint rules, on any JSON object (even one that did not
    /// validate), with the platform's code, trigger and severity.
    Platform,
    /// `gtdx lint`: gtdx's own checklist, on a manifest that validated.
    Lint,
    /// `gtdx lint --publish` only.
    Publish,
    /// On the Rust sources: `gtdx describe`, and `gtdx lint --manifest-path`.
    Sources,
    /// `gtdx build` and `gtdx pack`: the component against its describe.json.
    Build,
    /// `gtdx worker build`.
    Worker,
    /// The home's registry configuration and tokens: `gtdx registries`, `login`, `logout`,
    /// and `--registry NAME` wherever a registry is taken.
    Registry,
}

impl Area {
    /// Where the code runs, as the docs and `gtdx explain` say it.
    pub fn as_str(self) -> &'static str {
        match self {
            Area::Load => "reading the file",
            Area::Validate => "validate",
            Area::Platform => "lint (platform rule)",
            Area::Lint => "lint",
            Area::Publish => "lint --publish",
            Area::Sources => "describe, lint --manifest-path",
            Area::Build => "build, pack",
            Area::Worker => "worker build",
            Area::Registry => "registries, login, --registry",
        }
    }
}

/// One diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    /// The stable code, e.g. `E_EXPORT_FORM`.
    pub id: &'static str,
    pub severity: Severity,
    pub area: Area,
    /// One line: what the code reports.
    pub summary: &'static str,
    /// Why it matters and how to fix it (Markdown).
    pub explanation: &'static str,
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// Declares codes: one constant each, and the area's table (in declaration order).
macro_rules! declare {
    ($(
        $(#[$attr:meta])*
        $id:ident {
            severity: $severity:ident,
            area: $area:ident,
            summary: $summary:literal,
            explanation: $explanation:literal $(,)?
        }
    )*) => {
        $(
            #[doc = $summary]
            $(#[$attr])*
            pub const $id: super::Code = super::Code {
                id: stringify!($id),
                severity: $severity,
                area: $area,
                summary: $summary,
                explanation: $explanation,
            };
        )*
        /// This area's codes, in the order they are documented.
        pub(super) static CODES: &[super::Code] = &[$($id),*];
    };
}
use declare;

/// Every code, in the order they are documented.
pub fn all() -> impl Iterator<Item = &'static Code> {
    [
        load::CODES,
        validate::CODES,
        platform::CODES,
        lint::CODES,
        sources::CODES,
        build::CODES,
        worker::CODES,
        registry::CODES,
        store::CODES,
    ]
    .into_iter()
    .flatten()
}

/// The code with this id (exact, upper case).
pub fn find(id: &str) -> Option<&'static Code> {
    all().find(|c| c.id == id)
}

/// The long explanation of a code (any case), as `gtdx explain` prints it.
pub fn explain(id: &str) -> Option<String> {
    let c = find(&id.trim().to_ascii_uppercase())?;
    Some(format!(
        "{} ({}, {}): {}\n\n{}\n",
        c.id,
        c.severity,
        c.area.as_str(),
        c.summary,
        c.explanation
    ))
}

/// The declared code nearest to a misspelt one.
pub fn nearest(id: &str) -> Option<&'static str> {
    crate::suggest::nearest(id.trim(), all().map(|c| c.id))
}

/// `docs/diagnostics.md`, generated from the table.
pub fn render_markdown() -> String {
    let mut s = String::new();
    s.push_str("# Diagnostics\n\n");
    s.push_str(
        "<!-- Generated from crates/contract/src/codes/ by `cargo xtask codegen`; do not edit. -->\n\n",
    );
    s.push_str(
        "Every code gtdx can print, with where it is reported. `gtdx explain CODE` (or \
         `gtdx lint --explain CODE`) prints one entry below.\n\n\
         `gtdx validate` runs the *validate* rules. `gtdx lint` runs them first, then the \
         platform's own lint rules (*lint (platform rule)*: the codes, triggers and severities \
         of the platform's `gtdx lint`, on the raw JSON, even when validation failed) and, when \
         the manifest is structurally valid, gtdx's own checklist (*lint*), which is never \
         stricter than the platform under a platform code; `gtdx lint --publish` adds the \
         publish-time rules. `gtdx build` and `gtdx pack` check the built component against its \
         describe.json (*build, pack*); `gtdx worker build` reports on the packs it assembles \
         (*worker build*); `gtdx registries`, `login`, `logout` and `--registry NAME` report on \
         the home's config.toml and credentials.toml (*registries, login, --registry*).\n\n\
         Exit status of `validate` and `lint`: 0 when nothing fails, 1 when an error is reported \
         (or a warning, with `--deny-warnings`), 2 when the file cannot be read as JSON at all \
         (*reading the file*: gtdx prints one line naming the file, the place and the cause; with \
         `--format json`, a single diagnostic under that code). Infos never fail.\n\n",
    );
    s.push_str("| Code | Severity | Reported by | Catches |\n|---|---|---|---|\n");
    for c in all() {
        s.push_str(&format!(
            "| [`{}`](#{}) | {} | {} | {} |\n",
            c.id,
            c.id.to_ascii_lowercase(),
            c.severity,
            c.area.as_str(),
            c.summary.replace('|', "\\|")
        ));
    }
    for c in all() {
        s.push_str(&format!(
            "\n## {}\n\n*{}, {}.* {}\n\n{}\n",
            c.id,
            c.severity,
            c.area.as_str(),
            capitalize(c.summary),
            c.explanation
        ));
    }
    s
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>() + ".",
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_prefixed_by_severity() {
        let mut seen = std::collections::HashSet::new();
        for c in all() {
            assert!(seen.insert(c.id), "duplicate code {}", c.id);
            let prefix = match c.severity {
                Severity::Error => "E_",
                Severity::Warning => "W_",
                Severity::Info => "I_",
            };
            assert!(
                c.id.starts_with(prefix),
                "{} has severity {}",
                c.id,
                c.severity
            );
            assert!(
                !c.summary.is_empty() && !c.explanation.is_empty(),
                "{}",
                c.id
            );
        }
    }

    #[test]
    fn explain_is_case_insensitive_and_suggests() {
        assert!(explain("e_export_form").is_some());
        assert!(explain("E_BUILD_WORLD_MISMATCH").is_some());
        assert_eq!(nearest("E_EXPORT_FROM"), Some("E_EXPORT_FORM"));
        assert!(explain("E_NOPE").is_none());
    }
}
