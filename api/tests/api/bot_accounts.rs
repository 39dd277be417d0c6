//! Bot accounts (docs/clients/bots.md): an account becomes a bot before it ever takes a
//! seat, for good; its tokens hold `bot:play` alone, which reads and plays and does
//! nothing else; it learns its turns from its event stream and gets no game mail; and it
//! is shown as a bot wherever its seat is.

use crate::api_test;
use crate::helpers::{Player, TestApp};
use crate::play::random_turn;
use crate::web::{mail_to, Browser};
use diesel::prelude::*;
use hermes_api::store::{self, schema};
use rand::SeedableRng;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;

/// A registered account with a login token, and its address.
async fn account(app: &TestApp, name: &str) -> (Player, String) {
    let email = format!(
        "{name}.{}@example.org",
        hex::encode(rand::random::<[u8; 6]>())
    );
    let (status, body) = app.register(&email, "a long password").await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let (status, login) = app.login(&email, "a long password").await;
    assert_eq!(status, StatusCode::OK, "{login}");
    let player = Player {
        id: login["user"]["id"].as_str().unwrap().to_string(),
        token: login["access_token"].as_str().unwrap().to_string(),
    };
    (player, email)
}

/// A bot account: registered, made a bot with its login, and a `bot:play` token of it (as
/// a `Player` whose token is that token), with its address.
async fn bot(app: &TestApp, name: &str) -> (Player, Player, String) {
    let (login, email) = account(app, name).await;
    let (status, me) = app.post("/me/bot", &login.token, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    let (status, created) = app
        .post("/tokens", &login.token, json!({"name": "the bot's"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(
        created["scopes"],
        json!(["bot:play"]),
        "a bot's default scope"
    );
    let token = Player {
        id: login.id.clone(),
        token: created["token"].as_str().unwrap().to_string(),
    };
    (login, token, email)
}

/// A Gods game for two created by `by` (seat 0), not started; its id and join code.
async fn open_game(app: &TestApp, by: &Player) -> (String, String) {
    let (status, game) = app
        .post(
            "/games",
            &by.token,
            json!({"kind": "gods", "seats": 2, "random_seats": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    (
        game["id"].as_str().unwrap().to_string(),
        game["join_code"].as_str().unwrap().to_string(),
    )
}

async fn join(app: &TestApp, id: &str, code: &str, p: &Player) -> (StatusCode, Value) {
    app.post(
        &format!("/games/{id}/join"),
        &p.token,
        json!({"code": code}),
    )
    .await
}

/// The templates of the mails in the outbox to `addr`, with their data, oldest first.
fn mails_to(app: &TestApp, addr: &str) -> Vec<(String, String)> {
    let pool = store::open(&app.database_url, 1).expect("database");
    let mut conn = pool.get().expect("connection");
    schema::outbox::table
        .filter(schema::outbox::to_addr.eq(addr))
        .order(schema::outbox::created_at.asc())
        .select((schema::outbox::template, schema::outbox::data))
        .load(&mut *conn)
        .expect("outbox")
}

api_test!(
    async fn an_account_becomes_a_bot_for_good_and_says_so(app) {
        let (randy, _) = account(&app, "randy").await;
        let (status, me) = app.get("/me", &randy.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["bot"], false);
        assert_eq!(me["preferences"]["mail"], "every_turn");

        let (status, me) = app.post("/me/bot", &randy.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["bot"], true);
        assert_eq!(me["preferences"]["mail"], "none", "a bot gets no game mail");
        // Again: nothing changes.
        let (status, again) = app.post("/me/bot", &randy.token, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{again}");
        assert_eq!(again["bot"], true);
        let (_, me) = app.get("/me", &randy.token).await;
        assert_eq!(me["bot"], true);

        // Its mail stays off: it follows its stream.
        let (status, refused) = app
            .call(
                Method::PATCH,
                "/me/preferences",
                Some(&randy.token),
                Some(json!({"mail": "every_turn"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["field"], "mail");
        let (_, me) = app.get("/me", &randy.token).await;
        assert_eq!(me["preferences"]["mail"], "none");
    }
);

api_test!(
    async fn an_account_that_has_taken_a_seat_cannot_become_a_bot(app) {
        // Created a game (its first seat), not yet started.
        let (ann, _) = account(&app, "ann").await;
        open_game(&app, &ann).await;
        let (status, body) = app.post("/me/bot", &ann.token, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "bot_after_games");
        // Joined someone else's game.
        let (bob, _) = account(&app, "bob").await;
        let (carl, _) = account(&app, "carl").await;
        let (id, code) = open_game(&app, &carl).await;
        let (status, _) = join(&app, &id, &code, &bob).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.post("/me/bot", &bob.token, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "bot_after_games");
        for p in [&ann, &bob] {
            let (_, me) = app.get("/me", &p.token).await;
            assert_eq!(me["bot"], false, "a refusal changes nothing");
            assert_eq!(me["preferences"]["mail"], "every_turn");
        }
    }
);

api_test!(
    async fn a_bot_token_reads_and_plays_and_does_nothing_else(app) {
        let (ann, _) = account(&app, "ann").await;
        let (randy, token, _) = bot(&app, "randy").await;
        let (id, code) = open_game(&app, &ann).await;
        let (status, body) = join(&app, &id, &code, &token).await;
        assert_eq!(status, StatusCode::OK, "a bot token joins: {body}");
        let (status, me) = app.get("/me", &token.token).await;
        assert_eq!(status, StatusCode::OK, "a bot token reads");
        assert_eq!(me["id"], randy.id.as_str());

        // Ann plays first; then the bot plays its turn with its token.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let turn = random_turn(&app, &id, &ann, &mut rng, &mut Vec::new()).await;
        let (status, body) = app
            .post(&format!("/games/{id}/turns"), &ann.token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let turn = random_turn(&app, &id, &token, &mut rng, &mut Vec::new()).await;
        let (status, body) = app
            .post(&format!("/games/{id}/turns"), &token.token, json!({"expected_seq": 1, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "a bot token plays: {body}");

        // No talk, nothing of the account: each names the scope it lacks.
        let refused: [(Method, &str, Option<Value>, &str); 6] = [
            (Method::POST, &format!("/games/{id}/messages"), Some(json!({"body": "gg"})), "talk"),
            (Method::GET, "/tokens", None, "account"),
            (Method::POST, "/tokens", Some(json!({"name": "another"})), "account"),
            (Method::PATCH, "/me/preferences", Some(json!({"lang": "en"})), "account"),
            (Method::GET, "/webhooks", None, "account"),
            (Method::POST, "/me/bot", Some(json!({})), "account"),
        ];
        for (method, path, body, scope) in refused {
            let (status, problem) = app.call(method.clone(), path, Some(&token.token), body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}: {problem}");
            assert_eq!(problem["code"], "insufficient_scope", "{method} {path}");
            assert_eq!(problem["required_scope"], scope, "{method} {path}");
        }
        // The login still manages the account.
        let (status, _) = app.get("/tokens", &randy.token).await;
        assert_eq!(status, StatusCode::OK);
    }
);

api_test!(
    async fn bot_play_is_a_bot_accounts_scope_alone(app) {
        let (ann, _) = account(&app, "ann").await;
        let (status, body) = app
            .post("/tokens", &ann.token, json!({"name": "x", "scopes": ["bot:play"]}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "bot_token_scope");
        // A person's default token holds the four scopes of a person.
        let (status, body) = app.post("/tokens", &ann.token, json!({"name": "x"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["scopes"], json!(["read", "play", "talk", "account"]));

        // A token made before the account became a bot works only through `bot:play`,
        // which it lacks: it does nothing any more.
        let (randy, _) = account(&app, "randy").await;
        let (status, old) = app.post("/tokens", &randy.token, json!({"name": "old"})).await;
        assert_eq!(status, StatusCode::CREATED);
        let old = old["token"].as_str().unwrap().to_string();
        let (status, _) = app.post("/me/bot", &randy.token, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, problem) = app.get("/me", &old).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{problem}");
        assert_eq!(problem["required_scope"], "bot:play");
        for scopes in [json!(["play"]), json!(["bot:play", "talk"]), json!(["account"])] {
            let (status, body) = app
                .post("/tokens", &randy.token, json!({"name": "x", "scopes": scopes}))
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{scopes}: {body}");
            assert_eq!(body["code"], "bot_token_scope");
        }
        let (status, body) = app
            .post("/tokens", &randy.token, json!({"name": "x", "scopes": ["bot:play"]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = app.get("/me", body["token"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
    }
);

api_test!(
    async fn a_bot_is_shown_as_a_bot_in_its_games_players(app) {
        let (ann, _) = account(&app, "ann").await;
        let (randy, token, _) = bot(&app, "randy").await;
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &token).await;
        for p in [&ann, &randy] {
            let (status, game) = app.get(&format!("/games/{id}"), &p.token).await;
            assert_eq!(status, StatusCode::OK);
            let players = game["players"].as_array().unwrap();
            let of = |user: &str| players.iter().find(|e| e["user_id"] == user).unwrap();
            assert_eq!(of(&ann.id)["bot"], Value::Null, "a person: {game}");
            assert_eq!(of(&randy.id)["bot"], json!({"kind": "account"}));
        }
        // And in the list of games.
        let (status, list) = app.get("/games", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        let listed = list.to_string();
        assert!(listed.contains(r#""bot":{"kind":"account"}"#), "{listed}");
    }
);

/// NDJSON events of an open stream until one of type `kind` for `game`, at most `wait`.
async fn until(
    res: &mut reqwest::Response,
    buf: &mut String,
    kind: &str,
    game: &str,
    wait: Duration,
) -> Value {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        while let Some(end) = buf.find('\n') {
            let line: String = buf.drain(..=end).collect();
            let v: Value = serde_json::from_str(line.trim()).expect("each line is JSON");
            if v["type"] == kind && v["game_id"] == game {
                return v;
            }
        }
        let chunk = tokio::time::timeout_at(deadline, res.chunk())
            .await
            .unwrap_or_else(|_| panic!("no {kind} within {wait:?}; read {buf:?}"))
            .expect("readable")
            .expect("the stream goes on");
        buf.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

api_test!(
    async fn a_bot_learns_its_turn_from_its_stream_and_gets_no_game_mail(app) {
        let (ann, ann_email) = account(&app, "ann").await;
        let (_randy, token, randy_email) = bot(&app, "randy").await;
        let mut stream = app
            .client
            .get(format!("{}/stream", app.url))
            .bearer_auth(&token.token)
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), StatusCode::OK, "a bot token opens its stream");
        let mut buf = String::new();
        let (id, code) = open_game(&app, &ann).await;
        join(&app, &id, &code, &token).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let turn = random_turn(&app, &id, &ann, &mut rng, &mut Vec::new()).await;
        let (status, _) = app
            .post(&format!("/games/{id}/turns"), &ann.token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let told = until(&mut stream, &mut buf, "your_turn", &id, Duration::from_secs(10)).await;
        assert_eq!(told["seq"], 1);
        assert_eq!(told["seat"], 1);
        let turn = random_turn(&app, &id, &token, &mut rng, &mut Vec::new()).await;
        let (status, body) = app
            .post(&format!("/games/{id}/turns"), &token.token, json!({"expected_seq": 1, "turn": turn}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // Ann's next your-turn mail names the bot as one.
        let mut told = String::new();
        for _ in 0..100 {
            told = mail_to(&app, &ann_email, "Your turn in").await;
            if told.contains("played:") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(told.contains("(bot) (god 1) played:"), "{told}");

        let to_bot = mails_to(&app, &randy_email);
        assert!(
            to_bot.iter().all(|(template, _)| template == "welcome"),
            "a bot gets no game mail: {to_bot:?}"
        );
        let to_ann = mails_to(&app, &ann_email);
        assert!(to_ann.iter().any(|(template, _)| template == "your_turn"), "{to_ann:?}");
    }
);

api_test!(
    async fn a_bot_accounts_session_plays_nothing_through_the_pages(app) {
        let (ann, ann_email) = account(&app, "ann").await;
        let (randy, token, randy_email) = bot(&app, "randy").await;
        let (id, code) = open_game(&app, &ann).await;
        // Signed in to the pages with its password, it reads the lobby.
        let mut browser = Browser::new(&app);
        browser.log_in(&randy_email, "a long password").await;
        let home = browser.get("/").await;
        assert_eq!(home.status, StatusCode::OK);
        let csrf = home.csrf();
        let refused = browser.post(&format!("/join/{code}"), &[("csrf", &csrf)]).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        let (_, game) = app.get(&format!("/games/{id}"), &ann.token).await;
        assert_eq!(game["players"].as_array().unwrap().len(), 1, "no seat taken");
        let refused = browser
            .post("/lobby/games", &[("csrf", &csrf), ("kind", "gods"), ("seats", "2")])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);

        // Seated through the API, the bot's turn page shows "(bot)" and takes no turn.
        join(&app, &id, &code, &token).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let turn = random_turn(&app, &id, &ann, &mut rng, &mut Vec::new()).await;
        app.post(&format!("/games/{id}/turns"), &ann.token, json!({"expected_seq": 0, "turn": turn}))
            .await;
        let page = browser.get(&format!("/games/{id}/play")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains("(bot)"), "{}", page.body);
        let refused = browser
            .post(
                &format!("/games/{id}/play"),
                &[("csrf", &csrf), ("expected_seq", "1"), ("notation", "discard 1")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        let (_, game) = app.get(&format!("/games/{id}"), &randy.token).await;
        assert_eq!(game["seq"], 1, "nothing played");
        // Ann's lobby names the bot as one.
        let mut ann_browser = Browser::new(&app);
        ann_browser.log_in(&ann_email, "a long password").await;
        let lobby = ann_browser.get("/").await;
        assert!(lobby.body.contains("(bot)"), "{}", lobby.body);
    }
);

api_test!(
    async fn the_account_page_makes_an_account_a_bot_only_before_it_plays(app) {
        let (ann, ann_email) = account(&app, "ann").await;
        let (bob, bob_email) = account(&app, "bob").await;
        open_game(&app, &bob).await;

        let mut browser = Browser::new(&app);
        browser.log_in(&bob_email, "a long password").await;
        let page = browser.get("/preferences").await;
        assert!(page.body.contains("Make this a bot account"), "{}", page.body);
        let refused = browser
            .post("/preferences", &[("csrf", &page.csrf()), ("bot", "yes")])
            .await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
        assert!(refused.body.contains("taken a seat"), "{}", refused.body);
        let (_, me) = app.get("/me", &bob.token).await;
        assert_eq!(me["bot"], false);

        let mut browser = Browser::new(&app);
        browser.log_in(&ann_email, "a long password").await;
        let page = browser.get("/preferences").await;
        let done = browser
            .post("/preferences", &[("csrf", &page.csrf()), ("bot", "yes")])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        let (_, me) = app.get("/me", &ann.token).await;
        assert_eq!(me["bot"], true);
        let page = browser.get("/preferences").await;
        assert!(page.body.contains("This is a <strong>bot account</strong>"), "{}", page.body);
        assert!(!page.body.contains("Make this a bot account"));
    }
);
