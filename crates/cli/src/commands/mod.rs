//! One module per subcommand.

pub mod key;
pub mod keygen;
pub mod describe;
pub mod lint;
pub mod sign;
pub mod validate;
pub mod verify;
