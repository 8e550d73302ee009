//! Annotated Rust sources → `describe.json`, without compiling anything.
//!
//! `gtdx describe` and an extension's build script both run this crate:
//!
//! 1. [`crate_src`] reads the library's sources with syn, following `mod` declarations, and
//!    finds every function carrying `#[tool(...)]` (parsed by `gtdx-annotations`, the same
//!    parser the proc-macro uses).
//! 2. [`schema`] turns each tool's input and output types into portable JSON Schema from the
//!    type definitions of the same crate, honouring serde's attributes.
//! 3. [`assemble`] builds the complete manifest: tools from the sources, every other field from
//!    `[package.metadata.gtdx]` ([`config`]) and the Cargo package.
//! 4. [`check`] compares with the file on disk (`--check`); [`write`] writes it atomically.
//!
//! [`trap`] finds tool definitions built by hand (the "lib.rs trap"), and [`build_script`]
//! generates the tool table `gtdx_sdk::export_extension!()` includes.
//!
//! The crate is a build-dependency of every extension, so it stays small: no JSON Schema
//! validator, no CLI parser. `gtdx` runs the lint on the result.

use std::path::PathBuf;

use gtdx_contract::{Describe, Diagnostic};

pub mod assemble;
pub mod build_script;
mod builtin;
pub mod config;
pub mod crate_src;
pub mod error;
mod facts;
pub mod package;
pub mod resolve;
pub mod schema;
pub mod serde_attrs;
mod shape;
pub mod tools;
pub mod trap;

pub use error::{Error, SourceError};
pub use package::Package;

/// A generated manifest and what went into it.
#[derive(Debug)]
pub struct Generated {
    pub package: Package,
    pub describe: Describe,
    /// The canonical text: pretty-printed, trailing newline.
    pub text: String,
    pub tools: Vec<tools::ToolOut>,
    /// Non-fatal findings (custom serde shapes, hand-written tool definitions).
    pub warnings: Vec<Diagnostic>,
    /// Every file read: sources, hand-written schemas, Cargo.toml.
    pub inputs: Vec<PathBuf>,
    /// The parsed sources, kept alive with the result so that a command about to exit can skip
    /// freeing them (`std::mem::forget`): a thousand-tool crate is megabytes of syntax trees.
    sources: crate_src::LoadedCrate,
}

impl Generated {
    /// The parsed sources the manifest was generated from.
    pub fn sources(&self) -> &crate_src::LoadedCrate {
        &self.sources
    }
}

/// Reads the package at `manifest_path` (with `cargo metadata`) and generates its manifest.
///
/// `cargo metadata` (tens of milliseconds, mostly process start-up) runs on another thread
/// while the sources are parsed from the usual place, `src/lib.rs`; they are parsed again in
/// the rare case that the library lives elsewhere.
#[cfg(feature = "cli")]
pub fn generate(manifest_path: &std::path::Path) -> Result<Generated, Error> {
    let owned = manifest_path.to_path_buf();
    let metadata = std::thread::spawn(move || Package::from_manifest(&owned));
    let guess = std::fs::canonicalize(manifest_path)
        .ok()
        .and_then(|m| m.parent().map(|d| d.join("src/lib.rs")))
        .filter(|p| p.is_file());
    let early = guess.as_ref().map(|g| crate_src::load(g));
    let pkg = metadata.join().map_err(|_| Error::Package {
        path: error::display_path(manifest_path),
        message: "reading the package panicked".into(),
    })??;
    let same = |g: &PathBuf| std::fs::canonicalize(&pkg.lib_path).is_ok_and(|l| l == *g);
    let krate = match (early, &guess) {
        (Some(loaded), Some(g)) if same(g) => loaded?,
        _ => crate_src::load(&pkg.lib_path)?,
    };
    generate_with(pkg, krate)
}

/// Generates the manifest of a package already read.
pub fn generate_for(pkg: Package) -> Result<Generated, Error> {
    let krate = crate_src::load(&pkg.lib_path)?;
    generate_with(pkg, krate)
}

fn generate_with(pkg: Package, krate: crate_src::LoadedCrate) -> Result<Generated, Error> {
    let cfg = config::GtdxConfig::from_package(&pkg)?;
    let idx = crate_src::Index::build(&krate);
    let collected = tools::collect(&idx, &pkg.root).map_err(Error::Sources)?;
    let describe = assemble::manifest(&pkg, &cfg, &collected.tools)?;
    let known: Vec<String> = collected
        .tools
        .iter()
        .map(|t| t.tool.name.clone())
        .collect();
    let mut warnings: Vec<Diagnostic> = collected
        .warnings
        .iter()
        .map(|w| source_diagnostic(gtdx_contract::codes::W_DESCRIBE_CUSTOM_SERDE, w))
        .collect();
    warnings.extend(trap::scan_crate(&krate, &known));
    let mut inputs: Vec<PathBuf> = krate.files.iter().map(|f| f.path.clone()).collect();
    inputs.extend(collected.schema_files);
    inputs.push(pkg.manifest_path.clone());
    let text = describe.to_pretty_json();
    drop(idx);
    Ok(Generated {
        package: pkg,
        describe,
        text,
        tools: collected.tools,
        warnings,
        inputs,
        sources: krate,
    })
}

