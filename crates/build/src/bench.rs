//! Bench inputs: a large but valid component, for timing `gtdx pack` against `zip -6`.
//!
//! [`pad_component`] appends one custom section to a real component until it reaches the
//! requested size. Custom sections are legal anywhere in a component and ignored by runtimes,
//! so the result is still a component with the same WIT; its filler is deterministic and about
//! as compressible as compiled code (deflate shrinks it to roughly half), so a compressor does
//! real work on it.

/// Name of the filler section.
pub const PADDING_SECTION: &str = "gtdx-bench-padding";

/// Returns `component` followed by a custom section bringing it to at least `target_size` bytes.
pub fn pad_component(component: &[u8], target_size: usize) -> Vec<u8> {
    let mut out = component.to_vec();
    let name = PADDING_SECTION.as_bytes();
    // Section: id 0, size (LEB128), name length (LEB128), name, filler.
    let fixed = 1 + 5 + 1 + name.len();
    let filler_len = target_size.saturating_sub(component.len() + fixed).max(1);
    let mut body = Vec::with_capacity(filler_len + 1 + name.len());
    leb128(&mut body, name.len() as u32);
    body.extend_from_slice(name);
    body.extend_from_slice(&filler(filler_len));
    out.push(0);
    leb128_padded(&mut out, body.len() as u32);
    out.extend_from_slice(&body);
    out
}

fn leb128(out: &mut Vec<u8>, mut v: u32) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Five-byte LEB128, so the header size is fixed.
fn leb128_padded(out: &mut Vec<u8>, v: u32) {
    for i in 0..5 {
        let byte = ((v >> (7 * i)) & 0x7f) as u8;
        out.push(if i < 4 { byte | 0x80 } else { byte });
    }
}

/// Deterministic filler: short random "tokens" mixed with copies of recent bytes, which is how
/// machine code looks to deflate.
fn filler(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while out.len() < len {
        let r = next();
        if out.len() > 4096 && r % 2 == 0 {
            let back = 1 + (r >> 8) as usize % 4000;
            let n = 4 + (r >> 24) as usize % 28;
            let start = out.len() - back;
            for i in 0..n {
                out.push(out[start + i]);
            }
        } else {
            let n = 1 + (r >> 40) as usize % 8;
            let word = next();
            out.extend_from_slice(&word.to_le_bytes()[..n]);
        }
    }
    out.truncate(len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leb_is_fixed_width() {
        let mut v = Vec::new();
        leb128_padded(&mut v, 3);
        assert_eq!(v, [0x83, 0x80, 0x80, 0x80, 0x00]);
    }

    #[test]
    fn reaches_the_size_deterministically() {
        let a = pad_component(b"\0asm\x0d\0\x01\0", 100_000);
        assert!(a.len() >= 100_000);
        assert_eq!(a, pad_component(b"\0asm\x0d\0\x01\0", 100_000));
    }
}
