//! `gtdx registries`, `gtdx login`/`logout` and `--home`, on the files the platform's own `gtdx`
//! reads and writes (config.toml, credentials.toml): each tool reads what the other writes, the
//! modes are the platform's, bad input gets one paragraph, and a token never appears in any
//! output of any command.

use std::path::Path;

use crate::support::store::Store;
use crate::support::{Env, PLATFORM_GTDX, Run, Tool, require_tool};

/// The token every test logs in with; no output may contain it.
const SECRET: &str = "gtdx-e2e-secret-7f3a9c";

/// Asserts `run` succeeded (or failed, as `ok` says) without printing [`SECRET`].
#[track_caller]
fn clean(run: &Run, ok: bool) -> &Run {
    run.output_lacks(SECRET);
    if ok { run.success() } else { run.failure() }
}

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

fn platform_in(env: &Env, platform: &Tool, home: &Path, args: &[&str]) -> Run {
    env.tool(platform, args).env("GREENTIC_HOME", home).run()
}

/// The platform's `registries add`, `login --token` and `set-default` → ours lists the entry as
/// the default, with its token-env and as logged in; ours logs out of it and the platform then
/// finds no token.
#[test]
fn what_the_platform_writes_ours_reads() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let home = env.greentic_home();
    let theirs = |args: &[&str]| {
        let run = platform_in(&env, &platform, &home, args);
        clean(&run, true);
    };
    theirs(&[
        "registries",
        "add",
        "corp",
        "http://127.0.0.1:9",
        "--token-env",
        "CORP_TOKEN",
    ]);
    theirs(&["login", "--registry", "corp", "--token", SECRET]);
    theirs(&["registries", "set-default", "corp"]);

    let run = env.gtdx(["registries", "list", "--format", "json"]);
    let doc = clean(&run, true).json();
    assert_eq!(doc["default"], "corp", "{doc}");
    let corp = &doc["registries"][0];
    assert_eq!(corp["name"], "corp", "{doc}");
    assert_eq!(corp["url"], "http://127.0.0.1:9", "{doc}");
    assert_eq!(corp["tokenEnv"], "CORP_TOKEN", "{doc}");
    assert_eq!(corp["default"], true, "{doc}");
    assert_eq!(corp["loggedIn"], true, "{doc}");
    assert_eq!(doc["registries"][1]["name"], "greentic-store", "{doc}");
    assert_eq!(doc["registries"][1]["builtIn"], true, "{doc}");
    let run = env.gtdx(["registries", "list"]);
    clean(&run, true).stdout_has_all(&["* corp", "token from $CORP_TOKEN", "logged in"]);

    // Without --registry, logout takes the default the platform set.
    clean(&env.gtdx(["logout"]), true).stderr_has("Logged out");
    let run = platform_in(&env, &platform, &home, &["logout", "--registry", "corp"]);
    clean(&run, true).stdout_has("no credentials for corp");
}

/// Ours (`--home`, over a GREENTIC_HOME pointing elsewhere) `registries add`, `set-default`
/// and `login` → the platform lists them and logs out of our token; the files and the home have
/// the platform's modes, and GREENTIC_HOME was left alone.
#[test]
fn what_ours_writes_the_platform_reads() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let home = env.path("other-home");
    let h = home.to_str().unwrap();
    let ours = |args: &[&str]| {
        let run = env.gtdx_cmd(["--home", h]).args(args).run();
        clean(&run, true);
    };
    ours(&[
        "registries",
        "add",
        "corp",
        "https://store.corp.test",
        "--token-env",
        "CORP_TOKEN",
    ]);
    ours(&["registries", "add", "dev", "http://localhost:8080"]);
    ours(&["registries", "set-default", "corp"]);
    // `--home` is global: it may also follow the subcommand.
    let run = env
        .gtdx_cmd([
            "login",
            "--registry",
            "corp",
            "--token",
            SECRET,
            "--home",
            h,
        ])
        .run();
    clean(&run, true).stderr_has("Logged in");

    let run = platform_in(&env, &platform, &home, &["registries", "list"]);
    clean(&run, true).stdout_has_all(&[
        "default: corp",
        "corp  https://store.corp.test",
        "dev  http://localhost:8080",
    ]);
    #[cfg(unix)]
    {
        assert_eq!(mode(&home.join("config.toml")), 0o600);
        assert_eq!(mode(&home.join("credentials.toml")), 0o600);
        assert_eq!(mode(&home), 0o700);
    }
    assert!(
        !env.greentic_home().join("config.toml").exists(),
        "--home must win over GREENTIC_HOME"
    );
    let run = platform_in(&env, &platform, &home, &["logout", "--registry", "corp"]);
    clean(&run, true).stdout_has("logged out of corp");
}

