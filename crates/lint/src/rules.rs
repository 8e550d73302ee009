//! The rule table: every code gtdx validate and gtdx lint can report, with its severity, a
//! one-line summary and the long explanation `gtdx lint --explain CODE` prints.
//!
//! Codes are stable: they are what CI configurations and `--explain` refer to. Add new rules;
//! never rename or reuse a code. `docs/lint-rules.md` is generated from this table.

use gtdx_contract::Severity;

/// When a rule runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Structural checks (`gtdx validate`, and the first step of `gtdx lint`).
    Validate,
    /// `gtdx lint`: the platform's own lint rules, on any JSON object (even one that did not
    /// validate), with the platform's code, trigger and severity.
    Platform,
    /// `gtdx lint`: gtdx's own checklist, on a manifest that validated.
    Lint,
    /// `gtdx lint --publish` only.
    Publish,
    /// On the Rust sources: `gtdx describe`, and `gtdx lint --manifest-path`.
    Sources,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Validate => "validate",
            Phase::Platform => "lint (platform rule)",
            Phase::Lint => "lint",
            Phase::Publish => "lint --publish",
            Phase::Sources => "describe, lint --manifest-path",
        }
    }
}

/// One rule.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub code: &'static str,
    pub severity: Severity,
    pub phase: Phase,
    /// One line: what the rule catches.
    pub summary: &'static str,
    /// Why it matters and how to fix it (Markdown).
    pub explanation: &'static str,
}

use Phase::*;
use Severity::*;

