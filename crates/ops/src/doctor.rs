//! `gtdx doctor`: the environment checkup, or with `--tool NAME` the visibility chain of one
//! tool of a project, a pack or an installed extension.

use std::path::{Path, PathBuf};

pub use gtdx_contract::home::greentic_home;
pub use gtdx_doctor::{AllowSet, Finding, Status, Surface, failed};

/// What to examine.
#[derive(Debug, Clone)]
pub struct DoctorOptions {
    /// A project directory, a describe.json, a `.gtxpack`, or `ID[@VERSION]` of an installed
    /// extension.
    pub target: String,
    pub home: PathBuf,
    /// `--tool`: walk this tool's visibility chain instead of the environment checkup.
    pub tool: Option<ToolQuery>,
}

/// `--tool NAME` and what its chain is checked against.
#[derive(Debug, Clone)]
pub struct ToolQuery {
    pub name: String,
    pub surface: Surface,
    pub tenant: Option<String>,
    pub allow_set: Option<PathBuf>,
    /// `--designer-version`; when absent, `$GREENTIC_DESIGNER_BIN` or `greentic-designer` on
    /// PATH is asked, as the platform's doctor does.
    pub designer_version: Option<semver::Version>,
}

/// What doctor found, and about what.
#[derive(Debug)]
pub struct DoctorOutcome {
    /// What was examined, in words (`the project in .`, `pack x.gtxpack`, `installed acme-demo 0.1.0`).
    pub subject: String,
    pub findings: Vec<Finding>,
}

#[derive(Debug, thiserror::Error)]
pub enum DoctorError {
    #[error(
        "`{0}` is neither a file nor a directory, nor an installed extension (ID or ID@VERSION) in {1}; pass a project directory, a describe.json, a .gtxpack, or an installed extension's id"
    )]
    NoTarget(String, String),
    #[error("{}: no describe.json here; run `gtdx describe` first, or pass the pack or manifest to check", .0.display())]
    NoManifest(PathBuf),
    #[error(transparent)]
    Load(#[from] gtdx_lint::LoadError),
    #[error("{}: cannot read the pack: {why}", path.display())]
    Pack { path: PathBuf, why: String },
    #[error("{}: {why}; e.g. [\"acme-weather\", \"acme-crm@1.2.0\"]", path.display())]
    AllowSet { path: PathBuf, why: String },
}

/// Runs the checkup `options` asks for.
pub fn doctor(options: &DoctorOptions) -> Result<DoctorOutcome, DoctorError> {
    let target = Path::new(&options.target);
    let Some(query) = &options.tool else {
        let project = if target.is_dir() {
            target.to_path_buf()
        } else {
            PathBuf::from(".")
        };
        let mut findings = gtdx_doctor::environment(&gtdx_doctor::EnvironmentOptions {
            project: project.clone(),
            home: options.home.clone(),
            gtdx_version: semver::Version::parse(env!("CARGO_PKG_VERSION"))
                .unwrap_or_else(|_| semver::Version::new(0, 0, 0)),
        });
        // Where the SDK comes from reads best right after which version it is.
        let after_sdk = findings
            .iter()
            .position(|f| f.check == "sdk")
            .map_or(findings.len(), |i| i + 1);
        findings.splice(after_sdk..after_sdk, sdk(&project));
        findings.extend(registries(&options.home));
        return Ok(DoctorOutcome {
            subject: format!("the environment of {}", project.display()),
            findings,
        });
    };
    let (subject, describe) = load_target(&options.target, &options.home)?;
    let allow_set = match &query.allow_set {
        Some(path) => {
            let file = path.display().to_string();
            // Not a describe.json: the bounded reader, and errors that speak of the allow-set.
            let bytes = gtdx_fsx::read(path, gtdx_fsx::limits::PROJECT_FILE).map_err(|e| {
                DoctorError::AllowSet {
                    path: path.clone(),
                    why: format!("cannot read the allow-set: {}", e.source),
                }
            })?;
            let value: serde_json::Value =
                serde_json::from_slice(&bytes).map_err(|e| DoctorError::AllowSet {
                    path: path.clone(),
                    why: format!("not JSON at {}:{}: {e}", e.line(), e.column()),
                })?;
            Some(
                AllowSet::from_json(file, &value).map_err(|why| DoctorError::AllowSet {
                    path: path.clone(),
                    why,
                })?,
            )
        }
        None => None,
    };
    let designer_version = query.designer_version.clone().or_else(detect_designer);
    let findings = gtdx_doctor::visibility(
        &describe,
        &gtdx_doctor::VisibilityOptions {
            tool: query.name.clone(),
            surface: query.surface,
            tenant: query.tenant.clone(),
            allow_set,
            designer_version,
            home: options.home.clone(),
        },
    );
    Ok(DoctorOutcome { subject, findings })
}