/// Without the platform: add replaces by name, remove, the built-in store, login from
/// GTDX_TOKEN and from a pipe with --paste, logout twice (the second says so, exit 0).
#[test]
fn registries_and_tokens_round_trip() {
    let env = Env::new();
    let home = env.greentic_home();
    clean(
        &env.gtdx(["registries", "add", "a", "https://a.test"]),
        true,
    )
    .stderr_has("Added");
    clean(
        &env.gtdx(["registries", "add", "a", "https://a2.test"]),
        true,
    )
    .stderr_has("Replaced");
    let run = env.gtdx(["registries", "list", "--format", "json"]);
    let doc = clean(&run, true).json();
    assert_eq!(doc["registries"][0]["url"], "https://a2.test", "{doc}");
    assert_eq!(doc["registries"].as_array().unwrap().len(), 2, "{doc}");

    let run = env.gtdx_cmd(["login"]).env("GTDX_TOKEN", SECRET).run();
    clean(&run, true).stderr_has_all(&["GTDX_TOKEN", "greentic-store"]);
    let stored = std::fs::read_to_string(home.join("credentials.toml")).unwrap();
    assert!(
        stored.contains("[tokens]") && stored.contains(SECRET),
        "{stored}"
    );

    let run = env
        .gtdx_cmd(["login", "--registry", "a", "--paste"])
        .stdin(format!("{SECRET}-a\n"))
        .run();
    clean(&run, true).stderr_has("Logged in");
    let stored = std::fs::read_to_string(home.join("credentials.toml")).unwrap();
    assert!(stored.contains(&format!("a = \"{SECRET}-a\"")), "{stored}");

    clean(&env.gtdx(["logout", "--registry", "a"]), true).stderr_has("Logged out");
    clean(&env.gtdx(["logout", "--registry", "a"]), true).stderr_has("no token stored for a");
    clean(&env.gtdx(["registries", "remove", "a"]), true).stderr_has("Removed");
    let run = env.gtdx(["registries", "list", "--format", "json"]);
    assert_eq!(
        clean(&run, true).json()["registries"][0]["name"],
        "greentic-store"
    );
}

/// Bad input: unknown names (listing the configured ones, also for `--registry` of another
/// command), http:// to another host, a malformed config.toml, a loose credentials.toml, a
/// login with no token source and no terminal. No output shows the token.
#[test]
fn bad_input_gets_one_paragraph_and_never_the_token() {
    let env = Env::new();
    let home = env.greentic_home();
    clean(
        &env.gtdx(["registries", "add", "corp", "https://corp.test"]),
        true,
    );
    clean(
        &env.gtdx(["login", "--registry", "corp", "--token", SECRET]),
        true,
    );

    for args in [
        vec!["registries", "remove", "nope"],
        vec!["registries", "set-default", "nope"],
        vec!["login", "--registry", "nope", "--token", SECRET],
        vec!["search", "--registry", "nope"],
    ] {
        let run = env.gtdx(&args);
        clean(&run, false).stderr_has_all(&["\"nope\"", "corp", "greentic-store"]);
        if args[0] != "search" {
            run.stderr_has("(`gtdx explain E_REGISTRY_NOT_CONFIGURED`)");
        }
    }
    let run = env.gtdx(["registries", "add", "x", "http://store.corp.test"]);
    clean(&run, false).code(2).stderr_has_all(&[
        "http://store.corp.test",
        "--insecure",
        "E_REGISTRY_CLEARTEXT",
    ]);
    let run = env.gtdx([
        "registries",
        "add",
        "x",
        "http://store.corp.test",
        "--insecure",
    ]);
    clean(&run, true);
    let run = env.gtdx(["registries", "add", "local", "https://x.test"]);
    clean(&run, false).stderr_has("`local`");
    let run = env.gtdx(["registries", "add", "x", "ftp://x.test"]);
    clean(&run, false).stderr_has("not a registry address");

    // No token source and stdin not a terminal: a sentence, nothing stored.
    let run = env
        .gtdx_cmd(["login", "--registry", "corp"])
        .stdin_null()
        .run();
    clean(&run, false).stderr_has_all(&["--token", "GTDX_TOKEN", "--paste", "E_LOGIN_NO_TOKEN"]);

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let creds = home.join("credentials.toml");
        std::fs::set_permissions(&creds, std::fs::Permissions::from_mode(0o644)).unwrap();
        let run = env.gtdx(["registries", "list"]);
        clean(&run, true).stderr_has_all(&[
            "warning:",
            "credentials.toml",
            "0644",
            "W_CREDENTIALS_MODE",
        ]);
        let run = env.gtdx(["registries", "list", "--format", "json"]);
        clean(&run, true).stderr_has("0644");
        let run = env.gtdx(["doctor", "--format", "json"]);
        let doc = run.output_lacks(SECRET).json();
        let found = doc.to_string();
        assert!(
            found.contains("\"credentials\"") && found.contains("chmod 600"),
            "doctor reports the mode: {found}"
        );
    }

    let config = home.join("config.toml");
    let before = "[default]\nregistry = \"corp\"\n\n[[registries]]\nname = \"corp\"\nurl = \n";
    std::fs::write(&config, before).unwrap();
    for args in [
        vec!["registries", "list"],
        vec!["registries", "add", "b", "https://b.test"],
        vec!["login", "--token", SECRET],
    ] {
        let run = env.gtdx(&args);
        clean(&run, false).code(2);
        let err = run.stderr().trim_end();
        assert!(
            err.starts_with("error: ") && !err.contains('\n'),
            "one paragraph: {err}"
        );
        assert!(err.contains(&format!("{}:6:", config.display())), "{err}");
        assert!(err.contains("E_HOME_FILE_MALFORMED"), "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        before,
        "never rewritten"
    );

    let run = env.gtdx(["registries", "list", "--format", "json"]);
    let event = &clean(&run, false).json_lines()[0];
    assert_eq!(
        event["diagnostics"][0]["code"], "E_HOME_FILE_MALFORMED",
        "{event}"
    );
    clean(&env.gtdx(["explain", "W_CREDENTIALS_MODE"]), true).stdout_has("chmod 600");
}

