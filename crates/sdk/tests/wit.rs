//! The SDK's WIT: parses, declares the world the SDK implements, and is the repository's only
//! copy (the root `wit/` links to it).

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
fn the_repository_wit_is_the_sdk_wit_not_a_copy() {
    // One copy: `crates/sdk/wit` (inside the crate, so `cargo package` ships it); the root
    // `wit/` of the layout is a symbolic link to it.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wit");
    let link = std::fs::read_link(&root).expect("wit/ is a symbolic link");
    assert_eq!(link, Path::new("crates/sdk/wit"));
    assert_eq!(files(&root), files(&sdk_wit()));
}

fn key_name(resolve: &Resolve, key: &WorldKey) -> String {
    match key {
        WorldKey::Name(n) => n.clone(),
        WorldKey::Interface(id) => resolve.id_of(*id).unwrap(),
    }
}

#[test]
fn world_exports_tools_manifest_lifecycle_and_imports_the_host() {
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
    // The imports: the platform's host interfaces (`gtdx_sdk::host`), and the functionless
    // types interface the exports `use`.
    let mut imports: Vec<String> = w.imports.keys().map(|k| key_name(&resolve, k)).collect();
    imports.sort();
    assert_eq!(
        imports,
        [
            "greentic:extension-base/types@0.2.0",
            "greentic:extension-host/broker@0.1.0",
            "greentic:extension-host/http@0.1.0",
            "greentic:extension-host/i18n@0.1.0",
            "greentic:extension-host/llm@0.1.0",
            "greentic:extension-host/logging@0.1.0",
            "greentic:extension-host/secrets@0.1.0",
        ]
    );
    for (key, item) in &w.imports {
        let WorldItem::Interface { id, .. } = item else {
            panic!("unexpected import {item:?}")
        };
        if key_name(&resolve, key).starts_with("greentic:extension-base/") {
            assert!(resolve.interfaces[*id].functions.is_empty());
        }
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
