//! `gtdx new <PATH>` and `gtdx init [PATH]`: create a v2 extension project.
//!
//! Precedence for every value: flag > `GTDX_NEW_<KEY>` environment variable > prompt > default.
//! Prompts appear only when stdin and stderr are both terminals and `--yes` is not given; in
//! every other case the defaults apply and nothing waits for input.
//!
//! This module parses, asks (on a terminal) and prints; the work is [`gtdx_ops::new`].

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::new::{
    Ci, DescribeStatus, LockStatus, Membership, Mode, NewOptions, NewOutcome, Prompter, Request,
    SdkChoice, SdkSource, Strategy, agents, bundle,
};

use crate::shell::Shell;

/// The options `new` and `init` share.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// Package name [default: the directory's name].
    #[arg(long, env = "GTDX_NEW_NAME")]
    pub name: Option<String>,
    /// Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->].
    #[arg(long, env = "GTDX_NEW_ID")]
    pub id: Option<String>,
    /// Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx
    /// new scaffolds [default: design].
    #[arg(long, env = "GTDX_NEW_KIND", value_name = "KIND", value_parser = ["design"])]
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
    /// Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its
    /// crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`)
    /// [default: this gtdx's version].
    #[arg(long, env = "GTDX_NEW_SDK", value_name = "VERSION|path:DIR|GIT")]
    pub sdk: Option<String>,
    /// Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx's
    /// version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default:
    /// the SDK's git repository and revision, else `crates`].
    #[arg(
        long,
        env = "GTDX_NEW_GTDX_SOURCE",
        value_name = "SOURCE",
        requires = "ci"
    )]
    pub gtdx_source: Option<String>,
    /// Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check
    /// (written by default; an existing one is always kept as it is).
    #[arg(long, env = "GTDX_NEW_NO_AGENTS")]
    pub no_agents: bool,
    /// Add the project to a directory that is not empty. Existing files are kept (reported as
    /// skipped), never overwritten or deleted.
    #[arg(long)]
    pub force: bool,
    /// Ask nothing: take flags, variables and defaults.
    #[arg(long, short = 'y', env = "GTDX_NEW_YES")]
    pub yes: bool,
    /// With `json`: one document on stdout (the project, the resolved choices, kept files);
    /// nothing is asked.
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
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

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    create(args.path, args.common, Mode::New, shell)
}

pub fn run_init(args: InitArgs, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    create(args.path, args.common, Mode::Init, shell)
}

fn some_vec(v: Vec<String>) -> Option<Vec<String>> {
    if v.is_empty() { None } else { Some(v) }
}

fn create(path: PathBuf, c: Common, mode: Mode, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let request = Request {
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
        gtdx_source: c.gtdx_source,
        agents: c.no_agents.then_some(false),
    };
    let interactive = !c.yes && !shell.is_json() && crate::prompt::terminal(shell);
    let mut terminal = crate::prompt::TerminalPrompter;
    let prompter: Option<&mut dyn Prompter> = if interactive {
        Some(&mut terminal)
    } else {
        None
    };
    let options = NewOptions {
        request,
        mode,
        force: c.force,
    };
    let outcome = gtdx_ops::new::create(&options, prompter)?;
    if shell.is_json() {
        print_json(&outcome, shell);
    } else {
        report(&outcome, &path, shell);
        report_membership(&outcome.membership, shell);
    }
    Ok(crate::exit::code(crate::exit::OK))
}

