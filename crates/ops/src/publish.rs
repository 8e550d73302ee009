//! `gtdx publish [PACK] [--registry REG]`: verify a pack, then publish it to a directory
//! registry in the platform's layout (`local`, `file://DIR`) or to an OCI registry
//! (`oci://HOST/NAMESPACE[/NAME]`, tag = version), or to a Greentic Store (`https://…`,
//! `greentic-store`, a configured name: the multipart upload the platform's client sends).

mod edit;
pub mod project;
pub mod wizard;

use std::path::{Path, PathBuf};

use gtdx_registry::local::{LocalPublished, LocalRegistry, PublishRequest};
pub use gtdx_registry::oci::{Deadline, OciOptions, parse_registry_timeout};
use gtdx_registry::oci::{PushRequest, Pushed};
use gtdx_registry::reference::OciArtifact;
use gtdx_registry::store::{StorePublish, StorePublished};
use gtdx_registry::{Home, PackInfo, RegistryRef};
use serde::Serialize;

use crate::install::{InstallError, check_pack};
use crate::keys::TrustInputs;

/// `gtdx publish` options.
pub struct PublishOptions {
    /// The pack; `None`: the one `.gtxpack` in `target/gtdx/`.
    pub pack: Option<PathBuf>,
    pub registry: String,
    pub home: Home,
    pub trust: TrustInputs,
    pub allow_unsigned: bool,
    pub force: bool,
    pub dry_run: bool,
    /// The platform's `--verify-only`: the pack's checks and the registry's conflict check,
    /// nothing written (a dry run that says only whether the version is free).
    pub verify_only: bool,
    /// The platform's `--version`: the version CI means to publish. A signed pack cannot be
    /// relabelled without breaking its signature, so a pack of another version is refused.
    pub version: Option<String>,
    /// The platform's `--dist DIR`: a copy of the published pack is written there.
    pub dist: Option<PathBuf>,
    pub oci: OciOptions,
    /// `org.opencontainers.image.source` (default: `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY`).
    pub source_url: Option<String>,
    /// `org.opencontainers.image.revision` (default: `$GITHUB_SHA`).
    pub revision: Option<String>,
}

/// Where the pack went.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum Target {
    Directory(LocalPublished),
    Oci(Pushed),
    Store(StorePublished),
}

/// What `gtdx publish` did (or, dry, would do).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublishOutcome {
    pub id: String,
    pub version: String,
    pub pack: PathBuf,
    pub sha256: String,
    pub size: u64,
    pub signed: bool,
    pub signer: Option<String>,
    pub registry: String,
    pub dry_run: bool,
    pub verify_only: bool,
    /// Where `--dist` put the copy of the pack.
    pub dist: Option<PathBuf>,
    pub target: Target,
}

impl PublishOutcome {
    /// The references a user passes to `gtdx install`.
    pub fn references(&self) -> Vec<String> {
        match &self.target {
            Target::Directory(d) => vec![
                format!("{}@{}", self.id, self.version),
                d.pack.display().to_string(),
            ],
            Target::Oci(p) => vec![p.pinned.clone(), p.tagged.clone()],
            Target::Store(_) => vec![format!("{}@{}", self.id, self.version)],
        }
    }
}

/// Why publishing failed.
pub type PublishError = InstallError;

/// What kind of failure stopped a publish: the classes the platform's `gtdx publish` gives exit
/// codes to, because CI scripts written for it test them (the CLI maps each to its number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// The pack, its describe.json, its signature or the arguments: nothing was asked of the
    /// registry, or the registry reference itself is unusable.
    Input,
    /// The version is already published and `--force` was not given.
    VersionExists,
    /// The registry needs a token it was not given, or refused the one it was.
    Auth,
    /// The registry answered badly, could not be reached, or refused the write.
    Registry,
}

/// The kind of a publish failure (see [`FailureKind`]).
pub fn failure_kind(error: &PublishError) -> FailureKind {
    use gtdx_registry::RegistryError as R;
    match error {
        InstallError::Registry(R::VersionExists { .. }) => FailureKind::VersionExists,
        InstallError::Registry(R::StoreAuth(_) | R::OciAuth(_)) => FailureKind::Auth,
        InstallError::Registry(
            R::Oci(_)
            | R::Store(_)
            | R::Deadline { .. }
            | R::AnswerTooLarge { .. }
            | R::NotFound { .. },
        ) => FailureKind::Registry,
        _ => FailureKind::Input,
    }
}

