//! Flag groups shared by several commands, defined once and flattened into each command's
//! `Args`, so a flag is spelled, documented and parsed the same way everywhere.

use std::path::PathBuf;

use gtdx_ops::keys::{KeySource, TrustInputs};

use crate::shell::Format;

/// `--format human|json`, the one documented spelling. Cargo's `--message-format` is a hidden
/// alias, for fingers used to `cargo build`; the docs and `--help` write only `--format`.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct FormatArgs {
    /// `human` for people; `json` for machines: stdout then holds only JSON (one document, or
    /// one event per line for build and pack), and failures carry their diagnostics.
    #[arg(long, value_enum, default_value_t, alias = "message-format")]
    pub format: Format,
}

/// Who is trusted to have signed: `--trusted-key KEY`... and `--trusted-keys FILE`....
#[derive(Debug, Clone, Default, clap::Args)]
pub struct TrustArgs {
    /// A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file.
    /// Repeatable.
    #[arg(long = "trusted-key", value_name = "KEY")]
    pub trusted_key: Vec<String>,
    /// A file of trusted public keys, one per line (`#` comments allowed). Repeatable.
    #[arg(long = "trusted-keys", value_name = "FILE")]
    pub trusted_keys: Vec<PathBuf>,
}

impl TrustArgs {
    /// The keys as the operations take them.
    pub fn inputs(self) -> TrustInputs {
        TrustInputs {
            keys: self.trusted_key,
            key_files: self.trusted_keys,
        }
    }
}

/// The secret key to sign with: `--key FILE` or `--key-env VAR`. Whether one is required is the
/// command's rule (`sign` always, `worker build` with `--sign`), checked by [`KeyArgs::source`].
#[derive(Debug, Clone, Default, clap::Args)]
pub struct KeyArgs {
    /// The secret key file (from `gtdx keygen`); must not be readable by group or others.
    #[arg(long, value_name = "FILE", conflicts_with = "key_env")]
    pub key: Option<PathBuf>,
    /// An environment variable holding the secret key (the key file's text, or its base64
    /// seed), as CI secrets are passed.
    #[arg(long, value_name = "VAR")]
    pub key_env: Option<String>,
}

impl KeyArgs {
    /// The key as the operations take it, `None` when neither flag was given.
    pub fn source(self) -> Option<KeySource> {
        match (self.key, self.key_env) {
            (Some(path), _) => Some(KeySource::File(path)),
            (None, Some(var)) => Some(KeySource::Env(var)),
            (None, None) => None,
        }
    }

    pub fn given(&self) -> bool {
        self.key.is_some() || self.key_env.is_some()
    }
}

/// `--manifest-path Cargo.toml`, as cargo spells it.
#[derive(Debug, Clone, clap::Args)]
pub struct ManifestArgs {
    /// The extension's Cargo.toml; describe.json sits next to it.
    #[arg(long, value_name = "PATH", default_value = "Cargo.toml")]
    pub manifest_path: PathBuf,
}

/// How `gtdx lint` and `gtdx validate` print their report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ReportFormat {
    /// One paragraph per finding, then a summary.
    #[default]
    Human,
    /// One JSON document: the summary and every diagnostic.
    Json,
    /// SARIF 2.1.0, which GitHub code scanning shows inline on a pull request.
    Sarif,
}

/// `--format human|json|sarif` of the commands that report findings on a file.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ReportFormatArgs {
    /// Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub
    /// code scanning: `gtdx lint --format sarif > gtdx.sarif`).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// Which extension `gtdx run` and `gtdx test` call: the project (default), a pack, or a
/// component with its describe.json.
#[derive(Debug, Clone, clap::Args)]
pub struct ExtensionSourceArgs {
    /// The project's Cargo.toml (built first, like `cargo run`).
    #[arg(long, value_name = "PATH", default_value = "Cargo.toml")]
    pub manifest_path: PathBuf,
    /// A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too).
    #[arg(long, value_name = "FILE", conflicts_with = "wasm")]
    pub pack: Option<PathBuf>,
    /// A component instead of the project (with --describe).
    #[arg(long, value_name = "FILE", requires = "describe")]
    pub wasm: Option<PathBuf>,
    /// The describe.json of --wasm.
    #[arg(long, value_name = "FILE", requires = "wasm")]
    pub describe: Option<PathBuf>,
    /// A key the pack's signature must verify against (with --pack). Repeatable.
    #[arg(long = "trusted-key", value_name = "KEY", requires = "pack")]
    pub trusted_key: Vec<String>,
}

impl ExtensionSourceArgs {
    pub fn source(self) -> gtdx_ops::run::Source {
        use gtdx_ops::run::Source;
        match (self.pack, self.wasm, self.describe) {
            (Some(path), _, _) => Source::Pack {
                path,
                trust: TrustInputs {
                    keys: self.trusted_key,
                    key_files: Vec::new(),
                },
            },
            (None, Some(wasm), Some(describe)) => Source::Wasm { wasm, describe },
            _ => Source::Project {
                manifest_path: self.manifest_path,
            },
        }
    }
}

