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
    #[serde(rename = "e")]
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

// `#[serde(default)]`, on a field or (with a derived `Default`) on the struct, gives
// `Default::default()` of the field's type: 0 here, not the 1000 the schema would state.
#[derive(Deserialize, Default, Schema)]
#[serde(default)]
pub struct Defaults {
    #[schema(default = 1000)]
    pub passage_length: u16,
    #[serde(default)]
    #[schema(minimum = 1, default = 1000)]
    pub explicit: u16,
    #[serde(default)]
    #[schema(default = 0)]
    pub agrees: u16,
    // `None` is "not given": the schema says what the tool does then.
    #[serde(default)]
    #[schema(default = 5)]
    pub fallback: Option<u16>,
    #[serde(default)]
    #[schema(no_default)]
    pub nothing_written: Option<u16>,
    #[serde(default)]
    #[schema(no_default)]
    pub zero_left_out: u16,
    // The struct's default is left to describe, which sees whether it derives `Default`.
    #[schema(no_default)]
    pub left_to_describe: u16,
}

fn main() {}
