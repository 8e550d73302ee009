//! The checks the platform's loader makes beyond the shape of the JSON: the parse-time
//! validation of its newtypes (semver fields, component ids, lowercase digests, capability ids,
//! locales, secret keys) and the whole-document invariants of its `TryFrom`. A document that
//! breaks any of them does not load, whole; `gtdx validate` reports every one, each at its JSON
//! pointer, where the platform stops at the first.

use crate::codes;
use std::collections::BTreeSet;

use serde_json::Value;

use crate::diagnostic::escape_pointer_token as escape;
use crate::manifest::{Describe, ExtensionKind, LocalizedText};

/// The refusal of an `agentic_worker_metadata` written as an object (message, help): the
/// validator reports it in the same words when the schema pass finds it first.
pub const METADATA_NOT_STRING: (&str, &str) = (
    "agentic_worker_metadata is a JSON object, but the platform reads a JSON-encoded string: its loader refuses the describe",
    "encode the object as a string (`gtdx describe` writes it that way)",
);

/// One broken invariant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The diagnostic code: `E_CONTRACT`, or a more specific one where gtdx has it
    /// (`E_COMPAT_VERSION`, `E_COMPONENT_SOURCE`).
    pub code: crate::Code,
    /// Where, as an RFC 6901 pointer into the document.
    pub pointer: String,
    /// What is wrong, in one sentence.
    pub message: String,
    /// How to fix it.
    pub help: &'static str,
}

/// Every invariant `d` breaks, in document order.
pub fn violations(d: &Describe) -> Vec<Violation> {
    let mut out = Checker::default();
    out.schema_constraints(d);
    out.compat(d);
    out.capabilities(d);
    out.runtime(d);
    out.kind_rules(d);
    out.contributions(d);
    out.localization(d);
    out.secrets(d);
    out.config_schema(d);
    out.0
}

#[derive(Default)]
struct Checker(Vec<Violation>);

impl Checker {
    fn push(&mut self, pointer: String, message: String, help: &'static str) {
        self.push_code(codes::E_CONTRACT, pointer, message, help);
    }

    fn push_code(
        &mut self,
        code: crate::Code,
        pointer: String,
        message: String,
        help: &'static str,
    ) {
        self.0.push(Violation {
            code,
            pointer,
            message,
            help,
        });
    }

