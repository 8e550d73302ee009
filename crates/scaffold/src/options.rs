//! What the project will be: the resolved [`Options`], and how they are resolved from a
//! [`Request`] (flags and `GTDX_NEW_*` variables, already merged by the CLI), optional prompts,
//! and defaults.
//!
//! Precedence, per value: flag > environment variable > prompt > default. A prompt is asked only
//! for a value that neither a flag nor a variable gave, and only when the caller hands in a
//! [`Prompter`] (the CLI does so only on a terminal and without `--yes`).

use std::path::{Path, PathBuf};

use gtdx_contract::{CAPABILITY_AGENTIC_WORKER, CAPABILITY_FLOW, ExtensionKind};

use crate::ScaffoldError;
use crate::prompts;
use crate::sdk::SdkSource;
use crate::validate;

/// `gtdx new` creates a directory; `gtdx init` fills an existing (or new) one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    New,
    Init,
}

/// CI configuration to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ci {
    None,
    Github,
}

/// Version control to initialise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vcs {
    None,
    Git,
}

/// The raw request: every value optional (absent = neither flag nor variable gave it).
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub path: PathBuf,
    pub name: Option<String>,
    pub id: Option<String>,
    pub kind: Option<String>,
    pub tools: Option<Vec<String>>,
    pub capabilities: Option<Vec<String>>,
    pub node_type: Option<bool>,
    pub dynamic_tools: Option<bool>,
    pub ci: Option<String>,
    pub vcs: Option<String>,
    pub sdk: Option<String>,
    /// `--gtdx-source`: where the CI workflow installs gtdx from.
    pub gtdx_source: Option<String>,
    /// `--no-agents` gives `Some(false)`: no AGENTS.md, CLAUDE.md or scripts/check.
    pub agents: Option<bool>,
}

/// The fully resolved, validated choices.
#[derive(Debug, Clone)]
pub struct Options {
    /// Package name (`[package] name`).
    pub name: String,
    /// Extension id (`metadata.id`).
    pub id: String,
    pub kind: ExtensionKind,
    /// Static example tools, snake_case, unique.
    pub tools: Vec<String>,
    /// Capabilities every example tool declares (`agentic_worker`, `flow`).
    pub capabilities: Vec<String>,
    pub node_type: bool,
    pub dynamic_tools: bool,
    pub ci: Ci,
    pub vcs: Vcs,
    pub sdk: SdkSource,
    /// Where the generated CI workflow installs gtdx from.
    pub gtdx_source: crate::GtdxSource,
    /// `package.authors[0]`: `Name <email>` from git's `user.name`/`user.email`, else `$USER`.
    pub author: String,
    /// Whether the guidance for coding assistants is written ([`crate::agents`]).
    pub agents: bool,
}

/// The tool generated when none is asked for.
pub const DEFAULT_TOOL: &str = "hello";
/// The discovery tool and executors `--dynamic-tools` adds (their names are taken).
pub const DYNAMIC_TOOL_NAMES: &[&str] = &[
    "list_record_types",
    "create_record",
    "update_record",
    "get_record",
    "delete_record",
];

pub use gtdx_contract::prompt::{Prompter, Question};

