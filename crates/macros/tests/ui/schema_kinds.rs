use gtdx_sdk::Schema;
use serde::Deserialize;

#[derive(Deserialize, Schema)]
pub struct Query {
    #[schema(minimum = 1)]
    pub text: String,
    #[schema(pattern = "^[0-9]+$")]
    pub limit: u32,
    #[schema(format = "uuid")]
    pub exact: bool,
    #[schema(min_items = 1)]
    pub tag: Option<String>,
    #[schema(minimum = 5000000000)]
    pub big: u32,
    #[schema(maximum = -1)]
    pub small: u8,
    #[schema(nullable = false)]
    pub plain: String,
    #[schema(default = "ten")]
    pub count: Option<u16>,
}

fn main() {}
