//! `openapi.yaml` is the contract: it parses, it is OpenAPI 3.1, and every path and
//! method in it is served (none answers "no such path" or "method not allowed").

use crate::api_test;
use crate::helpers::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use yaml_rust2::{Yaml, YamlLoader};

const PATHS: &[&str] = &[
    "/health",
    "/metrics",
    "/ready",
    "/openapi.yaml",
    "/users",
    "/auth/login",
    "/inbound/mail",
    "/me",
    "/me/bot",
    "/me/vacation",
    "/me/calendar",
    "/calendar/{token}.ics",
    "/stream",
    "/tokens",
    "/tokens/{id}",
    "/webhooks",
    "/webhooks/{id}",
    "/webhooks/{id}/secret",
    "/webhooks/{id}/test",
    "/webhooks/{id}/deliveries",
    "/games",
    "/games/{id}",
    "/games/{id}/resign",
    "/games/{id}/stand-in",
    "/games/{id}/abort",
    "/games/{id}/rematch",
    "/games/{id}/join",
    "/games/{id}/invites",
    "/games/{id}/spectators",
    "/games/{id}/turns",
    "/games/{id}/legal",
    "/games/{id}/queue",
    "/games/{id}/log",
    "/games/{id}/state",
    "/games/{id}/messages",
    "/games/{id}/stream",
    "/games/{id}/board.svg",
    "/games/{id}/board.png",
    "/decks",
    "/decks/{id}",
    "/decks/{id}/cards/{n}.svg",
    "/decks/{id}/cards/{n}.png",
    "/games/{id}/play",
    "/me/preferences",
    "/unsubscribe",
    "/verify",
    "/login",
    "/logout",
    "/preferences",
    "/vacation",
    "/signup",
    "/password/forgot",
    "/password/reset",
    "/join/{code}",
    "/",
    "/lobby/events",
    "/lobby/games",
    "/lobby/invite",
    "/lobby/spectators",
    "/games/{id}/play/legal",
    "/games/{id}/play/talk",
    "/games/{id}/play/rematch",
    "/games/{id}/play/leave",
    "/games/{id}/play/events",
    "/games/{id}/replay",
    "/static/play.js",
    "/static/forms.js",
    "/static/icon.svg",
    "/manifest.webmanifest",
    "/rules/gods",
    "/rules/dreams",
    "/rules/gods/decisions",
    "/rules/dreams/decisions",
    "/notation",
];

fn spec() -> Yaml {
    let docs = YamlLoader::load_from_str(hermes_api::http::openapi::SPEC).expect("valid YAML");
    docs.into_iter().next().expect("one document")
}

#[test]
fn the_spec_is_openapi_3_1_and_lists_every_path_the_server_has() {
    let spec = spec();
    assert_eq!(spec["openapi"].as_str(), Some("3.1.0"));
    let paths: Vec<&str> = spec["paths"]
        .as_hash()
        .expect("paths")
        .keys()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(paths, PATHS);
}

api_test!(
    async fn every_path_and_method_in_the_spec_is_served(app) {
        let spec = spec();
        for (path, item) in spec["paths"].as_hash().unwrap() {
            let path = path.as_str().unwrap();
            for (method, _) in item.as_hash().unwrap() {
                let method: Method = method.as_str().unwrap().to_uppercase().parse().unwrap();
                let url = format!("{}{}", app.url, path.replace("{id}", "x"));
                let res = app.client.request(method.clone(), &url).send().await.unwrap();
                let status = res.status();
                let body = res.text().await.unwrap();
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
                assert!(
                    !(status == StatusCode::NOT_FOUND && body.contains("no such path")),
                    "{method} {path} is not served"
                );
            }
        }
    }
);

// --- The spec and the server agree on what a request may be (issue 10, finding 7).
//
// Each case below is a request the spec allows or forbids (checked here with a JSON Schema
// validator on the spec's own schema) and what the server answers: a request the spec
// allows is never refused for its shape (400, or 422 `invalid_body` / a field's code), and
// one it forbids is refused. Checks that JSON Schema cannot state (a turn's rules, that a
// vacation ends in the future) are named in the spec's 422 and tested as such.

/// The spec as JSON.
fn spec_json() -> Value {
    fn to_json(y: &Yaml) -> Value {
        match y {
            Yaml::Real(r) => json!(r.parse::<f64>().expect("a number")),
            Yaml::Integer(i) => json!(i),
            Yaml::String(s) => json!(s),
            Yaml::Boolean(b) => json!(b),
            Yaml::Array(a) => Value::Array(a.iter().map(to_json).collect()),
            Yaml::Hash(h) => Value::Object(
                h.iter()
                    .map(|(k, v)| {
                        let key = match k {
                            Yaml::String(s) => s.clone(),
                            Yaml::Integer(i) => i.to_string(),
                            other => panic!("a key {other:?}"),
                        };
                        (key, to_json(v))
                    })
                    .collect(),
            ),
            Yaml::Null => Value::Null,
            other => panic!("no JSON for {other:?}"),
        }
    }
    to_json(&spec())
}

