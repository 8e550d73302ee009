//! The either-or rule on an object's fields, as a JSON Schema states it: a `oneOf` whose
//! branches each require a group of fields, plainly (`{"required": ["doc_id"]}`) or also
//! excluding the other groups (`{"required": ["doc_id"], "not": {"required": ["ids"]}}`, or
//! `"not": {"anyOf": [{"required": [..]}, ..]}` for several). `#[schema(one_of)]` writes it in
//! either form; shipped manifests write it by hand.
//!
//! One reading and one explanation for every checker that validates a value against such a
//! schema (`gtdx lint` for examples, `gtdx run`/`gtdx test` for a tool's input): a value giving
//! none or several groups is told which groups there are and what it gives, rather than the
//! first field of the first group as missing. A field is given when its key is present (JSON
//! Schema's `required`). The SDK's dispatch, inside the component, has its own reader: there a
//! field sent as `null` counts as not given, since serde reads it as `None`.

use serde_json::Value;

/// A `oneOf` read as an either-or rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EitherOr {
    branches: Vec<Branch>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Branch {
    /// The group of fields the branch requires.
    required: Vec<String>,
    /// The groups whose presence it excludes.
    not: Vec<Vec<String>>,
}

/// What a value gives of an either-or rule, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// It gives none of the groups (else several, or one with a field its branch excludes).
    pub none_given: bool,
    /// `give exactly one of "doc_id", or "ids"; it gives none of them`.
    pub message: String,
    /// `add the fields of one group` / `keep the fields of one group only`.
    pub help: &'static str,
}

impl EitherOr {
    /// The rule of a `oneOf` array, when every branch has the shape (annotations such as
    /// `description` allowed beside); `None` for any other `oneOf` (a choice of shapes).
    pub fn read(one_of: &Value) -> Option<EitherOr> {
        let names = |v: &Value| -> Option<Vec<String>> {
            let a = v.as_array().filter(|a| !a.is_empty())?;
            a.iter().map(|n| n.as_str().map(str::to_string)).collect()
        };
        let mut branches = Vec::new();
        for b in one_of.as_array().filter(|a| !a.is_empty())? {
            let mut required = None;
            let mut not = Vec::new();
            for (k, v) in b.as_object()? {
                match k.as_str() {
                    "required" => required = Some(names(v)?),
                    "not" => {
                        let n = v.as_object().filter(|n| n.len() == 1)?;
                        if let Some(r) = n.get("required") {
                            not.push(names(r)?);
                        } else {
                            for g in n.get("anyOf")?.as_array()? {
                                let g = g.as_object().filter(|g| g.len() == 1)?;
                                not.push(names(g.get("required")?)?);
                            }
                        }
                    }
                    "description" | "title" | "$comment" => {}
                    _ => return None,
                }
            }
            branches.push(Branch {
                required: required?,
                not,
            });
        }
        Some(EitherOr { branches })
    }

    /// The rule of a schema's own `oneOf`.
    pub fn of_schema(schema: &Value) -> Option<EitherOr> {
        EitherOr::read(schema.get("oneOf")?)
    }

    /// What the object `instance` gives, when it breaks the rule (`None` when it keeps it, or
    /// is not an object: the schema's `type` says that).
    pub fn explain(&self, instance: &Value) -> Option<Explained> {
        let obj = instance.as_object()?;
        let given = |g: &[String]| g.iter().all(|f| obj.contains_key(f));
        let keeps = |b: &Branch| given(&b.required) && !b.not.iter().any(|n| given(n));
        if self.branches.iter().filter(|b| keeps(b)).count() == 1 {
            return None;
        }
        let show = |g: &[String]| {
            g.iter()
                .map(|f| format!("\"{f}\""))
                .collect::<Vec<_>>()
                .join(" and ")
        };
        let options = self
            .branches
            .iter()
            .map(|b| show(&b.required))
            .collect::<Vec<_>>()
            .join(", or ");
        let chosen: Vec<&Branch> = self
            .branches
            .iter()
            .filter(|b| given(&b.required))
            .collect();
        let (none_given, got) = match chosen.as_slice() {
            [] => (true, "it gives none of them".to_string()),
            // One group given, yet its branch excludes something else the value gives.
            [one] => {
                let mut parts = vec![show(&one.required)];
                parts.extend(one.not.iter().filter(|n| given(n)).map(|n| show(n)));
                (false, format!("it gives {}", parts.join(" together with ")))
            }
            several => (
                false,
                format!(
                    "it gives {}",
                    several
                        .iter()
                        .map(|b| show(&b.required))
                        .collect::<Vec<_>>()
                        .join(" together with ")
                ),
            ),
        };
        Some(Explained {
            none_given,
            message: format!("give exactly one of {options}; {got}"),
            help: if none_given {
                "add the fields of one group"
            } else {
                "keep the fields of one group only"
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn groups_are_named_in_both_forms() {
        let plain = json!([{"required": ["doc_id"]}, {"required": ["ids"]}]);
        let exclusive = json!([
            {"required": ["doc_id"], "not": {"required": ["ids"]}},
            {"required": ["ids"], "not": {"required": ["doc_id"]}}
        ]);
        for one_of in [&plain, &exclusive] {
            let rule = EitherOr::read(one_of).unwrap();
            let e = rule.explain(&json!({"query": "x"})).unwrap();
            assert!(e.none_given);
            assert_eq!(
                e.message,
                r#"give exactly one of "doc_id", or "ids"; it gives none of them"#
            );
            assert_eq!(e.help, "add the fields of one group");
            let e = rule.explain(&json!({"doc_id": "a", "ids": []})).unwrap();
            assert_eq!(
                e.message,
                r#"give exactly one of "doc_id", or "ids"; it gives "doc_id" together with "ids""#
            );
            assert_eq!(e.help, "keep the fields of one group only");
            assert_eq!(rule.explain(&json!({"ids": []})), None);
            assert_eq!(rule.explain(&json!("not an object")), None);
        }
        // Three groups, one of two fields; `not` holds the others in an `anyOf`.
        let three = EitherOr::read(&json!([
            {"required": ["a"], "not": {"anyOf": [{"required": ["b", "c"]}, {"required": ["d"]}]}},
            {"required": ["b", "c"], "not": {"anyOf": [{"required": ["a"]}, {"required": ["d"]}]}},
            {"required": ["d"], "not": {"anyOf": [{"required": ["a"]}, {"required": ["b", "c"]}]}}
        ]))
        .unwrap();
        assert_eq!(
            three
                .explain(&json!({"d": 1, "b": 2, "c": 3}))
                .unwrap()
                .message,
            r#"give exactly one of "a", or "b" and "c", or "d"; it gives "b" and "c" together with "d""#
        );
        // A choice of shapes is no either-or rule.
        assert_eq!(
            EitherOr::read(&json!([{"required": ["a"], "properties": {}}, {"required": ["b"]}])),
            None
        );
        assert_eq!(EitherOr::read(&json!([])), None);
        assert_eq!(EitherOr::of_schema(&json!({"type": "object"})), None);
    }
}
