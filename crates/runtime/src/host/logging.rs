//! `logging.log` and `logging.log-kv`. Every string is the guest's and unbounded, and the host
//! renders fields into a new string, so each string is cut to [`STRING_CAP`] and at most
//! [`FIELDS_SHOWN`] fields are rendered. A cut is marked: a line that was cut is a different
//! fact from a line that was short.

use super::HostState;
use super::bindings::greentic::extension_host::logging::{self, Level};

/// The longest string a log line keeps, in bytes.
pub const STRING_CAP: usize = 8 * 1024;
/// The most key/value fields a line renders.
pub const FIELDS_SHOWN: usize = 64;
/// What ends a string that was cut.
pub const CUT_MARK: &str = "…[truncated]";

/// `text` cut to at most `cap` bytes, on a character boundary, and marked; unchanged when it
/// fits.
pub fn cut(text: &str, cap: usize) -> String {
    if text.len() <= cap {
        return text.to_string();
    }
    let keep = (0..=cap)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}{CUT_MARK}", &text[..keep])
}

/// `message {k=v, k=v}` with each key and value cut, the first [`FIELDS_SHOWN`] fields, then
/// `…+N more`; the message alone when there are no fields.
pub fn with_fields(message: String, fields: &[(String, String)]) -> String {
    if fields.is_empty() {
        return message;
    }
    let mut rendered: Vec<String> = fields
        .iter()
        .take(FIELDS_SHOWN)
        .map(|(k, v)| format!("{}={}", cut(k, STRING_CAP), cut(v, STRING_CAP)))
        .collect();
    if let Some(hidden) = fields.len().checked_sub(FIELDS_SHOWN).filter(|&n| n > 0) {
        rendered.push(format!("…+{hidden} more"));
    }
    format!("{message} {{{}}}", rendered.join(", "))
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Trace => "trace",
        Level::Debug => "debug",
        Level::Info => "info",
        Level::Warn => "warn",
        Level::Error => "error",
    }
}

impl logging::Host for HostState {
    fn log(&mut self, level: Level, target: String, message: String) {
        self.keep_log_line(level_name(level), &target, &message);
    }

    fn log_kv(
        &mut self,
        level: Level,
        target: String,
        message: String,
        fields: Vec<(String, String)>,
    ) {
        // The rendered whole is cut again, as one message.
        self.keep_log_line(level_name(level), &target, &with_fields(message, &fields));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_lands_on_a_character_boundary_and_is_marked() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc…[truncated]");
        // "é" is two bytes: 3 bytes keep "a" and one whole "é"
        assert_eq!(cut("aéé", 3), "aé…[truncated]");
        assert_eq!(cut("aéé", 2), "a…[truncated]");
        assert_eq!(cut("😀", 3), "…[truncated]");
        let long = "x".repeat(STRING_CAP + 1);
        assert_eq!(cut(&long, STRING_CAP).len(), STRING_CAP + CUT_MARK.len());
    }

    #[test]
    fn fields_are_rendered_up_to_64() {
        let f = |n: usize| -> Vec<(String, String)> {
            (0..n).map(|i| (format!("k{i}"), "v".to_string())).collect()
        };
        assert_eq!(with_fields("m".into(), &[]), "m");
        assert_eq!(with_fields("m".into(), &f(2)), "m {k0=v, k1=v}");
        assert!(with_fields("m".into(), &f(64)).ends_with("k63=v}"));
        assert!(with_fields("m".into(), &f(70)).ends_with("k63=v, …+6 more}"));
    }
}
