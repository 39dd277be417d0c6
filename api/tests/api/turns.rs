//! One authenticated turn per request: exactly once under races and retries, and the
//! right refusal for everyone else.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{mint, read, Player, TestApp};
use crate::play::random_turn;
use hermes_api::auth::jwt::Purpose;
use rand::SeedableRng;
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn legal_turn(app: &TestApp, id: &str, player: &Player) -> Value {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    random_turn(app, id, player, &mut rng, &mut Vec::new()).await
}

async fn seq_and_log(app: &TestApp, id: &str, token: &str) -> (i64, usize) {
    let (_, game) = app.get(&format!("/games/{id}"), token).await;
    let (_, log) = app.get(&format!("/games/{id}/log"), token).await;
    (
        game["seq"].as_i64().unwrap(),
        log["entries"].as_array().unwrap().len(),
    )
}

api_test!(
    async fn twenty_concurrent_submissions_of_the_same_turn_are_accepted_exactly_once(app) {
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        let path = format!("/games/{id}/turns");
        let body = json!({"expected_seq": 0, "turn": turn});
        let results = futures_util::future::join_all(
            (0..20).map(|_| app.post(&path, &players[0].token, body.clone())),
        )
        .await;
        let accepted = results.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
        assert_eq!(accepted, 1, "{results:?}");
        for (status, problem) in results.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
            assert_eq!(*status, StatusCode::CONFLICT, "{problem}");
            assert!(
                ["stale_seq", "not_your_turn"].contains(&problem["code"].as_str().unwrap()),
                "{problem}"
            );
            assert_eq!(problem["current_seq"], 1);
        }
        assert_eq!(seq_and_log(&app, &id, &players[0].token).await, (1, 1));
    }
);

