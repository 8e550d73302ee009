
use builtin;
use str;

set edit:completion:arg-completer[gtdx] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'gtdx'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'gtdx'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand new 'Create a new extension project in a new directory'
            cand init 'Create an extension project in an existing directory (keeps what is there)'
            cand validate 'Check a describe.json against the v2 contract (structure, types, stringified schemas)'
            cand lint 'Check a describe.json against the authoring checklist and the platform''s lint rules'
            cand describe 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)'
            cand build 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack'
            cand pack 'Pack a component built by another toolchain with its describe.json (same checks as build)'
            cand run 'Call one tool locally under the platform''s host rules and print its result'
            cand test 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)'
            cand inspect 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests'
            cand dynamic 'Dynamic tools: admit discovered descriptors (the platform''s six controls) and keep per-connection catalogs'
            cand worker 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions'
            cand keygen 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)'
            cand sign 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)'
            cand verify 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature'
            cand key 'Key conversions (gtdx and minisign public key formats)'
            cand dev 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)'
            cand doctor 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen'
            cand sdk 'Where the project''s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it'
            cand migrate 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human'
            cand openapi 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document'
            cand publish 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish'
            cand install 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://'
            cand list 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state'
            cand uninstall 'Remove an installed extension'
            cand enable 'Enable an installed extension (by default, or for one tenant)'
            cand disable 'Disable an installed extension (by default, or for one tenant)'
            cand registries 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform''s gtdx)'
            cand login 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste'
            cand logout 'Remove a registry''s stored token from credentials.toml'
            cand search 'Search a registry: extensions of a directory registry, or the tags of an OCI repository'
            cand info 'Show an extension of a registry: versions, signer, permissions, digest'
            cand outdated 'Installed extensions with a newer version the registry offers (pins and yanks respected)'
            cand update 'Install the newer version of installed extensions (same trust and consent as install)'
            cand yank 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)'
            cand unyank 'Put a yanked version back in circulation'
            cand explain 'Explain a diagnostic code: what it reports, why it matters, how to fix it'
            cand completions 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;new'= {
            cand --name 'Package name [default: the directory''s name]'
            cand --id 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]'
            cand --kind 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]'
            cand --tool 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]'
            cand --capability 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]'
            cand --node-type 'Add a flow node type (config schema, success and error ports)'
            cand --dynamic-tools 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`'
            cand --ci 'CI workflow to generate [default: none]'
            cand --vcs 'Initialise a repository (skipped inside an existing git work tree) [default: git]'
            cand --sdk 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx''s version]'
            cand --gtdx-source 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx''s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK''s git repository and revision, else `crates`]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --no-agents 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)'
            cand --force 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted'
            cand -y 'Ask nothing: take flags, variables and defaults'
            cand --yes 'Ask nothing: take flags, variables and defaults'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;init'= {
            cand --name 'Package name [default: the directory''s name]'
            cand --id 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]'
            cand --kind 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]'
            cand --tool 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]'
            cand --capability 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]'
            cand --node-type 'Add a flow node type (config schema, success and error ports)'
            cand --dynamic-tools 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`'
            cand --ci 'CI workflow to generate [default: none]'
            cand --vcs 'Initialise a repository (skipped inside an existing git work tree) [default: git]'
            cand --sdk 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx''s version]'
            cand --gtdx-source 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx''s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK''s git repository and revision, else `crates`]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --no-agents 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)'
            cand --force 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted'
            cand -y 'Ask nothing: take flags, variables and defaults'
            cand --yes 'Ask nothing: take flags, variables and defaults'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;validate'= {
            cand --format 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;lint'= {
            cand --format 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)'
            cand --explain 'Print the long explanation of a rule code (e.g. E_EXPORT_FORM) and exit'
            cand --manifest-path 'Also scan the Rust package of this Cargo.toml for tool definitions built by hand (a `ToolDefinition` value, a hand-written `list_tools`/`invoke_tool`): a v2 runtime never calls list-tools, so tools that exist only there are invisible'
            cand --baseline 'What to compare with for removed tools, node types and offered capabilities (W_DESCRIBE_DIFF_BREAKING): `installed` (the installed copy under $GREENTIC_HOME, ~/.greentic by default; nothing when it is not installed), `none`, or a describe.json'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --deny-warnings 'Fail (exit code 1) on warnings as well as errors'
            cand --publish 'Also run the publish-time rules (placeholder digests, plain-http network patterns, exact versions of offered capabilities)'
            cand -v 'Also show info notes (what the runtime will assume, hints). They never fail a lint and are hidden by default; the summary says how many there are'
            cand --verbose 'Also show info notes (what the runtime will assume, hints). They never fail a lint and are hidden by default; the summary says how many there are'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;describe'= {
            cand --manifest-path 'The extension''s Cargo.toml; describe.json sits next to it'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --check 'Write nothing; exit 1 with a diff when describe.json differs from what the sources say'
            cand --stdout 'Print the manifest on stdout instead of writing describe.json'
            cand -v 'Also show the lint''s info notes about the generated manifest (hidden by default, as in `gtdx lint`)'
            cand --verbose 'Also show the lint''s info notes about the generated manifest (hidden by default, as in `gtdx lint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;build'= {
            cand --manifest-path 'The extension''s Cargo.toml; describe.json sits next to it'
            cand --out 'Directory for the .gtxpack [default: <cargo target dir>/gtdx]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --release 'Build with the release profile, as without --debug'
            cand --debug 'Build with the dev profile'
            cand --locked 'Build with Cargo.lock exactly as it is: fail where cargo would change it (as `cargo build --locked`; for CI and reproducible builds)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;pack'= {
            cand --wasm 'The component, built by any toolchain (it must be a WebAssembly component)'
            cand --describe 'The describe.json to ship with it. Declared asset paths (prompts, schemas, knowledge, icon, `assets/`) are relative to its directory. The file itself is not modified: the component''s sha256 is written into the packed copy'
            cand --out 'Directory for the .gtxpack [default: the current directory]'
            cand --wit 'A WIT directory defining the world runtime.components.*.world names, so the component can be checked against it (repeatable)'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;run'= {
            cand --input 'The input, a JSON object [default: {}]'
            cand --input-file 'A file holding the input (`-` for standard input)'
            cand --manifest-path 'The project''s Cargo.toml (built first, like `cargo run`)'
            cand --pack 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)'
            cand --wasm 'A component instead of the project (with --describe)'
            cand --describe 'The describe.json of --wasm'
            cand --trusted-key 'A key the pack''s signature must verify against (with --pack). Repeatable'
            cand --secret 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable'
            cand --secrets-file 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)'
            cand --net-allow 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable'
            cand --timeout 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes'
            cand --llm-fixture 'Canned answers for the `llm` import: a JSON list of {"when", "content"}'
            cand --llm-endpoint 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)'
            cand --with 'Another extension''s .gtxpack the broker may call. Repeatable'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --list-tools 'Compare the component''s own `list-tools` with describe.json instead of calling a tool'
            cand --no-cache 'Compile the component even if the compiled-component cache has it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;test'= {
            cand --tool 'Only the cases of this tool'
            cand --filter 'Only the cases whose `file::name` contains this text'
            cand --tests 'The directory of test files [default: tests/tools beside Cargo.toml]'
            cand --junit 'Also write the results as JUnit XML, for CI dashboards'
            cand --org 'The organisation the extension is installed in (with --discovery)'
            cand --grant 'The connection''s grant file (with --discovery) [default: the installed-extension grant, every declared executor]'
            cand --max-derived-tools 'The server cap on derived tools per connection (with --discovery)'
            cand --connection 'The connection whose catalog to sync (with --discovery and --catalog)'
            cand --catalog 'The directory of catalogs to sync the admitted tools into (with --connection)'
            cand --input 'The discovery tool''s input, a JSON object (with --discovery) [default: {}]'
            cand --manifest-path 'The project''s Cargo.toml (built first, like `cargo run`)'
            cand --pack 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)'
            cand --wasm 'A component instead of the project (with --describe)'
            cand --describe 'The describe.json of --wasm'
            cand --trusted-key 'A key the pack''s signature must verify against (with --pack). Repeatable'
            cand --secret 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable'
            cand --secrets-file 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)'
            cand --net-allow 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable'
            cand --timeout 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes'
            cand --llm-fixture 'Canned answers for the `llm` import: a JSON list of {"when", "content"}'
            cand --llm-endpoint 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)'
            cand --with 'Another extension''s .gtxpack the broker may call. Repeatable'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --discovery 'Run the discovery tool of contributions.dynamicTools and put its descriptors through the dynamic-tools admission (as `gtdx dynamic admit` does)'
            cand --deny-rejected 'Exit 1 when a discovered descriptor is rejected (with --discovery)'
            cand --deny-withheld 'Exit 1 when a discovered descriptor is withheld (with --discovery)'
            cand --no-cache 'Compile the component even if the compiled-component cache has it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;inspect'= {
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;dynamic'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand admit 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
            cand catalog 'Show a connection''s catalog, or what its last sync changed'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;dynamic;admit'= {
            cand --descriptors 'The discovery result: a JSON array of descriptors [default: stdin]'
            cand --manifest 'The extension''s describe.json [default: describe.json]'
            cand --pack 'The extension''s .gtxpack (its component''s bytes are the code artifact hash)'
            cand --org 'The organisation the extension is installed in (the `<org>` of scoped ids)'
            cand --grant 'The connection''s grant: {"id": "...", "executors": ["org:<org>:<extension>:<slug>", ...], "maxTools": N} [default: the installed-extension grant, every declared executor]'
            cand --max-derived-tools 'The server cap on derived tools per connection (MAX_DERIVED_TOOLS_PER_CONNECTION)'
            cand --catalog 'Sync the admitted tools into the catalogs in DIR (with --connection)'
            cand --connection 'The connection whose catalog to sync (with --catalog)'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --deny-rejected 'Exit 1 when a descriptor is rejected'
            cand --deny-withheld 'Exit 1 when a descriptor is withheld'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;dynamic;catalog'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available'
            cand diff 'Print what the connection''s last sync changed (added, removed, changed tools)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;dynamic;catalog;show'= {
            cand --catalog 'The directory of catalogs'
            cand --connection 'The connection'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --manifest 'Check availability against this describe.json (artifact and grant)'
            cand --pack 'Check availability against this .gtxpack'
            cand --org 'The organisation (with --manifest or --pack)'
            cand --grant 'The connection''s current grant (with --manifest or --pack)'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;dynamic;catalog;diff'= {
            cand --catalog 'The directory of catalogs'
            cand --connection 'The connection'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;dynamic;catalog;help'= {
            cand show 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available'
            cand diff 'Print what the connection''s last sync changed (added, removed, changed tools)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;dynamic;catalog;help;show'= {
        }
        &'gtdx;dynamic;catalog;help;diff'= {
        }
        &'gtdx;dynamic;catalog;help;help'= {
        }
        &'gtdx;dynamic;help'= {
            cand admit 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
            cand catalog 'Show a connection''s catalog, or what its last sync changed'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;dynamic;help;admit'= {
        }
        &'gtdx;dynamic;help;catalog'= {
            cand show 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available'
            cand diff 'Print what the connection''s last sync changed (added, removed, changed tools)'
        }
        &'gtdx;dynamic;help;catalog;show'= {
        }
        &'gtdx;dynamic;help;catalog;diff'= {
        }
        &'gtdx;dynamic;help;help'= {
        }
        &'gtdx;worker'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand build 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
            cand inspect 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;worker;build'= {
            cand --out 'Where to write the manifest [default: <spec stem>.worker.json next to the spec]'
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --key 'The secret key file (from `gtdx keygen`); must not be readable by group or others'
            cand --key-env 'An environment variable holding the secret key (the key file''s text, or its base64 seed), as CI secrets are passed'
            cand --registry 'Where `ID@VERSION` entries of the spec are looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE[/NAME]`, or a NAME from $GREENTIC_HOME/config.toml'
            cand --oci-user 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]'
            cand --oci-token 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous'
            cand --registry-timeout 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --allow-unsigned 'Include unsigned packs and packs signed by untrusted keys, each named in a warning and marked in the manifest. Packs failing an integrity or signature check are never included'
            cand --sign 'Sign the manifest (JCS + ed25519, a `signature` block as in describe.json) with the key of --key or --key-env'
            cand --insecure 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;worker;inspect'= {
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;worker;help'= {
            cand build 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
            cand inspect 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;worker;help;build'= {
        }
        &'gtdx;worker;help;inspect'= {
        }
        &'gtdx;worker;help;help'= {
        }
        &'gtdx;keygen'= {
            cand --out-dir 'Directory for NAME.key (secret, mode 0600) and NAME.pub'
            cand --name 'Base name of the two key files'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;sign'= {
            cand --key 'The secret key file (from `gtdx keygen`); must not be readable by group or others'
            cand --key-env 'An environment variable holding the secret key (the key file''s text, or its base64 seed), as CI secrets are passed'
            cand --key-id 'Label written as `signature.keyId`; advisory only [default: the key''s id]'
            cand --trusted-comment 'The signed trusted comment of a detached signature [default: timestamp and file name]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --detached 'Write TARGET.minisig, a minisign-format signature of any file, instead'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;verify'= {
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --signature 'The detached signature file [default: TARGET.minisig]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --detached 'Verify TARGET.minisig (or --signature), a minisign-format detached signature'
            cand --integrity-only 'Check the archive only (manifest, digests, structure), not the signature'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;key'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand export 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;key;export'= {
            cand --key 'Export the public half of this secret key file instead'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --minisign 'Print minisign''s format (`minisign -V -p FILE` reads it)'
            cand --pem 'With --key: print the secret key as a PKCS#8 PEM, the platform''s key format (its `publish --key FILE`, `--key-id`, `GREENTIC_EXT_SIGNING_KEY_PEM`). It is the secret: redirect it to a file only you can read'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;key;help'= {
            cand export 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;key;help;export'= {
        }
        &'gtdx;key;help;help'= {
        }
        &'gtdx;dev'= {
            cand --manifest-path 'The extension''s Cargo.toml; describe.json sits next to it'
            cand --debounce 'Milliseconds the project must stay quiet after a save before the build starts'
            cand --run 'After each successful build, call this tool of the new pack (as `gtdx run` does)'
            cand --input 'The input of the --run tool, a JSON object [default: {}]'
            cand --input-file 'The input of the --run tool, from a file'
            cand --secret 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable'
            cand --secrets-file 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)'
            cand --net-allow 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable'
            cand --timeout 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes'
            cand --llm-fixture 'Canned answers for the `llm` import: a JSON list of {"when", "content"}'
            cand --llm-endpoint 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)'
            cand --with 'Another extension''s .gtxpack the broker may call. Repeatable'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --once 'Build (and install) once, then exit with the build''s status; no watching'
            cand --no-install 'Build and pack only; do not install into the Greentic home'
            cand --release 'Build with the release profile (dev builds are faster to compile)'
            cand --no-cache 'Compile the component even if the compiled-component cache has it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;doctor'= {
            cand --tool 'Walk this tool''s visibility chain: declared, offered on the surface, described, installed, enabled, the tenant''s override and allow-set, the Designer''s version'
            cand --surface 'The surface the tool should appear on'
            cand --tenant 'Check this tenant''s override in the state file'
            cand --allow-set 'The tenant''s allow-set as Greentic Admin exports it: a JSON array of extension ids (or ID@VERSION). Without it the Designer fails open, as it does without an admin backend'
            cand --designer-version 'The Designer version to check against [default: ask $GREENTIC_DESIGNER_BIN or greentic-designer on PATH]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;sdk'= {
            cand --manifest-path 'The project''s Cargo.toml'
            cand --format '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand show 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
            cand use 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;sdk;show'= {
            cand --manifest-path 'The project''s Cargo.toml'
            cand --format '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;sdk;use'= {
            cand --manifest-path 'The project''s Cargo.toml'
            cand --format '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;sdk;help'= {
            cand show 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
            cand use 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;sdk;help;show'= {
        }
        &'gtdx;sdk;help;use'= {
        }
        &'gtdx;sdk;help;help'= {
        }
        &'gtdx;migrate'= {
            cand --tools-json 'Tool definitions to merge into the tools (descriptions and schemas v1 kept in the component): a JSON array in the shape the component''s list-tools returns'
            cand --tools-from-component 'Take the tool definitions from the component''s own list-tools, run under gtdx''s host: WASM, or the component the v1 document names (runtime.component, beside it)'
            cand --capabilities 'Where the tools are offered, set on every tool; never guessed when absent'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --write 'Write the v2 document over the manifest (only when it validates). Without it, gtdx only reports what would change'
            cand --force 'With --write: replace the manifest even when it is read-only'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;openapi'= {
            cand -n 'The package name [default: the document''s title, as a package name]'
            cand --name 'The package name [default: the document''s title, as a package name]'
            cand -o 'The project''s directory (must not exist or be empty) [default: ./NAME]'
            cand --out 'The project''s directory (must not exist or be empty) [default: ./NAME]'
            cand --base-url 'The URL the API is served at, instead of the document''s first server; the project''s network grant is this URL and everything below it'
            cand --operations 'Only the operations a glob matches (against the operationId, the tool name or `METHOD /path`); repeatable, or comma-separated'
            cand --sdk 'Where gtdx-sdk comes from, as for `gtdx new` [default: this gtdx''s version]'
            cand --vcs 'Initialise a repository, as for `gtdx new` [default: git]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;publish'= {
            cand --manifest 'The project''s Cargo.toml, built and published when no PACK is given [default: ./Cargo.toml]'
            cand --wasm 'Pack this prebuilt wasm32-wasip2 component instead of building; the project''s describe.json still drives the pack'
            cand --icon 'An icon (svg, png, jpg or webp, at most 1 MiB), copied into the project''s assets/ and written into `[package.metadata.gtdx]` (describe.json for a hand-written one): commit the change'
            cand --key 'The secret key file to sign with (gtdx''s, or a PKCS#8 PEM); wins over --key-id'
            cand --key-id 'Sign with $GREENTIC_HOME/keys/ID.key (a PKCS#8 PEM, or gtdx''s), the signature labelled ID'
            cand --key-env 'The environment variable holding the signing key when neither --key nor --key-id is given [default: GREENTIC_EXT_SIGNING_KEY_PEM]'
            cand --trust 'The platform''s trust level: `loose` publishes an unsigned pack too (as --allow-unsigned); `normal` needs a signature that verifies (gtdx''s default); `strict` also needs the signer among --trusted-key/--trusted-keys'
            cand --registry '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml'
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --version 'The version to publish. In a project, the version built (written into Cargo.toml); with PACK, a pack of another version is refused (a signed pack cannot be relabelled)'
            cand --dist 'Also copy the published pack into DIR'
            cand --source-url 'The `org.opencontainers.image.source` annotation [default: $GITHUB_SERVER_URL/$GITHUB_REPOSITORY when set]'
            cand --revision 'The `org.opencontainers.image.revision` annotation [default: $GITHUB_SHA when set]'
            cand --oci-user 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]'
            cand --oci-token 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous'
            cand --registry-timeout 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --release 'Accepted for the platform''s scripts: a project publish always builds with the release profile'
            cand --sign 'Sign the pack before publishing it, with --key, --key-id or --key-env'
            cand --allow-unsigned 'Publish a pack without a signature'
            cand --force 'Replace a version (or an OCI tag) that is already published'
            cand --dry-run 'Check everything and show what would be written, without writing'
            cand --verify-only 'Only check the pack and whether the version is free in the registry; write nothing (exit 10 when it is taken)'
            cand --insecure 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
            cand -w 'On a terminal, ask for what the flags leave out (registry, version, whether to sign and with which key, dry run), show what will happen and ask to go ahead; then publish as those flags would'
            cand --wizard 'On a terminal, ask for what the flags leave out (registry, version, whether to sign and with which key, dry run), show what will happen and ask to go ahead; then publish as those flags would'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'gtdx;install'= {
            cand --registry 'Where `ID[@VERSION]` is looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]'
            cand --trust 'Who must have signed: `loose` (integrity only, unsigned packs install), `normal` (the signer''s key is pinned on first install and required after), `strict` (the key must be pinned already or given with --trusted-key)'
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --oci-user 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]'
            cand --oci-token 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous'
            cand --registry-timeout 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -y 'Accept the permissions the extension requests without asking (needed without a terminal)'
            cand --yes 'Accept the permissions the extension requests without asking (needed without a terminal)'
            cand --force 'Reinstall a version that is already installed'
            cand --insecure 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;list'= {
            cand --tenant 'Show whether each extension is enabled for this tenant (its override, else the default)'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;uninstall'= {
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;enable'= {
            cand --tenant 'Change it for this tenant only (the state file''s `tenants` section)'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;disable'= {
            cand --tenant 'Change it for this tenant only (the state file''s `tenants` section)'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;registries'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the configured registries (and the built-in greentic-store), marking the default'
            cand add 'Add a registry under NAME, or replace the URL of the one of that name'
            cand remove 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
            cand set-default 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;registries;list'= {
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;registries;add'= {
            cand --token-env 'An environment variable holding this registry''s token (read at each use, never stored)'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Accept a plain http:// URL to a host that is not this machine (tokens and packs then cross the network unencrypted)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;registries;remove'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;registries;set-default'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;registries;help'= {
            cand list 'List the configured registries (and the built-in greentic-store), marking the default'
            cand add 'Add a registry under NAME, or replace the URL of the one of that name'
            cand remove 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
            cand set-default 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;registries;help;list'= {
        }
        &'gtdx;registries;help;add'= {
        }
        &'gtdx;registries;help;remove'= {
        }
        &'gtdx;registries;help;set-default'= {
        }
        &'gtdx;registries;help;help'= {
        }
        &'gtdx;login'= {
            cand --registry 'The registry to log in to: a configured name or greentic-store. Without it, config.toml''s default registry'
            cand --token 'The token. Visible to other users in the process list: prefer GTDX_TOKEN or --paste on a shared machine'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --paste 'Read the token from standard input (one line; not echoed on a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;logout'= {
            cand --registry 'The registry to log out of. Without it, config.toml''s default registry'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;search'= {
            cand --registry '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml'
            cand --oci-user 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]'
            cand --oci-token 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous'
            cand --registry-timeout 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;info'= {
            cand --registry '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml'
            cand --oci-user 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]'
            cand --oci-token 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous'
            cand --registry-timeout 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;outdated'= {
            cand --registry 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]'
            cand --registry-timeout 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;update'= {
            cand --registry 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]'
            cand --trust 'Who must have signed the new version, as for `gtdx install`'
            cand --trusted-key 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable'
            cand --trusted-keys 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable'
            cand --registry-timeout 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --all 'Update every installed extension `gtdx outdated` lists'
            cand -y 'Accept the new version''s permissions without asking (needed without a terminal)'
            cand --yes 'Accept the new version''s permissions without asking (needed without a terminal)'
            cand --insecure 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;yank'= {
            cand --reason 'Why (kept by the registry beside the version)'
            cand --registry 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml''s default registry]'
            cand --registry-timeout 'How long the request may take in all (`90s`, `10m`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;unyank'= {
            cand --registry 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml''s default registry]'
            cand --registry-timeout 'How long the request may take in all (`90s`, `10m`) [default: 300s]'
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand --insecure 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;explain'= {
            cand --format '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics'
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;completions'= {
            cand --color 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never'
            cand --home 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'gtdx;help'= {
            cand new 'Create a new extension project in a new directory'
            cand init 'Create an extension project in an existing directory (keeps what is there)'
            cand validate 'Check a describe.json against the v2 contract (structure, types, stringified schemas)'
            cand lint 'Check a describe.json against the authoring checklist and the platform''s lint rules'
            cand describe 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)'
            cand build 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack'
            cand pack 'Pack a component built by another toolchain with its describe.json (same checks as build)'
            cand run 'Call one tool locally under the platform''s host rules and print its result'
            cand test 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)'
            cand inspect 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests'
            cand dynamic 'Dynamic tools: admit discovered descriptors (the platform''s six controls) and keep per-connection catalogs'
            cand worker 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions'
            cand keygen 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)'
            cand sign 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)'
            cand verify 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature'
            cand key 'Key conversions (gtdx and minisign public key formats)'
            cand dev 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)'
            cand doctor 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen'
            cand sdk 'Where the project''s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it'
            cand migrate 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human'
            cand openapi 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document'
            cand publish 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish'
            cand install 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://'
            cand list 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state'
            cand uninstall 'Remove an installed extension'
            cand enable 'Enable an installed extension (by default, or for one tenant)'
            cand disable 'Disable an installed extension (by default, or for one tenant)'
            cand registries 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform''s gtdx)'
            cand login 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste'
            cand logout 'Remove a registry''s stored token from credentials.toml'
            cand search 'Search a registry: extensions of a directory registry, or the tags of an OCI repository'
            cand info 'Show an extension of a registry: versions, signer, permissions, digest'
            cand outdated 'Installed extensions with a newer version the registry offers (pins and yanks respected)'
            cand update 'Install the newer version of installed extensions (same trust and consent as install)'
            cand yank 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)'
            cand unyank 'Put a yanked version back in circulation'
            cand explain 'Explain a diagnostic code: what it reports, why it matters, how to fix it'
            cand completions 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'gtdx;help;new'= {
        }
        &'gtdx;help;init'= {
        }
        &'gtdx;help;validate'= {
        }
        &'gtdx;help;lint'= {
        }
        &'gtdx;help;describe'= {
        }
        &'gtdx;help;build'= {
        }
        &'gtdx;help;pack'= {
        }
        &'gtdx;help;run'= {
        }
        &'gtdx;help;test'= {
        }
        &'gtdx;help;inspect'= {
        }
        &'gtdx;help;dynamic'= {
            cand admit 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
            cand catalog 'Show a connection''s catalog, or what its last sync changed'
        }
        &'gtdx;help;dynamic;admit'= {
        }
        &'gtdx;help;dynamic;catalog'= {
            cand show 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available'
            cand diff 'Print what the connection''s last sync changed (added, removed, changed tools)'
        }
        &'gtdx;help;dynamic;catalog;show'= {
        }
        &'gtdx;help;dynamic;catalog;diff'= {
        }
        &'gtdx;help;worker'= {
            cand build 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
            cand inspect 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature'
        }
        &'gtdx;help;worker;build'= {
        }
        &'gtdx;help;worker;inspect'= {
        }
        &'gtdx;help;keygen'= {
        }
        &'gtdx;help;sign'= {
        }
        &'gtdx;help;verify'= {
        }
        &'gtdx;help;key'= {
            cand export 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
        }
        &'gtdx;help;key;export'= {
        }
        &'gtdx;help;dev'= {
        }
        &'gtdx;help;doctor'= {
        }
        &'gtdx;help;sdk'= {
            cand show 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
            cand use 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
        }
        &'gtdx;help;sdk;show'= {
        }
        &'gtdx;help;sdk;use'= {
        }
        &'gtdx;help;migrate'= {
        }
        &'gtdx;help;openapi'= {
        }
        &'gtdx;help;publish'= {
        }
        &'gtdx;help;install'= {
        }
        &'gtdx;help;list'= {
        }
        &'gtdx;help;uninstall'= {
        }
        &'gtdx;help;enable'= {
        }
        &'gtdx;help;disable'= {
        }
        &'gtdx;help;registries'= {
            cand list 'List the configured registries (and the built-in greentic-store), marking the default'
            cand add 'Add a registry under NAME, or replace the URL of the one of that name'
            cand remove 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
            cand set-default 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
        }
        &'gtdx;help;registries;list'= {
        }
        &'gtdx;help;registries;add'= {
        }
        &'gtdx;help;registries;remove'= {
        }
        &'gtdx;help;registries;set-default'= {
        }
        &'gtdx;help;login'= {
        }
        &'gtdx;help;logout'= {
        }
        &'gtdx;help;search'= {
        }
        &'gtdx;help;info'= {
        }
        &'gtdx;help;outdated'= {
        }
        &'gtdx;help;update'= {
        }
        &'gtdx;help;yank'= {
        }
        &'gtdx;help;unyank'= {
        }
        &'gtdx;help;explain'= {
        }
        &'gtdx;help;completions'= {
        }
        &'gtdx;help;help'= {
        }
    ]
    $completions[$command]
}
