//! A Greentic Store on loopback: a real HTTP/1.1 server implementing the Store's API under
//! `/api/v1/extensions` as the platform's client uses it (search, versions, metadata, artifact,
//! multipart publish, yank and unyank with a bearer token), its state in memory. The platform's
//! own `gtdx` is run against it (tests/e2e/store.rs) so that its behaviour is the one the
//! platform's client expects, not the one ours assumes. [`Bad`] makes it answer badly.
//! `cargo xtask bench store` runs it as a process (`examples/store_server.rs`), built in
//! release, so the timed clients, not the server, are what a 100 MB transfer measures.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

const PREFIX: &str = "/api/v1/extensions";

/// A way for the Store to misbehave on the GETs a fetch makes.
#[derive(Clone, Debug)]
pub enum Bad {
    /// Every GET answers 200 with an HTML page (a captive portal, a proxy's error page).
    Html,
    /// The metadata advertises a digest the artifact does not have.
    WrongDigest,
    /// The artifact's body never ends.
    Endless,
    /// The artifact answers 302 to this URL (another host).
    RedirectTo(String),
    /// Every request is answered this much later (a slow link or a loaded Store).
    Delay(std::time::Duration),
}

/// One published version.
#[derive(Clone, Debug)]
struct Entry {
    describe: Value,
    artifact: Vec<u8>,
    sha256: String,
    yanked: bool,
    reason: Option<String>,
}

#[derive(Default)]
struct State {
    entries: BTreeMap<(String, String), Entry>,
    bad: Option<Bad>,
    /// `METHOD path` of every request, in order.
    seen: Vec<String>,
    /// `METHOD path` of the requests that carried an `Authorization` header.
    with_token: Vec<String>,
}

/// The Store, serving on `127.0.0.1:<port>` until the test process ends.
pub struct Store {
    pub port: u16,
    pub token: String,
    state: Arc<Mutex<State>>,
}

impl Store {
    /// Starts a Store on loopback whose writes need `Authorization: Bearer <token>`.
    pub fn start(token: &str) -> Store {
        Store::start_on("127.0.0.1", token)
    }

    /// [`Store::start`] listening on `ip` (`0.0.0.0`: every address of this machine, to be
    /// reached at one that is not loopback).
    pub fn start_on(ip: &str, token: &str) -> Store {
        let listener = TcpListener::bind((ip, 0)).expect("bind a port");
        let port = listener.local_addr().expect("a local address").port();
        let state = Arc::new(Mutex::new(State::default()));
        let (shared, token2) = (state.clone(), token.to_string());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (state, token) = (shared.clone(), token2.clone());
                std::thread::spawn(move || serve(stream, &state, &token));
            }
        });
        Store {
            port,
            token: token.to_string(),
            state,
        }
    }

    /// `http://127.0.0.1:<port>`, the registry URL clients are given.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// From now on, answer badly (`None`: well again).
    pub fn misbehave(&self, bad: Option<Bad>) {
        self.state.lock().unwrap().bad = bad;
    }

    /// `METHOD path` of the requests seen so far.
    pub fn seen(&self) -> Vec<String> {
        self.state.lock().unwrap().seen.clone()
    }

    /// `METHOD path` of the requests seen so far that carried an `Authorization` header.
    pub fn seen_with_token(&self) -> Vec<String> {
        self.state.lock().unwrap().with_token.clone()
    }

    /// The published artifact of `id@version`, if any.
    pub fn artifact(&self, id: &str, version: &str) -> Option<Vec<u8>> {
        let st = self.state.lock().unwrap();
        st.entries
            .get(&(id.to_string(), version.to_string()))
            .map(|e| e.artifact.clone())
    }

    /// Serves `bytes` as the artifact of the published `id@version`, its metadata advertising
    /// their digest: a Store (or someone who broke into one) serving a changed pack
    /// consistently, so that only the pack's own checks can catch it.
    pub fn replace_artifact(&self, id: &str, version: &str, bytes: Vec<u8>) {
        let mut st = self.state.lock().unwrap();
        let e = st
            .entries
            .get_mut(&(id.to_string(), version.to_string()))
            .expect("a published version");
        e.sha256 = sha256_hex(&bytes);
        e.artifact = bytes;
    }

    /// Whether `id@version` is yanked, and why.
    pub fn yanked(&self, id: &str, version: &str) -> Option<(bool, Option<String>)> {
        let st = self.state.lock().unwrap();
        st.entries
            .get(&(id.to_string(), version.to_string()))
            .map(|e| (e.yanked, e.reason.clone()))
    }
}

