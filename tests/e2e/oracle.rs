//! The platform runtime's recorded verdicts (`tests/fixtures/oracle/cases.json`, written by
//! `cargo xtask oracle` from `tests/oracle`, which calls greentic-ext-runtime's own host
//! functions) replayed through gtdx: the real binary running the `hostcalls` fixture component
//! (`run::built`), one test per section of the record. Every case must get the same verdict and
//! the same text. The case shapes are described in `tests/oracle/src/<section>.rs`.

use serde_json::{Value, json};

use crate::run::{built, describe, permissions, run_json};
use crate::support::{Env, HttpServer, Reply, fixture};

/// The cases of one section of the record.
fn cases(section: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(fixture("oracle/cases.json")).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    let cases = record[section].as_array().unwrap().clone();
    assert!(
        cases.iter().all(|c| !c["verdict"].is_null()),
        "/{section} has cases without a verdict: run `cargo xtask oracle`"
    );
    cases
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// A text in a case, as `tests/oracle/src/text.rs` reads it: a string, or a list of parts,
/// each a string or `{"repeat": s, "times": n}`.
fn expand(spec: &Value) -> String {
    let part = |p: &Value| match p {
        Value::String(s) => s.clone(),
        _ => p["repeat"]
            .as_str()
            .unwrap()
            .repeat(p["times"].as_u64().unwrap() as usize),
    };
    match spec {
        Value::Array(parts) => parts.iter().map(part).collect(),
        other => part(other),
    }
}

/// A rendered text as the oracle records it (`tests/oracle/src/text.rs`): whole up to 160
/// bytes, else its length and its last 48 characters.
fn summary(s: &str) -> Value {
    if s.len() <= 160 {
        return json!(s);
    }
    let end_at = s.char_indices().rev().nth(47).map_or(0, |(i, _)| i);
    json!({"bytes": s.len(), "end": &s[end_at..]})
}

/// A failed call's message (`result` is not `ok`), or `"ok"`.
fn error_or_ok(doc: &Value) -> Value {
    match doc["result"].as_str() {
        Some("ok") => json!("ok"),
        _ => doc["error"]["message"].clone(),
    }
}

#[test]
fn secrets() {
    let cases = cases("secrets");
    assert!(cases.len() >= 14);
    let env = Env::new();
    for case in &cases {
        let uri = case["uri"].as_str().unwrap();
        let d = describe(&env, |d| permissions(d)["secrets"] = case["grants"].clone());
        // The value the platform's backend held, given to gtdx the same way (or not at all).
        let value = case["value"].as_str().map(|v| format!("{uri}={v}"));
        let args: Vec<&str> = match &value {
            Some(v) => vec!["--secret", v],
            None => vec![],
        };
        let (_, doc) = run_json(&env, &d, "secret", json!({"uri": uri}), &args);
        assert_eq!(error_or_ok(&doc), case["verdict"], "secret case {case}");
    }
}

#[test]
fn urls() {
    let cases = cases("urls");
    assert!(cases.len() >= 29);
    let env = Env::new();
    for (i, case) in cases.iter().enumerate() {
        let patterns = strings(&case["patterns"]);
        // gtdx decides plain http from the patterns (loopback ones turn it on); the oracle was
        // told, so the cases must tell it the same.
        assert_eq!(
            case["allowHttp"].as_bool().unwrap(),
            patterns.iter().any(|p| p.starts_with("http://")),
            "{case}"
        );
        let url = case["url"].as_str().unwrap();
        let d = describe(&env, |d| permissions(d)["network"] = json!(patterns));
        let dir = env.mkdir(&format!("urls/{i}"));
        std::fs::write(
            dir.join("case.json"),
            json!({"tool": "fetch", "name": "u", "input": {"url": url},
                   "http": [{"url": url, "body": "reached"}],
                   "expect": {"outputContains": {"status": 200}}})
            .to_string(),
        )
        .unwrap();
        let r = env
            .gtdx_cmd(["test", "--format", "json", "--wasm"])
            .arg(&built().1)
            .arg("--describe")
            .arg(&d)
            .arg("--tests")
            .arg(&dir)
            .run();
        let doc = r.json();
        let allowed = doc["passed"] == 1;
        if !allowed {
            let msg = doc["cases"][0]["message"].as_str().unwrap_or_default();
            assert!(msg.contains("network not allowed for url"), "{msg}");
        }
        assert_eq!(json!(allowed), case["verdict"], "url case {case}");
    }
}

/// Two loopback servers, `a` and `b`, with a case's routes (`{a}`/`{b}` in a `Location`
/// stand for their origins).
fn servers(case: &Value) -> [(HttpServer, String); 2] {
    let start = || {
        let s = HttpServer::start(vec![]);
        let origin = format!("http://127.0.0.1:{}", s.port);
        (s, origin)
    };
    let both = [start(), start()];
    for route in case["routes"].as_array().unwrap() {
        let mut headers = Vec::new();
        if let Some(l) = route["location"].as_str() {
            let l = l.replace("{a}", &both[0].1).replace("{b}", &both[1].1);
            headers.push(("location".to_string(), l));
        }
        let body = match route["bodyBytes"].as_u64() {
            Some(n) => vec![b'a'; n as usize],
            None => route["body"].as_str().unwrap_or("").as_bytes().to_vec(),
        };
        let status = route["status"].as_u64().unwrap() as u16;
        let at = usize::from(route["at"] == "b");
        let path = route["path"].as_str().unwrap();
        both[at].0.route(
            path,
            Reply {
                status,
                headers,
                body,
            },
        );
    }
    both
}

#[test]
fn http_headers_redirects_and_the_body_cap() {
    let cases = cases("http");
    assert!(cases.len() >= 24);
    let env = Env::new();
    for case in &cases {
        let [(a, a_origin), (b, b_origin)] = servers(case);
        let allow = case["allow"].as_array().cloned();
        let patterns: Vec<String> = match &allow {
            Some(names) => names
                .iter()
                .map(|n| if n == "a" { &a_origin } else { &b_origin })
                .map(|o| format!("{o}/*"))
                .collect(),
            None => vec![format!("{a_origin}/*"), format!("{b_origin}/*")],
        };
        let d = describe(&env, |d| {
            permissions(d)["network"] = json!(patterns);
            // room for a 32 MiB body and its copies in the guest
            d["runtime"]["memoryLimitMB"] = json!(256);
        });
        let req = &case["request"];
        let guest: Vec<(String, String)> = req["headers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|kv| {
                (
                    kv[0].as_str().unwrap().into(),
                    kv[1].as_str().unwrap().into(),
                )
            })
            .collect();
        let input = json!({
            "url": format!("{a_origin}{}", req["path"].as_str().unwrap()),
            "method": req["method"],
            "headers": guest.iter().map(|(k, v)| json!({"name": k, "value": v})).collect::<Vec<_>>(),
            "body": req["body"],
        });
        let (_, doc) = run_json(&env, &d, "fetch", input, &[]);
        let result = match doc["result"].as_str() {
            Some("ok") => {
                let out = &doc["output"];
                json!({"status": out["status"], "length": out["length"], "body": out["body"]})
            }
            _ => {
                let message = doc["error"]["message"].as_str().unwrap_or_default();
                let message = message.replace(&a_origin, "{a}").replace(&b_origin, "{b}");
                json!({"error": message})
            }
        };
        let name = &case["name"];
        assert_eq!(result, case["verdict"]["result"], "http case {name}: {doc}");
        // Each server's requests, in order (the record interleaves the two).
        for (at, server) in [("a", &a), ("b", &b)] {
            let ours: Vec<Value> = server.seen().iter().map(|s| seen(at, s, &guest)).collect();
            let theirs: Vec<Value> = case["verdict"]["seen"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["at"] == at)
                .cloned()
                .collect();
            assert_eq!(ours, theirs, "http case {name}: requests to {at}");
        }
    }
}

