//! Secret keys and read grants, as the platform's host and linter see them: one implementation
//! that `gtdx describe` (which writes grants), `gtdx lint` (which checks them) and the local
//! host of `gtdx run` (which enforces them) all call.
//!
//! A tool *declares* a key (`tavily/api_key`); the host resolves it as the URI
//! `secret://tavily/api_key` and lets the guest read it only when an entry of
//! `runtime.permissions.secrets` *grants* that URI: verbatim, or as a prefix ending at a `/`
//! boundary (`secret://tavily` and `secret://tavily/` grant `secret://tavily/api_key`, never
//! `secret://tavily-evil/x`). A plain key in the grant list grants nothing at run time, and the
//! platform's linter rejects it (`E_PERMS_SECRETS_PLAIN_KEY`).

/// The scheme a declared key resolves under at the host.
pub const SECRET_SCHEME: &str = "secret://";

/// The URI the host looks a declared key up as: `secret://<key>`.
pub fn secret_uri(key: &str) -> String {
    format!("{SECRET_SCHEME}{key}")
}

/// The platform's canonical key rule (`E_SECRET_KEY_NOT_CANONICAL`): non-empty, only
/// `[a-z0-9._-/]`, no leading or trailing `/`, no `..` segment, no `://`.
pub fn is_canonical_key(key: &str) -> bool {
    !key.is_empty()
        && !key.contains("://")
        && key
            .chars()
            .all(|c| matches!(c, 'a'..='z' | '0'..='9' | '.' | '_' | '-' | '/'))
        && !key.starts_with('/')
        && !key.ends_with('/')
        && !key.split('/').any(|seg| seg == "..")
}

/// The platform linter's test for a grant (`E_PERMS_SECRETS_PLAIN_KEY` when false): exactly
/// `*`, anything holding `://`, or a path ending in `/`.
pub fn looks_like_grant(entry: &str) -> bool {
    entry == "*" || entry.contains("://") || entry.ends_with('/')
}

/// Whether the grant `declared` lets the guest read `uri`, by the host's rule: `*` grants
/// everything; otherwise the URI equals the declaration or extends it past a `/` boundary.
/// A declaration naming no path segment (`""`, `/`, `secret:`, `secret://`) grants nothing, and
/// a URI holding `%` or a `.`/`..` segment is refused before matching.
pub fn grant_covers(declared: &str, uri: &str) -> bool {
    if uri_is_malformed(uri) {
        return false;
    }
    if declared == "*" {
        return true;
    }
    if !names_a_segment(declared) {
        return false;
    }
    match uri.strip_prefix(declared) {
        Some("") => true,
        Some(rest) => declared.ends_with('/') || rest.starts_with('/'),
        None => false,
    }
}

/// The first grant of `grants` that covers the key's URI (`secret://<key>`), if any.
pub fn granting<'g>(grants: &'g [String], key: &str) -> Option<&'g str> {
    let uri = secret_uri(key);
    grants
        .iter()
        .map(String::as_str)
        .find(|g| grant_covers(g, &uri))
}

/// A URI the host refuses before matching: `%` anywhere, or a `.`/`..` path segment.
fn uri_is_malformed(uri: &str) -> bool {
    let path = strip_scheme(uri);
    uri.contains('%') || path.split('/').any(|seg| seg == "." || seg == "..")
}

/// Whether a declaration names at least one path segment after its scheme.
fn names_a_segment(declared: &str) -> bool {
    !strip_scheme(declared).trim_matches('/').is_empty()
}

/// `secret://a/b` → `a/b`; `secrets:` → ``; `a/b` → `a/b`.
fn strip_scheme(s: &str) -> &str {
    if let Some((scheme, rest)) = s.split_once("://")
        && is_scheme(scheme)
    {
        return rest;
    }
    match s.split_once(':') {
        Some((scheme, rest)) if is_scheme(scheme) => rest,
        _ => s,
    }
}

fn is_scheme(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn granted(grant: &str, key: &str) -> bool {
        granting(&[grant.to_string()], key).is_some()
    }

    #[test]
    fn host_grant_rule() {
        // verbatim and `/`-boundary prefixes, with or without the trailing slash
        assert!(granted("secret://tavily/api_key", "tavily/api_key"));
        assert!(granted("secret://tavily", "tavily/api_key"));
        assert!(granted("secret://tavily/", "tavily/api_key"));
        assert!(granted("secret://team/acme", "team/acme/openai"));
        assert!(!granted("secret://team/acme", "team/acme-evil/openai"));
        assert!(granted("*", "anything/at_all"));
        // plain keys grant nothing at the host: the URI carries the scheme
        assert!(!granted("tavily/api_key", "tavily/api_key"));
        assert!(!granted("tavily/", "tavily/api_key"));
        // declarations that name no segment grant nothing
        for empty in ["", "/", "secret:", "secret://", "secret:///", "secrets://"] {
            assert!(!granted(empty, "tavily/api_key"), "{empty:?}");
        }
        // malformed URIs are refused before matching
        assert!(!granted("*", "tavily/../x"));
        assert!(!granted("secret://tavily", "tavily/./x"));
        assert!(!granted("secret://tavily", "tavily/a%2fb"));
        // another scheme works as written, and only for itself
        assert!(grant_covers(
            "secrets://team/acme",
            "secrets://team/acme/openai"
        ));
        assert!(!granted("secrets://team/acme", "team/acme/openai"));
    }

    #[test]
    fn canonical_keys_and_grant_shapes() {
        for ok in ["api_key", "tavily/api_key", "a.b-c/d_e/f"] {
            assert!(is_canonical_key(ok), "{ok}");
        }
        for bad in [
            "",
            "Tavily/key",
            "/a",
            "a/",
            "a/../b",
            "secret://a",
            "*",
            "a b",
        ] {
            assert!(!is_canonical_key(bad), "{bad}");
        }
        for grant in ["*", "secret://tavily/", "secret://notion", "tavily/"] {
            assert!(looks_like_grant(grant), "{grant}");
        }
        for plain in ["SLACK_BOT_TOKEN", "api_key", "tavily/api_key"] {
            assert!(!looks_like_grant(plain), "{plain}");
        }
    }
}