/// A request as the server reads it.
struct Request {
    method: String,
    path: String,
    query: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An answer: status, content type, body; `Endless` and redirects are written apart.
enum Answer {
    Json(u16, Value),
    Bytes(u16, &'static str, Vec<u8>),
    Empty(u16),
    Endless,
    Redirect(String),
}

fn serve(stream: TcpStream, state: &Mutex<State>, token: &str) {
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(read_half);
    let Some(req) = read(&mut reader) else {
        return;
    };
    let answer = {
        let mut st = state.lock().unwrap();
        let line = format!("{} {}", req.method, req.path);
        if req.header("authorization").is_some() {
            st.with_token.push(line.clone());
        }
        st.seen.push(line);
        if let Some(Bad::Delay(d)) = st.bad {
            drop(st);
            std::thread::sleep(d);
            st = state.lock().unwrap();
        }
        route(&mut st, &req, token)
    };
    write(stream, answer);
}

/// Reads the request line, headers (names lower-cased) and a body sent with `content-length`
/// or chunked.
fn read(reader: &mut impl BufRead) -> Option<Request> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_string();
    let target = parts.next()?.to_string();
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_string(), q.to_string()),
        None => (target, String::new()),
    };
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).ok()? == 0 || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.trim().split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let mut req = Request {
        method,
        path,
        query,
        headers,
        body: Vec::new(),
    };
    if req
        .header("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"))
    {
        req.body = read_chunked(reader)?;
    } else if let Some(n) = req.header("content-length") {
        let mut body = vec![0; n.parse().ok()?];
        reader.read_exact(&mut body).ok()?;
        req.body = body;
    }
    Some(req)
}

fn read_chunked(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).ok()?;
        let n = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
        let mut chunk = vec![0; n + 2];
        reader.read_exact(&mut chunk).ok()?;
        if n == 0 {
            return Some(body);
        }
        body.extend_from_slice(&chunk[..n]);
    }
}

fn write(mut stream: TcpStream, answer: Answer) {
    let (status, kind, body, extra) = match answer {
        Answer::Json(s, v) => (s, "application/json", v.to_string().into_bytes(), None),
        Answer::Bytes(s, k, b) => (s, k, b, None),
        Answer::Empty(s) => (s, "text/plain", Vec::new(), None),
        Answer::Redirect(to) => (302, "text/plain", Vec::new(), Some(to)),
        Answer::Endless => {
            let head =
                "HTTP/1.1 200 OK\r\ncontent-type: application/zip\r\nconnection: close\r\n\r\n";
            let _ = stream.write_all(head.as_bytes());
            let block = vec![b'z'; 64 * 1024];
            while stream.write_all(&block).is_ok() {}
            return;
        }
    };
    let mut head = format!("HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\n");
    if let Some(to) = extra {
        head.push_str(&format!("location: {to}\r\n"));
    }
    head.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    ));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
    let _ = stream.flush();
}

fn route(st: &mut State, req: &Request, token: &str) -> Answer {
    let Some(rest) = req.path.strip_prefix(PREFIX) else {
        return Answer::Empty(404);
    };
    let segs: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
    if req.method == "GET" && matches!(st.bad, Some(Bad::Html)) {
        let page = b"<!doctype html><html><body>Sign in to the Wi-Fi</body></html>".to_vec();
        return Answer::Bytes(200, "text/html", page);
    }
    match (req.method.as_str(), segs.as_slice()) {
        ("GET", []) => search(st, &req.query),
        ("GET", [id]) => versions(st, id),
        ("GET", [id, v]) => metadata(st, id, v),
        ("GET", [id, v, "artifact"]) => artifact(st, id, v),
        ("POST", []) => authorized(req, token).unwrap_or_else(|| publish(st, req)),
        ("POST", [id, v, "yank"]) => authorized(req, token).unwrap_or_else(|| {
            let reason = serde_json::from_slice::<Value>(&req.body)
                .ok()
                .and_then(|b| b["reason"].as_str().map(str::to_string));
            set_yanked(st, id, v, true, reason)
        }),
        ("DELETE", [id, v, "yank"]) => {
            authorized(req, token).unwrap_or_else(|| set_yanked(st, id, v, false, None))
        }
        _ => Answer::Empty(404),
    }
}

