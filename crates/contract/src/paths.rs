//! Paths inside a pack (`.gtxpack`): the one rule every command applies to them.
//!
//! The pack writer and reader refuse unsafe entry names, `gtdx build` checks declared assets,
//! and `gtdx lint` checks view entries, all with [`check_entry_path`].

/// The directory of the pack (and of the project) that holds a view's files:
/// `assets/views/<view id>/<entry>`.
pub const VIEWS_DIR: &str = "assets/views";

/// Checks that `name` is a safe pack path: relative, `/`-separated, UTF-8, no `..` or `.`
/// components, no empty components, no backslashes, no drive letters, no control characters.
/// A trailing `/` (a directory entry) is allowed only when `allow_dir` is set.
///
/// Returns why the path is unsafe.
pub fn check_entry_path(name: &str, allow_dir: bool) -> Result<(), String> {
    let body = match name.strip_suffix('/') {
        Some(b) if allow_dir => b,
        Some(_) => return Err("ends with `/`".into()),
        None => name,
    };
    if body.is_empty() {
        return Err("is empty".into());
    }
    if body.starts_with('/') {
        return Err("is absolute".into());
    }
    if body.contains('\\') {
        return Err("contains a backslash".into());
    }
    if body.chars().any(|c| c.is_control()) {
        return Err("contains a control character".into());
    }
    let bytes = body.as_bytes();
    if bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic() {
        return Err("starts with a drive letter".into());
    }
    for part in body.split('/') {
        match part {
            "" => return Err("has an empty path component (`//`)".into()),
            "." => return Err("has a `.` component".into()),
            ".." => return Err("escapes its directory (`..`)".into()),
            _ => {}
        }
    }
    Ok(())
}
