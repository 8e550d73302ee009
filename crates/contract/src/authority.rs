//! What names or carries authority: a credential, an HTTP header, a URL or a connection
//! selector, told by key name ([`key_kind`]) and by value shape ([`value_kind`]).
//!
//! Shared by the dynamic-tools admission (control 3, authority-binding refusal of `bind`
//! paths, in `gtdx-dynamic`) and the lint of `configFields` (a credential-like config key).
//!
//! Written here (no crate does this): the rule is the platform's, and the two lists below are
//! the whole of it.

use serde_json::Value;

/// Words that make a key credential-, header-, URL- or connection-like wherever they appear in
/// the key once separators and case are removed (`X-Api-Key`, `access_token`, `clientSecret`).
const JOINED: &[&str] = &[
    "token",
    "secret",
    "password",
    "passwd",
    "passphrase",
    "apikey",
    "accesskey",
    "privatekey",
    "authorization",
    "authorisation",
    "credential",
    "cookie",
    "header",
    "bearer",
    "baseurl",
    "baseuri",
    "endpoint",
    "hostname",
    "connectionid",
    "connectionname",
    "sessionid",
    "signature",
];

/// Words that count when they are a whole word of the key (`host`, `url`, `auth`,
/// `connection`), so that `ghost` or `curly` stay allowed.
const WORDS: &[&str] = &[
    "auth",
    "url",
    "uri",
    "urls",
    "host",
    "hosts",
    "connection",
    "conn",
    "jwt",
    "pwd",
    "pass",
    "session",
    "proxy",
    "webhook",
    "dsn",
];

/// Words that make a following `key` a credential (`apiKey` is caught by [`JOINED`] already;
/// `signing_key`, `clientKey`). A lone `key`, or `recordKey`, is a record's key.
const KEY_OWNERS: &[&str] = &[
    "api",
    "access",
    "secret",
    "private",
    "signing",
    "client",
    "master",
    "encryption",
    "app",
    "license",
    "subscription",
    "auth",
    "session",
    "service",
    "account",
    "user",
    "consumer",
];

/// Why a bind path is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The bind path, e.g. `dispatch.bind.headers.Authorization` written as
    /// `/headers/Authorization` (a JSON pointer into `bind`).
    pub path: String,
    pub why: String,
}

/// Every refused path of a `bind` object (empty: the bind is acceptable). Paths are JSON
/// pointers relative to `dispatch.bind`.
pub fn refusals(bind: &Value) -> Vec<Refusal> {
    let mut out = Vec::new();
    walk(bind, &mut String::new(), &mut out, 0);
    out
}

/// [`refusals`] of a bind object held as a map (no copy into a `Value` needed).
pub fn refusals_in(bind: &serde_json::Map<String, Value>) -> Vec<Refusal> {
    let mut out = Vec::new();
    walk_object(bind, &mut String::new(), &mut out, 0);
    out
}

/// Deeper binds are refused outright (serde_json's own parse limit is 128).
const MAX_DEPTH: usize = 128;

fn walk(v: &Value, path: &mut String, out: &mut Vec<Refusal>, depth: usize) {
    if depth > MAX_DEPTH {
        out.push(Refusal {
            path: path.clone(),
            why: format!("the bind is nested deeper than {MAX_DEPTH} levels"),
        });
        return;
    }
    match v {
        Value::Object(m) => walk_object(m, path, out, depth),
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                walk(child, path, out, depth + 1);
                path.truncate(len);
            }
        }
        Value::String(s) => {
            if let Some(kind) = value_kind(s) {
                out.push(Refusal {
                    path: if path.is_empty() {
                        "/".into()
                    } else {
                        path.clone()
                    },
                    why: format!("the value looks like {kind}"),
                });
            }
        }
        _ => {}
    }
}

fn walk_object(
    m: &serde_json::Map<String, Value>,
    path: &mut String,
    out: &mut Vec<Refusal>,
    depth: usize,
) {
    for (k, child) in m {
        let len = path.len();
        path.push('/');
        // RFC 6901 escapes, without allocating for the usual key that needs none.
        if k.contains(['~', '/']) {
            path.push_str(&k.replace('~', "~0").replace('/', "~1"));
        } else {
            path.push_str(k);
        }
        if let Some(kind) = key_kind(k) {
            out.push(Refusal {
                path: path.clone(),
                why: format!("the key `{k}` names {kind}"),
            });
        }
        walk(child, path, out, depth + 1);
        path.truncate(len);
    }
}

/// The words of a key: split at separators and lower→upper case changes, lowercased.
fn words(key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// What kind of authority a key names, if any.
pub fn key_kind(key: &str) -> Option<&'static str> {
    let words = words(key);
    let joined: String = words.concat();
    let kind = |w: &str| -> &'static str {
        match w {
            "header" | "cookie" | "authorization" | "authorisation" | "bearer" => "an HTTP header",
            "baseurl" | "baseuri" | "endpoint" | "hostname" | "url" | "uri" | "urls" | "host"
            | "hosts" | "proxy" | "webhook" | "dsn" => "a URL or host",
            "connectionid" | "connectionname" | "connection" | "conn" => "a connection selector",
            _ => "a credential",
        }
    };
    if let Some(w) = JOINED.iter().find(|w| joined.contains(*w)) {
        return Some(kind(w));
    }
    if let Some(w) = words.iter().find(|w| WORDS.contains(&w.as_str())) {
        return Some(kind(w));
    }
    if let [.., owner, last] = words.as_slice()
        && last == "key"
        && KEY_OWNERS.contains(&owner.as_str())
    {
        return Some("a credential");
    }
    // `url`/`uri` glued to another word (`webhookurl`, `callbackuri`).
    if joined.ends_with("url") || joined.ends_with("uri") {
        return Some("a URL or host");
    }
    None
}

