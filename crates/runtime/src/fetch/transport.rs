//! How a request leaves the host: exactly one exchange per [`Transport::send`], never following
//! a redirect itself (the host decides every hop, see [`super::redirect`]). Two transports: the
//! real network, and the canned exchanges of a `gtdx test` case.

use std::io::Read;
use std::time::Duration;

use url::Url;

use crate::reach::redact;

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
                redact(&req.url)
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