/// The describe.json of the target, and what it is in words.
fn load_target(target: &str, home: &Path) -> Result<(String, serde_json::Value), DoctorError> {
    let path = Path::new(target);
    if path.is_dir() {
        let manifest = path.join("describe.json");
        if !manifest.is_file() {
            return Err(DoctorError::NoManifest(path.to_path_buf()));
        }
        return Ok((
            format!("the project in {}", path.display()),
            read_manifest(&manifest)?,
        ));
    }
    if path.is_file() {
        if path.extension().is_some_and(|e| e == "gtxpack") {
            let pack = gtdx_pack::read_pack(path).map_err(|e| DoctorError::Pack {
                path: path.to_path_buf(),
                why: e.to_string(),
            })?;
            let bytes = pack.describe.ok_or_else(|| DoctorError::Pack {
                path: path.to_path_buf(),
                why: "it has no describe.json".into(),
            })?;
            let file = format!("{}!describe.json", path.display());
            let text = gtdx_lint::load::decode_text(&file, bytes)?;
            return Ok((
                format!("pack {}", path.display()),
                gtdx_lint::load::parse_json(&file, &text)?,
            ));
        }
        return Ok((format!("{}", path.display()), read_manifest(path)?));
    }
    let (id, version) = match target.split_once('@') {
        Some((id, v)) => (id, Some(v)),
        None => (target, None),
    };
    let installed = gtdx_contract::home::find_installed(home, id);
    let chosen = match version {
        Some(v) => installed.iter().find(|(iv, _)| iv.to_string() == v),
        None => installed.last(),
    };
    let Some((v, dir)) = chosen else {
        return Err(DoctorError::NoTarget(
            target.to_string(),
            home.display().to_string(),
        ));
    };
    Ok((
        format!("installed {id} {v} ({})", dir.display()),
        read_manifest(&dir.join("describe.json"))?,
    ))
}

fn read_manifest(path: &Path) -> Result<serde_json::Value, DoctorError> {
    let text = gtdx_lint::load::read_text(path)?;
    Ok(gtdx_lint::load::parse_json(
        &path.display().to_string(),
        &text,
    )?)
}

