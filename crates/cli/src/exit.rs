//! Exit codes shared by every gtdx command.

use std::process::ExitCode;

/// Everything checked out.
pub const OK: u8 = 0;
/// The command ran and found problems at the failing severity (lint findings, a stale
/// describe.json, an invalid signature).
pub const FINDINGS: u8 = 1;
/// The input could not be used at all: missing file, not JSON, bad arguments, I/O failure.
pub const BAD_INPUT: u8 = 2;
/// `gtdx verify`: the signature is valid, but by a key that is not trusted.
pub const UNTRUSTED: u8 = 3;

pub fn code(c: u8) -> ExitCode {
    ExitCode::from(c)
}
