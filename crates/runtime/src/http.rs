//! `http.fetch`: the request a guest asks for, checked by the network rule at every hop, sent
//! through a [`Transport`] (a real blocking client, or the canned exchanges of a `gtdx test`
//! case), with the platform's header rules and response cap.
//!
//! The hop rules (redirects re-checked, at most 10; credential headers dropped on an origin
//! change; 301/302/303 after a write become a body-less GET; guest-set framing headers dropped;
//! a 32 MiB body cap, one byte past it refused) are ported from the platform's runtime
//! (`greentic-ext-runtime` 1.2.38697752260, `src/host_state_net.rs`, MIT; see the notice in
//! `net.rs`).

use std::io::Read;
use std::time::Duration;

use url::Url;

use crate::net::{UrlMatcher, loggable};

/// Largest response body handed to a guest.
pub const MAX_RESPONSE_BYTES: u64 = 32 * 1024 * 1024;
/// Redirects followed before the last 3xx is returned as it is.
pub const MAX_REDIRECT_HOPS: usize = 10;

const FORBIDDEN_REQUEST_HEADERS: [&str; 6] = [
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "upgrade",
    "expect",
];

const CREDENTIAL_REQUEST_HEADERS: [&str; 9] = [
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

const BODY_REQUEST_HEADERS: [&str; 4] = [
    "content-type",
    "content-length",
    "content-encoding",
    "content-language",
];

/// One request as it goes out.
#[derive(Debug, Clone)]
pub struct OutRequest {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

/// One response as it comes back; the body is read under the cap by the host.
pub struct InResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Box<dyn Read + Send>,
}

/// Sends exactly one request and never follows a redirect itself.
pub trait Transport: Send + Sync {
    fn send(&self, req: &OutRequest, timeout: Duration) -> Result<InResponse, String>;
}

/// The real network, through a blocking client with no redirect following, no proxy and no
/// decompression.
#[derive(Debug, Default)]
pub struct Network;

impl Transport for Network {
    fn send(&self, req: &OutRequest, timeout: Duration) -> Result<InResponse, String> {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .proxy(None)
            .build()
            .into();
        let mut builder = ureq::http::Request::builder()
            .method(req.method.as_str())
            .uri(req.url.as_str());
        for (k, v) in &req.headers {
            builder = builder.header(k.as_str(), v.as_str());
        }
        let transport_error = |e: &dyn std::fmt::Display| format!("http transport error: {e}");
        let response = match &req.body {
            Some(body) => {
                let request = builder
                    .body(body.clone())
                    .map_err(|e| transport_error(&e))?;
                agent.run(request)
            }
            None => {
                let request = builder.body(()).map_err(|e| transport_error(&e))?;
                agent.run(request)
            }
        }
        .map_err(|e| transport_error(&e))?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(k, v)| {
                v.to_str()
                    .ok()
                    .map(|s| (k.as_str().to_string(), s.to_string()))
            })
            .collect();
        let body = response.into_body().into_reader();
        Ok(InResponse {
            status,
            headers,
            body: Box::new(body),
        })
    }
}

/// A canned exchange of a `gtdx test` case: the host answers a matching request with this
/// response (after the same permission checks as a real request), so tests need no network.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CannedExchange {
    /// `GET` when omitted; compared case-insensitively.
    #[serde(default)]
    pub method: Option<String>,
    /// The exact URL the guest requests.
    pub url: String,
    /// The answer.
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub headers: Vec<(String, String)>,
    /// A text body, or (`json`) a JSON body.
    #[serde(default)]
    pub body: Option<String>,
    #[serde(default)]
    pub json: Option<serde_json::Value>,
}

/// The canned exchanges of one test case.
#[derive(Debug, Default)]
pub struct Canned(pub Vec<CannedExchange>);

