//! `gtdx publish`: verify a pack and publish it to a directory registry, an OCI registry or a
//! Greentic Store. In a project with no PACK given, build (or pack `--wasm`), sign and publish,
//! as the platform's CI scripts call it. `--wizard` asks on a terminal for what the flags
//! leave out, then publishes as those flags would.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::publish::project::{Prepared, ProjectOptions, SignWith};
use gtdx_ops::publish::wizard::{self, Given, KeyChoice, Plan, Source};
use gtdx_ops::publish::{FailureKind, PublishOptions, Target};

use crate::exit;
use crate::shell::{Failure, Format, Shell, human_size};

/// `gtdx publish [PACK | --manifest Cargo.toml] [--registry REG] [--sign --key-id ID] ...`
#[derive(Debug, clap::Args)]
// `--version` is the version to publish, as in the platform's tool (`gtdx --version` still works).
#[command(disable_version_flag = true)]
pub struct Args {
    /// The .gtxpack to publish [default: build the project (Cargo.toml here, or --manifest);
    /// outside a project, the one pack in target/gtdx/]
    pub pack: Option<PathBuf>,
    /// The project's Cargo.toml, built and published when no PACK is given [default:
    /// ./Cargo.toml]
    #[arg(
        long,
        value_name = "PATH",
        alias = "manifest-path",
        conflicts_with = "pack"
    )]
    pub manifest: Option<PathBuf>,
    /// Accepted for the platform's scripts: a project publish always builds with the release
    /// profile.
    #[arg(long)]
    pub release: bool,
    /// Pack this prebuilt wasm32-wasip2 component instead of building; the project's
    /// describe.json still drives the pack.
    #[arg(long, value_name = "FILE", conflicts_with = "pack")]
    pub wasm: Option<PathBuf>,
    /// An icon (svg, png, jpg or webp, at most 1 MiB), copied into the project's assets/ and
    /// written into `[package.metadata.gtdx]` (describe.json for a hand-written one): commit the
    /// change.
    #[arg(long, value_name = "FILE", conflicts_with = "pack")]
    pub icon: Option<PathBuf>,
    /// Sign the pack before publishing it, with --key, --key-id or --key-env.
    #[arg(long)]
    pub sign: bool,
    /// The secret key file to sign with (gtdx's, or a PKCS#8 PEM); wins over --key-id.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
    /// Sign with $GREENTIC_HOME/keys/ID.key (a PKCS#8 PEM, or gtdx's), the signature labelled
    /// ID.
    #[arg(long, value_name = "ID")]
    pub key_id: Option<String>,
    /// The environment variable holding the signing key when neither --key nor --key-id is
    /// given [default: GREENTIC_EXT_SIGNING_KEY_PEM]
    #[arg(long, value_name = "VAR")]
    pub key_env: Option<String>,
    /// The platform's trust level: `loose` publishes an unsigned pack too (as --allow-unsigned);
    /// `normal` needs a signature that verifies (gtdx's default); `strict` also needs the signer
    /// among --trusted-key/--trusted-keys.
    #[arg(long = "trust", value_enum, value_name = "LEVEL")]
    pub trust_level: Option<TrustLevel>,
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
    #[arg(long, conflicts_with_all = ["dry_run", "wasm", "icon"])]
    pub verify_only: bool,
    /// The version to publish. In a project, the version built (written into Cargo.toml); with
    /// PACK, a pack of another version is refused (a signed pack cannot be relabelled).
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
    /// On a terminal, ask for what the flags leave out (registry, version, whether to sign and
    /// with which key, dry run), show what will happen and ask to go ahead; then publish as
    /// those flags would.
    #[arg(short = 'w', long)]
    pub wizard: bool,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

/// `--trust`: the platform's three levels, mapped onto gtdx's checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TrustLevel {
    Loose,
    Normal,
    Strict,
}

