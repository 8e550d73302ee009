//! One registry operation on the wire: a blocking HTTP/1.1 client (ureq) that sends each
//! request itself, so that gtdx decides every step a hostile registry could abuse:
//!
//! * **whose credentials** go with a request ([`super::auth::may_receive`]): the registry's own
//!   host only, over https or on this machine; a redirect, upload location or token realm
//!   elsewhere is reached without them;
//! * **how much is read**: every body has its cap ([`super::REGISTRY_MANIFEST`] and the rest),
//!   checked against `Content-Length` before reading and against the bytes as they arrive;
//! * **how long it all takes**: one deadline for the whole operation, every request getting
//!   what is left of it, so a registry that drips a byte every few seconds cannot hold gtdx.

use std::io::Read;
use std::time::{Duration, Instant};

use url::Url;

use super::auth::{Challenge, Credential, may_receive, parse_challenges};
use super::{Deadline, OciOptions};
use crate::RegistryError;
use crate::reference::{OciArtifact, is_loopback};

/// At most this many redirects are followed for one request.
const MAX_REDIRECTS: usize = 5;

/// An answer: its status, headers, and body still to be read (under a cap).
pub(crate) struct Answer {
    pub status: u16,
    pub url: Url,
    headers: ureq::http::HeaderMap,
    body: ureq::Body,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn content_length(&self) -> Option<u64> {
        self.header("content-length")?.trim().parse().ok()
    }
}

/// A request body: borrowed, so that a retry after authentication sends it again without a
/// copy of a pack.
pub(crate) enum Payload<'b> {
    None,
    Bytes(&'b [u8], &'static str),
}

/// One registry operation: its client, its credential, the authorization it has earned, and
/// its deadline.
pub(crate) struct Session {
    agent: ureq::Agent,
    /// `host[:port]`.
    pub host: String,
    /// `http` or `https`.
    scheme: &'static str,
    pub repository: String,
    /// `repository:NAME:pull` or `…:pull,push`, when a token challenge names no scope.
    scope: String,
    credential: Option<Credential>,
    withheld: Vec<String>,
    /// The `Authorization` value earned by answering a challenge (a bearer token, or Basic).
    authorization: Option<String>,
    started: Instant,
    deadline: Deadline,
    /// How messages name the artifact.
    pub place: String,
    /// What the operation is doing now ("fetching the manifest"), for messages.
    pub action: &'static str,
}

impl Session {
    /// A session for `art`, pulling or (with `push`) pushing.
    pub fn new(art: &OciArtifact, opts: &OciOptions, push: bool) -> Session {
        Session::with_env(art, opts, push, &|k| std::env::var(k).ok())
    }

    pub fn with_env(
        art: &OciArtifact,
        opts: &OciOptions,
        push: bool,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Session {
        let plain = is_loopback(&art.host) || opts.insecure;
        let choice = super::auth::choose(&art.host, plain, opts, env);
        let agent = crate::http::agent();
        Session {
            agent,
            host: art.host.clone(),
            scheme: if plain { "http" } else { "https" },
            repository: art.repository.clone(),
            scope: format!(
                "repository:{}:{}",
                art.repository,
                if push { "pull,push" } else { "pull" }
            ),
            credential: choice.credential,
            withheld: choice.withheld,
            authorization: None,
            started: Instant::now(),
            deadline: opts.deadline.unwrap_or(Deadline::DEFAULT).clamped(),
            place: art.display(),
            action: "starting",
        }
    }

    /// `scheme://host/v2/<repository>/<rest>`.
    pub fn url(&self, rest: &str) -> Result<Url, RegistryError> {
        let text = format!(
            "{}://{}/v2/{}/{rest}",
            self.scheme, self.host, self.repository
        );
        Url::parse(&text).map_err(|e| {
            RegistryError::Oci(format!(
                "{}: cannot make a registry address of it ({e})",
                self.place
            ))
        })
    }

    /// What is left of the deadline, or the deadline's error.
    fn remaining(&self) -> Result<Duration, RegistryError> {
        let left = self.deadline.limit.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            Err(self.deadline_error())
        } else {
            Ok(left)
        }
    }

    pub fn deadline_error(&self) -> RegistryError {
        RegistryError::Deadline {
            place: self.place.clone(),
            action: self.action.to_string(),
            limit: self.deadline.limit,
            raise: self.deadline.raise,
        }
    }

    fn past_deadline(&self) -> bool {
        self.started.elapsed() >= self.deadline.limit
    }

