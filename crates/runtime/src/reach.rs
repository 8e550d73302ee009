//! Which URLs a tool's `http.fetch` may reach (the rule is stated in docs/running.md, "Host
//! rules"): an extension's network patterns, each read once into a [`Grant`] that must agree
//! with a URL on scheme, host, port and path.
//!
//! The platform reads these patterns the same way, and a pattern gtdx reads differently would
//! pass `gtdx test` and fail in production (or the other way round), so every detail below is
//! held to the platform's runtime by the recorded oracle (`tests/fixtures/oracle/cases.json`).

use url::Url;

/// The label put where a pattern's leading `*` stands, so the rest parses as a URL host.
const ANY_LABEL: &str = "any-label";

/// The URLs one call may reach.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    grants: Vec<Grant>,
    /// Whether `http://` URLs are considered at all (only loopback patterns turn it on).
    plain_http: bool,
}

/// One network pattern, read.
#[derive(Debug, Clone)]
struct Grant {
    scheme: String,
    host: HostRule,
    /// The explicit port, else the scheme's default (`None` for schemes without one).
    port: Option<u16>,
    /// `/` grants every path; anything else grants itself and what lies below it.
    path: String,
    /// An exact host that is `localhost` or a loopback address.
    loopback: bool,
}

#[derive(Debug, Clone)]
enum HostRule {
    /// This host, compared without regard to ASCII case.
    Is(String),
    /// Any host ending in `.<suffix>` with at least one label in front (`*.<suffix>`).
    Below(String),
}

impl Reach {
    /// What an extension's `http.fetch` may reach: its `declared` patterns, narrowed to those
    /// the operator's list holds (compared as strings) when there is one; then plain-http
    /// patterns are kept only for loopback hosts, and plain http is considered only if one is
    /// left. Nothing declared grants nothing, whatever the operator allows (a tool that passes
    /// `gtdx test` must declare what it reaches).
    pub fn for_extension(declared: &[String], operator: Option<&[String]>) -> Reach {
        let within_ceiling =
            |p: &&String| operator.is_none_or(|ceiling| ceiling.iter().any(|c| c == *p));
        let mut reach = Reach::default();
        for pattern in declared.iter().filter(within_ceiling) {
            // A pattern that does not read grants nothing.
            let Some(grant) = Grant::read(pattern) else {
                continue;
            };
            if grant.scheme == "http" {
                if !grant.loopback {
                    continue;
                }
                reach.plain_http = true;
            }
            reach.grants.push(grant);
        }
        reach
    }

    /// Whether `url` may be requested.
    pub fn admits(&self, url: &str) -> bool {
        let Ok(url) = Url::parse(url) else {
            return false;
        };
        let scheme_ok = match url.scheme() {
            "https" => true,
            "http" => self.plain_http,
            _ => false,
        };
        let Some(host) = url.host_str() else {
            return false;
        };
        // A server that decodes `%2f` before routing would walk out of a narrow path grant.
        if !scheme_ok || has_encoded_separator(url.path()) {
            return false;
        }
        let port = url.port_or_known_default();
        self.grants.iter().any(|g| {
            g.scheme == url.scheme() && g.port == port && g.host_ok(host) && g.path_ok(url.path())
        })
    }
}

impl Grant {
    /// Reads one pattern: a trailing `/*` (repeated) means "and below" and is dropped; a
    /// leading `*.` label makes a [`HostRule::Below`] host; the rest must parse as a URL with
    /// a host.
    fn read(pattern: &str) -> Option<Grant> {
        let trimmed = pattern.trim_end_matches("/*");
        let wildcard = ["https://*.", "http://*."]
            .iter()
            .find_map(|prefix| trimmed.strip_prefix(prefix).map(|rest| (prefix, rest)));
        let parsed = match wildcard {
            Some((prefix, rest)) => {
                let scheme = prefix.trim_end_matches("*.");
                Url::parse(&format!("{scheme}{ANY_LABEL}.{rest}")).ok()?
            }
            None => Url::parse(trimmed).ok()?,
        };
        let host_text = parsed.host_str()?;
        let host = match wildcard {
            Some(_) => HostRule::Below(
                host_text
                    .strip_prefix(ANY_LABEL)?
                    .strip_prefix('.')?
                    .to_string(),
            ),
            None => HostRule::Is(host_text.to_string()),
        };
        let loopback = wildcard.is_none() && is_loopback(&parsed);
        let path = match parsed.path() {
            "" => "/".to_string(),
            p => p.to_string(),
        };
        Some(Grant {
            scheme: parsed.scheme().to_string(),
            host,
            port: parsed.port_or_known_default(),
            path,
            loopback,
        })
    }

