//! Hardening, round two (issue #30): registries. Items 1 (credentials go only where they
//! belong), 4 (every registry body is capped; one deadline per operation) and 9 (credentials
//! inside registry URLs are never printed).
//!
//! The registries here are real HTTP servers on loopback ([`Server`]) that record every request
//! (its Authorization header included) and answer as a hostile or misconfigured registry would:
//! a challenge naming a token service on another host, a Basic challenge, a redirect elsewhere,
//! an endless body, a manifest dripped a byte at a time. Loopback is both the registry and "the
//! other host": the registry is `127.0.0.1:P`, the other host is named `localhost:Q` (the same
//! machine, another host name, which is what gtdx compares). Plain http to a machine other
//! than this one cannot be reached from a test; its rule is the registry crate's unit test
//! `credentials_go_only_where_they_belong_the_decision`.

use std::io::{BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine as _;

use crate::support::{Cmd, Env, Run, fixture, read_request, write_reply};

// ---------------------------------------------------------------------------------------------
// a recording HTTP server that answers like a hostile registry

/// One request a server saw.
#[derive(Clone, Debug)]
struct Seen {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The request line and headers, with Basic credentials decoded: what a leak check reads.
    fn text(&self) -> String {
        let mut out = format!("{} {}\n", self.method, self.target);
        for (k, v) in &self.headers {
            out.push_str(&format!("{k}: {v}\n"));
            if let Some(b64) = v.strip_prefix("Basic ")
                && let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(b64.trim())
            {
                out.push_str(&format!(
                    "  (decoded: {})\n",
                    String::from_utf8_lossy(&bytes)
                ));
            }
        }
        out
    }
}

/// What a server answers to one request.
enum Answer {
    Full {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// `200`, then one byte every `every`, for ever.
    Drip { every: Duration },
    /// `status`, with `content_length` declared (or none), then bytes until the client hangs up.
    Endless {
        status: u16,
        content_length: Option<u64>,
    },
}

impl Answer {
    fn json(status: u16, body: &str) -> Answer {
        Answer::Full {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.as_bytes().to_vec(),
        }
    }

    /// `401` with this `WWW-Authenticate`.
    fn challenge(value: &str) -> Answer {
        Answer::Full {
            status: 401,
            headers: vec![
                ("www-authenticate".into(), value.to_string()),
                ("content-type".into(), "application/json".into()),
            ],
            body: br#"{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}"#
                .to_vec(),
        }
    }

    fn not_found() -> Answer {
        Answer::json(
            404,
            r#"{"errors":[{"code":"MANIFEST_UNKNOWN","message":"manifest unknown"}]}"#,
        )
    }
}

type Handler = dyn Fn(&Seen) -> Answer + Send + Sync;

/// A server on `127.0.0.1:<port>`, serving until the test process ends.
struct Server {
    port: u16,
    seen: Arc<Mutex<Vec<Seen>>>,
    /// Body bytes written by endless and dripping answers.
    sent: Arc<AtomicU64>,
}

impl Server {
    fn start(handler: impl Fn(&Seen) -> Answer + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let port = listener.local_addr().unwrap().port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sent = Arc::new(AtomicU64::new(0));
        let handler: Arc<Handler> = Arc::new(handler);
        let (seen2, sent2) = (seen.clone(), sent.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (handler, seen, sent) = (handler.clone(), seen2.clone(), sent2.clone());
                std::thread::spawn(move || serve(stream, &*handler, &seen, &sent));
            }
        });
        Server { port, seen, sent }
    }

    /// `127.0.0.1:<port>`.
    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    fn sent(&self) -> u64 {
        self.sent.load(Ordering::SeqCst)
    }
}

