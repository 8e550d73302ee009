//! Reading a built WebAssembly file: is it a component, what does its WIT export and import.
//!
//! The WIT of a component is recovered with `wit_parser::decoding::decode`, which reads the
//! component's type information (not the source WIT: world names and doc comments do not survive
//! linking, so the decoded world is always called `root`).

use serde::Serialize;
use wit_parser::decoding::{DecodedWasm, decode};
use wit_parser::{Resolve, WorldItem, WorldKey};

/// The first four bytes of every WebAssembly binary.
pub const WASM_MAGIC: &[u8; 4] = b"\0asm";
/// Version field of a core module (`01 00 00 00`).
const CORE_VERSION: [u8; 4] = [1, 0, 0, 0];

/// What one WebAssembly file is and offers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComponentInfo {
    /// Size in bytes.
    pub size: u64,
    /// Lowercase-hex SHA-256 of the bytes.
    pub sha256: String,
    /// What the component exports, in the component's order.
    pub exports: Vec<WitItem>,
    /// What the component imports (WASI included), in the component's order.
    pub imports: Vec<WitItem>,
}

/// One import or export of a component's world.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WitItem {
    /// `namespace:package/interface@version` for an interface, the plain name otherwise.
    pub name: String,
    pub kind: WitItemKind,
    /// The functions of an interface (for a function item: itself).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WitItemKind {
    Interface,
    Function,
    Type,
}

/// Why a file is not a usable component.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WasmError {
    #[error("is not a WebAssembly file (it does not start with the `\\0asm` magic bytes)")]
    NotWasm,
    #[error(
        "is a core WebAssembly module, not a component. The platform loads components only: \
         build with `--target wasm32-wasip2` (which links a component), or wrap a core module \
         with `wasm-tools component new`"
    )]
    CoreModule,
    #[error("is not a valid WebAssembly component: {0}")]
    Invalid(String),
}

/// Digests are the pack crate's (one implementation for packs, components and views).
pub use gtdx_pack::{sha256_file, sha256_hex};

/// Whether `bytes` start like a WebAssembly binary (module or component).
pub fn looks_like_wasm(bytes: &[u8]) -> bool {
    bytes.starts_with(WASM_MAGIC)
}

/// Reads a component's identity and WIT surface. A core module, or anything that is not
/// WebAssembly, is an error.
pub fn analyze(bytes: &[u8]) -> Result<ComponentInfo, WasmError> {
    if !looks_like_wasm(bytes) {
        return Err(WasmError::NotWasm);
    }
    if bytes.len() >= 8 && bytes[4..8] == CORE_VERSION {
        return Err(WasmError::CoreModule);
    }
    let (resolve, world) = match decode(bytes) {
        Ok(DecodedWasm::Component(resolve, world)) => (resolve, world),
        Ok(DecodedWasm::WitPackage(..)) => {
            return Err(WasmError::Invalid(
                "it is an encoded WIT package (type information only), not a runnable component"
                    .into(),
            ));
        }
        Err(e) => return Err(WasmError::Invalid(format!("{e:#}"))),
    };
    let w = &resolve.worlds[world];
    Ok(ComponentInfo {
        size: bytes.len() as u64,
        sha256: sha256_hex(bytes),
        exports: w
            .exports
            .iter()
            .map(|(k, i)| item(&resolve, k, i))
            .collect(),
        imports: w
            .imports
            .iter()
            .map(|(k, i)| item(&resolve, k, i))
            .collect(),
    })
}

fn item(resolve: &Resolve, key: &WorldKey, item: &WorldItem) -> WitItem {
    let name = match key {
        WorldKey::Name(n) => n.clone(),
        WorldKey::Interface(id) => resolve.id_of(*id).unwrap_or_else(|| "<anonymous>".into()),
    };
    match item {
        WorldItem::Interface { id, .. } => WitItem {
            name,
            kind: WitItemKind::Interface,
            functions: resolve.interfaces[*id].functions.keys().cloned().collect(),
        },
        WorldItem::Function(f) => WitItem {
            name,
            kind: WitItemKind::Function,
            functions: vec![f.name.clone()],
        },
        WorldItem::Type { .. } => WitItem {
            name,
            kind: WitItemKind::Type,
            functions: vec![],
        },
    }
}

impl ComponentInfo {
    /// The exported interface named exactly `name` (`ns:pkg/iface@version`).
    pub fn export_named(&self, name: &str) -> Option<&WitItem> {
        self.exports.iter().find(|e| e.name == name)
    }

