//! gtdx's operations: one function per user-level operation; the CLI parses, calls one of
//! these, and renders the outcome.
//!
//! Every operation lives in its own module, named after what the user asks for:
//!
//! | operation                         | module        | function                       |
//! | --------------------------------- | ------------- | ------------------------------ |
//! | `gtdx build`                      | [`build`]     | [`build::build`]               |
//! | `gtdx describe` (and `--check`)   | [`describe`]  | [`describe::describe`]         |
//! | `gtdx new`, `gtdx init`           | [`new`]       | [`new::create`]                |
//! | `gtdx lint`, `gtdx validate`      | [`lint`]      | [`lint::check`]                |
//! | `gtdx explain`, `lint --explain`  | [`explain`]   | [`explain::explain`]           |
//! | `gtdx pack`                       | [`pack`]      | [`pack::pack`]                 |
//! | `gtdx sign`                       | [`sign`]      | [`sign::sign`]                 |
//! | `gtdx verify`                     | [`verify`]    | [`verify::verify`]             |
//! | `gtdx worker build` / `inspect`   | [`worker`]    | [`worker::build`], [`worker::inspect`] |
//! | `gtdx inspect`                    | [`inspect`]   | [`inspect::inspect`]           |
//! | `gtdx run`                        | [`run`]       | [`run::run`]                   |
//! | `gtdx test`                       | [`test`]      | [`test::test`]                 |
//! | `gtdx keygen`, `gtdx key export`  | [`keys`]      | [`keys::keygen`], [`keys::export`] |
//! | `gtdx dev`                        | [`dev`]       | [`dev::dev`]                   |
//! | `gtdx doctor`                     | [`doctor`]    | [`doctor::doctor`]             |
//! | `gtdx dynamic admit` / `catalog`  | [`dynamic`]   | [`dynamic::admit`], [`dynamic::show_catalog`] |
//! | `gtdx migrate`                    | [`migrate`]   | [`migrate::migrate`]           |
//! | `gtdx publish`                    | [`publish`]   | [`publish::publish`]           |
//! | `gtdx install`                    | [`install`]   | [`install::install`]           |
//! | `gtdx list`, `uninstall`, `enable`, `disable` | [`installed`] | [`installed::list`], [`installed::uninstall`], [`installed::set_enabled`] |
//! | `gtdx search`, `gtdx info`        | [`search`]    | [`search::search`], [`search::info`] |
//! | `gtdx sdk`                        | [`sdk`]       | [`sdk::status`], [`sdk::switch`] |
//! | `gtdx yank`, `gtdx unyank`        | [`yank`]      | [`yank::set_yanked`] |
//! | `gtdx registries`, `login`, `logout` | [`registries`] | [`registries::list`], [`registries::add`], [`registries::login`], [`registries::logout`] |
//!
//! Each takes an options struct and returns a structured outcome (the result and its
//! diagnostics) or a typed error; none prints. Operations a user waits on (`build`, `pack`,
//! `dev`, and `run`/`test`, which may build first) report their steps to a caller-supplied
//! [`progress::Progress`] as they happen, so the CLI can draw a progress bar or print JSON event
//! lines; the others are one short step and only return. Context about *how* the user asked
//! (which flag) is added by the CLI, not here.
//!
//! Data flows one way: CLI → ops → the capability crates → `gtdx-contract` → `gtdx-fsx`. The
//! crates and which may use which are the table under "Layers" in CONTRIBUTING.md (a test
//! holds the workspace to it). The types a caller needs to read an outcome are re-exported by the
//! operation's module, so the CLI depends on this crate alone.

pub mod build;
pub mod describe;
pub mod dev;
pub mod doctor;
pub mod dynamic;
pub mod explain;
pub mod inspect;
pub mod install;
pub mod installed;
pub mod keys;
pub mod lint;
pub mod migrate;
pub mod new;
pub mod openapi;
pub mod outdated;
pub mod pack;
pub mod progress;
pub mod publish;
pub mod registries;
pub mod run;
pub mod sdk;
pub mod search;
pub mod sign;
pub mod test;
pub mod verify;
pub mod worker;
pub mod yank;

/// `gtdx --home DIR`: the home of this process, over `$GREENTIC_HOME`.
pub use gtdx_contract::home::use_home;
pub use gtdx_contract::lines::LineIndex;
pub use gtdx_contract::par::drop_in_background;
/// The questions wizards ask (`gtdx new`, `gtdx publish --wizard`); the CLI asks them on a terminal.
pub use gtdx_contract::prompt;
pub use gtdx_contract::text::count;
/// What a pack, a registry or a manifest says, shown as text (the CLI's renderers use it).
pub use gtdx_contract::text::{
    Untrusted, escape as escape_untrusted, escape_keep_lines, join_untrusted,
};
/// URLs shown without the user name or password they may carry.
pub use gtdx_contract::urls::{mask_credentials, without_credentials};
pub use gtdx_contract::{Diagnostic, Severity};

/// An error and its causes as one paragraph: `message: cause: cause`. Library errors often
/// already carry their source in their message; each cause is said once.
pub fn error_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(&format!(": {cause_text}"));
        }
        source = cause.source();
    }
    text
}
