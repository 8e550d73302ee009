//! `extensions-state.json`, through registry's one reader (`gtdx_registry::state`: the
//! platform's model, one size cap) and its one rule for "enabled for this tenant"; doctor only
//! reports what they say.

use std::path::{Path, PathBuf};

pub(crate) use gtdx_registry::state::{DecidedBy, ExtensionState, decide};

use crate::Finding;

/// The state file under `home`, or why it cannot be used. A missing file is the platform's
/// default: every installed extension enabled.
pub(crate) enum Loaded {
    Missing(PathBuf),
    Read(PathBuf, Box<ExtensionState>),
    Broken(PathBuf, String),
}

pub(crate) fn load(home: &Path) -> Loaded {
    let home = gtdx_registry::Home::new(home);
    let path = home.state_file();
    match gtdx_registry::state::read_file(&home) {
        Ok(None) => Loaded::Missing(path),
        Ok(Some(state)) => Loaded::Read(path, Box::new(state)),
        Err(e) => Loaded::Broken(path, e.to_string()),
    }
}

/// Steps 5 and 6 of `doctor --tool` from a state file that reads: whether `id@version` is
/// enabled (the default scope, unless the tenant's entry turns it on), and what the tenant's
/// own entry says (`None` without a tenant). Both verdicts are registry's rule, [`decide`].
pub(crate) fn enabled_findings(
    path: &Path,
    st: &ExtensionState,
    id: &str,
    version: &str,
    tenant: Option<&str>,
) -> (Finding, Option<Finding>) {
    let key = format!("{id}@{version}");
    let base = decide(st, id, version, None);
    let for_tenant = tenant.map(|t| (t, decide(st, id, version, Some(t))));
    let enabled = match (base.by, base.enabled, for_tenant) {
        (DecidedBy::Nothing, ..) => Finding::pass(
            "enabled",
            format!(
                "{} says nothing of {key}: enabled by default",
                path.display()
            ),
        ),
        (_, true, _) => Finding::pass("enabled", format!("{key} is enabled in {}", path.display())),
        (_, false, Some((t, d))) if d.enabled => Finding::pass(
            "enabled",
            format!(
                "{key} is disabled in {} by default, and tenant `{t}` turns it on",
                path.display()
            ),
        ),
        (_, false, _) => Finding::fail(
            "enabled",
            format!("{key} is disabled in {}", path.display()),
            format!("gtdx enable {key}"),
        ),
    };
    let tenant = for_tenant.map(|(t, d)| match (d.by, d.enabled) {
        (DecidedBy::Tenant, false) => Finding::fail(
            "tenant",
            format!("tenant `{t}` turns {key} off"),
            format!("gtdx enable {key} --tenant {t}"),
        ),
        (DecidedBy::Tenant, true) => {
            Finding::pass("tenant", format!("tenant `{t}` turns {key} on"))
        }
        _ => Finding::pass("tenant", format!("tenant `{t}` does not turn {key} off")),
    });
    (enabled, tenant)
}
