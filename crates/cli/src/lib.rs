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
pub mod prompt;
pub mod render;
pub mod shell;
pub mod stack;

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
    /// The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic).
    #[arg(long, global = true, value_name = "DIR", value_parser = home_dir)]
    pub home: Option<std::path::PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

/// Declares the subcommands once: each entry is a variant of [`Command`] (its doc comment is its
/// one-line help), the function that runs it, and where its `--format` flag is when that is not
/// `args.format.format`. From the one list come the enum clap parses, [`Command::run`] and
/// [`Command::format`], so a command cannot be declared and left out of either.
macro_rules! commands {
    ($(
        $(#[$doc:meta])*
        $variant:ident($args:ty) => $run:expr $(, format = $format:expr)?;
    )*) => {
        #[derive(Debug, Subcommand)]
        pub enum Command {
            $($(#[$doc])* $variant($args),)*
        }

        impl Command {
            /// Runs the command the line asked for.
            fn run(self, sh: &mut shell::Shell) -> anyhow::Result<ExitCode> {
                match self {
                    $(Command::$variant(args) => {
                        let run: fn($args, &mut shell::Shell) -> anyhow::Result<ExitCode> = $run;
                        run(args, sh)
                    })*
                }
            }

            /// The output format the command was asked for, so that even a failure before the
            /// command's own rendering (an unreadable file) is one JSON error event in JSON mode.
            fn format(&self) -> shell::Format {
                match self {
                    $(Command::$variant(args) => {
                        let format: fn(&$args) -> shell::Format =
                            commands!(@or $($format)?; |a| a.format.format);
                        format(args)
                    })*
                }
            }
        }
    };
    (@or ; $default:expr) => { $default };
    (@or $given:expr; $default:expr) => { $given };
}

commands! {
    /// Create a new extension project in a new directory.
    New(commands::new::Args) => commands::new::run,
        format = |a| a.common.format.format;
    /// Create an extension project in an existing directory (keeps what is there).
    Init(commands::new::InitArgs) => commands::new::run_init,
        format = |a| a.common.format.format;
    /// Check a describe.json against the v2 contract (structure, types, stringified schemas).
    Validate(commands::validate::Args) => commands::validate::run,
        format = |a| report(a.format.format);
    /// Check a describe.json against the authoring checklist and the platform's lint rules.
    Lint(commands::lint::Args) => commands::lint::run,
        format = |a| report(a.format.format);
    /// Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling).
    Describe(commands::describe::Args) => commands::describe::run;
    /// Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack.
    Build(commands::build::Args) => commands::build::run;
    /// Pack a component built by another toolchain with its describe.json (same checks as build).
    Pack(commands::pack::Args) => commands::pack::run;
    /// Call one tool locally under the platform's host rules and print its result.
    Run(commands::run::Args) => commands::run::run;
    /// Run the table-driven tool tests of tests/tools/ (or the discovery tool).
    Test(commands::test::Args) => commands::test::run;
    /// Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests.
    Inspect(commands::inspect::Args) => commands::inspect::run;
    /// Dynamic tools: admit discovered descriptors (the platform's six controls) and keep per-connection catalogs.
    Dynamic(commands::dynamic::Args) => commands::dynamic::run,
        format = |a| a.format();
    /// Assemble and inspect Digital Worker manifests from signed .gtxpack extensions.
    Worker(commands::worker::Args) => commands::worker::run,
        format = |a| a.format();
    /// Make an ed25519 signing key pair (secret key file mode 0600, never overwritten).
    Keygen(commands::keygen::Args) => commands::keygen::run;
    /// Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format).
    Sign(commands::sign::Args) => commands::sign::run;
    /// Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature.
    Verify(commands::verify::Args) => commands::verify::run;
    /// Key conversions (gtdx and minisign public key formats).
    Key(commands::key::Args) => commands::key::run,
        format = |a| a.format();
    /// Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install).
    Dev(commands::dev::Args) => commands::dev::run;
    /// Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen.
    Doctor(commands::doctor::Args) => commands::doctor::run;
    /// Where the project's gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it.
    Sdk(commands::sdk::Args) => commands::sdk::run,
        format = |a| a.format;
    /// Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human.
    Migrate(commands::migrate::Args) => commands::migrate::run;
    /// Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document.
    Openapi(commands::openapi::Args) => commands::openapi::run;
    /// Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish.
    Publish(commands::publish::Args) => commands::publish::run;
    /// Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://.
    Install(commands::install::Args) => commands::install::run;
    /// List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state.
    List(commands::list::Args) => commands::list::run;
    /// Remove an installed extension.
    Uninstall(commands::uninstall::Args) => commands::uninstall::run;
    /// Enable an installed extension (by default, or for one tenant).
    Enable(commands::enable::Args) => |args, sh| commands::enable::run(args, true, sh);
    /// Disable an installed extension (by default, or for one tenant).
    Disable(commands::enable::Args) => |args, sh| commands::enable::run(args, false, sh);
    /// Configured registries: list, add, remove, set-default (config.toml, shared with the platform's gtdx).
    Registries(commands::registries::Args) => commands::registries::run,
        format = |a| a.format();
    /// Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste.
    Login(commands::login::Args) => commands::login::run;
    /// Remove a registry's stored token from credentials.toml.
    Logout(commands::login::LogoutArgs) => commands::login::run_logout;
    /// Search a registry: extensions of a directory registry, or the tags of an OCI repository.
    Search(commands::search::Args) => commands::search::run;
    /// Show an extension of a registry: versions, signer, permissions, digest.
    Info(commands::info::Args) => commands::info::run;
    /// Installed extensions with a newer version the registry offers (pins and yanks respected).
    Outdated(commands::outdated::Args) => commands::outdated::run;
    /// Install the newer version of installed extensions (same trust and consent as install).
    Update(commands::update::Args) => commands::update::run;
    /// Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin).
    Yank(commands::yank::Args) => commands::yank::run;
    /// Put a yanked version back in circulation.
    Unyank(commands::yank::UnyankArgs) => commands::yank::run_unyank;
    /// Explain a diagnostic code: what it reports, why it matters, how to fix it.
    Explain(commands::explain::Args) => commands::explain::run;
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout.
    Completions(commands::completions::Args) => commands::completions::run,
        format = |_| shell::Format::Human;
}

/// `--format human|json|sarif` as the shell sees it: SARIF readers want a SARIF log or nothing,
/// so a failure in SARIF mode stays a paragraph on stderr.
fn report(format: args::ReportFormat) -> shell::Format {
    match format {
        args::ReportFormat::Json => shell::Format::Json,
        args::ReportFormat::Human | args::ReportFormat::Sarif => shell::Format::Human,
    }
}

/// `--home DIR`: any directory but the empty name (which would be the current directory).
fn home_dir(s: &str) -> Result<std::path::PathBuf, String> {
    match s.is_empty() {
        true => Err("the home directory must not be empty".into()),
        false => Ok(std::path::PathBuf::from(s)),
    }
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
    if let Some(dir) = cli.home {
        gtdx_ops::use_home(dir);
    }
    let mut shell = shell::Shell::new(cli.color, cli.command.format());
    let result = cli.command.run(&mut shell);
    // Whichever command looked a token up in a credentials.toml others can read (search,
    // info, install, publish, yank... on a Store) warns, once, before any error paragraph.
    if let Some(loose) = gtdx_ops::registries::take_loose_read() {
        shell.warn(loose);
    }
    match result {
        Ok(code) => code,
        Err(err) => shell.fail(shell::Failure::error(err.as_ref())),
    }
}
