//! Printing shared by the commands: the output format, the one-paragraph fatal error, `--color`,
//! explanations of codes, sizes as people read them. Reports have their renderers in `render/`.

use std::io::Write;
use std::process::ExitCode;

/// Output format shared by the commands that offer `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Format {
    #[default]
    Human,
    Json,
}

/// Prints a fatal error as one paragraph on stderr and returns the bad-input exit code.
pub fn report_error(err: &anyhow::Error) -> ExitCode {
    // A secret key passed where a file or variable name belongs is never echoed.
    let text = gtdx_ops::keys::redact_key_material(&error_text(err.as_ref())).into_owned();
    let _ = writeln!(std::io::stderr(), "error: {text}");
    crate::exit::code(crate::exit::BAD_INPUT)
}

/// An error and its causes as one paragraph: `message: cause: cause`. Library errors often
/// already carry their source in their message; each cause is said once.
pub fn error_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(&format!(": {cause_text}"));
        }
        source = cause.source();
    }
    text
}

/// Prints the explanation of a diagnostic code (`gtdx explain CODE`, `gtdx lint --explain CODE`);
/// an unknown code is an error that suggests the nearest known one.
pub fn explain(code: &str) -> anyhow::Result<ExitCode> {
    let text = gtdx_ops::explain::explain(code)?;
    let _ = write!(std::io::stdout(), "{text}");
    Ok(crate::exit::code(crate::exit::OK))
}

/// `--color`, set once from the command line (like cargo's shell).
static COLOR: std::sync::OnceLock<crate::render::snippet::Color> = std::sync::OnceLock::new();

pub fn set_color(color: crate::render::snippet::Color) {
    let _ = COLOR.set(color);
}

/// Whether human output on stdout is coloured.
pub fn color_stdout() -> bool {
    COLOR.get().copied().unwrap_or_default().stdout()
}

/// A byte count as people read it: `512 B`, `3.4 KiB`, `12.0 MiB`.
pub fn human_size(n: u64) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / (1u64 << 20) as f64)
    } else if n >= 1 << 10 {
        format!("{:.1} KiB", n as f64 / 1024.0)
    } else {
        format!("{n} B")
    }
}
