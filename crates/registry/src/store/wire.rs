//! One Store operation on the wire (ureq, blocking): the token goes only to the Store's own
//! origin, over https or to this machine; a redirect is followed only within that origin (a
//! redirect elsewhere is refused, not followed without the token: a Store that sends its
//! artifacts elsewhere is not one gtdx knows how to check); every body is capped; one deadline
//! covers the whole operation.

use std::io::Read;
use std::time::{Duration, Instant};

use url::Url;

use gtdx_contract::codes::{self, Code};

use crate::RegistryError;
use crate::credentials::Token;
use crate::oci::Deadline;

/// At most this many same-origin redirects are followed for one GET.
const MAX_REDIRECTS: usize = 5;

/// An answer, its body still to be read.
pub(crate) struct Answer {
    pub status: u16,
    content_type: String,
    content_length: Option<u64>,
    body: ureq::Body,
}

/// A request body and its content type.
pub(crate) enum Payload<'b> {
    None,
    Bytes(&'b [u8], &'b str),
    /// A body read as it is sent (a multipart form around a pack read from its file), its
    /// length declared.
    Stream(&'b std::cell::RefCell<dyn Read + 'b>, u64, &'b str),
}

/// One Store operation: where, with which token, and until when.
pub(crate) struct Wire {
    agent: ureq::Agent,
    pub base: Url,
    /// How messages name the Store: `the Greentic Store NAME (URL)`.
    pub label: String,
    /// The registry name `gtdx login --registry` takes.
    pub name: String,
    token: Option<Token>,
    /// The token was withheld: plain http to another machine (`--insecure`).
    pub withheld: bool,
    /// When the deadline started (the operation's start, or the Store's shared one).
    pub started: Instant,
    deadline: Deadline,
    /// What the operation is doing now, for messages.
    pub action: &'static str,
}