/// The Designer's version, as the platform's doctor finds it: `$GREENTIC_DESIGNER_BIN`, else
/// `greentic-designer` on PATH, asked for `--version`.
fn detect_designer() -> Option<semver::Version> {
    let bin = std::env::var_os("GREENTIC_DESIGNER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("greentic-designer"));
    let out = std::process::Command::new(bin)
        .arg("--version")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .filter_map(|w| semver::Version::parse(w.trim_start_matches('v')).ok())
        .next_back()
}

/// Where the project's gtdx-sdk comes from and whether cargo resolves it (`gtdx sdk`'s answer);
/// nothing outside a project that depends on it.
fn sdk(project: &Path) -> Option<Finding> {
    use crate::sdk::Origin;
    let manifest = project.join("Cargo.toml");
    if !manifest.is_file() {
        return None;
    }
    match crate::sdk::status(&manifest).resolved {
        Ok(None) => None,
        Ok(Some((version, origin))) => {
            let finding = Finding::pass(
                "sdk-source",
                format!("gtdx-sdk {version} from {origin}; it resolves"),
            );
            Some(match origin {
                Origin::Bundled => finding.with_fix(
                    "`gtdx sdk use crates-io` moves to crates.io once it has this version",
                ),
                _ => finding,
            })
        }
        Err(why) => Some(Finding::fail(
            "sdk-source",
            format!("cargo cannot resolve the project's dependencies: {why}"),
            "fix what cargo names; if it is gtdx-sdk that crates.io lacks, `gtdx sdk use \
             bundled` builds it from the copy this gtdx carries",
        )),
    }
}

/// The local registry, and each registry named in `<home>/config.toml`: does it answer? An OCI
/// registry is asked for a repository's tags (any answer, even "no such repository", means it
/// is reachable; a refused credential is reported as such), a directory registry must hold a
/// readable index. Greentic Stores (HTTP) are only listed: `gtdx search --registry` asks them.
fn registries(home: &Path) -> Vec<Finding> {
    use gtdx_registry::reference::RegistryRef;
    let home = gtdx_registry::Home::new(home);
    let mut out = Vec::new();
    let local = home.local_registry();
    if local.is_dir() {
        out.push(directory_registry("local", &local));
    } else {
        out.push(Finding::new(
            "registry",
            Status::Info,
            format!(
                "local registry {} absent (the first `gtdx publish` creates it)",
                local.display()
            ),
        ));
    }
    if let Some(loose) = gtdx_registry::credentials::loose_mode(&home) {
        out.push(Finding::warn(
            "credentials",
            format!(
                "{} holds registry tokens and other users can read it (mode {:04o}; W_CREDENTIALS_MODE)",
                loose.path.display(),
                loose.mode
            ),
            format!("chmod 600 {}", loose.path.display()),
        ));
    }
    let configured = match gtdx_registry::config::registries(&home) {
        Ok(c) => c,
        Err(e) => {
            out.push(Finding::fail(
                "registry",
                crate::error_text(&e),
                format!(
                    "fix {} (or move it aside: gtdx then knows only `local`, file:// and oci:// registries)",
                    gtdx_registry::config::path(&home).display()
                ),
            ));
            return out;
        }
    };
    let config = gtdx_registry::config::path(&home);
    for r in configured {
        // A URL may carry a user name or password: shown without them, everywhere.
        let url = r.shown_url();
        let fix_url = format!(
            "correct its url in {} (or `gtdx registries add {} URL` with the platform's tool)",
            config.display(),
            r.name
        );
        match RegistryRef::parse(&r.url, &home) {
            Ok(RegistryRef::Dir { root, .. }) => {
                out.push(directory_registry(&r.name, &root));
            }
            Ok(RegistryRef::Oci(repo)) => {
                let artifact = gtdx_registry::reference::OciArtifact {
                    host: repo.host.clone(),
                    repository: match &repo.name {
                        Some(n) => format!("{}/{n}", repo.namespace),
                        None => repo.namespace.clone(),
                    },
                    tag: None,
                    digest: None,
                };
                // Nothing on doctor's command line names a registry: only an entry's own
                // `token-env`, ghcr.io's variables and the docker config's credentials for
                // this host apply. Each registry gets doctor's own short deadline.
                let options = gtdx_registry::oci::OciOptions {
                    user_home: std::env::var_os("HOME").map(PathBuf::from),
                    home: Some(home.clone()),
                    deadline: Some(gtdx_registry::oci::Deadline::DOCTOR),
                    ..Default::default()
                };
                match gtdx_registry::oci::list_tags(&artifact, &options) {
                    Ok(tags) => out.push(Finding::pass(
                        "registry",
                        format!(
                            "`{}` ({}) answers: {} in {}",
                            r.name,
                            url,
                            crate::count(tags.len(), "tag", "tags"),
                            artifact.repository
                        ),
                    )),
                    Err(e) => out.push(Finding::fail(
                        "registry",
                        format!("`{}` ({url}): {}", r.name, crate::error_text(&e)),
                        format!("start the registry, or {fix_url}"),
                    )),
                }
            }
            Ok(RegistryRef::Store(_)) => {
                out.push(Finding::new(
                    "registry",
                    Status::Info,
                    format!(
                        "`{}` ({url}) is a Greentic Store (an HTTP store): doctor does not contact it; `gtdx search --registry {}` does",
                        r.name, r.name
                    ),
                ));
            }
            Err(e) => out.push(Finding::fail(
                "registry",
                format!("`{}` ({url}): {}", r.name, crate::error_text(&e)),
                fix_url,
            )),
        }
    }
    out
}

/// A directory registry: present, with an index.json that parses.
fn directory_registry(name: &str, root: &Path) -> Finding {
    if !root.is_dir() {
        return Finding::fail(
            "registry",
            format!("`{name}`: {} does not exist", root.display()),
            format!(
                "create it (`mkdir -p {}`) or publish into it once",
                root.display()
            ),
        );
    }
    match gtdx_registry::local::LocalRegistry::new(root).index() {
        Ok(index) => Finding::pass(
            "registry",
            format!(
                "`{name}` ({}): {}",
                root.display(),
                crate::count(index.extensions.len(), "extension", "extensions")
            ),
        ),
        Err(e) => Finding::fail(
            "registry",
            format!("`{name}`: {}", crate::error_text(&e)),
            format!(
                "move {} aside and publish again to rebuild it",
                root.join("index.json").display()
            ),
        ),
    }
}
