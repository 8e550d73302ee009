//! The platform's network rule for `http.fetch`: a URL is allowed when a pattern matches it on
//! all four facets (scheme, host, port, path), and the patterns an extension may use are its
//! `runtime.permissions.network`, narrowed by the operator's list (`--net-allow`) when one is
//! given, with plain-http patterns kept only for loopback hosts.
//!
//! Ported from the platform's runtime (`greentic-ext-runtime` 1.2.38697752260,
//! `src/url_matcher.rs`, `src/net_permissions.rs`, `src/http_scheme_policy.rs`), which is
//! MIT-licensed: Copyright (c) Greentic contributors. Permission is hereby granted, free of
//! charge, to any person obtaining a copy of this software and associated documentation files,
//! to deal in the Software without restriction, subject to the condition that the above
//! copyright notice and this permission notice be included in all copies or substantial
//! portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
//!
//! One deliberate difference, documented in docs/running.md: when the describe declares no
//! network pattern, the platform lets the operator's list become the grant; gtdx grants
//! nothing (a tool that passes `gtdx test` must declare what it reaches).

use url::Url;

/// A compiled allow-list: the four-facet matcher.
#[derive(Debug, Clone, Default)]
pub struct UrlMatcher {
    patterns: Vec<ParsedPattern>,
    raw: Vec<String>,
    allow_http: bool,
}

#[derive(Debug, Clone)]
struct ParsedPattern {
    scheme: String,
    host_rule: HostRule,
    port: Option<u16>,
    path_prefix: String,
}

#[derive(Debug, Clone)]
enum HostRule {
    Exact(String),
    WildcardSuffix(String),
}

impl UrlMatcher {
    /// The matcher over `patterns`; a pattern that does not parse is ignored (it grants nothing).
    pub fn from_patterns(patterns: Vec<String>) -> Self {
        let parsed = patterns.iter().filter_map(|p| parse_pattern(p)).collect();
        UrlMatcher {
            patterns: parsed,
            raw: patterns,
            allow_http: false,
        }
    }

    /// Whether plain `http` patterns are consulted at all.
    pub fn with_allow_http(mut self, allow: bool) -> Self {
        self.allow_http = allow;
        self
    }

    /// The patterns as written.
    pub fn patterns(&self) -> &[String] {
        &self.raw
    }

    /// The platform's verdict for `url`.
    pub fn is_allowed(&self, url: &str) -> bool {
        let Ok(parsed) = Url::parse(url) else {
            return false;
        };
        let scheme_allowed =
            parsed.scheme() == "https" || (self.allow_http && parsed.scheme() == "http");
        if !scheme_allowed {
            return false;
        }
        let Some(host) = parsed.host_str() else {
            return false;
        };
        let port = parsed.port_or_known_default();
        let path = parsed.path();
        if contains_encoded_separator(path) {
            return false;
        }
        self.patterns
            .iter()
            .any(|pat| pat.matches(parsed.scheme(), host, port, path))
    }
}

fn parse_pattern(pattern: &str) -> Option<ParsedPattern> {
    let stripped = pattern.trim_end_matches("/*");
    let (wildcard, normalized) = if let Some(rest) = stripped.strip_prefix("https://*.") {
        (true, format!("https://__wildcard__.{rest}"))
    } else if let Some(rest) = stripped.strip_prefix("http://*.") {
        (true, format!("http://__wildcard__.{rest}"))
    } else {
        (false, stripped.to_string())
    };
    let parsed = Url::parse(&normalized).ok()?;
    let host = parsed.host_str()?.to_string();
    let host_rule = if wildcard {
        HostRule::WildcardSuffix(host.strip_prefix("__wildcard__.")?.to_string())
    } else {
        HostRule::Exact(host)
    };
    let path_prefix = if parsed.path().is_empty() || parsed.path() == "/" {
        "/".to_string()
    } else {
        parsed.path().to_string()
    };
    Some(ParsedPattern {
        scheme: parsed.scheme().to_string(),
        host_rule,
        port: parsed.port_or_known_default(),
        path_prefix,
    })
}

/// A percent-encoded `/` or `\` in a path: refused (a server decoding it before routing walks
/// out of a narrow path grant).
fn contains_encoded_separator(path: &str) -> bool {
    path.as_bytes().windows(3).any(|w| {
        w[0] == b'%'
            && matches!(
                (w[1].to_ascii_lowercase(), w[2].to_ascii_lowercase()),
                (b'2', b'f') | (b'5', b'c')
            )
    })
}

impl ParsedPattern {
    fn matches(&self, scheme: &str, host: &str, port: Option<u16>, path: &str) -> bool {
        self.scheme == scheme
            && self.port == port
            && self.host_matches(host)
            && self.path_covers(path)
    }

