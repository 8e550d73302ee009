//! `<home>/trust/publishers.json`: the publisher key pinned per extension id on first install
//! (trust policy `normal`), required by `strict`. The platform's format
//! (`{"publishers": {"<id>": "<publicKey as describe.json writes it>"}}`) and lock file
//! (`<home>/trust/.trust.lock`).

use std::collections::BTreeMap;

use base64::Engine as _;
use serde::{Deserialize, Serialize};

use crate::lock::Lock;
use crate::{Home, RegistryError};

#[derive(Debug, Default, Serialize, Deserialize)]
struct TrustData {
    #[serde(default)]
    publishers: BTreeMap<String, String>,
}

fn load(home: &Home) -> Result<TrustData, RegistryError> {
    let path = home.publishers_file();
    if !path.exists() {
        return Ok(TrustData::default());
    }
    let bytes = gtdx_fsx::read(&path, gtdx_fsx::limits::REGISTRY_FILE)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        RegistryError::corrupt(
            &path,
            format!("not a publisher trust file ({e}); fix it by hand or move it aside"),
        )
    })
}

/// The key bytes of a `publicKey` (base64, optionally `ed25519:`-prefixed).
fn key_bytes(key: &str) -> Option<Vec<u8>> {
    base64::engine::general_purpose::STANDARD
        .decode(key.strip_prefix("ed25519:").unwrap_or(key))
        .ok()
}

/// Whether two spellings name the same key.
pub fn same_key(a: &str, b: &str) -> bool {
    match (key_bytes(a), key_bytes(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// The key pinned for `id`, if any.
pub fn pinned(home: &Home, id: &str) -> Result<Option<String>, RegistryError> {
    Ok(load(home)?.publishers.remove(id))
}

/// Pins `key` for `id` unless a key is pinned already; returns the key pinned before (if any).
pub fn pin(home: &Home, id: &str, key: &str) -> Result<Option<String>, RegistryError> {
    let path = home.publishers_file();
    let _lock = Lock::exclusive(&path.with_file_name(".trust.lock"))?;
    let mut data = load(home)?;
    if let Some(existing) = data.publishers.get(id) {
        return Ok(Some(existing.clone()));
    }
    data.publishers.insert(id.to_string(), key.to_string());
    gtdx_fsx::write_atomic(&path, &serde_json::to_vec_pretty(&data).unwrap_or_default())?;
    Ok(None)
}

/// Removes the pin of `id` if it is `key` (an install that pinned the key, then failed, takes
/// its pin back: a refused install leaves nothing). Returns whether a pin was removed.
pub fn unpin(home: &Home, id: &str, key: &str) -> Result<bool, RegistryError> {
    let path = home.publishers_file();
    let _lock = Lock::exclusive(&path.with_file_name(".trust.lock"))?;
    let mut data = load(home)?;
    if !data.publishers.get(id).is_some_and(|k| same_key(k, key)) {
        return Ok(false);
    }
    data.publishers.remove(id);
    gtdx_fsx::write_atomic(&path, &serde_json::to_vec_pretty(&data).unwrap_or_default())?;
    Ok(true)
}
