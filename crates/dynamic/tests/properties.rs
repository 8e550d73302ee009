//! Properties of the admission: no credential-like bind is ever admitted, whatever the grant;
//! neutralisation is idempotent; admission never panics.

use std::collections::BTreeMap;

use gtdx_contract::Describe;
use gtdx_dynamic::{Context, Grant, admit, neutralise};
use proptest::prelude::*;
use serde_json::{Value, json};

fn describe() -> Describe {
    let tool = |name: &str| {
        json!({"name": name, "export": "greentic:extension-design/tools.invoke-tool", "description": "x", "capabilities": ["flow"],
               "input_schema": "{\"type\":\"object\",\"properties\":{\"object_type\":{\"type\":\"string\"},\"values\":{\"type\":\"object\"}},\"required\":[\"object_type\",\"values\"]}"})
    };
    serde_json::from_value(json!({
        "apiVersion": "greentic.ai/v2",
        "kind": "DesignExtension",
        "metadata": {"id": "greentic.crm", "name": "CRM", "version": "0.1.0", "summary": "s",
                     "author": {"name": "a"}, "license": "MIT"},
        "engine": null,
        "compat": {"min_designer_version": "^1.0.0", "min_runner_version": "^1.0.0", "contract_version": "1.0.0"},
        "capabilities": {},
        "runtime": {"components": {"crm": {"sha256": "ab".repeat(32), "world": "w", "oci_ref": "ghcr.io/x/y@sha256:00"}},
                    "permissions": {}},
        "contributions": {
            "tools": [tool("list_types"), tool("create_record"), tool("delete_record")],
            "dynamicTools": {"discoveryTool": "list_types",
                             "executors": [{"tool": "create_record", "effect": "write"},
                                           {"tool": "delete_record", "effect": "delete"}]}
        }
    }))
    .expect("test manifest")
}

/// Credential-like key words, written in any case and separator style.
fn credential_key() -> impl Strategy<Value = String> {
    let words = prop_oneof![
        Just(vec!["authorization"]),
        Just(vec!["api", "key"]),
        Just(vec!["access", "token"]),
        Just(vec!["token"]),
        Just(vec!["client", "secret"]),
        Just(vec!["password"]),
        Just(vec!["cookie"]),
        Just(vec!["headers"]),
        Just(vec!["url"]),
        Just(vec!["base", "url"]),
        Just(vec!["endpoint"]),
        Just(vec!["host"]),
        Just(vec!["connection"]),
        Just(vec!["connection", "id"]),
        Just(vec!["x", "api", "key"]),
        Just(vec!["refresh", "token"]),
    ];
    (words, 0..5usize, any::<bool>()).prop_map(|(w, style, upper)| {
        let mut s = match style {
            0 => w.join("_"),
            1 => w.join("-"),
            2 => w.join("."),
            3 => w.concat(),
            _ => w
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    if i == 0 {
                        p.to_string()
                    } else {
                        let mut c = p.chars();
                        c.next()
                            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                            .unwrap_or_default()
                    }
                })
                .collect(),
        };
        if upper {
            s = s.to_uppercase();
        }
        s
    })
}

/// Credential-like values.
fn credential_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{3,8}".prop_map(|h| format!("https://{h}.example/api")),
        "[A-Za-z0-9]{8,40}".prop_map(|t| format!("Bearer {t}")),
        "[A-Za-z0-9]{8,40}".prop_map(|t| format!("Basic {t}")),
        (
            "[A-Za-z0-9_-]{10,40}",
            "[A-Za-z0-9_-]{10,40}",
            "[A-Za-z0-9_-]{10,40}"
        )
            .prop_map(|(a, b, c)| format!("eyJ{a}.{b}.{c}")),
        "[a-z0-9]{20,40}".prop_map(|t| format!("sk-{t}")),
        // 32 random token characters with letters and digits mixed.
        "[A-Za-z]{16}[0-9]{16}".prop_map(|t| {
            let (a, b) = t.split_at(16);
            a.chars().zip(b.chars()).flat_map(|(x, y)| [x, y]).collect()
        }),
    ]
}

