//! Structs, tuples, fixed-size arrays and `#[serde(from/into/transparent/flatten)]`: the object
//! shapes, field by field.

use super::*;

impl<'i, 'a, 'c> SchemaGen<'i, 'a, 'c> {
    /// `from`/`try_from` (input) and `into` (output) replace the type's shape with another's.
    pub(super) fn converted<'t>(&mut self, c: &Container, sc: &Scope<'t>) -> Option<R>
    where
        'a: 't,
    {
        let lit = match self.dir {
            Direction::Input => c.from.as_ref(),
            Direction::Output => c.into.as_ref(),
        }?;
        let parsed: Type = match lit.parse() {
            Ok(t) => t,
            Err(e) => {
                return Some(Err(self.err(
                    sc.module,
                    lit.span(),
                    format!("cannot read this type: {e}"),
                )));
            }
        };
        Some(self.ty(&parsed, sc))
    }

    pub(super) fn structure<'t>(&mut self, s: &'a syn::ItemStruct, sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let c = serde_attrs::container(&s.attrs, file)?;
        if let Some(r) = self.converted(&c, sc) {
            return r;
        }
        let owner = s.ident.unraw().to_string();
        let mut schema = match &s.fields {
            Fields::Named(named) => {
                if c.transparent {
                    self.transparent(named.named.iter(), sc, &owner)?
                } else {
                    let case = c.rename_all.get(self.dir);
                    let container_default = gtdx_annotations::container_serde_default(&s.attrs);
                    self.object(
                        named.named.iter(),
                        case,
                        c.deny_unknown_fields,
                        container_default.as_ref(),
                        sc,
                        &owner,
                    )?
                }
            }
            Fields::Unnamed(u) => {
                if c.transparent || u.unnamed.len() == 1 {
                    self.transparent(u.unnamed.iter(), sc, &owner)?
                } else {
                    let items: Vec<&'t Type> = u.unnamed.iter().map(|f| &f.ty).collect();
                    self.tuple(&items, sc)?
                }
            }
            Fields::Unit => obj(json!({"type": "null"})),
        };
        if let Some(d) = gtdx_annotations::doc_comment(&s.attrs) {
            schema.insert("description".into(), d.into());
        }
        let named = matches!(s.fields, Fields::Named(_)) && !c.transparent;
        let facts = crate::facts::apply(
            &s.attrs,
            &mut schema,
            file,
            &owner,
            gtdx_annotations::SchemaTarget::Type {
                named_struct: named,
            },
        )?;
        if let Some(facts) = &facts
            && facts.one_of.is_some()
        {
            self.one_of(facts, &mut schema, sc)?;
        }
        Ok(schema)
    }

    /// `#[schema(one_of = [[..], [..]])]`: checked against the struct's fields (their JSON
    /// names, optional, never `null`), then written as `oneOf` of `required` groups, in the form
    /// `one_of_form` names. An output is described as it is, without the choice, which is about
    /// what callers send.
    fn one_of<'t>(
        &self,
        facts: &gtdx_annotations::SchemaAttr,
        schema: &mut Schema,
        sc: &Scope<'t>,
    ) -> Result<(), SourceError> {
        if self.dir == Direction::Output {
            return Ok(());
        }
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let fields: Vec<gtdx_annotations::OneOfField> = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| {
                p.iter()
                    .map(|(k, v)| gtdx_annotations::OneOfField {
                        name: k.clone(),
                        required: required.contains(&k.as_str()),
                        nullable: v.as_object().is_none_or(accepts_null),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let file = self.idx.file_of(sc.module);
        facts.check_one_of(&fields).map_err(|e| {
            crate::facts::syn_error(file, e, "name optional fields of the struct in `one_of`")
        })?;
        if let Some(groups) = facts.one_of_schema() {
            // The struct's own rule first, then those its flattened fields brought.
            let mut rules = vec![groups];
            rules.extend(take_one_of_rules(schema));
            let aliases = take_alias_groups(schema);
            set_rules(schema, aliases, rules);
        }
        Ok(())
    }

    /// A newtype or `#[serde(transparent)]` struct: the shape of its one (non-skipped) field.
    pub(super) fn transparent<'t>(
        &mut self,
        fields: impl Iterator<Item = &'a syn::Field>,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        for (i, f) in fields.enumerate() {
            let fa = serde_attrs::field(&f.attrs, file)?;
            if fa.skipped(self.dir) {
                continue;
            }
            let label = f
                .ident
                .as_ref()
                .map(|id| id.unraw().to_string())
                .unwrap_or_else(|| i.to_string());
            self.trail.push(format!("{owner}.{label}"));
            let mut s = self.ty(&f.ty, sc)?;
            self.field_facts(f, &mut s, sc, false)?;
            self.trail.pop();
            return Ok(s);
        }
        Ok(obj(json!({"type": "null"})))
    }

    /// The `#[schema(...)]` facts and doc comment of a field, applied to its schema; `inner`
    /// says `s` is the schema of `T` of an `Option<T>` field (not yet `null`-able). Returns the
    /// facts (for `nullable`).
    pub(super) fn field_facts<'t>(
        &mut self,
        f: &'a syn::Field,
        s: &mut Schema,
        sc: &Scope<'t>,
        inner: bool,
    ) -> Result<Option<gtdx_annotations::SchemaAttr>, SourceError>
    where
        'a: 't,
    {
        if let Some(d) = gtdx_annotations::doc_comment(&f.attrs) {
            s.insert("description".into(), d.into());
        }
        if !f.attrs.iter().any(gtdx_annotations::is_schema_attr) {
            return Ok(None);
        }
        let opt = self.option_inner(&f.ty, sc);
        let ty_text = tokens(opt.as_ref().map_or(&f.ty, |(t, _)| *t));
        let target = gtdx_annotations::SchemaTarget::Field {
            option: Some(opt.is_some()),
        };
        if opt.is_some() && !inner {
            // Checked on the schema of `T`, as the macro checks the `T` of `Option<T>`.
            let mut probe = s.clone();
            if let Some(Value::Array(types)) = probe.get("type").cloned() {
                let non_null: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
                if non_null.len() == 1 {
                    probe.insert("type".into(), non_null[0].clone());
                }
            }
            let facts = crate::facts::apply(
                &f.attrs,
                &mut probe,
                self.idx.file_of(sc.module),
                &ty_text,
                target,
            )?;
            if let Some(facts) = &facts {
                facts.apply(s, &gtdx_annotations::SchemaKind::of_schema(&probe));
            }
            return Ok(facts);
        }
        crate::facts::apply(&f.attrs, s, self.idx.file_of(sc.module), &ty_text, target)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn object<'t>(
        &mut self,
        fields: impl Iterator<Item = &'a syn::Field>,
        case: Option<Case>,
        deny_unknown: bool,
        container_default: Option<&gtdx_annotations::SerdeDefault>,
        sc: &Scope<'t>,
        owner: &str,
    ) -> R
    where
        'a: 't,
    {
        let file = self.idx.file_of(sc.module);
        let mut props = Map::new();
        let mut required: Vec<Value> = Vec::new();
        let mut additional: Option<Value> = None;
        // A required field with aliases is satisfied by any of its names.
        let mut alias_groups: Vec<Value> = Vec::new();
        // The either-or rules (`#[schema(one_of)]`) of flattened structs.
        let mut one_ofs: Vec<Value> = Vec::new();
        for f in fields {
            let fa = serde_attrs::field(&f.attrs, file)?;
            if fa.skipped(self.dir) {
                continue;
            }
            let ident = f
                .ident
                .as_ref()
                .map(|i| i.unraw().to_string())
                .unwrap_or_default();
            let name = fa
                .rename
                .get(self.dir)
                .unwrap_or_else(|| case.map_or_else(|| ident.clone(), |c| c.field(&ident)));
            self.trail.push(format!("{owner}.{ident}"));
            let opt = self.option_inner(&f.ty, sc);
            let (inner_ty, inner_sc) = match &opt {
                Some((t, s)) => (*t, s.clone()),
                None => (&f.ty, sc.clone()),
            };
            let mut s = if fa.custom.get(self.dir) == Some(true) {
                self.warnings.push(
                    SourceError::new(
                        file,
                        f.ty.span(),
                        format!(
                            "field `{owner}.{ident}` is (de)serialized by a custom function (#[serde(with)]), so its JSON shape is unknown; the schema accepts any value here"
                        ),
                    )
                    .help("describe the field with #[schema(description = \"...\")], or the tool with a hand-written schema"),
                );
                Schema::new()
            } else {
                self.ty(inner_ty, &inner_sc)?
            };
            let facts = self.field_facts(f, &mut s, sc, opt.is_some())?;
            if let Some(facts) = &facts
                && opt.is_some()
                && (accepts_null(&s) || fa.flatten)
            {
                let ty = if fa.flatten {
                    "a flattened field (its fields are merged into this object)".to_string()
                } else {
                    opt.as_ref().map_or_else(String::new, |(t, _)| tokens(*t))
                };
                facts.check_nullable_effect(&ty).map_err(|e| {
                    crate::facts::syn_error(
                        file,
                        e,
                        "keep `nullable = false` for `Option<T>` fields whose `T` is never null",
                    )
                })?;
            }
            if self.dir == Direction::Input {
                let serde_default = gtdx_annotations::serde_default(&f.attrs, container_default);
                self.field_default(f, serde_default.as_ref(), facts.as_ref(), &mut s, sc, owner)?;
            }
            if fa.flatten {
                self.flatten(
                    f,
                    s,
                    opt.is_some(),
                    &mut props,
                    &mut required,
                    &mut additional,
                    &mut alias_groups,
                    &mut one_ofs,
                    sc,
                )?;
                self.trail.pop();
                continue;
            }
            let not_null = facts
                .as_ref()
                .and_then(|f| f.nullable.as_ref())
                .is_some_and(|n| !n.value);
            if opt.is_some() && !not_null {
                s = nullable(s);
            }
            let is_required = match self.dir {
                Direction::Input => opt.is_none() && !fa.default && container_default.is_none(),
                Direction::Output => opt.is_none() && !fa.skip_ser_if,
            };
            if props.contains_key(&name) {
                return Err(self
                    .err(
                        sc.module,
                        f.span(),
                        format!("two fields of `{owner}` are both named `{name}` in JSON"),
                    )
                    .help("rename one of them"));
            }
            let aliases: Vec<(String, Value)> = match self.dir {
                Direction::Input => fa
                    .aliases
                    .iter()
                    .map(|a| {
                        let mut alias = s.clone();
                        alias.insert("description".into(), format!("Alias of `{name}`.").into());
                        (a.clone(), Value::Object(alias))
                    })
                    .collect(),
                Direction::Output => Vec::new(),
            };
            props.insert(name.clone(), Value::Object(s));
            props.extend(aliases);
            let aliased = self.dir == Direction::Input && !fa.aliases.is_empty();
            if is_required && aliased {
                let mut names = vec![name.clone()];
                names.extend(fa.aliases.iter().cloned());
                alias_groups.push(Value::Array(
                    names
                        .into_iter()
                        .map(|n| json!({ "required": [n] }))
                        .collect(),
                ));
            } else if is_required {
                required.push(name.into());
            }
            self.trail.pop();
        }
        let mut s = obj(json!({"type": "object"}));
        s.insert("properties".into(), Value::Object(props));
        if !required.is_empty() {
            s.insert("required".into(), Value::Array(required));
        }
        if deny_unknown {
            s.insert("additionalProperties".into(), false.into());
        } else if let Some(a) = additional {
            s.insert("additionalProperties".into(), a);
        }
        set_rules(&mut s, alias_groups, one_ofs);
        Ok(s)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn flatten<'t>(
        &mut self,
        f: &'a syn::Field,
        s: Schema,
        optional: bool,
        props: &mut Map<String, Value>,
        required: &mut Vec<Value>,
        additional: &mut Option<Value>,
        alias_groups: &mut Vec<Value>,
        one_ofs: &mut Vec<Value>,
        sc: &Scope<'t>,
    ) -> Result<(), SourceError>
    where
        'a: 't,
    {
        if is_choice(&s) || s.get("type").and_then(Value::as_str) != Some("object") {
            return Err(self
                .err(
                    sc.module,
                    f.ty.span(),
                    format!("#[serde(flatten)] on `{}`: only a struct or a map can be flattened into a schema", tokens(&f.ty)),
                )
                .help(format!("flatten a struct or a map with string keys, or {}", self.fix)));
        }
        if let Some(Value::Object(p)) = s.get("properties") {
            for (k, v) in p {
                if props.contains_key(k) {
                    return Err(self
                        .err(
                            sc.module,
                            f.ty.span(),
                            format!("the flattened field `{k}` clashes with another field"),
                        )
                        .help("rename one of them"));
                }
                props.insert(k.clone(), v.clone());
            }
        }
        if !optional {
            if let Some(Value::Array(r)) = s.get("required") {
                required.extend(r.iter().cloned());
            }
            alias_groups.extend(take_alias_groups(&s));
        }
        // An either-or rule of the flattened struct holds for the outer object too: a call
        // gives its fields there. `Option<Struct>` would make it "one group, or none" (serde
        // reads `None` only when the struct cannot be read), which `oneOf` cannot say.
        let rules = take_one_of_rules(&s);
        if !rules.is_empty() {
            if optional {
                return Err(self
                    .err(
                        sc.module,
                        f.ty.span(),
                        format!(
                            "#[serde(flatten)] on `{}`: the flattened struct has a `one_of` rule (exactly one group of its fields is given), which an `Option` would make optional, and a schema cannot say \"one group, or none\"",
                            tokens(&f.ty)
                        ),
                    )
                    .help("flatten the struct itself (not an `Option` of it), or move the `one_of` to the outer struct"));
            }
            one_ofs.extend(rules);
        }
        if let Some(a @ Value::Object(_)) = s.get("additionalProperties") {
            *additional = Some(a.clone());
        }
        Ok(())
    }

    /// `T` when `ty` is `Option<T>` (also through generic parameters and type aliases): serde
    /// then accepts a missing field as `None`.
    pub(super) fn option_inner<'t>(
        &self,
        ty: &'t Type,
        sc: &Scope<'t>,
    ) -> Option<(&'t Type, Scope<'t>)>
    where
        'a: 't,
    {
        let (r, last, sc) = self.external_path(ty, sc, false)?;
        if builtin_of(&r) != Some(Builtin::Option) {
            return None;
        }
        type_args(&last.arguments).first().map(|t| (*t, sc))
    }

    /// The type of another crate (std's included) or of the prelude that `ty` names, seen
    /// through parentheses, groups (and references when `through_refs`), generic parameters and
    /// this crate's type aliases: its resolved path, its last segment (whose type arguments
    /// follow) and the scope they are read in. `None` for anything else (a type of this crate, a
    /// tuple, ...).
    fn external_path<'t>(
        &self,
        ty: &'t Type,
        sc: &Scope<'t>,
        through_refs: bool,
    ) -> Option<(Resolved<'a>, &'t syn::PathSegment, Scope<'t>)>
    where
        'a: 't,
    {
        match ty {
            Type::Paren(p) => self.external_path(&p.elem, sc, through_refs),
            Type::Group(g) => self.external_path(&g.elem, sc, through_refs),
            Type::Reference(r) if through_refs => self.external_path(&r.elem, sc, through_refs),
            Type::Path(p) if p.qself.is_none() => {
                let segs = &p.path.segments;
                let last = segs.last()?;
                if segs.len() == 1
                    && p.path.leading_colon.is_none()
                    && let Some((bound, bsc)) = sc.param(&last.ident.unraw().to_string())
                {
                    return self.external_path(bound, &bsc, through_refs);
                }
                let names: Vec<String> = segs.iter().map(|s| s.ident.unraw().to_string()).collect();
                match resolve_path(self.idx, sc.module, &names, p.path.leading_colon.is_some())? {
                    r @ (Resolved::Prelude(_) | Resolved::External(_)) => {
                        Some((r, last, sc.clone()))
                    }
                    Resolved::Local {
                        module,
                        item: TypeItem::Alias(a),
                    } if a.generics.params.is_empty() => self.external_path(
                        &a.ty,
                        &Scope {
                            module,
                            env: Rc::new(Env::default()),
                        },
                        through_refs,
                    ),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The `default` of an input field: `#[schema(default = ...)]` when given (refused when the
    /// field's serde default gives another value describe can read), else the serde default's
    /// value when describe can read it and it fits the field's schema, unless
    /// `#[schema(no_default)]` keeps it out. `serde` is the field's serde default (its own, or
    /// its struct's).
    fn field_default<'t>(
        &self,
        f: &'a syn::Field,
        serde: Option<&gtdx_annotations::SerdeDefault>,
        facts: Option<&gtdx_annotations::SchemaAttr>,
        s: &mut Schema,
        sc: &Scope<'t>,
        owner: &str,
    ) -> Result<(), SourceError>
    where
        'a: 't,
    {
        use gtdx_annotations::SerdeDefault;
        let file = self.idx.file_of(sc.module);
        // The value serde fills in, when describe can tell (`None` as well for an `Option`'s
        // `None`, which is "not given": there is no value to state).
        let serde_value = match serde {
            None | Some(SerdeDefault::Container { derived: false }) => None,
            Some(SerdeDefault::Path(p)) => self.default_value(p, s, sc),
            Some(_) => self.type_default(&f.ty, sc).flatten(),
        };
        let written = serde_value.as_ref().is_some_and(|v| fits(v, s));
        if let Some(facts) = facts {
            facts.check_no_default(serde, written).map_err(|e| {
                crate::facts::syn_error(
                    file,
                    e,
                    "`no_default` goes beside a serde default whose value describe writes",
                )
            })?;
            if facts.no_default.is_some() {
                s.remove("default");
                return Ok(());
            }
            if let (Some(declared), Some(v), Some(serde)) = (&facts.default, &serde_value, serde)
                && !gtdx_annotations::same_value(&declared.value, v)
            {
                let ident = f
                    .ident
                    .as_ref()
                    .map(|i| i.unraw().to_string())
                    .unwrap_or_default();
                let (message, help) = gtdx_annotations::default_disagreement(
                    &declared.value,
                    &format!("{owner}.{ident}"),
                    &ident,
                    &tokens(&f.ty),
                    serde,
                    v,
                );
                return Err(SourceError::new(file, declared.span, message).help(help));
            }
        }
        if !s.contains_key("default")
            && written
            && let Some(v) = serde_value
        {
            s.insert("default".into(), v);
        }
        Ok(())
    }

    /// `Default::default()` of a field's type, when it is a std type whose default serializes
    /// to a known value (through generic parameters, type aliases and `Box`/`Rc`/`Arc`/`Cow`):
    /// `Some(None)` for an `Option` (its `None` is "not given"), `None` when describe cannot
    /// tell (a type of this crate, `char`, `serde_json::Value`, ...).
    fn type_default<'t>(&self, ty: &'t Type, sc: &Scope<'t>) -> Option<Option<Value>>
    where
        'a: 't,
    {
        let (r, last, sc) = self.external_path(ty, sc, true)?;
        // Only std's (and serde_json's) types: the name is theirs.
        builtin_of(&r)?;
        match gtdx_annotations::std_default(&last.ident.unraw().to_string())? {
            gtdx_annotations::StdDefault::Value(v) => Some(Some(v)),
            gtdx_annotations::StdDefault::NotGiven => Some(None),
            gtdx_annotations::StdDefault::Inner => {
                self.type_default(type_args(&last.arguments).last()?, &sc)
            }
        }
    }

    /// The value of `#[serde(default = "path")]` when describe can read it: a `const` or a
    /// function of the struct's module whose body is one literal (`"x"`, `5`, `true`, also
    /// `"x".to_string()`, `String::from("x")`, `"x".into()`) of the field's type. Anything else
    /// is not reflected.
    fn default_value<'t>(&self, path: &str, s: &Schema, sc: &Scope<'t>) -> Option<Value> {
        let name = path.strip_prefix("self::").unwrap_or(path);
        if name.is_empty() || name.contains("::") {
            return None;
        }
        let m = &self.idx.modules[sc.module];
        let expr: &syn::Expr = if let Some(c) = m.consts.get(name) {
            &c.expr
        } else {
            let f = m.fns.get(name)?;
            match f.block.stmts.as_slice() {
                [syn::Stmt::Expr(e, None)] => e,
                _ => return None,
            }
        };
        // The body may name a `const` of the same module.
        let expr = match expr {
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                &*m.consts.get(&p.path.segments[0].ident.to_string())?.expr
            }
            other => other,
        };
        let value = literal_value(expr)?;
        // Only a value of the field's type is its default (whatever `#[schema]` bounds say:
        // those decide whether it is written, see `fits`).
        let kind = match gtdx_annotations::SchemaKind::of_schema(s) {
            gtdx_annotations::SchemaKind::Integer { .. } => gtdx_annotations::SchemaKind::Integer {
                min: i128::from(i64::MIN),
                max: i128::from(u64::MAX),
            },
            k => k,
        };
        probe_default(&value, &kind).then_some(value)
    }

    pub(super) fn tuple<'t>(&mut self, items: &[&'t Type], sc: &Scope<'t>) -> R
    where
        'a: 't,
    {
        let mut prefix = Vec::new();
        for t in items {
            prefix.push(Value::Object(self.ty(t, sc)?));
        }
        let n = items.len();
        Ok(obj(
            json!({"type": "array", "prefixItems": prefix, "minItems": n, "maxItems": n}),
        ))
    }

    pub(super) fn array_len<'t>(
        &self,
        len: &syn::Expr,
        sc: &Scope<'t>,
    ) -> Result<u64, SourceError> {
        let bad = || {
            self.err(
                sc.module,
                len.span(),
                format!(
                    "array length `{}` is not an integer describe can read",
                    tokens(len)
                ),
            )
            .help("write the length as an integer literal or a `const` of the same module")
        };
        match len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => i.base10_parse().map_err(|_| bad()),
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                let name = p.path.segments[0].ident.to_string();
                let c = self.idx.modules[sc.module]
                    .consts
                    .get(&name)
                    .ok_or_else(bad)?;
                match &*c.expr {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }) => i.base10_parse().map_err(|_| bad()),
                    _ => Err(bad()),
                }
            }
            syn::Expr::Group(g) => self.array_len(&g.expr, sc),
            syn::Expr::Paren(p) => self.array_len(&p.expr, sc),
            _ => Err(bad()),
        }
    }
}

