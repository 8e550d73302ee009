//! Installs under `<home>/extensions/<kind>/<id>-<version>/`, as the platform lays them out.
//!
//! A pack to install is first copied (or pulled) into `<home>/extensions/.gtdx-staging/`, and
//! verified there: the bytes checked are the bytes unpacked (a Store's pack is also unpacked into
//! staging as it downloads, [`streamed`], and that directory used only when it is byte for byte
//! the verified pack). Its declared sizes are checked
//! against the install caps ([`check_size`]) before it is read, and [`unpack_staged`] counts the
//! bytes it writes against the same caps. It is unpacked into a staging directory beside it,
//! then moved into its kind directory in one step ([`Locked::place`]), so an interrupted install
//! (even `kill -9`) leaves no partial extension where the designer looks; staging directories
//! of dead processes are swept by the next install. Replacing an install (`--force`) exchanges
//! the two directories in one step, so the slot is never empty.
//!
//! Every install holds `<home>/extensions/.gtdx-install.lock` ([`Locked`]) from the moment it
//! looks at its slot to the moment the state file records it: what is checked under the lock
//! (the slot holds nothing, or this very extension; the publisher key pinned) is still true when
//! the directory is moved in. The platform names install directories `<id>-<version>`, which
//! two extensions can share (`a-1.0.0-rc@1.0.0` and `a@1.0.0-rc-1.0.0`): the second is refused
//! ([`RegistryError::SlotTaken`]), never written over the first.

pub mod streamed;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use gtdx_fsx::stage::{swap_into_place, sweep_dead, sync_dir, unique_dir, unique_name};

use crate::lock::Lock;

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

/// The most bytes one install unpacks, every entry of the pack together (`INSTALL_UNPACKED` in
/// docs/security.md).
pub const MAX_UNPACKED_BYTES: u64 = 1 << 30;

/// The most bytes one install unpacks per byte of the pack (`INSTALL_RATIO` in
/// docs/security.md): deflate reaches about 1000 to 1 on runs of one byte, real extensions'
/// packs (components, JSON, prompts) less than 10 to 1.
pub const MAX_RATIO: u64 = 100;

/// The most bytes a pack of `pack_size` bytes may unpack to: both caps.
pub fn unpacked_cap(pack_size: u64) -> u64 {
    MAX_UNPACKED_BYTES.min(pack_size.saturating_mul(MAX_RATIO))
}

/// Checks the sizes a pack's central directory declares against the install caps, before any
/// entry is read or hashed. Verification then checks that each entry yields the size it
/// declares, and [`unpack_staged`] counts the bytes it writes, so a pack that lies stops there.
/// A file the zip layer cannot read passes here: verification names what is wrong with it.
pub fn check_size(pack: &Path) -> Result<(), RegistryError> {
    let Ok((file, pack_size)) = gtdx_fsx::open_regular(pack) else {
        return Ok(());
    };
    let Ok(zip) = zip::ZipArchive::new(std::io::BufReader::new(file)) else {
        return Ok(());
    };
    let total = (0..zip.len())
        .filter_map(|i| zip.by_index_data(i).ok())
        .fold(0u64, |sum, e| sum.saturating_add(e.size()));
    size_verdict(pack, total, pack_size, "declare")
}

/// Refuses `total` unpacked bytes from a pack of `pack_size` bytes past either cap.
fn size_verdict(pack: &Path, total: u64, pack_size: u64, how: &str) -> Result<(), RegistryError> {
    let too_large = |why: String| RegistryError::TooLarge {
        pack: pack.to_path_buf(),
        why,
    };
    if total > MAX_UNPACKED_BYTES {
        return Err(too_large(format!(
            "its entries {how} {total} bytes unpacked, more than the {} an install unpacks (`INSTALL_UNPACKED` in docs/security.md)",
            gtdx_fsx::read::human_bytes(MAX_UNPACKED_BYTES)
        )));
    }
    if total > pack_size.saturating_mul(MAX_RATIO) {
        return Err(too_large(format!(
            "its entries {how} {total} bytes unpacked from {pack_size} bytes of pack, more than the {MAX_RATIO} to 1 an install accepts (`INSTALL_RATIO` in docs/security.md); a pack that compressible is a decompression bomb, not an extension"
        )));
    }
    Ok(())
}

