//! `gtdx openapi SPEC`: a project whose `#[tool]` functions are an OpenAPI document's
//! operations.
//!
//! read and parse the document (`gtdx-openapi`) → map its operations to tools → render the
//! project `gtdx new` would (Cargo.toml, build.rs, toolchain, SDK source) through
//! [`crate::new::create_with`], with the generated `src/`, `schemas/` and `tests/tools/` in
//! place of the example tool, and the network grant of the API's base URL → describe.json is
//! generated from those files, as by `gtdx new`. Nothing is written when anything fails.

use std::path::PathBuf;

pub use gtdx_openapi::{Mapping, ParseError, Scheme};
use gtdx_scaffold::{File, Project};

use crate::new::{NewError, NewOptions, NewOutcome};

/// The largest document read (the largest public specs are a few MiB).
const SPEC_LIMIT: gtdx_fsx::Limit = gtdx_fsx::Limit {
    what: "an OpenAPI document",
    max: 64 * 1024 * 1024,
};

/// `gtdx openapi SPEC [--name] [--out] [--base-url] [--operations GLOB]`
#[derive(Debug, Clone, Default)]
pub struct OpenapiOptions {
    pub spec: PathBuf,
    /// The package name (default: the document's title, as a package name).
    pub name: Option<String>,
    /// Where the project goes (default: `./<name>`).
    pub out: Option<PathBuf>,
    /// Overrides the document's first server URL.
    pub base_url: Option<String>,
    /// Only the operations these globs match (operationId, tool name or `METHOD /path`).
    pub operations: Vec<String>,
    /// `--sdk`, as for `gtdx new`.
    pub sdk: Option<String>,
    /// `--vcs`, as for `gtdx new`.
    pub vcs: Option<String>,
}

/// The project created and what became of each operation.
#[derive(Debug)]
pub struct OpenapiOutcome {
    pub mapping: Mapping,
    /// The document's operations (all, before `--operations`).
    pub operations: usize,
    pub project: NewOutcome,
    /// The network grant written.
    pub network: String,
}

#[derive(Debug, thiserror::Error)]
pub enum OpenapiError {
    #[error(transparent)]
    Read(#[from] gtdx_fsx::FsError),
    #[error(
        "{file}:{line}:{column}: {message}. Fix the document there (it must be OpenAPI 3.0 or 3.1, JSON or YAML)"
    )]
    Syntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{file}: {source}")]
    Document { file: String, source: ParseError },
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    New(#[from] NewError),
}

