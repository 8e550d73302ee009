//! OpenAPI 3.0, read by `openapiv3`, into the shared [`Api`] model.

use openapiv3 as oa;
use serde_json::Value;

use crate::model::{Api, Body, Location, Media, Operation, Param, Scheme, Success, first_example};

/// How deep a chain of `$ref`s to `$ref`s is followed before the operation is refused.
const MAX_HOPS: usize = 16;

/// Converts a parsed 3.0 document.
pub fn convert(doc: &oa::OpenAPI) -> Api {
    let empty = oa::Components::default();
    let comp = doc.components.as_ref().unwrap_or(&empty);
    let mut api = Api {
        version: doc.openapi.clone(),
        title: doc.info.title.clone(),
        api_version: doc.info.version.clone(),
        servers: doc
            .servers
            .iter()
            .map(|s| {
                let vars = s.variables.iter().flatten();
                crate::model::server_url(
                    &s.url,
                    vars.map(|(k, v)| (k.as_str(), v.default.as_str())),
                )
            })
            .collect(),
        security: doc
            .security
            .as_deref()
            .map(requirements)
            .unwrap_or_default(),
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
    for (path, item) in &doc.paths.paths {
        let oa::ReferenceOr::Item(item) = item else {
            api.operations.push(Operation {
                method: "*".into(),
                path: path.clone(),
                unsupported: Some("the path item is a `$ref`, which gtdx does not follow".into()),
                ..Operation::default()
            });
            continue;
        };
        for (method, op) in item.iter() {
            api.operations
                .push(operation(comp, path, method, &item.parameters, op));
        }
    }
    api
}

fn requirements(reqs: &[oa::SecurityRequirement]) -> Vec<Vec<String>> {
    reqs.iter().map(|r| r.keys().cloned().collect()).collect()
}

fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Object(Default::default()))
}

/// Follows `#/components/<kind>/<name>` references to the item.
fn resolve<'a, T>(
    mut r: &'a oa::ReferenceOr<T>,
    kind: &str,
    lookup: impl Fn(&str) -> Option<&'a oa::ReferenceOr<T>>,
) -> Result<&'a T, String> {
    for _ in 0..MAX_HOPS {
        match r {
            oa::ReferenceOr::Item(t) => return Ok(t),
            oa::ReferenceOr::Reference { reference } => {
                let prefix = format!("#/components/{kind}/");
                let next = reference
                    .strip_prefix(&prefix)
                    .and_then(&lookup)
                    .ok_or_else(|| format!("`$ref: {reference}` does not resolve"))?;
                r = next;
            }
        }
    }
    Err(format!("a chain of more than {MAX_HOPS} `$ref`s"))
}

fn scheme_of(s: &oa::SecurityScheme) -> Scheme {
    match s {
        oa::SecurityScheme::APIKey { location, name, .. } => Scheme::ApiKey {
            location: match location {
                oa::APIKeyLocation::Query => Location::Query,
                oa::APIKeyLocation::Header => Location::Header,
                oa::APIKeyLocation::Cookie => Location::Cookie,
            },
            name: name.clone(),
        },
        oa::SecurityScheme::HTTP { scheme, .. } => match scheme.to_ascii_lowercase().as_str() {
            "bearer" => Scheme::Bearer,
            "basic" => Scheme::Basic,
            other => Scheme::Other(format!("http scheme `{other}`")),
        },
        oa::SecurityScheme::OAuth2 { .. } => Scheme::OAuth {
            kind: "oauth2".into(),
        },
        oa::SecurityScheme::OpenIDConnect { .. } => Scheme::OAuth {
            kind: "openIdConnect".into(),
        },
    }
}

