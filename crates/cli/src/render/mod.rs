//! Rendering that more than one command shares, so that no command imports another.
//!
//! * [`progress`]: the events of `gtdx build` and `gtdx pack` (progress bar, status lines or
//!   JSON lines) and how their failures are shown.
//! * [`admission`]: a dynamic-tool admission report and its `--deny-*` exit (`gtdx dynamic
//!   admit`, `gtdx test --discovery`).
//! * [`lint`]: the report of `gtdx lint` and `gtdx validate`.
//! * [`explain`]: a diagnostic code's entry (`gtdx explain`, `gtdx lint --explain`).
//! * [`snippet`]: a finding with its source line and caret; [`sarif`]: findings as SARIF.
//!
//! Rendering used by one command only stays in that command's module.

pub mod admission;
pub mod explain;
pub mod lint;
pub mod progress;
pub mod sarif;
pub mod snippet;
