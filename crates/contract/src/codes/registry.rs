//! The Greentic home's registry configuration and tokens: `gtdx registries`, `gtdx login`,
//! `gtdx logout`, and `--registry NAME` wherever a registry is taken.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    E_REGISTRY_NOT_CONFIGURED {
        severity: Error,
        area: Registry,
        summary: "a registry name that `config.toml` does not configure",
        explanation: "`--registry NAME`, `gtdx registries remove|set-default NAME` and `gtdx login --registry NAME` look the name up in the `[[registries]]` of `$GREENTIC_HOME/config.toml` (the file the platform's `gtdx registries add` writes too). `greentic-store` is built in (https://store.greentic.cloud) unless an entry of that name overrides it. \
The message lists the names that are configured. Fix: use one of them, or add the registry first with `gtdx registries add NAME URL` (`gtdx registries list` shows them all). `--registry` also takes `local`, `file:///DIR` and `oci://HOST/NAMESPACE` directly.",
    }
    E_REGISTRY_URL {
        severity: Error,
        area: Registry,
        summary: "`gtdx registries add` was given an address that is not a registry's",
        explanation: "A registry is `https://HOST[/PATH]` (a Greentic Store), `file:///DIR` (a directory registry) or `oci://HOST/NAMESPACE` (an OCI registry). Anything else (no scheme, another scheme, no host), and a URL carrying a user name or password (it would sit in config.toml in clear, and `--registry` refuses such URLs), is refused before config.toml is written, so the mistake is caught here rather than at the first publish. Tokens go in credentials.toml (`gtdx login`) or a variable named with `--token-env`.",
    }
    E_REGISTRY_CLEARTEXT {
        severity: Error,
        area: Registry,
        summary: "a plain `http://` registry on a host that is not this machine",
        explanation: "Requests to a store carry your token and the packs you publish or install; over plain HTTP anyone on the network path can read the token and alter the packs. As the platform's tool does, gtdx accepts `http://` only for a loopback host (`localhost`, `127.0.0.1`, `[::1]`: a store you run for tests). \
Fix: use the `https://` address. If the store really has no TLS yet (a private network during a migration), `gtdx registries add NAME URL --insecure` records it anyway, knowingly, and each command that reaches it (`search`, `info`, `install`, `outdated`, `update`, `yank`, `unyank`) takes `--insecure` too. gtdx then sends that store no token, so reading from it works and writing to it (publish, yank) is refused.",
    }
    E_REGISTRY_NAME {
        severity: Error,
        area: Registry,
        summary: "a registry name that cannot be configured (`local`, empty, or an address)",
        explanation: "`--registry` takes `local` (the home's directory registry), `file://…` and `oci://…` addresses directly, so a configured name equal to `local` or containing `://` could never be reached, and an empty name cannot be typed. Pick another name.",
    }
    E_HOME_FILE_MALFORMED {
        severity: Error,
        area: Registry,
        summary: "`config.toml` or `credentials.toml` of the Greentic home does not parse",
        explanation: "Both files are TOML, shared with the platform's `gtdx`: config.toml holds `[default]` (`registry`, `trust-policy`), `[[registries]]` (`name`, `url`, optional `token-env`) and `[extensions]` pins; credentials.toml holds `[tokens]` with one `NAME = \"TOKEN\"` line per registry. \
The message names the file and the line. gtdx never rewrites a file it cannot read, so nothing was changed. Fix the line (for credentials.toml the message never quotes the text, since it holds tokens), or move the file away and run `gtdx registries add` / `gtdx login` again.",
    }
    E_LOGIN_NO_TOKEN {
        severity: Error,
        area: Registry,
        summary: "`gtdx login` has no token to store",
        explanation: "`gtdx login` stores a token you already have (made on the store's web page): `--token TOKEN`, the `GTDX_TOKEN` variable, or `--paste`, which reads one line from standard input (without echo on a terminal). Without any of these, and with standard input not a terminal (CI, a pipe), there is nothing to ask, so it refuses. \
The platform's browser device login is not supported by gtdx. Note that `--token` is visible to other users in the process list; `GTDX_TOKEN` or `--paste` is safer on a shared machine.",
    }
    W_CREDENTIALS_MODE {
        severity: Warning,
        area: Registry,
        summary: "`credentials.toml` can be read by other users",
        explanation: "credentials.toml holds registry tokens in clear, and anyone who can read it can publish and yank as you. `gtdx login` writes it readable by its owner only (mode 0600, in a 0700 home), as the platform's tool does; a mode that lets the group or others in (a copy, a restored backup, an editor) is reported with the mode found by `gtdx registries list`, `login`, `logout` and `doctor`. gtdx still uses the file. \
Fix: `chmod 600 $GREENTIC_HOME/credentials.toml` (the next `gtdx login` or `logout` also resets it).",
    }
}
