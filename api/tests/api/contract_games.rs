//! The games' own JSON is typed in `openapi.yaml` (issue 14, part 7): a whole game of
//! Gods and one of Dreams played over HTTP, every view, `legal` answer, accepted turn,
//! log page and replayed state checked against the spec's schemas for them (a drift
//! between the engine's serde shapes and the spec fails here), and `partial` on `/legal`
//! read as the notation as well as JSON.

use crate::api_test;
use crate::contract::schema_at;
use crate::helpers::{Player, TestApp};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The validators for the answers a game gives, by operation.
struct Schemas {
    game: jsonschema::Validator,
    legal: jsonschema::Validator,
    turn_body: jsonschema::Validator,
    accepted: jsonschema::Validator,
    log: jsonschema::Validator,
    state: jsonschema::Validator,
}

fn response(path: &str, method: &str, status: &str) -> jsonschema::Validator {
    schema_at(&format!(
        "/paths/{}/{method}/responses/{status}/content/application~1json/schema",
        path.replace('~', "~0").replace('/', "~1")
    ))
}

impl Schemas {
    fn new() -> Schemas {
        Schemas {
            game: response("/games/{id}", "get", "200"),
            legal: response("/games/{id}/legal", "get", "200"),
            turn_body: schema_at(
                "/paths/~1games~1{id}~1turns/post/requestBody/content/application~1json/schema",
            ),
            accepted: response("/games/{id}/turns", "post", "201"),
            log: response("/games/{id}/log", "get", "200"),
            state: response("/games/{id}/state", "get", "200"),
        }
    }
}

/// A view with one property more does not fit: the schemas leave no room for a secret
/// (Gods' pile, Dreams' mortal).
fn no_room_for(schema: &jsonschema::Validator, game: &Value, secret: &str) {
    let mut leaky = game.clone();
    leaky["view"][secret] = json!(1);
    assert!(
        !schema.is_valid(&leaky),
        "a view with `{secret}` fits the spec"
    );
}

/// `body` fits `schema`; else the test fails naming what and where.
fn fits(schema: &jsonschema::Validator, what: &str, body: &Value) {
    let errors: Vec<String> = schema
        .iter_errors(body)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not fit the spec: {errors:?}\n{body}"
    );
}

