//! What the links in mail open: the board picture, the turn page, unsubscribe, verify,
//! the join page; and the preferences. HTML is read as text (these answers are for people,
//! so errors are HTML pages, not problem+json); every check could fail.

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{Player, TestApp, JWT_SECRET, PUBLIC_URL};
use crate::play::random_turn;
use diesel::prelude::*;
use games::registry;
use hermes_api::auth::jwt::{Keys, Purpose};
use hermes_api::board::{board_svg, BoardStyle};
use hermes_api::clock::{Clock, ManualClock};
use hermes_api::links;
use hermes_api::store::{self, schema};
use rand::SeedableRng;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;

const XSS: &str = "<script>alert(1)</script>&\"'";

fn keys() -> Keys {
    Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL)
}

/// A link minted by `crate::links`, as a path on the test server.
fn path_of(link: &str) -> String {
    link.strip_prefix(PUBLIC_URL)
        .expect("a link on the public URL")
        .to_string()
}

pub(crate) fn turn_link(user: &str, game: &str) -> String {
    path_of(&links::turn_link(&keys(), PUBLIC_URL, user, game).unwrap())
}

/// A response read as text: status, content type, headers, body.
struct Text {
    status: StatusCode,
    headers: reqwest::header::HeaderMap,
    body: String,
}

impl Text {
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// An HTML page with the headers every page must carry.
    fn assert_page(&self, status: StatusCode) -> &Text {
        assert_eq!(self.status, status, "{}", self.body);
        assert!(
            self.header("content-type").starts_with("text/html"),
            "{}",
            self.header("content-type")
        );
        let csp = self.header("content-security-policy");
        assert!(csp.contains("default-src 'none'"), "{csp}");
        // Scripts only from the server's own files, never inline.
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert_eq!(self.header("referrer-policy"), "no-referrer");
        assert_eq!(self.header("cache-control"), "no-store");
        assert_eq!(self.header("x-content-type-options"), "nosniff");
        assert!(self.body.starts_with("<!DOCTYPE html>"), "{}", self.body);
        assert!(self.body.contains("<html lang=\"en\">"));
        self
    }
}

async fn fetch(
    app: &TestApp,
    method: Method,
    path: &str,
    bearer: Option<&str>,
    form: Option<&[(&str, &str)]>,
) -> Text {
    let mut req = app.client.request(method, format!("{}{path}", app.url));
    if let Some(t) = bearer {
        req = req.bearer_auth(t);
    }
    if let Some(f) = form {
        req = req.form(f);
    }
    let res = req.send().await.expect("request sent");
    Text {
        status: res.status(),
        headers: res.headers().clone(),
        body: res.text().await.expect("body"),
    }
}

async fn get_text(app: &TestApp, path: &str, bearer: Option<&str>) -> Text {
    fetch(app, Method::GET, path, bearer, None).await
}

/// A client that does not follow redirects (to see the 303).
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A direct connection to the test server's database.
struct Db(store::Pool);

fn db(app: &TestApp) -> Db {
    Db(store::open(&app.database_url, 1).expect("database"))
}

impl Db {
    fn conn(&self) -> impl std::ops::DerefMut<Target = store::DbConn> {
        self.0.get().expect("connection")
    }
}

/// Register a user with a given display name; returns them logged in.
async fn named_player(app: &TestApp, name: &str) -> Player {
    let email = format!("{}@example.org", hex::encode(rand::random::<[u8; 6]>()));
    let (status, user) = app
        .call(
            Method::POST,
            "/users",
            None,
            Some(json!({"email": email, "display_name": name, "password": "a long password"})),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{user}");
    let (status, login) = app.login(&email, "a long password").await;
    assert_eq!(status, StatusCode::OK);
    Player {
        id: login["user"]["id"].as_str().unwrap().to_string(),
        token: login["access_token"].as_str().unwrap().to_string(),
    }
}

/// The notation of one random legal turn for `player`, and the game's seq before it.
async fn legal_notation(app: &TestApp, id: &str, player: &Player, seed: u64) -> (String, i64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (_, game) = app.get(&format!("/games/{id}"), &player.token).await;
    let turn = random_turn(app, id, player, &mut rng, &mut Vec::new()).await;
    let kind = registry::kind("gods").unwrap();
    (
        kind.format_turn(&turn).unwrap(),
        game["seq"].as_i64().unwrap(),
    )
}

async fn seq_of(app: &TestApp, id: &str, player: &Player) -> i64 {
    let (_, game) = app.get(&format!("/games/{id}"), &player.token).await;
    game["seq"].as_i64().unwrap()
}

/// The seat whose turn it is, and their player.
async fn to_act<'a>(app: &TestApp, id: &str, players: &'a [Player]) -> &'a Player {
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    &players[game["to_act"][0].as_u64().unwrap() as usize]
}

api_test!(
    async fn the_board_svg_is_drawn_for_a_seat_a_spectator_and_a_turn_link(app) {
        let (id, players) = started_game(&app, 2).await;
        let ann = &players[0];
        let path = format!("/games/{id}/board.svg");

        let seat = get_text(&app, &path, Some(&ann.token)).await;
        assert_eq!(seat.status, StatusCode::OK, "{}", seat.body);
        assert_eq!(seat.header("content-type"), "image/svg+xml");
        assert_eq!(
            seat.header("content-security-policy"),
            "default-src 'none'; style-src 'unsafe-inline'"
        );
        assert_eq!(seat.header("x-content-type-options"), "nosniff");
        assert!(seat.body.contains("<svg"), "{}", seat.body);
        assert!(!seat.body.contains("<script"));
        // The names of the gods are in the legend.
        assert!(seat.body.contains("p0"), "{}", seat.body);
        assert!(seat.body.contains("p1"));

        // A second fetch with the ETag is a 304.
        let etag = seat.header("etag").to_string();
        assert!(etag.starts_with('"'), "{etag}");
        let res = app
            .client
            .get(format!("{}{path}", app.url))
            .bearer_auth(&ann.token)
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);

        // A spectator (a user without a seat) sees it as GET /games/{id} lets them.
        let carol = app.player("carol").await;
        let (game_status, _) = app.get(&format!("/games/{id}"), &carol.token).await;
        let spectator = get_text(&app, &path, Some(&carol.token)).await;
        assert_eq!(spectator.status, game_status);
        assert_eq!(spectator.status, StatusCode::OK);
        let as_spectator = get_text(&app, &format!("{path}?as=spectator"), Some(&ann.token)).await;
        assert_eq!(as_spectator.body, spectator.body);

        // No login: 401 as on the API; no such game: 404.
        let (status, body) = app.call(Method::GET, &path, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = app.get("/games/nope/board.svg", &ann.token).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("game_not_found")));

        // A turn link shows the link's seat: the same picture as the seat's own.
        let link = turn_link(&ann.id, &id);
        let token = link.split("token=").nth(1).unwrap();
        let by_link = get_text(&app, &format!("{path}?token={token}"), None).await;
        assert_eq!(by_link.status, StatusCode::OK);
        assert_eq!(by_link.body, seat.body);

        // …for its own game only, and an access token is not a turn link.
        let (other, _) = started_game(&app, 2).await;
        let (status, body) = app
            .call(Method::GET, &format!("/games/{other}/board.svg?token={token}"), None, None)
            .await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("wrong_game")));
        let (status, body) = app
            .call(Method::GET, &format!("{path}?token={}", ann.token), None, None)
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::UNAUTHORIZED, Some("wrong_token_purpose"))
        );

        // The PNG is a PNG.
        let res = app
            .client
            .get(format!("{}/games/{id}/board.png", app.url))
            .bearer_auth(&ann.token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "image/png");
        let bytes = res.bytes().await.unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    }
);

