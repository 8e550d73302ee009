//! `cargo xtask dist`: the release archive of the gtdx under test (cargo-dist's layout), its
//! SHA-256 file and its minisign signature, checked with sha256sum, tar, gtdx and minisign.

use std::path::Path;

use crate::support::{Env, Tool, cargo, require_tool, workspace_root};

/// `cargo xtask dist --bin <the tested binaries, stripped> ARGS`. Stripped because the debug
/// binaries are 250 MB each, and compressing them would be most of the test's time.
pub(crate) fn dist(env: &Env, strip: &Tool, args: &[&str]) -> crate::support::Run {
    let bin = env.path("bin");
    if !bin.is_dir() {
        std::fs::create_dir_all(&bin).unwrap();
        for exe in [env!("CARGO_BIN_EXE_gtdx"), env!("CARGO_BIN_EXE_cargo-gtdx")] {
            let name = Path::new(exe).file_name().unwrap();
            env.tool(strip, ["-o"])
                .arg(bin.join(name))
                .arg(exe)
                .run()
                .success();
        }
    }
    cargo(["run", "--quiet", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .args(["--package", "xtask", "--", "dist", "--bin"])
        .arg(bin)
        .args(args)
        .env_remove("GTDX_SIGNING_KEY")
        .current_dir(env.root())
        .run()
}

pub(crate) fn host() -> String {
    let out = std::process::Command::new("rustc")
        .arg("-vV")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .unwrap()
}

#[test]
fn dist_writes_a_checksummed_signed_archive_that_installs() {
    let (Some(minisign), Some(sha256sum), Some(tar), Some(strip)) = (
        require_tool("minisign"),
        require_tool("sha256sum"),
        require_tool("tar"),
        require_tool("strip"),
    ) else {
        return;
    };
    let env = Env::new();
    let key = env.keygen("release");
    let out = env.path("dist");
    let name = format!("gtdx-{}", host());
    let archive = out.join(format!("{name}.tar.gz"));
    dist(
        &env,
        &strip,
        &[
            "--out",
            out.to_str().unwrap(),
            "--key",
            key.secret.to_str().unwrap(),
        ],
    )
    .success()
    .stdout_has(&format!("{name}.tar.gz.minisig"));

    // The checksum file is what sha256sum checks.
    env.tool(&sha256sum, ["-c", &format!("{name}.tar.gz.sha256")])
        .current_dir(&out)
        .run()
        .success()
        .stdout_has(": OK");
    // gtdx and minisign both accept the signature.
    env.gtdx_cmd(["verify", "--detached"])
        .arg(&archive)
        .arg("--trusted-key")
        .arg(&key.public)
        .run()
        .success();
    let export = env.gtdx(["key", "export", "--minisign", key.public.to_str().unwrap()]);
    export.success();
    let ms_pub = env.write("release.minisign.pub", export.stdout_bytes());
    env.tool(&minisign, ["-V", "-p", ms_pub.to_str().unwrap(), "-m"])
        .arg(&archive)
        .run()
        .success();
    // The archive unpacks as cargo-dist's do, and the gtdx in it runs.
    let unpacked = env.mkdir("unpacked");
    env.tool(&tar, ["-xzf"])
        .arg(&archive)
        .arg("-C")
        .arg(&unpacked)
        .run()
        .success();
    for file in ["gtdx", "cargo-gtdx", "README.md"] {
        assert!(
            unpacked.join(&name).join(file).is_file(),
            "{file} is not in the archive"
        );
    }
    env.cmd(unpacked.join(&name).join("gtdx"), "gtdx")
        .arg("--version")
        .run()
        .success()
        .stdout_has(env!("CARGO_PKG_VERSION"));

    // The same binaries give the same bytes; without a key nothing is signed, and it says so.
    let first = std::fs::read(&archive).unwrap();
    let again = env.path("again");
    dist(&env, &strip, &["--out", again.to_str().unwrap()])
        .success()
        .stderr_has("not signed");
    assert_eq!(
        first,
        std::fs::read(again.join(format!("{name}.tar.gz"))).unwrap()
    );
    assert!(!again.join(format!("{name}.tar.gz.minisig")).exists());
}