    /// What the platform's JSON Schema adds to the typed model (patterns, lengths, bounds). The
    /// loader runs the schema before the model, so these refuse the document as well; with them
    /// here, a document the model reads and these accept needs no schema pass (`gtdx-lint`
    /// validates with the schema only to locate problems).
    fn schema_constraints(&mut self, d: &Describe) {
        if d.api_version != crate::API_VERSION_V2 {
            self.push(
                "/apiVersion".into(),
                format!(
                    "apiVersion is `{}`, not `{}`",
                    d.api_version,
                    crate::API_VERSION_V2
                ),
                "set \"apiVersion\": \"greentic.ai/v2\"",
            );
        }
        let m = &d.metadata;
        if !is_schema_extension_id(&m.id) {
            self.push(
                "/metadata/id".into(),
                format!("metadata.id `{}` is not a reverse-DNS id", m.id),
                "use lowercase letters, digits, `.` and `-`, starting with a letter, with at least one `.`",
            );
        }
        if m.name.is_empty() {
            self.push(
                "/metadata/name".into(),
                "metadata.name is empty".into(),
                "name the extension",
            );
        }
        if !is_semver_text(&m.version) {
            self.push(
                "/metadata/version".into(),
                format!(
                    "metadata.version `{}` is not an exact semver version",
                    m.version
                ),
                "write an exact version such as `1.2.0`",
            );
        }
        if let Some(sha) = d.manifest_sha256.as_deref().filter(|s| !is_sha256(s)) {
            self.push(
                "/manifestSha256".into(),
                format!("manifestSha256 `{sha}` is not 64 lowercase hex digits"),
                "let the pack writer set it (`gtdx build`, `gtdx pack`)",
            );
        }
        for (list, caps) in [
            ("offered", &d.capabilities.offered),
            ("required", &d.capabilities.required),
        ] {
            for (i, cap) in caps.iter().enumerate() {
                if !is_schema_capability_id(&cap.id) {
                    self.push(
                        format!("/capabilities/{list}/{i}/id"),
                        format!("capability id `{}` is not lowercase `<namespace>:<path>`", cap.id),
                        "use lowercase letters, digits and `-` for the namespace and start the path with a letter, e.g. `greentic:guardrail/topic`",
                    );
                }
            }
        }
        let c = &d.contributions;
        for (i, v) in c.views.iter().enumerate() {
            if !is_view_id(&v.id) {
                self.push(
                    format!("/contributions/views/{i}/id"),
                    format!("view id `{}` is not lowercase letters, digits, `.`, `_` and `-`", v.id),
                    "start with a letter or digit; the id becomes part of a route and an asset path",
                );
            }
        }
        for (i, a) in c.addons.iter().enumerate() {
            if !is_addon_id(&a.id) {
                self.push(
                    format!("/contributions/addons/{i}/id"),
                    format!(
                        "addon id `{}` is not lowercase letters, digits and `-`",
                        a.id
                    ),
                    "start with a letter or digit",
                );
            }
            for (j, o) in a.outputs.iter().enumerate() {
                if !is_env_name(&o.name) {
                    self.push(
                        format!("/contributions/addons/{i}/outputs/{j}/name"),
                        format!(
                            "addon output `{}` is not an environment variable name",
                            o.name
                        ),
                        "use letters, digits and `_`, not starting with a digit",
                    );
                }
            }
        }
        if let Some(mc) = &c.messaging_channel {
            if mc.id.is_empty() {
                self.push(
                    "/contributions/messaging_channel/id".into(),
                    "messaging_channel.id is empty".into(),
                    "give the channel a stable id",
                );
            }
            if !mc.oci_ref.starts_with("oci://") {
                self.push(
                    "/contributions/messaging_channel/ref".into(),
                    format!(
                        "messaging_channel.ref `{}` is not an `oci://` reference",
                        mc.oci_ref
                    ),
                    "reference the provider pack as `oci://host/name@sha256:...`",
                );
            }
            if mc.surface.as_deref().is_some_and(str::is_empty) {
                self.push(
                    "/contributions/messaging_channel/surface".into(),
                    "messaging_channel.surface is empty".into(),
                    "omit it, or name the surface",
                );
            }
        }
        if let Some(dt) = &c.dynamic_tools {
            if dt.max_tools == Some(0) {
                self.push(
                    "/contributions/dynamicTools/maxTools".into(),
                    "dynamicTools.maxTools is 0".into(),
                    "allow at least one derived tool, or omit maxTools",
                );
            }
            if dt.refresh.as_ref().is_some_and(|r| r.ttl_seconds == 0) {
                self.push(
                    "/contributions/dynamicTools/refresh/ttlSeconds".into(),
                    "dynamicTools.refresh.ttlSeconds is 0".into(),
                    "use a staleness threshold of at least one second",
                );
            }
        }
    }

    fn requirement(&mut self, pointer: String, text: &str) {
        if let Err(e) = semver::VersionReq::parse(text) {
            self.push(
                pointer,
                format!("`{text}` is not a semver requirement ({e})"),
                "write a requirement such as `>=1.2.0` or `^1.2`",
            );
        }
    }

    fn version(&mut self, pointer: String, text: &str) {
        if let Err(e) = semver::Version::parse(text) {
            self.push(
                pointer,
                format!("`{text}` is not an exact semver version ({e})"),
                "write an exact version such as `1.2.0`",
            );
        }
    }

    fn compat(&mut self, d: &Describe) {
        let c = &d.compat;
        let before = self.0.len();
        self.requirement(
            "/compat/min_designer_version".into(),
            &c.min_designer_version,
        );
        self.requirement("/compat/min_runner_version".into(), &c.min_runner_version);
        self.version("/compat/contract_version".into(), &c.contract_version);
        for v in &mut self.0[before..] {
            v.code = codes::E_COMPAT_VERSION;
        }
    }

    fn capabilities(&mut self, d: &Describe) {
        for (list, caps) in [
            ("offered", &d.capabilities.offered),
            ("required", &d.capabilities.required),
        ] {
            for (i, cap) in caps.iter().enumerate() {
                let p = format!("/capabilities/{list}/{i}");
                if !is_capability_id(&cap.id) {
                    self.push(
                        format!("{p}/id"),
                        format!("capability id `{}` is not `<namespace>:<path>`", cap.id),
                        "use a namespace of ASCII letters, digits, `-` or `_`, a `:`, and a non-empty path, e.g. `greentic:guardrail/topic`",
                    );
                }
                if let Some(dep) = &cap.deprecated {
                    self.deprecated(&format!("{p}/deprecated"), dep);
                }
            }
        }
    }

    fn deprecated(&mut self, p: &str, dep: &crate::manifest::Deprecated) {
        self.version(format!("{p}/since"), &dep.since);
        if let Some(r) = &dep.removal_in {
            self.version(format!("{p}/removal_in"), r);
        }
    }

