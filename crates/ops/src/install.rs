//! `gtdx install PACK | ID[@VERSION] | oci://…`: pull (or copy) into staging, verify the staged
//! bytes (integrity always; authenticity by trust policy), ask for consent to the permissions,
//! unpack into `$GREENTIC_HOME/extensions/<kind>/<id>-<version>/` and record it in
//! `extensions-state.json`.

use std::path::PathBuf;

pub use gtdx_registry::install::InstallAction;
use gtdx_registry::install::StagedPack;
use gtdx_registry::oci::OciOptions;
use gtdx_registry::reference::OciArtifact;
pub use gtdx_registry::{Home, PackInfo};
use gtdx_registry::{InstallSource, RegistryRef, trust};
use serde::Serialize;

use crate::keys::TrustInputs;

pub use gtdx_registry::RegistryError;
pub use gtdx_registry::packinfo::Permissions;

/// Who must have signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TrustLevel {
    /// Integrity only; the signature is not checked (unsigned packs install).
    Loose,
    /// Signed; the signer's key is pinned on first install and required after.
    #[default]
    Normal,
    /// Signed by a pinned key (or a `--trusted-key`).
    Strict,
}

/// How consent to the requested permissions is given.
pub enum Consent<'a> {
    /// `--yes`.
    Given,
    /// Ask (on a terminal): `true` to go on.
    Ask(&'a mut dyn FnMut(&PackInfo) -> bool),
    /// No terminal and no `--yes`: refuse rather than wait.
    Unavailable,
}

/// `gtdx install` options.
pub struct InstallOptions<'a> {
    pub source: String,
    /// Where `ID[@VERSION]` is looked up (default `local`).
    pub registry: Option<String>,
    pub home: Home,
    pub trust: TrustLevel,
    pub trusted_keys: TrustInputs,
    pub force: bool,
    pub consent: Consent<'a>,
    pub oci: OciOptions,
}

/// What an install did.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstallOutcome {
    pub action: InstallAction,
    #[serde(flatten)]
    pub info: PackInfo,
    pub dir: PathBuf,
    /// Where the pack came from (a path, `oci://…@sha256:…`, or `registry: id@version`).
    pub source: String,
    pub sha256: String,
    pub trust: TrustLevel,
    /// How the signer was trusted: `trusted-key`, `pinned`, `pinned-now`, or `none` (loose).
    pub authenticity: String,
}

/// Why an install did not happen.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    #[error(transparent)]
    Registry(#[from] RegistryError),
    #[error(transparent)]
    Key(#[from] crate::keys::KeyError),
    #[error("{source_name}: {reason}")]
    Refused { source_name: String, reason: String },
    /// The pack fetched for `ID@VERSION` (or a version tag) states another id or version.
    #[error(
        "{source_name}: the pack holds {got}, not the {asked} that was asked for; nothing was installed. The registry serves another extension under that name (mislabelled, or tampered with): install nothing from it until its owner fixes it, or ask for the extension it really holds"
    )]
    NotWhatWasAsked {
        source_name: String,
        asked: String,
        got: String,
    },
    #[error(
        "installing {id}@{version} needs consent (permissions it requests: {summary}) and there is no terminal to ask; pass --yes to accept"
    )]
    NeedsConsent {
        id: String,
        version: String,
        summary: String,
    },
    #[error("{id}@{version} was not installed: consent to its permissions was declined")]
    Declined { id: String, version: String },
    #[error(transparent)]
    NoHome(#[from] gtdx_contract::home::NoHome),
}

/// The result of checking a staged pack.
pub(crate) struct Checked {
    pub info: PackInfo,
    pub describe: serde_json::Value,
    pub report: gtdx_sign::VerifyReport,
    /// How many entries the pack has, and of how many the digests computed as it downloaded
    /// were taken ([`check_pack_streamed`]).
    pub entries: usize,
    pub streamed: usize,
}

/// Verifies a pack file: every integrity check always; the signature unless `integrity_only`.
/// Refuses an unsigned pack unless `allow_unsigned`, an invalid signature always, and a signer
/// outside `trusted` when keys were given.
pub(crate) fn check_pack(
    path: &std::path::Path,
    shown: &str,
    trusted: &TrustInputs,
    integrity_only: bool,
    allow_unsigned: bool,
) -> Result<Checked, InstallError> {
    check_pack_streamed(path, shown, trusted, integrity_only, allow_unsigned, None)
}

