//! Turns queued in advance (`docs/players/queued.md`) over HTTP: a Dreams player who
//! queued three stars never holds up the stars phase; a queued star made illegal by an
//! earlier player drops the queue and the player is mailed why; a queue is never seen by
//! another seat (views, log, events, mail); listing and withdrawing; the refusals of
//! `PUT /games/{id}/queue`.

use crate::api_test;
use crate::dreams::{dreams_game, players};
use crate::helpers::{Player, TestApp};
use diesel::prelude::*;
use hermes_api::store::schema::{events, outbox};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// `PUT /games/{id}/queue` with these notations: `(status, body)`.
async fn queue(app: &TestApp, id: &str, p: &Player, notations: &[&str]) -> (StatusCode, Value) {
    let turns: Vec<Value> = notations.iter().map(|n| json!({"notation": n})).collect();
    let res = app
        .client
        .put(format!("{}/games/{id}/queue", app.url))
        .bearer_auth(&p.token)
        .json(&json!({"turns": turns}))
        .send()
        .await
        .expect("request sent");
    crate::helpers::read(res).await
}

/// The game as `p` sees it.
async fn game(app: &TestApp, id: &str, p: &Player) -> Value {
    let (status, g) = app.get(&format!("/games/{id}"), &p.token).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g
}

