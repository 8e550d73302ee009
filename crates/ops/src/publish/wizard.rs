//! `gtdx publish --wizard`: on a terminal, ask for what the command line left out (the registry,
//! the version, whether to sign and with which key, a dry run or not), then hand back the
//! answers as the flags would have given them, so the publish that follows is the one path the
//! flags take. Nothing is written while asking: input that ends, or Ctrl-C, at any question
//! leaves the project and the registries as they were.
//!
//! The asking loop is [`gtdx_contract::prompt`], the one `gtdx new` uses; the questions'
//! texts are [`prompts`], so tests look for the very words the user sees.

use std::path::{Path, PathBuf};

use gtdx_contract::prompt::{self, Prompter, Question};
use gtdx_registry::config::{self, STORE_NAME};
use gtdx_registry::{Home, RegistryError, RegistryRef};

use super::project::{DEFAULT_KEY_ENV, SignWith};
use crate::keys::KeySource;

/// The questions, as the terminal shows them (before ` [<default>]: `).
pub mod prompts {
    /// Asked unless `--registry` named one; the choices follow in parentheses.
    pub const REGISTRY: &str = "Registry";
    /// Asked in a project unless `--version` was given.
    pub const VERSION: &str = "Version to publish";
    /// Asked unless `--sign` was given; yes/no.
    pub const SIGN: &str = "Sign the pack?";
    /// Asked after a yes to [`SIGN`] unless `--key`/`--key-id` was given.
    pub const KEY: &str = "Signing key";
    /// Asked unless `--dry-run` or `--verify-only` was given; yes/no.
    pub const DRY_RUN: &str = "Dry run (check everything, publish nothing)?";
    /// The last question, after the summary of what will happen; yes/no.
    pub const PROCEED: &str = "Go ahead?";
}

/// What the command line already says. A value given there is not asked.
#[derive(Debug, Clone, Default)]
pub struct Given {
    pub pack: Option<PathBuf>,
    pub manifest: Option<PathBuf>,
    /// `--registry`; `None` when it was left at its default (`local`).
    pub registry: Option<String>,
    pub version: Option<String>,
    pub sign: bool,
    /// `--key` or `--key-id`.
    pub key: Option<KeyChoice>,
    /// `--key-env`.
    pub key_env: Option<String>,
    pub dry_run: bool,
    /// `--verify-only`: nothing is built or signed, so only the registry is asked.
    pub verify_only: bool,
}

/// The signing key, as one of `--key FILE`, `--key-id ID`, `--key-env VAR` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyChoice {
    File(PathBuf),
    Id(String),
    Env(String),
}

impl KeyChoice {
    /// The key this names, in the order `--sign` reads them.
    pub fn sign_with(&self, home: &Home) -> SignWith {
        match self {
            KeyChoice::File(path) => SignWith::choose(Some(path.clone()), None, None, home),
            KeyChoice::Id(id) => SignWith::choose(None, Some(id.clone()), None, home),
            KeyChoice::Env(var) => SignWith::choose(None, None, Some(var.clone()), home),
        }
    }

    /// How the question's choices and the summary name it.
    fn shown(&self) -> String {
        match self {
            KeyChoice::File(path) => path.display().to_string(),
            KeyChoice::Id(id) => id.clone(),
            KeyChoice::Env(var) => format!("${var}"),
        }
    }
}

/// What is published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The PACK given.
    Pack(PathBuf),
    /// The project of this Cargo.toml, built (release), packed, maybe signed.
    Project {
        manifest: PathBuf,
        id: Option<String>,
        /// Its version now; `None` when it comes from the workspace or cannot be read.
        version: Option<String>,
    },
    /// The one pack in `target/gtdx/` (no project here, or `--verify-only`).
    Built,
}

/// The answers, as flags: the CLI sets them and runs the publish the flags would.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub source: Source,
    /// The `--registry` value.
    pub registry: String,
    /// How messages name that registry (its directory, its URL).
    pub registry_label: String,
    /// The `--version` to write into the project; `None`: as it is.
    pub version: Option<String>,
    /// `--sign` with this key; `None`: not signed by this run.
    pub sign: Option<KeyChoice>,
    pub dry_run: bool,
    /// `--verify-only`, as given.
    pub verify_only: bool,
}

