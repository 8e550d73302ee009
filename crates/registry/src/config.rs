//! Named registries: the `[[registries]]` of `<home>/config.toml`, the file the platform's
//! `gtdx registries add NAME URL` writes. `--registry NAME` resolves through it, and
//! `gtdx doctor` checks that each one answers.

use std::path::PathBuf;

use serde::Deserialize;

use crate::{Home, RegistryError};

/// One `[[registries]]` entry.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Configured {
    pub name: String,
    pub url: String,
}

/// The part of the platform's config.toml gtdx reads (it never writes the file).
#[derive(Debug, Default, Deserialize)]
struct ConfigFile {
    #[serde(default)]
    registries: Vec<Configured>,
}

/// `<home>/config.toml`.
pub fn path(home: &Home) -> PathBuf {
    home.root.join("config.toml")
}

/// The configured registries, in file order (none when the file does not exist).
pub fn registries(home: &Home) -> Result<Vec<Configured>, RegistryError> {
    let path = path(home);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = gtdx_fsx::read_text(&path, gtdx_fsx::limits::REGISTRY_FILE)?;
    let file: ConfigFile = toml::from_str(&text).map_err(|e| {
        RegistryError::corrupt(
            &path,
            format!(
                "not the platform's config.toml ({}); each registry is [[registries]] with name = \"…\" and url = \"…\"",
                e.message()
            ),
        )
    })?;
    Ok(file.registries)
}

/// The URL configured under `name`, the first entry winning as in the platform's tool.
pub fn lookup(home: &Home, name: &str) -> Result<Option<String>, RegistryError> {
    Ok(registries(home)?
        .into_iter()
        .find(|r| r.name == name)
        .map(|r| r.url))
}