/// Generates the project.
pub fn generate(options: &OpenapiOptions) -> Result<OpenapiOutcome, OpenapiError> {
    let file = options.spec.display().to_string();
    let bytes = gtdx_fsx::read(&options.spec, SPEC_LIMIT)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        OpenapiError::Input(format!(
            "{file}: not UTF-8 text (byte {}); an OpenAPI document is JSON or YAML",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let api = gtdx_openapi::parse(&text).map_err(|e| match e {
        ParseError::Syntax {
            line,
            column,
            message,
        } => OpenapiError::Syntax {
            file: file.clone(),
            line,
            column,
            message,
        },
        source => OpenapiError::Document {
            file: file.clone(),
            source,
        },
    })?;
    let name = match &options.name {
        Some(n) => n.clone(),
        None => package_name(&api.title),
    };
    let mut globs = Vec::new();
    for g in &options.operations {
        let pattern = glob::Pattern::new(g)
            .map_err(|e| OpenapiError::Input(format!("--operations {g:?}: {e}")))?;
        globs.push(pattern);
    }
    let opts = gtdx_openapi::Options {
        base_url: options.base_url.clone(),
        operations: globs,
        secret_namespace: name.clone(),
    };
    let mapping = gtdx_openapi::map(&api, &opts);
    if !options.operations.is_empty() && mapping.tools.is_empty() && mapping.skipped.is_empty() {
        return Err(OpenapiError::Input(format!(
            "--operations {}: no operation of {file} matches (globs match the operationId, the tool name or `METHOD /path`)",
            options.operations.join(", ")
        )));
    }
    let base_url = base_url(&mapping, &file)?;
    let network = format!("{base_url}/*");
    let out = options.out.clone().unwrap_or_else(|| PathBuf::from(&name));
    let request = gtdx_scaffold::Request {
        path: out,
        name: Some(name),
        // The template's example tool, replaced below by the generated ones.
        tools: Some(vec![gtdx_scaffold::options::DEFAULT_TOOL.to_string()]),
        capabilities: Some(vec!["agentic_worker".into(), "flow".into()]),
        sdk: options.sdk.clone(),
        vcs: options.vcs.clone(),
        ..Default::default()
    };
    let new = NewOptions {
        request,
        mode: gtdx_scaffold::Mode::New,
        force: false,
    };
    let files = gtdx_openapi::codegen::files(&mapping, &base_url);
    let project = crate::new::create_with(&new, None, &mut |_, project| {
        replace_tools(project, &files, &mapping, &network);
        Ok(())
    })?;
    Ok(OpenapiOutcome {
        operations: api.operations.len(),
        mapping,
        project,
        network,
    })
}

/// Swaps the example tool for the generated files and grants the API's URL.
fn replace_tools(
    project: &mut Project,
    files: &[gtdx_openapi::codegen::GeneratedFile],
    mapping: &Mapping,
    network: &str,
) {
    project
        .files
        .retain(|f| f.path != "tests/tools/examples.json" && f.path != "README.md");
    for g in files {
        project.files.retain(|f| f.path != g.path);
        let contents = match g.path.ends_with(".rs") {
            true => rustfmt(&g.contents).unwrap_or_else(|| g.contents.clone()),
            false => g.contents.clone(),
        };
        project.files.push(File {
            path: g.path.clone(),
            contents,
        });
    }
    project.files.push(File {
        path: "README.md".into(),
        contents: readme(mapping, network),
    });
    if let Some(cargo) = project.files.iter_mut().find(|f| f.path == "Cargo.toml") {
        let summary = format!("Tools for the {} API", first_line(&mapping.title));
        cargo.contents = cargo.contents.replacen(
            &description_line(&cargo.contents),
            &format!(
                "description = {}",
                gtdx_scaffold::sdk::toml_string(&summary)
            ),
            1,
        );
        cargo.contents.push_str(&format!(
            "\n# The API's base URL, from the OpenAPI document's servers (or --base-url).\n\
             [package.metadata.gtdx.permissions]\nnetwork = [{}]\n",
            gtdx_scaffold::sdk::toml_string(network)
        ));
    }
    project.files.sort_by(|a, b| a.path.cmp(&b.path));
}

/// `source` as rustfmt writes it (the generated code is close, but rustfmt's line-fitting rules
/// for arrays and calls are its own), so `cargo fmt --check` passes on a fresh project. `None`
/// when rustfmt is not there or fails: the source is valid as generated.
fn rustfmt(source: &str) -> Option<String> {
    use std::io::Write as _;
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout"])
        // Not inside the new project: its rust-toolchain.toml could make rustup install one.
        .current_dir(std::env::temp_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = source.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    (out.status.success() && !out.stdout.is_empty())
        .then(|| String::from_utf8(out.stdout).ok())
        .flatten()
}

fn description_line(cargo: &str) -> String {
    cargo
        .lines()
        .find(|l| l.starts_with("description = "))
        .unwrap_or("description = ")
        .to_string()
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("").trim()
}

/// The base URL every request starts with: absolute `http(s)`, no template variables.
fn base_url(m: &Mapping, file: &str) -> Result<String, OpenapiError> {
    let Some(url) = &m.base_url else {
        return Err(OpenapiError::Input(format!(
            "{file} names no server (`servers`): pass --base-url https://... with the URL the API is served at"
        )));
    };
    let absolute = url.starts_with("https://") || url.starts_with("http://");
    if !absolute || url.contains('{') {
        return Err(OpenapiError::Input(format!(
            "{file}: the server URL {url:?} is not an absolute https:// URL without variables: pass --base-url with the URL the API is served at"
        )));
    }
    Ok(url.clone())
}

/// A package name from a title: `Swagger Petstore - OpenAPI 3.0` → `swagger-petstore-openapi-3-0`.
pub fn package_name(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut out = out.trim_matches('-').to_string();
    out.truncate(48);
    let out = out.trim_matches('-').to_string();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        format!("api-{out}").trim_end_matches('-').to_string()
    } else {
        out
    }
}

fn readme(m: &Mapping, network: &str) -> String {
    let mut s = format!(
        "# {}\n\nTools for the {} API (version {}), generated by `gtdx openapi` from its OpenAPI {} document: one `#[tool]` function per operation in `src/lib.rs`, sent through the host's `http.fetch` by `src/client.rs`.\n\n",
        first_line(&m.title),
        first_line(&m.title),
        m.api_version,
        m.openapi
    );
    s.push_str(&format!(
        "The extension may reach `{network}` (`[package.metadata.gtdx.permissions]` in Cargo.toml).\n\n"
    ));
    if !m.secrets.is_empty() {
        s.push_str("## Secrets\n\n| secret | security scheme | how it is sent |\n|---|---|---|\n");
        for sec in &m.secrets {
            let how = match &sec.kind {
                gtdx_openapi::Scheme::ApiKey { location, name } => {
                    format!("API key in {} `{name}`", location.as_str())
                }
                gtdx_openapi::Scheme::Bearer => "`Authorization: Bearer`".into(),
                gtdx_openapi::Scheme::Basic => {
                    "`Authorization: Basic`, the secret is `user:password`".into()
                }
                gtdx_openapi::Scheme::OAuth { kind } => format!(
                    "{kind}: TODO(oauth) the secret holds an access token, sent as a bearer token; obtaining and refreshing it is not generated"
                ),
                gtdx_openapi::Scheme::Other(what) => what.clone(),
            };
            s.push_str(&format!("| `{}` | `{}` | {how} |\n", sec.key, sec.scheme));
        }
        s.push('\n');
    }
    s.push_str("## Tools\n\n| tool | operation |\n|---|---|\n");
    for t in &m.tools {
        s.push_str(&format!(
            "| `{}` | `{}` |\n",
            t.name,
            t.operation.replace('|', "\\|")
        ));
    }
    if !m.skipped.is_empty() {
        s.push_str("\n## Operations that are not tools\n\n");
        for sk in &m.skipped {
            s.push_str(&format!("* `{}`: {}\n", sk.operation, sk.reason));
        }
    }
    s.push_str(
        "\n## Build and test\n\n```sh\ncargo test          # host unit tests\ngtdx build          # the component and its .gtxpack\ngtdx test           # tests/tools/: canned exchanges from the document's examples\ngtdx run TOOL --input '{...}' --secret KEY=VALUE\n```\n",
    );
    s
}
