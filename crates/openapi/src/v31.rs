//! OpenAPI 3.1, read by `oas3`, into the shared [`Api`] model.

use oas3::spec as os;
use serde_json::Value;

use crate::model::{Api, Body, Location, Media, Operation, Param, Scheme, Success, first_example};

/// How deep a chain of `$ref`s to `$ref`s is followed before the operation is refused.
const MAX_HOPS: usize = 16;

/// Converts a parsed 3.1 document.
pub fn convert(doc: &os::Spec) -> Api {
    let empty = os::Components::default();
    let comp = doc.components.as_ref().unwrap_or(&empty);
    let mut api = Api {
        version: doc.openapi.clone(),
        title: doc.info.title.clone(),
        api_version: doc.info.version.clone(),
        servers: doc
            .servers
            .iter()
            .map(|s| {
                let vars = s.variables.iter();
                crate::model::server_url(
                    &s.url,
                    vars.map(|(k, v)| (k.as_str(), v.default.as_str())),
                )
            })
            .collect(),
        security: requirements(&doc.security),
        ..Api::default()
    };
    for (name, schema) in &comp.schemas {
        api.schemas.insert(name.clone(), to_json(schema));
    }
    for (name, scheme) in &comp.security_schemes {
        let scheme = match resolve(scheme, "securitySchemes", |n| comp.security_schemes.get(n)) {
            Ok(s) => scheme_of(s),
            Err(why) => Scheme::Other(why),
        };
        api.schemes.push((name.clone(), scheme));
    }
    let Some(paths) = &doc.paths else {
        return api;
    };
    for (path, item) in paths {
        if let Some(r) = &item.reference {
            api.operations.push(Operation {
                method: "*".into(),
                path: path.clone(),
                unsupported: Some(format!(
                    "the path item is a `$ref` ({r}), which gtdx does not follow"
                )),
                ..Operation::default()
            });
            continue;
        }
        let methods = [
            ("GET", &item.get),
            ("PUT", &item.put),
            ("POST", &item.post),
            ("DELETE", &item.delete),
            ("OPTIONS", &item.options),
            ("HEAD", &item.head),
            ("PATCH", &item.patch),
            ("TRACE", &item.trace),
        ];
        for (method, op) in methods {
            if let Some(op) = op {
                api.operations
                    .push(operation(comp, path, method, &item.parameters, op));
            }
        }
    }
    api
}

fn requirements(reqs: &[os::SecurityRequirement]) -> Vec<Vec<String>> {
    reqs.iter().map(|r| r.0.keys().cloned().collect()).collect()
}

fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Object(Default::default()))
}

/// Follows `#/components/<kind>/<name>` references to the item.
fn resolve<'a, T>(
    mut r: &'a os::ObjectOrReference<T>,
    kind: &str,
    lookup: impl Fn(&str) -> Option<&'a os::ObjectOrReference<T>>,
) -> Result<&'a T, String> {
    for _ in 0..MAX_HOPS {
        match r {
            os::ObjectOrReference::Object(t) => return Ok(t),
            os::ObjectOrReference::Ref { ref_path, .. } => {
                let prefix = format!("#/components/{kind}/");
                let next = ref_path
                    .strip_prefix(&prefix)
                    .and_then(&lookup)
                    .ok_or_else(|| format!("`$ref: {ref_path}` does not resolve"))?;
                r = next;
            }
        }
    }
    Err(format!("a chain of more than {MAX_HOPS} `$ref`s"))
}

fn scheme_of(s: &os::SecurityScheme) -> Scheme {
    match s {
        os::SecurityScheme::ApiKey { location, name, .. } => {
            let location = match location.as_str() {
                "query" => Location::Query,
                "cookie" => Location::Cookie,
                _ => Location::Header,
            };
            Scheme::ApiKey {
                location,
                name: name.clone(),
            }
        }
        os::SecurityScheme::Http { scheme, .. } => match scheme.to_ascii_lowercase().as_str() {
            "bearer" => Scheme::Bearer,
            "basic" => Scheme::Basic,
            other => Scheme::Other(format!("http scheme `{other}`")),
        },
        os::SecurityScheme::OAuth2 { .. } => Scheme::OAuth {
            kind: "oauth2".into(),
        },
        os::SecurityScheme::OpenIdConnect { .. } => Scheme::OAuth {
            kind: "openIdConnect".into(),
        },
        os::SecurityScheme::MutualTls { .. } => Scheme::Other("mutualTLS".into()),
    }
}

