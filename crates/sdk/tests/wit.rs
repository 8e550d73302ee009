//! The SDK's WIT: parses, declares the world the SDK implements, and is an exact copy of the
//! repository's canonical `wit/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use wit_parser::{Resolve, WorldItem, WorldKey};

fn sdk_wit() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("wit")
}

fn files(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(
                    path.strip_prefix(root).unwrap().to_path_buf(),
                    std::fs::read(&path).unwrap(),
                );
            }
        }
    }
    out
}

#[test]
fn sdk_copy_matches_the_canonical_wit() {
    let canonical = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wit");
    let (a, b) = (files(&canonical), files(&sdk_wit()));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "crates/sdk/wit must hold the same files as wit/ (copy wit/ over crates/sdk/wit)"
    );
    for (path, bytes) in &a {
        assert!(
            b[path] == *bytes,
            "crates/sdk/wit/{} differs from wit/{0}: copy it over",
            path.display()
        );
    }
}

fn key_name(resolve: &Resolve, key: &WorldKey) -> String {
    match key {
        WorldKey::Name(n) => n.clone(),
        WorldKey::Interface(id) => resolve.id_of(*id).unwrap(),
    }
}

#[test]
fn world_exports_tools_manifest_lifecycle_and_imports_only_types() {
    let mut resolve = Resolve::default();
    let (pkg, _) = resolve.push_dir(sdk_wit()).unwrap();
    let world = resolve
        .select_world(&[pkg], Some("tool-extension"))
        .unwrap();
    let w = &resolve.worlds[world];

    let mut exports: Vec<String> = w.exports.keys().map(|k| key_name(&resolve, k)).collect();
    exports.sort();
    assert_eq!(
        exports,
        [
            "greentic:extension-base/lifecycle@0.2.0",
            "greentic:extension-base/manifest@0.2.0",
            "greentic:extension-design/tools@0.3.0",
        ]
    );
    // The only import is the functionless types interface the exports `use`.
    let imports: Vec<String> = w.imports.keys().map(|k| key_name(&resolve, k)).collect();
    assert_eq!(imports, ["greentic:extension-base/types@0.2.0"]);
    for (_, item) in &w.imports {
        let WorldItem::Interface { id, .. } = item else {
            panic!("unexpected import {item:?}")
        };
        assert!(resolve.interfaces[*id].functions.is_empty());
    }
}

#[test]
fn tools_interface_has_the_platform_shape() {
    let mut resolve = Resolve::default();
    resolve.push_dir(sdk_wit()).unwrap();
    let tools = resolve
        .interfaces
        .iter()
        .find(|(id, _)| {
            resolve.id_of(*id).as_deref() == Some("greentic:extension-design/tools@0.3.0")
        })
        .map(|(_, i)| i)
        .unwrap();
    let mut funcs: Vec<&str> = tools.functions.keys().map(String::as_str).collect();
    funcs.sort();
    assert_eq!(funcs, ["invoke-tool", "list-tools"]);
    let def = tools.types["tool-definition"];
    let wit_parser::TypeDefKind::Record(r) = &resolve.types[def].kind else {
        panic!()
    };
    let fields: Vec<&str> = r.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        fields,
        [
            "name",
            "description",
            "input-schema-json",
            "output-schema-json",
            "capabilities",
            "agentic-worker-metadata"
        ]
    );
}
