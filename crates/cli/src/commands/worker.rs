//! `gtdx worker build` and `gtdx worker inspect`: Digital Worker manifests.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::worker::{
    BuildError, FailureClass, ManifestSignature, WorkerBuildOptions, WorkerInspectOptions,
};

use crate::exit;
use crate::shell::{Failure, Format, Shell, count};

/// `gtdx worker <build|inspect>`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: WorkerCommand,
}

impl Args {
    pub(crate) fn format(&self) -> Format {
        match &self.command {
            WorkerCommand::Build(a) => a.format.format,
            WorkerCommand::Inspect(a) => a.format.format,
        }
    }
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
    /// Sign the manifest (JCS + ed25519, a `signature` block as in describe.json) with the key
    /// of --key or --key-env.
    #[arg(long)]
    pub sign: bool,
    /// The secret key to sign with (with --sign).
    #[command(flatten)]
    pub key: crate::args::KeyArgs,
    /// Where `ID@VERSION` entries of the spec are looked up: `local`, `file://DIR`,
    /// `oci://HOST/NAMESPACE[/NAME]`, or a NAME from $GREENTIC_HOME/config.toml.
    #[arg(long, value_name = "REG")]
    pub registry: Option<String>,
    #[command(flatten)]
    pub oci: crate::args::OciArgs,
    /// With `json`: one JSON document on stdout (the manifest path, kept and dropped tools,
    /// warnings).
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit codes, as for `gtdx verify`: 0 the manifest is unsigned, or signed by a \
trusted key; 1 its signature does not verify; 3 the signature is valid but its key is not among \
the trusted keys, or no trusted key was given."
)]
pub struct InspectArgs {
    /// The manifest written by `gtdx worker build`.
    pub manifest: PathBuf,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
    /// The keys to check the manifest's signer against.
    #[command(flatten)]
    pub trust: crate::args::TrustArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    match args.command {
        WorkerCommand::Build(a) => build(a, shell),
        WorkerCommand::Inspect(a) => inspect(a, shell),
    }
}

fn build(a: BuildArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let sign = match (a.sign, a.key.given()) {
        (true, true) => a.key.source(),
        (false, false) => None,
        (true, false) => {
            return Ok(shell.fail(Failure::message(
                "--sign needs the secret key: add --key FILE or --key-env VAR",
            )));
        }
        (false, true) => {
            return Ok(shell.fail(Failure::message(
                "--key and --key-env name the key to sign the manifest with; add --sign to sign \
                 it, or drop them",
            )));
        }
    };
    // Only --registry is named on the command line: the spec's `oci://` entries are untrusted
    // input and get no --oci-token or $OCI_TOKEN.
    let oci = a.oci.options(&[a.registry.as_deref()]);
    let opts = WorkerBuildOptions {
        spec: a.spec,
        out: a.out,
        trust: a.trust.inputs(),
        allow_unsigned: a.allow_unsigned,
        sign,
        registry: a.registry,
        oci,
    };
    let outcome = match gtdx_ops::worker::build(&opts) {
        Ok(o) => o,
        Err(e) => return Ok(shell.fail(build_failure(&e))),
    };
    let asm = &outcome.assembly;
    let m = &asm.manifest;
    match shell.format() {
        Format::Human => {
            shell.diagnostics(&asm.diagnostics);
            for d in &asm.dropped {
                shell.status(
                    "Dropped",
                    format_args!(
                        "tool `{}` of `{}` {} ({}): {}",
                        d.tool_name, d.extension_id, d.extension_version, d.pack, d.message
                    ),
                );
            }
            let signed = match &outcome.signed_by {
                Some(k) => format!(", signed by {k}"),
                None => String::new(),
            };
            shell.note(format_args!(
                "wrote {}: {} from {}, {} dropped{signed}",
                outcome.out.display(),
                count(m.extension_tools.len(), "tool", "tools"),
                count(m.extensions.len(), "extension", "extensions"),
                asm.dropped.len()
            ));
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
            shell.print_json(&doc);
        }
    }
    Ok(exit::code(exit::OK))
}

/// Every problem with the spec and its packs is a finding at its place in the spec (shown with
/// the spec's source line, or as objects in JSON); the exit code follows the worst refusal.
fn build_failure(e: &BuildError) -> Failure {
    let code = match e.class() {
        FailureClass::BadInput => exit::BAD_INPUT,
        FailureClass::Findings => exit::FINDINGS,
        FailureClass::Untrusted => exit::UNTRUSTED,
    };
    let diagnostics = e.diagnostics();
    let failure = match e {
        BuildError::Selection { problems } => Failure::message(format!(
            "no manifest written ({})",
            count(problems.len(), "problem", "problems")
        )),
        BuildError::Refused { refused } => Failure::message(format!(
            "no manifest written ({} refused)",
            count(refused.len(), "pack", "packs")
        )),
        other if !diagnostics.is_empty() => Failure::message(format!(
            "no manifest written: {}",
            diagnostics_headline(other)
        )),
        other => Failure::error(other),
    };
    failure.with(diagnostics).code(code)
}

/// What failed, for the closing line under its finding.
fn diagnostics_headline(e: &BuildError) -> &'static str {
    match e {
        BuildError::Spec(_) => "the worker spec is invalid (above)",
        _ => "a pack cannot be used (above)",
    }
}

fn inspect(a: InspectArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = WorkerInspectOptions {
        manifest: a.manifest,
        trust: a.trust.inputs(),
    };
    let inspection = match gtdx_ops::worker::inspect(&options) {
        Ok(i) => i,
        // The error names the file and the cause once; no anyhow chain to repeat it.
        Err(e) => return Ok(shell.fail(Failure::message(e.to_string()))),
    };
    match shell.format() {
        Format::Human => shell.print(inspection.render_human()),
        Format::Json => shell.print_json(&inspection),
    }
    // As `gtdx verify` decides: a valid signature is only as good as its key, so without a
    // trusted key to check it against (`trusted: None`) the exit code is 3, as for an
    // untrusted one. An unsigned manifest (built without `--sign`) is shown with 0.
    Ok(exit::code(match &inspection.signature {
        ManifestSignature::Invalid { .. } => exit::FINDINGS,
        ManifestSignature::Valid {
            trusted: Some(true),
            ..
        } => exit::OK,
        ManifestSignature::Valid { .. } => exit::UNTRUSTED,
        ManifestSignature::Unsigned => exit::OK,
    }))
}