/// A verified pack unpacked into staging, not yet in its slot (removed when dropped).
#[derive(Debug)]
pub struct Unpacked {
    stage: PathBuf,
    _registered: gtdx_fsx::temp::Registration,
}

impl Drop for Unpacked {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.stage);
    }
}

/// Where `info` is installed: its kind directory and `<home>/extensions/<kind>/<id>-<version>`.
pub fn slot_of(home: &Home, info: &PackInfo) -> Result<(&'static str, PathBuf), RegistryError> {
    let kind = kind_dir(&info.kind).ok_or_else(|| {
        RegistryError::Refused(format!(
            "its kind `{}` is not one the platform installs ({})",
            info.kind,
            KINDS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
        ))
    })?;
    gtdx_fsx::check_within(
        &home.root,
        Path::new("extensions")
            .join(kind)
            .join(format!("{}-{}", info.id, info.version))
            .as_path(),
    )?;
    Ok((kind, home.install_dir(kind, &info.id, &info.version)))
}

/// Whether `info`'s slot is taken: `false` when it is free, `true` when it holds this very
/// extension (or a directory whose describe.json cannot be read, which `--force` repairs).
/// A slot holding another extension (whose `<id>-<version>` is spelled the same) is refused.
pub fn occupied(home: &Home, info: &PackInfo) -> Result<bool, RegistryError> {
    let (_, dir) = slot_of(home, info)?;
    if std::fs::symlink_metadata(&dir).is_err() {
        return Ok(false);
    }
    let there = gtdx_contract::json::load(&dir.join("describe.json"))
        .ok()
        .and_then(|doc| PackInfo::from_value(&doc.value, &dir.display().to_string()).ok());
    match there {
        Some(other) if other.id != info.id || other.version != info.version => {
            Err(RegistryError::SlotTaken {
                id: info.id.clone(),
                version: info.version.clone(),
                dir,
                other: format!("{}@{}", other.id, other.version),
            })
        }
        _ => Ok(true),
    }
}

/// Unpacks a verified, staged pack into a staging directory (nothing where the designer looks
/// yet), refusing more bytes than the install caps allow.
pub fn unpack_staged(
    home: &Home,
    pack: &StagedPack,
    info: &PackInfo,
) -> Result<Unpacked, RegistryError> {
    slot_of(home, info)?;
    let stage = unique_dir(&home.staging(), &format!("{}-{}", info.id, info.version))?;
    let unpacked = Unpacked {
        _registered: gtdx_fsx::temp::register_dir(&stage),
        stage,
    };
    unpack(&pack.path, &unpacked.stage)?;
    Ok(unpacked)
}

/// A pack unpacked into staging while it downloaded ([`streamed::Unpacking`]), taken as the
/// unpacked pack when it is, byte for byte, the verified one: the strict reader took a
/// streamed digest for every entry (`used` of them, of the pack's `entries`) and nothing else
/// was written. Otherwise `None`, and the directory is removed.
pub fn adopt_streamed(
    home: &Home,
    prefetched: streamed::Prefetched,
    info: &PackInfo,
    entries: usize,
    used: usize,
) -> Result<Option<Unpacked>, RegistryError> {
    slot_of(home, info)?;
    Ok(prefetched
        .streamed
        .covers(entries, used)
        .then_some(prefetched.unpacked))
}

/// The install lock (`<home>/extensions/.gtdx-install.lock`), held while an install or an
/// uninstall checks a slot, pins a key, moves a directory and records it.
#[derive(Debug)]
pub struct Locked<'h> {
    home: &'h Home,
    _lock: Lock,
}