/// A located source finding as a diagnostic.
pub fn source_diagnostic(code: gtdx_contract::Code, e: &SourceError) -> Diagnostic {
    let mut d =
        Diagnostic::new(code, e.file.display().to_string(), e.message.clone()).at(e.line, e.column);
    if let Some(h) = &e.help {
        d = d.help(h.clone());
    }
    d
}

/// How the file on disk compares with the sources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// Equal (build-computed digests and the signature aside).
    Fresh,
    /// Different; `diff` is a unified diff from the file on disk to the generated text.
    Stale { diff: String },
    /// There is no describe.json yet.
    Missing,
}

/// Compares the generated manifest with `describe.json` on disk.
///
/// The comparison is by content, not by bytes, so a file another gtdx command re-serialized is
/// not stale for its key order alone. The digests `gtdx build` fills in
/// (`runtime.components.*.sha256`, `gtpack.sha256`, `manifestSha256`) and the signature are not
/// derived from the sources, so they are carried over from the file on disk before comparing: a
/// built and signed describe.json is fresh as long as everything the sources say is unchanged.
/// The diff of a stale file is between the canonical forms of the two documents, so it shows
/// only real differences.
#[cfg(feature = "cli")]
pub fn check(generated: &Generated) -> Result<CheckOutcome, Error> {
    let path = generated.package.describe_path();
    let on_disk = match gtdx_contract::json::read_text(&path) {
        Ok(t) if t == generated.text => return Ok(CheckOutcome::Fresh),
        Ok(t) => t,
        Err(gtdx_contract::json::LoadError::NotFound { .. }) => return Ok(CheckOutcome::Missing),
        Err(e) => return Err(e.into()),
    };
    let file = path.display().to_string();
    let Ok(old) = gtdx_contract::json::manifest_from_bytes(file, on_disk.clone().into_bytes())
        .map(|m| m.describe)
    else {
        // Not even a manifest: show it against what it should be.
        return Ok(CheckOutcome::Stale {
            diff: unified_diff(&on_disk, &generated.text),
        });
    };
    let expected = with_computed_fields_of(&generated.describe, &old);
    if expected == old {
        return Ok(CheckOutcome::Fresh);
    }
    Ok(CheckOutcome::Stale {
        diff: unified_diff(&old.to_pretty_json(), &expected.to_pretty_json()),
    })
}

/// The generated manifest with the build-computed fields of `old` carried over.
#[cfg(feature = "cli")]
fn with_computed_fields_of(generated: &Describe, old: &Describe) -> Describe {
    let mut d = generated.clone();
    for (key, c) in d.runtime.components.iter_mut() {
        if let Some(oc) = old.runtime.components.get(key) {
            c.sha256 = oc.sha256.clone();
            if let (Some(g), Some(og)) = (c.gtpack.as_mut(), oc.gtpack.as_ref()) {
                g.sha256 = og.sha256.clone();
            }
        }
    }
    d.manifest_sha256 = old.manifest_sha256.clone();
    d.signature = old.signature.clone();
    d
}

/// A unified diff (3 lines of context) from `old` to `new`.
#[cfg(feature = "cli")]
pub fn unified_diff(old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(
            "describe.json (on disk)",
            "describe.json (from the sources)",
        )
        .to_string()
}

/// What [`write`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// The file already said what the sources say; it was left untouched (digests included).
    Unchanged,
    /// The file was created or replaced.
    Written,
}

/// Writes `describe.json` next to `Cargo.toml`, atomically. A file that is already fresh is left
/// alone; a stale one is replaced by the generated text, whose digests are the all-zero
/// placeholder and which has no signature (`gtdx build` and `gtdx sign` add them again).
#[cfg(feature = "cli")]
pub fn write(generated: &Generated) -> Result<Written, Error> {
    if check(generated)? == CheckOutcome::Fresh {
        return Ok(Written::Unchanged);
    }
    gtdx_fsx::write_atomic(
        &generated.package.describe_path(),
        generated.text.as_bytes(),
    )?;
    Ok(Written::Written)
}
