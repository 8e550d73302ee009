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

/// `gtdx publish`, as the platform's publish: the version is already in the registry (and
/// `--force` was not given), or, with `--verify-only`, would be.
pub const VERSION_EXISTS: u8 = 10;
/// `gtdx publish`, as the platform's publish: the registry needs a token it was not given, or
/// refused the one it was.
pub const AUTH: u8 = 20;
/// `gtdx publish`, as the platform's publish: the registry answered badly, could not be reached,
/// or refused the write.
pub const REGISTRY: u8 = 30;
/// `gtdx publish` in a project, as the platform's publish: compiling the extension failed.
pub const BUILD: u8 = 70;

pub fn code(c: u8) -> ExitCode {
    ExitCode::from(c)
}
