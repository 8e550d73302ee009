//! The platform's rules on `contributions.views[]`: `E_VIEW_ID_PATTERN` (checked first; a view
//! with a bad id gets no other check), `W_VIEW_SLOT_UNKNOWN`, `E_VIEW_ENTRY_PATH`, and, with the
//! package directory, `E_VIEW_ENTRY_MISSING`, `E_VIEW_ENTRY_UNREADABLE` and
//! `E_VIEW_REMOTE_ASSET` on `assets/views/<id>/<entry>`.

use gtdx_contract::codes;
use std::path::Path;

use gtdx_contract::KNOWN_VIEW_SLOTS;
use gtdx_contract::paths::VIEWS_DIR;
use serde_json::Value;

use super::{array, project_file};
use crate::explain::nearest;
use crate::validate::Sink;

const VIEWS: &str = "/contributions/views";

pub(super) fn run(sink: &mut Sink<'_, '_>, d: &Value, dir: Option<&Path>) {
    for (i, view) in array(d, VIEWS).iter().enumerate() {
        let base = format!("{VIEWS}/{i}");
        let id = view
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("<unnamed>");
        if !gtdx_contract::invariants::is_view_id(id) {
            // Before the id is joined into a path: `../x` is a bad id, not a missing file.
            sink.at(
                codes::E_VIEW_ID_PATTERN,
                &format!("{base}/id"),
                format!("view id \"{id}\" does not match ^[a-z0-9][a-z0-9._-]*$; this view's other checks were skipped"),
                Some("use lowercase letters, digits, '.', '_' and '-', starting with a letter or digit, e.g. \"governance\"".into()),
            );
            continue;
        }
        if let Some(slot) = view.pointer("/placement/slot").and_then(Value::as_str) {
            slot_known(
                sink,
                &base,
                id,
                slot,
                view.get("surface").and_then(Value::as_str),
            );
        }
        let Some(entry) = view.get("entry").and_then(Value::as_str) else {
            continue;
        };
        let view_dir = format!("{VIEWS_DIR}/{id}");
        if entry_path_escapes(entry) {
            sink.at(
                codes::E_VIEW_ENTRY_PATH,
                &format!("{base}/entry"),
                format!("view \"{id}\": entry \"{entry}\" escapes {view_dir}/ (it is absolute or has a '..' segment)"),
                Some(format!("give the HTML file's path relative to {view_dir}/, e.g. \"index.html\"")),
            );
            continue;
        }
        let Some(file) = project_file(dir, &format!("{view_dir}/{entry}")) else {
            continue;
        };
        if !file.exists() {
            sink.at(
                codes::E_VIEW_ENTRY_MISSING,
                &format!("{base}/entry"),
                format!(
                    "view \"{id}\": its entry {view_dir}/{entry} does not exist (looked for {})",
                    file.display()
                ),
                Some(format!(
                    "create {view_dir}/{entry} next to describe.json (`gtdx build` packs everything under assets/), or fix `entry`"
                )),
            );
            continue;
        }
        let html = match gtdx_fsx::read_text(&file, gtdx_fsx::limits::ASSET) {
            Ok(html) => html,
            Err(e) => {
                let e = e.source;
                sink.at(
                    codes::E_VIEW_ENTRY_UNREADABLE,
                    &format!("{base}/entry"),
                    format!(
                        "view \"{id}\": its entry {} exists but cannot be read as UTF-8 text ({e}), so its contents could not be checked",
                        file.display()
                    ),
                    Some("make the entry a readable UTF-8 HTML file (check its encoding and permissions, and that it is not a directory)".into()),
                );
                continue;
            }
        };
        if let Some(marker) = remote_asset(&html) {
            sink.at(
                codes::E_VIEW_REMOTE_ASSET,
                &format!("{base}/entry"),
                format!(
                    "view \"{id}\": {view_dir}/{entry} loads a remote asset ({marker}…); the pack's digests would vouch for a page that pulls unverified code at run time"
                ),
                Some(format!(
                    "ship the script, stylesheet or image inside the pack (under {view_dir}/) and reference it by a relative path"
                )),
            );
        }
    }
}

/// The platform's test for an entry that leaves the view's directory: absolute, or a `..`
/// segment.
pub(crate) fn entry_path_escapes(entry: &str) -> bool {
    entry.starts_with('/') || entry.split('/').any(|seg| seg == "..")
}

