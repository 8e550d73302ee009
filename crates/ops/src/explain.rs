//! `gtdx explain CODE` (and `gtdx lint --explain CODE`): the registry's entry for any diagnostic
//! code gtdx prints.

/// A code the registry does not declare, with the nearest one it does.
#[derive(Debug, thiserror::Error)]
#[error(
    "unknown diagnostic code \"{code}\"; {}every code is listed in docs/diagnostics.md",
    nearest.map(|c| format!("did you mean {c}? ")).unwrap_or_default()
)]
pub struct UnknownCode {
    pub code: String,
    pub nearest: Option<&'static str>,
}

/// The long explanation of a code (any case).
pub fn explain(code: &str) -> Result<String, UnknownCode> {
    gtdx_contract::codes::explain(code).ok_or_else(|| unknown(code))
}

/// The registry's entry for a code (any case).
pub fn lookup(code: &str) -> Result<&'static gtdx_contract::Code, UnknownCode> {
    gtdx_contract::codes::find(&code.trim().to_ascii_uppercase()).ok_or_else(|| unknown(code))
}

fn unknown(code: &str) -> UnknownCode {
    UnknownCode {
        code: code.to_string(),
        nearest: gtdx_contract::codes::nearest(code),
    }
}

/// The registry's entry for a code (exact id), e.g. to describe the rules of a SARIF log.
pub fn find_code(id: &str) -> Option<&'static gtdx_contract::Code> {
    gtdx_contract::codes::find(id)
}
