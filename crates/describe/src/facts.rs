//! `#[schema(...)]` facts (format, pattern, minimum, maximum, description) on fields and types,
//! parsed by `gtdx-annotations` exactly as the derive macro parses them.

use std::path::Path;

use crate::error::SourceError;
use crate::shape::Schema;

/// Applies the `#[schema(...)]` attributes among `attrs` to `schema`.
pub fn apply(
    attrs: &[syn::Attribute],
    schema: &mut Schema,
    file: &Path,
) -> Result<(), SourceError> {
    match gtdx_annotations::schema_attr_of(attrs) {
        Ok(Some(facts)) => {
            facts.apply(schema);
            Ok(())
        }
        Ok(None) => Ok(()),
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
