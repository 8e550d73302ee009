//! `gtdx_ops::worker::build` and `inspect`: a manifest from signed packs, signed itself.

use gtdx_ops::keys::{KeySource, TrustInputs};
use gtdx_ops::sign::{SignMode, SignOptions};
use gtdx_ops::worker::{
    BuildError, FailureClass, ManifestSignature, WorkerBuildOptions, WorkerInspectOptions,
};

use crate::{keygen, make_pack};

const SPEC: &str = r#"extensions = ["packs/gamma.gtxpack"]
name = "support-agent"
description = "Answers customer questions."
tenant = "acme"
kind = "agent_graph"
instructions = "Be brief."
locale = "en-GB"

[llm]
provider = "openai"
model = "gpt-4o"
credential_ref = "openai/api_key"
"#;

#[test]
fn build_a_signed_manifest_from_a_signed_pack_then_inspect_it() {
    let tmp = tempfile::tempdir().unwrap();
    let g = keygen(tmp.path(), "release");
    let packs = tmp.path().join("packs");
    std::fs::create_dir_all(&packs).unwrap();
    let pack = packs.join("gamma.gtxpack");
    make_pack("gamma", &pack);
    let spec = tmp.path().join("worker.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let trust = TrustInputs {
        keys: vec![g.public.to_base64()],
        key_files: Vec::new(),
    };
    let options = WorkerBuildOptions {
        spec: spec.clone(),
        out: None,
        trust: trust.clone(),
        allow_unsigned: false,
        sign: Some(KeySource::File(g.secret_path.clone())),
        registry: None,
        oci: Default::default(),
    };

    // Unsigned: refused, nothing written.
    let err = gtdx_ops::worker::build(&options).unwrap_err();
    assert!(matches!(err, BuildError::Refused { .. }), "{err}");
    assert_eq!(err.class(), FailureClass::Findings);
    assert!(!tmp.path().join("worker.worker.json").exists());

    gtdx_ops::sign::sign(&SignOptions {
        target: pack,
        key: KeySource::File(g.secret_path.clone()),
        mode: SignMode::Embedded { key_id: None },
    })
    .unwrap();
    let outcome = gtdx_ops::worker::build(&options).unwrap();
    assert_eq!(outcome.out, tmp.path().join("worker.worker.json"));
    assert!(outcome.out.is_file());
    assert!(outcome.signed_by.is_some());
    let kept: Vec<&str> = outcome
        .assembly
        .manifest
        .extension_tools
        .iter()
        .map(|t| t.tool_name.as_str())
        .collect();
    assert_eq!(kept, ["g_lookup"]);

    let inspect = |trust: TrustInputs| {
        gtdx_ops::worker::inspect(&WorkerInspectOptions {
            manifest: outcome.out.clone(),
            trust,
        })
        .unwrap()
        .signature
    };
    assert!(
        matches!(
            inspect(trust),
            ManifestSignature::Valid {
                trusted: Some(true),
                ..
            }
        ),
        "trusted signer"
    );
    assert!(
        matches!(
            inspect(TrustInputs::default()),
            ManifestSignature::Valid { trusted: None, .. }
        ),
        "no trust asked"
    );
}
