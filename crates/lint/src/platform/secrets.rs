//! The platform's secret rules: `E_PERMS_SECRETS_PLAIN_KEY` (a grant list entry that is a plain
//! key) and `E_SECRET_KEY_NOT_CANONICAL` (a declared key outside the canonical form). Both use
//! the one implementation in `gtdx_contract::secrets`.

use gtdx_contract::codes;
use gtdx_contract::secrets::{is_canonical_key, looks_like_grant, secret_uri};
use serde_json::Value;

use super::array;
use crate::validate::Sink;

pub(super) fn run(sink: &mut Sink<'_, '_>, d: &Value) {
    plain_keys(sink, d);
    canonical_keys(sink, d);
}

/// `E_PERMS_SECRETS_PLAIN_KEY`: a string of `runtime.permissions.secrets` that is not a grant
/// (`*`, anything with `://`, or a prefix ending in `/`).
fn plain_keys(sink: &mut Sink<'_, '_>, d: &Value) {
    for (i, entry) in array(d, "/runtime/permissions/secrets").iter().enumerate() {
        let Some(entry) = entry.as_str() else {
            continue;
        };
        if looks_like_grant(entry) {
            continue;
        }
        let help = if is_canonical_key(entry) {
            format!(
                "to let the tools read it, grant its URI: \"{}\" (or \"{}\" for every key under that prefix); declare the credential itself in the top-level requiredSecrets",
                secret_uri(entry),
                secret_uri(entry.split('/').next().unwrap_or(entry)),
            )
        } else {
            "grant a URI such as \"secret://vendor/key\" or \"secret://vendor\"; declare credentials in the top-level requiredSecrets".to_string()
        };
        sink.at(
            codes::E_PERMS_SECRETS_PLAIN_KEY,
            &format!("/runtime/permissions/secrets/{i}"),
            format!(
                "runtime.permissions.secrets entry \"{entry}\" is a plain key, not a grant; it grants nothing at run time"
            ),
            Some(help),
        );
    }
}

/// `E_SECRET_KEY_NOT_CANONICAL`: `requiredSecrets[].key` and
/// `contributions.tools[].secret_requirements[].key` are canonical keys.
fn canonical_keys(sink: &mut Sink<'_, '_>, d: &Value) {
    let check = |sink: &mut Sink<'_, '_>, pointer: String, key: &str| {
        if !is_canonical_key(key) {
            sink.at(
                codes::E_SECRET_KEY_NOT_CANONICAL,
                &pointer,
                format!(
                    "secret key \"{key}\" is not canonical; the host resolves it verbatim as \"{}\", so it must be renamed, not rewritten",
                    secret_uri(key)
                ),
                Some(format!(
                    "use only a-z, 0-9, '.', '_', '-' and '/', with no leading or trailing '/', no '..' segment and no scheme, e.g. \"{}\"",
                    suggest_key(key)
                )),
            );
        }
    };
    for (i, s) in array(d, "/requiredSecrets").iter().enumerate() {
        if let Some(key) = s.get("key").and_then(Value::as_str) {
            check(sink, format!("/requiredSecrets/{i}/key"), key);
        }
    }
    for (i, t) in array(d, "/contributions/tools").iter().enumerate() {
        let Some(reqs) = t.get("secret_requirements").and_then(Value::as_array) else {
            continue;
        };
        for (j, s) in reqs.iter().enumerate() {
            if let Some(key) = s.get("key").and_then(Value::as_str) {
                check(
                    sink,
                    format!("/contributions/tools/{i}/secret_requirements/{j}/key"),
                    key,
                );
            }
        }
    }
}

fn suggest_key(key: &str) -> String {
    let key = key.rsplit("://").next().unwrap_or(key).to_ascii_lowercase();
    let cleaned: String = key
        .chars()
        .map(|c| {
            if matches!(c, 'a'..='z' | '0'..='9' | '.' | '_' | '-' | '/') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let segments: Vec<&str> = cleaned
        .split('/')
        .filter(|s| !s.is_empty() && *s != "..")
        .collect();
    if segments.is_empty() {
        "vendor/api_key".into()
    } else {
        segments.join("/")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Options;
    use crate::platform::testing::{codes, findings};

    fn doc(grants: Value, keys: &[&str]) -> Value {
        let reqs: Vec<Value> = keys.iter().map(|k| json!({"key": k})).collect();
        json!({
            "$schema": gtdx_contract::SCHEMA_URL,
            "runtime": {"permissions": {"secrets": grants}},
            "requiredSecrets": reqs.clone(),
            "contributions": {"tools": [{"name": "t", "export": gtdx_contract::TOOLS_INVOKE_EXPORT, "secret_requirements": reqs}]},
        })
    }

    use serde_json::Value;

    #[test]
    fn grants_and_plain_keys() {
        let d = doc(
            json!([
                "secret://a/b",
                "secret://a",
                "a/",
                "*",
                7,
                "SLACK_BOT_TOKEN",
                "a/b"
            ]),
            &[],
        );
        let f = findings(&d, &Options::lint());
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().all(|f| f.0 == "E_PERMS_SECRETS_PLAIN_KEY"));
        assert_eq!(f[0].1, "/runtime/permissions/secrets/5");
        assert!(
            codes(&doc(json!("secret://a"), &[])).is_empty(),
            "not an array: skipped"
        );
    }

    #[test]
    fn canonical_keys_in_both_places() {
        // single-segment keys are canonical
        assert!(codes(&doc(json!([]), &["api_key", "tavily/api_key", "a.b/c-d"])).is_empty());
        let f = findings(&doc(json!([]), &["Tavily/Key"]), &Options::lint());
        let pointers: Vec<&str> = f.iter().map(|f| f.1.as_str()).collect();
        assert_eq!(
            pointers,
            [
                "/requiredSecrets/0/key",
                "/contributions/tools/0/secret_requirements/0/key"
            ]
        );
        for bad in ["", "/a", "a/", "a/../b", "secret://a/b", "*"] {
            assert!(
                codes(&doc(json!([]), &[bad]))
                    .iter()
                    .all(|c| c == "E_SECRET_KEY_NOT_CANONICAL"),
                "{bad}"
            );
            assert_eq!(codes(&doc(json!([]), &[bad])).len(), 2, "{bad}");
        }
        assert_eq!(
            super::suggest_key("secret://Tavily/API KEY/"),
            "tavily/api_key"
        );
    }
}
