//! The platform's rules on the top-level `configSchema` (the extension's operator configuration
//! form): `E_CONFIG_SCHEMA_INVALID` (not a string holding a JSON object) and
//! `E_CONFIG_SCHEMA_SECRET` (a property that names a credential).

use gtdx_contract::codes;
use serde_json::Value;

use super::credentials::credential_properties;
use crate::validate::Sink;

pub(super) fn run(sink: &mut Sink<'_, '_>, d: &Value) {
    let Some(raw) = d.get("configSchema") else {
        return;
    };
    let invalid = |sink: &mut Sink<'_, '_>, why: String| {
        sink.at(
            codes::E_CONFIG_SCHEMA_INVALID,
            "/configSchema",
            format!("configSchema {why}; a host renders it as an empty form, telling the operator there is nothing to configure"),
            Some("make it a string holding a JSON Schema object, e.g. \"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"region\\\":{\\\"type\\\":\\\"string\\\"}}}\"".into()),
        );
    };
    let Some(text) = raw.as_str() else {
        invalid(
            sink,
            format!(
                "is {}, not a string holding a JSON Schema",
                crate::load::json_kind(raw)
            ),
        );
        return;
    };
    let schema = match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(other) => {
            invalid(
                sink,
                format!(
                    "holds {}, not a JSON Schema object",
                    crate::load::json_kind(&other)
                ),
            );
            return;
        }
        Err(e) => {
            invalid(
                sink,
                format!(
                    "is not valid JSON ({})",
                    crate::load::strip_serde_position(&e.to_string())
                ),
            );
            return;
        }
    };
    for (_, path) in credential_properties(&schema) {
        sink.at(
            codes::E_CONFIG_SCHEMA_SECRET,
            "/configSchema",
            format!(
                "configSchema declares \"{path}\", which names a credential; configSchema values are stored and handed back as plain tenant configuration"
            ),
            Some("remove it from configSchema and declare the credential in the top-level requiredSecrets (key, format, description), whose values are stored as secrets".into()),
        );
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::platform::testing::codes;

    fn doc(schema: Value) -> Value {
        json!({"$schema": gtdx_contract::SCHEMA_URL, "configSchema": schema})
    }

    #[test]
    fn invalid_and_secret() {
        for bad in [
            json!({"type": "object"}),
            json!("{oops"),
            json!("42"),
            json!("[]"),
            json!("null"),
        ] {
            assert_eq!(
                codes(&doc(bad.clone())),
                vec!["E_CONFIG_SCHEMA_INVALID"],
                "{bad}"
            );
        }
        assert_eq!(
            codes(&doc(json!(
                "{\"properties\":{\"api_key\":{},\"region\":{}}}"
            ))),
            vec!["E_CONFIG_SCHEMA_SECRET"]
        );
        assert!(
            codes(&doc(json!(
                "{\"properties\":{\"region\":{},\"secret_ref\":{}}}"
            )))
            .is_empty()
        );
        assert!(codes(&json!({"$schema": gtdx_contract::SCHEMA_URL})).is_empty());
    }
}
