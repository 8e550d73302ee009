//! `gtdx worker build`: what a Digital Worker manifest gets from the packs it is assembled from.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    W_WORKER_NO_TOOLS {
        severity: Warning,
        area: Worker,
        summary: "no pack contributes a tool with the `agentic_worker` capability",
        explanation: "A worker's agent can call only tools offered on the `agentic_worker` surface; tools without it (the default is `[\"flow\"]`) are left out of the worker. A worker without tools can only talk. \
Fix: add `\"agentic_worker\"` to the `capabilities` of the tools the agent should call, rebuild and re-sign the packs.",
    }
    W_WORKER_PACK_UNSIGNED {
        severity: Warning,
        area: Worker,
        summary: "a pack without a signature, included because of `--allow-unsigned`",
        explanation: "Workers are assembled from signed packs so that a release pins exactly what was reviewed. `--allow-unsigned` lets an unsigned pack in for local trials; the worker says so, and a release should not carry it. Sign the pack with `gtdx sign`.",
    }
    W_WORKER_PACK_UNTRUSTED {
        severity: Warning,
        area: Worker,
        summary: "a pack signed by a key that is not among the trusted keys, included because of `--allow-unsigned`",
        explanation: "The signature is valid, but by a key the worker build was not told to trust (`--trusted-key`, `--trusted-keys`); `--allow-unsigned` lets it in, marked `trusted: false`. Add the signer's public key to the trusted set if it is yours, or rebuild the pack and sign it with a trusted key.",
    }
    W_WORKER_METADATA_DROPPED {
        severity: Warning,
        area: Worker,
        summary: "a tool's `agentic_worker_metadata` is outside the contract, so the defaults apply",
        explanation: "The runtime decodes a tool's `agentic_worker_metadata` as a whole: one bad field drops the whole blob, and the conservative defaults apply (side effects `external`, confirmation required, cost `medium`), so the agent asks before every call. The worker records what the runtime will do. \
Fix: run `gtdx lint` on the extension (it reports `E_METADATA_CONTRACT` at the bad field), fix the blob, rebuild the pack.",
    }
    I_WORKER_METADATA_DEFAULTS {
        severity: Info,
        area: Worker,
        summary: "a tool declares no `agentic_worker_metadata`; the conservative defaults apply",
        explanation: "Without metadata the runtime treats a tool as having external side effects, needing confirmation and costing `medium`. That is safe, but an agent then asks before every call. Declare what the tool really does with `#[tool(side_effects = ..., cost = ...)]` (or `agentic_worker_metadata` in describe.json).",
    }
    W_WORKER_TOOL_NO_DESCRIPTION {
        severity: Warning,
        area: Worker,
        summary: "a tool without a description reaches the worker",
        explanation: "The model chooses tools by their descriptions; a tool without one is offered blind. Add a doc comment to the `#[tool]` function (or `description` in describe.json) and rebuild the pack.",
    }
    W_WORKER_TOOL_NO_INPUT_SCHEMA {
        severity: Warning,
        area: Worker,
        summary: "a tool without an input schema reaches the worker",
        explanation: "Without `input_schema` the model sees the tool as taking no parameters, so it can never pass arguments. `gtdx describe` writes the schema from the tool's Rust argument type; rebuild the pack from a describe.json that has it.",
    }
    I_WORKER_DUPLICATE_PACK {
        severity: Info,
        area: Worker,
        summary: "the worker spec lists the same pack twice; it is used once",
        explanation: "Two entries of the worker spec resolve to the same pack (same extension id, version and digest). The worker includes it once. Remove the duplicate entry.",
    }
    E_WORKER_SPEC {
        severity: Error,
        area: Worker,
        summary: "the worker spec cannot be read or does not follow the spec format",
        explanation: "`gtdx worker build` reads a worker spec (worker.toml, or .yaml/.yml/.json with the same keys): the worker's identity, the packs under `[[extensions]]` and an optional allow-list under `[[tools]]`. The message names the key and its place. \
Fix the spec as the message says; docs/worker.md lists every key.",
    }
    E_WORKER_PACK {
        severity: Error,
        area: Worker,
        summary: "a pack the worker spec names cannot be used (missing, not a pack, or unreadable)",
        explanation: "Each `[[extensions]]` entry names a .gtxpack by path (relative to the spec). The pack must exist and be a pack `gtdx verify` can open. Fix the path, or build the pack first with `gtdx build`.",
    }
    E_WORKER_PACK_REFUSED {
        severity: Error,
        area: Worker,
        summary: "a pack was refused: unsigned, signed by an untrusted key, or failing its integrity or signature check",
        explanation: "A worker pins exactly what was reviewed, so it is assembled from signed packs whose signers are trusted. An unsigned pack, or one signed by a key not passed with `--trusted-key`/`--trusted-keys`, is refused (exit 1, or 3 when every refusal is an untrusted signer); `--allow-unsigned` includes such packs marked as untrusted. A pack failing its integrity or signature check is never included. \
Fix: sign the pack (`gtdx sign PACK --key ...`), trust its signer, or rebuild a tampered pack.",
    }
    E_WORKER_EXTENSION_CONFLICT {
        severity: Error,
        area: Worker,
        summary: "the same extension id arrives twice with different contents, or declares a tool twice",
        explanation: "A worker refers to each extension by id. Two packs with one id but different versions or digests, or one extension declaring a tool name twice with different definitions, leave the worker without a single meaning for that id or tool. Keep one of the packs, or fix the extension's describe.json and rebuild it.",
    }
    E_WORKER_ALLOW_UNKNOWN {
        severity: Error,
        area: Worker,
        summary: "an allow-list entry names an extension or a tool the spec's packs do not provide",
        explanation: "Each `[[tools]]` entry of the spec picks one tool (`extension_id`, `tool_name`) from the packs under `[[extensions]]`. A name that matches nothing is a typo or a pack that is missing; the message suggests the nearest name. Fix the entry or add the pack.",
    }
    E_WORKER_ALLOW_FLOW_ONLY {
        severity: Error,
        area: Worker,
        summary: "an allow-list entry picks a tool without the `agentic_worker` capability",
        explanation: "An agent can call only tools offered on the `agentic_worker` surface; a flow-only tool (the default `capabilities` is `[\"flow\"]`) would be silently missing from the worker. Add `\"agentic_worker\"` to the tool's capabilities and rebuild the pack, or drop the entry.",
    }
    E_WORKER_TOOL_COLLISION {
        severity: Error,
        area: Worker,
        summary: "two extensions contribute a tool with the same name to the worker",
        explanation: "An agent calls tools by name, so a worker's tool names must be unique. When two packs contribute the same name, pick one with an allow-list entry (`[[tools]] extension_id = ..., tool_name = ...`), or rename the tool in one extension.",
    }
}
