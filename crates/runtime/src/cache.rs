//! The compiled-component cache: wasmtime's serialisation of a compiled component, so that a
//! repeated run does not compile again.
//!
//! An entry is `<dir>/<key>.cwasm`, the key a SHA-256 over the component's bytes, the engine's
//! compatibility hash (its configuration and the wasmtime version, which
//! `Engine::precompile_compatibility_hash` covers) and this crate's version: a wasmtime upgrade
//! or a different engine configuration never finds an old entry. Entries are written to a
//! temporary file and renamed into place (gtdx-fsx), so concurrent runs either find a whole
//! entry or none; an entry that does not deserialize (truncated by a full disk, written by a
//! foreign tool) is compiled again and replaced. The directory is the user's own
//! (`$XDG_CACHE_HOME/gtdx/components`, or `~/.cache/gtdx/components`, or `GTDX_CACHE_DIR`):
//! loading an entry runs the machine code in it, so it must not be writable by others.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

/// Whether a component came from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheStatus {
    /// Found and loaded.
    Hit,
    /// Compiled, and written for next time.
    Miss,
    /// Compiled; no cache configured (or the entry could not be written).
    Off,
}

/// The default cache directory: `GTDX_CACHE_DIR`, else `$XDG_CACHE_HOME/gtdx/components`, else
/// `~/.cache/gtdx/components`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("GTDX_CACHE_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("gtdx").join("components"))
}

struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

/// The entry name for `component` compiled by `engine` with `compiler`.
pub fn key(engine: &Engine, compiler: crate::Compiler, component: &[u8]) -> String {
    let mut h = ShaHasher(Sha256::new());
    h.write(b"gtdx-runtime\0");
    h.write(env!("CARGO_PKG_VERSION").as_bytes());
    // The engine hash may not tell the compilers apart; their code must never be confused.
    h.write(format!("{compiler:?}\0").as_bytes());
    engine.precompile_compatibility_hash().hash(&mut h);
    h.write(&Sha256::digest(component));
    h.0.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The component compiled, from `dir`'s entry when there is a good one.
pub fn load_or_compile(
    engine: &Engine,
    compiler: crate::Compiler,
    component: &[u8],
    dir: Option<&Path>,
) -> wasmtime::Result<(Component, CacheStatus)> {
    let Some(dir) = dir else {
        return Ok((Component::from_binary(engine, component)?, CacheStatus::Off));
    };
    let path = dir.join(format!("{}.cwasm", key(engine, compiler, component)));
    if path.is_file() {
        // SAFETY: the entry was written by `Engine::precompile_component` of an engine with the
        // same compatibility hash (it is in the file name) into the user's own cache
        // directory, and is only ever replaced whole by a rename. wasmtime checks the header
        // and refuses a file from another version or configuration.
        if let Ok(c) = unsafe { Component::deserialize_file(engine, &path) } {
            return Ok((c, CacheStatus::Hit));
        }
    }
    let compiled = engine.precompile_component(component)?;
    // SAFETY: bytes just produced by this engine's `precompile_component`.
    let c = unsafe { Component::deserialize(engine, &compiled)? };
    let written =
        std::fs::create_dir_all(dir).is_ok() && gtdx_fsx::write_atomic(&path, &compiled).is_ok();
    Ok((
        c,
        if written {
            CacheStatus::Miss
        } else {
            CacheStatus::Off
        },
    ))
}
