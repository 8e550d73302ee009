use gtdx_sdk::Schema;
use serde::Deserialize;

#[derive(Deserialize, Schema)]
pub struct Signup {
    #[schema(fromat = "email")]
    pub email: String,
    #[schema(minimum = 10, maximum = 1)]
    pub age: u8,
}

fn main() {}