    fn runtime(&mut self, d: &Describe) {
        let r = &d.runtime;
        if !(1..=1024).contains(&r.memory_limit_mb) {
            self.push(
                "/runtime/memoryLimitMB".into(),
                format!(
                    "runtime.memoryLimitMB is {}, outside 1..=1024",
                    r.memory_limit_mb
                ),
                "set a limit between 1 and 1024 MiB, or omit it for the default of 64",
            );
        }
        if r.components.is_empty() {
            self.push(
                "/runtime/components".into(),
                "runtime.components declares no component".into(),
                "declare at least one component (`gtdx describe` writes this crate's own)",
            );
        }
        for (key, c) in &r.components {
            let p = format!("/runtime/components/{}", escape(key));
            if !is_component_id(key) {
                self.push(
                    p.clone(),
                    format!("component id `{key}` holds characters other than `a-z 0-9 . _ -`"),
                    "use lowercase ASCII letters, digits, `.`, `_` and `-` only",
                );
            }
            if !is_sha256(&c.sha256) {
                self.push(
                    format!("{p}/sha256"),
                    format!("`{}` is not 64 lowercase hex digits", c.sha256),
                    "write the SHA-256 of the component in lowercase hex (`gtdx build` does)",
                );
            }
            match &c.gtpack {
                Some(g) if !is_sha256(&g.sha256) => self.push(
                    format!("{p}/gtpack/sha256"),
                    format!("`{}` is not 64 lowercase hex digits", g.sha256),
                    "write the SHA-256 of the component in lowercase hex (`gtdx build` does)",
                ),
                Some(_) => {}
                None if c.oci_ref.is_none() => self.push_code(
                    codes::E_COMPONENT_SOURCE,
                    p,
                    format!("component `{key}` has neither `oci_ref` nor `gtpack`"),
                    "add `gtpack` (the component inside the pack; `gtdx build` writes it) or an `oci_ref`",
                ),
                None => {}
            }
        }
    }

    fn kind_rules(&mut self, d: &Describe) {
        if d.execution.is_some() && d.kind != ExtensionKind::BundleExtension {
            self.push(
                "/execution".into(),
                format!(
                    "`execution` is only allowed on a BundleExtension (this is a {})",
                    d.kind.as_str()
                ),
                "remove `execution`, or set `kind` to `BundleExtension`",
            );
        }
        if d.kind == ExtensionKind::AddonExtension && d.contributions.addons.is_empty() {
            self.push(
                "/contributions".into(),
                "an AddonExtension declares no `contributions.addons[]` entry".into(),
                "declare the addon it provisions, or choose another `kind`",
            );
        }
    }

