//! `http.fetch` against two real HTTP servers on loopback, `a` and `b` (two origins): which
//! requests leave, with which of the guest's headers and what body, and what the guest gets.
//!
//! A case: `request` (`method`, `path` on `a`, `headers` as `[name, value]` pairs, `body` text
//! or `null`), `routes` (`{"at": "a"|"b", "path", "status", "location", "body", "bodyBytes"}`;
//! in `location`, `{a}` and `{b}` stand for the servers' origins; other paths answer 404),
//! `allow` (the servers the extension's network patterns name; both when absent).
//! Verdict: `seen`, each request in order (`at`, `method`, `path`, `kept`: the names of the
//! guest's headers that arrived with the guest's value, `body`), and `result`: `{"status",
//! "length", "body"}` (the first 200 characters) or `{"error"}`, origins written `{a}`/`{b}`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use greentic_ext_runtime::host_bindings::greentic::extension_host::http::{self, Host as _};
use greentic_ext_runtime::{HostState, UrlMatcher, reqwest};
use serde_json::{Value, json};

/// One request as a server received it.
struct Received {
    at: &'static str,
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

type Log = Arc<Mutex<Vec<Received>>>;

/// A loopback server answering the case's routes for `name`; returns its origin.
fn serve(name: &'static str, case: &Value, log: &Log, origins: Arc<Mutex<Vec<String>>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| crate::fail(&e.to_string()));
    let origin = format!(
        "http://{}",
        listener
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default()
    );
    let routes: Vec<Value> = case["routes"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .filter(|r| r["at"] == name)
        .cloned()
        .collect();
    let log = log.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Some(received) = read_request(name, &stream) {
                let route = routes.iter().find(|r| r["path"] == received.path.as_str());
                log.lock().map(|mut l| l.push(received)).ok();
                let origins = origins.lock().map(|o| o.clone()).unwrap_or_default();
                answer(stream, route, &origins);
            }
        }
    });
    origin
}

fn read_request(at: &'static str, stream: &TcpStream) -> Option<Received> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut words = line.split_whitespace();
    let (method, path) = (words.next()?.to_string(), words.next()?.to_string());
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).is_err() || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.trim().split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let length = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Received {
        at,
        method,
        path,
        headers,
        body,
    })
}

fn answer(mut stream: TcpStream, route: Option<&Value>, origins: &[String]) {
    let status = route.and_then(|r| r["status"].as_u64()).unwrap_or(404);
    let mut head = format!("HTTP/1.1 {status} X\r\n");
    if let Some(location) = route.and_then(|r| r["location"].as_str()) {
        let location = location
            .replace("{a}", &origins[0])
            .replace("{b}", &origins[1]);
        head.push_str(&format!("location: {location}\r\n"));
    }
    let body = match route {
        Some(r) if r["bodyBytes"].is_u64() => {
            vec![b'a'; usize::try_from(r["bodyBytes"].as_u64().unwrap_or(0)).unwrap_or(0)]
        }
        Some(r) => r["body"].as_str().unwrap_or_default().as_bytes().to_vec(),
        None => b"not found".to_vec(),
    };
    head.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    ));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
    let _ = stream.flush();
}

/// The case's request headers.
fn guest_headers(case: &Value) -> Vec<(String, String)> {
    let pairs = case["request"]["headers"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    pairs
        .iter()
        .map(|kv| {
            (
                kv[0].as_str().unwrap_or_default().into(),
                kv[1].as_str().unwrap_or_default().into(),
            )
        })
        .collect()
}

pub fn verdict(case: &Value) -> Value {
    let log: Log = Arc::new(Mutex::new(Vec::new()));
    let origins = Arc::new(Mutex::new(Vec::new()));
    let a = serve("a", case, &log, origins.clone());
    let b = serve("b", case, &log, origins.clone());
    origins
        .lock()
        .map(|mut o| o.extend([a.clone(), b.clone()]))
        .ok();
    let allowed: Vec<String> = match case["allow"].as_array() {
        Some(names) => names
            .iter()
            .filter_map(|n| n.as_str())
            .map(|n| if n == "a" { &a } else { &b })
            .map(|o| format!("{o}/*"))
            .collect(),
        None => vec![format!("{a}/*"), format!("{b}/*")],
    };
    // A client that follows no redirect and uses no proxy: the host follows hops itself.
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .build()
        .unwrap_or_else(|e| crate::fail(&e.to_string()));
    let mut state = HostState::builder(crate::EXTENSION_ID.into(), crate::permissions(json!({})))
        .url_matcher(UrlMatcher::from_patterns(allowed).with_allow_http(true))
        .http_client(Some(client))
        .build();
    let request = &case["request"];
    let headers = guest_headers(case);
    let outcome = state.fetch(http::Request {
        method: request["method"].as_str().unwrap_or("GET").into(),
        url: format!("{a}{}", request["path"].as_str().unwrap_or("/")),
        headers: headers.clone(),
        body: request["body"].as_str().map(|b| b.as_bytes().to_vec()),
    });
    let unorigin = |s: &str| s.replace(&a, "{a}").replace(&b, "{b}");
    let result = match outcome {
        Ok(r) => {
            let text = String::from_utf8_lossy(&r.body);
            json!({"status": r.status, "length": r.body.len(), "body": text.chars().take(200).collect::<String>()})
        }
        Err(e) => json!({"error": unorigin(&e)}),
    };
    let seen: Vec<Value> = log
        .lock()
        .map(|l| l.iter().map(|r| seen(r, &headers)).collect())
        .unwrap_or_default();
    json!({"seen": seen, "result": result})
}

/// One received request as recorded: the guest's headers that arrived unchanged, by name.
fn seen(r: &Received, guest: &[(String, String)]) -> Value {
    let kept: Vec<String> = guest
        .iter()
        .filter(|(k, v)| {
            r.headers
                .iter()
                .any(|(rk, rv)| rk.eq_ignore_ascii_case(k) && rv == v)
        })
        .map(|(k, _)| k.to_ascii_lowercase())
        .collect();
    json!({"at": r.at, "method": r.method, "path": r.path, "kept": kept,
           "body": String::from_utf8_lossy(&r.body)})
}
