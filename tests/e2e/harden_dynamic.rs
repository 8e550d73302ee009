//! Hardening, round two (issue #30).
