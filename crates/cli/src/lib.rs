//! gtdx's command line: argument parsing (clap derive) and output only.
//!
//! Each subcommand lives in its own module under [`commands`] with an `Args` struct and a `run`
//! function that parses, calls one operation of `gtdx-ops` and renders its outcome; no
//! command holds pipeline logic or imports another command. Every command prints through the
//! one [`shell::Shell`] (status lines, warnings, findings, the error paragraph, JSON on stdout);
//! reports several commands share are rendered in [`render`]. Exit codes are shared by every
//! command (see [`exit`]).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod args;
pub mod commands;
pub mod exit;
pub mod generated;
pub mod render;
pub mod shell;

/// A Cargo-style toolchain for Greentic WebAssembly extensions.
#[derive(Debug, Parser)]
#[command(
    name = "gtdx",
    version,
    about = "A Cargo-style toolchain for Greentic WebAssembly extensions",
    long_about = None,
    propagate_version = true
)]
pub struct Cli {
    /// Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    pub color: shell::Color,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a new extension project in a new directory.
    New(commands::new::Args),
    /// Create an extension project in an existing directory (keeps what is there).
    Init(commands::new::InitArgs),
    /// Check a describe.json against the v2 contract (structure, types, stringified schemas).
    Validate(commands::validate::Args),
    /// Check a describe.json against the authoring checklist and the platform's lint rules.
    Lint(commands::lint::Args),
    /// Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling).
    Describe(commands::describe::Args),
    /// Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack.
    Build(commands::build::Args),
    /// Pack a component built by another toolchain with its describe.json (same checks as build).
    Pack(commands::pack::Args),
    /// Call one tool locally under the platform's host rules and print its result.
    Run(commands::run::Args),
    /// Run the table-driven tool tests of tests/tools/ (or the discovery tool).
    Test(commands::test::Args),
    /// Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests.
    Inspect(commands::inspect::Args),
    /// Dynamic tools: admit discovered descriptors (the platform's six controls) and keep per-connection catalogs.
    Dynamic(commands::dynamic::Args),
    /// Assemble and inspect Digital Worker manifests from signed .gtxpack extensions.
    Worker(commands::worker::Args),
    /// Make an ed25519 signing key pair (secret key file mode 0600, never overwritten).
    Keygen(commands::keygen::Args),
    /// Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format).
    Sign(commands::sign::Args),
    /// Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature.
    Verify(commands::verify::Args),
    /// Key conversions (gtdx and minisign public key formats).
    Key(commands::key::Args),
    /// Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install).
    Dev(commands::dev::Args),
    /// Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen.
    Doctor(commands::doctor::Args),
    /// Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human.
    Migrate(commands::migrate::Args),
    /// Publish a verified pack to a registry: local, file://DIR or oci://HOST/NAMESPACE.
    Publish(commands::publish::Args),
    /// Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://.
    Install(commands::install::Args),
    /// List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state.
    List(commands::list::Args),
    /// Remove an installed extension.
    Uninstall(commands::uninstall::Args),
    /// Enable an installed extension (by default, or for one tenant).
    Enable(commands::enable::Args),
    /// Disable an installed extension (by default, or for one tenant).
    Disable(commands::enable::Args),
    /// Search a registry: extensions of a directory registry, or the tags of an OCI repository.
    Search(commands::search::Args),
    /// Show an extension of a registry: versions, signer, permissions, digest.
    Info(commands::info::Args),
    /// Explain a diagnostic code: what it reports, why it matters, how to fix it.
    Explain(commands::explain::Args),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout.
    Completions(commands::completions::Args),
}

/// Parses the command line, runs the command and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    main_from(std::env::args_os())
}