api_test!(
    async fn the_board_at_n_is_the_board_of_the_state_at_n(app) {
        let (id, players) = started_game(&app, 2).await;
        for round in 0..3u64 {
            let p = to_act(&app, &id, &players).await;
            let (text, seq) = legal_notation(&app, &id, p, round).await;
            let res = app
                .client
                .post(format!("{}/games/{id}/turns", app.url))
                .bearer_auth(&p.token)
                .header("content-type", "text/plain")
                .header("if-match", format!("\"{seq}\""))
                .body(text)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::CREATED);
        }
        let (_, game) = app.get(&format!("/games/{id}"), &players[1].token).await;
        let mut names = vec![String::new(); 2];
        for p in game["players"].as_array().unwrap() {
            names[p["seat"].as_u64().unwrap() as usize] = p["display_name"].as_str().unwrap().to_string();
        }
        for at in 0..=3 {
            let (status, state) = app
                .get(&format!("/games/{id}/state?at={at}"), &players[1].token)
                .await;
            assert_eq!(status, StatusCode::OK);
            let view = serde_json::from_value(state["view"].clone()).unwrap();
            // Numbered as the log numbers turns: at `at`, turn `at + 1` is to be played.
            let expected = board_svg(
                &view,
                &BoardStyle {
                    names: names.clone(),
                    turns: Some(hermes_api::game::board_turns(at)),
                    ..BoardStyle::default()
                },
            );
            assert!(expected.contains(&format!(">Turn {}: ", at + 1)), "{expected}");
            let svg = get_text(&app, &format!("/games/{id}/board.svg?at={at}"), Some(&players[1].token)).await;
            assert_eq!(svg.status, StatusCode::OK);
            assert!(svg.body == expected, "the board at {at} differs from the state at {at}");
        }
        let early = get_text(&app, &format!("/games/{id}/board.svg?at=0"), Some(&players[1].token)).await;
        let now = get_text(&app, &format!("/games/{id}/board.svg"), Some(&players[1].token)).await;
        assert_ne!(early.body, now.body);
        let (status, body) = app
            .get(&format!("/games/{id}/board.svg?at=4"), &players[1].token)
            .await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("entry_not_found")));
    }
);

api_test!(
    // A snapshot at every turn: the stored state is the one after the turn below, whose
    // pile holds only what is still to be drawn (with a snapshot every N turns the stored
    // pile would be the one before the turn, and reversing it would change what the turn
    // drew, which the pages rightly show).
    async fn the_pictures_and_pages_do_not_depend_on_the_pile_order(app) with |s| s.snapshot_every = 1; {
        let (id, players) = started_game(&app, 2).await;
        let p = to_act(&app, &id, &players).await;
        let (text, seq) = legal_notation(&app, &id, p, 7).await;
        let link = turn_link(&p.id, &id);
        let form = [("notation", text.as_str()), ("expected_seq", &seq.to_string())];
        let res = no_redirects()
            .post(format!("{}{link}", app.url))
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);

        let paths = [
            format!("/games/{id}/board.svg"),
            format!("/games/{id}/board.svg?at=0"),
            format!("/games/{id}/board.svg?as=spectator"),
        ];
        let page_links = [turn_link(&players[0].id, &id), turn_link(&players[1].id, &id)];
        let mut before = Vec::new();
        for path in &paths {
            before.push(get_text(&app, path, Some(&players[0].token)).await.body);
        }
        for link in &page_links {
            before.push(get_text(&app, link, None).await.body);
        }

        // Reverse the secret pile in the stored state; a second server (with no engine in
        // memory) serves the same game from it.
        let db = db(&app);
        let mut conn = db.conn();
        let stored: Option<String> = schema::games::table
            .find(&id)
            .select(schema::games::state)
            .first(&mut *conn)
            .unwrap();
        let mut state: Value = serde_json::from_str(&stored.unwrap()).unwrap();
        let pile = state["pile"].as_array_mut().expect("the pile in the stored state");
        assert!(pile.len() > 4);
        let original = pile.clone();
        pile.reverse();
        assert_ne!(*pile, original, "the pile must change for this test to mean anything");
        diesel::update(schema::games::table.find(&id))
            .set(schema::games::state.eq(Some(state.to_string())))
            .execute(&mut *conn)
            .unwrap();
        let twin = app.twin_with(|s| s.snapshot_every = 1).await;
        let mut after = Vec::new();
        for path in &paths {
            after.push(get_text(&twin, path, Some(&players[0].token)).await.body);
        }
        for link in &page_links {
            after.push(get_text(&twin, link, None).await.body);
        }
        assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(b, a);
        }
    }
);

