//! Where the generated project gets `gtdx-sdk` (and its build-dependency `gtdx-describe`) from.
//!
//! Four sources, one `--sdk` value:
//! * `bundled` → `gtdx-sdk = "X.Y.Z"` by version, built from the copy of the SDK crates this gtdx
//!   carries, written into the project and named by `[patch.crates-io]` ([`crate::bundle`]);
//! * a version requirement (`0.1`, `=0.1.0`, `^0.1`) → `gtdx-sdk = "0.1"` from crates.io;
//! * a git URL (`https://…`, `ssh://…`, `git@…`, `…​.git`, optionally `git+` in front and
//!   `#<rev>` behind) → `gtdx-sdk = { git = "…", rev = "…" }`;
//! * `path:DIR` (or any other value) is a path: either a gtdx checkout (with `crates/sdk`) or
//!   the SDK crate itself (with `crates/describe` beside it). It is written relative to the
//!   project's directory, so the project and the checkout can move together (a monorepo, a
//!   checkout next to the project) and the manifest names no one's home directory.
//!
//! Without `--sdk`, the SDK is this gtdx's own version: from crates.io when crates.io has it,
//! else bundled (the caller asks cargo, see `gtdx_ops::new`). Either builds on any machine and in
//! CI. Work on the SDK itself asks for a path explicitly, or keeps the version and patches it
//! locally (`[patch.crates-io]` in `.cargo/config.toml`, which takes precedence over the
//! project's own table).

use std::fmt;
use std::path::{Path, PathBuf};

/// The SDK dependency of a generated project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SdkSource {
    /// Local crates, as written in Cargo.toml: relative to the project's directory (absolute
    /// only where no relative path leads there).
    Path { sdk: PathBuf, describe: PathBuf },
    /// A version requirement on crates.io.
    Version(String),
    /// A git repository holding both crates, optionally at a revision.
    Git { url: String, rev: Option<String> },
    /// This gtdx's version, built from the copy it carries ([`crate::bundle`]).
    Bundled,
}

impl SdkSource {
    /// The default: this gtdx's own version, `gtdx-sdk = "X.Y.Z"`.
    pub fn default_for_this_gtdx() -> SdkSource {
        SdkSource::Version(env!("CARGO_PKG_VERSION").to_string())
    }

    /// Parses an `--sdk` value (see the module documentation). `base` resolves relative paths;
    /// `project` is the new project's directory, which a path is written relative to.
    pub fn parse(value: &str, base: &Path, project: &Path) -> Result<SdkSource, String> {
        let value = value.trim();
        if value.is_empty() {
            return Err(
                "--sdk is empty. Give `bundled`, a version (`0.1`), `path:DIR` (a gtdx checkout \
                 or its crates/sdk) or a git URL (`https://github.com/org/gtdx#<rev>`)."
                    .into(),
            );
        }
        if value == "bundled" {
            return Ok(SdkSource::Bundled);
        }
        if let Some(dir) = value.strip_prefix("path:") {
            return parse_path(value, dir, base, project);
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
        parse_path(value, value, base, project)
    }

    /// The `[patch.crates-io]` table the project's Cargo.toml ends with (bundled only).
    pub fn patch_table(&self) -> String {
        match self {
            SdkSource::Bundled => crate::bundle::patch_table(),
            _ => String::new(),
        }
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
            SdkSource::Bundled => format!("{krate} = {}", toml_string(crate::bundle::VERSION)),
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

/// A `--sdk` path (`value` as given, `dir` without its `path:` prefix): a gtdx checkout or its
/// `crates/sdk`, written relative to `project`.
fn parse_path(value: &str, dir: &str, base: &Path, project: &Path) -> Result<SdkSource, String> {
    if dir.trim().is_empty() {
        return Err(format!(
            "--sdk `{value}` names no directory. Write e.g. `--sdk path:../gtdx` (a gtdx checkout) \
             or `--sdk path:../gtdx/crates/sdk`."
        ));
    }
    let path = base.join(dir);
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
    let project = normalize(project);
    let relative = |p: &Path| {
        let p = normalize(p);
        pathdiff::diff_paths(&p, &project).unwrap_or(p)
    };
    Ok(SdkSource::Path {
        sdk: relative(&sdk),
        describe: relative(&describe),
    })
}

impl fmt::Display for SdkSource {
    /// What `gtdx new` reports, e.g. `version "0.1.0" from crates.io`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdkSource::Path { sdk, .. } => {
                write!(f, "path {} (relative to the project)", sdk.display())
            }
            SdkSource::Version(v) => write!(f, "version \"{v}\" from crates.io"),
            SdkSource::Git { url, rev: None } => write!(f, "git {url}"),
            SdkSource::Git { url, rev: Some(r) } => write!(f, "git {url} at {r}"),
            SdkSource::Bundled => write!(
                f,
                "version \"{}\" bundled with this gtdx, in {}/",
                crate::bundle::VERSION,
                crate::bundle::DIR
            ),
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
        let parse = |v: &str| SdkSource::parse(v, base, base);
        assert_eq!(parse("0.1").unwrap().sdk_dependency(), "gtdx-sdk = \"0.1\"");
        assert_eq!(
            parse("=0.1.0").unwrap().describe_dependency(),
            "gtdx-describe = \"=0.1.0\""
        );
        assert!(parse("0.x.y.z").is_err());
        assert_eq!(
            parse("https://github.com/o/gtdx#abc123")
                .unwrap()
                .sdk_dependency(),
            "gtdx-sdk = { git = \"https://github.com/o/gtdx\", rev = \"abc123\" }"
        );
        assert_eq!(
            parse("git@github.com:o/gtdx.git").unwrap().sdk_dependency(),
            "gtdx-sdk = { git = \"git@github.com:o/gtdx.git\" }"
        );
        assert!(parse("/definitely/not/here").is_err());
        assert!(parse("path:").is_err());
    }

    #[test]
    fn the_default_is_this_gtdx_by_version() {
        assert_eq!(
            SdkSource::default_for_this_gtdx().sdk_dependency(),
            format!("gtdx-sdk = \"{}\"", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn a_path_is_written_relative_to_the_project() {
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let cwd = checkout.join("target");
        let project = cwd.join("demo/ext");
        let sdk = SdkSource::parse("path:..", &cwd, &project).unwrap();
        assert_eq!(
            sdk.sdk_dependency(),
            "gtdx-sdk = { path = \"../../../crates/sdk\" }"
        );
        assert_eq!(
            sdk.describe_dependency(),
            "gtdx-describe = { path = \"../../../crates/describe\" }"
        );
        // Without the prefix, and naming crates/sdk itself: the same.
        let bare = SdkSource::parse("../crates/sdk", &cwd, &project).unwrap();
        assert_eq!(bare, sdk);
    }

    #[test]
    fn toml_strings_escape() {
        assert_eq!(toml_string(r#"C:\a "b""#), r#""C:\\a \"b\"""#);
    }
}
