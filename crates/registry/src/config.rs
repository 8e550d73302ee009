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
    /// As written: it may carry a user name or password, so it is shown only through
    /// [`Configured::shown_url`].
    pub url: String,
    /// The environment variable holding this registry's token (`token-env = "VAR"`, as the
    /// platform's `gtdx registries add` writes it): sent to this entry's host only.
    #[serde(rename = "token-env", default)]
    pub token_env: Option<String>,
}

impl Configured {
    /// The URL as messages show it: without any user name or password.
    pub fn shown_url(&self) -> String {
        gtdx_contract::urls::without_credentials(&self.url).into_owned()
    }
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
