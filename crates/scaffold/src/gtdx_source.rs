//! Where the generated CI workflow installs gtdx from (`gtdx new --gtdx-source`), always pinned:
//! a workflow that installs "whatever is newest" passes today and fails on the next release.
//!
//! * `crates` (or `crates@X.Y.Z`): crates.io, exactly this gtdx's version (or the one given);
//! * `git URL@REV`: a git repository at a revision (a commit, tag or branch name);
//! * `release URL`: a cargo-dist style archive (`gtdx-<target>.tar.gz` holding
//!   `gtdx-<target>/gtdx`), downloaded over HTTPS; the URL names the version.
//!
//! Without the flag: the SDK's git repository and revision when the SDK comes from git (the
//! gtdx of the same source); gtdx's repository at this version's tag (`vX.Y.Z`) when the SDK is
//! bundled because crates.io does not have it; else crates.io at this gtdx's version.

use std::fmt;

use crate::sdk::SdkSource;

/// A pinned source of the gtdx binary for CI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GtdxSource {
    /// crates.io, this exact version.
    Crates(String),
    /// A git repository at a revision.
    Git { url: String, rev: String },
    /// An HTTPS URL of a release archive.
    Release(String),
}

const FORMS: &str = "`crates`, `crates@X.Y.Z`, `git URL@REV` or `release https://…/gtdx-x86_64-unknown-linux-gnu.tar.gz`";

impl GtdxSource {
    /// The default for a project whose SDK comes from `sdk`.
    pub fn default_for(sdk: &SdkSource) -> GtdxSource {
        match sdk {
            SdkSource::Git {
                url,
                rev: Some(rev),
            } => GtdxSource::Git {
                url: url.clone(),
                rev: rev.clone(),
            },
            // Not on crates.io yet: this version's release tag in gtdx's repository.
            SdkSource::Bundled => GtdxSource::Git {
                url: env!("CARGO_PKG_REPOSITORY").to_string(),
                rev: format!("v{}", env!("CARGO_PKG_VERSION")),
            },
            _ => GtdxSource::Crates(env!("CARGO_PKG_VERSION").to_string()),
        }
    }

    /// Parses an `--gtdx-source` value.
    pub fn parse(value: &str) -> Result<GtdxSource, String> {
        let value = value.trim();
        let (kind, rest) = value
            .split_once(char::is_whitespace)
            .map_or((value, ""), |(k, r)| (k, r.trim()));
        match kind {
            "crates" if rest.is_empty() => Ok(GtdxSource::Crates(env!("CARGO_PKG_VERSION").into())),
            k if k.starts_with("crates@") && rest.is_empty() => {
                let v = k.trim_start_matches("crates@").trim_start_matches('=');
                semver::Version::parse(v)
                    .map(|_| GtdxSource::Crates(v.to_string()))
                    .map_err(|e| {
                        format!(
                            "--gtdx-source `{value}`: `{v}` is not an exact version ({e}); CI \
                             installs one exact version, e.g. `crates@{}`",
                            env!("CARGO_PKG_VERSION")
                        )
                    })
            }
            "git" => {
                // The revision follows the last `@` (an scp-like URL has an `@` of its own).
                match rest.rsplit_once('@') {
                    Some((url, rev))
                        if !url.is_empty()
                            && !rev.is_empty()
                            && !rev.contains(['/', ':'])
                            && !rev.contains(char::is_whitespace) =>
                    {
                        Ok(GtdxSource::Git {
                            url: url.to_string(),
                            rev: rev.to_string(),
                        })
                    }
                    _ => Err(format!(
                        "--gtdx-source `{value}`: a git source names its revision, `git URL@REV` \
                         (e.g. `git https://github.com/org/gtdx@v0.1.0`), so that every CI run \
                         installs the same gtdx"
                    )),
                }
            }
            "release" => {
                if rest.starts_with("https://") && !rest.contains(char::is_whitespace) {
                    Ok(GtdxSource::Release(rest.to_string()))
                } else {
                    Err(format!(
                        "--gtdx-source `{value}`: a release source is an https:// URL of a \
                         release archive, `release https://…/gtdx-x86_64-unknown-linux-gnu.tar.gz`"
                    ))
                }
            }
            _ => Err(format!(
                "--gtdx-source `{value}` is not a gtdx source; use {FORMS}"
            )),
        }
    }

    /// The workflow step's shell command that installs gtdx into `~/.cargo/bin`.
    pub fn install_command(&self) -> String {
        match self {
            GtdxSource::Crates(v) => format!("cargo install --locked gtdx --version ={v}"),
            GtdxSource::Git { url, rev } => {
                format!("cargo install --locked --git {url} --rev {rev} gtdx")
            }
            GtdxSource::Release(url) => format!(
                "curl --proto '=https' --tlsv1.2 -fsSL {url} | tar -xz --strip-components=1 -C \"$HOME/.cargo/bin\" --wildcards '*/gtdx'"
            ),
        }
    }

    /// A cache key naming exactly this gtdx (the binary is cached between runs).
    pub fn cache_key(&self) -> String {
        let key: String = self
            .to_string()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        format!("gtdx-{key}")
    }
}

impl fmt::Display for GtdxSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtdxSource::Crates(v) => write!(f, "crates@{v}"),
            GtdxSource::Git { url, rev } => write!(f, "git {url}@{rev}"),
            GtdxSource::Release(url) => write!(f, "release {url}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let this = env!("CARGO_PKG_VERSION");
        assert_eq!(
            GtdxSource::parse("crates"),
            Ok(GtdxSource::Crates(this.into()))
        );
        assert_eq!(
            GtdxSource::parse("crates@1.2.3"),
            Ok(GtdxSource::Crates("1.2.3".into()))
        );
        assert_eq!(
            GtdxSource::parse("crates@=1.2.3"),
            Ok(GtdxSource::Crates("1.2.3".into()))
        );
        assert!(GtdxSource::parse("crates@0.1").is_err());
        assert_eq!(
            GtdxSource::parse("git git@github.com:org/gtdx.git@v1.0"),
            Ok(GtdxSource::Git {
                url: "git@github.com:org/gtdx.git".into(),
                rev: "v1.0".into()
            })
        );
        assert!(GtdxSource::parse("git git@github.com:org/gtdx.git").is_err());
        assert!(GtdxSource::parse("git https://github.com/org/gtdx").is_err());
        assert!(GtdxSource::parse("release http://x/gtdx.tar.gz").is_err());
        assert!(GtdxSource::parse("cargo").is_err());
        let r = GtdxSource::parse(
            "release https://example.com/v1/gtdx-x86_64-unknown-linux-gnu.tar.gz",
        )
        .unwrap();
        assert!(r.install_command().starts_with("curl --proto '=https'"));
        assert_eq!(
            GtdxSource::Crates("1.2.3".into()).install_command(),
            "cargo install --locked gtdx --version =1.2.3"
        );
        assert_eq!(
            GtdxSource::Crates("1.2.3".into()).cache_key(),
            "gtdx-crates-1.2.3"
        );
    }

    #[test]
    fn the_default_follows_a_pinned_git_sdk() {
        let git = SdkSource::Git {
            url: "https://example.com/gtdx".into(),
            rev: Some("abc".into()),
        };
        assert_eq!(
            GtdxSource::default_for(&git),
            GtdxSource::Git {
                url: "https://example.com/gtdx".into(),
                rev: "abc".into()
            }
        );
        assert_eq!(
            GtdxSource::default_for(&SdkSource::Version("0.1".into())),
            GtdxSource::Crates(env!("CARGO_PKG_VERSION").into())
        );
    }
}