/// Every rule, in the order they are documented.
pub static RULES: &[Rule] = &[
    // ----- validate -----
    Rule {
        code: "E_API_VERSION",
        severity: Error,
        phase: Validate,
        summary: "`apiVersion` is not `greentic.ai/v2`",
        explanation: "gtdx checks the v2 describe contract, whose discriminator is `\"apiVersion\": \"greentic.ai/v2\"`.\n\n\
A `greentic.ai/v1` manifest is the legacy contract: the runtime reads a v1 extension's tools from the component's WIT `list-tools` export, not from the manifest. \
To move to v2, set `\"apiVersion\": \"greentic.ai/v2\"` and declare every tool in `contributions.tools[]` (name, export, capabilities, description, input_schema). \
For a v2 extension the runtime never calls `list-tools`, so a tool that exists only in `src/lib.rs` silently disappears.\n\n\
Note that a designer older than 1.2.0 skips a v2 describe at boot; set `compat.min_designer_version` to `>=1.2.0`.",
    },
    Rule {
        code: "E_UNKNOWN_FIELD",
        severity: Error,
        phase: Validate,
        summary: "a key the contract does not define (usually a typo)",
        explanation: "The manifest rejects unknown fields outright at every level: a misspelt key fails the whole parse instead of being dropped, so the extension does not load at all.\n\n\
gtdx names the nearest known key (`unknown field \"capabilites\" ...; did you mean \"capabilities\"?`). \
Mind the spelling conventions: top-level and `runtime` keys are camelCase (`apiVersion`, `memoryLimitMB`, `nodeTypes`, `dynamicTools`), \
tool and node-type keys are snake_case (`input_schema`, `runtime_ref`, `type_id`).",
    },
    Rule {
        code: "E_MISSING_FIELD",
        severity: Error,
        phase: Validate,
        summary: "a required key is absent",
        explanation: "The platform deserializes the manifest eagerly; a missing required key fails the load. \
The top level needs `apiVersion`, `kind`, `compat`, `metadata`, `capabilities`, `runtime` and `contributions`; \
every tool needs `name` and `export`; every node type `type_id`, `label` and `category`; every component `sha256` and `world`. \
See docs/manifest.md for each field.",
    },
    Rule {
        code: "E_TYPE",
        severity: Error,
        phase: Validate,
        summary: "a value of the wrong JSON type",
        explanation: "A value has the wrong JSON type, e.g. a number where a string is expected. \
Optional fields are omitted, never `null`: the platform's schema rejects `null` for every typed field. \
Stringified schemas (`input_schema`, `output_schema`, `config_schema`, `configSchema`) and `agentic_worker_metadata` are JSON *strings* containing JSON.",
    },
    Rule {
        code: "E_INVALID_VALUE",
        severity: Error,
        phase: Validate,
        summary: "a value outside what the contract allows (enum, pattern, range, length)",
        explanation: "The value has the right type but is not allowed: not one of an enum's values (`kind`, `surface`, `format`, ...), \
not matching a pattern (`sha256` must be 64 lowercase hex digits, `metadata.version` an exact semver), \
out of range (`runtime.memoryLimitMB` is 1..=1024), too short (`metadata.name` must be non-empty) or an empty `runtime.components`.",
    },
    Rule {
        code: "E_SCHEMA_STRING_JSON",
        severity: Error,
        phase: Validate,
        summary: "a stringified schema is not valid JSON",
        explanation: "`tools[].input_schema`, `tools[].output_schema`, `nodeTypes[].config_schema` and the top-level `configSchema` carry a JSON Schema serialized as a string. \
The string itself must parse as JSON; the reported position is the offending character inside the string. \
The usual causes are an unescaped quote or a trailing comma. Generate these strings with `gtdx describe` (or `serde_json::to_string`) rather than by hand.",
    },
    Rule {
        code: "E_SCHEMA_STRING_INVALID",
        severity: Error,
        phase: Validate,
        summary: "a stringified schema is not a valid JSON Schema",
        explanation: "The string parses as JSON but is not a valid JSON Schema (checked against its meta-schema, draft 2020-12 unless the schema's own `$schema` names another draft), \
or it cannot be compiled (e.g. an invalid `pattern` regex or an unresolvable `$ref`). \
An invalid `input_schema` becomes broken LLM function parameters; fix the keyword named in the message.",
    },
    Rule {
        code: "E_CONTRACT",
        severity: Error,
        phase: Validate,
        summary: "the platform's typed model or one of its load-time invariants rejects the document",
        explanation: "The document passed the JSON Schema but the platform's loader would still refuse it, whole: the typed model (the same serde rules the platform's Rust deserializer applies; the message is then the deserializer's own), \
or one of the checks the loader makes while it reads: semver requirements in `compat` and exact versions in `compat.contract_version` and deprecation notices, component ids of `[a-z0-9._-]`, lowercase 64-digit SHA-256 digests, \
capability ids of the form `<namespace>:<path>`, locale keys, secret keys, `oci_ref` or `gtpack` on every component, `execution` only on a BundleExtension, at least one addon on an AddonExtension, \
every `runtime_ref` of a tool or node type naming a component, view ids unique and view `tools` declared, addon ids and output names unique, and `configSchema` and the addon schemas parsing as JSON objects. \
Each is reported at its JSON pointer; the platform stops at the first.",
    },
    Rule {
        code: "W_PLATFORM_UNKNOWN_FIELD",
        severity: Warning,
        phase: Validate,
        summary: "a member of the gtdx specification that today's platform loader does not know (`contributions.dynamicTools`, `configFields`)",
        explanation: "gtdx models two members the dynamic-tools specification adds: `contributions.dynamicTools` (the discovery tool and its executors) and the top-level `configFields` (operator-configured connection fields). \
The platform's loader (greentic-extension-sdk-contract 1.2.25) rejects unknown keys at every level, so a describe.json carrying either one does not load there at all: not the tools, not the node types, nothing. \
gtdx accepts them, because the specification defines them, and warns so that you know before publishing. Keep them only when the platform you publish to supports dynamic tools; otherwise remove them (for a `gtdx describe` project, remove `dynamicTools`/`configFields` from `[package.metadata.gtdx]`).",
    },
    Rule {
        code: "W_FIELD_DROPPED",
        severity: Warning,
        phase: Validate,
        summary: "a key the platform accepts but silently drops (inside a tool's secret requirement)",
        explanation: "Almost every object of describe.json is closed: an unknown key fails the load (`E_UNKNOWN_FIELD`). A tool's `secret_requirements[]` items are the exception: \
the platform's model of a secret requirement accepts unknown keys and drops them, so a misspelt `requird` or `descripton` loses its value without a word, and the normalised form gtdx writes and signs does not carry it. \
The fields are `key`, `required`, `description`, `scope`, `format`, `schema` and `examples`.",
    },
    // ----- lint: the platform's own rules (raw JSON, any document) -----
    Rule {
        code: "E_SCHEMA_HOST",
        severity: Error,
        phase: Platform,
        summary: "`$schema` missing or not `https://store.greentic.cloud/schemas/describe-v2.json`",
        explanation: "The platform linter requires `\"$schema\": \"https://store.greentic.cloud/schemas/describe-v2.json\"`, exactly. The legacy `store.greentic.ai` host, another value and a missing key are all reported. Editors use the value to offer completion and inline validation.",
    },
    Rule {
        code: "E_ENGINE_DEPRECATED",
        severity: Error,
        phase: Platform,
        summary: "the deprecated `engine` block is present",
        explanation: "`engine` is deprecated and the platform's linter rejects any describe that still carries it, whatever its value. Move the designer bound to `compat.min_designer_version` and the runner bound to `compat.min_runner_version`, then delete `engine`.",
    },
    Rule {
        code: "E_CAP_CYCLE",
        severity: Error,
        phase: Platform,
        summary: "a capability id both offered and required",
        explanation: "An id present in both `capabilities.offered` and `capabilities.required` is a self-cycle: the resolver would satisfy the requirement with the extension itself. Remove it from `required`.",
    },
    Rule {
        code: "E_VERSION_SEMVER",
        severity: Error,
        phase: Platform,
        summary: "`metadata.version` does not parse as a semver version",
        explanation: "`metadata.version` is half of the extension's identity (`<id>@<version>`), which the store and installer address it by, and the diff rule compares it; it must be an exact semver version such as `1.3.0` or `1.3.0-research.2`. The platform checks only this field; gtdx checks the compat versions under `E_COMPAT_VERSION` and the capability versions under `E_CAPABILITY_VERSION`.",
    },
    Rule {
        code: "E_ID_PATTERN",
        severity: Error,
        phase: Platform,
        summary: "`metadata.id` is not two or more dot-separated WIT kebab names",
        explanation: "The id becomes the WIT package name, so each dot-separated segment must be a WIT kebab name: lowercase words of letters and digits, each starting with a letter, joined by `-`, and there must be at least two segments (a namespace and a name). The full pattern is `^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*(\\.[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*)+$`. Any namespace is allowed: `com.acme.my-ext` and `greentic.telco-x` pass; `greentic.3aigent` (a word starting with a digit), `greentic.my_ext` and `hello` fail.",
    },
    Rule {
        code: "E_RUNTIME_REF",
        severity: Error,
        phase: Platform,
        summary: "a tool's or node type's `runtime_ref` names no key of `runtime.components`",
        explanation: "`runtime_ref` says which component of `runtime.components` runs a tool or node type; one that names no component cannot be dispatched. gtdx names the nearest key. (A missing `runtime_ref` when there are several components is gtdx's `E_RUNTIME_REF_MISSING`; guardrails are gtdx's `E_GUARDRAIL_RUNTIME_REF`.)",
    },
    Rule {
        code: "E_EXPORT_FORM",
        severity: Error,
        phase: Platform,
        summary: "a tool's `export` is not `greentic:extension-design/<interface>.<member>`",
        explanation: "A tool's `export` must be fully qualified: `greentic:extension-design/` followed by `<interface>.<member>`, e.g. `greentic:extension-design/tools.invoke-tool`. A bare member name such as `invoke-tool` is rejected. The platform checks the namespace and the `.`; gtdx's `W_EXPORT_NAME` also checks that both names are WIT kebab names, and checks guardrail exports.",
    },
    Rule {
        code: "E_TOOL_NAMING",
        severity: Error,
        phase: Platform,
        summary: "a tool name that is not snake_case, or two names of which one extends the other at a `_`",
        explanation: "Tool names are function names for the LLM: snake_case, `^[a-z][a-z0-9_]*$`, e.g. `tx_resolve_prefix`. Two tools named `foo` and `foo_bar` are near-duplicates a model confuses, so the pair is reported too; rename one so neither extends the other. (Identical names are `E_DUPLICATE_TOOL`; names over 64 characters `E_TOOL_NAME_LENGTH`; doubled or trailing underscores `W_TOOL_NAME_FORM`.)",
    },
    Rule {
        code: "E_PERMS_SECRETS_PLAIN_KEY",
        severity: Error,
        phase: Platform,
        summary: "a `runtime.permissions.secrets` entry that is a plain key, not a grant",
        explanation: "`runtime.permissions.secrets` lists read *grants*, which the host matches against the URI a key resolves to (`secret://<key>`): `secret://tavily/api_key` (one key), `secret://tavily` or `secret://tavily/` (every key under `tavily/`), or `*`. A plain key such as `tavily/api_key` or `SLACK_BOT_TOKEN` grants nothing at run time, and the platform's linter rejects it (it accepts `*`, anything holding `://`, and a prefix ending in `/`). Declare the credential itself in the top-level `requiredSecrets`, and grant its URI here.",
    },
    Rule {
        code: "E_SECRET_KEY_NOT_CANONICAL",
        severity: Error,
        phase: Platform,
        summary: "a declared secret key outside the canonical form",
        explanation: "Keys in `requiredSecrets[].key` and `contributions.tools[].secret_requirements[].key` must be canonical: non-empty, only `a-z 0-9 . _ - /`, no leading or trailing `/`, no `..` segment, no `://`. A single segment (`api_key`) is canonical. The key *is* the resolution id (`secret://<key>`), so the platform never rewrites one: rename it (and its grant).",
    },
    Rule {
        code: "E_VIEW_ID_PATTERN",
        severity: Error,
        phase: Platform,
        summary: "a view id that does not match `^[a-z0-9][a-z0-9._-]*$`",
        explanation: "A view's `id` names its directory, `assets/views/<id>/`, and must match `^[a-z0-9][a-z0-9._-]*$`. It is checked before it is joined into a path, so `../x` is reported as a bad id; the view's other checks are skipped until it is fixed.",
    },
    Rule {
        code: "E_VIEW_ENTRY_UNREADABLE",
        severity: Error,
        phase: Platform,
        summary: "a view's entry file exists but cannot be read as UTF-8 text",
        explanation: "The entry was found under `assets/views/<id>/` but could not be read (not UTF-8, a directory, or a permissions problem), so its contents could not be checked for remote assets. Save it as UTF-8 HTML.",
    },
    Rule {
        code: "E_VIEW_REMOTE_ASSET",
        severity: Error,
        phase: Platform,
        summary: "a view's entry HTML loads a script, stylesheet or image from a remote origin",
        explanation: "The pack's digests vouch for the files inside it; a `<script src>`, `<img src>` or `<link href>` starting with `http` or `//` pulls unverified code or content at run time. Ship the asset inside the pack under `assets/views/<id>/` and reference it by a relative path. Hyperlinks (`<a href>`) are fine.",
    },
    Rule {
        code: "E_ADDON_ID_PATTERN",
        severity: Error,
        phase: Platform,
        summary: "an addon id that does not match `^[a-z0-9][a-z0-9-]*$`",
        explanation: "The platform addresses an addon as `<extension id>/<addon id>`; the id must be lowercase letters, digits and `-`, starting with a letter or digit. A missing id counts as empty.",
    },
    Rule {
        code: "W_ADDON_FAMILY_UNKNOWN",
        severity: Warning,
        phase: Platform,
        summary: "an addon `family` that this snapshot of the known families does not list",
        explanation: "Known families: `vector-db`, `cache`, `sql`, `queue`, `object-store`, `search`. A flow that asks for a family finds the addon only if the platform knows the family. A warning because the list is a snapshot and goes stale by construction.",
    },
    Rule {
        code: "E_ADDON_OUTPUT_NAME",
        severity: Error,
        phase: Platform,
        summary: "an addon output name that is not an environment variable name",
        explanation: "Addon outputs are injected into the consuming service as environment variables, so each `outputs[].name` must match `^[A-Za-z_][A-Za-z0-9_]*$`, e.g. `DATABASE_URL`. A missing name counts as empty.",
    },
    Rule {
        code: "E_ADDON_SECRET_IN_DESIRED_STATE",
        severity: Error,
        phase: Platform,
        summary: "an addon's `desired_state_schema` declares a credential-like property",
        explanation: "`observe` can never read a credential back, so a credential in desired state diffs forever and no plan is ever clean. Credentials reach the addon through its runtime binding. The names are found by the platform's credential-name detector (e.g. `api_key`, `auth_token`, `adminPassword`; not `secret_ref`, `password_policy`, `max_tokens`), at any depth of the schema. An unparseable schema string is skipped.",
    },
    Rule {
        code: "E_ADDON_BACKUP_NOT_EXPORTED",
        severity: Error,
        phase: Platform,
        summary: "an addon sets `supports_backup: true` but `wit/world.wit` exports no backup interface",
        explanation: "The platform would offer a pre-destroy snapshot and call an export that does not exist. Export `greentic:extension-addon/backup` from the world in `wit/world.wit` (next to describe.json), or drop the claim. Silent when `wit/world.wit` is absent (e.g. a packed extension).",
    },
    Rule {
        code: "W_ADDON_BACKUP_UNDECLARED",
        severity: Warning,
        phase: Platform,
        summary: "`wit/world.wit` exports a backup interface but no addon sets `supports_backup: true`",
        explanation: "The capability is implemented but never advertised, so the platform never offers it. Set `supports_backup: true` on the addon it serves, or remove the export.",
    },
    Rule {
        code: "E_CONFIG_SCHEMA_INVALID",
        severity: Error,
        phase: Platform,
        summary: "top-level `configSchema` is not a string holding a JSON Schema object",
        explanation: "`configSchema` is the extension's operator configuration form, a JSON Schema serialized as a string. An inline object, text that is not JSON, or JSON that is not an object renders as an empty form with no error, telling the operator there is nothing to configure.",
    },
    Rule {
        code: "E_CONFIG_SCHEMA_SECRET",
        severity: Error,
        phase: Platform,
        summary: "a `configSchema` property names a credential",
        explanation: "`configSchema` values are stored and handed back as plain tenant configuration. Declare credentials in the top-level `requiredSecrets` (key, format, description), whose values take the secret store's path. Uses the same credential-name detector as `E_ADDON_SECRET_IN_DESIRED_STATE`.",
    },
    Rule {
        code: "W_DESCRIBE_DIFF_BREAKING",
        severity: Warning,
        phase: Platform,
        summary: "tools, node types or offered capabilities removed since the baseline without a breaking version bump",
        explanation: "`gtdx lint` compares the manifest with a baseline: by default (`--baseline installed`) the installed copy, the highest `<id>-<version>` directory under `$GREENTIC_HOME/extensions/<kind dir>/` (`~/.greentic` by default; silent when nothing is installed); with `--baseline FILE` that describe.json; `--baseline none` turns it off. A tool name, node type `type_id` or offered capability id present in the baseline and missing now breaks the flows and agents that use it. Only a breaking bump of `metadata.version` excuses it: a higher major, or a higher minor under 0.x (1.4.2 → 2.0.0, 0.3.1 → 0.4.0). Additions, required capabilities and schema changes are not compared.",
    },
    // ----- lint: the authoring checklist -----
    Rule {
        code: "W_CAPABILITIES_ABSENT",
        severity: Warning,
        phase: Lint,
        summary: "a tool declares no `capabilities`, so it defaults to `[\"flow\"]` and no agentic worker sees it",
        explanation: "When `capabilities` is absent, consumers default to `[\"flow\"]`. The tool is then invisible to every agentic worker, silently, because defaulting is not an error. \
This is the usual reason a freshly written tool never appears in the composer.\n\n\
Declare the surfaces explicitly: `\"capabilities\": [\"agentic_worker\", \"flow\"]` for both, or just one of them.",
    },
    Rule {
        code: "W_DESCRIPTION_MISSING",
        severity: Warning,
        phase: Lint,
        summary: "a tool has no `description`",
        explanation: "The description is what the LLM reads to decide when to call the tool. It is optional in the schema but not in practice: without it the model sees a tool it cannot reason about. \
The runtime logs a warning at load time; gtdx says so before you ship.",
    },
    Rule {
        code: "W_INPUT_SCHEMA_MISSING",
        severity: Warning,
        phase: Lint,
        summary: "a tool has no `input_schema`",
        explanation: "`input_schema` becomes the LLM function's parameters. Without it the tool reaches the model parameterless, and the model cannot pass any arguments. \
Declare a JSON Schema of `\"type\": \"object\"` serialized as a string, even `{\"type\":\"object\",\"properties\":{}}` for a tool that takes no arguments.",
    },
    Rule {
        code: "E_INPUT_SCHEMA_NOT_OBJECT",
        severity: Error,
        phase: Lint,
        summary: "an `input_schema` whose root is not `\"type\": \"object\"`",
        explanation: "LLM function calling passes arguments as one JSON object, so the root of `input_schema` must declare `\"type\": \"object\"` with the arguments under `properties`. \
A root of another type (or none) is rejected or misread by the model provider.",
    },
    Rule {
        code: "E_METADATA_CONTRACT",
        severity: Error,
        phase: Lint,
        summary: "`agentic_worker_metadata` outside the contract: the runtime drops the entire blob",
        explanation: "`agentic_worker_metadata` is decoded strictly. A single value outside the contract drops the *entire* blob, not just the offending field, and the tool falls back to the conservative defaults \
(`side_effects: external`, `confirmation_required: true`, `cost: medium`). Only these are valid:\n\n\
- `usage_hint`: string\n\
- `examples[]`: objects of exactly `{ \"when\": ..., \"input\": ... }`\n\
- `side_effects`: `none`, `read`, `write`, `external`\n\
- `cost`: `low`, `medium`, `high`\n\
- `confirmation_required`: boolean",
    },
    Rule {
        code: "E_METADATA_NOT_STRING",
        severity: Error,
        phase: Validate,
        summary: "`agentic_worker_metadata` written as a JSON object; the platform reads a JSON-encoded string",
        explanation: "The blob crosses the contract boundary as an opaque JSON *string*: `\"agentic_worker_metadata\": \"{\\\"side_effects\\\":\\\"read\\\"}\"`. \
gtdx accepts an object so it can check the contents, but the platform reads a string, so an object does not reach the planner as written. \
Encode the object as a string (`gtdx describe` does this for you).",
    },
    Rule {
        code: "E_EXAMPLE_INPUT",
        severity: Error,
        phase: Lint,
        summary: "an `agentic_worker_metadata` example whose `input` does not validate against the tool's `input_schema`",
        explanation: "Examples teach the planner how to call the tool. An example whose `input` violates the tool's own `input_schema` teaches it to make calls that fail. \
Fix the example or the schema so that they agree.",
    },
    Rule {
        code: "I_METADATA_DEFAULTS",
        severity: Info,
        phase: Lint,
        summary: "an `agentic_worker` tool without metadata gets the conservative defaults",
        explanation: "When a tool declares the `agentic_worker` capability but ships no `agentic_worker_metadata`, the runtime applies conservative defaults: \
`side_effects: external`, `confirmation_required: true`, `cost: medium`. An undeclared tool is treated as risky: every call asks a human first. \
If the tool only reads, say so (`{\"side_effects\":\"read\",\"confirmation_required\":false,\"cost\":\"low\"}`).",
    },
    Rule {
        code: "I_FLOW_NO_NODE_TYPES",
        severity: Info,
        phase: Lint,
        summary: "tools offered on the `flow` surface, but the extension declares no `nodeTypes`: no draggable block",
        explanation: "The `flow` capability offers a tool to the flow surface (including the Designer's chat tool loop); it does not create a block in the flow editor. \
Draggable blocks come only from `contributions.nodeTypes[]`, and there is no built-in fallback list. If you want a block on the canvas, declare a node type.",
    },
    // ----- lint: the platform linter's codes -----
    Rule {
        code: "E_SHA256_ZERO",
        severity: Error,
        phase: Publish,
        summary: "a component digest is the all-zeros placeholder",
        explanation: "Scaffolds ship `sha256` as zeros until the first build. A published artifact must carry the real digest of the component and of its gtpack (`gtdx build` writes them); any non-empty run of `0` in `runtime.components.<k>.sha256` or `.gtpack.sha256` is reported. Only checked with `--publish`.",
    },
    Rule {
        code: "E_NETWORK_HTTPS",
        severity: Error,
        phase: Publish,
        summary: "a `runtime.permissions.network` pattern that is not `https://` (plain http only for loopback)",
        explanation: "Publishing requires every network pattern to use `https://`, with one exception: plain `http://` for loopback hosts (`127.0.0.1`, `localhost`, `[::1]`). \
The runtime drops non-loopback http patterns, so the extension would be denied the host at run time. Only checked with `--publish`.",
    },
    // ----- lint: consistency -----
    Rule {
        code: "E_DUPLICATE_TOOL",
        severity: Error,
        phase: Lint,
        summary: "two tools with the same `name`",
        explanation: "Tools are resolved by name (direct dispatch, the LLM's function list, AgentConfig allow-lists). Two tools with one name make one of them unreachable. Rename one.",
    },
    Rule {
        code: "E_DUPLICATE_NODE_TYPE",
        severity: Error,
        phase: Lint,
        summary: "two node types with the same `type_id`",
        explanation: "The node-type registry is keyed by `type_id`; a duplicate shadows the other entry in the flow editor. Give each node type its own id.",
    },
    Rule {
        code: "E_DUPLICATE_PORT",
        severity: Error,
        phase: Lint,
        summary: "two output ports of one node type with the same `name`",
        explanation: "Flow edges connect to an output port by name; two ports with one name cannot both be wired. Rename one.",
    },
    Rule {
        code: "E_SECRET_NOT_GRANTED",
        severity: Error,
        phase: Lint,
        summary: "a tool requires a secret that `runtime.permissions.secrets` does not grant",
        explanation: "A tool may read only the secrets the extension is granted in `runtime.permissions.secrets` (the list `gtdx install` shows the operator for consent). The host resolves a declared key as `secret://<key>` and allows the read when an entry equals that URI or is a prefix of it ending at a `/` boundary, or is `*`: `secret://tavily/api_key`, `secret://tavily` and `secret://tavily/` all grant `tavily/api_key`; a plain `tavily/api_key` grants nothing. A secret a tool requires but no entry grants is denied at run time. Add its URI to `runtime.permissions.secrets`.",
    },
    Rule {
        code: "E_TOOL_REF",
        severity: Error,
        phase: Lint,
        summary: "a reference to a tool name that no tool of this extension has",
        explanation: "Several places name one of the extension's own tools: `contributions.dynamicTools.discoveryTool`, `contributions.dynamicTools.executors[].tool`, \
`contributions.connection_test.tool` and `contributions.views[].tools[]`. Each must match a `contributions.tools[].name`; the platform rejects a dangling one.",
    },
    Rule {
        code: "W_DISCOVERY_REQUIRED_PARAMS",
        severity: Warning,
        phase: Lint,
        summary: "the dynamic-tools discovery tool has required parameters",
        explanation: "The platform calls the discovery tool itself, with no arguments from a user or a model. It must accept no required parameters, \
or only parameters the platform can supply from the active connection's configuration. Make the parameters optional if they are not supplied that way.",
    },
    Rule {
        code: "E_COMPONENT_SOURCE",
        severity: Error,
        phase: Validate,
        summary: "a component with neither `oci_ref` nor `gtpack`",
        explanation: "Each entry of `runtime.components` must say where the component comes from: `oci_ref` (an OCI image, preferred), `gtpack` (the offline payload inside the pack), or both. \
The schema does not enforce this but the platform's deserializer does, so the manifest fails on load.",
    },
    Rule {
        code: "E_VIEW_ENTRY_PATH",
        severity: Error,
        phase: Platform,
        summary: "a view's `entry` escapes its view directory (absolute, or a `..` segment)",
        explanation: "A view's `entry` is its HTML file, relative to `assets/views/<view id>/` inside the pack. An absolute path or one with a `..` segment escapes that directory and could point the host at another view's files or at nothing. Write it as, e.g., `\"entry\": \"index.html\"` and put the file at `assets/views/<id>/index.html` next to describe.json. (gtdx's `W_VIEW_ENTRY_FORM` also warns about `.` components, backslashes, drive letters and URLs.)",
    },
    Rule {
        code: "E_VIEW_ENTRY_MISSING",
        severity: Error,
        phase: Platform,
        summary: "a view's entry file does not exist under `assets/views/<id>/`",
        explanation: "The host loads a view from `assets/views/<view id>/<entry>` inside the pack; a missing file is a blank panel. \
gtdx looks for it next to describe.json (the directory `gtdx build` packs `assets/` from; for `gtdx describe`, the package root). \
Create the file, or fix `entry`.",
    },
    Rule {
        code: "W_VIEW_SLOT_UNKNOWN",
        severity: Warning,
        phase: Platform,
        summary: "a view's `placement.slot` is not a slot the hosts are known to define",
        explanation: "`placement.slot` names the host mount point, e.g. `designer.sidebar`, `admin.sidebar` or `admin.tenantDetail`. \
It is a free string rather than an enum because the hosts' navigation changes with the product while a published describe is signed and immutable, \
so an unknown slot is a warning, not an error: a host that cannot resolve it mounts the view under an \"Extensions\" section with a diagnostic. \
Check the spelling, and that the slot belongs to the view's `surface`.",
    },
    // ----- lint: gtdx's checks that are stricter than the platform's -----
    Rule {
        code: "W_CAPABILITY_UNKNOWN",
        severity: Warning,
        phase: Lint,
        summary: "a tool capability that is neither `agentic_worker` nor `flow`",
        explanation: "The runtime has two surfaces: `agentic_worker` (the agentic worker's tool list and the Designer's Tools picker) and `flow` (the flow surface). The platform keeps `capabilities` an open list of strings (a shipped extension offers `studio` tools), so another value is allowed, but it serves neither surface: unless the tool also lists them, it does not appear there. `agentic-worker` and `agent` are common misspellings.\n\nStricter than the platform, which accepts any string: hence a warning, not an error.",
    },
    Rule {
        code: "E_COMPAT_VERSION",
        severity: Error,
        phase: Validate,
        summary: "a `compat` version that does not parse (`contract_version` exact, the minimum versions requirements)",
        explanation: "`compat.contract_version` must be an exact semver version (`1.3.0`); `compat.min_designer_version` and `compat.min_runner_version` semver requirements (`>=1.2.0`, `^1.2.0`). The platform's lint does not check them, but its loader parses all three eagerly, so a bad one fails the whole describe: the extension does not load. Hence an error.",
    },
    Rule {
        code: "E_CAPABILITY_VERSION",
        severity: Error,
        phase: Lint,
        summary: "a capability `version` that is not a semver requirement (with `--publish`, an offered one that is not exact)",
        explanation: "Every `capabilities.offered[].version` and `capabilities.required[].version` is parsed as a semver requirement (`>=1.2.0`, `^1.2.0`) when the resolver matches capabilities, and parsing fails closed: a bad one never matches, so the capability is never resolved. The platform's lint does not check it, but the extension would be broken at run time, hence an error. With `--publish`, an offered version must be exact (`1.2.0`), as the platform's publish requires.",
    },
    Rule {
        code: "E_RUNTIME_REF_MISSING",
        severity: Error,
        phase: Lint,
        summary: "a tool, node type or guardrail without `runtime_ref` when there are several components",
        explanation: "With one component, everything runs in it. With several, a tool, node type or guardrail without `runtime_ref` leaves the runtime no way to choose, so it cannot be dispatched. The platform's lint only checks refs that are present (`E_RUNTIME_REF`); this is stricter, but an error because the contribution is broken at run time. Add `\"runtime_ref\"` naming one of the keys of `runtime.components`.",
    },
    Rule {
        code: "E_GUARDRAIL_RUNTIME_REF",
        severity: Error,
        phase: Lint,
        summary: "a guardrail's `runtime_ref` names no key of `runtime.components`",
        explanation: "The platform's `E_RUNTIME_REF` covers tools and node types only. A guardrail whose `runtime_ref` names no component cannot be dispatched either, so gtdx reports it as an error under its own code.",
    },
    Rule {
        code: "W_EXPORT_NAME",
        severity: Warning,
        phase: Lint,
        summary: "an export whose interface or member is not a WIT kebab name, or a guardrail export not of the form `greentic:extension-design/<interface>.<member>`",
        explanation: "Component exports are WIT names: lowercase words joined by `-`. An export such as `greentic:extension-design/Tools.invoke_tool` passes the platform's `E_EXPORT_FORM` (it only checks the namespace and the `.`) but names nothing a component can export. Guardrail exports, which the platform's lint does not check, are held to the same form. Stricter than the platform, hence a warning.",
    },
    Rule {
        code: "E_TOOL_NAME_LENGTH",
        severity: Error,
        phase: Lint,
        summary: "a tool name longer than 64 characters",
        explanation: "LLM providers refuse function names longer than 64 characters, so the tool is invisible to every model. The platform's lint does not cap the length; gtdx does, as an error, because the tool is broken at run time. Shorten the name.",
    },
    Rule {
        code: "W_TOOL_NAME_FORM",
        severity: Warning,
        phase: Lint,
        summary: "a tool name with a doubled or trailing `_`",
        explanation: "gtdx's naming convention joins snake_case words with single underscores (`tx_resolve_prefix`, not `tx__resolve` or `tx_resolve_`). The platform's snake_case accepts both, so this is only a warning.",
    },
    Rule {
        code: "I_SECRET_KEY_UNNAMESPACED",
        severity: Info,
        phase: Lint,
        summary: "a secret key of a single segment, without a `vendor/` namespace",
        explanation: "A single-segment key such as `api_key` is canonical and the platform accepts it. A `vendor/` prefix (`tavily/api_key`) keeps it apart from other extensions' keys in the tenant's secret store and lets one grant (`secret://tavily`) cover all of them. A hint only, never a failure.",
    },
    Rule {
        code: "W_CONFIG_SCHEMA_OLD_DESIGNER",
        severity: Warning,
        phase: Lint,
        summary: "top-level `configSchema` while `compat.min_designer_version` admits designers that refuse it",
        explanation: "The platform's contract 1.2.25 (its loader and its embedded describe-v2 schema) accepts a top-level `configSchema`. Designers built from older contracts (the 1.2.0–1.2.9 line, per the contract's own note on `MIN_DESIGNER_VERSION`) reject unknown top-level keys, so they refuse the whole describe and the extension does not load there. gtdx warns when `compat.min_designer_version` still admits such a designer (it matches a 1.2.0–1.2.9 version). Raise the bound to the first designer release that reads `configSchema`, or drop `configSchema`. Not a platform rule, and the exact floor is not published, hence a warning.",
    },
    Rule {
        code: "W_VIEW_ENTRY_FORM",
        severity: Warning,
        phase: Lint,
        summary: "a view's `entry` with `.` components, `//`, backslashes, a drive letter or a URL",
        explanation: "The platform only rejects an entry that escapes the view directory (`E_VIEW_ENTRY_PATH`). The pack stores files under normalised `/`-separated names, so an entry like `./index.html`, `pages//main.html` or `pages\\main.html` may not be found by a host that looks it up by that name, and a URL is not a file of the pack. Stricter than the platform, hence a warning.",
    },
    // ----- the Rust sources (gtdx describe, gtdx lint --manifest-path) -----
    Rule {
        code: "W_HANDWRITTEN_TOOLS",
        severity: Warning,
        phase: Sources,
        summary: "a tool definition built by hand in Rust, which a v2 runtime never reads",
        explanation: "For a `greentic.ai/v2` extension the runtime takes tools only from describe.json; it never calls the component's `list-tools`. \
A `ToolDefinition { .. }` value, a hand-written `list_tools`/`invoke_tool`, or an `impl` of the WIT `tools` guest therefore compiles and ships, \
and the tools it names are invisible: the spec's single most common authoring mistake.\n\n\
gtdx reports the file and line and the tool names describe.json does not contain. \
Fix: annotate each tool function with `#[tool(...)]`, run `gtdx describe`, and let `gtdx_sdk::export_extension!()` generate `list-tools` and `invoke-tool` from the same annotations. \
A manifest that declares `greentic.ai/v1` uses `list-tools` legitimately and gets no finding.",
    },
    Rule {
        code: "W_DESCRIBE_CUSTOM_SERDE",
        severity: Warning,
        phase: Sources,
        summary: "a field (de)serialized by a custom function, whose JSON shape describe cannot know",
        explanation: "`#[serde(with = ...)]`, `serialize_with` and `deserialize_with` replace a field's JSON shape with whatever the function writes or reads, \
which a static reading of the sources cannot see. `gtdx describe` then lets the schema accept any value for that field, so the model gets no guidance there.\n\n\
Fix: add the shape by hand with `#[schema(...)]` on the field (description, format, pattern, minimum, maximum), \
or give the whole tool a hand-written schema with `input_schema = \"schemas/<tool>.input.json\"` (or `output_schema`) in its `#[tool(...)]`.",
    },
];

