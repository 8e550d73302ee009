//! `gtdx publish`: verify a pack and publish it to a directory registry or an OCI registry.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::publish::{FailureKind, PublishOptions, Target};

use crate::exit;
use crate::shell::{Failure, Format, Shell, human_size};

/// `gtdx publish [PACK] [--registry REG] [--trusted-key KEY]... [--allow-unsigned] [--force]`
#[derive(Debug, clap::Args)]
// `--version` is the version to publish, as in the platform's tool (`gtdx --version` still works).
#[command(disable_version_flag = true)]
pub struct Args {
    /// The .gtxpack to publish [default: the one pack in target/gtdx/]
    pub pack: Option<PathBuf>,
    #[command(flatten)]
    pub registry: crate::args::RegistryArgs,
    #[command(flatten)]
    pub trust: crate::args::TrustArgs,
    /// Publish a pack without a signature.
    #[arg(long)]
    pub allow_unsigned: bool,
    /// Replace a version (or an OCI tag) that is already published.
    #[arg(long)]
    pub force: bool,
    /// Check everything and show what would be written, without writing.
    #[arg(long)]
    pub dry_run: bool,
    /// Only check the pack and whether the version is free in the registry; write nothing
    /// (exit 10 when it is taken).
    #[arg(long, conflicts_with = "dry_run")]
    pub verify_only: bool,
    /// The version to publish: a pack of another version is refused (a signed pack cannot be
    /// relabelled; set it in Cargo.toml and rebuild).
    #[arg(long, value_name = "X.Y.Z")]
    pub version: Option<String>,
    /// Also copy the published pack into DIR.
    #[arg(long, value_name = "DIR")]
    pub dist: Option<PathBuf>,
    /// The `org.opencontainers.image.source` annotation [default:
    /// $GITHUB_SERVER_URL/$GITHUB_REPOSITORY when set]
    #[arg(long, value_name = "URL")]
    pub source_url: Option<String>,
    /// The `org.opencontainers.image.revision` annotation [default: $GITHUB_SHA when set]
    #[arg(long, value_name = "REV")]
    pub revision: Option<String>,
    #[command(flatten)]
    pub oci: crate::args::OciArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    // The install hint names the registry as it was given (`local` is install's default too).
    let registry_flag = match args.registry.registry.as_str() {
        "local" => String::new(),
        other => format!(" --registry {other}"),
    };
    let oci = args.oci.options(&[Some(&args.registry.registry)]);
    let outcome = match gtdx_ops::publish::publish(&PublishOptions {
        pack: args.pack,
        registry: args.registry.registry,
        home,
        trust: args.trust.inputs(),
        allow_unsigned: args.allow_unsigned,
        force: args.force,
        dry_run: args.dry_run,
        verify_only: args.verify_only,
        version: args.version,
        dist: args.dist,
        oci,
        source_url: args.source_url,
        revision: args.revision,
    }) {
        Ok(outcome) => outcome,
        Err(e) => {
            let code = exit_code(gtdx_ops::publish::failure_kind(&e));
            return Ok(shell.fail(Failure::error(&e).code(code)));
        }
    };
    match shell.format() {
        Format::Json => {
            let mut doc = serde_json::to_value(&outcome)?;
            doc["references"] = serde_json::json!(outcome.references());
            shell.print_json(&doc);
        }
        Format::Human => {
            if !outcome.signed {
                shell.warn(format!(
                    "{}@{} is not signed (--allow-unsigned); installs need --trust loose",
                    outcome.id, outcome.version
                ));
            }
            let verb = if outcome.verify_only {
                "Free"
            } else if outcome.dry_run {
                "Would publish"
            } else {
                "Published"
            };
            shell.status(
                verb,
                format!(
                    "{}@{} ({}) to {}",
                    outcome.id,
                    outcome.version,
                    human_size(outcome.size),
                    outcome.registry
                ),
            );
            let mut out = String::new();
            if let Some(dist) = &outcome.dist {
                writeln!(out, "copied to {}", dist.display())?;
            }
            match &outcome.target {
                Target::Directory(d) => {
                    if d.replaced {
                        writeln!(out, "replaces the version published before (--force)")?;
                    }
                    for f in &d.files {
                        writeln!(out, "{}", f.display())?;
                    }
                    if !outcome.dry_run {
                        writeln!(
                            out,
                            "install with: gtdx install {}@{}{registry_flag}",
                            outcome.id, outcome.version
                        )?;
                    }
                }
                Target::Oci(p) => {
                    if p.replaced {
                        writeln!(out, "replaces tag {} (--force)", outcome.version)?;
                    }
                    writeln!(out, "{}", p.pinned)?;
                    writeln!(out, "{}", p.tagged)?;
                }
                Target::Store(p) => {
                    writeln!(out, "sha256 {}", p.sha256)?;
                    if !outcome.dry_run {
                        writeln!(
                            out,
                            "install with: gtdx install {}@{}{registry_flag}",
                            outcome.id, outcome.version
                        )?;
                    }
                }
            }
            shell.print(out);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The platform's publish exit codes, which CI scripts written for it test.
fn exit_code(kind: FailureKind) -> u8 {
    match kind {
        FailureKind::Input => exit::BAD_INPUT,
        FailureKind::VersionExists => exit::VERSION_EXISTS,
        FailureKind::Auth => exit::AUTH,
        FailureKind::Registry => exit::REGISTRY,
    }
}