async fn get(app: &TestApp, path: &str, p: &Player) -> Value {
    let (status, body) = app.get(path, &p.token).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// `/legal` with `partial` in the query as it is (URL-encoded here).
async fn legal(app: &TestApp, id: &str, p: &Player, partial: Option<&str>) -> (StatusCode, Value) {
    let path = match partial {
        None => format!("/games/{id}/legal"),
        Some(text) => format!(
            "/games/{id}/legal?partial={}",
            url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>()
        ),
    };
    app.get(&path, &p.token).await
}

async fn submit(app: &TestApp, s: &Schemas, id: &str, p: &Player, seq: i64, turn: &Value) -> Value {
    let body = json!({"expected_seq": seq, "turn": turn});
    fits(&s.turn_body, "the turn's request body", &body);
    let (status, answer) = app
        .call(
            reqwest::Method::POST,
            &format!("/games/{id}/turns"),
            Some(&p.token),
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{turn}: {answer}");
    fits(&s.accepted, "an accepted turn", &answer);
    answer
}

/// The whole log (every page), the state replayed at a few points, each page and state
/// checked; returns how many events the log holds.
async fn check_log_and_states(app: &TestApp, s: &Schemas, id: &str, p: &Player, seq: i64) -> usize {
    let mut events = 0;
    let mut path = format!("/games/{id}/log?limit=7");
    loop {
        let page = get(app, &path, p).await;
        fits(&s.log, "a log page", &page);
        for e in page["entries"].as_array().unwrap() {
            events += e["events"].as_array().unwrap().len();
        }
        if page["has_more"] != true {
            break;
        }
        path = format!(
            "/games/{id}/log?limit=7&cursor={}",
            page["next_cursor"].as_str().unwrap()
        );
    }
    for at in [0, seq / 2, seq] {
        for who in ["", "&as=spectator"] {
            let state = get(app, &format!("/games/{id}/state?at={at}{who}"), p).await;
            fits(&s.state, "a replayed state", &state);
        }
    }
    events
}

api_test!(
    async fn contract_a_whole_game_of_gods_fits_the_typed_schemas(app) {
        let s = Schemas::new();
        let kind = games::registry::kind("gods").unwrap();
        let (id, players) = crate::games::started_game(&app, 3).await;
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut turns = 0;
        let mut checked = 0usize;
        loop {
            let game = get(&app, &format!("/games/{id}"), &players[0]).await;
            fits(&s.game, "a game", &game);
            no_room_for(&s.game, &game, "pile");
            let spectator = get(&app, &format!("/games/{id}?as=spectator"), &players[1]).await;
            fits(&s.game, "a game for a spectator", &spectator);
            checked += 2;
            let seq = game["seq"].as_i64().unwrap();
            if game["status"] == "over" {
                let events = check_log_and_states(&app, &s, &id, &players[2], seq).await;
                assert!(events > turns, "{events} events in {turns} turns");
                break;
            }
            assert!(turns < 500, "the game did not end");
            let seat = game["to_act"][0].as_u64().unwrap() as usize;
            let p = &players[seat];
            // A random legal turn, step by step: `partial` as the notation, and every few
            // turns as JSON too, which must be answered alike.
            let mut steps: Vec<Value> = Vec::new();
            let turn = loop {
                let so_far = json!({"steps": steps});
                let text = kind.format_turn(&so_far).unwrap();
                let (status, answer) =
                    legal(&app, &id, p, (!steps.is_empty()).then_some(text.as_str())).await;
                assert_eq!(status, StatusCode::OK, "{text}: {answer}");
                fits(&s.legal, "a Gods legal answer", &answer);
                checked += 1;
                if turns % 4 == 0 {
                    let (_, as_json) = legal(&app, &id, p, Some(&so_far.to_string())).await;
                    assert_eq!(as_json, answer, "partial {text} as JSON");
                }
                let l = &answer["legal"];
                if l["may_declare_end"] == true {
                    break if rng.gen_bool(0.2) { json!({"declare_end": true}) } else { json!({}) };
                }
                let options = l["steps"].as_array().unwrap();
                if l["can_finish"] == true && (options.is_empty() || l["owed"] == 0 || rng.gen_bool(0.1)) {
                    break so_far;
                }
                steps.push(options[rng.gen_range(0..options.len())].clone());
            };
            submit(&app, &s, &id, p, seq, &turn).await;
            turns += 1;
            checked += 1;
        }
        println!("gods: {turns} turns, {checked} answers checked against the spec");
    }
);

api_test!(
    async fn contract_a_whole_game_of_dreams_fits_the_typed_schemas(app) {
        let s = Schemas::new();
        let players = crate::dreams::players(&app, 3).await;
        let id = crate::dreams::dreams_game(&app, &players, json!({}), None).await;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut turns = 0;
        loop {
            let game = get(&app, &format!("/games/{id}"), &players[0]).await;
            fits(&s.game, "a game", &game);
            no_room_for(&s.game, &game, "mortal");
            let spectator = get(&app, &format!("/games/{id}?as=spectator"), &players[1]).await;
            fits(&s.game, "a game for a spectator", &spectator);
            let seq = game["seq"].as_i64().unwrap();
            if game["status"] == "over" {
                let events = check_log_and_states(&app, &s, &id, &players[2], seq).await;
                assert!(events > turns, "{events} events in {turns} turns");
                break;
            }
            assert!(turns < 1000, "the game did not end");
            // One seat of those to act: in the guess phase they all are, one after another.
            let seat = game["to_act"][0].as_u64().unwrap() as usize;
            let p = &players[seat];
            let (status, answer) = legal(&app, &id, p, None).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            fits(&s.legal, "a Dreams legal answer", &answer);
            let turn = crate::dreams::choose(&answer["legal"], &mut rng, 8);
            // The whole turn, asked as the notation: complete.
            let text = games::registry::kind("dreams").unwrap().format_turn(&turn).unwrap();
            let (status, whole) = legal(&app, &id, p, Some(&text)).await;
            assert_eq!(status, StatusCode::OK, "{text}: {whole}");
            assert_eq!(whole["legal"]["complete"], true, "{text}: {whole}");
            submit(&app, &s, &id, p, seq, &turn).await;
            turns += 1;
        }
        println!("dreams: {turns} submissions checked against the spec");
    }
);

api_test!(
    async fn contract_partial_on_legal_is_the_notation_or_json(app) {
        let (id, players) = crate::games::started_game(&app, 2).await;
        let game = get(&app, &format!("/games/{id}"), &players[0]).await;
        let p = &players[game["to_act"][0].as_u64().unwrap() as usize];
        // The first god may not declare yet: it acts at once.
        let (status, first) = legal(&app, &id, p, None).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        let step = first["legal"]["steps"][0].clone();
        let text = games::registry::kind("gods")
            .unwrap()
            .format_turn(&json!({"steps": [step]}))
            .unwrap();
        let (status, by_text) = legal(&app, &id, p, Some(&text)).await;
        assert_eq!(status, StatusCode::OK, "{text}: {by_text}");
        let (_, by_json) = legal(&app, &id, p, Some(&json!({"steps": [step]}).to_string())).await;
        assert_eq!(by_text, by_json);
        assert_ne!(by_text, first, "{text} changed nothing");
        // Blank is nothing yet.
        let (_, blank) = legal(&app, &id, p, Some("  ")).await;
        assert_eq!(blank, first);
        // Words that are no turn: 422 `invalid_notation`, with where.
        let (status, problem) = legal(&app, &id, p, Some("tribe one at 2,-1")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "invalid_notation");
        assert_eq!(problem["word"], "one");
        // Broken JSON is still a 400.
        let (status, problem) = legal(&app, &id, p, Some("{\"steps\": [")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{problem}");
        assert_eq!(problem["code"], "invalid_query");
        // The spec says `partial` is a plain string.
        let spec = schema_at("/paths/~1games~1{id}~1legal/get/parameters/1/schema");
        assert!(spec.is_valid(&json!("tribe 1 at 2,-1")));
    }
);
