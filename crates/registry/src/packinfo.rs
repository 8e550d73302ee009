//! What the registry and install code need to know of a pack: identity, kind, signer and the
//! permissions it requests, read from its describe.json.

use serde::Serialize;
use serde_json::Value;

use crate::RegistryError;

/// The permissions an extension requests (`runtime.permissions`), shown before install.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Permissions {
    pub network: Vec<String>,
    pub secrets: Vec<String>,
    pub call_extension_kinds: Vec<String>,
    pub llm_roles: Vec<String>,
    pub oauth_providers: Vec<String>,
}

impl Permissions {
    pub fn is_empty(&self) -> bool {
        self.network.is_empty()
            && self.secrets.is_empty()
            && self.call_extension_kinds.is_empty()
            && self.llm_roles.is_empty()
            && self.oauth_providers.is_empty()
    }

    /// (label, values) for each non-empty permission, in a fixed order.
    pub fn rows(&self) -> Vec<(&'static str, &[String])> {
        [
            ("network", &self.network[..]),
            ("secrets", &self.secrets[..]),
            ("callExtensionKinds", &self.call_extension_kinds[..]),
            ("llmRoles", &self.llm_roles[..]),
            ("oauthProviders", &self.oauth_providers[..]),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .collect()
    }
}

/// A pack's identity, as its describe.json states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackInfo {
    pub id: String,
    pub name: String,
    pub version: String,
    /// describe.json's `kind` (`DesignExtension`, …).
    pub kind: String,
    pub summary: String,
    /// The signer's public key as describe.json's `signature.publicKey` writes it.
    pub signer: Option<String>,
    pub key_id: Option<String>,
    pub permissions: Permissions,
}

impl PackInfo {
    /// Reads the describe.json of a pack (`pack` names the pack in errors; a describe.json that
    /// does not load is `pack!describe.json` in the loader's `file:line:column` message).
    pub fn from_describe(bytes: &[u8], pack: &str) -> Result<PackInfo, RegistryError> {
        let doc = gtdx_contract::json::load_bytes(format!("{pack}!describe.json"), bytes.to_vec())?;
        Self::from_value(&doc.value, pack)
    }

    pub fn from_value(doc: &Value, shown: &str) -> Result<PackInfo, RegistryError> {
        let text = |ptr: &str| doc.pointer(ptr).and_then(Value::as_str).map(str::to_string);
        let need = |ptr: &str| {
            text(ptr).ok_or_else(|| {
                RegistryError::corrupt(shown, format!("describe.json has no string at {ptr}"))
            })
        };
        let id = need("/metadata/id")?;
        let version = need("/metadata/version")?;
        let kind = need("/kind")?;
        check_id(&id).map_err(|m| RegistryError::corrupt(shown, m))?;
        if semver::Version::parse(&version).is_err() {
            return Err(RegistryError::corrupt(
                shown,
                format!("/metadata/version `{version}` is not a semantic version"),
            ));
        }
        let list = |ptr: &str| -> Vec<String> {
            doc.pointer(ptr)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .map(|v| match v {
                            Value::String(s) => s.clone(),
                            // detailed secrets: { "uri": …, … }
                            Value::Object(o) => o
                                .get("uri")
                                .or_else(|| o.get("name"))
                                .and_then(Value::as_str)
                                .map_or_else(|| v.to_string(), str::to_string),
                            other => other.to_string(),
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let summary = match doc.pointer("/metadata/summary") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Object(o)) => o
                .get("default")
                .or_else(|| o.get("en"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            _ => String::new(),
        };
        Ok(PackInfo {
            name: text("/metadata/name").unwrap_or_else(|| id.clone()),
            id,
            version,
            kind,
            summary,
            signer: text("/signature/publicKey"),
            key_id: text("/signature/keyId"),
            permissions: Permissions {
                network: list("/runtime/permissions/network"),
                secrets: list("/runtime/permissions/secrets"),
                call_extension_kinds: list("/runtime/permissions/callExtensionKinds"),
                llm_roles: list("/runtime/permissions/llmRoles"),
                oauth_providers: list("/runtime/permissions/oauthProviders"),
            },
        })
    }
}

/// An extension id becomes a directory name: it must be one plain path component.
pub fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 128
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "/metadata/id `{id}` cannot name a directory (letters, digits, `.`, `_`, `-`, not starting with `.`)"
        ))
    }
}