    fn contributions(&mut self, d: &Describe) {
        let c = &d.contributions;
        let components: BTreeSet<&str> = d.runtime.components.keys().map(String::as_str).collect();
        let runtime_ref = |s: &mut Self, p: String, what: String, r: &str| {
            if !is_component_id(r) {
                s.push(
                    p,
                    format!("{what} runtime_ref `{r}` holds characters other than `a-z 0-9 . _ -`"),
                    "name a key of `runtime.components`",
                );
            } else if !components.contains(r) {
                s.push(
                    p,
                    format!("{what} runtime_ref `{r}` is not a key of runtime.components"),
                    "name one of the declared components, or omit runtime_ref when there is one",
                );
            }
        };
        for (i, nt) in c.node_types.iter().enumerate() {
            let p = format!("/contributions/nodeTypes/{i}");
            if let Some(r) = &nt.runtime_ref {
                runtime_ref(
                    self,
                    format!("{p}/runtime_ref"),
                    format!("node type `{}`", nt.type_id),
                    r,
                );
            }
            self.localized(&format!("{p}/label"), &nt.label);
            for (j, port) in nt.output_ports.iter().enumerate() {
                self.localized(&format!("{p}/output_ports/{j}/label"), &port.label);
            }
            if let Some(dep) = &nt.deprecated {
                self.deprecated(&format!("{p}/deprecated"), dep);
            }
        }
        for (i, t) in c.tools.iter().enumerate() {
            if let Some(crate::MetadataBlob::Object(_)) = &t.agentic_worker_metadata {
                self.push_code(
                    codes::E_METADATA_NOT_STRING,
                    format!("/contributions/tools/{i}/agentic_worker_metadata"),
                    METADATA_NOT_STRING.0.into(),
                    METADATA_NOT_STRING.1,
                );
            }
            if let Some(r) = &t.runtime_ref {
                runtime_ref(
                    self,
                    format!("/contributions/tools/{i}/runtime_ref"),
                    format!("tool `{}`", t.name),
                    r,
                );
            }
        }
        for (i, g) in c.guardrails.iter().enumerate() {
            if let Some(r) = g.runtime_ref.as_deref().filter(|r| !is_component_id(r)) {
                self.push(
                    format!("/contributions/guardrails/{i}/runtime_ref"),
                    format!(
                        "guardrail runtime_ref `{r}` holds characters other than `a-z 0-9 . _ -`"
                    ),
                    "name a key of `runtime.components`",
                );
            }
        }
        for (i, r) in c.recipes.iter().enumerate() {
            let p = format!("/contributions/recipes/{i}");
            self.localized(&format!("{p}/display_name"), &r.display_name);
            if let Some(desc) = &r.description {
                self.localized(&format!("{p}/description"), desc);
            }
        }
        let mut views = BTreeSet::new();
        let tools: BTreeSet<&str> = c.tools.iter().map(|t| t.name.as_str()).collect();
        for (i, v) in c.views.iter().enumerate() {
            let p = format!("/contributions/views/{i}");
            if !views.insert(v.id.as_str()) {
                self.push(
                    format!("{p}/id"),
                    format!("view id `{}` is declared twice", v.id),
                    "give each view its own id (the host routes views by `<extension id>/<view id>`)",
                );
            }
            for (j, name) in v.tools.iter().enumerate() {
                if !tools.contains(name.as_str()) {
                    self.push(
                        format!("{p}/tools/{j}"),
                        format!("view `{}` lists tool `{name}`, which contributions.tools does not declare", v.id),
                        "name one of this extension's own tools",
                    );
                }
            }
        }
        let mut addons = BTreeSet::new();
        for (i, a) in c.addons.iter().enumerate() {
            let p = format!("/contributions/addons/{i}");
            if !addons.insert(a.id.as_str()) {
                self.push(
                    format!("{p}/id"),
                    format!("addon id `{}` is declared twice", a.id),
                    "give each addon its own id",
                );
            }
            if a.schema_version == 0 {
                self.push(
                    format!("{p}/schema_version"),
                    format!("addon `{}` has schema_version 0", a.id),
                    "schema_version starts at 1",
                );
            }
            let mut outputs = BTreeSet::new();
            for (j, o) in a.outputs.iter().enumerate() {
                if !outputs.insert(o.name.as_str()) {
                    self.push(
                        format!("{p}/outputs/{j}/name"),
                        format!("addon `{}` declares output `{}` twice", a.id, o.name),
                        "give each output its own name",
                    );
                }
            }
            for (field, text) in [
                ("config_schema", &a.config_schema),
                ("desired_state_schema", &a.desired_state_schema),
            ] {
                self.schema_object(
                    format!("{p}/{field}"),
                    &format!("addon `{}` {field}", a.id),
                    text,
                );
            }
        }
    }

    fn schema_object(&mut self, pointer: String, what: &str, text: &str) {
        let problem = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(_)) => return,
            Ok(_) => "parses as JSON but is not a JSON object",
            Err(_) => "is not valid JSON",
        };
        self.push(
            pointer,
            format!("{what} {problem}"),
            "write a JSON Schema object serialized as a string, e.g. \"{\\\"type\\\":\\\"object\\\"}\"",
        );
    }

    fn localized(&mut self, pointer: &str, text: &LocalizedText) {
        if let LocalizedText::Localized(l) = text {
            for locale in l.locales.keys() {
                if !is_locale(locale) {
                    self.push(
                        format!("{pointer}/locales/{}", escape(locale)),
                        format!("locale `{locale}` holds characters other than ASCII letters, digits and `-`"),
                        "use a BCP 47 tag such as `en` or `pt-BR`",
                    );
                }
            }
        }
    }

    fn localization(&mut self, d: &Describe) {
        if let Some(l) = &d.metadata.description {
            self.localized("/metadata/description", l);
        }
        self.localized("/metadata/summary", &d.metadata.summary);
        let Some(loc) = &d.localization else { return };
        if !is_locale(&loc.default_locale) {
            self.push(
                "/localization/default_locale".into(),
                format!(
                    "locale `{}` holds characters other than ASCII letters, digits and `-`",
                    loc.default_locale
                ),
                "use a BCP 47 tag such as `en` or `pt-BR`",
            );
        }
        for (key, per_locale) in &loc.strings {
            for locale in per_locale.keys().filter(|l| !is_locale(l)) {
                self.push(
                    format!("/localization/strings/{}/{}", escape(key), escape(locale)),
                    format!("locale `{locale}` holds characters other than ASCII letters, digits and `-`"),
                    "use a BCP 47 tag such as `en` or `pt-BR`",
                );
            }
        }
    }

    fn secrets(&mut self, d: &Describe) {
        for (i, s) in d.required_secrets.iter().enumerate() {
            self.secret_key(format!("/requiredSecrets/{i}/key"), &s.key);
        }
        for (i, t) in d.contributions.tools.iter().enumerate() {
            for (j, s) in t.secret_requirements.iter().enumerate() {
                self.secret_key(
                    format!("/contributions/tools/{i}/secret_requirements/{j}/key"),
                    &s.key,
                );
            }
        }
    }

    fn secret_key(&mut self, pointer: String, key: &str) {
        if let Some(problem) = secret_key_problem(key) {
            self.push(
                pointer,
                format!("secret key `{key}` {problem}"),
                SECRET_KEY_FIX,
            );
        }
    }

    fn config_schema(&mut self, d: &Describe) {
        if let Some(text) = &d.config_schema {
            self.schema_object("/configSchema".into(), "configSchema", text);
        }
    }
}

