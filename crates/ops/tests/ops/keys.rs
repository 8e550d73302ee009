//! `gtdx_ops::keys`: keygen, export, and the key inputs other operations share.

use gtdx_ops::keys::{ExportError, ExportSource, KeySource, TrustInputs};

use crate::keygen;

#[test]
fn keygen_then_export_the_public_key_from_either_half() {
    let tmp = tempfile::tempdir().unwrap();
    let g = keygen(tmp.path(), "ci");
    assert!(g.secret_path.is_file() && g.public_path.is_file());

    let from_secret =
        gtdx_ops::keys::export(&ExportSource::SecretKeyFile(g.secret_path.clone())).unwrap();
    assert_eq!(from_secret.to_base64(), g.public.to_base64());
    let from_pub =
        gtdx_ops::keys::export(&ExportSource::Public(g.public_path.display().to_string())).unwrap();
    assert_eq!(from_pub.to_base64(), g.public.to_base64());

    // A second keygen under the same name never overwrites.
    assert!(
        gtdx_ops::keys::keygen(&gtdx_ops::keys::KeygenOptions {
            out_dir: tmp.path().to_path_buf(),
            name: "ci".into(),
        })
        .is_err()
    );
}

#[test]
fn export_takes_exactly_one_key() {
    let tmp = tempfile::tempdir().unwrap();
    let a = keygen(tmp.path(), "a");
    let b = keygen(tmp.path(), "b");
    let both = tmp.path().join("both.pub");
    std::fs::write(
        &both,
        format!("{}\n{}\n", a.public.to_base64(), b.public.to_base64()),
    )
    .unwrap();
    let err =
        gtdx_ops::keys::export(&ExportSource::Public(both.display().to_string())).unwrap_err();
    assert!(
        matches!(err, ExportError::NotOneKey { count: 2, .. }),
        "{err}"
    );
}

#[test]
fn key_sources_and_trust_inputs_read_what_they_name() {
    let tmp = tempfile::tempdir().unwrap();
    let g = keygen(tmp.path(), "k");
    let key = KeySource::File(g.secret_path.clone()).load().unwrap();
    assert_eq!(key.public().to_base64(), g.public.to_base64());
    assert!(
        KeySource::Env("GTDX_OPS_TEST_NO_SUCH_VARIABLE".into())
            .load()
            .is_err()
    );

    let trust = TrustInputs {
        keys: vec![g.public.to_base64()],
        key_files: vec![g.public_path.clone()],
    };
    assert!(!trust.is_empty());
    assert_eq!(trust.policy().unwrap().keys.len(), 2);
    assert!(TrustInputs::default().is_empty());
}