/// `gtdx login` at a terminal asks for the token and does not echo it: typed after the prompt
/// (as a person does; a pty echoes what arrives before), it is nowhere in what the terminal
/// shows, and it is stored.
#[test]
fn a_pasted_token_is_not_echoed_at_a_terminal() {
    let Some(script) = require_tool("script") else {
        return;
    };
    let env = Env::new();
    let gtdx_bin = env!("CARGO_BIN_EXE_gtdx");
    let login = format!("{gtdx_bin} login --color never");
    let typed = format!(
        "(sleep 1; printf '%s\\n' {SECRET}) | {} -qec '{login}' /dev/null",
        script.path().display()
    );
    let run = env.cmd("sh", "sh").args(["-c", &typed]).run();
    clean(&run, true).stdout_has_all(&["Paste the access token for greentic-store", "Logged in"]);
    let stored = std::fs::read_to_string(env.greentic_home().join("credentials.toml")).unwrap();
    assert!(
        stored.contains(&format!("greentic-store = \"{SECRET}\"")),
        "{stored}"
    );
}

/// The token the platform's `gtdx login` stored is the one ours sends: on one home, the
/// platform adds the loopback Store and logs in; ours publishes to it with that token (no
/// variable set); after ours logs out, ours is refused before any upload with the `gtdx login`
/// sentence. The token is in no output.
#[test]
fn the_token_the_platform_stored_is_the_one_ours_sends() {
    let Some(platform) = require_tool(PLATFORM_GTDX) else {
        return;
    };
    let env = Env::new();
    let store = Store::start(SECRET);
    let home = env.greentic_home();
    let theirs = |args: &[&str]| {
        let run = platform_in(&env, &platform, &home, args);
        clean(&run, true);
    };
    theirs(&["registries", "add", "teststore", &store.url()]);
    theirs(&["login", "--registry", "teststore", "--token", SECRET]);

    let key = env.keygen("pub");
    let publish = |version: &str| {
        let pack = crate::store::signed_pack(&env, &key, "gtdx.logged-in", version);
        env.gtdx(["publish", pack.to_str().unwrap(), "--registry", "teststore"])
    };
    clean(&publish("1.0.0"), true);
    assert!(store.artifact("gtdx.logged-in", "1.0.0").is_some());

    clean(&env.gtdx(["logout", "--registry", "teststore"]), true);
    let run = publish("1.0.1");
    clean(&run, false).stderr_has("gtdx login --registry teststore");
    assert!(store.artifact("gtdx.logged-in", "1.0.1").is_none());
}

