// Issue #30 item 16: `#[schema]` keys that would change nothing are compile errors.
use gtdx_sdk::Schema;
use serde::Deserialize;

fn default_limit() -> u32 {
    10
}

#[derive(Deserialize, Schema)]
pub struct Query {
    #[schema(nullable)]
    pub a: Option<String>,
    #[schema(nullable = true)]
    pub b: Option<String>,
    #[schema(nullable = false)]
    pub c: Option<gtdx_sdk::serde_json::Value>,
    #[schema(nullable = false)]
    pub d: Option<Option<u8>>,
    #[serde(default)]
    #[schema(no_default)]
    pub e: u32,
    #[serde(default = "default_limit")]
    #[schema(no_default, default = 3)]
    pub f: u32,
}

#[derive(Deserialize, Schema)]
#[schema(one_of_form = "exclusive")]
pub struct NoGroups {
    pub a: Option<String>,
}

#[derive(Deserialize, Schema)]
#[schema(one_of = [["a"], ["b"]], one_of_form = "xor")]
pub struct BadForm {
    pub a: Option<String>,
    pub b: Option<String>,
}

#[derive(Deserialize, Schema)]
#[schema(no_default)]
pub struct OnAType {
    #[serde(default = "default_limit")]
    #[schema(no_default)]
    pub fine: u32,
}

fn main() {}