/// A validator for the schema at `pointer` in the spec (a JSON pointer), with the rest of
/// the spec there for its `$ref`s.
pub fn schema_at(pointer: &str) -> jsonschema::Validator {
    let mut doc = spec_json();
    assert!(doc.pointer(pointer).is_some(), "no schema at {pointer}");
    // A fragment is a URI part: its braces are percent-encoded.
    let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
    doc["$ref"] = json!(format!("#{fragment}"));
    jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&doc)
        .expect("the spec's schema compiles")
}

fn body_schema(path: &str, method: &str) -> jsonschema::Validator {
    schema_at(&format!(
        "/paths/{}/{method}/requestBody/content/application~1json/schema",
        path.replace('~', "~0").replace('/', "~1")
    ))
}

/// What the server should answer.
#[derive(Debug, Clone, Copy)]
enum Want {
    /// This status.
    Status(u16),
    /// A refusal with this code.
    Code(&'static str),
    /// Anything but a refusal of the request's shape (the rules may still refuse it).
    NotShape,
}

/// The codes that refuse a request for its shape: what the spec's schema should have said.
const SHAPE_CODES: &[&str] = &[
    "malformed_json",
    "invalid_body",
    "invalid_seats",
    "invalid_options",
    "invalid_turn_hours",
    "invalid_timeout_policy",
    "invalid_player_seed",
    "invalid_email",
    "invalid_preference",
    "unknown_field",
    "invalid_name",
    "invalid_if_match",
];

/// Send `body`, check the spec's verdict is `spec_allows`, and the server's answer `want`.
async fn case(
    app: &TestApp,
    schema: &jsonschema::Validator,
    (method, path, token): (&Method, &str, &str),
    body: Value,
    spec_allows: bool,
    want: Want,
) -> Value {
    let errors: Vec<String> = schema.iter_errors(&body).map(|e| e.to_string()).collect();
    assert_eq!(
        errors.is_empty(),
        spec_allows,
        "the spec should {} {method} {path} {body}: {errors:?}",
        if spec_allows { "allow" } else { "forbid" }
    );
    let (status, answer) = app
        .call(method.clone(), path, Some(token), Some(body.clone()))
        .await;
    let code = answer["code"].as_str().unwrap_or("");
    match want {
        Want::Status(s) => assert_eq!(status.as_u16(), s, "{method} {path} {body}: {answer}"),
        Want::Code(c) => {
            assert!(status.is_client_error(), "{method} {path} {body}: {answer}");
            assert_eq!(code, c, "{method} {path} {body}: {answer}");
        }
        Want::NotShape => assert!(
            status.is_success()
                || !(status == StatusCode::BAD_REQUEST || SHAPE_CODES.contains(&code)),
            "{method} {path} {body}: the spec allows it, the server refused its shape: {answer}"
        ),
    }
    if !spec_allows {
        assert!(status.is_client_error(), "{method} {path} {body}: {answer}");
    }
    answer
}

api_test!(
    async fn creating_a_game_the_spec_and_the_server_agree(app) {
        let me = app.player("contract").await;
        let schema = body_schema("/games", "post");
        let post = (&Method::POST, "/games", me.token.as_str());
        let cases: Vec<(Value, bool, Want)> = vec![
            (json!({"kind": "gods", "seats": 2}), true, Want::Status(201)),
            // null is "left out" where the spec says so…
            (json!({"kind": "gods", "seats": 2, "timeout_policy": null}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "turn_hours": null}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "player_seed": null}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "options": null}), true, Want::Status(201)),
            // …and refused where it does not.
            (json!({"kind": "gods", "seats": 2, "random_seats": null}), false, Want::Code("invalid_body")),
            (json!({"kind": "gods", "seats": 2, "invite": null}), false, Want::Code("invalid_body")),
            (json!({"kind": "gods", "seats": 2, "timeout_policy": "later"}), false, Want::Code("invalid_timeout_policy")),
            (json!({"kind": "gods", "seats": 2, "turn_hours": 0}), false, Want::Code("invalid_turn_hours")),
            (json!({"kind": "gods", "seats": 2, "turn_hours": 337}), false, Want::Code("invalid_turn_hours")),
            (json!({"kind": "gods", "seats": 2, "player_seed": ""}), false, Want::Code("invalid_player_seed")),
            (json!({"kind": "gods", "seats": 2, "player_seed": "a\u{7}b"}), false, Want::Code("invalid_player_seed")),
            (json!({"kind": "gods", "seats": 2, "player_seed": "é".repeat(128)}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "player_seed": "x".repeat(129)}), false, Want::Code("invalid_player_seed")),
            // The seats and options depend on the kind.
            (json!({"kind": "chess", "seats": 2}), false, Want::Code("unknown_kind")),
            (json!({"kind": "gods", "seats": 4}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 5}), false, Want::Code("invalid_seats")),
            (json!({"kind": "dreams", "seats": 2}), false, Want::Code("invalid_seats")),
            (json!({"kind": "dreams", "seats": 6}), true, Want::Status(201)),
            (json!({"kind": "dreams", "seats": 3, "options": {"deck": "standard"}}), true, Want::Status(201)),
            (json!({"kind": "dreams", "seats": 3, "options": {"deck": ""}}), false, Want::Code("invalid_options")),
            (json!({"kind": "dreams", "seats": 3, "options": {"display": "add_two"}}), false, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 2, "options": {"deck": "standard"}}), false, Want::Code("invalid_options")),
            // The pile's end tile lies 1 to 47 deep; with the bag the depth does nothing.
            (json!({"kind": "gods", "seats": 2, "options": {"end_tile_depth": 0}}), false, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 2, "options": {"end_tile_depth": 255}}), false, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 4, "options": {"end_tile_depth": 47}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "options": {"end_tile_depth": 48}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 4, "options": {"end_tile_depth": 48}}), true, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 2, "options": {"end_tile_depth": 1, "draw": "pile"}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "options": {"draw": "bag", "end_tile_depth": 0}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "options": {"draw": "bag", "end_tile_depth": 255}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 2, "options": {"draw": "bag", "end_tile_depth": 256}}), false, Want::Code("invalid_options")),
            // Sudden death and the decay tile belong to the bag.
            (json!({"kind": "gods", "seats": 2, "options": {"sudden_death": true}}), false, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 2, "options": {"decay_tile": true}}), false, Want::Code("invalid_options")),
            (json!({"kind": "gods", "seats": 2, "options": {"sudden_death": false, "decay_tile": false}}), true, Want::Status(201)),
            (json!({"kind": "gods", "seats": 3, "options": {"draw": "bag", "sudden_death": true, "decay_tile": true}}), true, Want::Status(201)),
        ];
        for (body, allows, want) in cases {
            case(&app, &schema, post, body, allows, want).await;
        }
    }
);

