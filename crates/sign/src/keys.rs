//! ed25519 keys: generation, the gtdx key file formats, minisign's public key format, and the
//! forms a trusted key may be given in.
//!
//! **Key id.** 8 bytes: the first 8 bytes of SHA-256(public key) for a key gtdx generates, or
//! the random id a minisign key carries. It is shown the way minisign shows it (the 8 bytes as
//! a little-endian 64-bit number in uppercase hex), so the id `gtdx keygen` prints is the one
//! in `minisign -V` messages and in the exported minisign public key's comment. Key files
//! store it, so a key keeps its id whatever its origin.
//!
//! **Secret key file** (`NAME.key`, mode 0600, created once, never overwritten):
//!
//! ```text
//! gtdx-secret-key: v1
//! algorithm: ed25519
//! key-id: 8B7A6F5E4D3C2B1A
//! public-key: <base64 of the 32-byte public key>
//! secret-key: <base64 of the 32-byte ed25519 seed>
//! ```
//!
//! **Public key file** (`NAME.pub`): the same header as `gtdx-public-key: v1`, without the
//! `secret-key` line.
//!
//! Secret material lives in [`zeroize`]d buffers and never reaches `Debug`, `Display` or an
//! error message.

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

const SECRET_HEADER: &str = "gtdx-secret-key";
const PUBLIC_HEADER: &str = "gtdx-public-key";
/// minisign's algorithm tag for ed25519 keys (and legacy signatures).
pub(crate) const MINISIGN_ED: [u8; 2] = *b"Ed";

/// Why a key could not be made, read or used. Never contains key material.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error(
        "{path} already exists; gtdx keygen never overwrites a key (pick another --name or --out-dir)"
    )]
    Exists { path: PathBuf },
    #[error(
        "{secret} exists without its public key {public} (an earlier `gtdx keygen` was \
         interrupted); nothing was overwritten. Recover the public key with `gtdx key export \
         --key {secret} > {public}`, or pick another --name or --out-dir"
    )]
    LonePublicMissing { secret: PathBuf, public: PathBuf },
    #[error(
        "{secret} exists but holds no complete key (an earlier `gtdx keygen` was interrupted \
         before writing it); nothing was overwritten. Delete {secret} and run `gtdx keygen` again"
    )]
    Incomplete { secret: PathBuf },
    #[error(
        "{path} is readable by group or others (mode {mode:04o}); a secret key must be private. Fix: `chmod 600 {path}`"
    )]
    Permissions { path: PathBuf, mode: u32 },
    #[error("cannot read {what} {}: {source}", redact_key_material(&path.display().to_string()))]
    Read {
        /// "the secret key file", "the public key file".
        what: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{source_name}: {message}")]
    Format {
        source_name: String,
        message: String,
    },
    #[error(
        "environment variable {} is not set (or not UTF-8); it should hold a gtdx secret key",
        redact_key_material(var)
    )]
    EnvMissing { var: String },
}

fn format_err(source_name: &str, message: impl Into<String>) -> KeyError {
    KeyError::Format {
        source_name: source_name.to_string(),
        message: message.into(),
    }
}

/// An 8-byte key id.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyId(pub [u8; 8]);

impl KeyId {
    /// The id gtdx gives a key it generates: the first 8 bytes of SHA-256(public key).
    pub fn derive(public: &[u8; 32]) -> Self {
        let d = Sha256::digest(public);
        let mut id = [0u8; 8];
        id.copy_from_slice(&d[..8]);
        KeyId(id)
    }

    /// Parses the 16-hex-digit display form.
    pub fn parse(s: &str) -> Option<Self> {
        if s.len() != 16 {
            return None;
        }
        u64::from_str_radix(s, 16)
            .ok()
            .map(|n| KeyId(n.to_le_bytes()))
    }
}

impl std::fmt::Display for KeyId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016X}", u64::from_le_bytes(self.0))
    }
}