/// `p` places `notation` as the game's next entry, which must be `seq + 1`.
async fn place(app: &TestApp, id: &str, p: &Player, seq: i64, notation: &str) -> Value {
    let (status, body) = app
        .post(
            &format!("/games/{id}/turns"),
            &p.token,
            json!({"expected_seq": seq, "notation": notation}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{notation}: {body}");
    body
}

/// The whole log as `p` reads it.
async fn log(app: &TestApp, id: &str, p: &Player) -> Vec<Value> {
    let (status, log) = app
        .get(&format!("/games/{id}/log?limit=100"), &p.token)
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    log["entries"].as_array().unwrap().clone()
}

fn pool(app: &TestApp) -> hermes_api::store::Pool {
    hermes_api::store::open(&app.database_url, 1).expect("open the test database")
}

/// Every mail of the game once the outbox has sent it: `(to, text)` of each message, its
/// text parts joined.
async fn mails(app: &TestApp, id: &str) -> Vec<(String, String)> {
    let pool = pool(app);
    let mut c = pool.get().expect("a connection");
    for _ in 0..600 {
        let pending: i64 = outbox::table
            .filter(outbox::game_id.eq(id))
            .filter(outbox::sent_at.is_null())
            .filter(outbox::failed_at.is_null())
            .count()
            .get_result(&mut c)
            .expect("count the outbox");
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(app.mail_dir()).into_iter().flatten() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "eml") {
            continue;
        }
        let raw = std::fs::read(&path).unwrap();
        let parsed = mailparse::parse_mail(&raw).expect("a parsable message");
        let to = parsed
            .headers
            .iter()
            .find(|h| h.get_key().eq_ignore_ascii_case("to"))
            .map(|h| h.get_value())
            .unwrap_or_default();
        fn walk(p: &mailparse::ParsedMail, out: &mut String) {
            if p.subparts.is_empty() && p.ctype.mimetype.starts_with("text/") {
                out.push_str(&p.get_body().unwrap());
                out.push('\n');
            }
            for s in &p.subparts {
                walk(s, out);
            }
        }
        let mut text = String::new();
        walk(&parsed, &mut text);
        out.push((to, text));
    }
    out
}

async fn email_of(app: &TestApp, p: &Player) -> String {
    let (status, me) = app.get("/me", &p.token).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    me["email"].as_str().unwrap().to_string()
}

/// A free point for seat `seat`'s `k`-th own star (never 10,10 … 30,30 nor 97,3).
fn point(seat: usize, k: usize) -> String {
    format!("{},{}", 50 + seat * 7, 40 + k * 9)
}

const KINDS: [&str; 3] = ["clear", "grey", "black"];

api_test!(
    async fn a_player_with_three_stars_queued_never_holds_up_the_stars_phase(app) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({}), None).await;
        // Seat 2 queues its whole round while seat 0 is to place.
        let (status, q) = queue(
            &app,
            &id,
            &ps[2],
            &["clear at 10,10", "grey at 20,20", "black at 30,30"],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{q}");
        assert_eq!(q["turns"].as_array().unwrap().len(), 3, "{q}");
        assert_eq!(q["limit"], 3, "{q}");
        // The others place in seat order, three times around; seat 2 is never waited for.
        let mut placed = [0usize; 4];
        for _around in 0..3 {
            for seat in [0usize, 1, 3] {
                let g = game(&app, &id, &ps[seat]).await;
                assert_eq!(g["to_act"], json!([seat]), "{g}");
                let seq = g["seq"].as_i64().unwrap();
                let kind = KINDS[placed[seat]];
                let star = format!("{kind} at {}", point(seat, placed[seat]));
                place(&app, &id, &ps[seat], seq, &star).await;
                placed[seat] += 1;
                let after = game(&app, &id, &ps[seat]).await;
                assert_ne!(after["to_act"], json!([2]), "seat 2 waited: {after}");
            }
        }
        let g = game(&app, &id, &ps[0]).await;
        assert_eq!(g["view"]["phase"], "guess", "{g}");
        assert_eq!(g["seq"], 12, "{g}");
        // Seat 2's three entries are its queued stars, in order, marked as queued.
        let entries = log(&app, &id, &ps[0]).await;
        let seat2: Vec<&Value> = entries.iter().filter(|e| e["seat"] == 2).collect();
        let notations: Vec<&str> = seat2
            .iter()
            .map(|e| e["notation"].as_str().unwrap())
            .collect();
        assert_eq!(
            notations,
            ["clear at 10,10", "grey at 20,20", "black at 30,30"]
        );
        assert!(seat2.iter().all(|e| e["source"] == "queued"), "{seat2:?}");
        assert_eq!(
            entries.iter().map(|e| e["seat"].as_u64().unwrap()).collect::<Vec<_>>(),
            [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
        );
        let (status, q) = app.get(&format!("/games/{id}/queue"), &ps[2].token).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        assert_eq!(q["turns"], json!([]), "the queue is used up: {q}");
        // Seat 2 got no your-turn mail for turns it had queued.
        let to2 = email_of(&app, &ps[2]).await;
        let stars_mail = mails(&app, &id)
            .await
            .into_iter()
            .filter(|(to, text)| to.contains(&to2) && text.contains("place one of your stars"))
            .count();
        assert_eq!(stars_mail, 0, "seat 2 was asked for a star it had queued");
    }
);

api_test!(
    async fn a_queued_star_taken_by_an_earlier_player_drops_the_queue_and_the_player_is_mailed_why(
        app
    ) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({}), None).await;
        let (status, q) = queue(&app, &id, &ps[2], &["clear at 10,10", "grey at 20,20"]).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        // Seat 0 takes the point seat 2 queued its first star on.
        place(&app, &id, &ps[0], 0, "grey at 10,10").await;
        place(&app, &id, &ps[1], 1, &format!("clear at {}", point(1, 0))).await;
        let g = game(&app, &id, &ps[2]).await;
        assert_eq!(g["to_act"], json!([2]), "the queued star was not played: {g}");
        assert_eq!(g["seq"], 2, "{g}");
        let (_, q) = app.get(&format!("/games/{id}/queue"), &ps[2].token).await;
        assert_eq!(q["turns"], json!([]), "the whole queue is dropped: {q}");
        let to2 = email_of(&app, &ps[2]).await;
        let all = mails(&app, &id).await;
        let told: Vec<&String> = all
            .iter()
            .filter(|(to, _)| to.contains(&to2))
            .map(|(_, text)| text)
            .filter(|text| text.contains("queued turns were dropped"))
            .collect();
        assert!(!told.is_empty(), "no mail told seat 2 why: {all:#?}");
        assert!(told[0].contains("clear at 10,10"), "{}", told[0]);
        assert!(told[0].contains("D-R4"), "{}", told[0]);
        assert!(told[0].contains("place one of your stars"), "{}", told[0]);
        // Nobody else hears of it.
        for (to, text) in &all {
            if !to.contains(&to2) {
                assert!(!text.contains("queued"), "to {to}: {text}");
            }
        }
        // Seat 2 plays its turn by hand.
        place(&app, &id, &ps[2], 2, "clear at 20,20").await;
    }
);