/// [`check_pack`] of a pack whose entries were hashed as it downloaded: the strict reader
/// takes those digests where they cover exactly what it would hash, and checks all else as
/// always (see `gtdx_pack::streamed`).
pub(crate) fn check_pack_streamed(
    path: &std::path::Path,
    shown: &str,
    trusted: &TrustInputs,
    integrity_only: bool,
    allow_unsigned: bool,
    streamed: Option<&gtdx_pack::streamed::Streamed>,
) -> Result<Checked, InstallError> {
    let policy = trusted.policy()?;
    let refused = |reason: String| InstallError::Refused {
        source_name: shown.to_string(),
        reason,
    };
    // One read of the pack for both the verification and the describe.json used after it: a
    // second read hashed every entry again (a 100 MB pack: ~80 ms more per install or publish).
    let options = gtdx_sign::VerifyOptions { integrity_only };
    let read = match streamed {
        Some(s) => gtdx_pack::read_pack_streamed(path, s),
        None => gtdx_pack::read_pack(path).map(|p| (p, 0)),
    };
    let (mut entries, mut used) = (0, 0);
    let (report, pack) = match read {
        Ok((pack, taken)) => {
            (entries, used) = (pack.entries.len(), taken);
            (
                gtdx_sign::verify_loaded_pack(&pack, &policy, options),
                Some(pack),
            )
        }
        Err(e) => (
            gtdx_sign::unreadable_pack(path, &policy, e).map_err(|e| refused(e.to_string()))?,
            None,
        ),
    };
    let integrity: Vec<String> = report
        .failures()
        .filter(|c| c.check != "signature")
        .map(|c| match &c.entry {
            Some(e) => format!("{} ({e}): {}", c.check, c.message),
            None => format!("{}: {}", c.check, c.message),
        })
        .collect();
    if !integrity.is_empty() {
        return Err(refused(format!(
            "it fails its integrity checks, so nothing was written: {}. `gtdx verify` shows the full report; rebuild and re-sign the pack",
            integrity.join("; ")
        )));
    }
    let bytes = pack
        .and_then(|p| p.describe)
        .ok_or_else(|| refused("it has no readable describe.json".into()))?;
    // Named as the pack's entry: `refused` puts the pack first.
    let describe = gtdx_contract::json::load_bytes(gtdx_pack::DESCRIBE_PATH, bytes)
        .map_err(|e| refused(e.to_string()))?
        .value;
    let info = PackInfo::from_value(&describe, &format!("{shown}!describe.json"))?;
    if !integrity_only {
        let sig = report.checks.iter().find(|c| c.check == "signature");
        let sig_failed = sig.is_some_and(|c| c.status == gtdx_sign::verify::Status::Fail);
        if info.signer.is_none() && describe.get("signature").is_none() {
            if !allow_unsigned {
                return Err(refused(
                    "it is not signed. Sign it (`gtdx sign PACK --key KEY`), or accept unsigned packs explicitly (--allow-unsigned for publish, --trust loose for install)".into(),
                ));
            }
        } else if sig_failed {
            let why = sig.map(|c| c.message.clone()).unwrap_or_default();
            return Err(refused(format!(
                "its signature does not verify ({why}); the pack was changed after signing or signed wrongly. Rebuild and re-sign it"
            )));
        } else if !policy.keys.is_empty()
            && report
                .checks
                .iter()
                .any(|c| c.check == "trust" && c.status == gtdx_sign::verify::Status::Untrusted)
        {
            return Err(refused(format!(
                "it is signed by {}, which is not among the trusted keys (--trusted-key, --trusted-keys)",
                info.signer
                    .as_deref()
                    .map_or_else(|| "an unknown key".into(), key_label)
            )));
        }
    }
    Ok(Checked {
        info,
        describe,
        report,
        entries,
        streamed: used,
    })
}

/// The home to use: `$GREENTIC_HOME`, else `~/.greentic`.
pub fn default_home() -> Result<Home, InstallError> {
    Ok(Home::from_env()?)
}

/// A pack fetched into the staging directory of the Greentic home.
pub struct Fetched {
    pub staged: StagedPack,
    /// How messages name where it came from.
    pub shown: String,
    /// What pins it: the file, `oci://HOST/REPO@sha256:…`, or `ID@VERSION` of a directory
    /// registry (whose recorded SHA-256 was checked).
    pub pinned: String,
    /// What the pack must be, by what was asked for.
    pub requested: Requested,
    /// The pack as it was unpacked into staging while it downloaded (a Store's, for an
    /// install): used only when the verified pack is that very one.
    pub prefetched: Option<gtdx_registry::install::streamed::Prefetched>,
}

