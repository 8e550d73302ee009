//! RFC 8785 JSON Canonicalization Scheme (JCS) over a `serde_json::Value`.
//!
//! * objects: members sorted by their keys' UTF-16 code units (§3.2.3), no whitespace;
//! * strings: `"` `\` and the control characters escaped (`\b \t \n \f \r`, else `\u00xx` in
//!   lowercase hex), everything else literal UTF-8 (§3.2.2.2);
//! * numbers: ECMAScript `Number.prototype.toString` of the IEEE-754 double (§3.2.2.3).
//!
//! Written here rather than taken from `serde_jcs`: that crate orders keys by their UTF-8
//! bytes (wrong for keys mixing U+E000..U+FFFF with astral characters), prints integers beyond
//! 2^53 verbatim (an ECMAScript implementation would round them), and is unmaintained.
//! Integers that an IEEE double cannot hold exactly are refused: their canonical form would be
//! a different number than the document says, and implementations disagree on them.

use serde_json::Value;

/// Why a document has no canonical form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JcsError {
    #[error(
        "the number at {pointer} ({number}) is an integer beyond ±2^53, which an IEEE-754 double \
         cannot hold exactly; RFC 8785 canonicalization would change it (write it as a string)"
    )]
    UnsafeInteger { pointer: String, number: String },
    #[error("the number at {pointer} is not finite")]
    NonFinite { pointer: String },
}

/// The canonical bytes of `value`.
pub fn canonicalize(value: &Value) -> Result<Vec<u8>, JcsError> {
    let mut out = Vec::with_capacity(1024);
    write_value(&mut out, value, &mut Vec::new())?;
    Ok(out)
}

/// The canonical bytes of `value` with its top-level member `key` left out (a signed
/// document's payload), without copying the document to remove it.
pub fn canonicalize_without(value: &Value, key: &str) -> Result<Vec<u8>, JcsError> {
    let mut out = Vec::with_capacity(1024);
    match value {
        Value::Object(map) => write_object(&mut out, map, Some(key), &mut Vec::new())?,
        other => write_value(&mut out, other, &mut Vec::new())?,
    }
    Ok(out)
}

/// One step of the path to the value being written: kept as borrowed parts and turned into a
/// JSON pointer only for an error (building it for every member cost more than the writing).
enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

fn pointer(path: &[Step<'_>]) -> String {
    if path.is_empty() {
        return "/".into();
    }
    let mut p = String::new();
    for step in path {
        p.push('/');
        match step {
            Step::Key(k) => p.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => p.push_str(&i.to_string()),
        }
    }
    p
}

fn write_value<'v>(
    out: &mut Vec<u8>,
    value: &'v Value,
    path: &mut Vec<Step<'v>>,
) -> Result<(), JcsError> {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => write_number(out, n, path)?,
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                path.push(Step::Index(i));
                write_value(out, item, path)?;
                path.pop();
            }
            out.push(b']');
        }
        Value::Object(map) => write_object(out, map, None, path)?,
    }
    Ok(())
}