api_test!(
    async fn twenty_concurrent_retries_with_one_idempotency_key_all_get_the_first_answer(app) {
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        let url = format!("{}/games/{id}/turns", app.url);
        let body = json!({"expected_seq": 0, "turn": turn});
        let send = || {
            app.client
                .post(&url)
                .bearer_auth(&players[0].token)
                .header("idempotency-key", "turn-1-of-ann")
                .json(&body)
                .send()
        };
        let results = futures_util::future::join_all((0..20).map(|_| send())).await;
        let mut bodies = Vec::new();
        for res in results {
            let (status, body) = read(res.unwrap()).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            bodies.push(body);
        }
        assert!(bodies.iter().all(|b| *b == bodies[0]));
        assert_eq!(bodies[0]["seq"], 1);
        assert_eq!(seq_and_log(&app, &id, &players[0].token).await, (1, 1));

        // A later retry is answered the same, and says it is a replay.
        let res = send().await.unwrap();
        assert_eq!(res.headers()["idempotent-replayed"], "true");
        assert_eq!(res.headers()["etag"], "\"1\"");
        let (status, again) = read(res).await;
        assert_eq!((status, &again), (StatusCode::CREATED, &bodies[0]));

        // The same key for another request is an error, not a replay.
        let (status, problem) = read(
            app.client
                .post(&url)
                .bearer_auth(&players[0].token)
                .header("idempotency-key", "turn-1-of-ann")
                .json(&json!({"expected_seq": 1, "turn": {}}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(problem["code"], "idempotency_key_reused");
    }
);

api_test!(
    async fn a_turn_based_on_a_stale_sequence_is_rejected_with_409_and_the_current_one(app) {
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        let (status, problem) = app
            .post(&format!("/games/{id}/turns"), &players[0].token, json!({"expected_seq": 5, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(problem["code"], "stale_seq");
        assert_eq!(problem["current_seq"], 0);
        // If-Match carries the same precondition.
        let res = app
            .client
            .post(format!("{}/games/{id}/turns", app.url))
            .bearer_auth(&players[0].token)
            .header("if-match", "\"3\"")
            .json(&json!({"turn": turn}))
            .send()
            .await
            .unwrap();
        let (status, problem) = read(res).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::CONFLICT, Some("stale_seq")));
        for bad in ["\"x\"", "", "\"1"] {
            let res = app
                .client
                .post(format!("{}/games/{id}/turns", app.url))
                .bearer_auth(&players[0].token)
                .header("if-match", bad)
                .json(&json!({"turn": turn}))
                .send()
                .await
                .unwrap();
            let (status, problem) = read(res).await;
            assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_if_match")), "{bad}");
        }
        // No precondition at all: 428.
        let (status, problem) = app
            .post(&format!("/games/{id}/turns"), &players[0].token, json!({"turn": turn}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::PRECONDITION_REQUIRED, Some("precondition_required")));
        assert_eq!(seq_and_log(&app, &id, &players[0].token).await, (0, 0));
    }
);

api_test!(
    async fn an_illegal_turn_is_rejected_with_422_and_the_rule_id(app) {
        let (id, players) = started_game(&app, 2).await;
        let path = format!("/games/{id}/turns");
        let token = &players[0].token;
        let (status, problem) = app
            .post(&path, token, json!({"expected_seq": 0, "turn": {"steps": [{"do": "discard", "slot": 9}]}}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "rule_violation");
        assert!(problem["rule"].as_str().unwrap().starts_with("G-"), "{problem}");
        assert_eq!(problem["step"], 1);
        assert!(problem["message"].is_string());

        let (status, problem) = app
            .post(&path, token, json!({"expected_seq": 0, "turn": {"stepz": []}}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_turn")));

        let res = app
            .client
            .post(format!("{}{path}", app.url))
            .bearer_auth(token)
            .header("content-type", "text/plain")
            .header("if-match", "\"0\"")
            .body("fly to the moon")
            .send()
            .await
            .unwrap();
        let (status, problem) = read(res).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_notation")));
        assert!(problem["offset"].is_number());

        let (status, problem) = app
            .post(&path, token, json!({"expected_seq": 0, "turn": {}, "notation": "x"}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_body")));
        assert_eq!(seq_and_log(&app, &id, token).await, (0, 0));
    }
);

/// POST a turn with a raw Authorization header (or none).
async fn submit_as(
    app: &TestApp,
    game: &str,
    auth: Option<String>,
    turn: &Value,
) -> (StatusCode, String) {
    let mut req = app
        .client
        .post(format!("{}/games/{game}/turns", app.url))
        .json(&json!({"expected_seq": 0, "turn": turn}));
    if let Some(a) = auth {
        req = req.header("authorization", a);
    }
    let (status, body) = read(req.send().await.unwrap()).await;
    (
        status,
        body["code"].as_str().unwrap_or_default().to_string(),
    )
}

api_test!(
    async fn the_authorization_matrix_gives_each_caller_the_right_refusal_and_changes_nothing(app) {
        let (id, players) = started_game(&app, 2).await;
        let ann = &players[0];
        let bob = &players[1];
        let carol = app.player("carol").await;
        let (other_game, _) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, ann).await;
        let bearer = |t: &str| Some(format!("Bearer {t}"));
        let mut forged = ann.token.clone();
        let last = forged.pop().unwrap();
        forged.insert(forged.len() - 5, if last == 'Q' { 'R' } else { 'Q' });
        let cases: Vec<(&str, Option<String>, &str, StatusCode, &str)> = vec![
            ("no token", None, id.as_str(), StatusCode::UNAUTHORIZED, "missing_token"),
            ("expired", bearer(&mint(Purpose::Access, &ann.id, chrono::Duration::minutes(-5))), &id, StatusCode::UNAUTHORIZED, "token_expired"),
            ("bad signature", bearer(&forged), &id, StatusCode::UNAUTHORIZED, "invalid_token"),
            ("turn-link token", bearer(&mint(Purpose::TurnLink, &ann.id, chrono::Duration::minutes(5))), &id, StatusCode::UNAUTHORIZED, "wrong_token_purpose"),
            ("unsubscribe token", bearer(&mint(Purpose::Unsubscribe, &ann.id, chrono::Duration::minutes(5))), &id, StatusCode::UNAUTHORIZED, "wrong_token_purpose"),
            ("the other player", bearer(&bob.token), &id, StatusCode::CONFLICT, "not_your_turn"),
            ("a spectator", bearer(&carol.token), &id, StatusCode::FORBIDDEN, "not_a_player"),
            ("a player of another game", bearer(&ann.token), &other_game, StatusCode::FORBIDDEN, "not_a_player"),
            ("a game that does not exist", bearer(&ann.token), "no-such-game", StatusCode::NOT_FOUND, "game_not_found"),
        ];
        for (who, auth, game, status, code) in cases {
            let got = submit_as(&app, game, auth, &turn).await;
            assert_eq!(got, (status, code.to_string()), "{who}");
        }
        assert_eq!(seq_and_log(&app, &id, &ann.token).await, (0, 0));
        assert_eq!(seq_and_log(&app, &other_game, &ann.token).await, (0, 0));
        // Only now does the right caller's turn land.
        assert_eq!(submit_as(&app, &id, bearer(&ann.token), &turn).await.0, StatusCode::CREATED);
    }
);

api_test!(
    async fn legal_steps_are_only_for_the_seat_to_act(app) {
        let (id, players) = started_game(&app, 2).await;
        let (status, body) = app.get(&format!("/games/{id}/legal"), &players[0].token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["seat"], 0);
        assert!(!body["legal"]["steps"].as_array().unwrap().is_empty(), "{body}");
        let (status, problem) = app.get(&format!("/games/{id}/legal"), &players[1].token).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::CONFLICT, Some("not_your_turn")));
        // `partial` is the notation (words that are no turn: 422) or JSON (broken: 400).
        let (status, problem) = app.get(&format!("/games/{id}/legal?partial=nope"), &players[0].token).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_notation")));
        let (status, problem) = app.get(&format!("/games/{id}/legal?partial=%7Bnope"), &players[0].token).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")));
    }
);

api_test!(
    async fn players_talk_at_the_table_and_spectators_only_listen(app) {
        let (id, players) = started_game(&app, 2).await;
        let path = format!("/games/{id}/messages");
        let (status, m) = app.post(&path, &players[1].token, json!({"body": "good luck!"})).await;
        assert_eq!(status, StatusCode::CREATED, "{m}");
        assert_eq!(m["seat"], 1);
        assert_eq!(m["at_seq"], 0);
        let carol = app.player("carol").await;
        let (status, problem) = app.post(&path, &carol.token, json!({"body": "hi"})).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_a_player")));
        let (status, problem) = app.post(&path, &players[0].token, json!({"body": "   "})).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_message")));
        let (status, list) = app.get(&path, &carol.token).await;
        assert_eq!(status, StatusCode::OK);
        let list = list["messages"].as_array().unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0]["body"], "good luck!");
        assert_eq!(list[0]["user_id"], players[1].id.as_str());
        assert!(list[0]["display_name"].as_str().unwrap().starts_with("p1"));
        assert!(list[0]["at"].is_string());
        let (_, later) = app.get(&format!("{path}?since_seq=1"), &carol.token).await;
        assert_eq!(later["messages"].as_array().unwrap().len(), 0);
        for bad in ["since_seq=-1", "limit=0", "limit=501", "since_seq=x"] {
            let (status, problem) = app.get(&format!("{path}?{bad}"), &carol.token).await;
            assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")), "{bad}");
        }

        // The talk is part of the log: before the first turn, then after each entry.
        let turn = legal_turn(&app, &id, &players[0]).await;
        let (status, t) = app
            .post(&format!("/games/{id}/turns"), &players[0].token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{t}");
        let (status, m) = app.post(&path, &players[0].token, json!({"body": "your move <b>"})).await;
        assert_eq!((status, m["at_seq"].as_i64()), (StatusCode::CREATED, Some(1)), "{m}");
        let (status, log) = app.get(&format!("/games/{id}/log"), &carol.token).await;
        assert_eq!(status, StatusCode::OK, "{log}");
        let before = log["messages_before_first_turn"].as_array().unwrap();
        assert_eq!(before.len(), 1, "{log}");
        assert_eq!(before[0]["body"], "good luck!");
        assert_eq!(before[0]["seat"], 1);
        let entry = &log["entries"][0];
        assert_eq!(entry["seq"], 1);
        let after = entry["messages"].as_array().unwrap();
        assert_eq!(after.len(), 1, "{log}");
        assert_eq!(after[0]["body"], "your move <b>");
        assert_eq!(after[0]["user_id"], players[0].id.as_str());
        assert!(after[0]["display_name"].as_str().unwrap().starts_with("p0"));
        assert!(after[0]["at"].is_string());
        // A later page repeats neither: the first turn's talk belongs to entry 1.
        let (_, page) = app.get(&format!("/games/{id}/log?since=1"), &carol.token).await;
        assert_eq!(page["messages_before_first_turn"], json!([]), "{page}");
        assert_eq!(page["entries"], json!([]), "{page}");
        let (status, page) = app.get(&format!("/games/{id}/log?since={}", i64::MAX), &carol.token).await;
        assert_eq!((status, &page["entries"]), (StatusCode::OK, &json!([])), "{page}");
    }
);

api_test!(
    async fn the_state_at_an_entry_outside_the_log_is_404(app) {
        let (id, players) = started_game(&app, 2).await;
        let (status, s) = app.get(&format!("/games/{id}/state?at=0"), &players[0].token).await;
        assert_eq!(status, StatusCode::OK);
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        assert_eq!(s["view"], game["view"]);
        let (status, problem) = app.get(&format!("/games/{id}/state?at=1"), &players[0].token).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::NOT_FOUND, Some("entry_not_found")));
    }
);

api_test!(
    async fn two_servers_on_one_database_never_apply_a_turn_twice(app) {
        let twin = app.twin().await;
        let (id, players) = started_game(&app, 3).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..6 {
            let (_, game) = twin.get(&format!("/games/{id}"), &players[0].token).await;
            let seq = game["seq"].as_i64().unwrap();
            let seat = game["to_act"][0].as_u64().unwrap() as usize;
            let player = &players[seat];
            let turn = random_turn(&twin, &id, player, &mut rng, &mut Vec::new()).await;
            let path = format!("/games/{id}/turns");
            let body = json!({"expected_seq": seq, "turn": turn});
            let results = futures_util::future::join_all((0..10).map(|i| {
                let server = if i % 2 == 0 { &app } else { &twin };
                server.post(&path, &player.token, body.clone())
            }))
            .await;
            let accepted = results.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
            assert_eq!(accepted, 1, "{results:?}");
            assert_eq!(seq_and_log(&twin, &id, &player.token).await, (seq + 1, seq as usize + 1));
        }
    }
);

api_test!(
    async fn a_turn_sent_as_an_array_of_its_fields_is_refused(app) {
        // serde's derived structs read an array as the fields in order; the API's bodies
        // and turns are objects only (openapi.yaml), so both arrays are 422s and nothing
        // is written.
        let (id, players) = started_game(&app, 2).await;
        let turn = legal_turn(&app, &id, &players[0]).await;
        let path = format!("/games/{id}/turns");
        let (status, problem) = app
            .post(&path, &players[0].token, json!([0, turn.clone(), null]))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "invalid_body");
        assert!(problem["detail"].as_str().unwrap().contains("sequence"), "{problem}");

        let fields = json!([turn.get("declare_end").cloned().unwrap_or(json!(false)), turn["steps"]]);
        let (status, problem) = app
            .post(&path, &players[0].token, json!({"expected_seq": 0, "turn": fields}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["code"], "invalid_turn");
        assert!(problem["detail"].as_str().unwrap().contains("an array"), "{problem}");

        assert_eq!(seq_and_log(&app, &id, &players[0].token).await, (0, 0));
        // The same turn as an object lands.
        let (status, answer) = app
            .post(&path, &players[0].token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
);

api_test!(
    async fn a_turn_out_of_turn_names_the_turn_order_rule_in_the_api_and_on_the_turn_page(app) {
        let (id, players) = started_game(&app, 2).await;
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let waiting = &players[1 - game["to_act"][0].as_u64().unwrap() as usize];
        let (status, refused) = app
            .post(&format!("/games/{id}/turns"), &waiting.token, json!({"expected_seq": 0, "turn": {}}))
            .await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::CONFLICT, Some("not_your_turn")), "{refused}");
        assert_eq!(refused["rule"], "G-T5", "{refused}");
        assert!(refused["detail"].as_str().unwrap().starts_with("G-T5: it is god "), "{refused}");
        assert_eq!(refused["current_seq"], 0, "{refused}");
        let (status, legal) = app.get(&format!("/games/{id}/legal"), &waiting.token).await;
        assert_eq!((status, legal["code"].as_str(), legal["rule"].as_str()), (StatusCode::CONFLICT, Some("not_your_turn"), Some("G-T5")), "{legal}");
        // The turn page says it as the API does.
        let keys = hermes_api::auth::jwt::Keys::new(crate::helpers::JWT_SECRET.as_bytes(), crate::helpers::PUBLIC_URL);
        let link = hermes_api::links::turn_link(&keys, crate::helpers::PUBLIC_URL, &waiting.id, &id).unwrap();
        let path = link.strip_prefix(crate::helpers::PUBLIC_URL).unwrap();
        let res = app
            .client
            .post(format!("{}{path}", app.url))
            .form(&[("expected_seq", "0"), ("notation", "discard 1")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        let page = res.text().await.unwrap();
        assert!(page.contains("G-T5: it is god "), "{page}");
    }
);
