//! Dynamic tools and operator-configured connection fields (`../shared/spec/dynamic-tools.md`):
//! the discovery tool is not offered to agents (`W_DISCOVERY_AGENT_VISIBLE`); an endpoint field
//! is a URL (`E_ENDPOINT_FIELD_TYPE`) whose default and example are HTTPS on port 443 without
//! user-info, query or fragment (`E_ENDPOINT_FIELD_VALUE`); no config key is a credential
//! (`E_CONFIG_FIELD_CREDENTIAL`).

use gtdx_contract::codes;
use gtdx_contract::{
    CAPABILITY_AGENTIC_WORKER, ConfigFieldPurpose, ConfigFieldType, Describe, authority,
};
use serde_json::Value;

use super::TOOLS;
use crate::validate::Sink;

pub(super) fn dynamic(sink: &mut Sink<'_, '_>, d: &Describe) {
    if let Some(dt) = &d.contributions.dynamic_tools {
        let tools = d.contributions.tools();
        if let Some(i) = tools.iter().position(|t| t.name == dt.discovery_tool)
            && tools[i]
                .capabilities
                .as_ref()
                .is_some_and(|c| c.iter().any(|c| c == CAPABILITY_AGENTIC_WORKER))
        {
            sink.at(
                codes::W_DISCOVERY_AGENT_VISIBLE,
                &format!("{TOOLS}/{i}/capabilities"),
                format!(
                    "discovery tool \"{}\" is offered to agentic workers; the platform calls it, and its descriptors are never agent-selectable",
                    dt.discovery_tool
                ),
                Some("offer it to flow only: capabilities = [\"flow\"]".into()),
            );
        }
    }
    for (i, f) in d.config_fields.iter().flatten().enumerate() {
        let base = format!("/configFields/{i}");
        if authority::key_kind(&f.key) == Some("a credential") {
            sink.at(
                codes::E_CONFIG_FIELD_CREDENTIAL,
                &format!("{base}/key"),
                format!(
                    "config field \"{}\" looks like a credential; config fields are plain settings",
                    f.key
                ),
                Some(
                    "keep credentials in the connection credential, never in a config field".into(),
                ),
            );
        }
        if f.purpose != Some(ConfigFieldPurpose::Endpoint) {
            continue;
        }
        if f.field_type != ConfigFieldType::Url {
            sink.at(
                codes::E_ENDPOINT_FIELD_TYPE,
                &format!("{base}/type"),
                format!(
                    "config field \"{}\" has purpose \"endpoint\" but is not type \"url\"",
                    f.key
                ),
                Some("declare it \"type\": \"url\"".into()),
            );
        }
        for (member, value) in [("default", &f.default), ("example", &f.example)] {
            let Some(v) = value else { continue };
            let problem = match v {
                Value::String(s) => endpoint_problem(s),
                _ => Some("it is not a string".to_string()),
            };
            if let Some(p) = problem {
                sink.at(
                    codes::E_ENDPOINT_FIELD_VALUE,
                    &format!("{base}/{member}"),
                    format!("the {member} of endpoint field \"{}\" is refused: {p}", f.key),
                    Some("write it as https://instance.example.com (HTTPS, port 443, no user-info, query or fragment)".into()),
                );
            }
        }
    }
}

/// Why `url` is not an acceptable endpoint, if it is not.
pub(crate) fn endpoint_problem(url: &str) -> Option<String> {
    let Some(rest) = url
        .get(..8)
        .filter(|s| s.eq_ignore_ascii_case("https://"))
        .map(|_| &url[8..])
    else {
        return Some("it is not an https:// URL".into());
    };
    if url.contains('?') {
        return Some("it has a query".into());
    }
    if url.contains('#') {
        return Some("it has a fragment".into());
    }
    let authority = rest.split('/').next().unwrap_or("");
    if authority.contains('@') {
        return Some("it embeds user-info (credentials)".into());
    }
    let host_port = authority;
    let (host, port) = match host_port.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || host_port.starts_with('[') => (h, Some(p)),
        _ => (host_port, None),
    };
    if host.is_empty() {
        return Some("it has no host".into());
    }
    if let Some(p) = port
        && p != "443"
    {
        return Some(format!("its port is {p}, not 443"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::endpoint_problem;

    #[test]
    fn endpoints() {
        for ok in [
            "https://crm.example.com",
            "https://crm.example.com/",
            "https://crm.example.com:443/api",
            "HTTPS://x.example",
        ] {
            assert_eq!(endpoint_problem(ok), None, "{ok}");
        }
        for bad in [
            "http://crm.example.com",
            "https://crm.example.com:8443",
            "https://user:pw@crm.example.com",
            "https://crm.example.com/?a=1",
            "https://crm.example.com/#x",
            "https://",
            "crm.example.com",
        ] {
            assert!(endpoint_problem(bad).is_some(), "{bad}");
        }
    }
}
