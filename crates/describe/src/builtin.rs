//! The types of `std`/`core`/`alloc` and `serde_json` whose JSON shape the describe engine
//! knows without reading their source.

use crate::shape::MAX_SAFE_INTEGER;

/// Types of `std`/`core`/`alloc` and `serde_json` with a known JSON shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Builtin {
    Bool,
    Char,
    Str,
    Int(i64, i64),
    Float,
    Option,
    Seq,
    Set,
    Map,
    /// `Box`, `Rc`, `Arc`, `Cow`: serialized as what they hold.
    Wrapper,
    JsonValue,
    JsonMap,
    JsonNumber,
    /// `gtdx_sdk::DynamicToolDescriptor`: the discovery tool's wire type.
    DynamicToolDescriptor,
    /// `gtdx_sdk::Dispatch`.
    DynamicDispatch,
}

/// The JSON Schema of `gtdx_sdk::Dispatch` (the SDK's serde shape).
pub(crate) fn dispatch_schema() -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "tool": {"type": "string", "minLength": 1, "description": "The authoring slug of a declared executor."},
            "bind": {"type": "object", "description": "Executor arguments fixed by this descriptor (never credentials, headers, URLs or connection selectors)."}
        },
        "required": ["tool"],
        "additionalProperties": false
    })
}

/// The JSON Schema of `gtdx_sdk::DynamicToolDescriptor` (the SDK's serde shape).
pub(crate) fn descriptor_schema() -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "key": {"type": "string", "minLength": 1, "description": "Stable, unique key of this descriptor."},
            "name": {"type": "string", "minLength": 1, "description": "Name shown in the agent catalog."},
            "description": {"type": "string", "description": "What the derived tool does."},
            "input": {"type": "object", "description": "JSON Schema of the arguments the model supplies."},
            "dispatch": dispatch_schema()
        },
        "required": ["key", "name", "description", "input", "dispatch"],
        "additionalProperties": false
    })
}

pub(crate) fn builtin_by_name(name: &str) -> Option<Builtin> {
    use Builtin::*;
    Some(match name {
        "bool" => Bool,
        "char" => Char,
        "str" | "String" | "PathBuf" | "Path" => Str,
        "u8" => Int(0, u8::MAX as i64),
        "u16" => Int(0, u16::MAX as i64),
        "u32" => Int(0, u32::MAX as i64),
        // Extensions run on wasm32, where usize and isize are 32 bits wide.
        "usize" => Int(0, u32::MAX as i64),
        "u64" | "u128" => Int(0, MAX_SAFE_INTEGER),
        "i8" => Int(i8::MIN as i64, i8::MAX as i64),
        "i16" => Int(i16::MIN as i64, i16::MAX as i64),
        "i32" | "isize" => Int(i32::MIN as i64, i32::MAX as i64),
        "i64" | "i128" => Int(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER),
        "f32" | "f64" => Float,
        "Option" => Option,
        "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" => Seq,
        "HashSet" | "BTreeSet" => Set,
        "HashMap" | "BTreeMap" => Map,
        "Box" | "Rc" | "Arc" | "Cow" => Wrapper,
        _ => return None,
    })
}

/// The builtin a path outside the crate names (`std::collections::HashMap`,
/// `serde_json::Value`, also through a re-export such as `gtdx_sdk::serde_json::Value`).
pub(crate) fn builtin_of_external(p: &[String]) -> Option<Builtin> {
    let last = p.last()?.as_str();
    let first = p.first()?.as_str();
    if matches!(first, "std" | "core" | "alloc") {
        return builtin_by_name(last);
    }
    // `serde_json::Value`, also through a re-export such as `gtdx_sdk::serde_json::Value`.
    // The SDK's dynamic-tools wire types (`gtdx_sdk::DynamicToolDescriptor`, also as
    // `gtdx_sdk::dynamic::DynamicToolDescriptor`).
    if first == "gtdx_sdk" {
        match last {
            "DynamicToolDescriptor" => return Some(Builtin::DynamicToolDescriptor),
            "Dispatch" => return Some(Builtin::DynamicDispatch),
            _ => {}
        }
    }
    if p.len() >= 2 && p[p.len() - 2] == "serde_json" {
        return match last {
            "Value" => Some(Builtin::JsonValue),
            "Map" => Some(Builtin::JsonMap),
            "Number" => Some(Builtin::JsonNumber),
            _ => None,
        };
    }
    None
}

/// Whether a path outside the crate names a type this module knows the shape of.
pub fn is_known_external(path: &[String]) -> bool {
    builtin_of_external(path).is_some()
}
