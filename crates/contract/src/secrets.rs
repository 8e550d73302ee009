//! Secret keys and read grants, as the platform's host and linter see them: one implementation
//! that `gtdx describe` (which writes grants), `gtdx lint` (which checks them) and the local
//! host of `gtdx run` (which enforces them) all call.
//!
//! A tool *declares* a key (`tavily/api_key`); the host resolves it as the URI
//! `secret://tavily/api_key` and lets the guest read it only when an entry of
//! `runtime.permissions.secrets` *grants* that URI: verbatim, or as a prefix ending at a `/`
//! boundary (`secret://tavily` grants `secret://tavily/api_key`, never
//! `secret://tavily-evil/x`; as on the platform's host, `secret://tavily/` and `*` grant
//! nothing but themselves). A plain key in the grant list grants nothing at run time, and the
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

/// Whether the grant `declared` lets the guest read `uri`.
///
/// The rule the platform's host applies (its `secrets::get`), restated: a grant is a path, and
/// it covers that path and everything below it. Below means the URI continues past the grant
/// with a `/`, so `secret://team/acme` reaches `secret://team/acme/openai` while
/// `secret://team/acme-evil/openai` merely shares its first bytes and stays out. Two kinds of
/// input never match: a grant with no path at all once its scheme is set aside (`""`, `/`,
/// `secret:`, `secret://`), and a URI the host calls malformed (a `%`, or a `.` or `..`
/// segment). Nothing is treated as a wildcard: `*`, or a grant that already ends in `/`, is
/// compared like any other text, so it reaches only itself.
pub fn grant_covers(declared: &str, uri: &str) -> bool {
    if uri_is_malformed(uri) || !names_a_segment(declared) {
        return false;
    }
    match uri.strip_prefix(declared) {
        // The grant itself.
        Some("") => true,
        // Something beneath it, or a longer name that only starts the same way.
        Some(below) => below.starts_with('/'),
        None => false,
    }
}

/// The host's verdict on the guest's `secrets.get(uri)` under `grants`, with the platform's
/// error texts: `Err("malformed secret uri: …")` or `Err("permission denied for secret: …")`.
pub fn host_check(grants: &[String], uri: &str) -> Result<(), String> {
    if uri_is_malformed(uri) {
        return Err(format!("malformed secret uri: {uri}"));
    }
    if grants.iter().any(|g| grant_covers(g, uri)) {
        Ok(())
    } else {
        Err(format!("permission denied for secret: {uri}"))
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
    uri.contains('%') || uri.split('/').any(|seg| seg == "." || seg == "..")
}

/// Whether a grant has a path: a non-empty `/`-separated segment in what follows its scheme
/// (the text after the first `:`; all of it when there is no `:`).
fn names_a_segment(declared: &str) -> bool {
    let path = match declared.find(':') {
        Some(colon) => &declared[colon + 1..],
        None => declared,
    };
    path.split('/').any(|segment| !segment.is_empty())
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
        // as on the platform, a trailing `/` and `*` match only themselves
        assert!(!granted("secret://tavily/", "tavily/api_key"));
        assert!(!granted("*", "anything/at_all"));
        assert!(granted("secret://team/acme", "team/acme/openai"));
        assert!(!granted("secret://team/acme", "team/acme-evil/openai"));
        // plain keys grant nothing at the host: the URI carries the scheme
        assert!(!granted("tavily/api_key", "tavily/api_key"));
        assert!(!granted("tavily/", "tavily/api_key"));
        // declarations that name no segment grant nothing
        for empty in ["", "/", "secret:", "secret://", "secret:///", "secrets://"] {
            assert!(!granted(empty, "tavily/api_key"), "{empty:?}");
        }
        // malformed URIs are refused before matching
        assert!(!granted("secret://tavily", "tavily/../x"));
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
