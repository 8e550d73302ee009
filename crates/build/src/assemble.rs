//! From a component and a describe.json to a `.gtxpack`.
//!
//! 1. read the component and check it is one ([`crate::component::analyze`]);
//! 2. check it against describe.json ([`crate::check`]);
//! 3. write its SHA-256 into `runtime.components.<id>.sha256` (and `gtpack.sha256` when the
//!    component ships in the pack), in describe.json on disk when asked (atomically, and only
//!    when the bytes change);
//! 4. pack describe.json, the component and the declared assets with `gtdx-pack`, whose writer
//!    computes `manifest.json` and `manifestSha256` and makes the archive reproducible.
//!
//! Pack layout: the component at `runtime.components.<id>.gtpack.file` (default
//! [`DEFAULT_COMPONENT_DIR`]`/<id>.wasm`); every path listed in `contributions.prompts`,
//! `contributions.schemas`, `contributions.knowledge`, `metadata.icon` and
//! `metadata.screenshots` (a directory is included with everything under it); and everything
//! under `assets/`. Asset paths are relative to the directory holding describe.json.

use gtdx_contract::codes;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gtdx_contract::diagnostic::escape_pointer_token;
use gtdx_contract::source::SourceMap;
use gtdx_contract::{Describe, Diagnostic};
use gtdx_pack::PackWriter;

use crate::BuildError;
use crate::check::{CheckInput, KnownWorlds, check, select_component};
use crate::component::{WitItem, analyze, sha256_file};
use crate::event::{Event, Progress};

/// Where a component goes in the pack when describe.json does not say
/// (`runtime.components.<id>.gtpack.file`).
pub const DEFAULT_COMPONENT_DIR: &str = "components";
/// The directory whose whole content is packed.
pub const ASSETS_DIR: &str = "assets";

/// What to pack.
pub struct PackInput<'a> {
    /// The component.
    pub wasm: &'a Path,
    /// describe.json.
    pub describe: &'a Path,
    /// The directory declared asset paths are relative to (usually describe.json's).
    pub asset_root: &'a Path,
    /// The cargo package the component was built from, to pick its `runtime.components` entry
    /// when there are several.
    pub package_name: Option<&'a str>,
    /// Where the pack goes: `<out_dir>/<id>-<version>.gtxpack`.
    pub out_dir: &'a Path,
    /// Write the SHA-256 back into describe.json on disk (`gtdx build`), or only into the
    /// packed copy (`gtdx pack`).
    pub write_back: bool,
    pub known_worlds: Option<&'a KnownWorlds>,
}

/// What was packed.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Packed {
    pub path: PathBuf,
    pub size: u64,
    pub sha256: String,
    pub manifest_sha256: String,
    /// Key of `runtime.components` the component filled in.
    pub component_id: String,
    /// The component's path inside the pack.
    pub component_path: String,
    /// Every file of the pack except describe.json and manifest.json, sorted.
    pub files: Vec<String>,
    /// Whether describe.json on disk was rewritten.
    pub describe_updated: bool,
    /// SHA-256 of the component packed.
    pub component_sha256: String,
    /// SHA-256 of describe.json on disk as the pack leaves it: the text it read, or the one it
    /// wrote back.
    pub describe_sha256: String,
}