/// Why the wizard stopped before publishing anything.
#[derive(Debug, thiserror::Error)]
pub enum WizardError {
    #[error("input ended at \"{question}\"; nothing was built or published")]
    Ended { question: String },
    #[error("cannot read the answer to \"{question}\": {source}; nothing was built or published")]
    Read {
        question: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Config(#[from] RegistryError),
}

/// Asks for what `given` leaves out, in this order: registry, version, signing and key, dry
/// run. Reads config.toml (the registries) and looks for keys; writes nothing.
pub fn plan(given: &Given, home: &Home, p: &mut dyn Prompter) -> Result<Plan, WizardError> {
    let source = source(given);
    let (registry, registry_label) = match &given.registry {
        Some(r) => {
            let label = RegistryRef::parse(r, home)
                .map(|r| r.label())
                .unwrap_or_else(|_| r.clone());
            (r.clone(), label)
        }
        None => ask_registry(home, p)?,
    };
    let version = match (&source, &given.version) {
        (_, Some(v)) => Some(v.clone()),
        (
            Source::Project {
                version: Some(now), ..
            },
            None,
        ) => {
            let q = question("VERSION", prompts::VERSION.into(), now.clone());
            let answer = answer(p, &q, |v| {
                super::edit::check_version(v)
                    .map(|_| v.to_string())
                    .map_err(|e| e.to_string())
            })?;
            (answer != *now).then_some(answer)
        }
        _ => None,
    };
    let sign = match &source {
        Source::Built => None,
        Source::Pack(_) | Source::Project { .. } => ask_signing(given, &source, home, p)?,
    };
    let dry_run = match given.dry_run || given.verify_only {
        true => given.dry_run,
        false => yes_no(p, "DRY_RUN", prompts::DRY_RUN, false)?,
    };
    Ok(Plan {
        source,
        registry,
        registry_label,
        version,
        sign,
        dry_run,
        verify_only: given.verify_only,
    })
}

/// The last question, after the CLI has shown [`Plan::summary`]: `Ok(false)` on a no.
pub fn confirm(p: &mut dyn Prompter) -> Result<bool, WizardError> {
    yes_no(p, "PROCEED", prompts::PROCEED, true)
}

impl Plan {
    /// What will happen, one `(what, how)` line each, for the summary before [`confirm`].
    pub fn summary(&self, home: &Home) -> Vec<(&'static str, String)> {
        let mut lines = Vec::new();
        match &self.source {
            Source::Pack(pack) => lines.push(("pack", pack.display().to_string())),
            Source::Built => lines.push(("pack", "the one in target/gtdx/".into())),
            Source::Project {
                manifest,
                id,
                version,
            } => {
                lines.push((
                    "build",
                    format!("{} (release), then pack", manifest.display()),
                ));
                let shown = match (&self.version, version) {
                    (Some(new), _) => format!("{new} (written into the project: commit it)"),
                    (None, Some(now)) => now.clone(),
                    (None, None) => "as the project states it".into(),
                };
                let id = id.as_deref().unwrap_or("the extension");
                lines.push(("version", format!("{id} {shown}")));
            }
        }
        if !self.verify_only && self.source != Source::Built {
            let sign = match &self.sign {
                None if matches!(self.source, Source::Pack(_)) => "no: the pack as it is".into(),
                None => "no: published unsigned, installs need --trust loose".into(),
                Some(choice) => match (choice, &choice.sign_with(home).key) {
                    (KeyChoice::Id(id), KeySource::File(f)) => {
                        format!("key id {id} ({})", f.display())
                    }
                    (_, KeySource::Env(var)) => format!("the key in ${var}"),
                    (_, KeySource::File(f)) => f.display().to_string(),
                },
            };
            lines.push(("sign", sign));
        }
        lines.push(("registry", self.registry_label.clone()));
        let mode = if self.verify_only {
            "verify only: ask whether the version is free, write nothing"
        } else if self.dry_run {
            "dry run: check everything, write nothing to the registry"
        } else {
            "publish"
        };
        lines.push(("mode", mode.into()));
        lines
    }
}

/// What the flags would publish: the PACK, else the project (Cargo.toml here or `--manifest`),
/// else the built pack; `--verify-only` builds nothing.
fn source(given: &Given) -> Source {
    if let Some(pack) = &given.pack {
        return Source::Pack(pack.clone());
    }
    let manifest = given
        .manifest
        .clone()
        .unwrap_or_else(|| PathBuf::from("Cargo.toml"));
    if given.verify_only || !manifest.is_file() {
        return Source::Built;
    }
    let (id, version) = project_identity(&manifest);
    Source::Project {
        manifest,
        id,
        version,
    }
}

/// The project's extension id and version: `[package.metadata.gtdx] id` and `[package]
/// version` in Cargo.toml, or describe.json's `metadata` when it is written by hand. A
/// version the workspace sets is `None` (`--version` cannot change it).
fn project_identity(manifest: &Path) -> (Option<String>, Option<String>) {
    let read = |path: &Path, limit| {
        gtdx_fsx::read(path, limit)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
    };
    let Some(doc) = read(manifest, gtdx_fsx::limits::PROJECT_FILE)
        .and_then(|t| toml::from_str::<toml::Table>(&t).ok())
    else {
        return (None, None);
    };
    let package = doc.get("package");
    let text = |v: Option<&toml::Value>| v.and_then(|v| v.as_str()).map(str::to_string);
    if let Some(gtdx) = package
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("gtdx"))
    {
        return (
            text(gtdx.get("id")),
            text(package.and_then(|p| p.get("version"))),
        );
    }
    let describe = manifest
        .parent()
        .unwrap_or(Path::new(""))
        .join("describe.json");
    let Some(json) = read(&describe, gtdx_fsx::limits::MANIFEST)
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
    else {
        return (None, None);
    };
    let field = |k: &str| json["metadata"][k].as_str().map(str::to_string);
    (field("id"), field("version"))
}

/// The registry, among `local`, the configured ones and the built-in Store (or an address);
/// preselected: the default `gtdx registries set-default` chose, else `local`, where a publish
/// without `--registry` goes.
fn ask_registry(home: &Home, p: &mut dyn Prompter) -> Result<(String, String), WizardError> {
    let cfg = config::load(home)?;
    let mut names = vec!["local".to_string()];
    for r in &cfg.registries {
        if !names.contains(&r.name) {
            names.push(r.name.clone());
        }
    }
    if !names.iter().any(|n| n == STORE_NAME) {
        names.push(STORE_NAME.into());
    }
    let default = match cfg.default_registry.as_str() {
        STORE_NAME => "local".to_string(),
        set => set.to_string(),
    };
    let q = question(
        "REGISTRY",
        format!(
            "{} ({}; or file://DIR, oci://HOST/NAMESPACE, https://HOST)",
            prompts::REGISTRY,
            names.join(", ")
        ),
        default,
    );
    answer(p, &q, |v| {
        RegistryRef::parse(v, home)
            .map(|r| (v.to_string(), r.label()))
            .map_err(|e| e.to_string())
    })
}

/// Whether to sign and with which key. The keys offered: `$VAR` when set (`--key-env`, else
/// the platform's variable), the key ids of `$GREENTIC_HOME/keys/`, the project's `keys/*.key`;
/// any other key file may be typed. A key that cannot be read is asked again, not found out
/// after the build.
fn ask_signing(
    given: &Given,
    source: &Source,
    home: &Home,
    p: &mut dyn Prompter,
) -> Result<Option<KeyChoice>, WizardError> {
    if given.sign && given.key.is_some() {
        return Ok(given.key.clone());
    }
    let offered = key_candidates(given, source, home);
    if !given.sign {
        let default = given.key.is_some() || !offered.is_empty();
        if !yes_no(p, "SIGN", prompts::SIGN, default)? {
            return Ok(None);
        }
    }
    if let Some(key) = &given.key {
        return Ok(Some(key.clone()));
    }
    let shown: Vec<String> = offered.iter().map(KeyChoice::shown).collect();
    let listed = match shown.is_empty() {
        true => "a key file, $VAR or a key id of $GREENTIC_HOME/keys/".to_string(),
        false => format!("{}; or a key file", shown.join(", ")),
    };
    let q = question(
        "KEY",
        format!("{} ({listed})", prompts::KEY),
        shown.first().cloned().unwrap_or_default(),
    );
    let key = answer(p, &q, |v| {
        let choice = parse_key(v, &offered)?;
        choice
            .sign_with(home)
            .key
            .load()
            .map(|_| choice)
            .map_err(|e| e.to_string())
    })?;
    Ok(Some(key))
}

/// An answer to the key question: `$VAR`, an offered key id, else a key file.
fn parse_key(v: &str, offered: &[KeyChoice]) -> Result<KeyChoice, String> {
    if v.is_empty() {
        return Err(
            "name the signing key: a key file, $VAR (a variable holding it) or a key id of \
             $GREENTIC_HOME/keys/; or answer n to signing (Ctrl-C stops)"
                .into(),
        );
    }
    if let Some(var) = v.strip_prefix('$') {
        return Ok(KeyChoice::Env(var.to_string()));
    }
    if let Some(found) = offered
        .iter()
        .find(|c| matches!(c, KeyChoice::Id(id) if id == v))
    {
        return Ok(found.clone());
    }
    Ok(KeyChoice::File(PathBuf::from(v)))
}

fn key_candidates(given: &Given, source: &Source, home: &Home) -> Vec<KeyChoice> {
    let mut offered = Vec::new();
    let var = given.key_env.as_deref().unwrap_or(DEFAULT_KEY_ENV);
    if std::env::var_os(var).is_some_and(|v| !v.is_empty()) {
        offered.push(KeyChoice::Env(var.to_string()));
    }
    for stem in key_files(&home.root.join("keys")) {
        offered.push(KeyChoice::Id(stem));
    }
    if let Source::Project { manifest, .. } = source {
        let keys = manifest.parent().unwrap_or(Path::new("")).join("keys");
        for stem in key_files(&keys) {
            offered.push(KeyChoice::File(keys.join(format!("{stem}.key"))));
        }
    }
    offered
}

/// The stems of the `*.key` files in `dir`, sorted (none when it cannot be read).
fn key_files(dir: &Path) -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".key")?;
            (e.path().is_file() && !stem.is_empty()).then(|| stem.to_string())
        })
        .collect();
    stems.sort();
    stems
}