    /// Runs `request` within `left`, the rest of the deadline (connecting within at most 10 s of
    /// it).
    fn run_within<B: ureq::AsSendBody>(
        &self,
        request: ureq::http::Request<B>,
        left: Duration,
    ) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
        let request = self
            .agent
            .configure_request(request)
            .timeout_global(Some(left))
            .timeout_connect(Some(left.min(Duration::from_secs(10))))
            .build();
        self.agent.run(request)
    }

    /// Sends one request to `url`, with the authorization earned so far when `url` may receive
    /// it. No redirect is followed here.
    fn exchange(
        &self,
        method: &str,
        url: &Url,
        headers: &[(&str, &str)],
        body: &Payload<'_>,
        authorization: Option<&str>,
    ) -> Result<Answer, RegistryError> {
        let left = self.remaining()?;
        let mut builder = ureq::http::Request::builder()
            .method(method)
            .uri(url.as_str());
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        if let Some(a) = authorization
            && self.may_carry(url)
        {
            builder = builder.header("authorization", a);
        }
        let sent = match body {
            Payload::None => self.run_within(builder.body(()).map_err(|e| self.other(&e))?, left),
            Payload::Bytes(bytes, content_type) => self.run_within(
                builder
                    .header("content-type", *content_type)
                    .body(*bytes)
                    .map_err(|e| self.other(&e))?,
                left,
            ),
        };
        let response = sent.map_err(|e| self.transport(e))?;
        let status = response.status().as_u16();
        let (parts, body) = response.into_parts();
        Ok(Answer {
            status,
            url: url.clone(),
            headers: parts.headers,
            body,
        })
    }

    /// Sends a request to the registry, answering one authentication challenge and (for GET
    /// and HEAD) following redirects, with the authorization going only where it may.
    pub fn send(
        &mut self,
        method: &str,
        url: Url,
        headers: &[(&str, &str)],
        body: Payload<'_>,
    ) -> Result<Answer, RegistryError> {
        let mut answer =
            self.exchange(method, &url, headers, &body, self.authorization.as_deref())?;
        if answer.status == 401 && self.authenticate(&answer)? {
            answer = self.exchange(method, &url, headers, &body, self.authorization.as_deref())?;
        }
        let follows = matches!(method, "GET" | "HEAD");
        let mut hops = 0;
        while follows && matches!(answer.status, 301 | 302 | 303 | 307 | 308) {
            hops += 1;
            if hops > MAX_REDIRECTS {
                return Err(RegistryError::Oci(format!(
                    "{}: the registry redirected more than {MAX_REDIRECTS} times while {}; refusing to follow further",
                    self.place, self.action
                )));
            }
            let next = self.location(&answer)?;
            answer = self.exchange(
                method,
                &next,
                headers,
                &Payload::None,
                self.authorization.as_deref(),
            )?;
        }
        Ok(answer)
    }

    /// The `Location` of a redirect or an upload, resolved against the answer's URL; refused
    /// when it leaves https for plain http to another machine.
    pub fn location(&self, answer: &Answer) -> Result<Url, RegistryError> {
        let given = answer.header("location").unwrap_or("");
        let next = answer.url.join(given).map_err(|_| {
            RegistryError::Oci(format!(
                "{}: the registry answered {} while {} with a location that is not a URL ({})",
                self.place,
                answer.status,
                self.action,
                gtdx_contract::text::escape(&clip(given))
            ))
        })?;
        let host = next.host_str().unwrap_or("");
        let plain_ok = next.scheme() == "https"
            || (next.scheme() == "http" && (self.scheme == "http" || is_loopback(host)));
        if !plain_ok {
            return Err(RegistryError::Oci(format!(
                "{}: the registry sent gtdx to {}://{host} while {}; only https (or plain http to this machine, or with --insecure) is followed",
                self.place,
                next.scheme(),
                self.action
            )));
        }
        Ok(next)
    }

    /// Whether `url` may carry the session's authorization: the registry's own address (its
    /// scheme, host and port: what was earned there goes back there, even over --insecure's
    /// plain http, where no credential was used to earn it), or a URL that may receive the
    /// registry's credentials.
    fn may_carry(&self, url: &Url) -> bool {
        let own = url.scheme() == self.scheme
            && Url::parse(&format!("{}://{}/", self.scheme, self.host)).is_ok_and(|base| {
                base.host_str() == url.host_str()
                    && base.port_or_known_default() == url.port_or_known_default()
            });
        own || may_receive(&self.host, url).is_ok()
    }

    /// Answers a 401's challenge: earns a bearer token from the realm, or Basic credentials.
    /// Returns whether the request is worth sending again.
    fn authenticate(&mut self, answer: &Answer) -> Result<bool, RegistryError> {
        let challenges: Vec<Challenge> = answer
            .headers
            .get_all("www-authenticate")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(parse_challenges)
            .collect();
        let bearer = challenges.iter().find_map(|c| match c {
            Challenge::Bearer {
                realm,
                service,
                scope,
            } => Some((realm.clone(), service.clone(), scope.clone())),
            _ => None,
        });
        if let Some((realm, service, scope)) = bearer {
            let token = self.token(&realm, service.as_deref(), scope.as_deref())?;
            let value = format!("Bearer {token}");
            if self.authorization.as_deref() == Some(value.as_str()) {
                return Ok(false);
            }
            self.authorization = Some(value);
            return Ok(true);
        }
        if challenges.contains(&Challenge::Basic)
            && let Some(c) = &self.credential
            && may_receive(&self.host, &answer.url).is_ok()
        {
            let value = c.basic();
            if self.authorization.as_deref() == Some(value.as_str()) {
                return Ok(false);
            }
            self.authorization = Some(value);
            return Ok(true);
        }
        Ok(false)
    }

    /// A bearer token from the challenge's realm: with the credentials only when the realm may
    /// receive them (the registry's own host, over https or on this machine), else anonymous.
    fn token(
        &mut self,
        realm: &str,
        service: Option<&str>,
        scope: Option<&str>,
    ) -> Result<String, RegistryError> {
        let mut url = Url::parse(realm)
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .ok_or_else(|| {
                RegistryError::Oci(format!(
                    "{}: the registry's challenge names a token service that is not an http(s) URL ({}) while {}",
                    self.place,
                    gtdx_contract::text::escape(&clip(realm)),
                    self.action
                ))
            })?;
        {
            let mut q = url.query_pairs_mut();
            if let Some(s) = service {
                q.append_pair("service", s);
            }
            q.append_pair("scope", scope.unwrap_or(&self.scope));
        }
        let basic = match (&self.credential, may_receive(&self.host, &url)) {
            (Some(c), Ok(())) => Some(c.basic()),
            (Some(c), Err(why)) => {
                self.withheld.push(format!(
                    "{} was not sent to the registry's token service: {why}",
                    c.source
                ));
                None
            }
            (None, _) => None,
        };
        let answer = self.exchange_to(&url, basic.as_deref())?;
        match answer.status {
            200..=299 => {
                let bytes = self.read_capped(answer, super::REGISTRY_TOKEN)?;
                let doc: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| {
                    RegistryError::Oci(format!(
                        "{}: the registry's token service answered something that is not JSON ({e}) while {}",
                        self.place, self.action
                    ))
                })?;
                let token = doc
                    .get("token")
                    .or_else(|| doc.get("access_token"))
                    .and_then(|t| t.as_str())
                    .unwrap_or("");
                if token.is_empty() || !token.bytes().all(|b| b.is_ascii_graphic()) {
                    return Err(RegistryError::Oci(format!(
                        "{}: the registry's token service answered without a usable token while {}",
                        self.place, self.action
                    )));
                }
                Ok(token.to_string())
            }
            401 | 403 => {
                let detail = self.error_detail(answer).1;
                Err(self.refused(&detail))
            }
            status => {
                let detail = self.error_detail(answer).1;
                Err(RegistryError::Oci(format!(
                    "{}: the registry's token service answered {status} while {}: {detail}",
                    self.place, self.action
                )))
            }
        }
    }

    /// A GET to a token realm, with `basic` only when the caller found the realm may receive
    /// it (and exchange() checks again); the session's earned authorization never goes there.
    fn exchange_to(&self, url: &Url, basic: Option<&str>) -> Result<Answer, RegistryError> {
        let headers = [("accept", "application/json")];
        self.exchange("GET", url, &headers, &Payload::None, basic)
    }

    /// Reads a body of at most `limit` bytes, refusing a longer one without reading it all.
    pub fn read_capped(
        &self,
        answer: Answer,
        limit: gtdx_fsx::Limit,
    ) -> Result<Vec<u8>, RegistryError> {
        let declared = answer.content_length();
        let reader = answer.body.into_reader();
        crate::http::read_capped(reader, declared, limit, &self.place, |e| self.reading(e))
    }

    /// What an error answer says, read up to [`super::REGISTRY_ERROR`] (the rest is never
    /// read): the registry's error codes, and its messages as inert text.
    pub fn error_detail(&self, answer: Answer) -> (Vec<String>, String) {
        let status = answer.status;
        let mut bytes = Vec::new();
        let _ = answer
            .body
            .into_reader()
            .take(super::REGISTRY_ERROR.max)
            .read_to_end(&mut bytes);
        let mut codes = Vec::new();
        let mut parts = Vec::new();
        if let Ok(doc) = serde_json::from_slice::<serde_json::Value>(&bytes)
            && let Some(errors) = doc.get("errors").and_then(|e| e.as_array())
        {
            for e in errors.iter().take(5) {
                let code = e.get("code").and_then(|c| c.as_str()).unwrap_or("");
                let message = e.get("message").and_then(|c| c.as_str()).unwrap_or("");
                codes.push(code.to_string());
                parts.push(format!("{code}: {message}"));
            }
        }
        let text = if parts.is_empty() {
            let text = String::from_utf8_lossy(&bytes);
            let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            if line.trim().is_empty() {
                format!("status {status}")
            } else {
                format!("status {status}, {}", line.trim())
            }
        } else {
            parts.join("; ")
        };
        (
            codes,
            gtdx_contract::text::escape(&clip(&text)).into_owned(),
        )
    }

    /// The error for credentials the registry refused (or asked for and did not get).
    pub fn refused(&self, detail: &str) -> RegistryError {
        let source = self
            .credential
            .as_ref()
            .map_or("no credentials", |c| c.source.as_str());
        let mut msg = format!(
            "{}: the registry refused the credentials ({source}) while {}: {detail}. Check the user and token (--oci-user with --oci-token or $OCI_TOKEN for a registry named on the command line, `token-env` of a config.toml entry, $GHCR_TOKEN or $GITHUB_TOKEN for ghcr.io, or ~/.docker/config.json) and that the token may {}",
            self.place,
            self.action,
            if self.scope.ends_with("push") {
                "push (write:packages on GHCR)"
            } else {
                "pull"
            }
        );
        for w in &self.withheld {
            msg.push_str(". ");
            msg.push_str(w);
        }
        RegistryError::OciAuth(msg)
    }

    /// The error for an answer that is not what the step expects.
    pub fn unexpected(&self, answer: Answer) -> RegistryError {
        let status = answer.status;
        let (codes, detail) = self.error_detail(answer);
        self.failure(status, &codes, &detail)
    }

    /// The error for an answer of `status` carrying `codes` and `detail`.
    pub fn failure(&self, status: u16, codes: &[String], detail: &str) -> RegistryError {
        let unknown = codes.iter().any(|c| {
            matches!(
                c.as_str(),
                "NAME_UNKNOWN" | "MANIFEST_UNKNOWN" | "BLOB_UNKNOWN"
            )
        });
        match status {
            401 | 403 => self.refused(detail),
            404 if unknown || codes.is_empty() => RegistryError::Oci(format!(
                "{} is not in the registry ({detail}). `gtdx search --registry oci://HOST/REPOSITORY` lists its tags",
                self.place
            )),
            _ => RegistryError::Oci(format!(
                "the registry at {} answered {status} while {}: {detail}",
                self.host, self.action
            )),
        }
    }

    /// The error for a failed exchange.
    fn transport(&self, e: ureq::Error) -> RegistryError {
        if self.past_deadline() {
            return self.deadline_error();
        }
        match e {
            ureq::Error::Timeout(_)
            | ureq::Error::HostNotFound
            | ureq::Error::ConnectionFailed
            | ureq::Error::Io(_) => RegistryError::Oci(format!(
                "cannot reach the registry at {} while {}: {}. Is it running, and is the address right? (plain HTTP is used only for this machine or with --insecure)",
                self.host,
                self.action,
                error_chain(&e)
            )),
            other => RegistryError::Oci(format!(
                "the registry at {} failed while {}: {}",
                self.host,
                self.action,
                error_chain(&other)
            )),
        }
    }

    /// The error for a body that could not be read to its end.
    pub fn reading(&self, e: &std::io::Error) -> RegistryError {
        if self.past_deadline() {
            return self.deadline_error();
        }
        RegistryError::Oci(format!(
            "the registry at {} failed while {}: {}",
            self.host,
            self.action,
            error_chain(e)
        ))
    }

    fn other(&self, e: &dyn std::fmt::Display) -> RegistryError {
        RegistryError::Oci(format!(
            "{}: cannot make the request while {}: {e}",
            self.place, self.action
        ))
    }

    /// The body of an answer as a reader (for streaming a layer to disk).
    pub fn into_reader(answer: Answer) -> impl Read {
        answer.body.into_reader()
    }
}

/// At most 300 characters of a registry's text, for a message.
fn clip(text: &str) -> String {
    const MAX: usize = 300;
    match text.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(c) = src {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        src = c.source();
    }
    s
}
