//! The report of a dynamic-tool admission, shared by `gtdx dynamic admit` and
//! `gtdx test --discovery`, and the exit code its `--deny-rejected`/`--deny-withheld` flags give.

use std::fmt::Write as _;
use std::process::ExitCode;

use gtdx_ops::dynamic::AdmitOutcome;

use crate::exit;
use crate::shell::{Failure, Shell, Untrusted, count};

/// The admission report as people read it. Keys, names, descriptions and reasons quote what
/// the discovery returned: each is shown [`Untrusted`].
pub fn render_admission(outcome: &AdmitOutcome, shell: &mut Shell) -> anyhow::Result<()> {
    let r = &outcome.report;
    let mut out = String::new();
    writeln!(
        out,
        "{} submitted: {} admitted, {} withheld, {} rejected (capacity {}, set by {})",
        r.counts.submitted,
        r.counts.admitted,
        r.counts.withheld,
        r.counts.rejected,
        r.capacity.limit,
        r.capacity.set_by
    )?;
    if !r.admitted.is_empty() {
        writeln!(out, "\nadmitted (what the agent sees):")?;
        for t in &r.admitted {
            writeln!(out, "  {}  {}", Untrusted(&t.key), Untrusted(&t.agent.id))?;
            writeln!(out, "      name:        {}", Untrusted(&t.agent.name))?;
            writeln!(
                out,
                "      description: {}",
                Untrusted(&t.agent.description)
            )?;
            writeln!(
                out,
                "      input:       {}",
                serde_json::to_string(&t.agent.input_schema)?
            )?;
            writeln!(out, "      digest:      {}", t.digest)?;
            for c in &t.changes {
                writeln!(
                    out,
                    "      neutralised {}: {:?} -> {:?}",
                    c.field, c.before, c.after
                )?;
            }
        }
    }
    if !r.withheld.is_empty() {
        writeln!(out, "\nwithheld (an admin may expand the envelope):")?;
        for w in &r.withheld {
            writeln!(
                out,
                "  /{} {}  [control {}] {}",
                w.index,
                Untrusted(&w.key),
                w.control,
                Untrusted(&w.reason)
            )?;
            writeln!(out, "      to admit: {}", Untrusted(&w.expand))?;
        }
    }
    if !r.rejected.is_empty() {
        writeln!(out, "\nrejected (no admin can approve):")?;
        for x in &r.rejected {
            writeln!(
                out,
                "  {} {}  [control {}] {}",
                Untrusted(&x.pointer),
                Untrusted(x.key.as_deref().unwrap_or("-")),
                x.control,
                Untrusted(&x.reason)
            )?;
        }
    }
    shell.print(out);
    if let Some(c) = &outcome.catalog {
        shell.status(
            "Synced",
            format!(
                "catalog of connection `{}` (sync #{}): {} added, {} removed, {} changed, {} unchanged ({})",
                Untrusted(&c.connection),
                c.sync,
                c.last_sync.added.len(),
                c.last_sync.removed.len(),
                c.last_sync.changed.len(),
                c.last_sync.unchanged,
                c.path.display()
            ),
        );
    }
    Ok(())
}

/// Exit 1 when `--deny-rejected` or `--deny-withheld` finds what it denies, else 0.
pub fn deny_exit(
    shell: &mut Shell,
    outcome: &AdmitOutcome,
    deny_rejected: bool,
    deny_withheld: bool,
) -> anyhow::Result<ExitCode> {
    let r = &outcome.report;
    let denied = [
        (
            deny_rejected,
            r.counts.rejected,
            "rejected",
            "--deny-rejected",
        ),
        (
            deny_withheld,
            r.counts.withheld,
            "withheld",
            "--deny-withheld",
        ),
    ]
    .into_iter()
    .find(|(deny, n, _, _)| *deny && *n > 0);
    if let Some((_, n, what, flag)) = denied {
        // In JSON the report is the one document; the exit code says the rest.
        if shell.is_json() {
            return Ok(exit::code(exit::FINDINGS));
        }
        return Ok(shell.fail(
            Failure::message(format!(
                "{} {what} ({flag})",
                count(n, "descriptor was", "descriptors were")
            ))
            .code(exit::FINDINGS),
        ));
    }
    Ok(exit::code(exit::OK))
}
