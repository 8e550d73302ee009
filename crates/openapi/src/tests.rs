//! Parsing and mapping on small documents written for each rule.

use super::*;
use serde_json::json;

const PETSTORE_30: &str = r##"{
  "openapi": "3.0.3",
  "info": {"title": "Pets", "version": "1.0.0"},
  "servers": [{"url": "https://pets.example.com/v1/"}],
  "components": {
    "securitySchemes": {
      "api_key": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
      "oauth": {"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "https://a.example.com", "scopes": {}}}}
    },
    "schemas": {
      "Pet": {"type": "object", "required": ["name"], "properties": {
        "id": {"type": "integer", "readOnly": true},
        "name": {"type": "string", "minLength": 1},
        "tag": {"type": "string", "nullable": true}
      }}
    },
    "parameters": {
      "Limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}}
    }
  },
  "security": [{"api_key": []}],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets", "summary": "List all pets",
        "parameters": [{"$ref": "#/components/parameters/Limit"}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
          "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}},
          "example": [{"id": 1, "name": "Rex"}]}}}}
      },
      "post": {
        "operationId": "createPet", "description": "Adds a pet.",
        "requestBody": {"required": true, "content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/Pet"}, "example": {"name": "Rex"}}}},
        "responses": {"201": {"description": "made", "content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/Pet"}, "example": {"id": 2, "name": "Rex"}}}}}
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "list-pets", "security": [{"oauth": []}],
        "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}, "example": "7"}],
        "responses": {"200": {"description": "ok"}}
      },
      "put": {
        "operationId": "uploadPhoto",
        "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}},
        "responses": {"200": {"description": "ok"}}
      }
    }
  }
}"##;

const PETSTORE_31: &str = r##"openapi: 3.1.0
info:
  title: Pets
  version: "2"
servers:
  - url: http://127.0.0.1:8080
components:
  securitySchemes:
    token:
      type: http
      scheme: bearer
paths:
  /pets:
    get:
      operationId: listPets
      security:
        - token: []
      parameters:
        - name: kind
          in: query
          schema:
            type: [string, "null"]
            enum: [cat, dog, null]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: array
              examples:
                two:
                  value: [{"name": "Rex"}]
    trace:
      responses:
        "200":
          description: ok
"##;

fn mapped(text: &str) -> Mapping {
    let api = parse(text).expect("parses");
    let opts = Options {
        secret_namespace: "pets".into(),
        ..Options::default()
    };
    map(&api, &opts)
}

#[test]
fn a_30_document_maps_operations_to_tools() {
    let m = mapped(PETSTORE_30);
    let names: Vec<&str> = m.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["list_pets", "create_pet", "list_pets2"]);
    assert_eq!(m.base_url.as_deref(), Some("https://pets.example.com/v1"));

    let list = &m.tools[0];
    assert_eq!(list.description, "List all pets");
    assert_eq!(list.input_schema["properties"]["limit"]["maximum"], 100);
    assert_eq!(
        list.output_schema.as_ref().unwrap()["items"]["required"],
        json!(["name"])
    );
    let ex = list.example.as_ref().unwrap();
    assert_eq!(ex.path_and_query, "/pets");
    assert_eq!(ex.response, Some(json!([{"id": 1, "name": "Rex"}])));

    let create = &m.tools[1];
    assert_eq!(create.side_effects, "write");
    assert_eq!(create.input_schema["required"], json!(["body"]));
    // readOnly `id` is the server's, not an input.
    assert!(
        create.input_schema["properties"]["body"]["properties"]
            .get("id")
            .is_none()
    );
    assert_eq!(
        create.input_schema["properties"]["body"]["properties"]["tag"]["type"],
        json!(["string", "null"])
    );
    assert_eq!(create.fields[0].rust_type, "Value");

    let by_id = &m.tools[2];
    assert_eq!(by_id.example.as_ref().unwrap().path_and_query, "/pets/7");
    assert_eq!(
        m.secrets[by_id.secrets[0]].kind,
        Scheme::OAuth {
            kind: "oauth2".into()
        }
    );
    assert_eq!(m.secrets[list.secrets[0]].key, "pets/api_key");
}

#[test]
fn collisions_are_named_and_suffixed() {
    let m = mapped(PETSTORE_30);
    assert!(
        m.warnings.iter().any(|w| w.contains(
            "GET /pets/{petId} (list-pets) and GET /pets (listPets) both become tool `list_pets`: GET /pets/{petId} (list-pets) is `list_pets2`"
        )),
        "{:?}",
        m.warnings
    );
}

#[test]
fn names_that_extend_others_are_set_apart() {
    let doc = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
      "/pet": {"put": {"operationId": "updatePet", "responses": {"200": {"description": "ok"}}}},
      "/pet/{id}": {"post": {"operationId": "updatePetWithForm", "responses": {"200": {"description": "ok"}}}}
    }}"#;
    let m = mapped(doc);
    let names: Vec<&str> = m.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["update_pet_put", "update_pet_with_form"]);
    assert!(
        m.warnings[0].contains("`update_pet_with_form` extends it"),
        "{:?}",
        m.warnings
    );
}