/// What kind of authority a string value carries, if any.
pub fn value_kind(s: &str) -> Option<&'static str> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    if is_url(&lower) {
        return Some("a URL");
    }
    for scheme in [
        "bearer ",
        "basic ",
        "token ",
        "digest ",
        "negotiate ",
        "apikey ",
    ] {
        if lower.starts_with(scheme) && t.len() > scheme.len() {
            return Some("an authorization header value");
        }
    }
    if is_jwt(t) {
        return Some("a JWT");
    }
    for prefix in [
        "sk-",
        "sk_",
        "pk_",
        "rk_",
        "ghp_",
        "gho_",
        "ghs_",
        "ghu_",
        "github_pat_",
        "xoxb-",
        "xoxp-",
        "xoxa-",
        "akia",
        "asia",
        "glpat-",
        "aiza",
        "ya29.",
        "shpat_",
        "npm_",
    ] {
        if lower.starts_with(prefix) && t.len() >= prefix.len() + 12 && !t.contains(' ') {
            return Some("an API key");
        }
    }
    if t.contains("-----begin") || lower.contains("-----begin") {
        return Some("a private key");
    }
    if high_entropy(t) {
        return Some("a long high-entropy string (a secret)");
    }
    None
}

fn is_url(lower: &str) -> bool {
    if lower.starts_with("//") || lower.starts_with("www.") {
        return true;
    }
    if let Some(i) = lower.find("://") {
        let scheme = &lower[..i];
        return !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c));
    }
    for scheme in ["mailto:", "data:", "file:", "javascript:"] {
        if lower.starts_with(scheme) {
            return true;
        }
    }
    false
}

fn is_jwt(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 3
        && parts[0].starts_with("eyJ")
        && parts[0].len() >= 10
        && parts[1].len() >= 4
        && parts.iter().all(|p| {
            p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'=')
        })
}

/// At least 24 token characters, letters and digits mixed, and a Shannon entropy of at least
/// 3.5 bits per character: the shape of an API key or a session id. A UUID (8-4-4-4-12 hex)
/// is an identifier, not a secret, and is allowed.
fn high_entropy(s: &str) -> bool {
    if s.len() < 24 || s.len() > 4096 {
        return false;
    }
    if !s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"+/=_-.~".contains(&b))
    {
        return false;
    }
    if is_uuid(s) {
        return false;
    }
    let letters = s.bytes().filter(u8::is_ascii_alphabetic).count();
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    if letters == 0 || digits == 0 {
        return false;
    }
    let mut counts = [0u32; 256];
    for b in s.bytes() {
        counts[b as usize] += 1;
    }
    let n = s.len() as f64;
    let entropy: f64 = counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum();
    entropy >= 3.5
}

fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys() {
        for bad in [
            "authorization",
            "Authorization",
            "api_key",
            "apiKey",
            "API-KEY",
            "x-api-key",
            "token",
            "accessToken",
            "refresh_token",
            "client_secret",
            "password",
            "cookie",
            "Set-Cookie",
            "headers",
            "header",
            "url",
            "baseUrl",
            "base_url",
            "BASE-URL",
            "endpoint",
            "host",
            "Host",
            "connection",
            "connectionId",
            "connection_id",
            "CONNECTION.ID",
            "webhookUrl",
            "signingKey",
        ] {
            assert!(key_kind(bad).is_some(), "{bad} should be refused");
        }
        for good in [
            "objectType",
            "object_type",
            "key",
            "ghost",
            "record_id",
            "fields",
            "workspace",
            "pipeline",
            "status",
            "curly",
            "recordKey",
        ] {
            assert_eq!(key_kind(good), None, "{good} should pass");
        }
    }

    #[test]
    fn values() {
        for bad in [
            "https://evil.example/x",
            "HTTP://a",
            "//cdn.example",
            "Bearer abc.def",
            "basic dXNlcjpwYXNz",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
            "sk-abcdefghijklmnop1234",
            "ghp_abcdefghijklmnopqrstuv",
            "Zk9x2Lq8Vb3Nm7Rt5Yw1Pc4Hd6Jf0Gs",
        ] {
            assert!(value_kind(bad).is_some(), "{bad} should be refused");
        }
        for good in [
            "contact",
            "deal",
            "Create a contact",
            "550e8400-e29b-41d4-a716-446655440000",
            "object_type_with_a_long_but_plain_name",
            "42",
        ] {
            assert_eq!(value_kind(good), None, "{good} should pass");
        }
    }

    #[test]
    fn nested_paths() {
        let r = refusals(&json!({"objectType": "deal", "opts": {"headers": {"X-Trace": "1"}}}));
        let paths: Vec<&str> = r.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/opts/headers"]);
        let r = refusals(&json!({"list": ["ok", "https://x.example"]}));
        assert_eq!(r[0].path, "/list/1");
    }
}