impl std::fmt::Debug for KeyId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyId({self})")
    }
}

/// An ed25519 public key and its id.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PublicKey {
    pub bytes: [u8; 32],
    pub key_id: KeyId,
    /// Whether the id came with the key (a key file or a minisign key) rather than being derived
    /// from a bare base64 key. Detached verification matches ids only when it is known.
    pub key_id_known: bool,
}

impl std::fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PublicKey({} {})", self.key_id, self.to_base64())
    }
}

impl PublicKey {
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        PublicKey {
            bytes,
            key_id: KeyId::derive(&bytes),
            key_id_known: false,
        }
    }

    /// Base64 (standard, padded) of the 32 bytes: the form describe.json carries.
    pub fn to_base64(&self) -> String {
        B64.encode(self.bytes)
    }

    pub(crate) fn verifying_key(&self) -> Result<VerifyingKey, String> {
        VerifyingKey::from_bytes(&self.bytes)
            .map_err(|_| "the public key is not a valid ed25519 point".to_string())
    }

    /// minisign's one-line form: base64 of `Ed` ‖ key id ‖ public key.
    pub fn to_minisign_line(&self) -> String {
        let mut raw = Vec::with_capacity(42);
        raw.extend_from_slice(&MINISIGN_ED);
        raw.extend_from_slice(&self.key_id.0);
        raw.extend_from_slice(&self.bytes);
        B64.encode(raw)
    }

    /// minisign's public key file (`minisign -p FILE` reads it).
    pub fn to_minisign_file(&self) -> String {
        format!(
            "untrusted comment: minisign public key {}\n{}\n",
            self.key_id,
            self.to_minisign_line()
        )
    }

    /// The gtdx public key file.
    pub fn to_file_text(&self) -> String {
        format!(
            "{PUBLIC_HEADER}: v1\nalgorithm: ed25519\nkey-id: {}\npublic-key: {}\n",
            self.key_id,
            self.to_base64()
        )
    }

    /// One key written inline: base64 of 32 bytes (an `ed25519:` prefix is stripped), or a
    /// minisign public key line (`RW...`).
    pub fn parse_inline(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let s = s.strip_prefix("ed25519:").unwrap_or(s);
        let raw = B64.decode(s).map_err(|_| "not base64".to_string())?;
        match raw.len() {
            32 => {
                let mut b = [0u8; 32];
                b.copy_from_slice(&raw);
                Ok(PublicKey::from_bytes(b))
            }
            42 if raw[..2] == MINISIGN_ED => {
                let mut id = [0u8; 8];
                id.copy_from_slice(&raw[2..10]);
                let mut b = [0u8; 32];
                b.copy_from_slice(&raw[10..]);
                Ok(PublicKey {
                    bytes: b,
                    key_id: KeyId(id),
                    key_id_known: true,
                })
            }
            n => Err(format!(
                "decodes to {}; an ed25519 public key is 32 bytes (or 42 in minisign's form)",
                gtdx_contract::text::count(n, "byte", "bytes")
            )),
        }
    }

    /// Every key in a text: a gtdx public key file, a minisign public key file, or a list with
    /// one key per line (`#` comments and `untrusted comment:` lines are skipped).
    pub fn parse_text(text: &str, source_name: &str) -> Result<Vec<Self>, KeyError> {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        match first {
            Some(l) if l.starts_with(SECRET_HEADER) => {
                return Err(format_err(
                    source_name,
                    "this is a secret key; give the public key (its .pub file) instead",
                ));
            }
            Some(l) if l.starts_with(PUBLIC_HEADER) => {
                let fields = parse_fields(text, PUBLIC_HEADER, source_name)?;
                return Ok(vec![public_from_fields(&fields, source_name)?]);
            }
            _ => {}
        }
        let mut keys = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("untrusted comment:") {
                continue;
            }
            let token = line.split_whitespace().next().unwrap_or(line);
            let key = PublicKey::parse_inline(token).map_err(|e| {
                format_err(
                    source_name,
                    format!("line {}: not a public key: {e}", n + 1),
                )
            })?;
            keys.push(key);
        }
        if keys.is_empty() {
            return Err(format_err(source_name, "holds no public key"));
        }
        Ok(keys)
    }
}