fn serve(stream: TcpStream, handler: &Handler, seen: &Mutex<Vec<Seen>>, sent: &AtomicU64) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut stream = stream;
    let Some(request) = read_request(&mut reader).filter(|r| !r.method.is_empty()) else {
        return;
    };
    let request = Seen {
        method: request.method,
        target: request.path,
        headers: request.headers,
    };
    seen.lock().unwrap().push(request.clone());
    match handler(&request) {
        Answer::Full {
            status,
            headers,
            body,
        } => write_reply(&mut stream, status, &headers, &body),
        Answer::Drip { every } => {
            let head = "HTTP/1.1 200 OK\r\ncontent-type: application/vnd.oci.image.manifest.v1+json\r\nconnection: close\r\n\r\n";
            if stream.write_all(head.as_bytes()).is_err() {
                return;
            }
            loop {
                if stream
                    .write_all(b" ")
                    .and_then(|()| stream.flush())
                    .is_err()
                {
                    return;
                }
                sent.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(every);
            }
        }
        Answer::Endless {
            status,
            content_length,
        } => {
            let mut head = format!("HTTP/1.1 {status} X\r\ncontent-type: application/json\r\n");
            if let Some(n) = content_length {
                head.push_str(&format!("content-length: {n}\r\n"));
            }
            head.push_str("connection: close\r\n\r\n");
            if stream.write_all(head.as_bytes()).is_err() {
                return;
            }
            let chunk = vec![b'0'; 64 * 1024];
            let limit = content_length.unwrap_or(u64::MAX);
            let mut written = 0u64;
            while written < limit {
                let n = chunk.len().min((limit - written) as usize);
                if stream.write_all(&chunk[..n]).is_err() {
                    return;
                }
                written += n as u64;
                sent.fetch_add(n as u64, Ordering::SeqCst);
            }
        }
    }
    let _ = stream.flush();
}

// ---------------------------------------------------------------------------------------------
// secrets and leak checks

const GITHUB: &str = "ghp-GITHUB-SECRET-1111";
const OCI: &str = "oci-OCI-SECRET-2222";
const GHCR: &str = "ghcr-GHCR-SECRET-3333";
const FLAG: &str = "flag-FLAG-SECRET-4444";
const TEAM: &str = "team-TEAM-SECRET-5555";
const ALL_SECRETS: &[&str] = &[GITHUB, OCI, GHCR, FLAG, TEAM];

/// `cmd` with every environment token set (and nothing inherited that could differ).
fn with_tokens(cmd: Cmd) -> Cmd {
    cmd.env("GITHUB_TOKEN", GITHUB)
        .env("OCI_TOKEN", OCI)
        .env("GHCR_TOKEN", GHCR)
        .env("TEAM_TOKEN", TEAM)
        .env_remove("DOCKER_CONFIG")
}

/// `Basic base64(user:secret)`.
fn basic(user: &str, secret: &str) -> String {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{secret}"))
    )
}

/// Asserts that no request `server` saw carried any of `secrets` (raw or base64-encoded).
#[track_caller]
fn assert_never_received(name: &str, server: &Server, secrets: &[&str]) {
    for req in server.seen() {
        let text = req.text();
        for s in secrets {
            assert!(
                !text.contains(s),
                "{name} received the secret {s:?} it is not for:\n{text}"
            );
        }
    }
}

#[track_caller]
fn assert_output_lacks_secrets(run: &Run) {
    for s in ALL_SECRETS {
        run.output_lacks(s);
    }
}

/// A worker spec naming one `oci://` pack.
fn worker_spec(env: &Env, entry: &str) -> String {
    let spec = env.write(
        "release/worker.toml",
        format!(
            "name = \"rel\"\ntenant = \"acme\"\nkind = \"single_turn\"\n\
             extensions = [\"{entry}\"]\n\n\
             [llm]\nprovider = \"openai\"\nmodel = \"gpt-4o\"\n\n\
             [[tools]]\nextension_id = \"gtdx.walpha\"\ntool_name = \"echo\"\n"
        ),
    );
    spec.to_str().unwrap().to_string()
}

