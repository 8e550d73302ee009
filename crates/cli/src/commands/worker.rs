//! `gtdx worker build` and `gtdx worker inspect`: Digital Worker manifests.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::keys::KeySource;
use gtdx_ops::worker::{
    BuildError, FailureClass, ManifestSignature, WorkerBuildOptions, WorkerInspectOptions,
};

use crate::exit;
use crate::output::Format;

/// `gtdx worker <build|inspect>`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: WorkerCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum WorkerCommand {
    /// Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions,
    /// keeping only the tools that declare the agentic_worker capability.
    Build(BuildArgs),
    /// Show what an agent built from a manifest sees: tools, side effects, confirmations,
    /// secrets an operator must supply, pinned packs and the manifest's own signature.
    Inspect(InspectArgs),
}

#[derive(Debug, clap::Args)]
pub struct BuildArgs {
    /// The worker spec: worker.toml, or a .yaml/.yml/.json file with the same keys.
    pub spec: PathBuf,
    /// Where to write the manifest [default: <spec stem>.worker.json next to the spec].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub trust: crate::args::TrustArgs,
    /// Include unsigned packs and packs signed by untrusted keys, each named in a warning and
    /// marked in the manifest. Packs failing an integrity or signature check are never included.
    #[arg(long)]
    pub allow_unsigned: bool,
    /// Sign the manifest (JCS + ed25519, a `signature` block as in describe.json).
    #[arg(long, requires = "signing_key")]
    pub sign: bool,
    /// The secret key file to sign with.
    #[arg(long, value_name = "FILE", group = "signing_key", requires = "sign")]
    pub key: Option<PathBuf>,
    /// An environment variable holding the secret key.
    #[arg(
        long = "key-env",
        value_name = "VAR",
        group = "signing_key",
        requires = "sign"
    )]
    pub key_env: Option<String>,
    /// With `json`: one JSON document on stdout (the manifest path, kept and dropped tools,
    /// warnings).
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

#[derive(Debug, clap::Args)]
pub struct InspectArgs {
    /// The manifest written by `gtdx worker build`.
    pub manifest: PathBuf,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
    /// The keys to check the manifest's signer against.
    #[command(flatten)]
    pub trust: crate::args::TrustArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        WorkerCommand::Build(a) => build(a),
        WorkerCommand::Inspect(a) => inspect(a),
    }
}

fn build(a: BuildArgs) -> anyhow::Result<ExitCode> {
    let sign = match (a.sign, a.key, a.key_env) {
        (false, _, _) => None,
        (true, Some(f), _) => Some(KeySource::File(f)),
        (true, None, Some(v)) => Some(KeySource::Env(v)),
        (true, None, None) => anyhow::bail!("--sign needs --key FILE or --key-env VAR"),
    };
    let opts = WorkerBuildOptions {
        spec: a.spec,
        out: a.out,
        trust: a.trust.inputs(),
        allow_unsigned: a.allow_unsigned,
        sign,
    };
    let outcome = match gtdx_ops::worker::build(&opts) {
        Ok(o) => o,
        Err(e) => return Ok(report_build_error(&e)),
    };
    let asm = &outcome.assembly;
    let m = &asm.manifest;
    match a.format.format {
        Format::Human => {
            let mut err = std::io::stderr().lock();
            for d in &asm.diagnostics {
                let _ = writeln!(err, "{}", d.render_human());
            }
            for d in &asm.dropped {
                let _ = writeln!(
                    err,
                    "dropped: tool `{}` of `{}` {} ({}): {}",
                    d.tool_name, d.extension_id, d.extension_version, d.pack, d.message
                );
            }
            let signed = match &outcome.signed_by {
                Some(k) => format!(", signed by {k}"),
                None => String::new(),
            };
            let _ = writeln!(
                err,
                "wrote {}: {} tool(s) from {} extension(s), {} dropped{signed}",
                outcome.out.display(),
                m.extension_tools.len(),
                m.extensions.len(),
                asm.dropped.len()
            );
        }
        Format::Json => {
            let doc = serde_json::json!({
                "manifest": outcome.out.display().to_string(),
                "signed_by": outcome.signed_by,
                "extensions": m.extensions.iter().map(|e| serde_json::json!({
                    "extension_id": e.extension_id,
                    "extension_version": e.extension_version,
                    "sha256": e.sha256,
                    "signed": e.signed,
                    "trusted": e.trusted,
                })).collect::<Vec<_>>(),
                "kept": m.extension_tools.iter().map(|b| serde_json::json!({
                    "extension_id": b.extension_id,
                    "tool_name": b.tool_name,
                })).collect::<Vec<_>>(),
                "dropped": asm.dropped,
                "diagnostics": asm.diagnostics,
            });
            let _ = writeln!(
                std::io::stdout().lock(),
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            );
        }
    }
    Ok(exit::code(exit::OK))
}

fn report_build_error(e: &BuildError) -> ExitCode {
    let mut err = std::io::stderr().lock();
    match e {
        BuildError::Selection { problems } => {
            for p in problems {
                let _ = writeln!(err, "error: {p}");
            }
            let _ = writeln!(
                err,
                "error: no manifest written ({} problem(s))",
                problems.len()
            );
        }
        BuildError::Refused { refused } => {
            for r in refused {
                let _ = writeln!(err, "error: {r}");
            }
            let _ = writeln!(
                err,
                "error: no manifest written ({} pack(s) refused)",
                refused.len()
            );
        }
        other => {
            let _ = writeln!(err, "error: {other}");
        }
    }
    exit::code(match e.class() {
        FailureClass::BadInput => exit::BAD_INPUT,
        FailureClass::Findings => exit::FINDINGS,
        FailureClass::Untrusted => exit::UNTRUSTED,
    })
}

fn inspect(a: InspectArgs) -> anyhow::Result<ExitCode> {
    let options = WorkerInspectOptions {
        manifest: a.manifest,
        trust: a.trust.inputs(),
    };
    let inspection = match gtdx_ops::worker::inspect(&options) {
        Ok(i) => i,
        Err(e) => {
            // The error names the file and the cause once; no anyhow chain to repeat it.
            let _ = writeln!(std::io::stderr(), "error: {e}");
            return Ok(exit::code(exit::BAD_INPUT));
        }
    };
    // A closed pipe (`| head`) is not an error worth a panic.
    let mut out = std::io::stdout().lock();
    match a.format.format {
        Format::Human => {
            let _ = write!(out, "{}", inspection.render_human());
        }
        Format::Json => {
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&inspection).unwrap_or_default()
            );
        }
    }
    Ok(exit::code(match &inspection.signature {
        ManifestSignature::Invalid { .. } => exit::FINDINGS,
        ManifestSignature::Valid {
            trusted: Some(false),
            ..
        } => exit::UNTRUSTED,
        _ => exit::OK,
    }))
}
