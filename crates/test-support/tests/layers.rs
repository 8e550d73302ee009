//! The layer rule of CONTRIBUTING.md ("Layers": which crate may depend on which), checked
//! against the workspace as `cargo metadata` sees it. The table in the document is the only
//! copy of the rule, so the two cannot drift: a new dependency arrow between our crates is
//! either added to the table (and reviewed there) or this test fails.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use gtdx_test_support::{read, workspace_root};

/// What a row allows.
#[derive(Debug)]
enum Allowed {
    Any,
    Only(BTreeSet<String>),
}

/// The rows of the table under `### Layers`: crate → what it may depend on.
fn layer_table(doc: &str) -> BTreeMap<String, Allowed> {
    let section = doc
        .split_once("\n### Layers\n")
        .map(|(_, rest)| rest)
        .expect("CONTRIBUTING.md has a `### Layers` section");
    let mut rows = BTreeMap::new();
    for line in section.lines().skip_while(|l| !l.starts_with('|')) {
        let Some(row) = line.strip_prefix('|') else {
            break; // the table ends at its first non-row line
        };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (Some(name), Some(deps)) = (cells.first(), cells.get(1)) else {
            panic!("a layer row has two cells: {line}");
        };
        let Some(name) = name.strip_prefix('`').and_then(|n| n.strip_suffix('`')) else {
            continue; // the header and the `|---|` line
        };
        let allowed = match *deps {
            "any" => Allowed::Any,
            "nothing" => Allowed::Only(BTreeSet::new()),
            list => Allowed::Only(
                list.split(',')
                    .map(|d| d.trim().trim_matches('`').to_string())
                    .collect(),
            ),
        };
        assert!(
            rows.insert(name.to_string(), allowed).is_none(),
            "{name} has two rows"
        );
    }
    assert!(!rows.is_empty(), "the Layers section has no table");
    rows
}

/// Every workspace package and its normal and build dependencies on other workspace packages.
fn workspace_arrows() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(workspace_root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let packages = meta["packages"].as_array().expect("packages");
    let ours: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut arrows = BTreeMap::new();
    for p in packages {
        let name = p["name"].as_str().expect("a package name");
        let deps = p["dependencies"].as_array().expect("dependencies");
        let to: BTreeSet<String> = deps
            .iter()
            // kind: null (normal), "build" or "dev"; tests may use anything
            .filter(|d| d["kind"].as_str() != Some("dev"))
            .filter_map(|d| d["name"].as_str())
            .filter(|d| ours.contains(d))
            .map(str::to_string)
            .collect();
        arrows.insert(name.to_string(), to);
    }
    arrows
}

/// What breaks the table: arrows it does not allow, crates without a row, rows without a crate.
fn violations(
    table: &BTreeMap<String, Allowed>,
    arrows: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut bad = Vec::new();
    for (from, to) in arrows {
        match table.get(from) {
            None => bad.push(format!("{from} has no row in the table")),
            Some(Allowed::Any) => {}
            Some(Allowed::Only(allowed)) => bad.extend(
                to.iter()
                    .filter(|t| !allowed.contains(*t))
                    .map(|t| format!("{from} → {t} is not allowed")),
            ),
        }
    }
    for (name, allowed) in table {
        if !arrows.contains_key(name) {
            bad.push(format!("the row `{name}` names no workspace crate"));
        }
        if let Allowed::Only(allowed) = allowed {
            bad.extend(
                allowed
                    .iter()
                    .filter(|a| !arrows.contains_key(*a))
                    .map(|a| format!("the row `{name}` allows `{a}`, which is no workspace crate")),
            );
        }
    }
    bad
}

#[test]
fn every_dependency_between_our_crates_follows_the_layer_table() {
    let doc = workspace_root().join("CONTRIBUTING.md");
    let table = layer_table(&read(&doc));
    let bad = violations(&table, &workspace_arrows());
    assert!(
        bad.is_empty(),
        "the crates' dependencies break the layer rule of CONTRIBUTING.md (### Layers):\n  {}\n\
         Either the dependency goes (the code it needs lives lower, or the caller passes it in), \
         or the table and the diagram above it gain the arrow, reviewed as a change of design.",
        bad.join("\n  ")
    );
}

#[test]
fn an_arrow_the_table_lacks_is_reported() {
    let table = layer_table(
        "\n### Layers\n\n| crate | may depend on |\n|---|---|\n| `a` | `b` |\n| `b` | nothing |\n| `x` | any |\n\nprose\n| `z` | nothing |\n",
    );
    let arrows = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
        ("x".to_string(), BTreeSet::from(["a".to_string()])),
        ("c".to_string(), BTreeSet::new()),
    ]);
    assert_eq!(
        violations(&table, &arrows),
        ["b → a is not allowed", "c has no row in the table"]
    );
}

/// README.md's "Layout" names every crate under `crates/` (it once listed 14 of 19).
#[test]
fn the_readme_layout_names_every_crate() {
    let readme = read(&workspace_root().join("README.md"));
    let layout = readme
        .split_once("\n## Layout\n")
        .and_then(|(_, rest)| rest.split("\n```\n").next())
        .expect("README.md has a `## Layout` section with a text block");
    let crates = workspace_root().join("crates");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&crates).expect("crates/ is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.join("Cargo.toml").is_file() && !layout.contains(&format!("crates/{name}/")) {
            missing.push(format!("crates/{name}/"));
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "README.md's Layout does not name {}: add a line saying what each holds",
        missing.join(", ")
    );
}