/// Whether `target/gtdx/` holds a pack `gtdx build` wrote: a plain `gtdx publish` in a project
/// publishes it (as before publish could build) instead of building over it.
pub fn built_pack_present() -> bool {
    default_pack().is_ok()
}

/// The pack `gtdx build` wrote: the one `.gtxpack` in `target/gtdx/`.
fn default_pack() -> Result<PathBuf, InstallError> {
    let dir = Path::new("target").join("gtdx");
    let packs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "gtxpack"))
                .collect()
        })
        .unwrap_or_default();
    match packs.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(InstallError::Refused {
            source_name: dir.display().to_string(),
            reason:
                "no .gtxpack there; name the pack (`gtdx publish PACK`) or run `gtdx build` first"
                    .into(),
        }),
        _ => Err(InstallError::Refused {
            source_name: dir.display().to_string(),
            reason: format!(
                "{} there; name the one to publish (`gtdx publish PACK`)",
                crate::count(packs.len(), "pack", "packs")
            ),
        }),
    }
}

/// Verifies and publishes.
pub fn publish(options: &PublishOptions) -> Result<PublishOutcome, PublishError> {
    let pack = match &options.pack {
        Some(p) => p.clone(),
        None => default_pack()?,
    };
    let shown = pack.display().to_string();
    let registry = RegistryRef::parse(&options.registry, &options.home)?;
    // An OCI push sends the pack from memory: its bytes are read and hashed once, and the file
    // must still be the one read when the checks are done (below). A Store's upload streams
    // the file: it must be unchanged when the checks are done and still the file stamped here
    // when its last bytes are sent (`FileStamp`: any write or replacement shows). A directory
    // registry copies the file, so only its digest is needed. The digest is computed beside the
    // checks: both read the whole pack, and a CI runner has two cores.
    let is_oci = matches!(registry, RegistryRef::Oci(_));
    let is_store = matches!(registry, RegistryRef::Store(_));
    let stamp = is_store
        .then(|| gtdx_registry::store::FileStamp::of_path(&pack))
        .flatten();
    let (digested, checked) = std::thread::scope(|scope| {
        let digest = scope.spawn(|| -> Result<_, gtdx_registry::RegistryError> {
            if is_oci {
                let stamp = file_stamp(&pack);
                let bytes = gtdx_fsx::read(&pack, gtdx_fsx::limits::PACK)?;
                Ok((gtdx_registry::sha256_hex(&bytes), Some((bytes, stamp))))
            } else if is_store {
                let stamp = file_stamp(&pack);
                let sha = gtdx_pack::sha256_file(&pack)?;
                Ok((sha, Some((Vec::new(), stamp))))
            } else {
                Ok((gtdx_pack::sha256_file(&pack)?, None))
            }
        });
        let checked = check_pack(&pack, &shown, &options.trust, false, options.allow_unsigned);
        let digested = digest
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (digested, checked)
    });
    let (sha256, oci_bytes) = digested?;
    let checked = checked?;
    let info = &checked.info;
    check_version(&shown, info, options.version.as_deref())?;
    let dry_run = options.dry_run || options.verify_only;
    let size = std::fs::metadata(&pack).map(|m| m.len()).unwrap_or(0);
    let target = match &registry {
        RegistryRef::Dir { root, .. } => {
            Target::Directory(LocalRegistry::new(root).publish(&PublishRequest {
                pack: &pack,
                sha256: &sha256,
                describe: &checked.describe,
                info,
                force: options.force,
                dry_run,
            })?)
        }
        RegistryRef::Store(r) => {
            unchanged(&pack, &shown, oci_bytes)?;
            let store = gtdx_registry::store::Store::open(r, &options.home, options.oci.deadline)?;
            Target::Store(store.publish(&StorePublish {
                pack: &pack,
                stamp: stamp.clone(),
                sha256: &sha256,
                describe: &checked.describe,
                info,
                force: options.force,
                dry_run,
            })?)
        }
        RegistryRef::Oci(repo) => {
            let bytes = unchanged(&pack, &shown, oci_bytes)?;
            let art = OciArtifact {
                host: repo.host.clone(),
                repository: repo.repository(&info.id),
                tag: Some(info.version.clone()),
                digest: None,
            };
            let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
            let source_url = options.source_url.clone().or_else(|| {
                Some(format!(
                    "{}/{}",
                    env("GITHUB_SERVER_URL")?,
                    env("GITHUB_REPOSITORY")?
                ))
            });
            let revision = options.revision.clone().or_else(|| env("GITHUB_SHA"));
            let annotations = gtdx_registry::oci::annotations(
                &info.id,
                &info.version,
                source_url.as_deref(),
                revision.as_deref(),
            );
            Target::Oci(gtdx_registry::oci::push(
                PushRequest {
                    artifact: &art,
                    bytes,
                    sha256: &sha256,
                    annotations,
                    force: options.force,
                    dry_run,
                },
                &options.oci,
            )?)
        }
    };
    let dist = match &options.dist {
        Some(dir) if !dry_run => Some(copy_to_dist(&pack, &shown, &sha256, dir)?),
        _ => None,
    };
    Ok(PublishOutcome {
        id: info.id.clone(),
        version: info.version.clone(),
        pack,
        sha256,
        size,
        signed: info.signer.is_some(),
        signer: info.signer.clone(),
        registry: registry.label(),
        dry_run,
        verify_only: options.verify_only,
        dist,
        target,
    })
}