fn question(key: &'static str, prompt: String, default: String) -> Question {
    Question {
        key,
        prompt,
        default,
    }
}

/// [`prompt::ask`], where input that ends stops the wizard.
fn answer<T>(
    p: &mut dyn Prompter,
    q: &Question,
    check: impl Fn(&str) -> Result<T, String>,
) -> Result<T, WizardError> {
    match prompt::ask(p, q, check) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err(WizardError::Ended {
            question: q.prompt.clone(),
        }),
        Err(source) => Err(WizardError::Read {
            question: q.prompt.clone(),
            source,
        }),
    }
}

fn yes_no(
    p: &mut dyn Prompter,
    key: &'static str,
    text: &str,
    default: bool,
) -> Result<bool, WizardError> {
    let ended = |q: &str| prompt::yes_no(q);
    match prompt::ask_yes_no(p, key, text, default) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err(WizardError::Ended {
            question: ended(text),
        }),
        Err(source) => Err(WizardError::Read {
            question: ended(text),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers from a list (then input ends); records the questions' keys.
    struct Canned {
        answers: Vec<String>,
        asked: Vec<&'static str>,
    }

    impl Prompter for Canned {
        fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>> {
            self.asked.push(q.key);
            Ok((!self.answers.is_empty()).then(|| self.answers.remove(0)))
        }
        fn reject(&mut self, _: &str) {}
    }

    fn canned(answers: &[&str]) -> Canned {
        Canned {
            answers: answers.iter().map(|a| a.to_string()).collect(),
            asked: vec![],
        }
    }

    fn project(dir: &Path) -> PathBuf {
        let manifest = dir.join("Cargo.toml");
        std::fs::write(
            &manifest,
            "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[package.metadata.gtdx]\nid = \"acme.x\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.join("keys")).unwrap();
        std::fs::write(dir.join("keys/x.key"), "not read here").unwrap();
        manifest
    }

    #[test]
    fn a_project_is_asked_everything_the_flags_left_out() {
        let tmp = tempfile::tempdir().unwrap();
        let home = Home::new(tmp.path().join("home"));
        let manifest = project(tmp.path());
        let given = Given {
            manifest: Some(manifest.clone()),
            ..Given::default()
        };
        // registry: bad then a file registry; version: bad then 0.2.0; sign: no; dry run: yes
        let dir = format!("file://{}", tmp.path().join("reg").display());
        let mut p = canned(&["nowhere", &dir, "x.y", "0.2.0", "n", "y"]);
        let plan = super::plan(&given, &home, &mut p).unwrap();
        assert_eq!(
            p.asked,
            [
                "REGISTRY", "REGISTRY", "VERSION", "VERSION", "SIGN", "DRY_RUN"
            ]
        );
        assert_eq!(plan.registry, dir);
        assert_eq!(plan.version.as_deref(), Some("0.2.0"));
        assert_eq!(plan.sign, None);
        assert!(plan.dry_run);
        assert_eq!(
            plan.source,
            Source::Project {
                manifest,
                id: Some("acme.x".into()),
                version: Some("0.1.0".into())
            }
        );
    }

    #[test]
    fn given_flags_are_not_asked_and_the_end_of_input_stops() {
        let tmp = tempfile::tempdir().unwrap();
        let home = Home::new(tmp.path().join("home"));
        let manifest = project(tmp.path());
        let given = Given {
            manifest: Some(manifest),
            registry: Some("local".into()),
            version: Some("0.3.0".into()),
            sign: true,
            key: Some(KeyChoice::Id("ci".into())),
            dry_run: true,
            ..Given::default()
        };
        let mut p = canned(&[]);
        let plan = super::plan(&given, &home, &mut p).unwrap();
        assert!(p.asked.is_empty(), "{:?}", p.asked);
        assert_eq!(plan.version.as_deref(), Some("0.3.0"));
        assert_eq!(plan.sign, Some(KeyChoice::Id("ci".into())));
        assert!(!confirm(&mut canned(&["n"])).unwrap());

        // the current version kept: nothing to write
        let given = Given {
            registry: Some("local".into()),
            ..given
        };
        let given = Given {
            version: None,
            sign: false,
            key: None,
            ..given
        };
        let mut p = canned(&["", "n"]);
        let plan = super::plan(&given, &home, &mut p).unwrap();
        assert_eq!(plan.version, None);

        // input ends at the signing question
        let mut p = canned(&[""]);
        let e = super::plan(&given, &home, &mut p).unwrap_err();
        assert!(e.to_string().contains(prompts::SIGN), "{e}");
    }

    #[test]
    fn offered_keys_are_the_homes_ids_and_the_projects_files() {
        let tmp = tempfile::tempdir().unwrap();
        let home = Home::new(tmp.path().join("home"));
        std::fs::create_dir_all(home.root.join("keys")).unwrap();
        std::fs::write(home.root.join("keys/release.key"), "").unwrap();
        let manifest = project(tmp.path());
        let given = Given {
            manifest: Some(manifest.clone()),
            key_env: Some("GTDX_TEST_WIZARD_UNSET_VAR".into()),
            ..Given::default()
        };
        let source = source(&given);
        let offered = key_candidates(&given, &source, &home);
        assert_eq!(
            offered,
            [
                KeyChoice::Id("release".into()),
                KeyChoice::File(tmp.path().join("keys/x.key"))
            ]
        );
        assert_eq!(
            parse_key("release", &offered).unwrap(),
            KeyChoice::Id("release".into())
        );
        assert_eq!(
            parse_key("$K", &offered).unwrap(),
            KeyChoice::Env("K".into())
        );
        assert!(parse_key("", &offered).is_err());
    }
}