    fn host_ok(&self, host: &str) -> bool {
        match &self.host {
            HostRule::Is(h) => h.eq_ignore_ascii_case(host),
            HostRule::Below(suffix) => {
                let host = host.to_ascii_lowercase();
                match host.strip_suffix(suffix.to_ascii_lowercase().as_str()) {
                    // At least one character of label, then the dot before the suffix.
                    Some(head) => head.len() >= 2 && head.ends_with('.'),
                    None => false,
                }
            }
        }
    }

    /// Segment-boundary prefix: `/v1` covers `/v1` and `/v1/x`, never `/v1x`.
    fn path_ok(&self, path: &str) -> bool {
        if self.path == "/" {
            return true;
        }
        path.strip_prefix(self.path.as_str())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    }
}

/// `localhost` (any case) or a loopback IP address.
fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// `%2f` or `%5c`, in any case.
fn has_encoded_separator(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.contains("%2f") || lower.contains("%5c")
}

/// A URL as messages show it: no query, fragment or user info (they carry tokens).
pub fn redact(url: &str) -> String {
    let Ok(mut url) = Url::parse(url) else {
        return "<unparseable url>".to_string();
    };
    url.set_query(None);
    url.set_fragment(None);
    // Both fail only for URLs that cannot have user info, which then have none to remove.
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(patterns: &[&str]) -> Reach {
        let declared: Vec<String> = patterns.iter().map(|s| s.to_string()).collect();
        Reach::for_extension(&declared, None)
    }

    #[test]
    fn all_four_facets_must_agree() {
        let r = reach(&["https://api.example.com/v1/*"]);
        for ok in [
            "https://api.example.com/v1",
            "https://api.example.com/v1/chat",
            "https://API.example.com:443/v1/chat",
        ] {
            assert!(r.admits(ok), "{ok}");
        }
        for no in [
            "https://api.example.com/v1evil",
            "https://api.example.com:8443/v1/chat",
            "http://api.example.com/v1/chat",
            "https://api.example.com/v1/..%2fadmin",
            "https://api.example.com/v1/a%5Cb",
            "file:///etc/passwd",
            "not a url",
        ] {
            assert!(!r.admits(no), "{no}");
        }
    }

    #[test]
    fn a_wildcard_needs_a_label() {
        let r = reach(&["https://*.example.com/*"]);
        assert!(r.admits("https://a.example.com/x"));
        assert!(r.admits("https://a.b.EXAMPLE.com/x"));
        assert!(!r.admits("https://example.com/x"));
        assert!(!r.admits("https://evil.com/x.example.com"));
        assert!(!r.admits("https://evilexample.com/x"));
    }

    #[test]
    fn plain_http_only_for_loopback_and_only_its_port() {
        let r = reach(&["http://127.0.0.1:8787/*", "http://public.example.com/*"]);
        assert!(r.admits("http://127.0.0.1:8787/x"));
        assert!(!r.admits("http://127.0.0.1:9200/x"));
        assert!(!r.admits("http://public.example.com/x"));
        assert!(reach(&["http://LocalHost:1/*"]).admits("http://localhost:1/"));
        assert!(reach(&["http://[::1]:1/*"]).admits("http://[::1]:1/"));
        // a wildcard below localhost is not loopback
        assert!(!reach(&["http://*.localhost/*"]).admits("http://a.localhost/"));
        // no loopback pattern: plain http is not considered even for an https-only grant's host
        assert!(!reach(&["https://h.example/*"]).admits("http://h.example/"));
    }

    #[test]
    fn the_operator_list_is_a_ceiling_compared_as_strings() {
        let declared = vec![
            "https://a.example.com/*".to_string(),
            "https://b.example.com/*".to_string(),
        ];
        let ceiling = vec!["https://a.example.com/*".to_string()];
        let r = Reach::for_extension(&declared, Some(&ceiling));
        assert!(r.admits("https://a.example.com/x"));
        assert!(!r.admits("https://b.example.com/x"));
        let same_meaning = vec!["https://a.example.com:443/*".to_string()];
        assert!(
            !Reach::for_extension(&declared, Some(&same_meaning)).admits("https://a.example.com/x")
        );
        assert!(!Reach::for_extension(&[], Some(&ceiling)).admits("https://a.example.com/x"));
    }

    #[test]
    fn redaction_drops_what_carries_tokens() {
        assert_eq!(
            redact("https://u:pw@h.example/p?k=s3cret#f"),
            "https://h.example/p"
        );
        assert_eq!(redact("::"), "<unparseable url>");
    }
}
