//! The registry's entry for a diagnostic code, as `gtdx explain` and `gtdx lint --explain`
//! print it.

use std::process::ExitCode;

use crate::shell::{Format, Shell};

/// Prints the registry's entry for a code (`gtdx explain`, `gtdx lint --explain`); an unknown
/// code is an error that suggests the nearest known one.
pub(crate) fn print(code: &str, shell: &mut Shell) -> anyhow::Result<ExitCode> {
    match shell.format() {
        Format::Human => shell.print(gtdx_ops::explain::explain(code)?),
        Format::Json => {
            let c = gtdx_ops::explain::lookup(code)?;
            shell.print_json(&serde_json::json!({
                "code": c.id,
                "severity": c.severity,
                "area": c.area.as_str(),
                "summary": c.summary,
                "explanation": c.explanation,
            }));
        }
    }
    Ok(crate::exit::code(crate::exit::OK))
}
