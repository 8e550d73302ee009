//! The loopback Greentic Store lives in `gtdx-test-support` (crates/test-support/src/store.rs),
//! so `cargo xtask bench` serves the same one the e2e tests check against the platform's gtdx.

pub use gtdx_test_support::store::*;
