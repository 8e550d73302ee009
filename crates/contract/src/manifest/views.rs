//! `contributions.views[]`: UI pages on host surfaces.

#[cfg(feature = "schema")]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A UI page contributed to a host surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct View {
    #[cfg_attr(feature = "schema", schemars(extend("pattern" = "^[a-z0-9][a-z0-9._-]*$")))]
    pub id: String,
    pub surface: ViewSurface,
    pub title_key: String,
    pub title_fallback: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    pub entry: String,
    pub placement: Placement,
    /// Not written when `member` (the default).
    #[serde(default, skip_serializing_if = "Visibility::is_member")]
    pub min_visibility: Visibility,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum ViewSurface {
    Designer,
    Admin,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    #[default]
    Member,
    TenantAdmin,
    PlatformAdmin,
}

impl Visibility {
    fn is_member(&self) -> bool {
        *self == Visibility::Member
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub slot: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<i32>,
}