api_test!(
    async fn a_queued_turn_is_never_seen_by_another_seat(app) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({}), None).await;
        let (status, q) = queue(&app, &id, &ps[3], &["black at 97,3"]).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        place(&app, &id, &ps[0], 0, &format!("clear at {}", point(0, 0))).await;
        place(&app, &id, &ps[1], 1, &format!("clear at {}", point(1, 0))).await;
        // Seat 2 is to place; seat 3's star waits in its queue.
        let secret = ["97,3", "\"x\":97", "\"x\": 97"];
        let leaks = |what: &str, text: &str| {
            for s in secret {
                assert!(!text.contains(s), "{what} shows the queued star: {text}");
            }
        };
        for p in &ps[..3] {
            leaks("the game", &game(&app, &id, p).await.to_string());
            leaks("the log", &json!(log(&app, &id, p).await).to_string());
            let (status, other) = app.get(&format!("/games/{id}/queue"), &p.token).await;
            assert_eq!(status, StatusCode::OK, "{other}");
            assert_eq!(other["turns"], json!([]), "{other}");
            let (_, legal) = app.get(&format!("/games/{id}/legal"), &p.token).await;
            leaks("the legal steps", &legal.to_string());
        }
        // Someone who is not a player has no queue to read.
        let outsider = app.player("outsider").await;
        let (status, e) = app.get(&format!("/games/{id}/queue"), &outsider.token).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
        assert_eq!(e["code"], "not_a_player");
        // The events written so far, for anyone, and every mail.
        let pool = pool(&app);
        let mut c = pool.get().expect("a connection");
        let rows: Vec<String> = events::table
            .select(events::data)
            .load(&mut c)
            .expect("read the events");
        for r in &rows {
            leaks("an event", r);
        }
        for (to, text) in mails(&app, &id).await {
            leaks(&format!("the mail to {to}"), &text);
        }
        // Its owner sees it.
        let (_, mine) = app.get(&format!("/games/{id}/queue"), &ps[3].token).await;
        assert_eq!(mine["turns"][0]["notation"], "black at 97,3", "{mine}");
        // Played, it is a turn like any other.
        place(&app, &id, &ps[2], 2, &format!("clear at {}", point(2, 0))).await;
        let entries = log(&app, &id, &ps[0]).await;
        assert_eq!(entries[3]["notation"], "black at 97,3");
        assert_eq!(entries[3]["source"], "queued");
    }
);

api_test!(
    async fn a_queue_is_listed_withdrawn_and_refused_when_it_cannot_be_played(app) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({}), None).await;
        let path = format!("/games/{id}/queue");
        // Listed in order, with the sequence it stands on.
        let (status, q) = queue(&app, &id, &ps[1], &["grey at 5,5", "pass"]).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        let (status, q) = app.get(&path, &ps[1].token).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        assert_eq!(q["seq"], 0);
        assert_eq!(q["seat"], 1);
        let listed: Vec<(u64, &str)> = q["turns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["position"].as_u64().unwrap(), t["notation"].as_str().unwrap()))
            .collect();
        assert_eq!(listed, [(1, "grey at 5,5"), (2, "pass")]);
        let schema = crate::contract::schema_at(
            "/paths/~1games~1{id}~1queue/get/responses/200/content/application~1json/schema",
        );
        assert!(schema.is_valid(&q), "the queue does not fit the spec: {q}");
        // Withdrawn.
        let (status, gone) = app.delete(&path, &ps[1].token).await;
        assert_eq!(status, StatusCode::OK, "{gone}");
        assert_eq!(gone["withdrawn"], 2);
        let (_, q) = app.get(&path, &ps[1].token).await;
        assert_eq!(q["turns"], json!([]));
        // Refused: on one's own turn, beyond the stars left, two stars of one kind, a
        // point already taken, and on a game that moved on.
        let (status, e) = queue(&app, &id, &ps[0], &["clear at 1,1"]).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        assert_eq!(e["code"], "your_turn_now");
        let (status, e) = queue(&app, &id, &ps[1], &["pass", "pass", "pass", "pass"]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["code"], "queue_too_long");
        let (status, e) = queue(&app, &id, &ps[1], &["clear at 1,1", "clear at 2,2"]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["code"], "rule_violation");
        assert_eq!(e["rule"], "D-R4");
        assert_eq!(e["index"], 1);
        place(&app, &id, &ps[0], 0, "clear at 40,40").await;
        let (status, e) = queue(&app, &id, &ps[2], &["grey at 40,40"]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["rule"], "D-R4");
        assert_eq!(e["index"], 0);
        let res = app
            .client
            .put(format!("{}{path}", app.url))
            .bearer_auth(&ps[2].token)
            .header("if-match", "\"0\"")
            .json(&json!({"turns": [{"notation": "grey at 41,41"}]}))
            .send()
            .await
            .unwrap();
        let (status, e) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        assert_eq!(e["code"], "stale_seq");
        assert_eq!(e["current_seq"], 1);
        // A queued turn with neither form is refused as a problem.
        let res = app
            .client
            .put(format!("{}{path}", app.url))
            .bearer_auth(&ps[2].token)
            .json(&json!({"turns": [{}]}))
            .send()
            .await
            .unwrap();
        let (status, e) = crate::helpers::read(res).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["code"], "invalid_body");
    }
);