api_test!(
    async fn joining_a_game_the_spec_and_the_server_agree(app) {
        let (alice, bob) = (app.player("alice").await, app.player("bob").await);
        let (status, game) = app.post("/games", &alice.token, json!({"kind": "gods", "seats": 3})).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let path = format!("/games/{}/join", game["id"].as_str().expect("id"));
        let code = game["join_code"].as_str().expect("a join code").to_string();
        let schema = body_schema("/games/{id}/join", "post");
        let join = (&Method::POST, path.as_str(), bob.token.as_str());
        for (body, allows, want) in [
            (json!({"code": code, "player_seed": ""}), false, Want::Code("invalid_player_seed")),
            (json!({"code": 7}), false, Want::Code("invalid_body")),
            // null is "left out": bob is not invited, so he needs the code.
            (json!({"code": null}), true, Want::Code("not_invited")),
            (json!({"code": code, "player_seed": null}), true, Want::Status(200)),
        ] {
            case(&app, &schema, join, body, allows, want).await;
        }
    }
);

api_test!(
    async fn submitting_a_turn_the_spec_and_the_server_agree(app) {
        let (alice, bob) = (app.player("alice").await, app.player("bob").await);
        let (_, game) = app.post("/games", &alice.token, json!({"kind": "gods", "seats": 2})).await;
        let id = game["id"].as_str().expect("id").to_string();
        let code = game["join_code"].as_str().expect("a join code");
        let (status, game) = app.post(&format!("/games/{id}/join"), &bob.token, json!({"code": code})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let first = game["to_act"][0].as_i64().expect("a seat to act");
        let player = |seat: i64| {
            game["players"]
                .as_array()
                .expect("players")
                .iter()
                .find(|p| p["seat"] == seat)
                .and_then(|p| p["user_id"].as_str())
                .expect("the seat's player")
                .to_string()
        };
        let token = if player(first) == alice.id { &alice.token } else { &bob.token };
        let path = format!("/games/{id}/turns");
        let schema = body_schema("/games/{id}/turns", "post");
        let submit = (&Method::POST, path.as_str(), token.as_str());
        for (body, allows, want) in [
            // Exactly one of `turn` and `notation`.
            (json!({"expected_seq": 0, "turn": {}, "notation": "pass"}), false, Want::Code("invalid_body")),
            (json!({"expected_seq": 0}), false, Want::Code("invalid_body")),
            (json!({"expected_seq": 0, "turn": null, "notation": null}), false, Want::Code("invalid_body")),
            (json!({"expected_seq": 0, "turn": "pass"}), false, Want::Code("invalid_turn")),
            // The other one may be null.
            (json!({"expected_seq": 0, "turn": {}, "notation": null}), true, Want::NotShape),
            (json!({"expected_seq": 0, "turn": null, "notation": "no such words"}), true, Want::Code("invalid_notation")),
            // The sequence is named in the body or in If-Match: here in neither.
            (json!({"notation": "no such words"}), true, Want::Code("precondition_required")),
            (json!({"expected_seq": null, "notation": "no such words"}), true, Want::Code("precondition_required")),
            // A sequence that no game can have.
            (json!({"expected_seq": 1u64 << 63, "notation": "x"}), false, Want::Code("invalid_body")),
        ] {
            case(&app, &schema, submit, body, allows, want).await;
        }
        // If-Match: the game's ETag, a number a sequence can be.
        let header = schema_at("/paths/~1games~1{id}~1turns/post/parameters/1/schema");
        for (value, allows, status) in [
            ("\"99999999999999999999\"", false, StatusCode::BAD_REQUEST),
            ("\"0\"", true, StatusCode::UNPROCESSABLE_ENTITY),
        ] {
            assert_eq!(header.is_valid(&json!(value)), allows, "If-Match: {value}");
            let res = app
                .client
                .post(format!("{}{path}", app.url))
                .bearer_auth(token)
                .header("if-match", value)
                .header("content-type", "text/plain")
                .body("no such words")
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), status, "If-Match: {value}");
        }
    }
);

