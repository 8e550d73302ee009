
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'gtdx' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'gtdx'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'gtdx' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a new extension project in a new directory')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create an extension project in an existing directory (keeps what is there)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a describe.json against the v2 contract (structure, types, stringified schemas)')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a describe.json against the authoring checklist and the platform''s lint rules')
            [CompletionResult]::new('describe', 'describe', [CompletionResultType]::ParameterValue, 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack')
            [CompletionResult]::new('pack', 'pack', [CompletionResultType]::ParameterValue, 'Pack a component built by another toolchain with its describe.json (same checks as build)')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Call one tool locally under the platform''s host rules and print its result')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests')
            [CompletionResult]::new('dynamic', 'dynamic', [CompletionResultType]::ParameterValue, 'Dynamic tools: admit discovered descriptors (the platform''s six controls) and keep per-connection catalogs')
            [CompletionResult]::new('worker', 'worker', [CompletionResultType]::ParameterValue, 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions')
            [CompletionResult]::new('keygen', 'keygen', [CompletionResultType]::ParameterValue, 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)')
            [CompletionResult]::new('sign', 'sign', [CompletionResultType]::ParameterValue, 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature')
            [CompletionResult]::new('key', 'key', [CompletionResultType]::ParameterValue, 'Key conversions (gtdx and minisign public key formats)')
            [CompletionResult]::new('dev', 'dev', [CompletionResultType]::ParameterValue, 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen')
            [CompletionResult]::new('sdk', 'sdk', [CompletionResultType]::ParameterValue, 'Where the project''s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human')
            [CompletionResult]::new('openapi', 'openapi', [CompletionResultType]::ParameterValue, 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document')
            [CompletionResult]::new('publish', 'publish', [CompletionResultType]::ParameterValue, 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove an installed extension')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable an installed extension (by default, or for one tenant)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable an installed extension (by default, or for one tenant)')
            [CompletionResult]::new('registries', 'registries', [CompletionResultType]::ParameterValue, 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform''s gtdx)')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove a registry''s stored token from credentials.toml')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search a registry: extensions of a directory registry, or the tags of an OCI repository')
            [CompletionResult]::new('info', 'info', [CompletionResultType]::ParameterValue, 'Show an extension of a registry: versions, signer, permissions, digest')
            [CompletionResult]::new('outdated', 'outdated', [CompletionResultType]::ParameterValue, 'Installed extensions with a newer version the registry offers (pins and yanks respected)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Install the newer version of installed extensions (same trust and consent as install)')
            [CompletionResult]::new('yank', 'yank', [CompletionResultType]::ParameterValue, 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)')
            [CompletionResult]::new('unyank', 'unyank', [CompletionResultType]::ParameterValue, 'Put a yanked version back in circulation')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a diagnostic code: what it reports, why it matters, how to fix it')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;new' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Package name [default: the directory''s name]')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]')
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]')
            [CompletionResult]::new('--capability', '--capability', [CompletionResultType]::ParameterName, 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]')
            [CompletionResult]::new('--node-type', '--node-type', [CompletionResultType]::ParameterName, 'Add a flow node type (config schema, success and error ports)')
            [CompletionResult]::new('--dynamic-tools', '--dynamic-tools', [CompletionResultType]::ParameterName, 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`')
            [CompletionResult]::new('--ci', '--ci', [CompletionResultType]::ParameterName, 'CI workflow to generate [default: none]')
            [CompletionResult]::new('--vcs', '--vcs', [CompletionResultType]::ParameterName, 'Initialise a repository (skipped inside an existing git work tree) [default: git]')
            [CompletionResult]::new('--sdk', '--sdk', [CompletionResultType]::ParameterName, 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx''s version]')
            [CompletionResult]::new('--gtdx-source', '--gtdx-source', [CompletionResultType]::ParameterName, 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx''s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK''s git repository and revision, else `crates`]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--no-agents', '--no-agents', [CompletionResultType]::ParameterName, 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Ask nothing: take flags, variables and defaults')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Ask nothing: take flags, variables and defaults')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;init' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Package name [default: the directory''s name]')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'Extension id, `greentic.<name>` [default: greentic.<package name, lowercase, _ as ->]')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Extension kind: `design` (a DesignExtension: tools and node types), the only kind gtdx new scaffolds [default: design]')
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'An example tool to generate (snake_case); repeat or comma-separate [default: hello]')
            [CompletionResult]::new('--capability', '--capability', [CompletionResultType]::ParameterName, 'Surface the tools are offered on; repeat for both [default: agentic_worker and flow]')
            [CompletionResult]::new('--node-type', '--node-type', [CompletionResultType]::ParameterName, 'Add a flow node type (config schema, success and error ports)')
            [CompletionResult]::new('--dynamic-tools', '--dynamic-tools', [CompletionResultType]::ParameterName, 'Add dynamic tools: a discovery tool, create/update/get executors and `dynamicTools`')
            [CompletionResult]::new('--ci', '--ci', [CompletionResultType]::ParameterName, 'CI workflow to generate [default: none]')
            [CompletionResult]::new('--vcs', '--vcs', [CompletionResultType]::ParameterName, 'Initialise a repository (skipped inside an existing git work tree) [default: git]')
            [CompletionResult]::new('--sdk', '--sdk', [CompletionResultType]::ParameterName, 'Where gtdx-sdk comes from: a version (`0.1`), `path:DIR` (a gtdx checkout or its crates/sdk, written relative to the project) or a git URL (`https://…[#rev]`) [default: this gtdx''s version]')
            [CompletionResult]::new('--gtdx-source', '--gtdx-source', [CompletionResultType]::ParameterName, 'Where the generated CI workflow installs gtdx from, pinned: `crates` (this gtdx''s version), `crates@X.Y.Z`, `git URL@REV` or `release URL` (a release archive) [default: the SDK''s git repository and revision, else `crates`]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--no-agents', '--no-agents', [CompletionResultType]::ParameterName, 'Leave out the guidance for coding assistants: AGENTS.md, CLAUDE.md and scripts/check (written by default; an existing one is always kept as it is)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Add the project to a directory that is not empty. Existing files are kept (reported as skipped), never overwritten or deleted')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Ask nothing: take flags, variables and defaults')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Ask nothing: take flags, variables and defaults')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;validate' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;lint' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: one paragraph per finding, one JSON document, or SARIF 2.1.0 (for GitHub code scanning: `gtdx lint --format sarif > gtdx.sarif`)')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Print the long explanation of a rule code (e.g. E_EXPORT_FORM) and exit')
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'Also scan the Rust package of this Cargo.toml for tool definitions built by hand (a `ToolDefinition` value, a hand-written `list_tools`/`invoke_tool`): a v2 runtime never calls list-tools, so tools that exist only there are invisible')
            [CompletionResult]::new('--baseline', '--baseline', [CompletionResultType]::ParameterName, 'What to compare with for removed tools, node types and offered capabilities (W_DESCRIBE_DIFF_BREAKING): `installed` (the installed copy under $GREENTIC_HOME, ~/.greentic by default; nothing when it is not installed), `none`, or a describe.json')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Fail (exit code 1) on warnings as well as errors')
            [CompletionResult]::new('--publish', '--publish', [CompletionResultType]::ParameterName, 'Also run the publish-time rules (placeholder digests, plain-http network patterns, exact versions of offered capabilities)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also show info notes (what the runtime will assume, hints). They never fail a lint and are hidden by default; the summary says how many there are')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also show info notes (what the runtime will assume, hints). They never fail a lint and are hidden by default; the summary says how many there are')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;describe' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The extension''s Cargo.toml; describe.json sits next to it')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Write nothing; exit 1 with a diff when describe.json differs from what the sources say')
            [CompletionResult]::new('--stdout', '--stdout', [CompletionResultType]::ParameterName, 'Print the manifest on stdout instead of writing describe.json')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also show the lint''s info notes about the generated manifest (hidden by default, as in `gtdx lint`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also show the lint''s info notes about the generated manifest (hidden by default, as in `gtdx lint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;build' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The extension''s Cargo.toml; describe.json sits next to it')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Directory for the .gtxpack [default: <cargo target dir>/gtdx]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--release', '--release', [CompletionResultType]::ParameterName, 'Build with the release profile, as without --debug')
            [CompletionResult]::new('--debug', '--debug', [CompletionResultType]::ParameterName, 'Build with the dev profile')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Build with Cargo.lock exactly as it is: fail where cargo would change it (as `cargo build --locked`; for CI and reproducible builds)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;pack' {
            [CompletionResult]::new('--wasm', '--wasm', [CompletionResultType]::ParameterName, 'The component, built by any toolchain (it must be a WebAssembly component)')
            [CompletionResult]::new('--describe', '--describe', [CompletionResultType]::ParameterName, 'The describe.json to ship with it. Declared asset paths (prompts, schemas, knowledge, icon, `assets/`) are relative to its directory. The file itself is not modified: the component''s sha256 is written into the packed copy')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Directory for the .gtxpack [default: the current directory]')
            [CompletionResult]::new('--wit', '--wit', [CompletionResultType]::ParameterName, 'A WIT directory defining the world runtime.components.*.world names, so the component can be checked against it (repeatable)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;run' {
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The input, a JSON object [default: {}]')
            [CompletionResult]::new('--input-file', '--input-file', [CompletionResultType]::ParameterName, 'A file holding the input (`-` for standard input)')
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml (built first, like `cargo run`)')
            [CompletionResult]::new('--pack', '--pack', [CompletionResultType]::ParameterName, 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)')
            [CompletionResult]::new('--wasm', '--wasm', [CompletionResultType]::ParameterName, 'A component instead of the project (with --describe)')
            [CompletionResult]::new('--describe', '--describe', [CompletionResultType]::ParameterName, 'The describe.json of --wasm')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A key the pack''s signature must verify against (with --pack). Repeatable')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable')
            [CompletionResult]::new('--secrets-file', '--secrets-file', [CompletionResultType]::ParameterName, 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)')
            [CompletionResult]::new('--net-allow', '--net-allow', [CompletionResultType]::ParameterName, 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes')
            [CompletionResult]::new('--llm-fixture', '--llm-fixture', [CompletionResultType]::ParameterName, 'Canned answers for the `llm` import: a JSON list of {"when", "content"}')
            [CompletionResult]::new('--llm-endpoint', '--llm-endpoint', [CompletionResultType]::ParameterName, 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)')
            [CompletionResult]::new('--with', '--with', [CompletionResultType]::ParameterName, 'Another extension''s .gtxpack the broker may call. Repeatable')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--list-tools', '--list-tools', [CompletionResultType]::ParameterName, 'Compare the component''s own `list-tools` with describe.json instead of calling a tool')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Compile the component even if the compiled-component cache has it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;test' {
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'Only the cases of this tool')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Only the cases whose `file::name` contains this text')
            [CompletionResult]::new('--tests', '--tests', [CompletionResultType]::ParameterName, 'The directory of test files [default: tests/tools beside Cargo.toml]')
            [CompletionResult]::new('--junit', '--junit', [CompletionResultType]::ParameterName, 'Also write the results as JUnit XML, for CI dashboards')
            [CompletionResult]::new('--org', '--org', [CompletionResultType]::ParameterName, 'The organisation the extension is installed in (with --discovery)')
            [CompletionResult]::new('--grant', '--grant', [CompletionResultType]::ParameterName, 'The connection''s grant file (with --discovery) [default: the installed-extension grant, every declared executor]')
            [CompletionResult]::new('--max-derived-tools', '--max-derived-tools', [CompletionResultType]::ParameterName, 'The server cap on derived tools per connection (with --discovery)')
            [CompletionResult]::new('--connection', '--connection', [CompletionResultType]::ParameterName, 'The connection whose catalog to sync (with --discovery and --catalog)')
            [CompletionResult]::new('--catalog', '--catalog', [CompletionResultType]::ParameterName, 'The directory of catalogs to sync the admitted tools into (with --connection)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The discovery tool''s input, a JSON object (with --discovery) [default: {}]')
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml (built first, like `cargo run`)')
            [CompletionResult]::new('--pack', '--pack', [CompletionResultType]::ParameterName, 'A .gtxpack instead of the project (integrity checked; with --trusted-key, signed too)')
            [CompletionResult]::new('--wasm', '--wasm', [CompletionResultType]::ParameterName, 'A component instead of the project (with --describe)')
            [CompletionResult]::new('--describe', '--describe', [CompletionResultType]::ParameterName, 'The describe.json of --wasm')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A key the pack''s signature must verify against (with --pack). Repeatable')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable')
            [CompletionResult]::new('--secrets-file', '--secrets-file', [CompletionResultType]::ParameterName, 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)')
            [CompletionResult]::new('--net-allow', '--net-allow', [CompletionResultType]::ParameterName, 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes')
            [CompletionResult]::new('--llm-fixture', '--llm-fixture', [CompletionResultType]::ParameterName, 'Canned answers for the `llm` import: a JSON list of {"when", "content"}')
            [CompletionResult]::new('--llm-endpoint', '--llm-endpoint', [CompletionResultType]::ParameterName, 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)')
            [CompletionResult]::new('--with', '--with', [CompletionResultType]::ParameterName, 'Another extension''s .gtxpack the broker may call. Repeatable')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--discovery', '--discovery', [CompletionResultType]::ParameterName, 'Run the discovery tool of contributions.dynamicTools and put its descriptors through the dynamic-tools admission (as `gtdx dynamic admit` does)')
            [CompletionResult]::new('--deny-rejected', '--deny-rejected', [CompletionResultType]::ParameterName, 'Exit 1 when a discovered descriptor is rejected (with --discovery)')
            [CompletionResult]::new('--deny-withheld', '--deny-withheld', [CompletionResultType]::ParameterName, 'Exit 1 when a discovered descriptor is withheld (with --discovery)')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Compile the component even if the compiled-component cache has it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;inspect' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;dynamic' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('admit', 'admit', [CompletionResultType]::ParameterValue, 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Show a connection''s catalog, or what its last sync changed')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;dynamic;admit' {
            [CompletionResult]::new('--descriptors', '--descriptors', [CompletionResultType]::ParameterName, 'The discovery result: a JSON array of descriptors [default: stdin]')
            [CompletionResult]::new('--manifest', '--manifest', [CompletionResultType]::ParameterName, 'The extension''s describe.json [default: describe.json]')
            [CompletionResult]::new('--pack', '--pack', [CompletionResultType]::ParameterName, 'The extension''s .gtxpack (its component''s bytes are the code artifact hash)')
            [CompletionResult]::new('--org', '--org', [CompletionResultType]::ParameterName, 'The organisation the extension is installed in (the `<org>` of scoped ids)')
            [CompletionResult]::new('--grant', '--grant', [CompletionResultType]::ParameterName, 'The connection''s grant: {"id": "...", "executors": ["org:<org>:<extension>:<slug>", ...], "maxTools": N} [default: the installed-extension grant, every declared executor]')
            [CompletionResult]::new('--max-derived-tools', '--max-derived-tools', [CompletionResultType]::ParameterName, 'The server cap on derived tools per connection (MAX_DERIVED_TOOLS_PER_CONNECTION)')
            [CompletionResult]::new('--catalog', '--catalog', [CompletionResultType]::ParameterName, 'Sync the admitted tools into the catalogs in DIR (with --connection)')
            [CompletionResult]::new('--connection', '--connection', [CompletionResultType]::ParameterName, 'The connection whose catalog to sync (with --catalog)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--deny-rejected', '--deny-rejected', [CompletionResultType]::ParameterName, 'Exit 1 when a descriptor is rejected')
            [CompletionResult]::new('--deny-withheld', '--deny-withheld', [CompletionResultType]::ParameterName, 'Exit 1 when a descriptor is withheld')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;dynamic;catalog' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print what the connection''s last sync changed (added, removed, changed tools)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;dynamic;catalog;show' {
            [CompletionResult]::new('--catalog', '--catalog', [CompletionResultType]::ParameterName, 'The directory of catalogs')
            [CompletionResult]::new('--connection', '--connection', [CompletionResultType]::ParameterName, 'The connection')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--manifest', '--manifest', [CompletionResultType]::ParameterName, 'Check availability against this describe.json (artifact and grant)')
            [CompletionResult]::new('--pack', '--pack', [CompletionResultType]::ParameterName, 'Check availability against this .gtxpack')
            [CompletionResult]::new('--org', '--org', [CompletionResultType]::ParameterName, 'The organisation (with --manifest or --pack)')
            [CompletionResult]::new('--grant', '--grant', [CompletionResultType]::ParameterName, 'The connection''s current grant (with --manifest or --pack)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;dynamic;catalog;diff' {
            [CompletionResult]::new('--catalog', '--catalog', [CompletionResultType]::ParameterName, 'The directory of catalogs')
            [CompletionResult]::new('--connection', '--connection', [CompletionResultType]::ParameterName, 'The connection')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;dynamic;catalog;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print what the connection''s last sync changed (added, removed, changed tools)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;dynamic;catalog;help;show' {
            break
        }
        'gtdx;dynamic;catalog;help;diff' {
            break
        }
        'gtdx;dynamic;catalog;help;help' {
            break
        }
        'gtdx;dynamic;help' {
            [CompletionResult]::new('admit', 'admit', [CompletionResultType]::ParameterValue, 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Show a connection''s catalog, or what its last sync changed')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;dynamic;help;admit' {
            break
        }
        'gtdx;dynamic;help;catalog' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print what the connection''s last sync changed (added, removed, changed tools)')
            break
        }
        'gtdx;dynamic;help;catalog;show' {
            break
        }
        'gtdx;dynamic;help;catalog;diff' {
            break
        }
        'gtdx;dynamic;help;help' {
            break
        }
        'gtdx;worker' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;worker;build' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write the manifest [default: <spec stem>.worker.json next to the spec]')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'The secret key file (from `gtdx keygen`); must not be readable by group or others')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'An environment variable holding the secret key (the key file''s text, or its base64 seed), as CI secrets are passed')
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'Where `ID@VERSION` entries of the spec are looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE[/NAME]`, or a NAME from $GREENTIC_HOME/config.toml')
            [CompletionResult]::new('--oci-user', '--oci-user', [CompletionResultType]::ParameterName, 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]')
            [CompletionResult]::new('--oci-token', '--oci-token', [CompletionResultType]::ParameterName, 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--allow-unsigned', '--allow-unsigned', [CompletionResultType]::ParameterName, 'Include unsigned packs and packs signed by untrusted keys, each named in a warning and marked in the manifest. Packs failing an integrity or signature check are never included')
            [CompletionResult]::new('--sign', '--sign', [CompletionResultType]::ParameterName, 'Sign the manifest (JCS + ed25519, a `signature` block as in describe.json) with the key of --key or --key-env')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;worker;inspect' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;worker;help' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;worker;help;build' {
            break
        }
        'gtdx;worker;help;inspect' {
            break
        }
        'gtdx;worker;help;help' {
            break
        }
        'gtdx;keygen' {
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Directory for NAME.key (secret, mode 0600) and NAME.pub')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Base name of the two key files')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;sign' {
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'The secret key file (from `gtdx keygen`); must not be readable by group or others')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'An environment variable holding the secret key (the key file''s text, or its base64 seed), as CI secrets are passed')
            [CompletionResult]::new('--key-id', '--key-id', [CompletionResultType]::ParameterName, 'Label written as `signature.keyId`; advisory only [default: the key''s id]')
            [CompletionResult]::new('--trusted-comment', '--trusted-comment', [CompletionResultType]::ParameterName, 'The signed trusted comment of a detached signature [default: timestamp and file name]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--detached', '--detached', [CompletionResultType]::ParameterName, 'Write TARGET.minisig, a minisign-format signature of any file, instead')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;verify' {
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--signature', '--signature', [CompletionResultType]::ParameterName, 'The detached signature file [default: TARGET.minisig]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--detached', '--detached', [CompletionResultType]::ParameterName, 'Verify TARGET.minisig (or --signature), a minisign-format detached signature')
            [CompletionResult]::new('--integrity-only', '--integrity-only', [CompletionResultType]::ParameterName, 'Check the archive only (manifest, digests, structure), not the signature')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;key' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;key;export' {
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'Export the public half of this secret key file instead')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--minisign', '--minisign', [CompletionResultType]::ParameterName, 'Print minisign''s format (`minisign -V -p FILE` reads it)')
            [CompletionResult]::new('--pem', '--pem', [CompletionResultType]::ParameterName, 'With --key: print the secret key as a PKCS#8 PEM, the platform''s key format (its `publish --key FILE`, `--key-id`, `GREENTIC_EXT_SIGNING_KEY_PEM`). It is the secret: redirect it to a file only you can read')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;key;help' {
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;key;help;export' {
            break
        }
        'gtdx;key;help;help' {
            break
        }
        'gtdx;dev' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The extension''s Cargo.toml; describe.json sits next to it')
            [CompletionResult]::new('--debounce', '--debounce', [CompletionResultType]::ParameterName, 'Milliseconds the project must stay quiet after a save before the build starts')
            [CompletionResult]::new('--run', '--run', [CompletionResultType]::ParameterName, 'After each successful build, call this tool of the new pack (as `gtdx run` does)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The input of the --run tool, a JSON object [default: {}]')
            [CompletionResult]::new('--input-file', '--input-file', [CompletionResultType]::ParameterName, 'The input of the --run tool, from a file')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'A secret the tool may read if describe.json grants it: KEY=VALUE (KEY is the key, `vendor/name`, or the URI, `secret://vendor/name`). Also read: GTDX_SECRET_<KEY> variables (`vendor/name` → GTDX_SECRET_VENDOR_NAME). Repeatable')
            [CompletionResult]::new('--secrets-file', '--secrets-file', [CompletionResultType]::ParameterName, 'A file of KEY=VALUE secret lines, readable by its owner only (mode 0600)')
            [CompletionResult]::new('--net-allow', '--net-allow', [CompletionResultType]::ParameterName, 'The operator''s network list: only declared patterns also listed here are allowed. Repeatable')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The call''s deadline (`30s`, `500ms`, `2m`), at most a day; the platform''s is 5 minutes')
            [CompletionResult]::new('--llm-fixture', '--llm-fixture', [CompletionResultType]::ParameterName, 'Canned answers for the `llm` import: a JSON list of {"when", "content"}')
            [CompletionResult]::new('--llm-endpoint', '--llm-endpoint', [CompletionResultType]::ParameterName, 'An OpenAI-compatible endpoint for the `llm` import (GTDX_LLM_API_KEY, GTDX_LLM_MODEL)')
            [CompletionResult]::new('--with', '--with', [CompletionResultType]::ParameterName, 'Another extension''s .gtxpack the broker may call. Repeatable')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'Build (and install) once, then exit with the build''s status; no watching')
            [CompletionResult]::new('--no-install', '--no-install', [CompletionResultType]::ParameterName, 'Build and pack only; do not install into the Greentic home')
            [CompletionResult]::new('--release', '--release', [CompletionResultType]::ParameterName, 'Build with the release profile (dev builds are faster to compile)')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Compile the component even if the compiled-component cache has it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;doctor' {
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'Walk this tool''s visibility chain: declared, offered on the surface, described, installed, enabled, the tenant''s override and allow-set, the Designer''s version')
            [CompletionResult]::new('--surface', '--surface', [CompletionResultType]::ParameterName, 'The surface the tool should appear on')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'Check this tenant''s override in the state file')
            [CompletionResult]::new('--allow-set', '--allow-set', [CompletionResultType]::ParameterName, 'The tenant''s allow-set as Greentic Admin exports it: a JSON array of extension ids (or ID@VERSION). Without it the Designer fails open, as it does without an admin backend')
            [CompletionResult]::new('--designer-version', '--designer-version', [CompletionResultType]::ParameterName, 'The Designer version to check against [default: ask $GREENTIC_DESIGNER_BIN or greentic-designer on PATH]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;sdk' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;sdk;show' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;sdk;use' {
            [CompletionResult]::new('--manifest-path', '--manifest-path', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only the JSON document, and failures carry their diagnostics. Before or after `use`')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;sdk;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;sdk;help;show' {
            break
        }
        'gtdx;sdk;help;use' {
            break
        }
        'gtdx;sdk;help;help' {
            break
        }
        'gtdx;migrate' {
            [CompletionResult]::new('--tools-json', '--tools-json', [CompletionResultType]::ParameterName, 'Tool definitions to merge into the tools (descriptions and schemas v1 kept in the component): a JSON array in the shape the component''s list-tools returns')
            [CompletionResult]::new('--tools-from-component', '--tools-from-component', [CompletionResultType]::ParameterName, 'Take the tool definitions from the component''s own list-tools, run under gtdx''s host: WASM, or the component the v1 document names (runtime.component, beside it)')
            [CompletionResult]::new('--capabilities', '--capabilities', [CompletionResultType]::ParameterName, 'Where the tools are offered, set on every tool; never guessed when absent')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--write', '--write', [CompletionResultType]::ParameterName, 'Write the v2 document over the manifest (only when it validates). Without it, gtdx only reports what would change')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'With --write: replace the manifest even when it is read-only')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;openapi' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'The package name [default: the document''s title, as a package name]')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The package name [default: the document''s title, as a package name]')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'The project''s directory (must not exist or be empty) [default: ./NAME]')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The project''s directory (must not exist or be empty) [default: ./NAME]')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'The URL the API is served at, instead of the document''s first server; the project''s network grant is this URL and everything below it')
            [CompletionResult]::new('--operations', '--operations', [CompletionResultType]::ParameterName, 'Only the operations a glob matches (against the operationId, the tool name or `METHOD /path`); repeatable, or comma-separated')
            [CompletionResult]::new('--sdk', '--sdk', [CompletionResultType]::ParameterName, 'Where gtdx-sdk comes from, as for `gtdx new` [default: this gtdx''s version]')
            [CompletionResult]::new('--vcs', '--vcs', [CompletionResultType]::ParameterName, 'Initialise a repository, as for `gtdx new` [default: git]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;publish' {
            [CompletionResult]::new('--manifest', '--manifest', [CompletionResultType]::ParameterName, 'The project''s Cargo.toml, built and published when no PACK is given [default: ./Cargo.toml]')
            [CompletionResult]::new('--wasm', '--wasm', [CompletionResultType]::ParameterName, 'Pack this prebuilt wasm32-wasip2 component instead of building; the project''s describe.json still drives the pack')
            [CompletionResult]::new('--icon', '--icon', [CompletionResultType]::ParameterName, 'An icon (svg, png, jpg or webp, at most 1 MiB), copied into the project''s assets/ and written into `[package.metadata.gtdx]` (describe.json for a hand-written one): commit the change')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'The secret key file to sign with (gtdx''s, or a PKCS#8 PEM); wins over --key-id')
            [CompletionResult]::new('--key-id', '--key-id', [CompletionResultType]::ParameterName, 'Sign with $GREENTIC_HOME/keys/ID.key (a PKCS#8 PEM, or gtdx''s), the signature labelled ID')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'The environment variable holding the signing key when neither --key nor --key-id is given [default: GREENTIC_EXT_SIGNING_KEY_PEM]')
            [CompletionResult]::new('--trust', '--trust', [CompletionResultType]::ParameterName, 'The platform''s trust level: `loose` publishes an unsigned pack too (as --allow-unsigned); `normal` needs a signature that verifies (gtdx''s default); `strict` also needs the signer among --trusted-key/--trusted-keys')
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'The version to publish. In a project, the version built (written into Cargo.toml); with PACK, a pack of another version is refused (a signed pack cannot be relabelled)')
            [CompletionResult]::new('--dist', '--dist', [CompletionResultType]::ParameterName, 'Also copy the published pack into DIR')
            [CompletionResult]::new('--source-url', '--source-url', [CompletionResultType]::ParameterName, 'The `org.opencontainers.image.source` annotation [default: $GITHUB_SERVER_URL/$GITHUB_REPOSITORY when set]')
            [CompletionResult]::new('--revision', '--revision', [CompletionResultType]::ParameterName, 'The `org.opencontainers.image.revision` annotation [default: $GITHUB_SHA when set]')
            [CompletionResult]::new('--oci-user', '--oci-user', [CompletionResultType]::ParameterName, 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]')
            [CompletionResult]::new('--oci-token', '--oci-token', [CompletionResultType]::ParameterName, 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--release', '--release', [CompletionResultType]::ParameterName, 'Accepted for the platform''s scripts: a project publish always builds with the release profile')
            [CompletionResult]::new('--sign', '--sign', [CompletionResultType]::ParameterName, 'Sign the pack before publishing it, with --key, --key-id or --key-env')
            [CompletionResult]::new('--allow-unsigned', '--allow-unsigned', [CompletionResultType]::ParameterName, 'Publish a pack without a signature')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace a version (or an OCI tag) that is already published')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Check everything and show what would be written, without writing')
            [CompletionResult]::new('--verify-only', '--verify-only', [CompletionResultType]::ParameterName, 'Only check the pack and whether the version is free in the registry; write nothing (exit 10 when it is taken)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'On a terminal, ask for what the flags leave out (registry, version, whether to sign and with which key, dry run), show what will happen and ask to go ahead; then publish as those flags would')
            [CompletionResult]::new('--wizard', '--wizard', [CompletionResultType]::ParameterName, 'On a terminal, ask for what the flags leave out (registry, version, whether to sign and with which key, dry run), show what will happen and ask to go ahead; then publish as those flags would')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'gtdx;install' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'Where `ID[@VERSION]` is looked up: `local`, `file://DIR`, `oci://HOST/NAMESPACE`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]')
            [CompletionResult]::new('--trust', '--trust', [CompletionResultType]::ParameterName, 'Who must have signed: `loose` (integrity only, unsigned packs install), `normal` (the signer''s key is pinned on first install and required after), `strict` (the key must be pinned already or given with --trusted-key)')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--oci-user', '--oci-user', [CompletionResultType]::ParameterName, 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]')
            [CompletionResult]::new('--oci-token', '--oci-token', [CompletionResultType]::ParameterName, 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Accept the permissions the extension requests without asking (needed without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Accept the permissions the extension requests without asking (needed without a terminal)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Reinstall a version that is already installed')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;list' {
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'Show whether each extension is enabled for this tenant (its override, else the default)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;uninstall' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;enable' {
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'Change it for this tenant only (the state file''s `tenants` section)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;disable' {
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'Change it for this tenant only (the state file''s `tenants` section)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;registries' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured registries (and the built-in greentic-store), marking the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a registry under NAME, or replace the URL of the one of that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)')
            [CompletionResult]::new('set-default', 'set-default', [CompletionResultType]::ParameterValue, 'Make NAME the registry `publish`, `login` and `logout` use without --registry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;registries;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;registries;add' {
            [CompletionResult]::new('--token-env', '--token-env', [CompletionResultType]::ParameterName, 'An environment variable holding this registry''s token (read at each use, never stored)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Accept a plain http:// URL to a host that is not this machine (tokens and packs then cross the network unencrypted)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;registries;remove' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;registries;set-default' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;registries;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured registries (and the built-in greentic-store), marking the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a registry under NAME, or replace the URL of the one of that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)')
            [CompletionResult]::new('set-default', 'set-default', [CompletionResultType]::ParameterValue, 'Make NAME the registry `publish`, `login` and `logout` use without --registry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;registries;help;list' {
            break
        }
        'gtdx;registries;help;add' {
            break
        }
        'gtdx;registries;help;remove' {
            break
        }
        'gtdx;registries;help;set-default' {
            break
        }
        'gtdx;registries;help;help' {
            break
        }
        'gtdx;login' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'The registry to log in to: a configured name or greentic-store. Without it, config.toml''s default registry')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The token. Visible to other users in the process list: prefer GTDX_TOKEN or --paste on a shared machine')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--paste', '--paste', [CompletionResultType]::ParameterName, 'Read the token from standard input (one line; not echoed on a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;logout' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'The registry to log out of. Without it, config.toml''s default registry')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;search' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml')
            [CompletionResult]::new('--oci-user', '--oci-user', [CompletionResultType]::ParameterName, 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]')
            [CompletionResult]::new('--oci-token', '--oci-token', [CompletionResultType]::ParameterName, 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;info' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, '`local` ($GREENTIC_HOME/registries/local), `file://DIR` (the platform''s directory layout), `oci://HOST/NAMESPACE[/NAME]`, a Greentic Store (`greentic-store`, `https://HOST`), or a NAME from $GREENTIC_HOME/config.toml')
            [CompletionResult]::new('--oci-user', '--oci-user', [CompletionResultType]::ParameterName, 'The user for an OCI registry [default: `oauth2` for GHCR, `token` elsewhere]')
            [CompletionResult]::new('--oci-token', '--oci-token', [CompletionResultType]::ParameterName, 'The token or password for the OCI registry this command line names (never sent to another host). Without it: a config.toml entry''s `token-env`, $OCI_TOKEN (also for the registry named here only), $GHCR_TOKEN or $GITHUB_TOKEN (ghcr.io only), then ~/.docker/config.json (`auths.<host>.auth`), then anonymous')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long one registry operation (a pull, a push, a tag listing) may take in all, from its first request to its last byte (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a registry that is not on this machine (loopback always may); credentials are never sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;outdated' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;update' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'Where newer versions are looked up: `local`, `file://DIR`, a Greentic Store (`greentic-store`, `https://HOST`) or a NAME from config.toml [default: local]')
            [CompletionResult]::new('--trust', '--trust', [CompletionResultType]::ParameterName, 'Who must have signed the new version, as for `gtdx install`')
            [CompletionResult]::new('--trusted-key', '--trusted-key', [CompletionResultType]::ParameterName, 'A trusted public key: base64, `ed25519:`base64, a minisign `RW...` key, or a .pub file. Repeatable')
            [CompletionResult]::new('--trusted-keys', '--trusted-keys', [CompletionResultType]::ParameterName, 'A file of trusted public keys, one per line (`#` comments allowed). Repeatable')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long the registry may take in all, for every extension checked together (`90s`, `10m`, at most `24h`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Update every installed extension `gtdx outdated` lists')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Accept the new version''s permissions without asking (needed without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Accept the new version''s permissions without asking (needed without a terminal)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow plain HTTP to a Store that is not on this machine (loopback always may); no token is sent over it')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;yank' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why (kept by the registry beside the version)')
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml''s default registry]')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long the request may take in all (`90s`, `10m`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;unyank' {
            [CompletionResult]::new('--registry', '--registry', [CompletionResultType]::ParameterName, 'A Greentic Store (`greentic-store`, `https://HOST`, a NAME from config.toml) or a directory registry (`local`, `file://DIR`) [default: config.toml''s default registry]')
            [CompletionResult]::new('--registry-timeout', '--registry-timeout', [CompletionResultType]::ParameterName, 'How long the request may take in all (`90s`, `10m`) [default: 300s]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('--insecure', '--insecure', [CompletionResultType]::ParameterName, 'Allow naming a Store over plain HTTP that is not on this machine (loopback always may); no token is sent over it, so such a Store refuses the yank')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;explain' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`human` for people; `json` for machines: stdout then holds only JSON (one document, or one event per line for build and pack), and failures carry their diagnostics')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in human output: on a terminal unless NO_COLOR is set (auto), always, never')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'The Greentic home to use instead of $GREENTIC_HOME (default ~/.greentic)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'gtdx;help' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a new extension project in a new directory')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create an extension project in an existing directory (keeps what is there)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a describe.json against the v2 contract (structure, types, stringified schemas)')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a describe.json against the authoring checklist and the platform''s lint rules')
            [CompletionResult]::new('describe', 'describe', [CompletionResultType]::ParameterValue, 'Generate describe.json from the #[tool] functions and [package.metadata.gtdx] (no compiling)')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Regenerate describe.json, build the component for wasm32-wasip2, check it, and pack a .gtxpack')
            [CompletionResult]::new('pack', 'pack', [CompletionResultType]::ParameterValue, 'Pack a component built by another toolchain with its describe.json (same checks as build)')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Call one tool locally under the platform''s host rules and print its result')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run the table-driven tool tests of tests/tools/ (or the discovery tool)')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Show what a .gtxpack or a component holds: identity, tools, WIT exports and imports, digests')
            [CompletionResult]::new('dynamic', 'dynamic', [CompletionResultType]::ParameterValue, 'Dynamic tools: admit discovered descriptors (the platform''s six controls) and keep per-connection catalogs')
            [CompletionResult]::new('worker', 'worker', [CompletionResultType]::ParameterValue, 'Assemble and inspect Digital Worker manifests from signed .gtxpack extensions')
            [CompletionResult]::new('keygen', 'keygen', [CompletionResultType]::ParameterValue, 'Make an ed25519 signing key pair (secret key file mode 0600, never overwritten)')
            [CompletionResult]::new('sign', 'sign', [CompletionResultType]::ParameterValue, 'Sign a .gtxpack or describe.json (ed25519 over RFC 8785), or any file (--detached, minisign format)')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Verify a .gtxpack (integrity, signature, trust), a describe.json, or a detached signature')
            [CompletionResult]::new('key', 'key', [CompletionResultType]::ParameterValue, 'Key conversions (gtdx and minisign public key formats)')
            [CompletionResult]::new('dev', 'dev', [CompletionResultType]::ParameterValue, 'Rebuild, repack and reinstall the extension on every save (describe, lint, build, pack, install)')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the toolchain, the project and the Greentic home; with --tool, why a tool is not seen')
            [CompletionResult]::new('sdk', 'sdk', [CompletionResultType]::ParameterValue, 'Where the project''s gtdx-sdk comes from (crates.io or the copy gtdx carries); `use` moves it')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Convert a greentic.ai/v1 describe.json to v2, reporting every change and what needs a human')
            [CompletionResult]::new('openapi', 'openapi', [CompletionResultType]::ParameterValue, 'Generate an extension whose tools are the operations of an OpenAPI 3.0/3.1 document')
            [CompletionResult]::new('publish', 'publish', [CompletionResultType]::ParameterValue, 'Publish a pack to a registry; in a project, build, pack, sign (--sign) and publish')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install an extension into $GREENTIC_HOME from a pack, a registry (ID[@VERSION]) or oci://')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the extensions installed in $GREENTIC_HOME, with version, kind, signer and state')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove an installed extension')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable an installed extension (by default, or for one tenant)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable an installed extension (by default, or for one tenant)')
            [CompletionResult]::new('registries', 'registries', [CompletionResultType]::ParameterValue, 'Configured registries: list, add, remove, set-default (config.toml, shared with the platform''s gtdx)')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Store a registry token in credentials.toml (0600): --token, GTDX_TOKEN or --paste')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove a registry''s stored token from credentials.toml')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search a registry: extensions of a directory registry, or the tags of an OCI repository')
            [CompletionResult]::new('info', 'info', [CompletionResultType]::ParameterValue, 'Show an extension of a registry: versions, signer, permissions, digest')
            [CompletionResult]::new('outdated', 'outdated', [CompletionResultType]::ParameterValue, 'Installed extensions with a newer version the registry offers (pins and yanks respected)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Install the newer version of installed extensions (same trust and consent as install)')
            [CompletionResult]::new('yank', 'yank', [CompletionResultType]::ParameterValue, 'Withdraw a version from a Greentic Store or a directory registry (still installable by exact pin)')
            [CompletionResult]::new('unyank', 'unyank', [CompletionResultType]::ParameterValue, 'Put a yanked version back in circulation')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a diagnostic code: what it reports, why it matters, how to fix it')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'gtdx;help;new' {
            break
        }
        'gtdx;help;init' {
            break
        }
        'gtdx;help;validate' {
            break
        }
        'gtdx;help;lint' {
            break
        }
        'gtdx;help;describe' {
            break
        }
        'gtdx;help;build' {
            break
        }
        'gtdx;help;pack' {
            break
        }
        'gtdx;help;run' {
            break
        }
        'gtdx;help;test' {
            break
        }
        'gtdx;help;inspect' {
            break
        }
        'gtdx;help;dynamic' {
            [CompletionResult]::new('admit', 'admit', [CompletionResultType]::ParameterValue, 'Run the six admission controls on a discovery result (a JSON array of descriptors): which derived tools the platform admits, withholds or rejects, and why')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Show a connection''s catalog, or what its last sync changed')
            break
        }
        'gtdx;help;dynamic;admit' {
            break
        }
        'gtdx;help;dynamic;catalog' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a connection''s catalog: admitted tools as the agent sees them, withheld and rejected descriptors; with --manifest or --pack, whether its tools are still available')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print what the connection''s last sync changed (added, removed, changed tools)')
            break
        }
        'gtdx;help;dynamic;catalog;show' {
            break
        }
        'gtdx;help;dynamic;catalog;diff' {
            break
        }
        'gtdx;help;worker' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Assemble a Digital Worker manifest from a worker spec and its signed .gtxpack extensions, keeping only the tools that declare the agentic_worker capability')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Show what an agent built from a manifest sees: tools, side effects, confirmations, secrets an operator must supply, pinned packs and the manifest''s own signature')
            break
        }
        'gtdx;help;worker;build' {
            break
        }
        'gtdx;help;worker;inspect' {
            break
        }
        'gtdx;help;keygen' {
            break
        }
        'gtdx;help;sign' {
            break
        }
        'gtdx;help;verify' {
            break
        }
        'gtdx;help;key' {
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Print a public key as a gtdx .pub file, or with --minisign as a minisign public key')
            break
        }
        'gtdx;help;key;export' {
            break
        }
        'gtdx;help;dev' {
            break
        }
        'gtdx;help;doctor' {
            break
        }
        'gtdx;help;sdk' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show where gtdx-sdk comes from, as cargo resolves it; `gtdx sdk` alone does this')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Take gtdx-sdk from crates.io (once published) or from the copy this gtdx carries, and relock')
            break
        }
        'gtdx;help;sdk;show' {
            break
        }
        'gtdx;help;sdk;use' {
            break
        }
        'gtdx;help;migrate' {
            break
        }
        'gtdx;help;openapi' {
            break
        }
        'gtdx;help;publish' {
            break
        }
        'gtdx;help;install' {
            break
        }
        'gtdx;help;list' {
            break
        }
        'gtdx;help;uninstall' {
            break
        }
        'gtdx;help;enable' {
            break
        }
        'gtdx;help;disable' {
            break
        }
        'gtdx;help;registries' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured registries (and the built-in greentic-store), marking the default')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a registry under NAME, or replace the URL of the one of that name')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the registry NAME from config.toml (its stored token stays until `gtdx logout`)')
            [CompletionResult]::new('set-default', 'set-default', [CompletionResultType]::ParameterValue, 'Make NAME the registry `publish`, `login` and `logout` use without --registry')
            break
        }
        'gtdx;help;registries;list' {
            break
        }
        'gtdx;help;registries;add' {
            break
        }
        'gtdx;help;registries;remove' {
            break
        }
        'gtdx;help;registries;set-default' {
            break
        }
        'gtdx;help;login' {
            break
        }
        'gtdx;help;logout' {
            break
        }
        'gtdx;help;search' {
            break
        }
        'gtdx;help;info' {
            break
        }
        'gtdx;help;outdated' {
            break
        }
        'gtdx;help;update' {
            break
        }
        'gtdx;help;yank' {
            break
        }
        'gtdx;help;unyank' {
            break
        }
        'gtdx;help;explain' {
            break
        }
        'gtdx;help;completions' {
            break
        }
        'gtdx;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