/// An ed25519 secret key. Zeroized on drop; its `Debug` shows only the public half.
pub struct SecretKey {
    signing: SigningKey,
    key_id: KeyId,
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SecretKey({} {}, secret redacted)",
            self.key_id,
            self.public().to_base64()
        )
    }
}

impl SecretKey {
    /// A fresh key from the operating system's RNG, with the derived key id.
    pub fn generate() -> Self {
        let signing = SigningKey::generate(&mut rand_core::OsRng);
        let key_id = KeyId::derive(&signing.verifying_key().to_bytes());
        SecretKey { signing, key_id }
    }

    /// From a 32-byte seed (the seed is not kept beyond the key).
    pub fn from_seed(seed: &[u8; 32], key_id: Option<KeyId>) -> Self {
        let signing = SigningKey::from_bytes(seed);
        let key_id = key_id.unwrap_or_else(|| KeyId::derive(&signing.verifying_key().to_bytes()));
        SecretKey { signing, key_id }
    }

    pub fn public(&self) -> PublicKey {
        PublicKey {
            bytes: self.signing.verifying_key().to_bytes(),
            key_id: self.key_id,
            key_id_known: true,
        }
    }

    pub fn key_id(&self) -> KeyId {
        self.key_id
    }

    /// Signs `message` (plain ed25519, RFC 8032).
    pub fn sign(&self, message: &[u8]) -> [u8; 64] {
        self.signing.sign(message).to_bytes()
    }

    /// The secret key file's text (zeroized when dropped).
    pub fn to_file_text(&self) -> Zeroizing<String> {
        let seed = Zeroizing::new(self.signing.to_bytes());
        let seed_b64 = Zeroizing::new(B64.encode(*seed));
        Zeroizing::new(format!(
            "{SECRET_HEADER}: v1\nalgorithm: ed25519\nkey-id: {}\npublic-key: {}\nsecret-key: {}\n",
            self.key_id,
            self.public().to_base64(),
            seed_b64.as_str()
        ))
    }

    /// The key as the platform's tool keeps it: a PKCS#8 PEM (zeroized when dropped).
    pub fn to_pkcs8_pem(&self) -> Zeroizing<String> {
        let seed = Zeroizing::new(self.signing.to_bytes());
        crate::pkcs8::to_pem(&seed, &self.public().bytes)
    }

    /// Parses a secret key file's text (or the platform's PKCS#8 PEM), or (for `--key-env`) a bare base64 seed (32 bytes) or
    /// seed ‖ public key (64 bytes). Errors name `source_name` and a line, never a value.
    pub fn parse(text: &str, source_name: &str) -> Result<Self, KeyError> {
        let trimmed = text.trim();
        if trimmed.starts_with(crate::pkcs8::BEGIN) {
            return secret_from_pkcs8(trimmed, source_name);
        }
        if !trimmed.starts_with(SECRET_HEADER) {
            if trimmed.starts_with(PUBLIC_HEADER) || trimmed.starts_with("untrusted comment:") {
                return Err(format_err(
                    source_name,
                    "this is a public key; signing needs the secret key file",
                ));
            }
            if !trimmed.contains('\n') {
                return secret_from_b64(trimmed, None, None, source_name);
            }
            return Err(format_err(
                source_name,
                format!("not a gtdx secret key (it should start with `{SECRET_HEADER}: v1`)"),
            ));
        }
        let fields = parse_fields(text, SECRET_HEADER, source_name)?;
        let mut secret = None;
        let mut public = None;
        let mut key_id = None;
        for (name, value, line) in &fields {
            match name.as_str() {
                "algorithm" if value.as_str() == "ed25519" => {}
                "algorithm" => {
                    return Err(format_err(
                        source_name,
                        format!("line {line}: only ed25519 keys exist"),
                    ));
                }
                "key-id" => {
                    key_id = Some(KeyId::parse(value).ok_or_else(|| {
                        format_err(source_name, format!("line {line}: key-id is 16 hex digits"))
                    })?)
                }
                "public-key" => public = Some(value.as_str()),
                "secret-key" => secret = Some(value.as_str()),
                other => {
                    return Err(format_err(
                        source_name,
                        format!("line {line}: unknown field `{other}`"),
                    ));
                }
            }
        }
        let secret = secret.ok_or_else(|| format_err(source_name, "no `secret-key:` line"))?;
        secret_from_b64(secret, key_id, public, source_name)
    }

