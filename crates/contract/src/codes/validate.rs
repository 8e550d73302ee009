//! Structural validation (`gtdx validate`, and the first step of `gtdx lint`): the document against the v2 contract, the stringified schemas, the platform's typed model and its loader's invariants.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    // validate
    E_API_VERSION {
        severity: Error,
        area: Validate,
        summary: "`apiVersion` is not `greentic.ai/v2`",
        explanation: "gtdx checks the v2 describe contract, whose discriminator is `\"apiVersion\": \"greentic.ai/v2\"`.\n\n\
A `greentic.ai/v1` manifest is the legacy contract: the runtime reads a v1 extension's tools from the component's WIT `list-tools` export, not from the manifest. \
To move to v2, set `\"apiVersion\": \"greentic.ai/v2\"` and declare every tool in `contributions.tools[]` (name, export, capabilities, description, input_schema). \
For a v2 extension the runtime never calls `list-tools`, so a tool that exists only in `src/lib.rs` silently disappears.\n\n\
Note that a designer older than 1.2.0 skips a v2 describe at boot; set `compat.min_designer_version` to `>=1.2.0`.",
    }
    E_UNKNOWN_FIELD {
        severity: Error,
        area: Validate,
        summary: "a key the contract does not define (usually a typo)",
        explanation: "The manifest rejects unknown fields outright at every level: a misspelt key fails the whole parse instead of being dropped, so the extension does not load at all.\n\n\
gtdx names the nearest known key (`unknown field \"capabilites\" ...; did you mean \"capabilities\"?`). \
Mind the spelling conventions: top-level and `runtime` keys are camelCase (`apiVersion`, `memoryLimitMB`, `nodeTypes`, `dynamicTools`), \
tool and node-type keys are snake_case (`input_schema`, `runtime_ref`, `type_id`).\n\n\
Three top-level keys depend on `kind`, because the platform checks a `wasix:mcp/router` artifact against its own schema: \
only such a router may carry a top-level `secret_requirements` (its credentials; other kinds list theirs in `requiredSecrets`, or per tool), \
and a router may carry neither `requiredSecrets` nor `configSchema`. The help names where the value belongs instead.",
    }
    E_MISSING_FIELD {
        severity: Error,
        area: Validate,
        summary: "a required key is absent",
        explanation: "The platform deserializes the manifest eagerly; a missing required key fails the load. \
The top level needs `apiVersion`, `kind`, `compat`, `metadata`, `capabilities`, `runtime` and `contributions` \
(`{}` when the extension adds nothing; only a `wasix:mcp/router` artifact, whose tools come from its `list-tools`, may leave `contributions` out); \
every tool needs `name` and `export`; every node type `type_id`, `label` and `category`; every component `sha256` and `world`. \
See docs/manifest.md for each field.",
    }
    E_TYPE {
        severity: Error,
        area: Validate,
        summary: "a value of the wrong JSON type",
        explanation: "A value has the wrong JSON type, e.g. a number where a string is expected. \
Optional fields are omitted, never `null`: the platform's schema rejects `null` for every typed field. \
Stringified schemas (`input_schema`, `output_schema`, `config_schema`, `configSchema`) and `agentic_worker_metadata` are JSON *strings* containing JSON.",
    }
    E_INVALID_VALUE {
        severity: Error,
        area: Validate,
        summary: "a value outside what the contract allows (enum, pattern, range, length)",
        explanation: "The value has the right type but is not allowed: not one of an enum's values (`kind`, `surface`, `format`, ...), \
not matching a pattern (`sha256` must be 64 lowercase hex digits, `metadata.version` an exact semver), \
out of range (`runtime.memoryLimitMB` is 1..=1024), too short (`metadata.name` must be non-empty) or an empty `runtime.components`.",
    }
    E_SCHEMA_STRING_JSON {
        severity: Error,
        area: Validate,
        summary: "a stringified schema is not valid JSON",
        explanation: "`tools[].input_schema`, `tools[].output_schema`, `nodeTypes[].config_schema` and the top-level `configSchema` carry a JSON Schema serialized as a string. \
The string itself must parse as JSON; the reported position is the offending character inside the string. \
The usual causes are an unescaped quote or a trailing comma. Generate these strings with `gtdx describe` (or `serde_json::to_string`) rather than by hand.",
    }
    E_SCHEMA_STRING_INVALID {
        severity: Error,
        area: Validate,
        summary: "a stringified schema is not a valid JSON Schema",
        explanation: "The string parses as JSON but is not a valid JSON Schema (checked against its meta-schema, draft 2020-12 unless the schema's own `$schema` names another draft), \
or it cannot be compiled (e.g. an invalid `pattern` regex or an unresolvable `$ref`). \
An invalid `input_schema` becomes broken LLM function parameters; fix the keyword named in the message.",
    }
    E_CONTRACT {
        severity: Error,
        area: Validate,
        summary: "the platform's typed model or one of its load-time invariants rejects the document",
        explanation: "The document passed the JSON Schema but the platform's loader would still refuse it, whole: the typed model (the same serde rules the platform's Rust deserializer applies; the message is then the deserializer's own), \
or one of the checks the loader makes while it reads: semver requirements in `compat` and exact versions in `compat.contract_version` and deprecation notices, component ids of `[a-z0-9._-]`, lowercase 64-digit SHA-256 digests, \
capability ids of the form `<namespace>:<path>`, locale keys, secret keys, `oci_ref` or `gtpack` on every component, `execution` only on a BundleExtension, at least one addon on an AddonExtension, \
every `runtime_ref` of a tool or node type naming a component, view ids unique and view `tools` declared, addon ids and output names unique, and `configSchema` and the addon schemas parsing as JSON objects. \
Each is reported at its JSON pointer; the platform stops at the first.",
    }
    W_PLATFORM_UNKNOWN_FIELD {
        severity: Warning,
        area: Validate,
        summary: "a member of the gtdx specification that today's platform loader does not know (`contributions.dynamicTools`, `configFields`)",
        explanation: "gtdx models two members the dynamic-tools specification adds: `contributions.dynamicTools` (the discovery tool and its executors) and the top-level `configFields` (operator-configured connection fields). \
The platform's loader (greentic-extension-sdk-contract 1.2.25) rejects unknown keys at every level, so a describe.json carrying either one does not load there at all: not the tools, not the node types, nothing. \
gtdx accepts them, because the specification defines them, and warns so that you know before publishing. Keep them only when the platform you publish to supports dynamic tools; otherwise remove them (for a `gtdx describe` project, remove `discovery` and `executor` from the `#[tool(...)]` attributes, and `dynamicTools`/`configFields` from `[package.metadata.gtdx]`).",
    }
    W_FIELD_DROPPED {
        severity: Warning,
        area: Validate,
        summary: "a key the platform accepts but silently drops (inside a tool's secret requirement)",
        explanation: "Almost every object of describe.json is closed: an unknown key fails the load (`E_UNKNOWN_FIELD`). A tool's `secret_requirements[]` items are the exception: \
the platform's model of a secret requirement accepts unknown keys and drops them, so a misspelt `requird` or `descripton` loses its value without a word, and the normalised form gtdx writes and signs does not carry it. \
The fields are `key`, `required`, `description`, `scope`, `format`, `schema` and `examples`.",
    }
}
