//! `gtdx worker build` opens each pack once and reads each of its bytes once: verification,
//! describe.json and the pinned digest all come from that one pass. Counted through the
//! opener seam of `packs::load_all` (packs are read on several threads), with packs that are
//! signed, unsigned, and one large enough that the reader's positioned reads and its walk cover
//! different parts of the file.

use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gtdx_worker::packs::{self, Opened};
use gtdx_worker::{LoadedSpec, PackTrust, TrustInputs};
use serde_json::json;

/// Per pack path: times opened, bytes handed out.
type Tally = Arc<Mutex<BTreeMap<PathBuf, (usize, u64)>>>;

struct Counting {
    file: std::fs::File,
    path: PathBuf,
    tally: Tally,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.file.read(buf)?;
        if let Some(t) = self.tally.lock().unwrap().get_mut(&self.path) {
            t.1 += n as u64;
        }
        Ok(n)
    }
}

impl Seek for Counting {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.file.seek(to)
    }
}

fn describe(id: &str) -> serde_json::Value {
    let tools: Vec<_> = (0..3)
        .map(|t| {
            json!({
                "name": format!("{}_t{t}", id.replace('.', "_")),
                "export": "greentic:extension-design/tools.invoke-tool",
                "capabilities": ["agentic_worker"],
                "description": "A tool.",
                "input_schema": "{\"type\":\"object\"}",
            })
        })
        .collect();
    json!({
        "apiVersion": "greentic.ai/v2",
        "kind": "DesignExtension",
        "compat": {"min_designer_version": ">=1.2.0", "min_runner_version": "^1.2.0", "contract_version": "0.3.0"},
        "metadata": {"id": id, "name": id, "version": "1.0.0", "summary": "s", "author": {"name": "a"}, "license": "MIT"},
        "capabilities": {},
        "runtime": {"permissions": {}, "components": {"tools": {
            "gtpack": {"file": "component.wasm", "sha256": "0".repeat(64), "pack_id": id, "component_version": "1.0.0"},
            "sha256": "0".repeat(64), "world": "greentic:extension-design/extension@0.3.0"
        }}},
        "contributions": {"tools": tools}
    })
}

/// Writes a pack of `component_size` bytes of component; signs it with `key` when given.
fn pack(dir: &Path, id: &str, component_size: usize, key: Option<&gtdx_sign::SecretKey>) -> String {
    let rel = format!("{id}.gtxpack");
    let component: Vec<u8> = (0..component_size).map(|i| (i * 13 % 251) as u8).collect();
    gtdx_pack::write_pack(
        &dir.join(&rel),
        &mut describe(id),
        vec![gtdx_pack::PackFile::bytes("component.wasm", component)],
    )
    .unwrap();
    if let Some(k) = key {
        gtdx_sign::sign_pack(&dir.join(&rel), k, None).unwrap();
    }
    rel
}

#[test]
fn each_pack_is_opened_once_and_each_byte_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let key = gtdx_sign::SecretKey::from_seed(&[3u8; 32], None);
    let rels = [
        pack(dir.path(), "acme.small", 100, Some(&key)),
        pack(dir.path(), "acme.large", 400_000, Some(&key)),
        pack(dir.path(), "acme.unsigned", 1000, None),
    ];
    let list: Vec<String> = rels.iter().map(|r| format!("\"{r}\"")).collect();
    let spec_path = dir.path().join("worker.toml");
    std::fs::write(
        &spec_path,
        format!(
            "name = \"w\"\ntenant = \"t\"\nkind = \"deep_worker\"\ninstructions = \"i\"\n\
             extensions = [{}]\n\n[llm]\nprovider = \"openai\"\nmodel = \"gpt-4o\"\n",
            list.join(", ")
        ),
    )
    .unwrap();
    let spec = LoadedSpec::load(&spec_path).unwrap();
    let policy = packs::trust_policy(&TrustInputs {
        keys: vec![key.public().to_base64()],
        key_files: vec![],
    })
    .unwrap();

    let tally: Tally = Arc::default();
    let opener_tally = tally.clone();
    let open = move |path: &Path| -> Result<Opened, gtdx_fsx::FsError> {
        let (file, size) = gtdx_fsx::open_regular(path)?;
        opener_tally
            .lock()
            .unwrap()
            .entry(path.to_path_buf())
            .or_insert((0, 0))
            .0 += 1;
        let counting = Counting {
            file,
            path: path.to_path_buf(),
            tally: opener_tally.clone(),
        };
        Ok((Box::new(counting), size))
    };
    let loaded = packs::load_all(&spec, &spec.base_dir(), &policy, true, None, &open).unwrap();

    assert_eq!(loaded.len(), 3);
    let tally = tally.lock().unwrap();
    assert_eq!(tally.len(), 3, "every pack was opened: {tally:?}");
    for (ext, rel) in loaded.iter().zip(&rels) {
        let path = dir.path().join(rel);
        let bytes = std::fs::read(&path).unwrap();
        let (opens, read) = tally[&path];
        assert_eq!(opens, 1, "{rel}: opened once");
        assert_eq!(read, bytes.len() as u64, "{rel}: bytes read vs its size");
        assert_eq!(
            ext.sha256,
            gtdx_pack::sha256_hex(&bytes),
            "{rel}: pinned digest"
        );
    }
    assert!(matches!(loaded[0].trust, PackTrust::Trusted { .. }));
    assert!(matches!(loaded[1].trust, PackTrust::Trusted { .. }));
    assert_eq!(loaded[2].trust, PackTrust::Unsigned);
    assert_eq!(loaded[1].describe.contributions.tools.len(), 3);
}