    /// Reads a secret key file, refusing one that group or others can read. A directory, pipe
    /// or device, and a public key file, are named as what they are.
    pub fn load_file(path: &Path) -> Result<Self, KeyError> {
        let bytes = Zeroizing::new(gtdx_fsx::read(path, gtdx_fsx::limits::KEY).map_err(|e| {
            KeyError::Read {
                what: "the secret key file",
                path: path.to_path_buf(),
                source: e.source,
            }
        })?);
        let shown = redact_key_material(&path.display().to_string()).into_owned();
        let text =
            std::str::from_utf8(&bytes).map_err(|_| format_err(&shown, "not a text file"))?;
        let head = text.trim_start();
        if head.starts_with(PUBLIC_HEADER) || head.starts_with("untrusted comment:") {
            return Err(format_err(
                &shown,
                "this is a public key file; signing needs the secret key file (NAME.key, written \
                 next to NAME.pub by `gtdx keygen`)",
            ));
        }
        check_private(path)?;
        SecretKey::parse(text, &shown)
    }

    /// Reads the key from environment variable `var` (once).
    pub fn from_env(var: &str) -> Result<Self, KeyError> {
        let value = Zeroizing::new(std::env::var(var).map_err(|_| KeyError::EnvMissing {
            var: var.to_string(),
        })?);
        SecretKey::parse(&value, &format!("environment variable {var}"))
    }
}

/// The platform's PKCS#8 PEM key; its stated public key, when there is one, must match.
fn secret_from_pkcs8(text: &str, source_name: &str) -> Result<SecretKey, KeyError> {
    let (seed, public) = crate::pkcs8::parse(text).map_err(|why| format_err(source_name, why))?;
    let key = SecretKey::from_seed(&seed, None);
    if public.is_some_and(|p| p != key.public().bytes) {
        return Err(format_err(
            source_name,
            "the public key does not belong to the secret key (the file is corrupt)",
        ));
    }
    Ok(key)
}

fn secret_from_b64(
    b64: &str,
    key_id: Option<KeyId>,
    public: Option<&str>,
    source_name: &str,
) -> Result<SecretKey, KeyError> {
    let raw = Zeroizing::new(
        B64.decode(b64.trim())
            .map_err(|_| format_err(source_name, "the secret key is not valid base64"))?,
    );
    let mut seed = Zeroizing::new([0u8; 32]);
    let embedded_public = match raw.len() {
        32 => {
            seed.copy_from_slice(&raw);
            None
        }
        64 => {
            seed.copy_from_slice(&raw[..32]);
            Some(raw[32..].to_vec())
        }
        _ => {
            return Err(format_err(
                source_name,
                "the secret key must decode to 32 bytes (an ed25519 seed)",
            ));
        }
    };
    let key = SecretKey::from_seed(&seed, key_id);
    let actual = key.public();
    let claimed = match public {
        Some(p) => Some(
            PublicKey::parse_inline(p)
                .map_err(|e| format_err(source_name, format!("public-key: {e}")))?
                .bytes
                .to_vec(),
        ),
        None => embedded_public,
    };
    if claimed.is_some_and(|c| c != actual.bytes) {
        return Err(format_err(
            source_name,
            "the public key does not belong to the secret key (the file is corrupt)",
        ));
    }
    Ok(key)
}

