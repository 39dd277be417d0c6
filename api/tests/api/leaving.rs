//! A player can leave (issue 14, part 5): resign a running game (the seat drops out as on
//! a forfeit, the service passes for it with the source `resign`), abort a game nobody has
//! moved in, delete a game that has not started (its creator).

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{read, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

async fn log_sources(app: &TestApp, id: &str, token: &str) -> Vec<String> {
    let (status, log) = app.get(&format!("/games/{id}/log"), token).await;
    assert_eq!(status, StatusCode::OK, "{log}");
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["source"].as_str().unwrap().to_string())
        .collect()
}

/// Run the scheduler until `done` holds (or fail after 200 ticks).
async fn tick_until(app: &TestApp, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (_, g) = app.get(&format!("/games/{id}"), token).await;
        if done(&g) {
            return g;
        }
        hermes_api::scheduler::tick(&app.state)
            .await
            .expect("a scheduler tick");
    }
    panic!("the scheduler did not get there");
}

api_test!(
    async fn a_god_who_resigns_drops_out_and_the_service_passes_for_them_as_resign(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bo) = (&players[0], &players[1]);
        // Ann is to act (seat 0, fixed seating) and resigns.
        let (status, g) = app.post(&format!("/games/{id}/resign"), &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["players"][0]["forfeited"], true, "{g}");
        assert_eq!(g["players"][0]["resigned"], true, "{g}");
        assert_eq!(g["players"][1]["resigned"], false, "{g}");
        let (status, p) = app.post(&format!("/games/{id}/resign"), &ann.token, json!({})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("already_resigned")), "{p}");
        // The service plays Ann's turn (within a tick), logged as `resign`; then it is Bo's.
        let g = tick_until(&app, &id, &bo.token, |g| g["seq"].as_i64() >= Some(1)).await;
        assert_eq!(g["to_act"], json!([1]), "{g}");
        assert_eq!(log_sources(&app, &id, &bo.token).await, vec!["resign"]);
        // Ann's own turns are refused from now on.
        let (status, p) = app.post(&format!("/games/{id}/turns"), &ann.token, json!({"expected_seq": g["seq"], "notation": "discard 1; discard 1"})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("resigned")), "{p}");
        // Bo plays on; Ann's next turn is passed again, as `resign`.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let turn = crate::play::random_turn(&app, &id, bo, &mut rng, &mut Vec::new()).await;
        let (status, body) = app.post(&format!("/games/{id}/turns"), &bo.token, json!({"expected_seq": g["seq"], "turn": turn})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let g = tick_until(&app, &id, &bo.token, |g| g["to_act"] == json!([1]) || g["status"] == "over").await;
        let sources = log_sources(&app, &id, &bo.token).await;
        assert!(sources.iter().filter(|s| *s == "resign").count() >= 2, "{sources:?} {g}");
        assert!(sources.iter().all(|s| s == "resign" || s == "player"), "{sources:?}");
        // Bo resigns too: the service plays the game out, and nobody wins.
        let (status, _) = app.post(&format!("/games/{id}/resign"), &bo.token, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let g = tick_until(&app, &id, &bo.token, |g| g["status"] == "over").await;
        assert_eq!(g["outcome"]["winners"], json!([]), "nobody who resigned wins: {g}");
    }
);