fn operation(
    comp: &os::Components,
    path: &str,
    method: &str,
    shared: &[os::ObjectOrReference<os::Parameter>],
    op: &os::Operation,
) -> Operation {
    let mut out = Operation {
        method: method.to_string(),
        path: path.to_string(),
        operation_id: op.operation_id.clone(),
        summary: op.summary.clone(),
        description: op.description.clone(),
        deprecated: op.deprecated.unwrap_or(false),
        // oas3 reads an absent `security` and `security: []` alike: the document's applies.
        security: (!op.security.is_empty()).then(|| requirements(&op.security)),
        ..Operation::default()
    };
    if let Err(why) = fill(comp, shared, op, &mut out) {
        out.unsupported = Some(why);
    }
    out
}

fn fill(
    comp: &os::Components,
    shared: &[os::ObjectOrReference<os::Parameter>],
    op: &os::Operation,
    out: &mut Operation,
) -> Result<(), String> {
    if !op.callbacks.is_empty() {
        return Err("it declares callbacks, which a tool cannot receive".into());
    }
    let mut params: Vec<Param> = Vec::new();
    for p in shared.iter().chain(&op.parameters) {
        let p = resolve(p, "parameters", |n| comp.parameters.get(n))?;
        let param = param(comp, p);
        params.retain(|q| !(q.name == param.name && q.location == param.location));
        params.push(param);
    }
    out.params = params;
    if let Some(body) = &op.request_body {
        let body = resolve(body, "requestBodies", |n| comp.request_bodies.get(n))?;
        out.body = Some(Body {
            required: body.required.unwrap_or(false),
            description: body.description.clone(),
            content: media(comp, &body.content),
        });
    }
    out.success = success(comp, op.responses.as_ref())?;
    Ok(())
}

fn param(comp: &os::Components, p: &os::Parameter) -> Param {
    let location = match p.location {
        os::ParameterIn::Path => Location::Path,
        os::ParameterIn::Query => Location::Query,
        os::ParameterIn::Header => Location::Header,
        os::ParameterIn::Cookie => Location::Cookie,
    };
    let schema = match (&p.schema, &p.content) {
        (Some(s), _) => to_json(s),
        (None, Some(c)) => c
            .values()
            .find_map(|m| m.schema.as_ref().map(to_json))
            .unwrap_or_else(|| Value::Object(Default::default())),
        (None, None) => Value::Object(Default::default()),
    };
    let named: Vec<Option<Value>> = p.examples.values().map(|e| example(comp, e)).collect();
    Param {
        name: p.name.clone(),
        location,
        required: p.required.unwrap_or(false) || location == Location::Path,
        description: p.description.clone(),
        schema,
        example: p
            .example
            .clone()
            .or_else(|| first_example(named.iter().map(Option::as_ref))),
    }
}

fn example(comp: &os::Components, e: &os::ObjectOrReference<os::Example>) -> Option<Value> {
    resolve(e, "examples", |n| comp.examples.get(n))
        .ok()
        .and_then(|e| e.value.clone())
}

fn media(comp: &os::Components, content: &oas3::Map<String, os::MediaType>) -> Vec<Media> {
    content
        .iter()
        .map(|(media_type, m)| {
            let example = match &m.examples {
                Some(os::MediaTypeExamples::Example { example }) => Some(example.clone()),
                Some(os::MediaTypeExamples::Examples { examples }) => {
                    let named: Vec<Option<Value>> =
                        examples.values().map(|e| example(comp, e)).collect();
                    first_example(named.iter().map(Option::as_ref))
                }
                None => None,
            };
            Media {
                media_type: media_type.clone(),
                schema: m.schema.as_ref().map(to_json),
                example,
            }
        })
        .collect()
}

fn success(
    comp: &os::Components,
    responses: Option<&oas3::Map<String, os::ObjectOrReference<os::Response>>>,
) -> Result<Option<Success>, String> {
    let Some(responses) = responses else {
        return Ok(None);
    };
    let ok = responses.iter().find_map(|(code, r)| {
        let code = code.to_ascii_uppercase();
        match code.parse::<u16>() {
            Ok(c) if (200..300).contains(&c) => Some((c, r)),
            _ if code == "2XX" => Some((200, r)),
            _ => None,
        }
    });
    let Some((status, r)) = ok.or(responses.get("default").map(|r| (0, r))) else {
        return Ok(None);
    };
    let r = resolve(r, "responses", |n| comp.responses.get(n))?;
    Ok(Some(Success {
        status,
        content: media(comp, &r.content),
    }))
}
