//! `#[schema(...)]` facts on fields and types, parsed and checked by `gtdx-annotations` exactly
//! as the derive macro parses and checks them.

use std::path::Path;

use gtdx_annotations::{SchemaAttr, SchemaKind, SchemaTarget};

use crate::error::SourceError;
use crate::shape::Schema;

/// Applies the `#[schema(...)]` attributes among `attrs` to `schema`, after checking them
/// against the kind of `schema` (the rule the derive macro applies at compile time, here on the
/// resolved type). `ty` is the type as written, for messages; `target` what the attribute is on.
/// Returns the facts, for the keys the caller acts on (`nullable`, `one_of`).
pub fn apply(
    attrs: &[syn::Attribute],
    schema: &mut Schema,
    file: &Path,
    ty: &str,
    target: SchemaTarget,
) -> Result<Option<SchemaAttr>, SourceError> {
    match gtdx_annotations::schema_attr_of(attrs) {
        Ok(Some(facts)) => {
            let kind = SchemaKind::of_schema(schema);
            facts
                .check(&kind, ty, target)
                .map_err(|e| syn_error(file, e, "fix the #[schema(...)] attribute (the derive macro reports the same at compile time)"))?;
            facts.apply(schema, &kind);
            Ok(Some(facts))
        }
        Ok(None) => Ok(None),
        Err(e) => Err(syn_error(file, e, "fix the #[schema(...)] attribute")),
    }
}

/// The first error of a (possibly combined) syn error, located, with the rest appended.
pub fn syn_error(file: &Path, e: syn::Error, help: &str) -> SourceError {
    let mut all = e.into_iter();
    let first = match all.next() {
        Some(f) => f,
        None => return SourceError::file(file, "invalid attribute"),
    };
    let mut err = SourceError::new(file, first.span(), first.to_string());
    let rest: Vec<String> = all
        .map(|e| {
            let s = e.span().start();
            format!(
                "{}:{}:{}: {e}",
                crate::error::display_path(file).display(),
                s.line,
                s.column + 1
            )
        })
        .collect();
    let mut help = help.to_string();
    if !rest.is_empty() {
        help.push_str(&format!("; also: {}", rest.join("; ")));
    }
    err.help = Some(help);
    err
}
