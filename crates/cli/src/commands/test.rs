//! `gtdx test`: run the table-driven tool tests of `tests/tools/`, or the discovery tool.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::dynamic::CatalogTarget;
use gtdx_ops::run::Input;
use gtdx_ops::test::{DiscoveryOptions, TestOptions, TestOutcome};

use crate::exit;
use crate::render::admission::{deny_exit, render_admission};
use crate::render::progress::quiet_in_json;
use crate::shell::{Failure, Format, Shell, count};

/// `gtdx test [--tool NAME] [--filter TEXT] [--junit FILE] [--discovery]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only the cases of this tool.
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// Only the cases whose `file::name` contains this text.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// The directory of test files [default: tests/tools beside Cargo.toml]
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,
    /// Also write the results as JUnit XML, for CI dashboards.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Run the discovery tool of contributions.dynamicTools and put its descriptors through
    /// the dynamic-tools admission (as `gtdx dynamic admit` does).
    #[arg(long, conflicts_with_all = ["tool", "filter", "junit", "tests"])]
    pub discovery: bool,
    /// The organisation the extension is installed in (with --discovery).
    #[arg(
        long,
        value_name = "ORG",
        default_value = "local",
        requires = "discovery"
    )]
    pub org: String,
    /// The connection's grant file (with --discovery) [default: the installed-extension grant,
    /// every declared executor].
    #[arg(long, value_name = "FILE", requires = "discovery")]
    pub grant: Option<PathBuf>,
    /// The server cap on derived tools per connection (with --discovery).
    #[arg(long, value_name = "N", default_value_t = gtdx_ops::dynamic::DEFAULT_SERVER_CAP,
          value_parser = clap::value_parser!(u32).range(1..), requires = "discovery")]
    pub max_derived_tools: u32,
    /// The connection whose catalog to sync (with --discovery and --catalog).
    #[arg(long, value_name = "NAME", requires_all = ["discovery", "catalog"])]
    pub connection: Option<String>,
    /// The directory of catalogs to sync the admitted tools into (with --connection).
    #[arg(long, value_name = "DIR", requires_all = ["discovery", "connection"])]
    pub catalog: Option<PathBuf>,
    /// Exit 1 when a discovered descriptor is rejected (with --discovery).
    #[arg(long, requires = "discovery")]
    pub deny_rejected: bool,
    /// Exit 1 when a discovered descriptor is withheld (with --discovery).
    #[arg(long, requires = "discovery")]
    pub deny_withheld: bool,
    /// The discovery tool's input, a JSON object (with --discovery) [default: {}]
    #[arg(long, value_name = "JSON", requires = "discovery")]
    pub input: Option<String>,
    #[command(flatten)]
    pub source: crate::args::ExtensionSourceArgs,
    #[command(flatten)]
    pub host: crate::args::HostArgs,
    #[command(flatten)]
    pub format: crate::args::FormatArgs,
}

pub fn run(args: Args, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    let options = TestOptions {
        source: args.source.source(),
        dir: args.tests,
        tool: args.tool,
        filter: args.filter,
        host: args.host.inputs(),
        discovery: args.discovery.then(|| DiscoveryOptions {
            org: args.org.clone(),
            grant: args.grant.clone(),
            max_derived_tools: args.max_derived_tools,
            catalog: match (args.catalog.clone(), args.connection.clone()) {
                (Some(dir), Some(connection)) => Some(CatalogTarget { dir, connection }),
                _ => None,
            },
            input: args.input.clone().map_or(Input::Empty, Input::Json),
        }),
    };
    let result = quiet_in_json(shell, |progress| gtdx_ops::test::test(&options, progress));
    let outcome = match result {
        Ok(o) => o,
        Err(e) => return Ok(shell.fail(Failure::error(&e))),
    };
    match outcome {
        TestOutcome::Discovery(d) => {
            match shell.format() {
                Format::Json => shell.print_json(&d),
                Format::Human => {
                    shell.status(
                        "Discovered",
                        format!(
                            "{} from `{}` of {}",
                            count(d.discovered, "descriptor", "descriptors"),
                            d.tool,
                            d.extension
                        ),
                    );
                    render_admission(&d.admission, shell)?;
                }
            }
            deny_exit(shell, &d.admission, args.deny_rejected, args.deny_withheld)
        }
        TestOutcome::Tests(report) => {
            if let Some(path) = &args.junit
                && let Err(e) = gtdx_ops::test::write_junit(path, &report)
            {
                return Ok(shell.fail(Failure::error(&e)));
            }
            match shell.format() {
                Format::Json => shell.print_json(&report),
                Format::Human => {
                    let mut out = String::new();
                    for c in &report.cases {
                        if c.passed {
                            out.push_str(&format!("test {}::{} ... ok\n", c.file, c.name));
                        } else {
                            out.push_str(&format!(
                                "test {}::{} ... FAILED\n    {}\n",
                                c.file, c.name, c.message
                            ));
                        }
                    }
                    out.push_str(&format!(
                        "\n{} passed, {} failed\n",
                        report.passed, report.failed
                    ));
                    shell.print(out);
                }
            }
            Ok(exit::code(if report.failed == 0 {
                exit::OK
            } else {
                exit::FINDINGS
            }))
        }
    }
}
