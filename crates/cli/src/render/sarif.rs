//! Findings as SARIF 2.1.0 (the format GitHub code scanning reads): one run of the `gtdx`
//! driver, each rule a result uses described from the code registry, each result located by
//! file, line and column.

use gtdx_ops::Diagnostic;
use gtdx_ops::Severity;
use gtdx_ops::explain::find_code;
use serde_json::{Value, json};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF log of `diagnostics`.
pub(crate) fn log(diagnostics: &[Diagnostic]) -> Value {
    let mut rule_ids: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    rule_ids.sort_unstable();
    rule_ids.dedup();
    let rules: Vec<Value> = rule_ids.iter().map(|id| rule(id)).collect();
    let results: Vec<Value> = diagnostics
        .iter()
        .map(|d| {
            let rule_index = rule_ids.binary_search(&d.code.as_str()).unwrap_or(0);
            result(d, rule_index)
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "gtdx",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://github.com/greentic-ai/gtdx",
                    "rules": rules,
                }
            },
            "results": results,
        }]
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn rule(id: &str) -> Value {
    match find_code(id) {
        Some(c) => json!({
            "id": c.id,
            "shortDescription": { "text": c.summary },
            "fullDescription": { "text": c.summary },
            "help": { "text": c.explanation, "markdown": c.explanation },
            "defaultConfiguration": { "level": level(c.severity) },
            "properties": { "area": c.area.as_str() },
        }),
        None => json!({ "id": id }),
    }
}

fn result(d: &Diagnostic, rule_index: usize) -> Value {
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let mut physical = json!({ "artifactLocation": { "uri": d.file.replace('\\', "/") } });
    if let Some(line) = d.line {
        let mut region = json!({ "startLine": line });
        if let Some(column) = d.column {
            region["startColumn"] = json!(column);
        }
        physical["region"] = region;
    }
    let mut location = json!({ "physicalLocation": physical });
    if let Some(pointer) = &d.pointer {
        location["logicalLocations"] = json!([{ "fullyQualifiedName": pointer, "kind": "member" }]);
    }
    json!({
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": level(d.severity),
        "message": { "text": message },
        "locations": [location],
    })
}