impl Wire {
    /// `label`: how messages name the Store (`RegistryRef::label`).
    pub fn new(
        name: &str,
        label: &str,
        base: Url,
        token: Option<Token>,
        deadline: Deadline,
    ) -> Wire {
        let agent = crate::http::agent();
        Wire {
            agent,
            base,
            label: label.to_string(),
            name: name.to_string(),
            token,
            withheld: false,
            started: Instant::now(),
            deadline,
            action: "starting",
        }
    }

    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    /// `<base>/api/v1/extensions[/<segments>…]`, each segment percent-encoded, with `query`.
    pub fn url(&self, segments: &[&str], query: &[(&str, &str)]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(["api", "v1", "extensions"]);
            path.extend(segments);
        }
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        url
    }

    fn same_origin(&self, url: &Url) -> bool {
        url.scheme() == self.base.scheme()
            && url.host_str() == self.base.host_str()
            && url.port_or_known_default() == self.base.port_or_known_default()
    }

    /// Sends one request, following a GET's redirects within the Store's origin only.
    pub fn send(&self, method: &str, url: Url, body: Payload<'_>) -> Result<Answer, RegistryError> {
        let mut url = url;
        for _ in 0..=MAX_REDIRECTS {
            let (answer, location) = self.exchange(method, &url, &body)?;
            let Some(location) = location.filter(|_| method == "GET") else {
                return Ok(answer);
            };
            let next = url.join(&location).map_err(|_| {
                self.error(
                    codes::E_STORE_REDIRECT,
                    format!(
                        "it redirected to {} (not a URL)",
                        gtdx_contract::text::escape(&location)
                    ),
                )
            })?;
            if !self.same_origin(&next) {
                return Err(self.error(codes::E_STORE_REDIRECT, format!(
                    "it redirected to another host ({}); gtdx follows a Store's redirects only within its own address, so nothing was fetched from there",
                    gtdx_contract::urls::without_credentials(next.as_str())
                )));
            }
            url = next;
        }
        Err(self.error(
            codes::E_STORE_REDIRECT,
            format!("it redirected more than {MAX_REDIRECTS} times"),
        ))
    }

    /// One exchange: the answer, and its `Location` when it is a redirect.
    fn exchange(
        &self,
        method: &str,
        url: &Url,
        body: &Payload<'_>,
    ) -> Result<(Answer, Option<String>), RegistryError> {
        let left = self.remaining()?;
        let mut builder = ureq::http::Request::builder()
            .method(method)
            .uri(url.as_str())
            .header("accept", "application/json");
        if let Some(t) = &self.token
            && self.same_origin(url)
        {
            builder = builder.header("authorization", format!("Bearer {}", t.expose()));
        }
        let response = match body {
            Payload::None => self.run(builder, &[][..], left)?,
            Payload::Bytes(bytes, kind) => {
                self.run(builder.header("content-type", *kind), *bytes, left)?
            }
            Payload::Stream(body, length, kind) => {
                let builder = builder
                    .header("content-type", *kind)
                    .header("content-length", *length);
                let mut reader = body.borrow_mut();
                self.run(builder, ureq::SendBody::from_reader(&mut *reader), left)?
            }
        };
        let status = response.status().as_u16();
        let header = |n: &str| {
            response
                .headers()
                .get(n)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let location = matches!(status, 301 | 302 | 303 | 307 | 308)
            .then(|| header("location"))
            .flatten();
        let content_type = header("content-type").unwrap_or_default();
        let content_length = header("content-length").and_then(|v| v.trim().parse().ok());
        Ok((
            Answer {
                status,
                content_type,
                content_length,
                body: response.into_body(),
            },
            location,
        ))
    }

    /// Sends one built request with what is left of the deadline.
    fn run(
        &self,
        builder: ureq::http::request::Builder,
        body: impl ureq::AsSendBody,
        left: Duration,
    ) -> Result<ureq::http::Response<ureq::Body>, RegistryError> {
        let built = builder.body(body).map_err(|e| {
            self.error(
                codes::E_STORE_ANSWER,
                format!("the request could not be made: {e}"),
            )
        })?;
        let request = self
            .agent
            .configure_request(built)
            .timeout_global(Some(left))
            .timeout_connect(Some(left.min(Duration::from_secs(10))))
            .build();
        self.agent.run(request).map_err(|e| self.transport(&e))
    }

    fn remaining(&self) -> Result<Duration, RegistryError> {
        let left = self.deadline.limit.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            return Err(self.deadline_error());
        }
        Ok(left)
    }

    fn deadline_error(&self) -> RegistryError {
        RegistryError::Deadline {
            place: self.label.clone(),
            action: self.action.to_string(),
            limit: self.deadline.limit,
            raise: self.deadline.raise,
        }
    }

    fn transport(&self, e: &ureq::Error) -> RegistryError {
        if self.started.elapsed() >= self.deadline.limit {
            return self.deadline_error();
        }
        RegistryError::Store(format!(
            "{}: while {}, it could not be reached ({e}); nothing was written. Is the address right?",
            self.label, self.action
        ))
    }

    /// `<label>: while <action>, <what>; nothing was written (gtdx explain CODE)`.
    pub fn error(&self, code: Code, what: String) -> RegistryError {
        RegistryError::Store(format!(
            "{}: while {}, {what}; nothing was written (`gtdx explain {}`)",
            self.label, self.action, code.id
        ))
    }

    /// Reads a JSON answer of at most `limit` bytes; an HTML page is refused by name.
    pub fn json<T: serde::de::DeserializeOwned>(
        &self,
        answer: Answer,
        limit: gtdx_fsx::Limit,
    ) -> Result<T, RegistryError> {
        if answer.content_type.contains("html") {
            return Err(self.html());
        }
        let bytes = self.read_capped(answer, limit)?;
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<') {
            return Err(self.html());
        }
        serde_json::from_slice(&bytes).map_err(|e| {
            self.error(
                codes::E_STORE_ANSWER,
                format!(
                    "its answer is not the Store's JSON ({e}); is the address a Greentic Store?"
                ),
            )
        })
    }

    fn html(&self) -> RegistryError {
        self.error(
            codes::E_STORE_ANSWER,
            "it answered with an HTML page, not the Store's JSON (a login page or a proxy's error page?); check the address".into(),
        )
    }

    /// The body, refused past `limit` without reading the rest.
    pub fn read_capped(
        &self,
        answer: Answer,
        limit: gtdx_fsx::Limit,
    ) -> Result<Vec<u8>, RegistryError> {
        let reader = answer.body.into_reader();
        crate::http::read_capped(reader, answer.content_length, limit, &self.label, |e| {
            self.reading(e)
        })
    }

    pub fn reading(&self, e: &std::io::Error) -> RegistryError {
        if self.started.elapsed() >= self.deadline.limit {
            return self.deadline_error();
        }
        RegistryError::Store(format!(
            "{}: while {}, the answer broke off ({e}); nothing was written",
            self.label, self.action
        ))
    }

    /// The body as a reader, for streaming an artifact to disk.
    pub fn into_reader(answer: Answer) -> impl Read {
        answer.body.into_reader()
    }

    pub fn declared_length(answer: &Answer) -> Option<u64> {
        answer.content_length
    }

    /// The error for an answer the step does not expect: 401/403 as one sentence naming
    /// `gtdx login`, otherwise the status and the first line of the body.
    pub fn unexpected(&self, answer: Answer) -> RegistryError {
        let status = answer.status;
        if matches!(status, 401 | 403) {
            return self.refused(status);
        }
        let mut bytes = Vec::new();
        let _ = answer
            .body
            .into_reader()
            .take(super::STORE_ERROR.max)
            .read_to_end(&mut bytes);
        let text = String::from_utf8_lossy(&bytes);
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let line: String = line.chars().take(300).collect();
        self.error(
            codes::E_STORE_ANSWER,
            format!(
                "it answered {status} {}",
                gtdx_contract::text::escape(line.trim())
            ),
        )
    }

    /// 401/403: one sentence naming the registry and the command that fixes it.
    pub fn refused(&self, status: u16) -> RegistryError {
        let had = if self.withheld {
            "needs a token, which gtdx does not send over plain http to another machine (--insecure); use its https:// address"
        } else if self.has_token() {
            "refused the token (expired or without the right)"
        } else {
            "needs a token and none is configured"
        };
        // A Store given by URL has no name to log in under yet.
        let fix = match self.name.contains("://") {
            true => format!(
                "name it with `gtdx registries add NAME {}`, then run `gtdx login --registry NAME`",
                self.name
            ),
            false => format!("run `gtdx login --registry {}`", self.name),
        };
        RegistryError::StoreAuth(format!(
            "{} {had} (HTTP {status}) while {}: {fix} (`gtdx explain {}`)",
            self.label,
            self.action,
            codes::E_STORE_AUTH.id
        ))
    }
}