/// `name: value` lines after a `HEADER: v1` line. Returns (name, value, line number).
fn parse_fields(
    text: &str,
    header: &str,
    source_name: &str,
) -> Result<Vec<(String, String, usize)>, KeyError> {
    let mut out = Vec::new();
    let mut saw_header = false;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(format_err(
                source_name,
                format!("line {}: expected `name: value`", n + 1),
            ));
        };
        let (name, value) = (name.trim(), value.trim());
        if !saw_header {
            if name != header || value != "v1" {
                return Err(format_err(
                    source_name,
                    format!("line {}: expected `{header}: v1`", n + 1),
                ));
            }
            saw_header = true;
            continue;
        }
        if out
            .iter()
            .any(|(k, _, _): &(String, String, usize)| k == name)
        {
            return Err(format_err(
                source_name,
                format!("line {}: `{name}` appears twice", n + 1),
            ));
        }
        out.push((name.to_string(), value.to_string(), n + 1));
    }
    Ok(out)
}

fn public_from_fields(
    fields: &[(String, String, usize)],
    source_name: &str,
) -> Result<PublicKey, KeyError> {
    let mut key = None;
    let mut key_id = None;
    for (name, value, line) in fields {
        match name.as_str() {
            "algorithm" if value == "ed25519" => {}
            "algorithm" => {
                return Err(format_err(
                    source_name,
                    format!("line {line}: only ed25519 keys exist"),
                ));
            }
            "key-id" => {
                key_id = Some(KeyId::parse(value).ok_or_else(|| {
                    format_err(source_name, format!("line {line}: key-id is 16 hex digits"))
                })?)
            }
            "public-key" => {
                key = Some(
                    PublicKey::parse_inline(value)
                        .map_err(|e| format_err(source_name, format!("line {line}: {e}")))?,
                )
            }
            other => {
                return Err(format_err(
                    source_name,
                    format!("line {line}: unknown field `{other}`"),
                ));
            }
        }
    }
    let mut key = key.ok_or_else(|| format_err(source_name, "no `public-key:` line"))?;
    if let Some(id) = key_id {
        key.key_id = id;
        key.key_id_known = true;
    }
    Ok(key)
}

