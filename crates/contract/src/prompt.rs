//! A question asked on a terminal, and the one asking loop every wizard shares (`gtdx new`'s
//! prompts, `gtdx publish --wizard`): the question is shown with its default, an empty answer
//! takes the default, an answer that does not check out is explained and asked again.
//!
//! Nothing here touches a terminal: the CLI implements [`Prompter`] on stdin/stderr, tests
//! with canned answers. What to do when input ends is the caller's choice: `gtdx new` takes the
//! defaults, `gtdx publish --wizard` stops without publishing.

/// One question for the user.
#[derive(Debug, Clone)]
pub struct Question {
    /// Stable key (`gtdx new`'s `<KEY>` of `GTDX_NEW_<KEY>`, e.g. `NAME`).
    pub key: &'static str,
    /// What is asked, e.g. "Package name".
    pub prompt: String,
    /// Used when the answer is empty.
    pub default: String,
}

/// Asks questions; the CLI implements it on the terminal, tests with canned answers.
pub trait Prompter {
    /// Returns the answer; `Ok(None)` when input ended.
    fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>>;
    /// Shows why an answer was rejected before the question is asked again.
    fn reject(&mut self, message: &str);
}

/// Asks `q` until an answer (or, for an empty one, the default) passes `check`. `Ok(None)` when
/// input ended before such an answer; an error only when the answer cannot be read.
pub fn ask<T>(
    p: &mut dyn Prompter,
    q: &Question,
    check: impl Fn(&str) -> Result<T, String>,
) -> std::io::Result<Option<T>> {
    loop {
        let Some(answer) = p.ask(q)? else {
            return Ok(None);
        };
        let answer = match answer.trim() {
            "" => q.default.as_str(),
            given => given,
        };
        match check(answer) {
            Ok(v) => return Ok(Some(v)),
            Err(e) => p.reject(&e),
        }
    }
}

/// A yes/no question: `<prompt> (y/n)`, answered by anything [`parse_bool`] reads.
pub fn ask_yes_no(
    p: &mut dyn Prompter,
    key: &'static str,
    prompt: &str,
    default: bool,
) -> std::io::Result<Option<bool>> {
    let q = Question {
        key,
        prompt: yes_no(prompt),
        default: if default { "y" } else { "n" }.into(),
    };
    ask(p, &q, |v| {
        parse_bool(v).ok_or_else(|| format!("`{v}` is not yes or no; answer y or n."))
    })
}

/// How a yes/no question is shown: `<prompt> (y/n)`.
pub fn yes_no(prompt: &str) -> String {
    format!("{prompt} (y/n)")
}

/// `y`, `yes`, `true`, `1`, `on` / `n`, `no`, `false`, `0`, `off` (any case).
pub fn parse_bool(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" | "true" | "1" | "on" => Some(true),
        "n" | "no" | "false" | "0" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Canned(Vec<&'static str>, Vec<String>);

    impl Prompter for Canned {
        fn ask(&mut self, _: &Question) -> std::io::Result<Option<String>> {
            Ok((!self.0.is_empty()).then(|| self.0.remove(0).to_string()))
        }
        fn reject(&mut self, message: &str) {
            self.1.push(message.to_string());
        }
    }

    fn q(default: &str) -> Question {
        Question {
            key: "K",
            prompt: "Number".into(),
            default: default.into(),
        }
    }

    #[test]
    fn bad_answers_are_asked_again_and_empty_takes_the_default() {
        let mut p = Canned(vec!["x", " 7 "], vec![]);
        let n = ask(&mut p, &q("1"), |v| {
            v.parse::<u8>().map_err(|e| e.to_string())
        });
        assert_eq!(n.unwrap(), Some(7));
        assert_eq!(p.1.len(), 1);
        let mut p = Canned(vec![""], vec![]);
        let n = ask(&mut p, &q("1"), |v| {
            v.parse::<u8>().map_err(|e| e.to_string())
        });
        assert_eq!(n.unwrap(), Some(1));
    }

    #[test]
    fn a_default_that_fails_is_asked_again_and_the_end_of_input_is_none() {
        let mut p = Canned(vec![""], vec![]);
        let n = ask(&mut p, &q("x"), |v| {
            v.parse::<u8>().map_err(|e| e.to_string())
        });
        assert_eq!(n.unwrap(), None);
        assert_eq!(p.1.len(), 1);
        let mut p = Canned(vec!["maybe", "Yes"], vec![]);
        assert_eq!(ask_yes_no(&mut p, "K", "Sure?", false).unwrap(), Some(true));
    }
}