/// Whether `value` passes the `#[schema(default)]` check against `kind` (the rule for a
/// declared default: a value of the type, in its range).
fn probe_default(value: &Value, kind: &gtdx_annotations::SchemaKind) -> bool {
    let probe = gtdx_annotations::SchemaAttr {
        default: Some(gtdx_annotations::Spanned::new(
            value.clone(),
            proc_macro2::Span::call_site(),
        )),
        ..Default::default()
    };
    probe
        .check(
            kind,
            "",
            gtdx_annotations::SchemaTarget::Field { option: None },
        )
        .is_ok()
}

/// Whether a serde default fits the field's schema, so that it may be written as `default`: of
/// the type and within the bounds describe writes (`minimum`/`maximum`, lengths, item counts,
/// `enum`). `0` under `minimum = 1`, or `""` under `min_length = 1`, is what serde fills in but
/// not a value a call may send, so it is not offered as one.
fn fits(value: &Value, s: &Schema) -> bool {
    let n = |k: &str| s.get(k).and_then(Value::as_f64);
    let len = |k: &str| s.get(k).and_then(Value::as_u64);
    let within =
        |x: f64, lo: &str, hi: &str| n(lo).is_none_or(|m| x >= m) && n(hi).is_none_or(|m| x <= m);
    let count = |c: usize, lo: &str, hi: &str| {
        len(lo).is_none_or(|m| c as u64 >= m) && len(hi).is_none_or(|m| c as u64 <= m)
    };
    if !probe_default(value, &gtdx_annotations::SchemaKind::of_schema(s)) {
        return false;
    }
    if let Some(Value::Array(allowed)) = s.get("enum")
        && !allowed
            .iter()
            .any(|a| gtdx_annotations::same_value(a, value))
    {
        return false;
    }
    match value {
        Value::Number(x) => x.as_f64().is_some_and(|x| within(x, "minimum", "maximum")),
        Value::String(t) => count(t.chars().count(), "minLength", "maxLength"),
        Value::Array(a) => count(a.len(), "minItems", "maxItems"),
        _ => true,
    }
}