/// Checks the component against describe.json and writes the pack.
pub fn pack(input: &PackInput<'_>, progress: &mut dyn Progress) -> Result<Packed, BuildError> {
    let wasm_bytes = gtdx_fsx::read(input.wasm, gtdx_fsx::limits::COMPONENT)?;
    let info = analyze(&wasm_bytes).map_err(|reason| BuildError::Wasm {
        path: input.wasm.to_path_buf(),
        reason,
    })?;
    progress.event(&Event::Artifact {
        path: input.wasm.display().to_string(),
        size: info.size,
        sha256: info.sha256.clone(),
    });

    let describe_file = input.describe.display().to_string();
    // Read as the platform's loader reads it; the pack gets the normalised form it re-emits.
    let loaded = gtdx_contract::json::load_manifest(input.describe)?;
    let source = loaded.doc.source_map();
    let mut describe = loaded.describe;
    let check_failed = |diagnostics: Vec<Diagnostic>| BuildError::Check {
        component: input.wasm.to_path_buf(),
        describe: input.describe.to_path_buf(),
        diagnostics,
    };

    let component_id = select_component(&describe, input.package_name, &describe_file)
        .map_err(|d| check_failed(vec![*d]))?;
    let report = check(&CheckInput {
        describe: &describe,
        describe_file: &describe_file,
        source: Some(&source),
        component_id: &component_id,
        component: &info,
        known_worlds: input.known_worlds,
    });
    if report.has_errors() {
        return Err(check_failed(report.diagnostics));
    }

    // Where the component goes, and every asset.
    let world = describe.runtime.components[&component_id].world.clone();
    let (component_path, assets) = placement(
        &describe,
        &component_id,
        &describe_file,
        input.asset_root,
        &source,
    )
    .map_err(check_failed)?;

    // The digest, in the packed describe and (for a build) on disk.
    set_digest(&mut describe, &component_id, &info.sha256);
    let mut value = describe.to_value();
    let mut describe_updated = false;
    let mut describe_sha256 = gtdx_pack::sha256_hex(loaded.doc.text.as_bytes());
    if input.write_back {
        let new_text = describe.to_pretty_json();
        if new_text != loaded.doc.text {
            gtdx_fsx::write_atomic(input.describe, new_text.as_bytes())?;
            describe_updated = true;
            describe_sha256 = gtdx_pack::sha256_hex(new_text.as_bytes());
        }
    }
    progress.event(&Event::Checked {
        component: component_id.clone(),
        world,
        tools: report.tools_checked.clone(),
        exports: info
            .exports
            .iter()
            .map(|e: &WitItem| e.name.clone())
            .collect(),
        describe_updated,
        warnings: report.diagnostics.clone(),
    });

    let file_name = format!(
        "{}-{}.gtxpack",
        describe.metadata.id, describe.metadata.version
    );
    let out = input.out_dir.join(file_name);
    // `--out` never overwrites what the pack is made of.
    gtdx_fsx::check_not_an_input(
        &out,
        [
            ("the component", input.wasm),
            ("describe.json", input.describe),
        ]
        .into_iter()
        .chain(assets.values().map(|src| ("an asset", src.as_path()))),
    )?;
    let (files, written) = write_entries(&out, &component_path, wasm_bytes, assets, &mut value)?;
    let size = std::fs::metadata(&out)
        .map_err(|e| gtdx_fsx::FsError::new("cannot read", &out, e))?
        .len();
    let packed = Packed {
        size,
        sha256: sha256_file(&out)?,
        path: out,
        manifest_sha256: written.manifest_sha256,
        component_id,
        component_path,
        files,
        describe_updated,
        component_sha256: info.sha256.clone(),
        describe_sha256,
    };
    progress.event(&packed.event(false));
    Ok(packed)
}

impl Packed {
    /// The `packed` event for this pack; `fresh` when it was already there, up to date.
    pub fn event(&self, fresh: bool) -> Event {
        Event::Packed {
            path: self.path.display().to_string(),
            size: self.size,
            sha256: self.sha256.clone(),
            manifest_sha256: self.manifest_sha256.clone(),
            entries: self.files.len() + 2,
            fresh,
        }
    }
}

/// Where the component goes in the pack and every asset (pack path → source file), or what is
/// wrong with those paths, located in describe.json.
fn placement(
    describe: &Describe,
    component_id: &str,
    describe_file: &str,
    asset_root: &Path,
    source: &SourceMap,
) -> Result<(String, BTreeMap<String, PathBuf>), Vec<Diagnostic>> {
    let id_ptr = format!("/runtime/components/{}", escape_pointer_token(component_id));
    let component_path = match &describe.runtime.components[component_id].gtpack {
        Some(g) => g.file.clone(),
        None => format!("{DEFAULT_COMPONENT_DIR}/{component_id}.wasm"),
    };
    let mut problems = Vec::new();
    let locate = |d: Diagnostic| match source.value_position(d.pointer.as_deref().unwrap_or("")) {
        Some(p) => d.at(p.line, p.column),
        None => d,
    };
    if let Err(reason) = gtdx_pack::check_entry_path(&component_path, false) {
        problems.push(
            Diagnostic::new(
                codes::E_BUILD_PACK_PATH,
                describe_file,
                format!("the component's pack path `{component_path}` {reason}"),
            )
            .pointer(format!("{id_ptr}/gtpack/file"))
            .help("use a relative `/`-separated path such as `components/extension.wasm`"),
        );
    }
    let assets = collect_assets(describe, asset_root, describe_file, &mut problems);
    if assets.contains_key(&component_path) {
        problems.push(
            Diagnostic::new(
                codes::E_BUILD_PACK_PATH,
                describe_file,
                format!("the component's pack path `{component_path}` is also an asset's path"),
            )
            .pointer(format!("{id_ptr}/gtpack/file")),
        );
    }
    if !problems.is_empty() {
        return Err(problems.into_iter().map(locate).collect());
    }
    Ok((component_path, assets))
}

