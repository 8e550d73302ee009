//! Words around numbers in messages, so that no output says "1 tools" or "1 files".

/// `1 thing` or `n things`: every number printed with a noun goes through here (the CLI's
/// shell re-exports it).
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(count(0, "tool", "tools"), "0 tools");
        assert_eq!(count(1, "tool", "tools"), "1 tool");
        assert_eq!(count(2, "entry", "entries"), "2 entries");
    }
}
