//! Semver fields written back the way the platform's `semver` types display them (so `>= 1.2`
//! is signed as `>=1.2`). A value that does not parse is written as it stands: such a document
//! does not load, and [`crate::invariants`] says so.

use serde::Serializer;

pub fn requirement<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    match semver::VersionReq::parse(text) {
        Ok(r) => s.collect_str(&r),
        Err(_) => s.serialize_str(text),
    }
}

pub fn version<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    match semver::Version::parse(text) {
        Ok(v) => s.collect_str(&v),
        Err(_) => s.serialize_str(text),
    }
}

pub fn optional_version<S: Serializer>(text: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    match text {
        Some(t) => version(t, s),
        None => s.serialize_none(),
    }
}