/// Refuses a pack of another version than `--version` asks for: its describe.json is inside
/// the signed manifest, so ours cannot set the version as the platform's build does.
fn check_version(shown: &str, info: &PackInfo, wanted: Option<&str>) -> Result<(), InstallError> {
    match wanted {
        Some(v) if v != info.version => Err(InstallError::Refused {
            source_name: shown.to_string(),
            reason: format!(
                "it holds {}@{}, not the --version {v}; nothing was published. A signed pack's version cannot be changed without breaking its signature: set `version = \"{v}\"` in Cargo.toml, then `gtdx build` (and `gtdx sign`) again",
                info.id, info.version
            ),
        }),
        _ => Ok(()),
    }
}

/// Writes the published pack to `dir` (the platform's `--dist`), the bytes checked against
/// the digest that was published.
fn copy_to_dist(
    pack: &Path,
    shown: &str,
    sha256: &str,
    dir: &Path,
) -> Result<PathBuf, InstallError> {
    let refused = |reason: String| InstallError::Refused {
        source_name: shown.to_string(),
        reason,
    };
    let bytes =
        gtdx_fsx::read(pack, gtdx_fsx::limits::PACK).map_err(gtdx_registry::RegistryError::from)?;
    if gtdx_registry::sha256_hex(&bytes) != sha256 {
        return Err(refused(
            "it was published, but changed before its copy to --dist was made; nothing was copied"
                .into(),
        ));
    }
    let name = pack
        .file_name()
        .unwrap_or(std::ffi::OsStr::new("pack.gtxpack"));
    let to = dir.join(name);
    std::fs::create_dir_all(dir)
        .map_err(|e| refused(format!("it was published, but {}: {e}", dir.display())))?;
    gtdx_fsx::write_atomic(&to, &bytes).map_err(gtdx_registry::RegistryError::from)?;
    Ok(to)
}

/// The bytes read for the upload (none for a Store's, which streams the file), refused when
/// the file changed while its checks ran.
fn unchanged(
    pack: &Path,
    shown: &str,
    read: Option<(Vec<u8>, Option<Stamp>)>,
) -> Result<Vec<u8>, InstallError> {
    let (bytes, stamp) = read.unwrap_or_default();
    if file_stamp(pack) != stamp {
        return Err(InstallError::Refused {
            source_name: shown.to_string(),
            reason: "it changed while being published; run the command again".into(),
        });
    }
    Ok(bytes)
}

/// A file's size and modification time.
type Stamp = (u64, std::time::SystemTime);

/// The size and modification time of a file: what must not change between reading a pack and
/// finishing its checks.
fn file_stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}