pub fn run(mut args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let home = gtdx_ops::install::default_home()?;
    if args.wizard
        && let Err(code) = ask(&mut args, &home, shell)
    {
        return Ok(code);
    }
    let prepared = match before_publish(&mut args, &home, shell) {
        Ok(prepared) => prepared,
        Err(code) => return Ok(code),
    };
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
            if let Some(p) = &prepared {
                doc["project"] = serde_json::to_value(p)?;
            }
            shell.print_json(&doc);
        }
        Format::Human => {
            if !outcome.signed {
                shell.warn(format!(
                    "{}@{} is not signed (--trust loose or --allow-unsigned); installs need --trust loose",
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
            if let Some(p) = &prepared {
                project_lines(p, &mut out)?;
            }
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

/// `--wizard`: asks for what the flags leave out, shows the plan, asks to go ahead, and sets
/// the answers as flags. Refused at once off a terminal (and under `--format json`, which is
/// for scripts) rather than waiting for input; input that ends, or a no, stops with nothing
/// built or published (exit 2).
fn ask(args: &mut Args, home: &gtdx_ops::install::Home, shell: &mut Shell) -> Result<(), ExitCode> {
    let refuse = |shell: &mut Shell, message: String| {
        shell.fail(Failure::message(message).code(exit::BAD_INPUT))
    };
    if shell.is_json() || !crate::prompt::terminal(shell) {
        let why = match shell.is_json() {
            true => "--format json is for scripts",
            false => "standard input or standard error is not a terminal here",
        };
        return Err(refuse(
            shell,
            format!(
                "--wizard asks its questions on a terminal, and {why}: give the answers as flags \
                 instead (`gtdx publish --help` lists them). Nothing was built or published"
            ),
        ));
    }
    let given = Given {
        pack: args.pack.clone(),
        manifest: args.manifest.clone(),
        registry: (args.registry.registry != "local").then(|| args.registry.registry.clone()),
        version: args.version.clone(),
        sign: args.sign,
        key: match (&args.key, &args.key_id) {
            (Some(file), _) => Some(KeyChoice::File(file.clone())),
            (None, Some(id)) => Some(KeyChoice::Id(id.clone())),
            (None, None) => None,
        },
        key_env: args.key_env.clone(),
        dry_run: args.dry_run,
        verify_only: args.verify_only,
    };
    let mut terminal = crate::prompt::TerminalPrompter;
    let stopped = |shell: &mut Shell, e: wizard::WizardError| {
        shell.fail(Failure::error(&e).code(exit::BAD_INPUT))
    };
    let plan = wizard::plan(&given, home, &mut terminal).map_err(|e| stopped(shell, e))?;
    shell.note("");
    for (what, how) in plan.summary(home) {
        shell.status(what, how);
    }
    if !wizard::confirm(&mut terminal).map_err(|e| stopped(shell, e))? {
        return Err(refuse(
            shell,
            "stopped at your answer; nothing was built or published".into(),
        ));
    }
    apply(plan, args);
    Ok(())
}

/// The wizard's answers, set as the flags that say the same.
fn apply(plan: Plan, args: &mut Args) {
    args.registry.registry = plan.registry;
    if let Source::Project { manifest, .. } = plan.source {
        // Named, so the project is built (the flags' path for `--manifest`).
        args.manifest = Some(manifest);
        args.allow_unsigned |= plan.sign.is_none();
    }
    args.version = plan.version;
    args.sign = plan.sign.is_some();
    args.dry_run = plan.dry_run;
    (args.key, args.key_id) = (None, None);
    match plan.sign {
        Some(KeyChoice::File(file)) => args.key = Some(file),
        Some(KeyChoice::Id(id)) => args.key_id = Some(id),
        Some(KeyChoice::Env(var)) => args.key_env = Some(var),
        None => {}
    }
}

/// What runs before the publish: `--trust` mapped onto gtdx's checks, then, in a project,
/// the build (or `--wasm` pack) and `--sign`; with PACK and `--sign`, the pack signed in place.
/// A refusal's exit code as `Err`.
fn before_publish(
    args: &mut Args,
    home: &gtdx_ops::install::Home,
    shell: &mut Shell,
) -> Result<Option<Prepared>, ExitCode> {
    let level = args.trust_level.unwrap_or(TrustLevel::Normal);
    args.allow_unsigned |= level == TrustLevel::Loose;
    let refuse = |shell: &mut Shell, message: &str| {
        shell.fail(Failure::message(message).code(exit::BAD_INPUT))
    };
    if level == TrustLevel::Strict
        && args.trust.trusted_key.is_empty()
        && args.trust.trusted_keys.is_empty()
    {
        return Err(refuse(
            shell,
            "--trust strict publishes only a pack signed by a key you trust: name it with --trusted-key KEY (or --trusted-keys FILE). Nothing was built or published",
        ));
    }
    if !args.sign && (args.key.is_some() || args.key_id.is_some()) {
        shell.warn("--key and --key-id sign only with --sign; the pack is not signed by this run");
    }
    let sign_with = args.sign.then(|| {
        SignWith::choose(
            args.key.take(),
            args.key_id.take(),
            args.key_env.take(),
            home,
        )
    });
    if let Some(options) = project_options(args, sign_with.clone()) {
        let prepared = prepare(&options, shell)?;
        args.pack = Some(prepared.pack.clone());
        return Ok(Some(prepared));
    }
    if args.verify_only {
        // Builds nothing and writes nothing: there is no pack to sign.
        return Ok(None);
    }
    match (&args.pack, &sign_with) {
        (Some(pack), Some(sign)) => gtdx_ops::publish::project::sign_pack(pack, sign)
            .map(|_| None)
            .map_err(|e| shell.fail(Failure::error(&e).code(exit::BAD_INPUT))),
        _ => Ok(None),
    }
}

/// The project steps a publish runs first, `None` when it publishes a pack. No PACK given and
/// not `--verify-only` (which builds nothing); then it builds when asked to make something
/// (`--manifest`, `--wasm`, `--icon`, `--version`, `--sign`, `--release`), or in a project
/// (Cargo.toml here) whose target/gtdx/ holds no pack. A plain `gtdx publish` after `gtdx build`
/// and `gtdx sign` still publishes that signed pack rather than building over it.
fn project_options(args: &Args, sign: Option<SignWith>) -> Option<ProjectOptions> {
    if args.pack.is_some() || args.verify_only {
        return None;
    }
    let manifest_path = args
        .manifest
        .clone()
        .unwrap_or_else(|| PathBuf::from("Cargo.toml"));
    let asked = args.manifest.is_some()
        || args.wasm.is_some()
        || args.icon.is_some()
        || args.version.is_some()
        || args.sign
        || args.release;
    let unbuilt = manifest_path.is_file() && !gtdx_ops::publish::built_pack_present();
    if !asked && !unbuilt {
        return None;
    }
    Some(ProjectOptions {
        manifest_path,
        profile: gtdx_ops::build::Profile::Release,
        wasm: args.wasm.clone(),
        icon: args.icon.clone(),
        version: args.version.clone(),
        sign,
        allow_unsigned: args.allow_unsigned,
    })
}

/// Builds (or packs), signs, with the build's progress on stderr (silent under `--format
/// json`, whose stdout is publish's one document); a failure's exit code as `Err`.
fn prepare(options: &ProjectOptions, shell: &mut Shell) -> Result<Prepared, ExitCode> {
    let result = crate::render::progress::quiet_in_json(shell, |progress| {
        gtdx_ops::publish::project::prepare(options, progress)
    });
    result.map_err(|e| {
        let code = if e.is_build_failure() {
            exit::BUILD
        } else {
            exit::BAD_INPUT
        };
        let failure = match e.diagnostics() {
            [] => Failure::error(&e),
            found => Failure::message(e.to_string()).with(found.to_vec()),
        };
        shell.fail(failure.code(code))
    })
}

/// What the project steps did, in the human report.
fn project_lines(p: &Prepared, out: &mut String) -> std::fmt::Result {
    let made = if p.built {
        "built"
    } else {
        "packed from --wasm"
    };
    writeln!(out, "{made}: {}", p.pack.display())?;
    if let Some(key_id) = &p.key_id {
        writeln!(out, "signed, keyId {key_id}")?;
    }
    if let Some(file) = &p.edited {
        writeln!(out, "updated {} (commit the change)", file.display())?;
    }
    Ok(())
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
