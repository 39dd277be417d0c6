//! The game page's own endpoints (`/games/{id}/play/legal`, `/games/{id}/play/talk`), the
//! replay page, the rules and notation pages, and the page script: over HTTP, as text.
//! The clicking itself is tested in a real browser (`tests/browser/`).

use crate::api_test;
use crate::games::started_game;
use crate::helpers::{TestApp, JWT_SECRET, PUBLIC_URL};
use hermes_api::auth::jwt::Keys;
use hermes_api::links;
use reqwest::StatusCode;
use serde_json::{json, Value};

fn turn_link(user: &str, game: &str) -> String {
    let keys = Keys::new(JWT_SECRET.as_bytes(), PUBLIC_URL);
    links::turn_link(&keys, PUBLIC_URL, user, game)
        .unwrap()
        .strip_prefix(PUBLIC_URL)
        .unwrap()
        .to_string()
}

fn token_of(link: &str) -> String {
    link.split("token=").nth(1).unwrap().to_string()
}

async fn get(app: &TestApp, path: &str) -> (StatusCode, String, String) {
    let res = app
        .client
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .unwrap();
    let status = res.status();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, ct, res.text().await.unwrap())
}

async fn legal(app: &TestApp, id: &str, token: &str, partial: &Value) -> (StatusCode, Value) {
    let res = app
        .client
        .get(format!("{}/games/{id}/play/legal", app.url))
        .query(&[("token", token), ("partial", &partial.to_string())])
        .send()
        .await
        .unwrap();
    crate::helpers::read(res).await
}

async fn to_act(app: &TestApp, id: &str, token: &str) -> usize {
    let (_, game) = app.get(&format!("/games/{id}"), token).await;
    game["to_act"][0].as_u64().unwrap() as usize
}

