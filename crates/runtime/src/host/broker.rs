//! `broker.call-extension`: a call to a tool of another extension. Two checks come first, in
//! this order: the kind of extension must be one the caller declares in
//! `permissions.callExtensionKinds` (exact string), and the caller must be less than
//! [`DEPTH_LIMIT`] calls deep (so extensions calling each other cannot recurse without end).

use std::sync::Arc;

use super::HostState;
use super::bindings::greentic::extension_host::broker;

/// How deep calls through the broker may nest: a call made at this depth is refused.
pub const DEPTH_LIMIT: u32 = 8;

/// A nested call the broker makes: (target id, function, arguments, depth of the callee).
pub(crate) type BrokerFn =
    Arc<dyn Fn(&str, &str, &str, u32) -> Result<String, String> + Send + Sync>;

/// The broker's two checks for a call of a `kind` extension made at `depth` by `caller`.
pub fn check(caller: &str, kinds: &[String], kind: &str, depth: u32) -> Result<(), String> {
    if !kinds.iter().any(|k| k == kind) {
        return Err(format!("{caller} may not call {kind} extensions"));
    }
    if depth >= DEPTH_LIMIT {
        return Err(format!(
            "max broker call depth exceeded ({depth} >= {DEPTH_LIMIT})"
        ));
    }
    Ok(())
}

impl broker::Host for HostState {
    fn call_extension(
        &mut self,
        kind: String,
        target_id: String,
        function: String,
        args_json: String,
    ) -> Result<String, String> {
        check(
            &self.ext_id,
            &self.permissions.call_extension_kinds,
            &kind,
            self.depth,
        )?;
        let Some(call) = self.broker.clone() else {
            return Err(format!(
                "broker: no extension {target_id} to call: gtdx runs other extensions only \
                 when given with --with PACK"
            ));
        };
        call(&target_id, &function, &args_json, self.depth + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_first_then_depth() {
        let kinds = vec!["design".to_string()];
        assert_eq!(check("x", &kinds, "design", 7), Ok(()));
        assert_eq!(
            check("x", &kinds, "design", 8),
            Err("max broker call depth exceeded (8 >= 8)".into())
        );
        assert_eq!(
            check("x", &kinds, "deploy", 8),
            Err("x may not call deploy extensions".into())
        );
        assert!(check("x", &kinds, "Design", 0).is_err());
    }
}