/// A bind holding a credential-like key or value, possibly nested.
fn bad_bind() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        (credential_key(), "[a-z]{1,10}").prop_map(|(k, v)| json!({ k: v })),
        ("[a-z]{1,6}_id", credential_value()).prop_map(|(k, v)| json!({ k: v })),
    ];
    (leaf, 0..3usize, "[a-z]{1,6}").prop_map(|(mut v, depth, wrap)| {
        for _ in 0..depth {
            v = json!({ wrap.clone(): v });
        }
        if let Value::Object(m) = &mut v {
            m.insert("object_type".into(), json!("contact"));
        }
        v
    })
}

fn grant() -> impl Strategy<Value = Option<Grant>> {
    prop_oneof![
        Just(None),
        (
            any::<bool>(),
            any::<bool>(),
            proptest::option::of(1u32..100)
        )
            .prop_map(|(c, d, m)| {
                let mut executors = Vec::new();
                if c {
                    executors.push("org:acme:greentic.crm:create_record".into());
                }
                if d {
                    executors.push("org:acme:greentic.crm:delete_record".into());
                }
                Some(Grant {
                    id: "grant-1".into(),
                    executors,
                    max_tools: m,
                })
            }),
    ]
}

/// Tags, stray angle brackets, backticks, bidi and zero-width characters, whitespace.
const MARKUP: &str = "(<[a-z/!]{0,4}[^>]{0,6}>|`|<|>|\u{202E}|\u{200B}| |\t|\n){0,12}";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn no_credential_like_bind_is_ever_admitted(bind in bad_bind(), g in grant(), cap in 1u32..200,
                                                 tool in prop_oneof![Just("create_record"), Just("delete_record"), Just("org:acme:greentic.crm:create_record")]) {
        let ctx = Context::from_manifest(&describe(), "acme", g, cap, &BTreeMap::new()).unwrap();
        let d = json!([{
            "key": "k", "name": "Create", "description": "d",
            "input": {"type": "object"},
            "dispatch": {"tool": tool, "bind": bind}
        }]);
        let report = admit(&d, &ctx).unwrap();
        prop_assert!(report.admitted.is_empty(), "admitted {:?}", report.admitted);
        prop_assert_eq!(report.rejected.len(), 1);
        prop_assert_eq!(report.rejected[0].control, 3);
    }

    #[test]
    fn neutralised_names_are_stable(s in any::<String>()) {
        let once = neutralise::name(&s);
        prop_assert_eq!(neutralise::name(&once), once.clone());
        prop_assert!(once.chars().count() <= neutralise::NAME_MAX);
    }

    #[test]
    fn neutralised_descriptions_are_stable(s in any::<String>(), markup in MARKUP) {
        let mixed = format!("{markup}{s}{markup}");
        let once = neutralise::description(&mixed);
        prop_assert_eq!(neutralise::description(&once), once.clone());
        prop_assert!(once.chars().count() <= neutralise::DESCRIPTION_MAX);
        let clean = !once.chars().any(|c| c.is_control() || matches!(c, '<' | '>' | '`' | '\u{202E}' | '\u{200B}'));
        prop_assert!(clean, "{:?}", once);
    }

    #[test]
    fn admission_never_panics(v in arb_json()) {
        let ctx = Context::from_manifest(&describe(), "acme", None, 50, &BTreeMap::new()).unwrap();
        if let Ok(r) = admit(&Value::Array(vec![v]), &ctx) {
            prop_assert_eq!(r.counts.admitted + r.counts.withheld + r.counts.rejected, 1);
        }
    }
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-z_:]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("key".to_string()),
                    Just("name".to_string()),
                    Just("description".to_string()),
                    Just("input".to_string()),
                    Just("dispatch".to_string()),
                    Just("tool".to_string()),
                    Just("bind".to_string()),
                    Just("type".to_string()),
                    "[a-z]{1,5}"
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}