/// An object's members in canonical order, `skip` (when given) left out.
fn write_object<'v>(
    out: &mut Vec<u8>,
    map: &'v serde_json::Map<String, Value>,
    skip: Option<&str>,
    path: &mut Vec<Step<'v>>,
) -> Result<(), JcsError> {
    let mut members: Vec<(&String, &Value)> = map
        .iter()
        .filter(|(k, _)| Some(k.as_str()) != skip)
        .collect();
    // UTF-16 order is byte (code point) order unless a key holds a character beyond
    // the BMP (4 UTF-8 bytes, lead byte 0xF0 and up); keys are unique, so unstable.
    if map.keys().any(|k| k.bytes().any(|b| b >= 0xF0)) {
        members.sort_unstable_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    } else {
        members.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    }
    out.push(b'{');
    for (i, (k, v)) in members.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_string(out, k);
        out.push(b':');
        path.push(Step::Key(k));
        write_value(out, v, path)?;
        path.pop();
    }
    out.push(b'}');
    Ok(())
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            0x09 => b"\\t",
            0x0a => b"\\n",
            0x0c => b"\\f",
            0x0d => b"\\r",
            0x00..=0x1f => &[],
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        if esc.is_empty() {
            out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(b >> 4) as usize],
                HEX[(b & 0xf) as usize],
            ]);
        } else {
            out.extend_from_slice(esc);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// 2^53: the largest magnitude below which every integer is an exact double.
const MAX_SAFE: u64 = 1 << 53;

/// An integer's canonical text: itself. Beyond ±2^53 only when the double it becomes prints as
/// the same digits (so canonicalisation changes nothing, and the canonical text of a double such
/// as `1.1131111001124585e19`, `11131111001124585000`, reads back to the same bytes); otherwise
/// the value would change, which is refused.
fn integer_text(
    big: bool,
    as_double: f64,
    text: String,
    path: &[Step<'_>],
) -> Result<String, JcsError> {
    if big && es_number(as_double) != text {
        return Err(JcsError::UnsafeInteger {
            pointer: pointer(path),
            number: text,
        });
    }
    Ok(text)
}

fn write_number(
    out: &mut Vec<u8>,
    n: &serde_json::Number,
    path: &[Step<'_>],
) -> Result<(), JcsError> {
    if let Some(u) = n.as_u64() {
        out.extend_from_slice(
            integer_text(u > MAX_SAFE, u as f64, u.to_string(), path)?.as_bytes(),
        );
    } else if let Some(i) = n.as_i64() {
        out.extend_from_slice(
            integer_text(i.unsigned_abs() > MAX_SAFE, i as f64, i.to_string(), path)?.as_bytes(),
        );
    } else if let Some(f) = n.as_f64() {
        if !f.is_finite() {
            return Err(JcsError::NonFinite {
                pointer: pointer(path),
            });
        }
        out.extend_from_slice(es_number(f).as_bytes());
    } else {
        return Err(JcsError::NonFinite {
            pointer: pointer(path),
        });
    }
    Ok(())
}

/// ECMAScript `Number::toString(x)` (ECMA-262 §6.1.6.1.20) for a finite double.
pub fn es_number(x: f64) -> String {
    if x == 0.0 {
        return "0".into(); // both +0 and -0
    }
    if x < 0.0 {
        return format!("-{}", es_number(-x));
    }
    // Rust's `{:e}` prints the shortest digit string that round-trips (closest to x on ties),
    // which is exactly the `s`/`k` the ECMAScript algorithm asks for.
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let (digits, exp) = break_tie_to_even(x, digits.trim_end_matches('0'), exp);
    let digits = digits.as_str();
    let k = digits.len() as i32;
    let n = exp + 1; // x = 0.d1d2...dk × 10^n
    if k <= n && n <= 21 {
        let mut s = digits.to_string();
        s.extend(std::iter::repeat_n('0', (n - k) as usize));
        s
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{}", "0".repeat((-n) as usize), digits)
    } else {
        let e = n - 1;
        let sign = if e < 0 { '-' } else { '+' };
        if k == 1 {
            format!("{digits}e{sign}{}", e.abs())
        } else {
            format!("{}.{}e{sign}{}", &digits[..1], &digits[1..], e.abs())
        }
    }
}

/// ECMAScript picks, among equally short digit strings equally close to `x`, the even one;
/// Rust's shortest formatting rounds such exact midpoints up. Given Rust's digits `d` (k of
/// them, first digit at 10^exp), returns the ECMAScript choice.
fn break_tie_to_even(x: f64, d: &str, exp: i32) -> (String, i32) {
    let k = d.len();
    // Distinct decimals of at most 15 digits never round to the same double, so a tie needs
    // 16 or 17 digits.
    if k < 16 {
        return (d.to_string(), exp);
    }
    // The exact decimal expansion of x (every double's expansion terminates within 767
    // significant digits, so 800 are exact).
    let exact = format!("{x:.800e}");
    let (m, e) = exact.split_once('e').unwrap_or((&exact, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let all: String = m.chars().filter(|c| *c != '.').collect();
    let all = all.trim_end_matches('0');
    // A tie is an exact midpoint: k+1 significant digits ending in 5, at the same exponent.
    if e != exp || all.len() != k + 1 || !all.ends_with('5') {
        return (d.to_string(), exp);
    }
    let floor = all[..k].to_string();
    let (even, even_exp) = if floor.as_bytes()[k - 1].is_multiple_of(2) {
        (floor, exp)
    } else {
        let (ceil, shift) = increment(&floor);
        (ceil, exp + shift)
    };
    let even = even.trim_end_matches('0');
    let even = if even.is_empty() { "0" } else { even };
    if format!("0.{even}e{}", even_exp + 1).parse::<f64>().ok() == Some(x) {
        (even.to_string(), even_exp)
    } else {
        (d.to_string(), exp)
    }
}

/// `digits` + 1 in its last place; returns the digits and the exponent shift (a carry out of
/// the first digit makes `999` into `1` one power of ten higher).
fn increment(digits: &str) -> (String, i32) {
    let mut b = digits.as_bytes().to_vec();
    let mut i = b.len();
    loop {
        if i == 0 {
            b.insert(0, b'1');
            b.truncate(digits.len());
            return (String::from_utf8_lossy(&b).into_owned(), 1);
        }
        i -= 1;
        if b[i] == b'9' {
            b[i] = b'0';
        } else {
            b[i] += 1;
            return (String::from_utf8_lossy(&b).into_owned(), 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_integers_pass_only_when_canonicalisation_keeps_their_digits() {
        // Found by the jcs fuzz target: a double's canonical text is an integer beyond 2^53,
        // and it must read back to the same canonical bytes.
        let double: Value = serde_json::from_str("1113111100112458596E1").expect("JSON");
        let canonical = canonicalize(&double).expect("a finite double");
        assert_eq!(canonical, b"11131111001124585000");
        let again: Value = serde_json::from_slice(&canonical).expect("JSON");
        assert_eq!(canonicalize(&again).expect("the same digits"), canonical);
        // Digits a double cannot keep are still refused.
        for text in [
            "9007199254740993",
            "18446744073709551615",
            "-9007199254740993",
            "1152921504606846976",
        ] {
            let v: Value = serde_json::from_str(text).expect("JSON");
            assert!(
                matches!(canonicalize(&v), Err(JcsError::UnsafeInteger { .. })),
                "{text}"
            );
        }
    }

    fn canon(text: &str) -> String {
        String::from_utf8(canonicalize(&serde_json::from_str(text).unwrap()).unwrap()).unwrap()
    }

    /// RFC 8785 §3.2.2, the example input and its canonical output.
    #[test]
    fn rfc8785_section_3_2_2_example() {
        let input = r#"{
          "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
          "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
          "literals": [null, true, false]
        }"#;
        assert_eq!(
            canon(input),
            "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],\
             \"string\":\"\u{20ac}$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}"
        );
    }

    /// RFC 8785 §3.2.3: sorting by UTF-16 code units.
    #[test]
    fn rfc8785_section_3_2_3_sorting() {
        let input = r#"{
          "\u20ac": "Euro Sign",
          "\r": "Carriage Return",
          "\ufb33": "Hebrew Letter Dalet With Dagesh",
          "1": "One",
          "\ud83d\ude00": "Emoji: Grinning Face",
          "\u0080": "Control",
          "\u00f6": "Latin Small Letter O With Diaeresis"
        }"#;
        assert_eq!(
            canon(input),
            "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\
             \"\u{f6}\":\"Latin Small Letter O With Diaeresis\",\"\u{20ac}\":\"Euro Sign\",\
             \"\u{1f600}\":\"Emoji: Grinning Face\",\"\u{fb33}\":\"Hebrew Letter Dalet With Dagesh\"}"
        );
    }

    /// RFC 8785 Appendix B: IEEE-754 bit patterns and their canonical text.
    #[test]
    fn rfc8785_appendix_b_numbers() {
        let cases: &[(u64, &str)] = &[
            (0x0000000000000000, "0"),
            (0x8000000000000000, "0"),
            (0x0000000000000001, "5e-324"),
            (0x8000000000000001, "-5e-324"),
            (0x7fefffffffffffff, "1.7976931348623157e+308"),
            (0xffefffffffffffff, "-1.7976931348623157e+308"),
            (0x4340000000000000, "9007199254740992"),
            (0xc340000000000000, "-9007199254740992"),
            (0x4430000000000000, "295147905179352830000"),
            (0x44b52d02c7e14af5, "9.999999999999997e+22"),
            (0x44b52d02c7e14af6, "1e+23"),
            (0x44b52d02c7e14af7, "1.0000000000000001e+23"),
            (0x444b1ae4d6e2ef4e, "999999999999999700000"),
            (0x444b1ae4d6e2ef4f, "999999999999999900000"),
            (0x444b1ae4d6e2ef50, "1e+21"),
            (0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"),
            (0x3eb0c6f7a0b5ed8d, "0.000001"),
            (0x41b3de4355555553, "333333333.3333332"),
            (0x41b3de4355555554, "333333333.33333325"),
            (0x41b3de4355555555, "333333333.3333333"),
            (0x41b3de4355555556, "333333333.3333334"),
            (0x41b3de4355555557, "333333333.33333343"),
            (0xbecbf647612f3696, "-0.0000033333333333333333"),
            (0x43143ff3c1cb0959, "1424953923781206.2"),
        ];
        for &(bits, want) in cases {
            assert_eq!(es_number(f64::from_bits(bits)), want, "bits {bits:016x}");
        }
    }

    #[test]
    fn an_error_names_the_json_pointer_of_the_number() {
        let v: Value =
            serde_json::from_str(r#"{"a": [0, {"b/c~": 12345678901234567891}]}"#).unwrap();
        match canonicalize(&v) {
            Err(JcsError::UnsafeInteger { pointer, .. }) => assert_eq!(pointer, "/a/1/b~1c~0"),
            other => panic!("{other:?}"),
        }
        let top: Value = serde_json::from_str("12345678901234567891").unwrap();
        assert!(
            matches!(canonicalize(&top), Err(JcsError::UnsafeInteger { pointer, .. }) if pointer == "/")
        );
    }

    #[test]
    fn keys_beyond_the_bmp_sort_by_utf16_code_units() {
        // U+1F600 is D83D DE00 in UTF-16, below U+FF61; by code point it is above.
        assert_eq!(
            canon(r#"{"\ud83d\ude00": 1, "\uff61": 2}"#),
            "{\"😀\":1,\"｡\":2}"
        );
    }

    #[test]
    fn integers_and_floats_in_documents() {
        assert_eq!(
            canon("[1, -1, 1.0, 100, 1e2, 0.5, -0.0, 123456789012]"),
            "[1,-1,1,100,100,0.5,0,123456789012]"
        );
        assert_eq!(canon("[9007199254740992]"), "[9007199254740992]");
        let err =
            canonicalize(&serde_json::from_str("{\"a\":[9007199254740993]}").unwrap()).unwrap_err();
        assert!(err.to_string().contains("/a/0"), "{err}");
    }

    #[test]
    fn strings_escape_only_what_rfc8785_escapes() {
        assert_eq!(
            canon(r#""\u0000\u001f\u007f\u2028/<>""#),
            "\"\\u0000\\u001f\u{7f}\u{2028}/<>\""
        );
    }
}
