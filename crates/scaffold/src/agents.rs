//! Guidance for coding assistants in a generated project: `AGENTS.md` (read by Codex, Cursor,
//! Copilot's agent and most others), `CLAUDE.md` (Claude Code, which imports AGENTS.md from it)
//! and `scripts/check`, the project's checks in one command. `gtdx new --no-agents` leaves them
//! out.
//!
//! The shared part is written once, in the `agents` template layer: what checks the project,
//! what is generated and must not be edited by hand. What differs by kind and variant (what the
//! project is, where its code lives) is a few lines each layer supplies as its partial
//! `_partials/agents.hbs`; [`sections`] lists those of the active layers, in layer order, and
//! `AGENTS.md` pulls each in. A new kind or variant adds its partial and nothing else.
//!
//! The checks are one list ([`checks`]), rendered both into AGENTS.md and into the script, so
//! the two cannot disagree; the e2e suite parses every gtdx command of the guidance with the
//! CLI's own definition and runs the script on a fresh project.

use serde::Serialize;

use crate::options::Options;

/// The guidance files. `gtdx init` (and `gtdx new --force`) keep an existing one as it is, and
/// do not count it as a conflict: a directory may well have its own AGENTS.md already.
pub const FILES: &[&str] = &["AGENTS.md", "CLAUDE.md", "scripts/check"];

/// The template layer holding the shared files.
pub const LAYER: &str = "agents";

/// The partial, per layer, that supplies that layer's lines.
pub const SECTION: &str = "agents";

/// Whether `rel` is one of the guidance files.
pub fn is_guidance(rel: &str) -> bool {
    FILES.contains(&rel)
}

/// One check of the project, in the order `scripts/check` runs them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// `cargo` or `gtdx`: the script runs `$CARGO` or `$GTDX` (default: the name on PATH).
    pub program: &'static str,
    /// The arguments, as written in AGENTS.md and the script (no quoting needed).
    pub args: &'static str,
    /// What a failure means, for the reader of AGENTS.md.
    pub why: &'static str,
}

impl Check {
    /// The command as a reader types it, e.g. `gtdx describe --check`.
    pub fn command(&self) -> String {
        format!("{} {}", self.program, self.args)
    }
}

/// The checks, cheapest first, so a stale manifest fails in a second rather than after a
/// build: describe.json against the sources, lint, the Rust tests, the tool tests (which build
/// the component). A project with dynamic tools lints without `--deny-warnings`: its
/// `dynamicTools` carries a platform warning until the platform's loader knows the field (the
/// generated CI workflow makes the same choice).
pub fn checks(opts: &Options) -> Vec<Check> {
    let lint = if opts.dynamic_tools {
        Check {
            program: "gtdx",
            args: "lint",
            why: "the authoring checklist and the platform's lint rules; errors fail (not \
                  warnings: `dynamicTools` carries W_PLATFORM_UNKNOWN_FIELD until the platform \
                  knows it)",
        }
    } else {
        Check {
            program: "gtdx",
            args: "lint --deny-warnings",
            why: "the authoring checklist and the platform's lint rules; warnings fail too",
        }
    };
    vec![
        Check {
            program: "gtdx",
            args: "describe --check",
            why: "describe.json still matches the #[tool] functions and Cargo.toml (exit 1: run \
                  `gtdx describe` and commit the result)",
        },
        lint,
        Check {
            program: "cargo",
            args: "test",
            why: "the unit tests beside the tools, on the host",
        },
        Check {
            program: "gtdx",
            args: "test",
            why: "the table-driven tool tests of tests/tools/, run in the wasm32-wasip2 \
                  component under the platform's host rules",
        },
    ]
}

/// The partial names (`<layer>/agents`) of the active layers that have one, in layer order.
pub fn sections(active: &[&str], partials: &[String]) -> Vec<String> {
    active
        .iter()
        .map(|layer| format!("{layer}/{SECTION}"))
        .filter(|name| partials.contains(name))
        .collect()
}