    fn host_matches(&self, host: &str) -> bool {
        match &self.host_rule {
            HostRule::Exact(h) => h.eq_ignore_ascii_case(host),
            HostRule::WildcardSuffix(suffix) => {
                let host = host.to_ascii_lowercase();
                let Some(prefix) = host.strip_suffix(&suffix.to_ascii_lowercase()) else {
                    return false;
                };
                prefix.ends_with('.') && prefix.len() > 1
            }
        }
    }

    fn path_covers(&self, path: &str) -> bool {
        if self.path_prefix == "/" {
            return true;
        }
        let Some(rest) = path.strip_prefix(&self.path_prefix) else {
            return false;
        };
        rest.is_empty() || rest.starts_with('/')
    }
}

/// How a plain-http pattern is treated.
#[derive(Debug, PartialEq, Eq)]
enum HttpClass {
    Loopback,
    Public,
    Other,
}

fn classify(pattern: &str) -> HttpClass {
    let normalized = pattern
        .trim_end_matches("/*")
        .replace("://*.", "://__wildcard__.");
    let Ok(url) = Url::parse(&normalized) else {
        return HttpClass::Other;
    };
    if url.scheme() != "http" {
        return HttpClass::Other;
    }
    match url.host() {
        Some(url::Host::Ipv4(ip)) if ip.is_loopback() => HttpClass::Loopback,
        Some(url::Host::Ipv6(ip)) if ip.is_loopback() => HttpClass::Loopback,
        Some(url::Host::Domain(d)) if d.eq_ignore_ascii_case("localhost") => HttpClass::Loopback,
        _ => HttpClass::Public,
    }
}

/// The matcher an extension's `http.fetch` runs under: its declared patterns, kept only when
/// the operator's list (when given) holds the same pattern string (the platform compares
/// strings, not meanings), minus plain-http patterns for public hosts; plain http is then
/// allowed only if a loopback pattern is left.
pub fn effective_matcher(declared: &[String], operator: Option<&[String]>) -> UrlMatcher {
    let mut patterns: Vec<String> = declared
        .iter()
        .filter(|p| operator.is_none_or(|allowed| allowed.iter().any(|a| a == *p)))
        .cloned()
        .collect();
    let mut allow_http = false;
    patterns.retain(|p| match classify(p) {
        HttpClass::Loopback => {
            allow_http = true;
            true
        }
        HttpClass::Public => false,
        HttpClass::Other => true,
    });
    UrlMatcher::from_patterns(patterns).with_allow_http(allow_http)
}

/// A URL for messages, without query, fragment or credentials (they carry tokens).
pub fn loggable(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut u) => {
            u.set_query(None);
            u.set_fragment(None);
            let _ = u.set_password(None);
            let _ = u.set_username("");
            u.to_string()
        }
        Err(_) => "<unparseable url>".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &[&str]) -> UrlMatcher {
        effective_matcher(&p.iter().map(|s| s.to_string()).collect::<Vec<_>>(), None)
    }

    #[test]
    fn four_facets() {
        let a = m(&["https://api.example.com/v1/*"]);
        assert!(a.is_allowed("https://api.example.com/v1"));
        assert!(a.is_allowed("https://api.example.com/v1/chat"));
        assert!(a.is_allowed("https://API.example.com:443/v1/chat"));
        assert!(!a.is_allowed("https://api.example.com/v1evil"));
        assert!(!a.is_allowed("https://api.example.com:8443/v1/chat"));
        assert!(!a.is_allowed("http://api.example.com/v1/chat"));
        assert!(!a.is_allowed("https://api.example.com/v1/..%2fadmin"));
        let w = m(&["https://*.example.com/*"]);
        assert!(w.is_allowed("https://a.example.com/x"));
        assert!(!w.is_allowed("https://example.com/x"));
        assert!(!w.is_allowed("https://evil.com/x.example.com"));
        let l = m(&["http://127.0.0.1:8787/*", "http://public.example.com/*"]);
        assert!(l.is_allowed("http://127.0.0.1:8787/x"));
        assert!(!l.is_allowed("http://127.0.0.1:9200/x"));
        assert!(!l.is_allowed("http://public.example.com/x"));
        assert!(!l.is_allowed("file:///etc/passwd"));
    }

    #[test]
    fn operator_list_is_a_ceiling_by_string() {
        let declared = vec![
            "https://a.example.com/*".to_string(),
            "https://b.example.com/*".to_string(),
        ];
        let op = vec!["https://a.example.com/*".to_string()];
        let e = effective_matcher(&declared, Some(&op));
        assert!(e.is_allowed("https://a.example.com/x"));
        assert!(!e.is_allowed("https://b.example.com/x"));
        // nothing declared: nothing granted, whatever the operator allows (gtdx's choice)
        assert!(!effective_matcher(&[], Some(&op)).is_allowed("https://a.example.com/x"));
    }
}
