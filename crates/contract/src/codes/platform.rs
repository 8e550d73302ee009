//! The platform's own lint rules, with the platform's code, trigger and severity, run by `gtdx lint` on the raw JSON of any document (even one that did not validate).

use super::Area::*;
use crate::Severity::*;

super::declare! {
    // lint: the platform's own rules (raw JSON, any document)
    E_SCHEMA_HOST {
        severity: Error,
        area: Platform,
        summary: "`$schema` missing or not `https://store.greentic.cloud/schemas/describe-v2.json`",
        explanation: "The platform linter requires `\"$schema\": \"https://store.greentic.cloud/schemas/describe-v2.json\"`, exactly. The legacy `store.greentic.ai` host, another value and a missing key are all reported. Editors use the value to offer completion and inline validation.",
    }
    E_ENGINE_DEPRECATED {
        severity: Error,
        area: Platform,
        summary: "the deprecated `engine` block is present",
        explanation: "`engine` is deprecated and the platform's linter rejects any describe that still carries it, whatever its value. Move the designer bound to `compat.min_designer_version` and the runner bound to `compat.min_runner_version`, then delete `engine`.",
    }
    E_CAP_CYCLE {
        severity: Error,
        area: Platform,
        summary: "a capability id both offered and required",
        explanation: "An id present in both `capabilities.offered` and `capabilities.required` is a self-cycle: the resolver would satisfy the requirement with the extension itself. Remove it from `required`.",
    }
    E_VERSION_SEMVER {
        severity: Error,
        area: Platform,
        summary: "`metadata.version` does not parse as a semver version",
        explanation: "`metadata.version` is half of the extension's identity (`<id>@<version>`), which the store and installer address it by, and the diff rule compares it; it must be an exact semver version such as `1.3.0` or `1.3.0-research.2`. The platform checks only this field; gtdx checks the compat versions under `E_COMPAT_VERSION` and the capability versions under `E_CAPABILITY_VERSION`.",
    }
    E_ID_PATTERN {
        severity: Error,
        area: Platform,
        summary: "`metadata.id` is not two or more dot-separated WIT kebab names",
        explanation: "The id becomes the WIT package name, so each dot-separated segment must be a WIT kebab name: lowercase words of letters and digits, each starting with a letter, joined by `-`, and there must be at least two segments (a namespace and a name). The full pattern is `^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*(\\.[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*)+$`. Any namespace is allowed: `com.acme.my-ext` and `greentic.telco-x` pass; `greentic.3aigent` (a word starting with a digit), `greentic.my_ext` and `hello` fail.",
    }
    E_RUNTIME_REF {
        severity: Error,
        area: Platform,
        summary: "a tool's or node type's `runtime_ref` names no key of `runtime.components`",
        explanation: "`runtime_ref` says which component of `runtime.components` runs a tool or node type; one that names no component cannot be dispatched. gtdx names the nearest key. (A missing `runtime_ref` when there are several components is gtdx's `E_RUNTIME_REF_MISSING`; guardrails are gtdx's `E_GUARDRAIL_RUNTIME_REF`.)",
    }
    E_EXPORT_FORM {
        severity: Error,
        area: Platform,
        summary: "a tool's `export` is not `greentic:extension-design/<interface>.<member>`",
        explanation: "A tool's `export` must be fully qualified: `greentic:extension-design/` followed by `<interface>.<member>`, e.g. `greentic:extension-design/tools.invoke-tool`. A bare member name such as `invoke-tool` is rejected. The platform checks the namespace and the `.`; gtdx's `W_EXPORT_NAME` also checks that both names are WIT kebab names, and checks guardrail exports.",
    }
    E_TOOL_NAMING {
        severity: Error,
        area: Platform,
        summary: "a tool name that is not snake_case, or two names of which one extends the other at a `_`",
        explanation: "Tool names are function names for the LLM: snake_case, `^[a-z][a-z0-9_]*$`, e.g. `tx_resolve_prefix`. Two tools named `foo` and `foo_bar` are near-duplicates a model confuses, so the pair is reported too; rename one so neither extends the other. (Identical names are `E_DUPLICATE_TOOL`; names over 64 characters `E_TOOL_NAME_LENGTH`; doubled or trailing underscores `W_TOOL_NAME_FORM`.)",
    }
    E_PERMS_SECRETS_PLAIN_KEY {
        severity: Error,
        area: Platform,
        summary: "a `runtime.permissions.secrets` entry that is a plain key, not a grant",
        explanation: "`runtime.permissions.secrets` lists read *grants*, which the host matches against the URI a key resolves to (`secret://<key>`): `secret://tavily/api_key` (one key), `secret://tavily` or `secret://tavily/` (every key under `tavily/`), or `*`. A plain key such as `tavily/api_key` or `SLACK_BOT_TOKEN` grants nothing at run time, and the platform's linter rejects it (it accepts `*`, anything holding `://`, and a prefix ending in `/`). Declare the credential itself in the top-level `requiredSecrets`, and grant its URI here.",
    }
    E_SECRET_KEY_NOT_CANONICAL {
        severity: Error,
        area: Platform,
        summary: "a declared secret key outside the canonical form",
        explanation: "Keys in `requiredSecrets[].key` and `contributions.tools[].secret_requirements[].key` must be canonical: non-empty, only `a-z 0-9 . _ - /`, no leading or trailing `/`, no `..` segment, no `://`. A single segment (`api_key`) is canonical. The key *is* the resolution id (`secret://<key>`), so the platform never rewrites one: rename it (and its grant).",
    }
    E_VIEW_ID_PATTERN {
        severity: Error,
        area: Platform,
        summary: "a view id that does not match `^[a-z0-9][a-z0-9._-]*$`",
        explanation: "A view's `id` names its directory, `assets/views/<id>/`, and must match `^[a-z0-9][a-z0-9._-]*$`. It is checked before it is joined into a path, so `../x` is reported as a bad id; the view's other checks are skipped until it is fixed.",
    }
    E_VIEW_ENTRY_UNREADABLE {
        severity: Error,
        area: Platform,
        summary: "a view's entry file exists but cannot be read as UTF-8 text",
        explanation: "The entry was found under `assets/views/<id>/` but could not be read (not UTF-8, a directory, or a permissions problem), so its contents could not be checked for remote assets. Save it as UTF-8 HTML.",
    }
    E_VIEW_REMOTE_ASSET {
        severity: Error,
        area: Platform,
        summary: "a view's entry HTML loads a script, stylesheet or image from a remote origin",
        explanation: "The pack's digests vouch for the files inside it; a `<script src>`, `<img src>` or `<link href>` starting with `http` or `//` pulls unverified code or content at run time. Ship the asset inside the pack under `assets/views/<id>/` and reference it by a relative path. Hyperlinks (`<a href>`) are fine.",
    }
    E_ADDON_ID_PATTERN {
        severity: Error,
        area: Platform,
        summary: "an addon id that does not match `^[a-z0-9][a-z0-9-]*$`",
        explanation: "The platform addresses an addon as `<extension id>/<addon id>`; the id must be lowercase letters, digits and `-`, starting with a letter or digit. A missing id counts as empty.",
    }
    W_ADDON_FAMILY_UNKNOWN {
        severity: Warning,
        area: Platform,
        summary: "an addon `family` that this snapshot of the known families does not list",
        explanation: "Known families: `vector-db`, `cache`, `sql`, `queue`, `object-store`, `search`. A flow that asks for a family finds the addon only if the platform knows the family. A warning because the list is a snapshot and goes stale by construction.",
    }
    E_ADDON_OUTPUT_NAME {
        severity: Error,
        area: Platform,
        summary: "an addon output name that is not an environment variable name",
        explanation: "Addon outputs are injected into the consuming service as environment variables, so each `outputs[].name` must match `^[A-Za-z_][A-Za-z0-9_]*$`, e.g. `DATABASE_URL`. A missing name counts as empty.",
    }
    E_ADDON_SECRET_IN_DESIRED_STATE {
        severity: Error,
        area: Platform,
        summary: "an addon's `desired_state_schema` declares a credential-like property",
        explanation: "`observe` can never read a credential back, so a credential in desired state diffs forever and no plan is ever clean. Credentials reach the addon through its runtime binding. The names are found by the platform's credential-name detector (e.g. `api_key`, `auth_token`, `adminPassword`; not `secret_ref`, `password_policy`, `max_tokens`), at any depth of the schema. An unparseable schema string is skipped.",
    }
    E_ADDON_BACKUP_NOT_EXPORTED {
        severity: Error,
        area: Platform,
        summary: "an addon sets `supports_backup: true` but `wit/world.wit` exports no backup interface",
        explanation: "The platform would offer a pre-destroy snapshot and call an export that does not exist. Export `greentic:extension-addon/backup` from the world in `wit/world.wit` (next to describe.json), or drop the claim. Silent when `wit/world.wit` is absent (e.g. a packed extension).",
    }
    W_ADDON_BACKUP_UNDECLARED {
        severity: Warning,
        area: Platform,
        summary: "`wit/world.wit` exports a backup interface but no addon sets `supports_backup: true`",
        explanation: "The capability is implemented but never advertised, so the platform never offers it. Set `supports_backup: true` on the addon it serves, or remove the export.",
    }
    E_CONFIG_SCHEMA_INVALID {
        severity: Error,
        area: Platform,
        summary: "top-level `configSchema` is not a string holding a JSON Schema object",
        explanation: "`configSchema` is the extension's operator configuration form, a JSON Schema serialized as a string. An inline object, text that is not JSON, or JSON that is not an object renders as an empty form with no error, telling the operator there is nothing to configure.",
    }
    E_CONFIG_SCHEMA_SECRET {
        severity: Error,
        area: Platform,
        summary: "a `configSchema` property names a credential",
        explanation: "`configSchema` values are stored and handed back as plain tenant configuration. Declare credentials in the top-level `requiredSecrets` (key, format, description), whose values take the secret store's path. Uses the same credential-name detector as `E_ADDON_SECRET_IN_DESIRED_STATE`.",
    }
    W_DESCRIBE_DIFF_BREAKING {
        severity: Warning,
        area: Platform,
        summary: "tools, node types or offered capabilities removed since the baseline without a breaking version bump",
        explanation: "`gtdx lint` compares the manifest with a baseline: by default (`--baseline installed`) the installed copy, the highest `<id>-<version>` directory under `$GREENTIC_HOME/extensions/<kind dir>/` (`~/.greentic` by default; silent when nothing is installed); with `--baseline FILE` that describe.json; `--baseline none` turns it off. A tool name, node type `type_id` or offered capability id present in the baseline and missing now breaks the flows and agents that use it. Only a breaking bump of `metadata.version` excuses it: a higher major, or a higher minor under 0.x (1.4.2 → 2.0.0, 0.3.1 → 0.4.0). Additions, required capabilities and schema changes are not compared.",
    }
}