mod a_timeout_lets_the_next_seats_queued_turn_play_in_its_transaction {
    use super::*;
    use chrono::Duration as Hours;
    use hermes_api::clock::ManualClock;
    use std::sync::Arc;

    async fn run(app: TestApp, clock: Arc<ManualClock>) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({"turn_hours": 1}), Some(&clock)).await;
        let (status, q) = queue(&app, &id, &ps[1], &["clear at 10,10"]).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        // Seat 0's time runs out: the service passes for it, and seat 1's queued star is
        // played in the same tick.
        clock.advance(Hours::hours(1));
        let report = hermes_api::scheduler::tick(&app.state)
            .await
            .expect("the tick runs");
        assert_eq!(report.passed, 1, "{report:?}");
        let g = game(&app, &id, &ps[0]).await;
        assert_eq!(g["to_act"], json!([2]), "{g}");
        let entries = log(&app, &id, &ps[0]).await;
        let sources: Vec<(u64, &str)> = entries
            .iter()
            .map(|e| (e["seat"].as_u64().unwrap(), e["source"].as_str().unwrap()))
            .collect();
        assert_eq!(sources, [(0, "timeout"), (1, "queued")]);
        assert_eq!(entries[1]["notation"], "clear at 10,10");
    }

    /// The queued turn a timeout lets play is played in the timeout's transaction.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let clock = ManualClock::starting_now();
        let app = TestApp::sqlite_clocked(clock.clone(), |s| s.scheduler_tick_ms = 3_600_000).await;
        run(app, clock).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let clock = ManualClock::starting_now();
        if let Some(app) =
            TestApp::postgres_clocked(clock.clone(), |s| s.scheduler_tick_ms = 3_600_000).await
        {
            run(app, clock).await
        }
    }
}

fn page_token(user: &str, game: &str) -> String {
    let keys = hermes_api::auth::jwt::Keys::new(
        crate::helpers::JWT_SECRET.as_bytes(),
        crate::helpers::PUBLIC_URL,
    );
    let link = hermes_api::links::turn_link(&keys, crate::helpers::PUBLIC_URL, user, game).unwrap();
    link.split("token=").nth(1).unwrap().to_string()
}