    /// A one-line summary of the exports for error messages, e.g.
    /// `greentic:extension-design/tools@0.3.0 (list-tools, invoke-tool)`.
    pub fn exports_summary(&self) -> String {
        if self.exports.is_empty() {
            return "nothing".into();
        }
        self.exports
            .iter()
            .map(WitItem::summary)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl WitItem {
    /// `name (f1, f2)` for an interface, `name` for a function or type.
    pub fn summary(&self) -> String {
        match self.kind {
            WitItemKind::Interface if !self.functions.is_empty() => {
                format!("{} ({})", self.name, self.functions.join(", "))
            }
            WitItemKind::Interface => format!("{} (no functions)", self.name),
            WitItemKind::Function => format!("function {}", self.name),
            WitItemKind::Type => format!("type {}", self.name),
        }
    }
}

/// A WIT interface reference `namespace:package/name[@version]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InterfaceRef {
    pub namespace: String,
    pub package: String,
    pub name: String,
    pub version: Option<String>,
}

impl InterfaceRef {
    /// Parses `namespace:package/name[@version]`.
    pub fn parse(s: &str) -> Option<Self> {
        let (ns, rest) = s.split_once(':')?;
        let (pkg, rest) = rest.split_once('/')?;
        let (name, version) = match rest.split_once('@') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (rest, None),
        };
        let ok = |p: &str| {
            !p.is_empty()
                && p.split('-').all(|w| !w.is_empty())
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        };
        if !ok(ns) || !ok(pkg) || !ok(name) || version.as_deref().is_some_and(|v| v.is_empty()) {
            return None;
        }
        Some(InterfaceRef {
            namespace: ns.into(),
            package: pkg.into(),
            name: name.into(),
            version,
        })
    }

    /// `namespace:package` without the version.
    pub fn package_name(&self) -> String {
        format!("{}:{}", self.namespace, self.package)
    }

    /// `namespace:package/name` without the version.
    pub fn unversioned(&self) -> String {
        format!("{}:{}/{}", self.namespace, self.package, self.name)
    }

    /// Whether a component-side full name (`ns:pkg/name@ver`) is this interface: the version must
    /// match when this reference names one.
    pub fn matches(&self, full_name: &str) -> bool {
        match InterfaceRef::parse(full_name) {
            Some(other) => {
                other.namespace == self.namespace
                    && other.package == self.package
                    && other.name == self.name
                    && (self.version.is_none() || self.version == other.version)
            }
            None => false,
        }
    }
}

/// A tool's `export`: `namespace:package/interface[@version].function`, or a bare world-level
/// function name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportRef {
    pub interface: Option<InterfaceRef>,
    pub function: String,
}

impl ExportRef {
    /// Parses the spec's form, `greentic:extension-design/tools.invoke-tool` (a `#` is accepted
    /// in place of the `.` too, as the component model spells it).
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        if !s.contains('/') {
            let valid = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            return valid.then(|| ExportRef {
                interface: None,
                function: s.to_string(),
            });
        }
        let cut = s.rfind(['#', '.'])?;
        let (iface, func) = (&s[..cut], &s[cut + 1..]);
        if func.is_empty() || !func.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return None;
        }
        let interface = InterfaceRef::parse(iface)?;
        Some(ExportRef {
            interface: Some(interface),
            function: func.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_exports() {
        let e = ExportRef::parse("greentic:extension-design/tools.invoke-tool").unwrap();
        assert_eq!(e.function, "invoke-tool");
        let i = e.interface.unwrap();
        assert_eq!(i.unversioned(), "greentic:extension-design/tools");
        assert_eq!(i.version, None);
        assert!(i.matches("greentic:extension-design/tools@0.3.0"));
        assert!(!i.matches("greentic:extension-design/toolz@0.3.0"));

        let e = ExportRef::parse("greentic:extension-design/tools@0.3.0.invoke-tool").unwrap();
        let i = e.interface.unwrap();
        assert_eq!(i.version.as_deref(), Some("0.3.0"));
        assert!(!i.matches("greentic:extension-design/tools@0.2.0"));

        assert_eq!(ExportRef::parse("run").unwrap().interface, None);
        assert!(ExportRef::parse("greentic:extension-design/tools").is_none());
        assert!(ExportRef::parse("greentic/tools.x").is_none());
        assert!(ExportRef::parse("").is_none());
    }

    #[test]
    fn rejects_non_wasm_and_core_modules() {
        assert_eq!(analyze(b"PK\x03\x04"), Err(WasmError::NotWasm));
        assert_eq!(analyze(b"\0asm\x01\0\0\0"), Err(WasmError::CoreModule));
        assert!(matches!(
            analyze(b"\0asm\x0d\0\x01\0\x07"),
            Err(WasmError::Invalid(_))
        ));
    }

    #[test]
    fn hex_is_lowercase() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
