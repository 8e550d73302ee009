//! What both registry clients (OCI and the Greentic Store) do alike over HTTP, once: the agent's
//! policy (redirects are the caller's to check, every status is an answer, gtdx's user agent)
//! and reading a body whole with a cap. A declared length over the cap is refused before
//! reading; an undeclared or understated one is read one byte past the cap at most, so an
//! endless body costs no more.

use std::io::Read;

use crate::RegistryError;

/// A client that follows no redirect (each caller decides whether the next address may be
/// contacted, and with which credentials) and hands back every status as an answer.
pub(crate) fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .max_redirects(0)
        .max_redirects_will_error(false)
        .http_status_as_error(false)
        .user_agent(concat!("gtdx/", env!("CARGO_PKG_VERSION")))
        .build()
        .into()
}

/// The body from `reader`, at most `limit.max` bytes; `place` names the registry in the error,
/// and `io` turns a read failure into the caller's error (a deadline, a dropped connection).
pub(crate) fn read_capped(
    reader: impl Read,
    declared: Option<u64>,
    limit: gtdx_fsx::Limit,
    place: &str,
    io: impl FnOnce(&std::io::Error) -> RegistryError,
) -> Result<Vec<u8>, RegistryError> {
    let too_large = || RegistryError::AnswerTooLarge {
        place: place.to_string(),
        what: limit.what,
        limit: limit.max,
    };
    if declared.is_some_and(|n| n > limit.max) {
        return Err(too_large());
    }
    let mut out = Vec::new();
    reader
        .take(limit.max + 1)
        .read_to_end(&mut out)
        .map_err(|e| io(&e))?;
    if out.len() as u64 > limit.max {
        return Err(too_large());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::read_capped;
    use crate::RegistryError;

    const LIMIT: gtdx_fsx::Limit = gtdx_fsx::Limit {
        what: "answer",
        max: 4,
    };

    fn io(e: &std::io::Error) -> RegistryError {
        RegistryError::Oci(e.to_string())
    }

    #[test]
    fn a_body_at_the_cap_is_read_and_one_past_it_is_refused() {
        assert_eq!(
            read_capped(&b"abcd"[..], None, LIMIT, "r", io).ok(),
            Some(b"abcd".to_vec())
        );
        let past = read_capped(&b"abcde"[..], Some(4), LIMIT, "r", io);
        assert!(matches!(past, Err(RegistryError::AnswerTooLarge { .. })));
        let declared = read_capped(&b""[..], Some(5), LIMIT, "r", io);
        assert!(matches!(
            declared,
            Err(RegistryError::AnswerTooLarge { .. })
        ));
    }
}