api_test!(
    async fn the_game_page_queues_a_turn_when_it_is_not_yours_lists_it_and_withdraws_it(app) {
        let ps = players(&app, 4).await;
        let id = dreams_game(&app, &ps, json!({}), None).await;
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let page = |seat: usize| {
            format!("{}/games/{id}/play?token={}", app.url, page_token(&ps[seat].id, &id))
        };
        let text = |url: String| {
            let client = client.clone();
            async move { client.get(url).send().await.unwrap().text().await.unwrap() }
        };
        // Seat 2 waits: its page offers the queue; seat 0's (its turn) does not.
        let before = text(page(2)).await;
        assert!(before.contains("Queue this turn"), "{before}");
        assert!(!text(page(0)).await.contains("Queue this turn"));
        let res = client
            .post(page(2))
            .form(&[
                ("intent", "queue"),
                ("expected_seq", "0"),
                ("notation", "clear at 11,12\ngrey at 13,14\n"),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let listed = text(page(2)).await;
        assert!(listed.contains("<code>clear at 11,12</code>"), "{listed}");
        assert!(listed.contains("<code>grey at 13,14</code>"), "{listed}");
        assert!(listed.contains("Withdraw them"), "{listed}");
        // Nobody else's page shows it.
        for seat in [0, 1, 3] {
            assert!(!text(page(seat)).await.contains("11,12"), "seat {seat}");
        }
        // A star on a taken point is refused with the page and the rule.
        place(&app, &id, &ps[0], 0, "black at 50,50").await;
        let res = client
            .post(page(2))
            .form(&[("intent", "queue"), ("notation", "clear at 50,50")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.text().await.unwrap().contains("D-R4"));
        let res = client
            .post(page(2))
            .form(&[("intent", "withdraw")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let (_, q) = app.get(&format!("/games/{id}/queue"), &ps[2].token).await;
        assert_eq!(q["turns"], json!([]), "{q}");
    }
);

/// The bot worker polls only every ten minutes here: a bot that plays at once was woken.
fn slow_bot_poll(s: &mut hermes_api::config::Settings) {
    s.bot_poll_ms = 600_000;
}

api_test!(
    async fn a_queued_star_that_makes_it_a_bots_turn_wakes_the_bot(app) with slow_bot_poll; {
        let ps = players(&app, 3).await;
        let (status, created) = app
            .post(
                "/games",
                &ps[0].token,
                json!({
                    "kind": "dreams",
                    "seats": 4,
                    "options": {"deck": "standard"},
                    "bots": [{"level": "random"}],
                }),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let code = created["join_code"].as_str().unwrap();
        for p in &ps[1..] {
            let (status, body) = app
                .post(&format!("/games/{id}/join"), &p.token, json!({"code": code}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let g = game(&app, &id, &ps[0]).await;
        assert_eq!(g["status"], "running", "{g}");
        let seat_of = |user: &str| -> Option<usize> {
            g["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["user_id"] == user)
                .and_then(|p| p["seat"].as_u64())
                .map(|s| s as usize)
        };
        let bot = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| !p["bot"].is_null())
            .and_then(|p| p["seat"].as_u64())
            .expect("a bot seat") as usize;
        let by_seat = |seat: usize| ps.iter().find(|p| seat_of(&p.id) == Some(seat));
        // The seat before the bot queues its star; the seat before that one plays it in.
        let queuer = (bot + 3) % 4;
        let mover = (bot + 2) % 4;
        let q = by_seat(queuer).expect("a person before the bot");
        // Everyone plays up to the mover's turn (the bot by its worker, woken by turns);
        // the queuer queues its star as soon as it is not its turn.
        let mut queued = false;
        let mut waited = 0;
        loop {
            let g = game(&app, &id, &ps[0]).await;
            let to_act = g["to_act"].as_array().unwrap().clone();
            let seq = g["seq"].as_i64().unwrap();
            if !queued && to_act != [json!(queuer)] {
                let (status, body) = queue(&app, &id, q, &["clear at 10,10"]).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                queued = true;
            }
            if queued && to_act == [json!(mover)] {
                let m = by_seat(mover).expect("a person moves");
                place(&app, &id, m, seq, &format!("grey at {}", point(mover, 0))).await;
                break;
            }
            match to_act.first().and_then(Value::as_u64).map(|s| s as usize) {
                Some(s) if s != bot => {
                    let p = by_seat(s).unwrap();
                    place(&app, &id, p, seq, &format!("black at {}", point(s, 1))).await;
                }
                _ => {
                    waited += 1;
                    assert!(waited < 1500, "the bot did not play: {g}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
        // The mover's star let the queued one play, which made it the bot's turn: the bot
        // plays long before its next poll.
        let mut waited = 0;
        loop {
            let entries = log(&app, &id, &ps[0]).await;
            let queued = entries
                .iter()
                .position(|e| e["seat"] == queuer && e["source"] == "queued")
                .expect("the queued star was played");
            if let Some(after) = entries.get(queued + 1) {
                assert_eq!(after["seat"], bot, "{after}");
                assert_eq!(after["source"], "bot", "{after}");
                break;
            }
            waited += 1;
            // A bound, not a timing: 30 s against a poll of ten minutes.
            assert!(waited < 1500, "the bot was not woken by the queued star");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
);
