//! Findings about the Rust sources: `gtdx describe`, and `gtdx lint --manifest-path`.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    // the Rust sources (gtdx describe, gtdx lint --manifest-path)
    W_HANDWRITTEN_TOOLS {
        severity: Warning,
        area: Sources,
        summary: "a tool definition built by hand in Rust, which a v2 runtime never reads",
        explanation: "For a `greentic.ai/v2` extension the runtime takes tools only from describe.json; it never calls the component's `list-tools`. \
A `ToolDefinition { .. }` value, a hand-written `list_tools`/`invoke_tool`, or an `impl` of the WIT `tools` guest therefore compiles and ships, \
and the tools it names are invisible: the spec's single most common authoring mistake.\n\n\
gtdx reports the file and line and the tool names describe.json does not contain. \
Fix: annotate each tool function with `#[tool(...)]`, run `gtdx describe`, and let `gtdx_sdk::export_extension!()` generate `list-tools` and `invoke-tool` from the same annotations. \
A manifest that declares `greentic.ai/v1` uses `list-tools` legitimately and gets no finding.",
    }
    W_DESCRIBE_CUSTOM_SERDE {
        severity: Warning,
        area: Sources,
        summary: "a field (de)serialized by a custom function, whose JSON shape describe cannot know",
        explanation: "`#[serde(with = ...)]`, `serialize_with` and `deserialize_with` replace a field's JSON shape with whatever the function writes or reads, \
which a static reading of the sources cannot see. `gtdx describe` then lets the schema accept any value for that field, so the model gets no guidance there.\n\n\
Fix: add the shape by hand with `#[schema(...)]` on the field (description, format, pattern, minimum, maximum), \
or give the whole tool a hand-written schema with `input_schema = \"schemas/<tool>.input.json\"` (or `output_schema`) in its `#[tool(...)]`.",
    }
}