/// `gtdx login` and `gtdx logout` with `--format json`: stdout is one JSON document naming the
/// registry, its URL and the credentials file (logout: whether a token was removed, and the
/// variable that still gives one), never the token; a login with no token is one JSON error
/// event with its code.
#[test]
fn login_and_logout_print_a_json_document_without_the_token() {
    let env = Env::new();
    let creds = env.greentic_home().join("credentials.toml");
    let run = env.gtdx(["login", "--token", SECRET, "--format", "json"]);
    let doc = clean(&run, true).json();
    assert_eq!(doc["registry"], "greentic-store", "{doc}");
    assert_eq!(doc["url"], "https://store.greentic.cloud", "{doc}");
    assert_eq!(doc["credentials"], creds.to_str().unwrap(), "{doc}");
    assert!(std::fs::read_to_string(&creds).unwrap().contains(SECRET));

    let run = env
        .gtdx_cmd(["logout", "--format", "json"])
        .env("GTDX_TOKEN", SECRET)
        .run();
    let doc = clean(&run, true).json();
    assert_eq!(doc["registry"], "greentic-store", "{doc}");
    assert_eq!(doc["removed"], true, "{doc}");
    assert_eq!(doc["stillFrom"], "GTDX_TOKEN", "{doc}");
    assert!(!std::fs::read_to_string(&creds).unwrap().contains(SECRET));
    let doc = clean(&env.gtdx(["logout", "--format", "json"]), true).json();
    assert_eq!(doc["removed"], false, "{doc}");

    // No token given and nothing to ask in JSON mode: one error event, nothing stored.
    let run = env
        .gtdx_cmd(["login", "--format", "json"])
        .stdin_null()
        .run();
    let event = &clean(&run, false).json_lines()[0];
    assert_eq!(
        event["diagnostics"][0]["code"], "E_LOGIN_NO_TOKEN",
        "{event}"
    );
    // A pasted token, in JSON mode too.
    let run = env
        .gtdx_cmd(["login", "--paste", "--format", "json"])
        .stdin(format!("{SECRET}\n"))
        .run();
    assert_eq!(clean(&run, true).json()["registry"], "greentic-store");
}

/// Every Store command that looks a token up in a credentials.toml others can read warns once,
/// naming the file, the mode and W_CREDENTIALS_MODE: publish, search, info, install, yank,
/// unyank, outdated (the file is still used, as the platform's tool uses it). With the file
/// private again, none warns; a token from a variable reads no file and warns of none.
#[cfg(unix)]
#[test]
fn store_commands_reading_a_loose_credentials_file_warn_once() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let store = Store::start(SECRET);
    let home = env.greentic_home();
    clean(
        &env.gtdx(["registries", "add", "teststore", &store.url()]),
        true,
    );
    clean(
        &env.gtdx(["login", "--registry", "teststore", "--token", SECRET]),
        true,
    );
    let creds = home.join("credentials.toml");
    let loosen = |m: u32| std::fs::set_permissions(&creds, std::fs::Permissions::from_mode(m));
    loosen(0o644).unwrap();
    let key = env.keygen("pub");
    let id = "gtdx.loose-creds";
    let pack = crate::store::signed_pack(&env, &key, id, "1.0.0");
    let public = key.public.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["publish", pack.to_str().unwrap(), "--registry", "teststore"],
        vec!["search", "--registry", "teststore"],
        vec!["info", id, "--registry", "teststore"],
        vec![
            "install",
            id,
            "--registry",
            "teststore",
            "--yes",
            "--trusted-key",
            public,
        ],
        vec![
            "yank",
            id,
            "1.0.0",
            "--registry",
            "teststore",
            "--reason",
            "r",
        ],
        vec!["unyank", id, "1.0.0", "--registry", "teststore"],
        vec!["outdated", "--registry", "teststore"],
    ];
    for args in &commands {
        let run = env.gtdx(args);
        clean(&run, true).stderr_has_all(&[
            "warning:",
            creds.to_str().unwrap(),
            "0644",
            "W_CREDENTIALS_MODE",
        ]);
        let warnings = run.stderr().matches("W_CREDENTIALS_MODE").count();
        assert_eq!(warnings, 1, "{}: once\n{}", args[0], run.stderr());
    }
    assert_eq!(store.yanked(id, "1.0.0"), Some((false, None)));

    // The same file, private: no warning.
    loosen(0o600).unwrap();
    clean(&env.gtdx(["search", "--registry", "teststore"]), true)
        .stderr_lacks("W_CREDENTIALS_MODE");
    // Loose again, but the token comes from a variable: the file is not read.
    loosen(0o644).unwrap();
    let run = env
        .gtdx_cmd(["search", "--registry", "teststore"])
        .env("GTDX_TOKEN", SECRET)
        .run();
    clean(&run, true).stderr_lacks("W_CREDENTIALS_MODE");
}
