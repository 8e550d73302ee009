//! `http.fetch`: a guest's request checked against the extension's [`Reach`] before every
//! hop, sent through a [`Transport`], with the header rules of [`headers`], the redirect
//! rules of [`redirect`] and a cap on the response body. The rules are stated in
//! docs/running.md ("Host rules") and held to the platform's runtime by the recorded oracle.

pub mod headers;
pub mod redirect;
pub mod transport;

use std::io::Read;
use std::time::Duration;

pub use transport::{Canned, CannedExchange, InResponse, Network, OutRequest, Transport};

use crate::reach::{Reach, redact};

/// The largest response body handed to a guest: far above any real payload, far below what
/// would threaten the process. One byte more is refused, not cut.
pub const BODY_CAP: u64 = 32 * 1024 * 1024;
/// How many redirects are followed; the answer after the last one is returned as it is.
pub const REDIRECT_LIMIT: usize = 10;
/// The methods a guest may use.
const METHODS: [&str; 6] = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"];

/// What the guest gets back.
#[derive(Debug, Clone, PartialEq)]
pub struct Fetched {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// The guest's request, as it asked for it.
#[derive(Debug, Clone)]
pub struct Asked {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

/// The whole `http.fetch`. The error texts are the platform's, which tools may match on.
pub fn fetch(
    reach: &Reach,
    transport: &dyn Transport,
    timeout: Duration,
    asked: Asked,
) -> Result<Fetched, String> {
    if !reach.admits(&asked.url) {
        return Err(format!("network not allowed for url: {}", asked.url));
    }
    let mut request = first_request(asked)?;
    let mut answer = transport.send(&request, timeout)?;
    for _ in 0..REDIRECT_LIMIT {
        let Some(next) = redirect::target(&answer, &request.url) else {
            break;
        };
        // Checked before the hop is sent: a refused hop must never leave the host.
        if !reach.admits(next.as_str()) {
            return Err(format!(
                "network not allowed for redirect target: {}",
                redact(next.as_str())
            ));
        }
        redirect::retarget(&mut request, answer.status, next);
        answer = transport.send(&request, timeout)?;
    }
    Ok(Fetched {
        status: answer.status,
        body: read_capped(answer.body)?,
        headers: answer.headers,
    })
}

/// The first request: the method upper-cased and supported, the client's own headers removed.
fn first_request(asked: Asked) -> Result<OutRequest, String> {
    let method = asked.method.to_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(format!("unsupported http method: {method}"));
    }
    let mut headers = asked.headers;
    headers::remove(&mut headers, headers::SET_BY_THE_CLIENT);
    Ok(OutRequest {
        method,
        url: asked.url,
        headers,
        body: asked.body,
    })
}

/// The body, refused when it is longer than [`BODY_CAP`] (one byte past it is read to know).
fn read_capped(body: Box<dyn Read + Send>) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    body.take(BODY_CAP + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("http body error: {e}"))?;
    if bytes.len() as u64 > BODY_CAP {
        return Err(format!(
            "http response body exceeds the {BODY_CAP} byte cap"
        ));
    }
    Ok(bytes)
}
