//! The error a tool returns.

use std::fmt;

/// Why a tool call failed. The variants are the cases of the WIT `extension-error` variant of
/// `greentic:extension-base/types@0.2.0`, and cross the component boundary as such.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolError {
    /// The arguments are malformed or out of range (`invalid-input`).
    InvalidInput(String),
    /// The host lacks a capability the call needs (`missing-capability`).
    MissingCapability(String),
    /// The caller may not do this (`permission-denied`).
    PermissionDenied(String),
    /// The thing asked for does not exist (`not-found`).
    NotFound(String),
    /// A schema the call depends on is invalid (`schema-invalid`).
    SchemaInvalid(String),
    /// Anything else: a bug, or a failure upstream (`internal`).
    Internal(String),
}

impl ToolError {
    pub fn invalid_input(message: impl Into<String>) -> Self {
        ToolError::InvalidInput(message.into())
    }
    pub fn missing_capability(message: impl Into<String>) -> Self {
        ToolError::MissingCapability(message.into())
    }
    pub fn permission_denied(message: impl Into<String>) -> Self {
        ToolError::PermissionDenied(message.into())
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        ToolError::NotFound(message.into())
    }
    pub fn schema_invalid(message: impl Into<String>) -> Self {
        ToolError::SchemaInvalid(message.into())
    }
    pub fn internal(message: impl Into<String>) -> Self {
        ToolError::Internal(message.into())
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        match self {
            ToolError::InvalidInput(m)
            | ToolError::MissingCapability(m)
            | ToolError::PermissionDenied(m)
            | ToolError::NotFound(m)
            | ToolError::SchemaInvalid(m)
            | ToolError::Internal(m) => m,
        }
    }

    /// The WIT case name, e.g. `invalid-input`.
    pub fn case(&self) -> &'static str {
        match self {
            ToolError::InvalidInput(_) => "invalid-input",
            ToolError::MissingCapability(_) => "missing-capability",
            ToolError::PermissionDenied(_) => "permission-denied",
            ToolError::NotFound(_) => "not-found",
            ToolError::SchemaInvalid(_) => "schema-invalid",
            ToolError::Internal(_) => "internal",
        }
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            ToolError::InvalidInput(_) => "invalid input",
            ToolError::MissingCapability(_) => "missing capability",
            ToolError::PermissionDenied(_) => "permission denied",
            ToolError::NotFound(_) => "not found",
            ToolError::SchemaInvalid(_) => "schema invalid",
            ToolError::Internal(_) => "internal error",
        };
        write!(f, "{what}: {}", self.message())
    }
}

impl std::error::Error for ToolError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_case() {
        let e = ToolError::invalid_input("city is required");
        assert_eq!(e.to_string(), "invalid input: city is required");
        assert_eq!(e.case(), "invalid-input");
        assert_eq!(ToolError::internal("boom").message(), "boom");
    }
}