/// A request as the oracle records it: the guest's headers that arrived with the guest's
/// value, by lower-case name, in the guest's order.
fn seen(at: &str, s: &crate::support::Seen, guest: &[(String, String)]) -> Value {
    let kept: Vec<String> = guest
        .iter()
        .filter(|(k, v)| {
            s.headers
                .iter()
                .any(|(sk, sv)| sk.eq_ignore_ascii_case(k) && sv == v)
        })
        .map(|(k, _)| k.to_ascii_lowercase())
        .collect();
    json!({"at": at, "method": s.method, "path": s.path, "kept": kept,
           "body": String::from_utf8_lossy(&s.body)})
}

#[test]
fn log_lines() {
    let cases = cases("logs");
    assert!(cases.len() >= 16);
    let env = Env::new();
    let d = describe(&env, |_| {});
    for case in &cases {
        let mut input = json!({
            "level": case["level"],
            "target": expand(&case["target"]),
            "message": expand(&case["message"]),
        });
        if case.get("fields").is_some() || case.get("moreFields").is_some() {
            let mut fields: Vec<Value> = case["fields"]
                .as_array()
                .map(|f| {
                    f.iter()
                        .map(|kv| json!({"name": expand(&kv[0]), "value": expand(&kv[1])}))
                        .collect()
                })
                .unwrap_or_default();
            let more = case["moreFields"].as_u64().unwrap_or(0);
            fields.extend((0..more).map(|i| json!({"name": format!("k{i}"), "value": "v"})));
            input["fields"] = json!(fields);
        }
        let (code, doc) = run_json(&env, &d, "say", input, &[]);
        assert_eq!(code, 0, "{doc}");
        let line = &doc["logs"][0];
        let ours = json!({
            "level": line["level"],
            "target": summary(line["target"].as_str().unwrap()),
            "message": summary(line["message"].as_str().unwrap()),
        });
        assert_eq!(ours, case["verdict"], "log case {case}");
    }
}

