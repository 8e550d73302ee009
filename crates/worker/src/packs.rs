//! Verifying and reading packs, and signing the manifest, through `gtdx-sign` and `gtdx-pack`.
//!
//! Each pack is opened once and read once, by `gtdx_pack`'s reader: that one pass hashes every
//! entry and the whole file. It is then verified by `gtdx_sign::verify_loaded_pack_doc`, the
//! verifier behind `gtdx verify`, whose loaded describe.json is the one parsed against the
//! contract.

use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use gtdx_contract::{Describe, Signature};
use gtdx_sign::describe::{SignatureStatus, check_signature, sign_value};
use gtdx_sign::{LoadedDescribe, Outcome, PublicKey, SecretKey, VerifyOptions, VerifyReport};

use crate::assemble::{LoadedExtension, PackTrust};
use crate::error::{BuildError, Refusal, RefusedPack};
use crate::inspect::{InspectError, ManifestSignature};
use crate::manifest::WorkerManifest;
use crate::spec::{LoadedSpec, SpecPath};
use crate::{KeySource, TrustInputs};

pub use gtdx_sign::TrustPolicy;

/// Builds the trust policy from `--trusted-key` and `--trusted-keys`.
pub fn trust_policy(inputs: &TrustInputs) -> Result<TrustPolicy, gtdx_sign::KeyError> {
    let mut policy = TrustPolicy::default();
    for k in &inputs.keys {
        policy.add_key_arg(k)?;
    }
    for f in &inputs.key_files {
        policy.add_file(f)?;
    }
    Ok(policy)
}

/// Loads the secret key for `--sign`.
pub fn load_signing_key(src: &KeySource) -> Result<SecretKey, BuildError> {
    match src {
        KeySource::File(p) => SecretKey::load_file(p),
        KeySource::Env(v) => SecretKey::from_env(v),
    }
    .map_err(|e| BuildError::Sign(e.to_string()))
}

/// A pack opened for reading, and its size in bytes.
pub type Opened = (Box<dyn ReadSeek>, u64);

/// Opens a pack: [`open_pack`] in a build; a test hands in one that counts what is read.
/// Called from several threads at once.
pub type Open<'a> = &'a (dyn Fn(&Path) -> Result<Opened, gtdx_fsx::FsError> + Sync);

/// What a pack is read through.
pub trait ReadSeek: Read + Seek {}
impl<T: Read + Seek> ReadSeek for T {}

/// Opens the pack file at `path` through the bounded reader's regular-file check.
pub fn open_pack(path: &Path) -> Result<Opened, gtdx_fsx::FsError> {
    let (file, size) = gtdx_fsx::open_regular(path)?;
    Ok((Box::new(file), size))
}

/// Verifies and reads every pack of the spec, each opened once and read once ([`read_once`]),
/// several at a time ([`read_all`]); results and errors in spec order. Every refused pack is
/// reported, not just the first.
pub fn load_all(
    spec: &LoadedSpec,
    base: &Path,
    policy: &TrustPolicy,
    allow_unsigned: bool,
    resolve: Option<&crate::Resolver>,
    open: Open<'_>,
) -> Result<Vec<LoadedExtension>, BuildError> {
    let located = locate(spec, base, resolve);
    let paths: Vec<Option<&Path>> = located
        .iter()
        .map(|l| l.as_ref().ok().map(|l| l.path.as_path()))
        .collect();
    let reads = read_all(&paths, policy, open);
    let mut loaded = Vec::with_capacity(located.len());
    let mut refused = Vec::new();
    for (i, (loc, read)) in located.into_iter().zip(reads).enumerate() {
        let loc = loc?;
        let pack_err = |message: String| BuildError::Pack {
            place: Box::new(loc.place.clone()),
            pack: loc.shown.clone(),
            message,
        };
        let read = read
            .unwrap_or_else(|| Err("the pack was not read".into()))
            .map_err(pack_err)?;
        match judge(read.report, read.describe, policy, allow_unsigned) {
            Ok((trust, doc)) => {
                let sha256 = read
                    .sha256
                    .ok_or_else(|| pack_err("the pack was not read to its end".into()))?;
                loaded.push(extension(i, &loc.recorded, doc, sha256, trust).map_err(pack_err)?);
            }
            Err((refusal, message)) => refused.push(RefusedPack {
                place: loc.place,
                pack: loc.shown,
                refusal,
                message,
            }),
        }
    }
    if !refused.is_empty() {
        return Err(BuildError::Refused { refused });
    }
    Ok(loaded)
}

