//! "Did you mean …?": the one nearest-match rule every gtdx message uses, so a misspelt key, code,
//! world or flag gets the same answer wherever it is typed.

/// The candidate nearest to `word`: the same letters ignoring case and `_`/`-` first (camelCase
/// against snake_case mix-ups), then the smallest Damerau–Levenshtein distance (a swap of two
/// letters counts once) within a third of the candidate's length. Nothing when none is close,
/// so `min_items` is not answered with `minimum`.
pub fn nearest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let norm = |s: &str| s.to_ascii_lowercase().replace(['_', '-'], "");
    let w = norm(word);
    let mut best: Option<(usize, &'c str)> = None;
    for c in candidates {
        let n = norm(c);
        if n == w {
            return Some(c);
        }
        let d = strsim::damerau_levenshtein(&w, &n);
        if d > 0 && d <= (c.len().max(3) / 3).max(1) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn typos_and_case_styles() {
        let keys = ["name", "capabilities", "input_schema", "runtime_ref"];
        assert_eq!(nearest("capabilites", keys), Some("capabilities"));
        assert_eq!(nearest("inputSchema", keys), Some("input_schema"));
        assert_eq!(nearest("runtimeRef", keys), Some("runtime_ref"));
        assert_eq!(nearest("zzzzzz", keys), None);
        assert_eq!(
            nearest("E_EXPORT_FROM", ["E_EXPORT_FORM", "E_EXPORT_MISSING"]),
            Some("E_EXPORT_FORM")
        );
    }

    #[test]
    fn far_words_get_nothing() {
        assert_eq!(
            nearest("min_items", ["minimum", "maximum", "pattern"]),
            None
        );
    }
}
