//! Enums in serde's four taggings (external, internal, adjacent, untagged), variant by variant.

use super::*;

impl<'i, 'a, 'c> SchemaGen<'i, 'a, 'c> {
    pub(super) fn enumeration<'t>(&mut self, e: &'a syn::ItemEnum, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let c = serde_attrs::container(&e.attrs, file)?;
        if let Some(r) = self.converted(&c, sc) {
            return r;
        }
        let owner = e.ident.unraw().to_string();
        let tagging = if c.untagged {
            Tagging::Untagged
        } else {
            match (&c.tag, &c.content) {
                (Some(t), Some(ct)) => Tagging::Adjacent(t.clone(), ct.clone()),
                (Some(t), None) => Tagging::Internal(t.clone()),
                _ => Tagging::External,
            }
        };
        let mut variants = Vec::new();
        for v in &e.variants {
            let va = serde_attrs::variant(&v.attrs, file)?;
            if va.skipped(self.dir) {
                continue;
            }
            let ident = v.ident.unraw().to_string();
            let name = va.rename.get(self.dir).unwrap_or_else(|| {
                c.rename_all
                    .get(self.dir)
                    .map_or_else(|| ident.clone(), |r| r.variant(&ident))
            });
            variants.push((v, va, name));
        }
        let all_unit = variants
            .iter()
            .all(|(v, va, _)| matches!(v.fields, Fields::Unit) && !va.untagged);
        let mut schema = if matches!(tagging, Tagging::External) && all_unit {
            let mut names: Vec<Value> = Vec::new();
            for (_, va, name) in &variants {
                names.push(name.clone().into());
                if self.dir == Direction::Input {
                    names.extend(va.aliases.iter().map(|a| Value::from(a.clone())));
                }
            }
            let mut s = obj(json!({"type": "string", "enum": names}));
            // What each value means, for the model: listed in the description (see
            // `VALUES_KEY`), since `enum` has no place for it.
            let docs: Vec<(String, Option<String>)> = variants
                .iter()
                .map(|(v, _, name)| (name.clone(), gtdx_annotations::doc_comment(&v.attrs)))
                .collect();
            if docs.iter().any(|(_, d)| d.is_some()) {
                let lines: Vec<String> = docs
                    .into_iter()
                    .map(|(n, d)| match d {
                        Some(d) => format!("- `{n}`: {}", d.replace('\n', " ")),
                        None => format!("- `{n}`"),
                    })
                    .collect();
                s.insert(VALUES_KEY.into(), lines.join("\n").into());
            }
            s
        } else {
            let any_untagged = matches!(tagging, Tagging::Untagged)
                || variants.iter().any(|(_, va, _)| va.untagged);
            let mut branches = Vec::new();
            for (v, va, name) in &variants {
                let mode = if va.untagged {
                    &Tagging::Untagged
                } else {
                    &tagging
                };
                self.trail.push(format!("{owner}::{}", v.ident.unraw()));
                let mut b = self.variant(v, va, name, mode, &c, sc, &owner)?;
                self.trail.pop();
                if let Some(d) = gtdx_annotations::doc_comment(&v.attrs) {
                    b.insert("description".into(), d.into());
                }
                branches.push(b);
            }
            let all_objects = !branches.is_empty()
                && branches
                    .iter()
                    .all(|b| b.get("type").and_then(Value::as_str) == Some("object"));
            let mut s = Schema::new();
            if all_objects {
                s.insert("type".into(), "object".into());
            }
            let key = if any_untagged { "anyOf" } else { "oneOf" };
            s.insert(
                key.into(),
                Value::Array(branches.into_iter().map(Value::Object).collect()),
            );
            s
        };
        if let Some(d) = gtdx_annotations::doc_comment(&e.attrs) {
            schema.insert("description".into(), d.into());
        }
        crate::facts::apply(
            &e.attrs,
            &mut schema,
            file,
            &owner,
            gtdx_annotations::SchemaTarget::Type {
                named_struct: false,
            },
        )?;
        Ok(schema)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn variant<'t>(
        &mut self,
        v: &'a syn::Variant,
        va: &serde_attrs::Variant,
        name: &str,
        mode: &Tagging,
        c: &Container,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let vowner = format!("{owner}::{}", v.ident.unraw());
        let case = va
            .rename_all
            .get(self.dir)
            .or(c.rename_all_fields.get(self.dir));
        let custom = va.custom.get(self.dir) == Some(true);
        let content: Option<Schema> = if custom {
            Some(Schema::new())
        } else {
            match &v.fields {
                Fields::Unit => None,
                Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                    let f = &u.unnamed[0];
                    let mut s = self.ty(&f.ty, sc)?;
                    self.field_facts(f, &mut s, sc, false)?;
                    Some(s)
                }
                Fields::Unnamed(u) => {
                    if let Tagging::Internal(_) = mode {
                        return Err(self
                            .err(
                                sc.module,
                                v.span(),
                                format!("serde cannot internally tag the tuple variant `{vowner}`"),
                            )
                            .help("make it a struct variant, or use adjacent tagging (`content = \"...\"`)"));
                    }
                    let items: Vec<&'t Type> = u.unnamed.iter().map(|f| &f.ty).collect();
                    Some(self.tuple(&items, sc)?)
                }
                Fields::Named(n) => Some(self.object(
                    n.named.iter(),
                    case,
                    c.deny_unknown_fields,
                    None,
                    sc,
                    &vowner,
                )?),
            }
        };
        let tag_value = |extra: &[String]| {
            let mut names = vec![Value::from(name.to_string())];
            names.extend(extra.iter().map(|a| Value::from(a.clone())));
            json!({"type": "string", "enum": names})
        };
        let aliases: Vec<String> = if self.dir == Direction::Input {
            va.aliases.clone()
        } else {
            Vec::new()
        };
        Ok(match mode {
            Tagging::External => match content {
                None => obj(tag_value(&aliases)),
                Some(cs) => {
                    let mut props = Map::new();
                    props.insert(name.to_string(), Value::Object(cs));
                    obj(
                        json!({"type": "object", "properties": props, "required": [name], "additionalProperties": false}),
                    )
                }
            },
            Tagging::Internal(tag) => {
                let mut props = Map::new();
                props.insert(tag.clone(), tag_value(&aliases));
                let mut required = vec![Value::from(tag.clone())];
                let mut out = obj(json!({"type": "object"}));
                if let Some(cs) = content {
                    let is_object =
                        cs.get("type").and_then(Value::as_str) == Some("object") && !is_choice(&cs);
                    if !is_object {
                        return Err(self
                            .err(
                                sc.module,
                                v.span(),
                                format!(
                                    "the internally tagged variant `{vowner}` holds a value that is not a JSON object, which serde cannot tag"
                                ),
                            )
                            .help("make the variant hold a struct, or use adjacent tagging (`content = \"...\"`)"));
                    }
                    if let Some(Value::Object(p)) = cs.get("properties") {
                        for (k, val) in p {
                            props.insert(k.clone(), val.clone());
                        }
                    }
                    if let Some(Value::Array(r)) = cs.get("required") {
                        required.extend(r.iter().cloned());
                    }
                    if let Some(a) = cs.get("additionalProperties") {
                        out.insert("additionalProperties".into(), a.clone());
                    }
                    if let Some(d) = cs.get("description") {
                        out.insert("description".into(), d.clone());
                    }
                    set_rules(&mut out, take_alias_groups(&cs), take_one_of_rules(&cs));
                }
                out.insert("properties".into(), Value::Object(props));
                out.insert("required".into(), Value::Array(required));
                if c.deny_unknown_fields {
                    out.insert("additionalProperties".into(), false.into());
                }
                out
            }
            Tagging::Adjacent(tag, ct) => {
                let mut props = Map::new();
                props.insert(tag.clone(), tag_value(&aliases));
                let mut required = vec![Value::from(tag.clone())];
                if let Some(cs) = content {
                    props.insert(ct.clone(), Value::Object(cs));
                    required.push(ct.clone().into());
                }
                let mut out =
                    obj(json!({"type": "object", "properties": props, "required": required}));
                if c.deny_unknown_fields {
                    out.insert("additionalProperties".into(), false.into());
                }
                out
            }
            Tagging::Untagged => content.unwrap_or_else(|| obj(json!({"type": "null"}))),
        })
    }
}