/// The broker's checks. The oracle's broker stops after them (`broker: no runtime context
/// available`), where gtdx goes on to call the tool; a call at depth `d` is made by a tool
/// reached through `d` nested broker calls to the fixture itself (`--with` its pack, whose
/// describe declares `design`).
#[test]
fn broker_checks() {
    let cases = cases("broker");
    assert!(cases.len() >= 8);
    let env = Env::new();
    let pack = built().2.to_str().unwrap();
    for case in &cases {
        let depth = case["depth"].as_u64().unwrap();
        if depth > 0 {
            assert_eq!(
                case["kinds"],
                json!(["design"]),
                "nested callers are the pack: {case}"
            );
        }
        let d = describe(&env, |d| {
            permissions(d)["callExtensionKinds"] = case["kinds"].clone()
        });
        let mut input = json!({"kind": case["kind"], "target": "greentic.hostcalls",
                               "function": "echo", "args": "{\"text\": \"hi\"}"});
        for _ in 0..depth {
            input = json!({"kind": "design", "target": "greentic.hostcalls",
                           "function": "call", "args": input.to_string()});
        }
        let (_, doc) = run_json(&env, &d, "call", input, &["--with", pack]);
        let ours = error_or_ok(&doc);
        let ours = match ours.as_str() {
            // Each nested caller reports its callee's tool error with its variant in front.
            Some(m) => json!(m.trim_start_matches("permission-denied: ")),
            None => ours,
        };
        match case["verdict"].as_str() {
            Some("broker: no runtime context available") => {
                assert_eq!(
                    ours, "ok",
                    "broker case {case}: the checks pass, gtdx calls: {doc}"
                )
            }
            _ => assert_eq!(ours, case["verdict"], "broker case {case}"),
        }
    }
}

#[test]
fn llm_role() {
    let cases = cases("llm");
    assert!(cases.len() >= 9);
    let env = Env::new();
    for case in &cases {
        let d = describe(&env, |d| permissions(d)["llmRoles"] = case["roles"].clone());
        let input = json!({"question": "capital of Norway?", "role": case["hint"]});
        let (_, doc) = run_json(&env, &d, "ask", input, &[]);
        assert_eq!(error_or_ok(&doc), case["verdict"], "llm case {case}");
    }
}