fn operation(
    comp: &oa::Components,
    path: &str,
    method: &str,
    shared: &[oa::ReferenceOr<oa::Parameter>],
    op: &oa::Operation,
) -> Operation {
    let mut out = Operation {
        method: method.to_ascii_uppercase(),
        path: path.to_string(),
        operation_id: op.operation_id.clone(),
        summary: op.summary.clone(),
        description: op.description.clone(),
        deprecated: op.deprecated,
        security: op.security.as_deref().map(requirements),
        ..Operation::default()
    };
    if let Err(why) = fill(comp, shared, op, &mut out) {
        out.unsupported = Some(why);
    }
    out
}

fn fill(
    comp: &oa::Components,
    shared: &[oa::ReferenceOr<oa::Parameter>],
    op: &oa::Operation,
    out: &mut Operation,
) -> Result<(), String> {
    if !op.callbacks.is_empty() {
        return Err("it declares callbacks, which a tool cannot receive".into());
    }
    let mut params: Vec<Param> = Vec::new();
    for p in shared.iter().chain(&op.parameters) {
        let p = resolve(p, "parameters", |n| comp.parameters.get(n))?;
        let param = param(p);
        // An operation's parameter replaces the path item's of the same name and location.
        params.retain(|q| !(q.name == param.name && q.location == param.location));
        params.push(param);
    }
    out.params = params;
    if let Some(body) = &op.request_body {
        let body = resolve(body, "requestBodies", |n| comp.request_bodies.get(n))?;
        out.body = Some(Body {
            required: body.required,
            description: body.description.clone(),
            content: media(comp, &body.content),
        });
    }
    out.success = success(comp, &op.responses)?;
    Ok(())
}

fn param(p: &oa::Parameter) -> Param {
    let location = match p {
        oa::Parameter::Query { .. } => Location::Query,
        oa::Parameter::Header { .. } => Location::Header,
        oa::Parameter::Path { .. } => Location::Path,
        oa::Parameter::Cookie { .. } => Location::Cookie,
    };
    let data = p.parameter_data_ref();
    let schema = match &data.format {
        oa::ParameterSchemaOrContent::Schema(s) => to_json(s),
        oa::ParameterSchemaOrContent::Content(c) => c
            .values()
            .find_map(|m| m.schema.as_ref().map(to_json))
            .unwrap_or_else(|| Value::Object(Default::default())),
    };
    let named = data.examples.values().map(|e| match e {
        oa::ReferenceOr::Item(e) => e.value.as_ref(),
        oa::ReferenceOr::Reference { .. } => None,
    });
    Param {
        name: data.name.clone(),
        location,
        required: data.required || location == Location::Path,
        description: data.description.clone(),
        schema,
        example: data.example.clone().or_else(|| first_example(named)),
    }
}

fn media(comp: &oa::Components, content: &oa::Content) -> Vec<Media> {
    content
        .iter()
        .map(|(media_type, m)| {
            let named = m.examples.values().map(|e| match e {
                oa::ReferenceOr::Item(e) => e.value.as_ref(),
                oa::ReferenceOr::Reference { reference } => reference
                    .strip_prefix("#/components/examples/")
                    .and_then(|n| comp.examples.get(n))
                    .and_then(|e| match e {
                        oa::ReferenceOr::Item(e) => e.value.as_ref(),
                        oa::ReferenceOr::Reference { .. } => None,
                    }),
            });
            Media {
                media_type: media_type.clone(),
                schema: m.schema.as_ref().map(to_json),
                example: m.example.clone().or_else(|| first_example(named)),
            }
        })
        .collect()
}

fn success(comp: &oa::Components, responses: &oa::Responses) -> Result<Option<Success>, String> {
    let ok = responses.responses.iter().find_map(|(code, r)| match code {
        oa::StatusCode::Code(c) if (200..300).contains(c) => Some((*c, r)),
        oa::StatusCode::Range(2) => Some((200, r)),
        _ => None,
    });
    let Some((status, r)) = ok.or(responses.default.as_ref().map(|r| (0, r))) else {
        return Ok(None);
    };
    let r = resolve(r, "responses", |n| comp.responses.get(n))?;
    Ok(Some(Success {
        status,
        content: media(comp, &r.content),
    }))
}
