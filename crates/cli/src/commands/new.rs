//! `gtdx new <PATH>` and `gtdx init [PATH]`: create a v2 extension project.
//!
//! Precedence for every value: flag > `GTDX_NEW_<KEY>` environment variable > prompt > default.
//! Prompts appear only when stdin and stderr are both terminals and `--yes` is not given; in
//! every other case the defaults apply and nothing waits for input.
//!
//! This module parses and prints. The work is `gtdx-scaffold` (options, templates, safe writing)
//! and `gtdx-describe` (describe.json from the generated sources), orchestrated here: render →
//! stage → describe → git init → move into place → join the enclosing workspace.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_scaffold::{
    Ci, Mode, Options, Prompter, Question, Request, SdkSource, Strategy, Vcs, Writer,
};

/// The options `new` and `init` share.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// Package name [default: the directory's name].
    #[arg(long, env = "GTDX_NEW_NAME")]
    pub name: Option<String>,
    /// Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->].
    #[arg(long, env = "GTDX_NEW_ID")]
    pub id: Option<String>,
    /// Extension kind. Only `design` is supported yet; bundle, deploy and provider are not.
    #[arg(long, env = "GTDX_NEW_KIND", value_name = "KIND",
          value_parser = ["design", "bundle", "deploy", "provider"])]
    pub kind: Option<String>,
    /// An example tool to generate (snake_case); repeat or comma-separate [default: hello].
    #[arg(
        long = "tool",
        env = "GTDX_NEW_TOOL",
        value_name = "NAME",
        value_delimiter = ','
    )]
    pub tools: Vec<String>,
    /// Surface the tools are offered on; repeat for both [default: agentic_worker and flow].
    #[arg(long = "capability", env = "GTDX_NEW_CAPABILITY", value_name = "CAPABILITY",
          value_delimiter = ',', value_parser = ["agentic_worker", "flow"])]
    pub capabilities: Vec<String>,
    /// Add a flow node type (config schema, success and error ports).
    #[arg(long, env = "GTDX_NEW_NODE_TYPE", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = clap::builder::BoolishValueParser::new())]
    pub node_type: Option<bool>,
    /// Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`.
    #[arg(long, env = "GTDX_NEW_DYNAMIC_TOOLS", value_name = "BOOL", num_args = 0..=1,
          require_equals = true, default_missing_value = "true",
          value_parser = clap::builder::BoolishValueParser::new())]
    pub dynamic_tools: Option<bool>,
    /// CI workflow to generate [default: none].
    #[arg(long, env = "GTDX_NEW_CI", value_name = "CI", value_parser = ["github", "none"])]
    pub ci: Option<String>,
    /// Initialise a repository (skipped inside an existing git work tree) [default: git].
    #[arg(long, env = "GTDX_NEW_VCS", value_name = "VCS", value_parser = ["git", "none"])]
    pub vcs: Option<String>,
    /// Where gtdx-sdk comes from: a version (`0.1`), a path (gtdx checkout or its crates/sdk)
    /// or a git URL (`https://…[#rev]`) [default: this gtdx's source checkout if it exists,
    /// else this gtdx's version].
    #[arg(long, env = "GTDX_NEW_SDK", value_name = "VERSION|PATH|GIT")]
    pub sdk: Option<String>,
    /// Add the project to a directory that is not empty. Existing files are kept (reported as
    /// skipped), never overwritten or deleted.
    #[arg(long)]
    pub force: bool,
    /// Ask nothing: take flags, variables and defaults.
    #[arg(long, short = 'y', env = "GTDX_NEW_YES")]
    pub yes: bool,
}

/// Where each value comes from, first match wins (shown under `--help`).
const PRECEDENCE: &str = "Each value comes from, in order: its flag, its GTDX_NEW_<KEY> \
environment variable, a prompt (only when stdin and stderr are terminals and --yes is not \
given), its default. Without a terminal nothing waits for input.";

/// `gtdx new <PATH>`
#[derive(Debug, clap::Args)]
#[command(after_help = PRECEDENCE)]
pub struct Args {
    /// Directory to create (missing or empty).
    pub path: PathBuf,
    #[command(flatten)]
    pub common: Common,
}

/// `gtdx init [PATH]`
#[derive(Debug, clap::Args)]
#[command(after_help = PRECEDENCE)]
pub struct InitArgs {
    /// Existing directory to turn into an extension project (created if missing).
    #[arg(default_value = ".")]
    pub path: PathBuf,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    create(args.path, args.common, Mode::New)
}

pub fn run_init(args: InitArgs) -> anyhow::Result<ExitCode> {
    create(args.path, args.common, Mode::Init)
}

fn some_vec(v: Vec<String>) -> Option<Vec<String>> {
    if v.is_empty() { None } else { Some(v) }
}

fn create(path: PathBuf, c: Common, mode: Mode) -> anyhow::Result<ExitCode> {
    let req = Request {
        path: path.clone(),
        name: c.name,
        id: c.id,
        kind: c.kind,
        tools: some_vec(c.tools),
        capabilities: some_vec(c.capabilities),
        node_type: c.node_type,
        dynamic_tools: c.dynamic_tools,
        ci: c.ci,
        vcs: c.vcs,
        sdk: c.sdk,
    };
    let interactive = !c.yes && std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let mut terminal = TerminalPrompter;
    let prompter: Option<&mut dyn Prompter> = if interactive {
        Some(&mut terminal)
    } else {
        None
    };
    let opts = gtdx_scaffold::resolve(&req, prompter)?;
    let project = gtdx_scaffold::render(&opts)?;

    let mut writer = Writer::start(&path, mode, c.force, &project)?;
    let describe_note = describe(&mut writer)?;
    let git = match opts.vcs {
        Vcs::Git => writer.git_init()?,
        Vcs::None => false,
    };
    let skipped: Vec<String> = writer.skipped().to_vec();
    let strategy = writer.strategy();
    let target = writer.finish()?;
    let membership = gtdx_scaffold::join_enclosing(&target)?;

    report(
        &opts,
        &path,
        &target,
        strategy,
        &skipped,
        describe_note.as_deref(),
        git,
    );
    report_membership(&membership);
    Ok(crate::exit::code(crate::exit::OK))
}

