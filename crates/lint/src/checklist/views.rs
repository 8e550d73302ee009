//! A view's entry written as the pack stores it (`W_VIEW_ENTRY_FORM`); the platform's view rules
//! (id, slot, escape, missing file, remote assets) are in [`crate::platform`].

use gtdx_contract::Describe;
use gtdx_contract::codes;
use gtdx_contract::paths::{VIEWS_DIR, check_entry_path};

use crate::platform::entry_path_escapes;
use crate::validate::Sink;

pub(super) fn views(sink: &mut Sink<'_, '_>, d: &Describe) {
    let views = d.contributions.views.as_slice();
    for (i, view) in views.iter().enumerate() {
        let entry = view.entry.as_str();
        if entry_path_escapes(entry) {
            continue; // the platform's E_VIEW_ENTRY_PATH
        }
        let reason = if entry.contains("://") {
            Some("is a URL; a view's entry is a file of the pack".to_string())
        } else {
            check_entry_path(entry, false).err()
        };
        if let Some(reason) = reason {
            let dir = format!("{VIEWS_DIR}/{}", view.id);
            sink.at(
                codes::W_VIEW_ENTRY_FORM,
                &format!("/contributions/views/{i}/entry"),
                format!(
                    "view \"{}\": entry \"{entry}\" {reason}; the pack stores files under normalised `/`-separated names, so a host looking it up by this name may not find it",
                    view.id
                ),
                Some(format!(
                    "write the path relative to {dir}/ as plain `/`-separated names, e.g. \"index.html\" or \"pages/main.html\""
                )),
            );
        }
    }
}