/// The clap definition of the whole command line (for completions, man pages and help tests).
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// [`main`] on the given arguments (the first is the program name).
pub fn main_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // clap repeats a bad value in its message: never a secret key given by mistake.
            let plain = e.render().to_string();
            let redacted = gtdx_ops::keys::redact_key_material(&plain);
            if redacted == plain {
                e.exit();
            }
            eprint!("{redacted}");
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let mut shell = shell::Shell::new(cli.color, cli.command.format());
    let sh = &mut shell;
    let result = match cli.command {
        Command::New(args) => commands::new::run(args, sh),
        Command::Init(args) => commands::new::run_init(args, sh),
        Command::Validate(args) => commands::validate::run(args, sh),
        Command::Lint(args) => commands::lint::run(args, sh),
        Command::Describe(args) => commands::describe::run(args, sh),
        Command::Build(args) => commands::build::run(args, sh),
        Command::Pack(args) => commands::pack::run(args, sh),
        Command::Run(args) => commands::run::run(args, sh),
        Command::Test(args) => commands::test::run(args, sh),
        Command::Inspect(args) => commands::inspect::run(args, sh),
        Command::Worker(args) => commands::worker::run(args, sh),
        Command::Dynamic(args) => commands::dynamic::run(args, sh),
        Command::Keygen(args) => commands::keygen::run(args, sh),
        Command::Sign(args) => commands::sign::run(args, sh),
        Command::Verify(args) => commands::verify::run(args, sh),
        Command::Key(args) => commands::key::run(args, sh),
        Command::Dev(args) => commands::dev::run(args, sh),
        Command::Doctor(args) => commands::doctor::run(args, sh),
        Command::Migrate(args) => commands::migrate::run(args, sh),
        Command::Publish(args) => commands::publish::run(args, sh),
        Command::Install(args) => commands::install::run(args, sh),
        Command::List(args) => commands::list::run(args, sh),
        Command::Uninstall(args) => commands::uninstall::run(args, sh),
        Command::Enable(args) => commands::enable::run(args, true, sh),
        Command::Disable(args) => commands::enable::run(args, false, sh),
        Command::Search(args) => commands::search::run(args, sh),
        Command::Info(args) => commands::info::run(args, sh),
        Command::Explain(args) => commands::explain::run(args, sh),
        Command::Completions(args) => commands::completions::run(args, sh),
    };
    match result {
        Ok(code) => code,
        Err(err) => shell.fail(shell::Failure::error(err.as_ref())),
    }
}

impl Command {
    /// The output format the command was asked for, so that even a failure before the
    /// command's own rendering (an unreadable file) is one JSON error event in JSON mode.
    fn format(&self) -> shell::Format {
        use crate::args::ReportFormat;
        let report = |f: ReportFormat| match f {
            ReportFormat::Json => shell::Format::Json,
            // SARIF readers want a SARIF log or nothing: failures stay on stderr.
            ReportFormat::Human | ReportFormat::Sarif => shell::Format::Human,
        };
        match self {
            Command::New(a) => a.common.format.format,
            Command::Init(a) => a.common.format.format,
            Command::Validate(a) => report(a.format.format),
            Command::Lint(a) => report(a.format.format),
            Command::Describe(a) => a.format.format,
            Command::Build(a) => a.format.format,
            Command::Pack(a) => a.format.format,
            Command::Run(a) => a.format.format,
            Command::Test(a) => a.format.format,
            Command::Inspect(a) => a.format.format,
            Command::Worker(a) => a.format(),
            Command::Dynamic(a) => a.format(),
            Command::Keygen(a) => a.format.format,
            Command::Sign(a) => a.format.format,
            Command::Verify(a) => a.format.format,
            Command::Key(a) => a.format(),
            Command::Dev(a) => a.format.format,
            Command::Doctor(a) => a.format.format,
            Command::Migrate(a) => a.format.format,
            Command::Publish(a) => a.format.format,
            Command::Install(a) => a.format.format,
            Command::List(a) => a.format.format,
            Command::Uninstall(a) => a.format.format,
            Command::Enable(a) | Command::Disable(a) => a.format.format,
            Command::Search(a) => a.format.format,
            Command::Info(a) => a.format.format,
            Command::Explain(a) => a.format.format,
            Command::Completions(_) => shell::Format::Human,
        }
    }
}