/// The outcome as one document.
fn print_json(outcome: &NewOutcome, shell: &mut Shell) {
    let opts = &outcome.options;
    let membership = match &outcome.membership {
        Membership::Added { root, .. } => serde_json::json!({
            "status": "added", "workspace": root.display().to_string() }),
        Membership::Unreadable { root, reason, .. } => serde_json::json!({
            "status": "unreadable", "workspace": root.display().to_string(),
            "reason": reason.to_string() }),
        Membership::AlreadyMember { .. } => serde_json::json!({ "status": "member" }),
        Membership::Excluded { .. } => serde_json::json!({ "status": "excluded" }),
        Membership::Standalone => serde_json::json!({ "status": "standalone" }),
    };
    shell.print_json(&serde_json::json!({
        "path": outcome.target.display().to_string(),
        "created": matches!(outcome.strategy, Strategy::Fresh),
        "name": opts.name,
        "id": opts.id,
        "kind": opts.kind.short(),
        "sdk": opts.sdk.to_string(),
        "tools": opts.tools,
        "capabilities": opts.capabilities,
        "nodeType": opts.node_type,
        "dynamicTools": opts.dynamic_tools,
        "agents": opts.agents,
        "ci": match opts.ci {
            Ci::Github => serde_json::json!({"github": {"gtdxSource": opts.gtdx_source.to_string()}}),
            Ci::None => serde_json::Value::Null,
        },
        "skipped": outcome.skipped,
        "describe": match &outcome.describe {
            DescribeStatus::Generated => "generated".to_string(),
            DescribeStatus::Kept => "kept".to_string(),
            DescribeStatus::NotGenerated(e) => format!("not generated: {e}"),
        },
        "git": outcome.git_initialized,
        "lockfile": match &outcome.lockfile {
            LockStatus::Generated => "generated".to_string(),
            LockStatus::NotAsked => "not-asked".to_string(),
            LockStatus::Failed(why) => format!("not generated: {why}"),
        },
        "workspace": membership,
        "sdkRoot": outcome.sdk_root,
    }));
}

/// Why the SDK comes from the bundled copy, when it does without `--sdk bundled`.
fn sdk_note(choice: &SdkChoice) -> Option<String> {
    let version = bundle::VERSION;
    let dir = bundle::DIR;
    match choice {
        SdkChoice::Asked | SdkChoice::Published => None,
        SdkChoice::NotPublished => Some(format!(
            "note: crates.io does not have gtdx-sdk {version} yet, so the project builds it from \
             the copy gtdx carries, in {dir}/ with `[patch.crates-io]` in Cargo.toml (commit \
             both). `gtdx sdk use crates-io` switches once crates.io has it."
        )),
        SdkChoice::Unchecked(why) => Some(format!(
            "note: cargo could not check crates.io for gtdx-sdk {version} ({why}), so the project \
             builds it from the copy gtdx carries, in {dir}/ with `[patch.crates-io]` in \
             Cargo.toml. `gtdx sdk use crates-io` switches once crates.io has it."
        )),
    }
}

/// The warning to print when describe.json was not (re)generated; that can only happen when
/// existing files were kept, since a generated project always describes.
fn describe_note(status: &DescribeStatus) -> Option<String> {
    match status {
        DescribeStatus::Generated => None,
        DescribeStatus::Kept => Some(
            "describe.json existed and was kept; run `gtdx describe` to regenerate it from the \
             sources"
                .into(),
        ),
        DescribeStatus::NotGenerated(e) => Some(format!(
            "describe.json was not generated, because of files that were kept: {e}. Fix them and \
             run `gtdx describe`."
        )),
    }
}

/// A CLAUDE.md that was kept and does not mention AGENTS.md leaves Claude Code without the
/// guidance just written beside it: say how to connect them.
fn claude_note(outcome: &NewOutcome) -> Option<String> {
    let kept = |f: &str| outcome.skipped.iter().any(|s| s == f);
    if !outcome.options.agents || !kept("CLAUDE.md") || kept("AGENTS.md") {
        return None;
    }
    let claude = std::fs::read_to_string(outcome.target.join("CLAUDE.md")).unwrap_or_default();
    (!claude.contains("AGENTS.md")).then(|| {
        "note: CLAUDE.md was kept and does not mention AGENTS.md; add a line `@AGENTS.md` to it \
         so Claude Code reads the project's guidance too"
            .to_string()
    })
}