/// Where one spec entry's pack is.
struct Located {
    place: crate::Place,
    /// The file to read.
    path: PathBuf,
    /// How messages name it (a registry pack by its reference).
    shown: PathBuf,
    /// How the manifest records it.
    recorded: String,
    /// A fetched pack, kept (its staging file with it) until every pack has been read.
    _fetched: Option<crate::ResolvedPack>,
}

/// Every entry's pack file: a path as it is, a registry pack fetched by `resolve` first.
fn locate(
    spec: &LoadedSpec,
    base: &Path,
    resolve: Option<&crate::Resolver>,
) -> Vec<Result<Located, BuildError>> {
    let located = spec.spec.extensions.iter().enumerate().map(|(i, rel)| {
        let place = spec.place(SpecPath::Element("extensions", i));
        match resolve.and_then(|r| r(rel)) {
            Some(Ok(r)) => Ok(Located {
                place,
                path: r.path.clone(),
                shown: PathBuf::from(rel),
                recorded: r.pinned.clone(),
                _fetched: Some(r),
            }),
            Some(Err(message)) => Err(BuildError::Pack {
                place: Box::new(place),
                pack: PathBuf::from(rel),
                message,
            }),
            None => Ok(Located {
                place,
                path: base.join(rel),
                shown: base.join(rel),
                recorded: rel.clone(),
                _fetched: None,
            }),
        }
    });
    located.collect()
}

/// The most threads reading packs at once.
const MAX_READERS: usize = 8;

/// [`read_once`] of every pack at `paths` (those given), on as many threads as there are
/// cores: packs are independent, and a worker names dozens. Results in the order of `paths`.
fn read_all(
    paths: &[Option<&Path>],
    policy: &TrustPolicy,
    open: Open<'_>,
) -> Vec<Option<Result<ReadPack, String>>> {
    let jobs: Vec<(usize, &Path)> = paths
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (i, p)))
        .collect();
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        while let Some(&(i, path)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
            done.push((i, read_once(path, policy, open)));
        }
        done
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len())
        .min(MAX_READERS);
    let results = if threads <= 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let others: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
            let mut all = work();
            for h in others {
                match h.join() {
                    Ok(done) => all.extend(done),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            all
        })
    };
    let mut out: Vec<Option<Result<ReadPack, String>>> = paths.iter().map(|_| None).collect();
    for (i, r) in results {
        out[i] = Some(r);
    }
    out
}

/// One pack, opened once and read once: every entry hashed against manifest.json, the whole
/// file's SHA-256 from the same pass, then the signature checked over the describe.json that
/// pass kept (loaded once, and that document is the one the worker uses).
struct ReadPack {
    report: VerifyReport,
    describe: Option<LoadedDescribe>,
    /// SHA-256 of the whole file; `None` when the archive could not be read.
    sha256: Option<String>,
}

fn read_once(path: &Path, policy: &TrustPolicy, open: Open<'_>) -> Result<ReadPack, String> {
    let (mut reader, size) = open(path).map_err(|e| e.source.to_string())?;
    let options = gtdx_pack::ReadOptions::default();
    match gtdx_pack::read_pack_digested_from(&mut reader, size, path, &options) {
        Ok(pack) => {
            let (report, describe) =
                gtdx_sign::verify_loaded_pack_doc(&pack, policy, VerifyOptions::default());
            Ok(ReadPack {
                report,
                describe,
                sha256: pack.file_sha256.map(|d| gtdx_pack::hex(&d)),
            })
        }
        Err(e) => Ok(ReadPack {
            report: gtdx_sign::unreadable_pack(path, policy, e).map_err(|e| e.to_string())?,
            describe: None,
            sha256: None,
        }),
    }
}