/// Refuses a secret key file that group or others may read (as ssh does).
pub fn check_private(path: &Path) -> Result<(), KeyError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(path).map_err(|e| KeyError::Read {
            what: "the secret key file",
            path: path.to_path_buf(),
            source: e,
        })?;
        let mode = meta.permissions().mode() & 0o7777;
        if mode & 0o077 != 0 {
            return Err(KeyError::Permissions {
                path: path.to_path_buf(),
                mode,
            });
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// What `gtdx keygen` made.
#[derive(Debug)]
pub struct Generated {
    pub secret_path: PathBuf,
    pub public_path: PathBuf,
    pub public: PublicKey,
}

/// Generates a key pair as `DIR/NAME.key` (mode 0600) and `DIR/NAME.pub`. Never overwrites:
/// each file is written to a temporary file and linked into place only if the name is free.
pub fn keygen(dir: &Path, name: &str) -> Result<Generated, KeyError> {
    // A secret key pasted where a name belongs would become a file name and be printed with
    // every path: refused, by the rule that redacts key material from messages.
    for (flag, given) in [
        ("--name", name.to_string()),
        ("--out-dir", dir.display().to_string()),
    ] {
        if contains_key_material(&given) {
            return Err(format_err(
                flag,
                "looks like key material (base64 of a key's length), not a name: a secret key \
                 pasted in the wrong place? It is not repeated here, and nothing was written. \
                 Give a plain name, e.g. --name release --out-dir keys",
            ));
        }
    }
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format_err(
            "--name",
            "must be a plain file name (no `/`, not starting with `.`)",
        ));
    }
    let secret_path = dir.join(format!("{name}.key"));
    let public_path = dir.join(format!("{name}.pub"));
    let secret_exists = secret_path.symlink_metadata().is_ok();
    if secret_exists && public_path.symlink_metadata().is_err() {
        // An interrupted run: say how to finish, never overwrite what may be the only copy of a
        // secret key.
        let complete = SecretKey::load_file(&secret_path).is_ok();
        return Err(if complete {
            KeyError::LonePublicMissing {
                secret: secret_path,
                public: public_path,
            }
        } else {
            KeyError::Incomplete {
                secret: secret_path,
            }
        });
    }
    for p in [&secret_path, &public_path] {
        if p.symlink_metadata().is_ok() {
            return Err(KeyError::Exists { path: p.clone() });
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| KeyError::Write {
        path: dir.to_path_buf(),
        source: e,
    })?;
    let key = SecretKey::generate();
    let text = key.to_file_text();
    // The secret goes straight into NAME.key (created 0600, never existing before): it never
    // sits in a hidden temporary file. It stays registered for removal on Ctrl-C/SIGTERM/SIGHUP
    // until NAME.pub is in place too, so an interruption leaves no half pair; after a kill -9
    // the next run explains how to recover (see above).
    let registered = gtdx_fsx::create_new_private(&secret_path, text.as_bytes())
        .map_err(|e| write_error(&secret_path, e))?;
    let public_text = key.public().to_file_text();
    if let Err(e) = gtdx_fsx::write_new(&public_path, public_text.as_bytes(), 0o644) {
        let _ = std::fs::remove_file(&secret_path);
        return Err(write_error(&public_path, e));
    }
    drop(registered);
    Ok(Generated {
        secret_path,
        public_path,
        public: key.public(),
    })
}

fn write_error(path: &Path, e: gtdx_fsx::FsError) -> KeyError {
    if e.source.kind() == std::io::ErrorKind::AlreadyExists {
        KeyError::Exists {
            path: path.to_path_buf(),
        }
    } else {
        KeyError::Write {
            path: path.to_path_buf(),
            source: e.source,
        }
    }
}

/// Base64 (padded or not) decoding to the length of a key: 32 (an ed25519 seed or public key),
/// 42 (a minisign public key), 64 (seed and public key) or 158 bytes (a minisign secret key).
fn is_key_token(t: &str) -> bool {
    if !(40..=220).contains(&t.len()) {
        return false;
    }
    let decoded = B64
        .decode(t)
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(t));
    matches!(decoded.map(|d| d.len()), Ok(32 | 42 | 64 | 158))
}

/// Whether `text` holds a word that parses as key material (what [`redact_key_material`]
/// would hide): an argument that does is refused where a name belongs.
pub fn contains_key_material(text: &str) -> bool {
    matches!(redact_key_material(text), std::borrow::Cow::Owned(_))
}