/// The rule for a code.
pub fn rule(code: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.code == code)
}

/// The severity a code reports at (`Error` for unknown codes, which would be a bug).
pub fn severity(code: &str) -> Severity {
    rule(code).map(|r| r.severity).unwrap_or(Error)
}

/// The long explanation of a code, as `gtdx lint --explain` prints it.
pub fn explain(code: &str) -> Option<String> {
    let code = code.trim().to_ascii_uppercase();
    let r = rule(&code)?;
    Some(format!(
        "{} ({}, {}): {}\n\n{}\n",
        r.code,
        r.severity,
        r.phase.as_str(),
        r.summary,
        r.explanation
    ))
}

/// The known code nearest to a misspelt one.
pub fn nearest_code(code: &str) -> Option<&'static str> {
    let code = code.to_ascii_uppercase();
    RULES
        .iter()
        .map(|r| (strsim::levenshtein(&code, r.code), r.code))
        .filter(|(d, c)| *d <= c.len() / 3)
        .min()
        .map(|(_, c)| c)
}

/// `docs/lint-rules.md`, generated from [`RULES`].
pub fn render_rules_markdown() -> String {
    let mut s = String::new();
    s.push_str("# Lint rules\n\n");
    s.push_str(
        "<!-- Generated from crates/lint/src/rules.rs by `cargo xtask schema`; do not edit. -->\n\n",
    );
    s.push_str(
        "`gtdx validate` runs the *validate* rules. `gtdx lint` runs them first, then the \
         platform's own lint rules (*lint (platform rule)*: the codes, triggers and severities \
         of the platform's `gtdx lint`, on the raw JSON, even when validation failed) and, when \
         the manifest is structurally valid, gtdx's own checklist (*lint*), which is never \
         stricter than the platform under a platform code; `gtdx lint --publish` adds the \
         publish-time rules. `gtdx lint --explain CODE` prints one entry below.\n\n\
         Exit status: 0 when nothing fails, 1 when an error is reported (or a warning, with \
         `--deny-warnings`), 2 when the file cannot be read as JSON at all. Infos never fail.\n\n",
    );
    s.push_str("| Code | Severity | Runs in | Catches |\n|---|---|---|---|\n");
    for r in RULES {
        s.push_str(&format!(
            "| [`{}`](#{}) | {} | {} | {} |\n",
            r.code,
            r.code.to_ascii_lowercase(),
            r.severity,
            r.phase.as_str(),
            r.summary.replace('|', "\\|")
        ));
    }
    s.push_str(
        "\nWhen the file cannot be checked at all, gtdx prints one line naming the file, the \
         place and the cause, and exits with 2 (with `--format json`, the same as a single \
         diagnostic under one of these codes):\n\n| Code | Cause |\n|---|---|\n",
    );
    for (code, cause) in crate::load::LOAD_CODES {
        s.push_str(&format!("| `{code}` | {cause} |\n"));
    }
    for r in RULES {
        s.push_str(&format!(
            "\n## {}\n\n*{}, {}.* {}\n\n{}\n",
            r.code,
            r.severity,
            r.phase.as_str(),
            capitalize(r.summary),
            r.explanation
        ));
    }
    s
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>() + ".",
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_prefixed_by_severity() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            assert!(seen.insert(r.code), "duplicate code {}", r.code);
            let prefix = match r.severity {
                Error => "E_",
                Warning => "W_",
                Info => "I_",
            };
            assert!(
                r.code.starts_with(prefix),
                "{} has severity {}",
                r.code,
                r.severity
            );
        }
    }

    #[test]
    fn explain_is_case_insensitive_and_suggests() {
        assert!(explain("e_export_form").is_some());
        assert_eq!(nearest_code("E_EXPORT_FROM"), Some("E_EXPORT_FORM"));
        assert!(explain("E_NOPE").is_none());
    }
}
