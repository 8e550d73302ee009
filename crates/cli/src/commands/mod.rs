//! One module per subcommand.

pub mod build;
pub mod completions;
pub mod describe;
pub mod dev;
pub mod doctor;
pub mod explain;
pub mod inspect;
pub mod key;
pub mod keygen;
pub mod lint;
pub mod migrate;
pub mod new;
pub mod pack;
pub mod sign;
pub mod validate;
pub mod verify;
pub mod worker;
