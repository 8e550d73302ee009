//! `logging.log` and `logging.log-kv`: what the platform renders of a guest's line. It renders
//! into `tracing`, so a subscriber of our own catches the event and reads its fields.
//!
//! A case: `level`, `target`, `message` (texts, see [`crate::text`]) and, for `log-kv`,
//! `fields` (a list of `[key, value]` texts) and `moreFields` (that many `kN=v` pairs after
//! them). Verdict: `{"level", "target", "message"}`, the strings as rendered (summarised).

use std::collections::BTreeMap;
use std::sync::Mutex;

use greentic_ext_runtime::HostState;
use greentic_ext_runtime::host_bindings::greentic::extension_host::logging::{self, Host as _};
use serde_json::{Value, json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

use crate::text::{expand, summary};

/// Events caught since the last case: level and fields by name.
static CAUGHT: Mutex<Vec<(String, BTreeMap<String, String>)>> = Mutex::new(Vec::new());

/// A subscriber that keeps every event; spans are ignored (the host opens none).
struct Catch;

impl Subscriber for Catch {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields(BTreeMap::new());
        event.record(&mut fields);
        let level = event.metadata().level().as_str().to_ascii_lowercase();
        if let Ok(mut caught) = CAUGHT.lock() {
            caught.push((level, fields.0));
        }
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

struct Fields(BTreeMap<String, String>);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().to_string(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_string(), value.to_string());
    }
}

pub fn install_capture() {
    if tracing::subscriber::set_global_default(Catch).is_err() {
        crate::fail("cannot install the log capture");
    }
}

fn level(name: &str) -> logging::Level {
    match name {
        "trace" => logging::Level::Trace,
        "debug" => logging::Level::Debug,
        "warn" => logging::Level::Warn,
        "error" => logging::Level::Error,
        _ => logging::Level::Info,
    }
}

/// The case's `fields`, then `moreFields` generated ones.
fn fields(case: &Value) -> Vec<(String, String)> {
    let given = case["fields"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    let mut fields: Vec<(String, String)> = given
        .iter()
        .map(|kv| (expand(&kv[0]), expand(&kv[1])))
        .collect();
    let more = case["moreFields"].as_u64().unwrap_or(0);
    fields.extend((0..more).map(|i| (format!("k{i}"), "v".to_string())));
    fields
}

pub fn verdict(case: &Value) -> Value {
    if let Ok(mut caught) = CAUGHT.lock() {
        caught.clear();
    }
    let permissions = crate::permissions(json!({}));
    let mut state = HostState::builder(crate::EXTENSION_ID.into(), permissions).build();
    let (target, message) = (expand(&case["target"]), expand(&case["message"]));
    let lvl = level(case["level"].as_str().unwrap_or("info"));
    if case.get("fields").is_some() || case.get("moreFields").is_some() {
        state.log_kv(lvl, target, message, fields(case));
    } else {
        state.log(lvl, target, message);
    }
    let caught = CAUGHT.lock().map(|c| c.clone()).unwrap_or_default();
    let Some((level, fields)) = caught.iter().find(|(_, f)| f.contains_key("target")) else {
        return json!("no log event");
    };
    let field = |name: &str| summary(fields.get(name).map_or("", String::as_str));
    json!({"level": level, "target": field("target"), "message": field("message")})
}
