//! `cargo xtask dist [--out DIR] [--key FILE] [--bin DIR]`: the release archive of gtdx for
//! the host target, laid out as cargo-dist lays it out, with its checksum and a signature.
//!
//! * `DIR/gtdx-<target>.tar.gz`: one directory `gtdx-<target>/` holding `gtdx`, `cargo-gtdx`
//!   and `README.md` (entries sorted, mtime 0, owner 0: the same binaries give the same bytes);
//! * `DIR/gtdx-<target>.tar.gz.sha256`: `<hex>  <file name>`, as `sha256sum` writes and checks;
//! * `DIR/gtdx-<target>.tar.gz.minisig`: a minisign signature made by the gtdx just packaged
//!   (`gtdx sign --detached`) with `--key FILE` or `$GTDX_SIGNING_KEY`; without either the
//!   archive is not signed and this says so.
//!
//! The binaries come from `cargo build --release --locked -p gtdx`, or from `--bin DIR` (a
//! directory already holding them; the e2e test passes the ones it tests). `DIR` defaults to
//! `target/dist`. The generated CI workflow installs such an archive with
//! `gtdx new --gtdx-source "release URL"`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context as _;
use sha2::{Digest, Sha256};

use crate::util::{root, sh, target_dir};

const BINARIES: &[&str] = &["gtdx", "cargo-gtdx"];

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let mut out = root().join("target/dist");
    let mut key: Option<PathBuf> = None;
    let mut bin: Option<PathBuf> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .map(PathBuf::from)
                .with_context(|| format!("{flag} needs a value"))
        };
        match a.as_str() {
            "--out" => out = value("--out")?,
            "--key" => key = Some(value("--key")?),
            "--bin" => bin = Some(value("--bin")?),
            other => anyhow::bail!(
                "unknown argument `{other}`; usage: cargo xtask dist [--out DIR] [--key FILE] [--bin DIR]"
            ),
        }
    }
    let bin = match bin {
        Some(dir) => dir,
        None => {
            sh(Command::new("cargo").args(["build", "--release", "--locked", "-p", "gtdx"]))?;
            target_dir().join("release")
        }
    };
    let target = host_target()?;
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let name = format!("gtdx-{target}");
    let archive = out.join(format!("{name}.tar.gz"));
    write_archive(&archive, &name, &bin)?;
    let bytes = std::fs::read(&archive)?;
    let hex: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let sum = out.join(format!("{name}.tar.gz.sha256"));
    std::fs::write(&sum, format!("{hex}  {name}.tar.gz\n"))?;
    println!("{}", archive.display());
    println!("{}", sum.display());
    let gtdx = bin.join(exe("gtdx"));
    let mut sign = Command::new(&gtdx);
    sign.args(["sign", "--detached"]).arg(&archive);
    match (&key, std::env::var_os("GTDX_SIGNING_KEY")) {
        (Some(k), _) => {
            sign.arg("--key").arg(k);
        }
        (None, Some(_)) => {
            sign.args(["--key-env", "GTDX_SIGNING_KEY"]);
        }
        (None, None) => {
            eprintln!(
                "xtask dist: not signed (no --key FILE and no GTDX_SIGNING_KEY); sign with \
                 `gtdx sign --detached {} --key KEY`",
                archive.display()
            );
            return Ok(());
        }
    }
    sh(sign.stdout(std::process::Stdio::null()))?;
    println!("{}.minisig", archive.display());
    Ok(())
}

/// The host's target triple, as rustc names it.
fn host_target() -> anyhow::Result<String> {
    let out = Command::new("rustc").arg("-vV").output()?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .context("`rustc -vV` printed no host line")
}

fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// The tar.gz, written to a temporary name and renamed, so a failed run leaves no archive.
fn write_archive(archive: &Path, name: &str, bin: &Path) -> anyhow::Result<()> {
    let partial = archive.with_extension("gz.partial");
    let file = std::fs::File::create(&partial)?;
    let gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    let mut tar = tar::Builder::new(gz);
    let mut add = |path_in: String, data: &[u8], mode: u32| -> anyhow::Result<()> {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(mode);
        h.set_mtime(0);
        h.set_uid(0);
        h.set_gid(0);
        h.set_cksum();
        tar.append_data(&mut h, path_in, data)?;
        Ok(())
    };
    let readme = std::fs::read(root().join("README.md"))?;
    add(format!("{name}/README.md"), &readme, 0o644)?;
    for b in BINARIES {
        let path = bin.join(exe(b));
        let data = std::fs::read(&path).with_context(|| {
            format!(
                "{}: not built (cargo build --release -p gtdx)",
                path.display()
            )
        })?;
        add(format!("{name}/{}", exe(b)), &data, 0o755)?;
    }
    let mut gz = tar.into_inner()?;
    gz.flush()?;
    gz.finish()?.sync_all()?;
    std::fs::rename(&partial, archive)?;
    Ok(())
}
