//! The platform's rules on `contributions.addons[]`: `E_ADDON_ID_PATTERN`,
//! `W_ADDON_FAMILY_UNKNOWN`, `E_ADDON_OUTPUT_NAME`, `E_ADDON_SECRET_IN_DESIRED_STATE`, and the
//! backup claim read against the package's `wit/world.wit` (`E_ADDON_BACKUP_NOT_EXPORTED`,
//! `W_ADDON_BACKUP_UNDECLARED`; silent when that file is absent or there is no directory).

use gtdx_contract::codes;
use std::path::Path;

use serde_json::Value;

use super::credentials::credential_properties;
use super::project_file;
use crate::validate::Sink;

const ADDONS: &str = "/contributions/addons";

/// The addon families this snapshot knows; an unknown one is a warning, never an error.
const KNOWN_FAMILIES: [&str; 6] = [
    "vector-db",
    "cache",
    "sql",
    "queue",
    "object-store",
    "search",
];

pub(super) fn run(sink: &mut Sink<'_, '_>, d: &Value, dir: Option<&Path>) {
    let Some(addons) = d.pointer(ADDONS).and_then(Value::as_array) else {
        return;
    };
    let backup_exported = project_file(dir, "wit/world.wit")
        .and_then(|p| gtdx_fsx::read_text(&p, gtdx_fsx::limits::PROJECT_FILE).ok())
        .map(|wit| exports_backup(&wit));
    let mut any_declares_backup = false;
    for (i, addon) in addons.iter().enumerate() {
        let base = format!("{ADDONS}/{i}");
        let id = addon.get("id").and_then(Value::as_str).unwrap_or_default();
        if !gtdx_contract::invariants::is_addon_id(id) {
            sink.at(
                codes::E_ADDON_ID_PATTERN,
                &format!("{base}/id"),
                format!("addon id \"{id}\" does not match ^[a-z0-9][a-z0-9-]*$; the platform addresses it as <extension id>/<addon id>"),
                Some("use lowercase letters, digits and '-', e.g. \"vector-store\"".into()),
            );
        }
        let family = addon
            .get("family")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !family.is_empty() && !KNOWN_FAMILIES.contains(&family) {
            sink.at(
                codes::W_ADDON_FAMILY_UNKNOWN,
                &format!("{base}/family"),
                format!("addon \"{id}\": family \"{family}\" is not one gtdx knows; a flow asking for a family finds this addon only if the platform knows the family too"),
                Some(format!("known families: {} (a snapshot: a family added since is fine)", KNOWN_FAMILIES.join(", "))),
            );
        }
        if let Some(outputs) = addon.get("outputs").and_then(Value::as_array) {
            for (j, output) in outputs.iter().enumerate() {
                let name = output
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                if !gtdx_contract::invariants::is_env_name(name) {
                    sink.at(
                        codes::E_ADDON_OUTPUT_NAME,
                        &format!("{base}/outputs/{j}/name"),
                        format!("addon \"{id}\": output name \"{name}\" is not an environment variable name (^[A-Za-z_][A-Za-z0-9_]*$), and outputs are injected as environment variables"),
                        Some("use letters, digits and '_', not starting with a digit, e.g. \"DATABASE_URL\"".into()),
                    );
                }
            }
        }
        let desired = addon
            .get("desired_state_schema")
            .and_then(Value::as_str)
            .and_then(|s| serde_json::from_str::<Value>(s).ok());
        for (_, path) in desired
            .as_ref()
            .map(credential_properties)
            .unwrap_or_default()
        {
            sink.at(
                codes::E_ADDON_SECRET_IN_DESIRED_STATE,
                &format!("{base}/desired_state_schema"),
                format!("addon \"{id}\": desired_state_schema declares \"{path}\", which names a credential; observe can never read it back, so the plan never converges"),
                Some("remove it from desired_state_schema: credentials reach the addon through its runtime binding".into()),
            );
        }
        let supports_backup = addon.get("supports_backup").and_then(Value::as_bool) == Some(true);
        any_declares_backup |= supports_backup;
        if supports_backup && backup_exported == Some(false) {
            sink.at(
                codes::E_ADDON_BACKUP_NOT_EXPORTED,
                &format!("{base}/supports_backup"),
                format!("addon \"{id}\" declares supports_backup: true, but wit/world.wit exports no backup interface; the platform would call an export that does not exist"),
                Some("export greentic:extension-addon/backup from the world in wit/world.wit, or drop supports_backup".into()),
            );
        }
    }
    if backup_exported == Some(true) && !any_declares_backup {
        sink.at(
            codes::W_ADDON_BACKUP_UNDECLARED,
            ADDONS,
            "wit/world.wit exports a backup interface, but no addon declares supports_backup: true, so the platform never offers it",
            Some("set \"supports_backup\": true on the addon the backup export serves".into()),
        );
    }
}

