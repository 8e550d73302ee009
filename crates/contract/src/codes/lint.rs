//! gtdx's own authoring checklist (`gtdx lint`, on a manifest that validated), and the publish-time rules (`gtdx lint --publish`). Never stricter than the platform under a platform code.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    // lint: the authoring checklist
    W_CAPABILITIES_ABSENT {
        severity: Warning,
        area: Lint,
        summary: "a tool declares no `capabilities`, so it defaults to `[\"flow\"]` and no agentic worker sees it",
        explanation: "When `capabilities` is absent, consumers default to `[\"flow\"]`. The tool is then invisible to every agentic worker, silently, because defaulting is not an error. \
This is the usual reason a freshly written tool never appears in the composer.\n\n\
Declare the surfaces explicitly: `\"capabilities\": [\"agentic_worker\", \"flow\"]` for both, or just one of them.",
    }
    W_DESCRIPTION_MISSING {
        severity: Warning,
        area: Lint,
        summary: "a tool has no `description`",
        explanation: "The description is what the LLM reads to decide when to call the tool. It is optional in the schema but not in practice: without it the model sees a tool it cannot reason about. \
The runtime logs a warning at load time; gtdx says so before you ship.",
    }
    W_INPUT_SCHEMA_MISSING {
        severity: Warning,
        area: Lint,
        summary: "a tool has no `input_schema`",
        explanation: "`input_schema` becomes the LLM function's parameters. Without it the tool reaches the model parameterless, and the model cannot pass any arguments. \
Declare a JSON Schema of `\"type\": \"object\"` serialized as a string, even `{\"type\":\"object\",\"properties\":{}}` for a tool that takes no arguments.",
    }
    E_INPUT_SCHEMA_NOT_OBJECT {
        severity: Error,
        area: Lint,
        summary: "an `input_schema` whose root is not `\"type\": \"object\"`",
        explanation: "LLM function calling passes arguments as one JSON object, so the root of `input_schema` must declare `\"type\": \"object\"` with the arguments under `properties`. \
A root of another type (or none) is rejected or misread by the model provider.",
    }
    E_METADATA_CONTRACT {
        severity: Error,
        area: Lint,
        summary: "`agentic_worker_metadata` outside the contract: the runtime drops the entire blob",
        explanation: "`agentic_worker_metadata` is decoded strictly. A single value outside the contract drops the *entire* blob, not just the offending field, and the tool falls back to the conservative defaults \
(`side_effects: external`, `confirmation_required: true`, `cost: medium`). Only these are valid:\n\n\
- `usage_hint`: string\n\
- `examples[]`: objects of exactly `{ \"when\": ..., \"input\": ... }`\n\
- `side_effects`: `none`, `read`, `write`, `external`\n\
- `cost`: `low`, `medium`, `high`\n\
- `confirmation_required`: boolean",
    }
    E_METADATA_NOT_STRING {
        severity: Error,
        area: Validate,
        summary: "`agentic_worker_metadata` written as a JSON object; the platform reads a JSON-encoded string",
        explanation: "The blob crosses the contract boundary as an opaque JSON *string*: `\"agentic_worker_metadata\": \"{\\\"side_effects\\\":\\\"read\\\"}\"`. \
gtdx accepts an object so it can check the contents, but the platform reads a string, so an object does not reach the planner as written. \
Encode the object as a string (`gtdx describe` does this for you).",
    }
    E_EXAMPLE_INPUT {
        severity: Error,
        area: Lint,
        summary: "an `agentic_worker_metadata` example whose `input` does not validate against the tool's `input_schema`",
        explanation: "Examples teach the planner how to call the tool. An example whose `input` violates the tool's own `input_schema` teaches it to make calls that fail. \
An example is checked with unknown properties refused, whatever `additionalProperties` allows callers: a misspelled key (`limt` for `limit`) is silently ignored by the tool and teaches the model the misspelling. \
Examples are numbered from 1, as the generated example tests (`__gtdx_example_<fn>_<n>`) are. \
An input with an either-or rule (`#[schema(one_of = [[\"doc_id\"], [\"ids\"]])]`, or a hand-written `oneOf` of `required` groups) must give exactly one group; an example giving none or several is told which groups there are and what it gives: \
*give exactly one of \"doc_id\", or \"ids\"; it gives none of them* (add the fields of one group), or *...; it gives \"doc_id\" together with \"ids\"* (keep one group only). `gtdx run` refuses such an input with the same words. \
Fix the example or the schema so that they agree.",
    }
    W_SECRET_DETAILS_DIFFER {
        severity: Warning,
        area: Lint,
        summary: "a tool's secret requirement and the top-level `requiredSecrets` entry for the same key disagree on `required` or `format`",
        explanation: "A secret a tool reads may also be declared extension-wide in `requiredSecrets`. Both describe the same credential, so the store, the setup wizard and the runtime must not read two answers: \
one saying the secret is optional and the other required, or one saying `text` and the other `json`. \
Make the two entries agree (in Rust: the detailed form `secrets = [{ key = \"...\", required = ..., format = \"...\" }]` of `#[tool]`, and `requiredSecrets` in `[package.metadata.gtdx]`).",
    }
    I_METADATA_DEFAULTS {
        severity: Info,
        area: Lint,
        summary: "an `agentic_worker` tool without metadata gets the conservative defaults",
        explanation: "When a tool declares the `agentic_worker` capability but ships no `agentic_worker_metadata`, the runtime applies conservative defaults: \
`side_effects: external`, `confirmation_required: true`, `cost: medium`. An undeclared tool is treated as risky: every call asks a human first. \
If the tool only reads, say so (`{\"side_effects\":\"read\",\"confirmation_required\":false,\"cost\":\"low\"}`).",
    }
    I_FLOW_NO_NODE_TYPES {
        severity: Info,
        area: Lint,
        summary: "tools offered on the `flow` surface, but the extension declares no `nodeTypes`: no draggable block",
        explanation: "The `flow` capability offers a tool to the flow surface (including the Designer's chat tool loop); it does not create a block in the flow editor. \
Draggable blocks come only from `contributions.nodeTypes[]`, and there is no built-in fallback list. If you want a block on the canvas, declare a node type.",
    }
    // lint: the platform linter's codes
    E_SHA256_ZERO {
        severity: Error,
        area: Publish,
        summary: "a component digest is the all-zeros placeholder",
        explanation: "Scaffolds ship `sha256` as zeros until the first build. A published artifact must carry the real digest of the component and of its gtpack (`gtdx build` writes them); any non-empty run of `0` in `runtime.components.<k>.sha256` or `.gtpack.sha256` is reported. Only checked with `--publish`.",
    }
    E_NETWORK_HTTPS {
        severity: Error,
        area: Publish,
        summary: "a `runtime.permissions.network` pattern that is not `https://` (plain http only for loopback)",
        explanation: "Publishing requires every network pattern to use `https://`, with one exception: plain `http://` for loopback hosts (`127.0.0.1`, `localhost`, `[::1]`). \
The runtime drops non-loopback http patterns, so the extension would be denied the host at run time. Only checked with `--publish`.",
    }
    // lint: consistency
    E_DUPLICATE_TOOL {
        severity: Error,
        area: Lint,
        summary: "two tools with the same `name`",
        explanation: "Tools are resolved by name (direct dispatch, the LLM's function list, AgentConfig allow-lists). Two tools with one name make one of them unreachable. Rename one.",
    }
    E_DUPLICATE_NODE_TYPE {
        severity: Error,
        area: Lint,
        summary: "two node types with the same `type_id`",
        explanation: "The node-type registry is keyed by `type_id`; a duplicate shadows the other entry in the flow editor. Give each node type its own id.",
    }
    E_DUPLICATE_PORT {
        severity: Error,
        area: Lint,
        summary: "two output ports of one node type with the same `name`",
        explanation: "Flow edges connect to an output port by name; two ports with one name cannot both be wired. Rename one.",
    }
    E_SECRET_NOT_GRANTED {
        severity: Error,
        area: Lint,
        summary: "a tool requires a secret that `runtime.permissions.secrets` does not grant",
        explanation: "A tool may read only the secrets the extension is granted in `runtime.permissions.secrets` (the list `gtdx install` shows the operator for consent). The host resolves a declared key as `secret://<key>` and allows the read when an entry equals that URI or is a prefix of it ending at a `/` boundary, or is `*`: `secret://tavily/api_key`, `secret://tavily` and `secret://tavily/` all grant `tavily/api_key`; a plain `tavily/api_key` grants nothing. A secret a tool requires but no entry grants is denied at run time. Add its URI to `runtime.permissions.secrets`.",
    }
    E_TOOL_REF {
        severity: Error,
        area: Lint,
        summary: "a reference to a tool name that no tool of this extension has",
        explanation: "Several places name one of the extension's own tools: `contributions.dynamicTools.discoveryTool`, `contributions.dynamicTools.executors[].tool`, \
`contributions.connection_test.tool` and `contributions.views[].tools[]`. Each must match a `contributions.tools[].name`; the platform rejects a dangling one.",
    }
    W_DISCOVERY_REQUIRED_PARAMS {
        severity: Warning,
        area: Lint,
        summary: "the dynamic-tools discovery tool has required parameters",
        explanation: "The platform calls the discovery tool itself, with no arguments from a user or a model. It must accept no required parameters, \
or only parameters the platform can supply from the active connection's configuration. Make the parameters optional if they are not supplied that way.",
    }
    W_DISCOVERY_AGENT_VISIBLE {
        severity: Warning,
        area: Lint,
        summary: "the dynamic-tools discovery tool is offered to agentic workers",
        explanation: "The platform calls the discovery tool itself, once per connection, to learn which derived tools to provision; its descriptors are never agent-selectable, and an agent calling the discovery tool learns nothing it can use. \
Offer it to `flow` only: `#[tool(discovery, capabilities = [\"flow\"], ...)]` (in describe.json, `\"capabilities\": [\"flow\"]`).",
    }
    E_ENDPOINT_FIELD_TYPE {
        severity: Error,
        area: Lint,
        summary: "a config field with `purpose: \"endpoint\"` is not `type: \"url\"`",
        explanation: "An operator-configured endpoint (`purpose: \"endpoint\"`) is the one non-secret host the extension code may build URLs from (`ctx.profileConfig.baseUrl`); the platform checks it as a URL (HTTPS, port 443, no credentials, query or fragment) and binds each execution to its exact hostname. \
Declare it `type: \"url\"` so that it is checked as one.",
    }
    E_ENDPOINT_FIELD_VALUE {
        severity: Error,
        area: Lint,
        summary: "an endpoint config field's default or example is not an HTTPS URL on port 443 without user-info, query or fragment",
        explanation: "The platform accepts an endpoint only over HTTPS on port 443, with no embedded credentials (`user:pass@`), no query parameters and no fragment; keep API keys in the connection credential, never in the URL or its path. \
A default or example that breaks these rules teaches operators a value the platform refuses. Write it as `https://instance.example.com` (a path is allowed).",
    }
    E_CONFIG_FIELD_CREDENTIAL {
        severity: Error,
        area: Lint,
        summary: "a config field's key looks like a credential (token, secret, password, api_key...)",
        explanation: "Config fields are plain, non-secret connection settings, shown in admin screens and stored as such. A credential (API key, token, password, client secret) belongs in the connection credential, which the platform keeps secret and injects itself; it must never be a config field. \
Remove the field and read the credential through the connection instead (or rename the field if it is not a credential).",
    }
    E_COMPONENT_SOURCE {
        severity: Error,
        area: Validate,
        summary: "a component with neither `oci_ref` nor `gtpack`",
        explanation: "Each entry of `runtime.components` must say where the component comes from: `oci_ref` (an OCI image, preferred), `gtpack` (the offline payload inside the pack), or both. \
The schema does not enforce this but the platform's deserializer does, so the manifest fails on load.",
    }
    E_VIEW_ENTRY_PATH {
        severity: Error,
        area: Platform,
        summary: "a view's `entry` escapes its view directory (absolute, or a `..` segment)",
        explanation: "A view's `entry` is its HTML file, relative to `assets/views/<view id>/` inside the pack. An absolute path or one with a `..` segment escapes that directory and could point the host at another view's files or at nothing. Write it as, e.g., `\"entry\": \"index.html\"` and put the file at `assets/views/<id>/index.html` next to describe.json. (gtdx's `W_VIEW_ENTRY_FORM` also warns about `.` components, backslashes, drive letters and URLs.)",
    }
    E_VIEW_ENTRY_MISSING {
        severity: Error,
        area: Platform,
        summary: "a view's entry file does not exist under `assets/views/<id>/`",
        explanation: "The host loads a view from `assets/views/<view id>/<entry>` inside the pack; a missing file is a blank panel. \
gtdx looks for it next to describe.json (the directory `gtdx build` packs `assets/` from; for `gtdx describe`, the package root). \
Create the file, or fix `entry`.",
    }
    W_VIEW_SLOT_UNKNOWN {
        severity: Warning,
        area: Platform,
        summary: "a view's `placement.slot` is not a slot the hosts are known to define",
        explanation: "`placement.slot` names the host mount point, e.g. `designer.sidebar`, `admin.sidebar` or `admin.tenantDetail`. \
It is a free string rather than an enum because the hosts' navigation changes with the product while a published describe is signed and immutable, \
so an unknown slot is a warning, not an error: a host that cannot resolve it mounts the view under an \"Extensions\" section with a diagnostic. \
Check the spelling, and that the slot belongs to the view's `surface`.",
    }
    // lint: gtdx's checks that are stricter than the platform's
    W_CAPABILITY_UNKNOWN {
        severity: Warning,
        area: Lint,
        summary: "a tool capability that is neither `agentic_worker` nor `flow`",
        explanation: "The runtime has two surfaces: `agentic_worker` (the agentic worker's tool list and the Designer's Tools picker) and `flow` (the flow surface). The platform keeps `capabilities` an open list of strings (a shipped extension offers `studio` tools), so another value is allowed, but it serves neither surface: unless the tool also lists them, it does not appear there. `agentic-worker` and `agent` are common misspellings.\n\nStricter than the platform, which accepts any string: hence a warning, not an error.",
    }
    E_COMPAT_VERSION {
        severity: Error,
        area: Validate,
        summary: "a `compat` version that does not parse (`contract_version` exact, the minimum versions requirements)",
        explanation: "`compat.contract_version` must be an exact semver version (`1.3.0`); `compat.min_designer_version` and `compat.min_runner_version` semver requirements (`>=1.2.0`, `^1.2.0`). The platform's lint does not check them, but its loader parses all three eagerly, so a bad one fails the whole describe: the extension does not load. Hence an error.",
    }
    E_CAPABILITY_VERSION {
        severity: Error,
        area: Lint,
        summary: "a capability `version` that is not a semver requirement (with `--publish`, an offered one that is not exact)",
        explanation: "Every `capabilities.offered[].version` and `capabilities.required[].version` is parsed as a semver requirement (`>=1.2.0`, `^1.2.0`) when the resolver matches capabilities, and parsing fails closed: a bad one never matches, so the capability is never resolved. The platform's lint does not check it, but the extension would be broken at run time, hence an error. With `--publish`, an offered version must be exact (`1.2.0`), as the platform's publish requires.",
    }
    E_RUNTIME_REF_MISSING {
        severity: Error,
        area: Lint,
        summary: "a tool, node type or guardrail without `runtime_ref` when there are several components",
        explanation: "With one component, everything runs in it. With several, a tool, node type or guardrail without `runtime_ref` leaves the runtime no way to choose, so it cannot be dispatched. The platform's lint only checks refs that are present (`E_RUNTIME_REF`); this is stricter, but an error because the contribution is broken at run time. Add `\"runtime_ref\"` naming one of the keys of `runtime.components`.",
    }
    E_GUARDRAIL_RUNTIME_REF {
        severity: Error,
        area: Lint,
        summary: "a guardrail's `runtime_ref` names no key of `runtime.components`",
        explanation: "The platform's `E_RUNTIME_REF` covers tools and node types only. A guardrail whose `runtime_ref` names no component cannot be dispatched either, so gtdx reports it as an error under its own code.",
    }
    W_EXPORT_NAME {
        severity: Warning,
        area: Lint,
        summary: "an export whose interface or member is not a WIT kebab name, or a guardrail export not of the form `greentic:extension-design/<interface>.<member>`",
        explanation: "Component exports are WIT names: lowercase words joined by `-`. An export such as `greentic:extension-design/Tools.invoke_tool` passes the platform's `E_EXPORT_FORM` (it only checks the namespace and the `.`) but names nothing a component can export. Guardrail exports, which the platform's lint does not check, are held to the same form. Stricter than the platform, hence a warning.",
    }
    E_TOOL_NAME_LENGTH {
        severity: Error,
        area: Lint,
        summary: "a tool name longer than 64 characters",
        explanation: "LLM providers refuse function names longer than 64 characters, so the tool is invisible to every model. The platform's lint does not cap the length; gtdx does, as an error, because the tool is broken at run time. Shorten the name.",
    }
    W_TOOL_NAME_FORM {
        severity: Warning,
        area: Lint,
        summary: "a tool name with a doubled or trailing `_`",
        explanation: "gtdx's naming convention joins snake_case words with single underscores (`tx_resolve_prefix`, not `tx__resolve` or `tx_resolve_`). The platform's snake_case accepts both, so this is only a warning.",
    }
    I_SECRET_KEY_UNNAMESPACED {
        severity: Info,
        area: Lint,
        summary: "a secret key of a single segment, without a `vendor/` namespace",
        explanation: "A single-segment key such as `api_key` is canonical and the platform accepts it. A `vendor/` prefix (`tavily/api_key`) keeps it apart from other extensions' keys in the tenant's secret store and lets one grant (`secret://tavily`) cover all of them. A hint only, never a failure.",
    }
    W_CONFIG_SCHEMA_OLD_DESIGNER {
        severity: Warning,
        area: Lint,
        summary: "top-level `configSchema` while `compat.min_designer_version` admits designers that refuse it",
        explanation: "The platform's contract 1.2.25 (its loader and its embedded describe-v2 schema) accepts a top-level `configSchema`. Designers built from older contracts (the 1.2.0–1.2.9 line, per the contract's own note on `MIN_DESIGNER_VERSION`) reject unknown top-level keys, so they refuse the whole describe and the extension does not load there. gtdx warns when `compat.min_designer_version` still admits such a designer (it matches a 1.2.0–1.2.9 version). Raise the bound to the first designer release that reads `configSchema`, or drop `configSchema`. Not a platform rule, and the exact floor is not published, hence a warning.",
    }
    W_VIEW_ENTRY_FORM {
        severity: Warning,
        area: Lint,
        summary: "a view's `entry` with `.` components, `//`, backslashes, a drive letter or a URL",
        explanation: "The platform only rejects an entry that escapes the view directory (`E_VIEW_ENTRY_PATH`). The pack stores files under normalised `/`-separated names, so an entry like `./index.html`, `pages//main.html` or `pages\\main.html` may not be found by a host that looks it up by that name, and a URL is not a file of the pack. Stricter than the platform, hence a warning.",
    }
}
