//! URLs as messages show them: never with the user name or password a URL can carry
//! (`https://alice:S3CRET@store.example`, `oci://bob:PASS@registry.example/team` in the
//! platform's config.toml). Every crate that prints a registry URL passes it through
//! [`without_credentials`], so no path (doctor's report, a `--registry NAME` error, a worker
//! spec's entry) can print one.

use std::borrow::Cow;

/// `text` with the user information (`user:password@`, `user@`) of every `scheme://` URL in it
/// removed: `oci://bob:PASS@host/team` becomes `oci://host/team`. Works on a URL alone or on a
/// message holding several; borrowed when there is nothing to remove.
///
/// The user information ends at the last `@` before the URL's path, query or fragment (or a
/// space or quote ending the URL in a sentence). A password holding an unencoded `/` is not a
/// URL by the standard, but it is still a password: when the part before the first `/` looks
/// like `user:secret` (a `:` followed by something other than a port number) and an `@`
/// follows later in the same word, everything up to that `@` is removed too.
pub fn without_credentials(text: &str) -> Cow<'_, str> {
    rewrite_userinfo(text, |_, _| {})
}

/// Like [`without_credentials`], but each character of the user information is replaced by
/// `*` instead of removed, so the text keeps its length: for a quoted source line whose
/// columns a caret points at (a worker spec's `oci://user:pass@…` entry).
pub fn mask_credentials(text: &str) -> Cow<'_, str> {
    rewrite_userinfo(text, |out, userinfo| {
        out.extend(std::iter::repeat_n('*', userinfo.chars().count()));
        out.push('@');
    })
}

/// `text` with the user information of every `scheme://` URL in it handed to `replace` (without
/// its `@`), which writes what stands in its place; borrowed when there is none.
fn rewrite_userinfo(text: &str, replace: impl Fn(&mut String, &str)) -> Cow<'_, str> {
    if !text.contains("://") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find("://") {
        let start = at + 3;
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let cut = userinfo_len(tail);
        if cut > 0 {
            changed = true;
            replace(&mut out, &tail[..cut - 1]);
        }
        rest = &tail[cut..];
    }
    out.push_str(rest);
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// Whether `url` (or a message) names a URL carrying a user name or password.
pub fn has_credentials(text: &str) -> bool {
    matches!(without_credentials(text), Cow::Owned(_))
}

/// The length of the user information (with its `@`) at the start of `tail`, the text after a
/// `://`; 0 when there is none.
fn userinfo_len(tail: &str) -> usize {
    let word_end = tail
        .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '>'))
        .unwrap_or(tail.len());
    let word = &tail[..word_end];
    let authority_end = word.find(['/', '?', '#']).unwrap_or(word.len());
    let authority = &word[..authority_end];
    if let Some(at) = authority.rfind('@') {
        return at + 1;
    }
    // `user:pa/ss@host`: a `:` that does not start a port, and an `@` later in the word.
    let looks_like_userinfo = !authority.starts_with('[')
        && authority.split_once(':').is_some_and(|(_, after)| {
            after.is_empty() || !after.bytes().all(|b| b.is_ascii_digit())
        });
    if looks_like_userinfo && let Some(at) = word[authority_end..].find('@') {
        return authority_end + at + 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_and_password_are_removed() {
        assert_eq!(
            without_credentials("https://alice:S3CRET@store.example/api"),
            "https://store.example/api"
        );
        assert_eq!(
            without_credentials("oci://bob:PASS@127.0.0.1:5000/acme"),
            "oci://127.0.0.1:5000/acme"
        );
        assert_eq!(
            without_credentials("oci://bob@registry.example"),
            "oci://registry.example"
        );
        // an `@` inside the password: the last one before the path ends the user information
        assert_eq!(
            without_credentials("oci://bob:p@ss@h.example/team"),
            "oci://h.example/team"
        );
        // a `/` inside the password
        assert_eq!(
            without_credentials("oci://bob:pa/ss@h.example/team"),
            "oci://h.example/team"
        );
        // in a sentence, two URLs
        assert_eq!(
            without_credentials(
                "`team` (oci://u:p@a.example/x) and `store` (https://v:q@b.example): down"
            ),
            "`team` (oci://a.example/x) and `store` (https://b.example): down"
        );
        assert!(has_credentials("https://alice:S3CRET@store.example"));
    }

    #[test]
    fn masking_keeps_the_length() {
        let line =
            r#"extensions = ["oci://bob:PASS@h.example/team/x:1.0.0", "oci://h/y@sha256:00"]"#;
        let masked = mask_credentials(line);
        assert_eq!(
            masked,
            r#"extensions = ["oci://********@h.example/team/x:1.0.0", "oci://h/y@sha256:00"]"#
        );
        assert_eq!(masked.len(), line.len());
        assert!(matches!(mask_credentials("oci://h/x"), Cow::Borrowed(_)));
    }

    #[test]
    fn urls_without_credentials_are_unchanged() {
        for text in [
            "oci://127.0.0.1:5000/team/x@sha256:0123",
            "oci://[::1]:5000/team",
            "https://store.greentic.cloud",
            "file:///srv/registry",
            "no url here, a@b",
            "gtdx.demo@1.0.0 from oci://ghcr.io/acme",
        ] {
            assert!(
                matches!(without_credentials(text), Cow::Borrowed(t) if t == text),
                "{text}"
            );
            assert!(!has_credentials(text), "{text}");
        }
    }
}