/// Whether a WIT source has an `export` statement whose target (minus `@version`) ends in the
/// segment `backup`; comments are ignored.
fn exports_backup(wit: &str) -> bool {
    strip_comments(wit).split(';').any(|stmt| {
        let Some(rest) = stmt.trim().strip_prefix("export") else {
            return false;
        };
        let Some(target) = rest.split_whitespace().next() else {
            return false;
        };
        let path = target.split('@').next().unwrap_or(target);
        path.rsplit('/').next() == Some("backup")
    })
}

fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for n in chars.by_ref() {
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::Options;
    use crate::platform::testing::{codes, findings};

    fn doc(addons: Value) -> Value {
        json!({"$schema": gtdx_contract::SCHEMA_URL, "contributions": {"addons": addons}})
    }

    #[test]
    fn ids_families_outputs_and_desired_state() {
        let d = doc(json!([
            {"id": "Vector_Store", "family": "graph-db", "outputs": [{"name": "DB-URL"}, {"name": "_OK1"}, {}],
             "desired_state_schema": "{\"properties\":{\"admin_password\":{},\"size\":{}}}"},
            {"family": "", "desired_state_schema": "{not json"},
            {"id": "cache-1", "family": "cache", "outputs": [{"name": "CACHE_URL"}],
             "desired_state_schema": "{\"properties\":{\"password_policy\":{}}}",
             "config_schema": "{\"properties\":{\"api_key\":{}}}"}
        ]));
        assert_eq!(
            codes(&d),
            vec![
                "E_ADDON_ID_PATTERN",
                "W_ADDON_FAMILY_UNKNOWN",
                "E_ADDON_OUTPUT_NAME",
                "E_ADDON_OUTPUT_NAME",
                "E_ADDON_SECRET_IN_DESIRED_STATE",
                "E_ADDON_ID_PATTERN"
            ]
        );
    }

    #[test]
    fn backup_claims_against_world_wit() {
        let tmp = tempfile::tempdir().unwrap();
        let opts = Options::lint().in_dir(tmp.path());
        let run =
            |d: &Value| -> Vec<String> { findings(d, &opts).into_iter().map(|f| f.0).collect() };
        let claims = doc(json!([{"id": "a", "supports_backup": true}]));
        let silent = doc(json!([{"id": "a"}]));
        // no wit/world.wit: silent either way
        assert_eq!(run(&claims), Vec::<String>::new());
        std::fs::create_dir_all(tmp.path().join("wit")).unwrap();
        let wit = tmp.path().join("wit/world.wit");
        std::fs::write(&wit, "world w {\n  // export greentic:extension-addon/backup@0.1.0;\n  /* export backup; */\n  export greentic:extension-addon/lifecycle@0.1.0;\n}\n").unwrap();
        assert_eq!(run(&claims), vec!["E_ADDON_BACKUP_NOT_EXPORTED"]);
        assert!(run(&silent).is_empty());
        // (as in the platform's scan, an export counts when it starts a `;`-separated statement)
        std::fs::write(
            &wit,
            "world w {\n  import x;\n  export greentic:extension-addon/backup@0.1.0;\n}\n",
        )
        .unwrap();
        assert!(run(&claims).is_empty());
        assert_eq!(run(&silent), vec!["W_ADDON_BACKUP_UNDECLARED"]);
        assert!(exports_backup("export backup;"));
        assert!(!exports_backup("export backups;"));
    }
}