/// `W_VIEW_SLOT_UNKNOWN`.
fn slot_known(sink: &mut Sink<'_, '_>, base: &str, id: &str, slot: &str, surface: Option<&str>) {
    if KNOWN_VIEW_SLOTS.contains(&slot) {
        return;
    }
    let suggestion = nearest(slot, KNOWN_VIEW_SLOTS)
        .map(|n| format!("did you mean \"{n}\"? "))
        .unwrap_or_default();
    let other_surface = match (slot.split('.').next(), surface) {
        (Some(prefix), Some(surface)) => {
            prefix != surface && matches!(prefix, "designer" | "admin")
        }
        _ => false,
    };
    let mismatch = if other_surface {
        format!(
            " (and it belongs to another surface than this view's \"{}\")",
            surface.unwrap_or_default()
        )
    } else {
        String::new()
    };
    sink.at(
        codes::W_VIEW_SLOT_UNKNOWN,
        &format!("{base}/placement/slot"),
        format!(
            "view \"{id}\": slot \"{slot}\" is not a slot the hosts are known to define{mismatch}; a host that cannot resolve it mounts the view under \"Extensions\""
        ),
        Some(format!(
            "{suggestion}known slots: {} (a snapshot: a slot added since is fine)",
            KNOWN_VIEW_SLOTS.join(", ")
        )),
    );
}

/// The first remote asset reference in `html`, by the platform's scan: lowercased, tag by tag,
/// `href` inside `<link>` and `src` inside `<script>`/`<img>`, starting `http` or `//`, in
/// either quote. A hyperlink (`<a href>`) is not an asset.
fn remote_asset(html: &str) -> Option<String> {
    let lowered = html.to_lowercase();
    for chunk in lowered.split('<').skip(1) {
        let Some(end) = chunk.find('>') else {
            continue;
        };
        let body = &chunk[..end];
        let name = body
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .next()
            .unwrap_or("");
        let attr = match name {
            "link" => "href=",
            "script" | "img" => "src=",
            _ => continue,
        };
        for quote in ['"', '\''] {
            for start in ["http", "//"] {
                let marker = format!("{attr}{quote}{start}");
                if body.contains(&marker) {
                    return Some(format!("<{name} {marker}"));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::Options;
    use crate::platform::testing::findings;

    fn doc(views: Value) -> Value {
        json!({"$schema": gtdx_contract::SCHEMA_URL, "contributions": {"views": views}})
    }

    fn codes_in(d: &Value, dir: &Path) -> Vec<String> {
        findings(d, &Options::lint().in_dir(dir))
            .into_iter()
            .map(|f| f.0)
            .collect()
    }

    #[test]
    fn a_bad_id_skips_the_other_checks() {
        let tmp = tempfile::tempdir().unwrap();
        let d = doc(json!([
            {"id": "../x", "entry": "/abs", "placement": {"slot": "nope"}},
            {"entry": "a.html"},
            {"id": "ok.v-1_2", "placement": {"slot": "designer.sidebar"}}
        ]));
        assert_eq!(
            codes_in(&d, tmp.path()),
            vec!["E_VIEW_ID_PATTERN", "E_VIEW_ID_PATTERN"]
        );
    }

    #[test]
    fn slot_and_entry_path() {
        let d = doc(json!([
            {"id": "a", "surface": "designer", "placement": {"slot": "admin.sidebars"}},
            {"id": "b", "entry": "x/../../y.html"},
            {"id": "c", "entry": "/etc/passwd"},
            {"id": "d", "entry": "./index.html", "placement": {"slot": "admin.tenantDetail"}}
        ]));
        // without a directory the file checks are skipped
        let f = findings(&d, &Options::lint());
        let c: Vec<&str> = f.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            c,
            [
                "W_VIEW_SLOT_UNKNOWN",
                "E_VIEW_ENTRY_PATH",
                "E_VIEW_ENTRY_PATH"
            ]
        );
        assert!(f[0].2.contains("another surface"), "{}", f[0].2);
    }

    #[test]
    fn entry_files() {
        let tmp = tempfile::tempdir().unwrap();
        let views = tmp.path().join("assets/views");
        for v in ["ok", "remote", "bad", "link", "dir"] {
            std::fs::create_dir_all(views.join(v)).unwrap();
        }
        std::fs::write(
            views.join("ok/index.html"),
            "<a href=\"https://x\">x</a><script src=\"app.js\"></script>",
        )
        .unwrap();
        std::fs::write(
            views.join("remote/index.html"),
            "<SCRIPT SRC='//cdn.example/x.js'></script>",
        )
        .unwrap();
        std::fs::write(
            views.join("link/index.html"),
            "<link rel=stylesheet href=\"http://x/a.css\">",
        )
        .unwrap();
        std::fs::write(views.join("bad/index.html"), b"\xff\xfe\xfd").unwrap();
        std::fs::create_dir_all(views.join("dir/index.html")).unwrap();
        let d = doc(json!([
            {"id": "ok", "entry": "index.html"},
            {"id": "remote", "entry": "index.html"},
            {"id": "link", "entry": "index.html"},
            {"id": "bad", "entry": "index.html"},
            {"id": "dir", "entry": "index.html"},
            {"id": "gone", "entry": "index.html"}
        ]));
        assert_eq!(
            codes_in(&d, tmp.path()),
            vec![
                "E_VIEW_REMOTE_ASSET",
                "E_VIEW_REMOTE_ASSET",
                "E_VIEW_ENTRY_UNREADABLE",
                "E_VIEW_ENTRY_UNREADABLE",
                "E_VIEW_ENTRY_MISSING"
            ]
        );
    }
}