api_test!(
    async fn preferences_the_spec_and_the_server_agree(app) {
        let me = app.player("prefs").await;
        let schema = body_schema("/me/preferences", "patch");
        let patch = (&Method::PATCH, "/me/preferences", me.token.as_str());
        for (body, allows, want) in [
            (json!({"time_zone": ""}), false, Want::Code("invalid_preference")),
            (json!({"time_zone": "Mars/Olympus_Mons"}), false, Want::Code("invalid_preference")),
            (json!({"time_zone": "Europe/Berlin"}), true, Want::Status(200)),
            (json!({"time_zone": "America/Argentina/Buenos_Aires"}), true, Want::Status(200)),
            (json!({"mail": null}), false, Want::Code("invalid_preference")),
            (json!({"colour": "blue"}), false, Want::Code("unknown_field")),
        ] {
            case(&app, &schema, patch, body, allows, want).await;
        }
    }
);

/// The spec's time zones are exactly the server's: every IANA name its database has.
#[test]
fn the_specs_time_zones_are_the_servers() {
    let spec = spec_json();
    let listed: Vec<&str> = spec["components"]["schemas"]["TimeZone"]["enum"]
        .as_array()
        .expect("an enum of time zones")
        .iter()
        .map(|v| v.as_str().expect("a name"))
        .collect();
    let known: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name()).collect();
    assert_eq!(listed, known);
}

api_test!(
    async fn a_vacation_in_the_past_is_a_documented_422(app) {
        let me = app.player("vacation").await;
        let schema = body_schema("/me/vacation", "put");
        let put = (&Method::PUT, "/me/vacation", me.token.as_str());
        // JSON Schema cannot say "in the future": the spec allows it and names the 422.
        let answer = case(&app, &schema, put, json!({"until": "2001-01-01T00:00:00Z"}), true, Want::Code("invalid_until")).await;
        assert_eq!(answer["field"], "until");
        let documented = spec_json()["paths"]["/me/vacation"]["put"]["responses"]["422"]["description"]
            .as_str()
            .expect("the 422 is described")
            .to_string();
        assert!(documented.contains("`invalid_until`") && documented.contains("future"), "{documented}");
        case(&app, &schema, put, json!({"until": "tomorrow"}), false, Want::Code("invalid_until")).await;
        case(&app, &schema, put, json!({"until": null}), false, Want::Code("invalid_body")).await;
    }
);

