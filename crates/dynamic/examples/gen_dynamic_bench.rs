//! Writes the dynamic-admission bench's discovery result: `N` descriptors (default 10,000) for
//! `tests/fixtures/dynamic/crm.describe.json`, of which 20 % are rejected or withheld: every
//! 10th binds a credential (rejected, control 3), every 20th dispatches to an undeclared
//! executor (withheld, control 2), every 20th (offset) has a malformed input (rejected, control 1).
//!
//! `cargo run --release -p gtdx-dynamic --example gen_dynamic_bench -- OUT.json [N]`

use serde_json::{Value, json};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(out) = args.next() else {
        eprintln!("usage: gen_dynamic_bench OUT.json [N]");
        std::process::exit(2);
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let executors = [
        "create_record",
        "update_record",
        "get_record",
        "delete_record",
    ];
    let list: Vec<Value> = (0..n)
        .map(|i| {
            let object = format!("object_{:05}", i / 4);
            let tool = executors[i % 4];
            let mut d = json!({
                "key": format!("{object}.{tool}"),
                "name": format!("{tool} {object}"),
                "description": format!("Runs {tool} on the <b>{object}</b> records of this connection."),
                "input": {
                    "type": "object",
                    "properties": {"values": {"type": "object", "description": "Field values."}},
                    "required": ["values"]
                },
                "dispatch": {"tool": tool, "bind": {"object_type": object}}
            });
            if i % 10 == 3 {
                d["dispatch"]["bind"]["api_key"] = json!("x");
            } else if i % 20 == 7 {
                d["dispatch"]["tool"] = json!("export_records");
            } else if i % 20 == 17 {
                d["input"] = json!({"type": "string"});
            }
            d
        })
        .collect();
    let text = serde_json::to_string_pretty(&Value::Array(list)).expect("serialises");
    std::fs::write(&out, text).unwrap_or_else(|e| {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    });
}
