use super::*;

const SECRET: &str = "tok-very-secret-123";

fn home() -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("h"));
    (dir, home)
}

fn token(v: &str) -> Token {
    Token::new(v, TokenSource::Given).unwrap()
}

#[test]
fn a_token_never_shows_its_value() {
    let t = token(&format!("  {SECRET}\n"));
    assert_eq!(t.expose(), SECRET);
    for shown in [format!("{t}"), format!("{t:?}"), format!("{:?}", Some(&t))] {
        assert!(!shown.contains(SECRET), "{shown}");
    }
    assert!(Token::new(" \n", TokenSource::Given).is_none());
}

#[test]
fn store_read_forget_round_trip_in_the_platforms_format() {
    let (_d, home) = home();
    assert_eq!(stored(&home, "a").unwrap(), None);
    store(&home, "a", &token(SECRET)).unwrap();
    store(&home, "b.corp", &token("other")).unwrap();
    let raw: toml::Table = toml::from_str(&std::fs::read_to_string(path(&home)).unwrap()).unwrap();
    assert_eq!(raw["tokens"]["a"].as_str(), Some(SECRET));
    assert_eq!(raw["tokens"]["b.corp"].as_str(), Some("other"));
    let got = stored(&home, "a").unwrap().unwrap();
    assert_eq!(got.expose(), SECRET);
    assert_eq!(got.source(), &TokenSource::File(path(&home)));
    assert_eq!(
        names(&home).unwrap(),
        vec!["a".to_string(), "b.corp".to_string()]
    );
    assert!(forget(&home, "a").unwrap());
    assert!(!forget(&home, "a").unwrap());
    assert_eq!(stored(&home, "a").unwrap(), None);
    assert!(stored(&home, "b.corp").unwrap().is_some());
}

#[test]
fn token_for_reads_the_file_when_no_variable_is_set() {
    let (_d, home) = home();
    crate::config::add(
        &home,
        &crate::config::Configured {
            name: "a".into(),
            url: "https://a.test".into(),
            token_env: Some("GTDX_TEST_UNSET_VARIABLE_4711".into()),
        },
    )
    .unwrap();
    store(&home, "a", &token(SECRET)).unwrap();
    if std::env::var_os(TOKEN_ENV).is_none() {
        assert_eq!(token_for(&home, "a").unwrap().unwrap().expose(), SECRET);
        assert_eq!(token_for(&home, "b").unwrap(), None);
    }
}

#[test]
fn a_malformed_file_names_the_line_and_never_the_text() {
    let (_d, home) = home();
    std::fs::create_dir_all(&home.root).unwrap();
    std::fs::write(
        path(&home),
        format!("[tokens]\na = \"{SECRET}\"\nb = {SECRET}\n"),
    )
    .unwrap();
    let msg = stored(&home, "a").unwrap_err().to_string();
    assert!(msg.contains(":3:"), "{msg}");
    assert!(!msg.contains(SECRET), "{msg}");
    std::fs::write(path(&home), format!("tokens = \"{SECRET}\"\n")).unwrap();
    let msg = stored(&home, "a").unwrap_err().to_string();
    assert!(!msg.contains(SECRET) && msg.contains("[tokens]"), "{msg}");
}

#[cfg(unix)]
#[test]
fn modes_are_private_and_loose_ones_are_reported() {
    use std::os::unix::fs::PermissionsExt;
    let (_d, home) = home();
    assert_eq!(loose_mode(&home), None);
    store(&home, "a", &token(SECRET)).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&path(&home)), 0o600);
    assert_eq!(mode(&home.root), 0o700);
    assert_eq!(loose_mode(&home), None);
    std::fs::set_permissions(path(&home), std::fs::Permissions::from_mode(0o644)).unwrap();
    let warn = loose_mode(&home).unwrap();
    assert_eq!(warn.mode, 0o644);
    let shown = warn.to_string();
    assert!(
        shown.contains("0644") && shown.contains("credentials.toml"),
        "{shown}"
    );
    store(&home, "a", &token("new")).unwrap();
    assert_eq!(mode(&path(&home)), 0o600, "a write makes it private again");
}
