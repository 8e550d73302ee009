//! `gtdx openapi SPEC`: a project whose tools are an OpenAPI document's operations.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::openapi::{OpenapiError, OpenapiOptions, OpenapiOutcome, Scheme};

use crate::exit;
use crate::shell::{Failure, Shell};

/// `gtdx openapi SPEC [--name NAME] [--out DIR] [--base-url URL] [--operations GLOB]...`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The OpenAPI 3.0 or 3.1 document, JSON or YAML (Swagger 2.0 is refused: convert it first).
    pub spec: PathBuf,
    /// The package name [default: the document's title, as a package name].
    #[arg(long, short = 'n')]
    pub name: Option<String>,
    /// The project's directory (must not exist or be empty) [default: ./NAME].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The URL the API is served at, instead of the document's first server; the project's
    /// network grant is this URL and everything below it.
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    /// Only the operations a glob matches (against the operationId, the tool name or
    /// `METHOD /path`); repeatable, or comma-separated.
    #[arg(long, value_name = "GLOB", value_delimiter = ',')]
    pub operations: Vec<String>,
    /// Where gtdx-sdk comes from, as for `gtdx new` [default: this gtdx's version].
    #[arg(long, value_name = "VERSION|path:DIR|GIT")]
    pub sdk: Option<String>,
    /// Initialise a repository, as for `gtdx new` [default: git].
    #[arg(long, value_name = "VCS", value_parser = ["git", "none"])]
    pub vcs: Option<String>,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = OpenapiOptions {
        spec: args.spec,
        name: args.name,
        out: args.out,
        base_url: args.base_url,
        operations: args.operations,
        sdk: args.sdk,
        vcs: args.vcs,
    };
    let outcome = match gtdx_ops::openapi::generate(&options) {
        Ok(o) => o,
        Err(e @ (OpenapiError::Syntax { .. } | OpenapiError::Document { .. })) => {
            return Ok(shell.fail(Failure::message(e.to_string())));
        }
        Err(e) => return Ok(shell.fail(Failure::error(&e))),
    };
    // Warnings go to stderr in every format: a script reading the JSON sees them too.
    for s in &outcome.mapping.skipped {
        shell.warn(format_args!("skipped {}: {}", s.operation, s.reason));
    }
    for w in &outcome.mapping.warnings {
        shell.warn(w);
    }
    if shell.is_json() {
        shell.print_json(&json(&outcome));
    } else {
        report(&outcome, shell);
    }
    Ok(exit::code(exit::OK))
}

fn report(o: &OpenapiOutcome, shell: &mut Shell) {
    let m = &o.mapping;
    let opts = &o.project.options;
    shell.status(
        "Created",
        format_args!(
            "extension `{}` ({}) in {}",
            opts.name,
            opts.id,
            o.project.target.display()
        ),
    );
    let considered = o.operations - m.filtered;
    shell.status(
        "Tools",
        format_args!(
            "{} of {} operations of {} (OpenAPI {}){}",
            m.tools.len(),
            considered,
            m.title.lines().next().unwrap_or(""),
            m.openapi,
            if m.filtered > 0 {
                format!("; {} left out by --operations", m.filtered)
            } else {
                String::new()
            }
        ),
    );
    shell.status("Network", &o.network);
    for s in &m.secrets {
        let oauth = matches!(s.kind, Scheme::OAuth { .. });
        shell.status(
            "Secret",
            format_args!(
                "{} (security scheme `{}`){}",
                s.key,
                s.scheme,
                if oauth {
                    ": TODO(oauth) holds an access token; obtaining it is not generated"
                } else {
                    ""
                }
            ),
        );
    }
    let examples = m.tools.iter().filter(|t| t.example.is_some()).count();
    shell.status(
        "Tests",
        format_args!("{examples} canned exchanges from the document's examples in tests/tools/"),
    );
    shell.note(format_args!(
        "next: cd {} && gtdx build && gtdx test",
        o.project.target.display()
    ));
}

fn json(o: &OpenapiOutcome) -> serde_json::Value {
    let m = &o.mapping;
    serde_json::json!({
        "project": o.project.target,
        "name": o.project.options.name,
        "openapi": m.openapi,
        "title": m.title,
        "operations": o.operations,
        "filtered": m.filtered,
        "network": o.network,
        "tools": m.tools.iter().map(|t| serde_json::json!({
            "name": t.name,
            "operation": t.operation,
            "example": t.example.is_some(),
        })).collect::<Vec<_>>(),
        "skipped": m.skipped.iter().map(|s| serde_json::json!({
            "operation": s.operation,
            "reason": s.reason,
        })).collect::<Vec<_>>(),
        "warnings": m.warnings,
        "secrets": m.secrets.iter().map(|s| serde_json::json!({
            "key": s.key,
            "scheme": s.scheme,
        })).collect::<Vec<_>>(),
    })
}