/// Generates describe.json in the writer's directory with the describe engine's public API
/// (`gtdx_describe::generate_for`, or `generate` when a kept Cargo.toml needs Cargo to read).
/// Returns a note to print when describe.json was not (re)generated; that can only happen when
/// existing files were kept, since a generated project always describes.
fn describe(writer: &mut Writer) -> anyhow::Result<Option<String>> {
    if writer.was_skipped("describe.json") {
        return Ok(Some(
            "describe.json existed and was kept; run `gtdx describe` to regenerate it from the \
             sources"
                .into(),
        ));
    }
    let dir = writer.dir().to_path_buf();
    let generated = match gtdx_describe::Package::read_static(&dir) {
        Some(pkg) => gtdx_describe::generate_for(pkg),
        None => gtdx_describe::generate(&dir.join("Cargo.toml")),
    };
    match generated {
        Ok(g) => {
            writer.put("describe.json", &g.text)?;
            Ok(None)
        }
        // Our own files always describe; only kept (user) files can make this fail.
        Err(e) if writer.strategy() == Strategy::Merge && !writer.skipped().is_empty() => {
            Ok(Some(format!(
                "describe.json was not generated, because of files that were kept: {e}. Fix them and \
             run `gtdx describe`."
            )))
        }
        Err(e) => {
            Err(anyhow::Error::new(e).context("cannot generate describe.json for the new project"))
        }
    }
}

fn report(
    opts: &Options,
    shown: &std::path::Path,
    target: &std::path::Path,
    strategy: Strategy,
    skipped: &[String],
    describe_note: Option<&str>,
    git: bool,
) {
    let mut err = std::io::stderr().lock();
    let verb = match strategy {
        Strategy::Fresh => "Created",
        Strategy::Merge => "Initialized",
    };
    let _ = writeln!(
        err,
        "{verb:>12} {} extension `{}` ({}) in {}",
        opts.kind.short(),
        opts.name,
        opts.id,
        shown.display()
    );
    let _ = writeln!(err, "{:>12} gtdx-sdk: {}", "SDK", opts.sdk);
    if skipped.iter().any(|s| s == "src/lib.rs") {
        let _ = writeln!(
            err,
            "{:>12} none added: src/lib.rs exists and was kept",
            "Tools"
        );
    } else {
        let (tools, caps) = (opts.tools.join(", "), opts.capabilities.join(", "));
        let _ = writeln!(err, "{:>12} {tools} [{caps}]", "Tools");
    }
    if opts.dynamic_tools {
        let _ = writeln!(
            err,
            "{:>12} list_record_types (discovery), create_record, update_record, get_record",
            "Dynamic"
        );
    }
    if opts.node_type {
        let first = opts.tools.first().map(String::as_str).unwrap_or_default();
        let _ = writeln!(
            err,
            "{:>12} {}.{first} (ports success, error)",
            "Node type", opts.id
        );
    }
    for s in skipped {
        let _ = writeln!(err, "{:>12} {s} (exists; kept as it is)", "Skipped");
    }
    if let Some(note) = describe_note {
        let _ = writeln!(err, "warning: {note}");
    }
    if git {
        let _ = writeln!(err, "{:>12} git repository", "Initialized");
    }
    if opts.ci == Ci::Github && matches!(opts.sdk, SdkSource::Path { .. }) {
        let _ = writeln!(
            err,
            "note: the SDK is a local path, which a CI runner cannot see; for the GitHub workflow \
             use --sdk <version> or --sdk <git URL>"
        );
    }
    let here = std::env::current_dir()
        .map(|d| d == target)
        .unwrap_or(false);
    let cd = if here {
        String::new()
    } else {
        format!("cd {} && ", shown.display())
    };
    let _ = writeln!(err, "{:>12} {cd}cargo test && gtdx build", "Next");
}

/// Says what joining the enclosing workspace did (as `cargo new` does, only when it did
/// something or could not).
fn report_membership(m: &gtdx_scaffold::Membership) {
    use gtdx_scaffold::Membership;
    let mut err = std::io::stderr().lock();
    match m {
        Membership::Added { root, member } => {
            let _ = writeln!(
                err,
                "{:>12} `{member}` as a member of the workspace at {}",
                "Added",
                root.display()
            );
        }
        Membership::Unreadable {
            root,
            member,
            reason,
        } => {
            let _ = writeln!(
                err,
                "warning: the project is inside the workspace of {}, which gtdx could not edit \
                 ({reason}); add \"{member}\" to its `workspace.members` (or to `exclude`) before \
                 running cargo there",
                root.display()
            );
        }
        Membership::Standalone | Membership::AlreadyMember { .. } | Membership::Excluded { .. } => {
        }
    }
}

/// Asks on stderr, reads a line from stdin.
struct TerminalPrompter;

impl Prompter for TerminalPrompter {
    fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>> {
        let mut err = std::io::stderr().lock();
        write!(err, "{} [{}]: ", q.prompt, q.default)?;
        err.flush()?;
        let mut line = String::new();
        let n = std::io::stdin().lock().read_line(&mut line)?;
        if n == 0 {
            let _ = writeln!(err);
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    fn reject(&mut self, message: &str) {
        let _ = writeln!(std::io::stderr(), "  {message}");
    }
}