/// `None` when the request carries the Store's bearer token, else the 401 it gets.
fn authorized(req: &Request, token: &str) -> Option<Answer> {
    let expected = format!("Bearer {token}");
    if req.header("authorization") == Some(expected.as_str()) {
        return None;
    }
    Some(Answer::Json(401, json!({"error": "unauthorized"})))
}

/// `q` (a substring of the id, name or summary) and `kind` narrow the list; each id once, with
/// its latest version that is not yanked.
fn search(st: &State, query: &str) -> Answer {
    let param = |name: &str| {
        query.split('&').find_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            (k == name).then(|| v.replace('+', " ").replace("%20", " "))
        })
    };
    let (q, kind) = (param("q").unwrap_or_default(), param("kind"));
    let mut out = Vec::new();
    for id in st
        .entries
        .keys()
        .map(|(id, _)| id)
        .collect::<std::collections::BTreeSet<_>>()
    {
        let Some(latest) = latest(st, id) else {
            continue;
        };
        let d = &st.entries[&(id.clone(), latest.clone())].describe;
        let text = format!(
            "{id} {} {}",
            d["metadata"]["name"], d["metadata"]["summary"]
        );
        let kind_dir = d["kind"]
            .as_str()
            .unwrap_or("")
            .trim_end_matches("Extension")
            .to_ascii_lowercase();
        if !text.to_lowercase().contains(&q.to_lowercase())
            || kind.as_ref().is_some_and(|k| *k != kind_dir)
        {
            continue;
        }
        out.push(json!({
            "name": id,
            "latestVersion": latest,
            "kind": d["kind"],
            "summary": d["metadata"]["summary"].as_str().unwrap_or(""),
            "downloads": 0,
        }));
    }
    Answer::Json(200, Value::Array(out))
}

/// The versions of `id` that are not yanked, oldest first.
fn live_versions(st: &State, id: &str) -> Vec<String> {
    let mut v: Vec<String> = st
        .entries
        .iter()
        .filter(|((i, _), e)| i == id && !e.yanked)
        .map(|((_, v), _)| v.clone())
        .collect();
    v.sort_by_key(|s| version_key(s));
    v
}

fn latest(st: &State, id: &str) -> Option<String> {
    live_versions(st, id).pop()
}

/// Numeric release parts, then a release before its pre-releases sorts after them.
fn version_key(v: &str) -> (Vec<u64>, bool, String) {
    let (core, pre) = match v.split_once('-') {
        Some((c, p)) => (c, p.to_string()),
        None => (v, String::new()),
    };
    let nums = core.split('.').map(|n| n.parse().unwrap_or(0)).collect();
    (nums, pre.is_empty(), pre)
}

fn versions(st: &State, id: &str) -> Answer {
    if !st.entries.keys().any(|(i, _)| i == id) {
        return Answer::Json(404, json!({"error": "not found"}));
    }
    Answer::Json(200, json!({ "versions": live_versions(st, id) }))
}

fn metadata(st: &State, id: &str, v: &str) -> Answer {
    let Some(e) = st.entries.get(&(id.to_string(), v.to_string())) else {
        return Answer::Json(404, json!({"error": "not found"}));
    };
    let sha = match st.bad {
        Some(Bad::WrongDigest) => "0".repeat(64),
        _ => e.sha256.clone(),
    };
    Answer::Json(
        200,
        json!({
            "describe": e.describe,
            "artifactSha256": sha,
            "publishedAt": "2026-12-03T00:00:00Z",
            "yanked": e.yanked,
        }),
    )
}

