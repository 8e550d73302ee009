//! End-to-end tests: each module runs the real `gtdx` binary on real inputs.
//!
//! One test binary keeps link time down; `support` holds what the areas share (the binary,
//! temp dirs, fixture paths, building fixture extensions once per run).

mod support;

mod build;
mod describe;
mod new;
mod platform;
mod sdk;
mod sign;
mod validate_lint;
mod worker;
