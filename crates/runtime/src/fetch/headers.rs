//! The request headers the host removes, and when. Names compare without regard to ASCII case.

/// Never sent as the guest set them: `host` picks the virtual host behind a shared proxy, and
/// the framing and hop-by-hop headers would let the guest disagree with the client about where
/// a body ends. The client writes its own.
pub const SET_BY_THE_CLIENT: &[&str] = &[
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "upgrade",
    "expect",
];

/// Carry a credential, which the guest meant for the origin it asked: removed for good once a
/// redirect leaves that origin (the network grant says where a request may go, not what it may
/// carry there). The standard ones, then the API-key headers providers commonly use.
pub const CREDENTIALS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "cookie2",
    "www-authenticate",
    "x-api-key",
    "api-key",
    "x-auth-token",
    "x-goog-api-key",
];

/// Describe a body: removed with the body when a redirect turns a write into a GET.
pub const BODY_DESCRIPTION: &[&str] = &[
    "content-type",
    "content-length",
    "content-encoding",
    "content-language",
];

/// `headers` without any named in `names`.
pub fn remove(headers: &mut Vec<(String, String)>, names: &[&str]) {
    headers.retain(|(name, _)| !names.iter().any(|n| name.eq_ignore_ascii_case(n)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_ignores_case_and_keeps_the_rest_in_order() {
        let mut h: Vec<(String, String)> = [
            ("X-Api-Key", "k"),
            ("accept", "a"),
            ("HOST", "h"),
            ("x-b", "b"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        remove(&mut h, SET_BY_THE_CLIENT);
        remove(&mut h, CREDENTIALS);
        assert_eq!(
            h,
            vec![("accept".into(), "a".into()), ("x-b".into(), "b".into())]
        );
    }
}
