//! How `build` and `pack` report their steps while they run.
//!
//! The event model is `gtdx-build`'s: its JSON form (`{"event": "<kind>", ...}`) is what
//! `--format json` prints, a public contract, so the operations hand those events on
//! rather than inventing a second set. This module adds `Recorder`, which forwards events to
//! the caller's sink and keeps the findings that ride on them, so an operation's outcome can
//! list every diagnostic it produced without the caller having to collect them.

pub use gtdx_build::{Event, Progress, Silent};
use gtdx_contract::Diagnostic;

/// Forwards everything to `inner`, keeping the `checked` event and its warnings.
pub(crate) struct Recorder<'a> {
    inner: &'a mut dyn Progress,
    /// Findings that did not stop the pack (e.g. a world gtdx cannot resolve).
    pub(crate) check_warnings: Vec<Diagnostic>,
    /// The last `checked` event (a build records it, to report it again when nothing changed).
    pub(crate) checked: Option<Event>,
}

impl<'a> Recorder<'a> {
    pub(crate) fn new(inner: &'a mut dyn Progress) -> Self {
        Recorder {
            inner,
            check_warnings: Vec::new(),
            checked: None,
        }
    }

    /// Reports an event of the operation's own (not one `gtdx-build` emits).
    pub(crate) fn emit(&mut self, event: &Event) {
        self.inner.event(event);
    }
}

impl Progress for Recorder<'_> {
    fn event(&mut self, event: &Event) {
        if let Event::Checked { warnings, .. } = event {
            self.check_warnings.extend(warnings.iter().cloned());
            self.checked = Some(event.clone());
        }
        self.inner.event(event);
    }

    fn cargo_stderr(&mut self, line: &str) {
        self.inner.cargo_stderr(line);
    }
}

/// The structured findings a `gtdx-build` error carries: the component check's diagnostics
/// (which its message also lists as text), none for the other failures.
pub(crate) fn build_error_diagnostics(e: &gtdx_build::BuildError) -> &[Diagnostic] {
    match e {
        gtdx_build::BuildError::Check { diagnostics, .. } => diagnostics,
        _ => &[],
    }
}
