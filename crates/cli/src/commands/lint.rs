//! `gtdx lint [PATH]`: validation, then the lint rules (see `gtdx-lint`), printed.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::lint::{BaselineSource, LintError, LintOptions, Rules, greentic_home};

use crate::render::{self, lint::Shown};

/// `gtdx lint [PATH] [--deny-warnings] [--publish] [--verbose] [--format human|json] [--explain CODE]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The manifest to check [default: describe.json, or the one beside --manifest-path].
    pub path: Option<PathBuf>,
    /// Fail (exit code 1) on warnings as well as errors.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Also run the publish-time rules (placeholder digests, plain-http network patterns,
    /// exact versions of offered capabilities).
    #[arg(long)]
    pub publish: bool,
    #[command(flatten)]
    pub format: crate::args::ReportFormatArgs,
    /// Also show info notes (what the runtime will assume, hints). They never fail a lint and
    /// are hidden by default; the summary says how many there are.
    #[arg(short, long)]
    pub verbose: bool,
    /// Print the long explanation of a rule code (e.g. E_EXPORT_FORM) and exit.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    /// Also scan the Rust package of this Cargo.toml for tool definitions built by hand (a
    /// `ToolDefinition` value, a hand-written `list_tools`/`invoke_tool`): a v2 runtime never
    /// calls list-tools, so tools that exist only there are invisible.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// What to compare with for removed tools, node types and offered capabilities
    /// (W_DESCRIBE_DIFF_BREAKING): `installed` (the installed copy under $GREENTIC_HOME,
    /// ~/.greentic by default; nothing when it is not installed), `none`, or a describe.json.
    #[arg(long, value_name = "installed|none|FILE", default_value = "installed")]
    pub baseline: String,
}

/// `--baseline`: `installed`, `none`, or a file.
fn baseline(value: &str) -> BaselineSource {
    match value {
        // Without a Greentic home nothing is installed, so there is nothing to compare with.
        "installed" => greentic_home().map_or(BaselineSource::None, BaselineSource::Installed),
        "none" => BaselineSource::None,
        file => BaselineSource::File(PathBuf::from(file)),
    }
}

pub fn run(args: Args, shell: &mut crate::shell::Shell) -> anyhow::Result<ExitCode> {
    if let Some(code) = &args.explain {
        return render::explain::print(code, shell);
    }
    let options = LintOptions {
        path: args.path,
        manifest_path: args.manifest_path,
        rules: Rules::Lint {
            publish: args.publish,
        },
        baseline: baseline(&args.baseline),
    };
    let shown = Shown {
        format: args.format.format,
        deny_warnings: args.deny_warnings,
        verbose: args.verbose,
        lint: true,
    };
    match gtdx_ops::lint::check(&options) {
        Ok(report) => Ok(render::lint::print(report, &shown, shell)),
        Err(LintError::Load(e)) => Ok(render::lint::print_load_error(
            &e,
            args.format.format,
            shell,
        )),
        Err(e @ LintError::Scan(_)) => Err(e.into()),
    }
}
