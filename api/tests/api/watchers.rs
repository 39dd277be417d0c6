//! Who may watch a game (`watchers`, chosen at creation), enforced on every read path:
//! the game, its log, its state at N, its table talk (read and post), its legal steps,
//! its board (SVG and PNG), invitations. A game one may not see is a 404, like an unknown id.

use crate::api_test;
use crate::helpers::{Player, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Every read of game `id`, as `path` (each must answer 404 to a stranger).
fn read_paths(id: &str) -> Vec<String> {
    vec![
        format!("/games/{id}"),
        format!("/games/{id}?as=spectator"),
        format!("/games/{id}/log"),
        format!("/games/{id}/state"),
        format!("/games/{id}/state?at=0"),
        format!("/games/{id}/messages"),
        format!("/games/{id}/legal"),
        format!("/games/{id}/board.svg"),
        format!("/games/{id}/board.png"),
    ]
}

/// A started two-player game of Gods with `watchers`, some talk at its table.
async fn game_watched_by(app: &TestApp, watchers: Value) -> (String, Player, Player) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let (status, game) = app
        .post(
            "/games",
            &ann.token,
            json!({"kind": "gods", "seats": 2, "watchers": watchers}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().expect("id").to_string();
    let code = game["join_code"].as_str().expect("code").to_string();
    let (status, body) = app
        .post(
            &format!("/games/{id}/join"),
            &bob.token,
            json!({"code": code}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(
            &format!("/games/{id}/messages"),
            &ann.token,
            json!({"body": "good luck"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (id, ann, bob)
}

/// The status of a GET as `token`.
async fn status_of(app: &TestApp, path: &str, token: &str) -> StatusCode {
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .bearer_auth(token)
        .send()
        .await
        .expect("sent");
    res.status()
}

/// Every read path answers a stranger as for a game that does not exist, and the
/// players as before.
async fn hidden_from(app: &TestApp, id: &str, players: &[&Player], stranger: &Player) {
    for path in read_paths(id) {
        let unknown = path.replace(id, "0123456789abcdef0123456789abcdef");
        let (hidden, none) = (
            status_of(app, &path, &stranger.token).await,
            status_of(app, &unknown, &stranger.token).await,
        );
        assert_eq!(hidden, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(hidden, none, "{path}: the same answer as an unknown game");
        let (_, body) = app.get(&path, &stranger.token).await;
        if body.is_object() {
            assert_eq!(body["code"], "game_not_found", "{path}");
        }
        for p in players {
            let s = status_of(app, &path, &p.token).await;
            // `legal` answers 409 to the seat not to act; everything else 200.
            assert!(
                s == StatusCode::OK || (path.ends_with("/legal") && s == StatusCode::CONFLICT),
                "{path}: a player gets {s}"
            );
        }
    }
    let (status, _) = app
        .post(
            &format!("/games/{id}/messages"),
            &stranger.token,
            json!({"body": "hello"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "posting talk");
    let (status, _) = app
        .post(
            &format!("/games/{id}/invites"),
            &stranger.token,
            json!({"email": "x@example.org"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "inviting");
}

api_test! {
    async fn a_game_for_anyone_signed_in_is_read_by_a_stranger_as_before(app) {
        let (id, _ann, _bob) = game_watched_by(&app, Value::Null).await;
        let eve = app.player("eve").await;
        let (status, game) = app.get(&format!("/games/{id}"), &eve.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["watchers"], "signed_in");
        for path in read_paths(&id) {
            let s = status_of(&app, &path, &eve.token).await;
            // A stranger has no seat: `legal` is 403 for them, the rest is theirs to read.
            let expected = if path.ends_with("/legal") { StatusCode::FORBIDDEN } else { StatusCode::OK };
            assert_eq!(s, expected, "{path}");
        }
    }
}

api_test! {
    async fn a_game_for_its_players_only_is_a_404_to_anyone_else_on_every_read_path(app) {
        let (id, ann, bob) = game_watched_by(&app, json!("players")).await;
        let eve = app.player("eve").await;
        hidden_from(&app, &id, &[&ann, &bob], &eve).await;
        let (_, game) = app.get(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(game["watchers"], "players");
        // Not in a stranger's list either.
        let (_, list) = app.get("/games", &eve.token).await;
        assert_eq!(list["games"].as_array().map(Vec::len), Some(0));
    }
}

api_test! {
    async fn an_invited_spectator_reads_the_game_and_nobody_else_does(app) {
        let (id, ann, bob) = game_watched_by(&app, json!("invited")).await;
        let cy = app.player("cy").await;
        let eve = app.player("eve").await;
        hidden_from(&app, &id, &[&ann, &bob], &cy).await;
        let cy_email = app.confirm(&cy).await;
        // Only a player invites; a stranger's attempt is a 404, the game is not theirs to see.
        let (status, _) = app
            .post(&format!("/games/{id}/spectators"), &eve.token, json!({"email": cy_email}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, body) = app
            .post(&format!("/games/{id}/spectators"), &bob.token, json!({"email": cy_email.to_uppercase()}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = app
            .post(&format!("/games/{id}/spectators"), &bob.token, json!({"email": cy_email}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "twice is once");
        for path in read_paths(&id) {
            let s = status_of(&app, &path, &cy.token).await;
            let expected = if path.ends_with("/legal") { StatusCode::FORBIDDEN } else { StatusCode::OK };
            assert_eq!(s, expected, "{path}");
        }
        // A spectator sees a spectator's view and cannot talk at the table.
        let (_, game) = app.get(&format!("/games/{id}"), &cy.token).await;
        assert_eq!(game["my_seat"], Value::Null);
        let (status, _) = app
            .post(&format!("/games/{id}/messages"), &cy.token, json!({"body": "hi"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        hidden_from(&app, &id, &[&ann, &bob], &eve).await;
    }
}

api_test! {
    async fn an_unconfirmed_address_does_not_watch_and_other_games_take_no_spectators(app) {
        let (id, ann, _bob) = game_watched_by(&app, json!("invited")).await;
        let dan = app.player("dan").await;
        let (_, me) = app.get("/me", &dan.token).await;
        let email = me["email"].as_str().expect("email").to_string();
        let (status, _) = app
            .post(&format!("/games/{id}/spectators"), &ann.token, json!({"email": email}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        // Anyone may register an address; only its confirmed owner watches.
        assert_eq!(status_of(&app, &format!("/games/{id}"), &dan.token).await, StatusCode::NOT_FOUND);
        app.confirm(&dan).await;
        assert_eq!(status_of(&app, &format!("/games/{id}"), &dan.token).await, StatusCode::OK);

        let (open_id, ann2, _) = game_watched_by(&app, json!("players")).await;
        let (status, body) = app
            .post(&format!("/games/{open_id}/spectators"), &ann2.token, json!({"email": email}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(body["code"], "watchers_not_invited");
    }
}

api_test! {
    async fn watchers_must_be_one_of_the_three_choices(app) {
        let ann = app.player("ann").await;
        let (status, body) = app
            .call(
                Method::POST,
                "/games",
                Some(&ann.token),
                Some(json!({"kind": "gods", "seats": 2, "watchers": "everyone"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["code"], "invalid_watchers");
        assert_eq!(body["field"], "watchers");
    }
}

api_test! {
    async fn an_address_invited_to_play_sees_a_players_only_game_once_confirmed(app) {
        let ann = app.player("ann").await;
        let cy = app.player("cy").await;
        let email = app.confirm(&cy).await;
        let (status, game) = app
            .post(
                "/games",
                &ann.token,
                json!({"kind": "gods", "seats": 2, "watchers": "players", "invite": [email]}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().expect("id");
        assert_eq!(status_of(&app, &format!("/games/{id}"), &cy.token).await, StatusCode::OK);
    }
}

/// A game id that names no game.
const UNKNOWN: &str = "0123456789abcdef0123456789abcdef";

api_test! {
    async fn a_hidden_game_is_answered_as_an_unknown_id_to_a_webhook_a_turn_and_a_resignation(app) with |s| {
        s.webhooks.allow_private = true;
        s.webhooks.deliver = false;
    }; {
        let (id, _ann, _bob) = game_watched_by(&app, json!("players")).await;
        let eve = app.player("eve").await;
        let calls: Vec<(&str, String, Value)> = vec![
            ("a webhook", "/webhooks".into(), json!({"url": "http://127.0.0.1:9/hook", "game_id": id})),
            ("a turn", format!("/games/{id}/turns"), json!({"expected_seq": 0, "turn": {"steps": []}})),
            ("a resignation", format!("/games/{id}/resign"), json!({})),
            ("an abort", format!("/games/{id}/abort"), json!({})),
        ];
        for (what, path, body) in calls {
            let hidden = app.post(&path, &eve.token, body.clone()).await;
            let unknown_body: Value = serde_json::from_str(&body.to_string().replace(&id, UNKNOWN)).expect("json");
            let unknown = app.post(&path.replace(&id, UNKNOWN), &eve.token, unknown_body).await;
            assert_eq!(hidden, unknown, "{what}: the hidden game's answer is the unknown id's");
            assert!(hidden.0.is_client_error(), "{what}: {hidden:?}");
        }
        let (status, hooks) = app.get("/webhooks", &eve.token).await;
        assert_eq!((status, hooks), (StatusCode::OK, json!([])), "no hook was made");
        let (status, _) = app.delete(&format!("/games/{id}"), &eve.token).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "deleting");
    }
}

api_test! {
    async fn the_turn_page_of_a_hidden_game_is_the_page_of_an_unknown_id_to_a_signed_in_stranger(app) {
        let (id, _ann, _bob) = game_watched_by(&app, json!("players")).await;
        let eve = app.player("eve").await;
        let (_, me) = app.get("/me", &eve.token).await;
        let mut browser = crate::web::Browser::new(&app);
        browser.log_in(me["email"].as_str().expect("email"), "a long password").await;
        let hidden = browser.get(&format!("/games/{id}/play")).await;
        let unknown = browser.get(&format!("/games/{UNKNOWN}/play")).await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND, "not a 303 to the replay: {}", hidden.location());
        assert_eq!((hidden.status, hidden.body.replace(&id, UNKNOWN)), (unknown.status, unknown.body));
        // A turn posted from the page, as a form with the session's CSRF token.
        let csrf = browser.get("/").await.csrf();
        let form = [("csrf", csrf.as_str()), ("expected_seq", "0"), ("notation", "end")];
        let hidden = browser.post(&format!("/games/{id}/play"), &form).await;
        let unknown = browser.post(&format!("/games/{UNKNOWN}/play"), &form).await;
        assert_eq!((hidden.status, hidden.body.replace(&id, UNKNOWN)), (unknown.status, unknown.body));
        assert_eq!(hidden.status, StatusCode::NOT_FOUND);
        // A game anyone signed in may watch still sends its watcher to the replay.
        let (open, _, _) = game_watched_by(&app, Value::Null).await;
        let watched = browser.get(&format!("/games/{open}/play")).await;
        assert_eq!(watched.status, StatusCode::SEE_OTHER);
        assert!(watched.location().ends_with(&format!("/games/{open}/replay")), "{}", watched.location());
    }
}
