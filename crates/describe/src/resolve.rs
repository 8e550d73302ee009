//! Name resolution, as far as a static reader reasonably can: local items, `use` imports
//! (explicit, renamed, grouped, globbed, re-exported), `crate::`/`self::`/`super::` paths, child
//! modules, and the standard prelude. Paths that leave the crate are returned as
//! [`Resolved::External`] for the schema generator to recognise (std, serde_json) or reject.

use crate::crate_src::{Index, TypeItem};

/// What a path names.
#[derive(Clone)]
pub enum Resolved<'a> {
    /// A struct, enum or type alias of this crate, and the module it is defined in.
    Local { module: usize, item: TypeItem<'a> },
    /// A module of this crate.
    Module(usize),
    /// A path into another crate (std included), e.g. `["std", "collections", "HashMap"]`.
    External(Vec<String>),
    /// A primitive or prelude name used bare (`u8`, `String`, `Vec`, `Option`, `Box`).
    Prelude(String),
}

const MAX_DEPTH: usize = 32;

/// Names usable without an import: primitives and the type names of the std prelude.
pub const PRELUDE: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64", "String", "Vec", "Option", "Box", "Result",
];

/// Resolves `segments` as written in `module`. `absolute` is a leading `::`.
pub fn resolve_path<'a>(
    idx: &Index<'a>,
    module: usize,
    segments: &[String],
    absolute: bool,
) -> Option<Resolved<'a>> {
    resolve_from(idx, module, segments, absolute, 0)
}

fn resolve_from<'a>(
    idx: &Index<'a>,
    module: usize,
    segments: &[String],
    absolute: bool,
    depth: usize,
) -> Option<Resolved<'a>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let (first, rest) = segments.split_first()?;
    if absolute {
        return Some(External(segments.to_vec()));
    }
    let mut cur = match first.as_str() {
        "crate" => Resolved::Module(root(idx)),
        "self" => Resolved::Module(module),
        "super" => Resolved::Module(idx.modules[module].parent?),
        _ => match lookup(idx, module, first, depth) {
            Some(r) => r,
            None if rest.is_empty() => {
                return PRELUDE
                    .contains(&first.as_str())
                    .then(|| Resolved::Prelude(first.clone()));
            }
            // `chrono::DateTime`, `std::collections::HashMap`: another crate.
            None => return Some(External(segments.to_vec())),
        },
    };
    for seg in rest {
        cur = match cur {
            Resolved::Module(m) if seg == "super" => Resolved::Module(idx.modules[m].parent?),
            Resolved::Module(m) if seg == "self" => Resolved::Module(m),
            Resolved::Module(m) => lookup(idx, m, seg, depth)?,
            Resolved::External(mut p) => {
                p.push(seg.clone());
                Resolved::External(p)
            }
            // Associated items (`Foo::Bar`) are not types we can describe.
            Resolved::Local { .. } | Resolved::Prelude(_) => return None,
        };
    }
    Some(cur)
}

use Resolved::External;

fn root(idx: &Index<'_>) -> usize {
    idx.by_path.get(&Vec::new()).copied().unwrap_or(0)
}

/// Looks `name` up in the type/module namespace of `module`: its own items, its explicit
/// imports, then its glob imports.
fn lookup<'a>(idx: &Index<'a>, module: usize, name: &str, depth: usize) -> Option<Resolved<'a>> {
    let m = &idx.modules[module];
    if let Some(item) = m.types.get(name) {
        return Some(Resolved::Local {
            module,
            item: *item,
        });
    }
    if let Some(&child) = m.children.get(name) {
        return Some(Resolved::Module(child));
    }
    if let Some(target) = m.uses.get(name) {
        return resolve_use(idx, module, target, depth + 1);
    }
    for glob in &m.globs {
        match resolve_use(idx, module, glob, depth + 1) {
            Some(Resolved::Module(g)) if g != module => {
                if let Some(r) = lookup(idx, g, name, depth + 1) {
                    return Some(r);
                }
            }
            Some(Resolved::External(mut p)) => {
                p.push(name.to_string());
                if crate::builtin::is_known_external(&p) {
                    return Some(Resolved::External(p));
                }
            }
            _ => {}
        }
    }
    None
}

/// Resolves the target of a `use` written in `module` (2018 paths: `crate::`, `self::`,
/// `super::`, a name in scope, or another crate).
fn resolve_use<'a>(
    idx: &Index<'a>,
    module: usize,
    target: &[String],
    depth: usize,
) -> Option<Resolved<'a>> {
    let first = target.first()?;
    if matches!(first.as_str(), "crate" | "self" | "super") {
        return resolve_from(idx, module, target, false, depth);
    }
    // A name in scope (a child module, or something imported) — but not the import itself.
    let m = &idx.modules[module];
    let in_scope = m.types.contains_key(first)
        || m.children.contains_key(first)
        || m.uses.get(first).is_some_and(|t| t.as_slice() != target);
    if in_scope {
        return resolve_from(idx, module, target, false, depth);
    }
    Some(External(target.to_vec()))
}

/// Every glob import of `module` that leaves the crate and is not a known std/serde_json
/// prefix (for the "maybe it comes from ..." hint).
pub fn foreign_globs(idx: &Index<'_>, module: usize) -> Vec<String> {
    idx.modules[module]
        .globs
        .iter()
        .filter(|g| matches!(resolve_use(idx, module, g, 0), Some(External(_))))
        .map(|g| g.join("::"))
        .collect()
}
