//! A real HTTP/1.1 server on loopback for the tests of `http.fetch` (not a mock of the client:
//! gtdx's host connects to it over TCP). Each route answers with a fixed response; every
//! request's method, path, headers and body are recorded.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

/// A canned answer.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn ok(body: &str) -> Reply {
        Reply {
            status: 200,
            headers: vec![("content-type".into(), "text/plain".into())],
            body: body.as_bytes().to_vec(),
        }
    }

    pub fn redirect(location: &str) -> Reply {
        Reply {
            status: 302,
            headers: vec![("location".into(), location.into())],
            body: Vec::new(),
        }
    }

    pub fn bytes(n: usize) -> Reply {
        Reply {
            status: 200,
            headers: vec![("content-type".into(), "application/octet-stream".into())],
            body: vec![b'a'; n],
        }
    }
}

/// One request the server saw.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// A server on `127.0.0.1:<port>`, serving until the test process ends.
pub struct HttpServer {
    pub port: u16,
    seen: Arc<Mutex<Vec<Seen>>>,
    routes: Arc<Mutex<BTreeMap<String, Reply>>>,
}

impl HttpServer {
    /// Starts a server answering `routes` (path → reply; 404 otherwise).
    pub fn start(routes: Vec<(&str, Reply)>) -> HttpServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let port = listener.local_addr().unwrap().port();
        let routes: Arc<Mutex<BTreeMap<String, Reply>>> = Arc::new(Mutex::new(
            routes
                .into_iter()
                .map(|(p, r)| (p.to_string(), r))
                .collect(),
        ));
        let routes2 = routes.clone();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let seen2 = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let routes = routes2.clone();
                let seen = seen2.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let Some(request) = read_request(&mut reader) else {
                        return;
                    };
                    let path = request.path.clone();
                    seen.lock().unwrap().push(request);
                    let reply = routes.lock().unwrap().get(&path).cloned().unwrap_or(Reply {
                        status: 404,
                        headers: Vec::new(),
                        body: b"not found".to_vec(),
                    });
                    write_reply(&mut stream, reply.status, &reply.headers, &reply.body);
                    let _ = stream.flush();
                });
            }
        });
        HttpServer { port, seen, routes }
    }

    /// Adds (or replaces) a route, for routes that name another server started after this one.
    pub fn route(&self, path: &str, reply: Reply) {
        self.routes.lock().unwrap().insert(path.to_string(), reply);
    }

    /// `http://127.0.0.1:<port><path>`.
    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// The requests seen so far.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

/// Reads one request: its request line, headers (names in lower case) and a body of the
/// `content-length` it declares. `None` when the request line cannot be read.
pub fn read_request(reader: &mut impl BufRead) -> Option<Seen> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let path = parts.next().unwrap_or("").to_string();
    let mut headers = Vec::new();
    let mut length = 0usize;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).is_err() || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.trim().split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    Some(Seen {
        method,
        path,
        headers,
        body,
    })
}

/// Writes a whole answer: status line, `headers`, the body's `content-length`,
/// `connection: close`, then `body` (write errors are the client's hanging up, and ignored).
pub fn write_reply(
    stream: &mut impl Write,
    status: u16,
    headers: &[(String, String)],
    body: &[u8],
) {
    let mut head = format!("HTTP/1.1 {status} X\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    ));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
}