/// `text` with every word that parses as key material (base64 of a key's length, alone or at
/// the end of a path) replaced by `[redacted: key material]`. Applied wherever gtdx prints a
/// value a user gave (a file name, a variable name), so a secret key passed in the wrong place
/// (`--key "$SECRET"`, `--key-env "$SECRET"`) is never echoed.
pub fn redact_key_material(text: &str) -> std::borrow::Cow<'_, str> {
    const REDACTED: &str = "[redacted: key material]";
    let is_b64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=');
    let mut out = String::new();
    let mut last = 0;
    let mut changed = false;
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        if !is_b64(bytes[i] as char) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_b64(bytes[i] as char) {
            i += 1;
        }
        let run = &text[start..i];
        // The run itself, or its part after any `/` (a secret at the end of a path).
        let hit = std::iter::once(0)
            .chain(run.match_indices('/').map(|(k, _)| k + 1))
            .find(|&k| is_key_token(&run[k..]));
        if let Some(k) = hit {
            out.push_str(&text[last..start + k]);
            out.push_str(REDACTED);
            last = i;
            changed = true;
        }
    }
    if !changed {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[last..]);
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_material_is_redacted_wherever_it_stands() {
        let key = SecretKey::generate();
        let seed = B64.encode(key.signing.to_bytes());
        let both = B64.encode([key.signing.to_bytes(), key.public().bytes].concat());
        let minisign = key.public().to_minisign_line();
        for secret in [
            &seed,
            &both,
            &minisign,
            &seed.trim_end_matches('=').to_string(),
        ] {
            for text in [
                format!("cannot read the secret key file {secret}: no such file"),
                format!("environment variable {secret} is not set"),
                format!("cannot read /home/me/keys/{secret}: no such file"),
                format!("invalid value '{secret}' for '--format <FORMAT>'"),
            ] {
                let shown = redact_key_material(&text);
                assert!(!shown.contains(secret.as_str()), "{shown}");
                assert!(shown.contains("[redacted: key material]"), "{shown}");
            }
        }
        // Digests, paths and words stay.
        let plain = "SHA-256 is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 \
                     for components/demo.wasm (key id B125349E8753E7C3)";
        assert_eq!(redact_key_material(plain), plain);
    }

    #[test]
    fn a_secret_pasted_as_a_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for _ in 0..8 {
            let key = SecretKey::generate();
            let seed = B64.encode(key.signing.to_bytes());
            let unpadded = seed.trim_end_matches('=').to_string();
            for name in [&seed, &unpadded] {
                let err = keygen(dir.path(), name).unwrap_err().to_string();
                assert!(!err.contains(name.as_str()), "{err}");
                assert!(err.starts_with("--name: looks like key material"), "{err}");
                let err = keygen(&dir.path().join(name), "ok")
                    .unwrap_err()
                    .to_string();
                assert!(!err.contains(name.as_str()), "{err}");
                assert!(
                    err.starts_with("--out-dir: looks like key material"),
                    "{err}"
                );
            }
        }
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing written"
        );
        assert!(!contains_key_material("release-2024"));
    }

    #[test]
    fn secret_key_file_round_trips_and_hides_the_secret() {
        let key = SecretKey::generate();
        let text = key.to_file_text();
        let back = SecretKey::parse(&text, "t").unwrap();
        assert_eq!(back.public(), key.public());
        let seed_b64 = B64.encode(key.signing.to_bytes());
        assert!(!format!("{key:?}").contains(&seed_b64));
        let err =
            SecretKey::parse(&text.replace("public-key: ", "public-key: x"), "t").unwrap_err();
        assert!(!err.to_string().contains(&seed_b64));
    }

    #[test]
    fn public_key_forms() {
        let key = SecretKey::generate();
        let p = key.public();
        let from_file = PublicKey::parse_text(&p.to_file_text(), "f").unwrap();
        assert_eq!(from_file, vec![p.clone()]);
        let from_minisign = PublicKey::parse_text(&p.to_minisign_file(), "m").unwrap();
        assert_eq!(from_minisign, vec![p.clone()]);
        let bare = PublicKey::parse_inline(&format!("ed25519:{}", p.to_base64())).unwrap();
        assert_eq!(bare.bytes, p.bytes);
        assert_eq!(
            bare.key_id, p.key_id,
            "a generated key's id is derived from the key"
        );
        assert!(!bare.key_id_known);
        assert!(PublicKey::parse_text(&key.to_file_text(), "s").is_err());
    }

    #[test]
    fn key_id_displays_like_minisign() {
        let id = KeyId([1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(id.to_string(), "0807060504030201");
        assert_eq!(KeyId::parse("0807060504030201"), Some(id));
    }
}