fn artifact(st: &State, id: &str, v: &str) -> Answer {
    let Some(e) = st.entries.get(&(id.to_string(), v.to_string())) else {
        return Answer::Json(404, json!({"error": "not found"}));
    };
    match &st.bad {
        Some(Bad::Endless) => Answer::Endless,
        Some(Bad::RedirectTo(to)) => Answer::Redirect(to.clone()),
        _ => Answer::Bytes(200, "application/zip", e.artifact.clone()),
    }
}

/// The multipart form the platform's client sends: a `metadata` JSON part and an `artifact`
/// part. 409 with the existing digest when the version exists and `force` is not set.
fn publish(st: &mut State, req: &Request) -> Answer {
    let parts = req
        .header("content-type")
        .and_then(|ct| ct.split("boundary=").nth(1))
        .map(|b| multipart(&req.body, b.trim_matches('"')))
        .unwrap_or_default();
    let (Some(meta), Some(artifact)) = (parts.get("metadata"), parts.get("artifact")) else {
        return Answer::Json(
            400,
            json!({"error": "metadata and artifact parts required"}),
        );
    };
    let Ok(meta) = serde_json::from_slice::<Value>(meta) else {
        return Answer::Json(400, json!({"error": "metadata is not JSON"}));
    };
    let (Some(id), Some(version)) = (meta["extId"].as_str(), meta["version"].as_str()) else {
        return Answer::Json(400, json!({"error": "extId and version required"}));
    };
    let sha = sha256_hex(artifact);
    if meta["artifactSha256"].as_str() != Some(sha.as_str()) {
        return Answer::Json(400, json!({"error": "artifactSha256 does not match"}));
    }
    let key = (id.to_string(), version.to_string());
    if let Some(old) = st.entries.get(&key)
        && meta["force"] != true
    {
        return Answer::Json(
            409,
            json!({"error": "version exists", "existing_sha": old.sha256}),
        );
    }
    st.entries.insert(
        key,
        Entry {
            describe: meta["describe"].clone(),
            artifact: artifact.clone(),
            sha256: sha.clone(),
            yanked: false,
            reason: None,
        },
    );
    Answer::Json(
        201,
        json!({
            "url": format!("{PREFIX}/{id}/{version}"),
            "artifactSha256": sha,
            "publishedAt": "2026-12-03T00:00:00Z",
        }),
    )
}

/// 404 when the version is unknown or already in the state asked for (as the Store does).
fn set_yanked(st: &mut State, id: &str, v: &str, yank: bool, reason: Option<String>) -> Answer {
    match st.entries.get_mut(&(id.to_string(), v.to_string())) {
        Some(e) if e.yanked != yank => {
            e.yanked = yank;
            e.reason = reason;
            Answer::Empty(204)
        }
        _ => Answer::Json(404, json!({"error": "not found"})),
    }
}

/// The named parts of a `multipart/form-data` body.
fn multipart(body: &[u8], boundary: &str) -> BTreeMap<String, Vec<u8>> {
    let delim = format!("--{boundary}");
    let mut out = BTreeMap::new();
    for part in split(body, delim.as_bytes()) {
        let Some(end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..end]);
        let Some(name) = head
            .split(';')
            .find_map(|s| s.trim().strip_prefix("name="))
            .map(|n| n.split(['\r', '\n']).next().unwrap_or(n).trim_matches('"'))
        else {
            continue;
        };
        let content = &part[end + 4..];
        let content = content.strip_suffix(b"\r\n").unwrap_or(content);
        out.insert(name.to_string(), content.to_vec());
    }
    out
}

fn split<'a>(mut body: &'a [u8], delim: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(body, delim) {
        out.push(&body[..i]);
        body = &body[i + delim.len()..];
    }
    out
}

/// The first `needle` in `hay`: candidates by their first byte, so a 100 MB artifact part is
/// scanned at memory speed rather than compared window by window.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut at = 0;
    while let Some(i) = hay[at..].iter().position(|&b| b == first) {
        let start = at + i;
        if hay[start + 1..].starts_with(rest) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