api_test!(
    async fn a_display_name_full_of_html_is_escaped_in_the_svg_and_every_page(app) {
        let evil = named_player(&app, XSS).await;
        let bob = app.player("bob").await;
        let (status, game) = app
            .post("/games", &evil.token, json!({"kind": "gods", "seats": 2, "random_seats": false}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let id = game["id"].as_str().unwrap().to_string();
        let code = game["join_code"].as_str().unwrap().to_string();

        // The join page while the game is open, naming its creator.
        let join = get_text(&app, &format!("/join/{code}"), None).await;
        join.assert_page(StatusCode::OK);
        let (status, _) = app.post(&format!("/games/{id}/join"), &bob.token, json!({"code": code})).await;
        assert_eq!(status, StatusCode::OK);

        let svg = get_text(&app, &format!("/games/{id}/board.svg"), Some(&bob.token)).await;
        let turn_page = get_text(&app, &turn_link(&evil.id, &id), None).await;
        turn_page.assert_page(StatusCode::OK);
        let other_page = get_text(&app, &turn_link(&bob.id, &id), None).await;
        other_page.assert_page(StatusCode::OK);
        let (_, me) = app.get("/me", &evil.token).await;
        let verify = get_text(
            &app,
            &path_of(&links::verify_link(&keys(), PUBLIC_URL, &evil.id, me["email"].as_str().unwrap()).unwrap()),
            None,
        )
        .await;
        verify.assert_page(StatusCode::OK);
        for (what, body) in [
            ("svg", &svg.body),
            ("join page", &join.body),
            ("turn page", &turn_page.body),
            ("other seat's turn page", &other_page.body),
            ("verify page", &verify.body),
        ] {
            assert!(!body.contains("<script>"), "{what}: {body}");
            assert!(
                body.matches("<script").count() == body.matches("<script src=\"/static/play.js\" defer>").count(),
                "{what}: a script other than the page's own: {body}"
            );
            assert!(!body.contains("alert(1)</"), "{what}");
            assert!(body.contains("&lt;script&gt;alert(1)&lt;"), "{what} does not show the name escaped: {body}");
        }
    }
);

api_test!(
    async fn preferences_round_trip_and_bad_values_are_refused_naming_the_field(app) {
        let ann = app.player("ann").await;
        let (status, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(prefs, json!({"mail": "every_turn", "time_zone": "UTC", "lang": "en", "talk": "with_turn"}));
        let (_, me) = app.get("/me", &ann.token).await;
        assert_eq!(me["email_verified"], false);
        assert_eq!(me["preferences"], prefs);

        let db = db(&app);
        let digest_at = || {
            let mut conn = db.conn();
            schema::users::table
                .find(&ann.id)
                .select(schema::users::next_digest_at)
                .first::<Option<chrono::NaiveDateTime>>(&mut *conn)
                .unwrap()
        };
        let schedule = || {
            let mut conn = db.conn();
            diesel::update(schema::users::table.find(&ann.id))
                .set(schema::users::next_digest_at.eq(Some(chrono::Utc::now().naive_utc())))
                .execute(&mut *conn)
                .unwrap();
        };

        let put = |body: Value| app.call(Method::PUT, "/me/preferences", Some(&ann.token), Some(body));
        let patch = |body: Value| app.call(Method::PATCH, "/me/preferences", Some(&ann.token), Some(body));
        schedule();
        let (status, prefs) = put(json!({"mail": "digest", "time_zone": "europe/berlin", "lang": "en"})).await;
        assert_eq!(status, StatusCode::OK, "{prefs}");
        assert_eq!(prefs, json!({"mail": "digest", "time_zone": "Europe/Berlin", "lang": "en", "talk": "with_turn"}));
        assert_eq!(digest_at(), None, "a new mail preference unschedules the digest");
        schedule();
        let (status, _) = patch(json!({"lang": "EN"})).await;
        assert_eq!(status, StatusCode::OK);
        assert!(digest_at().is_some(), "the language alone leaves the digest where it is");
        let (status, _) = patch(json!({"time_zone": "America/New_York"})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(digest_at(), None, "a new time zone unschedules the digest");

        for (body, code, field) in [
            (json!({"mail": "weekly"}), "invalid_preference", "mail"),
            (json!({"mail": 3}), "invalid_preference", "mail"),
            (json!({"time_zone": "Mars/Olympus"}), "invalid_preference", "time_zone"),
            (json!({"lang": "pt"}), "invalid_preference", "lang"),
            (json!({"colour": "blue"}), "unknown_field", "colour"),
            (json!({"mail": "none", "lang": "xx"}), "invalid_preference", "lang"),
        ] {
            let (status, problem) = patch(body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(problem["code"], code, "{problem}");
            assert_eq!(problem["field"], field, "{problem}");
        }
        let (status, problem) = put(json!({"mail": "none"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(problem["field"], "time_zone");
        let (status, problem) = put(json!(["mail"])).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");

        // Nothing of the refused requests was written (not even the valid `mail` above).
        let (_, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(prefs, json!({"mail": "digest", "time_zone": "America/New_York", "lang": "en", "talk": "with_turn"}));
        let (status, _) = app.call(Method::GET, "/me/preferences", None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    async fn unsubscribe_asks_on_get_and_stops_mail_on_post(app) {
        let ann = app.player("ann").await;
        let (_, me) = app.get("/me", &ann.token).await;
        let email = me["email"].as_str().unwrap().to_string();
        let link = path_of(&links::unsubscribe_link(&keys(), PUBLIC_URL, &ann.id).unwrap());

        let page = get_text(&app, &link, None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains(&email), "{}", page.body);
        assert!(page.body.contains("<form method=\"post\""), "{}", page.body);
        let (_, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(prefs["mail"], "every_turn", "GET changes nothing");

        // RFC 8058 one-click: a form-encoded POST.
        let done = fetch(&app, Method::POST, &link, None, Some(&[("List-Unsubscribe", "One-Click")])).await;
        done.assert_page(StatusCode::OK);
        assert!(done.body.contains(&email));
        let (_, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(prefs["mail"], "none");
        // Again, with any body: still fine, still none.
        let res = app
            .client
            .post(format!("{}{link}", app.url))
            .body("whatever")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let (_, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(prefs["mail"], "none");

        // Bad links: a person reads an HTML page that says so, and nothing changes.
        let (_, _) = app
            .call(Method::PATCH, "/me/preferences", Some(&ann.token), Some(json!({"mail": "digest"})))
            .await;
        let turn = links::turn_link(&keys(), PUBLIC_URL, &ann.id, "g").unwrap();
        let turn_token = turn.split("token=").nth(1).unwrap().to_string();
        let expired = keys()
            .mint(Purpose::Unsubscribe, &ann.id, chrono::Duration::days(-1), None)
            .unwrap();
        for (path, status, words) in [
            (format!("/unsubscribe?token={turn_token}"), StatusCode::FORBIDDEN, "made for something else"),
            (format!("/unsubscribe?token={expired}"), StatusCode::FORBIDDEN, "expired"),
            ("/unsubscribe?token=garbage".to_string(), StatusCode::FORBIDDEN, "not valid"),
            (format!("/unsubscribe?token={}", ann.token), StatusCode::FORBIDDEN, "made for something else"),
            ("/unsubscribe".to_string(), StatusCode::BAD_REQUEST, "no token"),
        ] {
            for method in [Method::GET, Method::POST] {
                let page = fetch(&app, method.clone(), &path, None, None).await;
                page.assert_page(status);
                assert!(page.body.contains(words), "{method} {path}: {}", page.body);
            }
        }
        let (_, prefs) = app.get("/me/preferences", &ann.token).await;
        assert_eq!(prefs["mail"], "digest");
    }
);

api_test!(
    async fn a_verify_link_confirms_the_address_it_names(app) {
        let ann = app.player("ann").await;
        let (_, me) = app.get("/me", &ann.token).await;
        let email = me["email"].as_str().unwrap();

        // A link for an address that is not (any more) the account's changes nothing.
        let old = path_of(&links::verify_link(&keys(), PUBLIC_URL, &ann.id, "old@example.org").unwrap());
        let page = get_text(&app, &old, None).await;
        page.assert_page(StatusCode::CONFLICT);
        let (_, me) = app.get("/me", &ann.token).await;
        assert_eq!(me["email_verified"], false);
        let expired = keys()
            .mint(Purpose::Verify, &ann.id, chrono::Duration::days(-1), Some(email))
            .unwrap();
        get_text(&app, &format!("/verify?token={expired}"), None)
            .await
            .assert_page(StatusCode::FORBIDDEN);

        let link = path_of(&links::verify_link(&keys(), PUBLIC_URL, &ann.id, email).unwrap());
        let page = get_text(&app, &link, None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains(email));
        let (_, me) = app.get("/me", &ann.token).await;
        assert_eq!(me["email_verified"], true);
        // Twice is fine.
        get_text(&app, &link, None).await.assert_page(StatusCode::OK);
    }
);

api_test!(
    async fn the_join_page_names_the_game_and_shows_how_to_join(app) {
        let ann = named_player(&app, "Ann the Creator").await;
        let (status, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let id = game["id"].as_str().unwrap();
        let code = game["join_code"].as_str().unwrap();

        let page = get_text(&app, &path_of(&links::join_link(PUBLIC_URL, code)), None).await;
        page.assert_page(StatusCode::OK);
        for words in ["gods", "Ann the Creator", "3", "curl", id, code, "/join"] {
            assert!(page.body.contains(words), "no {words:?} in {}", page.body);
        }
        // Lower case works too; the seed never shows.
        let lower = get_text(&app, &format!("/join/{}", code.to_lowercase()), None).await;
        lower.assert_page(StatusCode::OK);
        let db = db(&app);
        let mut conn = db.conn();
        let seed: String = schema::games::table
            .find(id)
            .select(schema::games::seed)
            .first(&mut *conn)
            .unwrap();
        assert!(!page.body.contains(&seed));

        for path in ["/join/NOSUCHCODE", "/join/%3Cscript%3E"] {
            let page = get_text(&app, path, None).await;
            page.assert_page(StatusCode::NOT_FOUND);
            assert!(!page.body.contains("<script>"));
        }
    }
);

api_test!(
    async fn two_whole_turns_are_played_through_the_turn_page(app) {
        let (id, players) = started_game(&app, 2).await;
        let client = no_redirects();
        for round in 0..2u64 {
            let p = to_act(&app, &id, &players).await;
            let link = turn_link(&p.id, &id);
            let page = get_text(&app, &link, None).await;
            page.assert_page(StatusCode::OK);
            assert!(page.body.contains("It is your turn."), "{}", page.body);
            assert!(page.body.contains("name=\"expected_seq\""));
            assert!(page.body.contains("board.svg?token="));

            let (text, seq) = legal_notation(&app, &id, p, round).await;
            let res = client
                .post(format!("{}{link}", app.url))
                .form(&[("notation", text.as_str()), ("expected_seq", &seq.to_string())])
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "{text}: {}", res.text().await.unwrap());
            let location = res.headers()["location"].to_str().unwrap().to_string();
            assert!(location.ends_with(&format!("&played={}", seq + 1)), "{location}");
            assert_eq!(seq_of(&app, &id, p).await, seq + 1);
            // The log has the turn, as the page says.
            let (_, log) = app.get(&format!("/games/{id}/log?since={seq}"), &p.token).await;
            assert_eq!(log["entries"][0]["user_id"], p.id.as_str());
            let after = get_text(&app, &location, None).await;
            after.assert_page(StatusCode::OK);
            assert!(after.body.contains("Your turn was played"), "{}", after.body);
            assert!(!after.body.contains("It is your turn."));
        }
    }
);

api_test!(
    async fn the_turn_page_shows_rule_errors_stale_forms_and_refuses_other_games(app) {
        let (id, players) = started_game(&app, 2).await;
        let client = no_redirects();
        let p = to_act(&app, &id, &players).await;
        let other = players.iter().find(|q| q.id != p.id).unwrap();
        let link = turn_link(&p.id, &id);
        let seq = seq_of(&app, &id, p).await;
        let post = |link: String, notation: &'static str, seq: i64| {
            let client = client.clone();
            let url = format!("{}{link}", app.url);
            async move {
                let res = client
                    .post(url)
                    .form(&[("notation", notation), ("expected_seq", &seq.to_string())])
                    .send()
                    .await
                    .unwrap();
                let status = res.status();
                let ct = res.headers()["content-type"].to_str().unwrap().to_string();
                (status, ct, res.text().await.unwrap())
            }
        };

        // A temple with no crystals to pay for it, at a hex far from everything: a rule
        // says no, with its id, and the page keeps what was typed.
        let (status, ct, body) = post(link.clone(), "temple at 9,9", seq).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(ct.starts_with("text/html"));
        assert!(regex_like_rule_id(&body), "no rule id in {body}");
        assert!(body.contains("temple at 9,9"), "the typed turn is kept");
        // Words that do not parse.
        let (status, _, body) = post(link.clone(), "fly to the moon", seq).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body.contains("cannot be read"), "{body}");
        // A form from an older page: 409, nothing played.
        let (status, _, body) = post(link.clone(), "discard 1", seq + 5).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body.contains("moved on"), "{body}");
        // Not this player's turn.
        let (status, _, body) = post(turn_link(&other.id, &id), "discard 1", seq).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body.contains("not your turn"), "{body}");
        assert_eq!(seq_of(&app, &id, p).await, seq, "nothing was played");
        // The form without expected_seq.
        let res = client.post(format!("{}{link}", app.url)).form(&[("notation", "discard 1")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);

        // The link opens this game only, for its own player only, and never the API.
        let (other_game, _) = started_game(&app, 2).await;
        let token = link.split("token=").nth(1).unwrap().to_string();
        let page = get_text(&app, &format!("/games/{other_game}/play?token={token}"), None).await;
        page.assert_page(StatusCode::FORBIDDEN);
        let (status, _, _) = post(format!("/games/{other_game}/play?token={token}"), "discard 1", 0).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let stranger = app.player("stranger").await;
        get_text(&app, &turn_link(&stranger.id, &id), None)
            .await
            .assert_page(StatusCode::FORBIDDEN);
        for path in [format!("/games/{id}"), format!("/games/{id}/legal"), "/me".to_string()] {
            let (status, body) = app.get(&path, &token).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
            assert_eq!(body["code"], "wrong_token_purpose");
        }
        let res = app
            .client
            .post(format!("{}/games/{id}/turns", app.url))
            .bearer_auth(&token)
            .json(&json!({"expected_seq": seq, "notation": "discard 1"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        // An access token is not a turn link either.
        get_text(&app, &format!("/games/{id}/play?token={}", p.token), None)
            .await
            .assert_page(StatusCode::FORBIDDEN);
        assert_eq!(seq_of(&app, &id, p).await, seq);
    }
);

/// Does `body` name a rule, `G-` and letters and digits (e.g. `G-A3`)?
fn regex_like_rule_id(body: &str) -> bool {
    body.match_indices("G-").any(|(i, _)| {
        let rest = &body[i + 2..];
        let letters = rest.chars().take_while(|c| c.is_ascii_uppercase()).count();
        letters > 0 && rest[letters..].starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The deadline on the turn page, in the reader's time zone, and a turn the service played
/// when the time ran out, marked as such in the page's log.
async fn deadline_and_timeout_on_the_turn_page(app: TestApp, clock: Arc<ManualClock>) {
    let (id, players) = started_game(&app, 2).await;
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seat_user = |seat: u64| {
        let user = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["seat"] == seat)
            .unwrap()["user_id"]
            .as_str()
            .unwrap()
            .to_string();
        players.iter().find(|p| p.id == user).unwrap().clone()
    };
    let mover = seat_user(game["to_act"][0].as_u64().unwrap());
    let waiting = seat_user(1 - game["to_act"][0].as_u64().unwrap());
    let (status, _) = app
        .call(
            Method::PATCH,
            "/me/preferences",
            Some(&mover.token),
            Some(json!({"time_zone": "Asia/Tokyo"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let due: chrono::DateTime<chrono::Utc> = game["deadline"].as_str().unwrap().parse().unwrap();
    let tokyo = hermes_api::mail::Deadline::from_now(due, "Asia/Tokyo", clock.now());

    let page = get_text(&app, &turn_link(&mover.id, &id), None).await;
    page.assert_page(StatusCode::OK);
    // The zone named once, and how long is left as people say it.
    let expected = format!(
        "Your turn must be played by <strong>{}</strong>",
        tokyo.text()
    );
    assert!(tokyo.left.ends_with(" left"), "{}", tokyo.left);
    assert!(tokyo.local.ends_with("JST (Asia/Tokyo)"), "{}", tokyo.local);
    assert!(
        page.body.contains(&expected),
        "{expected} not in {}",
        page.body
    );
    let other = get_text(&app, &turn_link(&waiting.id, &id), None).await;
    let utc = hermes_api::mail::Deadline::from_now(due, "UTC", clock.now());
    assert!(
        other.body.contains(&format!(
            "The turn must be played by <strong>{}</strong>",
            utc.text()
        )),
        "{}",
        other.body
    );
    assert!(!other.body.contains("UTC (UTC)"), "{}", other.body);

    // The time runs out; the scheduler plays the seat's turn (auto_pass, the game's).
    clock.advance(due - clock.now() + chrono::Duration::seconds(1));
    hermes_api::scheduler::tick(&app.state)
        .await
        .expect("the tick runs");
    assert_eq!(
        seq_of(&app, &id, &mover).await,
        1,
        "the service played the turn"
    );
    let page = get_text(&app, &turn_link(&mover.id, &id), None).await;
    page.assert_page(StatusCode::OK);
    assert!(
        page.body.contains("played by Hermes: the time ran out"),
        "{}",
        page.body
    );
}

fn hour_ticks(s: &mut hermes_api::config::Settings) {
    // Only the ticks the test makes act.
    s.scheduler_tick_ms = 3_600_000;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_page_shows_the_deadline_in_the_readers_zone_and_turns_played_on_timeout_sqlite() {
    let clock = ManualClock::new(chrono::Utc::now());
    let app = TestApp::sqlite_clocked(clock.clone(), hour_ticks).await;
    deadline_and_timeout_on_the_turn_page(app, clock).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_page_shows_the_deadline_in_the_readers_zone_and_turns_played_on_timeout_postgres()
{
    let clock = ManualClock::new(chrono::Utc::now());
    if let Some(app) = TestApp::postgres_clocked(clock.clone(), hour_ticks).await {
        deadline_and_timeout_on_the_turn_page(app, clock).await;
    }
}

api_test!(
    async fn an_invited_address_without_an_account_can_unsubscribe_and_gets_no_more_invitations(app) {
        let ann = app.player("ann").await;
        let stranger = format!("{}@elsewhere.test", hex::encode(rand::random::<[u8; 6]>()));
        let invitations = |db: &Db| -> i64 {
            schema::outbox::table
                .filter(schema::outbox::to_addr.eq(&stranger))
                .filter(schema::outbox::template.eq("invitation"))
                .count()
                .get_result(&mut *db.conn())
                .unwrap()
        };
        let (status, game) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 3, "invite": [stranger]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let db = db(&app);
        assert_eq!(invitations(&db), 1);

        // The invitation's link carries the address (there is no account to name).
        let link = path_of(&links::unsubscribe_link(&keys(), PUBLIC_URL, &stranger).unwrap());
        let page = get_text(&app, &link, None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains(&stranger), "{}", page.body);
        assert!(page.body.contains("<form method=\"post\""), "{}", page.body);
        let done = fetch(&app, Method::POST, &link, None, Some(&[("List-Unsubscribe", "One-Click")])).await;
        done.assert_page(StatusCode::OK);
        assert!(done.body.contains(&stranger));
        // Again: idempotent.
        fetch(&app, Method::POST, &link, None, None).await.assert_page(StatusCode::OK);

        // Invited again, to this game and to a new one: still invited, but no mail.
        let id = game["id"].as_str().unwrap();
        let (status, _) = app.post(&format!("/games/{id}/invites"), &ann.token, json!({"email": stranger})).await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, other) = app
            .post("/games", &ann.token, json!({"kind": "gods", "seats": 2, "invite": [stranger]}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{other}");
        let other_id = other["id"].as_str().unwrap();
        let (status, _) = app.post(&format!("/games/{other_id}/invites"), &ann.token, json!({"email": stranger})).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(invitations(&db), 1, "no invitation after unsubscribing");
        let invited: i64 = schema::invites::table
            .filter(schema::invites::email.eq(&stranger))
            .count()
            .get_result(&mut *db.conn())
            .unwrap();
        assert_eq!(invited, 2, "the address is still invited to both games");
    }
);

/// A started 3-seat game of Dreams; seats follow join order.
async fn dreams_game(app: &TestApp) -> (String, Vec<Player>) {
    let mut players = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        players.push(named_player(app, name).await);
    }
    let (status, game) = app
        .post(
            "/games",
            &players[0].token,
            json!({"kind": "dreams", "seats": 3, "random_seats": false}),
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

/// Post a Dreams turn page's form; returns the status and the body (or the location of a
/// 303).
async fn post_form(app: &TestApp, link: &str, form: &[(&str, &str)]) -> (StatusCode, String) {
    let res = no_redirects()
        .post(format!("{}{link}", app.url))
        .form(form)
        .send()
        .await
        .unwrap();
    let status = res.status();
    if status == StatusCode::SEE_OTHER {
        let location = res.headers()["location"].to_str().unwrap().to_string();
        return (status, location);
    }
    (status, res.text().await.unwrap())
}

/// The list item of log entry `seq` on a page.
fn log_item(body: &str, seq: i64) -> &str {
    let start = body
        .find(&format!("<li value=\"{seq}\">"))
        .unwrap_or_else(|| panic!("no log entry {seq} in {body}"));
    let rest = &body[start..];
    &rest[..rest.find("</li>").unwrap()]
}

api_test!(
    async fn a_game_of_dreams_is_played_and_kept_secret_through_the_turn_page(app) {
        let (id, players) = dreams_game(&app).await;
        let links: Vec<String> = players.iter().map(|p| turn_link(&p.id, &id)).collect();

        // D-R3: seat 0 places the first star, by the form.
        let page = get_text(&app, &links[0], None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains("It is your turn: place a star."), "{}", page.body);
        assert!(page.body.contains("Round 1, dealt by Ann; phase: placing stars."), "{}", page.body);
        assert!(page.body.contains(&format!("href=\"/games/{id}/board.svg?token=")));
        for kind in ["clear", "grey", "black"] {
            assert!(page.body.contains(&format!("<option value=\"{kind}\">")), "{}", page.body);
        }
        let (status, location) = post_form(
            &app,
            &links[0],
            &[("kind", "grey"), ("x", "40"), ("y", "60"), ("expected_seq", "0")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{location}");
        assert!(location.ends_with("&played=1"), "{location}");
        let (_, log) = app.get(&format!("/games/{id}/log?since=0"), &players[0].token).await;
        assert_eq!(log["entries"][0]["notation"], "grey at 40,60", "{log}");
        let after = get_text(&app, &location, None).await;
        after.assert_page(StatusCode::OK);
        assert!(after.body.contains("Your turn was played"), "{}", after.body);
        assert!(after.body.contains("It is Bob&#39;s turn to place a star."), "{}", after.body);
        // The kinds offered are the seat's unplaced ones.
        assert!(!after.body.contains("<option value=\"grey\">"), "{}", after.body);

        // D-R4: seat 1 may not put a star on the same point; the page says which rule.
        let (status, body) = post_form(
            &app,
            &links[1],
            &[("kind", "clear"), ("x", "40"), ("y", "60"), ("expected_seq", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(body.contains("D-R4"), "{body}");
        assert!(body.contains(">clear at 40,60</textarea>"), "the turn is kept: {body}");
        // A form that is not a point is refused before the rules.
        let (status, body) = post_form(
            &app,
            &links[1],
            &[("kind", "clear"), ("x", "forty"), ("y", "60"), ("expected_seq", "1")],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(body.contains("cannot be read"), "{body}");
        // A stale form: 409, nothing played.
        let (status, body) = post_form(
            &app,
            &links[1],
            &[("kind", "clear"), ("x", "41"), ("y", "60"), ("expected_seq", "0")],
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(seq_of(&app, &id, &players[0]).await, 1);

        // The other eight stars (and one pass), through the free-text field.
        let mut unplaced = [
            vec!["clear", "black"],
            vec!["clear", "grey", "black"],
            vec!["clear", "grey", "black"],
        ];
        for seq in 1..9i64 {
            let seat = usize::try_from(seq % 3).unwrap();
            let kind = unplaced[seat].remove(0);
            let text = if seq == 4 {
                "pass".to_string()
            } else {
                format!("{kind} at {},{}", 10 + seq, 20 + seq)
            };
            let (status, location) = post_form(
                &app,
                &links[seat],
                &[("notation", text.as_str()), ("expected_seq", &seq.to_string())],
            )
            .await;
            assert_eq!(status, StatusCode::SEE_OTHER, "{text}: {location}");
        }

        // D-R5: every seat guesses. Each page shows its own marker only.
        let pages: Vec<String> = futures_util::future::join_all(
            links.iter().map(|l| get_text(&app, l, None)),
        )
        .await
        .into_iter()
        .map(|t| {
            t.assert_page(StatusCode::OK);
            t.body
        })
        .collect();
        let mortal = pages
            .iter()
            .position(|b| b.contains("You are the mortal"))
            .expect("one seat is the mortal");
        let gods: Vec<usize> = (0..3).filter(|&s| s != mortal).collect();
        let mut visions = Vec::new();
        for &god in &gods {
            let body = &pages[god];
            assert!(!body.contains("You are the mortal"), "{body}");
            let at = body.find("the true vision is image ").expect("a god sees the vision");
            visions.push(body[at..at + 25].to_string());
            assert!(body.contains("name=\"guess_seat\""), "{body}");
            assert!(!body.contains("name=\"guess_image\""), "{body}");
        }
        assert_eq!(visions[0], visions[1], "both gods see the same vision");
        let mortal_page = &pages[mortal];
        assert!(!mortal_page.contains("true vision is image"), "{mortal_page}");
        assert!(mortal_page.contains("name=\"guess_image\""), "{mortal_page}");
        assert!(!mortal_page.contains("name=\"guess_seat\""), "{mortal_page}");

        // A god names a seat by the form; the guess is sealed.
        let (god, other_god) = (gods[0], gods[1]);
        let named = (god + 1) % 3;
        let (status, location) = post_form(
            &app,
            &links[god],
            &[("guess_seat", &named.to_string()), ("expected_seq", "9")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{location}");
        let own = get_text(&app, &links[god], None).await.body;
        assert!(own.contains("Your sealed guess:"), "{own}");
        assert!(log_item(&own, 10).contains(&format!("guess seat {named}")), "{own}");
        assert!(!own.contains("name=\"guess_seat\""), "no second guess: {own}");
        // D-S1: the other seats see that a guess is sealed, not what it names.
        for seat in [other_god, mortal] {
            let body = get_text(&app, &links[seat], None).await.body;
            let item = log_item(&body, 10);
            assert!(item.contains("<em>a sealed guess</em>"), "{item}");
            assert!(!item.contains("guess seat"), "{item}");
            assert!(!body.contains("Your sealed guess"), "{body}");
        }
        // Naming oneself is refused with the rule's id.
        let (status, body) = post_form(
            &app,
            &links[other_god],
            &[("guess_seat", &other_god.to_string()), ("expected_seq", "10")],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(body.contains("D-R5"), "{body}");
        // The mortal names an image; the other god passes with the button.
        let (status, location) = post_form(
            &app,
            &links[mortal],
            &[("guess_image", "3"), ("expected_seq", "10")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{location}");
        let (status, location) = post_form(
            &app,
            &links[other_god],
            &[("guess_seat", "0"), ("pass", "pass"), ("expected_seq", "11")],
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{location}");

        // D-R6: the round is revealed on every page; round 2 is dealt by seat 1.
        let names = ["Ann", "Bob", "Cy"];
        for (seat, link) in links.iter().enumerate() {
            let body = get_text(&app, link, None).await.body;
            assert!(body.contains("Round 1 revealed"), "{body}");
            assert!(
                body.contains(&format!("<strong>{}</strong> was the mortal", names[mortal])),
                "{body}"
            );
            assert!(body.contains("Round 2, dealt by Bob"), "{body}");
            assert_eq!(body.contains("It is your turn: place a star."), seat == 1);
            // The sealed entry is still sealed in the log, and says what the reveal told.
            let item = log_item(&body, 10);
            if seat == god {
                assert!(item.contains(&format!("<code>guess seat {named}</code>")), "{item}");
            } else {
                assert!(
                    item.contains(&format!("(revealed: {} (seat {named}))", names[named])),
                    "{item}"
                );
            }
        }
    }
);

/// PostgreSQL only (SQLite has one writer and no deadlocks): a turn played on the turn page
/// whose write PostgreSQL fails to break a deadlock is decided and written again, as the
/// API's turns are, not answered 503. Another session holds the game's clocks, which the
/// turn's write waits for; then it asks for the game's row, which that write holds: a
/// deadlock. PostgreSQL looks for deadlocks only once a wait has lasted `deadlock_timeout`,
/// so which side it fails depends on how soon the second wait begins: on a loaded machine
/// the turn's write may have looked before the cycle closed, and the other session is then
/// the one failed. Such a round plays its turn normally and the scenario is set up again
/// on the next turn, until PostgreSQL fails the turn's write (at most five rounds).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_turn_whose_write_postgres_fails_to_break_a_deadlock_is_written_again() {
    let Some(app) = TestApp::postgres(|_| {}).await else {
        return;
    };
    let (id, players) = started_game(&app, 2).await;
    for round in 0..5u64 {
        if page_turn_against_a_deadlock(&app, &id, &players, round).await {
            return;
        }
    }
    panic!("in five rounds PostgreSQL never failed the turn's write to break the deadlock");
}

/// One round of the scenario above: true when PostgreSQL failed the turn's write (the
/// other session got the game's row) and the turn was written all the same.
async fn page_turn_against_a_deadlock(
    app: &TestApp,
    id: &str,
    players: &[Player],
    round: u64,
) -> bool {
    let p = to_act(app, id, players).await;
    let link = turn_link(&p.id, id);
    let (text, seq) = legal_notation(app, id, p, round).await;
    let url = app.database_url.clone();
    let mut other = PgConnection::establish(&url).expect("a session of its own");
    diesel::sql_query("BEGIN").execute(&mut other).unwrap();
    diesel::sql_query("UPDATE deadlines SET remind_at = remind_at WHERE game_id = $1")
        .bind::<diesel::sql_types::Text, _>(id)
        .execute(&mut other)
        .unwrap();
    let post = {
        let (client, at) = (no_redirects(), format!("{}{link}", app.url));
        let form = [
            ("notation", text.clone()),
            ("expected_seq", seq.to_string()),
        ];
        tokio::spawn(async move { client.post(at).form(&form).send().await.unwrap() })
    };
    // The turn's write waits for the clocks.
    let mut watch = PgConnection::establish(&url).expect("a session to watch");
    let start = std::time::Instant::now();
    loop {
        #[derive(QueryableByName)]
        struct Waiting {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let w: Waiting = diesel::sql_query(
            "SELECT count(*) AS n FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .get_result(&mut watch)
        .unwrap();
        if w.n > 0 {
            break;
        }
        assert!(
            start.elapsed().as_secs() < 10,
            "the turn's write never waited"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // The other session now waits for the game's row: a deadlock. It gets the row once the
    // turn's write is failed (its savepoint rolled back), then commits.
    let id2 = id.to_string();
    let other = tokio::task::spawn_blocking(move || {
        let got = diesel::sql_query("UPDATE games SET updated_at = updated_at WHERE id = $1")
            .bind::<diesel::sql_types::Text, _>(&id2)
            .execute(&mut other);
        let end = if got.is_ok() { "COMMIT" } else { "ROLLBACK" };
        diesel::sql_query(end).execute(&mut other).unwrap();
        got
    })
    .await
    .unwrap();
    let turn_failed = match other {
        Ok(n) => {
            assert_eq!(n, 1, "the other session updates the game's row");
            true
        }
        Err(e) => {
            assert!(
                e.to_string().contains("deadlock"),
                "the other session fails only to break the deadlock: {e}"
            );
            false
        }
    };
    // Either way the turn is written, once.
    let res = post.await.unwrap();
    let status = res.status();
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(seq_of(app, id, p).await, seq + 1);
    let (_, log) = app
        .get(&format!("/games/{id}/log?since={seq}"), &p.token)
        .await;
    assert_eq!(log["entries"].as_array().map(Vec::len), Some(1), "{log}");
    turn_failed
}

api_test!(
    async fn the_pages_link_their_icon_and_manifest_and_the_title_says_whose_turn(app) {
        let (id, players) = started_game(&app, 2).await;
        let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
        let seat = game["to_act"][0].as_u64().unwrap() as usize;
        let mover = get_text(&app, &turn_link(&players[seat].id, &id), None).await;
        mover.assert_page(StatusCode::OK);
        let waiter = get_text(&app, &turn_link(&players[1 - seat].id, &id), None).await;
        waiter.assert_page(StatusCode::OK);
        assert!(mover.body.contains("<title>● Your turn — "), "{}", mover.body);
        assert!(!waiter.body.contains("Your turn — "), "{}", waiter.body);
        assert!(mover.header("content-security-policy").contains("manifest-src 'self'"));
        for page in [&mover, &waiter] {
            assert!(page.body.contains(r#"<link rel="icon" href="/static/icon.svg" type="image/svg+xml">"#));
            assert!(page.body.contains(r#"<link rel="manifest" href="/manifest.webmanifest">"#));
            assert!(page.body.contains(r#"data-live="game""#));
        }
        let icon = get_text(&app, "/static/icon.svg", None).await;
        assert_eq!(icon.status, StatusCode::OK);
        assert_eq!(icon.header("content-type"), "image/svg+xml");
        assert!(icon.body.starts_with("<svg"), "{}", icon.body);
        let again = app
            .client
            .get(format!("{}/static/icon.svg", app.url))
            .header("if-none-match", icon.header("etag"))
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        let manifest = get_text(&app, "/manifest.webmanifest", None).await;
        assert_eq!(manifest.status, StatusCode::OK);
        assert_eq!(manifest.header("content-type"), "application/manifest+json");
        let m: Value = serde_json::from_str(&manifest.body).unwrap();
        assert_eq!(m["start_url"], "/");
        assert_eq!(m["icons"][0]["src"], "/static/icon.svg");
        assert_eq!(m["icons"][0]["type"], "image/svg+xml");
        assert_eq!(m["lang"], "en");
        assert_eq!(m["description"], "Your games of Gods and Dreams, played turn by turn.");
        // It follows the pages' language: here, the browser's.
        let res = app
            .client
            .get(format!("{}/manifest.webmanifest", app.url))
            .header("accept-language", "de-CH, de;q=0.9")
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["content-language"], "de");
        assert!(res.headers()["vary"].to_str().unwrap().contains("Accept-Language"));
        let m: Value = res.json().await.unwrap();
        assert_eq!(m["lang"], "de");
        assert_eq!(m["description"], "Deine Partien Gods und Dreams, Zug um Zug.");
    }
);

api_test!(
    async fn a_player_resigns_from_the_game_page_after_confirming_and_the_other_page_says_so(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bo) = (&players[0], &players[1]);
        let client = no_redirects();
        let leave = |who: &Player| {
            let link = turn_link(&who.id, &id);
            let (path, query) = link.split_once('?').unwrap();
            format!("{}{path}/leave?{query}", app.url)
        };
        // The page offers the ways out: abort (nobody has moved) and resign.
        let page = get_text(&app, &turn_link(&ann.id, &id), None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains("id=\"leave-resign\""), "{}", page.body);
        assert!(page.body.contains("id=\"leave-abort\""), "{}", page.body);
        // Sent without `confirm`, the form answers the confirmation page; nothing is done.
        let res = client.post(leave(ann)).form(&[("act", "resign")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let body = res.text().await.unwrap();
        assert!(body.contains("Yes, resign"), "{body}");
        assert!(body.contains("name=\"confirm\" value=\"yes\""), "{body}");
        let (_, g) = app.get(&format!("/games/{id}"), &bo.token).await;
        assert_eq!(g["players"][0]["resigned"], false, "not before confirming: {g}");
        // Confirmed: done, and back to the game's page with its flash.
        let res = client
            .post(leave(ann))
            .form(&[("act", "resign"), ("confirm", "yes")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_string();
        assert!(to.contains("left=resign"), "{to}");
        let (_, g) = app.get(&format!("/games/{id}"), &bo.token).await;
        assert_eq!(g["players"][0]["resigned"], true, "{g}");
        // Bo's page says who resigned; Ann's no longer offers to resign.
        let name = g["players"][0]["display_name"].as_str().unwrap().to_string();
        let other = get_text(&app, &turn_link(&bo.id, &id), None).await;
        assert!(
            other.body.contains(&format!("{name} resigned: Hermes passes for that seat")),
            "{}",
            other.body
        );
        let mine = get_text(&app, &turn_link(&ann.id, &id), None).await;
        assert!(!mine.body.contains("id=\"leave-resign\""), "{}", mine.body);
        // Twice is refused with the act's words, as a page.
        let res = client
            .post(leave(ann))
            .form(&[("act", "resign"), ("confirm", "yes")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        assert!(res.text().await.unwrap().contains("You have resigned already"));
    }
);

api_test!(
    async fn an_aborted_game_page_says_how_it_ended_and_who_aborted_it(app) {
        let (id, players) = started_game(&app, 2).await;
        let client = no_redirects();
        let link = turn_link(&players[1].id, &id);
        let (path, query) = link.split_once('?').unwrap();
        let res = client
            .post(format!("{}{path}/leave?{query}", app.url))
            .form(&[("act", "abort"), ("confirm", "yes")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let page = get_text(&app, &turn_link(&players[0].id, &id), None).await;
        page.assert_page(StatusCode::OK);
        assert!(page.body.contains("It was aborted by"), "{}", page.body);
        assert!(page.body.contains("(seat 1) before anyone moved; nobody won."), "{}", page.body);
        assert!(!page.body.contains("id=\"leave-"), "no way out of a finished game: {}", page.body);
    }
);
