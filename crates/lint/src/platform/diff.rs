//! `W_DESCRIBE_DIFF_BREAKING`: what a previous version of the extension offered that this
//! describe no longer does, without a version bump that says so. The platform's rule: the
//! surface is the tool names (`name`, else `id`), the node types' `type_id`s and the offered
//! capability ids; anything of the baseline's missing now is a breaking removal, excused only by
//! a major bump, or a minor bump under 0.x.
//!
//! The baseline is an explicit describe.json (`gtdx lint --baseline FILE`), or the installed
//! copy, as the platform's lint finds it: the highest `<id>-<version>` directory under
//! `<GREENTIC_HOME>/extensions/<kind dir>/`.

use gtdx_contract::codes;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{array, quoted, string};
use crate::load::LoadError;
use crate::validate::Sink;

/// What `gtdx lint` compares the manifest with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum BaselineSource {
    /// No comparison (the library default; `gtdx lint --baseline none`).
    #[default]
    None,
    /// The installed copy of the same extension under this Greentic home (`--baseline
    /// installed`, `gtdx lint`'s default). Silent when nothing is installed or it cannot be read.
    Installed(PathBuf),
    /// A describe.json file; one that cannot be read or parsed is bad input.
    File(PathBuf),
}

/// A loaded baseline.
#[derive(Debug, Clone)]
pub(crate) struct Baseline {
    /// Where it came from, for the message.
    pub origin: String,
    pub doc: Value,
}

pub use gtdx_contract::home::greentic_home;

/// Loads the baseline for the manifest `doc`. Only an explicit file can fail.
pub(crate) fn resolve(source: &BaselineSource, doc: &Value) -> Result<Option<Baseline>, LoadError> {
    match source {
        BaselineSource::None => Ok(None),
        BaselineSource::File(path) => {
            let doc = gtdx_contract::json::load(path)?;
            Ok(Some(Baseline {
                origin: doc.file,
                doc: doc.value,
            }))
        }
        BaselineSource::Installed(home) => Ok(installed(home, doc)),
    }
}

/// The describe.json of the highest installed `<id>-<version>`, if any can be read.
fn installed(home: &Path, doc: &Value) -> Option<Baseline> {
    let id = string(doc, "/metadata/id")?;
    let kind_dir = gtdx_contract::home::kind_dir(string(doc, "/kind")?)?;
    let (_, dir) = gtdx_contract::home::installed_versions(home, kind_dir, id).pop()?;
    let path = dir.join("describe.json");
    // Read as every describe.json is; one that does not load is no baseline (silently).
    let doc = gtdx_contract::json::load(&path).ok()?;
    Some(Baseline {
        origin: format!("the installed {}", doc.file),
        doc: doc.value,
    })
}

#[derive(Default)]
struct Surface<'v> {
    tools: BTreeSet<&'v str>,
    node_types: BTreeSet<&'v str>,
    offered: BTreeSet<&'v str>,
}

fn surface(d: &Value) -> Surface<'_> {
    let names = |pointer: &str, keys: &[&str]| -> BTreeSet<&str> {
        array(d, pointer)
            .iter()
            .filter_map(|it| keys.iter().find_map(|k| it.get(*k)).and_then(Value::as_str))
            .collect()
    };
    Surface {
        tools: names("/contributions/tools", &["name", "id"]),
        node_types: names("/contributions/nodeTypes", &["type_id"]),
        offered: names("/capabilities/offered", &["id"]),
    }
}

/// Whether going from `prev` to `cur` announces a breaking change: a higher version with a
/// higher major, or a higher minor while the major is 0.
pub(crate) fn is_breaking_bump(prev: &semver::Version, cur: &semver::Version) -> bool {
    cur > prev && (cur.major > prev.major || (prev.major == 0 && cur.minor > prev.minor))
}

