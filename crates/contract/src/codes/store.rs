//! A Greentic Store's answers (`--registry https://…`, `greentic-store`, a configured Store):
//! `gtdx search`, `info`, `install`, `publish`, `yank`, `unyank`.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    E_STORE_AUTH {
        severity: Error,
        area: Registry,
        summary: "a Greentic Store refused the token, or needs one and none is configured",
        explanation: "Publishing, yanking and unyanking on a Store need a bearer token, and a Store may ask for one to read too. gtdx takes it from the variable the registry's `token-env` names in config.toml, then `GTDX_TOKEN`, then the token `gtdx login --registry NAME` stored in credentials.toml; it is sent only to the Store's own address and never printed. \
An answer of 401 or 403 means the token is missing, expired or revoked, or lacks the right for this extension; publish, yank and unyank without any token stop before sending anything. Fix: make a new token on the Store's web page and run `gtdx login --registry NAME` (the message names NAME).",
    }
    E_STORE_ANSWER {
        severity: Error,
        area: Registry,
        summary: "a Greentic Store answered with something that is not its API's answer",
        explanation: "Every Store answer gtdx reads is JSON of the Store's API. An HTML page (a captive portal, a login page, a proxy's error page), other text, or a status the step does not expect is refused, naming the Store and what it was doing, and nothing is installed or written. \
Fix: check the registry's URL in config.toml (`gtdx registries list`): it is the Store's base address, without `/api/v1/extensions`; and that the network path to it is not intercepted.",
    }
    E_STORE_DIGEST {
        severity: Error,
        area: Registry,
        summary: "a pack downloaded from a Greentic Store does not have the SHA-256 the Store states",
        explanation: "The Store states each version's artifact SHA-256 in its metadata; gtdx streams the pack into the staging area and compares. A mismatch means the bytes were truncated, corrupted or replaced between the Store's record and the download; the staging file is removed and nothing is installed. \
Fix: try again (a broken transfer); if it persists, tell the Store's operator, and do not install the version from elsewhere without checking its digest.",
    }
    E_STORE_REDIRECT {
        severity: Error,
        area: Registry,
        summary: "a Greentic Store redirected to another host",
        explanation: "gtdx follows a Store's redirects only within the Store's own address (scheme, host and port). A redirect elsewhere is refused rather than followed: the other host is not the registry the token and the digest were checked against, and a plain-http hop would expose the download. \
Fix: configure the registry with the address it really serves from (`gtdx registries add NAME URL`), or ask its operator why it redirects.",
    }
}
