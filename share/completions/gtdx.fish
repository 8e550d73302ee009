# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_gtdx_global_optspecs
    string join \n color= home= h/help V/version
end

function __fish_gtdx_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_gtdx_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_gtdx_using_subcommand
    set -l cmd (__fish_gtdx_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c gtdx -n "__fish_gtdx_needs_command" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_needs_command" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_needs_command" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "new" -d 'Create a new extension project in a new directory'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "init" -d 'Create an extension project in an existing directory (keeps what is there)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "validate" -d 'Check a describe.json against the v2 contract (structure, types, stringified schemas)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "lint" -d 'Check a describe.json against the authoring checklist and the platform\'s lint rules'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "describe" -d 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "build" -d 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "pack" -d 'Pack a component built by another toolchain with its describe.json (same checks as build)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "run" -d 'Call one tool locally under the platform\'s host rules and print its result'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "test" -d 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "inspect" -d 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "dynamic" -d 'Dynamic tools: admit discovered descriptors (the platform\'s six controls) and keep per-connection catalogs'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "worker" -d 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "keygen" -d 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "sign" -d 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "verify" -d 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "key" -d 'Key conversions (gtdx and minisign public key formats)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "dev" -d 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "doctor" -d 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "sdk" -d 'Where the project\'s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "migrate" -d 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "openapi" -d 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "publish" -d 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "install" -d 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "list" -d 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "uninstall" -d 'Remove an installed extension'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "enable" -d 'Enable an installed extension (by default, or for one tenant)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "disable" -d 'Disable an installed extension (by default, or for one tenant)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "registries" -d 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform\'s gtdx)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "login" -d 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "logout" -d 'Remove a registry\'s stored token from credentials.toml'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "search" -d 'Search a registry: extensions of a directory registry, or the tags of an OCI repository'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "info" -d 'Show an extension of a registry: versions, signer, permissions, digest'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "outdated" -d 'Installed extensions with a newer version the registry offers (pins and yanks respected)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "update" -d 'Install the newer version of installed extensions (same trust and consent as install)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "yank" -d 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "unyank" -d 'Put a yanked version back in circulation'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "explain" -d 'Explain a diagnostic code: what it reports, why it matters, how to fix it'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "completions" -d 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout'
complete -c gtdx -n "__fish_gtdx_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l name -d 'Package name [default: the directory\'s name]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l id -d 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l kind -d 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]' -r -f -a "design\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l tool -d 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l capability -d 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]' -r -f -a "agentic_worker\t''
flow\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l node-type -d 'Add a flow node type (config schema, success and error ports)' -r -f -a "true\t''
false\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l dynamic-tools -d 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`' -r -f -a "true\t''
false\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l ci -d 'CI workflow to generate [default: none]' -r -f -a "github\t''
none\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l vcs -d 'Initialise a repository (skipped inside an existing git work tree) [default: git]' -r -f -a "git\t''
none\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l sdk -d 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx\'s version]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l gtdx-source -d 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx\'s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK\'s git repository and revision, else `crates`]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l no-agents -d 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)'
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -l force -d 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted'
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -s y -l yes -d 'Ask nothing: take flags, variables and defaults'
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand new" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l name -d 'Package name [default: the directory\'s name]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l id -d 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l kind -d 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]' -r -f -a "design\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l tool -d 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l capability -d 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]' -r -f -a "agentic_worker\t''
flow\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l node-type -d 'Add a flow node type (config schema, success and error ports)' -r -f -a "true\t''
false\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l dynamic-tools -d 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`' -r -f -a "true\t''
false\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l ci -d 'CI workflow to generate [default: none]' -r -f -a "github\t''
none\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l vcs -d 'Initialise a repository (skipped inside an existing git work tree) [default: git]' -r -f -a "git\t''
none\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l sdk -d 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx\'s version]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l gtdx-source -d 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx\'s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK\'s git repository and revision, else `crates`]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l no-agents -d 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)'
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -l force -d 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted'
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -s y -l yes -d 'Ask nothing: take flags, variables and defaults'
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand init" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand validate" -l format -d 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)' -r -f -a "human\t'One paragraph per finding, then a summary'
json\t'One JSON document: the summary and every diagnostic'
sarif\t'SARIF 2.1.0, which GitHub code scanning shows inline on a pull request'"
complete -c gtdx -n "__fish_gtdx_using_subcommand validate" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand validate" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand validate" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l format -d 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)' -r -f -a "human\t'One paragraph per finding, then a summary'
json\t'One JSON document: the summary and every diagnostic'
sarif\t'SARIF 2.1.0, which GitHub code scanning shows inline on a pull request'"
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l explain -d 'Print the long explanation of a rule code (e.g. E_EXPORT_FORM) and exit' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l manifest-path -d 'Also scan the Rust package of this Cargo.toml for tool definitions built by hand (a `ToolDefinition` value, a hand-written `list_tools`/`invoke_tool`): a v2 runtime never calls list-tools, so tools that exist only there are invisible' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l baseline -d 'What to compare with for removed tools, node types and offered capabilities (W_DESCRIBE_DIFF_BREAKING): `installed` (the installed copy under $GREENTIC_HOME, ~/.greentic by default; nothing when it is not installed), `none`, or a describe.json' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l deny-warnings -d 'Fail (exit code 1) on warnings as well as errors'
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -l publish -d 'Also run the publish-time rules (placeholder digests, plain-http network patterns, exact versions of offered capabilities)'
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -s v -l verbose -d 'Also show info notes (what the runtime will assume, hints). They never fail a lint and are hidden by default; the summary says how many there are'
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand lint" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l manifest-path -d 'The extension\'s Cargo.toml; describe.json sits next to it' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l check -d 'Write nothing; exit 1 with a diff when describe.json differs from what the sources say'
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -l stdout -d 'Print the manifest on stdout instead of writing describe.json'
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -s v -l verbose -d 'Also show the lint\'s info notes about the generated manifest (hidden by default, as in `gtdx lint`)'
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand describe" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l manifest-path -d 'The extension\'s Cargo.toml; describe.json sits next to it' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l out -d 'Directory for the .gtxpack [default: <cargo target dir>/gtdx]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l release -d 'Build with the release profile, as without --debug'
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l debug -d 'Build with the dev profile'
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -l locked -d 'Build with Cargo.lock exactly as it is: fail where cargo would change it (as `cargo build --locked`; for CI and reproducible builds)'
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand build" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l wasm -d 'The component, built by any toolchain (it must be a WebAssembly component)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l describe -d 'The describe.json to ship with it. Declared asset paths (prompts, schemas, knowledge, icon, `assets/`) are relative to its directory. The file itself is not modified: the component\'s sha256 is written into the packed copy' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l out -d 'Directory for the .gtxpack [default: the current directory]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l wit -d 'A WIT directory defining the world runtime.components.*.world names, so the component can be checked against it (repeatable)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand pack" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l input -d 'The input, a JSON object [default: {}]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l input-file -d 'A file holding the input (`-` for standard input)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l manifest-path -d 'The project\'s Cargo.toml (built first, like `cargo run`)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l pack -d 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l wasm -d 'A component instead of the project (with --describe)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l describe -d 'The describe.json of --wasm' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l trusted-key -d 'A key the pack\'s signature must verify against (with --pack). Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l secret -d 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l secrets-file -d 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l net-allow -d 'The operator\'s network list: only declared patterns also listed here are allowed. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l timeout -d 'The call\'s deadline (`30s`, `500ms`, `2m`), at most a day; the platform\'s is 5 minutes' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l llm-fixture -d 'Canned answers for the `llm` import: a JSON list of {"when", "content"}' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l llm-endpoint -d 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l with -d 'Another extension\'s .gtxpack the broker may call. Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l list-tools -d 'Compare the component\'s own `list-tools` with describe.json instead of calling a tool'
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -l no-cache -d 'Compile the component even if the compiled-component cache has it'
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand run" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l tool -d 'Only the cases of this tool' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l filter -d 'Only the cases whose `file::name` contains this text' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l tests -d 'The directory of test files [default: tests/tools beside Cargo.toml]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l junit -d 'Also write the results as JUnit XML, for CI dashboards' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l org -d 'The organisation the extension is installed in (with --discovery)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l grant -d 'The connection\'s grant file (with --discovery) [default: the installed-extension grant, every declared executor]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l max-derived-tools -d 'The server cap on derived tools per connection (with --discovery)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l connection -d 'The connection whose catalog to sync (with --discovery and --catalog)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l catalog -d 'The directory of catalogs to sync the admitted tools into (with --connection)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l input -d 'The discovery tool\'s input, a JSON object (with --discovery) [default: {}]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l manifest-path -d 'The project\'s Cargo.toml (built first, like `cargo run`)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l pack -d 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l wasm -d 'A component instead of the project (with --describe)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l describe -d 'The describe.json of --wasm' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l trusted-key -d 'A key the pack\'s signature must verify against (with --pack). Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l secret -d 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l secrets-file -d 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l net-allow -d 'The operator\'s network list: only declared patterns also listed here are allowed. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l timeout -d 'The call\'s deadline (`30s`, `500ms`, `2m`), at most a day; the platform\'s is 5 minutes' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l llm-fixture -d 'Canned answers for the `llm` import: a JSON list of {"when", "content"}' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l llm-endpoint -d 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l with -d 'Another extension\'s .gtxpack the broker may call. Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l discovery -d 'Run the discovery tool of contributions.dynamicTools and put its descriptors through the dynamic-tools admission (as `gtdx dynamic admit` does)'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l deny-rejected -d 'Exit 1 when a discovered descriptor is rejected (with --discovery)'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l deny-withheld -d 'Exit 1 when a discovered descriptor is withheld (with --discovery)'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -l no-cache -d 'Compile the component even if the compiled-component cache has it'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand test" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand inspect" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand inspect" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand inspect" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand inspect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand inspect" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -f -a "admit" -d 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -f -a "catalog" -d 'Show a connection\'s catalog, or what its last sync changed'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and not __fish_seen_subcommand_from admit catalog help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l descriptors -d 'The discovery result: a JSON array of descriptors [default: stdin]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l manifest -d 'The extension\'s describe.json [default: describe.json]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l pack -d 'The extension\'s .gtxpack (its component\'s bytes are the code artifact hash)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l org -d 'The organisation the extension is installed in (the `<org>` of scoped ids)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l grant -d 'The connection\'s grant: {"id": "...", "executors": ["org:<org>:<extension>:<slug>", ...], "maxTools": N} [default: the installed-extension grant, every declared executor]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l max-derived-tools -d 'The server cap on derived tools per connection (MAX_DERIVED_TOOLS_PER_CONNECTION)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l catalog -d 'Sync the admitted tools into the catalogs in DIR (with --connection)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l connection -d 'The connection whose catalog to sync (with --catalog)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l deny-rejected -d 'Exit 1 when a descriptor is rejected'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -l deny-withheld -d 'Exit 1 when a descriptor is withheld'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from admit" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -f -a "show" -d 'Print a connection\'s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -f -a "diff" -d 'Print what the connection\'s last sync changed (added, removed, changed tools)'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from catalog" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from help" -f -a "admit" -d 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from help" -f -a "catalog" -d 'Show a connection\'s catalog, or what its last sync changed'
complete -c gtdx -n "__fish_gtdx_using_subcommand dynamic; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -f -a "build" -d 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -f -a "inspect" -d 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest\'s own signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and not __fish_seen_subcommand_from build inspect help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l out -d 'Where to write the manifest [default: <spec stem>.worker.json next to the spec]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l key -d 'The secret key file (from `gtdx keygen`); must not be readable by group or others' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l key-env -d 'An environment variable holding the secret key (the key file\'s text, or its base64 seed), as CI secrets are passed' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l registry -d 'Where `ID@VERSION` entries of the spec are looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE[/NAME]`, or a NAME from $GREENTIC_HOME/config.toml' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l oci-user -d 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l oci-token -d 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry\'s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l registry-timeout -d 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l allow-unsigned -d 'Include unsigned packs and packs signed by untrusted keys, each named in a warning and marked in the manifest. Packs failing an integrity or signature check are never included'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l sign -d 'Sign the manifest (JCS + ed25519, a `signature` block as in describe.json) with the key of --key or --key-env'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -l insecure -d 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from build" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from inspect" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from help" -f -a "build" -d 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from help" -f -a "inspect" -d 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest\'s own signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand worker; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -l out-dir -d 'Directory for NAME.key (secret, mode 0600) and NAME.pub' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -l name -d 'Base name of the two key files' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand keygen" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l key -d 'The secret key file (from `gtdx keygen`); must not be readable by group or others' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l key-env -d 'An environment variable holding the secret key (the key file\'s text, or its base64 seed), as CI secrets are passed' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l key-id -d 'Label written as `signature.keyId`; advisory only [default: the key\'s id]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l trusted-comment -d 'The signed trusted comment of a detached signature [default: timestamp and file name]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -l detached -d 'Write TARGET.minisig, a minisign-format signature of any file, instead'
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand sign" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l signature -d 'The detached signature file [default: TARGET.minisig]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l detached -d 'Verify TARGET.minisig (or --signature), a minisign-format detached signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -l integrity-only -d 'Check the archive only (manifest, digests, structure), not the signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand verify" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -f -a "export" -d 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and not __fish_seen_subcommand_from export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l key -d 'Export the public half of this secret key file instead' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l minisign -d 'Print minisign\'s format (`minisign -V -p FILE` reads it)'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -l pem -d 'With --key: print the secret key as a PKCS#8 PEM, the platform\'s key format (its `publish --key FILE`, `--key-id`, `GREENTIC_EXT_SIGNING_KEY_PEM`). It is the secret: redirect it to a file only you can read'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from help" -f -a "export" -d 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
complete -c gtdx -n "__fish_gtdx_using_subcommand key; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l manifest-path -d 'The extension\'s Cargo.toml; describe.json sits next to it' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l debounce -d 'Milliseconds the project must stay quiet after a save before the build starts' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l run -d 'After each successful build, call this tool of the new pack (as `gtdx run` does)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l input -d 'The input of the --run tool, a JSON object [default: {}]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l input-file -d 'The input of the --run tool, from a file' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l secret -d 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l secrets-file -d 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l net-allow -d 'The operator\'s network list: only declared patterns also listed here are allowed. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l timeout -d 'The call\'s deadline (`30s`, `500ms`, `2m`), at most a day; the platform\'s is 5 minutes' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l llm-fixture -d 'Canned answers for the `llm` import: a JSON list of {"when", "content"}' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l llm-endpoint -d 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l with -d 'Another extension\'s .gtxpack the broker may call. Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l once -d 'Build (and install) once, then exit with the build\'s status; no watching'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l no-install -d 'Build and pack only; do not install into the Greentic home'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l release -d 'Build with the release profile (dev builds are faster to compile)'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -l no-cache -d 'Compile the component even if the compiled-component cache has it'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand dev" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l tool -d 'Walk this tool\'s visibility chain: declared, offered on the surface, described, installed, enabled, the tenant\'s override and allow-set, the Designer\'s version' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l surface -d 'The surface the tool should appear on' -r -f -a "agentic_worker\t''
flow\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l tenant -d 'Check this tenant\'s override in the state file' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l allow-set -d 'The tenant\'s allow-set as Greentic Admin exports it: a JSON array of extension ids (or ID@VERSION). Without it the Designer fails open, as it does without an admin backend' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l designer-version -d 'The Designer version to check against [default: ask $GREENTIC_DESIGNER_BIN or greentic-designer on PATH]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -l manifest-path -d 'The project\'s Cargo.toml' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -l format -d '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -f -a "show" -d 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -f -a "use" -d 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and not __fish_seen_subcommand_from show use help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -l manifest-path -d 'The project\'s Cargo.toml' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -l format -d '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -l manifest-path -d 'The project\'s Cargo.toml' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -l format -d '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from use" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from help" -f -a "use" -d 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
complete -c gtdx -n "__fish_gtdx_using_subcommand sdk; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l tools-json -d 'Tool definitions to merge into the tools (descriptions and schemas v1 kept in the component): a JSON array in the shape the component\'s list-tools returns' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l tools-from-component -d 'Take the tool definitions from the component\'s own list-tools, run under gtdx\'s host: WASM, or the component the v1 document names (runtime.component, beside it)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l capabilities -d 'Where the tools are offered, set on every tool; never guessed when absent' -r -f -a "agentic_worker\t''
flow\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l write -d 'Write the v2 document over the manifest (only when it validates). Without it, gtdx only reports what would change'
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -l force -d 'With --write: replace the manifest even when it is read-only'
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand migrate" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -s n -l name -d 'The package name [default: the document\'s title, as a package name]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -s o -l out -d 'The project\'s directory (must not exist or be empty) [default: ./NAME]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l base-url -d 'The URL the API is served at, instead of the document\'s first server; the project\'s network grant is this URL and everything below it' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l operations -d 'Only the operations a glob matches (against the operationId, the tool name or `METHOD /path`); repeatable, or comma-separated' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l sdk -d 'Where gtdx-sdk comes from, as for `gtdx new` [default: this gtdx\'s version]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l vcs -d 'Initialise a repository, as for `gtdx new` [default: git]' -r -f -a "git\t''
none\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand openapi" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l manifest -d 'The project\'s Cargo.toml, built and published when no PACK is given [default: ./Cargo.toml]' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l wasm -d 'Pack this prebuilt wasm32-wasip2 component instead of building; the project\'s describe.json still drives the pack' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l icon -d 'An icon (svg, png, jpg or webp, at most 1 MiB), copied into the project\'s assets/ and written into `[package.metadata.gtdx]` (describe.json for a hand-written one): commit the change' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l key -d 'The secret key file to sign with (gtdx\'s, or a PKCS#8 PEM); wins over --key-id' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l key-id -d 'Sign with $GREENTIC_HOME/keys/ID.key (a PKCS#8 PEM, or gtdx\'s), the signature labelled ID' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l key-env -d 'The environment variable holding the signing key when neither --key nor --key-id is given [default: GREENTIC_EXT_SIGNING_KEY_PEM]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l trust -d 'The platform\'s trust level: `loose` publishes an unsigned pack too (as --allow-unsigned); `normal` needs a signature that verifies (gtdx\'s default); `strict` also needs the signer among --trusted-key/--trusted-keys' -r -f -a "loose\t''
normal\t''
strict\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l registry -d '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform\'s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l version -d 'The version to publish. In a project, the version built (written into Cargo.toml); with PACK, a pack of another version is refused (a signed pack cannot be relabelled)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l dist -d 'Also copy the published pack into DIR' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l source-url -d 'The `org.opencontainers.image.source` annotation [default: $GITHUB_SERVER_URL/$GITHUB_REPOSITORY when set]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l revision -d 'The `org.opencontainers.image.revision` annotation [default: $GITHUB_SHA when set]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l oci-user -d 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l oci-token -d 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry\'s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l registry-timeout -d 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l release -d 'Accepted for the platform\'s scripts: a project publish always builds with the release profile'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l sign -d 'Sign the pack before publishing it, with --key, --key-id or --key-env'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l allow-unsigned -d 'Publish a pack without a signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l force -d 'Replace a version (or an OCI tag) that is already published'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l dry-run -d 'Check everything and show what would be written, without writing'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l verify-only -d 'Only check the pack and whether the version is free in the registry; write nothing (exit 10 when it is taken)'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -l insecure -d 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -s w -l wizard -d 'On a terminal, ask for what the flags leave out (registry, version, whether to sign and with which key, dry run), show what will happen and ask to go ahead; then publish as those flags would'
complete -c gtdx -n "__fish_gtdx_using_subcommand publish" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l registry -d 'Where `ID[@VERSION]` is looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l trust -d 'Who must have signed: `loose` (integrity only, unsigned packs install), `normal` (the signer\'s key is pinned on first install and required after), `strict` (the key must be pinned already or given with --trusted-key)' -r -f -a "loose\t''
normal\t''
strict\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l oci-user -d 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l oci-token -d 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry\'s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l registry-timeout -d 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -s y -l yes -d 'Accept the permissions the extension requests without asking (needed without a terminal)'
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l force -d 'Reinstall a version that is already installed'
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -l insecure -d 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand install" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -l tenant -d 'Show whether each extension is enabled for this tenant (its override, else the default)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand list" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand uninstall" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand uninstall" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand uninstall" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand uninstall" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -l tenant -d 'Change it for this tenant only (the state file\'s `tenants` section)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand enable" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -l tenant -d 'Change it for this tenant only (the state file\'s `tenants` section)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand disable" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -f -a "list" -d 'List the configured registries (and the built-in greentic-store), marking the default'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -f -a "add" -d 'Add a registry under NAME, or replace the URL of the one of that name'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -f -a "remove" -d 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -f -a "set-default" -d 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and not __fish_seen_subcommand_from list add remove set-default help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from list" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from list" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from list" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -l token-env -d 'An environment variable holding this registry\'s token (read at each use, never stored)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -l insecure -d 'Accept a plain http:// URL to a host that is not this machine (tokens and packs then cross the network unencrypted)'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from remove" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from remove" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from set-default" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from set-default" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from set-default" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from set-default" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the configured registries (and the built-in greentic-store), marking the default'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a registry under NAME, or replace the URL of the one of that name'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from help" -f -a "set-default" -d 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
complete -c gtdx -n "__fish_gtdx_using_subcommand registries; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l registry -d 'The registry to log in to: a configured name or greentic-store. Without it, config.toml\'s default registry' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l token -d 'The token. Visible to other users in the process list: prefer GTDX_TOKEN or --paste on a shared machine' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -l paste -d 'Read the token from standard input (one line; not echoed on a terminal)'
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand login" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -l registry -d 'The registry to log out of. Without it, config.toml\'s default registry' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand logout" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l registry -d '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform\'s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l oci-user -d 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l oci-token -d 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry\'s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l registry-timeout -d 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -l insecure -d 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand search" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l registry -d '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform\'s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l oci-user -d 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l oci-token -d 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry\'s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l registry-timeout -d 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -l insecure -d 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand info" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l registry -d 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l registry-timeout -d 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -l insecure -d 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand outdated" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l registry -d 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l trust -d 'Who must have signed the new version, as for `gtdx install`' -r -f -a "loose\t''
normal\t''
strict\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l trusted-key -d 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l trusted-keys -d 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l registry-timeout -d 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l all -d 'Update every installed extension `gtdx outdated` lists'
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -s y -l yes -d 'Accept the new version\'s permissions without asking (needed without a terminal)'
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -l insecure -d 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it'
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand update" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l reason -d 'Why (kept by the registry beside the version)' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l registry -d 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml\'s default registry]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l registry-timeout -d 'How long the request may take in all (`90s`, `10m`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -l insecure -d 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank'
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand yank" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l registry -d 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml\'s default registry]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l registry-timeout -d 'How long the request may take in all (`90s`, `10m`) [default: 300s]' -r
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -l insecure -d 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank'
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand unyank" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand explain" -l format -d '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics' -r -f -a "human\t''
json\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand explain" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand explain" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand explain" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand completions" -l color -d 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never' -r -f -a "auto\t'On a terminal, unless `NO_COLOR` is set'
always\t''
never\t''"
complete -c gtdx -n "__fish_gtdx_using_subcommand completions" -l home -d 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)' -r -F
complete -c gtdx -n "__fish_gtdx_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c gtdx -n "__fish_gtdx_using_subcommand completions" -s V -l version -d 'Print version'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "new" -d 'Create a new extension project in a new directory'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "init" -d 'Create an extension project in an existing directory (keeps what is there)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "validate" -d 'Check a describe.json against the v2 contract (structure, types, stringified schemas)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "lint" -d 'Check a describe.json against the authoring checklist and the platform\'s lint rules'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "describe" -d 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "build" -d 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "pack" -d 'Pack a component built by another toolchain with its describe.json (same checks as build)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "run" -d 'Call one tool locally under the platform\'s host rules and print its result'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "test" -d 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "inspect" -d 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "dynamic" -d 'Dynamic tools: admit discovered descriptors (the platform\'s six controls) and keep per-connection catalogs'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "worker" -d 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "keygen" -d 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "sign" -d 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "verify" -d 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "key" -d 'Key conversions (gtdx and minisign public key formats)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "dev" -d 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "doctor" -d 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "sdk" -d 'Where the project\'s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "migrate" -d 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "openapi" -d 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "publish" -d 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "install" -d 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "list" -d 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "uninstall" -d 'Remove an installed extension'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "enable" -d 'Enable an installed extension (by default, or for one tenant)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "disable" -d 'Disable an installed extension (by default, or for one tenant)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "registries" -d 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform\'s gtdx)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "login" -d 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "logout" -d 'Remove a registry\'s stored token from credentials.toml'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "search" -d 'Search a registry: extensions of a directory registry, or the tags of an OCI repository'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "info" -d 'Show an extension of a registry: versions, signer, permissions, digest'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "outdated" -d 'Installed extensions with a newer version the registry offers (pins and yanks respected)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "update" -d 'Install the newer version of installed extensions (same trust and consent as install)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "yank" -d 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "unyank" -d 'Put a yanked version back in circulation'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "explain" -d 'Explain a diagnostic code: what it reports, why it matters, how to fix it'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "completions" -d 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and not __fish_seen_subcommand_from new init validate lint describe build pack run test inspect dynamic worker keygen sign verify key dev doctor sdk migrate openapi publish install list uninstall enable disable registries login logout search info outdated update yank unyank explain completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from dynamic" -f -a "admit" -d 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from dynamic" -f -a "catalog" -d 'Show a connection\'s catalog, or what its last sync changed'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from worker" -f -a "build" -d 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from worker" -f -a "inspect" -d 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest\'s own signature'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from key" -f -a "export" -d 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from sdk" -f -a "show" -d 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from sdk" -f -a "use" -d 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from registries" -f -a "list" -d 'List the configured registries (and the built-in greentic-store), marking the default'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from registries" -f -a "add" -d 'Add a registry under NAME, or replace the URL of the one of that name'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from registries" -f -a "remove" -d 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)'
complete -c gtdx -n "__fish_gtdx_using_subcommand help; and __fish_seen_subcommand_from registries" -f -a "set-default" -d 'Make NAME the registry `publish`, `login` and `logout` use without --registry'
