//! The manifest as a whole: compat and capability versions, components, secrets declared at the
//! top level, network patterns, and `configSchema` on older designers.

use gtdx_contract::{Code, codes};
use gtdx_contract::{Describe, secrets::is_canonical_key};

use crate::Options;
use crate::validate::Sink;

/// The newest designer line that may predate `configSchema` (contract note on
/// `MIN_DESIGNER_VERSION`: designers 1.2.0–1.2.9 fail to parse a describe carrying it).
const OLD_DESIGNERS: std::ops::RangeInclusive<u64> = 0..=9;

pub(super) fn header(sink: &mut Sink<'_, '_>, d: &Describe) {
    if d.config_schema.is_none() {
        return;
    }
    let Ok(req) = semver::VersionReq::parse(&d.compat.min_designer_version) else {
        return; // refused at load: E_COMPAT_VERSION
    };
    if let Some(old) = OLD_DESIGNERS
        .map(|p| semver::Version::new(1, 2, p))
        .find(|v| req.matches(v))
    {
        sink.at_key(
            codes::W_CONFIG_SCHEMA_OLD_DESIGNER,
            "/configSchema",
            format!(
                "top-level \"configSchema\" is accepted by the platform's contract 1.2.25, but compat.min_designer_version \"{}\" admits designer {old}, built from an older contract that refuses the whole describe when it carries this key",
                d.compat.min_designer_version
            ),
            Some("raise compat.min_designer_version to the first designer release that reads configSchema, or drop configSchema (`gtdx lint --explain W_CONFIG_SCHEMA_OLD_DESIGNER`)".into()),
        );
    }
}

pub(super) fn versions(sink: &mut Sink<'_, '_>, d: &Describe, opts: &Options) {
    let exact = |sink: &mut Sink<'_, '_>, code: Code, pointer: &str, what: &str, s: &str| {
        if let Err(e) = semver::Version::parse(s) {
            sink.at(
                code,
                pointer,
                format!("{what} \"{s}\" is not an exact semver version: {e}"),
                Some(
                    "use MAJOR.MINOR.PATCH with an optional -pre-release, e.g. 1.2.0 or 1.3.0-rc.1"
                        .into(),
                ),
            );
        }
    };
    let range = |sink: &mut Sink<'_, '_>, code: Code, pointer: &str, what: &str, s: &str| {
        if let Err(e) = semver::VersionReq::parse(s) {
            sink.at(
                code,
                pointer,
                format!("{what} \"{s}\" is not a semver requirement: {e}"),
                Some("use a requirement such as >=1.2.0 or ^1.2.0 (combine bounds with a comma: >=1.2.0, <2.0.0)".into()),
            );
        }
    };
    // compat versions are checked at load (`gtdx_contract::invariants`, E_COMPAT_VERSION).
    for (list, caps) in [
        ("offered", &d.capabilities.offered),
        ("required", &d.capabilities.required),
    ] {
        for (i, c) in caps.as_slice().iter().enumerate() {
            let p = format!("/capabilities/{list}/{i}/version");
            let what = format!("capabilities.{list}[{i}].version");
            if opts.publish && list == "offered" {
                exact(
                    sink,
                    codes::E_CAPABILITY_VERSION,
                    &p,
                    &format!("{what} (publish requires an exact version)"),
                    &c.version,
                );
            } else {
                range(sink, codes::E_CAPABILITY_VERSION, &p, &what, &c.version);
            }
        }
    }
}

pub(super) fn runtime(sink: &mut Sink<'_, '_>, d: &Describe, opts: &Options) {
    // A component without `oci_ref` or `gtpack` is refused at load (E_COMPONENT_SOURCE).
    for (i, s) in d.required_secrets.as_slice().iter().enumerate() {
        key_namespace(sink, || format!("/requiredSecrets/{i}/key"), &s.key);
    }
    if opts.publish {
        let network = d.runtime.permissions.network.as_slice();
        for (i, n) in network.iter().enumerate() {
            if !network_ok(n) {
                sink.at(
                    codes::E_NETWORK_HTTPS,
                    &format!("/runtime/permissions/network/{i}"),
                    format!("network pattern \"{n}\" is not https:// (plain http is allowed for loopback hosts only)"),
                    Some("use https://, or http://127.0.0.1, http://localhost or http://[::1] for a local service".into()),
                );
            }
        }
    }
}

/// `I_SECRET_KEY_UNNAMESPACED`: a canonical key of a single segment (`api_key`). The platform
/// accepts it; a `vendor/` prefix keeps it apart from other extensions' keys and lets one grant
/// (`secret://vendor`) cover all of the extension's keys.
pub(super) fn key_namespace(sink: &mut Sink<'_, '_>, pointer: impl FnOnce() -> String, key: &str) {
    if is_canonical_key(key) && !key.contains('/') {
        sink.at(
            codes::I_SECRET_KEY_UNNAMESPACED,
            &pointer(),
            format!("secret key \"{key}\" has no vendor namespace; the tenant's secret store holds every extension's keys side by side"),
            Some(format!("consider \"<vendor>/{key}\", e.g. \"acme/{key}\" (rename it everywhere it is declared and granted)")),
        );
    }
}

fn network_ok(pattern: &str) -> bool {
    if pattern.starts_with("https://") {
        return true;
    }
    let Some(rest) = pattern.strip_prefix("http://") else {
        return false;
    };
    let host = if let Some(v6) = rest.strip_prefix('[') {
        v6.split(']')
            .next()
            .map(|h| format!("[{h}]"))
            .unwrap_or_default()
    } else {
        rest.split(['/', ':'])
            .next()
            .unwrap_or_default()
            .to_string()
    };
    matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_patterns() {
        assert!(network_ok("https://api.example.com/*"));
        assert!(network_ok("http://localhost:8080/*"));
        assert!(network_ok("http://[::1]:9000/x"));
        assert!(!network_ok("http://api.example.com/*"));
        assert!(!network_ok("http://localhost.evil.com/"));
    }
}
