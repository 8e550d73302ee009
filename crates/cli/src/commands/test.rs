//! `gtdx test`: run the table-driven tool tests of `tests/tools/`, or the discovery tool.

use std::path::PathBuf;
use std::process::ExitCode;

use gtdx_ops::run::Input;
use gtdx_ops::test::{DiscoveryOptions, TestOptions, TestOutcome};

use crate::exit;
use crate::render::progress::Reporter;
use crate::shell::{Failure, Format, Shell};

/// `gtdx test [--tool NAME] [--filter TEXT] [--junit FILE] [--discovery]`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only the cases of this tool.
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// Only the cases whose `file::name` contains this text.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// The directory of test files (default: tests/tools beside Cargo.toml).
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,
    /// Also write the results as JUnit XML, for CI dashboards.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Run the discovery tool of contributions.dynamicTools and print its descriptors.
    #[arg(long, conflicts_with_all = ["tool", "filter", "junit"])]
    pub discovery: bool,
    /// The connection the descriptors are for (with --discovery).
    #[arg(long, value_name = "NAME", requires = "discovery")]
    pub connection: Option<String>,
    /// The catalog directory of the connection (with --discovery).
    #[arg(long, value_name = "DIR", requires = "discovery")]
    pub catalog: Option<PathBuf>,
    /// The discovery tool's input, a JSON object (with --discovery; default `{}`).
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
            connection: args.connection,
            catalog: args.catalog,
            input: args.input.map_or(Input::Empty, Input::Json),
        }),
    };
    let result = if shell.is_json() {
        gtdx_ops::test::test(&options, &mut gtdx_ops::progress::Silent)
    } else {
        gtdx_ops::test::test(&options, &mut Reporter::new(shell))
    };
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
                            "{} descriptors from `{}` of {}",
                            d.descriptors.len(),
                            d.tool,
                            d.extension
                        ),
                    );
                    let text = serde_json::to_string_pretty(&d.descriptors).unwrap_or_default();
                    shell.print(format!("{text}\n"));
                }
            }
            Ok(exit::code(exit::OK))
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