pub(crate) fn run(sink: &mut Sink<'_, '_>, d: &Value, baseline: &Baseline) {
    let now = surface(d);
    let before = surface(&baseline.doc);
    let mut removed = Vec::new();
    for (what, b, n) in [
        ("tools", &before.tools, &now.tools),
        ("nodeTypes", &before.node_types, &now.node_types),
        ("capabilities.offered", &before.offered, &now.offered),
    ] {
        let gone: Vec<&&str> = b.difference(n).collect();
        if !gone.is_empty() {
            removed.push(format!("{what} {}", quoted(gone)));
        }
    }
    if removed.is_empty() {
        return;
    }
    let prev = string(&baseline.doc, "/metadata/version").unwrap_or("");
    let cur = string(d, "/metadata/version").unwrap_or("");
    let parsed = (semver::Version::parse(prev), semver::Version::parse(cur));
    if let (Ok(p), Ok(c)) = &parsed
        && is_breaking_bump(p, c)
    {
        return;
    }
    let next = match &parsed.0 {
        Ok(p) if p.major == 0 => format!("0.{}.0", p.minor + 1),
        Ok(p) => format!("{}.0.0", p.major + 1),
        Err(_) => "a new major version".to_string(),
    };
    sink.at(
        codes::W_DESCRIBE_DIFF_BREAKING,
        "/metadata/version",
        format!(
            "compared with version \"{prev}\" ({}), this describe removes {}, but metadata.version \"{cur}\" does not announce a breaking change",
            baseline.origin,
            removed.join("; ")
        ),
        Some(format!(
            "restore what was removed, or, if the removal is intended, bump metadata.version to {next}"
        )),
    );
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::validate::{Doc, Sink};

    fn ext(version: &str, tools: &[&str]) -> Value {
        let tools: Vec<Value> = tools.iter().map(|t| json!({"name": t})).collect();
        json!({
            "kind": "DesignExtension",
            "metadata": {"id": "greentic.demo", "version": version},
            "capabilities": {"offered": [{"id": "greentic:demo/x"}]},
            "contributions": {"tools": tools, "nodeTypes": [{"type_id": "demo.node"}]},
        })
    }

    fn diff(cur: &Value, prev: &Value) -> Vec<String> {
        let text = cur.to_string();
        let doc = Doc::new("describe.json", &text);
        let mut sink = Sink::new(&doc);
        let b = Baseline {
            origin: "base.json".into(),
            doc: prev.clone(),
        };
        run(&mut sink, cur, &b);
        sink.out.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn removals_warn_unless_the_bump_is_breaking() {
        let prev = ext("1.4.2", &["a", "b"]);
        assert!(
            diff(&ext("1.4.2", &["a", "b", "c"]), &prev).is_empty(),
            "additions are fine"
        );
        for v in ["1.4.2", "1.4.3", "1.5.0", "1.0.0", "x"] {
            let m = diff(&ext(v, &["a"]), &prev);
            assert_eq!(m.len(), 1, "{v}");
            assert!(m[0].contains("tools \"b\""), "{}", m[0]);
        }
        assert!(diff(&ext("2.0.0", &["a"]), &prev).is_empty());
        let prev0 = ext("0.3.1", &["a", "b"]);
        assert!(diff(&ext("0.4.0", &["a"]), &prev0).is_empty());
        assert_eq!(diff(&ext("0.3.2", &["a"]), &prev0).len(), 1);
        // node types and offered capabilities count too; a tool's `id` stands for its name
        let mut cur = ext("1.4.3", &[]);
        cur["contributions"]["tools"] = json!([{"id": "a"}, {"id": "b"}]);
        cur["contributions"]["nodeTypes"] = json!([]);
        cur["capabilities"]["offered"] = json!([]);
        let m = diff(&cur, &prev);
        assert!(
            m[0].contains("nodeTypes \"demo.node\"")
                && m[0].contains("capabilities.offered \"greentic:demo/x\""),
            "{}",
            m[0]
        );
    }

    #[test]
    fn installed_baseline_is_the_highest_version_of_the_same_kind_and_id() {
        let home = tempfile::tempdir().unwrap();
        let design = home.path().join("extensions/design");
        for (dir, tools) in [
            ("greentic.demo-1.2.0", &["a", "b", "c"][..]),
            ("greentic.demo-1.10.0", &["a", "b"][..]),
            ("greentic.demo-extra-9.0.0", &["z"][..]),
            ("greentic.demo-notaversion", &["y"][..]),
        ] {
            std::fs::create_dir_all(design.join(dir)).unwrap();
            let v = dir.rsplit('-').next().unwrap();
            std::fs::write(
                design.join(dir).join("describe.json"),
                ext(v, tools).to_string(),
            )
            .unwrap();
        }
        let cur = ext("1.10.1", &["a"]);
        let b = installed(home.path(), &cur).expect("found");
        assert!(b.origin.contains("greentic.demo-1.10.0"), "{}", b.origin);
        let mut other_kind = cur.clone();
        other_kind["kind"] = json!("BundleExtension");
        assert!(installed(home.path(), &other_kind).is_none());
        other_kind["kind"] = json!("SomethingElse");
        assert!(installed(home.path(), &other_kind).is_none());
        assert!(installed(&home.path().join("nope"), &cur).is_none());
    }

    #[test]
    fn an_installed_describe_is_read_by_the_loader() {
        // serde_json reads `[1]`; the loader refuses it (a describe.json is an object), so the
        // installed copy is no baseline rather than an empty one.
        let home = tempfile::tempdir().unwrap();
        let dir = home.path().join("extensions/design/greentic.demo-1.0.0");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("describe.json"), "[1]").unwrap();
        assert!(installed(home.path(), &ext("1.0.1", &["a"])).is_none());
    }

    #[test]
    fn an_explicit_file_that_cannot_be_read_is_bad_input() {
        let tmp = tempfile::tempdir().unwrap();
        let missing = BaselineSource::File(tmp.path().join("nope.json"));
        let e = resolve(&missing, &json!({})).unwrap_err();
        assert!(e.to_string().contains("nope.json"), "{e}");
        let path = tmp.path().join("bad.json");
        std::fs::write(&path, "{oops").unwrap();
        let bad = BaselineSource::File(path.clone());
        assert_eq!(
            resolve(&bad, &json!({})).unwrap_err().to_string(),
            format!(
                "{}:1:2: not valid JSON: key must be a string",
                path.display()
            )
        );
    }
}