api_test!(
    async fn a_mail_link_without_a_token_is_refused_as_the_spec_says(app) {
        let schema = schema_at("/components/parameters/LinkToken/schema");
        assert!(!schema.is_valid(&json!("")), "the spec allows an empty token");
        assert!(schema.is_valid(&json!("t")));
        for path in ["/unsubscribe?token=", "/verify?token=", "/games/x/play?token="] {
            let res = app
                .client
                .get(format!("{}{path}", app.url))
                .send()
                .await
                .expect("sent");
            assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{path}");
        }
        let optional = schema_at("/components/parameters/LinkTokenOptional/schema");
        assert!(!optional.is_valid(&json!("")));
    }
);

api_test!(
    async fn a_deck_name_of_spaces_is_refused_as_the_spec_says(app) {
        let me = app.player("decks").await;
        let schema = body_schema("/decks", "post");
        let card = json!({"title": "a", "svg": "<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"});
        let cards: Vec<Value> = (0..72).map(|_| card.clone()).collect();
        let post = (&Method::POST, "/decks", me.token.as_str());
        case(&app, &schema, post, json!({"name": "   ", "cards": cards}), false, Want::Code("invalid_name")).await;
        let mut bad_title = cards.clone();
        bad_title[5] = json!({"title": " \t ", "svg": card["svg"]});
        case(&app, &schema, post, json!({"name": "Mine", "cards": bad_title}), false, Want::Code("invalid_title")).await;
    }
);

/// Every JSON body the spec describes (each request body and each response, problems too)
/// has an example, every example fits its schema, and so does every schema's own example
/// (issue 14, part 7). `.ci/spec-examples.py` fills missing ones from a real server.
/// The event streams (NDJSON, SSE) are lines of `StreamEvent`, whose example is checked.
#[test]
fn every_json_body_has_an_example_that_fits_its_schema() {
    let spec = spec_json();
    let escape = |s: &str| s.replace('~', "~0").replace('/', "~1");
    let mut checked = 0;
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    let mut check = |pointer: String, media: &Value| {
        if media.get("schema").is_none() {
            return;
        }
        let mut examples: Vec<(String, &Value)> = Vec::new();
        if let Some(e) = media.get("example") {
            examples.push(("example".into(), e));
        }
        if let Some(map) = media.get("examples").and_then(Value::as_object) {
            for (name, e) in map {
                examples.push((format!("examples/{name}"), &e["value"]));
            }
        }
        if examples.is_empty() {
            missing.push(pointer.clone());
            return;
        }
        let validator = schema_at(&format!("{pointer}/schema"));
        for (name, example) in examples {
            checked += 1;
            let errors: Vec<String> = validator
                .iter_errors(example)
                .map(|e| format!("{e} at {}", e.instance_path()))
                .collect();
            if !errors.is_empty() {
                wrong.push(format!("{pointer} {name}: {errors:?}"));
            }
        }
    };
    let json_media = |mt: &str| mt == "application/json" || mt.ends_with("+json");
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let op_ptr = format!("/paths/{}/{method}", escape(path));
            if let Some(content) = op["requestBody"]["content"].as_object() {
                for (mt, media) in content.iter().filter(|(mt, _)| json_media(mt)) {
                    check(
                        format!("{op_ptr}/requestBody/content/{}", escape(mt)),
                        media,
                    );
                }
            }
            if let Some(responses) = op["responses"].as_object() {
                for (status, response) in responses {
                    if let Some(content) = response["content"].as_object() {
                        for (mt, media) in content.iter().filter(|(mt, _)| json_media(mt)) {
                            check(
                                format!("{op_ptr}/responses/{status}/content/{}", escape(mt)),
                                media,
                            );
                        }
                    }
                }
            }
        }
    }
    for (name, response) in spec["components"]["responses"].as_object().unwrap() {
        if let Some(content) = response["content"].as_object() {
            for (mt, media) in content.iter().filter(|(mt, _)| json_media(mt)) {
                check(
                    format!("/components/responses/{name}/content/{}", escape(mt)),
                    media,
                );
            }
        }
    }
    for (name, schema) in spec["components"]["schemas"].as_object().unwrap() {
        if let Some(example) = schema.get("example") {
            checked += 1;
            let validator = schema_at(&format!("/components/schemas/{name}"));
            let errors: Vec<String> = validator
                .iter_errors(example)
                .map(|e| e.to_string())
                .collect();
            if !errors.is_empty() {
                wrong.push(format!("schema {name}: {errors:?}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "JSON bodies without an example: {missing:#?}"
    );
    assert!(
        wrong.is_empty(),
        "examples that do not fit their schema: {wrong:#?}"
    );
    assert!(checked > 100, "only {checked} examples checked");
}