impl<'h> Locked<'h> {
    /// Blocks until the install lock of `home` is held.
    pub fn acquire(home: &'h Home) -> Result<Locked<'h>, RegistryError> {
        Ok(Locked {
            home,
            _lock: Lock::exclusive(&home.extensions().join(INSTALL_LOCK))?,
        })
    }

    /// [`occupied`], under the lock.
    pub fn occupied(&self, info: &PackInfo) -> Result<bool, RegistryError> {
        occupied(self.home, info)
    }

    /// Moves an unpacked pack into its slot (exchanged with what is there, in one step) and
    /// records it in the state file. The caller has checked [`Locked::occupied`] under this
    /// lock.
    pub fn place(
        &self,
        unpacked: Unpacked,
        info: &PackInfo,
    ) -> Result<(InstallAction, PathBuf), RegistryError> {
        let home = self.home;
        let (kind, final_dir) = slot_of(home, info)?;
        std::fs::create_dir_all(home.kind_path(kind)).map_err(|e| {
            gtdx_fsx::FsError::new("cannot create directory", home.kind_path(kind), e)
        })?;
        // A state file that cannot be read would fail the record after the move: found first,
        // so the install leaves nothing.
        state::read_file(home)?;
        let existed = std::fs::symlink_metadata(&final_dir).is_ok();
        swap_into_place(&unpacked.stage, &final_dir)?;
        drop(unpacked);
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
}

/// The install lock's file name, in `<home>/extensions/` (beside the kind directories, which
/// the designer watches, never in one).
pub const INSTALL_LOCK: &str = ".gtdx-install.lock";

/// Unpacks a verified, staged pack into place and records it in the state file: the steps of
/// an install without a publisher key to pin (`gtdx install` pins under the lock between
/// [`Locked::occupied`] and [`Locked::place`]).
pub fn commit(
    home: &Home,
    pack: &StagedPack,
    info: &PackInfo,
    force: bool,
) -> Result<(InstallAction, PathBuf), RegistryError> {
    let (_, final_dir) = slot_of(home, info)?;
    if occupied(home, info)? && !force {
        return Ok((InstallAction::AlreadyInstalled, final_dir));
    }
    let unpacked = unpack_staged(home, pack, info)?;
    let locked = Locked::acquire(home)?;
    if locked.occupied(info)? && !force {
        return Ok((InstallAction::AlreadyInstalled, final_dir));
    }
    locked.place(unpacked, info)
}

/// Unpacks every entry of a verified pack into `dir`, refusing anything that is not a plain
/// file or directory with a safe relative name (verification refused those already; this is the
/// second lock on the door), and more bytes than [`unpacked_cap`] allows for the pack's size.
fn unpack(pack: &Path, dir: &Path) -> Result<(), RegistryError> {
    let (file, pack_size) = gtdx_fsx::open_regular(pack)?;
    let cap = unpacked_cap(pack_size);
    let mut written = 0u64;
    let bad = |m: String| RegistryError::Refused(m);
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| bad(format!("{} is not a zip archive: {e}", pack.display())))?;
    for i in 0..zip.len() {
        let entry = zip
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
        // One byte past what may still be written: enough to know the cap was passed.
        let room = cap - written;
        let n = std::io::copy(&mut entry.take(room + 1), &mut f).map_err(err)?;
        written += n;
        if n > room {
            // Past `cap`, so past one of the two caps, which `size_verdict` names.
            return Err(size_verdict(pack, written, pack_size, "yield at least")
                .err()
                .unwrap_or_else(|| bad(format!("it unpacks to more than {cap} bytes"))));
        }
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
    let _locked = Locked::acquire(home)?;
    let trash = unique_dir(&home.staging(), ".removed")?;
    let target = trash.join("x");
    std::fs::rename(&ext.dir, &target)
        .map_err(|e| gtdx_fsx::FsError::new("cannot remove", &ext.dir, e))?;
    let _ = std::fs::remove_dir_all(&trash);
    state::update(home, |s| state::forget(s, &ext.info.id, &ext.info.version))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    /// A zip holding a describe.json for `id@version` and `extra` (name, bytes), deflated.
    fn pack(dir: &Path, id: &str, version: &str, extra: &[(&str, Vec<u8>)]) -> PathBuf {
        // `{id}@{version}`: `{id}-{version}` is the very name two of these tests' packs share.
        let path = dir.join(format!("{id}@{version}.{}.zip", extra.len()));
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        let describe = serde_json::json!({
            "kind": "DesignExtension",
            "metadata": {"id": id, "version": version},
        });
        zip.start_file("describe.json", options).unwrap();
        zip.write_all(describe.to_string().as_bytes()).unwrap();
        for (name, bytes) in extra {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
        path
    }

    fn info(id: &str, version: &str) -> PackInfo {
        PackInfo {
            id: id.into(),
            name: id.into(),
            version: version.into(),
            kind: "DesignExtension".into(),
            summary: String::new(),
            signer: None,
            key_id: None,
            permissions: Default::default(),
        }
    }

    #[test]
    fn install_size_is_capped_and_the_caps_are_documented() {
        gtdx_test_support::assert_documented_limit(
            "INSTALL_UNPACKED",
            &gtdx_fsx::read::human_bytes(MAX_UNPACKED_BYTES),
        );
        gtdx_test_support::assert_documented_limit("INSTALL_RATIO", &format!("{MAX_RATIO} to 1"));
        assert_eq!(unpacked_cap(1 << 20), 100 << 20);
        assert_eq!(unpacked_cap(1 << 30), MAX_UNPACKED_BYTES);

        let dir = tempfile::tempdir().unwrap();
        // A plain pack passes.
        let fine = pack(dir.path(), "a.b", "1.0.0", &[("x.txt", b"hello".to_vec())]);
        check_size(&fine).unwrap();
        // 16 MiB of zeros deflate to a few KiB: far past the ratio, under the total.
        let bomb = pack(
            dir.path(),
            "a.b",
            "1.0.0",
            &[("zeros", vec![0u8; 16 << 20])],
        );
        let e = check_size(&bomb).unwrap_err().to_string();
        assert!(
            e.contains("INSTALL_RATIO") && e.contains("nothing was written"),
            "{e}"
        );
        // The unpacker counts what it writes, whatever the directory declared.
        let home = Home::new(dir.path().join("home"));
        let staged = StagedPack::copy_from(&home, &bomb).unwrap();
        let e = unpack_staged(&home, &staged, &info("a.b", "1.0.0"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("INSTALL_RATIO"), "{e}");
        let left: Vec<_> = std::fs::read_dir(home.staging())
            .unwrap()
            .flatten()
            .filter(|e| e.path().is_dir())
            .collect();
        assert!(left.is_empty(), "staging keeps {left:?}");
        // The total: a size past it, with a pack big enough for the ratio.
        let e = size_verdict(Path::new("p"), MAX_UNPACKED_BYTES + 1, 1 << 30, "declare")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("INSTALL_UNPACKED") && e.contains("1024 MiB"),
            "{e}"
        );
    }

    #[test]
    fn install_slots_are_unambiguous_a_colliding_install_is_refused_even_forced() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path().join("home"));
        let first = info("com.acme.x-1.0.0-rc", "1.0.0");
        let second = info("com.acme.x", "1.0.0-rc-1.0.0");
        let p1 = pack(dir.path(), &first.id, &first.version, &[]);
        let p2 = pack(dir.path(), &second.id, &second.version, &[]);
        let s1 = StagedPack::copy_from(&home, &p1).unwrap();
        let s2 = StagedPack::copy_from(&home, &p2).unwrap();
        let (action, slot) = commit(&home, &s1, &first, false).unwrap();
        assert_eq!(action, InstallAction::Installed);
        assert_eq!(
            slot_of(&home, &second).unwrap().1,
            slot,
            "one directory name"
        );
        for force in [false, true] {
            let e = commit(&home, &s2, &second, force).unwrap_err();
            assert!(matches!(e, RegistryError::SlotTaken { .. }), "{e}");
            let e = e.to_string();
            assert!(
                e.contains("com.acme.x-1.0.0-rc@1.0.0") && e.contains("gtdx uninstall"),
                "{e}"
            );
        }
        let installed = gtdx_contract::json::load(&slot.join("describe.json")).unwrap();
        assert_eq!(installed.value["metadata"]["id"], "com.acme.x-1.0.0-rc");
        let st = state::load(&home).unwrap();
        assert_eq!(st.default.enabled.len(), 1, "{:?}", st.default.enabled);
        // The same extension again: already installed, or replaced with --force.
        assert_eq!(
            commit(&home, &s1, &first, false).unwrap().0,
            InstallAction::AlreadyInstalled
        );
        assert_eq!(
            commit(&home, &s1, &first, true).unwrap().0,
            InstallAction::Replaced
        );
    }
}