/// A token service that hands out an anonymous token to anyone.
fn token_service() -> Server {
    Server::start(|_| Answer::json(200, r#"{"token":"anonymous-token"}"#))
}

// ---------------------------------------------------------------------------------------------
// 1. credentials go only where they belong

/// A worker spec is untrusted input: the registry it names, on a host that is not ghcr.io and
/// not named on the command line, gets neither $OCI_TOKEN, $GITHUB_TOKEN, $GHCR_TOKEN nor
/// `--oci-token`, whether it answers with a token challenge (whose realm on another host over
/// plain http gets nothing either) or a Basic one.
#[test]
fn credentials_go_only_where_they_belong_a_worker_spec_host_gets_no_token() {
    let env = Env::new();
    let realm = token_service();
    let bearer_realm = format!(
        "Bearer realm=\"http://localhost:{}/token\",service=\"reg\"",
        realm.port
    );
    let bearer = Server::start(move |_| Answer::challenge(&bearer_realm));
    let basic_only = Server::start(|_| Answer::challenge("Basic realm=\"reg\""));
    for server in [&bearer, &basic_only] {
        let spec = worker_spec(&env, &format!("oci://{}/team/ext:1.0.0", server.host()));
        for extra in [vec![], vec!["--oci-token", FLAG]] {
            let mut args = vec!["worker", "build", spec.as_str()];
            args.extend(extra);
            let run = with_tokens(env.gtdx_cmd(args))
                .timeout(Duration::from_secs(60))
                .run();
            run.code(2)
                .stderr_has("refused the credentials (no credentials)");
            assert_output_lacks_secrets(&run);
        }
        assert!(!server.seen().is_empty(), "the registry was never asked");
        assert_never_received("the spec's registry", server, ALL_SECRETS);
        for req in server.seen() {
            assert!(
                req.header("authorization")
                    .is_none_or(|a| a == "Bearer anonymous-token"),
                "{}",
                req.text()
            );
        }
    }
    assert!(
        !realm.seen().is_empty(),
        "the token service was never asked"
    );
    assert_never_received("the token service", &realm, ALL_SECRETS);
    assert!(
        realm
            .seen()
            .iter()
            .all(|r| r.header("authorization").is_none())
    );
}

/// A registry named on the command line may receive `--oci-token` and $OCI_TOKEN; when its
/// challenge names a token service on another host (plain http, `localhost` rather than
/// `127.0.0.1`), that service is asked anonymously, and the message says why.
#[test]
fn credentials_go_only_where_they_belong_a_token_realm_on_another_host_gets_none() {
    let env = Env::new();
    let realm = token_service();
    let challenge = format!(
        "Bearer realm=\"http://localhost:{}/token\",service=\"reg\",scope=\"repository:team/ext:pull\"",
        realm.port
    );
    let registry = Server::start(move |_| Answer::challenge(&challenge));
    let art = format!("oci://{}/team/ext:1.0.0", registry.host());
    for (extra, source) in [
        (vec![], "$OCI_TOKEN"),
        (vec!["--oci-token", FLAG], "--oci-token"),
    ] {
        let mut args = vec!["install", art.as_str(), "--yes"];
        args.extend(extra);
        let run = with_tokens(env.gtdx_cmd(args))
            .timeout(Duration::from_secs(60))
            .run();
        run.code(2)
            .stderr_has(&format!("refused the credentials ({source})"))
            .stderr_has(&format!(
                "{source} was not sent to the registry's token service: localhost:{} is not the registry's host",
                realm.port
            ));
        assert_output_lacks_secrets(&run);
    }
    assert!(realm.seen().len() >= 2, "{:?}", realm.seen());
    assert_never_received("the token service on another host", &realm, ALL_SECRETS);
    assert!(
        realm
            .seen()
            .iter()
            .all(|r| r.header("authorization").is_none())
    );
    // The registry itself only ever saw the anonymous token.
    assert_never_received("the registry", &registry, ALL_SECRETS);
}

/// A Basic challenge from the registry the command line names gets that registry's token
/// ($OCI_TOKEN, or `--oci-token`), never $GITHUB_TOKEN or $GHCR_TOKEN (those are ghcr.io's).
#[test]
fn credentials_go_only_where_they_belong_a_basic_challenge_gets_only_the_named_registrys_token() {
    let env = Env::new();
    let good = basic("token", OCI);
    let registry = Server::start(move |req| {
        if req.header("authorization") == Some(good.as_str()) {
            Answer::not_found()
        } else {
            Answer::challenge("Basic realm=\"reg\"")
        }
    });
    let art = format!("oci://{}/team/ext:1.0.0", registry.host());
    let run = with_tokens(env.gtdx_cmd(["install", art.as_str(), "--yes"])).run();
    run.code(2).stderr_has("is not in the registry");
    assert_output_lacks_secrets(&run);
    assert!(
        registry
            .seen()
            .iter()
            .any(|r| r.header("authorization") == Some(basic("token", OCI).as_str())),
        "the named registry never got $OCI_TOKEN"
    );
    assert_never_received("the named registry", &registry, &[GITHUB, GHCR, FLAG, TEAM]);

    let run =
        with_tokens(env.gtdx_cmd(["install", art.as_str(), "--yes", "--oci-token", FLAG])).run();
    run.code(2)
        .stderr_has("refused the credentials (--oci-token)");
    assert_output_lacks_secrets(&run);
    assert_never_received("the named registry", &registry, &[GITHUB, GHCR, TEAM]);
}

/// A config.toml entry that names its token variable (`token-env`) gets that variable and no
/// other; an entry without one, on a host the command line does not name, gets nothing. Seen
/// through `gtdx doctor`, which names no registry itself.
#[test]
fn credentials_go_only_where_they_belong_a_configured_entry_gets_its_own_variable() {
    let env = Env::new();
    let good = basic("token", TEAM);
    let team = Server::start(move |req| {
        if req.header("authorization") == Some(good.as_str()) {
            Answer::json(200, r#"{"name":"acme","tags":["1.0.0"]}"#)
        } else {
            Answer::challenge("Basic realm=\"reg\"")
        }
    });
    let other = Server::start(|_| Answer::challenge("Basic realm=\"reg\""));
    std::fs::create_dir_all(env.greentic_home()).unwrap();
    std::fs::write(
        env.greentic_home().join("config.toml"),
        format!(
            "[[registries]]\nname = \"team\"\nurl = \"oci://{}/acme\"\ntoken-env = \"TEAM_TOKEN\"\n\n\
             [[registries]]\nname = \"other\"\nurl = \"oci://{}/acme\"\n",
            team.host(),
            other.host()
        ),
    )
    .unwrap();
    let dir = env.mkdir("proj");
    let run =
        with_tokens(env.gtdx_cmd(["doctor", dir.to_str().unwrap(), "--format", "json"])).run();
    run.code(1);
    assert_output_lacks_secrets(&run);
    let checks = run.json()["checks"].as_array().unwrap().clone();
    let summary = |name: &str| {
        checks
            .iter()
            .find(|c| {
                c["check"] == "registry"
                    && c["summary"]
                        .as_str()
                        .is_some_and(|s| s.contains(&format!("`{name}`")))
            })
            .unwrap_or_else(|| panic!("no registry check for {name}: {checks:#?}"))
            .clone()
    };
    assert_eq!(summary("team")["status"], "pass", "{checks:#?}");
    assert_eq!(summary("other")["status"], "fail", "{checks:#?}");
    assert_never_received("the `team` registry", &team, &[GITHUB, GHCR, OCI, FLAG]);
    assert_never_received("the `other` registry", &other, ALL_SECRETS);
}

/// A registry's redirect (a blob store) on another host is followed without the credentials.
#[test]
fn credentials_go_only_where_they_belong_a_redirect_to_another_host_gets_none() {
    use sha2::Digest as _;
    let env = Env::new();
    let store = Server::start(|_| Answer::Full {
        status: 200,
        headers: vec![],
        body: b"not a pack".to_vec(),
    });
    let layer = format!("sha256:{:x}", sha2::Sha256::digest(b"not a pack"));
    let manifest = format!(
        r#"{{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{{"mediaType":"application/vnd.greentic.gtxpack.config.v1+json","digest":"sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a","size":2}},"layers":[{{"mediaType":"application/vnd.greentic.gtxpack.v1","digest":"{layer}","size":10}}]}}"#
    );
    let good = basic("token", OCI);
    let elsewhere = format!("http://localhost:{}/blob", store.port);
    let registry = Server::start(move |req| {
        if req.header("authorization") != Some(good.as_str()) {
            return Answer::challenge("Basic realm=\"reg\"");
        }
        if req.target.contains("/manifests/") {
            Answer::json(200, &manifest)
        } else {
            Answer::Full {
                status: 307,
                headers: vec![("location".into(), elsewhere.clone())],
                body: Vec::new(),
            }
        }
    });
    let art = format!("oci://{}/team/ext:1.0.0", registry.host());
    let run = with_tokens(env.gtdx_cmd(["install", art.as_str(), "--yes"])).run();
    run.code(2);
    assert_output_lacks_secrets(&run);
    let fetched = store.seen();
    assert_eq!(fetched.len(), 1, "{fetched:?}");
    assert!(
        fetched[0].header("authorization").is_none(),
        "{}",
        fetched[0].text()
    );
    assert_never_received("the blob store on another host", &store, ALL_SECRETS);
}

// ---------------------------------------------------------------------------------------------
// 4. every registry body is capped; one deadline per operation

#[track_caller]
fn assert_quick(started: Instant, limit: Duration, what: &str) {
    let took = started.elapsed();
    assert!(took < limit, "{what} took {took:?}, more than {limit:?}");
}

/// Manifests, tag lists, token answers and error bodies are each read up to a documented cap
/// (docs/security.md): an endless one, or one declaring 2 GiB, is refused without reading it
/// all, at once, naming the limit.
#[test]
fn every_registry_body_is_capped_manifests_tag_lists_tokens_and_error_bodies() {
    let env = Env::new();
    // An endless manifest.
    let endless = Server::start(|_| Answer::Endless {
        status: 200,
        content_length: None,
    });
    let started = Instant::now();
    let art = format!("oci://{}/team/ext:1.0.0", endless.host());
    env.gtdx_cmd(["install", art.as_str(), "--yes"])
        .timeout(Duration::from_secs(60))
        .run()
        .code(2)
        .stderr_has("the registry's manifest is more than 4 MiB, the most gtdx reads of one");
    assert_quick(started, Duration::from_secs(20), "an endless manifest");
    assert!(
        endless.sent() < 64 << 20,
        "gtdx read {} bytes of an endless manifest",
        endless.sent()
    );
    // A manifest declaring 2 GiB: refused before its body is read.
    let huge = Server::start(|_| Answer::Endless {
        status: 200,
        content_length: Some(2 << 30),
    });
    let art = format!("oci://{}/team/ext:1.0.0", huge.host());
    env.gtdx(["install", art.as_str(), "--yes"])
        .code(2)
        .stderr_has("the registry's manifest is more than 4 MiB");
    assert!(huge.sent() < 64 << 20, "{} bytes read", huge.sent());
    // An endless tag list (`search` and `install ID --registry` list tags).
    let tags = Server::start(|_| Answer::Endless {
        status: 200,
        content_length: None,
    });
    let reg = format!("oci://{}/team", tags.host());
    env.gtdx(["search", "ext", "--registry", reg.as_str()])
        .code(2)
        .stderr_has("the registry's tag list is more than 4 MiB");
    assert!(tags.sent() < 64 << 20, "{} bytes read", tags.sent());
    // An endless token answer, from the registry's own token service.
    let tokens = Server::start(|req| {
        if req.target.starts_with("/token") {
            Answer::Endless {
                status: 200,
                content_length: None,
            }
        } else {
            Answer::challenge(&format!(
                "Bearer realm=\"http://{}/token\"",
                req.header("host").unwrap_or("")
            ))
        }
    });
    let art = format!("oci://{}/team/ext:1.0.0", tokens.host());
    env.gtdx(["install", art.as_str(), "--yes"])
        .code(2)
        .stderr_has("the registry's token answer is more than 64 KiB");
    assert!(tokens.sent() < 64 << 20, "{} bytes read", tokens.sent());
    // An endless error body: read up to its cap for the message, the rest never.
    let failing = Server::start(|_| Answer::Endless {
        status: 500,
        content_length: None,
    });
    let started = Instant::now();
    let art = format!("oci://{}/team/ext:1.0.0", failing.host());
    env.gtdx(["install", art.as_str(), "--yes"])
        .code(2)
        .stderr_has(&format!(
            "the registry at {} answered 500 while fetching the manifest",
            failing.host()
        ));
    assert_quick(started, Duration::from_secs(20), "an endless error body");
    assert!(failing.sent() < 64 << 20, "{} bytes read", failing.sent());
}

/// A manifest dripped one byte a second holds `install` no longer than its deadline
/// (`--registry-timeout`; 300 s by default, docs/security.md); nothing is installed.
#[test]
fn every_registry_body_is_capped_a_dripping_manifest_meets_the_deadline() {
    let env = Env::new();
    let drip = Server::start(|_| Answer::Drip {
        every: Duration::from_secs(1),
    });
    let art = format!("oci://{}/team/ext:1.0.0", drip.host());
    let started = Instant::now();
    env.gtdx_cmd(["install", art.as_str(), "--yes", "--registry-timeout", "3s"])
        .timeout(Duration::from_secs(60))
        .run()
        .code(2)
        .stderr_has("no complete answer from the registry within 3 s while fetching the manifest")
        .stderr_has("--registry-timeout");
    assert_quick(started, Duration::from_secs(10), "a dripping manifest");
    assert!(
        !env.greentic_home()
            .join("extensions/tool/ext-1.0.0")
            .exists(),
        "something was installed"
    );
    // The option is checked: zero and past a day are refused before any request.
    for bad in ["0", "25h", "soon"] {
        env.gtdx(["install", art.as_str(), "--yes", "--registry-timeout", bad])
            .code(2)
            .stderr_has("--registry-timeout");
    }
}

/// `gtdx doctor` checks each configured registry with its own short deadline (10 s,
/// docs/security.md): a registry dripping its tag list does not hold it.
#[test]
fn every_registry_body_is_capped_doctor_gives_a_dripping_registry_its_deadline() {
    let env = Env::new();
    let drip = Server::start(|_| Answer::Drip {
        every: Duration::from_secs(1),
    });
    std::fs::create_dir_all(env.greentic_home()).unwrap();
    std::fs::write(
        env.greentic_home().join("config.toml"),
        format!(
            "[[registries]]\nname = \"slow\"\nurl = \"oci://{}/acme\"\n",
            drip.host()
        ),
    )
    .unwrap();
    let dir = env.mkdir("proj");
    let started = Instant::now();
    let run = env
        .gtdx_cmd(["doctor", dir.to_str().unwrap(), "--format", "json"])
        .timeout(Duration::from_secs(60))
        .run();
    assert_quick(
        started,
        Duration::from_secs(20),
        "doctor on a dripping registry",
    );
    run.code(1);
    let failed = run.failed_checks("registry");
    assert_eq!(failed.len(), 1, "{failed:#?}");
    let summary = failed[0]["summary"].as_str().unwrap();
    assert!(
        summary.contains("`slow`") && summary.contains("within 10 s"),
        "{summary}"
    );
}

// ---------------------------------------------------------------------------------------------
// 9. credentials inside registry URLs

/// config.toml's registry URLs may carry a user name and password (`https://alice:S3CRET@…`,
/// `oci://bob:PASS@…`): `doctor` (human and JSON) and every `--registry NAME` error show them
/// without, and gtdx never uses or sends them. The same for an `oci://` URL with credentials on
/// the command line or in a worker spec.
#[test]
fn credentials_inside_registry_urls_are_never_printed() {
    let env = Env::new();
    let leaked = ["S3CRET", "PASS", "alice", "bob", "HUSH", "carol"];
    let lacks = |run: &Run| {
        for s in leaked {
            run.output_lacks(s);
        }
    };
    std::fs::create_dir_all(env.greentic_home()).unwrap();
    std::fs::copy(
        fixture("harden/registry-urls-with-credentials.toml"),
        env.greentic_home().join("config.toml"),
    )
    .unwrap();
    let dir = env.mkdir("proj");
    let dir = dir.to_str().unwrap();

    let human = env.gtdx(["doctor", dir]);
    human.stdout_has("`store` (https://store.example/api)");
    lacks(&human);
    let json = env.gtdx(["doctor", dir, "--format", "json"]);
    lacks(&json);
    let text = json.stdout().to_string();
    assert!(
        text.contains("oci://127.0.0.1:9/acme") && text.contains("https://store.example/api"),
        "{text}"
    );

    for args in [
        vec!["search", "ext", "--registry", "team"],
        vec!["info", "ext", "--registry", "team"],
        vec!["install", "gtdx.demo@1.0.0", "--registry", "team", "--yes"],
        vec!["search", "ext", "--registry", "store"],
        vec!["search", "ext", "--registry", "share"],
        vec![
            "search",
            "ext",
            "--registry",
            "oci://bob:PASS@127.0.0.1:9/team",
        ],
        vec![
            "install",
            "oci://bob:PASS@127.0.0.1:9/team/ext:1.0.0",
            "--yes",
        ],
    ] {
        let run = env.gtdx(&args);
        run.code(2);
        lacks(&run);
    }
    env.gtdx(["search", "ext", "--registry", "team"])
        .stderr_has("oci://127.0.0.1:9/acme")
        .stderr_has("carries a user name or password");
    env.gtdx(["search", "ext", "--registry", "store"])
        .stderr_has("https://store.example/api")
        .stderr_has("carries a user name or password");

    let spec = worker_spec(&env, "oci://bob:PASS@127.0.0.1:9/team/ext:1.0.0");
    let run = env.gtdx(["worker", "build", spec.as_str()]);
    run.code(2);
    lacks(&run);
}