/// What a fetched pack must state, by what was asked for: `ID@VERSION` from a registry names
/// both (the version the registry resolved when none was given); `oci://…:TAG` names the
/// version when the tag is a semantic version (tag = version, as publishing writes it); a file
/// or a digest names nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Requested {
    pub id: Option<String>,
    pub version: Option<String>,
}

impl Fetched {
    /// Refuses a pack whose describe.json states another id or version than was asked for.
    pub fn check_identity(&self, info: &PackInfo) -> Result<(), InstallError> {
        let Requested { id, version } = &self.requested;
        let id_differs = id.as_ref().is_some_and(|id| *id != info.id);
        let version_differs = version.as_ref().is_some_and(|v| *v != info.version);
        if !(id_differs || version_differs) {
            return Ok(());
        }
        let asked = match (id, version) {
            (Some(id), Some(v)) => format!("{id}@{v}"),
            (Some(id), None) => id.clone(),
            (None, Some(v)) => format!("version {v}"),
            (None, None) => String::new(),
        };
        Err(InstallError::NotWhatWasAsked {
            source_name: self.shown.clone(),
            asked,
            got: format!("{}@{}", info.id, info.version),
        })
    }

    /// [`Fetched::check_identity`] on the pack's own describe.json, for callers that verify
    /// the pack later (`gtdx worker build`). A pack whose describe.json cannot be read passes
    /// here: its verification says why.
    pub fn check_identity_in_pack(&self) -> Result<(), InstallError> {
        if self.requested == Requested::default() {
            return Ok(());
        }
        let Some(info) = gtdx_pack::read_pack(&self.staged.path)
            .ok()
            .and_then(|p| p.describe)
            .and_then(|d| PackInfo::from_describe(&d, &self.shown).ok())
        else {
            return Ok(());
        };
        self.check_identity(&info)
    }
}

/// Stages a source: a copy of a pack file, a pack from a directory registry, or a pull. One
/// rule for `gtdx install` and the registry packs of `gtdx worker build`.
pub fn fetch(
    source: &str,
    registry: Option<&str>,
    home: &Home,
    oci: &OciOptions,
) -> Result<Fetched, InstallError> {
    fetch_with(source, registry, home, oci, false)
}

