//! One module per subcommand.

pub mod build;
pub mod completions;
pub mod describe;
pub mod dev;
pub mod doctor;
pub mod dynamic;
pub mod enable;
pub mod explain;
pub mod info;
pub mod inspect;
pub mod install;
pub mod key;
pub mod keygen;
pub mod lint;
pub mod list;
pub mod migrate;
pub mod new;
pub mod pack;
pub mod publish;
pub mod search;
pub mod sign;
pub mod uninstall;
pub mod validate;
pub mod verify;
pub mod worker;
