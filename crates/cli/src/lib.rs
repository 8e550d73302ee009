//! gtdx's command line: argument parsing (clap derive) and output only.
//!
//! Each subcommand lives in its own module under [`commands`] with an `Args` struct and a `run`
//! function that parses, calls one operation of `gtdx-ops` and renders its outcome; no
//! command holds pipeline logic or imports another command. Rendering that several commands
//! share is in [`render`] and [`output`]. Exit codes are shared by every command (see [`exit`]).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod args;
pub mod commands;
pub mod exit;
pub mod generated;
pub mod output;
pub mod render;

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
    pub color: render::snippet::Color,
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
    /// Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests.
    Inspect(commands::inspect::Args),
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
    output::set_color(cli.color);
    let result = match cli.command {
        Command::New(args) => commands::new::run(args),
        Command::Init(args) => commands::new::run_init(args),
        Command::Validate(args) => commands::validate::run(args),
        Command::Lint(args) => commands::lint::run(args),
        Command::Describe(args) => commands::describe::run(args),
        Command::Build(args) => commands::build::run(args),
        Command::Pack(args) => commands::pack::run(args),
        Command::Inspect(args) => commands::inspect::run(args),
        Command::Worker(args) => commands::worker::run(args),
        Command::Keygen(args) => commands::keygen::run(args),
        Command::Sign(args) => commands::sign::run(args),
        Command::Verify(args) => commands::verify::run(args),
        Command::Key(args) => commands::key::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Completions(args) => commands::completions::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => output::report_error(&err),
    }
}
