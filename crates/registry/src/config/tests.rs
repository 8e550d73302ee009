use super::*;

fn home() -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("h"));
    (dir, home)
}

fn entry(name: &str, url: &str, token_env: Option<&str>) -> Configured {
    Configured {
        name: name.into(),
        url: url.into(),
        token_env: token_env.map(Into::into),
    }
}

#[test]
fn a_missing_file_has_the_platforms_defaults() {
    let (_d, home) = home();
    let c = load(&home).unwrap();
    assert_eq!(c.default_registry, STORE_NAME);
    assert_eq!(c.trust_policy, DEFAULT_TRUST_POLICY);
    assert_eq!(c.url_of(STORE_NAME).as_deref(), Some(STORE_URL));
    assert_eq!(c.url_of("other"), None);
}

#[test]
fn reads_every_section() {
    let (_d, home) = home();
    std::fs::create_dir_all(&home.root).unwrap();
    std::fs::write(
        path(&home),
        "[default]\nregistry = \"corp\"\ntrust-policy = \"strict\"\n\n[[registries]]\nname = \"corp\"\nurl = \"https://store.corp.test\"\ntoken-env = \"CORP_TOKEN\"\n\n[extensions]\n\"greentic.x\" = \"^1.2\"\n",
    )
    .unwrap();
    let c = load(&home).unwrap();
    assert_eq!(c.default_registry, "corp");
    assert_eq!(c.trust_policy, "strict");
    assert_eq!(
        c.registries,
        vec![entry("corp", "https://store.corp.test", Some("CORP_TOKEN"))]
    );
    assert_eq!(c.pins.get("greentic.x").map(String::as_str), Some("^1.2"));
}

#[test]
fn a_configured_store_entry_overrides_the_built_in_url() {
    let (_d, home) = home();
    add(
        &home,
        &entry(STORE_NAME, "https://staging.store.test", None),
    )
    .unwrap();
    let c = load(&home).unwrap();
    assert_eq!(
        c.url_of(STORE_NAME).as_deref(),
        Some("https://staging.store.test")
    );
    assert_eq!(c.names(), vec![STORE_NAME.to_string()]);
}

#[test]
fn add_replaces_by_name_and_keeps_unknown_keys_and_comments() {
    let (_d, home) = home();
    std::fs::create_dir_all(&home.root).unwrap();
    std::fs::write(
        path(&home),
        "# mine\nfuture-key = 1\n\n[[registries]]\nname = \"a\"\nurl = \"https://a.test\"\nmirror = \"keep\"\n",
    )
    .unwrap();
    assert_eq!(
        add(&home, &entry("a", "https://a2.test", Some("A_TOK"))).unwrap(),
        Added::Replaced
    );
    assert_eq!(
        add(&home, &entry("b", "http://127.0.0.1:9", None)).unwrap(),
        Added::New
    );
    let text = std::fs::read_to_string(path(&home)).unwrap();
    for kept in ["# mine", "future-key = 1", "mirror = \"keep\""] {
        assert!(text.contains(kept), "{kept} lost:\n{text}");
    }
    let c = load(&home).unwrap();
    assert_eq!(
        c.registries,
        vec![
            entry("a", "https://a2.test", Some("A_TOK")),
            entry("b", "http://127.0.0.1:9", None)
        ]
    );
    add(&home, &entry("a", "https://a3.test", None)).unwrap();
    assert_eq!(
        load(&home).unwrap().entry("a"),
        Some(&entry("a", "https://a3.test", None))
    );
}

#[test]
fn remove_and_set_default_of_an_unknown_name_list_the_configured_ones() {
    let (_d, home) = home();
    add(&home, &entry("corp", "https://corp.test", None)).unwrap();
    for err in [
        remove(&home, "nope").unwrap_err(),
        set_default(&home, "nope").unwrap_err(),
    ] {
        let msg = err.to_string();
        assert!(matches!(err, RegistryError::NotConfigured { .. }), "{msg}");
        assert!(
            msg.contains("\"nope\"") && msg.contains("corp") && msg.contains(STORE_NAME),
            "{msg}"
        );
    }
    remove(&home, "corp").unwrap();
    assert!(load(&home).unwrap().registries.is_empty());
}

#[test]
fn set_default_writes_both_keys_the_platform_needs() {
    let (_d, home) = home();
    add(&home, &entry("corp", "https://corp.test", None)).unwrap();
    set_default(&home, "corp").unwrap();
    let text = std::fs::read_to_string(path(&home)).unwrap();
    let raw: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(raw["default"]["registry"].as_str(), Some("corp"));
    assert_eq!(
        raw["default"]["trust-policy"].as_str(),
        Some(DEFAULT_TRUST_POLICY)
    );
    set_default(&home, STORE_NAME).unwrap();
    assert_eq!(load(&home).unwrap().default_registry, STORE_NAME);
}

#[test]
fn a_malformed_file_is_named_with_its_line_and_never_rewritten() {
    let (_d, home) = home();
    std::fs::create_dir_all(&home.root).unwrap();
    let bad = "[default]\nregistry = \"a\"\n\n[[registries]]\nname = \"x\"\nurl = \n";
    std::fs::write(path(&home), bad).unwrap();
    let err = load(&home).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!("{}:6:", path(&home).display())),
        "{msg}"
    );
    assert!(add(&home, &entry("b", "https://b.test", None)).is_err());
    assert_eq!(std::fs::read_to_string(path(&home)).unwrap(), bad);
}

#[cfg(unix)]
#[test]
fn writes_are_private_as_the_platforms() {
    use std::os::unix::fs::PermissionsExt;
    let (_d, home) = home();
    add(&home, &entry("a", "https://a.test", None)).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&path(&home)), 0o600);
    assert_eq!(mode(&home.root), 0o700);
}

#[test]
fn urls() {
    for ok in [
        "https://store.greentic.cloud",
        "http://127.0.0.1:8080",
        "http://localhost/x",
        "http://[::1]:9",
        "file:///srv/reg",
        "oci://ghcr.io/acme",
    ] {
        assert_eq!(check_url(ok, false), Ok(()), "{ok}");
    }
    assert_eq!(
        check_url("http://store.corp.test", false),
        Err(UrlProblem::Cleartext)
    );
    assert_eq!(check_url("http://store.corp.test", true), Ok(()));
    for bad in ["https://", "ftp://x", "store.corp.test", "http://"] {
        assert_eq!(check_url(bad, true), Err(UrlProblem::Scheme), "{bad}");
    }
}
