//! Node types and guardrails: unique `type_id`s and port names, and which component runs them.

use gtdx_contract::codes;
use std::collections::HashMap;

use gtdx_contract::Describe;

use super::{NODE_TYPES, export_name, runtime_ref};
use crate::validate::Sink;

pub(super) fn node_types(sink: &mut Sink<'_, '_>, d: &Describe) {
    let mut first_by_id: HashMap<&str, usize> = HashMap::new();
    for (i, n) in d.contributions.node_types().iter().enumerate() {
        let p = format!("{NODE_TYPES}/{i}");
        if let Some(first) = first_by_id.get(n.type_id.as_str()) {
            sink.at(
                codes::E_DUPLICATE_NODE_TYPE,
                &format!("{p}/type_id"),
                format!(
                    "node type \"{}\" is already declared by nodeTypes[{first}]",
                    n.type_id
                ),
                Some("give every node type its own type_id".into()),
            );
        } else {
            first_by_id.insert(&n.type_id, i);
        }
        runtime_ref(
            sink,
            &p,
            "node type",
            n.runtime_ref.as_deref(),
            &d.runtime.components,
        );
        let mut ports: HashMap<&str, usize> = HashMap::new();
        for (j, port) in n.output_ports.as_slice().iter().enumerate() {
            if let Some(first) = ports.get(port.name.as_str()) {
                sink.at(
                    codes::E_DUPLICATE_PORT,
                    &format!("{p}/output_ports/{j}/name"),
                    format!(
                        "node type \"{}\" already has an output port \"{}\" (output_ports[{first}])",
                        n.type_id, port.name
                    ),
                    Some("give every output port of a node type its own name".into()),
                );
            } else {
                ports.insert(&port.name, j);
            }
        }
    }
    for (i, g) in d.contributions.guardrails.as_slice().iter().enumerate() {
        let p = format!("/contributions/guardrails/{i}");
        export_name(sink, || format!("{p}/export"), &g.export, true);
        runtime_ref(
            sink,
            &p,
            "guardrail",
            g.runtime_ref.as_deref(),
            &d.runtime.components,
        );
    }
}