fn report(outcome: &NewOutcome, shown: &std::path::Path, shell: &mut Shell) {
    let opts = &outcome.options;
    let skipped = &outcome.skipped;
    let verb = match outcome.strategy {
        Strategy::Fresh => "Created",
        Strategy::Merge => "Initialized",
    };
    shell.status(
        verb,
        format_args!(
            "{} extension `{}` ({}) in {}",
            opts.kind.short(),
            opts.name,
            opts.id,
            shown.display()
        ),
    );
    shell.status("SDK", format_args!("gtdx-sdk: {}", opts.sdk));
    if let Some(note) = sdk_note(&outcome.sdk_choice) {
        shell.note(note);
    }
    if let Some(root) = &outcome.sdk_root {
        shell.note(format!(
            "the project is a workspace member and cargo reads `[patch]` only from the \
             workspace's root, so the SDK's copy and its `[patch.crates-io]` are in {} and \
             {}/ beside it",
            root.display(),
            bundle::DIR
        ));
    }
    if skipped.iter().any(|s| s == "src/lib.rs") {
        shell.status("Tools", "none added: src/lib.rs exists and was kept");
    } else {
        let (tools, caps) = (opts.tools.join(", "), opts.capabilities.join(", "));
        shell.status("Tools", format_args!("{tools} [{caps}]"));
    }
    if opts.dynamic_tools {
        shell.status(
            "Dynamic",
            "list_record_types (discovery), create_record, update_record, get_record",
        );
    }
    if opts.node_type {
        let first = opts.tools.first().map(String::as_str).unwrap_or_default();
        shell.status(
            "Node type",
            format_args!("{}.{first} (ports success, error)", opts.id),
        );
    }
    let guidance: Vec<&str> = agents::FILES
        .iter()
        .copied()
        .filter(|f| !skipped.iter().any(|s| s == f))
        .collect();
    if opts.agents && !guidance.is_empty() {
        shell.status(
            "Guidance",
            format_args!(
                "{} for coding assistants (--no-agents leaves them out)",
                guidance.join(", ")
            ),
        );
    }
    for s in skipped {
        shell.status("Skipped", format_args!("{s} (exists; kept as it is)"));
    }
    if let Some(note) = claude_note(outcome) {
        shell.note(note);
    }
    if let Some(note) = describe_note(&outcome.describe) {
        shell.warn(note);
    }
    if outcome.git_initialized {
        shell.status("Initialized", "git repository");
    }
    match &outcome.lockfile {
        LockStatus::Generated => shell.status(
            "Locked",
            "dependencies in Cargo.lock (commit it with the sources)",
        ),
        LockStatus::Failed(why) => shell.warn(format!(
            "cargo could not resolve the project's dependencies, so there is no Cargo.lock yet: \
             {why}. Builds fail the same way until that is fixed (usually the network or a \
             registry in your cargo configuration); then run `cargo generate-lockfile` in the \
             project and commit Cargo.lock with the sources."
        )),
        LockStatus::NotAsked => {}
    }
    if opts.ci == Ci::Github {
        if matches!(opts.sdk, SdkSource::Path { .. }) {
            shell.note(
                "note: the SDK is a local path, which a CI runner sees only when it is in the \
                 same repository; otherwise use --sdk <version> or --sdk <git URL>",
            );
        }
        shell.note(format!(
            "note: the workflow installs gtdx from {src}, signs with the repository secret \
             GTDX_SIGNING_KEY and verifies with keys/{name}.pub. Once: `gtdx keygen --out-dir \
             keys --name {name}`, commit keys/{name}.pub, then `gh secret set GTDX_SIGNING_KEY \
             < keys/{name}.key` (keys/*.key stays out of git). Without the secret, signing and \
             publishing are skipped with a notice.",
            src = opts.gtdx_source,
            name = opts.name
        ));
    }
    let here = std::env::current_dir()
        .map(|d| d == outcome.target)
        .unwrap_or(false);
    let cd = if here {
        String::new()
    } else {
        format!("cd {} && ", shown.display())
    };
    shell.status("Next", format_args!("{cd}cargo test && gtdx build"));
}

/// Says what joining the enclosing workspace did (as `cargo new` does, only when it did
/// something or could not).
fn report_membership(m: &Membership, shell: &mut Shell) {
    match m {
        Membership::Added { root, member } => {
            shell.status(
                "Added",
                format_args!(
                    "`{member}` as a member of the workspace at {}",
                    root.display()
                ),
            );
        }
        Membership::Unreadable {
            root,
            member,
            reason,
        } => {
            shell.warn(format_args!(
                "the project is inside the workspace of {}, which gtdx could not edit \
                 ({reason}); add \"{member}\" to its `workspace.members` (or to `exclude`) before \
                 running cargo there",
                root.display()
            ));
        }
        Membership::Standalone | Membership::AlreadyMember { .. } | Membership::Excluded { .. } => {
        }
    }
}