/// Resolves a request into options: flags/variables first, then prompts, then defaults.
pub fn resolve(
    req: &Request,
    mut prompter: Option<&mut dyn Prompter>,
) -> Result<Options, ScaffoldError> {
    let bad = ScaffoldError::Input;

    let kind = match req.kind.as_deref() {
        None => ExtensionKind::DesignExtension,
        Some(k) => parse_kind(k).map_err(bad)?,
    };

    // name
    let dir_name = dir_name(&req.path);
    let name = match &req.name {
        Some(n) => {
            validate::package_name(n).map_err(|e| bad(format!("--name: {e}")))?;
            n.clone()
        }
        None => {
            let default = dir_name.clone().unwrap_or_default();
            ask_or_default(&mut prompter, "NAME", prompts::NAME, default, |v| {
                validate::package_name(v).map(|_| v.to_string())
            })
            .map_err(|e| {
                bad(format!(
                    "cannot use the directory name `{}` as the package name: {e} (or pass \
                     `--name <NAME>`)",
                    dir_name.as_deref().unwrap_or("")
                ))
            })?
        }
    };

    let id = match &req.id {
        Some(id) => {
            validate::extension_id(id).map_err(|e| bad(format!("--id: {e}")))?;
            id.clone()
        }
        None => ask_or_default(
            &mut prompter,
            "ID",
            prompts::ID,
            validate::default_id(&name),
            |v| validate::extension_id(v).map(|_| v.to_string()),
        )
        .map_err(|e| {
            bad(format!(
                "the default id derived from the name does not work: {e}"
            ))
        })?,
    };

    let tools = match &req.tools {
        Some(list) => {
            let list = split_list(list);
            check_tools(&list, false).map_err(|e| bad(format!("--tool: {e}")))?;
            list
        }
        None => ask_or_default(
            &mut prompter,
            "TOOL",
            prompts::TOOL,
            DEFAULT_TOOL.to_string(),
            |v| {
                let list = split_list(&[v.to_string()]);
                check_tools(&list, false).map(|_| list)
            },
        )
        .map_err(bad)?,
    };

    let capabilities = match &req.capabilities {
        Some(list) => {
            parse_capabilities(&split_list(list)).map_err(|e| bad(format!("--capability: {e}")))?
        }
        None => ask_or_default(
            &mut prompter,
            "CAPABILITY",
            prompts::CAPABILITY,
            format!("{CAPABILITY_AGENTIC_WORKER},{CAPABILITY_FLOW}"),
            |v| parse_capabilities(&split_list(&[v.to_string()])),
        )
        .map_err(bad)?,
    };

    let node_type = match req.node_type {
        Some(b) => b,
        None => ask_bool(&mut prompter, "NODE_TYPE", prompts::NODE_TYPE, false)?,
    };

    let dynamic_tools = match req.dynamic_tools {
        Some(b) => b,
        None => ask_bool(
            &mut prompter,
            "DYNAMIC_TOOLS",
            prompts::DYNAMIC_TOOLS,
            false,
        )?,
    };

    if dynamic_tools {
        check_tools(&tools, true).map_err(|e| bad(format!("--tool: {e}")))?;
    }

    let ci = match req.ci.as_deref() {
        Some(c) => parse_ci(c).map_err(|e| bad(format!("--ci: {e}")))?,
        None => ask_or_default(&mut prompter, "CI", prompts::CI, "none".into(), parse_ci)
            .map_err(bad)?,
    };

    let vcs = match req.vcs.as_deref() {
        None | Some("git") => Vcs::Git,
        Some("none") => Vcs::None,
        Some(other) => {
            return Err(bad(format!(
                "--vcs `{other}` is not supported; use `git` or `none`."
            )));
        }
    };

    let sdk = match req.sdk.as_deref() {
        Some(s) => {
            let base = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
            SdkSource::parse(s, &base, &base.join(&req.path)).map_err(bad)?
        }
        None => SdkSource::default_for_this_gtdx(),
    };
    let gtdx_source = match req.gtdx_source.as_deref() {
        Some(s) => crate::GtdxSource::parse(s).map_err(bad)?,
        None => crate::GtdxSource::default_for(&sdk),
    };

    let author = default_author(&name);
    Ok(Options {
        name,
        id,
        kind,
        tools,
        capabilities,
        node_type,
        dynamic_tools,
        ci,
        vcs,
        sdk,
        gtdx_source,
        author,
        agents: req.agents.unwrap_or(true),
    })
}

