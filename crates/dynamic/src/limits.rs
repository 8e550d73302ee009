//! The caps on one discovery result (issue #30, item 10), beside the byte cap on the file
//! (`gtdx_fsx::limits::DESCRIPTORS`): how many descriptors, and how many JSON values in all.
//!
//! A 3 MB file of a million `{}` once became a million rejections and a 118 MB catalog gtdx
//! could not read back; 20 MB of `0`s in one array took gigabytes of memory as parsed values.
//! [`check_bytes`] counts both without building a value, stopping at the first one over a cap,
//! so a hostile result is refused before it costs memory; [`check_value`] does the same for a
//! result already parsed (what `gtdx test --discovery` got from the discovery tool).

use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::error::DiscoveryError;

/// Most descriptors one discovery result may hold. A connection admits at most its capacity
/// (50 by default), and ten thousand descriptors are about 5 MB.
pub const MAX_DESCRIPTORS: usize = 10_000;

/// Most JSON values (objects, arrays, strings, numbers, booleans and nulls, at any depth) one
/// discovery result may hold: about a hundred per descriptor at [`MAX_DESCRIPTORS`], where a
/// typical descriptor has twenty. Each parsed value costs about a hundred bytes of memory.
pub const MAX_VALUES: usize = 1_000_000;

/// `n` with a comma between groups of three digits (`10,000`), as docs/security.md writes it.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Counts the descriptors and values of a discovery result's bytes, without building any, and
/// refuses the first cap exceeded. Bytes that are not JSON pass: the parse that follows says
/// where they break.
pub fn check_bytes(bytes: &[u8]) -> Result<(), DiscoveryError> {
    let count = Count::default();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    match (Top(&count)).deserialize(&mut de) {
        Ok(()) => Ok(()),
        Err(_) => match count.over.get() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        },
    }
}

/// [`check_bytes`] for a discovery result already parsed.
pub fn check_value(result: &Value) -> Result<(), DiscoveryError> {
    if let Value::Array(list) = result
        && list.len() > MAX_DESCRIPTORS
    {
        return Err(Over::Descriptors.into());
    }
    let mut seen = 0usize;
    let mut stack = vec![result];
    while let Some(v) = stack.pop() {
        seen += 1;
        if seen > MAX_VALUES {
            return Err(Over::Values.into());
        }
        match v {
            Value::Array(a) => stack.extend(a),
            Value::Object(m) => stack.extend(m.values()),
            _ => {}
        }
    }
    Ok(())
}

/// Which cap was exceeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Over {
    Descriptors,
    Values,
}

impl From<Over> for DiscoveryError {
    fn from(o: Over) -> DiscoveryError {
        match o {
            Over::Descriptors => DiscoveryError::TooManyDescriptors {
                max: grouped(MAX_DESCRIPTORS),
            },
            Over::Values => DiscoveryError::TooManyValues {
                max: grouped(MAX_VALUES),
            },
        }
    }
}

/// The running count, and the cap that stopped it.
#[derive(Default)]
struct Count {
    values: Cell<usize>,
    over: Cell<Option<Over>>,
}

impl Count {
    fn value<E: serde::de::Error>(&self) -> Result<(), E> {
        let n = self.values.get() + 1;
        self.values.set(n);
        if n > MAX_VALUES {
            return Err(self.stop(Over::Values));
        }
        Ok(())
    }

    fn stop<E: serde::de::Error>(&self, over: Over) -> E {
        self.over.set(Some(over));
        E::custom("a cap on discovery results")
    }
}

/// The whole result: a top-level array's elements are descriptors.
struct Top<'c>(&'c Count);

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(Counter {
            count: self.0,
            top: true,
        })
    }
}

/// One value and everything in it.
struct Counter<'c> {
    count: &'c Count,
    /// The top-level value: its array elements are descriptors.
    top: bool,
}

impl<'de> DeserializeSeed<'de> for Counter<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Counter<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        self.count.value()
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        self.count.value()
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        self.count.value()
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        self.count.value()
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<(), E> {
        self.count.value()
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.count.value()
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.count.value()?;
        let mut elements = 0usize;
        while seq
            .next_element_seed(Counter {
                count: self.count,
                top: false,
            })?
            .is_some()
        {
            elements += 1;
            if self.top && elements > MAX_DESCRIPTORS {
                return Err(self.count.stop(Over::Descriptors));
            }
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.count.value()?;
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(Counter {
                count: self.count,
                top: false,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The caps are the ones docs/security.md states.
    #[test]
    fn the_caps_are_documented() {
        gtdx_test_support::assert_documented_limit(
            "DESCRIPTOR_COUNT",
            &format!("{} descriptors", grouped(MAX_DESCRIPTORS)),
        );
        gtdx_test_support::assert_documented_limit(
            "DESCRIPTOR_VALUES",
            &format!("{} JSON values", grouped(MAX_VALUES)),
        );
    }

    #[test]
    fn grouping() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(10_000), "10,000");
        assert_eq!(grouped(1_000_000), "1,000,000");
    }

    fn array(n: usize, element: &str) -> String {
        let mut s = String::from("[");
        for i in 0..n {
            if i > 0 {
                s.push(',');
            }
            s.push_str(element);
        }
        s.push(']');
        s
    }

    #[test]
    fn the_descriptor_count_is_capped() {
        let at = array(MAX_DESCRIPTORS, "{}");
        check_bytes(at.as_bytes()).unwrap();
        check_value(&serde_json::from_str(&at).unwrap()).unwrap();
        let over = array(MAX_DESCRIPTORS + 1, "{}");
        for e in [
            check_bytes(over.as_bytes()).unwrap_err(),
            check_value(&serde_json::from_str(&over).unwrap()).unwrap_err(),
        ] {
            assert!(
                matches!(e, DiscoveryError::TooManyDescriptors { .. }),
                "{e}"
            );
            assert!(e.to_string().contains("10,000 descriptors"), "{e}");
        }
        // Only the top-level array holds descriptors.
        check_bytes(format!("[{}]", array(MAX_DESCRIPTORS + 1, "0")).as_bytes()).unwrap();
    }

    #[test]
    fn the_value_count_is_capped_at_any_depth() {
        // One descriptor (an array) of `k` zeros: 2 + k values.
        let nested = |k: usize| format!("[{}]", array(k, "0"));
        let at = nested(MAX_VALUES - 2);
        check_bytes(at.as_bytes()).unwrap();
        check_value(&serde_json::from_str(&at).unwrap()).unwrap();
        let over = nested(MAX_VALUES - 1);
        for e in [
            check_bytes(over.as_bytes()).unwrap_err(),
            check_value(&serde_json::from_str(&over).unwrap()).unwrap_err(),
        ] {
            assert!(matches!(e, DiscoveryError::TooManyValues { .. }), "{e}");
            assert!(e.to_string().contains("1,000,000 JSON values"), "{e}");
        }
        // Object members count as their values.
        let members = format!(
            "[{{{}}}]",
            (0..MAX_VALUES)
                .map(|i| format!("\"{i}\":0"))
                .collect::<Vec<_>>()
                .join(",")
        );
        assert!(matches!(
            check_bytes(members.as_bytes()),
            Err(DiscoveryError::TooManyValues { .. })
        ));
    }

    #[test]
    fn what_is_not_json_is_left_to_the_parse() {
        for bad in ["", "[", "[1,", "{\"a\"", "nope", "[1] x"] {
            check_bytes(bad.as_bytes()).unwrap();
        }
    }
}