#[test]
fn multipart_uploads_are_skipped_with_the_reason() {
    let m = mapped(PETSTORE_30);
    assert_eq!(
        m.skipped,
        vec![Skipped {
            operation: "PUT /pets/{petId} (uploadPhoto)".into(),
            reason: "its request body is multipart/form-data, which a JSON tool input cannot carry"
                .into()
        }]
    );
}

#[test]
fn a_31_yaml_document_maps_too() {
    let m = mapped(PETSTORE_31);
    assert_eq!(m.openapi, "3.1.0");
    assert_eq!(m.tools.len(), 1);
    let t = &m.tools[0];
    assert_eq!(
        t.input_schema["properties"]["kind"]["enum"],
        json!(["cat", "dog", null])
    );
    assert_eq!(t.fields[0].rust_type, "Option<String>");
    assert_eq!(
        t.example.as_ref().unwrap().response,
        Some(json!([{"name": "Rex"}]))
    );
    assert_eq!(m.secrets[0].kind, Scheme::Bearer);
    assert_eq!(m.skipped.len(), 1);
    assert!(m.skipped[0].reason.contains("TRACE"), "{:?}", m.skipped);
}

#[test]
fn swagger_2_is_refused_with_the_conversion() {
    let err = parse(r#"{"swagger": "2.0", "info": {}}"#).unwrap_err();
    assert!(matches!(err, ParseError::Swagger(ref v) if v == "2.0"));
    assert!(err.to_string().contains("swagger2openapi"), "{err}");
}

#[test]
fn syntax_errors_say_where() {
    let err = parse("{\n  \"openapi\": \"3.0.0\",\n  \"info\": {\n}").unwrap_err();
    match err {
        ParseError::Syntax { line, .. } => assert_eq!(line, 4),
        other => panic!("{other:?}"),
    }
    let err = parse("openapi: 3.0.0\ninfo:\n  title: [unclosed\n").unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::Syntax { line: 4, .. } | ParseError::Syntax { line: 3, .. }
        ),
        "{err:?}"
    );
    // The crate's structural check: `paths` must be an object.
    let err = parse("{\"openapi\": \"3.0.0\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n \"paths\": []}").unwrap_err();
    assert!(matches!(err, ParseError::Syntax { line: 2, .. }), "{err:?}");
}

#[test]
fn other_versions_are_refused() {
    assert_eq!(
        parse("openapi: 4.0.0\n").unwrap_err(),
        ParseError::Version("4.0.0".into())
    );
    assert_eq!(parse("info: {}\n").unwrap_err(), ParseError::NotOpenApi);
}

#[test]
fn operations_glob_selects() {
    let api = parse(PETSTORE_30).unwrap();
    let opts = Options {
        operations: vec![glob::Pattern::new("create*").unwrap()],
        ..Options::default()
    };
    let m = map(&api, &opts);
    assert_eq!(m.tools.len(), 1);
    assert_eq!(m.filtered, 3);
}

#[test]
fn generated_sources_name_every_tool() {
    let m = mapped(PETSTORE_30);
    let files = codegen::files(&m, "https://pets.example.com/v1");
    let lib = &files
        .iter()
        .find(|f| f.path == "src/lib.rs")
        .unwrap()
        .contents;
    assert!(
        lib.contains("pub fn list_pets2(input: ListPets2Input)"),
        "{lib}"
    );
    assert!(lib.contains("secrets = [\"pets/api_key\"]"), "{lib}");
    assert!(
        lib.contains("client::Auth::Header(\"X-API-Key\", \"secret://pets/api_key\")"),
        "{lib}"
    );
    let case = files
        .iter()
        .find(|f| f.path == "tests/tools/create_pet.json")
        .unwrap();
    let case: serde_json::Value = serde_json::from_str(&case.contents).unwrap();
    assert_eq!(
        case["cases"][0]["http"][0]["url"],
        "https://pets.example.com/v1/pets"
    );
    assert_eq!(case["cases"][0]["http"][0]["status"], 201);
}

#[test]
fn server_variables_take_their_defaults() {
    let doc = r#"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
      "servers": [{"url": "https://{region}.example.com/{base}", "variables": {
        "region": {"default": "eu", "enum": ["eu", "us"]}, "base": {"default": "v2"}}}],
      "paths": {}}"#;
    assert_eq!(
        mapped(doc).base_url.as_deref(),
        Some("https://eu.example.com/v2")
    );
    let doc30 = doc.replace("3.1.0", "3.0.3");
    assert_eq!(
        mapped(&doc30).base_url.as_deref(),
        Some("https://eu.example.com/v2")
    );
}