impl Transport for Canned {
    fn send(&self, req: &OutRequest, _timeout: Duration) -> Result<InResponse, String> {
        let found = self.0.iter().find(|x| {
            x.method
                .as_deref()
                .unwrap_or("GET")
                .eq_ignore_ascii_case(&req.method)
                && same_url(&x.url, &req.url)
        });
        let Some(x) = found else {
            return Err(format!(
                "http transport error: the test declares no canned exchange for {} {}",
                req.method.to_uppercase(),
                loggable(&req.url)
            ));
        };
        let mut headers = x.headers.clone();
        let body = match (&x.json, &x.body) {
            (Some(v), _) => {
                if !headers
                    .iter()
                    .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
                {
                    headers.push(("content-type".into(), "application/json".into()));
                }
                v.to_string().into_bytes()
            }
            (None, Some(b)) => b.clone().into_bytes(),
            (None, None) => Vec::new(),
        };
        Ok(InResponse {
            status: x.status.unwrap_or(200),
            headers,
            body: Box::new(std::io::Cursor::new(body)),
        })
    }
}

fn same_url(a: &str, b: &str) -> bool {
    match (Url::parse(a), Url::parse(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

fn drop_headers(headers: &mut Vec<(String, String)>, names: &[&str]) {
    headers.retain(|(k, _)| !names.iter().any(|n| k.eq_ignore_ascii_case(n)));
}

fn same_origin(a: &Url, b: &Url) -> bool {
    a.scheme() == b.scheme()
        && a.host_str() == b.host_str()
        && a.port_or_known_default() == b.port_or_known_default()
}

/// What the guest gets back.
#[derive(Debug, Clone, PartialEq)]
pub struct FetchedResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// The whole `http.fetch`: permission check, hops, cap. Errors carry the platform's texts.
pub fn fetch(
    matcher: &UrlMatcher,
    transport: &dyn Transport,
    timeout: Duration,
    method: &str,
    url: &str,
    headers: Vec<(String, String)>,
    body: Option<Vec<u8>>,
) -> Result<FetchedResponse, String> {
    if !matcher.is_allowed(url) {
        return Err(format!("network not allowed for url: {url}"));
    }
    let method = method.to_uppercase();
    if !matches!(
        method.as_str(),
        "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD"
    ) {
        return Err(format!("unsupported http method: {method}"));
    }
    let mut headers = headers;
    drop_headers(&mut headers, &FORBIDDEN_REQUEST_HEADERS);
    let mut req = OutRequest {
        method,
        url: url.to_string(),
        headers,
        body,
    };
    let mut resp = transport.send(&req, timeout)?;
    for _ in 0..MAX_REDIRECT_HOPS {
        let Some(next) = redirect_target(&resp, &req.url) else {
            break;
        };
        if !matcher.is_allowed(next.as_str()) {
            return Err(format!(
                "network not allowed for redirect target: {}",
                loggable(next.as_str())
            ));
        }
        let from = Url::parse(&req.url).map_err(|e| format!("http transport error: {e}"))?;
        if matches!(resp.status, 301..=303) && req.method != "GET" && req.method != "HEAD" {
            req.method = "GET".into();
            req.body = None;
            drop_headers(&mut req.headers, &BODY_REQUEST_HEADERS);
        }
        if !same_origin(&from, &next) {
            drop_headers(&mut req.headers, &CREDENTIAL_REQUEST_HEADERS);
        }
        req.url = next.to_string();
        resp = transport.send(&req, timeout)?;
    }
    let mut body = Vec::new();
    resp.body
        .take(MAX_RESPONSE_BYTES + 1)
        .read_to_end(&mut body)
        .map_err(|e| format!("http body error: {e}"))?;
    if body.len() as u64 > MAX_RESPONSE_BYTES {
        return Err(format!(
            "http response body exceeds the {MAX_RESPONSE_BYTES} byte cap"
        ));
    }
    Ok(FetchedResponse {
        status: resp.status,
        headers: resp.headers,
        body,
    })
}

fn redirect_target(resp: &InResponse, url: &str) -> Option<Url> {
    if !(300..400).contains(&resp.status) {
        return None;
    }
    let location = resp
        .headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("location"))?
        .1
        .as_str();
    Url::parse(url).ok()?.join(location).ok()
}