/// The author recorded in `Cargo.toml` (describe.json needs one): git's `user.name` and
/// `user.email` (one `git config` call), else `$USER`/`$USERNAME`, else `<name> authors`.
pub fn default_author(package: &str) -> String {
    let env = |k: &str| {
        std::env::var(k)
            .ok()
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let (mut name, mut email) = (env("GIT_AUTHOR_NAME"), env("GIT_AUTHOR_EMAIL"));
    if name.is_none() {
        let (git_name, git_email) = git_user();
        name = git_name;
        email = email.or(git_email);
    }
    let name = name
        .or_else(|| env("USER"))
        .or_else(|| env("USERNAME"))
        .unwrap_or_else(|| format!("{package} authors"));
    // `<`/`>` would confuse the `Name <email>` form.
    let name: String = name.chars().filter(|c| *c != '<' && *c != '>').collect();
    match email {
        Some(e) => format!("{name} <{}>", e.replace(['<', '>'], "")),
        None => name,
    }
}

/// `user.name` and `user.email` from git's configuration (one process).
fn git_user() -> (Option<String>, Option<String>) {
    let (mut name, mut email) = (None, None);
    let Ok(out) = std::process::Command::new("git")
        .args(["config", "--get-regexp", r"^user\.(name|email)$"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
    else {
        return (None, None);
    };
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        match line.split_once(' ') {
            Some(("user.name", v)) if !v.trim().is_empty() => name = Some(v.trim().to_string()),
            Some(("user.email", v)) if !v.trim().is_empty() => email = Some(v.trim().to_string()),
            _ => {}
        }
    }
    (name, email)
}

fn dir_name(path: &Path) -> Option<String> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    normalize_dir(&abs)
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
}

fn normalize_dir(p: &Path) -> PathBuf {
    gtdx_fsx::lexical_normalize(p)
}

/// Asks (when a prompter is present) until an answer passes `check`; without a prompter, or
/// when input ends, checks the default.
fn ask_or_default<T>(
    prompter: &mut Option<&mut dyn Prompter>,
    key: &'static str,
    prompt: &str,
    default: String,
    check: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    let Some(p) = prompter.as_deref_mut() else {
        return check(&default);
    };
    let q = Question {
        key,
        prompt: prompt.to_string(),
        default: default.clone(),
    };
    match gtdx_contract::prompt::ask(p, &q, &check) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => check(&default),
        Err(e) => Err(format!("cannot read the answer: {e}")),
    }
}

fn ask_bool(
    prompter: &mut Option<&mut dyn Prompter>,
    key: &'static str,
    prompt: &str,
    default: bool,
) -> Result<bool, ScaffoldError> {
    ask_or_default(
        prompter,
        key,
        &gtdx_contract::prompt::yes_no(prompt),
        if default { "y" } else { "n" }.into(),
        |v| parse_bool(v).ok_or_else(|| format!("`{v}` is not yes or no; answer y or n.")),
    )
    .map_err(ScaffoldError::Input)
}

pub use gtdx_contract::prompt::parse_bool;

