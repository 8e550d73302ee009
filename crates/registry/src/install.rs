//! Installs under `<home>/extensions/<kind>/<id>-<version>/`, as the platform lays them out.
//!
//! A pack to install is first copied (or pulled) into `<home>/extensions/.gtdx-staging/`, and
//! verified there: the bytes checked are the bytes unpacked. It is unpacked into a staging
//! directory beside it, then renamed into its kind directory in one step, so an interrupted
//! install (even `kill -9`) leaves no partial extension where the designer looks; staging
//! directories of dead processes are swept by the next install. Replacing an install (`--force`)
//! moves the old directory aside first, so the slot is never empty.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use gtdx_fsx::stage::{swap_into_place, sweep_dead, sync_dir, unique_dir, unique_name};

use crate::home::{KINDS, kind_dir};
use crate::{Home, PackInfo, RegistryError, state};

/// A pack copied into the staging area (removed when dropped).
#[derive(Debug)]
pub struct StagedPack {
    pub path: PathBuf,
    pub sha256: String,
    pub size: u64,
    _registered: gtdx_fsx::temp::Registration,
}

impl Drop for StagedPack {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

impl StagedPack {
    /// A new, empty staging file for a pull; the caller fills it.
    pub fn create(home: &Home, stem: &str) -> Result<(StagedPack, std::fs::File), RegistryError> {
        let dir = home.staging();
        std::fs::create_dir_all(&dir)
            .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", &dir, e))?;
        sweep_dead(&dir);
        let path = dir.join(unique_name(stem) + ".gtxpack");
        let registered = gtdx_fsx::temp::register_file(&path);
        let file = std::fs::File::create_new(&path)
            .map_err(|e| gtdx_fsx::FsError::new("cannot write", &path, e))?;
        Ok((
            StagedPack {
                path,
                sha256: String::new(),
                size: 0,
                _registered: registered,
            },
            file,
        ))
    }

    /// Copies a pack file into staging, hashing it and capping its size.
    pub fn copy_from(home: &Home, src: &Path) -> Result<StagedPack, RegistryError> {
        use sha2::Digest;
        let (mut from, size) = gtdx_fsx::open_regular(src)?;
        let limit = gtdx_fsx::limits::PACK;
        if size > limit.max {
            return Err(gtdx_fsx::FsError::new(
                "cannot read",
                src,
                gtdx_fsx::read::too_large(limit, Some(size)),
            )
            .into());
        }
        let (mut staged, mut out) = StagedPack::create(home, "pack")?;
        let mut hasher = sha2::Sha256::new();
        let mut buf = vec![0u8; 1 << 20];
        let mut total = 0u64;
        loop {
            let n = from
                .read(&mut buf)
                .map_err(|e| gtdx_fsx::FsError::new("cannot read", src, e))?;
            if n == 0 {
                break;
            }
            total += n as u64;
            if total > limit.max {
                return Err(gtdx_fsx::FsError::new(
                    "cannot read",
                    src,
                    gtdx_fsx::read::too_large(limit, None),
                )
                .into());
            }
            hasher.update(&buf[..n]);
            out.write_all(&buf[..n])
                .map_err(|e| gtdx_fsx::FsError::new("cannot write", &staged.path, e))?;
        }
        staged.sha256 = gtdx_pack::hex(&hasher.finalize());
        staged.size = total;
        Ok(staged)
    }
}

/// How an install ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InstallAction {
    Installed,
    Replaced,
    /// The same version was installed already (no `--force`): nothing changed.
    AlreadyInstalled,
}