/// How to write a secret key that [`secret_key_problem`] accepts.
pub const SECRET_KEY_FIX: &str =
    "write a key such as `vendor/api_key`: ASCII letters, digits, `.`, `_`, `-` and `/`";

/// The platform's `SecretKey::parse`: why a key does not parse, if it does not. The one rule
/// for secret keys: the manifest invariants and the `#[tool]` macro both call it.
pub fn secret_key_problem(key: &str) -> Option<&'static str> {
    if key.is_empty() {
        Some("is empty")
    } else if key.starts_with('/') {
        Some("starts with `/`")
    } else if !key
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
    {
        Some("holds characters other than ASCII letters, digits, `.`, `_`, `-` and `/`")
    } else if key.split('/').any(|s| s == "..") {
        Some("has a `..` segment")
    } else {
        None
    }
}

/// The schema's `metadata.id` pattern, `^[a-z][a-z0-9.-]*\.[a-z0-9.-]+$`.
pub fn is_schema_extension_id(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_lowercase)
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'.' | b'-'))
        && b.len() >= 3
        && b[1..b.len() - 1].contains(&b'.')
}

/// The schema's exact-version pattern ([`crate::SEMVER_PATTERN`]):
/// `^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?(\+[a-zA-Z0-9.-]+)?$`.
pub fn is_semver_text(s: &str) -> bool {
    let (core, build) = match s.split_once('+') {
        Some((c, b)) => (c, Some(b)),
        None => (s, None),
    };
    let (core, pre) = match core.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (core, None),
    };
    let ident = |t: &str| {
        !t.is_empty()
            && t.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-'))
    };
    let numbers: Vec<&str> = core.split('.').collect();
    numbers.len() == 3
        && numbers
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        && pre.is_none_or(ident)
        && build.is_none_or(ident)
}

/// The schema's capability id pattern, `^[a-z][a-z0-9-]*:[a-z][a-z0-9/._-]*$`.
pub fn is_schema_capability_id(s: &str) -> bool {
    let Some((ns, path)) = s.split_once(':') else {
        return false;
    };
    let starts = |t: &str| t.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
    starts(ns)
        && starts(path)
        && ns
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        && path.bytes().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'/' | b'.' | b'_' | b'-')
        })
}

/// The schema's view id pattern, `^[a-z0-9][a-z0-9._-]*$`.
pub fn is_view_id(s: &str) -> bool {
    s.as_bytes()
        .first()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && s.bytes().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'.' | b'_' | b'-')
        })
}

/// The schema's addon id pattern, `^[a-z0-9][a-z0-9-]*$`.
pub fn is_addon_id(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && s.bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
}

/// The schema's addon output name pattern, `^[A-Za-z_][A-Za-z0-9_]*$`.
pub fn is_env_name(s: &str) -> bool {
    s.as_bytes()
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The platform's `ComponentId`: non-empty `[a-z0-9._-]`.
pub fn is_component_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
}

/// The platform's `Sha256`: exactly 64 lowercase hex digits.
pub fn is_sha256(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The platform's `CapabilityId`: `<ns>:<path>`, both non-empty, ns of `[A-Za-z0-9_-]`.
pub fn is_capability_id(s: &str) -> bool {
    match s.split_once(':') {
        Some((ns, path)) => {
            !ns.is_empty()
                && !path.is_empty()
                && ns
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        }
        None => false,
    }
}

/// The platform's `Locale`: non-empty ASCII letters, digits and `-`.
pub fn is_locale(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}
