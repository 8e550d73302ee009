//! `gtdx_ops::sign::sign` and `gtdx_ops::verify::verify`, round trips with real keys.

use gtdx_ops::keys::{KeySource, TrustInputs};
use gtdx_ops::sign::{SignMode, SignOptions, SignOutcome, TargetKind};
use gtdx_ops::verify::{Outcome, VerifyError, VerifyMode, VerifyOptions};

use crate::{fixture, keygen, make_pack};

fn trusting(g: &gtdx_ops::keys::Generated) -> TrustInputs {
    TrustInputs {
        keys: vec![g.public.to_base64()],
        key_files: Vec::new(),
    }
}

#[test]
fn sign_then_verify_a_describe_json_and_a_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let signer = keygen(tmp.path(), "signer");
    let stranger = keygen(tmp.path(), "stranger");
    let describe = tmp.path().join("describe.json");
    std::fs::copy(fixture("sign/describe.json"), &describe).unwrap();
    let pack = tmp.path().join("gamma.gtxpack");
    make_pack("gamma", &pack);

    for (target, kind) in [(&describe, TargetKind::Describe), (&pack, TargetKind::Pack)] {
        let outcome = gtdx_ops::sign::sign(&SignOptions {
            target: target.clone(),
            key: KeySource::File(signer.secret_path.clone()),
            mode: SignMode::Embedded {
                key_id: Some("release".into()),
            },
        })
        .unwrap();
        let SignOutcome::Embedded(signed) = outcome else {
            panic!("an embedded signature");
        };
        assert_eq!(signed.kind, kind);
        assert_eq!(signed.key_id, "release");

        let verify = |trust: TrustInputs| {
            gtdx_ops::verify::verify(&VerifyOptions {
                target: target.clone(),
                trust,
                mode: VerifyMode::Embedded {
                    integrity_only: false,
                },
            })
            .unwrap()
        };
        assert_eq!(verify(trusting(&signer)).result, Outcome::Valid);
        assert_eq!(verify(trusting(&stranger)).result, Outcome::Untrusted);
    }
}

#[test]
fn detached_signature_round_trip() {
    let tmp = tempfile::tempdir().unwrap();
    let g = keygen(tmp.path(), "d");
    let file = tmp.path().join("data.bin");
    std::fs::write(&file, b"any bytes at all").unwrap();
    let outcome = gtdx_ops::sign::sign(&SignOptions {
        target: file.clone(),
        key: KeySource::File(g.secret_path.clone()),
        mode: SignMode::Detached {
            trusted_comment: Some("ops test".into()),
        },
    })
    .unwrap();
    let SignOutcome::Detached { signature, key_id } = outcome else {
        panic!("a detached signature");
    };
    assert_eq!(signature, tmp.path().join("data.bin.minisig"));
    assert_eq!(key_id.to_string(), g.public.key_id.to_string());

    let detached = |content: &[u8]| {
        std::fs::write(&file, content).unwrap();
        gtdx_ops::verify::verify(&VerifyOptions {
            target: file.clone(),
            trust: trusting(&g),
            mode: VerifyMode::Detached { signature: None },
        })
        .unwrap()
        .result
    };
    assert_eq!(detached(b"any bytes at all"), Outcome::Valid);
    assert_eq!(detached(b"other bytes"), Outcome::Invalid);
}

#[test]
fn integrity_only_applies_to_packs_and_a_missing_key_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let describe = tmp.path().join("describe.json");
    std::fs::copy(fixture("sign/describe.json"), &describe).unwrap();
    let err = gtdx_ops::verify::verify(&VerifyOptions {
        target: describe.clone(),
        trust: TrustInputs::default(),
        mode: VerifyMode::Embedded {
            integrity_only: true,
        },
    })
    .unwrap_err();
    assert!(
        matches!(err, VerifyError::IntegrityOnlyNotPack { .. }),
        "{err}"
    );

    let err = gtdx_ops::sign::sign(&SignOptions {
        target: describe,
        key: KeySource::File(tmp.path().join("no-such.key")),
        mode: SignMode::Embedded { key_id: None },
    })
    .unwrap_err();
    assert!(matches!(err, gtdx_ops::sign::SignError::Key(_)), "{err}");
}