/// A literal (through `.to_string()`, `.to_owned()`, `.into()`, `String::from(..)`) as JSON.
fn literal_value(e: &syn::Expr) -> Option<Value> {
    match e {
        syn::Expr::Lit(l) => match &l.lit {
            syn::Lit::Str(s) => Some(Value::String(s.value())),
            syn::Lit::Bool(b) => Some(Value::Bool(b.value)),
            syn::Lit::Int(i) => i
                .base10_parse::<i64>()
                .ok()
                .map(Value::from)
                .or_else(|| i.base10_parse::<u64>().ok().map(Value::from)),
            syn::Lit::Float(f) => f
                .base10_parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number),
            _ => None,
        },
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => match literal_value(&u.expr)? {
            Value::Number(n) => n.as_i64().map(|v| Value::from(-v)).or_else(|| {
                n.as_f64()
                    .and_then(|f| serde_json::Number::from_f64(-f))
                    .map(Value::Number)
            }),
            _ => None,
        },
        syn::Expr::MethodCall(m)
            if m.args.is_empty()
                && ["to_string", "to_owned", "into"].contains(&m.method.to_string().as_str()) =>
        {
            literal_value(&m.receiver).filter(Value::is_string)
        }
        syn::Expr::Call(c) if c.args.len() == 1 => match &*c.func {
            syn::Expr::Path(p)
                if p.path.segments.len() == 2
                    && p.path.segments[0].ident == "String"
                    && p.path.segments[1].ident == "from" =>
            {
                literal_value(&c.args[0]).filter(Value::is_string)
            }
            _ => None,
        },
        syn::Expr::Paren(p) => literal_value(&p.expr),
        syn::Expr::Group(g) => literal_value(&g.expr),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    //! The `#[schema]` rules that need the whole crate (issue #30 items 16 and 18), on sources
    //! written to a temporary directory.

    use serde_json::{Value, json};

    /// The input schema of each tool of `src` (a whole `lib.rs`), or every error's text.
    fn describe(src: &str) -> Result<Vec<Value>, Vec<String>> {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path().join("lib.rs");
        std::fs::write(&lib, src).unwrap();
        let krate = crate::crate_src::load(&lib).map_err(|e| vec![e.to_string()])?;
        let idx = crate::crate_src::Index::build(&krate);
        let collected = crate::tools::collect(&idx, dir.path())
            .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
        Ok(collected
            .tools
            .iter()
            .map(|t| serde_json::from_str(t.tool.input_schema.as_deref().unwrap()).unwrap())
            .collect())
    }

    fn tool(input: &str, extra: &str) -> String {
        format!(
            "use gtdx_sdk::{{Schema, ToolError, tool}};\n{extra}\n{input}\n/// T.\n#[tool(capabilities = [\"flow\"])]\npub fn t(input: In) -> Result<(), ToolError> {{ Ok(()) }}\n"
        )
    }

    fn error(input: &str, extra: &str) -> String {
        let errors = describe(&tool(input, extra)).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        errors.into_iter().next().unwrap()
    }

    const LIMIT: &str = "fn default_limit() -> u32 { 10 }";

    #[test]
    fn a_schema_default_must_agree_with_a_readable_serde_default() {
        let e = error(
            "#[derive(Schema)] pub struct In { #[serde(default = \"default_limit\")] #[schema(default = 7)] pub limit: u32 }",
            LIMIT,
        );
        assert!(
            e.contains("`#[schema(default = 7)]` says `In.limit` defaults to 7, but its `#[serde(default = \"default_limit\")]` gives 10"),
            "{e}"
        );
        // Equal values (also 10 and 10.0) agree; an unreadable serde default is not compared.
        for (attr, extra) in [
            (
                "#[serde(default = \"default_limit\")] #[schema(default = 10)]",
                LIMIT,
            ),
            (
                "#[serde(default = \"default_ratio\")] #[schema(default = 10)]",
                "fn default_ratio() -> f64 { 10.0 }",
            ),
            (
                "#[serde(default = \"other::limit\")] #[schema(default = 7)]",
                "",
            ),
        ] {
            let ty = if extra.contains("f64") { "f64" } else { "u32" };
            let s = describe(&tool(
                &format!("#[derive(Schema)] pub struct In {{ {attr} pub limit: {ty} }}"),
                extra,
            ))
            .unwrap();
            assert_eq!(
                s[0]["properties"]["limit"]["default"].as_f64(),
                Some(if attr.contains("= 7") { 7.0 } else { 10.0 }),
                "{attr}"
            );
        }
    }

    #[test]
    fn no_default_keeps_a_readable_serde_default_out() {
        let s = describe(&tool(
            "#[derive(Schema)] pub struct In { #[serde(default = \"default_limit\")] #[schema(no_default)] pub limit: u32, #[serde(default = \"default_limit\")] pub top: u32 }",
            LIMIT,
        ))
        .unwrap();
        assert_eq!(s[0]["properties"]["limit"].get("default"), None);
        assert_eq!(s[0]["properties"]["top"]["default"], 10);
        let e = error(
            "#[derive(Schema)] pub struct In { #[serde(default = \"other::limit\")] #[schema(no_default)] pub limit: u32 }",
            "",
        );
        assert!(e.contains("describe does not write that value"), "{e}");
        // A plain `#[serde(default)]` of a number is written, so it may be left out too; an
        // `Option`'s `None` is never written, so leaving it out changes nothing.
        let s = describe(&tool(
            "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(no_default)] pub limit: u32 }",
            "",
        ))
        .unwrap();
        assert_eq!(s[0]["properties"]["limit"].get("default"), None);
        let e = error(
            "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(no_default)] pub limit: Option<u32> }",
            "",
        );
        assert!(
            e.contains("leaves the value of `#[serde(default)]` out of the schema, but describe does not write that value"),
            "{e}"
        );
    }

    #[test]
    fn a_plain_serde_default_that_disagrees_is_refused() {
        // On the field: `Default::default()` of `u16` is 0, not 1000.
        let e = error(
            "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(minimum = 100, maximum = 8000, default = 1000)] pub passage_length: u16 }",
            "",
        );
        assert!(
            e.contains("`#[schema(default = 1000)]` says `In.passage_length` defaults to 1000, but its `#[serde(default)]` gives 0 (`Default::default()` of `u16`)"),
            "{e}"
        );
        assert!(
            e.contains("help: to default to 1000, write `#[serde(default = \"default_passage_length\")]` on the field and `fn default_passage_length() -> u16 { 1000 }`"),
            "{e}"
        );
        // On a struct deriving `Default`, through an alias and a `Box`, for each kind of type.
        for (ty, declared, given) in [
            ("Count", "5", "0"),
            ("f64", "0.5", "0.0"),
            ("bool", "true", "false"),
            ("String", "\"docs\"", "\"\""),
            ("Box<String>", "\"docs\"", "\"\""),
            ("Vec<String>", "[\"a\"]", "[]"),
        ] {
            let e = error(
                &format!(
                    "#[derive(Default, serde::Deserialize, Schema)] #[serde(default)] pub struct In {{ #[schema(default = {declared})] pub x: {ty} }}"
                ),
                "type Count = u32;",
            );
            assert!(
                e.contains(&format!("but the struct's `#[serde(default)]` gives {given} (`Default::default()` of `{ty}`)")),
                "{ty}: {e}"
            );
        }
        // Agreeing, unreadable or "not given" defaults are accepted: equal values; a struct
        // whose `Default` is written by hand; a type of the crate; an `Option` (`None` is "not
        // given", and the schema says what the tool does then).
        for (src, extra) in [
            (
                "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(default = 0)] pub x: f64 }",
                "",
            ),
            (
                "#[derive(serde::Deserialize, Schema)] #[serde(default)] pub struct In { #[schema(default = 5)] pub x: u32 }",
                "impl Default for In { fn default() -> Self { In { x: 5 } } }",
            ),
            (
                "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(default = \"b\")] pub x: Pick }",
                "#[derive(Default, serde::Deserialize)] #[serde(rename_all = \"lowercase\")] pub enum Pick { A, #[default] B }",
            ),
            (
                "#[derive(Schema)] pub struct In { #[serde(default)] #[schema(default = 5)] pub x: Option<u32> }",
                "",
            ),
        ] {
            describe(&tool(src, extra)).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        }
    }

    #[test]
    fn a_readable_plain_serde_default_is_written_when_it_fits() {
        let s = describe(&tool(
            "#[derive(Default, serde::Deserialize, Schema)] #[serde(default)] pub struct In { pub n: u8, pub on: bool, pub name: String, pub tags: Vec<String>, pub opt: Option<u8>, #[schema(minimum = 1)] pub top: u32, #[schema(min_length = 1)] pub id: String }",
            "",
        ))
        .unwrap();
        let p = &s[0]["properties"];
        assert_eq!(p["n"]["default"], 0);
        assert_eq!(p["on"]["default"], false);
        assert_eq!(p["name"]["default"], "");
        assert_eq!(p["tags"]["default"], json!([]));
        // `None` is "not given"; 0 under `minimum = 1` and "" under `min_length = 1` are what
        // serde fills in, not values a call may send.
        for k in ["opt", "top", "id"] {
            assert_eq!(p[k].get("default"), None, "{k}");
        }
        assert_eq!(s[0].get("required"), None);
    }

    #[test]
    fn nullable_false_must_change_something() {
        for (ty, shown) in [
            ("Option<serde_json::Value>", "`serde_json::Value`"),
            ("Option<Value>", "`Value`"),
            ("Option<Option<String>>", "`Option<String>`"),
            ("Option<Anything>", "`Anything`"),
        ] {
            let e = error(
                &format!(
                    "#[derive(Schema)] pub struct In {{ #[schema(nullable = false)] pub x: {ty} }}"
                ),
                "use serde_json::Value; type Anything = serde_json::Value;",
            );
            assert!(
                e.contains(&format!(
                    "`nullable = false` changes nothing here: {shown} itself accepts `null`"
                )),
                "{ty}: {e}"
            );
        }
        let s = describe(&tool(
            "#[derive(Schema)] pub struct In { #[schema(nullable = false)] pub x: Option<String> }",
            "",
        ))
        .unwrap();
        assert_eq!(s[0]["properties"]["x"], json!({"type": "string"}));
    }

    #[test]
    fn one_of_needs_the_derive_and_fields_that_are_never_null() {
        let e = error(
            "#[derive(serde::Deserialize)] #[schema(one_of = [[\"a\"], [\"b\"]])] pub struct In { #[schema(nullable = false)] pub a: Option<u8>, #[schema(nullable = false)] pub b: Option<u8> }",
            "",
        );
        assert!(
            e.contains(
                "`#[schema(one_of = ..)]` is written in `In`, which does not derive `Schema`"
            ),
            "{e}"
        );
        // A field's `#[schema]` counts too; `cfg_attr` and a path are derives as well.
        let e = error(
            "#[derive(Debug)] pub struct In { #[schema(minimum = 1)] pub a: u8 }",
            "",
        );
        assert!(
            e.contains("`#[schema(minimum = ..)]` is written in `In`"),
            "{e}"
        );
        describe(&tool(
            "#[cfg_attr(feature = \"x\", derive(gtdx_sdk::Schema))] pub struct In { #[schema(minimum = 1)] pub a: u8 }",
            "",
        ))
        .unwrap();
        let e = error(
            "#[derive(Schema)] #[schema(one_of = [[\"a\"], [\"b\"]])] pub struct In { pub a: Option<u8>, #[schema(nullable = false)] pub b: Option<u8> }",
            "",
        );
        assert!(
            e.contains("`one_of` names `a`, whose schema accepts `null`"),
            "{e}"
        );
    }

    const WHICH: &str = "#[derive(serde::Deserialize, Schema)] #[schema(one_of = [[\"doc_id\"], [\"ids\"]])] pub struct Which { #[schema(nullable = false)] pub doc_id: Option<String>, #[schema(nullable = false)] pub ids: Option<Vec<String>> }";

    #[test]
    fn a_flattened_one_of_is_kept() {
        let groups = json!([{"required": ["doc_id"]}, {"required": ["ids"]}]);
        // Alone, at the root, where a struct's own rule goes.
        let s = describe(&tool(
            "#[derive(serde::Deserialize, Schema)] pub struct In { pub query: String, #[serde(flatten)] pub which: Which }",
            WHICH,
        ))
        .unwrap();
        assert_eq!(s[0]["oneOf"], groups);
        assert_eq!(s[0]["required"], json!(["query"]));
        // Beside the outer struct's own rule and an alias group: every rule in `allOf`, the
        // struct's own first; through two levels of flattening.
        let s = describe(&tool(
            "#[derive(serde::Deserialize, Schema)] #[schema(one_of = [[\"query\"], [\"vector\"]], one_of_form = \"exclusive\")] pub struct In { #[schema(nullable = false)] pub query: Option<String>, #[schema(nullable = false)] pub vector: Option<Vec<f32>>, #[serde(flatten)] pub mid: Mid, #[serde(alias = \"k\")] pub top: u8 }",
            &format!("{WHICH} #[derive(serde::Deserialize, Schema)] pub struct Mid {{ #[serde(flatten)] pub which: Which, pub note: Option<String> }}"),
        ))
        .unwrap();
        let exclusive = json!([
            {"required": ["query"], "not": {"required": ["vector"]}},
            {"required": ["vector"], "not": {"required": ["query"]}}
        ]);
        assert_eq!(s[0].get("oneOf"), None);
        assert_eq!(
            s[0]["allOf"],
            json!([{"oneOf": exclusive}, {"oneOf": groups}])
        );
        assert_eq!(
            s[0]["anyOf"],
            json!([{"required": ["top"]}, {"required": ["k"]}])
        );
        // The schema holds both rules, as the dispatch does.
        let v = jsonschema::validator_for(&s[0]).unwrap();
        assert!(v.is_valid(&json!({"query": "q", "ids": ["a"], "top": 1})));
        for bad in [
            json!({"query": "q", "top": 1}),
            json!({"ids": ["a"], "top": 1}),
            json!({"query": "q", "vector": [1.0], "doc_id": "d", "top": 1}),
        ] {
            assert!(!v.is_valid(&bad), "{bad}");
        }
        // An `Option` of such a field (not flattened) still accepts `null`.
        let s = describe(&tool(
            "#[derive(serde::Deserialize, Schema)] #[schema(one_of = [[\"query\"], [\"vector\"]])] pub struct Two { #[schema(nullable = false)] pub query: Option<String>, #[schema(nullable = false)] pub vector: Option<Vec<f32>>, #[serde(flatten)] pub which: Which } #[derive(serde::Deserialize, Schema)] pub struct In { pub two: Option<Two> }",
            WHICH,
        ))
        .unwrap();
        let v = jsonschema::validator_for(&s[0]).unwrap();
        assert!(v.is_valid(&json!({"two": null})));
        assert!(v.is_valid(&json!({})));
        assert!(!v.is_valid(&json!({"two": {"query": "q"}})));
        // An `Option` of a struct with a rule cannot be flattened: "one group, or none".
        let e = error(
            "#[derive(serde::Deserialize, Schema)] pub struct In { #[serde(flatten)] pub which: Option<Which> }",
            WHICH,
        );
        assert!(
            e.contains(
                "#[serde(flatten)] on `Option<Which>`: the flattened struct has a `one_of` rule"
            ),
            "{e}"
        );
    }

    #[test]
    fn one_of_in_the_exclusive_form() {
        let s = describe(&tool(
            "#[derive(Schema)] #[schema(one_of = [[\"a\"], [\"b\"]], one_of_form = \"exclusive\")] pub struct In { #[schema(nullable = false)] pub a: Option<u8>, #[schema(nullable = false)] pub b: Option<u8> }",
            "",
        ))
        .unwrap();
        assert_eq!(
            s[0]["oneOf"],
            json!([
                {"required": ["a"], "not": {"required": ["b"]}},
                {"required": ["b"], "not": {"required": ["a"]}}
            ])
        );
    }
}
