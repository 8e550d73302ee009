//! Where the generated project gets `gtdx-sdk` (and its build-dependency `gtdx-describe`) from.
//!
//! Three sources, one `--sdk` value:
//! * a version requirement (`0.1`, `=0.1.0`, `^0.1`) → `gtdx-sdk = "0.1"` from crates.io;
//! * a git URL (`https://…`, `ssh://…`, `git@…`, `…​.git`, optionally `git+` in front and
//!   `#<rev>` behind) → `gtdx-sdk = { git = "…", rev = "…" }`;
//! * anything else is a path: either a gtdx checkout (with `crates/sdk`) or the SDK crate
//!   itself (with `crates/describe` beside it).
//!
//! Without `--sdk`, a gtdx built from a source checkout that still exists uses that checkout's
//! `crates/sdk` by path; any other gtdx uses its own version from crates.io.

use std::fmt;
use std::path::{Path, PathBuf};

/// The SDK dependency of a generated project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SdkSource {
    /// Local crates; `from_checkout` when it is the checkout gtdx was built from.
    Path {
        sdk: PathBuf,
        describe: PathBuf,
        from_checkout: bool,
    },
    /// A version requirement on crates.io.
    Version(String),
    /// A git repository holding both crates, optionally at a revision.
    Git { url: String, rev: Option<String> },
}

/// The workspace gtdx was compiled from (two levels above this crate's manifest).
fn build_checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

impl SdkSource {
    /// The default: this gtdx's source checkout when it still exists, else this gtdx's version.
    pub fn default_for_this_gtdx() -> SdkSource {
        let root = build_checkout();
        let sdk = root.join("crates/sdk");
        let describe = root.join("crates/describe");
        if sdk.join("Cargo.toml").is_file() && describe.join("Cargo.toml").is_file() {
            SdkSource::Path {
                sdk: normalize(&sdk),
                describe: normalize(&describe),
                from_checkout: true,
            }
        } else {
            SdkSource::Version(env!("CARGO_PKG_VERSION").to_string())
        }
    }

    /// Parses an `--sdk` value (see the module documentation). `base` resolves relative paths.
    pub fn parse(value: &str, base: &Path) -> Result<SdkSource, String> {
        let value = value.trim();
        if value.is_empty() {
            return Err(
                "--sdk is empty. Give a version (`0.1`), a path to a gtdx checkout or to \
                        its crates/sdk, or a git URL (`https://github.com/org/gtdx#<rev>`)."
                    .into(),
            );
        }
        if let Some(git) = parse_git(value) {
            return Ok(git);
        }
        let first = value.chars().next().unwrap_or(' ');
        if first.is_ascii_digit() || "^~=<>*".contains(first) {
            return semver::VersionReq::parse(value)
                .map(|_| SdkSource::Version(value.to_string()))
                .map_err(|e| {
                    format!(
                        "--sdk `{value}` looks like a version but is not a valid requirement \
                         ({e}). Use e.g. `--sdk 0.1` or `--sdk =0.1.0`; for a directory named \
                         like a version, write `--sdk ./{value}`."
                    )
                });
        }
        let path = base.join(value);
        let (sdk, describe) = if path.join("crates/sdk/Cargo.toml").is_file() {
            (path.join("crates/sdk"), path.join("crates/describe"))
        } else if path.join("Cargo.toml").is_file() {
            (path.clone(), path.join("../describe"))
        } else {
            return Err(format!(
                "--sdk `{value}`: {} holds neither a gtdx checkout (crates/sdk/Cargo.toml) nor the \
                 SDK crate (Cargo.toml). Give the path of a gtdx checkout or of its crates/sdk, a \
                 version such as `0.1`, or a git URL.",
                path.display()
            ));
        };
        if !describe.join("Cargo.toml").is_file() {
            return Err(format!(
                "--sdk `{value}`: the SDK's build-dependency gtdx-describe is not at {}. Point \
                 --sdk at a whole gtdx checkout.",
                describe.display()
            ));
        }
        Ok(SdkSource::Path {
            sdk: normalize(&sdk),
            describe: normalize(&describe),
            from_checkout: false,
        })
    }