/// What verification means for the worker: the pack's trust and its describe.json, or why it
/// is refused.
fn judge(
    report: VerifyReport,
    doc: Option<LoadedDescribe>,
    policy: &TrustPolicy,
    allow_unsigned: bool,
) -> Result<(PackTrust, Option<LoadedDescribe>), (Refusal, String)> {
    match report.result {
        Outcome::Valid | Outcome::Untrusted => {
            let signer = report.signer.as_ref().and_then(|s| s.public_key.as_deref());
            let Some(public) = signer.and_then(|k| PublicKey::parse_inline(k).ok()) else {
                return Err((
                    Refusal::Invalid,
                    "verification reported no signer key".into(),
                ));
            };
            // The id a trusted key file gives the key, else the one derived from it.
            let key_id = policy
                .keys
                .iter()
                .find(|k| k.bytes == public.bytes)
                .map_or(public.key_id, |k| k.key_id)
                .to_string();
            let public_key = public.to_base64();
            if report.result == Outcome::Valid {
                Ok((PackTrust::Trusted { key_id, public_key }, doc))
            } else if allow_unsigned {
                Ok((PackTrust::Untrusted { key_id, public_key }, doc))
            } else {
                let message = report
                    .checks
                    .iter()
                    .find(|c| c.check == "trust")
                    .map(|c| c.message.clone())
                    .unwrap_or_else(|| format!("key {key_id} is not trusted"));
                Err((Refusal::Untrusted, message))
            }
        }
        Outcome::Invalid => {
            let failures: Vec<_> = report.failures().collect();
            // Every integrity check passed and the describe carries no signature at all.
            let unsigned = failures.iter().all(|c| c.check == "signature")
                && doc
                    .as_ref()
                    .is_some_and(|d| matches!(check_signature(&d.value), SignatureStatus::Missing));
            if unsigned && allow_unsigned {
                return Ok((PackTrust::Unsigned, doc));
            }
            let message = failures
                .iter()
                .map(|c| match &c.entry {
                    Some(e) => format!("{} check failed on {e}: {}", c.check, c.message),
                    None => format!("{} check failed: {}", c.check, c.message),
                })
                .collect::<Vec<_>>()
                .join("; ");
            let refusal = if unsigned {
                Refusal::Unsigned
            } else {
                Refusal::Invalid
            };
            Err((refusal, message))
        }
    }
}

fn extension(
    spec_index: usize,
    rel: &str,
    doc: Option<LoadedDescribe>,
    sha256: String,
    trust: PackTrust,
) -> Result<LoadedExtension, String> {
    let doc = doc.ok_or_else(|| "the pack has no readable describe.json".to_string())?;
    // The model the signature check built, else (an unsigned or v1 document) the document read
    // into the contract's types here.
    let describe: Describe = match doc.model {
        Some(model) => model,
        None => serde_json::from_value(doc.value).map_err(|e| {
            format!(
                "its describe.json does not follow the v2 contract: {e}; run `gtdx validate` on it"
            )
        })?,
    };
    if describe.api_version != gtdx_contract::API_VERSION_V2 {
        return Err(format!(
            "its describe.json declares apiVersion `{}`; only `{}` extensions declare their tools in \
             describe.json, which is where a worker reads them",
            describe.api_version,
            gtdx_contract::API_VERSION_V2
        ));
    }
    Ok(LoadedExtension {
        spec_index,
        pack: rel.to_string(),
        describe,
        sha256,
        trust,
    })
}

/// Signs the manifest like a describe.json: JCS without `signature`, ed25519, `signature` block.
/// Returns the key id.
pub fn sign_manifest(manifest: &mut WorkerManifest, key: &SecretKey) -> Result<String, BuildError> {
    manifest.signature = None;
    let mut value =
        serde_json::to_value(&*manifest).map_err(|e| BuildError::Sign(e.to_string()))?;
    sign_value(&mut value, key, None).map_err(|e| BuildError::Sign(e.to_string()))?;
    let block: Signature = serde_json::from_value(value["signature"].clone())
        .map_err(|e| BuildError::Sign(e.to_string()))?;
    let key_id = block.key_id.clone().unwrap_or_default();
    manifest.signature = Some(block);
    Ok(key_id)
}

/// Checks the manifest's own signature, and its signer against `trust` when given.
pub fn verify_manifest_signature(
    value: &serde_json::Value,
    trust: Option<&TrustInputs>,
) -> Result<ManifestSignature, InspectError> {
    Ok(match check_signature(value) {
        SignatureStatus::Missing => ManifestSignature::Unsigned,
        SignatureStatus::Malformed(reason) => ManifestSignature::Invalid { reason },
        SignatureStatus::Invalid { reason, .. } => ManifestSignature::Invalid { reason },
        SignatureStatus::Valid { public_key, .. } => {
            let trusted = match trust {
                Some(t) => Some(
                    trust_policy(t)
                        .map_err(|e| InspectError::Trust(e.to_string()))?
                        .trusts(&public_key),
                ),
                None => None,
            };
            ManifestSignature::Valid {
                key_id: public_key.key_id.to_string(),
                public_key: public_key.to_base64(),
                trusted,
            }
        }
    })
}