/// Unpacks a verified, staged pack into place and records it in the state file.
pub fn commit(
    home: &Home,
    pack: &StagedPack,
    info: &PackInfo,
    force: bool,
) -> Result<(InstallAction, PathBuf), RegistryError> {
    let kind = kind_dir(&info.kind).ok_or_else(|| {
        RegistryError::Refused(format!(
            "its kind `{}` is not one the platform installs ({})",
            info.kind,
            KINDS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let final_dir = home.install_dir(kind, &info.id, &info.version);
    gtdx_fsx::check_within(
        &home.root,
        Path::new("extensions")
            .join(kind)
            .join(format!("{}-{}", info.id, info.version))
            .as_path(),
    )?;
    if final_dir.exists() && !force {
        return Ok((InstallAction::AlreadyInstalled, final_dir));
    }
    let stage = unique_dir(&home.staging(), &format!("{}-{}", info.id, info.version))?;
    let registered = gtdx_fsx::temp::register_dir(&stage);
    let result = unpack(&pack.path, &stage).and_then(|()| {
        std::fs::create_dir_all(home.kind_path(kind)).map_err(|e| {
            RegistryError::from(gtdx_fsx::FsError::new(
                "cannot create directory",
                home.kind_path(kind),
                e,
            ))
        })?;
        let existed = final_dir.exists();
        swap_into_place(&stage, &final_dir)?;
        Ok(existed)
    });
    let existed = match result {
        Ok(existed) => existed,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&stage);
            return Err(e);
        }
    };
    drop(registered);
    state::update(home, |s| {
        let k = state::key(&info.id, &info.version);
        s.default.enabled.entry(k).or_insert(true);
    })?;
    Ok((
        if existed {
            InstallAction::Replaced
        } else {
            InstallAction::Installed
        },
        final_dir,
    ))
}

/// Unpacks every entry of a verified pack into `dir`, refusing anything that is not a plain
/// file or directory with a safe relative name (verification refused those already; this is the
/// second lock on the door).
fn unpack(pack: &Path, dir: &Path) -> Result<(), RegistryError> {
    let (file, _) = gtdx_fsx::open_regular(pack)?;
    let bad = |m: String| RegistryError::Refused(m);
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| bad(format!("{} is not a zip archive: {e}", pack.display())))?;
    for i in 0..zip.len() {
        let mut entry = zip
            .by_index(i)
            .map_err(|e| bad(format!("entry {i} cannot be read: {e}")))?;
        let name = String::from_utf8_lossy(entry.name_raw()).into_owned();
        let is_dir = entry.is_dir();
        gtdx_pack::check_entry_path(&name, is_dir)
            .map_err(|why| bad(format!("entry `{name}` {why}")))?;
        if entry.is_symlink() || !(is_dir || entry.is_file()) {
            return Err(bad(format!("entry `{name}` is not a plain file")));
        }
        let out = dir.join(name.trim_end_matches('/'));
        if is_dir {
            std::fs::create_dir_all(&out)
                .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", &out, e))?;
            continue;
        }
        if let Some(p) = out.parent() {
            std::fs::create_dir_all(p)
                .map_err(|e| gtdx_fsx::FsError::new("cannot create directory", p, e))?;
        }
        let err = |e| gtdx_fsx::FsError::new("cannot write", &out, e);
        let mut f = std::fs::File::create_new(&out).map_err(err)?;
        std::io::copy(&mut entry, &mut f).map_err(err)?;
        f.sync_all().map_err(err)?;
    }
    sync_dir(dir);
    Ok(())
}

/// An installed extension.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Installed {
    #[serde(flatten)]
    pub info: PackInfo,
    /// The kind directory (`design`, …).
    pub kind_dir: String,
    pub dir: PathBuf,
}

/// Every installed extension (directories holding a describe.json), sorted by id and version;
/// and the directories that could not be read, with why.
pub fn list(home: &Home) -> (Vec<Installed>, Vec<String>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (_, kind) in KINDS {
        let Ok(rd) = std::fs::read_dir(home.kind_path(kind)) else {
            continue;
        };
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let dir = e.path();
            if name.starts_with('.') || !dir.is_dir() {
                continue;
            }
            let describe = dir.join("describe.json");
            if !describe.is_file() {
                continue;
            }
            match gtdx_contract::json::load(&describe)
                .map_err(RegistryError::from)
                .and_then(|doc| PackInfo::from_value(&doc.value, &doc.file))
            {
                Ok(info) => out.push(Installed {
                    info,
                    kind_dir: kind.to_string(),
                    dir,
                }),
                Err(e) => problems.push(e.to_string()),
            }
        }
    }
    out.sort_by(|a, b| {
        a.info.id.cmp(&b.info.id).then_with(|| {
            match (
                semver::Version::parse(&a.info.version),
                semver::Version::parse(&b.info.version),
            ) {
                (Ok(x), Ok(y)) => x.cmp(&y),
                _ => a.info.version.cmp(&b.info.version),
            }
        })
    });
    (out, problems)
}

/// The installed extension `id` (at `version`, or the only installed version).
pub fn find(home: &Home, id: &str, version: Option<&str>) -> Result<Installed, RegistryError> {
    let (all, _) = list(home);
    let mut matching: Vec<Installed> = all
        .into_iter()
        .filter(|i| i.info.id == id && version.is_none_or(|v| i.info.version == v))
        .collect();
    match matching.len() {
        1 => Ok(matching.remove(0)),
        0 => Err(RegistryError::NotInstalled {
            id: id.to_string(),
            version: version.unwrap_or("*").to_string(),
            home: home.root.clone(),
        }),
        n => Err(RegistryError::Ambiguous {
            id: id.to_string(),
            count: n,
            versions: matching
                .iter()
                .map(|i| i.info.version.clone())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// Removes an installed extension (moved out of its kind directory in one rename, then
/// deleted) and forgets it in the state file.
pub fn uninstall(home: &Home, ext: &Installed) -> Result<(), RegistryError> {
    let trash = unique_dir(&home.staging(), ".removed")?;
    let target = trash.join("x");
    std::fs::rename(&ext.dir, &target)
        .map_err(|e| gtdx_fsx::FsError::new("cannot remove", &ext.dir, e))?;
    let _ = std::fs::remove_dir_all(&trash);
    state::update(home, |s| state::forget(s, &ext.info.id, &ext.info.version))?;
    Ok(())
}
