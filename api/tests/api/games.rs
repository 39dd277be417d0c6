//! Creating games, filling seats, invites, views and listings.

use crate::api_test;
use crate::helpers::{Player, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Create a game of Gods for `n` seats (fixed seat order: join order) and fill it.
/// Returns the game id and the players by seat.
pub async fn started_game(app: &TestApp, n: usize) -> (String, Vec<Player>) {
    let mut players = Vec::new();
    for i in 0..n {
        players.push(app.player(&format!("p{i}")).await);
    }
    let (status, game) = app
        .post(
            "/games",
            &players[0].token,
            // `auto_pass`: what a timeout does in these games is a pass the tests can see
            // at once (the default, `stand_in`, has tests of its own in `bots.rs`).
            json!({"kind": "gods", "seats": n, "random_seats": false, "timeout_policy": "auto_pass"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let code = game["join_code"].as_str().unwrap().to_string();
    for p in &players[1..] {
        let (status, body) = app
            .post(
                &format!("/games/{id}/join"),
                &p.token,
                json!({"code": code}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (id, players)
}

api_test!(
    async fn a_new_game_publishes_a_seed_commitment_and_hides_the_seed(app) {
        let ann = app.player("ann").await;
        // `3.0` is the integer 3 in JSON.
        let (status, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3.0}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(game["status"], "open");
        assert_eq!(game["seat_count"], 3);
        assert_eq!(game["players"].as_array().unwrap().len(), 1);
        assert_eq!(game["players"][0]["user_id"], ann.id.as_str());
        let commitment = game["seed_commitment"].as_str().unwrap();
        assert_eq!(commitment.len(), 64);
        assert!(commitment.chars().all(|c| c.is_ascii_hexdigit()));
        assert!(game["seed"].is_null());
        assert!(game["deadline"].is_null());
        assert_eq!(game["options"]["end_tile_depth"], 3, "{game}");
        assert_eq!(game["join_code"].as_str().unwrap().len(), 10);

        // Someone without a seat sees the game but not its join code.
        let bob = app.player("bob").await;
        let id = game["id"].as_str().unwrap();
        let (status, seen) = app.get(&format!("/games/{id}"), &bob.token).await;
        assert_eq!(status, StatusCode::OK);
        assert!(seen.get("join_code").is_none(), "{seen}");
        assert!(seen["view"].is_null());
    }
);

api_test!(
    async fn a_game_of_an_unknown_kind_bad_seat_count_or_bad_options_is_refused_with_422(app) {
        let ann = app.player("ann").await;
        for (body, code) in [
            (json!({"kind": "chess", "seats": 2}), "unknown_kind"),
            (json!({"kind": "gods", "seats": 5}), "invalid_seats"),
            (json!({"kind": "gods", "seats": 1}), "invalid_seats"),
            (json!({"kind": "gods", "seats": 2, "options": {"colour": "red"}}), "invalid_options"),
            // Accepted by the options' shape, refused by the game's setup.
            (json!({"kind": "gods", "seats": 2, "options": {"decay_tile": true}}), "invalid_options"),
            (json!({"kind": "gods", "seats": 2, "options": {"end_tile_depth": 0}}), "invalid_options"),
            (json!({"kind": "gods", "seats": 2.5}), "invalid_body"),
        ] {
            let (status, problem) = app.post("/games", &ann.token, body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(problem["code"], code);
        }
        let (_, list) = app.get("/games", &ann.token).await;
        assert_eq!(list["games"].as_array().unwrap().len(), 0);
    }
);

api_test!(
    async fn the_game_starts_when_the_last_seat_is_taken_by_join_code(app) {
        let (id, players) = started_game(&app, 3).await;
        let (status, game) = app.get(&format!("/games/{id}"), &players[1].token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["status"], "running");
        let seats: Vec<Value> = game["players"].as_array().unwrap().iter().map(|p| p["seat"].clone()).collect();
        assert_eq!(seats, vec![json!(0), json!(1), json!(2)]);
        // Fixed seating: join order.
        assert_eq!(game["players"][1]["user_id"], players[1].id.as_str());
        assert_eq!(game["my_seat"], 1);
        assert_eq!(game["to_act"], json!([0]));
        assert_eq!(game["my_turn"], false);
        assert!(game["view"].is_object());
        assert!(game.get("join_code").is_none());
        let etag = format!("\"{}\"", game["seq"]);
        assert_eq!(etag, "\"0\"");

        let late = app.player("late").await;
        let (status, problem) = app
            .post(&format!("/games/{id}/join"), &late.token, json!({"code": "whatever"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(problem["code"], "bad_join_code");
    }
);

api_test!(
    async fn a_started_game_or_a_seated_player_cannot_join_again(app) {
        let ann = app.player("ann").await;
        let (_, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2}))
            .await;
        let id = game["id"].as_str().unwrap();
        let code = game["join_code"].as_str().unwrap();
        let (status, problem) = app
            .post(&format!("/games/{id}/join"), &ann.token, json!({"code": code}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::CONFLICT, Some("already_seated")));
        let bob = app.player("bob").await;
        let (status, _) = app
            .post(&format!("/games/{id}/join"), &bob.token, json!({"code": code.to_lowercase()}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let cat = app.player("cat").await;
        let (status, problem) = app
            .post(&format!("/games/{id}/join"), &cat.token, json!({"code": code}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::CONFLICT, Some("game_not_open")));
    }
);

api_test!(
    async fn seats_are_shuffled_unless_fixed_and_filled_exactly_under_concurrent_joins(app) {
        let ann = app.player("ann").await;
        let (_, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 4}))
            .await;
        let id = game["id"].as_str().unwrap().to_string();
        let code = game["join_code"].as_str().unwrap().to_string();
        let mut joiners = Vec::new();
        for i in 0..6 {
            joiners.push(app.player(&format!("j{i}")).await);
        }
        let path = format!("/games/{id}/join");
        let results = futures_util::future::join_all(
            joiners
                .iter()
                .map(|p| app.post(&path, &p.token, json!({"code": code}))),
        )
        .await;
        let ok = results.iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(ok, 3, "{results:?}");
        for (status, body) in &results {
            if *status != StatusCode::OK {
                assert_eq!(*status, StatusCode::CONFLICT);
                assert!(["game_full", "game_not_open"].contains(&body["code"].as_str().unwrap()), "{body}");
            }
        }
        let (_, game) = app.get(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(game["status"], "running");
        let mut seats: Vec<i64> = game["players"].as_array().unwrap().iter().map(|p| p["seat"].as_i64().unwrap()).collect();
        seats.sort();
        assert_eq!(seats, vec![0, 1, 2, 3]);
        assert_eq!(game["random_seats"], true);
    }
);

api_test!(
    async fn an_invited_user_joins_without_a_code_and_others_cannot(app) {
        let ann = app.player("ann").await;
        let bob = app.player("bob").await;
        // An invitation is for the confirmed owner of the address.
        let bob_email = app.confirm(&bob).await.to_uppercase();
        let (_, game) = app
            .post(
                "/games",
                &ann.token,
                json!({"kind": "gods", "seats": 3, "invite": [bob_email, bob_email.to_lowercase()]}),
            )
            .await;
        let id = game["id"].as_str().unwrap();
        let (_, list) = app.get("/games", &bob.token).await;
        assert_eq!(list["games"][0]["id"], id);
        assert_eq!(list["games"][0]["invited"], true);

        let eve = app.player("eve").await;
        let (status, problem) = app.post(&format!("/games/{id}/join"), &eve.token, json!({})).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_invited")));
        let (status, problem) = app
            .post(&format!("/games/{id}/invites"), &eve.token, json!({"email": "x@example.org"}))
            .await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_a_player")));

        let (status, joined) = app.post(&format!("/games/{id}/join"), &bob.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["players"].as_array().unwrap().len(), 2);
        let (status, _) = app
            .post(&format!("/games/{id}/invites"), &bob.token, json!({"email": "cat@example.org"}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (_, list) = app.get("/games", &bob.token).await;
        assert_eq!(list["games"][0]["invited"], false);
    }
);

api_test!(
    async fn my_games_list_those_where_i_must_act_first(app) {
        let (first, players) = started_game(&app, 2).await;
        let ann = &players[0];
        let bob = &players[1];
        // A second game where bob created (fixed seats: bob is seat 0 and acts first).
        let (_, game) = app
            .post("/games", &bob.token, json!({"kind": "gods", "seats": 2, "random_seats": false}))
            .await;
        let second = game["id"].as_str().unwrap().to_string();
        let code = game["join_code"].as_str().unwrap();
        app.post(&format!("/games/{second}/join"), &ann.token, json!({"code": code})).await;

        let (_, list) = app.get("/games", &bob.token).await;
        let ids: Vec<&str> = list["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids, vec![second.as_str(), first.as_str()]);
        assert_eq!(list["games"][0]["my_turn"], true);
        // The seat to act has a running clock (default 72 hours; see tests/api/deadlines.rs).
        assert!(list["games"][0]["deadline"].is_string(), "{}", list["games"][0]);
        assert_eq!(list["games"][0]["turn_hours"], 72);
        let (_, mine) = app.get("/games?must_act=true", &bob.token).await;
        let ids: Vec<&str> = mine["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids, vec![second.as_str()]);
        let (_, mine) = app.get("/games?must_act=true", &ann.token).await;
        assert_eq!(mine["games"][0]["id"], first.as_str());
        assert_eq!(mine["games"].as_array().unwrap().len(), 1);
    }
);

api_test!(
    async fn a_spectator_sees_the_spectator_view_and_a_player_may_ask_for_it(app) {
        let (id, players) = started_game(&app, 2).await;
        let carol = app.player("carol").await;
        let (_, as_carol) = app.get(&format!("/games/{id}"), &carol.token).await;
        let (_, as_ann) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let (_, ann_spectating) = app.get(&format!("/games/{id}?as=spectator"), &players[0].token).await;
        assert!(as_carol["my_seat"].is_null());
        assert_eq!(as_carol["view"], ann_spectating["view"]);
        assert!(as_ann["view"].is_object());
        let (status, problem) = app.get("/games/nope", &carol.token).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::NOT_FOUND, Some("game_not_found")));
    }
);