/// [`fetch`]; `unpack`: a pack from a Greentic Store is also unpacked into staging as it
/// downloads ([`Fetched::prefetched`]), for an install.
fn fetch_with(
    source: &str,
    registry: Option<&str>,
    home: &Home,
    oci: &OciOptions,
    unpack: bool,
) -> Result<Fetched, InstallError> {
    match InstallSource::parse(source)? {
        InstallSource::File(path) => {
            let staged = StagedPack::copy_from(home, &path)?;
            let shown = path.display().to_string();
            Ok(Fetched {
                staged,
                pinned: shown.clone(),
                shown,
                requested: Requested::default(),
                prefetched: None,
            })
        }
        InstallSource::Oci(art) => {
            let (staged, pulled) = gtdx_registry::oci::pull(&art, home, oci)?;
            let version = art
                .tag
                .clone()
                .filter(|t| art.digest.is_none() && semver::Version::parse(t).is_ok());
            Ok(Fetched {
                staged,
                shown: pulled.pinned.clone(),
                pinned: pulled.pinned,
                requested: Requested { id: None, version },
                prefetched: None,
            })
        }
        InstallSource::Id { id, version } => {
            let reg = RegistryRef::parse_with(registry.unwrap_or("local"), home, oci.insecure)?;
            let label = reg.label();
            match reg {
                RegistryRef::Dir { root, .. } => {
                    let local = gtdx_registry::local::LocalRegistry::new(&root);
                    let (version, pack) = local.find(&id, version.as_deref())?;
                    let staged = StagedPack::copy_from(home, &pack)?;
                    if let Some(recorded) = local.recorded_sha256(&id, &version)
                        && recorded != staged.sha256
                    {
                        return Err(InstallError::Refused {
                            source_name: pack.display().to_string(),
                            reason: format!(
                                "its SHA-256 is {}, but the registry recorded {recorded} when it was published; the registry's copy was changed. Republish it",
                                staged.sha256
                            ),
                        });
                    }
                    Ok(Fetched {
                        staged,
                        shown: format!("{} ({id}@{version})", pack.display()),
                        pinned: format!("{id}@{version}"),
                        requested: Requested {
                            id: Some(id),
                            version: Some(version),
                        },
                        prefetched: None,
                    })
                }
                RegistryRef::Oci(repo) => {
                    let mut art = OciArtifact {
                        host: repo.host.clone(),
                        repository: repo.repository(&id),
                        tag: version.clone(),
                        digest: None,
                    };
                    if art.tag.is_none() {
                        let tags = gtdx_registry::oci::list_tags(&art, oci)?;
                        let newest =
                            newest_version(&tags).ok_or_else(|| RegistryError::NotFound {
                                what: id.clone(),
                                registry: format!("oci://{}/{}", art.host, art.repository),
                                hint: " (no tag is a version)".into(),
                            })?;
                        art.tag = Some(newest);
                    }
                    let (staged, pulled) = gtdx_registry::oci::pull(&art, home, oci)?;
                    Ok(Fetched {
                        staged,
                        shown: pulled.pinned.clone(),
                        pinned: pulled.pinned,
                        requested: Requested {
                            id: Some(id),
                            version: art.tag,
                        },
                        prefetched: None,
                    })
                }
                RegistryRef::Store(r) => {
                    let store = gtdx_registry::store::Store::open(&r, home, oci.deadline)?;
                    // A yanked version is not listed, so it is never the newest; an exact pin
                    // still fetches it.
                    let version = match version {
                        Some(v) => v,
                        None => newest_version(&store.versions(&id)?).ok_or_else(|| {
                            RegistryError::NotFound {
                                what: id.clone(),
                                registry: label.clone(),
                                hint: " (no version that is not yanked)".into(),
                            }
                        })?,
                    };
                    let unpacking = match unpack {
                        true => Some(gtdx_registry::install::streamed::Unpacking::begin(
                            home, &id, &version,
                        )?),
                        false => None,
                    };
                    let (staged, _, prefetched) =
                        store.fetch_unpacking(&id, &version, unpacking)?;
                    Ok(Fetched {
                        staged,
                        shown: format!("{id}@{version} from {label}"),
                        pinned: format!("{id}@{version}"),
                        requested: Requested {
                            id: Some(id),
                            version: Some(version),
                        },
                        prefetched,
                    })
                }
            }
        }
    }
}

/// The highest semantic version among `tags`.
pub fn newest_version(tags: &[String]) -> Option<String> {
    tags.iter()
        .filter_map(|t| semver::Version::parse(t).ok().map(|v| (v, t)))
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, t)| t.clone())
}