api_test!(
    async fn the_game_page_builds_a_turn_step_by_step_with_its_own_credential(app) {
        let (id, players) = started_game(&app, 2).await;
        let seat = to_act(&app, &id, &players[0].token).await;
        let p = &players[seat];
        let token = token_of(&turn_link(&p.id, &id));

        // Nothing yet: the legal first steps, as GET /games/{id}/legal answers, and no text.
        let (status, first) = legal(&app, &id, &token, &json!({"steps": []})).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        let (_, api) = app.get(&format!("/games/{id}/legal"), &p.token).await;
        assert_eq!(first["legal"], api["legal"]);
        assert_eq!(first["notation"], "");
        let step = first["legal"]["steps"][0].clone();
        assert!(step.is_object(), "{first}");

        // One step: its notation, and what may follow it.
        let partial = json!({"steps": [step]});
        let (status, second) = legal(&app, &id, &token, &partial).await;
        assert_eq!(status, StatusCode::OK, "{second}");
        let expected = games::registry::kind("gods")
            .unwrap()
            .format_turn(&partial)
            .unwrap();
        assert_eq!(second["notation"], expected.as_str());
        assert!(second["legal"]["owed"].as_u64().unwrap() < first["legal"]["owed"].as_u64().unwrap() + 1);

        // A step the rules refuse: 422 with the rule, as problem+json.
        let bad = json!({"steps": [{"do": "place_temple", "at": [40, 40]}]});
        let (status, body) = legal(&app, &id, &token, &bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(body["detail"].as_str().unwrap().contains("G-"), "{body}");
        // Not JSON: 400.
        let res = app
            .client
            .get(format!("{}/games/{id}/play/legal?token={token}&partial=%7B", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        // No credential: 401; another game's link: 403; the other seat: 409, not its turn.
        let res = app
            .client
            .get(format!("{}/games/{id}/play/legal", app.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        let (other_game, others) = started_game(&app, 2).await;
        let foreign = token_of(&turn_link(&others[0].id, &other_game));
        let (status, _) = legal(&app, &id, &foreign, &json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let waiting = &players[1 - seat];
        let (status, body) = legal(&app, &id, &token_of(&turn_link(&waiting.id, &id)), &json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        // The API does not take the page's credential.
        let (status, _) = app.get(&format!("/games/{id}/legal"), &token).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    async fn the_game_page_draws_the_board_inline_and_loads_only_its_own_script(app) {
        let (id, players) = started_game(&app, 2).await;
        let link = turn_link(&players[0].id, &id);
        let res = app.client.get(format!("{}{link}", app.url)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let csp = res.headers()["content-security-policy"].to_str().unwrap().to_string();
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
        let body = res.text().await.unwrap();
        assert!(body.contains("<svg"), "the board is inline");
        assert!(body.contains("data-hex=\"0,0\""), "hexes are named for the script");
        assert_eq!(body.matches("<script").count(), 1);
        assert!(body.contains("<script src=\"/static/play.js\" defer></script>"));
        assert!(body.contains(&format!("/games/{id}/play/legal?token=")));
        assert!(body.contains("href=\"/notation\""), "the guide is a page, not a file");
        assert!(!body.contains("docs/notation.md"));

        let (status, ct, js) = get(&app, "/static/play.js").await;
        assert_eq!(status, StatusCode::OK);
        assert!(ct.starts_with("text/javascript"), "{ct}");
        assert!(js.contains("/play/legal") || js.contains("partial"), "the builder");
        // No other host: the only URL in it is the SVG namespace, a name, never fetched.
        let rest = js.replace("http://www.w3.org/2000/svg", "");
        assert!(!rest.contains("http://") && !rest.contains("https://") && !rest.contains("//cdn"), "no other host");
    }
);

api_test!(
    async fn talk_posted_from_the_game_page_shows_on_the_page_and_in_the_replay(app) {
        let (id, players) = started_game(&app, 2).await;
        let link = turn_link(&players[1].id, &id);
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let talk = format!("{}/games/{id}/play/talk?token={}", app.url, token_of(&link));
        let res = client
            .post(&talk)
            .form(&[("body", "Good luck <b>all</b>")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let location = res.headers()["location"].to_str().unwrap().to_string();
        assert!(location.ends_with("#talk"), "{location}");
        let (_, _, page) = get(&app, &link).await;
        assert!(page.contains("Good luck &lt;b&gt;all&lt;/b&gt;"), "{page}");
        // The API sees the same message.
        let (_, listed) = app.get(&format!("/games/{id}/messages"), &players[0].token).await;
        assert_eq!(listed["messages"][0]["body"], "Good luck <b>all</b>");
        // An empty message is refused with the page and its reason.
        let res = client.post(&talk).form(&[("body", "  ")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.text().await.unwrap().contains("not posted"));
        // The replay shows it before the first turn.
        let replay = format!("/games/{id}/replay?token={}", token_of(&link));
        let (status, _, body) = get(&app, &replay).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.contains("Good luck &lt;b&gt;all&lt;/b&gt;"));
    }
);

api_test!(
    async fn the_replay_page_steps_through_the_log_with_the_board_at_each_entry(app) {
        let (id, players) = started_game(&app, 2).await;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        for _ in 0..3 {
            let seat = to_act(&app, &id, &players[0].token).await;
            let p = &players[seat];
            let (_, g) = app.get(&format!("/games/{id}"), &p.token).await;
            let turn = crate::play::random_turn(&app, &id, p, &mut rng, &mut Vec::new()).await;
            let (status, body) = app
                .post(
                    &format!("/games/{id}/turns"),
                    &p.token,
                    json!({"turn": turn, "expected_seq": g["seq"]}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let token = token_of(&turn_link(&players[0].id, &id));
        let mut boards = Vec::new();
        for at in 0..=3 {
            let (status, ct, body) = get(&app, &format!("/games/{id}/replay?token={token}&at={at}")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert!(ct.starts_with("text/html"));
            // The board drawn inline is the board of GET /games/{id}/board.svg?at=N.
            let (_, _, svg) = get(&app, &format!("/games/{id}/board.svg?token={token}&at={at}")).await;
            let hexes = |s: &str| s.matches("data-hex=").count();
            let inline = &body[body.find("<svg").unwrap()..body.find("</svg>").unwrap()];
            assert_eq!(hexes(inline), hexes(&svg), "at {at}");
            if at > 0 {
                assert!(body.contains(&format!("Turn {at} of 3")), "{body}");
            }
            boards.push(inline.to_string());
        }
        assert_ne!(boards[0], boards[3], "the board changes along the log");
        // Default: the last entry. Out of range: 404. Not a number: 400.
        let (_, _, last) = get(&app, &format!("/games/{id}/replay?token={token}")).await;
        assert!(last.contains("Turn 3 of 3"));
        let (status, _, _) = get(&app, &format!("/games/{id}/replay?token={token}&at=4")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = get(&app, &format!("/games/{id}/replay?token={token}&at=x")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // Another game's link: 403.
        let (other, others) = started_game(&app, 2).await;
        let (status, _, _) = get(&app, &format!("/games/{id}/replay?token={}", token_of(&turn_link(&others[0].id, &other)))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
);

api_test!(
    async fn the_rules_and_the_notation_are_pages_with_an_anchor_per_rule(app) {
        for (path, anchors) in [
            ("/rules/gods", vec!["id=\"G-A3\"", "id=\"G-B2\"", "id=\"G-T7\"", "id=\"G-E1\""]),
            ("/rules/dreams", vec!["id=\"D-R4\"", "id=\"D-R5\"", "id=\"D-S1\""]),
            ("/notation", vec!["id=\"slots-which-tile-of-the-display\"", "id=\"writing-a-turn-of-dreams\""]),
            ("/rules/gods/decisions", vec!["<h1"]),
            ("/rules/dreams/decisions", vec!["<h1"]),
        ] {
            let (status, ct, body) = get(&app, path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(ct.starts_with("text/html"), "{path}");
            for a in anchors {
                assert!(body.contains(a), "{path}: no {a}");
            }
            assert!(!body.contains(".md\""), "{path}: a link to a repository file");
        }
        // A refused turn links to the rule it names.
        let (id, players) = started_game(&app, 2).await;
        let seat = to_act(&app, &id, &players[0].token).await;
        let link = turn_link(&players[seat].id, &id);
        let (_, g) = app.get(&format!("/games/{id}"), &players[seat].token).await;
        let res = app
            .client
            .post(format!("{}{link}", app.url))
            .form(&[("notation", "temple at 9,9"), ("expected_seq", &g["seq"].to_string())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body = res.text().await.unwrap();
        assert!(body.contains("href=\"/rules/gods#G-"), "{body}");
    }
);

api_test!(
    async fn a_signed_in_player_plays_from_the_game_page_with_the_sessions_csrf_token(app) {
        let (id, players) = started_game(&app, 2).await;
        let seat = to_act(&app, &id, &players[0].token).await;
        let p = &players[seat];
        let (_, me) = app.get("/me", &p.token).await;
        let mut b = crate::web::Browser::new(&app);
        b.log_in(me["email"].as_str().unwrap(), "a long password").await;

        // The page and its links carry no token: the cookie goes along by itself.
        let page = b.get(&format!("/games/{id}/play")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(!page.body.contains("token="), "{}", page.body);
        let csrf = crate::web::field_value(&page.body, "csrf").expect("the forms carry csrf");
        let legal = b.get(&format!("/games/{id}/play/legal")).await;
        assert_eq!(legal.status, StatusCode::OK, "{}", legal.body);
        let legal: Value = serde_json::from_str(&legal.body).unwrap();
        let (_, g) = app.get(&format!("/games/{id}"), &p.token).await;
        let seq = g["seq"].to_string();
        let step = json!({"steps": [legal["legal"]["steps"][0]]});
        let notation = games::registry::kind("gods").unwrap().format_turn(&step).unwrap();

        // Without the CSRF token (a form from another site): 403, nothing played.
        let refused = b
            .post(&format!("/games/{id}/play"), &[("notation", &notation), ("expected_seq", &seq)])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        let talk = b.post(&format!("/games/{id}/play/talk"), &[("body", "hi")]).await;
        assert_eq!(talk.status, StatusCode::FORBIDDEN);
        let (_, after) = app.get(&format!("/games/{id}"), &p.token).await;
        assert_eq!(after["seq"], g["seq"]);
        // With it: talk is posted, and the turn goes through the rules (a lone first step
        // may be too short: then the rules say so, 422; either way not a CSRF refusal).
        let talk = b
            .post(&format!("/games/{id}/play/talk"), &[("body", "hi"), ("csrf", &csrf)])
            .await;
        assert_eq!(talk.status, StatusCode::SEE_OTHER, "{}", talk.body);
        let played = b
            .post(
                &format!("/games/{id}/play"),
                &[("notation", &notation), ("expected_seq", &seq), ("csrf", &csrf)],
            )
            .await;
        assert!(
            played.status == StatusCode::SEE_OTHER || played.status == StatusCode::UNPROCESSABLE_ENTITY,
            "{}: {}",
            played.status,
            played.body
        );
        // The replay, signed in.
        let replay = b.get(&format!("/games/{id}/replay?at=0")).await;
        assert_eq!(replay.status, StatusCode::OK);

        // Neither a session nor a token: 401. A signed-in stranger has no seat: the game
        // page sends them on to the replay, where they watch when the game lets anyone
        // signed in watch.
        let (status, _, _) = get(&app, &format!("/games/{id}/play")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let stranger = app.player("stranger").await;
        let (_, them) = app.get("/me", &stranger.token).await;
        let mut s = crate::web::Browser::new(&app);
        s.log_in(them["email"].as_str().unwrap(), "a long password").await;
        let sent_on = s.get(&format!("/games/{id}/play")).await;
        assert_eq!(sent_on.status, StatusCode::SEE_OTHER, "{}", sent_on.body);
        assert_eq!(sent_on.location(), format!("/games/{id}/replay"));
        let watched = s.get(&format!("/games/{id}/replay")).await;
        assert_eq!(watched.status, StatusCode::OK, "{}", watched.body);
    }
);

api_test!(
    async fn a_signed_in_stranger_sent_from_a_players_only_game_page_finds_no_game(app) {
        let host = app.player("host").await;
        let players_only = app
            .post(
                "/games",
                &host.token,
                json!({"kind": "gods", "seats": 2, "watchers": "players"}),
            )
            .await;
        assert_eq!(players_only.0, StatusCode::CREATED, "{}", players_only.1);
        let id = players_only.1["id"].as_str().unwrap().to_string();
        let stranger = app.player("stranger").await;
        let (_, them) = app.get("/me", &stranger.token).await;
        let mut s = crate::web::Browser::new(&app);
        s.log_in(them["email"].as_str().unwrap(), "a long password").await;
        // The game page says what an unknown game's page says (not a 303 on to the
        // replay, which alone would tell the game exists), and so does the replay.
        let page = s.get(&format!("/games/{id}/play")).await;
        let unknown = s.get("/games/no-such-game/play").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{}", page.location());
        // The same page but for the reader's own address (the language switcher links to it).
        assert_eq!(page.body.replace(&id, "no-such-game"), unknown.body);
        let replay = s.get(&format!("/games/{id}/replay")).await;
        let unknown = s.get("/games/no-such-game/replay").await;
        assert_eq!(replay.status, StatusCode::NOT_FOUND, "{}", replay.body);
        assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    }
);

/// Play one random legal turn for the seat to act; returns the new sequence.
async fn play_a_turn(
    app: &TestApp,
    id: &str,
    players: &[crate::helpers::Player],
    seed: u64,
) -> i64 {
    use rand::SeedableRng;
    let (_, game) = app.get(&format!("/games/{id}"), &players[0].token).await;
    let seq = game["seq"].as_i64().unwrap();
    let seat = game["to_act"][0].as_u64().unwrap() as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let turn = crate::play::random_turn(app, id, &players[seat], &mut rng, &mut Vec::new()).await;
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &players[seat].token,
            json!({"expected_seq": seq, "turn": turn}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    seq + 1
}

/// The sequence numbers "Since your last visit" lists on `page` (none: the section is
/// not there).
fn since_listed(page: &str) -> Vec<i64> {
    let Some(at) = page.find("<section class=\"since\"") else {
        return Vec::new();
    };
    let section = &page[at..page[at..].find("</section>").map_or(page.len(), |e| at + e)];
    section
        .split("<li value=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().parse().unwrap())
        .collect()
}

api_test!(
    async fn since_your_last_visit_is_the_accounts_when_signed_in_and_the_browsers_by_a_bare_turn_link(app) {
        let (id, players) = started_game(&app, 2).await;
        let (ann, bob) = (&players[0], &players[1]);
        let (_, me) = app.get("/me", &ann.token).await;
        let email = me["email"].as_str().unwrap().to_string();
        let page = format!("/games/{id}/play");
        let seen_cookie = format!("hermes_seen_{id}");
        // Ann signed in on her phone: a first visit lists nothing, and the account, not a
        // cookie, keeps it.
        let mut phone = crate::web::Browser::new(&app);
        phone.log_in(&email, "a long password").await;
        let first = phone.get(&page).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.body);
        assert!(since_listed(&first.body).is_empty(), "a first visit");
        assert!(!phone.cookies.contains_key(&seen_cookie), "{:?}", phone.cookies);

        // Both play; Ann then signs in on another computer, which has never shown her the
        // game: it lists Bob's turn (not hers), as her account last saw the game at 0.
        let mut seq = 0;
        for n in 0..2 {
            seq = play_a_turn(&app, &id, &players, n).await;
        }
        let (_, g) = app.get(&format!("/games/{id}"), &ann.token).await;
        let bob_seat = 1;
        let (_, log) = app.get(&format!("/games/{id}/log?since=0"), &ann.token).await;
        let bobs: Vec<i64> = log["entries"]
            .as_array()
            .unwrap_or_else(|| panic!("{log}"))
            .iter()
            .filter(|t| t["seat"] == bob_seat)
            .map(|t| t["seq"].as_i64().unwrap())
            .collect();
        assert_eq!(g["seq"], seq);
        assert!(!bobs.is_empty(), "{log}");
        let mut desk = crate::web::Browser::new(&app);
        desk.log_in(&email, "a long password").await;
        let there = desk.get(&page).await;
        assert_eq!(there.status, StatusCode::OK, "{}", there.body);
        assert_eq!(since_listed(&there.body), bobs, "what Bob did since her phone showed the game");
        assert!(there.body.contains("Since your last visit"));
        // Seen now, by the account: neither the computer nor the phone lists it again.
        assert!(since_listed(&desk.get(&page).await.body).is_empty());
        assert!(since_listed(&phone.get(&page).await.body).is_empty(), "the phone's own visit was older, but the account has seen it");

        // A turn link opened without her session (a mail program scanning the link, or
        // another device): this browser's cookie keeps that visit, not the account.
        let mut mail = crate::web::Browser::new(&app);
        let link = turn_link(&ann.id, &id);
        let scanned = mail.get(&link).await;
        assert_eq!(scanned.status, StatusCode::OK, "{}", scanned.body);
        assert!(since_listed(&scanned.body).is_empty());
        assert!(mail.cookies.contains_key(&seen_cookie), "{:?}", mail.cookies);
        for n in 2..4 {
            seq = play_a_turn(&app, &id, &players, n).await;
        }
        let (_, log) = app.get(&format!("/games/{id}/log?since={}", seq - 2), &ann.token).await;
        let newest_bob: Vec<i64> = log["entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["seat"] == bob_seat)
            .map(|t| t["seq"].as_i64().unwrap())
            .collect();
        assert!(!newest_bob.is_empty(), "{log}");
        assert_eq!(since_listed(&mail.get(&link).await.body), newest_bob, "the link's browser lists since its own visit");
        // The link's visits did not use up the account's news.
        assert_eq!(since_listed(&phone.get(&page).await.body), newest_bob, "the account lists since its own last visit");
        // The link opened in a browser signed in as Ann is her own visit: the account's.
        let linked = phone.get(&link).await;
        assert!(since_listed(&linked.body).is_empty(), "seen by the account just now");
        assert!(!phone.cookies.contains_key(&seen_cookie), "{:?}", phone.cookies);
        let _ = bob;
    }
);
