//! `extensions-state.json`, read through the platform's own model
//! (`greentic-extension-sdk-state`), bounded like every file gtdx reads.

use std::path::{Path, PathBuf};

pub(crate) use greentic_extension_sdk_state::ExtensionState;

/// The state file under `home`, or why it cannot be used. A missing file is the platform's
/// default: every installed extension enabled.
pub(crate) enum Loaded {
    Missing(PathBuf),
    Read(PathBuf, Box<ExtensionState>),
    Broken(PathBuf, String),
}

pub(crate) fn load(home: &Path) -> Loaded {
    let path = home.join(gtdx_contract::home::STATE_FILE);
    let text = match gtdx_fsx::read_text(&path, gtdx_fsx::limits::MANIFEST) {
        Ok(text) => text,
        Err(e) if e.source.kind() == std::io::ErrorKind::NotFound => return Loaded::Missing(path),
        Err(e) => return Loaded::Broken(path, e.to_string()),
    };
    match serde_json::from_str::<ExtensionState>(&text) {
        Ok(state) => Loaded::Read(path, Box::new(state)),
        Err(e) => {
            let why = format!("{}:{}:{}: {e}", path.display(), e.line(), e.column());
            Loaded::Broken(path, why)
        }
    }
}

/// `Some(false)` when a scope's `enabled` map disables `<id>@<version>`, `Some(true)` when it enables it
/// explicitly, `None` when it says nothing (enabled, by the platform's default).
pub(crate) fn flag(
    enabled: &std::collections::HashMap<String, bool>,
    id: &str,
    version: &str,
) -> Option<bool> {
    enabled.get(&format!("{id}@{version}")).copied()
}