/// Splits comma-separated entries and trims them; empty entries vanish.
fn split_list(values: &[String]) -> Vec<String> {
    values
        .iter()
        .flat_map(|v| v.split(','))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn check_tools(list: &[String], dynamic_tools: bool) -> Result<(), String> {
    if list.is_empty() {
        return Err(
            "no tool name given. Name at least one tool, e.g. `--tool lookup_order`.".into(),
        );
    }
    let mut types: Vec<(String, &str)> = Vec::new();
    for (i, t) in list.iter().enumerate() {
        validate::tool_name(t)?;
        if list[..i].contains(t) {
            return Err(format!(
                "the tool `{t}` is named twice. Give each tool once."
            ));
        }
        if dynamic_tools && DYNAMIC_TOOL_NAMES.contains(&t.as_str()) {
            return Err(format!(
                "the tool `{t}` is one of the tools --dynamic-tools generates ({}). Pick another name.",
                DYNAMIC_TOOL_NAMES.join(", ")
            ));
        }
        let ty = validate::pascal_case(t);
        if let Some((_, other)) = types.iter().find(|(p, _)| *p == ty) {
            return Err(format!(
                "the tools `{other}` and `{t}` would both generate the Rust types `{ty}Input`/`{ty}Output`. \
                 Rename one of them."
            ));
        }
        types.push((ty, t));
    }
    Ok(())
}

fn parse_capabilities(list: &[String]) -> Result<Vec<String>, String> {
    if list.is_empty() {
        return Err(format!(
            "no capability given. Use `{CAPABILITY_AGENTIC_WORKER}`, `{CAPABILITY_FLOW}` or both; \
             a tool without capabilities is offered on `flow` only and is invisible to agents."
        ));
    }
    let mut out: Vec<String> = Vec::new();
    for c in list {
        if c != CAPABILITY_AGENTIC_WORKER && c != CAPABILITY_FLOW {
            return Err(format!(
                "`{c}` is not a capability. Use `{CAPABILITY_AGENTIC_WORKER}` and/or `{CAPABILITY_FLOW}`."
            ));
        }
        if !out.contains(c) {
            out.push(c.clone());
        }
    }
    // Stable order: agentic_worker first, as the spec writes it.
    out.sort_by_key(|c| c != CAPABILITY_AGENTIC_WORKER);
    Ok(out)
}

fn parse_ci(v: &str) -> Result<Ci, String> {
    match v {
        "github" => Ok(Ci::Github),
        "none" => Ok(Ci::None),
        other => Err(format!(
            "`{other}` is not a supported CI; use `github` or `none`."
        )),
    }
}

fn parse_kind(k: &str) -> Result<ExtensionKind, String> {
    match ExtensionKind::parse(k) {
        Some(ExtensionKind::DesignExtension) => Ok(ExtensionKind::DesignExtension),
        Some(other) => Err(format!(
            "--kind {k}: {} projects are not supported by gtdx new yet. Only `--kind design` \
             (DesignExtension: tools and node types) is; bundle, deploy and provider templates \
             will follow.",
            other.as_str()
        )),
        None => Err(format!(
            "--kind `{k}` is not an extension kind. Use `design` (supported), or one of bundle, \
             deploy, provider (not supported yet)."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers from a list; records what was asked.
    struct Canned {
        answers: Vec<&'static str>,
        asked: Vec<&'static str>,
        rejected: Vec<String>,
    }

    impl Prompter for Canned {
        fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>> {
            self.asked.push(q.key);
            Ok(if self.answers.is_empty() {
                None
            } else {
                Some(self.answers.remove(0).to_string())
            })
        }
        fn reject(&mut self, message: &str) {
            self.rejected.push(message.to_string());
        }
    }

    fn req() -> Request {
        Request {
            path: PathBuf::from("/tmp/some-ext"),
            sdk: Some("0.1".into()),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_without_a_prompter() {
        let o = resolve(&req(), None).unwrap();
        assert_eq!(o.name, "some-ext");
        assert_eq!(o.id, "greentic.some-ext");
        assert_eq!(o.tools, ["hello"]);
        assert_eq!(o.capabilities, ["agentic_worker", "flow"]);
        assert!(!o.node_type && !o.dynamic_tools);
        assert_eq!(o.ci, Ci::None);
        assert_eq!(o.vcs, Vcs::Git);
    }

    #[test]
    fn given_values_are_not_asked_and_bad_answers_are_asked_again() {
        let mut r = req();
        r.id = Some("greentic.given".into());
        r.ci = Some("github".into());
        let mut p = Canned {
            // name: bad then good; tools; capabilities: default; node type: bad then yes; dynamic: default
            answers: vec!["9x", "good-name", "a_b, c", "", "maybe", "y", ""],
            asked: vec![],
            rejected: vec![],
        };
        let o = resolve(&r, Some(&mut p)).unwrap();
        assert_eq!(
            p.asked,
            [
                "NAME",
                "NAME",
                "TOOL",
                "CAPABILITY",
                "NODE_TYPE",
                "NODE_TYPE",
                "DYNAMIC_TOOLS"
            ]
        );
        assert_eq!(p.rejected.len(), 2);
        assert_eq!(o.name, "good-name");
        assert_eq!(o.id, "greentic.given");
        assert_eq!(o.tools, ["a_b", "c"]);
        assert!(o.node_type);
        assert_eq!(o.ci, Ci::Github);
    }

    #[test]
    fn capabilities_are_deduplicated_and_ordered() {
        let mut r = req();
        r.capabilities = Some(vec!["flow".into(), "agentic_worker,flow".into()]);
        assert_eq!(
            resolve(&r, None).unwrap().capabilities,
            ["agentic_worker", "flow"]
        );
    }

    #[test]
    fn dynamic_tool_names_are_reserved() {
        let mut r = req();
        r.tools = Some(vec!["get_record".into()]);
        assert!(resolve(&r, None).is_ok());
        r.dynamic_tools = Some(true);
        let e = resolve(&r, None).unwrap_err().to_string();
        assert!(e.contains("get_record"), "{e}");
    }

    #[test]
    fn type_name_collisions_are_refused() {
        let mut r = req();
        r.tools = Some(vec!["ab_1".into(), "ab1".into()]);
        let e = resolve(&r, None).unwrap_err().to_string();
        assert!(e.contains("Ab1Input"), "{e}");
    }
}