api_test!(
    async fn a_game_nobody_has_moved_in_can_be_aborted_by_a_seated_player_and_no_later(app) {
        let (id, players) = started_game(&app, 2).await;
        let stranger = app.player("stranger").await;
        let (status, p) = app.post(&format!("/games/{id}/abort"), &stranger.token, json!({})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_a_player")), "{p}");
        // Bo (not to act) aborts: the game is over, nobody wins, the outcome says who.
        let (status, g) = app.post(&format!("/games/{id}/abort"), &players[1].token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["status"], "over");
        assert_eq!(g["outcome"]["aborted"], true, "{g}");
        assert_eq!(g["outcome"]["aborted_by"], 1, "{g}");
        assert_eq!(g["outcome"]["winners"], json!([]));
        assert_eq!(g["to_act"], json!([]), "{g}");
        let (status, p) = app.post(&format!("/games/{id}/turns"), &players[0].token, json!({"expected_seq": 0, "notation": "discard 1; discard 1"})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("game_over")), "{p}");
        assert!(log_sources(&app, &id, &players[0].token).await.is_empty());

        // Once someone moved, it cannot be aborted: resign instead.
        let (id, players) = started_game(&app, 2).await;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(6);
        let turn = crate::play::random_turn(&app, &id, &players[0], &mut rng, &mut Vec::new()).await;
        let (status, body) = app.post(&format!("/games/{id}/turns"), &players[0].token, json!({"expected_seq": 0, "turn": turn})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, p) = app.post(&format!("/games/{id}/abort"), &players[1].token, json!({})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("game_moved")), "{p}");
        assert_eq!(p["current_seq"], 1);
        assert_eq!(p["type"].as_str().map(|t| !t.is_empty()), Some(true), "problem+json: {p}");
    }
);

api_test!(
    async fn only_the_creator_deletes_a_game_and_only_before_it_starts(app) {
        let ann = app.player("ann").await;
        let bo = app.player("bo").await;
        let (status, g) = app.post("/games", &ann.token, json!({"kind": "gods", "seats": 3, "invite": ["someone@example.org"]})).await;
        assert_eq!(status, StatusCode::CREATED, "{g}");
        let id = g["id"].as_str().unwrap().to_string();
        let (status, _) = app.post(&format!("/games/{id}/join"), &bo.token, json!({"code": g["join_code"]})).await;
        assert_eq!(status, StatusCode::OK);
        // A player who is not the creator may not; nor may the creator resign or abort it.
        let (status, p) = app.call(Method::DELETE, &format!("/games/{id}"), Some(&bo.token), None).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_the_creator")), "{p}");
        let (status, p) = app.post(&format!("/games/{id}/abort"), &ann.token, json!({})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("game_not_started")), "{p}");
        let res = app.client.delete(format!("{}/games/{id}", app.url)).bearer_auth(&ann.token).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        let (status, p) = app.get(&format!("/games/{id}"), &ann.token).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::NOT_FOUND, Some("game_not_found")), "{p}");
        let (_, list) = app.get("/games", &bo.token).await;
        assert!(!list.to_string().contains(&id), "{list}");

        // A started game cannot be deleted.
        let (id, players) = started_game(&app, 2).await;
        let res = app.client.delete(format!("{}/games/{id}", app.url)).bearer_auth(&players[0].token).send().await.unwrap();
        let (status, p) = read(res).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("game_started")), "{p}");
    }
);

api_test!(
    async fn a_turn_checked_on_the_remembered_row_is_refused_if_its_seat_resigned_on_another_server(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bo) = (&players[0], &players[1]);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        // Ann's turn is written by this server: it keeps the game hot with the row and
        // players that turn left (Bo not resigned).
        let turn = crate::play::random_turn(&app, &id, ann, &mut rng, &mut Vec::new()).await;
        let (status, body) = app.post(&format!("/games/{id}/turns"), &ann.token, json!({"expected_seq": 0, "turn": turn})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let turn = crate::play::random_turn(&app, &id, bo, &mut rng, &mut Vec::new()).await;
        // Bo resigns through another server on the same database: this one is not told.
        let other = app.twin().await;
        let (status, g) = other.post(&format!("/games/{id}/resign"), &bo.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        // Bo's own turn on this server is refused, and nothing of it is written.
        let (status, p) = app.post(&format!("/games/{id}/turns"), &bo.token, json!({"expected_seq": 1, "turn": turn})).await;
        assert_eq!((status, p["code"].as_str()), (StatusCode::CONFLICT, Some("resigned")), "{p}");
        // (The scheduler may have passed for Bo meanwhile, as `resign`: Bo's resigned seat
        // is due at once.)
        let sources = log_sources(&app, &id, &ann.token).await;
        assert_eq!(sources[0], "player", "{sources:?}");
        assert!(sources[1..].iter().all(|s| s == "resign"), "{sources:?}");
        assert!(sources.len() <= 2, "{sources:?}");
    }
);