/// Installs one extension.
pub fn install(mut options: InstallOptions<'_>) -> Result<InstallOutcome, InstallError> {
    let home = options.home.clone();
    let mut fetched = fetch_with(
        &options.source,
        options.registry.as_deref(),
        &home,
        &options.oci,
        true,
    )?;
    let source = fetched.shown.clone();
    // The sizes the pack declares, before a byte of it is read or hashed.
    gtdx_registry::install::check_size(&fetched.staged.path)?;
    let loose = options.trust == TrustLevel::Loose;
    let prefetched = fetched.prefetched.take();
    let checked = check_pack_streamed(
        &fetched.staged.path,
        &source,
        &options.trusted_keys,
        loose,
        loose,
        prefetched.as_ref().map(|p| &p.streamed),
    )?;
    let info = checked.info;
    fetched.check_identity(&info)?;
    let refused = |reason: String| InstallError::Refused {
        source_name: source.clone(),
        reason,
    };

    // Authenticity by policy (the signature itself verified above).
    let trusted_by_key = checked
        .report
        .checks
        .iter()
        .any(|c| c.check == "trust" && c.status == gtdx_sign::verify::Status::Pass);
    let pinned = trust::pinned(&home, &info.id)?;
    let mut pin_now = false;
    let mut authenticity = if loose {
        "none".to_string()
    } else {
        let signer = info.signer.clone().unwrap_or_default();
        match (&pinned, options.trust) {
            (Some(p), _) if trust::same_key(p, &signer) => "pinned".to_string(),
            (Some(p), _) if !trusted_by_key => {
                return Err(refused(format!(
                    "it is signed by {}, but {} pins {} for {}: the publisher's key changed. If the change is expected, pass the new key with --trusted-key (or remove the pin from that file)",
                    key_label(&signer),
                    home.publishers_file().display(),
                    key_label(p),
                    info.id
                )));
            }
            _ if trusted_by_key => {
                pin_now = pinned.is_none();
                "trusted-key".to_string()
            }
            (None, TrustLevel::Strict) => {
                return Err(refused(format!(
                    "--trust strict needs the signer's key pinned in {} or given with --trusted-key, and {} is neither",
                    home.publishers_file().display(),
                    key_label(&signer)
                )));
            }
            _ => {
                pin_now = true;
                "pinned-now".to_string()
            }
        }
    };

    // A slot another extension holds is refused before consent is asked.
    let already = gtdx_registry::install::occupied(&home, &info)?;
    if !already || options.force {
        match &mut options.consent {
            Consent::Given => {}
            Consent::Ask(ask) => {
                if !ask(&info) {
                    return Err(InstallError::Declined {
                        id: info.id.clone(),
                        version: info.version.clone(),
                    });
                }
            }
            Consent::Unavailable => {
                return Err(InstallError::NeedsConsent {
                    summary: permission_summary(&info.permissions),
                    id: info.id.clone(),
                    version: info.version.clone(),
                });
            }
        }
    }
    // Unpacked into staging before the lock is taken (the slow part), unless nothing moves:
    // already, while it downloaded, when that is byte for byte the pack verified above.
    let mut unpacked = if !already || options.force {
        let streamed = match prefetched {
            Some(p) => gtdx_registry::install::adopt_streamed(
                &home,
                p,
                &info,
                checked.entries,
                checked.streamed,
            )?,
            None => None,
        };
        Some(match streamed {
            Some(u) => u,
            None => gtdx_registry::install::unpack_staged(&home, &fetched.staged, &info)?,
        })
    } else {
        None
    };

    // Under the install lock, from here to the state file: the slot is looked at again, the
    // key pinned, and only then is anything moved into place. An install refused here
    // (another key pinned meanwhile, another extension in the slot) has written nothing.
    let locked = gtdx_registry::install::Locked::acquire(&home)?;
    let occupied = locked.occupied(&info)?;
    let moving = !occupied || options.force;
    if moving && unpacked.is_none() {
        return Err(refused(format!(
            "{}@{} was uninstalled while this install ran; run the command again",
            info.id, info.version
        )));
    }
    let mut pinned_here = None;
    if pin_now && let Some(signer) = &info.signer {
        match trust::pin(&home, &info.id, signer)? {
            None => pinned_here = Some(signer.clone()),
            // Another install pinned first: its key must be this one.
            Some(other) if !trust::same_key(&other, signer) && !trusted_by_key => {
                return Err(refused(format!(
                    "a concurrent install pinned another key ({}) for {}; nothing was installed. Run the command again to see which key is pinned now",
                    key_label(&other),
                    info.id
                )));
            }
            Some(_) if !trusted_by_key => authenticity = "pinned".to_string(),
            Some(_) => {}
        }
    }
    let (action, dir) = match unpacked.take() {
        Some(u) if moving => match locked.place(u, &info) {
            Ok(placed) => placed,
            Err(e) => {
                if let Some(key) = &pinned_here {
                    let _ = trust::unpin(&home, &info.id, key);
                }
                return Err(e.into());
            }
        },
        _ => (
            InstallAction::AlreadyInstalled,
            gtdx_registry::install::slot_of(&home, &info)?.1,
        ),
    };
    drop(locked);
    Ok(InstallOutcome {
        action,
        sha256: fetched.staged.sha256.clone(),
        info,
        dir,
        source,
        trust: options.trust,
        authenticity,
    })
}

/// How messages name a public key: its key id (error paragraphs redact anything that looks like
/// key material, so a bare base64 key would read `[redacted]`).
pub fn key_label(public_key: &str) -> String {
    match gtdx_sign::PublicKey::parse_inline(public_key) {
        Ok(k) => format!("key {}", k.key_id),
        Err(_) => "an unreadable key".into(),
    }
}

/// `network: 2, secrets: 1` or `none`.
pub fn permission_summary(p: &Permissions) -> String {
    let rows = p.rows();
    if rows.is_empty() {
        return "none".into();
    }
    // The values are the pack's: shown as text wherever this summary is printed.
    rows.iter()
        .map(|(k, v)| format!("{k}: {}", gtdx_contract::text::join_untrusted(v, ", ")))
        .collect::<Vec<_>>()
        .join("; ")
}