    /// The `gtdx-sdk` line of `[dependencies]`.
    pub fn sdk_dependency(&self) -> String {
        self.dependency("gtdx-sdk", |s| match s {
            SdkSource::Path { sdk, .. } => sdk.clone(),
            _ => PathBuf::new(),
        })
    }

    /// The `gtdx-describe` line of `[build-dependencies]`.
    pub fn describe_dependency(&self) -> String {
        self.dependency("gtdx-describe", |s| match s {
            SdkSource::Path { describe, .. } => describe.clone(),
            _ => PathBuf::new(),
        })
    }

    fn dependency(&self, krate: &str, path_of: impl Fn(&SdkSource) -> PathBuf) -> String {
        match self {
            SdkSource::Path { .. } => {
                format!(
                    "{krate} = {{ path = {} }}",
                    toml_string(&path_of(self).to_string_lossy())
                )
            }
            SdkSource::Version(v) => format!("{krate} = {}", toml_string(v)),
            SdkSource::Git { url, rev: None } => {
                format!("{krate} = {{ git = {} }}", toml_string(url))
            }
            SdkSource::Git {
                url,
                rev: Some(rev),
            } => {
                format!(
                    "{krate} = {{ git = {}, rev = {} }}",
                    toml_string(url),
                    toml_string(rev)
                )
            }
        }
    }
}

impl fmt::Display for SdkSource {
    /// What `gtdx new` reports, e.g. "path /src/gtdx/crates/sdk (the source checkout this gtdx was
    /// built from)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdkSource::Path {
                sdk,
                from_checkout: true,
                ..
            } => write!(
                f,
                "path {} (the source checkout this gtdx was built from; pass --sdk to choose)",
                sdk.display()
            ),
            SdkSource::Path { sdk, .. } => write!(f, "path {} (--sdk)", sdk.display()),
            SdkSource::Version(v) => write!(f, "version \"{v}\" from crates.io"),
            SdkSource::Git { url, rev: None } => write!(f, "git {url}"),
            SdkSource::Git { url, rev: Some(r) } => write!(f, "git {url} at {r}"),
        }
    }
}

fn parse_git(value: &str) -> Option<SdkSource> {
    let v = value.strip_prefix("git+").unwrap_or(value);
    let (url, rev) = match v.split_once('#') {
        Some((u, r)) => (u, Some(r)),
        None => (v, None),
    };
    let is_git = value.starts_with("git+")
        || url.contains("://")
        || url.starts_with("git@")
        || url.ends_with(".git");
    if !is_git {
        return None;
    }
    Some(SdkSource::Git {
        url: url.to_string(),
        rev: rev.filter(|r| !r.is_empty()).map(str::to_string),
    })
}

/// Absolute, without `..` (no symlink resolution needed for a dependency path).
fn normalize(p: &Path) -> PathBuf {
    gtdx_fsx::absolute_normalized(p)
}

/// A TOML basic string.
pub fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_git() {
        let base = Path::new("/");
        assert_eq!(
            SdkSource::parse("0.1", base).unwrap().sdk_dependency(),
            "gtdx-sdk = \"0.1\""
        );
        assert_eq!(
            SdkSource::parse("=0.1.0", base)
                .unwrap()
                .describe_dependency(),
            "gtdx-describe = \"=0.1.0\""
        );
        assert!(SdkSource::parse("0.x.y.z", base).is_err());
        assert_eq!(
            SdkSource::parse("https://github.com/o/gtdx#abc123", base)
                .unwrap()
                .sdk_dependency(),
            "gtdx-sdk = { git = \"https://github.com/o/gtdx\", rev = \"abc123\" }"
        );
        assert_eq!(
            SdkSource::parse("git@github.com:o/gtdx.git", base)
                .unwrap()
                .sdk_dependency(),
            "gtdx-sdk = { git = \"git@github.com:o/gtdx.git\" }"
        );
        assert!(SdkSource::parse("/definitely/not/here", base).is_err());
    }

    #[test]
    fn toml_strings_escape() {
        assert_eq!(toml_string(r#"C:\a "b""#), r#""C:\\a \"b\"""#);
    }
}
