//! `$GREENTIC_HOME` (default `~/.greentic`), laid out as the platform lays it out.

use std::path::PathBuf;

/// The kind directories under `extensions/`, by describe.json `kind` (the platform's
/// `ExtensionKind::dir_name`).
pub const KINDS: &[(&str, &str)] = &[
    ("DesignExtension", "design"),
    ("BundleExtension", "bundle"),
    ("DeployExtension", "deploy"),
    ("ProviderExtension", "provider"),
    ("wasix:mcp/router", "mcp"),
    ("AddonExtension", "addon"),
];

/// The kind directory of a describe.json `kind`, `None` for a kind the platform does not know
/// (the one rule, in `gtdx_contract::home`; [`KINDS`] lists the same pairs for iteration).
pub fn kind_dir(kind: &str) -> Option<&'static str> {
    gtdx_contract::home::kind_dir(kind)
}

/// The platform's home directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Home {
    pub root: PathBuf,
}

impl Home {
    pub fn new(root: impl Into<PathBuf>) -> Home {
        Home { root: root.into() }
    }

    /// `$GREENTIC_HOME`, else `$HOME/.greentic` (the rule is `gtdx_contract::home`'s).
    pub fn from_env() -> Result<Home, gtdx_contract::home::NoHome> {
        gtdx_contract::home::greentic_home().map(Home::new)
    }

    /// `<home>/registries/local`, the default registry.
    pub fn local_registry(&self) -> PathBuf {
        self.root.join("registries").join("local")
    }

    /// `<home>/extensions`.
    pub fn extensions(&self) -> PathBuf {
        self.root.join("extensions")
    }

    /// `<home>/extensions/<kind dir>`.
    pub fn kind_path(&self, kind_dir: &str) -> PathBuf {
        self.extensions().join(kind_dir)
    }

    /// Where an extension is installed: `<home>/extensions/<kind dir>/<id>-<version>`.
    pub fn install_dir(&self, kind_dir: &str, id: &str, version: &str) -> PathBuf {
        self.kind_path(kind_dir).join(format!("{id}-{version}"))
    }

    /// Where gtdx stages pulls and unpacks before renaming into place: beside the kind
    /// directories (same file system, so the rename is atomic) but never inside one, since the
    /// designer watches those.
    pub fn staging(&self) -> PathBuf {
        self.extensions().join(".gtdx-staging")
    }

    /// `<home>/extensions-state.json`.
    pub fn state_file(&self) -> PathBuf {
        self.root.join(gtdx_contract::home::STATE_FILE)
    }

    /// `<home>/trust/publishers.json`.
    pub fn publishers_file(&self) -> PathBuf {
        self.root.join("trust").join("publishers.json")
    }
}

#[cfg(test)]
mod kinds {
    #[test]
    fn the_list_agrees_with_the_rule() {
        for (kind, dir) in super::KINDS {
            assert_eq!(super::kind_dir(kind), Some(*dir), "{kind}");
        }
    }
}