/// What the host gives a tool: secrets, network ceiling, limits, llm, other extensions.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct HostArgs {
    /// A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key,
    /// `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY>
    /// variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable.
    #[arg(long = "secret", value_name = "KEY=VALUE")]
    pub secret: Vec<String>,
    /// A file of KEY=VALUE secret lines, readable by its owner only (mode 0600).
    #[arg(long, value_name = "FILE")]
    pub secrets_file: Option<PathBuf>,
    /// The operator's network list: only declared patterns also listed here are allowed.
    /// Repeatable.
    #[arg(long = "net-allow", value_name = "PATTERN")]
    pub net_allow: Vec<String>,
    /// The call's deadline (`30s`, `500ms`, `2m`), at most a day; the platform's is 5 minutes.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "30s")]
    pub timeout: std::time::Duration,
    /// Canned answers for the `llm` import: a JSON list of {"when", "content"}.
    #[arg(long, value_name = "FILE", conflicts_with = "llm_endpoint")]
    pub llm_fixture: Option<PathBuf>,
    /// An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL).
    #[arg(long, value_name = "URL")]
    pub llm_endpoint: Option<String>,
    /// Another extension's .gtxpack the broker may call. Repeatable.
    #[arg(long = "with", value_name = "PACK")]
    pub with: Vec<PathBuf>,
    /// Compile the component even if the compiled-component cache has it.
    #[arg(long)]
    pub no_cache: bool,
}

impl HostArgs {
    pub fn inputs(self) -> gtdx_ops::run::HostInputs {
        gtdx_ops::run::HostInputs {
            secrets: self.secret,
            secrets_file: self.secrets_file,
            net_allow: self.net_allow,
            timeout: Some(self.timeout),
            llm_fixture: self.llm_fixture,
            llm_endpoint: self.llm_endpoint,
            with: self.with,
            no_cache: self.no_cache,
            compiler: gtdx_ops::run::Compiler::Cranelift,
        }
    }
}

/// How to reach an OCI registry: `--oci-user`, `--oci-token`, `--insecure`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct OciArgs {
    /// The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]
    #[arg(long, value_name = "USER")]
    pub oci_user: Option<String>,
    /// The token or password for the OCI registry this command line names (never sent to
    /// another host). Without it: a config.toml entry's `token-env`, $OCI_TOKEN (also for the
    /// registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then
    /// ~/.docker/config.json (`auths.<host>.auth`), then anonymous.
    #[arg(long, value_name = "TOKEN", hide_env_values = true)]
    pub oci_token: Option<String>,
    /// Allow plain HTTP to a registry that is not on this machine (loopback always may);
    /// credentials are never sent over it.
    #[arg(long)]
    pub insecure: bool,
    /// How long one registry operation (a pull, a push, a tag listing) may take in all, from
    /// its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]
    #[arg(long, value_name = "DURATION", value_parser = gtdx_ops::publish::parse_registry_timeout)]
    pub registry_timeout: Option<std::time::Duration>,
}

impl OciArgs {
    /// The options as the operations take them. `named`: the registries and artifacts this
    /// command line names (`--registry`, an `oci://` argument), the only hosts `--oci-token`
    /// and `$OCI_TOKEN` go to.
    pub fn options(self, named: &[Option<&str>]) -> gtdx_ops::publish::OciOptions {
        gtdx_ops::publish::OciOptions {
            insecure: self.insecure,
            user: self.oci_user,
            token: self.oci_token,
            user_home: std::env::var_os("HOME").map(PathBuf::from),
            named: named.iter().flatten().map(|s| s.to_string()).collect(),
            home: gtdx_ops::install::default_home().ok(),
            deadline: self
                .registry_timeout
                .map(gtdx_ops::publish::Deadline::with_limit),
        }
    }
}

/// How to reach a Greentic Store (or directory registry) for `outdated` and `update`:
/// `--insecure`, `--registry-timeout`. No OCI credentials: neither command works on OCI.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReachArgs {
    /// Allow plain HTTP to a Store that is not on this machine (loopback always may); no
    /// token is sent over it.
    #[arg(long)]
    pub insecure: bool,
    /// How long the registry may take in all, for every extension checked together (`90s`,
    /// `10m`, at most `24h`) [default: 300s]
    #[arg(long, value_name = "DURATION", value_parser = gtdx_ops::publish::parse_registry_timeout)]
    pub registry_timeout: Option<std::time::Duration>,
}

impl ReachArgs {
    /// The options as the operations take them.
    pub fn options(&self) -> gtdx_ops::publish::OciOptions {
        gtdx_ops::publish::OciOptions {
            insecure: self.insecure,
            deadline: self
                .registry_timeout
                .map(gtdx_ops::publish::Deadline::with_limit),
            ..Default::default()
        }
    }
}

/// `30s`, `500ms`, `2m`, or a number of seconds.
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let s = s.trim();
    let (num, unit) = s
        .find(|c: char| !c.is_ascii_digit())
        .map_or((s, ""), |i| s.split_at(i));
    let n: u64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a duration; write 30s, 500ms or 2m"))?;
    let d = match unit {
        "" | "s" => std::time::Duration::from_secs(n),
        "ms" => std::time::Duration::from_millis(n),
        "m" => std::time::Duration::from_secs(n.saturating_mul(60)),
        _ => return Err(format!("`{s}` is not a duration; write 30s, 500ms or 2m")),
    };
    // Zero and past the documented maximum (a day) are refused here, before anything runs.
    gtdx_ops::run::check_timeout(d).map_err(|why| format!("`{s}`: {why}"))
}

/// `--registry REG`: where packs are published and looked up.
#[derive(Debug, Clone, clap::Args)]
pub struct RegistryArgs {
    /// `local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform's directory
    /// layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`,
    /// `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml.
    #[arg(long, value_name = "REG", default_value = "local")]
    pub registry: String,
}