/// Writes the pack: the component, then the assets. Returns every file but describe.json and
/// manifest.json, sorted, and what the writer reports.
fn write_entries(
    out: &Path,
    component_path: &str,
    wasm_bytes: Vec<u8>,
    assets: BTreeMap<String, PathBuf>,
    value: &mut serde_json::Value,
) -> Result<(Vec<String>, gtdx_pack::WrittenPack), BuildError> {
    let mut writer = PackWriter::new().add_bytes(component_path.to_string(), wasm_bytes);
    let mut files = vec![component_path.to_string()];
    for (path, src) in assets {
        files.push(path.clone());
        writer = writer.add_file(path, src);
    }
    files.sort();
    let written = writer
        .write(out, value)
        .map_err(|reason| BuildError::PackWrite {
            path: out.to_path_buf(),
            reason,
        })?;
    Ok((files, written))
}

/// Sets `runtime.components.<id>.sha256` and, when present, `.gtpack.sha256`.
fn set_digest(describe: &mut Describe, id: &str, sha: &str) {
    if let Some(rc) = describe.runtime.components.get_mut(id) {
        rc.sha256 = sha.to_string();
        if let Some(g) = rc.gtpack.as_mut() {
            g.sha256 = sha.to_string();
        }
    }
}

/// The asset paths describe.json declares, each with the JSON pointer of its declaration
/// (URLs included: they are skipped when packing).
pub fn declared_assets(describe: &Describe) -> Vec<(String, String)> {
    let mut declared: Vec<(String, String)> = Vec::new();
    let c = &describe.contributions;
    for (field, list) in [
        ("prompts", &c.prompts),
        ("schemas", &c.schemas),
        ("knowledge", &c.knowledge),
    ] {
        for (i, a) in list.iter().enumerate() {
            declared.push((format!("/contributions/{field}/{i}/path"), a.path.clone()));
        }
    }
    if let Some(icon) = &describe.metadata.icon {
        declared.push(("/metadata/icon".into(), icon.clone()));
    }
    for (i, s) in describe.metadata.screenshots.iter().enumerate() {
        declared.push((format!("/metadata/screenshots/{i}"), s.clone()));
    }
    declared
}

/// Every asset file: pack path → file on disk, sorted. Problems (a declared file that does not
/// exist, an unsafe path) are pushed as diagnostics.
fn collect_assets(
    describe: &Describe,
    root: &Path,
    describe_file: &str,
    problems: &mut Vec<Diagnostic>,
) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    for (pointer, path) in declared_assets(describe) {
        if path.contains("://") {
            continue; // a URL, not a file of the pack
        }
        if let Err(reason) = gtdx_pack::check_entry_path(&path, true) {
            problems.push(
                Diagnostic::new(
                    codes::E_BUILD_ASSET_PATH,
                    describe_file,
                    format!("asset path `{path}` {reason}"),
                )
                .pointer(pointer)
                .help("asset paths are relative to the directory of describe.json, `/`-separated"),
            );
            continue;
        }
        let rel = path.trim_end_matches('/');
        let on_disk = root.join(rel);
        if on_disk.is_dir() {
            walk(&on_disk, rel, &mut out);
        } else if on_disk.is_file() {
            out.insert(rel.to_string(), on_disk);
        } else {
            problems.push(
                Diagnostic::new(
                    codes::E_BUILD_ASSET_MISSING,
                    describe_file,
                    format!(
                        "declared asset `{path}` does not exist ({})",
                        on_disk.display()
                    ),
                )
                .pointer(pointer)
                .help("create the file, or remove the entry from describe.json"),
            );
        }
    }
    let assets = root.join(ASSETS_DIR);
    if assets.is_dir() {
        walk(&assets, ASSETS_DIR, &mut out);
    }
    out
}

/// Adds every regular file under `dir` as `<prefix>/<relative path>`.
fn walk(dir: &Path, prefix: &str, out: &mut BTreeMap<String, PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            continue;
        };
        let path = entry.path();
        let rel = format!("{prefix}/{name}");
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => walk(&path, &rel, out),
            Ok(m) if m.is_file() => {
                out.insert(rel, path);
            }
            _ => {}
        }
    }
}
